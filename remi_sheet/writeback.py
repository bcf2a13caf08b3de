"""Writing the scores back: remi's areas and the Standings sheet, and nothing else.

Ownership is by cell style: every cell remi writes carries one of its named styles
(`area.Style`). A cell in remi's way that holds a value without such a style was typed by a
person; that game's area is then left alone and the cell is reported. When every cell
already holds what remi would write, the file is not touched at all, so a second run on an
unchanged workbook changes nothing, not even its modification time.
"""

from __future__ import annotations

import datetime as dt
import shutil
import warnings
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remi_sheet import formula_results, package
from remi_sheet.area import (
    STANDINGS_NAMES,
    Cells,
    Style,
    area_width,
    game_area,
    standings_area,
    standings_sheet_name,
)
from remi_sheet.files import replace_atomically
from remi_sheet.grid import Grid, address, column_letter, read_grids
from remi_sheet.messages import Lang
from remi_sheet.notebook import Notebook
from remi_sheet.problems import Problem, Severity

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

_OURS = frozenset(style.value for style in Style)


@dataclass(slots=True)
class Plan:
    games: dict[str, tuple[Cells, int, int]]  # sheet → (cells, first row, first column)
    standings_sheet: str
    standings: Cells
    widths: dict[str, int] = field(default_factory=dict)


def plan(notebook: Notebook, lang: Lang) -> Plan:
    """Every cell remi would write into `notebook`."""
    games = {
        game.sheet: (game_area(game, lang), game.layout.header_row, game.layout.area_column)
        for game in notebook.games
    }
    widths = {game.sheet: area_width(game) for game in notebook.games}
    existing = [name for name in notebook.grids if name in STANDINGS_NAMES]
    sheet = existing[0] if existing else standings_sheet_name(lang)
    return Plan(games, sheet, standings_area(notebook, lang), widths)


def up_to_date(notebook: Notebook, plan: Plan) -> bool:
    """True when the workbook already shows exactly what `plan` would write."""
    for sheet, (cells, first_row, first_column) in plan.games.items():
        columns = range(first_column, first_column + plan.widths[sheet])
        if _present(notebook.grids[sheet], first_row, columns) != _values(cells):
            return False
    grid = notebook.grids.get(plan.standings_sheet)
    if grid is None:
        return False
    width = max(len(row) for row in grid.rows) if grid.rows else 0
    return _present(grid, 0, range(width)) == _values(plan.standings)


def _present(grid: Grid, first_row: int, columns: range) -> dict[tuple[int, int], Any]:
    found = {}
    for row in range(first_row, grid.height):
        for column in columns:
            value = grid.value(row, column)
            if value is not None:
                found[(row, column)] = value
    return found


def _values(cells: Cells) -> dict[tuple[int, int], Any]:
    return {key: written.value for key, written in cells.items()}


class WriteRefused(Exception):
    """The new workbook was not put in place; `problem` says why. The original is intact."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.code)
        self.problem = problem


Touched = dict[str, set[tuple[int, int]]]  # sheet → cells remi wrote or cleared


def write(
    notebook: Notebook, plan: Plan, target: Path, *, backup: bool = True, force: bool = False
) -> list[Problem]:
    """Put `plan` into the workbook and save it to `target` atomically.

    Before the new file replaces anything it is read back: every cell remi did not write
    must hold what it held, every cell remi wrote what it meant to write. Writing in place
    is refused (`WriteRefused`) when openpyxl would drop something from the workbook, unless
    `force`; a copy of the old file is kept as NAME.bak unless `backup` is false. The
    problems returned are the games whose area a person's typing is in the way of, and what
    a new file written elsewhere lacks.
    """
    import openpyxl

    source = notebook.path
    in_place = target.resolve() == source.resolve()
    keep_vba = source.suffix.lower() == ".xlsm"
    with warnings.catch_warnings():
        # openpyxl warns about what it will drop; `_losses` reports that to the user itself.
        warnings.simplefilter("ignore", UserWarning)
        workbook = openpyxl.load_workbook(source, keep_vba=keep_vba, keep_links=True)
    _ensure_styles(workbook)
    problems: list[Problem] = []
    written: dict[str, Cells] = {}
    for sheet, (cells, _row, column) in plan.games.items():
        area = f"{column_letter(column)}:{column_letter(column + plan.widths[sheet] - 1)}"
        conflicts = _conflicts(workbook[sheet], cells, area)
        problems += conflicts
        if not conflicts:
            written[sheet] = cells
    standings = _standings_sheet(workbook, plan.standings_sheet)
    if standings is None:
        problems.append(
            Problem(
                "standings_not_ours",
                plan.standings_sheet,
                "A1",
                params={"sheet": plan.standings_sheet},
            )
        )
    else:
        written[standings.title] = plan.standings
    touched = {sheet: _apply(workbook[sheet], cells) for sheet, cells in written.items()}
    if not any(touched.values()):
        if not in_place:
            replace_atomically(target, lambda temporary: _copy(source, temporary))
        return problems
    results = _formula_results(workbook, notebook.grids)

    def save(temporary: Path) -> None:
        workbook.save(temporary)
        formula_results.restore(temporary, results)
        _check_readback(notebook, temporary, written, touched)
        lost = _losses(source, temporary)
        if lost and in_place and not force:
            raise WriteRefused(
                Problem("would_lose", params={"path": str(source), "lost": "; ".join(lost)})
            )
        if lost:
            problems.append(
                Problem(
                    "lost_in_copy",
                    severity=Severity.WARNING,
                    params={"path": str(target), "lost": "; ".join(lost)},
                )
            )
        if in_place and backup:
            replace_atomically(_backup_path(source), lambda copy: _copy(source, copy))

    replace_atomically(target, save)
    return problems


def _backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _check_readback(
    notebook: Notebook, temporary: Path, written: dict[str, Cells], touched: Touched
) -> None:
    """`WriteRefused` unless the saved file reads back to the typed cells it had and the
    cells remi meant to write."""
    grids, _ = read_grids(temporary)
    saved = {grid.name: grid for grid in grids}
    for name, before in notebook.grids.items():
        after = saved.get(name)
        if after is None:
            raise WriteRefused(_readback_problem(name, None, "the sheet is missing"))
        cells = written.get(name, {})
        for row, column in _all_cells(before, after):
            if (row, column) in cells:
                expected: Any = cells[(row, column)].value
            elif (row, column) in touched.get(name, set()):
                expected = None
            else:
                expected = before.value(row, column)
            if after.value(row, column) != expected:
                raise WriteRefused(
                    _readback_problem(name, address(row, column), repr(after.value(row, column)))
                )


def _all_cells(*grids: Grid) -> set[tuple[int, int]]:
    found: set[tuple[int, int]] = set()
    for grid in grids:
        for row in range(grid.height):
            found.update((row, column) for column in range(grid.width(row)))
    return found


def _readback_problem(sheet: str, cell: str | None, found: str) -> Problem:
    return Problem("readback_failed", sheet, cell, params={"found": found})


def _losses(source: Path, saved: Path) -> list[str]:
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(saved) as after:
        sheets = [
            before.read(name)
            for name in package.sheet_parts(before).values()
            if name in before.NameToInfo
        ]
        return package.losses(before.namelist(), after.namelist(), sheets)


def _formula_results(
    workbook: Workbook, grids: dict[str, Grid]
) -> dict[str, dict[str, formula_results.Result]]:
    """The saved result of every formula in the workbook, as read before openpyxl lost it."""
    found: dict[str, dict[str, formula_results.Result]] = {}
    for sheet in workbook.worksheets:
        grid = grids.get(sheet.title)
        if grid is None:
            continue
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    value = grid.value(cell.row - 1, cell.column - 1)
                    if isinstance(value, str | int | float | bool | dt.date):
                        found.setdefault(sheet.title, {})[cell.coordinate] = value
    return found


def _copy(source: Path, temporary: Path) -> None:
    shutil.copyfile(source, temporary)


def _ensure_styles(workbook: Workbook) -> None:
    from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill, Side

    grey = PatternFill("solid", fgColor="EEEEEE")
    line = Side(style="thin", color="BBBBBB")
    looks = {
        Style.HEADING: (Font(bold=True, color="333333"), PatternFill("solid", fgColor="DDDDDD")),
        Style.COMPUTED: (Font(color="333333"), grey),
        Style.MARKED: (Font(bold=True, underline="single", color="000000"), grey),
    }
    present = set(workbook.named_styles)
    for style, (font, fill) in looks.items():
        if style.value not in present:
            workbook.add_named_style(
                NamedStyle(
                    name=style.value,
                    font=font,
                    fill=fill,
                    border=Border(bottom=line),
                    alignment=Alignment(horizontal="center"),
                )
            )


def _conflicts(sheet: Worksheet, cells: Cells, area: str) -> list[Problem]:
    problems = []
    for row, column in sorted(cells):
        cell = sheet.cell(row + 1, column + 1)
        if cell.value is not None and cell.style not in _OURS:
            problems.append(
                Problem(
                    "area_occupied",
                    sheet.title,
                    address(row, column),
                    params={"value": cell.value, "area": area},
                )
            )
    return problems


def _apply(sheet: Worksheet, cells: Cells) -> set[tuple[int, int]]:
    """Clear remi's cells that `cells` no longer has, write the rest; the cells changed."""
    touched: set[tuple[int, int]] = set()
    for row in sheet.iter_rows():
        for cell in row:
            key = (cell.row - 1, cell.column - 1)
            if cell.style in _OURS and key not in cells:
                cell.value = None
                cell.style = "Normal"
                touched.add(key)
    for key, written in cells.items():
        cell = sheet.cell(key[0] + 1, key[1] + 1)
        if cell.value != written.value or cell.style != written.style.value:
            cell.value = written.value
            cell.data_type = "s" if isinstance(written.value, str) else "n"
            cell.style = written.style.value
            touched.add(key)
    return touched


def _standings_sheet(workbook: Workbook, name: str) -> Worksheet | None:
    """remi's Standings sheet, created when missing; None when a person's sheet has the name."""
    if name not in workbook.sheetnames:
        return workbook.create_sheet(name)
    sheet = workbook[name]
    ours = sheet["A1"].style in _OURS
    empty = all(cell.value is None for row in sheet.iter_rows() for cell in row)
    return sheet if ours or empty else None
