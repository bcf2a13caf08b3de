"""One game sheet: where its game sits (the header row, the players, the deal table, a typed
Total row, the date and place above), and every check of its deals, scored as they pass.

`find_game` tells a game sheet from any other by its header row; `check_game` reads and
scores its deals and collects a `Problem` for everything else. Pure: a grid of values in.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from remi_sheet.core.entries import Entry, Number, Winner, parse_entry
from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.core.scoring import DealScore, GameScore, RowScorer, score_game
from remi_sheet.core.text import clean, fold
from remi_sheet.i18n import Lang
from remi_sheet.reading.cells import CellValue, address
from remi_sheet.reading.grid import FormulaProbe, Grid

HEADER_ROWS: Final = 10


HEADER_WORDS: Final[dict[str, Lang | None]] = {
    "deal": "en",
    "leosztas": "hu",
    "osztas": "hu",
    "#": None,
}


TOTAL_WORDS: Final = frozenset({"total", "totals", "osszesen", "ossz", "osszeg", "sum"})


_NOTE_WORDS: Final = frozenset(
    {"megjegyzes", "megjegyzesek", "megj", "jegyzet", "note", "notes", "comment", "comments"}
)


_DATE_WORDS: Final = frozenset({"date", "datum"})


_PLACE_WORDS: Final = frozenset({"place", "helyszin", "hely"})


_EXCEL_ERRORS: Final = frozenset(
    {"#div/0!", "#n/a", "#value!", "#ref!", "#name?", "#num!", "#null!", "#getting_data"}
)


MARKER_PREFIX: Final = "remi ▸"


TOTAL_MISMATCH: Final = "total_mismatch"  # the code of a typed total the deals disagree with


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
    stray_row: int | None = None  # a deal-like row below an empty row that ends the table
    hidden_player: int | None = None  # a player's column after an empty header cell

    def player_column(self, index: int) -> int:
        return self.deal_column + 1 + index

    @property
    def end_row(self) -> int:
        """The last row of the deal table (the header row for an empty table)."""
        return self.rows[-1].row if self.rows else self.header_row


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

    @property
    def players(self) -> tuple[str, ...]:
        return self.layout.players

    @property
    def has_errors(self) -> bool:
        return any(p.severity == "error" for p in self.problems)

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


def filled(value: CellValue) -> bool:
    """True for a cell holding something other than empty or blank text."""
    if type(value) is str:
        # Typed text nearly always starts with a letter or digit, which cleaning keeps.
        return value != "" and (value[0].isalnum() or bool(clean(value)))
    return value is not None


class Doubtful(NamedTuple):
    """A sheet headed like a game by "#" alone whose rows do not read like deals, but have
    a winner's entry or a negative number in them: no game, and worth a word."""

    sheet: str
    cell: str  # the header's "#"


def find_game(grid: Grid) -> GameLayout | None:
    """The layout of the game on `grid`, or None when it is not a game sheet."""
    found = sort_sheet(grid)
    return found if isinstance(found, GameLayout) else None


def sort_sheet(grid: Grid) -> GameLayout | Doubtful | None:
    """The layout of the game on `grid`; `Doubtful` for a sheet that may be one but whose
    rows do not say so; None for any other sheet."""
    for header_row in range(min(HEADER_ROWS, grid.height)):
        found = _header_at(grid, header_row)
        if found is not None:
            deal_column, lang = found
            layout = _layout(grid, header_row, deal_column, lang)
            if lang is not None or _reads_like_deals(layout):
                return layout
            # "#" also heads lists of members, phone numbers and things to do.
            if _has_winners(layout):
                return Doubtful(grid.name, address(header_row, deal_column))
            return None
    return None


def _reads_like_deals(layout: GameLayout) -> bool:
    """True for a table whose rows read like a game's deals: numbered from 1, most cells
    typed in them entries, and a winner among them (an empty table is a game not begun)."""
    played = [row for row in layout.rows if row.played]
    if not played:
        return True
    if deal_number(layout.rows[0].number) != 1:
        return False
    typed = [value for row in played for value in row.cells if filled(value)]
    entries = sum(1 for value in typed if _is_entry(value))
    return 2 * entries > len(typed) and _has_winners(layout)


def _is_entry(value: CellValue) -> bool:
    try:
        return parse_entry(value, HouseRules()) is not None
    except RemiError:
        return False


def _header_at(grid: Grid, row: int) -> tuple[int, Lang | None] | None:
    for column, value in enumerate(grid.rows[row]):
        if filled(value):
            key = fold(str(value))
            return (column, HEADER_WORDS[key]) if key in HEADER_WORDS else None
    return None


def _layout(grid: Grid, header_row: int, deal_column: int, lang: Lang | None) -> GameLayout:
    players = []
    column = deal_column + 1
    while _is_player_heading(name := grid.value(header_row, column)):
        players.append(clean(str(name)))
        column += 1
    rows, total_row, stray_row = _deal_table(grid, header_row, deal_column, len(players))
    end_row = max(rows[-1].row if rows else header_row, total_row or 0)
    date, place = _notes_above(grid, header_row)
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
        stray_row=stray_row,
        hidden_player=_hidden_player(grid, header_row, column + 1, rows),
    )


def _is_player_heading(value: CellValue) -> bool:
    return (
        filled(value) and not _is_marker(value) and fold(str(value)).rstrip(":") not in _NOTE_WORDS
    )


def _deal_table(
    grid: Grid, header_row: int, deal_column: int, width: int
) -> tuple[list[DealRow], int | None, int | None]:
    """The deal rows under the header; a typed Total row after them; and the first row
    below the table's end that looks like one more deal (it would be silently ignored)."""
    rows: list[DealRow] = []
    for row in range(header_row + 1, grid.height):
        values = grid.cells(row, deal_column, width + 1)
        number = values[0]
        if isinstance(number, str) and fold(number).rstrip(":. ") in TOTAL_WORDS:
            return rows, row, None
        cells = tuple(values[1:])
        played = any(map(filled, cells))
        if not played and deal_number(number) is None:
            # An empty row, or a note written under the table, ends it.
            return rows, None, _stray_deal(grid, row + 1, deal_column, width)
        rows.append(DealRow(row, number, cells, played))
    return rows, None, None


def _stray_deal(grid: Grid, start: int, deal_column: int, width: int) -> int | None:
    for row in range(start, grid.height):
        entries = sum(filled(grid.value(row, deal_column + 1 + i)) for i in range(width))
        numbered = deal_number(grid.value(row, deal_column)) is not None
        if entries >= 2 or (numbered and entries):
            return row
    return None


def _hidden_player(grid: Grid, header_row: int, column: int, rows: Sequence[DealRow]) -> int | None:
    """The column of a player whose name stands after an empty header cell: every played
    deal has an entry for them, so they are playing, but the header does not say so."""
    if not _is_player_heading(grid.value(header_row, column)):
        return None
    played = [row for row in rows if row.played]
    if not played:
        return None
    for deal_row in played:
        try:
            if parse_entry(grid.value(deal_row.row, column), HouseRules()) is None:
                return None
        except RemiError:
            return None
    return column


def _has_winners(layout: GameLayout) -> bool:
    played = [row for row in layout.rows if row.played]
    return not played or any(_is_win(value) for row in played for value in row.cells)


def _is_win(value: CellValue) -> bool:
    try:
        entry = parse_entry(value, HouseRules())
    except RemiError:
        return False
    return isinstance(entry, Winner) or (isinstance(entry, Number) and entry.value < 0)


def _notes_above(grid: Grid, header_row: int) -> tuple[CellValue, CellValue]:
    date = place = None
    for row in grid.rows[:header_row]:
        values = list(filter(filled, row))
        if len(values) < 2:
            continue
        key = fold(str(values[0])).rstrip(":")
        if key in _DATE_WORDS:
            date = values[1]
        elif key in _PLACE_WORDS:
            place = values[1]
    return date, place


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
    return last + 2


class CheckContext:
    """What checking the games of one notebook shares: what each cell value reads as (the
    same few entries, W, H, X and small numbers, come back thousands of times), and the
    deal scorer of its rules."""

    __slots__ = ("entries", "rules", "score")

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules
        self.entries: dict[object, Entry | RemiError | None] = {}
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
    deals = check.deals() if not check.players() else []
    check.table()
    score = score_game(layout.players, [deal.score for deal in deals], rules)
    game = Game(grid.name, layout, deals, score, check.problems, check.played)
    if layout.total_row is not None and not game.has_errors:
        check.typed_totals(score)
    return game


class _GameCheck:
    """What checking one game gathers as it reads the deal rows."""

    __slots__ = ("context", "grid", "layout", "played", "probe", "problems", "rules")

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
                    params={"player": clean(str(name))},
                )
            )
        if layout.stray_row is not None:
            self.at(layout.stray_row, None, "deal_after_blank_row", gap=layout.end_row + 2)

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
        for number, deal_row in enumerate(self.layout.rows, start=1):
            value = deal_row.number
            if not (type(value) in (int, float) and value == number):
                self.deal_number(deal_row, number)
            if not deal_row.played:
                gap = gap or number
                continue
            self.played += 1
            if gap is not None:
                self.at(deal_row.row, None, "deal_after_gap", deal=number, gap=gap)
            if most is not None and number > most:
                self.at(deal_row.row, None, "too_many_deals", deal=number, most=most)
                break
            if ended is not None:
                deal, player = ended
                who, limit = self.layout.players[player], rules.points_limit
                self.at(
                    deal_row.row, None, "deal_after_end", deal=number, ended=deal, who=who,
                    limit=limit,
                )  # fmt: skip
                break
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
        known: dict[object, Entry | RemiError | None],
        rules: HouseRules,
    ) -> list[Entry | None] | None:
        """What each cell of a deal row says; None when a cell is no entry (reported)."""
        entries: list[Entry | None] = []
        wrong = False
        for index, cell in enumerate(deal_row.cells):
            # Text (nearly every cell) by itself; a number by its type too (1 == 1.0).
            key = cell if type(cell) is str else (type(cell), cell)
            found = known.get(key, _UNREAD)
            if found is _UNREAD:
                found = known[key] = _read_entry(cell, rules)
            if type(found) is RemiError:
                self.at(deal_row.row, index, found.code, deal=number, **found.params)
                wrong = True
            else:
                entries.append(found)  # type: ignore[arg-type]
        return None if wrong else entries

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
                code = "formula_no_value" if found[0] == "f" else "formula_error"
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
                entry = None
            if not isinstance(entry, Number) or entry.value != total:
                self.at(row, index, TOTAL_MISMATCH, value=typed, total=total)


_UNREAD: Final = object()  # a cell value `CheckContext` has not read yet (None: an empty cell)


def _read_entry(value: CellValue, rules: HouseRules) -> Entry | RemiError | None:
    """A cell's entry, or why it is none. Notebooks repeat the same few entries (W, H, X,
    small numbers) thousands of times, so `CheckContext` keeps what this says per value."""
    # Every error value holds a "#" (typed full-width, it folds to one): other text needs
    # no folding to be told apart.
    if (
        isinstance(value, str)
        and ("#" in value or "\uff03" in value)
        and fold(value) in _EXCEL_ERRORS
    ):
        return RemiError("formula_error", value=value.strip())
    try:
        return parse_entry(value, rules)
    except RemiError as error:
        return error


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
    return clean(str(value)) if filled(value) else None
