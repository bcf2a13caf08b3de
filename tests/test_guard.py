"""The guard never clears for calamine a sheet that would make calamine build a grid larger
than `MAX_CELLS`, however the XML is written; a sheet it does not clear is read by the
streaming reader, never refused for its formatting; a strings part claiming more strings
than it holds is refused before calamine opens the book.

The tricky forms below are the ones reviews found fooling earlier guards (white space that
is not XML's, prefixes, `r` given twice or inside another value, quotes in comments); the
property test throws pieces of all of them together and asks calamine itself how big the
sheet is whenever the guard clears one.
"""

from __future__ import annotations

import io
import resource
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remi_sheet.reading import guard
from remi_sheet.reading.grid import read_grids
from tests.conftest import build_notebook, remi, worked_game

ROOT = Path(__file__).resolve().parent.parent
SHEET = "xl/worksheets/sheet1.xml"
HEAD = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
HEAD += b'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
TAIL = b"</sheetData></worksheet>"

# Each puts a value far away, or places cells by counting, for calamine.
TRICKY = {
    "a '>' inside another value": b'<row r="1"><c a=">" r="XFD1048576"><v>1</v></c></row>',
    "a prefixed element": b'<x:row r="1"><x:c r="XFD1048576"><v>1</v></x:c></x:row>',
    "r given twice": b'<row r="1"><c r="A2" r="XFD1048576"><v>1</v></c></row>',
    "ref before r": b'<row r="1"><c ref="A2" r="XFD1048576"><v>1</v></c></row>',
    # attributes ending in "or" and "dr" (LibreOffice's `operator=`, `xmlns:xdr=`), which
    # the quick count sets aside, before a far position
    "operator before r": b'<row r="1"><c operator="x" r="XFD1048576"><v>1</v></c></row>',
    "xdr before r": b'<row r="1"><c xdr="A2" r="XFD1048576"><v>1</v></c></row>',
    "r inside another value": b'<row r="1"><c a="r=\'A2\'" r="XFD1048576"><v>1</v></c></row>',
    "single quotes": b"<row r='1'><c r='XFD1048576'><v>1</v></c></row>",
    "spaced": b'<row r="1"><c r = "XFD1048576"><v>1</v></c></row>',
    "lower case": b'<row r="1"><c r="xfd1048576"><v>1</v></c></row>',
    "\\v after r": b'<row r="1">' + b'<c r\x0b="A1"/>' * 1200 + b"<c><v>1</v></c></row>",
    "\\v before r": b'<row r="1">' + b'<c \x0br="A1"/>' * 1200 + b"<c><v>1</v></c></row>",
    "an empty prefix": b'<row r="1">' + b"<:c/>" * 1200 + b"<:c><v>1</v></:c></row>",
    "a prefix with a <": b'<row r="1">' + b"<<:c/>" * 1200 + b"<<:c><v>1</v></<:c></row>",
    "counted cells and rows": b"<row>"
    + b"<c/>" * 2999
    + b"<c><v>1</v></c></row>"
    + b"<row/>" * 2998
    + b"<row><c><v>2</v></c></row>",
    "a cell after a far row": b'<row r="100000"><c r="A100000"><v>1</v></c></row><c><v>2</v></c>',
    "a comment hiding a quote": b'<row r="1"><c r="A1"><v>1</v></c><!--<c a=\'-->'
    + b'<c b="\'>" r="XFD1048576"><v>1</v></c></row>',
    "a CDATA hiding a quote": b'<row r="1"><c r="A1"><v>1</v></c><![CDATA[<c a=\']]>'
    + b'<c b="\'>" r="XFD1048576"><v>1</v></c></row>',
    "a quote in an element name": b'<p"q:dimension ><!--"/><row r="1"><c r="A1"><v>1</v></c>'
    + b'<c r="XFD1048576"><v>1</v></c></row><!-- -->',
    "a far value beside a near one": b'<row r="1"><c r="A1"><v>1</v></c>'
    + b'<c r="XFD1048576"><v>1</v></c></row>',
    "digits past u32": b'<row r="1"><c r="A99999999999"><v>1</v></c></row>',
}


def _sheet(cells: bytes) -> bytes:
    return HEAD + cells + TAIL


def _calamine_size(xml: bytes) -> int | None:
    """How many cells calamine's grid of the sheet `xml` holds (None: it refuses the
    sheet), asked of calamine itself in a child process whose memory is bounded."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr("[Content_Types].xml", b"<Types/>")
        book.writestr(
            "_rels/.rels",
            b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
            b'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        book.writestr(
            "xl/workbook.xml",
            b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
            b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
            b'<sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        book.writestr(
            "xl/_rels/workbook.xml.rels",
            b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
            b'relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
        )
        book.writestr(SHEET, xml)
    child = (
        "import io, sys\n"
        "from python_calamine import CalamineWorkbook\n"
        "try:\n"
        "    with CalamineWorkbook.from_filelike(io.BytesIO(sys.stdin.buffer.read())) as b:\n"
        "        s = b.get_sheet_by_name('S')\n"
        "        print(s.total_height * s.total_width)\n"
        "except Exception:\n"
        "    print('refused')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", child],
        input=buffer.getvalue(),
        capture_output=True,
        timeout=60,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)),
        check=False,
    )
    assert done.returncode == 0, "calamine aborted on a sheet the guard cleared"
    answer = done.stdout.decode().strip()
    return None if answer == "refused" else int(answer)


@pytest.mark.parametrize("form", TRICKY, ids=list(TRICKY))
def test_a_tricky_sheet_is_not_cleared(form: str) -> None:
    assert not guard.calamine_may_read(_sheet(TRICKY[form]))


@pytest.mark.parametrize("form", TRICKY, ids=list(TRICKY))
def test_a_tricky_sheet_is_read_or_refused_in_one_line(tmp_path: Path, form: str) -> None:
    """The notebook with such a sheet beside a game: `remi check` exits 1 with the game's
    mistake or the sheet's problem, never a crash, in bounded memory."""
    path = build_notebook(tmp_path / "k.xlsx", {"Game": worked_game(), "S": [["x"]]})
    with zipfile.ZipFile(path) as old:
        parts = {item.filename: old.read(item) for item in old.infolist()}
    parts["xl/worksheets/sheet2.xml"] = _sheet(TRICKY[form])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, data)
    done = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "remi"), "check", str(path), "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)),
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr[-2000:]
    assert "Traceback" not in done.stdout + done.stderr
    assert "1 game, 3 deals checked" in done.stdout  # the game is read all the same


PIECES = [b"<", b">", b"/", b":", b"c", b"row", b"r", b"=", b'"', b"'", b" ", b"\t", b"\n"]
PIECES += [b"x", b"A1", b"<c", b"<row", b"<x:c", b' r="A1"', b' r="XFD1048576"', b"<v>1</v>"]
PIECES += [b"\x0b", b"<:c", b"<!--", b"-->", b"<![CDATA[", b"]]>", b'<c r="XFD1048576">']
PIECES += [b"</c>", b"</row>", b'<row r="1048576">', b'<c r="ZZZ9">', b"<c/>", b"<row/>"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=30))
def test_a_cleared_sheet_is_small_for_calamine(pieces: list[bytes]) -> None:
    xml = _sheet(b"".join(pieces))
    if guard.calamine_may_read(xml):
        size = _calamine_size(xml)
        assert size is None or size <= guard.MAX_CELLS


@pytest.mark.parametrize(
    "cells",
    [
        b'<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1" s="2"><v>5</v></c></row>',
        b'<row r="999"><c r="ZZ999"><v>1</v></c></row>',
        b'<row r="2"><c r="A2"><f>SUM(B1:B9)</f><v>3</v></c></row>',
        b'<row r="7" x14ac:dyDescent="0.25"><c r="B7" t="inlineStr"><is><t>r =</t></is></c></row>',
    ],
    ids=["openpyxl", "ZZ999", "a formula", "r = in a text"],
)
def test_a_plain_sheet_is_cleared(cells: bytes) -> None:
    if b"r =" in cells:
        assert not guard.calamine_may_read(_sheet(cells))  # a text the look cannot tell
    else:
        assert guard.calamine_may_read(_sheet(cells))


def test_a_sheet_far_but_small_is_cleared() -> None:
    """A3 and ATC3 alone: 3 rows of 1,149 columns."""
    cells = b'<row r="3"><c r="A3"><v>1</v></c><c r="ATC3"><v>1</v></c></row>'
    assert guard.calamine_may_read(_sheet(cells))


def test_the_look_takes_linear_time() -> None:
    started = time.perf_counter()
    guard.calamine_may_read(b'<c r="A1" ' * 100_000 + b'<c r="ZZZ100000"' * 100_000)
    assert time.perf_counter() - started < 5  # quadratic would take hours


def _workbook_with_strings(tmp_path: Path, claim: bytes) -> Path:
    path = build_notebook(tmp_path / "k.xlsx", {"Game": worked_game()})
    with zipfile.ZipFile(path) as old:
        parts = {item.filename: old.read(item) for item in old.infolist()}
    parts["xl/sharedStrings.xml"] = (
        b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount='
        + claim
        + b"><si><t>unused</t></si></sst>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, data)
    return path


def test_a_strings_count_beyond_its_part_is_refused_in_one_line(tmp_path: Path) -> None:
    """calamine reserves room for the count the part claims: ten trillion made it abort."""
    path = _workbook_with_strings(tmp_path, b'"10000000000000"')
    done = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "remi"), "check", str(path), "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"error: {path} is damaged: its xl/sharedStrings.xml claims to hold 10000000000000 "
        "texts, more than fit in it. Open it in Excel or LibreOffice and save it again."
    ]


def test_a_strings_count_that_fits_is_read(tmp_path: Path) -> None:
    grids, problems = read_grids(_workbook_with_strings(tmp_path, b"'12'"))
    assert problems == [] and [grid.name for grid in grids] == ["Game"]


def test_a_sheet_with_too_many_value_rows_is_refused_by_name_and_cell(tmp_path: Path) -> None:
    path = tmp_path / "big.xlsx"
    book = openpyxl.Workbook(write_only=True)
    game = book.create_sheet("Game")
    for row in worked_game():
        game.append(row)
    big = book.create_sheet("Log")
    for number in range(guard.MAX_ROWS + 1):
        big.append([number])
    big.append([None, None, None, "far"])  # beyond ZZ999 too: not cleared for calamine
    book.save(path)
    done = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "remi"), "check", str(path), "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1
    assert "error: Log!A100001: The sheet has values in more than 100000 rows" in done.stdout
    assert "1 game, 3 deals checked" in done.stdout


@pytest.mark.parametrize("name", ["klub.xlsx", "hibak.xlsx"])
def test_every_sheet_openpyxl_writes_is_cleared(tmp_path: Path, name: str) -> None:
    """The samples as written, and scored by remi (its area, record and Standings sheet):
    a notebook remi wrote never needs the slow reader."""
    scored = tmp_path / name
    assert remi("score", ROOT / "samples" / name, "-o", scored).exit_code in (0, 1)
    for path in (ROOT / "samples" / name, scored):
        with zipfile.ZipFile(path) as book:
            sheets = [n for n in book.namelist() if n.startswith("xl/worksheets/sheet")]
            assert sheets
            assert all(guard.calamine_may_read(book.read(sheet)) for sheet in sheets)


# Formulas as Excel, LibreOffice and openpyxl write them, each with the value it left (or
# none), and the value after each: calamine must read the same with and without them.
FORMULAS = (
    b'<row r="1"><c r="A1"><f>1+1</f><v>2</v></c>'
    b'<c r="B1" t="str"><f>IF(A1&gt;1,"&lt;b&gt;","x")</f><v>&lt;b&gt;</v></c>'
    b'<c r="C1"><f t="shared" ref="C1:C2" si="0">A1*2</f><v>4</v></c>'
    b'<c r="D1" t="str"><f t="array" ref="D1:E1" aca="false">A1&amp;"&gt;"</f><v>2&gt;</v></c>'
    b'<c r="E1" t="str"><v>2&gt;</v></c><c r="F1"><f>NOW()</f></c>'
    b'<c r="G1" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="H1" t="inlineStr"><is><t>f</t></is></c>'
    b'</row><row r="2"><c r="C2"><f t="shared" si="0"/><v>4</v></c>'
    b'<c r="D2"><f\tca="1">A1</f><v>2</v></c><c r="E2"><v>5</v></c></row>'
)


def test_a_live_notebook_is_read_without_its_formulas_as_with_them(tmp_path: Path) -> None:
    """A workbook with remi's live sheet goes to calamine without its formulas (a live
    notebook's sheets are mostly formula text): every value reads as calamine reads it in
    the workbook itself, the one a formula left included."""
    from python_calamine import CalamineWorkbook

    path = build_notebook(tmp_path / "k.xlsx", {"Game": worked_game(), "_remi_live": [["x"]]})
    with zipfile.ZipFile(path) as old:
        parts = {item.filename: old.read(item) for item in old.infolist()}
    parts["xl/worksheets/sheet2.xml"] = _sheet(FORMULAS)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, data)
    grids, problems = read_grids(path)
    assert problems == []
    with CalamineWorkbook.from_path(str(path)) as book:
        expected = book.get_sheet_by_name("_remi_live").to_python(skip_empty_area=False)
    live = next(grid for grid in grids if grid.name == "_remi_live")
    assert [list(row) for row in live.rows] == [list(row) for row in expected]
    assert live.rows[0][:5] == [2.0, "<b>", 4.0, "2>", "2>"] and live.rows[1][4] == 5.0


@pytest.mark.parametrize(
    ("cell", "fits"),
    [
        (b'<c r="A1" t="n"><v>7</v></c>', True),  # a number copies no string
        (b'<c r="A1"><f>B1</f><v>7</v></c>', True),  # nor a formula's value
        (b'<c r="A1" t="str"><f>B1</f><v>x</v></c>', True),  # nor a formula's text
        (b'<c r="A1" t="s"><v>0</v></c>', False),  # a shared string: a copy each
        (b"<c r='A1' t = 's'><v>0</v></c>", False),  # spaced and quoted otherwise
        (b'<c r="A1" t="&#115;"><v>0</v></c>', False),  # "s" as an entity may be one
        (b'<c r="A1" x:t="s"><v>0</v></c>', False),  # behind a prefix, counted all the same
    ],
)
def test_only_cells_of_shared_strings_count_as_copies_of_the_longest(
    cell: bytes, fits: bool
) -> None:
    """A live sheet holds thousands of numbers beside a record whose strings are tens of
    kilobytes long: only its string cells can be copies of one."""
    longest = 40_000
    sheet = b'<sheetData><row r="1">' + cell * 2_000 + b"</row></sheetData>"
    assert 2_000 * longest > guard.MAX_TEXT_BYTES
    assert guard.copies_fit(sheet, longest) is fits
