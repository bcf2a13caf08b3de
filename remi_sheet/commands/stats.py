"""`remi stats`: the season across games and notebooks (standings, records, head to head,
ratings), its `--json` document and CSV, and its printable PDF and workbook."""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TextIO, cast

from remi_sheet.commands.documents import rule_changes_json
from remi_sheet.commands.opening import open_notebook
from remi_sheet.commands.targets import check_target
from remi_sheet.core.problems import ArgumentError, Problem, RemiError, Severity, has_errors
from remi_sheet.i18n import Lang
from remi_sheet.notebook.season import RATED_FROM
from remi_sheet.notebook.sheets import Grids
from remi_sheet.report.season import file_labels

if TYPE_CHECKING:
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.notebook.season import Season, SeasonGame

SEASON_TEMPLATE = "season.html"


@dataclass(frozen=True)
class Stats:
    """The season of `notebooks` (each named by `labels`: its file's name, or its path where
    two share a name), its games between `since` and `until`, and every problem found in
    them."""

    season: Season
    problems: list[Problem]
    notebooks: Sequence[Notebook]
    labels: Sequence[str]
    since: dt.date | None = None
    until: dt.date | None = None

    @property
    def ok(self) -> bool:
        return not has_errors(self.problems)

    def to_json(self, lang: Lang | None = None) -> dict[str, Any]:
        """The `--json` document, its problems said in `lang` (the first notebook's
        language when None): the players' rows with their rating history, head to head,
        each game, and each notebook's house rules."""
        return season_json(self, lang or (self.notebooks[0].lang if self.notebooks else "en"))

    def write_csv(self, stream: TextIO) -> None:
        """The players' rows as CSV (`--csv`) on `stream`: `CSV_COLUMNS`, then how often each
        came first, second and on (`csv_header`); a text a spreadsheet would take for a
        formula is written as text."""
        write_csv(self.season, stream)


def stats(
    paths: Sequence[Path | str],
    rules: Sequence[tuple[str, str]] = (),
    lang: Lang | None = None,
    *,
    since: dt.date | None = None,
    until: dt.date | None = None,
    players: Sequence[str] = (),
    sort: str = "place",
) -> Stats:
    """The season of the notebooks at `paths` (each file once), their games between `since`
    and `until`, the rows of `players` only (none: everyone's), sorted by `sort` (place,
    rating, wins, average, total, games, name). `RemiError` for a file that is no notebook."""
    seen: set[Path] = set()
    notebooks = []
    for path in map(Path, paths):
        if path.resolve() not in seen:  # the same file twice would count its games twice
            seen.add(path.resolve())
            notebooks.append(open_notebook(path, rules, lang, grids=Grids.NONE))
    return season_of(notebooks, lang, since=since, until=until, players=players, sort=sort)


def season_of(
    notebooks: Sequence[Notebook],
    lang: Lang | None = None,
    *,
    since: dt.date | None = None,
    until: dt.date | None = None,
    players: Sequence[str] = (),
    sort: str = "place",
) -> Stats:
    """`stats` of notebooks already read. A player asked for who played in none of them is
    an `ArgumentError`."""
    from remi_sheet.notebook import season as seasons

    labels = file_labels([str(notebook.path) for notebook in notebooks])
    games, problems = _games(notebooks, labels, since, until)
    season = seasons.compute(games, sort)
    problems += season.problems
    if players:
        unknown = seasons.unknown_players(season, players)
        if unknown:
            named = ", ".join(row.name for row in season.rows) or "—"
            said = lang or (notebooks[0].lang if notebooks else "en")
            raise ArgumentError(said, "player_unknown", player=unknown[0], players=named)
        season = seasons.only_players(season, players)
    return Stats(season, problems, notebooks, labels, since, until)


def season_json(found: Stats, lang: Lang) -> dict[str, Any]:
    """`Stats.to_json`."""
    season, notebooks = found.season, found.notebooks
    history = season.history
    return {
        "notebooks": [str(notebook.path) for notebook in notebooks],
        "lang": lang,
        "since": found.since.isoformat() if found.since else None,
        "until": found.until.isoformat() if found.until else None,
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
        "problems": [problem.to_json(lang) for problem in found.problems],
        "house_rules": {str(notebook.path): notebook.rules.differences() for notebook in notebooks},
        "rule_changes": {str(notebook.path): rule_changes_json(notebook) for notebook in notebooks},
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
    """`Stats.write_csv`."""
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


def _games(
    notebooks: Sequence[Notebook],
    labels: Sequence[str],
    since: dt.date | None,
    until: dt.date | None,
) -> tuple[list[SeasonGame], list[Problem]]:
    """The season's games of every notebook, in the dates asked for, and what is wrong with
    them: the notebooks' own problems, the games' errors and their dates."""
    from remi_sheet.notebook import season as seasons

    several = len(notebooks) > 1
    games: list[SeasonGame] = []
    problems: list[Problem] = []
    filtered = since is not None or until is not None
    for source, notebook in enumerate(notebooks):
        wrong_rules = [p for p in notebook.problems if p.severity is Severity.ERROR]
        rules_ok = all(p.code == "no_games" for p in wrong_rules)
        found_problems = list(notebook.problems)
        if not rules_ok:
            found_problems.append(Problem("notebook_not_counted"))
        name = labels[source] if several else None
        found = seasons.gather_games(notebook.games, source, name, rules_ok=rules_ok)
        kept = seasons.within(found, since, until)
        found_problems += seasons.date_problems(found, filtered=filtered)
        for season_game in kept:
            found_problems += season_game.game.problems
        problems += [_located(problem, labels[source], several) for problem in found_problems]
        games += kept
    games, twice = seasons.once_each(games)
    return games, problems + twice


def _located(problem: Problem, label: str, several: bool) -> Problem:
    """With several notebooks a sheet name alone is ambiguous: name the notebook too (by
    `label`: its file's name, or its path where two share a name), as a problem of no
    sheet is always named."""
    if not several and problem.sheet is not None:
        return problem
    return dataclasses.replace(problem, file=label)


@dataclass(frozen=True, slots=True)
class SeasonPdf:
    """What `season_pdf` did: the addresses the page asked for and was refused, each once,
    and whether the PDF was written (False: the file there held these very bytes, and was
    left as it was)."""

    refused: list[str]
    written: bool = True


def season_pdf(
    found: Stats,
    target: Path,
    lang: Lang,
    since: dt.date | None = None,
    until: dt.date | None = None,
    *,
    template: Path | str | None = None,
) -> SeasonPdf:
    """Write the season's printable PDF to `target` (the old one kept as NAME.bak once the
    new is sure to replace it), laid out with the templates of the folder `template` as
    `remi report` lays out a scorecard (None: remi's own). `RemiError` when it cannot be
    rendered (no Pango) or written, or for a template past the bounds of
    `report.rendering`."""
    from remi_sheet.reading import files
    from remi_sheet.report import default_template_dir
    from remi_sheet.report.rendering import render_html, render_pdf
    from remi_sheet.report.season import season_report

    check_target(target, "pdf", lang, inputs=[notebook.path for notebook in found.notebooks])
    folder = Path(template) if template is not None else default_template_dir()
    rules = [notebook.dated for notebook in found.notebooks]
    document = season_report(found.season, found.labels, lang, since, until, rules)
    # render_html is typed for the scorecards; it needs only `t` and the template's names.
    html = render_html(folder, SEASON_TEMPLATE, cast("Any", document))
    refused: list[str] = []
    try:
        # The backup once the new PDF is sure to replace the old: a failed render keeps both.
        written = files.replace_atomically(
            target,
            lambda temporary: refused.extend(render_pdf(html, folder, temporary)),
            before=files.backup_first(target),
            same=files.same_bytes,
        )
    except OSError as error:
        raise RemiError(files.write_failed(target, error)) from None
    return SeasonPdf(list(dict.fromkeys(refused)), written)


def season_workbook(
    found: Stats,
    target: Path,
    lang: Lang,
    since: dt.date | None = None,
    until: dt.date | None = None,
    players: Sequence[str] = (),
) -> bool:
    """Write the season as a workbook for people (`writing.season_workbook`) to `target`,
    in one rename, the old one kept as NAME.bak once the new is sure to replace it (False:
    the workbook there held all this already, and was left as it was);
    `since`, `until` and `players` are what the season was asked for, said on its About
    sheet. `RemiError` when it cannot be written, or `target` may not receive it (a
    notebook, anybody's own workbook: `targets.check_target`)."""
    from remi_sheet.reading import files
    from remi_sheet.report.season import head_to_head_grid, season_title
    from remi_sheet.writing.saving import same_workbook, save_workbook
    from remi_sheet.writing.season_workbook import SeasonBook
    from remi_sheet.writing.season_workbook import season_workbook as workbook_of

    check_target(target, "season", lang, inputs=[notebook.path for notebook in found.notebooks])
    season = found.season
    book = SeasonBook(
        files=list(found.labels),
        title=season_title(season, lang),
        versus=head_to_head_grid(season),
        since=since,
        until=until,
        players=[row.name for row in season.rows] if players else (),
        rules=[notebook.dated for notebook in found.notebooks],
        problems=found.problems,
    )
    workbook = workbook_of(season, lang, book)
    return files.replace_atomically(
        target,
        lambda temporary: save_workbook(workbook, temporary),
        before=files.backup_first(target),
        same=same_workbook,
    )
