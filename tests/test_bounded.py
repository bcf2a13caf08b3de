"""Bounded work on any file: the sheets, the shared strings and the rows and cells openpyxl
would load are counted from the bytes before the work starts, and a file past a limit is
one line naming it. (Files of every size up to 30 MB are measured in bench/bench_limits.py.)"""

from __future__ import annotations

import time
import zipfile
from pathlib import Path

import pytest

from remi_sheet.core.problems import RemiError
from remi_sheet.reading import guard, package
from tests.conftest import build_notebook, remi, worked_game

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_TYPES = (
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'
)
_SHEET = (
    f'<worksheet xmlns="{_MAIN}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
    "</sheetData></worksheet>"
)


def _workbook(path: Path, sheets: int, strings: bytes | None = None) -> Path:
    """A workbook of `sheets` one-cell sheets, written part by part (openpyxl would take a
    minute over thousands), with `strings` as its shared strings part."""
    listed = "".join(
        f'<sheet name="S{i}" sheetId="{i}" r:id="rId{i}"/>' for i in range(1, sheets + 1)
    )
    targets = "".join(
        f'<Relationship Id="rId{i}" Type="{_RELS}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, sheets + 1)
    )
    if strings is not None:
        targets += (
            f'<Relationship Id="rIdS" Type="{_RELS}/sharedStrings" Target="sharedStrings.xml"/>'
        )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr("[Content_Types].xml", _TYPES)
        book.writestr(
            "_rels/.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{_RELS}/officeDocument" Target="xl/workbook.xml"/>'
            "</Relationships>",
        )
        book.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{_MAIN}" xmlns:r="{_RELS}"><sheets>{listed}</sheets></workbook>',
        )
        book.writestr(
            "xl/_rels/workbook.xml.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f"{targets}</Relationships>",
        )
        for i in range(1, sheets + 1):
            book.writestr(f"xl/worksheets/sheet{i}.xml", _SHEET)
        if strings is not None:
            book.writestr("xl/sharedStrings.xml", strings)
    return path


@pytest.mark.parametrize("command", ["check", "score"])
def test_more_sheets_than_the_limit_are_refused_at_once(tmp_path: Path, command: str) -> None:
    # Beyond the limit and remi's own three sheets (Standings, its record, its live sheet).
    path = _workbook(tmp_path / "many.xlsx", package.MAX_SHEETS + 4)
    before = path.read_bytes()
    start = time.perf_counter()
    result = remi(command, path)
    assert time.perf_counter() - start < 10
    assert result.exit_code == 1
    line = f"has {package.MAX_SHEETS + 4} sheets, more than the {package.MAX_SHEETS} remi reads"
    assert line in result.stderr + result.stdout
    assert path.read_bytes() == before


def test_more_shared_strings_than_the_limit_are_refused_at_once(tmp_path: Path) -> None:
    count = guard.MAX_STRINGS + 1
    strings = (
        f'<sst xmlns="{_MAIN}" count="{count}" uniqueCount="{count}">'.encode()
        + b"".join(b"<si><t>%d</t></si>" % i for i in range(count))
        + b"</sst>"
    )
    path = _workbook(tmp_path / "texts.xlsx", 1, strings)
    result = remi("check", path)
    assert result.exit_code == 1
    assert f"holds {count} different texts in xl/sharedStrings.xml" in result.stderr
    assert f"more than the {guard.MAX_STRINGS} remi reads" in result.stderr
    hungarian = remi("check", path, "--lang", "hu")
    assert f"{count} különböző szöveget" in hungarian.stderr


def test_the_limits_leave_a_notebook_of_thousands_of_games(tmp_path: Path) -> None:
    path = _workbook(tmp_path / "games.xlsx", package.MAX_SHEETS)
    result = remi("check", path)
    # No game among them, and every sheet read.
    assert result.exit_code == 1, result.stderr
    assert "No game sheet found" in result.stdout and result.stderr == ""


def test_a_notebook_at_the_sheet_limit_is_scored_and_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(package, "MAX_SHEETS", 3)
    sheets = {"Game": worked_game(), "Notes": [["x"]], "More": [["y"]]}
    path = build_notebook(tmp_path / "n.xlsx", sheets)
    scored = remi("score", path)
    assert scored.exit_code == 0, scored.stdout
    with zipfile.ZipFile(path) as book:
        assert book.read("xl/workbook.xml").count(b"<sheet ") == 5
    again = remi("check", path)
    assert again.exit_code == 0, again.stderr
    new = remi("new", path, "--add-game")
    assert new.exit_code == 0, new.stdout + new.stderr
    refused = remi("check", path)
    assert refused.exit_code == 1
    # the new game, the Rules sheet --add-game gives a notebook without one, and remi's
    # sheet of what the live formulas read
    assert "has 8 sheets, more than the 3 remi reads" in refused.stderr


def test_a_workbook_with_more_rows_than_openpyxl_may_load_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Formatted rows without a value count too: openpyxl makes an object of each.
    monkeypatch.setattr(package, "MAX_WRITTEN_ELEMENTS", 200)
    rows = [["Row heights only"]] + [[None]] * 10
    path = build_notebook(tmp_path / "n.xlsx", {"Game": worked_game(), "Big": rows})
    with zipfile.ZipFile(path) as book:
        parts = {item.filename: book.read(item) for item in book.infolist()}
    formatted = "".join(f'<row r="{r}" ht="20" customHeight="1"/>' for r in range(2, 300))
    parts["xl/worksheets/sheet2.xml"] = parts["xl/worksheets/sheet2.xml"].replace(
        b"</sheetData>", formatted.encode() + b"</sheetData>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as book:
        for name, data in parts.items():
            book.writestr(name, data)
    before = path.read_bytes()
    checked = remi("check", path)
    assert checked.exit_code == 0, checked.stdout  # reading is bounded otherwise
    result = remi("score", path)
    assert result.exit_code == 1
    assert "has more than 200 rows and cells" in result.stdout
    # the sheet the formatted rows are on, where a user deletes them
    assert "of them in the sheet 'Big')" in result.stdout
    assert "nothing was written" in result.stdout
    assert path.read_bytes() == before


def test_too_many_rows_to_write_names_a_sheet_a_person_sees(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sheet holding the most may be hidden (remi's own record is very hidden): the
    message names the biggest one in the tabs instead."""
    import openpyxl

    monkeypatch.setattr(package, "MAX_WRITTEN_ELEMENTS", 200)
    rows = {"Game": worked_game(), "Hidden": [[n] for n in range(150)]}
    path = build_notebook(tmp_path / "n.xlsx", rows | {"Seen": [[n] for n in range(60)]})
    book = openpyxl.load_workbook(path)
    book["Hidden"].sheet_state = "hidden"
    book.save(path)
    result = remi("score", path)
    assert result.exit_code == 1
    assert "of them in the sheet 'Seen')" in result.stdout, result.stdout


def test_sheets_openpyxl_loads_empty_count_for_nothing_in_the_bound_of_what_it_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet kept byte for byte (`kept_sheets`) is handed to openpyxl empty: its rows are
    none of openpyxl's to load, and a notebook is not refused for them."""
    monkeypatch.setattr(package, "MAX_WRITTEN_ELEMENTS", 200)
    path = build_notebook(
        tmp_path / "n.xlsx", {"Game": worked_game(), "Big": [[n] for n in range(150)]}
    )
    with zipfile.ZipFile(path) as archive:
        big = package.sheet_parts(archive)["Big"]
        with pytest.raises(RemiError) as refused:
            package.check_writable_size(archive)
        assert refused.value.problem.params["sheet"] == "Big"
        package.check_writable_size(archive, {big})  # nothing raised
