"""What `remi check` and `remi score` do, between parsing options and printing.

Each returns the exit code. A file that cannot be a workbook raises `FileProblem` before any
library reads it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from remi_sheet import files, output
from remi_sheet.messages import Lang, word
from remi_sheet.notebook import Notebook, load_notebook
from remi_sheet.problems import FileProblem, Problem, has_errors
from remi_sheet.standings import Standing, standings


def open_notebook(path: Path, overrides: Sequence[tuple[str, str]], lang: Lang | None) -> Notebook:
    problem = files.sniff(path)
    if problem is not None:
        raise FileProblem(problem)
    return load_notebook(path, overrides, lang)


def counted_standings(notebook: Notebook) -> list[Standing]:
    return standings(game.score for game in notebook.games if not game.has_errors)


def run_check(
    path: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    json_output: bool,
    console: Console,
) -> int:
    notebook = open_notebook(path, overrides, lang)
    problems = notebook.all_problems()
    _report(console, notebook, problems, json_output)
    return 1 if has_errors(problems) else 0


def run_score(
    path: Path,
    target: Path | None,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    json_output: bool,
    console: Console,
    *,
    backup: bool = True,
    force: bool = False,
) -> int:
    destination = target or path
    problem = files.sniff(path)
    if problem is None and destination.resolve() == path.resolve():
        problem = files.open_elsewhere(path) or files.read_only(path)
    if problem is not None:
        raise FileProblem(problem)
    with files.exclusive(destination, float(os.environ.get("REMI_LOCK_SECONDS", "30"))):
        return _score(path, destination, overrides, lang, json_output, console, backup, force)


def _score(
    path: Path,
    destination: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    json_output: bool,
    console: Console,
    backup: bool,
    force: bool,
) -> int:
    from remi_sheet import writeback

    notebook = open_notebook(path, overrides, lang)
    problems = notebook.all_problems()
    if has_errors(notebook.problems):
        # Wrong house rules make every score wrong: write nothing at all.
        _report(console, notebook, problems, json_output)
        console.print(word("not_written", notebook.lang))
        return 1
    plan = writeback.plan(notebook, notebook.lang)
    if destination == path and writeback.up_to_date(notebook, plan):
        message = word("unchanged", notebook.lang, path=path)
    else:
        try:
            outcome = writeback.write(notebook, plan, destination, backup=backup, force=force)
        except writeback.WriteRefused as refused:
            problems.append(refused.problem)
            _report(console, notebook, problems, json_output)
            console.print(word("not_written_safely", notebook.lang), markup=False)
            return 1
        except OSError as error:
            raise FileProblem(
                Problem(
                    "file_write_failed",
                    params={"path": str(destination), "reason": error.strerror or str(error)},
                )
            ) from error
        problems += outcome.problems
        done = "written" if outcome.written else "not_written_safely"
        message = word(done, notebook.lang, path=destination)
    _report(console, notebook, problems, json_output)
    console.print(message, markup=False, highlight=False)
    return 1 if has_errors(problems) else 0


def _report(
    console: Console, notebook: Notebook, problems: list[Problem], json_output: bool
) -> None:
    table = counted_standings(notebook)
    lang = notebook.lang
    if json_output:
        output.print_json(output.notebook_json(notebook, problems, lang, table))
        return
    if table:
        console.print(output.standings_table(table, lang))
    rules = output.house_rules_line(notebook, lang)
    if rules:
        console.print(rules, markup=False, highlight=False)
    output.print_problems(console, problems, lang)
    console.print(output.summary(notebook, problems, lang), markup=False, highlight=False)
