"""The live area of a game sheet: formulas that go on scoring while people type.

Beside the deal numbers, each player's score and running total read the row's status and
the player's hidden helper cells, which read the entry step by step (`formulas`). Each
formula comes with the result remi computed, where remi knows it: a spreadsheet shows it
before it calculates, and `remi score` compares it. Pure: a game in, cells out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.games import Game, ScoredDeal
from remi_sheet.reading.cells import CellValue, address
from remi_sheet.writing import formulas
from remi_sheet.writing.written import Cells, Style, Written, score_style


@dataclass(frozen=True, slots=True)
class LiveColumns:
    """Where a live area's cells sit (0-based columns): the deal numbers, each player's
    score and running total, then the hidden helpers: the rows' status, and one column per
    player for each step of reading an entry (`formulas.HELPERS`)."""

    first: int
    players: int

    def score(self, player: int) -> int:
        return self.first + 1 + 2 * player

    def running(self, player: int) -> int:
        return self.first + 2 + 2 * player

    @property
    def status(self) -> int:
        return self.first + 1 + 2 * self.players

    def helper(self, kind: str, player: int) -> int:
        return self.status + 1 + formulas.HELPERS.index(kind) * self.players + player

    @property
    def deck(self) -> int:
        """Whether a deal's cards fit in the deck together: the last helper column."""
        return self.status + len(formulas.HELPERS) * self.players + 1

    @property
    def helpers(self) -> tuple[int, int]:
        """The first and last helper column."""
        return self.status, self.deck


def live_columns(game: Game) -> LiveColumns:
    return LiveColumns(game.layout.area_column, len(game.players))


def live_deals(game: Game, lang: Lang, *, known: bool) -> Cells:
    """Every row of the deal table, played or not: the deal number, each player's score and
    running total, and the helpers they read. `known`: the game has no errors, so the
    running totals remi computed are what the sheet shows."""
    layout = game.layout
    columns = live_columns(game)
    cells = _helper_headings(game, columns, lang)
    scored = _scored(game)
    running = dict(zip((deal.row for deal in game.deals), game.score.running, strict=True))
    refused = say("live_refused", lang)
    top = layout.rows[0].row if layout.rows else 0
    intact = known  # every played deal so far was scored: the running totals are known
    for number, deal_row in enumerate(layout.rows, start=1):
        row = deal_row.row
        deal = scored.get(row)
        intact = intact and (deal is not None or not deal_row.played)
        helpers = _RowHelpers(columns, row)
        entries = [address(row, layout.player_column(i)) for i in range(columns.players)]
        for index, entry in enumerate(entries):
            cells |= _entry_helpers(entry, helpers, index)
        above = f"{address(top, columns.status)}:{address(row - 1, columns.status)}"
        totals_above = ",".join(
            f"{address(top, columns.running(i))}:{address(row - 1, columns.running(i))}"
            for i in range(columns.players)
        )
        status = formulas.status(
            number,
            address(row, layout.deal_column),
            helpers.span("kind"),
            helpers.span("value"),
            helpers.span("loser"),
            above if row > top else None,
            columns.players,
            address(row, columns.deck),
            totals_above if row > top else None,
        )
        held = [helpers.cell("held", index) for index in range(columns.players)]
        cells[(row, columns.deck)] = Written(formulas.deck(held), Style.COMPUTED, True)
        cells[(row, columns.status)] = Written(status, Style.COMPUTED, True)
        cells[(row, columns.first)] = Written(number, Style.COMPUTED)
        guard = _guard(deal_row.cells, entries)
        for index in range(columns.players):
            kind, value = helpers.cell("kind", index), helpers.cell("value", index)
            generic = formulas.score(helpers.status, kind, value, refused)
            if deal is None:
                cells[(row, columns.score(index))] = Written(generic, Style.COMPUTED, True)
            else:
                points = deal.score.scores[index]
                shown = formulas.guarded(guard, points, generic) if guard else generic
                style = score_style(deal.score, index)
                cells[(row, columns.score(index))] = Written(shown, style, True, points)
            previous = address(row - 1, columns.running(index)) if row > top else None
            so_far = formulas.running(helpers.status, address(row, columns.score(index)), previous)
            total = running[row][index] if deal is not None and intact else None
            cells[(row, columns.running(index))] = Written(so_far, Style.COMPUTED, True, total)
    return cells


def _scored(game: Game) -> dict[int, ScoredDeal]:
    """The deals the sheet scores as remi does, by row: those of rows no problem names (a
    deal after an empty row is scored, and reported: the sheet refuses it)."""
    layout = game.layout
    columns = [layout.deal_column, *(layout.player_column(i) for i in range(len(game.players)))]
    reported = {problem.cell for problem in game.problems}
    return {
        deal.row: deal
        for deal in game.deals
        if not any(address(deal.row, column) in reported for column in columns)
    }


class _RowHelpers:
    """The addresses of one row's helper cells."""

    def __init__(self, columns: LiveColumns, row: int) -> None:
        self.columns = columns
        self.row = row
        self.status = address(row, columns.status)

    def cell(self, kind: str, player: int) -> str:
        return address(self.row, self.columns.helper(kind, player))

    def span(self, kind: str) -> str:
        last = self.columns.players - 1
        return f"{self.cell(kind, 0)}:{self.cell(kind, last)}"


def _entry_helpers(entry: str, helpers: _RowHelpers, index: int) -> Cells:
    """The helper cells that read one entry, step by step (`formulas`)."""
    cell = {kind: helpers.cell(kind, index) for kind in formulas.HELPERS}
    made = {
        "text": formulas.text(entry),
        "rest": formulas.rest(cell["text"]),
        "unsigned": formulas.unsigned(cell["rest"]),
        "number": formulas.number(cell["rest"], cell["unsigned"]),
        "cards": formulas.cards(cell["rest"]),
        "canon": formulas.canon(cell["cards"]),
        "valid": formulas.valid(cell["cards"], cell["rest"]),
        "points": formulas.points(cell["valid"], cell["canon"]),
        "kind": formulas.kind(entry, cell["text"], cell["number"], cell["points"]),
        "value": formulas.value(entry, cell["kind"], cell["number"], cell["points"]),
        "loser": formulas.loser(cell["kind"], cell["value"]),
        "held": formulas.held(cell["kind"], cell["number"], cell["canon"]),
    }
    row = helpers.row
    return {
        (row, helpers.columns.helper(kind, index)): Written(formula, Style.COMPUTED, True)
        for kind, formula in made.items()
    }


def _helper_headings(game: Game, columns: LiveColumns, lang: Lang) -> Cells:
    """Each helper column headed with what it holds, for whoever opens the group."""
    row = game.layout.header_row
    cells: Cells = {(row, columns.status): Written(say("helper_status", lang), Style.HEADING)}
    cells[(row, columns.deck)] = Written(say("helper_deck", lang), Style.HEADING)
    for kind in formulas.HELPERS:
        for index, name in enumerate(game.players):
            heading = f"{say('helper_' + kind, lang)}: {name}"
            cells[(row, columns.helper(kind, index))] = Written(heading, Style.HEADING)
    return cells


def _guard(typed: Sequence[CellValue], entries: Sequence[str]) -> list[tuple[str, str]] | None:
    """The entries of a deal as remi read them, when the helpers cannot read one of them as
    remi does (a character they do not know, like a full-width Ｋ); None when they can."""
    if all(formulas.reads(value) for value in typed):
        return None
    return [(cell, formulas.excel_trim(value)) for cell, value in zip(entries, typed, strict=True)]


def live_totals(game: Game, total_row: int, *, known: bool) -> Cells:
    """The Total and Rank rows of a live area."""
    layout = game.layout
    columns = live_columns(game)
    players = columns.players
    top = layout.rows[0].row if layout.rows else layout.header_row + 1
    bottom = layout.rows[-1].row if layout.rows else top
    statuses = f"{address(top, columns.status)}:{address(bottom, columns.status)}"
    row_span = (
        f"${address(total_row, columns.score(0))}:${address(total_row, columns.score(players - 1))}"
    )
    shown = known and bool(game.deals)
    cells: Cells = {}
    for index in range(players):
        column = columns.score(index)
        scores = f"{address(top, column)}:{address(bottom, column)}"
        sums = f"{address(top, column + 1)}:{address(bottom, column + 1)}"
        total = formulas.total(statuses, bottom - top + 1, scores, sums)
        place = formulas.rank(address(total_row, column), row_span, players)
        # Marked as in a notebook without live formulas: the typed Total row disagrees.
        style = Style.MARKED if game.total_differs(index) else Style.HEADING
        cells[(total_row, column)] = Written(
            total, style, True, game.score.totals[index] if shown else None
        )
        cells[(total_row + 1, column)] = Written(
            place, Style.HEADING, True, game.score.ranks[index] if shown else None
        )
    return cells
