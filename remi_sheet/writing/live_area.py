"""The live area of a game sheet: formulas that go on scoring while people type.

The area reads every player slot of the table: each column between the deal numbers and
the empty column before remi's area, up to six (the most players a game has), so that a
name typed into a free column before play is a player of the live sheet as it is of
`remi check`. A slot past the players the header names (`formulas.players`) has no
player: nothing under it is read or shown. Beside the deal numbers, each slot's score and
running total read the row's status and the slot's hidden helper cells, which read the
entry step by step (`formulas`). Each formula comes with the result remi computed, where
remi knows it: a spreadsheet shows it before it calculates, and `remi score` compares it.

Every helper of a step, every status and every slot's scores are one formula moved down
and across, so that a spreadsheet stores and reads each once (`Written.share`). Pure: a
game in, cells out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.games import Game, ScoredDeal
from remi_sheet.reading.cells import CellValue, address, column_letter
from remi_sheet.writing import formulas
from remi_sheet.writing.written import Cells, Style, Written, score_style

MAX_SLOTS: Final = 6  # the most players a game can have (`max_players` is at most 6)
LEGEND: Final = ("live_legend_error", "live_legend_waiting", "live_legend_painted")


@dataclass(frozen=True, slots=True)
class LiveColumns:
    """Where a live area's cells sit (0-based columns): the deal numbers, each slot's score
    and running total, then the hidden helpers: the rows' status (the players' count in
    the header row), the cards the row's losers hold, whether they fit in the deck, and
    one column per slot for each step of reading an entry (`formulas.STEPS`)."""

    first: int
    slots: int

    def score(self, slot: int) -> int:
        return self.first + 1 + 2 * slot

    def running(self, slot: int) -> int:
        return self.first + 2 + 2 * slot

    @property
    def status(self) -> int:
        return self.first + 1 + 2 * self.slots

    @property
    def held(self) -> int:
        return self.status + 1

    @property
    def deck(self) -> int:
        return self.status + 2

    def helper(self, step: str, slot: int) -> int:
        return self.status + 3 + formulas.STEPS.index(step) * self.slots + slot

    @property
    def helpers(self) -> tuple[int, int]:
        """The first and last helper column."""
        return self.status, self.helper(formulas.STEPS[-1], self.slots - 1)


def slots_of(game: Game) -> int:
    """The player slots a live area reads: every column from the first player's to the one
    before the empty column before the area (a notebook `remi new` made keeps six), and
    never fewer than the game's players."""
    layout = game.layout
    room = layout.area_column - layout.deal_column - 2
    return max(len(game.players), min(MAX_SLOTS, room))


def live_columns(game: Game) -> LiveColumns:
    return LiveColumns(game.layout.area_column, slots_of(game))


def _absolute(row: int, column: int) -> str:
    return f"${column_letter(column)}${row + 1}"


class _Game:
    """The addresses a game's formulas share."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.layout = game.layout
        self.columns = live_columns(game)
        self.count = len(game.players)
        self.header = game.layout.header_row
        self.top = game.layout.rows[0].row if game.layout.rows else self.header + 1
        # the players' count, in the status column's header cell
        self.players = _absolute(self.header, self.columns.status)

    def absent(self, slot: int, row: int) -> str:
        """TRUE while the slot has no player: its place, counted from the first slot in
        the row (so that every slot's formula is the first one's, moved across), is past
        the players' count."""
        first = self.layout.player_column(0)
        here = address(row, self.layout.player_column(slot))
        return f"COLUMNS(${column_letter(first)}{row + 1}:{here})>{self.players}"

    def entry(self, row: int, slot: int) -> str:
        return address(row, self.layout.player_column(slot))

    def helper(self, step: str, row: int, slot: int) -> str:
        return address(row, self.columns.helper(step, slot))

    def steps(self, step: str, row: int) -> str:
        """A row's helper cells of one step, every slot."""
        first = self.helper(step, row, 0)
        return f"{first}:{self.helper(step, row, self.columns.slots - 1)}"


def live_header(game: Game, lang: Lang) -> Cells:
    """The header row of the area: each slot's name (whatever is typed above its column)
    and Σ, the players' count the formulas read, and a heading over each helper column for
    whoever opens their group."""
    shared = _Game(game)
    layout, columns = game.layout, shared.columns
    row = layout.header_row
    names = [address(row, layout.player_column(slot)) for slot in range(columns.slots)]
    cells: Cells = {
        (row, columns.status): Written(formulas.players(names), Style.HEADING, True, shared.count),
        (row, columns.held): Written(say("helper_held", lang), Style.HEADING),
        (row, columns.deck): Written(say("helper_deck", lang), Style.HEADING),
    }
    running = say("running", lang)
    for slot in range(columns.slots):
        absent = shared.absent(slot, row)
        playing = slot < shared.count
        cells[(row, columns.score(slot))] = Written(
            f'=IF({absent},"",{names[slot]}&"")',
            Style.HEADING,
            True,
            game.players[slot] if playing else "",
        )
        cells[(row, columns.running(slot))] = Written(
            f'=IF({absent},"",{formulas.quoted(running)})',
            Style.HEADING,
            True,
            running if playing else "",
        )
        for step in formulas.STEPS:
            heading = f"{say('helper_' + step, lang)} {slot + 1}"
            cells[(row, columns.helper(step, slot))] = Written(heading, Style.HEADING)
    return cells


def live_deals(game: Game, lang: Lang, *, known: bool) -> Cells:
    """Every row of the deal table, played or not: the deal number, each slot's score and
    running total, and the helpers they read. `known`: the game has no errors, so the
    running totals remi computed are what the sheet shows."""
    shared = _Game(game)
    cells = live_header(game, lang)
    for deal_row in game.layout.rows:
        cells |= _entry_helpers(shared, deal_row.row)
        cells |= _row_cells(shared, deal_row.row)
    cells |= _scores(shared, lang, known)
    return cells


def _row_cells(shared: _Game, row: int) -> Cells:
    """A row's deal number, the cards its losers hold, whether they fit in the deck, and
    its status."""
    layout, columns = shared.layout, shared.columns
    header = shared.header
    status_column = column_letter(columns.status)
    above = f"{_absolute(header, columns.status)}:{address(row - 1, columns.status)}"
    totals_above = ",".join(
        f"{_absolute(header, columns.running(slot))}:{address(row - 1, columns.running(slot))}"
        for slot in range(columns.slots)
    )
    ordinal = f"ROWS(${status_column}${shared.top + 1}:{status_column}{row + 1})"
    status = formulas.status(
        ordinal,
        address(row, layout.deal_column),
        shared.steps("kind", row),
        shared.steps("value", row),
        columns.slots,
        shared.players,
        above,
        address(row, columns.deck),
        totals_above,
    )
    kinds, numbers, cards = (
        [shared.helper(step, row, slot) for slot in range(columns.slots)]
        for step in ("kind", "number", "cards")
    )
    held = formulas.held(kinds, numbers, cards)
    deck = formulas.deck(address(row, columns.held))
    first = column_letter(columns.first)
    # Counted, not written: a deal row deleted in the table leaves the numbers in order.
    number = f"=ROWS({first}${shared.top + 1}:{first}{row + 1})"
    return {
        (row, columns.first): Written(
            number, Style.COMPUTED, True, row - shared.top + 1, share="deal"
        ),
        (row, columns.held): Written(held, Style.COMPUTED, True, share="held"),
        (row, columns.deck): Written(deck, Style.COMPUTED, True, share="deck"),
        (row, columns.status): Written(status, Style.COMPUTED, True, share="status"),
    }


def _scores(shared: _Game, lang: Lang, known: bool) -> Cells:
    """Each slot's score and running total in every row. The score of a deal remi scored
    is known (a spreadsheet shows it before it calculates), and so is the running total
    while every deal before it was scored."""
    game, columns = shared.game, shared.columns
    scored = _scored(game)
    running = dict(zip((deal.row for deal in game.deals), game.score.running, strict=True))
    refused = say("live_refused", lang)
    cells: Cells = {}
    intact = known
    for deal_row in game.layout.rows:
        row = deal_row.row
        deal = scored.get(row)
        intact = intact and (deal is not None or not deal_row.played)
        entries = [shared.entry(row, slot) for slot in range(shared.count)]
        guard = _guard(deal_row.cells, entries)
        status_cell = f"${column_letter(columns.status)}{row + 1}"
        for slot in range(columns.slots):
            absent = shared.absent(slot, row)
            kind = shared.helper("kind", row, slot)
            value = shared.helper("value", row, slot)
            generic = formulas.score(status_cell, kind, value, absent, refused)
            blank = slot >= shared.count or not deal_row.played
            score: Written
            if deal is None or slot >= shared.count:
                score = Written(generic, Style.COMPUTED, True, "" if blank else None, f"s{slot}")
            elif guard:  # remi's own reading of a deal the helpers cannot read: no share
                points = deal.score.scores[slot]
                shown = formulas.guarded(guard, points, generic)
                score = Written(shown, score_style(deal.score, slot), True, points)
            else:
                points = deal.score.scores[slot]
                score = Written(generic, score_style(deal.score, slot), True, points, f"s{slot}")
            cells[(row, columns.score(slot))] = score
            column = column_letter(columns.score(slot))
            so_far = f"{column}${shared.top + 1}:{column}{row + 1}"
            total: int | str | None = None
            if blank:
                total = ""
            elif deal is not None and intact:
                total = running[row][slot]
            cells[(row, columns.running(slot))] = Written(
                formulas.running(status_cell, so_far, absent),
                Style.COMPUTED,
                True,
                total,
                f"r{slot}",
            )
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


def _entry_helpers(shared: _Game, row: int) -> Cells:
    """The helper cells that read each slot's entry in `row`, step by step (`formulas`):
    each step one formula, moved down the rows and across the slots."""
    cells: Cells = {}
    for slot in range(shared.columns.slots):
        entry = shared.entry(row, slot)
        cell = {step: shared.helper(step, row, slot) for step in formulas.STEPS}
        made = {
            "text": formulas.text(entry),
            "rest": formulas.rest(cell["text"]),
            "number": formulas.number(cell["rest"]),
            "cards": formulas.cards(cell["rest"], cell["number"]),
            "shape": formulas.shape(cell["cards"]),
            "points": formulas.points(cell["cards"], cell["shape"]),
            "kind": formulas.kind(
                entry,
                cell["text"],
                cell["rest"],
                cell["number"],
                cell["points"],
                shared.absent(slot, row),
            ),
            "value": formulas.value(entry, cell["kind"], cell["number"], cell["points"]),
        }
        for step, formula in made.items():
            key = (row, shared.columns.helper(step, slot))
            cells[key] = Written(formula, Style.COMPUTED, True, share=step)
    return cells


def _guard(typed: Sequence[CellValue], entries: Sequence[str]) -> list[tuple[str, str]] | None:
    """The entries of a deal as remi read them, when the helpers cannot read one of them as
    remi does (a character they do not know, like a full-width Ｋ); None when they can."""
    if all(formulas.reads(value) for value in typed):
        return None
    return [(cell, formulas.excel_trim(value)) for cell, value in zip(entries, typed, strict=True)]


def live_totals(game: Game, total_row: int, lang: Lang, *, known: bool, phone: bool) -> Cells:
    """The Total and Rank rows of a live area; `phone`: shown again in each player's own
    column, in the two rows above the header, with their labels, and a legend under the
    deals, so that a phone shows tonight's totals and places without scrolling sideways
    (the header frozen under them)."""
    shared = _Game(game)
    layout, columns = game.layout, shared.columns
    top = shared.top
    bottom = layout.rows[-1].row if layout.rows else top
    statuses = f"{address(top, columns.status)}:{address(bottom, columns.status)}"
    row_span = (
        f"${address(total_row, columns.score(0))}:"
        f"${address(total_row, columns.score(columns.slots - 1))}"
    )
    shown = known and bool(game.deals)
    above = layout.header_row - 2  # the players' totals; their places under them
    own_span = (
        f"${address(above, layout.player_column(0))}:"
        f"${address(above, layout.player_column(columns.slots - 1))}"
    )
    cells: Cells = {}
    for slot in range(columns.slots):
        column = columns.score(slot)
        scores = f"{address(top, column)}:{address(bottom, column)}"
        sums = f"{address(top, column + 1)}:{address(bottom, column + 1)}"
        absent = shared.absent(slot, total_row)
        total = formulas.total(statuses, scores, sums, absent)
        place = formulas.rank(address(total_row, column), row_span, shared.players)
        # Marked as in a notebook without live formulas: the typed Total row disagrees.
        playing = slot < shared.count
        style = Style.MARKED if playing and game.total_differs(slot) else Style.HEADING
        total_shown: int | str | None = ""
        place_shown: int | str | None = ""
        if playing:
            total_shown = game.score.totals[slot] if shown else None
            place_shown = game.score.ranks[slot] if shown else None
        cells[(total_row, column)] = Written(total, style, True, total_shown)
        cells[(total_row + 1, column)] = Written(place, Style.HEADING, True, place_shown)
        if phone:
            # Worked out again, not read from the Total row: deleting that row would
            # leave a #REF! here, where no area's column says to clear it.
            own = layout.player_column(slot)
            own_total = formulas.total(statuses, scores, sums, shared.absent(slot, above))
            own_place = formulas.rank(address(above, own), own_span, shared.players)
            cells[(above, own)] = Written(own_total, style, True, total_shown)
            cells[(above + 1, own)] = Written(own_place, Style.HEADING, True, place_shown)
    if phone:
        label = layout.deal_column
        cells[(above, label)] = Written(say("live_total_label", lang), Style.HEADING)
        cells[(above + 1, label)] = Written(say("live_place_label", lang), Style.HEADING)
        for offset, key in enumerate(LEGEND, start=2):
            cells[(total_row + offset, label)] = Written(say(key, lang), Style.NOTE)
    return cells


def phone_rows(game: Game, total_row: int) -> list[tuple[int, int]]:
    """Every cell the players' own totals and places take (labels, the two rows above the
    header) and the legend under the deals: where a person may have typed."""
    layout = game.layout
    above = layout.header_row - 2
    if above < 0:
        return []
    keys = [(above, layout.deal_column), (above + 1, layout.deal_column)]
    keys += [(total_row + offset, layout.deal_column) for offset in (2, 3, 4)]
    for slot in range(slots_of(game)):
        column = layout.player_column(slot)
        keys += [(above, column), (above + 1, column)]
    return keys
