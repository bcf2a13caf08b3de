"""The live formulas worked out by an evaluator of Excel's own semantics, the second opinion
beside LibreOffice (`test_live`): the `formulas` package, with Excel's strict ISNUMBER (a
text "27" is no number; the package's own takes it for one). A notebook `remi new` made is
typed into with entries of every kind and spelling, in every slot of a row (a latecomer's
among them), and every helper, score and running total is compared with the engine."""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from remi_sheet.core.rules import HouseRules
from remi_sheet.notebook.loading import load_notebook
from remi_sheet.reading.cells import column_number
from tests.conftest import remi
from tests.live_cases import Typist, every_spelling
from tests.test_live import Tally, compare

formulas = pytest.importorskip("formulas")

_REFERENCE = re.compile(r"^'\[[^\]]+\](?P<sheet>.+)'!(?P<first>[A-Z]+[0-9]+)(?::[A-Z]+[0-9]+)?$")
_CELL = re.compile(r"([A-Z]+)([0-9]+)")


def _strict_isnumber() -> None:
    """Excel's ISNUMBER: a number, never a text that looks like one."""
    import numpy as np
    from formulas.functions import FUNCTIONS, wrap_ranges_func
    from formulas.functions.info import FalseArray, iserror

    def number(value: Any) -> bool:
        return isinstance(value, int | float | np.number) and not isinstance(value, bool | np.bool_)

    FUNCTIONS["ISNUMBER"] = wrap_ranges_func(
        functools.partial(iserror, check=number, array=FalseArray)
    )


def computed(path: Path) -> dict[str, list[list[Any]]]:
    """Every sheet's cells as the evaluator computes them, as rows of values."""
    _strict_isnumber()
    solution = formulas.ExcelModel().loads(str(path)).finish().calculate()
    sheets: dict[str, list[list[Any]]] = {}
    for key, ranges in solution.items():
        found = _REFERENCE.match(key)
        if found is None or not hasattr(ranges, "value"):
            continue
        letters, digits = _CELL.fullmatch(found["first"]).groups()  # type: ignore[union-attr]
        top, left = int(digits) - 1, column_number(letters) - 1
        rows = sheets.setdefault(found["sheet"], [])
        for i, values in enumerate(ranges.value.tolist()):
            for j, value in enumerate(values):
                while len(rows) <= top + i:
                    rows.append([])
                row = rows[top + i]
                while len(row) <= left + j:
                    row.append(None)
                row[left + j] = _plain(value)
    return sheets


def _plain(value: Any) -> Any:
    """A computed value as LibreOffice's read gives it: numbers as floats, texts, logical
    values, empty cells None; an error as its text (no cell of remi's may hold one)."""
    import numpy as np

    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, int | float | np.number):
        return float(value)
    if isinstance(value, str):
        return value
    text = str(value)
    return None if text == "empty" else text


def test_an_evaluator_of_excels_semantics_scores_as_remi_does(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    made = remi("new", path, "-p", "Anna", "-p", "Béla", "-p", "Csaba", "-p", "Dóra", "--deals",
                "40", "--lang", "hu")  # fmt: skip
    assert made.exit_code == 0, made.output
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[0]
    sheet["F5"] = "Ede"  # a latecomer in a free column, before play
    typist = Typist(37, HouseRules())
    rows = [typist.row(5) for _ in range(20)]
    spellings = every_spelling()[::7]  # every seventh: the spellings' every kind
    rows += [spellings[i : i + 5] for i in range(0, min(len(spellings), 100), 5)]
    for offset, row in enumerate(rows[:40]):
        for column, typed in enumerate(row, start=2):
            cell = sheet.cell(6 + offset, column, typed)
            if isinstance(typed, str):
                cell.data_type = "s"
    book.save(path)
    notebook = load_notebook(path)
    assert notebook.games[0].players == ("Anna", "Béla", "Csaba", "Dóra", "Ede")
    tally = Tally()
    compare(notebook, computed(path), tally, scored=False)
    assert tally.entries >= 170 and tally.rows >= 35
