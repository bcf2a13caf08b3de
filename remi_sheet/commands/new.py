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
from remi_sheet.commands.targets import check_target
from remi_sheet.core.problems import ArgumentError, Problem, RemiError, Severity, has_errors
from remi_sheet.core.rules import HouseRules, table_rows
from remi_sheet.i18n import Lang, Phrase
from remi_sheet.reading import files

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from remi_sheet.notebook.games import Game
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.reading.cells import CellValue
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
    agreements: Sequence[tuple[CellValue, CellValue]] = (),
) -> Path:
    """Make a fresh notebook at `path` of `games` game sheets for `players` (checked by
    `new_notebook.check_players`) and a Rules sheet holding `rules` and under its
    Agreements heading `agreements` (a row's two cells each), every area live. Every game
    sheet is dated `day`; None leaves each Date row for a person to fill. A notebook
    replaced (`force`) is kept as NAME.bak unless `backup` is false."""
    from remi_sheet.notebook.loading import load_notebook
    from remi_sheet.writing import new_notebook, planning, saving, writeback

    path = Path(path)
    rules = rules or HouseRules()
    if path.exists() and not force:
        raise RemiError(Problem("new_exists", params={"path": str(path)}))
    if path.exists() and path.is_dir():
        raise RemiError(Problem("file_is_dir", params={"path": str(path)}))
    check_target(path, "workbook", lang)
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
    new_notebook.add_rules_sheet(workbook, rules, lang, agreements)
    with files.exclusive(path), _scratch(path) as folder:
        typed = folder / path.name
        saving.save_workbook(workbook, typed)
        notebook = load_notebook(typed, lang=lang)
        plan = planning.plan(notebook, lang, live=True)
        writeback.write(notebook, plan, path, backup=backup, force=True)
    return path


@dataclass(frozen=True)
class Carried:
    """What `new_from` made and took: the new notebook's language, players and house rules
    that differ from the defaults (the old notebook's, with the overrides), the old
    notebook's game whose players were taken (None: those given were used) and how many
    agreements were taken."""

    lang: Lang
    players: tuple[str, ...]
    players_of: str | None
    rules: dict[str, int | bool | str]
    agreements: int


def new_from(
    path: Path | str,
    source: Path | str,
    players: Sequence[str] = (),
    overrides: Sequence[tuple[str, str]] = (),
    lang: Lang | None = None,
    *,
    games: int = 1,
    day: dt.date | None = None,
    force: bool = False,
    backup: bool = True,
) -> Carried:
    """Make a fresh notebook at `path` for the next season of the notebook at `source`:
    the players of its last game (`last_game`) unless `players` are given (they replace
    them), its house rules as its Rules sheet has them with `overrides` over them, its
    agreements as typed, no games; in `lang`, else in the old notebook's language (rule
    names and headings written in it). `source` is only read, as every command reads a
    notebook (`open_notebook`): a file that is no notebook, or one with errors of its own
    (its house rules, a sheet that cannot be read), raises `RemiError` before anything is
    written; a mistake in `players` or `overrides` raises `ArgumentError`."""
    from remi_sheet.core.rules import check_consistent, rule_spec, with_rule
    from remi_sheet.notebook.loading import agreement_cells
    from remi_sheet.writing.new_notebook import check_players

    path, source = Path(path), Path(source)
    check_target(path, "workbook", lang, inputs=[source])
    if path.exists() and not force:  # said before a long read of the old notebook
        raise RemiError(Problem("new_exists", params={"path": str(path)}))
    try:
        for name, value in overrides:  # each readable, before the old notebook is read
            with_rule(HouseRules(), name, value)
    except RemiError as error:
        raise ArgumentError(lang or "en", error.code, **error.params) from None
    # The overrides win over the old Rules sheet, whose cell of such a rule is not read:
    # a value there that is no value stops nothing.
    old = open_notebook(source, overrides)
    lang = lang or old.lang
    overridden = {rule_spec(name).name for name, _ in overrides}
    wrong = [
        p
        for p in old.problems
        if p.severity is Severity.ERROR
        and p.code != "no_games"
        and not overridden & set(p.params.get("rules", ()))  # the overrides' own clash
    ]
    if wrong:
        raise RemiError(_carried_wrong(source, wrong))
    # As they stand at the end: a change dated after today (from the next season on) too.
    rules = old.dated.books()[-1][1]
    try:
        check_consistent(rules)
    except RemiError as error:
        raise ArgumentError(lang, error.code, **error.params) from None
    last = last_game(old.games)
    if not players and last is None:
        raise ArgumentError(lang, "add_game_no_players", path=str(source))
    names = list(players) or list(last.players if last is not None else ())
    try:
        names = check_players(names, rules)
    except RemiError as error:
        if not players:
            raise  # the old notebook's players: the file's, not the arguments'
        raise ArgumentError(lang, error.code, **error.params) from None
    agreements = agreement_cells(old.grids.values(), old.linked_rules)
    new(path, names, games, rules, lang, day=day, force=force, backup=backup,
        agreements=agreements)  # fmt: skip
    taken_from = None if players or last is None else last.sheet
    return Carried(lang, tuple(names), taken_from, rules.differences(), len(agreements))


def last_game(games: Sequence[Game]) -> Game | None:
    """The game the next season's table is taken from: the latest by its date, of the
    games whose date reads as one; games of one day, or a notebook with no date read, by
    sheet order (the later sheet). None without games."""
    dated: list[tuple[dt.date, int]] = []
    for index, game in enumerate(games):
        day = game.day
        if isinstance(day, dt.date):
            dated.append((day, index))
    if dated:
        return games[max(dated)[1]]
    return games[-1] if games else None


def _carried_wrong(source: Path, wrong: Sequence[Problem]) -> Problem:
    """The refusal of an old notebook with errors of its own: how many, and the first."""
    first = wrong[0]
    where = "!".join(part for part in (first.sheet, first.cell) if part) or source.name
    params = {
        "path": str(source),
        "errors": len(wrong),
        "where": where,
        "problem": Phrase(first.code, first.params),
    }
    return Problem("new_from_wrong", params=params)


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
    from remi_sheet.writing import kept_sheets, new_notebook, planning, saving, writeback

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
        unfinished = _unfinished(notebook)
        games, grids = list(notebook.games), dict(notebook.grids)

        def attempt(keeping: bool) -> tuple[str, Worksheet, list[str], list[str], list[Problem]]:
            """The game added and saved; the other game sheets kept as they are
            (`kept_sheets`) when `keeping`."""
            # A second attempt starts from the notebook as read: its games, and its Rules
            # sheet without the rows the first one added.
            notebook.games[:] = games
            notebook.grids.clear()
            notebook.grids.update(grids)
            others = {game.sheet for game in games}
            kept = kept_sheets.keepable(path, others) if keeping else {}
            workbook = saving.open_workbook(path, path, kept)
            title = new_notebook.game_title(day, workbook.sheetnames, lang)
            book = notebook.dated.on(day, dt.date.today())  # the rules of its day
            rows = table_rows(book)
            game = new_notebook.GameSheet(title, tuple(names), rows)
            sheet = new_notebook.add_game_sheet(workbook, game, day, lang)
            last_game = max((workbook.sheetnames.index(g.sheet) for g in games), default=-1)
            workbook.move_sheet(sheet, offset=last_game + 1 - workbook.sheetnames.index(title))
            grid = Grid(title, new_notebook.typed_rows(game, day, lang))  # type: ignore[arg-type]
            # The rows added have no From day: they hold the rules from the start (a dated
            # row's value from its day on stays that row's, not every game's).
            rules_sheet, rules_added, rules_fixed = new_notebook.complete_rules(
                workbook,
                notebook.dated.start,
                lang,
                rule_cells(notebook.grids.values(), notebook.linked_rules),
                notebook.linked_rules,
            )
            if rules_added:  # the live names link to the new rows as on remi new's sheet
                notebook.grids[rules_sheet.title] = _grid_of(rules_sheet)
            layout = find_game(grid)
            assert layout is not None
            added = check_game(grid, layout, book, FormulaProbe(path))
            notebook.grids[title] = grid
            notebook.games.append(added)
            plan = planning.plan(notebook, lang, live=True, only={title})
            try:
                outcome = writeback.write(
                    notebook, plan, path, backup=backup, force=force, workbook=workbook, kept=kept
                )
            except RemiError as error:
                if error.code != "would_lose":
                    raise
                # `new --add-game` writes no copy: only --force is there to advise.
                raise RemiError(Problem("would_lose_in_place", params=error.params)) from None
            return title, rules_sheet, rules_added, rules_fixed, outcome.problems

        title, rules_sheet, rules_added, rules_fixed, problems = kept_sheets.whole_if_needed(
            attempt
        )
    return Added(title, lang, [*unfinished, *problems], rules_sheet.title, rules_added, rules_fixed)


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
    rules = last.rules
    params: dict[str, object]
    if last.played == 0 and not last.has_errors:  # made, not begun: no count to give
        code, params = "last_game_not_started", {}
    elif rules.to_limit:  # over when a total reaches the limit, whatever its deals
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
