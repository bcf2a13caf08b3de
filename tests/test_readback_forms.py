"""Forms of a typed cell other programs write that nothing would lose, but that the read-back
after a save once refused (issue 38): a negative number in a date or time format, a string
of plain text followed by rich-text runs, and a carriage return in a cell's text. Each
workbook is written here part by part; `remi score` (in place and `--output`) puts each
cell back as it was read, and a second run changes nothing. A cell really changed is still
refused."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import openpyxl
import pytest
from python_calamine import CalamineWorkbook

from remi_sheet.reading import guard
from remi_sheet.reading.stream import StreamReader
from remi_sheet.writing import formula_results
from tests.conftest import remi, worked_game
from tests.parts import sheet_xml

REMI = shutil.which("remi", path=str(Path(sys.executable).parent))
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_NOTES = "xl/worksheets/sheet2.xml"
# A cell placed by counting (no `r`): the guard does not clear such a sheet for calamine,
# and the streaming reader reads it.
_COUNTED = '<c t="inlineStr"><is><t>counted</t></is></c>'


def _workbook(
    path: Path,
    notes: str,
    strings: str | None = None,
    number_format: str | None = None,
    *,
    date1904: bool = False,
) -> Path:
    """A workbook of the worked game and a sheet Notes whose rows are `notes` (sheetData's
    XML), with `strings` as its shared strings' items, and style 1 in `number_format`."""
    formats = (
        f'<numFmts count="1"><numFmt numFmtId="164" formatCode="{escape(number_format)}"/>'
        "</numFmts>"
        if number_format
        else ""
    )
    styles = (
        f'<styleSheet xmlns="{_MAIN}">{formats}'
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
        '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
        '<borders count="1"><border/></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
        '</cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
        f'<xf numFmtId="{164 if number_format else 0}" fontId="0" fillId="0" borderId="0" '
        'applyNumberFormat="1"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
        "</styleSheet>"
    )
    parts = {
        "_rels/.rels": f'<Relationships xmlns="{_PACKAGE}"><Relationship Id="rId1" '
        f'Type="{_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{_MAIN}" xmlns:r="{_RELS}">'
        + ('<workbookPr date1904="1"/>' if date1904 else "")
        + '<sheets><sheet name="Game" sheetId="1" r:id="rId1"/>'
        '<sheet name="Notes" sheetId="2" r:id="rId2"/></sheets></workbook>',
        "xl/styles.xml": styles,
        "xl/worksheets/sheet1.xml": sheet_xml(worked_game()[:4]).decode(),
        _NOTES: f'<worksheet xmlns="{_MAIN}"><sheetData>{notes}</sheetData></worksheet>',
    }
    targets = {"rId1": "worksheets/sheet1.xml", "rId2": "worksheets/sheet2.xml"}
    kinds = {"rId1": "worksheet", "rId2": "worksheet", "rId3": "styles"}
    targets["rId3"] = "styles.xml"
    if strings is not None:
        parts["xl/sharedStrings.xml"] = f'<sst xmlns="{_MAIN}">{strings}</sst>'
        targets["rId4"], kinds["rId4"] = "sharedStrings.xml", "sharedStrings"
    parts["xl/_rels/workbook.xml.rels"] = (
        f'<Relationships xmlns="{_PACKAGE}">'
        + "".join(
            f'<Relationship Id="{rid}" Type="{_RELS}/{kinds[rid]}" Target="{target}"/>'
            for rid, target in targets.items()
        )
        + "</Relationships>"
    )
    overrides = {
        "/xl/workbook.xml": "sheet.main",
        "/xl/styles.xml": "styles",
        "/xl/worksheets/sheet1.xml": "worksheet",
        "/" + _NOTES: "worksheet",
    }
    if strings is not None:
        overrides["/xl/sharedStrings.xml"] = "sharedStrings"
    parts["[Content_Types].xml"] = (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        + "".join(
            f'<Override PartName="{name}" ContentType="{_TYPE}.{kind}+xml"/>'
            for name, kind in overrides.items()
        )
        + "</Types>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as book:
        for name, xml in parts.items():
            book.writestr(name, xml.encode("utf-8"))
    return path


def _calamine(path: Path) -> list[list[Any]]:
    with CalamineWorkbook.from_path(str(path)) as book:
        return book.get_sheet_by_name("Notes").to_python()


def _openpyxl(path: Path, *, rich_text: bool = False) -> dict[str, tuple[Any, str]]:
    """Notes's cells with an address, as openpyxl reads them: value and number format."""
    sheet = openpyxl.load_workbook(path, rich_text=rich_text)["Notes"]
    return {
        cell.coordinate: (cell.value, cell.number_format)
        for row in sheet.iter_rows()
        for cell in row
        if cell.value is not None
    }


def _raw(path: Path, ref: str) -> str:
    """The text of the `<v>` of `ref` on Notes, as the XML holds it."""
    with zipfile.ZipFile(path) as book:
        xml = book.read(_NOTES).decode()
    found = re.search(rf'<c r="{ref}"[^>]*>(?:<f>[^<]*</f>)?<v>([^<]*)</v>', xml)
    assert found is not None, xml
    return found[1]


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    assert REMI
    return subprocess.run(
        [REMI, *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LANG": "C.UTF-8", "COLUMNS": "200"},
        check=False,
    )


def _scored_as_it_was(path: Path, tmp_path: Path, *, by_openpyxl: bool = True) -> list[Path]:
    """`remi score` with `--output` and in place: both succeed, Notes reads back as it did
    before with calamine (and with openpyxl, unless not `by_openpyxl`), and a second run
    changes no byte. The files it wrote."""
    calamine, typed = _calamine(path), _openpyxl(path)
    out = tmp_path / "out.xlsx"
    first = _run("score", path, "-o", out)
    assert first.returncode == 0, first.stdout + first.stderr
    written = out.read_bytes()
    again = _run("score", path, "-o", out)
    assert again.returncode == 0, again.stdout + again.stderr
    assert out.read_bytes() == written
    for mode in ("in place", "again"):
        result = _run("score", path, "--no-backup")
        assert result.returncode == 0, (mode, result.stdout + result.stderr)
        if mode == "in place":
            scored = path.read_bytes()
    assert path.read_bytes() == scored  # the second run in place changes nothing
    for saved in (out, path):
        assert _calamine(saved) == calamine
        assert _openpyxl(saved) == typed or not by_openpyxl
    return [out, path]


# -- a negative number in a date or time format -------------------------------------------


@pytest.mark.parametrize(
    ("number_format", "value", "counted", "date1904"),
    [
        ("yy", "-1.2", False, False),  # as SheetJS's test file has it (C3 = -1.2, YY)
        ("yy", "-1.2", True, False),
        ("hh:mm", "-0.25", True, False),  # LibreOffice: 18:00 or 1899-12-29 18:00
        ("yyyy-mm-dd hh:mm", "-3", True, False),
        ("hh:mm:ss", "-1.23456789", True, False),  # finer than openpyxl's millisecond
        ("hh:mm", "-0.25", True, True),
    ],
    ids=["yy", "yy-streamed", "time-streamed", "day-streamed", "fine-streamed", "1904-streamed"],
)
def test_a_negative_number_in_a_date_format_goes_back_as_it_was(
    tmp_path: Path, number_format: str, value: str, counted: bool, date1904: bool
) -> None:
    row = f'<row r="3"><c r="C3" s="1"><v>{value}</v></c>{_COUNTED if counted else ""}</row>'
    path = _workbook(tmp_path / "book.xlsx", row, number_format=number_format, date1904=date1904)
    with zipfile.ZipFile(path) as book:
        assert guard.calamine_may_read(book.read(_NOTES)) is not counted
    for saved in _scored_as_it_was(path, tmp_path):
        assert float(_raw(saved, "C3")) == float(value)
        assert _openpyxl(saved)["C3"][1] == number_format


@pytest.mark.parametrize("date1904", [False, True])
@pytest.mark.parametrize(
    "value", ["-1.2", "-0.25", "-3", "-1e-9", "-0.0000001", "-100000.5", "0.5", "1", "45000.5"]
)
@pytest.mark.parametrize("number_format", ["yy", "hh:mm", "yyyy-mm-dd hh:mm", "[h]:mm"])
def test_both_readers_read_a_number_in_a_date_format_alike(
    tmp_path: Path, number_format: str, value: str, date1904: bool
) -> None:
    row = f'<row r="1"><c r="A1" s="1"><v>{value}</v></c></row>'
    path = _workbook(tmp_path / "book.xlsx", row, number_format=number_format, date1904=date1904)
    with zipfile.ZipFile(path) as archive:
        streamed = StreamReader(archive).rows("Notes", _NOTES, None)
    assert streamed == _calamine(path)


# -- plain text followed by rich-text runs --------------------------------------------------

_RED = '<rPr><b/><color rgb="FFFF0000"/><rFont val="Calibri"/></rPr>'
_RICH = {
    "plain, runs": f"<t>plain</t><r><t>run1</t></r><r>{_RED}<t>run2</t></r>",
    "spaces kept": f'<t xml:space="preserve">plain </t>'
    f'<r>{_RED}<t xml:space="preserve"> run</t></r>',
    # Read otherwise by openpyxl before (spaces kept, the plain text first): it reads them
    # back as calamine read them before, as Excel shows them.
    "spaces dropped": f"<t>plain </t><r>{_RED}<t> run</t></r>",
    "runs, plain": f"<r>{_RED}<t>run</t></r><t>plain</t>",
}


@pytest.mark.parametrize("inline", [False, True], ids=["shared", "inline"])
@pytest.mark.parametrize("form", _RICH)
def test_plain_text_followed_by_runs_goes_back_whole(
    tmp_path: Path, form: str, inline: bool
) -> None:
    item = _RICH[form]
    if inline:
        row = f'<row r="1"><c r="A1" t="inlineStr"><is>{item}</is></c></row>'
        path = _workbook(tmp_path / "book.xlsx", row)
    else:
        row = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
        path = _workbook(tmp_path / "book.xlsx", row, f"<si>{item}</si><si><t>plain</t></si>")
    (text, *_), *_ = _calamine(path)
    assert "run" in text and "plain" in text
    alike = form in ("plain, runs", "spaces kept")
    for saved in _scored_as_it_was(path, tmp_path, by_openpyxl=alike):
        (value, _), *_ = _openpyxl(saved, rich_text=True).values()
        assert str(value) == text
        assert [bool(block.font.b) for block in value if not isinstance(block, str)] == [True]


# -- a carriage return in a cell's text -----------------------------------------------------

_LINES = {
    "CR LF as characters": "a&#13;&#10;b",
    "CR as a character": "a&#13;b",
    "CR LF as it stands": "a\r\nb",
    "CR LF at the end": "a&#13;&#10;",
}


@pytest.mark.parametrize("inline", [False, True], ids=["shared", "inline"])
@pytest.mark.parametrize("form", _LINES)
def test_a_carriage_return_in_text_goes_back_as_it_was(
    tmp_path: Path, form: str, inline: bool
) -> None:
    text = f'<t xml:space="preserve">{_LINES[form]}</t>'
    if inline:
        row = f'<row r="1"><c r="A1" t="inlineStr"><is>{text}</is></c></row>'
        path = _workbook(tmp_path / "book.xlsx", row)
    else:
        row = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>'
        path = _workbook(tmp_path / "book.xlsx", row, f"<si>{text}</si>")
    before = _calamine(path)
    assert before[0][0].startswith("a")
    _scored_as_it_was(path, tmp_path)


# -- a cell really changed is still refused --------------------------------------------------


@pytest.mark.parametrize(
    ("notes", "strings", "number_format", "changed"),
    [
        (
            '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
            "<si><t>a&#13;&#10;b</t></si>",
            None,
            "ab",
        ),
        (
            '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
            f"<si>{_RICH['plain, runs']}</si>",
            None,
            "plain",
        ),
        (f'<row r="1"><c r="A1" s="1"><v>-0.25</v></c>{_COUNTED}</row>', None, "hh:mm", -0.5),
    ],
    ids=["line end", "runs", "negative time"],
)
def test_a_cell_really_changed_is_still_refused(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    notes: str,
    strings: str | None,
    number_format: str | None,
    changed: Any,
) -> None:
    path = _workbook(tmp_path / "book.xlsx", notes, strings, number_format)
    before = path.read_bytes()
    mend = formula_results.mend

    def damage(saved: Path, *args: Any) -> None:
        mend(saved, *args)
        book = openpyxl.load_workbook(saved)
        book["Notes"]["A1"] = changed  # changed behind remi's back
        book.save(saved)

    monkeypatch.setattr(formula_results, "mend", damage)
    result = remi("score", path)
    assert result.exit_code == 1
    assert "Notes!A1" in result.stdout and "did not read back" in result.stdout
    assert path.read_bytes() == before
