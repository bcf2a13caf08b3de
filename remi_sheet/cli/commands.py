"""What `remi check` and `remi score` do, between parsing options and printing.

Each returns the exit code. A file that cannot be a workbook raises `RemiError` before any
library reads it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from remi_sheet.core import collector
from remi_sheet.core.problems import Problem, RemiError, has_errors
from remi_sheet.core.standings import ORDER
from remi_sheet.i18n import Lang, say
from remi_sheet.reading import files
from remi_sheet.reading.files import os_reason

if TYPE_CHECKING:
    from openpyxl import Workbook

    from remi_sheet.cli.printing import Printer
    from remi_sheet.core.rules import HouseRules
    from remi_sheet.notebook.loading import Notebook


def open_notebook(
    path: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    *,
    keep_grids: bool = True,
) -> Notebook:
    """The notebook at `path`, read and checked; `keep_grids` as `load_notebook` says (only
    a command that writes back needs them)."""
    problem = files.sniff(path, package_checks=False)  # reading checks the zip it opens
    if problem is not None:
        raise RemiError(problem)
    from remi_sheet.notebook.loading import load_notebook

    notebook = load_notebook(path, overrides, lang, keep_grids=keep_grids)
    collector.keep_until_exit(notebook)
    return notebook


def run_check(
    path: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    json_output: bool,
    console: Printer,
) -> int:
    notebook = open_notebook(path, overrides, lang, keep_grids=False)
    problems = notebook.all_problems()
    _report(console, notebook, problems, json_output)
    return 1 if has_errors(problems) else 0


def run_score(
    path: Path,
    target: Path | None,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    json_output: bool,
    console: Printer,
    *,
    backup: bool = True,
    force: bool = False,
) -> int:
    destination = target or path
    problem = files.sniff(path)
    if problem is None and destination.resolve() == path.resolve():
        problem = files.open_elsewhere(path) or files.read_only(path)
    if problem is not None:
        raise RemiError(problem)
    with _locked(destination):
        return _score(path, destination, overrides, lang, json_output, console, backup, force)


def _score(
    path: Path,
    destination: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    json_output: bool,
    console: Printer,
    backup: bool,
    force: bool,
) -> int:
    from remi_sheet.writing import writeback

    notebook = open_notebook(path, overrides, lang)
    problems = notebook.all_problems()
    if has_errors(notebook.problems):
        # Wrong house rules make every score wrong: write nothing at all.
        _report(console, notebook, problems, json_output)
        console.print(say("not_written", notebook.lang))
        return 1
    plan = writeback.plan(notebook, notebook.lang, live=False if overrides else None)
    if destination == path and writeback.up_to_date(notebook, plan):
        message = say("unchanged", notebook.lang, path=path)
    else:
        try:
            outcome = writeback.write(notebook, plan, destination, backup=backup, force=force)
        except RemiError as refused:
            problems.append(refused.problem)
            _report(console, notebook, problems, json_output)
            console.print(say("not_written_safely", notebook.lang), markup=False)
            return 1
        except OSError as error:
            raise RemiError(
                Problem(
                    "file_write_failed",
                    params={"path": str(destination), "reason": os_reason(error)},
                )
            ) from error
        problems += outcome.problems
        done = "written" if outcome.written else "not_written_safely"
        message = say(done, notebook.lang, path=destination)
    _report(console, notebook, problems, json_output)
    console.print(message, markup=False, highlight=False)
    return 1 if has_errors(problems) else 0


def _report(
    console: Printer, notebook: Notebook, problems: list[Problem], json_output: bool
) -> None:
    from remi_sheet.cli import output

    table = notebook.standings
    lang = notebook.lang
    if json_output:
        output.print_json(output.notebook_json(notebook, problems, lang, table))
        return
    if table:
        console.print(output.standings_table(table, lang))
        console.print(say(ORDER, lang), markup=False, highlight=False)
    rules = output.house_rules_line(notebook, lang)
    if rules:
        console.print(rules, markup=False, highlight=False)
    output.print_problems(console, problems, lang)
    console.print(output.summary(notebook, problems, lang), markup=False, highlight=False)


def run_new(
    path: Path,
    players: Sequence[str],
    games: int,
    lang: Lang,
    rules: HouseRules,
    force: bool,
    console: Printer,
    day: dt.date,
    backup: bool = True,
) -> int:
    """Make a fresh notebook at `path`; the players were checked by the caller. A notebook
    replaced (`force`) is kept as NAME.bak unless `backup` is false."""
    import tempfile

    from remi_sheet.notebook.loading import load_notebook
    from remi_sheet.writing import new_notebook, writeback

    if path.exists() and not force:
        raise RemiError(Problem("new_exists", params={"path": str(path)}))
    if path.exists() and path.is_dir():
        raise RemiError(Problem("file_is_dir", params={"path": str(path)}))
    workbook = _blank_workbook()
    for _ in range(games):
        title = new_notebook.game_title(day, workbook.sheetnames)
        game = new_notebook.GameSheet(title, tuple(players), rules.deals_per_game)
        new_notebook.add_game_sheet(workbook, game, day, lang)
    new_notebook.add_rules_sheet(workbook, rules, lang)
    with _locked(path), tempfile.TemporaryDirectory(dir=path.resolve().parent) as folder:
        typed = Path(folder) / path.name
        workbook.save(typed)
        notebook = load_notebook(typed, lang=lang)
        plan = writeback.plan(notebook, lang, live=True)
        writeback.write(notebook, plan, path, backup=backup, force=True)
    console.print(say("created", lang, path=path, games=games), markup=False, highlight=False)
    return 0


def run_add_game(
    path: Path,
    players: Sequence[str],
    lang: Lang | None,
    console: Printer,
    day: dt.date,
    *,
    backup: bool = True,
    force: bool = False,
) -> int:
    """Add the next game sheet to the notebook at `path`, touching no other sheet."""
    from remi_sheet.cli import output
    from remi_sheet.notebook.games import check_game, find_game
    from remi_sheet.reading.grid import FormulaProbe, Grid
    from remi_sheet.writing import new_notebook, saving, writeback

    problem = files.sniff(path) or files.open_elsewhere(path) or files.read_only(path)
    if problem is not None:
        raise RemiError(problem)
    with _locked(path):
        notebook = open_notebook(path, (), lang)
        lang = lang or notebook.lang
        names = list(players) or (list(notebook.games[-1].players) if notebook.games else [])
        names = new_notebook.check_players(names, notebook.rules)
        workbook = saving.open_workbook(path, path)
        title = new_notebook.game_title(day, workbook.sheetnames)
        game = new_notebook.GameSheet(title, tuple(names), notebook.rules.deals_per_game)
        sheet = new_notebook.add_game_sheet(workbook, game, day, lang)
        last_game = max((workbook.sheetnames.index(g.sheet) for g in notebook.games), default=-1)
        workbook.move_sheet(sheet, offset=last_game + 1 - workbook.sheetnames.index(title))
        grid = Grid(title, new_notebook.typed_rows(game, day, lang))  # type: ignore[arg-type]
        layout = find_game(grid)
        assert layout is not None
        added = check_game(grid, layout, notebook.rules, FormulaProbe(path))
        notebook.grids[title] = grid
        notebook.games.append(added)
        plan = writeback.plan(notebook, lang, live=True, only={title})
        outcome = writeback.write(
            notebook, plan, path, backup=backup, force=force, workbook=workbook
        )
    output.print_problems(console, outcome.problems, lang)
    console.print(say("game_added", lang, path=path, sheet=title), markup=False, highlight=False)
    return 1 if has_errors(outcome.problems) else 0


def _locked(path: Path) -> contextlib.AbstractContextManager[None]:
    """remi's own lock on `path`, waiting REMI_LOCK_SECONDS (30) for another remi."""
    return files.exclusive(path, float(os.environ.get("REMI_LOCK_SECONDS", "30")))


def _blank_workbook() -> Workbook:
    import openpyxl

    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    return workbook
