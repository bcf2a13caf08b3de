"""The zip-level checks: DTDs refused wherever the prolog hides them, parts named alike or
twice refused, the sheets found under the very names calamine reads, one end record."""

from __future__ import annotations

import io
import re
import struct
import time
import warnings
import zipfile
import zlib
from pathlib import Path
from xml.parsers import expat

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remi_sheet.core.problems import RemiError
from remi_sheet.reading import package


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
    with pytest.raises(RemiError) as refused:
        package.elements(xml, "xl/workbook.xml", "sheet")
    assert refused.value.code == "file_xml_entities"


@pytest.mark.parametrize("part", ["[Content_Types].xml", "xl/sharedStrings.xml"])
@pytest.mark.parametrize("padding", [0, 4_000, 10_000, 100_000])
def test_every_part_refuses_a_dtd_deep_in_its_prolog(part: str, padding: int) -> None:
    comment = b"<!--" + b" " * padding + b"-->"
    xml = b'<?xml version="1.0"?>' + comment + b'<!DOCTYPE x [<!ENTITY a "b">]><sst/>'
    with pytest.raises(RemiError) as refused:
        package.check_no_dtd(_archive(part, xml))
    assert refused.value.code == "file_xml_entities"
    # After the first element a DTD's words declare nothing (past the bytes searched).
    late = b"<sst>" + b" " * 5000 + b"<!-- <!DOCTYPE x> --></sst>"
    package.check_no_dtd(_archive(part, b'<?xml version="1.0"?>' + comment + late))


@pytest.mark.parametrize("padding", [0, 10_000])
def test_a_utf16_part_is_looked_at_as_text(padding: int) -> None:
    xml = '<?xml version="1.0" encoding="UTF-16"?><!--' + " " * padding + "-->"
    declared = (xml + '<!DOCTYPE sst [<!ENTITY a "b">]><sst/>').encode("utf-16")
    with pytest.raises(RemiError):
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
    found = package.elements(xml, "xl/workbook.xml", "sheet")
    assert found == [{"name": "Ősz & tél", "id": "rId1"}, {"name": "B"}]
    with pytest.raises(expat.ExpatError):  # as ElementTree: a prefix nobody declared
        package.elements(b"<x:workbook/>", "xl/workbook.xml", "sheet")


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
        with pytest.raises(RemiError) as refused:
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
    with pytest.raises(RemiError) as refused:
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
    with pytest.raises(RemiError) as refused:
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
    with pytest.raises(RemiError) as refused:
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
        with pytest.raises(RemiError) as refused:
            _end_checked(data)
        assert refused.value.code == "file_odd"
