"""Where the commands print: Rich's tables and colours on a terminal, plain aligned text when
the output is piped or redirected.

Plain text is what `grep`, `awk` and a diff want, and a script running `remi check` does not
wait for Rich to load. Tables are built once, as a `Table`, and drawn either way.
"""

from __future__ import annotations

import contextlib
import os
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, NoReturn, TextIO

from remi_sheet.i18n import LONGEST, shown_text

if TYPE_CHECKING:
    from typing import TypeAlias

    from rich.console import Console, ConsoleOptions
    from rich.table import Table as RichTable
    from rich.text import Text

    from remi_sheet.i18n import Lang

Justify = Literal["left", "right", "center"]

# Columns of a plain table are this far apart.
_GAP = "  "


@dataclass(frozen=True, slots=True)
class _Layout:
    """One way of drawing a table: which columns (by index), under which headings, boxed
    or compact; `whole`: each column as wide as its widest cell, so that none wraps."""

    kept: tuple[int, ...]
    headings: tuple[str, ...]  # of the columns kept
    compact: bool
    whole: bool = False


class Table:
    """A titled table of text cells, drawn by Rich on a terminal (`__rich__`) and as plain
    aligned columns otherwise (`lines`). Its methods are the part of Rich's `Table` that
    remi uses."""

    __slots__ = ("columns", "left_out", "narrows", "note", "rows", "shorts", "title")

    def __init__(self, title: str, note: Callable[[Sequence[str]], str] | None = None) -> None:
        """`note`: the line under the table that names the columns a narrow terminal left
        out (given their headings)."""
        self.title = title
        self.note = note
        self.columns: list[tuple[str, Justify, bool]] = []
        self.shorts: list[str] = []
        self.narrows: list[str] = []
        self.left_out: list[int] = []
        self.rows: list[tuple[tuple[str, ...], str | None]] = []

    def add_column(
        self,
        heading: str,
        justify: Justify = "left",
        fold: bool = False,
        short: str = "",
        *,
        narrow: str = "",
        left_out: int = 0,
    ) -> None:
        """`fold`: on a terminal, a long cell wraps onto more lines (messages). `short`: the
        heading a terminal too narrow for `heading` shows instead, every column kept.
        `left_out`: on a terminal too narrow for every column even so, the order the column
        is left out in (1 first; 0: never), the columns kept headed by `narrow` (words, not
        abbreviations; else `heading`)."""
        heading = shown_text(heading)  # a player's name heads a column of head to head
        self.columns.append((heading, justify, fold))
        self.shorts.append(shown_text(short) if short else heading)
        self.narrows.append(shown_text(narrow) if narrow else heading)
        self.left_out.append(left_out)

    def add_row(self, *cells: str | None, style: str | None = None) -> None:
        """As Rich takes them: None is an empty cell, missing cells at the end are empty.
        A cell is cut past `LONGEST` characters (a name of 32,767 would widen every row
        to it), but in a column that folds (a message: its values are cut already)."""
        padded = [
            shown_text(
                cell,
                longest=None if column < len(self.columns) and self.columns[column][2] else LONGEST,
            )
            if cell
            else ""
            for column, cell in enumerate(cells)
        ]
        padded += [""] * (len(self.columns) - len(padded))
        self.rows.append((tuple(padded), style))

    def __rich_console__(
        self, _console: Console, options: ConsoleOptions
    ) -> Iterator[RichTable | Text]:
        """The table as Rich draws it in the room there is: boxed when it fits; else without
        its inner lines, then with the short headings; narrower still, leaving out columns
        in their `left_out` order, one at a time, till the rest fit whole, with the line
        `note` under it naming them (`print_table` prints a table that fits no way as plain
        lines): a figure is never cut short, as Rich cuts a cell ("2…")."""
        from rich.text import Text

        layouts = self._layouts()
        fitting = (layout for layout in layouts if self._width(layout) <= options.max_width)
        layout = next(fitting, layouts[-1])
        yield self._rich(layout)
        left_out = [self.columns[i][0] for i in range(len(self.columns)) if i not in layout.kept]
        if left_out and self.note is not None:
            yield Text(self.note(left_out))
        if layout.compact:  # no bottom line: a blank one keeps it apart from what follows
            yield Text("")

    def _layouts(self) -> list[_Layout]:
        every = tuple(range(len(self.columns)))
        full = tuple(heading for heading, _, _ in self.columns)
        layouts = [_Layout(every, full, False), _Layout(every, full, True)]
        layouts.append(_Layout(every, tuple(self.shorts), True))
        order = sorted((turn, i) for i, turn in enumerate(self.left_out) if turn)
        for count in range(1, len(order) + 1):
            gone = {i for _, i in order[:count]}
            kept = tuple(i for i in every if i not in gone)
            layouts.append(_Layout(kept, tuple(self.narrows[i] for i in kept), True, whole=True))
        if order:  # the fewest columns, their cells wrapping if they must
            layouts.append(_Layout(layouts[-1].kept, layouts[-1].headings, True))
        return layouts

    def fits(self, room: int) -> bool:
        """Whether Rich can draw the table in `room` columns without cutting a cell."""
        return any(self._width(layout) <= room for layout in self._layouts())

    def _least(self, index: int, fold: bool) -> int:
        """The narrowest column `index`'s cells fit in whole words (messages: 20)."""
        words = (word for cells, _ in self.rows for word in cells[index].split())
        return 20 if fold else max(map(width, words), default=1)

    def _whole(self, index: int, fold: bool) -> int:
        """The width of column `index`'s widest cell (messages: 20, as they wrap)."""
        return 20 if fold else max((width(cells[index]) for cells, _ in self.rows), default=1)

    def _sizes(self, layout: _Layout) -> list[int]:
        """Each column's width in `layout`: as wide as its longest word (`whole`: its
        widest cell), and as its heading's longest word."""
        cells = self._whole if layout.whole else self._least
        return [
            max(cells(index, self.columns[index][2]), 1, *map(width, heading.split()))
            for index, heading in zip(layout.kept, layout.headings, strict=True)
        ]

    def _width(self, layout: _Layout) -> int:
        """The terminal columns the table takes in `layout`."""
        count = len(layout.kept)
        return sum(self._sizes(layout)) + (2 * count if layout.compact else 3 * count + 1)

    def _rich(self, layout: _Layout) -> RichTable:
        """Every title, heading and cell as text (`Text`), never as Rich's markup: a name
        `[bold]Anna[/]` or `[link=…]` is shown as typed, and `[/bold]` breaks nothing."""
        from rich import box
        from rich.table import Table as RichTable
        from rich.text import Text

        table = RichTable(title=Text(self.title), title_justify="left")
        if layout.compact:
            table.box, table.show_edge, table.padding = box.SIMPLE_HEAD, False, (0, 1, 0, 0)
        sizes = self._sizes(layout)
        for index, heading, size in zip(layout.kept, layout.headings, sizes, strict=True):
            _, justify, fold = self.columns[index]
            # Each as wide as its widest cell: else Rich narrows the widest column, a
            # heading's, and wraps the name or figure beside it.
            fixed = size if layout.whole else None
            least = self._least(index, fold)
            table.add_column(
                Text(heading), justify=justify, overflow="fold", min_width=least, width=fixed
            )
        for cells, style in self.rows:
            table.add_row(*(Text(cells[index]) for index in layout.kept), style=style)
        return table

    def lines(self, *, short: bool = False) -> list[str]:
        """The title, the headings (`short`: the short ones), then one line per row; no
        trailing spaces."""
        table = [tuple(self.shorts) if short else tuple(h for h, _, _ in self.columns)]
        table += [cells for cells, _ in self.rows]
        widths = [max(map(width, column)) for column in zip(*table, strict=True)]
        lines = [self.title] if self.title else []
        for cells in table:
            placed = [
                _place(cell, size, justify)
                for cell, size, (_, justify, _) in zip(cells, widths, self.columns, strict=True)
            ]
            lines.append(_GAP.join(placed).rstrip())
        return lines


def width(text: str) -> int:
    """Columns `text` takes on a terminal: wide East Asian characters take two, combining
    marks none."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1
        for char in text
    )


def _place(cell: str, size: int, justify: Justify) -> str:
    room = size - width(cell)
    if justify == "right":
        return " " * room + cell
    if justify == "center":
        return " " * (room // 2) + cell + " " * (room - room // 2)
    return cell + " " * room


class OutputBroken(Exception):
    """The standard output refused what remi wrote to it (a full disk, a device error):
    `app.main` says so in one line."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


@contextlib.contextmanager
def writing_out() -> Iterator[None]:
    """Write to standard output; its failure becomes `OutputBroken` (a reader that went
    away stays a `BrokenPipeError`, which click answers)."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputBroken(error) from None


class PlainConsole:
    """The part of Rich's `Console` that remi uses, writing plain lines: strings as they
    are (no markup, no wrapping), tables as aligned columns."""

    is_terminal = False

    def __init__(self, stderr: bool = False) -> None:
        self.stderr = stderr

    def print(self, *objects: object, **_rich_options: object) -> None:
        # The stream is looked up on each call, as Rich does: a test runner swaps it.
        stream = sys.stderr if self.stderr else sys.stdout
        # A blank line after a table keeps it apart from what follows.
        parts = ["\n".join([*o.lines(), ""]) if isinstance(o, Table) else str(o) for o in objects]
        with writing_out():
            stream.write(" ".join(parts) + "\n")


def print_table(console: Printer, table: Table) -> None:
    """`table` on `console`; on a terminal too narrow for it even in its narrowest form, as
    plain aligned lines that the terminal wraps: every figure shown, none cut off."""
    if isinstance(console, PlainConsole) or table.fits(console.width):
        console.print(table)
        return
    for line in [*table.lines(short=True), ""]:
        console.print(line, soft_wrap=True)


def is_terminal(stream: TextIO) -> bool:
    """Rich's answer, without loading Rich: TTY_COMPATIBLE=0/1 says so, else a non-empty
    FORCE_COLOR makes any stream a terminal, else the stream itself does."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or stand-in stream
        return False


def console_for(json_output: bool) -> Console | PlainConsole:
    """Where a command prints its tables and messages: standard output, or standard error
    when standard output carries the `--json` document."""
    if not is_terminal(sys.stderr if json_output else sys.stdout):
        return PlainConsole(stderr=json_output)
    from rich.console import Console

    # Text as it is, whatever a string holds: no markup (`[bold]`), no emoji (`:smile:`),
    # no colours guessed for numbers.
    return Console(stderr=json_output, markup=False, emoji=False, highlight=False)


# Control characters (a path or a library's reason may hold them) would move the cursor,
# ring or rewrite the line: they are left out, as Rich leaves them out.
_CONTROLS: Final = dict.fromkeys([*range(0x09), *range(0x0B, 0x20), 0x7F])


def error_line(text: str) -> None:
    """One message on standard error: a file that cannot be used, a wrong option."""
    sys.stderr.write(text.translate(_CONTROLS) + "\n")


def output_failed(error: OSError, lang: Lang) -> NoReturn:
    """Stop (exit 1) because standard output refused what remi wrote."""
    from remi_sheet.i18n import say
    from remi_sheet.reading.files import os_reason

    # Nothing more can reach the broken output, and Python's own flush on the way out
    # would fail there again with a traceback: it gets the null device instead.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    message = say("output_failed", lang, reason=os_reason(error))
    error_line(f"{say('severity_error', lang)}: {message}")
    raise SystemExit(1)  # also outside a command, where click's Exit means nothing


if TYPE_CHECKING:
    # What a command prints to: `console_for`'s answer.
    Printer: TypeAlias = Console | PlainConsole
