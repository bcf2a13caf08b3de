"""Workbook parts written by hand, as other programs write them: what tests build their
foreign and hostile files from."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from openpyxl.utils import get_column_letter

from remi_sheet.reading import package

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def sheet_xml(rows: Sequence[Sequence[object]]) -> bytes:
    """A worksheet part of `rows` from A1: whole numbers as numbers, anything else as inline
    text (escaped)."""
    lines = []
    for number, row in enumerate(rows, 1):
        cells = []
        for column, value in enumerate(row):
            ref = f"{get_column_letter(column + 1)}{number}"
            if isinstance(value, int):
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
            else:
                cells.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>')
        lines.append(f'<row r="{number}">{"".join(cells)}</row>')
    return f'<worksheet xmlns="{MAIN}"><sheetData>{"".join(lines)}</sheetData></worksheet>'.encode()


def patched(path: Path, title: str, old: bytes, new: bytes) -> None:
    """`path` with `old` replaced by `new` in the part of the sheet `title`."""
    data = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(data, "w") as out:
        member = package.sheet_parts(source)[title]
        for item in source.infolist():
            part = source.read(item)
            if item.filename == member:
                assert old in part, old
                part = part.replace(old, new)
            out.writestr(item, part)
    path.write_bytes(data.getvalue())
