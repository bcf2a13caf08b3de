"""Where a game sits on its sheet: the header row and its language, the players, the deal
table as typed, a typed Total row, the date and place above, and where remi's area goes.

`sort_sheet` tells a game sheet from any other by its header row (and, for a bare "#"
header, by whether its rows read like deals); `find_game` is its answer for game sheets
only. Pure: a grid of values in, a `GameLayout` out; the checking is `games`'.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from remi_sheet.core.entries import MAX_ENTRY, Entry, Number, Winner, parse_entry
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.core.text import cell_text, clean, fold
from remi_sheet.i18n import Lang
from remi_sheet.reading.cells import CellValue, address
from remi_sheet.reading.grid import Grid

HEADER_ROWS: Final = 10


HEADER_WORDS: Final[dict[str, Lang | None]] = {
    "deal": "en",
    "leosztas": "hu",
    "osztas": "hu",
    "#": None,
}


def header_word(value: CellValue) -> str:
    """A cell folded as header words are looked up: a colon or a full stop after the word
    (`Leosztás:`, as phones and paper forms put it) is no part of it."""
    key = fold(str(value))
    return key if key == "#" else key.rstrip(":.").rstrip()


TOTAL_WORDS: Final = frozenset({"total", "totals", "osszesen", "ossz", "osszeg", "sum"})
# What heads a column of running totals typed beside a player's (folded): no player.
TOTALS_HEADINGS: Final = TOTAL_WORDS | {"σ", "∑", "reszosszeg", "subtotal", "running total"}


NOTE_WORDS: Final = frozenset(
    {"megjegyzes", "megjegyzesek", "megj", "jegyzet", "note", "notes", "comment", "comments"}
)


DATE_WORDS: Final = frozenset({"date", "datum"})
# The default rules, by which a sheet's cells are read to tell whether it holds a game at
# all (an entry, a winner): before any game is checked under the notebook's own.
_DEFAULT_RULES: Final = HouseRules()


_PLACE_WORDS: Final = frozenset({"place", "helyszin", "hely"})

# Headings of a table of whole games, which reads like deals too ("Játszma | Anna | Béla",
# "1 | nyert | 120"): a club's own summary, no game left out.
_GAMES_WORDS: Final = frozenset({"jatszma", "jatszmak", "game", "games", "parti", "partik"})

MARKER_PREFIX: Final = "remi ▸"


_DEAL_NUMBER: Final = re.compile(r"([0-9]+)\.?")


class DealRow(NamedTuple):
    """One row of a game's table as typed: the deal number and a cell per player (a named
    tuple, as every per-deal record: see `scoring.DealScore`)."""

    row: int  # 0-based sheet row
    number: CellValue
    cells: tuple[CellValue, ...]
    played: bool  # some player's cell holds something


@dataclass(frozen=True, slots=True)
class GameLayout:
    """Where a game sits on its sheet (0-based rows and columns)."""

    header_row: int
    deal_column: int
    players: tuple[str, ...]
    rows: tuple[DealRow, ...]  # the deal table, played and not yet played
    total_row: int | None  # a typed Total/Összesen row right below the deals
    area_column: int  # first column of the area remi writes
    lang: Lang | None
    date: CellValue = None
    place: CellValue = None
    date_cell: str | None = None  # where `date` is typed, or is to be (beside its label)
    stray_row: int | None = None  # a deal-like row below an empty row that ends the table
    hidden_player: int | None = None  # a player's column after an empty header cell
    notes_column: int | None = None  # a Notes column (`Megjegyzés`) right after the players

    def player_column(self, index: int) -> int:
        return self.deal_column + 1 + index

    @property
    def end_row(self) -> int:
        """The last row of the deal table (the header row for an empty table)."""
        return self.rows[-1].row if self.rows else self.header_row

    @property
    def totals_row(self) -> int:
        """The row of remi's Total row: a typed Total row's (remi's totals stand beside
        it), else the one under the deals."""
        return self.total_row if self.total_row is not None else self.end_row + 1


def filled(value: CellValue) -> bool:
    """True for a cell holding something other than empty or blank text."""
    if type(value) is str:
        # Typed text nearly always starts with a letter or digit, which cleaning keeps.
        return value != "" and (value[0].isalnum() or bool(clean(value)))
    return value is not None


class Doubtful(NamedTuple):
    """A sheet headed like a game by "#" alone whose rows do not read like deals, but have
    a winner's entry or a negative number in them; or one whose rows read like deals under
    another word (`heading`); or a game's header over fewer than two players (`alone`):
    no game, and worth a word."""

    sheet: str
    cell: str  # the header's "#", or the word
    heading: str | None = None  # the word that heads it, when it is no header word
    low: bool = False  # a game's header below the rows a header is looked for in
    alone: int | None = None  # the players a game's header has, when fewer than two


def find_game(grid: Grid) -> GameLayout | None:
    """The layout of the game on `grid`, or None when it is not a game sheet."""
    found = sort_sheet(grid)
    return found if isinstance(found, GameLayout) else None


def sort_sheet(grid: Grid) -> GameLayout | Doubtful | None:
    """The layout of the game on `grid`; `Doubtful` for a sheet that may be one but whose
    rows do not say so, or whose table reads like deals under a header word that is none
    of a game's; None for any other sheet."""
    for header_row in range(min(HEADER_ROWS, grid.height)):
        found = _header_at(grid, header_row)
        if found is not None:
            deal_column, lang = found
            layout = _layout(grid, header_row, deal_column, lang)
            few = len(layout.players) < 2
            if few and _header_below(grid, header_row):
                continue  # `Osztás: Anna kezd`: a note above the header, its word a label
            # Fewer than two players over no deal: no game (a game needs two players).
            alone = few and not _entries_under(grid, layout)
            if alone and (not layout.players or any(row.played for row in layout.rows)):
                return None  # a lone `Deal`, or `Deal | Dealer` over names: a dealer rota
            if lang is not None or _reads_like_deals(layout):
                if alone:
                    # One name over nothing (a sheet of notes, a game whose other names
                    # are not typed yet): never written into, and said.
                    cell = address(header_row, deal_column)
                    return Doubtful(grid.name, cell, alone=len(layout.players))
                return layout
            # "#" also heads lists of members, phone numbers and things to do.
            if _has_winners(layout):
                return Doubtful(grid.name, address(header_row, deal_column))
            return None
    return _headed_otherwise(grid)


def _header_below(grid: Grid, row: int) -> bool:
    """Whether a header of two players or more stands below `row`, in the rows a header
    may be in."""
    for below in range(row + 1, min(HEADER_ROWS, grid.height)):
        found = _header_at(grid, below)
        if found is not None and len(_players(grid, below, found[0])) >= 2:
            return True
    return False


# How far down a table is looked for that would be a game under another header, or under
# a header below the rows a header is read in (a block of notes above it).
_LOOK_ROWS: Final = 50


def _headed_otherwise(grid: Grid) -> Doubtful | None:
    """A table whose rows read like deals with one winner in each, headed by a word that
    is no header word (`Forduló`, `Round`, `Deal #`, `No.`), or by a header word below the
    first `HEADER_ROWS` rows: a game that would be silently left out."""
    for header_row in range(min(_LOOK_ROWS, grid.height)):
        cells = grid.rows[header_row]
        column = next((c for c, value in enumerate(cells) if filled(value)), None)
        if column is None or not isinstance(cells[column], str):
            continue
        word = header_word(cells[column])
        known = word in HEADER_WORDS
        if (known and header_row < HEADER_ROWS) or word in _GAMES_WORDS:
            continue  # read as a header already and found no game, or a games table
        layout = _layout(grid, header_row, column, None)
        played = [row for row in layout.rows if row.played]
        marked = [sum(map(_is_winner, row.cells)) == 1 for row in played]
        # A winner's mark (W, H, nyert) in every row, as no table of figures has (a
        # standings table's negative totals are no winners here); or in some, the others
        # paper score rows (`-20, 30, 0, 50`), which a game may hold.
        if (
            len(layout.players) >= 2
            and any(marked)
            and _reads_like_deals(layout)
            and all(mark or _score_row(row.cells) for mark, row in zip(marked, played, strict=True))
        ):
            heading = cell_text(cells[column])
            return Doubtful(grid.name, address(header_row, column), heading, low=known)
    return None


def _score_row(cells: Sequence[CellValue]) -> bool:
    """Whether a row holds a paper score row: a whole number in every cell (typed as one,
    or as text), one of them negative (the winner's)."""
    values = []
    for value in cells:
        entry = _entry(value)
        if not isinstance(entry, Number):
            return False
        values.append(entry.value)
    return sum(value < 0 for value in values) == 1


def _reads_like_deals(layout: GameLayout) -> bool:
    """True for a table whose rows read like a game's deals: numbered from 1, most cells
    typed in them entries, and a winner among them (an empty table is a game not begun)."""
    played = [row for row in layout.rows if row.played]
    if not played:
        return True
    if deal_number(layout.rows[0].number) != 1:
        return False
    return _entries_typed(layout) and _has_winners(layout)


def _entries_typed(layout: GameLayout) -> bool:
    """Whether most cells typed in the deal rows are entries (True when none is typed)."""
    typed = [value for row in layout.rows if row.played for value in row.cells if filled(value)]
    return not typed or 2 * sum(map(_is_entry, typed)) > len(typed)


def _entries_under(grid: Grid, layout: GameLayout) -> bool:
    """Whether a cell right of the header's word, in the rows under it down to the first
    empty one, reads as an entry: wherever the names stand, deals are entries."""
    for row in grid.rows[layout.header_row + 1 :]:
        cells = [value for value in row[layout.deal_column + 1 :] if filled(value)]
        if not cells:
            break
        if any(map(_is_entry, cells)):
            return True
    return False


class _Refused:
    """What `_entry` gives for a cell that holds no entry."""


_REFUSED: Final = _Refused()


def _entry(value: CellValue) -> Entry | _Refused | None:
    """The entry in a cell as the layout's looks read it (by the default rules), None for
    an empty cell, `_REFUSED` for one that holds none. Text longer than any entry is not
    read at all: these looks read every cell of up to `_LOOK_ROWS` tables on a sheet, and a
    shared string of a megabyte may fill thousands of cells."""
    if type(value) is str and len(value) > MAX_ENTRY and not value.isspace():
        return _REFUSED
    try:
        return parse_entry(value, _DEFAULT_RULES)
    except RemiError:
        return _REFUSED


def _is_winner(value: CellValue) -> bool:
    return isinstance(_entry(value), Winner)


def _is_entry(value: CellValue) -> bool:
    return _entry(value) not in (None, _REFUSED)


def _header_at(grid: Grid, row: int) -> tuple[int, Lang | None] | None:
    for column, value in enumerate(grid.rows[row]):
        if filled(value):
            key = header_word(value)
            return (column, HEADER_WORDS[key]) if key in HEADER_WORDS else None
    return None


def _players(grid: Grid, header_row: int, deal_column: int) -> list[str]:
    """The player names a header row holds right of its word, up to the first that is none."""
    players = []
    column = deal_column + 1
    while _is_player_heading(name := grid.value(header_row, column)):
        players.append(cell_text(name))
        column += 1
    return players


def _layout(grid: Grid, header_row: int, deal_column: int, lang: Lang | None) -> GameLayout:
    players = _players(grid, header_row, deal_column)
    column = deal_column + 1 + len(players)
    rows, total_row, stray_row = _deal_table(grid, header_row, deal_column, len(players))
    end_row = max(rows[-1].row if rows else header_row, total_row or 0)
    date, place, date_cell = _notes_above(grid, header_row)
    return GameLayout(
        header_row=header_row,
        deal_column=deal_column,
        players=tuple(players),
        rows=tuple(rows),
        total_row=total_row,
        area_column=_area_column(grid, header_row, end_row, column),
        lang=lang,
        date=date,
        place=place,
        date_cell=date_cell,
        stray_row=stray_row,
        hidden_player=_hidden_player(grid, header_row, column + 1, rows),
        notes_column=column if _is_notes_heading(grid.value(header_row, column)) else None,
    )


def is_totals_heading(value: CellValue) -> bool:
    """Whether a header cell heads running totals (`Σ`, `Összesen`), not a player."""
    return is_word(value, TOTALS_HEADINGS)


def is_player_name(name: str) -> bool:
    """Whether a header cell holding `name` reads as a player's column (not as notes, running
    totals or remi's own heading): `remi new` writes no name that would not."""
    return _is_player_heading(name) and not is_totals_heading(name)


def _is_notes_heading(value: CellValue) -> bool:
    return filled(value) and fold(str(value)).rstrip(":") in NOTE_WORDS


def _is_player_heading(value: CellValue) -> bool:
    return filled(value) and not _is_marker(value) and not _is_notes_heading(value)


def _deal_table(
    grid: Grid, header_row: int, deal_column: int, width: int
) -> tuple[list[DealRow], int | None, int | None]:
    """The deal rows under the header; a typed Total row after them; and the first row
    below the table's end that looks like one more deal (it would be silently ignored)."""
    rows: list[DealRow] = []
    for row in range(header_row + 1, grid.height):
        values = grid.cells(row, deal_column, width + 1)
        number = values[0]
        if is_total_label(number):
            return rows, row, None
        if _is_marker(number):
            # remi's own rows under a live game: its totals and places in the players'
            # columns, then its legend.
            return rows, None, None
        cells = tuple(values[1:])
        played = any(map(filled, cells))
        if deal_number(number) is None and (not played or _note_under(rows, cells)):
            # An empty row, or a note written under the table, ends it.
            return rows, *_below_table(grid, row + 1, deal_column, width)
        rows.append(DealRow(row, number, cells, played))
    return rows, None, None


def _note_under(rows: Sequence[DealRow], cells: Sequence[CellValue]) -> bool:
    """Whether a row without a deal number under a numbered table holds a note in the
    players' columns (`fizetve`, `1500 Ft`, `Béla későn jött`): text that reads as no
    entry in any of its cells. A deal typed there has entries that read. Numbered: every
    row has its number but a deal typed into a row inserted (a table never numbered reads
    as before)."""
    return (
        any(filled(row.number) for row in rows)
        and all(filled(row.number) or row.played for row in rows)
        and all(
            type(value) is str and _entry(value) is _REFUSED for value in cells if filled(value)
        )
    )


def is_word(value: CellValue, words: frozenset[str]) -> bool:
    """Whether a cell holds one of the folded `words` (text; no number is one), a colon or
    full stop after it."""
    return type(value) is str and fold(value).rstrip(":. ") in words


def is_total_label(value: CellValue) -> bool:
    return is_word(value, TOTAL_WORDS)


def _below_table(
    grid: Grid, start: int, deal_column: int, width: int
) -> tuple[int | None, int | None]:
    """(total row, stray row) below the empty row or note that ended a deal table: a Total
    row typed further down (a paper card's totals line at its foot) is the table's while
    nothing but empty rows and notes in the deal column come before it (below a list of
    figures, `Összesen` is that list's); a row that looks like one more deal is a stray."""
    totals_may_follow = True
    for row in range(start, grid.height):
        if totals_may_follow and is_total_label(grid.value(row, deal_column)):
            return row, None
        entries = sum(filled(grid.value(row, deal_column + 1 + i)) for i in range(width))
        numbered = deal_number(grid.value(row, deal_column)) is not None
        if entries >= 2 or (numbered and entries):
            return None, row
        totals_may_follow = totals_may_follow and not entries
    return None, None


def _hidden_player(grid: Grid, header_row: int, column: int, rows: Sequence[DealRow]) -> int | None:
    """The column of a player whose name stands after an empty header cell: every played
    deal has an entry for them, so they are playing, but the header does not say so.
    Never in remi's area: a player typed into the empty column before it (a latecomer
    beside the last player) leaves remi's heading where that empty cell was."""
    if _is_marker(grid.value(header_row, column - 1)):
        return None
    heading = grid.value(header_row, column)
    if not _is_player_heading(heading) or is_totals_heading(heading):
        return None  # running totals typed right of the table are no player's
    played = [row for row in rows if row.played]
    if not played:
        return None
    for deal_row in played:
        if _entry(grid.value(deal_row.row, column)) in (None, _REFUSED):
            return None
    return column


def _has_winners(layout: GameLayout) -> bool:
    played = [row for row in layout.rows if row.played]
    return not played or any(_is_win(value) for row in played for value in row.cells)


def _is_win(value: CellValue) -> bool:
    entry = _entry(value)
    return isinstance(entry, Winner) or (isinstance(entry, Number) and entry.value < 0)


def _notes_above(grid: Grid, header_row: int) -> tuple[CellValue, CellValue, str | None]:
    """The Date and Place typed above the header, and the Date's cell (where it is typed, or
    is to be: beside a Date label with nothing after it)."""
    date = place = date_cell = None
    for row, cells in enumerate(grid.rows[:header_row]):
        columns = [index for index, value in enumerate(cells) if filled(value)]
        values = [cells[index] for index in columns]
        if len(values) == 1 and isinstance(values[0], str) and ":" in values[0]:
            # The label and what it says in one cell: `Dátum: 2026. 11. 22.`
            label, said = values[0].split(":", 1)
            if said.strip():
                values, columns = [label, said.strip()], columns * 2
        key = fold(str(values[0])).rstrip(":") if values else ""
        if len(values) < 2:
            if key in DATE_WORDS and date_cell is None:
                date_cell = address(row, columns[0] + 1)  # a Date row left for a person to fill
            continue
        if key in DATE_WORDS:
            date = values[1]
            date_cell = address(row, columns[1])
        elif key in _PLACE_WORDS:
            place = values[1]
    return date, place, date_cell


def _is_marker(value: CellValue) -> bool:
    return isinstance(value, str) and value.startswith(MARKER_PREFIX)


def _area_column(grid: Grid, header_row: int, end_row: int, after_players: int) -> int:
    """Where remi's area starts: where it was written before, else one column right of
    everything typed beside the deal table."""
    header = grid.rows[header_row]
    for column in range(after_players, len(header)):
        if _is_marker(header[column]):
            return column
    last = after_players - 1
    for row in grid.rows[header_row : end_row + 1]:
        for column in range(len(row) - 1, last, -1):
            if filled(row[column]):
                last = column
                break
    # A merged note beside the table fills every column it spans, its value in the first;
    # a picture or chart beside it, every column it lies over (written under it, remi's
    # cells would be hidden).
    for (top, _), (bottom, right) in (*grid.merged, *grid.drawn):
        if top <= end_row and bottom >= header_row:
            last = max(last, right)
    return last + 2


def deal_number(value: CellValue) -> int | None:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return int(value) if float(value).is_integer() else None
    match = _DEAL_NUMBER.fullmatch(clean(str(value)))
    return int(match[1]) if match else None


def date_text(value: CellValue) -> str | None:
    """A game's date as ISO text when it is a real date, else as typed."""
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    return cell_text(value) if filled(value) else None
