"""One game sheet checked: every deal row of its layout (`layout.find_game`) read, numbered
and scored as it passes, and a `Problem` for everything else (the players, gaps, a deal
after the game's end, a typed Total row its deals do not add up to).

`check_game` is the whole of it. Pure: a grid of values and its layout in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, NamedTuple

from remi_sheet.core.dates import FORMS, parse_date
from remi_sheet.core.entries import Entry, Number, grouped_number, parse_entry
from remi_sheet.core.problems import Problem, RemiError, Severity
from remi_sheet.core.rules import HouseRules
from remi_sheet.core.scoring import DealScore, GameScore, RowScorer, score_game
from remi_sheet.core.text import cell_text, fold
from remi_sheet.notebook.layout import (
    HEADER_WORDS,
    DealRow,
    GameLayout,
    deal_number,
    filled,
    is_totals_heading,
)
from remi_sheet.reading.cells import CellValue, address
from remi_sheet.reading.grid import FormulaProbe, Grid, unread_code

_EXCEL_ERRORS: Final = frozenset(
    {"#div/0!", "#n/a", "#value!", "#ref!", "#name?", "#num!", "#null!", "#getting_data"}
)


TOTAL_MISMATCH: Final = "total_mismatch"  # the code of a typed total the deals disagree with


class ScoredDeal(NamedTuple):
    """A deal that scored, with its number and sheet row."""

    number: int
    row: int
    score: DealScore


@dataclass(slots=True)
class Game:
    """One game sheet: its layout, scored deals, totals and problems."""

    sheet: str
    layout: GameLayout
    deals: list[ScoredDeal]
    score: GameScore
    problems: list[Problem]
    played: int  # deals typed, scored or not
    # What the Notes column says beside each deal: (deal number, text), as typed.
    notes: tuple[tuple[int, str], ...] = ()
    # Deal rows whose numbers are out of the rows' order (a row deleted or moved), read in
    # the order of the rows: (row, the number its place gives it) of each (`renumbering`).
    renumbered: tuple[tuple[int, int], ...] = ()
    # The house rules the game plays by: those of its date (`DatedRules.on`).
    rules: HouseRules = field(default_factory=HouseRules)

    @property
    def players(self) -> tuple[str, ...]:
        return self.layout.players

    @property
    def has_errors(self) -> bool:
        return any(p.severity == "error" for p in self.problems)

    def sameness(self) -> tuple[object, ...] | None:
        """What two copies of this game share: the day, and each player (in any column
        order) with their deal scores; None for a game with no deal scored."""
        if not self.score.deals:
            return None
        players = sorted(
            (fold(name), tuple(deal.scores[index] for deal in self.score.deals))
            for index, name in enumerate(self.score.players)
        )
        return (self.day, *players)

    @property
    def day(self) -> object:
        """The game's date as a date, however it is typed; as typed when it reads as none."""
        try:
            return parse_date(self.layout.date)
        except RemiError:
            return self.layout.date

    @property
    def only_total_wrong(self) -> bool:
        """True when the game's only errors are typed totals its deals do not add up to
        (checked only when nothing else is wrong): every deal scored, so its numbers can be
        shown beside the wrong Total row for the wrong deal to be found."""
        errors = [p for p in self.problems if p.severity == "error"]
        return bool(errors) and all(p.code == TOTAL_MISMATCH for p in errors)

    def total_differs(self, index: int) -> bool:
        """True when player `index`'s typed total is not what the deals add up to."""
        name = self.players[index]
        return any(
            p.code == TOTAL_MISMATCH and p.params.get("player") == name for p in self.problems
        )


class CheckContext:
    """What checking the games of one notebook shares: what each cell value reads as (the
    same few entries, W, H, X and small numbers, come back thousands of times), and the
    deal scorer of its rules."""

    __slots__ = ("entries", "rules", "score")

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules
        self.entries: dict[object, Entry | Problem | None] = {}
        self.score = RowScorer(rules)


def check_game(
    grid: Grid,
    layout: GameLayout,
    rules: HouseRules,
    probe: FormulaProbe,
    context: CheckContext | None = None,
) -> Game:
    """Every check of one game sheet, and the scores of every deal that passes them.
    `context`: what the games of one notebook share (made for `rules`)."""
    if context is None or context.rules is not rules:
        context = CheckContext(rules)
    check = _GameCheck(grid, layout, rules, probe, context)
    # Players misread (a name twice, one after an empty column) make every deal misread:
    # that alone is said, not the deals it would make wrong.
    misread = check.players() or layout.hidden_player is not None
    deals = check.deals() if not misread else []
    if misread:  # the rows played, though none is read
        check.played = sum(row.played for row in layout.rows)
    check.table()
    check.date()
    score = score_game(layout.players, [deal.score for deal in deals], rules)
    notes = _notes(grid, layout)
    renumbered = check.renumbered
    game = Game(
        grid.name, layout, deals, score, check.problems, check.played, notes, renumbered, rules
    )
    if layout.total_row is not None and not game.has_errors:
        check.typed_totals(score)
    return game


class _GameCheck:
    """What checking one game gathers as it reads the deal rows."""

    __slots__ = ("context", "grid", "layout", "played", "probe", "problems", "renumbered", "rules")

    def __init__(
        self,
        grid: Grid,
        layout: GameLayout,
        rules: HouseRules,
        probe: FormulaProbe,
        context: CheckContext,
    ) -> None:
        self.grid = grid
        self.layout = layout
        self.rules = rules
        self.probe = probe
        self.context = context
        self.problems: list[Problem] = []
        self.played = 0
        self.renumbered: tuple[tuple[int, int], ...] = ()

    def at(self, row: int, player: int | None, code: str, **params: object) -> None:
        """Report at `player`'s cell of `row`, or at the deal-number cell for the whole row."""
        layout = self.layout
        column = layout.deal_column if player is None else layout.player_column(player)
        if player is not None:
            params.setdefault("player", layout.players[player])
        self.problems.append(Problem(code, self.grid.name, address(row, column), params=params))

    def players(self) -> list[Problem]:
        layout, rules = self.layout, self.rules
        count = len(layout.players)
        if count < 2:
            self.at(
                layout.header_row,
                None,
                "players_too_few",
                count=count,
                most=rules.max_players,
                header=address(layout.header_row, layout.deal_column),
            )
        elif count > rules.max_players:
            self.at(
                layout.header_row,
                rules.max_players,
                "players_too_many",
                count=count,
                most=rules.max_players,
            )
        totals = [index for index, name in enumerate(layout.players) if is_totals_heading(name)]
        # Said alone: a "Σ" beside each player would also be a name typed twice.
        for index in totals:
            self.at(layout.header_row, index, "player_heading_totals")
        if totals:
            return self.problems
        folded = [fold(name) for name in layout.players]
        if len(set(folded)) < count:
            for index, name in enumerate(folded):
                if name in folded[:index]:
                    self.at(layout.header_row, index, "player_duplicate")
        return self.problems

    def table(self) -> None:
        """Typing the table would silently hide: a player after a gap, a deal after one."""
        layout = self.layout
        if layout.hidden_player is not None:
            name = self.grid.value(layout.header_row, layout.hidden_player)
            self.problems.append(
                Problem(
                    "player_after_gap",
                    self.grid.name,
                    address(layout.header_row, layout.hidden_player),
                    params={"player": cell_text(name)},
                )
            )
        if layout.stray_row is not None:
            heading = self.grid.value(layout.stray_row, layout.deal_column)
            if isinstance(heading, str) and fold(heading) in HEADER_WORDS:
                self.at(layout.stray_row, None, "second_game_on_sheet")
            else:
                self.at(layout.stray_row, None, "deal_after_blank_row", gap=layout.end_row + 2)

    def date(self) -> None:
        """A Date typed that is no date is a warning: the games' order (the ratings, the
        streaks, `stats`) goes by the dates, and this game's is not known."""
        try:
            parse_date(self.layout.date)
        except RemiError as error:
            params = {"value": error.params["value"], "forms": FORMS}
            where = self.layout.date_cell
            self.problems.append(Problem("date_unreadable", self.grid.name, where, _WARN, params))

    def deals(self) -> list[ScoredDeal]:
        """Every deal row read, numbered and scored; one loop, its lookups held in locals:
        every deal of a notebook comes through here."""
        deals: list[ScoredDeal] = []
        gap: int | None = None
        rules = self.rules
        # Played to a limit, the game ends after the deal that reaches it, not by its rows.
        most = rules.deals_per_game if not rules.to_limit else None
        totals: list[int] | None = [0] * len(self.layout.players) if rules.to_limit else None
        ended: tuple[int, int] | None = None  # (deal, player) that reached the limit
        known = self.context.entries
        score = self.context.score
        self.renumbered = self.renumbering()
        for number, deal_row in enumerate(self.layout.rows, start=1):
            value = deal_row.number
            if not (type(value) in (int, float) and value == number) and not self.renumbered:
                self.deal_number(deal_row, number)
            if not deal_row.played:
                gap = gap or number
                continue
            self.played += 1
            if gap is not None:
                self.at(deal_row.row, None, "deal_after_gap", deal=number, gap=gap)
            # Every deal typed past the game's end is told, not only the first: each row is
            # one to put right (the live sheet shows each as an error too).
            if most is not None and number > most:
                self.at(deal_row.row, None, "too_many_deals", deal=number, most=most)
                continue
            if ended is not None:
                deal, player = ended
                who, limit = self.layout.players[player], rules.points_limit
                self.at(
                    deal_row.row, None, "deal_after_end", deal=number, ended=deal, who=who,
                    limit=limit,
                )  # fmt: skip
                continue
            entries = self.entries(deal_row, number, known, rules)
            if entries is None:
                totals = None  # a cell that is no entry: the totals, and so the end, unknown
                continue
            result = score(entries)
            if isinstance(result, DealScore):
                deals.append(ScoredDeal(number, deal_row.row, result))
                if totals is not None:
                    totals = [a + b for a, b in zip(totals, result.scores, strict=True)]
                    if ended is None and max(totals) >= rules.points_limit:
                        ended = (number, totals.index(max(totals)))
            else:
                totals = None  # a deal not scored: the totals, and so the end, are unknown
                for issue in result:
                    self.issue(deal_row, number, issue)
        return deals

    def entries(
        self,
        deal_row: DealRow,
        number: int,
        known: dict[object, Entry | Problem | None],
        rules: HouseRules,
    ) -> list[Entry | None] | None:
        """What each cell of a deal row says; None when a cell is no entry (reported)."""
        entries: list[Entry | None] = []
        unread: dict[int, Problem] = {}
        for index, cell in enumerate(deal_row.cells):
            # Text (nearly every cell) by itself; a number by its type too (1 == 1.0).
            key = cell if type(cell) is str else (type(cell), cell)
            found = known.get(key, _UNREAD)
            if found is _UNREAD:
                found = known[key] = _read_entry(cell, rules)
            if type(found) is Problem:
                unread[index] = found
                entries.append(None)
            else:
                entries.append(found)  # type: ignore[arg-type]
        if not unread:
            return entries
        told = [(index, error.code, error.params) for index, error in unread.items()]
        for issue in self.context.score.beside_unread(entries, set(unread)):
            told.append((issue.params["player"], issue.code, issue.params))
        for index, code, said in sorted(told, key=lambda found: found[0]):
            params = {name: value for name, value in said.items() if name != "player"}
            self.at(deal_row.row, index, code, deal=number, **params)
        return None

    def renumbering(self) -> tuple[tuple[int, int], ...]:
        """When the deal rows' numbers are whole numbers, each given once, out of the rows'
        order (a deal row deleted, inserted or moved): (row, the number its place gives it)
        of each row whose number is another or none (a row inserted, and typed), told in
        one warning; the deals are read in the order of the rows. () when they are in
        order, or are not such numbers (each wrong one is then an error of its own)."""
        rows = self.layout.rows
        typed = [(place, row) for place, row in enumerate(rows, start=1) if filled(row.number)]
        numbers = [deal_number(row.number) for _, row in typed]
        if not typed or None in numbers or len(set(numbers)) < len(numbers):
            return ()
        if min(number for number in numbers if number is not None) < 1:
            return ()
        wrong = tuple(
            (row.row, place)
            for (place, row), number in zip(typed, numbers, strict=True)
            if number != place
        )
        if not wrong:
            return ()
        cell = address(wrong[0][0], self.layout.deal_column)
        params = {"numbers": tuple(numbers), "count": len(rows)}
        self.problems.append(
            Problem("deals_renumbered", self.grid.name, cell, Severity.WARNING, params)
        )
        unnumbered = tuple(
            (row.row, place) for place, row in enumerate(rows, 1) if not filled(row.number)
        )
        return tuple(sorted(wrong + unnumbered)) + self.rows_taken_back()

    def rows_taken_back(self) -> tuple[tuple[int, int], ...]:
        """Empty rows right below the table that give a game of a fixed number of deals
        back the rows deleted from it: (row, number) of each, numbered, they are deal rows
        on the next reading. None when the rows below hold anything (a Total row, notes, a
        table of the person's)."""
        layout, rules = self.layout, self.rules
        missing = rules.deals_per_game - len(layout.rows)
        if rules.to_limit or missing <= 0 or layout.total_row is not None:
            return ()
        if layout.stray_row is not None:
            return ()
        first, last = layout.deal_column, layout.player_column(len(layout.players) - 1)
        below = range(layout.end_row + 1, layout.end_row + 1 + missing)
        if any(
            filled(self.grid.value(row, column))
            for row in below
            for column in range(first, last + 1)
        ):
            return ()
        return tuple((row, len(layout.rows) + index) for index, row in enumerate(below, 1))

    def deal_number(self, deal_row: DealRow, number: int) -> None:
        value = deal_row.number
        if filled(value) and deal_number(value) != number:
            self.at(deal_row.row, None, "deal_number_wrong", deal=number, value=value)

    def issue(self, deal_row: DealRow, number: int, issue: Problem) -> None:
        """The core's problem of a deal row, put at its player's cell (`params["player"]`,
        by position), or at the deal number for the whole row."""
        params = dict(issue.params)
        player: int | None = params.pop("player", None)
        if "first" in params:
            params["first"] = self.layout.players[params["first"]]
        code = issue.code
        if code == "entry_missing" and player is not None:
            column = self.layout.player_column(player)
            found = self.probe.kind(self.grid.name, deal_row.row, column)
            if found is not None:
                code = unread_code(found[0])
                params["value"] = found[1]
        self.at(deal_row.row, player, code, deal=number, **params)

    def typed_totals(self, score: GameScore) -> None:
        """A Total row typed under the deals must agree with the sum of the deals."""
        row = self.layout.total_row
        assert row is not None
        for index, total in enumerate(score.totals):
            typed = self.grid.value(row, self.layout.player_column(index))
            if typed is None:
                continue
            try:
                entry = parse_entry(typed, self.rules)
            except RemiError:
                grouped = grouped_number(typed)  # "1 400", as a grouped total is exported
                entry = Number(grouped) if grouped is not None else None
            if not isinstance(entry, Number) or entry.value != total:
                self.at(row, index, TOTAL_MISMATCH, value=typed, total=total)


_WARN: Final = Severity.WARNING
_UNREAD: Final = object()  # a cell value `CheckContext` has not read yet (None: an empty cell)


def _notes(grid: Grid, layout: GameLayout) -> tuple[tuple[int, str], ...]:
    """The notes typed beside the deals, in the game's Notes column (a paper record's
    `Megjegyzés`, filed so): each with its deal's number."""
    column = layout.notes_column
    if column is None:
        return ()
    found = ((number, grid.value(row.row, column)) for number, row in enumerate(layout.rows, 1))
    return tuple((number, cell_text(value)) for number, value in found if filled(value))


def _read_entry(value: CellValue, rules: HouseRules) -> Entry | Problem | None:
    """A cell's entry, or why it is none. Notebooks repeat the same few entries (W, H, X,
    small numbers) thousands of times, so `CheckContext` keeps what this says per value."""
    # Every error value holds a "#" (typed full-width, it folds to one): other text needs
    # no folding to be told apart.
    if (
        isinstance(value, str)
        and ("#" in value or "\uff03" in value)
        and fold(value) in _EXCEL_ERRORS
    ):
        return Problem("formula_error", params={"value": value.strip()})
    try:
        return parse_entry(value, rules)
    except RemiError as error:
        return error.problem
