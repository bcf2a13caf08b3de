"""Doubtful sheets, read one cell at a time with openpyxl's streaming XML parser.

A sheet that `guard` does not clear for calamine (or that calamine cannot read) is read
here: its XML is parsed as a stream, row by row, and only the cells that are there are
handed over, so no grid is ever built from what a sheet claims. Only cells holding a value
count; a sheet with values in more than `guard.MAX_ROWS` rows, or more than
`guard.MAX_CELLS` cells in the rows remi reads, is too big to be a notebook's and is not
read. The values come out as calamine gives them (numbers as floats, a date without a time
as a date, blank text and error values as empty), so that nothing after the reading can
tell which reader read a sheet.

It reads the parts it needs itself (the sheet, the shared strings, the styles' date
formats), not through openpyxl's workbook loader, which also wants the content types, the
relationships and every page set-up to be well formed before it gives up a single cell.
"""

from __future__ import annotations

import datetime as dt
import re
import warnings
import zipfile
from collections.abc import Iterator
from typing import Any, Final

from remi_sheet.core.problems import Problem
from remi_sheet.i18n import Phrase
from remi_sheet.reading import compat, guard
from remi_sheet.reading.cells import CellValue, address

_DATE_1904: Final = re.compile(rb"date1904\s*=\s*[\"'](?:1|true)[\"']")


class StreamReader:
    """The sheets of one workbook's zip, read as they are asked for; the strings and
    styles are read at the first sheet asked for (most notebooks never need them)."""

    __slots__ = ("_archive", "_context")

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self._archive = archive
        self._context: compat.SheetContext | None = None

    def rows(
        self, name: str, member: str, most_rows: int | None
    ) -> list[list[CellValue]] | Problem:
        """The first `most_rows` rows (None: all) of the sheet `name`, whose part is
        `member`, or why it was not read."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # what openpyxl cannot read is not remi's news
                context = self._context or self._read_context()
                with self._archive.open(member) as source:
                    cells = compat.sparse_cells(source, context)
                    return _rows(cells, most_rows, _SECOND_DAY[context.date1904])
        except _TooBig as too_big:
            params = {"rows": guard.MAX_ROWS, "cells": guard.MAX_CELLS, "cell": too_big.cell}
            return Problem("sheet_too_big", name, too_big.cell, params=params)
        except Exception as error:  # noqa: BLE001 - a damaged sheet can fail anywhere in a parser
            detail = f"{type(error).__name__}: {error}".strip().rstrip(":")
            reason = Phrase("reason_parser", {"detail": detail})
            return Problem("sheet_unreadable", name, params={"reason": reason, "detail": detail})

    def kinds(self, member: str) -> dict[tuple[int, int], tuple[str, str]]:
        """(row, column), 0-based → ("f", formula) or ("e", error text): the cells of the
        sheet part `member` that hold a formula or an error value."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            context = self._context or self._read_context()
            with self._archive.open(member) as source:
                return {
                    (row - 1, column - 1): (kind, str(value))
                    for row, column, value, kind in compat.sparse_cells(
                        source, context, formulas=True
                    )
                    if kind in ("f", "e")
                }

    def _read_context(self) -> compat.SheetContext:
        names = {item.filename.casefold(): item.filename for item in self._archive.infolist()}

        def part(name: str) -> bytes | None:
            found = names.get(name.casefold())
            return compat.part_bytes(self._archive, found) if found is not None else None

        book = part("xl/workbook.xml") or b""
        self._context = compat.sheet_context(
            part("xl/sharedStrings.xml"), part("xl/styles.xml"), _DATE_1904.search(book) is not None
        )
        return self._context


class _TooBig(Exception):
    def __init__(self, cell: str) -> None:
        super().__init__(cell)
        self.cell = cell


# The second day of each date system (1900, 1904) as openpyxl reads a number of a date
# format: a date and time before it stands for a number below 1.
_SECOND_DAY: Final = {False: dt.datetime(1899, 12, 31), True: dt.datetime(1904, 1, 2)}


def _rows(
    cells: Iterator[tuple[int, int, Any, str]], most_rows: int | None, second_day: dt.datetime
) -> list[list[CellValue]]:
    rows: list[list[CellValue]] = []
    valued: set[int] = set()
    kept = 0
    for row, column, raw, kind in cells:
        value = _as_calamine(raw, kind, second_day)
        if value == "" or row < 1 or column < 1:
            continue
        valued.add(row)
        if len(valued) > guard.MAX_ROWS:
            raise _TooBig(address(row - 1, column - 1))
        if most_rows is not None and row > most_rows:
            continue  # counted, not kept: a sheet too big to be a notebook's is told as one
        while len(rows) < row:
            rows.append([])
        line = rows[row - 1]
        if len(line) < column:
            kept += column - len(line)
            if kept > guard.MAX_CELLS:
                raise _TooBig(address(row - 1, column - 1))
            line.extend([""] * (column - len(line)))
        line[column - 1] = value
    return rows


def _as_calamine(value: Any, kind: str, second_day: dt.datetime) -> CellValue:
    """A value as calamine gives it for the same cell. A number below 1 in a date format
    is a time of day to calamine, a negative one too (-0.25 is 18:00); openpyxl reads a
    negative one as a date and time before its date system begins (1899-12-29 18:00)."""
    if value is None or kind == "e":
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return float(value)
    if isinstance(value, dt.datetime) and value < second_day:
        return value.time()
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date()
    if isinstance(value, float | str | dt.date | dt.time | dt.timedelta):
        return value
    return str(value)
