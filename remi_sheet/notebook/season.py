"""Standings across games and notebooks: a season of römi, with a rating.

What `remi stats` shows, and the Standings sheet and its chart take from here:

- **Who is who.** A player is the same player in every game and notebook when the names
  are equal after `text.fold` (trimmed, case and accents ignored): `Béla`, `Bela ` and
  `BÉLA` are one player, shown by the spelling used most. Such variants, and names that
  differ by one letter (`Anna`/`Ana`, counted apart), are reported so a club can fix them.
- **Which games count.** Games with errors are not counted at all. Every other game with
  at least one deal counts for games, deals, totals, averages, hands and +200s (as in
  `standings.standings`, which is reused). Only *complete* games count for wins, places,
  best and worst game, streaks, head to head and the rating.
- **Whose place.** The players are placed as every standings table places them
  (`standings.ORDER`: most wins, then the lowest average per complete game); `sort_rows`
  may show them in another order, and the places stay.
- **Games in what order.** By the game's date (`dates.parse_date`), then by sheet order; a game
  without a readable date goes right after the game before it on the sheets of the same
  notebook (first, when no game comes before it).
- **The rating** (`ratings`): updated game by game in that order. It says little before a
  player's `RATED_FROM`-th complete game, so the tables show "(few games)" instead of it
  and of its ±, and `--sort rating` puts such players last; `--json` keeps every number,
  with `few_games`.

Pure: games in, figures out.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from remi_sheet.core.dates import FORMS, carried, date_or_none, parse_date
from remi_sheet.core.problems import Problem, RemiError, Severity
from remi_sheet.core.standings import COLUMNS, DECIMALS, Standing, one_decimal, standings
from remi_sheet.core.text import clean, fold
from remi_sheet.i18n import Lang, say
from remi_sheet.i18n import place as nth
from remi_sheet.notebook.games import Game
from remi_sheet.notebook.names import (
    Typed,
    spelling_problems,
    spellings_of,
)
from remi_sheet.notebook.ratings import Rating, first_rating, rate
from remi_sheet.reading.cells import address

# The columns `SeasonRow.values` gives, in order: the Standings sheet's (standings.COLUMNS)
# then the season's. Text keys of `i18n`.
SEASON_COLUMNS: Final = (
    *COLUMNS,
    "rating",
    "uncertainty",
    "places",
    "best_game",
    "worst_game",
    "streak",
)


# The season's figures shown with a fixed number of decimals, in every table of them.
SEASON_DECIMALS: Final = {**DECIMALS, "rating": 2, "uncertainty": 2}


# The columns of the season's standings table, in the order `remi stats` prints them and
# its workbook (`-o season.xlsx`) writes them. Text keys of `i18n` ("streak" headed by
# "streak_short"; "places" as "2·1·0", `places_text`).
TABLE_COLUMNS: Final = (
    "rank",
    "player",
    "rating",
    "uncertainty",
    "games",
    "complete_games",
    "wins",
    "places",
    "total",
    "average",
    "per_deal",
    "hands",
    "plus200",
    "streak",
)


SORTS: Final = ("place", "rating", "wins", "average", "total", "games", "name")

# A rating is shown from a player's tenth complete game, a judgement: by then one lucky
# night no longer decides the order (σ, the ±, has come down from 8.3 to about 7, and the
# ratings of a table of four whose skills differ lie some 20 apart; after five games, 15).
# Before, "(few games)" stands in the tables instead, and the rating note says so.
RATED_FROM: Final = 10


@dataclass(frozen=True, slots=True)
class SeasonGame:
    """One game of the season and where it came from."""

    game: Game
    label: str  # the sheet name; "notebook · sheet" when several notebooks are read
    source: int  # the notebook's place on the command line, 0 first
    position: int  # the sheet's place among the notebook's games, 0 first
    date: dt.date | None
    counted: bool = True  # False: errors in it (or in its notebook's house rules)
    notebook: str | None = None  # the notebook's label, when several are read

    @property
    def complete(self) -> bool:
        return self.counted and self.game.score.complete

    @property
    def played(self) -> bool:
        """Counted, with at least one deal: it adds to games, totals and averages."""
        return self.counted and bool(self.game.deals)


@dataclass(frozen=True, slots=True)
class GameResult:
    game: str  # the game's label
    date: dt.date | None
    total: int
    place: int


@dataclass(slots=True)
class SeasonRow:
    """One player's season: the notebook standings' figures (`standing`) and the rest."""

    standing: Standing
    key: str  # the folded name every game is matched by
    spellings: tuple[str, ...]  # every spelling used, the shown one first
    places: tuple[int, ...] = ()  # places[i]: complete games finished (i+1)-th
    best: GameResult | None = None  # lowest total of a complete game (earliest on a tie)
    worst: GameResult | None = None  # highest total of a complete game (earliest on a tie)
    streak: int = 0  # most complete games won in a row, among the games the player played
    rating: Rating = field(default_factory=first_rating)

    @property
    def name(self) -> str:
        return self.standing.name

    @property
    def few_games(self) -> bool:
        """Fewer than `RATED_FROM` complete games: too few for the rating to say much."""
        return self.standing.complete < RATED_FROM

    @property
    def per_deal(self) -> float:
        """Points per deal played, to one decimal, halves away from zero."""
        return one_decimal(self.standing.total, self.standing.deals)

    def values(self) -> list[str | int | float | None]:
        """The row in the order of `SEASON_COLUMNS`: places as "2·1·0" (`places_text`),
        best and worst game as their totals (None without a complete game), rating and
        uncertainty to two decimals."""
        return [
            *self.standing.values(),
            round(self.rating.ordinal, 2),
            round(self.rating.sigma, 2),
            places_text(self.places),
            self.best.total if self.best else None,
            self.worst.total if self.worst else None,
            self.streak,
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            **self.standing.to_json(),
            "spellings": list(self.spellings),
            "average_per_deal": self.per_deal,
            "places": {str(place): count for place, count in enumerate(self.places, start=1)},
            "best_game": _result_json(self.best),
            "worst_game": _result_json(self.worst),
            "longest_streak": self.streak,
            "rating": round(self.rating.ordinal, 3),
            "uncertainty": round(self.rating.sigma, 3),
            "mu": round(self.rating.mu, 3),
            "few_games": self.few_games,
        }


@dataclass(frozen=True, slots=True)
class Versus:
    """How a player did against one other in the complete games both played."""

    ahead: int = 0
    behind: int = 0
    tied: int = 0


@dataclass(frozen=True, slots=True)
class RatingHistory:
    """Each player's rating after every rated (complete, counted) game, in date order.

    `games[g]` is the g-th rated game's label and `dates[g]` its date; `players` are the
    shown names in the rows' order; `ratings[p][g]` is player p's rating (ordinal) after
    game g, or None when p did not play game g. Before their first game everybody's rating
    is `start` (0).
    """

    games: tuple[str, ...]
    dates: tuple[dt.date | None, ...]
    players: tuple[str, ...]
    ratings: tuple[tuple[float | None, ...], ...]
    start: float

    def of(self, name: str) -> tuple[float | None, ...]:
        """The ratings of the player called `name` (folded match)."""
        for index, player in enumerate(self.players):
            if fold(player) == fold(name):
                return self.ratings[index]
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class Season:
    rows: tuple[SeasonRow, ...]  # in the order asked for (`sort_rows`), the standings' by default
    head_to_head: dict[str, dict[str, Versus]]  # shown name → shown name → record
    history: RatingHistory
    games: tuple[SeasonGame, ...]  # every game given, in date order
    problems: tuple[Problem, ...]  # spellings (warnings); dates are `gather`'s
    sort: str = "place"  # the order of `rows`, one of `SORTS`

    @property
    def counted(self) -> tuple[SeasonGame, ...]:
        return tuple(g for g in self.games if g.played)

    @property
    def complete(self) -> tuple[SeasonGame, ...]:
        return tuple(g for g in self.games if g.complete)

    @property
    def incomplete(self) -> tuple[SeasonGame, ...]:
        return tuple(g for g in self.games if g.played and not g.complete)

    @property
    def not_counted(self) -> tuple[SeasonGame, ...]:
        return tuple(g for g in self.games if not g.counted)

    def row(self, name: str) -> SeasonRow:
        for row in self.rows:
            if row.key == fold(name):
                return row
        raise KeyError(name)


def notebook_shown(label: str) -> str:
    """A notebook's label (`klub.xlsx`, `a/klub.xlsx`: `report.season.file_labels`) as it
    names the notebook before a sheet, `klub · Game`: without the `.xlsx` every notebook
    has, but with any other (`klub.ods` beside `klub.xlsx` stays itself)."""
    return label.removesuffix(".xlsx")  # (KLUB.XLSX beside klub.xlsx stays itself)


def sheet_named(problem: Problem, shown: Callable[[str], str] = str) -> str | None:
    """A problem's sheet as a person reads it, each name as `shown` shows it: `Game`, or
    with its notebook among several, `klub · Game`; a notebook's own problem, its file:
    `klub.xlsx` (the terminal's and the season workbook's alike)."""
    sheet = shown(problem.sheet) if problem.sheet else None
    if problem.file is None:
        return sheet
    if sheet is None:
        return shown(problem.file)
    return f"{shown(notebook_shown(problem.file))} · {sheet}"


def gather_games(
    games: Sequence[Game], source: int = 0, notebook: str | None = None, *, rules_ok: bool = True
) -> list[SeasonGame]:
    """The games of one notebook (in sheet order) with their dates read; labels are
    "notebook · sheet" when `notebook` (its file's name, `klub.xlsx`) is given. Games with
    errors are marked not counted, and so is every game when the notebook's house rules
    are wrong (`rules_ok` False)."""
    stem = notebook_shown(notebook) if notebook else None
    return [
        SeasonGame(
            game,
            f"{stem} · {game.sheet}" if stem else game.sheet,
            source,
            position,
            date_or_none(game.layout.date),
            counted=rules_ok and not game.has_errors,
            notebook=notebook,
        )
        for position, game in enumerate(games)
    ]


def date_problems(games: Iterable[SeasonGame], *, filtered: bool = False) -> list[Problem]:
    """A warning for each game without a date (`filtered`: dates limit the season, so an
    undated game is left out rather than placed); one with a date that cannot be read has
    its own warning already, unless `filtered` leaves it out."""
    problems: list[Problem] = []
    for season_game in games:
        game = season_game.game
        try:
            found = parse_date(game.layout.date)
        except RemiError as error:
            if filtered:  # left out: its own warning (`games.check_game`) is not shown
                params = {"value": error.params["value"], "forms": FORMS}
                where = game.layout.date_cell
                problems.append(
                    Problem("date_unreadable_left_out", game.sheet, where, _WARN, params)
                )
            continue  # else the game's own warning, at its Date cell, says it
        if found is None and game.played:  # a game not started has nothing to place
            code = "date_missing_left_out" if filtered else "date_missing"
            problems.append(Problem(code, game.sheet, game.layout.date_cell, _WARN))
    return problems


def once_each(games: Sequence[SeasonGame]) -> tuple[list[SeasonGame], list[Problem]]:
    """`games` without the copies other notebooks hold, and a warning for each copy left
    out: a month's notebook read beside the season's would count its games, and their
    wins, twice. A copy has the same day, players (in any column order) and each player's
    deal scores. Within one notebook copies all count, as on its Standings sheet; of the
    notebooks that hold a game, the one that holds it most often (the first, on a tie) has
    its copies counted, whatever the order the notebooks are named in."""
    copies: dict[tuple[object, ...], dict[int, list[SeasonGame]]] = {}
    for season_game in games:
        key = season_game.game.sameness() if season_game.counted else None
        if key is not None:
            by_source = copies.setdefault(key, {})
            by_source.setdefault(season_game.source, []).append(season_game)
    counted_instead: dict[int, SeasonGame] = {}  # id of a copy left out → the one counted
    for by_source in copies.values():
        keeper = max(by_source, key=lambda source: (len(by_source[source]), -source))
        kept = by_source[keeper]
        for source, listed in by_source.items():
            if source != keeper:
                for index, copy in enumerate(listed):
                    counted_instead[id(copy)] = kept[min(index, len(kept) - 1)]
    problems = [
        Problem(
            "season_same_game",
            g.game.sheet,
            None,
            _WARN,
            {"first": counted_instead[id(g)].label},
            file=g.notebook,
        )
        for g in games
        if id(g) in counted_instead
    ]
    return [g for g in games if id(g) not in counted_instead], problems


def in_date_order(games: Sequence[SeasonGame]) -> list[SeasonGame]:
    """`games` by date, then by notebook (by its name, so that the order the notebooks are
    named in changes no streak or rating) and sheet order; an undated game keeps the date
    of the game before it in its notebook, so it stays right after that game."""
    keyed: list[tuple[tuple[dt.date, str, int, int], SeasonGame]] = []
    in_sheet_order = sorted(games, key=lambda g: (g.source, g.position))
    for source, notebook in itertools.groupby(in_sheet_order, key=lambda g: g.source):
        played = list(notebook)
        for day, game in zip(carried(g.date for g in played), played, strict=True):
            keyed.append(((day, game.notebook or "", source, game.position), game))
    return [game for _, game in sorted(keyed, key=lambda pair: pair[0])]


def within(
    games: Iterable[SeasonGame], since: dt.date | None, until: dt.date | None
) -> list[SeasonGame]:
    """The games dated from `since` to `until` (both included); with either given, an
    undated game is left out."""
    if since is None and until is None:
        return list(games)
    return [
        g
        for g in games
        if g.date is not None
        and (since is None or g.date >= since)
        and (until is None or g.date <= until)
    ]


_WARN: Final = Severity.WARNING


def only_players(season: Season, names: Sequence[str]) -> Season:
    """The season shown for `names` only (folded match; every name must be a row's): their
    rows, head to head among them, and their rating history. Ratings stay those earned
    against everybody."""
    keys = {fold(name) for name in names}
    rows = tuple(row for row in season.rows if row.key in keys)
    shown = {row.name for row in rows}
    history = season.history
    kept = [i for i, name in enumerate(history.players) if name in shown]
    return Season(
        rows=rows,
        head_to_head={
            name: {other: v for other, v in versus.items() if other in shown}
            for name, versus in season.head_to_head.items()
            if name in shown
        },
        history=RatingHistory(
            games=history.games,
            dates=history.dates,
            players=tuple(history.players[i] for i in kept),
            ratings=tuple(history.ratings[i] for i in kept),
            start=history.start,
        ),
        games=season.games,
        problems=season.problems,
        sort=season.sort,
    )


def unknown_players(season: Season, names: Sequence[str]) -> list[str]:
    """The `names` that are no player of the season (folded match)."""
    keys = {row.key for row in season.rows}
    return [name for name in names if fold(name) not in keys]


def compute(games: Sequence[SeasonGame], sort: str = "place") -> Season:
    """Every figure of the season of `games` (any order; they are put in date order)."""
    ordered = in_date_order(games)
    played = [g for g in ordered if g.played]
    complete = [g for g in played if g.game.score.complete]
    spellings = spellings_of(g.game for g in ordered if g.game.deals)
    rows = _rows(played, spellings)
    _add_results(rows, complete)
    finals, history = rate(list(rows), [g.game for g in complete])
    for key, row in rows.items():
        row.rating = finals[key]
    ranked = sort_rows(list(rows.values()), sort)
    shown = {row.key: row.name for row in ranked}
    return Season(
        rows=tuple(ranked),
        head_to_head=_head_to_head(complete, shown),
        history=RatingHistory(
            games=tuple(g.label for g in complete),
            dates=tuple(g.date for g in complete),
            players=tuple(row.name for row in ranked),
            ratings=tuple(tuple(history[row.key]) for row in ranked),
            start=first_rating().ordinal,
        ),
        games=tuple(ordered),
        problems=tuple(spelling_problems(spellings, _typed_at(ordered))),
        sort=sort,
    )


def _typed_at(games: Sequence[SeasonGame]) -> dict[str, Typed]:
    """Where each spelling of a name is first typed: the game's sheet, its header cell and
    the notebook (when there are several)."""
    first: dict[str, Typed] = {}
    for season_game in games:
        layout = season_game.game.layout
        for index, name in enumerate(season_game.game.players):
            cell = address(layout.header_row, layout.player_column(index))
            where = (season_game.game.sheet, cell, season_game.notebook)
            first.setdefault(clean(name), where)
    return first


def sort_rows(rows: list[SeasonRow], by: str = "place") -> list[SeasonRow]:
    """Rows sorted by `by` (one of `SORTS`), best first; "place" is the standings order
    (`standings.ORDER`), and every other order falls back on it for ties."""

    def place(row: SeasonRow) -> tuple[int, str]:
        return (row.standing.rank, row.key)

    def average(row: SeasonRow) -> tuple[bool, float]:
        value = row.standing.average
        return (value is None, 0.0 if value is None else value)

    keys: dict[str, Any] = {
        "place": place,
        # Ratings of too few games (shown as such) after every rating shown.
        "rating": lambda r: (r.few_games, -r.rating.ordinal, *place(r)),
        "wins": lambda r: (-r.standing.wins, *place(r)),
        "average": lambda r: (*average(r), *place(r)),
        "total": lambda r: (r.standing.total, *place(r)),
        "games": lambda r: (-r.standing.games, *place(r)),
        "name": lambda r: (r.key, *place(r)),
    }
    return sorted(rows, key=keys[by])


def _rows(played: Sequence[SeasonGame], spellings: dict[str, Counter[str]]) -> dict[str, SeasonRow]:
    rows: dict[str, SeasonRow] = {}
    for standing in standings(g.game.score for g in played):
        key = fold(standing.name)
        # The most used spelling is shown; Counter keeps first-seen order on a tie.
        names = tuple(name for name, _ in spellings[key].most_common())
        standing.name = names[0]
        rows[key] = SeasonRow(standing, key, names)
    return rows


def _add_results(rows: dict[str, SeasonRow], complete: Sequence[SeasonGame]) -> None:
    """Places, best and worst game and the longest winning streak, from complete games."""
    most = max((len(g.game.players) for g in complete), default=0)
    places: dict[str, list[int]] = {key: [0] * most for key in rows}
    run: dict[str, int] = dict.fromkeys(rows, 0)
    for season_game in complete:
        score = season_game.game.score
        for name, total, place in zip(score.players, score.totals, score.ranks, strict=True):
            row = rows[fold(name)]
            places[row.key][place - 1] += 1
            result = GameResult(season_game.label, season_game.date, total, place)
            if row.best is None or total < row.best.total:
                row.best = result
            if row.worst is None or total > row.worst.total:
                row.worst = result
            # Games a player sat out neither extend nor break their streak.
            run[row.key] = run[row.key] + 1 if place == 1 else 0
            row.streak = max(row.streak, run[row.key])
    for key, row in rows.items():
        row.places = tuple(places[key])


def _head_to_head(
    complete: Sequence[SeasonGame], shown: dict[str, str]
) -> dict[str, dict[str, Versus]]:
    records: dict[tuple[str, str], Versus] = {}
    for season_game in complete:
        score = season_game.game.score
        placed = [
            (fold(name), place) for name, place in zip(score.players, score.ranks, strict=True)
        ]
        for (a, place_a), (b, place_b) in itertools.permutations(placed, 2):
            old = records.get((a, b), Versus())
            records[(a, b)] = Versus(
                old.ahead + (place_a < place_b),
                old.behind + (place_a > place_b),
                old.tied + (place_a == place_b),
            )
    table: dict[str, dict[str, Versus]] = {}
    for a, name in shown.items():
        table[name] = {other: records[(a, b)] for b, other in shown.items() if (a, b) in records}
    return table


def summary(season: Season, notebooks: int, lang: Lang) -> str:
    """The line that says what the season counted: its games in `notebooks` notebooks,
    those counted, those complete."""
    return say(
        "stats_summary",
        lang,
        games=len(season.games),
        notebooks=notebooks,
        counted=len(season.counted),
        complete=len(season.complete),
    )


def places_text(places: Sequence[int]) -> str:
    """Firsts, seconds, … as "2·1·0", on the Standings sheet, the terminal and the PDF."""
    return "·".join(map(str, places))


def places_heading(rows: Sequence[SeasonRow], lang: Lang) -> str:
    """The heading over `places_text`, naming each of its figures: "Places (1st·2nd·3rd)",
    "Helyezések (1.·2.·3.)", as many as the most players of a complete game ("Places"
    before any)."""
    heading = say("places", lang)
    named = places_named(rows, lang)
    return f"{heading} ({named})" if named else heading


def places_named(rows: Sequence[SeasonRow], lang: Lang) -> str:
    """The places `places_text` counts, "1st·2nd·3rd" ("1.·2.·3."); "" before any."""
    most = max((len(row.places) for row in rows), default=0)
    return "·".join(nth(n, lang) for n in range(1, most + 1))


def _result_json(result: GameResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "game": result.game,
        "date": result.date.isoformat() if result.date else None,
        "total": result.total,
        "place": result.place,
    }
