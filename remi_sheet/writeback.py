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
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remi_sheet import formula_results
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
from remi_sheet.grid import Grid, address, column_letter
from remi_sheet.messages import Lang
from remi_sheet.notebook import Notebook
from remi_sheet.problems import Problem

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


def write(notebook: Notebook, plan: Plan, target: Path) -> list[Problem]:
    """Put `plan` into the workbook and save it to `target` (atomically); the problems are
    the games whose area a person's typing is in the way of."""
    import openpyxl

    source = notebook.path
    keep_vba = source.suffix.lower() == ".xlsm"
    workbook = openpyxl.load_workbook(source, keep_vba=keep_vba, keep_links=True)
    _ensure_styles(workbook)
    problems: list[Problem] = []
    changed = False
    for sheet, (cells, _row, column) in plan.games.items():
        area = f"{column_letter(column)}:{column_letter(column + plan.widths[sheet] - 1)}"
        conflicts = _conflicts(workbook[sheet], cells, area)
        if conflicts:
            problems += conflicts
            continue
        changed |= _apply(workbook[sheet], cells)
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
        changed |= _apply(standings, plan.standings)
    if changed or target.resolve() != source.resolve():
        if changed:
            results = _formula_results(workbook, notebook.grids)

            def save(temporary: Path) -> None:
                workbook.save(temporary)
                formula_results.restore(temporary, results)

            replace_atomically(target, save)
        else:
            replace_atomically(target, lambda temporary: _copy(source, temporary))
    return problems


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


def _apply(sheet: Worksheet, cells: Cells) -> bool:
    """Clear remi's cells that `cells` no longer has, write the rest; True if anything
    changed."""
    changed = False
    for row in sheet.iter_rows():
        for cell in row:
            if cell.style in _OURS and (cell.row - 1, cell.column - 1) not in cells:
                cell.value = None
                cell.style = "Normal"
                changed = True
    for (row, column), written in cells.items():
        cell = sheet.cell(row + 1, column + 1)
        if cell.value != written.value or cell.style != written.style.value:
            cell.value = written.value
            cell.data_type = "s" if isinstance(written.value, str) else "n"
            cell.style = written.style.value
            changed = True
    return changed


def _standings_sheet(workbook: Workbook, name: str) -> Worksheet | None:
    """remi's Standings sheet, created when missing; None when a person's sheet has the name."""
    if name not in workbook.sheetnames:
        return workbook.create_sheet(name)
    sheet = workbook[name]
    ours = sheet["A1"].style in _OURS
    empty = all(cell.value is None for row in sheet.iter_rows() for cell in row)
    return sheet if ours or empty else None
