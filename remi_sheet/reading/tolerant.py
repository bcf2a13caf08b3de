"""Workbooks other programs write that Excel and calamine read, made readable to the rest.

Some tools on Windows name a zip's parts with backslashes (`xl\\workbook.xml`); Excel and
calamine read them as the usual names, Python's zipfile and openpyxl do not. `file_bytes`
gives every reader of remi's the same bytes with those names written with slashes (a
backslash is one byte as a slash is, so only the names change, in place).

A workbook whose package lacks `_rels/.rels` (which says where the workbook is) gets the
usual one. A workbook whose parts sit in another folder than xl/ (the package's relationships say
where) is read by Excel; calamine and openpyxl look in xl/. `file_bytes` gives them a copy
with that folder's parts moved to xl/ (`relocated`), after the zip's sizes are checked.

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

from remi_sheet.core.problems import RemiError
from remi_sheet.reading import compat, package
from remi_sheet.reading.contents import Contents

_CENTRAL: Final = b"PK\x01\x02"
_CENTRAL_HEADER: Final = struct.Struct("<4s24xHHH12x")  # … name, extra, comment lengths
_DIRECTORY_ENTRY: Final = struct.Struct("<4s4xH18xHHH12x")  # … flags, … the three lengths
_LOCAL_NAME: Final = 30  # where a local header's name starts
_MACRO_SHEETS: Final = re.compile(
    rb"""Type\s*=\s*["'][^"']*/(?:xlMacrosheet|xlIntlMacrosheet)["']"""
)


def file_bytes(path: Path) -> io.BytesIO:
    """The file at `path` in memory, made readable: `readable`."""
    return io.BytesIO(readable(path.read_bytes()))


def readable(data: bytes) -> bytes:
    """`data`, a zip, its part names slashed (`slashed`) and its workbook moved to xl/
    (`relocated`)."""
    names = _names(data) or set()
    if {"xl/workbook.xml", "_rels/.rels"} <= names and not any("\\" in n for n in names):
        return data  # the usual package: nothing to make readable
    return relocated(slashed(data))


def _names(data: bytes) -> set[str] | None:
    """The part names of the zip `data`, read from its central directory alone (a zip of
    thousands of sheets is not parsed whole for them); None when the directory is not
    where its end record says, or not as zip writes it (zipfile then decides)."""
    end = data.rfind(b"PK\x05\x06")
    if end < 0 or end + 22 > len(data):
        return None
    size, offset = struct.unpack_from("<II", data, end + 12)
    if offset + size != end:
        return None
    names = set()
    position = offset
    while position < end:
        if data[position : position + 4] != _CENTRAL:
            return None
        _, flags, name_length, extra, comment = _DIRECTORY_ENTRY.unpack_from(data, position)
        name = data[position + 46 : position + 46 + name_length]
        names.add(name.decode("utf-8" if flags & 0x800 else "cp437"))
        position += 46 + name_length + extra + comment
    return names if position == end else None


_MAIN_TARGET: Final = re.compile(
    rb"""<[^>]*/officeDocument["'][^>]*?\sTarget\s*=\s*["']([^"']*)["']|"""
    rb"""<[^>]*\sTarget\s*=\s*["']([^"']*)["'][^>]*/officeDocument["']"""
)


def _workbook_folder(archive: zipfile.ZipFile) -> tuple[str, str] | None:
    """(folder, part) of a workbook part the package puts in a folder other than xl/,
    e.g. ("wb/", "wb/workbook.xml"); None for any other package."""
    names = archive.NameToInfo
    if "xl/workbook.xml" in names or "_rels/.rels" not in names:
        return None
    found = _MAIN_TARGET.search(compat.part_bytes(archive, "_rels/.rels"))
    if found is None:
        return None
    part = (found[1] or found[2]).decode("utf-8", "replace").lstrip("/")
    folder = part.rpartition("/")[0] + "/"
    if part not in names or folder in ("/", "xl/") or any(n.startswith("xl/") for n in names):
        return None
    return folder, part


_PACKAGE_RELS: Final = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    b'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
)


def _without_package_rels(archive: zipfile.ZipFile) -> bool:
    """True for a workbook in xl/ whose package lacks _rels/.rels, which says where the
    workbook is: calamine then knows no format, and Excel finds it where it always is."""
    names = archive.NameToInfo
    return "_rels/.rels" not in names and "xl/workbook.xml" in names


def _with_package_rels(archive: zipfile.ZipFile) -> bytes:
    copy = io.BytesIO()
    with zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as out:
        for item in archive.infolist():
            out.writestr(item, compat.part_bytes(archive, item))
        out.writestr("_rels/.rels", _PACKAGE_RELS)
    return copy.getvalue()


def relocated(data: bytes) -> bytes:
    """`data` with the parts of a workbook kept in another folder than xl/ moved into xl/,
    its own part named xl/workbook.xml, and the names that point at them changed to
    match; as it is for any other file, or one over the size limits (refused later)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if _without_package_rels(archive):
                package.check_sizes(archive)
                return _with_package_rels(archive)
            where = _workbook_folder(archive)
            if where is None:
                return data
            package.check_sizes(archive)
            folder, book = where
            rest = book[len(folder) :]
            moved = {
                book: "xl/workbook.xml",
                f"{folder}_rels/{rest}.rels": "xl/_rels/workbook.xml.rels",
            }
            copy = io.BytesIO()
            with zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as out:
                for item in archive.infolist():
                    name = item.filename
                    new = moved.get(name) or (
                        "xl/" + name[len(folder) :] if name.startswith(folder) else name
                    )
                    part = compat.part_bytes(archive, item)
                    if name == "_rels/.rels":
                        part = part.replace(book.encode(), b"xl/workbook.xml")
                    elif name == "[Content_Types].xml":
                        part = part.replace(b'"/' + book.encode(), b'"/xl/workbook.xml')
                        part = part.replace(b'"/' + folder.encode(), b'"/xl/')
                    elif name.endswith(".rels"):
                        part = part.replace(b'Target="/' + folder.encode(), b'Target="/xl/')
                    out.writestr(new, part)
            return copy.getvalue()
    except (RemiError, zipfile.BadZipFile, OSError, EOFError, ValueError, KeyError):
        return data


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
    rels = compat.part_bytes(archive, rels_name)
    if not _MACRO_SHEETS.search(rels):
        return None
    ids = set()
    for element in re.finditer(rb"<(?:\w+:)?Relationship\b[^>]*>", rels):
        if _MACRO_SHEETS.search(element[0]):
            found = re.search(rb"""\sId\s*=\s*["']([^"']*)["']""", element[0])
            if found:
                ids.add(found[1])
    book = compat.part_bytes(archive, book_name)

    def drop(element: re.Match[bytes]) -> bytes:
        found = re.search(rb"""\s(?:\w+:)?id\s*=\s*["']([^"']*)["']""", element[0])
        return b"" if found and found[1] in ids else element[0]

    book = re.sub(rb"<(?:\w+:)?sheet\b[^>]*/>", drop, book)
    copy = io.BytesIO()
    with zipfile.ZipFile(copy, "w", zipfile.ZIP_DEFLATED) as out:
        for item in archive.infolist():
            data = book if item.filename == book_name else compat.part_bytes(archive, item)
            # A ZipInfo of its own: writestr sets the sizes and CRC of the one it is given,
            # and `archive` still reads its parts by theirs.
            info = zipfile.ZipInfo(item.filename, item.date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)
    copy.seek(0)
    return copy


_OPENPYXL_ENDINGS: Final = (".xlsx", ".xlsm", ".xltx", ".xltm")


def openable(path: Path | Contents) -> Path | io.BytesIO:
    """`path` itself for a reader that opens a zip by its parts' names, or its bytes made
    `readable` when they need it (the bytes of `Contents`, read already). A workbook named
    otherwise than .xlsx or .xlsm (none at all, .ods) is its bytes too: openpyxl refuses a
    file name by its ending."""
    if isinstance(path, Contents):
        return path.opened()
    if path.suffix.lower() not in _OPENPYXL_ENDINGS:
        return file_bytes(path)
    try:
        with zipfile.ZipFile(path) as archive:
            if not _needs_repair(archive):
                return path
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, KeyError):
        return path
    return file_bytes(path)


def _needs_repair(archive: zipfile.ZipFile) -> bool:
    return (
        any("\\" in item.orig_filename for item in archive.infolist())
        or _without_package_rels(archive)
        or _workbook_folder(archive) is not None
    )


def open_zip(path: Path | Contents) -> zipfile.ZipFile:
    """The zip at `path` (or of `Contents`, read already), its parts' names slashed
    (`openable`)."""
    if isinstance(path, Contents):
        return zipfile.ZipFile(path.opened())
    archive = zipfile.ZipFile(path)
    try:
        repair = _needs_repair(archive)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, KeyError):
        repair = False
    if repair:
        archive.close()
        return zipfile.ZipFile(file_bytes(path))
    return archive
