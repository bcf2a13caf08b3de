"""The printable scorecard (`remi report`): a view model of the notebook, rendered to PDF.

Three steps, each testable alone:

1. `build_report` / `blank_card` turn the checked notebook into plain, already-worded data
   (`Report`, `BlankCard`): the templates only lay it out, they compute nothing.
2. `report.rendering.render_html` fills a Jinja2 template from the template folder.
3. `report.rendering.render_pdf` lays the whole HTML out with WeasyPrint in one pass (one
   document, however many games).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from remi_sheet.core.problems import Severity
from remi_sheet.core.rules import (
    DatedRules,
    HouseRules,
    Rounding,
    default_value,
    table_rows,
    value_text,
)
from remi_sheet.core.scoring import DealScore
from remi_sheet.core.standings import COLUMNS, DECIMALS, ORDER, Standing, standings
from remi_sheet.core.text import fold
from remi_sheet.i18n import Lang, day, number, say, shown_value, words
from remi_sheet.i18n.rules import RULE_NAME_KEYS
from remi_sheet.notebook.games import Game, ScoredDeal
from remi_sheet.notebook.layout import date_text
from remi_sheet.notebook.loading import Notebook
from remi_sheet.notebook.names import spelt_as_shown
from remi_sheet.reading.cells import CellValue
from remi_sheet.report.charts import Chart, joined, line_chart

if TYPE_CHECKING:
    pass

REPORT_TEMPLATE: Final = "scorecard.html"
BLANK_TEMPLATE: Final = "blank.html"
LONGER: Final = 16  # deals past which a game's rows and chart are lower still
LONGEST: Final = 20  # deals past which its rows are the lowest
MINUS: Final = "\u2212"  # a real minus sign: a hyphen looks too short beside the digits


# --------------------------------------------------------------------------- view model


@dataclass(frozen=True, slots=True)
class ScoreCell:
    score: int
    running: int
    mark: str  # "hand" (the −40), "plus200", "win" (a normal win) or ""


@dataclass(frozen=True, slots=True)
class DealLine:
    number: int
    cells: tuple[ScoreCell, ...]


@dataclass(frozen=True, slots=True)
class Result:
    name: str
    total: int
    rank: int
    shared: bool  # the place is shared with another player


@dataclass(frozen=True, slots=True)
class ProblemLine:
    cell: str
    message: str


@dataclass(frozen=True, slots=True)
class GamePage:
    sheet: str
    date: str | None
    place: str | None
    players: tuple[str, ...]
    deals: tuple[DealLine, ...]
    results: tuple[Result, ...]
    status: str  # "7/7 deals · complete"
    complete: bool
    verdict: str | None  # "Winner: Anna" or "Leading: Béla"
    problems: tuple[ProblemLine, ...]  # a game with errors shows these instead of numbers
    chart: Chart | None
    notes: tuple[tuple[int, str], ...] = ()  # what the Notes column says beside the deals
    # The house rules of the game's date: its footnote, and the marks' points in its legend.
    rules: tuple[RuleLine, ...] = ()
    hand: int = -40
    special: int = 200

    @property
    def broken(self) -> bool:
        return bool(self.problems)

    @property
    def longer(self) -> bool:
        """More deals than the usual rows leave room for: lower rows (`.longer`)."""
        return len(self.deals) > LONGER

    @property
    def longest(self) -> bool:
        """More deals still: the lowest rows (`.longest`)."""
        return len(self.deals) > LONGEST


@dataclass(frozen=True, slots=True)
class StandingsPage:
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]  # each row's place, shared on equal figures
    order: str  # the line that names the order
    games: int
    not_counted: tuple[str, ...]
    not_started: tuple[str, ...]  # games with no deal typed yet: no page of their own
    chart: Chart | None


@dataclass(frozen=True, slots=True)
class RuleLine:
    name: str
    value: str
    default: str


@dataclass(frozen=True, slots=True)
class Report:
    lang: Lang
    title: str
    source: str
    t: Mapping[str, str]  # the words, `{{ t.total }}` in a template
    games: tuple[GamePage, ...]
    standings: StandingsPage | None
    rules: tuple[RuleLine, ...]
    agreements: tuple[str, ...]  # the Rules sheet's free text, printed as typed
    hand: int  # the hand winner's score, for the key to the marks
    special: int  # a +200: not laid down after a hand


@dataclass(frozen=True, slots=True)
class BlankCard:
    lang: Lang
    title: str
    t: Mapping[str, str]
    players: tuple[str, ...]
    deals: tuple[int, ...]
    legend: tuple[str, ...]
    rules: tuple[RuleLine, ...]

    @property
    def row_height(self) -> float:
        """A deal row's height in millimetres: roomy for a few deals, then as much as lets
        the rows share the page's room for them with two-line names and a rules footnote
        (one page up to 25 deals), never below what a pencil writes in."""
        return round(max(5.0, min(13.0, _BLANK_ROWS_MM / max(len(self.deals), 1))), 1)


# The page's height for a blank card's deal rows, once its title, the date-and-place line,
# the names (two lines each), totals, ranks, the legend and a rules footnote are placed.
_BLANK_ROWS_MM: Final = 110.0


def signed(value: int | float, lang: Lang) -> str:
    """A score as printed: a true minus sign, no plus sign (a score is plus by default), a
    decimal comma in Hungarian."""
    return number(value, lang, minus=MINUS)


def build_report(notebook: Notebook, games: Sequence[Game], source: str) -> Report:
    """The scorecard of `games` (of `notebook`, in order): a page each, and a standings page
    when there are several."""
    lang, rules = notebook.lang, notebook.rules
    looks = chart_looks(games)
    footnote = rule_lines(rules, lang)
    # A game with no deal typed yet (the one `new --add-game` just made) gets no page of
    # its own: the standings page lists it as not started. Alone, it keeps its page.
    shown = [game for game in games if not _not_started(game)] or list(games)
    # Each game by the rules of its date, and its footnote says them where they differ.
    pages = tuple(
        game_page(
            game,
            game.rules,
            lang,
            looks,
            footnote if game.rules == rules else rule_lines(game.rules, lang),
        )
        for game in shown
    )
    return Report(
        lang=lang,
        title=f"{Path(source).stem} — {say('scorecard', lang)}",
        source=source,
        t=words(lang),
        games=pages,
        standings=standings_page(games, lang) if len(games) > 1 else None,
        rules=dated_rule_lines(notebook.dated, lang),
        agreements=notebook.agreements,
        hand=rules.hand_win,
        special=rules.not_down_after_hand,
    )


def _not_started(game: Game) -> bool:
    return game.played == 0 and not game.has_errors


def chart_looks(games: Sequence[Game]) -> dict[str, int]:
    """Each player's line style (by folded name) on every chart of a report: their place
    in the standings (the standings chart draws them so), then the players of games left
    out of them, as they first appear."""
    counted = _counted(games)
    table = standings(game.score for game in counted)
    looks = {fold(row.name): index for index, row in enumerate(table)}
    for game in games:
        for name in map(fold, game.players):
            looks.setdefault(name, len(looks))
    return looks


def _typed(value: CellValue, lang: Lang) -> str | None:
    """A Date or Place cell as typed; a number or a date the spreadsheet stored as one as
    the language writes it (`12,5`, `2026. 03. 04.` in Hungarian)."""
    if isinstance(value, str):
        return date_text(value)
    return shown_value(value, lang) if value is not None else None


def game_page(
    game: Game,
    rules: HouseRules,
    lang: Lang,
    looks: dict[str, int] | None = None,
    footnote: Sequence[RuleLine] = (),
) -> GamePage:
    """One game's page; `footnote`: the house rules its footnote lists (`rule_lines`)."""
    score = game.score
    # The date as remi read it, in the language's style: "03/04/2026" typed as text
    # reads one way in London and another in Boston, and the card says which it took.
    read = game.day
    shown = day(read, lang) if isinstance(read, dt.date) else _typed(game.layout.date, lang)
    title = {"date": shown, "place": _typed(game.layout.place, lang)}
    if game.has_errors:
        # Wrong numbers on paper are worse than none: list what to fix instead.
        problems = tuple(
            ProblemLine(p.cell or "", p.message(lang))
            for p in game.problems
            if p.severity is Severity.ERROR
        )
        return GamePage(
            game.sheet,
            date=title["date"],
            place=title["place"],
            players=game.players,
            deals=(),
            results=(),
            status="",
            complete=False,
            verdict=None,
            problems=problems,
            chart=None,
            rules=tuple(footnote),
            hand=rules.hand_win,
            special=rules.not_down_after_hand,
        )
    deals = tuple(
        _deal_line(deal, running) for deal, running in zip(game.deals, score.running, strict=True)
    )
    results = tuple(
        Result(name, total, place, score.ranks.count(place) > 1)
        for name, total, place in zip(game.players, score.totals, score.ranks, strict=True)
    )
    if rules.to_limit:
        status_key = "status_limit_complete" if score.complete else "status_limit_open"
    else:
        status_key = "status_complete" if score.complete else "status_open"
    return GamePage(
        game.sheet,
        date=title["date"],
        place=title["place"],
        players=game.players,
        deals=deals,
        results=results,
        status=say(
            status_key,
            lang,
            played=len(deals),
            total=rules.deals_per_game,
            limit=rules.points_limit,
        ),
        complete=score.complete,
        verdict=_verdict(results, score.complete, lang) if deals else None,
        problems=(),
        chart=_game_chart(game, rules, looks, _lines_over_one(game, title, footnote))
        if deals
        else None,
        notes=game.notes,
        rules=tuple(footnote),
        hand=rules.hand_win,
        special=rules.not_down_after_hand,
    )


def _deal_line(deal: ScoredDeal, running: Sequence[int]) -> DealLine:
    return DealLine(
        deal.number,
        tuple(
            ScoreCell(points, total, _mark(deal.score, index))
            for index, (points, total) in enumerate(zip(deal.score.scores, running, strict=True))
        ),
    )


def _mark(deal: DealScore, index: int) -> str:
    """What the eye should find in this cell: the hand (−40), a +200, the normal win."""
    if index == deal.winner:
        return "hand" if deal.hand else "win"
    return "plus200" if index in deal.plus200 else ""


def _verdict(results: Sequence[Result], complete: bool, lang: Lang) -> str:
    first = [r.name for r in results if r.rank == 1]
    key = ("winners" if len(first) > 1 else "winner") if complete else "leader"
    return f"{say(key, lang)}: {', '.join(first)}"


def _lines_over_one(
    game: Game, title: Mapping[str, str | None], footnote: Sequence[RuleLine]
) -> int:
    """The lines past one that the page's wrapped texts take: the longest name's heading,
    the date and place, the rules footnote. Each takes room the chart gives up, so that a
    game of six long names stays on its page. Counted from the characters a line holds as
    DejaVu Sans sets them at the scorecard's sizes (a name heading is a sixth of the table
    for six players, the date and place share their line with the status badge)."""
    import math
    import textwrap

    heading = max(6, 80 // len(game.players))
    names = max(len(textwrap.wrap(name, heading)) for name in game.players) - 1
    meta = f"{title['date'] or ''} {title['place'] or ''}"
    place = math.ceil((len(meta) + 20) / 55) - 1 if meta.strip() else 0
    rules_text = "".join(f"{r.name} {r.value} {r.default}" for r in footnote)
    notes = math.ceil((len(rules_text) + 15 * len(footnote) + 45) / 125) - 1
    return max(0, names) + max(0, place) + (max(0, notes) if rules_text else 0)


def _game_chart(
    game: Game, rules: HouseRules, looks: dict[str, int] | None, lines_over_one: int = 0
) -> Chart:
    """Running totals from 0 before the first deal; the x axis spans the whole game, so an
    unfinished game shows how far it has come (one played to a limit, its deals)."""
    count = len(game.players)
    values = [[0, *(running[index] for running in game.score.running)] for index in range(count)]
    # A game played to a limit has no length to show before it ends: the deals played.
    length = len(game.deals) if rules.to_limit else max(rules.deals_per_game, len(game.deals))
    length = max(length, 1)
    labels = ["", *(str(number) for number in range(1, length + 1))]
    # The table grows with the deals; the chart gives way so that a game stays on one page
    # (past sixteen deals, as far as the table's rows do: `.longer` in scorecard.css).
    height = max(150 if len(game.deals) > LONGER else 180, 330 - 36 * max(0, length - 7))
    height = max(100, height - 15 * lines_over_one)  # a line of text is 15 of the chart's units
    styles = [looks[fold(name)] for name in game.players] if looks else None
    return line_chart(game.players, values, labels, height=height, styles=styles)


def _counted(games: Sequence[Game]) -> list[Game]:
    """The games the standings count: scored, with at least one deal."""
    return [game for game in games if not game.has_errors and game.deals]


def standings_page(games: Sequence[Game], lang: Lang) -> StandingsPage:
    """The standings over `games` as on the Standings sheet, and each player's total after
    every counted game."""
    counted = _counted(games)
    table = spelt_as_shown(standings(game.score for game in counted), games)
    return StandingsPage(
        headings=tuple(say(key, lang) for key in COLUMNS if key != "rank"),
        rows=tuple(_standing_row(row, lang) for row in table),
        ranks=tuple(row.rank for row in table),
        order=say(ORDER, lang),
        games=len(counted),
        not_counted=tuple(game.sheet for game in games if game.has_errors),
        not_started=tuple(game.sheet for game in games if _not_started(game)),
        chart=_standings_chart(table, counted) if counted else None,
    )


def _standing_row(row: Standing, lang: Lang) -> tuple[str, ...]:
    """The row's cells after its place: text as it is, figures signed, "—" for none."""
    cells = []
    for key, value in zip(COLUMNS[1:], row.values()[1:], strict=True):
        if value is None:
            cells.append("—")
        elif isinstance(value, str):
            cells.append(value)
        else:
            cells.append(number(value, lang, minus=MINUS, decimals=DECIMALS.get(key)))
    return tuple(cells)


def _standings_chart(table: Sequence[Standing], games: Sequence[Game]) -> Chart:
    """Each player's total after every game they played (names matched as in `standings`)."""
    totals = {fold(row.name): 0 for row in table}
    values: dict[str, list[int | None]] = {key: [] for key in totals}
    for game in games:
        played = dict(zip(map(fold, game.players), game.score.totals, strict=True))
        for key, line in values.items():
            if key in played:
                totals[key] += played[key]
                line.append(totals[key])
            else:
                line.append(None)
    labels = ["", *(str(number) for number in range(1, len(games) + 1))]
    lines = [joined(line, 0) for line in values.values()]
    # Past six players the table grows a row each (two lines for a long name), and its
    # key a line every three: the chart gives way, so that the page holds both.
    height = max(140, 320 - 24 * max(0, len(table) - 6))
    return line_chart([row.name for row in table], lines, labels, height=height)


def rule_lines(rules: HouseRules, lang: Lang) -> tuple[RuleLine, ...]:
    """The house rules that differ from the defaults, for the footnote."""
    return tuple(
        RuleLine(
            say(RULE_NAME_KEYS[name], lang),
            _rule_text(value, lang),
            _rule_text(default_value(name), lang),
        )
        for name, value in rules.differences().items()
    )


def dated_rule_lines(dated: DatedRules, lang: Lang) -> tuple[RuleLine, ...]:
    """The house rules that differ from the defaults from the start, then each change
    with the day it holds from (`DatedRules.rows`): the footnote of a page of many games."""
    return tuple(
        RuleLine(
            say(RULE_NAME_KEYS[name], lang)
            + ("" if since is None else f" ({say('rules_since', lang, day=day(since, lang))})"),
            _rule_text(value, lang),
            _rule_text(default_value(name), lang),
        )
        for since, name, value in dated.rows()
    )


def _rule_text(value: int | bool | str, lang: Lang) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return signed(value, lang)
    return value_text(value, lang)


def blank_card(players: Sequence[str], rules: HouseRules, lang: Lang) -> BlankCard:
    """An empty score sheet for playing on paper, with the scoring rules as a legend."""
    legend = [
        say("legend_hand", lang, hand=signed(rules.hand_win, lang)),
        say("legend_win", lang, normal=signed(rules.normal_win, lang)),
        say(
            "legend_loser"
            if rules.rounding is Rounding.NEAREST_TEN_HALF_UP
            else "legend_loser_exact",
            lang,
        ),
        say(
            "legend_after_hand",
            lang,
            multiplier=rules.hand_multiplier,
            special=signed(rules.not_down_after_hand, lang),
        ),
        *(
            [say("legend_doubled_first", lang, multiplier=rules.hand_multiplier)]
            if rules.rounding is Rounding.NEAREST_TEN_HALF_UP and not rules.round_before_doubling
            else []
        ),
        *(
            [say("legend_not_down_normal", lang, special=signed(rules.not_down_after_normal, lang))]
            if rules.not_down_after_normal is not None
            else []
        ),
        say("legend_cards", lang, ace=rules.ace_value, joker=rules.joker_in_hand),
        say("legend_opening", lang, opening=rules.opening_minimum),
        say("legend_limit", lang, limit=rules.points_limit)
        if rules.to_limit
        else say("legend_lowest", lang, deals=rules.deals_per_game),
    ]
    return BlankCard(
        lang=lang,
        title=say("blank_title", lang),
        t=words(lang),
        players=tuple(players),
        deals=tuple(range(1, table_rows(rules) + 1)),
        legend=tuple(legend),
        rules=rule_lines(rules, lang),
    )
