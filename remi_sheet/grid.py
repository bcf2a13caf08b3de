"""Sheets as grids of cell values, read fast and without styles.

python-calamine reads the values (and the saved results of formulas) of every sheet far
faster than openpyxl. It shows a formula without a saved result, and an error result, as an
empty cell; `FormulaProbe` asks openpyxl about exactly those cells, only when one matters.
"""

from __future__ import annotations

import datetime as dt
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from remi_sheet import package
from remi_sheet.problems import FileProblem, Problem
from remi_sheet.text import fold

CellValue = str | float | int | bool | dt.datetime | dt.date | dt.time | dt.timedelta | None


def column_letter(column: int) -> str:
    """Spreadsheet column name of a 0-based column index (0 → A, 26 → AA)."""
    letters = ""
    column += 1
    while column:
        column, remainder = divmod(column - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


def address(row: int, column: int) -> str:
    """A1-style address of 0-based (row, column)."""
    return f"{column_letter(column)}{row + 1}"


@dataclass(slots=True)
class Grid:
    """One sheet's values; rows and columns are 0-based, '' and None are both empty."""

    name: str
    rows: Sequence[Sequence[CellValue]]
    formulas: bool = True  # the sheet may hold formulas (False: its XML has none)

    def value(self, row: int, column: int) -> CellValue:
        if row >= len(self.rows):
            return None
        cells = self.rows[row]
        if column >= len(cells):
            return None
        value = cells[column]
        return None if value == "" else value

    def cells(self, row: int, column: int, count: int) -> list[CellValue]:
        """`count` values from (row, column) rightwards, as `value` reads each."""
        if row >= len(self.rows):
            return [None] * count
        found = [
            None if value == "" else value for value in self.rows[row][column : column + count]
        ]
        return found + [None] * (count - len(found)) if len(found) < count else found

    @property
    def height(self) -> int:
        return len(self.rows)

    def width(self, row: int) -> int:
        return len(self.rows[row]) if row < len(self.rows) else 0


READ_ROWS: Final = 500  # a game sheet's header, deals, totals and notes fit many times over


def read_grids(path: Path, whole: frozenset[str] = frozenset()) -> tuple[list[Grid], list[Problem]]:
    """The first `READ_ROWS` rows of every worksheet of the workbook at `path` (all rows of
    the sheets whose folded names are in `whole`), in workbook order, and a problem for each
    sheet too big to read safely (see `package`)."""
    from python_calamine import CalamineWorkbook, SheetTypeEnum

    grids: list[Grid] = []
    problems: list[Problem] = []
    try:
        with zipfile.ZipFile(path) as archive:
            members = package.sheet_parts(archive)
            extents = {
                title: package.extent(archive, member)
                for title, member in members.items()
                if member in archive.NameToInfo
            }
    except package.PackageError as error:
        raise FileProblem(Problem(error.code, params={"path": str(path), **error.params})) from None
    with CalamineWorkbook.from_path(str(path)) as workbook:
        for meta in workbook.sheets_metadata:
            if meta.typ != SheetTypeEnum.WorkSheet:
                continue
            found = extents.get(meta.name)
            if found is None:
                # calamine found a sheet the size checks did not: refuse rather than trust it.
                reason = f"the sheet '{meta.name}' has no part of its own"
                raise FileProblem(
                    Problem("file_not_xlsx", params={"path": str(path), "reason": reason})
                )
            try:
                package.check_extent(meta.name, found)
            except package.PackageError as error:
                problems.append(Problem(error.code, meta.name, params=error.params))
                continue
            sheet = workbook.get_sheet_by_name(meta.name)
            rows = None if fold(meta.name) in whole else READ_ROWS
            values = sheet.to_python(skip_empty_area=False, nrows=rows)
            grids.append(Grid(meta.name, values, found.formulas))
    return grids, problems


@dataclass
class FormulaProbe:
    """Tells what an empty-looking cell really holds: a formula ("f") with no usable result,
    an error value ("e") such as #DIV/0!, or nothing (None)."""

    path: Path
    _kinds: dict[str, dict[tuple[int, int], tuple[str, str]]] = field(default_factory=dict)

    def kind(self, sheet: str, row: int, column: int) -> tuple[str, str] | None:
        """("f", formula) or ("e", error text) for such a cell, else None."""
        if sheet not in self._kinds:
            self._kinds[sheet] = self._load(sheet)
        return self._kinds[sheet].get((row, column))

    def _load(self, sheet: str) -> dict[tuple[int, int], tuple[str, str]]:
        import openpyxl

        try:
            workbook = openpyxl.load_workbook(self.path, read_only=True, data_only=False)
        except Exception:  # noqa: BLE001 - a probe that cannot read proves nothing
            return {}
        try:
            found = {}
            for row in workbook[sheet].iter_rows():
                for cell in row:
                    kind = getattr(cell, "data_type", None)
                    if kind in ("f", "e"):
                        found[(cell.row - 1, cell.column - 1)] = (kind, str(cell.value))
            return found
        except Exception:  # noqa: BLE001 - the same: the cell stays an empty cell
            return {}
        finally:
            workbook.close()
