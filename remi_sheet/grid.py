"""Sheets as grids of cell values, read fast and without styles.

python-calamine reads the values (and the saved results of formulas) of every sheet far
faster than openpyxl. It shows a formula without a saved result, and an error result, as an
empty cell; `FormulaProbe` asks openpyxl about exactly those cells, only when one matters.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import os
import zipfile
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final, NamedTuple, cast

from remi_sheet import files, package
from remi_sheet.problems import FileProblem, Problem
from remi_sheet.text import fold

if TYPE_CHECKING:
    from python_calamine import CalamineWorkbook

    from remi_sheet.reading_process import Partner

CellValue = str | float | int | bool | dt.datetime | dt.date | dt.time | dt.timedelta | None


def column_letter(column: int) -> str:
    """Spreadsheet column name of a 0-based column index (0 → A, 26 → AA)."""
    letters = ""
    column += 1
    while column:
        column, remainder = divmod(column - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


def address(row: int, column: int) -> str:
    """A1-style address of 0-based (row, column)."""
    return f"{column_letter(column)}{row + 1}"


@dataclass(slots=True)
class Grid:
    """One sheet's values; rows and columns are 0-based, '' and None are both empty."""

    name: str
    rows: Sequence[Sequence[CellValue]]
    formulas: bool = True  # the sheet may hold formulas (False: its XML has none)

    def value(self, row: int, column: int) -> CellValue:
        if row >= len(self.rows):
            return None
        cells = self.rows[row]
        if column >= len(cells):
            return None
        value = cells[column]
        return None if value == "" else value

    def cells(self, row: int, column: int, count: int) -> list[CellValue]:
        """`count` values from (row, column) rightwards, as `value` reads each."""
        if row >= len(self.rows):
            return [None] * count
        found = [*self.rows[row][column : column + count]]
        if "" in found:  # rarely: most rows of a game are typed in full
            found = [None if value == "" else value for value in found]
        if len(found) < count:
            found += [None] * (count - len(found))
        return found

    @property
    def height(self) -> int:
        return len(self.rows)

    def __reduce__(self) -> tuple[type[Grid], tuple[str, Sequence[Sequence[CellValue]], bool]]:
        # Sent from the reading process by the thousand: as a constructor call, where a
        # dataclass with slots would go through its state, field by field, in Python.
        return Grid, (self.name, self.rows, self.formulas)

    def width(self, row: int) -> int:
        return len(self.rows[row]) if row < len(self.rows) else 0


READ_ROWS: Final = 500  # a game sheet's header, deals, totals and notes fit many times over
# From a file this big on (some 300 games), a second process reads the sheets while this
# one checks the ones read so far: reading (size checks, then calamine) and checking take
# about as long as each other, and both cores are used. Below it, starting the process
# costs more than it saves.
PARALLEL_FROM_BYTES: Final = 256 << 10


class Sheets(NamedTuple):
    """The worksheets of a workbook as they are read: `names` in workbook order, and one
    item per sheet in `order` (the sheets asked for first, then the others in workbook
    order): its `Grid`, or the `Problem` that kept it from being read."""

    names: list[str]
    order: list[str]
    leading: int  # how many sheets at the head of `order` are those asked for first
    items: Iterator[Grid | Problem]


def read_grids(path: Path, whole: frozenset[str] = frozenset()) -> tuple[list[Grid], list[Problem]]:
    """The first `READ_ROWS` rows of every worksheet of the workbook at `path` (all rows of
    the sheets whose folded names are in `whole`), in workbook order, and a problem for each
    sheet too big to read safely (see `package`). Read here: with nothing to do until every
    sheet is read, a second process would only add the cost of sending them."""
    sheets = read_sheets(path, whole, parallel=False)
    grids: list[Grid] = []
    problems: list[Problem] = []
    for item in sheets.items:
        if isinstance(item, Grid):
            grids.append(item)
        else:
            problems.append(item)
    return grids, problems


def read_sheets(
    path: Path,
    whole: frozenset[str] = frozenset(),
    first: frozenset[str] = frozenset(),
    parallel: bool | None = None,
) -> Sheets:
    """The worksheets of the workbook at `path`, read as `read_grids` reads them; those whose
    folded names are in `first` come before the others. `parallel`: read in a second
    process (None: for files of `PARALLEL_FROM_BYTES` or more, where the system forks).
    `FileProblem` for a workbook that cannot be read at all, raised by `Sheets.items` when
    it is found in a sheet that comes later."""
    return begin_reading(path, whole, first, parallel)()


def begin_reading(
    path: Path,
    whole: frozenset[str] = frozenset(),
    first: frozenset[str] = frozenset(),
    parallel: bool | None = None,
) -> Callable[[], Sheets]:
    """`read_sheets` in two steps, for a caller with something else to do first: a big
    notebook's reading process starts now, opening and checking the zip while the caller
    goes on, and the function returned (to be called once) waits for its sheets. A reading
    process whose sheets are never asked for stops when the function is dropped."""
    from remi_sheet import reading_process  # which imports this module

    if parallel is None:
        parallel = reading_process.can_fork() and path.stat().st_size >= PARALLEL_FROM_BYTES
    if parallel:
        begun = reading_process.start(path, whole, first)
        if begun is not None:
            return begun
    return functools.partial(read_here, path, whole, first)


def read_here(
    path: Path, whole: frozenset[str], first: frozenset[str], source: IO[bytes] | None = None
) -> Sheets:
    """`read_sheets` in this process; `source` as `read_items` takes it."""
    reading = read_items(path, whole, first, source=source)
    names, order, leading = cast("tuple[list[str], list[str], int]", next(reading))
    return Sheets(names, order, leading, cast("Iterator[Grid | Problem]", reading))


class _Opened(NamedTuple):
    """A workbook's zip, checked as a whole, and the part of each sheet."""

    archive: zipfile.ZipFile
    members: dict[str, str]


def _open(path: Path, source: IO[bytes] | None = None) -> _Opened:
    """The zip of the workbook at `path` (read from `source` if given, the file opened
    already), checked (`files.check_archive`), and its sheets' parts, all before calamine
    parses anything; `FileProblem` for a file that fails."""
    try:
        archive = zipfile.ZipFile(source if source is not None else path)
    except files.DAMAGED_ZIP as error:
        raise FileProblem(files.damaged(path, error)) from None
    try:
        problem = files.check_archive(archive, path)
        if problem is not None:
            raise FileProblem(problem)
        return _Opened(archive, package.sheet_parts(archive))
    except BaseException as error:
        archive.close()
        if isinstance(error, package.PackageError):
            raise FileProblem(files.refused(path, error)) from None
        raise


def read_items(
    path: Path,
    whole: frozenset[str],
    first: frozenset[str],
    folder: str | None = None,
    partner: Partner | None = None,
    source: IO[bytes] | None = None,
) -> Generator[object, None, None]:
    """(names, order, leading) of `Sheets`, then each sheet's item (`Grid` or `Problem`). The
    zip is checked as a whole first (`_open`), and each sheet's size before calamine reads
    it. `folder`: an empty temporary folder for `_calamine` (None: one of its own).
    `partner`: a reading process's share in the size checks (`reading_process`).
    `source`: the file at `path` opened already, read instead of what is at `path` now, and
    closed when the reading ends."""
    with source if source is not None else contextlib.nullcontext():
        yield from _items(path, whole, first, folder, partner, source)


def _items(
    path: Path,
    whole: frozenset[str],
    first: frozenset[str],
    folder: str | None,
    partner: Partner | None,
    source: IO[bytes] | None,
) -> Generator[object, None, None]:
    from python_calamine import SheetTypeEnum

    archive, members = _open(path, source)
    # Each sheet's part by its first number in the list the partner checks parts by.
    numbers: dict[str | None, int] = {}
    if partner is not None:
        parts = list(members.values())
        numbers = {part: number for number, part in reversed(list(enumerate(parts)))}
        partner.tell(archive, parts)
    try:
        with archive, _calamine(archive, path, folder) as workbook:
            sheets = workbook.sheets_metadata
            # A damaged book may name a sheet twice; calamine reads the first of them.
            names = list(dict.fromkeys(m.name for m in sheets if m.typ == SheetTypeEnum.WorkSheet))
            asked = [name in first for name in map(fold, names)]
            order = [name for name, early in zip(names, asked, strict=True) if early]
            order += [name for name, early in zip(names, asked, strict=True) if not early]
            yield names, order, sum(asked)
            for name in order:
                member = members.get(name)
                number = numbers.get(member)
                passed = None
                if partner is not None and number is not None:
                    passed = partner.checks.reading(number)
                yield _sheet(path, archive, member, workbook, name, whole, passed)
    except package.PackageError as error:
        raise FileProblem(files.refused(path, error)) from None


def _calamine(archive: zipfile.ZipFile, path: Path, folder: str | None) -> CalamineWorkbook:
    """calamine's workbook of the very file whose zip was checked, read as .xlsx.

    calamine opens a file by its name, and picks the format by the name's ending: a name
    without .xlsx makes it try .xls, .xlsb and .ods too, none of which the size checks
    read (a binary sheet beside a broken .xlsx one reached XFD1048576). So it opens a link
    named book.xlsx, in `folder` (or a temporary folder of its own) for the moment, to the
    open file itself on Linux (a file put at `path` after the checks is not read) and to
    `path` elsewhere, where a system without links reads only names ending in .xlsx.
    """
    from python_calamine import CalamineWorkbook

    own = f"/proc/self/fd/{archive.fp.fileno()}" if archive.fp is not None else ""
    linked = bool(own) and os.path.exists(own)
    try:
        if folder is None:
            import tempfile

            folder = tempfile.mkdtemp(prefix="remi-")
        link = os.path.join(folder, "book.xlsx")
        os.symlink(own if linked else os.path.abspath(path), link)
    except OSError as error:
        if folder is not None:
            with contextlib.suppress(OSError):
                os.rmdir(folder)
        if linked or path.suffix not in (".xlsx", ".xlsm"):
            reason = error.strerror or str(error)
            problem = Problem(
                "file_no_temporary_folder", params={"path": str(path), "reason": reason}
            )
            raise FileProblem(problem) from None
        return CalamineWorkbook.from_path(str(path))
    try:
        return CalamineWorkbook.from_path(link)  # open from now on: the link can go
    finally:
        # The folder too: it is made for this one link, and a checking process killed
        # meanwhile would leave it behind.
        os.unlink(link)
        os.rmdir(folder)


def _sheet(
    path: Path,
    archive: zipfile.ZipFile,
    member: str | None,
    workbook: CalamineWorkbook,
    name: str,
    whole: frozenset[str],
    passed: bool | None = None,
) -> Grid | Problem:
    """One sheet's grid, read once its size is known to be safe; or why it was not read.
    `passed`: the size checks were done, and passed, in the checking process (which found
    formulas: True, or none: False; `reading_process.SharedChecks`); None: not done there,
    so done here."""
    if member not in archive.NameToInfo:
        # calamine found a sheet the size checks did not: refuse rather than trust it.
        reason = f"the sheet '{name}' has no part of its own"
        raise FileProblem(Problem("file_not_xlsx", params={"path": str(path), "reason": reason}))
    formulas = passed
    if formulas is None:
        found = package.extent(archive, member)
        try:
            package.check_extent(name, found)
        except package.PackageError as error:
            return Problem(error.code, name, params=error.params)
        formulas = found.formulas
    rows = None if fold(name) in whole else READ_ROWS
    values = workbook.get_sheet_by_name(name).to_python(skip_empty_area=False, nrows=rows)
    return Grid(name, values, formulas)


class FormulaProbe:
    """Tells what an empty-looking cell really holds: a formula ("f") with no usable result,
    an error value ("e") such as #DIV/0!, or nothing (None). It opens the workbook with
    openpyxl once, at the first question, and keeps it open until `close`."""

    __slots__ = ("_kinds", "_workbook", "path")

    def __init__(self, path: Path) -> None:
        self.path = path
        self._kinds: dict[str, dict[tuple[int, int], tuple[str, str]]] = {}
        self._workbook: Any = None  # openpyxl's read-only workbook; False: cannot be opened

    def kind(self, sheet: str, row: int, column: int) -> tuple[str, str] | None:
        """("f", formula) or ("e", error text) for such a cell, else None."""
        if sheet not in self._kinds:
            self._kinds[sheet] = self._load(sheet)
        return self._kinds[sheet].get((row, column))

    def close(self) -> None:
        if self._workbook:
            self._workbook.close()
        self._workbook = False

    def _load(self, sheet: str) -> dict[tuple[int, int], tuple[str, str]]:
        if self._workbook is None:
            import openpyxl

            try:
                self._workbook = openpyxl.load_workbook(self.path, read_only=True, data_only=False)
            except Exception:  # noqa: BLE001 - a probe that cannot read proves nothing
                self._workbook = False
        if not self._workbook:
            return {}
        try:
            found = {}
            for row in self._workbook[sheet].iter_rows():
                for cell in row:
                    kind = getattr(cell, "data_type", None)
                    if kind in ("f", "e"):
                        found[(cell.row - 1, cell.column - 1)] = (kind, str(cell.value))
            return found
        except Exception:  # noqa: BLE001 - the same: the cell stays an empty cell
            return {}
