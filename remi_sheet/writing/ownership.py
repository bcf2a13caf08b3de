"""Which cells are remi's: the record of what it wrote, and the claim it makes on a run.

A cell's style cannot tell: Excel and LibreOffice keep a cell's style when somebody types
into it or pastes it elsewhere. So remi keeps a record, in a very hidden sheet, of every
cell it wrote and the value it wrote there. On the next run a cell is remi's to rewrite or
clear only while it still holds that value (or nothing); a recorded cell holding something
else was typed over by a person, and a cell in remi's way that it never wrote belongs to a
person. Either way that sheet is left alone and the cell is reported. Pure: values in,
decisions out.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from remi_sheet.core.problems import Problem
from remi_sheet.reading.cells import CellValue, address
from remi_sheet.reading.grid import Grid

STATE_SHEET: Final = "_remi_state"  # also in `notebook.sheets.WHOLE_SHEETS`: read in full
STATE_TITLE: Final = "remi-sheet: the cells remi wrote. Do not edit."
_CHUNK: Final = 30_000  # a cell holds at most 32,767 characters

Key = tuple[int, int]  # 0-based (row, column)
Record = dict[str, dict[Key, Any]]  # sheet → cell → the value remi wrote there


def same(current: CellValue, recorded: Any) -> bool:
    """Equal as a person would see it: 30 and 30.0 are the same number."""
    if isinstance(current, int | float) and not isinstance(current, bool):
        # A float written and read back may differ in its last bit, never more.
        return (
            isinstance(recorded, int | float)
            and not isinstance(recorded, bool)
            and math.isclose(current, recorded, rel_tol=1e-12, abs_tol=1e-12)
        )
    return bool(current == recorded)


def read_record(grid: Grid | None) -> Record | None:
    """The record on the state sheet, or None when the workbook has none (or not ours)."""
    if grid is None or grid.value(0, 0) != STATE_TITLE:
        return None
    record: Record = {}
    for row in range(1, grid.height):
        sheet = grid.value(row, 0)
        if sheet is None:
            continue
        text = "".join(str(grid.value(row, column) or "") for column in range(1, grid.width(row)))
        try:
            record[str(sheet)] = _decode(json.loads(text))
        except (ValueError, KeyError, TypeError):
            return None  # a damaged record proves nothing: fall back as if there were none
    return record


def _decode(document: dict[str, Any]) -> dict[Key, Any]:
    top, left, rows = int(document["r"]), int(document["c"]), document["v"]
    return {
        (top + i, left + j): value
        for i, values in enumerate(rows)
        for j, value in enumerate(values)
        if value is not None
    }


def state_rows(record: Record) -> list[list[str]]:
    """The state sheet's rows: its title, then a sheet name and its cells as JSON chunks."""
    rows = [[STATE_TITLE]]
    for sheet in sorted(record):
        text = json.dumps(_encode(record[sheet]), ensure_ascii=False, separators=(",", ":"))
        rows.append([sheet] + [text[i : i + _CHUNK] for i in range(0, len(text), _CHUNK)])
    return rows


def _encode(cells: Mapping[Key, Any]) -> dict[str, Any]:
    if not cells:
        return {"r": 0, "c": 0, "v": []}
    top = min(row for row, _ in cells)
    left = min(column for _, column in cells)
    bottom = max(row for row, _ in cells)
    right = max(column for _, column in cells)
    grid = [
        [cells.get((row, column)) for column in range(left, right + 1)]
        for row in range(top, bottom + 1)
    ]
    return {"r": top, "c": left, "v": grid}


@dataclass(slots=True)
class Claim:
    """What remi may do on one sheet: clear `clear`, write its cells; or, with `problems`,
    nothing at all."""

    clear: set[Key] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)


def claim(
    sheet: str,
    current: Callable[[Key], CellValue],
    recorded: Mapping[Key, Any],
    desired: Mapping[Key, Any],
    area: str,
) -> Claim:
    """Decide whether remi may write `desired` on `sheet`, where it wrote `recorded` before
    and the cells now hold `current`."""
    result = Claim()
    for key, value in sorted(recorded.items()):
        now = current(key)
        if now is not None and not same(now, value):
            result.problems.append(
                Problem("area_edited", sheet, address(*key), params={"value": now, "was": value})
            )
    for key in sorted(desired):
        now = current(key)
        if key not in recorded and now is not None:
            result.problems.append(
                Problem("area_occupied", sheet, address(*key), params={"value": now, "area": area})
            )
    result.clear = {key for key in recorded if key not in desired}
    return result
