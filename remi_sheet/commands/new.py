"""`remi new`: a fresh notebook; `remi new --add-game`: the next game sheet added to one,
touching no other sheet."""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from remi_sheet.commands.opening import open_notebook
from remi_sheet.core.problems import ArgumentError, Problem, RemiError, Severity, has_errors
from remi_sheet.core.rules import HouseRules, table_rows
from remi_sheet.i18n import Lang
from remi_sheet.reading import files

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.reading.grid import Grid


def new(
    path: Path | str,
    players: Sequence[str],
    games: int = 1,
    rules: HouseRules | None = None,
    lang: Lang = "en",
    *,
    day: dt.date | None = None,
    force: bool = False,
    backup: bool = True,
) -> Path:
    """Make a fresh notebook at `path` of `games` game sheets for `players` (checked by
    `new_notebook.check_players`) and a Rules sheet holding `rules`, every area live. Every
    game sheet is dated `day`; None leaves each Date row for a person to fill. A notebook
    replaced (`force`) is kept as NAME.bak unless `backup` is false."""
    from remi_sheet.notebook.loading import load_notebook
    from remi_sheet.writing import new_notebook, planning, saving, writeback

    path = Path(path)
    rules = rules or HouseRules()
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
    with files.exclusive(path), _scratch(path) as folder:
        typed = folder / path.name
        saving.save_workbook(workbook, typed)
        notebook = load_notebook(typed, lang=lang)
        plan = planning.plan(notebook, lang, live=True)
        writeback.write(notebook, plan, path, backup=backup, force=True)
    return path


@dataclass(frozen=True)
class Added:
    """What `add_game` did: the sheet added, the language it spoke, the problems (a warning
    when the last game was unfinished, what the save found), and the Rules sheet's rows it
    added or the rules a sheet of agreements keeps without a row."""

    sheet: str
    lang: Lang
    problems: list[Problem]
    rules_sheet: str
    rules_added: Sequence[str] = field(default_factory=tuple)
    rules_fixed: Sequence[str] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return not has_errors(self.problems)


def add_game(
    path: Path | str,
    players: Sequence[str] = (),
    lang: Lang | None = None,
    *,
    day: dt.date | None = None,
    backup: bool = True,
    force: bool = False,
) -> Added:
    """Add the next game sheet to the notebook at `path` for `players` (none: the last
    game's), touching no other sheet, dated `day` (None: the Date row left for a person)."""
    from remi_sheet.notebook.games import check_game
    from remi_sheet.notebook.layout import find_game
    from remi_sheet.notebook.loading import rule_cells
    from remi_sheet.reading.grid import FormulaProbe, Grid
    from remi_sheet.writing import new_notebook, planning, saving, writeback

    path = Path(path)
    # `new --add-game` has no --output: its advice is only to close the notebook.
    problem = (
        files.sniff(path)
        or files.open_elsewhere(path, copy=False)
        or files.read_only(path, copy=False)
    )
    if problem is not None:
        raise RemiError(problem)
    with files.exclusive(path):
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
    return Added(
        title, lang, [*unfinished, *outcome.problems], rules_sheet.title, rules_added, rules_fixed
    )


def _added_players(notebook: Notebook, players: Sequence[str], lang: Lang) -> list[str]:
    """The players of the game `add_game` adds: those given, else the last game's."""
    from remi_sheet.writing import new_notebook

    if not players and not notebook.games:
        raise ArgumentError(lang, "add_game_no_players", path=notebook.path)
    names = list(players) or list(notebook.games[-1].players)
    try:
        return new_notebook.check_players(names, notebook.rules)
    except RemiError as error:
        if not players:
            raise  # the last game's players: the notebook's, not the arguments'
        raise ArgumentError(lang, error.code, **error.params) from None


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


def _grid_of(sheet: Worksheet) -> Grid:
    """The values of an openpyxl `sheet` as the reader's `Grid`: rich text as its text."""
    from remi_sheet.reading.grid import Grid
    from remi_sheet.writing.writeback import plain

    rows = [[plain(value) for value in row] for row in sheet.iter_rows(values_only=True)]
    return Grid(sheet.title, rows)


def _unfinished(notebook: Notebook) -> list[Problem]:
    """A warning when the notebook's last game has not all its deals: a new game added
    meanwhile is often one too early."""
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


def _blank_workbook() -> Workbook:
    import openpyxl

    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    return workbook
