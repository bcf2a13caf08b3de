"""The sheet names of a workbook, read from its zip's list of them alone (and only when that
list is small): what is known of a file before it is read, to speak its language or to
tell whether an output holds another notebook."""

from __future__ import annotations

import contextlib
import re
import zipfile
from pathlib import Path
from typing import Final

from remi_sheet.reading import compat
from remi_sheet.reading.package import sheet_parts

_BOOK_PARTS: Final = ("xl/workbook.xml", "xl/_rels/workbook.xml.rels")
_BOOK_BYTES: Final = 1 << 20


def workbook_sheet_names(path: Path) -> list[str]:
    """The sheet names of the workbook at `path`, when its list of them is small; none when
    they cannot be read (the command itself will say what the file is)."""
    with contextlib.suppress(Exception), zipfile.ZipFile(path) as archive:
        return sheet_names(archive)
    return []


# A sheet of an OpenDocument spreadsheet, as LibreOffice writes it.
_ODS_TABLE: Final = re.compile(rb'<table:table\s[^>]*?table:name="([^"]*)"')


def sheet_names(archive: zipfile.ZipFile) -> list[str]:
    """The sheet names of a workbook, .xlsx or .ods, when its list of them is small."""
    if "content.xml" in archive.NameToInfo and "xl/workbook.xml" not in archive.NameToInfo:
        if archive.getinfo("content.xml").file_size > _BOOK_BYTES * 4:
            return []
        import html  # only for an .ods

        # Inflated no further than it declares (`compat.part_bytes`), as a read one is.
        found = _ODS_TABLE.findall(compat.part_bytes(archive, "content.xml"))
        return [html.unescape(name.decode("utf-8", errors="replace")) for name in found]
    parts = [archive.getinfo(name) for name in _BOOK_PARTS]
    if all(part.file_size <= _BOOK_BYTES for part in parts):
        return list(sheet_parts(archive))
    return []
