"""The .xlsx file as a zip package: its parts, their sizes, and the checks on them.

Spreadsheet libraries trust a workbook's own account of itself: a sheet that inflates to
gigabytes exhausts memory, two end records let two readers read two different archives, an
entity declaration is a billion-laughs attack. The checks here look at the zip itself before
any library parses a part, and say which limit a file exceeds (what calamine could be made
to allocate from inside a part is `guard`'s). What a save would lose is `losses`'.
"""

from __future__ import annotations

import codecs
import posixpath
import re
import struct
import zipfile
from collections import Counter
from collections.abc import Collection, Iterator
from typing import IO, Final, NoReturn
from xml.parsers import expat

from remi_sheet.core.problems import RemiError
from remi_sheet.i18n import Phrase
from remi_sheet.reading import compat

# What keeps the work on any file bounded on a small machine (`bench/bench_limits.py`
# judges it); a notebook of 5,000 games is a 4 MB file of 5,000 sheets, 12 MB inflated.
MAX_PACKAGE_BYTES: Final = 192 << 20  # everything inflated: 240 MB of text took score 1 GB
MAX_FILE_BYTES: Final = 256 << 20  # the file itself, read into memory whole
MAX_PART_BYTES: Final = 192 << 20  # one part inflated
MAX_SHEETS: Final = 6_000  # openpyxl's time to load a workbook grows with the square of them
# Rows and cells of all sheets that openpyxl may load to write a workbook: it makes an
# object of each (some 1 KB), and a scored notebook of 5,000 games has 740,000.
MAX_WRITTEN_ELEMENTS: Final = 1_000_000
MAX_RATIO: Final = 200  # inflated ÷ compressed, for parts above RATIO_FROM bytes
RATIO_FROM: Final = 1 << 20


_DTD: Final = re.compile(rb"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_PROLOG_BYTES: Final = 4096
# A character or entity reference anywhere, and in an `id`/`r:id` attribute's value: calamine
# reads those values as written, expat as they stand for.
_ANY_REFERENCE: Final = re.compile(rb"&")
_ID_REFERENCE: Final = re.compile(
    rb"[ \t\r\n](?:[^ \t\r\n=:]*:)?id[ \t\r\n]*=[ \t\r\n]*(?:\"[^\"]*&|'[^']*&)"
)


def check_no_dtd(archive: zipfile.ZipFile) -> None:
    """`RemiError` when an XML part declares a DTD or entities. No Office file does; a
    billion-laughs or external-entity attack needs one, and XML allows it only in the
    prolog, before the first element: the first `_PROLOG_BYTES` are searched whatever they
    hold, and a prolog longer than that is read to its end."""
    for item in archive.infolist():
        # Worksheets are checked when they are read, whole (`check_no_dtd_in`): they are
        # most of a big notebook's parts.
        if not item.filename.endswith((".xml", ".rels")) or item.filename.startswith(
            "xl/worksheets/sheet"
        ):
            continue
        with archive.open(item) as stream:
            head = stream.read(_PROLOG_BYTES)
            # A prolog longer than the bytes searched (comments may pad it), or in UTF-16,
            # is walked to its end.
            if _DTD.search(head) or _dtd_in_prolog(_prolog_pieces(head, stream)):
                raise RemiError("file_xml_entities", part=item.filename)


def _dtd_in_prolog(pieces: Iterator[bytes]) -> bool:
    """Whether the XML in `pieces` declares a DTD before its first element. Walked by its
    markup (white space, `<?…?>`, `<!--…-->`) in one pass, whatever the prolog's length:
    expat would read an unfinished comment again with every piece fed to it. Text that is
    not XML's prolog says no: calamine refuses it anyway."""
    buffer, position = b"", 0

    def more() -> bool:
        nonlocal buffer, position
        piece = next(pieces, b"")
        buffer, position = buffer[position:] + piece, 0
        return bool(piece)

    def past(end: bytes) -> bool:
        """Moved past the next `end`; False when the text ends first."""
        nonlocal buffer, position
        while (found := buffer.find(end, position)) < 0:
            # Only the bytes that may begin `end` are kept: a long comment costs no copies.
            position = max(position, len(buffer) - len(end) + 1)
            if not more():
                return False
        position = found + len(end)
        return True

    more()
    if buffer.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark
        position = 3
    while True:
        while position < len(buffer) and buffer[position] in b" \t\r\n":
            position += 1
        if len(buffer) - position < len(b"<!DOCTYPE") and more():
            continue
        if buffer.startswith(b"<?", position):
            position += 2  # "<?>" does not end where it starts
            if not past(b"?>"):
                return False
        elif buffer.startswith(b"<!--", position):
            position += 4  # nor does "<!--->"
            if not past(b"-->"):
                return False
        else:
            return _DTD.match(buffer, position) is not None


def _prolog_pieces(head: bytes, rest: IO[bytes]) -> Iterator[bytes]:
    """The part's bytes, `head` first: as they are in any encoding that writes ASCII as
    ASCII, decoded and written in UTF-8 when the part is in UTF-16."""
    encoding = None
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    elif head[1:2] == b"\x00":  # an ASCII character first ("<", or white space), no mark
        encoding = "utf-16-le"
    elif head[:1] == b"\x00":
        encoding = "utf-16-be"
    decode = codecs.getincrementaldecoder(encoding)("replace").decode if encoding else None
    piece = head
    while piece:
        text = decode(piece).encode() if decode else piece
        if text:  # an empty piece would end the walk: half a UTF-16 character decodes to none
            yield text
        piece = rest.read(_PROLOG_BYTES)


def check_names(archive: zipfile.ZipFile) -> None:
    """`RemiError` when two parts of the zip share a name, or a name but for its letters'
    case: which of them a reader takes is its own choice (calamine also finds a part whose
    name differs only in case), and the size checks must read the part calamine reads. So
    also for a part renamed by an Info-ZIP "Unicode Path" field, which calamine's zip
    reader obeys and Python's ignores."""
    seen: dict[str, str] = {}
    for item in archive.infolist():
        if _UNICODE_PATH in _extra_fields(item.extra):
            raise RemiError(
                "file_odd", reason=Phrase("reason_second_name", {"part": item.filename})
            )
        folded = item.filename.casefold()
        if folded in seen:
            names = {"first": seen[folded], "second": item.filename}
            raise RemiError("file_odd", reason=Phrase("reason_parts_alike", names))
        seen[folded] = item.filename


_UNICODE_PATH: Final = 0x7075
_END: Final = b"PK\x05\x06"  # the end of central directory record's signature
_END_SIZE: Final = 22
_LONGEST_COMMENT: Final = 0xFFFF


def _extra_fields(extra: bytes) -> list[int]:
    """The ids of the fields of a zip entry's extra data."""
    ids, position = [], 0
    while position + 4 <= len(extra):
        field, size = struct.unpack_from("<HH", extra, position)
        ids.append(field)
        position += 4 + size
    return ids


def check_end(archive: zipfile.ZipFile) -> None:
    """`RemiError` unless the zip ends the one way both readers read alike: a single end
    record whose comment runs exactly to the file's end, its directory right before it,
    nothing before the first part. Python's zipfile takes the last end record it finds,
    calamine's reader the last whose comment fits the file: two of them, or a comment
    length that runs past the end, would let them read two different archives."""
    fp = compat.zip_file(archive)
    size = fp.seek(0, 2)
    start = max(0, size - _END_SIZE - _LONGEST_COMMENT)
    fp.seek(start)
    tail = fp.read()
    fitting, last = [], -1
    found = tail.find(_END)
    while found >= 0:
        if found + _END_SIZE <= len(tail):
            (comment,) = struct.unpack_from("<H", tail, found + 20)
            if start + found + _END_SIZE + comment == size:
                fitting.append(found)
        last, found = found, tail.find(_END, found + 1)
    odd = RemiError("file_odd", reason=Phrase("reason_two_ends"))
    if last < 0 or fitting != [last]:
        raise odd
    directory_size, directory_offset = struct.unpack_from("<II", tail, last + 12)
    if directory_offset != 0xFFFFFFFF and (
        compat.zip_directory_start(archive) != directory_offset  # bytes before the first part
        or directory_offset + directory_size != start + last
    ):
        raise odd


def too_dense(item: zipfile.ZipInfo) -> bool:
    """Whether a part inflates past `MAX_RATIO` times its packed size (counted above
    `RATIO_FROM` bytes): what remi takes for a zip bomb."""
    return item.file_size > RATIO_FROM and item.file_size / max(item.compress_size, 1) > MAX_RATIO


def check_sizes(archive: zipfile.ZipFile) -> None:
    """`RemiError` when the zip's declared sizes say it would inflate beyond the limits."""
    total = 0
    for item in archive.infolist():
        total += item.file_size
        if item.file_size > MAX_PART_BYTES:
            raise RemiError(
                "file_too_big",
                part=item.filename,
                size=mb(item.file_size),
                limit=mb(MAX_PART_BYTES),
            )
        if too_dense(item):
            ratio = int(item.file_size / max(item.compress_size, 1))
            raise RemiError("file_zip_bomb", part=item.filename, ratio=ratio, limit=MAX_RATIO)
    if total > MAX_PACKAGE_BYTES:
        raise RemiError(
            "file_too_big", part=Phrase("part_all"), size=mb(total), limit=mb(MAX_PACKAGE_BYTES)
        )


_REMIS_SHEETS: Final = 3  # Standings, _remi_state and _remi_live
_SHEET_ELEMENT: Final = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?sheet[\s/>]")


def check_sheet_count(archive: zipfile.ZipFile, own_sheets: int = 0) -> None:
    """`RemiError` when the workbook lists more than `MAX_SHEETS` sheets, not counting
    `own_sheets` that remi has added to a file it has just written, nor the Standings,
    record and live sheets remi keeps in a scored notebook."""
    book = archive.NameToInfo.get("xl/workbook.xml")
    if book is None:
        return
    count = len(_SHEET_ELEMENT.findall(compat.part_bytes(archive, book)))
    if count - own_sheets > MAX_SHEETS + _REMIS_SHEETS:
        raise RemiError("file_too_many_sheets", count=count, limit=MAX_SHEETS)


_STRICT: Final = b"http://purl.oclc.org/ooxml/spreadsheetml/main"


def check_not_strict(archive: zipfile.ZipFile) -> None:
    """`RemiError` for a workbook saved as Strict Open XML: calamine reads it, but openpyxl
    knows none of its names and would load it empty, so remi cannot write it."""
    book = archive.NameToInfo.get("xl/workbook.xml")
    if book is not None:
        with archive.open(book) as part:
            if _STRICT in part.read(4096):
                raise RemiError("file_strict")


def check_writable_size(archive: zipfile.ZipFile, loaded_empty: Collection[str] = ()) -> None:
    """`RemiError` when the sheets of `archive` hold more rows and cells than
    `MAX_WRITTEN_ELEMENTS`, counted from the bytes before openpyxl loads any; the parts
    `loaded_empty` (`kept_sheets`) are none of openpyxl's to load. The message names the
    sheet holding the most, where the rows to delete usually are."""
    counts: dict[str, int] = {}
    for title, member in sheet_parts(archive).items():
        if member in archive.NameToInfo and member not in loaded_empty:
            xml = compat.part_bytes(archive, member)
            count = xml.count(b"<row") + xml.count(b":row") + xml.count(b"<c ")
            counts[title] = count + xml.count(b"<c>") + xml.count(b"<c/") + xml.count(b":c ")
    total = sum(counts.values())
    if total > MAX_WRITTEN_ELEMENTS:
        # Named among the sheets a person sees: a hidden one (remi's record) cannot be
        # trimmed from Excel's tabs.
        states = sheet_states(archive)
        shown = [title for title in counts if states.get(title, "visible") == "visible"]
        sheet = max(shown or counts, key=counts.__getitem__)
        raise RemiError(
            "file_too_big_to_write",
            count=total,
            limit=MAX_WRITTEN_ELEMENTS,
            sheet=sheet,
            sheet_count=counts[sheet],
        )


def mb(size: int) -> str:
    return f"{size / (1 << 20):.0f} MB"


# The formula of a defined name of remi's live formulas, and a sheet it reads a cell of:
# `IF(TRIM('Szabályok'!$B$5&"")="",…)`.
_REMI_NAME: Final = re.compile(
    rb"<(?:[\w.-]+:)?definedName\b[^>]*?\bname=[\"']remi_\w+[\"'][^>]*>([^<]*)<"
)
LIVE_SHEET: Final = "_remi_live"  # remi's sheet of what the live formulas read
_SHEET_OF_CELL: Final = re.compile(r"'((?:[^']|'')+)'!\$|(?<![\w'.])(\w+)!\$")


def linked_sheet(archive: zipfile.ZipFile) -> str | None:
    """The sheet the live formulas' defined names (`remi_…`) read their house rules from:
    the Rules sheet of a notebook remi made, under whatever name Excel or a person gave it
    since (Excel follows a sheet's new name in every name that refers to it)."""
    sheets: Counter[str] = Counter()
    for formula in _REMI_NAME.findall(compat.part_bytes(archive, "xl/workbook.xml")):
        text = formula.decode("utf-8", errors="replace").replace("&apos;", "'")
        for quoted, plain in _SHEET_OF_CELL.findall(text):
            sheet = quoted.replace("''", "'") if quoted else plain
            if sheet != LIVE_SHEET:  # remi's own: the other names' cells are there
                sheets[sheet] += 1
    if not sheets:
        return None
    name = sheets.most_common(1)[0][0]
    if "&" in name:  # a sheet name with "&" or "<" in it, as XML writes it
        import html

        name = html.unescape(name)
    return name


# A defined name of remi's that one sheet defines as its own: its attributes and formula.
_LOCAL_NAME: Final = re.compile(rb"<(?:[\w.-]+:)?definedName\b([^>]*\blocalSheetId=[^>]*)>([^<]*)<")
_ATTRIBUTE: Final = re.compile(rb"\b(name|localSheetId)\s*=\s*[\"']([^\"']*)[\"']")


def local_names(archive: zipfile.ZipFile) -> dict[str, dict[str, str]]:
    """The names of remi's (`remi_…`) each sheet defines as its own (a live game played by
    other house rules than today's), by sheet title: name → what it refers to, without
    the quotes a program may or may not put around a sheet's name."""
    import html

    titles = list(sheet_parts(archive))
    found: dict[str, dict[str, str]] = {}
    for attributes, formula in _LOCAL_NAME.findall(compat.part_bytes(archive, "xl/workbook.xml")):
        named = {
            key.decode(): value.decode("utf-8", "replace")
            for key, value in _ATTRIBUTE.findall(attributes)
        }
        name, index = named.get("name", ""), named.get("localSheetId", "")
        if name.startswith("remi_") and index.isdigit() and int(index) < len(titles):
            refers = html.unescape(formula.decode("utf-8", "replace")).replace("'", "")
            found.setdefault(titles[int(index)], {})[name] = refers
    return found


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title → zip member of that worksheet, in workbook order.

    Elements and attributes are matched by their local names, whatever namespace they are
    in: calamine reads a workbook whose namespaces are wrong, so the size checks must find
    its sheets too.
    """
    # calamine reads a sheet's relationship id and part name as written: "sheet&#49;.xml"
    # is another part to it than "sheet1.xml". No workbook writes a reference there.
    rels, book = "xl/_rels/workbook.xml.rels", "xl/workbook.xml"
    rels_xml, book_xml = compat.part_bytes(archive, rels), compat.part_bytes(archive, book)
    for part, xml, written in ((rels, rels_xml, _ANY_REFERENCE), (book, book_xml, _ID_REFERENCE)):
        if written.search(xml):
            reason = Phrase("reason_reference_in_name", {"part": part})
            raise RemiError("file_odd", reason=reason)
    relationships = elements(rels_xml, rels, "Relationship")
    targets = {rel.get("Id", ""): rel.get("Target", "") for rel in relationships}
    parts: dict[str, str] = {}
    for sheet in elements(book_xml, book, "sheet"):
        target = targets.get(sheet.get("id", ""), "")
        member = target[1:] if target.startswith("/") else f"xl/{target}"
        # calamine looks the part up by this very name: "xl/./sheet1.xml" is another part
        # of the zip than "xl/sheet1.xml", which the size checks would have read instead.
        if target and (member.startswith("/") or not _normal(member)):
            raise RemiError("file_odd", reason=Phrase("reason_odd_sheet_part", {"target": target}))
        # A name given twice: calamine reads the first sheet of that name.
        parts.setdefault(sheet.get("name", ""), member)
    return parts


def sheet_states(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title → its state as the workbook part says it (`visible`, `hidden`,
    `veryHidden`; `visible` when it says none)."""
    book = "xl/workbook.xml"
    found = elements(compat.part_bytes(archive, book), book, "sheet")
    return {sheet.get("name", ""): sheet.get("state", "visible") for sheet in found}


def cell_styles(archive: zipfile.ZipFile) -> list[dict[str, str]]:
    """The attributes of the named cell styles (`cellStyle`) of the workbook's styles part,
    where openpyxl reads them (none when it has no such part)."""
    part = "xl/styles.xml"
    if part not in archive.NameToInfo:
        return []
    return elements(compat.part_bytes(archive, part), part, "cellStyle")


def _normal(member: str) -> bool:
    """Whether `member` is its own normal form (`posixpath.normpath`)."""
    return posixpath.normpath(member) == member


def elements(xml: bytes, part: str, name: str) -> list[dict[str, str]]:
    """The attributes, by local name, of every element of `xml` (the zip's `part`) whose
    local name is `name`.

    Parsed by expat as ElementTree parses, with namespaces, and with DTDs and entities
    refused the way defusedxml refuses them: defusedxml's ElementTree would build every
    element in Python, and a big notebook's index has one per sheet.
    """
    found: list[dict[str, str]] = []
    local = "}" + name  # expat joins namespace and local name with "}"

    def element(tag: str, attributes: dict[str, str]) -> None:
        if tag == name or tag.endswith(local):
            found.append(attributes)

    def refuse(*_: object) -> NoReturn:
        raise RemiError("file_xml_entities", part=part)

    parser = expat.ParserCreate(namespace_separator="}")
    parser.StartElementHandler = element
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.Parse(xml, True)
    # The elements share a few attribute names: each is cut to its local name once.
    local_names = {key: key.rpartition("}")[2] for key in {k for a in found for k in a}}
    return [{local_names[key]: value for key, value in attrs.items()} for attrs in found]


def check_no_dtd_in(xml: bytes, part: str) -> None:
    """`RemiError` when the XML of a part read whole (a sheet) declares a DTD."""
    if b"<!" in xml and _DTD.search(xml):
        raise RemiError("file_xml_entities", part=part)
