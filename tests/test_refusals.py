"""Workbooks of other kinds and other makers: each told for what it is with what to do, or
read when Excel and calamine read it."""

from __future__ import annotations

import io
import struct
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from remi_sheet.notebook.loading import load_notebook
from tests.conftest import build_notebook, remi, worked_game

_MACRO_SHEET = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    b'<xm:macrosheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    b'xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><sheetData><row r="1">'
    b'<c r="A1"><f>RETURN()</f><v>1</v></c></row></sheetData></xm:macrosheet>'
)


def _copy(
    source: Path,
    target: Path,
    name: Callable[[str], str] = lambda name: name,
    edit: Callable[[str, bytes], bytes] = lambda name, data: data,
    extra: dict[str, bytes] | None = None,
) -> Path:
    """`source`'s zip written to `target`, its parts renamed by `name` and edited by `edit`."""
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(target, "w") as after:
        for item in before.infolist():
            after.writestr(name(item.filename), edit(item.filename, before.read(item)))
        for part, data in (extra or {}).items():
            after.writestr(part, data)
    return target


def _game(tmp_path: Path) -> Path:
    return build_notebook(tmp_path / "made.xlsx", {"Game": worked_game(), "Notes": [["keep"]]})


def test_a_binary_workbook_found_by_its_relationships_says_save_as_xlsx(tmp_path: Path) -> None:
    path = tmp_path / "book.xlsb"
    with zipfile.ZipFile(path, "w") as book:
        book.writestr(
            "[Content_Types].xml",
            '<Types><Override PartName="/xl/book.bin" '
            'ContentType="application/vnd.ms-excel.sheet.binary.macroEnabled.main"/></Types>',
        )
        book.writestr(
            "_rels/.rels",
            '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships/officeDocument" Target="xl/book.bin"/>'
            "</Relationships>",
        )
        book.writestr("xl/book.bin", b"\x83\x01\x00")
    result = remi("check", path)
    assert result.exit_code == 1
    assert "is an Excel binary workbook (.xlsb)" in result.stderr
    assert "save it as .xlsx" in result.stderr and "Word" not in result.stderr


def test_an_ods_with_a_byte_after_its_end_gets_the_ods_advice(tmp_path: Path) -> None:
    path = tmp_path / "table.ods"
    with zipfile.ZipFile(path, "w") as table:
        table.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        table.writestr("content.xml", "<office:document-content/>")
    with path.open("ab") as table_file:
        table_file.write(b"\0")
    named_xlsx = tmp_path / "table.xlsx"
    named_xlsx.write_bytes(path.read_bytes())
    for name in (path, named_xlsx):
        result = remi("score", name)
        assert result.exit_code == 1
        assert "is an OpenDocument (.ods) spreadsheet: remi reads it" in result.stderr
        assert "save it as .xlsx in LibreOffice" in result.stderr
        # Read as an .ods, whose zip is held to an .xlsx's rules.
        checked = remi("check", name)
        assert checked.exit_code == 1
        assert "written in a way no spreadsheet program writes" in checked.stderr


def test_an_ods_notebook_is_refused_in_the_language_of_its_sheets(tmp_path: Path) -> None:
    # As LibreOffice writes a remi notebook saved as .ods: the sheet names are in content.xml.
    # Written by score, read by check and report: this one lacks its manifest.
    for sheet, advice, unreadable in [
        ("Szabályok", "mentsd .xlsx formátumban a LibreOffice-ban", "de nem olvasható"),
        ("Rules", "save it as .xlsx in LibreOffice", "that cannot be read"),
    ]:
        path = tmp_path / f"{sheet}.ods"
        with zipfile.ZipFile(path, "w") as table:
            table.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
            table.writestr(
                "content.xml",
                "<office:document-content><office:body><office:spreadsheet><table:table "
                f'table:name="2026-01-09" table:style-name="ta1"/><table:table '
                f'table:name="{sheet}" table:style-name="ta1"/></office:spreadsheet>'
                "</office:body></office:document-content>",
            )
        for command, said in (
            (["check", path], unreadable),
            (["score", path], advice),
            (["report", path, "-o", path.with_suffix(".pdf")], unreadable),
        ):
            result = remi(*command)
            assert result.exit_code == 1 and said in result.stderr, result.stderr


def test_a_phones_spreadsheet_files_say_how_to_get_an_xlsx(tmp_path: Path) -> None:
    numbers = tmp_path / "Klub.numbers"  # one file, as iCloud keeps it: a zip of .iwa parts
    with zipfile.ZipFile(numbers, "w") as package:
        package.writestr("Index/Document.iwa", b"\0")
        package.writestr("Metadata/Properties.plist", b"\0")
    bundle = tmp_path / "Bundle.numbers"  # a package folder, as a Mac saves it
    (bundle / "Index").mkdir(parents=True)
    shortcut = tmp_path / "Klub.gsheet"  # Google Drive's desktop shortcut: a line of JSON
    shortcut.write_text('{"doc_id": "1x", "url": "https://docs.google.com/spreadsheets/d/1x"}')
    for path, advice in [
        (numbers, "export it from Numbers as Excel"),
        (bundle, "export it from Numbers as Excel"),
        (shortcut, "download it as .xlsx (File ▸ Download ▸ Microsoft Excel)"),
    ]:
        result = remi("check", path)
        assert result.exit_code == 1 and advice in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
        # As paper records too: not read as a CSV of no games, or refused as a folder.
        notebook = build_notebook(tmp_path / "into.xlsx", {"g": worked_game()})
        imported = remi("import", path, "--into", notebook)
        assert imported.exit_code == 1 and advice in imported.stderr, imported.stderr


@pytest.mark.parametrize("name", ["klub", "klub.ods", "klub.XLSX"])
def test_a_workbook_is_read_by_what_it_holds_not_its_name(tmp_path: Path, name: str) -> None:
    """An .xlsx that lost its ending, or was given another: every command reads it (openpyxl
    refused it by its name, so a scored notebook could be reported on but not checked)."""
    made = tmp_path / "made.xlsx"
    assert remi("new", made, "-p", "Anna", "-p", "Béla").exit_code == 0
    path = tmp_path / name
    made.rename(path)
    for command in (["score", path], ["check", path], ["new", "--add-game", path]):
        result = remi(*command)
        assert result.exit_code == 0, (command, result.output)
        assert "openpyxl" not in result.output
    assert len(load_notebook(path).games) == 2


def _with_macro_sheet(tmp_path: Path) -> Path:
    def edit(name: str, data: bytes) -> bytes:
        if name == "xl/workbook.xml":
            return data.replace(
                b"</sheets>", b'<sheet name="Macro1" sheetId="9" r:id="rId99"/></sheets>'
            )
        if name == "xl/_rels/workbook.xml.rels":
            return data.replace(
                b"</Relationships>",
                b'<Relationship Id="rId99" Type="http://schemas.microsoft.com/office/2006/'
                b'relationships/xlMacrosheet" Target="macrosheets/sheet1.xml"/></Relationships>',
            )
        if name == "[Content_Types].xml":
            return data.replace(
                b"</Types>",
                b'<Override PartName="/xl/macrosheets/sheet1.xml" '
                b'ContentType="application/vnd.ms-excel.macrosheet+xml"/></Types>',
            )
        return data

    return _copy(
        _game(tmp_path),
        tmp_path / "macros.xlsm",
        edit=edit,
        extra={"xl/macrosheets/sheet1.xml": _MACRO_SHEET},
    )


def test_an_xlsm_with_excel_4_macro_sheets_has_its_other_sheets_read(tmp_path: Path) -> None:
    path = _with_macro_sheet(tmp_path)
    result = remi("check", path)
    assert result.exit_code == 0, result.stderr
    assert "Anna -30, Béla 100, Csaba 220" in result.stdout
    assert "Calamine" not in result.stdout + result.stderr
    before = path.read_bytes()
    scored = remi("score", path)
    # openpyxl drops the macro sheet: said before anything is written, as every loss is.
    assert scored.exit_code == 1
    assert "xl/macrosheets/sheet1.xml" in scored.stdout and "Nothing was written" in scored.stdout
    assert path.read_bytes() == before
    copy = remi("score", path, "--output", tmp_path / "copy.xlsx")
    assert copy.exit_code == 0, copy.stdout
    assert "xl/macrosheets/sheet1.xml" in copy.stdout


def test_part_names_with_backslashes_are_read_and_written(tmp_path: Path) -> None:
    path = _copy(_game(tmp_path), tmp_path / "windows.xlsx", name=lambda n: n.replace("/", "\\"))
    with zipfile.ZipFile(path) as archive:
        assert "xl\\workbook.xml" in archive.namelist()
    result = remi("check", path)
    assert result.exit_code == 0, result.stderr
    assert "Anna -30, Béla 100, Csaba 220" in result.stdout
    scored = remi("score", path)
    assert scored.exit_code == 0, scored.stdout
    again = remi("check", path)
    assert again.exit_code == 0 and "Anna -30, Béla 100, Csaba 220" in again.stdout
    with zipfile.ZipFile(path) as archive:
        assert "xl/workbook.xml" in archive.namelist()
        assert b"keep" in archive.read("xl/worksheets/sheet2.xml")


def _moved(tmp_path: Path, folder: str) -> Path:
    """The notebook with its xl/ parts in `folder` ("" for the package's root)."""

    def edit(name: str, data: bytes) -> bytes:
        if name in ("_rels/.rels", "[Content_Types].xml"):
            return data.replace(b"/xl/", f"/{folder}".encode()).replace(
                b'Target="xl/', f'Target="{folder}'.encode()
            )
        return data

    return _copy(
        _game(tmp_path),
        tmp_path / "moved.xlsx",
        name=lambda n: folder + n[3:] if n.startswith("xl/") else n,
        edit=edit,
    )


def test_a_workbook_part_outside_xl_is_read_and_written(tmp_path: Path) -> None:
    path = _moved(tmp_path, "wb/")
    result = remi("check", path)
    assert result.exit_code == 0, result.stderr
    assert "Anna -30, Béla 100, Csaba 220" in result.stdout
    scored = remi("score", path)
    assert scored.exit_code == 0, scored.stdout
    with zipfile.ZipFile(path) as archive:
        assert "xl/workbook.xml" in archive.namelist()
        assert b"keep" in archive.read("xl/worksheets/sheet2.xml")
    assert "Anna -30, Béla 100, Csaba 220" in remi("check", path).stdout


def test_a_workbook_part_at_the_root_is_told_with_what_to_do(tmp_path: Path) -> None:
    path = _moved(tmp_path, "")
    result = remi("check", path)
    assert result.exit_code == 1
    assert "keeps its workbook part at workbook.xml" in result.stderr
    assert "save it again" in result.stderr and "Word" not in result.stderr


def test_a_package_without_its_relationships_part_is_read_and_written(tmp_path: Path) -> None:
    # _rels/.rels says where the workbook is; without it calamine "cannot detect the format".
    made = _game(tmp_path)
    path = tmp_path / "bare.xlsx"
    with zipfile.ZipFile(made) as before, zipfile.ZipFile(path, "w") as after:
        for name in before.namelist():
            if name != "_rels/.rels":
                after.writestr(name, before.read(name))
    result = remi("check", path)
    assert result.exit_code == 0, result.stderr
    assert "Anna -30, Béla 100, Csaba 220" in result.stdout
    assert remi("score", path).exit_code == 0
    with zipfile.ZipFile(path) as archive:
        assert "_rels/.rels" in archive.namelist()
    assert "Anna -30, Béla 100, Csaba 220" in remi("check", path).stdout


def test_the_usual_package_is_read_as_it_is_and_its_names_as_zipfile_reads_them() -> None:
    """`readable` looks at the central directory alone for the usual package (thousands of
    sheets are not parsed whole three times); the names it reads are zipfile's."""
    from remi_sheet.reading import tolerant

    samples = sorted((Path(__file__).parent.parent / "samples").glob("*.xlsx"))
    corpus = sorted((Path(__file__).parent / "corpus").glob("*.xlsx"))[:20]
    assert samples and corpus
    for path in [*samples, *corpus]:
        data = path.read_bytes()
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            expected = set(archive.namelist())
        assert tolerant._names(data) == expected, path.name
        assert tolerant.readable(data) is data, path.name
    assert tolerant._names(b"not a zip") is None


def _damaged_sheet(tmp_path: Path) -> Path:
    """The notebook with the deflated bytes of its first sheet part garbled, its zip's
    directory whole."""
    path = _game(tmp_path)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        item = archive.getinfo("xl/worksheets/sheet1.xml")
    name_length, extra_length = struct.unpack_from("<HH", data, item.header_offset + 26)
    start = item.header_offset + 30 + name_length + extra_length
    for at in range(start + 4, start + min(item.compress_size - 4, 60)):
        data[at] ^= 0x55
    path.write_bytes(bytes(data))
    return path


def test_a_damaged_sheet_part_is_named_in_the_users_language(tmp_path: Path) -> None:
    path = _damaged_sheet(tmp_path)
    for lang, words in (("en", "its part xl/worksheets/sheet1.xml is damaged"), ("hu", "sérült")):
        result = remi("check", path, "--lang", lang)
        assert result.exit_code == 1
        assert words in result.output and "xl/worksheets/sheet1.xml" in result.output
        assert "Error" not in result.output and "BadZipFile" not in result.output


def test_import_into_a_damaged_notebook_names_the_notebook_not_the_records(tmp_path: Path) -> None:
    notebook = _damaged_sheet(tmp_path)
    records = tmp_path / "papir.csv"
    records.write_text("Game;Deal;Anna;Béla\nG1;1;W;10\n", encoding="utf-8")
    result = remi("import", records, "--into", notebook, "--lang", "en")
    assert result.exit_code == 1
    assert f"{notebook} is not" in result.output and "papir.csv" not in result.output


def test_a_zip_with_a_password_on_its_parts_is_told_as_protected(tmp_path: Path) -> None:
    # zip -P / 7-Zip set the encrypted flag of each part in the zip's directory.
    path = _game(tmp_path)
    data = bytearray(path.read_bytes())
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        data[at + 8] |= 0x1
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))
    result = remi("check", path)
    assert result.exit_code == 1
    assert "protected by a password" in result.output
    assert "RuntimeError" not in result.output


def test_what_openpyxl_prints_while_loading_stays_out_of_the_json(tmp_path: Path) -> None:
    # A styles part without cell style formats (as a streaming writer left one): openpyxl
    # prints "0 is out of range" on its own and then fails; `score --json` stays one JSON
    # document, and the line names the library's words as its own in Hungarian.
    import json
    import re

    path = build_notebook(tmp_path / "g.xlsx", {"g": [["Deal", "A", "B"], [1, "W", "5"]]})
    parts = {}
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            parts[name] = archive.read(name)
    parts["xl/styles.xml"] = re.sub(
        rb"<cellStyleXfs.*?</cellStyleXfs>", b"", parts["xl/styles.xml"], flags=re.S
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    result = remi("score", path, "-o", tmp_path / "out.xlsx", "--json")
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert [p["code"] for p in document["problems"]] == ["file_read_failed"]
    result = remi("score", path, "-o", tmp_path / "out.xlsx", "--lang", "hu")
    assert "out of range" not in result.stdout
    assert "az olvasó programkönyvtár angol hibaüzenete: „IndexError" in result.stderr
    assert not (tmp_path / "out.xlsx").exists()


@pytest.mark.parametrize("command", ["check", "import"])
def test_a_bare_excel_4_worksheet_is_told_as_an_old_xls(tmp_path: Path, command: str) -> None:
    # Excel 2.x–4.x saved a worksheet as bare BIFF records, with no compound file around
    # them (SheetJS's CRLFX5_3.XLS starts so): an old .xls, not a damaged zip or a CSV.
    path = tmp_path / "REGI.XLS"
    path.write_bytes(struct.pack("<HHHH", 0x0209, 6, 0, 0x10) + bytes(40))
    into = build_notebook(tmp_path / "klub.xlsx", {"g": [["Deal", "A", "B"]]})
    args = ("check", path) if command == "check" else ("import", path, "--into", into)
    result = remi(*args)
    assert result.exit_code == 1
    assert "old Excel 97–2003 .xls file" in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_strict_open_xml_workbook_is_checked_but_not_written(tmp_path: Path) -> None:
    # Excel's "Strict Open XML Spreadsheet": calamine reads it, openpyxl would load it
    # empty. `score` refuses in one line before it writes, and says how to save it.
    path = build_notebook(tmp_path / "g.xlsx", {"g": [["Deal", "A", "B"], [1, "W", "5"]]})
    names = {
        b"http://schemas.openxmlformats.org/spreadsheetml/2006/main": (
            b"http://purl.oclc.org/ooxml/spreadsheetml/main"
        ),
        b"http://schemas.openxmlformats.org/officeDocument/2006/relationships": (
            b"http://purl.oclc.org/ooxml/officeDocument/relationships"
        ),
    }
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, typed in parts.items():
            data = typed
            for transitional, strict in names.items():
                data = data.replace(transitional, strict)
            archive.writestr(name, data)
    before = path.read_bytes()
    assert remi("check", path).exit_code == 0
    result = remi("score", path)
    assert result.exit_code == 1
    told = [line for line in result.output.splitlines() if "Strict Open XML" in line]
    assert len(told) == 1 and told[0].startswith("error: ")
    assert path.read_bytes() == before
