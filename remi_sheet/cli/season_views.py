"""What `remi stats` shows of a season on a terminal: its tables, every figure written the
same way (its `--json` document and its CSV are `commands.stats.Stats`')."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from remi_sheet.cli.printing import Justify, Table
from remi_sheet.i18n import Lang, day, listed, say
from remi_sheet.i18n.notebook import SHORT_HEADING_KEYS
from remi_sheet.notebook.season import TABLE_COLUMNS, places_heading
from remi_sheet.report.season import head_to_head_grid, number, row_cells, season_title

if TYPE_CHECKING:
    from remi_sheet.notebook.season import Season


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


# On a terminal too narrow for every column of the standings (80 or 100 columns), the
# columns left out, first to last: the longest streak (the table of best and worst games
# says it), +200 taken, hands, per deal, ±, total, complete games, places. The rank, the
# player, the rating, the games, the wins and the average (the order) always stay.
LEFT_OUT: Final = (
    "streak",
    "plus200",
    "hands",
    "per_deal",
    "uncertainty",
    "total",
    "complete_games",
    "places",
)
# The headings of the columns kept then, where not the full heading: words, not the short
# headings that let every column fit ("Bef.", "Győz.").
NARROW_HEADING_KEYS: Final = {"rank": "short_rank", "average": "narrow_average"}


def standings_table(season: Season, lang: Lang) -> Table:
    def note(left_out: Sequence[str]) -> str:
        return say("columns_left_out", lang, columns=listed(list(left_out), lang))

    table = Table(season_title(season, lang), note=note)
    for key in TABLE_COLUMNS:
        heading = say("streak_short" if key == "streak" else key, lang)
        short = say(SHORT_HEADING_KEYS[key], lang)
        if key == "places":  # "Places (1st·2nd·3rd·4th)": the figures named, the word kept
            heading = short = places_heading(season.rows, lang)
        narrow = say(NARROW_HEADING_KEYS[key], lang) if key in NARROW_HEADING_KEYS else ""
        left_out = LEFT_OUT.index(key) + 1 if key in LEFT_OUT else 0
        justify: Justify = "left" if key == "player" else "right"
        table.add_column(heading, justify, short=short, narrow=narrow, left_out=left_out)
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
