"""What `remi stats` shows of a season: its tables for the terminal, its JSON document and
its CSV, every figure written the same way."""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from remi_sheet.cli.printing import Justify, Table
from remi_sheet.core.problems import Problem
from remi_sheet.i18n import Lang, day, say
from remi_sheet.notebook.season import (
    RATED_FROM,
    TABLE_COLUMNS,
    places_heading,
    places_named,
)
from remi_sheet.report.season import (
    head_to_head_grid,
    number,
    row_cells,
    season_title,
)

if TYPE_CHECKING:
    from remi_sheet.notebook.season import Season, SeasonGame


@dataclass(frozen=True, slots=True)
class Options:
    since: dt.date | None
    until: dt.date | None
    players: list[str]
    sort: str
    json_output: bool
    csv_output: bool
    output: Path | None
    history: bool
    lang: Lang
    template: Path | None = None  # the template folder of the PDF (None: remi's own)


def season_json(
    season: Season, problems: Sequence[Problem], files: Sequence[str], options: Options
) -> dict[str, Any]:
    lang = options.lang
    history = season.history
    return {
        "notebooks": list(files),
        "lang": lang,
        "since": options.since.isoformat() if options.since else None,
        "until": options.until.isoformat() if options.until else None,
        "rating_model": "openskill PlackettLuce; rating = mu - 3*sigma, uncertainty = sigma",
        # A player's few_games: fewer complete games than this, the tables show no rating.
        "few_games_below": RATED_FROM,
        "players": [
            {
                **row.to_json(),
                "rating_history": [
                    {"game": game, "rating": round(value, 3)}
                    for game, value in zip(history.games, history.of(row.name), strict=True)
                    if value is not None
                ],
            }
            for row in season.rows
        ],
        "head_to_head": {
            name: {other: [v.ahead, v.behind] for other, v in versus.items()}
            for name, versus in season.head_to_head.items()
        },
        "head_to_head_ties": {
            name: {other: v.tied for other, v in versus.items()}
            for name, versus in season.head_to_head.items()
        },
        "games": [_game_json(game) for game in season.games],
        "incomplete": [game.label for game in season.incomplete],
        "not_counted": [game.label for game in season.not_counted],
        "problems": [problem.to_json(lang) for problem in problems],
    }


def _game_json(game: SeasonGame) -> dict[str, Any]:
    players, score, broken = game.game.players, game.game.score, game.game.has_errors
    return {
        "game": game.label,
        "sheet": game.game.sheet,
        "date": game.date.isoformat() if game.date else None,
        "players": list(game.game.players),
        "counted": game.played,
        "complete": game.complete,
        # As `check --json` says them: a game with errors has no totals or places.
        "totals": None if broken else dict(zip(players, score.totals, strict=True)),
        "ranks": None if broken else dict(zip(players, score.ranks, strict=True)),
    }


CSV_COLUMNS = (
    "rank",
    "name",
    "games",
    "complete_games",
    "wins",
    "deals",
    "total",
    "average",
    "average_per_deal",
    "hands",
    "plus200",
    "rating",
    "uncertainty",
    "mu",
    "longest_streak",
    "best_game",
    "best_total",
    "worst_game",
    "worst_total",
)


def csv_header(season: Season) -> list[str]:
    """The CSV columns: `CSV_COLUMNS`, then place_1 … place_6 (more if a game had more)."""
    most = max([6, *(len(row.places) for row in season.rows)])
    return [*CSV_COLUMNS, *(f"place_{place}" for place in range(1, most + 1))]


def write_csv(season: Season, stream: Any) -> None:
    header = csv_header(season)
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(header)
    for row in season.rows:
        data = row.to_json()
        best, worst = data["best_game"] or {}, data["worst_game"] or {}
        data |= {
            "best_game": best.get("game"),
            "best_total": best.get("total"),
            "worst_game": worst.get("game"),
            "worst_total": worst.get("total"),
        }
        places = dict(enumerate(row.places, start=1))
        data |= {
            key: places.get(int(key.removeprefix("place_")), 0)
            for key in header
            if key.startswith("place_")
        }
        writer.writerow([_neutral("" if data[key] is None else data[key]) for key in header])


# A cell a spreadsheet would take for a formula (OWASP's list of what starts one).
_FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def _neutral(value: object) -> object:
    """A CSV cell that a spreadsheet opening the file reads as text, never as a formula: text
    starting like a formula gets a leading "'" (numbers are written as numbers, a whole one
    without ".0": 265, not 265.0)."""
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def standings_table(season: Season, lang: Lang) -> Table:
    table = Table(season_title(season, lang))
    for key in TABLE_COLUMNS:
        heading = say("streak_short" if key == "streak" else key, lang)
        short = say(f"short_{key}", lang)
        if key == "places":  # "Places (1st·2nd·3rd·4th)", on a narrow terminal "1st·2nd·3rd·4th"
            heading = places_heading(season.rows, lang)
            short = places_named(season.rows, lang) or short
        justify: Justify = "left" if key == "player" else "right"
        table.add_column(heading, justify, short=short)
    for row in season.rows:
        table.add_row(str(row.standing.rank), *row_cells(row, lang))
    return table


def records_table(season: Season, lang: Lang) -> Table:
    table = Table(say("records", lang))
    table.add_column(say("player", lang))
    table.add_column(say("best_game", lang))
    table.add_column(say("worst_game", lang))
    table.add_column(say("streak", lang), justify="right")
    for row in season.rows:
        best = f"{number(row.best.total, lang)} ({row.best.game})" if row.best else "—"
        worst = f"{number(row.worst.total, lang)} ({row.worst.game})" if row.worst else "—"
        table.add_row(row.name, best, worst, str(row.streak))
    return table


def head_to_head_table(season: Season, lang: Lang) -> Table:
    table = Table(say("head_to_head", lang))
    table.add_column("")
    for row in season.rows:
        table.add_column(row.name, justify="center")
    for name, cells in head_to_head_grid(season):
        table.add_row(name, *cells)
    return table


def history_table(season: Season, lang: Lang) -> Table:
    history = season.history
    table = Table(say("rating_history", lang))
    table.add_column(say("game", lang))
    table.add_column(say("date", lang))
    for name in history.players:
        table.add_column(name, justify="right")
    for index, game in enumerate(history.games):
        date = history.dates[index]
        cells = [number(ratings[index], lang, decimals=2) for ratings in history.ratings]
        table.add_row(game, day(date, lang) if date else "", *cells)
    return table
