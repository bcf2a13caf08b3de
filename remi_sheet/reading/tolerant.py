"""Workbooks other programs write that Excel and calamine read, made readable to the rest.

Some tools on Windows name a zip's parts with backslashes (`xl\\workbook.xml`); Excel and
calamine read them as the usual names, Python's zipfile and openpyxl do not. `file_bytes`
gives every reader of remi's the same bytes with those names written with slashes (a
backslash is one byte as a slash is, so only the names change, in place).

An `.xlsm` may hold Excel 4 macro sheets, which calamine refuses to open a workbook over;
`without_macro_sheets` gives calamine the workbook without them, so that its other sheets
are read.
"""

from __future__ import annotations

import io
import re
import struct
import zipfile
from pathlib import Path
from typing import Final

from remi_sheet.reading import compat

_CENTRAL: Final = b"PK\x01\x02"
_CENTRAL_HEADER: Final = struct.Struct("<4s24xHHH12x")  # … name, extra, comment lengths
_LOCAL_NAME: Final = 30  # where a local header's name starts
_MACRO_SHEETS: Final = re.compile(
    rb"""Type\s*=\s*["'][^"']*/(?:xlMacrosheet|xlIntlMacrosheet)["']"""
)


def file_bytes(path: Path) -> io.BytesIO:
    """The file at `path` in memory, its zip's part names with slashes (`slashed`)."""
    return io.BytesIO(slashed(path.read_bytes()))


def slashed(data: bytes) -> bytes:
    """`data`, a zip, with every backslash in its parts' names made a slash; as it is when
    there is none, or when it is no zip zipfile can open (its checks say so later)."""
    end = data.rfind(b"PK\x05\x06")
    if end >= 0 and end + 22 <= len(data):
        size, offset = struct.unpack_from("<II", data, end + 12)
        if offset + size == end and b"\\" not in data[offset:end]:
            return data  # no name in the directory holds one (the usual case, seen at once)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            items = [item for item in archive.infolist() if "\\" in item.orig_filename]
            start = compat.zip_directory_start(archive)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        return data
    if not items:
        return data
    patched = bytearray(data)
    for item in items:
        name = _LOCAL_NAME + item.header_offset
        length = len(item.orig_filename.encode("utf-8" if item.flag_bits & 0x800 else "cp437"))
        patched[name : name + length] = patched[name : name + length].replace(b"\\", b"/")
    position = start
    while patched[position : position + 4] == _CENTRAL:
        _, name_length, extra, comment = _CENTRAL_HEADER.unpack_from(patched, position)
        name = position + 46
        patched[name : name + name_length] = patched[name : name + name_length].replace(b"\\", b"/")
        position = name + name_length + extra + comment
    return bytes(patched)


def without_macro_sheets(archive: zipfile.ZipFile) -> io.BytesIO | None:
    """A copy of the workbook `archive` without its Excel 4 macro sheets, for calamine;
    None when it has none."""
    rels_name, book_name = "xl/_rels/workbook.xml.rels", "xl/workbook.xml"
    if rels_name not in archive.NameToInfo or book_name not in archive.NameToInfo:
        return None
    rels = archive.read(rels_name)
    if not _MACRO_SHEETS.search(rels):
        return None
    ids = set()
    for element in re.finditer(rb"<(?:\w+:)?Relationship\b[^>]*>", rels):
        if _MACRO_SHEETS.search(element[0]):
            found = re.search(rb"""\sId\s*=\s*["']([^"']*)["']""", element[0])
            if found:
                ids.add(found[1])
    book = archive.read(book_name)

    def drop(element: re.Match[bytes]) -> bytes:
        found = re.search(rb"""\s(?:\w+:)?id\s*=\s*["']([^"']*)["']""", element[0])
        return b"" if found and found[1] in ids else element[0]

    book = re.sub(rb"<(?:\w+:)?sheet\b[^>]*/>", drop, book)
    copy = io.BytesIO()
    with zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as out:
        for item in archive.infolist():
            out.writestr(item, book if item.filename == book_name else archive.read(item))
    copy.seek(0)
    return copy


def openable(path: Path) -> Path | io.BytesIO:
    """`path` itself for a reader that opens a zip by its parts' names, or its bytes with
    the names slashed when some hold a backslash."""
    try:
        with zipfile.ZipFile(path) as archive:
            if not any("\\" in item.orig_filename for item in archive.infolist()):
                return path
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        return path
    return file_bytes(path)


def open_zip(path: Path) -> zipfile.ZipFile:
    """The zip at `path`, its parts' names slashed (`openable`)."""
    archive = zipfile.ZipFile(path)
    if any("\\" in item.orig_filename for item in archive.infolist()):
        archive.close()
        return zipfile.ZipFile(file_bytes(path))
    return archive
