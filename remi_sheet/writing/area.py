"""What remi writes into a notebook, cell by cell, before anything touches a file.

Beside each game's typed columns (one empty column apart) remi owns an area: a first column
with its marker, the deal numbers and the Total and Rank labels, then two columns per player,
the deal score and the running total (Σ). Under the deals, a Total row and a Rank row. A game
with errors gets only the marker and a note that it was not scored. The Standings sheet is
remi's alone. Pure: games in, cells out; `writeback` puts them into the workbook.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from remi_sheet.core.problems import Severity
from remi_sheet.core.scoring import DealScore
from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.games import Game
from remi_sheet.notebook.loading import Notebook
from remi_sheet.reading.cells import CellValue, address
from remi_sheet.writing import formulas

if TYPE_CHECKING:
    from remi_sheet.notebook.season import RatingHistory


class Style(StrEnum):
    """The named cell styles remi writes with; a cell in one of them is remi's to rewrite."""

    HEADING = "remi heading"
    COMPUTED = "remi computed"
    MARKED = "remi marked"  # a hand (−40) or a +200: bold, so it shows in black and white


@dataclass(frozen=True, slots=True)
class Written:
    """A cell remi writes: a value, or a formula and the result it must show."""

    value: str | int | float
    style: Style
    formula: bool = False
    result: str | int | float | None = None  # what a formula shows; None: nothing known

    @property
    def shows(self) -> str | int | float | None:
        """What the cell shows once calculated."""
        return self.result if self.formula else self.value


Cells = dict[tuple[int, int], Written]


def area_width(game: Game) -> int:
    return 1 + 2 * len(game.players)


def game_area(game: Game, lang: Lang, *, live: bool = False) -> Cells:
    """The cells of `game`'s area, keyed by 0-based (row, column).

    `live`: formulas that go on scoring as people type (see `formulas`), each with the
    result remi computed; otherwise the values only.
    """
    layout = game.layout
    first = layout.area_column
    cells: Cells = {(layout.header_row, first): Written(say("marker", lang), Style.HEADING)}
    errors = sum(p.severity is Severity.ERROR for p in game.problems)
    # A typed Total row the deals disagree with is an error, but every deal scored: its
    # numbers are written all the same, so that the wrong deal can be found.
    scored = not errors or game.only_total_wrong
    if not scored and not live:
        note = say("not_scored", lang, count=errors)
        cells[(layout.header_row + 1, first)] = Written(note, Style.HEADING)
        return cells
    for index, name in enumerate(game.players):
        cells[(layout.header_row, first + 1 + 2 * index)] = Written(name, Style.HEADING)
        cells[(layout.header_row, first + 2 + 2 * index)] = Written(
            say("running", lang), Style.HEADING
        )
    if live:
        cells |= _live_deals(game, known=scored)
    else:
        cells |= _deal_values(game)
    # A Total row the players typed themselves gets remi's totals right beside it.
    total_row = layout.total_row if layout.total_row is not None else layout.end_row + 1
    cells[(total_row, first)] = Written(say("total", lang), Style.HEADING)
    cells[(total_row + 1, first)] = Written(say("rank", lang), Style.HEADING)
    if live:
        cells |= _live_totals(game, total_row, known=scored)
    else:
        for index in range(len(game.players)):
            column = first + 1 + 2 * index
            style = Style.MARKED if game.total_differs(index) else Style.HEADING
            cells[(total_row, column)] = Written(game.score.totals[index], style)
            cells[(total_row + 1, column)] = Written(game.score.ranks[index], Style.HEADING)
    if errors:
        key = "total_differs_note" if game.only_total_wrong else "not_scored"
        cells[(total_row + 2, first)] = Written(say(key, lang, count=errors), Style.HEADING)
    return cells


def _deal_values(game: Game) -> Cells:
    first = game.layout.area_column
    cells: Cells = {}
    for deal, running in zip(game.deals, game.score.running, strict=True):
        cells[(deal.row, first)] = Written(deal.number, Style.COMPUTED)
        for index, points in enumerate(deal.score.scores):
            style = Style.MARKED if _marked(deal.score, index) else Style.COMPUTED
            cells[(deal.row, first + 1 + 2 * index)] = Written(points, style)
            cells[(deal.row, first + 2 + 2 * index)] = Written(running[index], Style.COMPUTED)
    return cells


def _marked(score: DealScore, index: int) -> bool:
    return (score.hand and index == score.winner) or index in score.plus200


def _live_deals(game: Game, *, known: bool) -> Cells:
    """Formulas for every row of the deal table, played or not: the deal's kind in the
    first column, then each player's score and running total."""
    layout = game.layout
    first = layout.area_column
    players = len(game.players)
    scored = (
        {
            deal.row: (deal, running)
            for deal, running in zip(game.deals, game.score.running, strict=True)
        }
        if known
        else {}
    )
    cells: Cells = {}
    previous: list[str | None] = [None] * players
    for deal_row in layout.rows:
        row = deal_row.row
        kind_cell = "$" + address(row, first)
        entries = [address(row, layout.player_column(i)) for i in range(players)]
        span = f"{entries[0]}:{entries[-1]}"
        deal, running = scored.get(row, (None, None))
        guard = _guard(deal_row.cells, entries) if deal is not None else None
        kind = _kind(deal.score) if deal is not None else None
        status = formulas.status(span, players)
        row_scores = [address(row, first + 1 + 2 * i) for i in range(players)]
        cells[(row, first)] = _live(status, guard, kind, Style.COMPUTED)
        for index in range(players):
            score_cell = address(row, first + 1 + 2 * index)
            total_cell = address(row, first + 2 + 2 * index)
            points = deal.score.scores[index] if deal is not None else None
            style = (
                Style.MARKED
                if deal is not None and _marked(deal.score, index)
                else (Style.COMPUTED)
            )
            generic = formulas.score(entries[index], kind_cell)
            cells[(row, first + 1 + 2 * index)] = _live(generic, guard, points, style)
            so_far = formulas.running(score_cell, previous[index], kind_cell, row_scores)
            shown = running[index] if running is not None else None
            cells[(row, first + 2 + 2 * index)] = Written(so_far, Style.COMPUTED, True, shown)
            previous[index] = total_cell
    return cells


def _guard(typed: Sequence[CellValue], entries: Sequence[str]) -> list[tuple[str, str]] | None:
    """The entries of a deal as remi read them, when the formulas cannot score all of them
    themselves (card lists, paper score rows); None when they can."""
    if all(formulas.handles(value) for value in typed) and not _score_row(typed):
        return None
    return [(cell, formulas.excel_trim(value)) for cell, value in zip(entries, typed, strict=True)]


def _score_row(typed: Sequence[CellValue]) -> bool:
    return any(
        formulas.excel_trim(value).lstrip().startswith("-") for value in typed if value is not None
    )


def _kind(score: DealScore) -> str:
    return "S" if score.typed else ("H" if score.hand else "W")


def _live(
    generic: str, guard: list[tuple[str, str]] | None, result: str | int | None, style: Style
) -> Written:
    if guard is not None and result is not None:
        return Written(formulas.guarded(guard, result, generic), style, True, result)
    return Written(generic, style, True, result)


def _live_totals(game: Game, total_row: int, *, known: bool) -> Cells:
    layout = game.layout
    first = layout.area_column
    players = len(game.players)
    top = layout.rows[0].row if layout.rows else layout.header_row + 1
    bottom = layout.rows[-1].row if layout.rows else top
    row_span = f"${address(total_row, first + 1)}:${address(total_row, first + 2 * players)}"
    cells: Cells = {}
    for index in range(players):
        score_column = first + 1 + 2 * index
        scores = f"{address(top, score_column)}:{address(bottom, score_column)}"
        sums = f"{address(top, score_column + 1)}:{address(bottom, score_column + 1)}"
        total_value = game.score.totals[index] if known else None
        rank_value = game.score.ranks[index] if known else None
        cells[(total_row, score_column)] = Written(
            formulas.total(scores, sums), Style.HEADING, True, total_value
        )
        cells[(total_row + 1, score_column)] = Written(
            formulas.rank(address(total_row, score_column), row_span, players),
            Style.HEADING,
            True,
            rank_value,
        )
    return cells


def standings_sheet_name(lang: Lang) -> str:
    return say("standings", lang)


@dataclass(frozen=True, slots=True)
class Block:
    """A rectangle of cells (0-based, inclusive): the rating history the chart draws."""

    top: int
    left: int
    bottom: int
    right: int


def standings_area(notebook: Notebook, lang: Lang) -> tuple[Cells, Block | None]:
    """The Standings sheet: a title, one row per player in the standings order with the
    season's figures, the line naming that order, the games not counted, the house rules
    that differ from the defaults, and each player's rating after every complete game,
    which the sheet's line chart draws (the block returned; None before any complete
    game)."""
    from remi_sheet.core.standings import ORDER
    from remi_sheet.i18n import say
    from remi_sheet.notebook.season import SEASON_COLUMNS, compute, gather_games

    season = compute(gather_games(notebook.games))
    cells: Cells = {(0, 0): Written(say("standings", lang), Style.HEADING)}
    for column, key in enumerate(SEASON_COLUMNS):
        cells[(2, column)] = Written(say(key, lang), Style.HEADING)
    row = 3
    for row, season_row in enumerate(season.rows, start=3):
        for column, value in enumerate(season_row.values()):
            if value is not None and value != "":
                cells[(row, column)] = Written(value, Style.COMPUTED)
    cells[(row + 2, 0)] = Written(say(ORDER, lang), Style.COMPUTED)
    row += 4
    broken = [game.sheet for game in notebook.games if game.has_errors]
    if broken:
        cells[(row, 0)] = Written(say("not_counted", lang), Style.HEADING)
        for offset, sheet in enumerate(broken, start=1):
            cells[(row + offset, 0)] = Written(sheet, Style.COMPUTED)
        row += len(broken) + 2
    changed = notebook.rules.differences()
    if changed:
        cells[(row, 0)] = Written(say("house_rules", lang), Style.HEADING)
        for offset, (name, value) in enumerate(changed.items(), start=1):
            cells[(row + offset, 0)] = Written(name, Style.COMPUTED)
            cells[(row + offset, 1)] = Written(_cell_text(value), Style.COMPUTED)
        row += len(changed) + 2
    return cells, _rating_block(cells, season.history, row, lang)


def _rating_block(cells: Cells, history: RatingHistory, row: int, lang: Lang) -> Block | None:
    """Each player's rating after every complete game, from `row` down, for the chart."""
    from remi_sheet.i18n import say

    if not history.games:
        return None
    cells[(row, 0)] = Written(say("rating", lang), Style.HEADING)
    for column, player in enumerate(history.players, start=1):
        cells[(row, column)] = Written(player, Style.HEADING)
    for offset, game in enumerate(history.games, start=1):
        cells[(row + offset, 0)] = Written(game, Style.COMPUTED)
        for column, ratings in enumerate(history.ratings, start=1):
            rating = ratings[offset - 1]
            if rating is not None:  # two decimals, as the table shows it
                cells[(row + offset, column)] = Written(round(rating, 2), Style.COMPUTED)
    return Block(row, 0, row + len(history.games), len(history.players))


def _cell_text(value: int | bool | str) -> int | str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value
