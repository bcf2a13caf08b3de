"""The live area of a game sheet: formulas that go on scoring while people type.

The area reads every player slot of the table: each column between the deal numbers and
the empty column before remi's area, up to six (the most players a game has), so that a
name typed into a free column before play is a player of the live sheet as it is of
`remi check`. A slot past the players the header names (`formulas.players`) has no
player: nothing under it is read or shown.

Beside the deal numbers stand each slot's score, then each slot's running total; then,
hidden, each row's status, the cards its losers hold and whether they fit in the deck,
and the steps that read each entry (`formulas.STEPS`), one column per slot for each.
Each step of a row, its scores and its running totals are one array formula across the
row's slots: a spreadsheet keeps one formula for the six cells, and a deal's row can be
deleted whole. Each formula comes with the result remi computed, where remi knows it: a
spreadsheet shows it before it calculates, and `remi score` compares it. Pure: a game
in, cells out.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.games import Game, ScoredDeal
from remi_sheet.reading.cells import CellValue, address, column_letter
from remi_sheet.writing import formulas, live_standings
from remi_sheet.writing.live_standings import Summary
from remi_sheet.writing.written import Cells, Style, Written, array_cells, score_style

MAX_SLOTS: Final = 6  # the most players a game can have (`max_players` is at most 6)
LEGEND: Final = ("live_legend_error", "live_legend_waiting", "live_legend_painted")

Shown = int | str | None  # what a cell shows; None: not known before it calculates


@dataclass(frozen=True, slots=True)
class LiveColumns:
    """Where a live area's cells sit (0-based columns): the deal numbers, each slot's
    score, each slot's running total, then the hidden helpers: the rows' status (the
    players' count in the header row), the cards the row's losers hold, whether they fit
    in the deck, and one column per slot for each step of reading an entry."""

    first: int
    slots: int

    def score(self, slot: int) -> int:
        return self.first + 1 + slot

    def running(self, slot: int) -> int:
        return self.first + 1 + self.slots + slot

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
        self.slots = self.columns.slots
        self.count = len(game.players)
        self.header = game.layout.header_row
        self.top = game.layout.rows[0].row if game.layout.rows else self.header + 1
        # the players' count, in the status column's header cell
        self.players = _absolute(self.header, self.columns.status)
        # Everything a row's formulas are made of but the row: the games of a notebook
        # `remi new` made share it, and with it every row's helpers (`_same_shape`).
        layout = self.layout
        self.shape = (layout.deal_column, self.columns.first, self.slots, self.header, self.top)

    def span(self, row: int, first: int) -> str:
        """The row's cells of every slot, from `first`."""
        return f"{address(row, first)}:{address(row, first + self.slots - 1)}"

    def entries(self, row: int) -> str:
        return self.span(row, self.layout.player_column(0))

    def absent(self, row: int) -> str:
        """For each slot, TRUE while it has no player: its place, counted from the first
        slot, is past the players' count."""
        first = column_letter(self.layout.player_column(0))
        return f"(COLUMN({self.entries(row)})-COLUMN(${first}{row + 1})+1>{self.players})"

    def steps(self, step: str, row: int) -> str:
        """A row's helper cells of one step, every slot."""
        return self.span(row, self.columns.helper(step, 0))

    def helper(self, step: str, row: int, slot: int) -> str:
        return address(row, self.columns.helper(step, slot))


def _array(
    cells: Cells, row: int, first: int, formula: str, shown: Sequence[Shown], style: Style
) -> None:
    """An array formula over a row's cells from `first`, one for each of `shown` (what each
    shows, as remi knows it), into `cells`, all in one style."""
    array_cells(cells, row, first, formula, [(value, style) for value in shown])


def live_header(game: Game, lang: Lang) -> Cells:
    """The header row of the area: each slot's name (whatever is typed above its column)
    over its score and its running total, the players' count the formulas read, and a
    heading over each helper column for whoever opens their group."""
    shared = _Game(game)
    layout, columns = game.layout, shared.columns
    row = layout.header_row
    names = tuple(address(row, layout.player_column(slot)) for slot in range(columns.slots))
    cells: Cells = {
        (row, columns.status): Written(formulas.players(names), Style.HEADING, True, shared.count),
        (row, columns.held): Written(say("helper_held", lang), Style.HEADING),
        (row, columns.deck): Written(say("helper_deck", lang), Style.HEADING),
    }
    running = say("running", lang)
    absent, typed = shared.absent(row), shared.entries(row)
    playing = [game.players[slot] if slot < shared.count else "" for slot in range(shared.slots)]
    _array(cells, row, columns.score(0), f'=IF({absent},"",{typed}&"")', playing, Style.HEADING)
    sums = [f"{running} {name}" if name else "" for name in playing]
    formula = f'=IF({absent},"",{formulas.quoted(running + " ")}&{typed})'
    _array(cells, row, columns.running(0), formula, sums, Style.HEADING)
    return cells | _helper_headings(lang, row, columns)


# A step (`formulas.STEPS`) → the key of its helper columns' heading.
HELPER_HEADINGS: Final = {
    "text": "helper_text",
    "code": "helper_code",
    "rest": "helper_rest",
    "unsigned": "helper_unsigned",
    "number": "helper_number",
    "cards": "helper_cards",
    "shape": "helper_shape",
    "points": "helper_points",
    "kind": "helper_kind",
    "value": "helper_value",
}


@functools.lru_cache(maxsize=64)
def _helper_headings(lang: Lang, row: int, columns: LiveColumns) -> Cells:
    """A heading over each helper column, for whoever opens their group."""
    cells: Cells = {}
    for step in formulas.STEPS:
        for slot in range(columns.slots):
            heading = f"{say(HELPER_HEADINGS[step], lang)} {slot + 1}"
            cells[(row, columns.helper(step, slot))] = Written(heading, Style.HEADING)
    return cells


def live_deals(game: Game, lang: Lang, *, known: bool) -> Cells:
    """Every row of the deal table, played or not: the deal number, each slot's score and
    running total, and the helpers they read. `known`: the game has no errors, so the
    running totals remi computed are what the sheet shows."""
    shared = _Game(game)
    cells = live_header(game, lang)
    for deal_row in game.layout.rows:
        cells |= _same_shape(_entry_helpers, shared, deal_row.row)
        cells |= _same_shape(_row_cells, shared, deal_row.row)
    cells |= _scores(shared, lang, known)
    return cells


_made: dict[tuple[object, ...], Cells] = {}


def _same_shape(make: Callable[[_Game, int], Cells], shared: _Game, row: int) -> Cells:
    """`make(shared, row)`, made once for every game of the same shape (its cells are
    records no one changes): a notebook's games are made alike."""
    key = (make, shared.shape, row)
    cells = _made.get(key)
    if cells is None:
        if len(_made) > 4096:
            _made.clear()
        cells = _made[key] = make(shared, row)
    return cells


def _row_cells(shared: _Game, row: int) -> Cells:
    """A row's deal number, the cards its losers hold, whether they fit in the deck, and
    its status."""
    layout, columns = shared.layout, shared.columns
    header = shared.header
    above = f"{_absolute(header, columns.status)}:{address(row - 1, columns.status)}"
    last_running = address(row - 1, columns.running(shared.slots - 1))
    totals_above = f"{_absolute(header, columns.running(0))}:{last_running}"
    # Counted down the deal column, never the cell's own (Excel takes that for a circle).
    deals = column_letter(layout.deal_column)
    ordinal = f"ROWS(${deals}${shared.top + 1}:{deals}{row + 1})"
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
    # Counted, not written: a deal row deleted in the table leaves the numbers in order.
    number = f"={ordinal}"
    return {
        (row, columns.first): Written(
            number, Style.COMPUTED, True, row - shared.top + 1, share="deal"
        ),
        (row, columns.held): Written(held, Style.COMPUTED, True, share="held"),
        (row, columns.deck): Written(deck, Style.COMPUTED, True, share="deck"),
        (row, columns.status): Written(status, Style.COMPUTED, True, share="status"),
    }


def _scores(shared: _Game, lang: Lang, known: bool) -> Cells:
    """Each row's scores and running totals, an array formula across the slots each. The
    scores of a deal remi scored are known (a spreadsheet shows them before it
    calculates), and so are the running totals while every deal before it was scored."""
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
        status_cell = f"${column_letter(columns.status)}{row + 1}"
        kinds, values = shared.steps("kind", row), shared.steps("value", row)
        formula = formulas.score(status_cell, kinds, values, shared.absent(row), refused)
        blank = [slot >= shared.count or not deal_row.played for slot in range(shared.slots)]
        shown: list[tuple[Shown, Style]] = [
            ("" if blank[slot] else None, Style.COMPUTED) for slot in range(shared.slots)
        ]
        if deal is not None:
            for slot, points in enumerate(deal.score.scores):
                shown[slot] = (points, score_style(deal.score, slot))
            guard = _guard(deal_row.cells, [shared.entries(row)])
            if guard:  # remi's own reading of a deal the helpers cannot read
                entries = [
                    address(row, shared.layout.player_column(slot)) for slot in range(shared.count)
                ]
                pairs = [
                    (cell, formulas.excel_trim(value))
                    for cell, value in zip(entries, deal_row.cells, strict=True)
                ]
                scores = [value if value is not None else "" for value, _ in shown]
                formula = formulas.guarded(pairs, scores, shared.entries(row), formula)
        array_cells(cells, row, columns.score(0), formula, shown)
        last_score = address(row, columns.score(shared.slots - 1))
        scores_so_far = f"{column_letter(columns.score(0))}${shared.top + 1}:{last_score}"
        totals: list[Shown] = ["" if blank[slot] else None for slot in range(shared.slots)]
        if deal is not None and intact:
            for slot, total in enumerate(running[row]):
                totals[slot] = total
        so_far = formulas.running(status_cell, scores_so_far, shared.absent(row))
        _array(cells, row, columns.running(0), so_far, totals, Style.COMPUTED)
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
    each step one array formula across the slots. What they hold remi does not work out."""
    from remi_sheet.writing.live_sheet import code_kinds

    entries = shared.entries(row)
    step = {name: shared.steps(name, row) for name in formulas.STEPS}
    made = {
        "text": formulas.text(entries),
        "code": formulas.code(step["text"], code_kinds()),
        "rest": formulas.rest(step["text"], step["code"]),
        "unsigned": formulas.unsigned(step["rest"]),
        "number": formulas.number(step["rest"], step["unsigned"]),
        "cards": formulas.cards(step["rest"], step["number"]),
        "shape": formulas.shape(step["cards"]),
        "points": formulas.points(step["cards"], step["shape"]),
        "kind": formulas.kind(
            entries,
            step["text"],
            step["code"],
            step["number"],
            step["points"],
            shared.absent(row),
        ),
        "value": formulas.value(entries, step["kind"], step["number"], step["points"]),
    }
    cells: Cells = {}
    unknown: list[Shown] = [None] * shared.slots
    for name, formula in made.items():
        _array(cells, row, shared.columns.helper(name, 0), formula, unknown, Style.COMPUTED)
    return cells


def _guard(typed: Sequence[CellValue], _: Sequence[str]) -> bool:
    """Whether the helpers cannot read an entry of the deal as remi does (a character they
    do not know, like a full-width Ｋ)."""
    return not all(formulas.reads(value) for value in typed)


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
    scores = f"{address(top, columns.score(0))}:{address(bottom, columns.score(shared.slots - 1))}"
    runnings = (
        f"{address(top, columns.running(0))}:{address(bottom, columns.running(shared.slots - 1))}"
    )
    shown = known and bool(game.deals)
    totals: list[tuple[Shown, Style]] = []
    places: list[Shown] = []
    for slot in range(shared.slots):
        if slot >= shared.count:
            totals.append(("", Style.HEADING))
            places.append("")
            continue
        # Marked as in a notebook without live formulas: the typed Total row disagrees.
        style = Style.MARKED if game.total_differs(slot) else Style.HEADING
        totals.append((game.score.totals[slot] if shown else None, style))
        places.append(game.score.ranks[slot] if shown else None)
    cells: Cells = {}
    rows = [(total_row, columns.score(0))]
    if phone:
        rows.append((layout.header_row - 2, layout.player_column(0)))
    for row, first in rows:
        total = formulas.total(statuses, scores, runnings, shared.absent(row))
        array_cells(cells, row, first, total, totals)
        place = formulas.rank(shared.span(row, first), shared.players)
        _array(cells, row + 1, first, place, places, Style.HEADING)
    cells |= _summary(shared, total_row, statuses)
    if phone:
        label = layout.deal_column
        above = layout.header_row - 2
        cells[(above, label)] = Written(say("live_total_label", lang), Style.HEADING)
        cells[(above + 1, label)] = Written(say("live_place_label", lang), Style.HEADING)
        for offset, key in enumerate(LEGEND, start=2):
            cells[(total_row + offset, label)] = Written(say(key, lang), Style.NOTE)
    return cells


def summary(game: Game, total_row: int) -> Summary:
    columns = live_columns(game)
    slots = range(columns.slots)

    def each(step: str) -> tuple[str, ...]:
        return tuple(_absolute(total_row, columns.helper(step, slot)) for slot in slots)

    return Summary(
        _absolute(total_row, columns.status),
        _absolute(total_row, columns.held),
        _absolute(total_row, columns.deck),
        tuple(_absolute(game.layout.header_row, columns.score(slot)) for slot in slots),
        each("unsigned"),
        tuple(_absolute(total_row, columns.score(slot)) for slot in slots),
        each("text"),
        each("code"),
        each("rest"),
    )


def _summary(shared: _Game, total_row: int, statuses: str) -> Cells:
    """The game's figures for the Standings sheet (`Summary`), in the hidden helper columns
    of its Total row; each zero while the game does not count (a deal waits or is wrong),
    as `remi check` counts no game with a mistake. Not known before they calculate."""
    at = summary(shared.game, total_row)
    columns, slots = shared.columns, range(shared.slots)
    bottom = shared.layout.rows[-1].row if shared.layout.rows else shared.top

    def down(column: int) -> str:
        return f"{address(shared.top, column)}:{address(bottom, column)}"

    def scores(slot: int) -> str:
        return down(columns.score(slot))

    def plus200(slot: int) -> str:
        """Deals won from hand with the slot not laid down (`X`, `Y`: as the scores read
        them), and typed score rows of a hand win where it scored the +200: a loser who
        laid down may hold points that double to as much."""
        kinds = down(columns.helper("kind", slot))
        entered = f'SUMPRODUCT(({statuses}="H")*(({kinds}="X")+({kinds}="Y")))'
        scored = f'SUMPRODUCT(({statuses}="S")*({scores(slot)}=remi_not_down)*({hand_rows}))'
        return f"={at.counted}*({entered}+{scored})"

    typed = "+".join(f'COUNTIF({statuses},"{kind}")' for kind in "SHW")
    complete = f"IF(remi_to_limit,MAX({','.join(at.totals)})>=remi_limit,{at.deals}>=remi_deals)"
    hand_rows = "+".join(f"({scores(slot)}=remi_hand_win)" for slot in slots)
    made = [
        (columns.status, f"=IF(ISNUMBER({at.totals[0]}),1,0)"),
        (columns.held, f"={at.counted}*({typed})"),
        (columns.deck, f"={at.counted}*IF({complete},1,0)"),
    ]
    # A win is a lowest total (shared), told from the Total row alone: a formula reading
    # another row would change with a row inserted between them, which is no typing.
    lowest = f"MIN({','.join(at.totals)})"
    for slot in slots:
        made += [
            (
                columns.helper("unsigned", slot),
                live_standings.player(at.names[slot], at.counted, at.complete),
            ),
            (
                columns.helper("text", slot),
                f"=IF(AND({at.complete}=1,{at.totals[slot]}={lowest}),1,0)",
            ),
            (columns.helper("code", slot), f"={at.counted}*COUNTIF({scores(slot)},remi_hand_win)"),
            (columns.helper("rest", slot), plus200(slot)),
        ]
    return {(total_row, column): Written(text, Style.COMPUTED, True) for column, text in made}


def phone_rows(game: Game, total_row: int) -> list[tuple[int, int]]:
    """The cells of remi's own that a live game's players' totals and places take (labels,
    the two rows above the header: an array's first cell for each row; nobody can type
    in its others) and the legend under the deals: where a person may have typed."""
    layout = game.layout
    above = layout.header_row - 2
    if above < 0:
        return []
    keys = [(above, layout.deal_column), (above + 1, layout.deal_column)]
    keys += [(total_row + offset, layout.deal_column) for offset in (2, 3, 4)]
    first = layout.player_column(0)
    return [*keys, (above, first), (above + 1, first)]
