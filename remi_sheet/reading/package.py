"""The .xlsx file as a zip package: its parts, their sizes, and what a save would lose.

Spreadsheet libraries trust a workbook's own account of itself. A 5 KB file with one cell at
A1 and one at XFD1048576 makes python-calamine allocate a grid of 17 billion cells and abort
the process; a sheet that inflates to gigabytes exhausts memory. `check_package` looks at the
zip's declared sizes and at every cell reference before any library parses a sheet, and says
which limit a file exceeds. `losses` compares a workbook with its re-saved copy to list what
openpyxl would drop or rebuild.
"""

from __future__ import annotations

import codecs
import posixpath
import re
import struct
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from typing import IO, Final, NamedTuple, NoReturn
from xml.parsers import expat

from remi_sheet.core.problems import CodedError

MAX_PACKAGE_BYTES: Final = 1 << 30  # everything inflated
MAX_PART_BYTES: Final = 256 << 20  # one part inflated
MAX_RATIO: Final = 200  # inflated ÷ compressed, for parts above RATIO_FROM bytes
RATIO_FROM: Final = 1 << 20
MAX_ROWS: Final = 100_000
MAX_COLUMNS: Final = 1_000
MAX_CELLS: Final = 2_000_000  # rows × columns of one sheet's used range

# White space as calamine's XML reader (quick-xml) knows it is [ \t\r\n], not `\s` (which
# takes \v and \f too): every pattern below that must see what calamine sees spells it out.

# One token of a sheet's XML, as calamine's reader cuts it, so that no tag is looked for
# inside a comment, a CDATA section or another tag's quoted value: a quote there would
# otherwise swallow the real tag after it. Group 1 names a cell, row or dimension start
# tag: its local name is what follows the first ":" of the element's name (`<x:c>`,
# `<:c>`, even `<<:c>` are cells to calamine), the name ending at white space, "/" or ">".
_TOKEN: Final = re.compile(
    rb"<!--.*?(?:-->|\Z)|<!\[CDATA\[.*?(?:\]\]>|\Z)|<\?.*?(?:\?>|\Z)"
    rb"|<(?![/!?])(?:[^ \t\r\n>:]*:)?(c|row|dimension)(?![^ \t\r\n/>])"
    rb"(?:[^>\"']|\"[^\"]*\"|'[^']*')*"
    rb"|<(?:[^>\"']|\"[^\"]*\"|'[^']*')*",
    re.DOTALL,
)
# Every `r`/`ref` in such a tag counts, even one inside another attribute's value: calamine
# takes the last of them, and over-reading can only refuse more. XML lets an attribute be
# quoted either way and spaced around "="; calamine reads them all.
_REFERENCE: Final = re.compile(
    rb"\b(?:r|ref)\s*=\s*[\"']([A-Za-z]*)([0-9]*)(?::([A-Za-z]*)([0-9]*))?[\"']"
)
# A start tag with an attribute `r` of its own, the others skipped whole: calamine places a
# cell or row without one by counting, even if another attribute's value holds "r=".
_HAS_POSITION: Final = re.compile(
    rb"<[^ \t\r\n>]*"
    rb"(?:[ \t\r\n]+(?!r[ \t\r\n]*=)[^ \t\r\n=>]+[ \t\r\n]*=[ \t\r\n]*(?:\"[^\"]*\"|'[^']*'))*"
    rb"[ \t\r\n]+r[ \t\r\n]*="
)
# The quick look for cells and rows calamine places by counting: an unprefixed cell or row
# start tag that does not go on ` r="` (its first attribute, as Excel, openpyxl and
# LibreOffice write it), or any prefixed one (rare: none of them writes prefixes), sends a
# sheet to the exact pass.
_UNPOSITIONED_PLAIN: Final = re.compile(rb'<(?:c|row)(?![^ \t\r\n/>])(?! r=")')
_PREFIXED_CELL_OR_ROW: Final = re.compile(rb":(?:c|row)(?![^ \t\r\n/>])")
# A character or entity reference anywhere, and in an `id`/`r:id` attribute's value.
_ANY_REFERENCE: Final = re.compile(rb"&")
_ID_REFERENCE: Final = re.compile(
    rb"[ \t\r\n](?:[^ \t\r\n=:]*:)?id[ \t\r\n]*=[ \t\r\n]*(?:\"[^\"]*&|'[^']*&)"
)
# A start tag whose element name holds a quote.
_QUOTED_NAME: Final = re.compile(rb"<(?:[^ \t\r\n>/!?\"'][^ \t\r\n>\"']*)?[\"']")
_CHUNK: Final = 1 << 20
# No tag of a real workbook is anywhere near this long; a part whose tag is cannot have its
# references looked at in pieces, and is refused.
_LONGEST_TAG: Final = 16 << 20


class PackageError(CodedError):
    """The package is over a limit or damaged."""


class Extent(NamedTuple):
    """The used range of a sheet: the largest row and column any cell reference names."""

    rows: int
    columns: int
    far_cell: str  # the reference that reaches furthest, to tell the user where it is
    formulas: bool = True  # the sheet holds formulas (False only when known to hold none)


_DTD: Final = re.compile(rb"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)
# A reference with three column letters (beyond ZZ) or four row digits (beyond 999), in
# any attribute: cells, rows, the dimension, spans. Anything else is well inside the limits.
# It is looked for in the XML with every letter made "a", every digit "0" and the three
# characters a reference can follow made '"': a pattern that starts with one literal byte
# is scanned for twice as fast as one that starts with a class.
_CLASSES: Final = bytes.maketrans(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'\":",
    b"a" * 52 + b"0" * 10 + b'"' * 3,
)
_FAR: Final = re.compile(rb'"a{3,}0|"a{0,3}0{4}')
_FORMULA: Final = re.compile(rb"<f[ >/]")
_PROLOG_BYTES: Final = 4096
_RAW_METHODS: Final = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)


def check_no_dtd(archive: zipfile.ZipFile) -> None:
    """`PackageError` when an XML part declares a DTD or entities. No Office file does; a
    billion-laughs or external-entity attack needs one, and XML allows it only in the
    prolog, before the first element: the first `_PROLOG_BYTES` are searched whatever they
    hold, and a prolog longer than that is read to its end."""
    for item in archive.infolist():
        # Worksheets are checked while `extent` reads them whole (as every sheet calamine
        # will read is), and they are most of a big notebook's parts.
        if not item.filename.endswith((".xml", ".rels")) or item.filename.startswith(
            "xl/worksheets/sheet"
        ):
            continue
        with archive.open(item) as stream:
            head = stream.read(_PROLOG_BYTES)
            # A prolog longer than the bytes searched (comments may pad it), or in UTF-16,
            # is walked to its end.
            if _DTD.search(head) or _dtd_in_prolog(_prolog_pieces(head, stream)):
                raise PackageError("file_xml_entities", part=item.filename)


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
    """`PackageError` when two parts of the zip share a name, or a name but for its letters'
    case: which of them a reader takes is its own choice (calamine also finds a part whose
    name differs only in case), and the size checks must read the part calamine reads. So
    also for a part renamed by an Info-ZIP "Unicode Path" field, which calamine's zip
    reader obeys and Python's ignores."""
    seen: dict[str, str] = {}
    for item in archive.infolist():
        if _UNICODE_PATH in _extra_fields(item.extra):
            raise PackageError("file_odd", reason=f"a second name given to {item.filename}")
        folded = item.filename.casefold()
        if folded in seen:
            reason = f"two parts named {seen[folded]} and {item.filename}"
            raise PackageError("file_odd", reason=reason)
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
    """`PackageError` unless the zip ends the one way both readers read alike: a single end
    record whose comment runs exactly to the file's end, its directory right before it,
    nothing before the first part. Python's zipfile takes the last end record it finds,
    calamine's reader the last whose comment fits the file: two of them, or a comment
    length that runs past the end, would let them read two different archives."""
    fp = archive.fp
    assert fp is not None
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
    odd = PackageError("file_odd", reason="the end of its zip written more than one way")
    if last < 0 or fitting != [last]:
        raise odd
    directory_size, directory_offset = struct.unpack_from("<II", tail, last + 12)
    if directory_offset != 0xFFFFFFFF and (
        archive.start_dir != directory_offset  # bytes before the first part
        or directory_offset + directory_size != start + last
    ):
        raise odd


def check_sizes(archive: zipfile.ZipFile) -> None:
    """`PackageError` when the zip's declared sizes say it would inflate beyond the limits."""
    total = 0
    for item in archive.infolist():
        total += item.file_size
        if item.file_size > MAX_PART_BYTES:
            raise PackageError(
                "file_too_big",
                part=item.filename,
                size=_mb(item.file_size),
                limit=_mb(MAX_PART_BYTES),
            )
        ratio = item.file_size / max(item.compress_size, 1)
        if item.file_size > RATIO_FROM and ratio > MAX_RATIO:
            raise PackageError(
                "file_zip_bomb", part=item.filename, ratio=int(ratio), limit=MAX_RATIO
            )
    if total > MAX_PACKAGE_BYTES:
        raise PackageError(
            "file_too_big", part="(all parts)", size=_mb(total), limit=_mb(MAX_PACKAGE_BYTES)
        )


def _mb(size: int) -> str:
    return f"{size / (1 << 20):.0f} MB"


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title → zip member of that worksheet, in workbook order.

    Elements and attributes are matched by their local names, whatever namespace they are
    in: calamine reads a workbook whose namespaces are wrong, so the size checks must find
    its sheets too.
    """
    # calamine reads a sheet's relationship id and part name as written: "sheet&#49;.xml"
    # is another part to it than "sheet1.xml". No workbook writes a reference there.
    rels, book = "xl/_rels/workbook.xml.rels", "xl/workbook.xml"
    rels_xml, book_xml = archive.read(rels), archive.read(book)
    for part, xml, written in ((rels, rels_xml, _ANY_REFERENCE), (book, book_xml, _ID_REFERENCE)):
        if written.search(xml):
            raise PackageError(
                "file_odd", reason=f"a reference (&…;) in a part name or id in {part}"
            )
    relationships = _elements(rels_xml, rels, "Relationship")
    targets = {rel.get("Id", ""): rel.get("Target", "") for rel in relationships}
    parts: dict[str, str] = {}
    for sheet in _elements(book_xml, book, "sheet"):
        target = targets.get(sheet.get("id", ""), "")
        member = target[1:] if target.startswith("/") else f"xl/{target}"
        # calamine looks the part up by this very name: "xl/./sheet1.xml" is another part
        # of the zip than "xl/sheet1.xml", which the size checks would have read instead.
        if target and (member.startswith("/") or not _normal(member)):
            raise PackageError("file_odd", reason=f"the sheet part named {target!r}")
        # A name given twice: calamine reads the first sheet of that name.
        parts.setdefault(sheet.get("name", ""), member)
    return parts


def _normal(member: str) -> bool:
    """Whether `member` is its own normal form (`posixpath.normpath`). A name with no empty
    component and none that starts with a dot is: said without normpath's 2 µs, thousands
    of times over for a big notebook's sheets."""
    if member and "//" not in member and not member.endswith("/") and "/." not in f"/{member}":
        return True
    return posixpath.normpath(member) == member


def _elements(xml: bytes, part: str, name: str) -> list[dict[str, str]]:
    """The attributes, by local name, of every element of `xml` (the zip's `part`) whose
    local name is `name`.

    Parsed by expat as ElementTree parses, with namespaces, and with DTDs and entities
    refused the way defusedxml refuses them. defusedxml's ElementTree builds every element
    in Python: 90 ms for the index of a 5,000-sheet workbook, against 20 ms here.
    """
    found: list[dict[str, str]] = []
    local = "}" + name  # expat joins namespace and local name with "}"

    def element(tag: str, attributes: dict[str, str]) -> None:
        if tag == name or tag.endswith(local):
            found.append(attributes)

    def refuse(*_: object) -> NoReturn:
        raise PackageError("file_xml_entities", part=part)

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


def extent(archive: zipfile.ZipFile, member: str) -> Extent:
    """The used range of the worksheet in `member`.

    The part is inflated no further than its declared size, its CRC checked (`_inflated`),
    so it cannot grow past what `check_sizes` allowed. Most sheets name no cell beyond
    column ZZ or row 999, which a quick look at each chunk shows; only a sheet that may
    reach further has every reference read, in one piece.
    """
    far = counted = formulas = False
    for scanned in _chunks(archive, member):
        far = far or _may_reach_far(scanned.translate(_CLASSES))
        counted = counted or _unpositioned(scanned)
        formulas = formulas or _FORMULA.search(scanned) is not None
    if not (far or counted):
        return Extent(0, 0, "", formulas)  # within ZZ999: far below every limit
    # Not in chunks: a chunk ends before the last "<" in it, and a "<" inside a quoted
    # value (calamine reads such a tag) would cut that tag in two and hide its position.
    # One part is at most `MAX_PART_BYTES`, and its DTDs were refused above.
    whole = bytearray()  # grown in place: joining the pieces would hold the part twice
    for piece in _inflated(archive, member):
        whole += piece
    found, rows, cells_counted = _widen(Extent(0, 0, "A1", formulas), whole, member)
    if not cells_counted:
        return found  # every cell where its `r` says: the furthest of them bounds the range
    # calamine puts a cell without `r` one column right of the cell before it, in the row it
    # is at: the row of the last `r` given, moved on by each row's end since. Every row
    # ends once (calamine's reader checks that ends match), so the used range cannot reach
    # beyond the furthest position plus every cell counted and every row start written.
    rows, columns = found.rows + rows, found.columns + cells_counted
    return Extent(rows, columns, f"{_column_letters(columns)}{rows}", found.formulas)


def _unpositioned(xml: bytes) -> bool:
    """Whether `xml` may hold a cell or row that calamine places by counting."""
    return (
        _UNPOSITIONED_PLAIN.search(xml) is not None or _PREFIXED_CELL_OR_ROW.search(xml) is not None
    )


def _may_reach_far(translated: bytes) -> bool:
    # Substring searches first: each is a fast scan of the bytes, where the pattern stops at
    # every quote. Every match of `_FAR` holds one of these three.
    return (
        b"aaa0" in translated or b'"0000' in translated or b"a0000" in translated
    ) and _FAR.search(translated) is not None


def _chunks(archive: zipfile.ZipFile, member: str) -> Iterable[bytes]:
    """The part's XML in pieces that never cut a tag, refusing DTDs on the way."""
    info = archive.getinfo(member)
    if not in_one_piece(archive, info):
        return _cut(archive, member)
    whole = _inflated_at_once(archive, info)  # nearly every part: one piece
    if _DTD.search(whole):
        raise PackageError("file_xml_entities", part=member)
    return (whole,) if whole else ()


def _cut(archive: zipfile.ZipFile, member: str) -> Iterator[bytes]:
    pending = b""
    pieces = _inflated(archive, member)
    chunk = next(pieces, None)
    while chunk is not None:
        following = next(pieces, None)
        text = pending + chunk
        if following is None:  # the last piece (most parts have only one): all of it
            scanned, pending = text, b""
        else:
            cut = text.rfind(b"<")  # a tag cut by the chunk's end waits for the next chunk
            if cut <= 0:
                # No tag starts after the first one: all of it waits for the rest of that tag.
                if len(text) > _LONGEST_TAG:
                    limit = _mb(_LONGEST_TAG)
                    raise PackageError("file_tag_too_long", part=member, limit=limit)
                pending, chunk = text, following
                continue
            scanned, pending = text[:cut], text[cut:]
        if _DTD.search(scanned):
            raise PackageError("file_xml_entities", part=member)
        yield scanned
        chunk = following


_LOCAL_HEADER: Final = struct.Struct("<4s22xHH")  # signature … name length, extra length


def _inflated(archive: zipfile.ZipFile, member: str) -> Iterator[bytes]:
    """The part's bytes in pieces of `_CHUNK` (the last one shorter), as zipfile's stream
    gives them: never past the declared size, and the CRC checked at the end (`BadZipFile`
    otherwise).

    Read straight from the file with zlib: zipfile's stream costs some 20 µs a part to set
    up, a tenth of a second over a 5,000-game notebook's sheets. Parts stored any other way
    than plain or deflated go through zipfile.
    """
    info = archive.getinfo(member)
    if in_one_piece(archive, info):  # nearly every part: one piece, no buffer to fill
        whole = _inflated_at_once(archive, info)
        if whole:
            yield whole
        return
    # Encrypted or patched parts (flag bits 0, 5, 6) are zipfile's to refuse.
    if archive.fp is None or info.flag_bits & 0x61 or info.compress_type not in _RAW_METHODS:
        with archive.open(member) as stream:
            while chunk := stream.read(_CHUNK):
                yield chunk
        return
    buffer = bytearray()
    for piece in _inflating(archive, info):
        buffer += piece
        while len(buffer) >= _CHUNK:
            yield bytes(buffer[:_CHUNK])
            del buffer[:_CHUNK]
    if buffer:
        yield bytes(buffer)


def in_one_piece(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bool:
    """Whether the part is read in one piece by `_inflated_at_once` (nearly every part of a
    workbook): plain or deflated, neither encrypted nor patched, at most `_CHUNK` bytes
    compressed and inflated."""
    return (
        archive.fp is not None
        and not info.flag_bits & 0x61
        and info.compress_type in _RAW_METHODS
        and info.file_size <= _CHUNK
        and info.compress_size <= _CHUNK
    )


def _inflated_at_once(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """All of a part that `in_one_piece` allows, as `_inflating` gives it (never past the
    declared size, the CRC checked), read and inflated in one step: a generator's steps
    cost some 3 µs a part, thousands of times over for a big notebook."""
    fp = archive.fp
    assert fp is not None
    member = info.filename
    fp.seek(_data_start(fp, info))
    data = fp.read(info.compress_size)
    if len(data) < info.compress_size:
        raise zipfile.BadZipFile(f"{member!r} is cut short")
    if info.compress_type == zipfile.ZIP_STORED:
        whole = data
    else:
        # One byte more than declared shows a part that inflates past its size. Bytes after
        # the deflate stream are not the part's (zipfile); a stream cut short gives what
        # it holds, and fails the CRC.
        whole = zlib.decompressobj(-15).decompress(data, info.file_size + 1)
    if len(whole) > info.file_size:
        raise zipfile.BadZipFile(f"{member!r} inflates past its declared size")
    if zlib.crc32(whole) != info.CRC:
        raise zipfile.BadZipFile(f"Bad CRC-32 for file {member!r}")
    return whole


def _data_start(fp: IO[bytes], info: zipfile.ZipInfo) -> int:
    """Where the part's data starts: after its local header, whose extra field may not be
    the size the central directory's is."""
    fp.seek(info.header_offset)
    header = fp.read(_LOCAL_HEADER.size)
    if len(header) < _LOCAL_HEADER.size:
        raise zipfile.BadZipFile(f"Truncated file header of {info.filename!r}")
    signature, name_length, extra_length = _LOCAL_HEADER.unpack(header)
    if signature != b"PK\x03\x04":
        raise zipfile.BadZipFile(f"Bad magic number for file header of {info.filename!r}")
    return int(info.header_offset + _LOCAL_HEADER.size + name_length + extra_length)


def _inflating(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> Iterator[bytes]:
    """The bytes of the part `info` as zlib gives them, in pieces of any size up to
    `_CHUNK`. The file is sought before every read: the archive may be read elsewhere
    meanwhile."""
    fp = archive.fp
    assert fp is not None
    member = info.filename
    position = _data_start(fp, info)
    inflating = None if info.compress_type == zipfile.ZIP_STORED else zlib.decompressobj(-15)
    left, written, crc = info.compress_size, 0, 0
    pending = b""
    while left or pending:
        if not pending:
            fp.seek(position)
            pending = fp.read(min(left, _CHUNK))
            if not pending:
                raise zipfile.BadZipFile(f"{member!r} is cut short")
            left -= len(pending)
            position += len(pending)
        if inflating is None:
            piece, pending = pending, b""
        else:
            piece = inflating.decompress(pending, _CHUNK)
            pending = inflating.unconsumed_tail
            if inflating.eof:  # bytes after the deflate stream are not the part's (zipfile)
                pending, left = b"", 0
        written += len(piece)
        if written > info.file_size:
            raise zipfile.BadZipFile(f"{member!r} inflates past its declared size")
        crc = zlib.crc32(piece, crc)
        if piece:
            yield piece
        if not (left or pending) and inflating is not None:
            pending, inflating = inflating.flush(), None  # what zlib still holds, if any
    if crc != info.CRC:
        raise zipfile.BadZipFile(f"Bad CRC-32 for file {member!r}")


def _widen(
    found: Extent, xml: bytes | bytearray, part: str = "the sheet"
) -> tuple[Extent, int, int]:
    """`found` widened by every position written in `xml`, how many row start tags it has,
    and how many cells in it have no position. `PackageError` for a tag whose element name
    holds a quote: calamine counts quotes from a tag's "<", and no workbook has one there."""
    rows, columns, far = found.rows, found.columns, found.far_cell
    rows_counted = cells_counted = 0
    for tag in _TOKEN.finditer(xml):
        if _QUOTED_NAME.match(xml, tag.start()):
            raise PackageError("file_odd", reason=f"a quote in an element's name in {part}")
        if tag[1] is None:
            continue  # a comment, a CDATA section, or another tag
        for match in _REFERENCE.finditer(xml, tag.start(), tag.end()):
            for letters, digits in ((match[1], match[2]), (match[3], match[4])):
                row = int(digits) if digits else 0
                column = _column_number(letters.upper()) if letters else 0
                if row > rows or column > columns:
                    rows, columns = max(rows, row), max(columns, column)
                    far = (letters or b"").decode() + (digits or b"").decode()
        if tag[1] == b"row":
            rows_counted += 1
        elif tag[1] == b"c" and not _HAS_POSITION.match(xml, tag.start(), tag.end()):
            cells_counted += 1
    return Extent(rows, columns, far, found.formulas), rows_counted, cells_counted


def check_extent(sheet: str, found: Extent) -> None:
    if (
        found.rows > MAX_ROWS
        or found.columns > MAX_COLUMNS
        or (found.rows * found.columns > MAX_CELLS)
    ):
        raise PackageError(
            "sheet_too_big",
            sheet=sheet,
            cell=found.far_cell,
            rows=MAX_ROWS,
            columns=MAX_COLUMNS,
            cells=MAX_CELLS,
        )


def _column_letters(number: int) -> str:
    """The column letters of column `number` (1 is A, 27 is AA)."""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters or "A"


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - 64
    return number


# What openpyxl cannot keep, by the zip parts that hold it.
_FEATURES: Final[tuple[tuple[str, str], ...]] = (
    ("xl/media/", "images"),
    ("xl/drawings/", "drawings and shapes"),
    ("xl/charts/", "charts"),
    ("xl/chartsheets/", "chart sheets"),
    ("xl/pivotTables/", "pivot tables"),
    ("xl/pivotCache/", "pivot tables"),
    ("xl/slicers/", "slicers"),
    ("xl/slicerCaches/", "slicers"),
    ("xl/timelines/", "timelines"),
    ("xl/timelineCaches/", "timelines"),
    ("xl/externalLinks/", "external links"),
    ("xl/vbaProject.bin", "VBA macros"),
    ("xl/ctrlProps/", "form controls"),
    ("xl/activeX/", "ActiveX controls"),
    ("xl/threadedComments/", "threaded comments"),
    ("xl/persons/", "threaded comments"),
    ("xl/comments", "comments"),
    ("customXml/", "custom XML data"),
    ("xl/queryTables/", "query tables"),
    ("xl/connections.xml", "data connections"),
)
# Parts openpyxl writes anew in its own way, under its own names, with nothing lost: the
# workbook's structure, its sheets, styles, strings, theme and properties.
_REWRITTEN: Final = (
    "[Content_Types].xml",
    "_rels/",
    "docProps/",
    "xl/_rels/",
    "xl/workbook.xml",
    "xl/worksheets/",
    "xl/styles.xml",
    "xl/sharedStrings.xml",
    "xl/theme/",
    "xl/calcChain.xml",  # a cache Excel rebuilds on its own
    "xl/printerSettings/",  # printer-driver settings; the page set-up itself is kept
)
# Kept, but rewritten in openpyxl's own way: the user would see them change.
_REBUILT: Final[tuple[tuple[str, str], ...]] = (
    ("xl/charts/", "charts (rebuilt: their formatting may change)"),
    ("xl/comments", "comments (their text formatting and box sizes are lost)"),
)


def attached(archive: zipfile.ZipFile, member: str) -> set[str]:
    """Every part hanging off the part `member` through relationships (a sheet's drawing,
    the drawing's charts, the charts' styles), followed to the end."""
    found: set[str] = set()
    pending = [member]
    while pending:
        part = pending.pop()
        folder, name = posixpath.split(part)
        rels = posixpath.join(folder, "_rels", f"{name}.rels")
        if rels not in archive.NameToInfo:
            continue
        for rel in _elements(archive.read(rels), rels, "Relationship"):
            target = rel.get("Target", "")
            if not target or rel.get("TargetMode") == "External":
                continue
            base = "" if target.startswith("/") else folder
            resolved = posixpath.normpath(posixpath.join(base, target.lstrip("/")))
            if resolved not in found:
                found.add(resolved)
                pending.append(resolved)
    return found


def losses(
    original: Iterable[str],
    saved: Iterable[str],
    original_sheets: Iterable[bytes] = (),
    exempt: Iterable[str] = (),
) -> list[str]:
    """What a workbook with parts `original` lost or had rebuilt when saved as `saved`;
    parts in `exempt` (remi's own chart) do not count."""
    kept = set(saved)
    found: list[str] = []
    names = set(original) - set(exempt)
    for name in sorted(names - kept):
        if not name.startswith(_REWRITTEN) and not name.endswith("/"):
            found.append(_feature(name, _FEATURES) or f"the part {name}")
    for name in sorted(names & kept):
        rebuilt = _feature(name, _REBUILT)
        if rebuilt:
            found.append(rebuilt)
    if any(b"<extLst" in xml for xml in original_sheets):
        found.append(
            "Excel 2010+ extensions (some data validations, conditional formats, sparklines)"
        )
    return list(dict.fromkeys(found))


def _feature(name: str, table: tuple[tuple[str, str], ...]) -> str | None:
    for prefix, feature in table:
        if name.startswith(prefix):
            return feature
    return None
