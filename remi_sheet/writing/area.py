"""What remi writes into a notebook, cell by cell, before anything touches a file.

Beside each game's typed columns (one empty column apart) remi owns an area: a first column
with its marker, the deal numbers and the Total and Rank labels, then two columns per player,
the deal score and the running total (Σ). Under the deals, a Total row and a Rank row. A game
with errors gets only the marker and a note that it was not scored. The Standings sheet is
remi's alone. Pure: games in, cells out; `writeback` puts them into the workbook.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from remi_sheet.core.problems import error_count
from remi_sheet.core.rules import value_text
from remi_sheet.i18n import Lang, day, say
from remi_sheet.i18n.rules import RULE_NAME_KEYS
from remi_sheet.notebook.games import Game
from remi_sheet.notebook.loading import Notebook
from remi_sheet.writing import formulas
from remi_sheet.writing.live_area import live_columns, live_deals, live_totals
from remi_sheet.writing.live_standings import Players, standings_rows
from remi_sheet.writing.written import Cells, Style, Written, score_style

if TYPE_CHECKING:
    from remi_sheet.notebook.season import RatingHistory


def area_width(game: Game, *, live: bool = False) -> int:
    """The columns of remi's area: the deal numbers, a score and a running total per player,
    and in a live area the hidden helpers after them."""
    if live:
        return live_columns(game).helpers[1] - game.layout.area_column + 1
    return 1 + 2 * len(game.players)


def game_area(game: Game, lang: Lang, *, live: bool = False, phone: bool = False) -> Cells:
    """The cells of `game`'s area, keyed by 0-based (row, column).

    `live`: formulas that go on scoring as people type (see `formulas`), each with the
    result remi computed; otherwise the values only. `phone`: a live area's totals and
    places shown again in the players' own columns, under the deals (`live_area`).
    """
    layout = game.layout
    first = layout.area_column
    cells: Cells = {(layout.header_row, first): Written(say("marker", lang), Style.HEADING)}
    errors = error_count(game.problems)
    # A typed Total row the deals disagree with is an error, but every deal scored: its
    # numbers are written all the same, so that the wrong deal can be found.
    scored = not errors or game.only_total_wrong
    if not scored and not live:
        note = say("not_scored", lang, count=errors)
        cells[(layout.header_row + 1, first)] = Written(note, Style.HEADING)
        return cells
    if live:
        cells |= live_deals(game, lang, known=scored)
    else:
        for index, name in enumerate(game.players):
            cells[(layout.header_row, first + 1 + 2 * index)] = Written(name, Style.HEADING)
            cells[(layout.header_row, first + 2 + 2 * index)] = Written(
                say("running", lang), Style.HEADING
            )
        cells |= _deal_values(game)
    # A Total row the players typed themselves gets remi's totals right beside it.
    total_row = layout.totals_row
    cells[(total_row, first)] = Written(say("total", lang), Style.HEADING)
    cells[(total_row + 1, first)] = Written(say("rank", lang), Style.HEADING)
    if live:
        cells |= live_totals(game, total_row, lang, known=scored, phone=phone)
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
            style = score_style(deal.score, index)
            cells[(deal.row, first + 1 + 2 * index)] = Written(points, style)
            cells[(deal.row, first + 2 + 2 * index)] = Written(running[index], Style.COMPUTED)
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


def standings_area(
    notebook: Notebook, lang: Lang, players: Players | None = None
) -> tuple[Cells, Block | None, tuple[int, int] | None]:
    """The Standings sheet: a title, a line saying which games it counts, one row per
    player in the standings order with the season's figures (a rating of too few games as
    "(few games)", its ± as "—", as `remi stats` shows them), the lines naming that order
    and saying what the places and the rating are, the games unfinished and those not
    counted, the house rules that differ from the defaults (each change with its day), and
    each player's rating after every complete game, which the sheet's line chart draws
    (the block returned; None before any complete game).

    `players`: the live players' table (`live_standings`), which a live notebook's sheet
    reads, so that its figures follow the game sheets as they are typed; then its
    hidden columns (the figures only remi works out) are returned too."""
    from remi_sheet.core.standings import ORDER
    from remi_sheet.i18n import say
    from remi_sheet.notebook.season import (
        SEASON_COLUMNS,
        SEASON_DECIMALS,
        compute,
        gather_games,
        places_heading,
    )

    season = compute(gather_games(notebook.games))
    cells: Cells = {(0, 0): Written(say("standings", lang), Style.HEADING)}
    counted = [game for game in notebook.games if not game.has_errors and game.deals]
    if counted or players is not None:
        cells[(1, 0)] = _counted_line(counted, lang, players)
    for column, key in enumerate(SEASON_COLUMNS):
        heading = places_heading(season.rows, lang) if key == "places" else say(key, lang)
        cells[(2, column)] = Written(heading, Style.HEADING)
    # Figures to one or two decimals show them, as every other table does.
    decimals = {1: Style.TENTHS, 2: Style.HUNDREDTHS}
    styles = [decimals.get(SEASON_DECIMALS.get(key, 0), Style.COMPUTED) for key in SEASON_COLUMNS]
    rating = SEASON_COLUMNS.index("rating"), SEASON_COLUMNS.index("uncertainty")
    shown = []
    for season_row in season.rows:
        values = season_row.values()
        if season_row.few_games:
            values[rating[0]], values[rating[1]] = say("few_games", lang), "—"
        shown.append(values)
    hidden = None
    if players is None:
        for row, values in enumerate(shown, start=3):
            cells |= {
                (row, column): Written(value, styles[column])
                for column, value in enumerate(values)
                if value is not None and value != ""
            }
        row = 2 + max(len(shown), 1)
    else:
        by_player = {row.key: values for row, values in zip(season.rows, shown, strict=True)}
        table, hidden = standings_rows(SEASON_COLUMNS, shown, by_player, players, styles, 3)
        cells |= table
        row = 2 + max(len(players.names), 1)
    # One sentence a line: a longer one would run past the page the sheet prints on.
    notes = (ORDER, "places_note", "rating_note_rating", "rating_note_sure", "rating_note_few")
    for offset, key in enumerate(notes, start=2):
        cells[(row + offset, 0)] = Written(say(key, lang), Style.NOTE)
    row += len(notes) + 3
    unfinished = [game.sheet for game in counted if not game.score.complete]
    broken = [game.sheet for game in notebook.games if game.has_errors]
    for key, sheets in (("incomplete_games", unfinished), ("not_counted", broken)):
        if sheets:
            # A sentence, left-aligned: centred in column A, its start would fall off it.
            cells[(row, 0)] = Written(say(key, lang), Style.NOTE)
            for offset, sheet in enumerate(sheets, start=1):
                cells[(row + offset, 0)] = Written(sheet, Style.COMPUTED)
            row += len(sheets) + 2
    row = _house_rules_block(cells, notebook, row, lang)
    return cells, _rating_block(cells, season.history, row, lang), hidden


def _counted_line(counted: list[Game], lang: Lang, players: Players | None) -> Written:
    """The line under the title: which games the sheet counts, as `remi score` read them;
    on a live sheet, which figures follow the game sheets as typed, and, while a name
    typed there is in no row of it, that `remi score` adds it."""
    complete = sum(game.score.complete for game in counted)
    last = counted[-1].sheet if counted else ""
    params = {"games": len(counted), "complete": complete, "last": last}
    if players is None:  # (with a game counted: else no line at all)
        return Written(say("standings_as_of", lang, **params), Style.NOTE)
    line = say("standings_live" if counted else "standings_live_none", lang, **params)
    unlisted = formulas.quoted(say("standings_unlisted", lang))
    formula = f"=IF({players.unlisted}>0,{unlisted},{formulas.quoted(line)})"
    return Written(formula, Style.NOTE, True)  # the last score's line, or the warning


def _house_rules_block(cells: Cells, notebook: Notebook, row: int, lang: Lang) -> int:
    """The rules that differ from the defaults from the start, then each change with its
    day, from `row` down; the row after them."""
    listed = notebook.dated.rows()
    if not listed:
        return row
    cells[(row, 0)] = Written(say("house_rules", lang), Style.HEADING)
    if any(since is not None for since, _, _ in listed):
        cells[(row, 2)] = Written(say("rules_from", lang), Style.HEADING)
    for offset, (since, name, value) in enumerate(listed, start=1):
        cells[(row + offset, 0)] = Written(say(RULE_NAME_KEYS[name], lang), Style.COMPUTED)
        cells[(row + offset, 1)] = Written(_cell_text(value, lang), Style.COMPUTED)
        if since is not None:
            cells[(row + offset, 2)] = Written(day(since, lang), Style.COMPUTED)
    return row + len(listed) + 2


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


def _cell_text(value: int | bool | str, lang: Lang) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return value_text(value, lang)
