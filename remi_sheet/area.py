"""What remi writes into a notebook, cell by cell, before anything touches a file.

Beside each game's typed columns (one empty column apart) remi owns an area: a first column
with its marker, the deal numbers and the Total and Rank labels, then two columns per player,
the deal score and the running total (Σ). Under the deals, a Total row and a Rank row. A game
with errors gets only the marker and a note that it was not scored. The Standings sheet is
remi's alone. Pure: games in, cells out; `writeback` puts them into the workbook.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from remi_sheet.messages import Lang, word
from remi_sheet.notebook import Game, Notebook
from remi_sheet.problems import Severity
from remi_sheet.standings import COLUMNS, standings


class Style(StrEnum):
    """The named cell styles remi writes with; a cell in one of them is remi's to rewrite."""

    HEADING = "remi heading"
    COMPUTED = "remi computed"
    MARKED = "remi marked"  # a hand (−40) or a +200: bold, so it shows in black and white


@dataclass(frozen=True, slots=True)
class Written:
    value: str | int | float
    style: Style


Cells = dict[tuple[int, int], Written]


def area_width(game: Game) -> int:
    return 1 + 2 * len(game.players)


def game_area(game: Game, lang: Lang) -> Cells:
    """The cells of `game`'s area, keyed by 0-based (row, column)."""
    layout = game.layout
    first = layout.area_column
    cells: Cells = {(layout.header_row, first): Written(word("marker", lang), Style.HEADING)}
    errors = sum(p.severity is Severity.ERROR for p in game.problems)
    if errors:
        note = word("not_scored", lang, count=errors)
        cells[(layout.header_row + 1, first)] = Written(note, Style.HEADING)
        return cells
    for index, name in enumerate(game.players):
        cells[(layout.header_row, first + 1 + 2 * index)] = Written(name, Style.HEADING)
        cells[(layout.header_row, first + 2 + 2 * index)] = Written(
            word("running", lang), Style.HEADING
        )
    for deal, running in zip(game.deals, game.score.running, strict=True):
        cells[(deal.row, first)] = Written(deal.number, Style.COMPUTED)
        for index, score in enumerate(deal.score.scores):
            marked = (deal.score.hand and index == deal.score.winner) or (
                index in deal.score.plus200
            )
            style = Style.MARKED if marked else Style.COMPUTED
            cells[(deal.row, first + 1 + 2 * index)] = Written(score, style)
            cells[(deal.row, first + 2 + 2 * index)] = Written(running[index], Style.COMPUTED)
    # A Total row the players typed themselves gets remi's totals right beside it.
    total_row = layout.total_row if layout.total_row is not None else layout.end_row + 1
    cells[(total_row, first)] = Written(word("total", lang), Style.HEADING)
    cells[(total_row + 1, first)] = Written(word("rank", lang), Style.HEADING)
    for index in range(len(game.players)):
        cells[(total_row, first + 1 + 2 * index)] = Written(game.score.totals[index], Style.HEADING)
        cells[(total_row + 1, first + 1 + 2 * index)] = Written(
            game.score.ranks[index], Style.HEADING
        )
    return cells


def standings_sheet_name(lang: Lang) -> str:
    return word("standings", lang)


def standings_area(notebook: Notebook, lang: Lang) -> Cells:
    """The Standings sheet: a title, one row per player, the games not counted, and the
    house rules that differ from the defaults."""
    cells: Cells = {(0, 0): Written(word("standings", lang), Style.HEADING)}
    for column, key in enumerate(COLUMNS):
        cells[(2, column)] = Written(word(key, lang), Style.HEADING)
    counted = [game.score for game in notebook.games if not game.has_errors]
    row = 3
    for row, standing in enumerate(standings(counted), start=3):
        values = standing.values()
        for column, value in enumerate(values):
            cells[(row, column)] = Written(value, Style.COMPUTED)
    row += 2
    broken = [game.sheet for game in notebook.games if game.has_errors]
    if broken:
        cells[(row, 0)] = Written(word("not_counted", lang), Style.HEADING)
        for offset, sheet in enumerate(broken, start=1):
            cells[(row + offset, 0)] = Written(sheet, Style.COMPUTED)
        row += len(broken) + 2
    changed = notebook.rules.differences()
    if changed:
        cells[(row, 0)] = Written(word("house_rules", lang), Style.HEADING)
        for offset, (name, value) in enumerate(changed.items(), start=1):
            cells[(row + offset, 0)] = Written(name, Style.COMPUTED)
            cells[(row + offset, 1)] = Written(_cell_text(value), Style.COMPUTED)
    return cells


def _cell_text(value: int | bool | str) -> int | str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value
