"""The two readers give the same notebook: every workbook of the corpus and the samples, and
notebooks remi has written, read with calamine wherever the guard clears a sheet and read
with the streaming reader throughout, come out as the same games, problems, house rules,
language and grids."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from remi_sheet.core.problems import RemiError
from remi_sheet.notebook.loading import load_notebook
from remi_sheet.reading import files, guard
from tests.conftest import build_notebook, remi, worked_game

ROOT = Path(__file__).resolve().parent.parent
BOOKS = [
    path
    for path in sorted((ROOT / "tests" / "corpus").glob("*.xlsx"))
    + sorted((ROOT / "samples").glob("*.xlsx"))
    if files.sniff(path) is None
]


def _model(path: Path) -> Any:
    try:
        notebook = load_notebook(path)
    except RemiError as stop:
        return ("refused", stop.problem.code)
    return (
        [(g.sheet, g.players, g.score, g.played, g.layout) for g in notebook.games],
        [(p.sheet, p.cell, p.code, p.params) for p in notebook.all_problems()],
        notebook.rules,
        notebook.lang,
        {name: [list(row) for row in grid.rows] for name, grid in notebook.grids.items()},
    )


def _both(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    fast = _model(path)
    monkeypatch.setattr(guard, "calamine_may_read", lambda xml: False)
    return fast, _model(path)


def _trimmed(model: Any) -> Any:
    """Grids without the empty cells at the ends of rows and the empty rows at the end,
    which calamine pads a grid with and the streaming reader leaves out."""
    if model[0] == "refused":
        return model
    grids = {}
    for name, rows in model[4].items():
        cut = [list(row) for row in rows]
        for row in cut:
            while row and row[-1] == "":
                row.pop()
        while cut and not cut[-1]:
            cut.pop()
        grids[name] = cut
    return (*model[:4], grids)


@pytest.mark.parametrize("path", BOOKS, ids=lambda path: path.name)
def test_both_readers_read_the_same_notebook(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, streamed = _both(path, monkeypatch)
    assert _trimmed(streamed) == _trimmed(fast)


@pytest.mark.parametrize("kind", ["new", "scored"])
def test_both_readers_read_what_remi_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    if kind == "new":
        path = tmp_path / "new.xlsx"
        assert remi("new", path, "-p", "Anna", "-p", "Béla", "--lang", "hu").exit_code == 0
    else:
        path = build_notebook(tmp_path / "k.xlsx", {"Game": worked_game()})
        assert remi("score", path).exit_code == 0
    fast, streamed = _both(path, monkeypatch)
    assert _trimmed(streamed) == _trimmed(fast)


def _rewritten(path: Path, change: Any) -> Path:
    """The workbook at `path` with `change` applied to each worksheet part's XML."""
    out = path.with_name("changed-" + path.name)
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename.startswith("xl/worksheets/sheet"):
                data = change(data)
            target.writestr(item, data)
    return out


def test_a_sheet_of_cells_placed_by_counting_is_scored_keeping_its_text_of_spaces(
    tmp_path: Path,
) -> None:
    # Cells without r= (the format allows it: they are placed by counting, and so read by
    # the streaming reader), one of them a shared string of one space, as calamine's
    # issue 261 file has them.
    path = build_notebook(tmp_path / "k.xlsx", {"g": worked_game(), "n": [["a", " ", "b"]]})
    counted = _rewritten(path, lambda xml: re.sub(rb' r="[A-Z]+[0-9]+"', b"", xml))
    out = tmp_path / "out.xlsx"
    result = remi("score", counted, "-o", out)
    assert result.exit_code == 0, result.output
    assert [cell.value for cell in openpyxl.load_workbook(out)["n"][1]] == ["a", " ", "b"]


def test_a_file_a_library_cannot_load_is_one_line_with_what_to_do(tmp_path: Path) -> None:
    # An empty style attribute (s=""): calamine reads the sheet, openpyxl's loader fails.
    path = build_notebook(tmp_path / "k.xlsx", {"g": worked_game()})
    broken = _rewritten(path, lambda xml: xml.replace(b'<c r="B2"', b'<c s="" r="B2"', 1))
    assert remi("check", broken).exit_code == 0
    result = remi("score", broken, "-o", tmp_path / "out.xlsx")
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert "could not be read" in line and "save it again as .xlsx" in line, line
    assert "not an Excel workbook" not in line


@pytest.mark.parametrize(
    ("xml", "found"),
    [
        (b'<c r="A1"><f>1/0</f><v></v></c>', True),
        (b'<x:c r="A1"><x:f t="shared" si="0"/></x:c>', True),
        (b"<c r='A1' t='e'><v>#DIV/0!</v></c>", True),
        (b'<c r="A1" t = "e"/>', True),
        (b'<c r="A1" t="s"><v>0</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c>', False),
        (b'<c r="A1" t="inlineStr"><is><t>&lt;f&gt; is no formula</t></is></c>', False),
        # past the first chunk the look reads, across its edge
        (b'<c r="A1" t="s"><v>0</v></c>' * 40_000 + b"<c r='B9'><f>1</f></c>", True),
    ],
)
def test_the_probe_looks_at_a_sheet_only_when_its_bytes_may_hold_a_formula_or_error(
    tmp_path: Path, xml: bytes, found: bool
) -> None:
    from remi_sheet.reading.grid import _formulas_or_errors

    path = tmp_path / "sheet.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("sheet.xml", b"<worksheet><sheetData><row r='1'>" + xml + b"</row>")
    with zipfile.ZipFile(path) as archive:
        assert _formulas_or_errors(archive, "sheet.xml") is found
