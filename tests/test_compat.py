"""Each private part of openpyxl and zipfile that `reading.compat` reaches for does what
remi relies on: an upgrade that moves one fails here, by name."""

from __future__ import annotations

import datetime as dt
import io
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.chart import BarChart, Reference

from remi_sheet.reading import compat


def _book(tmp_path: Path) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "S"
    sheet["A1"] = "text"
    sheet["C1"] = 12
    sheet["B2"] = dt.date(2026, 11, 29)
    sheet["D2"] = dt.timedelta(hours=30)
    sheet["XFD3"] = "far"
    path = tmp_path / "book.xlsx"
    book.save(path)
    return path


def test_sparse_cells_gives_the_cells_that_are_there(tmp_path: Path) -> None:
    path = _book(tmp_path)
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        strings = archive.read("xl/sharedStrings.xml") if "xl/sharedStrings.xml" in names else None
        context = compat.sheet_context(strings, archive.read("xl/styles.xml"), date1904=False)
        with archive.open("xl/worksheets/sheet1.xml") as source:
            cells = {
                (row, column): value
                for row, column, value, _ in compat.sparse_cells(source, context)
            }
    assert cells == {
        (1, 1): "text",
        (1, 3): 12,
        (2, 2): dt.datetime(2026, 11, 29),
        (2, 4): dt.timedelta(hours=30),
        (3, 16384): "far",
    }


def test_a_stylesheet_openpyxl_cannot_build_keeps_standard_output_clean(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """openpyxl prints "0 is out of range" for cell formats without cell style formats;
    remi's standard output carries the --json document."""
    styles = (
        b'<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<cellXfs count="1"><xf numFmtId="14" xfId="0"/></cellXfs></styleSheet>'
    )
    compat.sheet_context(None, styles, date1904=False)
    assert capsys.readouterr().out == ""


def _zipped(content: bytes, method: int) -> io.BytesIO:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", content)
    return buffer


@settings(max_examples=100, deadline=None)
@given(
    content=st.one_of(st.binary(max_size=3000), st.text(max_size=3000).map(str.encode)),
    method=st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]),
)
def test_part_bytes_are_what_zipfile_reads(content: bytes, method: int) -> None:
    with zipfile.ZipFile(_zipped(content, method)) as archive:
        member = "xl/worksheets/sheet1.xml"
        assert compat.part_bytes(archive, member) == archive.read(member) == content


def _tampered(method: int, change: Callable[[bytearray, zipfile.ZipInfo], None]) -> io.BytesIO:
    content = b'<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row>' * 200
    data = bytearray(_zipped(content, method).getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        change(data, archive.getinfo("xl/worksheets/sheet1.xml"))
    return io.BytesIO(bytes(data))


def _data_byte(data: bytearray, info: zipfile.ZipInfo) -> None:
    name_length, extra_length = struct.unpack_from("<HH", data, info.header_offset + 26)
    start = info.header_offset + 30 + name_length + extra_length
    data[start + info.compress_size // 2] ^= 0x55


def _declared_size(data: bytearray, info: zipfile.ZipInfo, size: int) -> None:
    central = data.rindex(b"PK\x01\x02")
    struct.pack_into("<I", data, central + 24, size)
    struct.pack_into("<I", data, info.header_offset + 22, size)


def _header(data: bytearray, info: zipfile.ZipInfo) -> None:
    data[info.header_offset + 2 : info.header_offset + 4] = b"\x09\x09"


@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
@pytest.mark.parametrize(
    "change",
    [
        _data_byte,
        lambda data, info: _declared_size(data, info, info.file_size - 10),
        lambda data, info: _declared_size(data, info, info.file_size + 10),
        _header,
    ],
    ids=["data", "declared-smaller", "declared-larger", "header"],
)
def test_a_damaged_part_is_refused_as_zipfile_refuses_it(
    method: int, change: Callable[[bytearray, zipfile.ZipInfo], None]
) -> None:
    """Never more than the declared size, and an error wherever zipfile gives one."""
    member = "xl/worksheets/sheet1.xml"
    with zipfile.ZipFile(_tampered(method, change)) as archive:
        try:
            expected: bytes | None = archive.read(member)
        except (zipfile.BadZipFile, zlib.error):
            expected = None
        try:
            got: bytes | None = compat.part_bytes(archive, member)
        except (zipfile.BadZipFile, zlib.error):
            got = None
    assert got == expected


def test_the_zip_file_and_where_its_directory_starts(tmp_path: Path) -> None:
    path = _book(tmp_path)
    data = path.read_bytes()
    with zipfile.ZipFile(io.BytesIO(b"x" * 100 + data)) as archive:
        assert compat.zip_file(archive).seek(0, 2) == len(data) + 100
        offset = struct.unpack_from("<I", data, data.rindex(b"PK\x05\x06") + 16)[0]
        assert compat.zip_directory_start(archive) == offset + 100


def test_a_stored_cell_is_found_and_an_empty_one_not_made(tmp_path: Path) -> None:
    sheet = openpyxl.load_workbook(_book(tmp_path))["S"]
    found = compat.stored_cell(sheet, 1, 3)
    assert found is not None and found.value == 12
    assert compat.stored_cell(sheet, 9, 9) is None
    assert (9, 9) not in {(cell.row, cell.column) for row in sheet.iter_rows() for cell in row}


def test_the_stored_cells_are_those_held_and_no_empty_one(tmp_path: Path) -> None:
    sheet = openpyxl.load_workbook(_book(tmp_path))["S"]
    held = {(cell.row, cell.column): cell.value for cell in compat.stored_cells(sheet)}
    assert held and held[(1, 3)] == 12
    assert None not in held.values()


def test_a_style_copied_as_its_array_is_the_same_style(tmp_path: Path) -> None:
    book = openpyxl.load_workbook(_book(tmp_path))
    sheet = book["S"]
    styled, plain = sheet["A1"], sheet["C1"]
    styled.font = openpyxl.styles.Font(bold=True)
    compat.set_style_array(plain, compat.style_array(styled))
    assert plain.font.bold and compat.style_array(plain) == compat.style_array(styled)


def test_charts_are_cleared(tmp_path: Path) -> None:
    book = openpyxl.load_workbook(_book(tmp_path))
    sheet = book["S"]
    chart = BarChart()
    chart.add_data(Reference(sheet, min_col=3, min_row=1, max_row=1))
    sheet.add_chart(chart, "E5")
    compat.clear_charts(sheet)
    saved = tmp_path / "saved.xlsx"
    book.save(saved)
    with zipfile.ZipFile(saved) as archive:
        assert not [name for name in archive.namelist() if name.startswith("xl/charts/")]


def _numbered_as_libreoffice_does(path: Path, unnamed: int) -> None:
    """The styles part rewritten with `unnamed` style records ahead of the named ones, as
    LibreOffice writes them: every named style and every cell's style number moves up."""
    import re

    with zipfile.ZipFile(path) as old:
        parts = {item.filename: old.read(item) for item in old.infolist()}
    styles = parts["xl/styles.xml"].decode()
    head, rest = styles.split("<cellStyleXfs", 1)
    records, tail = rest.split("</cellStyleXfs>", 1)
    opening, body = records.split(">", 1)
    count = body.count("<xf ") + unnamed
    opening = re.sub(r'count="[0-9]+"', f'count="{count}"', opening)
    filler = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>' * unnamed
    tail = re.sub(r'xfId="([0-9]+)"', lambda m: f'xfId="{int(m[1]) + unnamed}"', tail)
    parts["xl/styles.xml"] = (head + "<cellStyleXfs" + opening + ">" + filler + body
                              + "</cellStyleXfs>" + tail).encode()  # fmt: skip
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, data)


def test_named_styles_numbered_as_libreoffice_does_are_read_by_name(tmp_path: Path) -> None:
    from openpyxl.styles import Font, NamedStyle

    from remi_sheet.writing.saving import open_workbook

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    book.add_named_style(NamedStyle(name="mine", font=Font(bold=True)))
    sheet["A1"] = "styled"
    sheet["A1"].style = "mine"
    sheet["B1"] = "plain"
    path = tmp_path / "lo.xlsx"
    book.save(path)
    _numbered_as_libreoffice_does(path, unnamed=5)
    # As openpyxl reads it by itself, the cell's style number points past its list.
    with pytest.raises(IndexError):
        _ = openpyxl.load_workbook(path).active["A1"].style  # type: ignore[index]
    mended = open_workbook(path, tmp_path / "out.xlsx")
    cells = mended.worksheets[0]
    assert (cells["A1"].style, cells["B1"].style) == ("mine", "Normal")
    mended.save(tmp_path / "out.xlsx")
    saved = openpyxl.load_workbook(tmp_path / "out.xlsx").worksheets[0]
    assert saved["A1"].style == "mine" and saved["A1"].font.b


def test_a_cell_in_an_unnamed_style_record_past_the_named_ones_reads_as_normal(
    tmp_path: Path,
) -> None:
    """The named styles numbered alike, but a cell's record past them (no cellStyle names
    it): openpyxl would read no style there and save a number past its records."""
    import re

    from remi_sheet.writing.saving import open_workbook

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"] = "x"
    sheet["A1"].font = openpyxl.styles.Font(bold=True)
    path = tmp_path / "gap.xlsx"
    book.save(path)
    with zipfile.ZipFile(path) as old:
        parts = {name: old.read(name) for name in old.namelist()}
    styles = parts["xl/styles.xml"].decode()
    unnamed = '<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>' * 2
    styles = styles.replace("</cellStyleXfs>", unnamed + "</cellStyleXfs>")
    cells = styles.split("<cellXfs")[1].split("</cellXfs>")[0]
    styles = styles.replace(
        cells, re.sub(r'(<xf [^>]*fontId="1"[^>]*?)xfId="0"', r'\1xfId="2"', cells)
    )
    parts["xl/styles.xml"] = styles.encode()
    with zipfile.ZipFile(path, "w") as new:
        for name, data in parts.items():
            new.writestr(name, data)
    mended = open_workbook(path, tmp_path / "out.xlsx")
    assert mended.worksheets[0]["A1"].style == "Normal" and mended.worksheets[0]["A1"].font.b
    mended.save(tmp_path / "out.xlsx")
    saved = zipfile.ZipFile(tmp_path / "out.xlsx").read("xl/styles.xml").decode()
    records = saved.split("<cellStyleXfs")[1].split("</cellStyleXfs>")[0].count("<xf ")
    used = re.findall(r'xfId="([0-9]+)"', saved.split("<cellXfs")[1].split("</cellXfs>")[0])
    assert max(map(int, used)) < records


def test_clicks_names_are_typers_own_click() -> None:
    """remi reaches click only through `cli.clicks`; each name is the class Typer raises
    and builds its commands with (a Typer that stops carrying one fails here)."""
    import typer

    from remi_sheet.cli import clicks

    for name in clicks.__all__:
        assert isinstance(getattr(clicks, name), type), name
    assert issubclass(clicks.NoSuchOption, clicks.UsageError)
    assert issubclass(clicks.UsageError, clicks.ClickException)
    assert typer.BadParameter is clicks.BadParameter
    assert issubclass(typer.Context, clicks.Context)


def test_a_part_copied_as_it_lies_reads_back_as_it_was_beside_parts_written_anew() -> None:
    from remi_sheet.reading.compat import copy_part, part_bytes

    text = b"<sheetData>" + b"<row/>" * 5000 + "Őrsi Ödön".encode() + b"</sheetData>"
    source = io.BytesIO()
    with zipfile.ZipFile(source, "w") as made:
        made.writestr("deflated.xml", text, zipfile.ZIP_DEFLATED)
        made.writestr("stored.xml", text[:100], zipfile.ZIP_STORED)
    copy = io.BytesIO()
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(copy, "w") as out:
        out.writestr("first.xml", b"<a/>")
        for item in archive.infolist():
            copy_part(out, archive, item, f"xl/{item.filename}")
        out.writestr("last.xml", b"<b/>", zipfile.ZIP_DEFLATED)
    with zipfile.ZipFile(copy) as archive:
        assert archive.testzip() is None
        assert archive.namelist() == ["first.xml", "xl/deflated.xml", "xl/stored.xml", "last.xml"]
        assert part_bytes(archive, "xl/deflated.xml") == text
        assert archive.read("xl/stored.xml") == text[:100]
        assert archive.getinfo("xl/deflated.xml").compress_size < len(text) // 10  # not inflated
        assert archive.read("last.xml") == b"<b/>"
