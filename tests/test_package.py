"""The size guard's quick look must never wave through a sheet that reaches further than it
says: whenever every reference is read, a sheet beyond ZZ999 must have been flagged by the
quick pattern first (else `extent` would report it as small without reading it)."""

from __future__ import annotations

import io
import posixpath
import re
import signal
import struct
import time
import warnings
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from unittest import mock
from xml.parsers import expat

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remi_sheet.reading import package

LETTERS = st.text(alphabet="ABCXYZabcxyz", min_size=0, max_size=4)
# Every reference has a row: calamine refuses one without ("missing the expected row
# component"), so letters alone cannot make it allocate anything.
DIGITS = st.text(alphabet="0123456789", min_size=1, max_size=7)


@st.composite
def references(draw: st.DrawFn) -> bytes:
    """One cell, row or dimension element with a reference quoted and spaced any way."""
    element = draw(st.sampled_from(["c", "row", "dimension"]))
    name = "ref" if element == "dimension" else "r"
    quote = draw(st.sampled_from(['"', "'"]))
    space = draw(st.sampled_from(["", " ", "\n"]))
    value = draw(LETTERS) + draw(DIGITS)
    if element == "dimension" and draw(st.booleans()):
        value += ":" + draw(LETTERS) + draw(DIGITS)
    other = draw(st.sampled_from(["", ' t="s"', ' s="12"', ' spans="1:5"', ' ht="15.75"']))
    return f"<{element}{other} {name}{space}={space}{quote}{value}{quote}/>".encode()


@settings(max_examples=400, deadline=None)
@given(st.lists(references(), min_size=1, max_size=6))
def test_the_quick_pattern_flags_every_far_reference(parts: list[bytes]) -> None:
    xml = b'<worksheet xmlns="http://schemas.openxmlformats.org/2006/main"><sheetData>'
    xml += b"".join(parts) + b"</sheetData></worksheet>"
    exact, _, _ = package._widen(package.Extent(0, 0, "A1"), xml)
    if exact.rows > 999 or exact.columns > 26 * 27:  # beyond ZZ999
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr("xl/worksheets/sheet1.xml", xml)
        with zipfile.ZipFile(buffer) as archive:
            found = package.extent(archive, "xl/worksheets/sheet1.xml")
        assert (found.rows, found.columns) == (exact.rows, exact.columns)


def _zipped(content: bytes, method: int) -> io.BytesIO:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", content)
    return buffer


@settings(max_examples=200, deadline=None)
@given(
    content=st.one_of(
        st.binary(max_size=3000),
        st.text(alphabet='<c r="A1">0123 ', max_size=5000).map(str.encode),
    ),
    method=st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]),
    chunk=st.sampled_from([1, 7, 64, 1 << 20]),
)
def test_parts_read_straight_from_the_file_are_what_zipfile_reads(
    content: bytes, method: int, chunk: int
) -> None:
    with (
        mock.patch.object(package, "_CHUNK", chunk),
        zipfile.ZipFile(_zipped(content, method)) as archive,
    ):
        pieces = list(package._inflated(archive, "xl/worksheets/sheet1.xml"))
        assert b"".join(pieces) == archive.read("xl/worksheets/sheet1.xml") == content
        # As zipfile's `read(_CHUNK)` gives them: full pieces, the last one shorter.
        assert all(len(piece) == chunk for piece in pieces[:-1])
        assert all(0 < len(piece) <= chunk for piece in pieces[-1:])


def _tampered(method: int, change: Callable[[bytearray, zipfile.ZipInfo], None]) -> io.BytesIO:
    content = b'<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row>' * 200
    data = bytearray(_zipped(content, method).getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        change(data, archive.getinfo("xl/worksheets/sheet1.xml"))
    return io.BytesIO(bytes(data))


def _data_byte(data: bytearray, info: zipfile.ZipInfo) -> None:
    """Change a byte in the middle of the part's (compressed) data."""
    name_length = int.from_bytes(data[info.header_offset + 26 : info.header_offset + 28], "little")
    extra_length = int.from_bytes(data[info.header_offset + 28 : info.header_offset + 30], "little")
    start = info.header_offset + 30 + name_length + extra_length
    data[start + info.compress_size // 2] ^= 0x55


def _declared_size(data: bytearray, info: zipfile.ZipInfo, size: int) -> None:
    """Rewrite the declared inflated size in the central directory and the local header."""
    central = data.rindex(b"PK\x01\x02")
    data[central + 24 : central + 28] = size.to_bytes(4, "little")
    data[info.header_offset + 22 : info.header_offset + 26] = size.to_bytes(4, "little")


def _stream_cut(data: bytearray, info: zipfile.ZipInfo) -> None:
    """Declare the compressed data a third shorter: the deflate stream ends unfinished."""
    size = info.compress_size * 2 // 3
    central = data.rindex(b"PK\x01\x02")
    data[central + 20 : central + 24] = size.to_bytes(4, "little")
    data[info.header_offset + 18 : info.header_offset + 22] = size.to_bytes(4, "little")


def _header(data: bytearray, info: zipfile.ZipInfo) -> None:
    data[info.header_offset + 2 : info.header_offset + 4] = b"\x09\x09"


@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
@pytest.mark.parametrize(
    ("change", "refused"),
    [
        (_data_byte, True),
        (lambda data, info: _declared_size(data, info, info.file_size - 10), True),
        (lambda data, info: _declared_size(data, info, info.file_size + 10), False),
        (_header, True),
        (_stream_cut, True),
    ],
    ids=["data", "declared-smaller", "declared-larger", "header", "stream-cut"],
)
@pytest.mark.parametrize("chunk", [1000, 1 << 20], ids=["in-pieces", "at-once"])
def test_a_damaged_part_reads_as_zipfile_reads_it(
    method: int, change: Callable[[bytearray, zipfile.ZipInfo], None], refused: bool, chunk: int
) -> None:
    """The same bytes, or an error from both; never more than the declared size."""
    member = "xl/worksheets/sheet1.xml"
    with (
        mock.patch.object(package, "_CHUNK", chunk),
        zipfile.ZipFile(_tampered(method, change)) as archive,
    ):
        declared = archive.getinfo(member).file_size
        try:
            expected: bytes | None = archive.read(member)
        except (zipfile.BadZipFile, zlib.error):
            expected = None
        try:
            got: bytes | None = b"".join(package._inflated(archive, member))
        except (zipfile.BadZipFile, zlib.error):
            got = None
    assert got == expected
    assert (got is None) == refused
    assert got is None or len(got) <= declared


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet='a0"<> =ZX19', max_size=60).map(str.encode))
def test_the_substring_scan_agrees_with_the_far_pattern(text: bytes) -> None:
    translated = text.translate(package._CLASSES)
    assert package._may_reach_far(translated) == (package._FAR.search(translated) is not None)


def _archive(part: str, xml: bytes) -> zipfile.ZipFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(part, xml)
    return zipfile.ZipFile(buffer)


@pytest.mark.parametrize(
    "declaration",
    [
        b'<!DOCTYPE x [<!ENTITY lol "lol">]>',
        b'<!DOCTYPE x SYSTEM "http://example.com/x.dtd">',
        b'<!DOCTYPE x [<!ENTITY ext SYSTEM "file:///etc/passwd">]>',
    ],
)
def test_the_index_parts_refuse_dtds_even_deep_in_the_prolog(declaration: bytes) -> None:
    padding = b"<!--" + b" " * 10_000 + b"-->"  # past what check_no_dtd looks at
    xml = b'<?xml version="1.0"?>' + padding + declaration + b"<workbook/>"
    with pytest.raises(package.PackageError) as refused:
        package._elements(xml, "xl/workbook.xml", "sheet")
    assert refused.value.code == "file_xml_entities"


@pytest.mark.parametrize("part", ["[Content_Types].xml", "xl/sharedStrings.xml"])
@pytest.mark.parametrize("padding", [0, 4_000, 10_000, 100_000])
def test_every_part_refuses_a_dtd_deep_in_its_prolog(part: str, padding: int) -> None:
    comment = b"<!--" + b" " * padding + b"-->"
    xml = b'<?xml version="1.0"?>' + comment + b'<!DOCTYPE x [<!ENTITY a "b">]><sst/>'
    with pytest.raises(package.PackageError) as refused:
        package.check_no_dtd(_archive(part, xml))
    assert refused.value.code == "file_xml_entities"
    # After the first element a DTD's words declare nothing (past the bytes searched).
    late = b"<sst>" + b" " * 5000 + b"<!-- <!DOCTYPE x> --></sst>"
    package.check_no_dtd(_archive(part, b'<?xml version="1.0"?>' + comment + late))


@pytest.mark.parametrize("padding", [0, 10_000])
def test_a_utf16_part_is_looked_at_as_text(padding: int) -> None:
    xml = '<?xml version="1.0" encoding="UTF-16"?><!--' + " " * padding + "-->"
    declared = (xml + '<!DOCTYPE sst [<!ENTITY a "b">]><sst/>').encode("utf-16")
    with pytest.raises(package.PackageError):
        package.check_no_dtd(_archive("xl/sharedStrings.xml", declared))
    package.check_no_dtd(_archive("xl/sharedStrings.xml", (xml + "<sst/>").encode("utf-16")))


def test_a_part_in_a_multibyte_encoding_is_no_dtd() -> None:
    text = '<?xml version="1.0" encoding="Shift_JIS"?><cp:coreProperties><dc:title>'
    text += "表" * 3000 + "</dc:title></cp:coreProperties>"
    package.check_no_dtd(_archive("docProps/core.xml", text.encode("shift_jis")))


@pytest.mark.parametrize("opening", [b"<!--->", b"<?>"])
def test_a_comment_or_instruction_does_not_end_where_it_starts(opening: bytes) -> None:
    """ "<!--->" opens a comment that the next "-->" closes, as expat reads it."""
    end = b"-->" if opening.startswith(b"<!") else b"?>"
    xml = opening + b"<x>" + b" " * 5000 + end + b'<!DOCTYPE sst [<!ENTITY a "b">]><sst/>'
    assert package._dtd_in_prolog(iter([xml]))


def test_a_long_prolog_takes_linear_time() -> None:
    """expat reads an unfinished comment again with every piece it is fed: 9 s for 8 MB."""
    xml = b'<?xml version="1.0"?><!--' + b" " * (16 << 20) + b"--><sst/>"
    archive = _archive("xl/sharedStrings.xml", xml)
    started = time.perf_counter()
    package.check_no_dtd(archive)
    assert time.perf_counter() - started < 5


_PROLOG_PIECES = [b" ", b"\n", b'<?xml version="1.0"?>', b"<?pi ?>", b"<!-- c -->", b"<!---->"]


@settings(max_examples=500, deadline=None)
@given(
    prolog=st.lists(st.sampled_from(_PROLOG_PIECES), max_size=8),
    declared=st.booleans(),
    cuts=st.lists(st.integers(min_value=1, max_value=7), min_size=1, max_size=60),
)
def test_the_prolog_walk_finds_a_dtd_wherever_the_pieces_end(
    prolog: list[bytes], declared: bool, cuts: list[int]
) -> None:
    xml = b"".join(prolog) + (b"<!DOCTYPE x>" if declared else b"") + b"<root><!DOCTYPE/></root>"
    pieces, start = [], 0
    for cut in cuts * (len(xml) // sum(cuts) + 1):
        pieces.append(xml[start : start + cut])
        start += cut
    pieces = [piece for piece in pieces if piece] + [xml[start:]]
    assert package._dtd_in_prolog(iter(pieces)) == declared


def test_the_index_parts_are_read_by_local_names() -> None:
    xml = (
        b'<w:workbook xmlns:w="urn:a" xmlns:r="urn:b"><w:sheets>'
        b'<w:sheet name="&#x150;sz &amp; t&#233;l" r:id="rId1"/><sheet name="B"/>'
        b"</w:sheets></w:workbook>"
    )
    found = package._elements(xml, "xl/workbook.xml", "sheet")
    assert found == [{"name": "Ősz & tél", "id": "rId1"}, {"name": "B"}]
    with pytest.raises(expat.ExpatError):  # as ElementTree: a prefix nobody declared
        package._elements(b"<x:workbook/>", "xl/workbook.xml", "sheet")


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(references(), min_size=1, max_size=6),
    method=st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]),
    chunk=st.sampled_from([1, 2, 3, 5, 8, 13, 64]),
    level=st.sampled_from([0, 1, 9]),
)
def test_chunks_never_cut_a_reference_in_two(
    parts: list[bytes], method: int, chunk: int, level: int
) -> None:
    """Pieces of any size (a crafted deflate stream chooses where they end) give the extent
    of the whole part: a reference cut between two pieces is read whole."""
    xml = b'<worksheet xmlns="http://schemas.openxmlformats.org/2006/main"><sheetData>'
    xml += b"".join(parts) + b"</sheetData></worksheet>"
    exact, _, _ = package._widen(package.Extent(0, 0, "A1"), xml)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method, compresslevel=level) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", xml)
    with mock.patch.object(package, "_CHUNK", chunk), zipfile.ZipFile(buffer) as archive:
        found = package.extent(archive, "xl/worksheets/sheet1.xml")
    if exact.rows > 999 or exact.columns > 26 * 27:  # beyond ZZ999
        assert (found.rows, found.columns) == (exact.rows, exact.columns)
    else:
        assert found.rows <= 999 and found.columns <= 26 * 27


@pytest.mark.parametrize("chunk", [1, 3, 4, 9, 1 << 20])
def test_a_dtd_split_between_pieces_is_still_refused(chunk: int) -> None:
    xml = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><worksheet/>'
    archive = _archive("xl/worksheets/sheet1.xml", xml)
    with (
        mock.patch.object(package, "_CHUNK", chunk),
        pytest.raises(package.PackageError) as refused,
    ):
        package.extent(archive, "xl/worksheets/sheet1.xml")
    assert refused.value.code == "file_xml_entities"


def test_a_tag_too_long_to_look_at_in_pieces_is_refused() -> None:
    xml = b"<worksheet><sheetData><c r=" + b"A" * 300 + b"1/></sheetData></worksheet>"
    archive = _archive("xl/worksheets/sheet1.xml", xml)
    with (
        mock.patch.object(package, "_CHUNK", 16),
        mock.patch.object(package, "_LONGEST_TAG", 100),
        pytest.raises(package.PackageError) as refused,
    ):
        package.extent(archive, "xl/worksheets/sheet1.xml")
    assert refused.value.code == "file_tag_too_long"


@pytest.mark.parametrize("first", ["r", "q"])
def test_the_guard_checks_the_part_calamine_reads(tmp_path: Path, first: str) -> None:
    """A sheet naming its part twice (r:id and an id in another namespace): the size guard
    must look at the part calamine will read, the one the last of them names."""
    from python_calamine import CalamineWorkbook

    book = openpyxl.Workbook()
    book.active.title = "A"
    book.active["A1"] = "small"
    book.create_sheet("B")["A1"] = "other"
    plain = tmp_path / "plain.xlsx"
    book.save(plain)
    with zipfile.ZipFile(plain) as source:
        parts = {item.filename: source.read(item.filename) for item in source.infolist()}
    workbook = re.sub(r'<sheet name="B"[^>]*/>', "", parts["xl/workbook.xml"].decode())
    both = {
        "r": 'r:id="rId1" xmlns:q="urn:q" q:id="rId2"',
        "q": 'xmlns:q="urn:q" q:id="rId2" r:id="rId1"',
    }
    parts["xl/workbook.xml"] = workbook.replace('r:id="rId1"', both[first]).encode()
    path = tmp_path / "twice.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts.items():
            target.writestr(name, data)
    with zipfile.ZipFile(path) as archive:
        member = package.sheet_parts(archive)["A"]
        guarded = archive.read(member)
    with CalamineWorkbook.from_path(str(path)) as read:
        value = read.get_sheet_by_name("A").to_python()[0][0]
    assert value in ("small", "other")
    assert value.encode() in guarded  # the part guarded is the part calamine read


@pytest.mark.parametrize("trailing", [b"\x00" * 64, b"garbage after the stream"])
def test_bytes_after_the_deflate_stream_end_the_part(trailing: bytes) -> None:
    """A part whose packed size counts bytes after its deflate stream: read as zipfile reads
    it, never looping for ever on them."""
    member = "xl/worksheets/sheet1.xml"
    content = b'<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row>' * 300
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    packed = packer.compress(content) + packer.flush() + trailing
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:  # stored as it is, then called deflated
        archive.writestr(member, packed, compress_type=zipfile.ZIP_STORED)
    data = bytearray(buffer.getvalue())
    header = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo(member).header_offset
    central = data.rindex(b"PK\x01\x02")
    for method, crc, size in (
        (header + 8, header + 14, header + 22),
        (central + 10, central + 16, central + 24),
    ):
        struct.pack_into("<H", data, method, zipfile.ZIP_DEFLATED)
        struct.pack_into("<I", data, crc, zlib.crc32(content))
        struct.pack_into("<I", data, size, len(content))

    def endless(*_: object) -> None:
        raise AssertionError("still inflating after 10 s: looping on the bytes after the stream")

    previous = signal.signal(signal.SIGALRM, endless)
    signal.alarm(10)
    try:
        with (
            mock.patch.object(package, "_CHUNK", 1000),  # a part of many pieces
            zipfile.ZipFile(io.BytesIO(bytes(data))) as archive,
        ):
            assert archive.read(member) == content
            assert b"".join(package._inflated(archive, member)) == content
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


FAR_FORMS = {
    "a '>' inside another value": b'<row r="1"><c a=">" r="XFD1048576"><v>1</v></c></row>',
    "a prefixed element": b'<x:row r="1"><x:c r="XFD1048576"><v>1</v></x:c></x:row>',
    "r given twice": b'<row r="1"><c r="A2" r="XFD1048576"><v>1</v></c></row>',
    "ref before r": b'<row r="1"><c ref="A2" r="XFD1048576"><v>1</v></c></row>',
    "r inside another value": b'<row r="1"><c a="r=\'A2\'" r="XFD1048576"><v>1</v></c></row>',
}


@pytest.mark.parametrize("form", FAR_FORMS, ids=list(FAR_FORMS))
def test_the_guard_reads_the_forms_calamine_reads(form: str) -> None:
    """Each of these puts a value at XFD1048576 for calamine (a review found them passing
    the guard as A1 or A2)."""
    xml = b'<worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    xml += b"<sheetData>" + FAR_FORMS[form] + b"</sheetData></worksheet>"
    found = package.extent(_archive("xl/worksheets/sheet1.xml", xml), "xl/worksheets/sheet1.xml")
    assert (found.rows, found.columns) == (1_048_576, 16_384)


def test_a_lt_sign_inside_a_value_at_a_chunks_end_hides_no_position() -> None:
    """The chunks of the quick look end before their last "<"; when that "<" stood inside
    a quoted value, the tag was cut in two and its position went unread (calamine reads
    such a tag). Here the cut falls there for some of the paddings."""
    for padding in range(80):
        xml = b'<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c><c x="'
        xml += b"a" * padding + b'<" r="XFD1048576"/></row></sheetData></worksheet>'
        with mock.patch.object(package, "_CHUNK", 64):
            found = package.extent(_archive("s.xml", xml), "s.xml")
        assert (found.rows, found.columns) == (1_048_576, 16_384), padding


def test_a_reference_in_a_cells_text_is_not_one() -> None:
    xml = b'<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>r="XFD1048576"'
    xml += b"</t></is></c></row></sheetData></worksheet>"
    found = package.extent(_archive("xl/worksheets/sheet1.xml", xml), "xl/worksheets/sheet1.xml")
    assert (found.rows, found.columns) == (1, 1)


def test_tags_without_an_end_take_linear_time() -> None:
    started = time.perf_counter()
    package._widen(package.Extent(0, 0, "A1"), b'<c r="A1" ' * 100_000)  # 1 MB, no ">"
    assert time.perf_counter() - started < 5  # quadratic would take hours


def test_cells_and_rows_placed_by_counting_are_counted() -> None:
    """calamine places a row or cell with no `r` after the one before: a 30 KB sheet of
    empty `<c/>` and `<row/>` is a 3000 × 3000 grid to it (a review measured 308 MB)."""
    xml = b"<worksheet><sheetData><row>" + b"<c/>" * 2999 + b"<c><v>1</v></c></row>"
    xml += b"<row/>" * 2998 + b"<row><c><v>2</v></c></row></sheetData></worksheet>"
    found = package.extent(_archive("xl/worksheets/sheet1.xml", xml), "xl/worksheets/sheet1.xml")
    assert found.rows >= 3000 and found.columns >= 3000
    with pytest.raises(package.PackageError) as refused:
        package.check_extent("g", found)
    assert refused.value.code == "sheet_too_big"


_TAG_PIECES = [b"<", b">", b"/", b":", b"c", b"row", b"r", b"=", b'"', b"'", b" ", b"\t", b"\n"]
_TAG_PIECES += [b"x", b"A1", b"cols", b"<c", b"<row", b"<x:c", b' r="A1"', b"ref", b"\x00"]
_TAG_PIECES += [b"\x0b", b"\x0c", b"<:c", b"<<:c", b"<!--", b"-->", b"<![CDATA[", b"]]>"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_TAG_PIECES), max_size=40))
def test_the_quick_look_sends_every_counted_tag_to_the_exact_pass(pieces: list[bytes]) -> None:
    """Whatever the exact pass counts as a cell or row without a position, the quick look
    (which decides whether the exact pass runs) has seen it may be there."""
    xml = b"".join(pieces)
    try:
        _, _, cells = package._widen(package.Extent(0, 0, "A1"), xml)
    except package.PackageError:
        return  # refused by the exact pass whatever the quick look says
    if cells:
        assert package._unpositioned(xml)


# Cells that calamine (quick-xml) places by counting, or reads far away, written in ways
# a review found the guard reading otherwise: white space that is not XML's, element
# prefixes quick-xml reads (anything before the first ":"), and a quote inside a comment
# or CDATA section that swallowed the real tag after it.
COUNTED_FORMS = {
    "\\v after r": b'<c r\x0b="A1"/>',
    "\\v before r": b'<c \x0br="A1"/>',
    "\\v between attributes": b'<c t="n"\x0br="A1"/>',
    "an empty prefix": b"<:c/>",
    "a prefix with a <": b"<<:c/>",
    "a prefix of \\v": b"<\x0b:c/>",
}


@pytest.mark.parametrize("form", COUNTED_FORMS, ids=list(COUNTED_FORMS))
def test_cells_calamine_counts_are_counted(form: str) -> None:
    cells = COUNTED_FORMS[form] * 1200
    xml = b'<worksheet><sheetData><row r="1">' + cells + b"</row></sheetData></worksheet>"
    found = package.extent(_archive("xl/worksheets/sheet1.xml", xml), "xl/worksheets/sheet1.xml")
    assert found.columns >= 1200


@pytest.mark.parametrize(
    "hiding",
    [b"<!--<c a='-->", b"<![CDATA[<c a=']]>", b"<?pi <c a='?>"],
    ids=["comment", "CDATA", "instruction"],
)
def test_a_quote_in_a_comment_hides_no_tag(hiding: bytes) -> None:
    far = b'<c b="\'>" r="XFD1048576"><v>1</v></c>'
    xml = b'<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c>' + hiding + far
    xml += b"</row></sheetData></worksheet>"
    found = package.extent(_archive("xl/worksheets/sheet1.xml", xml), "xl/worksheets/sheet1.xml")
    assert (found.rows, found.columns) == (1_048_576, 16_384)


def test_r_inside_another_value_is_no_position() -> None:
    """calamine places `<c x=" r='A1'">` by counting: 1,500 of them are 1,500 columns."""
    cells = b"<c x=\" r='A1'\"/>" * 1499 + b"<c x=\" r='A1'\"><v>1</v></c>"
    xml = b"<worksheet><sheetData><row x=\" r='1'\">" + cells + b"</row></sheetData></worksheet>"
    found = package.extent(_archive("xl/worksheets/sheet1.xml", xml), "xl/worksheets/sheet1.xml")
    assert found.columns >= 1500 and found.rows >= 1
    with pytest.raises(package.PackageError):
        package.check_extent("g", found)


def _sheet_extent(cells: bytes) -> package.Extent:
    xml = b"<worksheet><sheetData>" + cells + b"</sheetData></worksheet>"
    return package.extent(_archive("xl/worksheets/sheet1.xml", xml), "xl/worksheets/sheet1.xml")


def test_a_cell_without_a_position_after_rows_with_one_is_counted_below_them() -> None:
    """calamine moves its row on at every row's end, with `r` or without: a cell without
    `r` after the row at 100,000 is in row 100,001."""
    found = _sheet_extent(b'<row r="100000"><c r="A100000"><v>1</v></c></row><c><v>2</v></c>')
    assert found.rows > package.MAX_ROWS
    # Rows hidden where calamine reads no row (in a cell's inline string) still end one.
    hidden = b'<c r="A1" t="inlineStr"><is><row r="1"><c r="A1"><is></is></c></row></is></c>'
    found = _sheet_extent(b'<row r="1">' + hidden * 10 + b"</row><c><v>2</v></c>")
    assert found.rows >= 12


@pytest.mark.parametrize(
    "tag",
    [b'<p"q:dimension ><!--"/>', b"<p'q:dimension ><!--'/>", b'<a"<b:dimension ><!--"/>'],
)
def test_a_quote_in_an_element_name_is_refused(tag: bytes) -> None:
    """calamine counts quotes from a tag's "<": this one's quoted text swallows the "<!--",
    which the guard would read as a comment hiding the cells after it."""
    cells = b'<row r="1"><c r="A1"><v>1</v></c><c r="XFD1048576"><v>1</v></c></row><!-- -->'
    with pytest.raises(package.PackageError) as refused:
        _sheet_extent(tag + cells)
    assert refused.value.code == "file_odd"


@pytest.mark.parametrize(
    ("target", "plain"),
    [
        ("worksheets/sheet1.xml", True),
        ("/xl/worksheets/sheet1.xml", True),
        ("worksheets/./sheet1.xml", False),
        ("../xl/worksheets/sheet1.xml", False),
        ("//xl/worksheets/sheet1.xml", False),
    ],
)
def test_a_sheet_is_looked_for_under_the_very_name_calamine_reads(target: str, plain: bool) -> None:
    """calamine looks a sheet's part up by its target as written: "xl/worksheets/./sheet1.xml"
    can be another part of the zip than the one its plain name names."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<Relationships><Relationship Id="rId1" Target="{target}"/></Relationships>',
        )
        archive.writestr(
            "xl/workbook.xml", b'<workbook><sheets><sheet name="S" id="rId1"/></sheets></workbook>'
        )
    if plain:
        assert package.sheet_parts(zipfile.ZipFile(buffer)) == {"S": "xl/worksheets/sheet1.xml"}
    else:
        with pytest.raises(package.PackageError) as refused:
            package.sheet_parts(zipfile.ZipFile(buffer))
        assert refused.value.code == "file_odd"


def _index(rels: str, workbook: str) -> zipfile.ZipFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("xl/_rels/workbook.xml.rels", f"<Relationships>{rels}</Relationships>")
        archive.writestr("xl/workbook.xml", f"<workbook><sheets>{workbook}</sheets></workbook>")
    return zipfile.ZipFile(buffer)


def test_a_sheet_named_twice_is_looked_for_where_calamine_reads_it() -> None:
    archive = _index(
        '<Relationship Id="rId1" Target="worksheets/big.xml"/>'
        '<Relationship Id="rId2" Target="worksheets/small.xml"/>',
        '<sheet name="S" id="rId1"/><sheet name="&#83;" id="rId2"/>',
    )
    assert package.sheet_parts(archive) == {"S": "xl/worksheets/big.xml"}  # the first


_PLAIN_SHEET = '<sheet name="S" id="rId1"/>'
_PLAIN_RELATIONSHIP = '<Relationship Id="rId1" Target="worksheets/s.xml"/>'


@pytest.mark.parametrize(
    ("rels", "sheets"),
    [
        ('<Relationship Id="rId1" Target="worksheets/sheet&#49;.xml"/>', _PLAIN_SHEET),
        ('<Relationship Id="rId1" Target="worksheets/a&amp;b.xml"/>', _PLAIN_SHEET),
        ('<Relationship Id="rId&#49;" Target="worksheets/s.xml"/>', _PLAIN_SHEET),
        (_PLAIN_RELATIONSHIP, '<sheet name="S" x:id="rId&#49;"/>'),
    ],
)
def test_a_reference_in_a_sheets_part_name_or_id_is_refused(rels: str, sheets: str) -> None:
    """calamine reads these as written, the guard (through expat) as decoded."""
    with pytest.raises(package.PackageError) as refused:
        package.sheet_parts(_index(rels, sheets.replace("x:id", 'xmlns:x="urn:x" x:id')))
    assert refused.value.code == "file_odd"


def test_a_reference_in_a_sheets_name_is_fine() -> None:
    archive = _index(
        '<Relationship Id="rId1" Target="worksheets/s.xml"/>',
        '<sheet name="Tom &amp; Jerry" id="rId1"/>',
    )
    assert package.sheet_parts(archive) == {"Tom & Jerry": "xl/worksheets/s.xml"}


@pytest.mark.parametrize(
    "names", [("xl/worksheets/sheet1.xml", "XL/worksheets/sheet1.xml"), ("a.xml", "a.xml")]
)
def test_parts_named_alike_are_refused(names: tuple[str, str]) -> None:
    buffer = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w") as archive:
        warnings.simplefilter("ignore")  # zipfile warns of a duplicate name
        for name in names:
            archive.writestr(name, b"<x/>")
    with pytest.raises(package.PackageError) as refused:
        package.check_names(zipfile.ZipFile(buffer))
    assert refused.value.code == "file_odd"


def _zip_bytes(parts: dict[str, bytes], comment: bytes = b"") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
        archive.comment = comment
    return buffer.getvalue()


def test_a_part_renamed_by_a_unicode_path_field_is_refused() -> None:
    """calamine's zip reader takes the name in an Info-ZIP 0x7075 field; Python's does not."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"<worksheet/>")
        renamed = zipfile.ZipInfo("xl/worksheets/sheetZ.xml")
        name = b"xl/worksheets/sheet1.xml"
        field = b"\x01" + struct.pack("<I", zlib.crc32(b"xl/worksheets/sheetZ.xml")) + name
        renamed.extra = struct.pack("<HH", 0x7075, len(field)) + field
        archive.writestr(renamed, b"<worksheet/>")
    with pytest.raises(package.PackageError) as refused:
        package.check_names(zipfile.ZipFile(buffer))
    assert refused.value.code == "file_odd"


def _end_checked(data: bytes) -> None:
    package.check_end(zipfile.ZipFile(io.BytesIO(data)))


def test_a_zip_ending_one_way_is_read() -> None:
    _end_checked(_zip_bytes({"a.xml": b"<a/>"}))
    _end_checked(_zip_bytes({"a.xml": b"<a/>"}, comment=b"written by a tool"))


def test_a_zip_ending_two_ways_is_refused() -> None:
    """Python's zipfile reads the last end record; calamine's reader the last whose comment
    fits the file. Each of these makes the two read different archives."""
    first, second = _zip_bytes({"a.xml": b"<far/>"}), _zip_bytes({"a.xml": b"<near/>"})
    # The first archive's comment runs over the second one, whose comment runs past the end.
    covering = first[:-2] + struct.pack("<H", len(second)) + second[:-2] + b"\xff\xff"
    for data in (covering, b"junk before the zip" + first):
        assert zipfile.ZipFile(io.BytesIO(data)).namelist() == ["a.xml"]  # Python reads it
        with pytest.raises(package.PackageError) as refused:
            _end_checked(data)
        assert refused.value.code == "file_odd"


def test_a_few_cells_without_a_position_are_read() -> None:
    xml = b'<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c><c s="1" r="B1"/>'
    xml += b"<c><v>2</v></c></row><row><c><v>3</v></c></row></sheetData></worksheet>"
    found = package.extent(_archive("xl/worksheets/sheet1.xml", xml), "xl/worksheets/sheet1.xml")
    package.check_extent("g", found)  # a small sheet: read
    # B1 is furthest written; 2 rows written and 2 cells without a position counted.
    assert (found.rows, found.columns) == (3, 4)


@given(st.text(alphabet="/.x", max_size=12))
def test_a_part_name_is_normal_exactly_when_normpath_keeps_it(member: str) -> None:
    assert package._normal(member) == (posixpath.normpath(member) == member)
