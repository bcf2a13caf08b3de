"""An old paper record once read: its games (players, deals as typed, the paper's Total
row, a date), the names it repaired, and one game as the very sheet `writing.filing`
writes for it (`sheet_rows`). Pure data: `records` reads it, `records_check` checks it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Final

from remi_sheet.core.problems import Problem, Severity
from remi_sheet.core.scoring import GameScore
from remi_sheet.core.text import clean
from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.records_text import Place
from remi_sheet.reading.cells import CellValue


@dataclass(frozen=True, slots=True)
class Repair:
    original: str
    repaired: str
    place: Place


@dataclass(frozen=True, slots=True)
class RecordDeal:
    number: CellValue  # as typed; an int when it is a deal number
    cells: tuple[CellValue, ...]  # one per player of the game, numbers as numbers
    row: int  # in its table
    note: CellValue = None  # written beside it in the records' Notes column


@dataclass(slots=True)
class RecordGame:
    name: str
    place: Place  # the game's first row
    players: tuple[str, ...]
    deals: list[RecordDeal]
    totals: tuple[CellValue, ...] | None  # the paper's Total row
    problems: list[Problem] = field(default_factory=list)
    date: dt.date | None = None  # from the records' Date column, else from the game's name
    # A Date cell's value that is no date, kept in the game sheet's Date cell when no date
    # is known, for the person to correct there (`check` warns of it then).
    date_typed: CellValue = None
    notes_heading: str | None = None  # the Notes column's heading, when a row has a note
    total_note: CellValue = None  # the note beside the paper's Total row
    score: GameScore | None = None

    @property
    def has_errors(self) -> bool:
        return any(p.severity is Severity.ERROR for p in self.problems)

    @property
    def key(self) -> str:
        return game_key(self.name)


@dataclass(slots=True)
class Records:
    source: str
    lang: Lang | None  # as the header's words tell it (None: no header was read)
    games: list[RecordGame]
    problems: list[Problem]  # the file's own, not in any one game
    repairs: list[Repair]
    encoding: str | None = None  # a CSV's encoding, as a user calls it
    delimiter: str | None = None

    def all_problems(self) -> list[Problem]:
        return self.problems + [p for game in self.games for p in game.problems]


def game_key(name: str) -> str:
    """Game names are the same when they differ only in case and spacing."""
    return clean(name).casefold()


@dataclass(frozen=True, slots=True)
class PlayerColumn:
    index: int
    name: str
    key: str  # folded: the same player however the name is written
    place: Place
    refusal: tuple[str, dict[str, object]] | None


@dataclass(slots=True)
class GameRows:
    """The rows of one game, as found in the table."""

    name: str
    place: Place
    rows: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    refusal: tuple[str, dict[str, object]] | None = None


SHEET_HEADER_ROW: Final = 2  # row 0 holds the game's full name, row 1 its date


def sheet_rows(game: RecordGame, lang: Lang) -> list[list[CellValue]]:
    """The game as a game sheet: its full name (a sheet's title holds 31 characters), its
    date (when none is known, what its Date cell held, or nothing, for the person to put
    right), the header, the deals as
    typed, and the paper's Total row; `filing` writes exactly this."""
    rows: list[list[CellValue]] = [
        [say("game", lang), game.name],
        [say("date", lang), game.date if game.date is not None else game.date_typed],
        [say("deal", lang), *game.players],
    ]
    rows += [[deal.number, *deal.cells] for deal in game.deals]
    if game.notes_heading is not None:
        rows[2].append(game.notes_heading)
        for row, deal in zip(rows[3:], game.deals, strict=True):
            row.append(deal.note)
    if game.totals is not None:
        rows.append([say("total", lang), *game.totals])
        if game.notes_heading is not None:
            rows[-1].append(game.total_note)
    return rows
