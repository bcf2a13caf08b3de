"""What `remi check` and `remi score` do, between parsing options and printing.

Each returns the exit code. A file that cannot be a workbook raises `RemiError` before any
library reads it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from remi_sheet.commands.opening import open_notebook
from remi_sheet.core import collector
from remi_sheet.core.problems import Problem, RemiError, error_count, has_errors
from remi_sheet.core.rules import table_rows
from remi_sheet.core.standings import ORDER
from remi_sheet.i18n import Lang, Phrase, say
from remi_sheet.reading import files

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from remi_sheet.cli.printing import Printer
    from remi_sheet.commands.score import Written
    from remi_sheet.core.rules import HouseRules
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.reading.grid import Grid


def run_check(
    path: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    json_output: bool,
    console: Printer,
) -> int:
    from remi_sheet.commands.check import check

    checked = check(path, overrides, lang)
    _report(console, checked.notebook, checked.problems, json_output)
    return 0 if checked.ok else 1


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
    live: bool = False,
) -> int:
    from remi_sheet.commands.score import score

    scored = score(path, target, overrides, lang, backup=backup, force=force, live=live)
    notebook, problems = scored.notebook, scored.problems
    _report(console, notebook, problems, json_output, scored.written)
    where = scored.written.path or path
    line = say(scored.told, notebook.lang, path=where, errors=error_count(problems))
    console.print(line, markup=False, highlight=False)
    for told in _what_was_scored(notebook, scored.written):
        console.print(told, markup=False, highlight=False)
    return 0 if scored.ok else 1


def _what_was_scored(notebook: Notebook, outcome: Written) -> list[str]:
    """After "Written": the games scored, those not scored for their errors, and those
    remi left alone, each named."""
    if outcome.outcome == "not_written":
        return []
    lang = notebook.lang
    alone = set(outcome.left_alone)
    groups = (
        (
            "scored_games",
            [g.sheet for g in notebook.games if not g.has_errors and g.sheet not in alone],
        ),
        (
            "skipped_errors",
            [g.sheet for g in notebook.games if g.has_errors and g.sheet not in alone],
        ),
        ("skipped_typed", list(outcome.left_alone)),
    )
    # The names as a tuple: each is shown (and cut) alone, the list whole however long.
    return ["  " + say(key, lang, games=tuple(names)) for key, names in groups if names]


def _report(
    console: Printer,
    notebook: Notebook,
    problems: list[Problem],
    json_output: bool,
    written: Written | None = None,
) -> None:
    """Each game's line, the standings, the games left out of them, the house rules, the
    problems and the summary; or the `--json` document (with what `score` wrote)."""
    from remi_sheet.cli import output
    from remi_sheet.cli.game_lines import game_line
    from remi_sheet.cli.printing import print_table

    table = notebook.standings
    lang = notebook.lang
    if json_output:
        document = output.notebook_json(notebook, problems, lang, table)
        # Each game's part is made, written and freed in turn, and none holds a cycle: the
        # collector would only walk the whole notebook again and again meanwhile.
        with collector.paused():
            output.print_json(document | (written.to_json() if written is not None else {}))
        return
    for game in notebook.games:
        console.print(game_line(game, notebook.rules, lang), markup=False, highlight=False)
    if notebook.games:
        console.print("")
    if table:
        print_table(console, output.standings_table(table, lang))
        console.print(say(ORDER, lang), markup=False, highlight=False)
    broken = tuple(game.sheet for game in notebook.games if game.has_errors)
    if broken:
        line = say("not_in_standings", lang, games=broken)  # each name shown, none cut off
        console.print(line, markup=False, highlight=False)
    rules = output.house_rules_line(notebook, lang)
    if rules:
        console.print(rules, markup=False, highlight=False)
    agreed = output.agreements_line(notebook, lang)
    if agreed:
        console.print(agreed, markup=False, highlight=False)
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
    day: dt.date | None,
    backup: bool = True,
) -> int:
    """Make a fresh notebook at `path`; the players were checked by the caller. Every game
    sheet is dated `day`; None leaves each Date row for a person to fill. A notebook
    replaced (`force`) is kept as NAME.bak unless `backup` is false."""
    from remi_sheet.notebook.loading import load_notebook
    from remi_sheet.writing import new_notebook, planning, saving, writeback

    if path.exists() and not force:
        raise RemiError(Problem("new_exists", params={"path": str(path)}))
    if path.exists() and path.is_dir():
        raise RemiError(Problem("file_is_dir", params={"path": str(path)}))
    locked = files.open_elsewhere(path, copy=False)  # --force replaces it, not while open
    if path.exists() and locked is not None:
        raise RemiError(locked)
    kept = files.read_only(path, copy=False) if path.exists() else None
    if kept is not None:  # --force replaces a notebook, not one its owner made read-only
        raise RemiError(kept)
    workbook = _blank_workbook()
    for _ in range(games):
        title = new_notebook.game_title(day, workbook.sheetnames, lang)
        game = new_notebook.GameSheet(title, tuple(players), table_rows(rules))
        new_notebook.add_game_sheet(workbook, game, day, lang)
    new_notebook.add_rules_sheet(workbook, rules, lang)
    with _locked(path), _scratch(path) as folder:
        typed = folder / path.name
        saving.save_workbook(workbook, typed)
        notebook = load_notebook(typed, lang=lang)
        plan = planning.plan(notebook, lang, live=True)
        writeback.write(notebook, plan, path, backup=backup, force=True)
    console.print(say("created", lang, path=path, games=games), markup=False, highlight=False)
    return 0


@contextlib.contextmanager
def _scratch(path: Path) -> Iterator[Path]:
    """A scratch folder beside `path` (the notebook is made there, then moved into place in
    one rename); a folder that cannot be written in is said of `path`, not of the scratch."""
    import tempfile

    try:
        scratch = tempfile.TemporaryDirectory(dir=path.resolve().parent)
    except OSError as error:
        raise RemiError(files.write_failed(path, error)) from None
    with scratch as folder:
        yield Path(folder)


def _added_players(notebook: Notebook, players: Sequence[str], lang: Lang) -> list[str]:
    """The players of the game `new --add-game` adds: those given, else the last game's."""
    from remi_sheet.cli.options import usage_error
    from remi_sheet.writing import new_notebook

    if not players and not notebook.games:
        usage_error("add_game_no_players", lang, path=notebook.path)
    names = list(players) or list(notebook.games[-1].players)
    try:
        return new_notebook.check_players(names, notebook.rules)
    except RemiError as error:
        if not players:
            raise  # the last game's players: the notebook's, not the command line's
        usage_error(error.code, lang, **error.params)


def run_add_game(
    path: Path,
    players: Sequence[str],
    lang: Lang | None,
    console: Printer,
    day: dt.date | None,
    *,
    backup: bool = True,
    force: bool = False,
) -> int:
    """Add the next game sheet to the notebook at `path`, touching no other sheet, dated
    `day` (None: the Date row left for a person). An unfinished last game is said."""
    from remi_sheet.cli import output
    from remi_sheet.notebook.games import check_game
    from remi_sheet.notebook.layout import find_game
    from remi_sheet.notebook.loading import rule_cells
    from remi_sheet.reading.grid import FormulaProbe, Grid
    from remi_sheet.writing import new_notebook, planning, saving, writeback

    # `new --add-game` has no --output: its advice is only to close the notebook.
    problem = (
        files.sniff(path)
        or files.open_elsewhere(path, copy=False)
        or files.read_only(path, copy=False)
    )
    if problem is not None:
        raise RemiError(problem)
    with _locked(path):
        notebook = open_notebook(path, (), lang)
        lang = lang or notebook.lang
        names = _added_players(notebook, players, lang)
        workbook = saving.open_workbook(path, path)
        title = new_notebook.game_title(day, workbook.sheetnames, lang)
        rows = table_rows(notebook.rules)
        game = new_notebook.GameSheet(title, tuple(names), rows)
        unfinished = _unfinished(notebook)
        sheet = new_notebook.add_game_sheet(workbook, game, day, lang)
        last_game = max((workbook.sheetnames.index(g.sheet) for g in notebook.games), default=-1)
        workbook.move_sheet(sheet, offset=last_game + 1 - workbook.sheetnames.index(title))
        grid = Grid(title, new_notebook.typed_rows(game, day, lang))  # type: ignore[arg-type]
        rules_sheet, rules_added, rules_fixed = new_notebook.complete_rules(
            workbook,
            notebook.rules,
            lang,
            rule_cells(notebook.grids.values(), notebook.linked_rules),
            notebook.linked_rules,
        )
        if rules_added:  # the live names link to the new rows as they do on remi new's sheet
            notebook.grids[rules_sheet.title] = _grid_of(rules_sheet)
        layout = find_game(grid)
        assert layout is not None
        added = check_game(grid, layout, notebook.rules, FormulaProbe(path))
        notebook.grids[title] = grid
        notebook.games.append(added)
        plan = planning.plan(notebook, lang, live=True, only={title})
        try:
            outcome = writeback.write(
                notebook, plan, path, backup=backup, force=force, workbook=workbook
            )
        except RemiError as error:
            if error.code != "would_lose":
                raise
            # `new --add-game` writes no copy: only --force is there to advise.
            raise RemiError(Problem("would_lose_in_place", params=error.params)) from None
    output.print_problems(console, [*unfinished, *outcome.problems], lang)
    console.print(say("game_added", lang, path=path, sheet=title), markup=False, highlight=False)
    if not has_errors(outcome.problems):
        _rules_rows_told(console, lang, rules_sheet.title, rules_added, rules_fixed)
    return 1 if has_errors(outcome.problems) else 0


def _rules_rows_told(
    console: Printer, lang: Lang, sheet: str, added: Sequence[str], fixed: Sequence[str]
) -> None:
    """What `new --add-game` did on the Rules sheet: the rows it added, or the rules a
    sheet with agreements keeps without a row."""
    if added:
        told = say("rules_added", lang, sheet=sheet, count=len(added))
        console.print(told, markup=False, highlight=False)
    if fixed:
        # Each said by itself: a text parameter is cut short, and every name is needed.
        names = tuple(Phrase(f"rulename_{name}") for name in fixed)
        told = say("rules_fixed", lang, sheet=sheet, count=len(fixed), names=names)
        console.print(told, markup=False, highlight=False)


def _grid_of(sheet: Worksheet) -> Grid:
    """The values of an openpyxl `sheet` as the reader's `Grid`: rich text as its text."""
    from remi_sheet.reading.grid import Grid
    from remi_sheet.writing.writeback import plain

    rows = [[plain(value) for value in row] for row in sheet.iter_rows(values_only=True)]
    return Grid(sheet.title, rows)


def _unfinished(notebook: Notebook) -> list[Problem]:
    """A warning when the notebook's last game has not all its deals: a new game added
    meanwhile is often one too early."""
    from remi_sheet.core.problems import Severity

    if not notebook.games:
        return []
    last = notebook.games[-1]
    rules = notebook.rules
    params: dict[str, object]
    if rules.to_limit:  # over when a total reaches the limit, whatever its deals
        if last.score.complete:
            return []
        code, params = "last_game_below_limit", {"limit": rules.points_limit}
    else:
        if last.played >= rules.deals_per_game:
            return []
        code, params = "last_game_unfinished", {"length": rules.deals_per_game}
    params |= {"sheet": last.sheet, "played": last.played}
    return [Problem(code, last.sheet, severity=Severity.WARNING, params=params)]


def _locked(path: Path) -> contextlib.AbstractContextManager[None]:
    """remi's own lock on `path` (`files.exclusive`)."""
    return files.exclusive(path)


def _blank_workbook() -> Workbook:
    import openpyxl

    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    return workbook
