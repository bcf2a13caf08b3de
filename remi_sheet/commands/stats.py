"""`remi stats`: the season across games and notebooks (standings, records, head to head,
ratings), and its printable PDF."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from remi_sheet.commands.opening import open_notebook
from remi_sheet.core.problems import ArgumentError, Problem, RemiError, Severity, has_errors
from remi_sheet.i18n import Lang
from remi_sheet.report.season import file_labels

if TYPE_CHECKING:
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.notebook.season import Season, SeasonGame

SEASON_TEMPLATE = "season.html"


@dataclass(frozen=True)
class Stats:
    """The season of `notebooks` (each named by `labels`: its file's name, or its path where
    two share a name) and every problem found in them."""

    season: Season
    problems: list[Problem]
    notebooks: Sequence[Notebook]
    labels: Sequence[str]

    @property
    def ok(self) -> bool:
        return not has_errors(self.problems)


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
            notebooks.append(open_notebook(path, rules, lang, keep_grids=False))
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
    return Stats(season, problems, notebooks, labels)


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


def season_pdf(
    found: Stats,
    target: Path,
    lang: Lang,
    since: dt.date | None = None,
    until: dt.date | None = None,
    *,
    template: Path | str | None = None,
) -> list[str]:
    """Write the season's printable PDF to `target` (the old one kept as NAME.bak once the
    new is sure to replace it), laid out with the templates of the folder `template` as
    `remi report` lays out a scorecard (None: remi's own); the addresses the page asked
    for and was refused, each once. `RemiError` when it cannot be rendered (no Pango) or
    written, or for a template past the bounds of `report.rendering`."""
    from remi_sheet.reading import files
    from remi_sheet.report import default_template_dir
    from remi_sheet.report.rendering import render_html, render_pdf
    from remi_sheet.report.season import season_report

    folder = Path(template) if template is not None else default_template_dir()
    paths = [str(notebook.path) for notebook in found.notebooks]
    rules = [notebook.rules for notebook in found.notebooks]
    document = season_report(found.season, paths, lang, since, until, rules)
    # render_html is typed for the scorecards; it needs only `t` and the template's names.
    html = render_html(folder, SEASON_TEMPLATE, cast("Any", document))
    refused: list[str] = []
    try:
        # The backup once the new PDF is sure to replace the old: a failed render keeps both.
        files.replace_atomically(
            target,
            lambda temporary: refused.extend(render_pdf(html, folder, temporary)),
            before=files.backup_first(target),
        )
    except OSError as error:
        raise RemiError(files.write_failed(target, error)) from None
    return list(dict.fromkeys(refused))


def season_workbook(
    found: Stats,
    target: Path,
    lang: Lang,
    since: dt.date | None = None,
    until: dt.date | None = None,
    players: Sequence[str] = (),
) -> None:
    """Write the season as a workbook for people (`writing.season_workbook`) to `target`,
    in one rename, the old one kept as NAME.bak once the new is sure to replace it;
    `since`, `until` and `players` are what the season was asked for, said on its About
    sheet. `RemiError` when it cannot be written."""
    from remi_sheet.reading import files
    from remi_sheet.report.season import head_to_head_grid, season_title
    from remi_sheet.writing.saving import save_workbook
    from remi_sheet.writing.season_workbook import SeasonBook
    from remi_sheet.writing.season_workbook import season_workbook as workbook_of

    season = found.season
    book = SeasonBook(
        files=list(found.labels),
        title=season_title(season, lang),
        versus=head_to_head_grid(season),
        since=since,
        until=until,
        players=[row.name for row in season.rows] if players else (),
        rules=[notebook.rules for notebook in found.notebooks],
        problems=found.problems,
    )
    workbook = workbook_of(season, lang, book)
    files.replace_atomically(
        target,
        lambda temporary: save_workbook(workbook, temporary),
        before=files.backup_first(target),
    )
