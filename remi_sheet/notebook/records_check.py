"""The checks of one game of old paper records: its shape (names, player count, deal
numbers, Total rows) in the records' own words, and its rows by the notebook's own checks
(`games.check_game`) run on the sheet it would be filed as, each problem moved back to the
place it was typed. Pure: a game read by `records` in, problems out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from remi_sheet.core.problems import Problem
from remi_sheet.core.rules import HouseRules
from remi_sheet.i18n import Lang
from remi_sheet.notebook.games import check_game
from remi_sheet.notebook.layout import find_game
from remi_sheet.notebook.records_game import (
    SHEET_HEADER_ROW,
    GameRows,
    PlayerColumn,
    RecordGame,
    sheet_rows,
)
from remi_sheet.notebook.records_text import Place, Table
from remi_sheet.reading.cells import address
from remi_sheet.reading.grid import FormulaProbe, Grid

_REPLACED_CODES: Final = frozenset(
    {
        "deal_number_wrong",
        "deals_renumbered",  # its advice is for a notebook's sheet: remi never renumbers records
        "players_too_few",
        "players_too_many",
        "player_duplicate",
    }
)
# Why a name cannot go into a notebook (`records_text.name_refusal`) → the problem of a
# player's name, of a game's name.
NAME_REFUSED: Final = {"control": "records_name_control", "too_long": "records_name_too_long"}
GAME_NAME_REFUSED: Final = {
    "control": "records_game_name_control",
    "too_long": "records_game_name_too_long",
}


@dataclass(slots=True)
class RecordCheck:
    """The checks of one game: its shape here, its rows by the notebook's own checks."""

    table: Table
    group: GameRows
    game: RecordGame
    columns: Sequence[PlayerColumn]
    deal_column: int
    rules: HouseRules
    problems: list[Problem] = field(default_factory=list)

    def add(self, code: str, place: Place, **params: object) -> None:
        params["game"] = self.game.name
        self.problems.append(place.problem(code, params))

    def shape(self) -> list[Problem]:
        if self.group.refusal is not None:
            kind, params = self.group.refusal
            self.add(GAME_NAME_REFUSED[kind], self.group.place, **params)
        self.names()
        count, most = len(self.columns), self.rules.max_players
        if count < 2:
            self.add("records_players_too_few", self.game.place, count=count, most=most)
        elif count > most:
            self.add("records_players_too_many", self.game.place, count=count, most=most)
        self.deal_numbers()
        self.totals()
        return self.problems

    def names(self) -> None:
        first: dict[str, PlayerColumn] = {}
        for column in self.columns:
            if column.refusal is not None:
                kind, params = column.refusal
                self.add(NAME_REFUSED[kind], column.place, **params)
            if column.key in first:
                self.add(
                    "records_player_twice",
                    column.place,
                    player=column.name,
                    first=first[column.key].index + 1,
                    column=column.index + 1,
                )
            first.setdefault(column.key, column)

    def deal_numbers(self) -> None:
        seen: dict[int, Place] = {}
        previous = 0
        in_order = True
        for deal in self.game.deals:
            place = self.table.place(deal.row, self.deal_column)
            number = deal.number
            if not isinstance(number, int) or isinstance(number, bool):
                self.add("records_deal_not_number", place, value=number or "")
                continue
            if number in seen:
                self.add("records_deal_twice", place, deal=number, first=seen[number].where())
                continue
            if in_order and number != previous + 1:
                self.add("records_deal_out_of_order", place, deal=number, expected=previous + 1)
                in_order = False  # one out-of-order deal throws all after it; say it once
            seen[number] = place
            previous = number

    def totals(self) -> None:
        if not self.group.totals:
            return
        first = self.group.totals[0]
        first_place = self.table.place(first, self.deal_column)
        for row in self.group.totals[1:]:
            place = self.table.place(row, self.deal_column)
            self.add("records_total_twice", place, first=first_place.where())
        for deal in self.game.deals:
            if deal.row > first:
                place = self.table.place(deal.row, self.deal_column)
                if isinstance(deal.number, int):
                    self.add("records_deal_after_total", place, deal=deal.number)
                else:  # no deal number to name (a wrong one is said at its cell)
                    self.add("records_row_after_total", place)

    def rows(self, lang: Lang) -> list[Problem]:
        """The notebook's checks of every row and of the paper totals, run on the sheet
        that would be filed, with each problem moved back to where it was typed."""
        grid = Grid(self.game.name, sheet_rows(self.game, lang))
        layout = find_game(grid)
        if layout is None and len(self.game.players) < 2:
            return []  # no game to check: `shape` said why
        if layout is None or layout.players != self.game.players:
            return self._unreadable(layout.players if layout else ())
        checked = check_game(grid, layout, self.rules, NO_FORMULAS)
        self.game.score = checked.score
        places = self._places()
        found = []
        for problem in checked.problems:
            if problem.code in _REPLACED_CODES:
                continue  # told better by `shape`, with the records' own words
            code = "records_total_mismatch" if problem.code == "total_mismatch" else problem.code
            place = places.get(problem.cell or "", self.game.place)
            found.append(
                place.problem(code, {**problem.params, "game": self.game.name}, problem.severity)
            )
        return found

    def _unreadable(self, read: Sequence[str]) -> list[Problem]:
        """A name the notebook reader takes for something else (a "Notes" column)."""
        lost = [c for c in self.columns if c.name not in read]
        return [
            column.place.problem(
                "records_name_reserved", {"player": column.name, "game": self.game.name}
            )
            for column in lost[:1]
        ]

    def _places(self) -> dict[str, Place]:
        """Cell address on the filed sheet → where that value was typed in the records."""
        places = {}
        header = SHEET_HEADER_ROW
        for index, column in enumerate(self.columns):
            places[address(header, index + 1)] = column.place
        rows = [deal.row for deal in self.game.deals] + self.group.totals[:1]
        for offset, row in enumerate(rows, start=header + 1):
            places[address(offset, 0)] = self.table.place(row, self.deal_column)
            for index, column in enumerate(self.columns):
                places[address(offset, index + 1)] = self.table.place(row, column.index)
        return places


class NoFormulas(FormulaProbe):
    """Records hold values only: no cell of them is a formula."""

    def kind(self, sheet: str, row: int, column: int) -> tuple[str, str] | None:
        return None


NO_FORMULAS: Final = NoFormulas(Path())
