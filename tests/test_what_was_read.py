"""What another program put in a workbook goes back as it came: `remi score` keeps every
cell beside the game as its XML held it (the number behind a date, a formula's saved result
of any kind, text of spaces alone), and the second run changes nothing."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from python_calamine import CalamineWorkbook

from tests.conftest import build_notebook, remi, worked_game

_CELL = re.compile(rb'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*)>(?P<body>.*?)</c>', re.DOTALL)
_NOTES = "xl/worksheets/sheet2.xml"


def _notebook(tmp_path: Path, number_format: str, formula: str | None) -> Path:
    """A notebook with a game and a Notes sheet whose A1 has `number_format` (and holds
    `formula`, else a typed number): the value is put in by `_with_value`."""
    path = build_notebook(tmp_path / "notebook.xlsx", {"Game": worked_game()})
    book = openpyxl.load_workbook(path)
    notes = book.create_sheet("Notes")
    notes["A1"] = formula if formula is not None else 1
    notes["A1"].number_format = number_format
    notes["B1"] = "typed beside it"
    book.save(path)
    return path


def _edit(path: Path, part: str, edit: object) -> None:
    """`part` of the zip at `path` replaced by `edit(its bytes)`, as another program saved it."""
    with zipfile.ZipFile(path) as source:
        items = [(item, source.read(item.filename)) for item in source.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for item, data in items:
            out.writestr(item, edit(data) if item.filename == part else data)  # type: ignore[operator]


def _with_value(path: Path, value: str, kind: str | None = None) -> None:
    """A1 of Notes holding `value` as its saved value (of type `kind`), as Excel saves it."""

    def put(xml: bytes) -> bytes:
        def cell(match: re.Match[bytes]) -> bytes:
            if match["ref"] != b"A1":
                return match[0]
            attrs = re.sub(rb'\st="[^"]*"', b"", match["attrs"])
            if kind is not None:
                attrs += f' t="{kind}"'.encode()
            body = re.sub(rb"<v\s*/>|<v>[^<]*</v>", b"", match["body"])
            return b'<c r="A1"' + attrs + b">" + body + b"<v>" + value.encode() + b"</v></c>"

        return _CELL.sub(cell, xml)

    _edit(path, _NOTES, put)


def _a1(path: Path) -> tuple[str, str, str]:
    """A1 of Notes as its XML holds it: its type, its formula and its saved value."""
    with zipfile.ZipFile(path) as archive:
        xml = archive.read(_NOTES)
    for match in _CELL.finditer(xml):
        if match["ref"] == b"A1":
            kind = re.search(rb'\st="([^"]*)"', match["attrs"])
            formula = re.search(rb"<f>([^<]*)</f>", match["body"])
            value = re.search(rb"<v>([^<]*)</v>", match["body"])
            return (
                kind[1].decode() if kind and kind[1] != b"n" else "",
                formula[1].decode() if formula else "",
                value[1].decode() if value else "",
            )
    raise AssertionError("no A1 on Notes")


def _scored_twice(path: Path) -> None:
    """`remi score` in place succeeds, and a second run leaves the file as it is."""
    first = remi("score", path, "--no-backup")
    assert first.exit_code == 0, first.stdout
    assert "did not read back" not in first.stdout
    written = path.read_bytes()
    second = remi("score", path, "--no-backup")
    assert second.exit_code == 0, second.stdout
    assert path.read_bytes() == written


@pytest.mark.parametrize(
    ("number_format", "formula", "value"),
    [
        ("hh:mm:ss", "=TIME(1,2,3)", "0.043090277777777776"),  # a time
        ("[h]:mm:ss", "=A2*3", "1.5"),  # a duration
        ("[h]:mm:ss", "=A2*3", "1.1234567891"),  # a duration finer than a millisecond
        ("yyyy-mm-dd", "=A2+10", "10"),  # 1900-01-10: before 1 March 1900
        ("yyyy-mm-dd", "=A2+59", "59"),  # 1900-02-28, read as the day after it
        ("yyyy-mm-dd", "=A2+60", "60"),  # 1900-02-29, a day only Excel has
        ("yyyy-mm-dd", "=A2*1000", "3000000"),  # past 9999
        ("yyyy-mm-dd hh:mm:ss", "=NOW()", "45000.1234567891"),
    ],
)
def test_a_formulas_saved_date_or_time_is_kept(
    tmp_path: Path, number_format: str, formula: str, value: str
) -> None:
    path = _notebook(tmp_path, number_format, formula)
    _with_value(path, value)
    _scored_twice(path)
    kind, kept, saved = _a1(path)
    assert (kind, kept, float(saved)) == ("", formula[1:], float(value))


def test_a_formulas_saved_date_in_a_1904_workbook_is_kept(tmp_path: Path) -> None:
    path = _notebook(tmp_path, "yyyy-mm-dd", "=A2+45000")
    _with_value(path, "45000")
    _edit(
        path,
        "xl/workbook.xml",
        lambda xml: xml.replace(b"<workbookPr />", b'<workbookPr date1904="1" />'),
    )
    _scored_twice(path)
    assert _a1(path) == ("", "A2+45000", "45000")


@pytest.mark.parametrize(
    ("formula", "error"), [("=1/0", "#DIV/0!"), ('=1+"a"', "#VALUE!"), ("=NA()", "#N/A")]
)
def test_a_formulas_saved_error_is_kept(tmp_path: Path, formula: str, error: str) -> None:
    path = _notebook(tmp_path, "General", formula)
    _with_value(path, error, "e")
    _scored_twice(path)
    assert _a1(path) == ("e", formula[1:], error)


@pytest.mark.parametrize(
    ("number_format", "value"),
    [
        ("yyyy-mm-dd", "60"),  # 1900-02-29: openpyxl writes it back as 28 February
        ("yyyy-mm-dd", "3000000"),  # past 9999: openpyxl reads it as #VALUE!
        ("yyyy-mm-dd hh:mm:ss", "45000.1234567891"),  # openpyxl rounds it to a millisecond
        ("[h]:mm:ss", "1.1234567891"),
    ],
)
def test_a_typed_number_shown_as_a_date_is_kept(
    tmp_path: Path, number_format: str, value: str
) -> None:
    path = _notebook(tmp_path, number_format, None)
    _with_value(path, value)
    _scored_twice(path)
    assert _a1(path) == ("", "", value)


def test_a_cell_of_spaces_alone_is_kept(tmp_path: Path) -> None:
    path = _notebook(tmp_path, "General", None)
    # Excel keeps such text with xml:space="preserve"; openpyxl writes it without.
    _edit(
        path,
        _NOTES,
        lambda xml: xml.replace(b"<t>typed beside it</t>", b'<t xml:space="preserve"> </t>'),
    )
    _scored_twice(path)
    with CalamineWorkbook.from_path(str(path)) as book:
        assert book.get_sheet_by_name("Notes").to_python()[0][1] == " "
