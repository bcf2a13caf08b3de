"""The season's printout (`remi stats -o season.pdf`): a view model of the season's standings,
records, head to head and rating chart, rendered by the scorecard's templates."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from remi_sheet.core.standings import ORDER
from remi_sheet.i18n import Lang, day, say, words
from remi_sheet.i18n import number as say_number
from remi_sheet.notebook.season import SEASON_DECIMALS, places_heading, places_text, summary
from remi_sheet.report.charts import Chart
from remi_sheet.report.scorecard import RuleLine, dated_rule_lines

MINUS = "\u2212"

if TYPE_CHECKING:
    from remi_sheet.core.rules import DatedRules
    from remi_sheet.notebook.season import Season, SeasonRow, Versus


@dataclass(frozen=True, slots=True)
class SeasonReport:
    """The season PDF's view model: every value already worded; the template lays it out."""

    lang: Lang
    title: str
    source: str
    t: Mapping[str, str]
    period: str | None
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]  # each row's place in the standings, whatever the table's order
    order: str  # the line that names the standings order (and the table's, when sorted)
    records: tuple[tuple[str, str, str], ...]  # player, best game, worst game
    versus_names: tuple[str, ...]
    versus: tuple[tuple[str, tuple[str, ...]], ...]
    chart: Chart | None
    rated_games: tuple[str, ...]  # "1. 2026-11-29 Klub #1", the chart's x axis
    incomplete: tuple[str, ...]
    not_counted: tuple[str, ...]
    summary: str
    # The house rules that differ from the defaults, by notebook (its file's name, or ""
    # for the one notebook of the season): every report says them.
    house_rules: tuple[tuple[str, tuple[RuleLine, ...]], ...] = ()


def season_report(
    season: Season,
    files: Sequence[str],
    lang: Lang,
    since: dt.date | None,
    until: dt.date | None,
    rules: Sequence[DatedRules] = (),
) -> SeasonReport:
    """The season's PDF: its standings, records, head to head and rating chart; `files`:
    each notebook's label (`file_labels`); `rules`: each one's house rules day by day, in
    the order of `files`."""
    headings = (
        say("player", lang),
        say("rating", lang),
        say("uncertainty", lang),
        say("games", lang),
        say("complete_games", lang),
        say("wins", lang),
        places_heading(season.rows, lang),
        say("total", lang),
        say("average", lang),
        say("per_deal", lang),
        say("hands", lang),
        say("plus200", lang),
        say("streak_short", lang),
    )
    history = season.history
    return SeasonReport(
        lang=lang,
        title=season_title(season, lang),
        source=", ".join(files),
        t=words(lang),
        period=_period(since, until, lang),
        headings=headings,
        rows=tuple(tuple(row_cells(row, lang, MINUS)) for row in season.rows),
        ranks=tuple(row.standing.rank for row in season.rows),
        order=say(ORDER, lang),
        records=tuple(
            (
                row.name,
                f"{number(row.best.total, lang, minus=MINUS)} · {row.best.game}"
                if row.best
                else "—",
                f"{number(row.worst.total, lang, minus=MINUS)} · {row.worst.game}"
                if row.worst
                else "—",
            )
            for row in season.rows
        ),
        versus_names=tuple(row.name for row in season.rows),
        versus=tuple((name, tuple(cells)) for name, cells in head_to_head_grid(season)),
        chart=rating_chart(season) if history.games and history.players else None,
        rated_games=tuple(
            f"{index}. {_dated(game, date, lang)}"
            for index, (game, date) in enumerate(zip(history.games, history.dates, strict=True), 1)
        ),
        incomplete=tuple(game.label for game in season.incomplete),
        not_counted=tuple(game.label for game in season.not_counted),
        summary=summary(season, len(files), lang),
        house_rules=tuple(
            (label if len(files) > 1 else "", dated_rule_lines(house, lang))
            for label, house in zip(files, rules, strict=False)
            if house.start.differences() or house.changes
        ),
    )


# The column a `--sort` orders by, as the tables head it (text keys).
_SORT_COLUMNS = {
    "rating": "rating",
    "wins": "wins",
    "average": "average",
    "total": "total",
    "games": "games",
    "name": "player",
}


def file_labels(files: Sequence[str]) -> list[str]:
    """Each notebook as a season's page names it: its file's name, or its whole path when
    two notebooks of the season share that name (`a/klub.xlsx`, `b/klub.xlsx`)."""
    names = [Path(file).name for file in files]
    return [
        file if names.count(name) > 1 else name for file, name in zip(files, names, strict=True)
    ]


def season_title(season: Season, lang: Lang) -> str:
    """The standings table's title; a table sorted otherwise than by place says by what."""
    title = say("season_title", lang)
    if season.sort == "place":
        return title
    column = say(_SORT_COLUMNS[season.sort], lang).lower()  # a heading, named mid-sentence
    return f"{title} — {say('sorted_by', lang, column=column)}"


def _period(since: dt.date | None, until: dt.date | None, lang: Lang) -> str | None:
    if since is None and until is None:
        return None
    first = day(since, lang) if since else "…"
    last = day(until, lang) if until else "…"
    return f"{first} – {last}"


def _dated(game: str, date: dt.date | None, lang: Lang) -> str:
    """A rated game in the chart's key: its date before its name, unless the name (as
    `remi new` gives it, "2026-03-05 #1", or after its file's, "klub · 2026-03-05 #1")
    holds it already."""
    if date is None or date.isoformat() in game:
        return game
    return f"{day(date, lang)} {game}"


def rating_chart(season: Season) -> Chart:
    """Each player's rating after every rated game they played, on the report's line-chart
    geometry: a line starts at the player's first game (no point before it, not even the
    0 everybody starts from, which would stand at a game they did not play), and a game
    they sat out has no point: the line goes on from their last game to their next."""
    from remi_sheet.report.charts import line_chart

    history = season.history
    labels = [str(index) for index in range(1, len(history.games) + 1)]
    # The geometry is plain arithmetic and draws fractional values as they are; its type
    # says int only because running totals were its first use.
    values = cast("list[list[int | None]]", [list(ratings) for ratings in history.ratings])
    return line_chart(history.players, values, labels, height=300, start=False)


def number(
    value: float | int | None, lang: Lang, *, minus: str = "-", decimals: int | None = None
) -> str:
    """A figure as shown to people (`i18n.number`); a dash for none yet (the average
    before a complete game), as `check` shows it."""
    if value is None:
        return "—"
    return say_number(value, lang, minus=minus, decimals=decimals)


def versus_text(ahead: int, behind: int, tied: int = 0) -> str:
    """ "ahead–behind", and "(=n)" for n shared places."""
    return f"{ahead}–{behind}" + (f" (={tied})" if tied else "")


def row_cells(row: SeasonRow, lang: Lang, minus: str = "-") -> list[str]:
    """A player's row of the season table, as shown: a rating of too few games
    (`SeasonRow.few_games`) as "(few games)", its ± as "—"."""
    standing = row.standing
    if row.few_games:
        rating, uncertainty = say("few_games", lang), number(None, lang)
    else:
        decimals = SEASON_DECIMALS["rating"], SEASON_DECIMALS["uncertainty"]
        rating = number(row.rating.ordinal, lang, minus=minus, decimals=decimals[0])
        uncertainty = number(row.rating.sigma, lang, minus=minus, decimals=decimals[1])
    return [
        row.name,
        rating,
        uncertainty,
        str(standing.games),
        str(standing.complete),
        str(standing.wins),
        places_text(row.places),
        number(standing.total, lang, minus=minus),
        number(standing.average, lang, minus=minus, decimals=SEASON_DECIMALS["average"]),
        number(row.per_deal, lang, minus=minus, decimals=1),
        str(standing.hands),
        str(standing.plus200),
        str(row.streak),
    ]


def head_to_head_grid(season: Season) -> list[tuple[str, list[str]]]:
    """Each player's row of the head-to-head grid: "ahead–behind" against every player in
    the order of the table, "·" against themselves, "" for players never met."""
    names = [row.name for row in season.rows]
    grid = []
    for name in names:
        versus = season.head_to_head.get(name, {})
        grid.append((name, [_versus_cell(name, other, versus) for other in names]))
    return grid


def _versus_cell(name: str, other: str, versus: Mapping[str, Versus]) -> str:
    if other == name:
        return "·"
    found = versus.get(other)
    return versus_text(found.ahead, found.behind, found.tied) if found else ""
