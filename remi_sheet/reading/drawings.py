"""Where a sheet's pictures, charts and shapes lie, by the cells they cover.

They are no cells, so the grid of values does not show them: remi's area, placed right of
what is typed beside the game, would be written under a picture a club put there, hidden
by it. A drawing part anchors each of them to cells (`twoCellAnchor`: from one cell to
another), or to one cell with a size (`oneCellAnchor`), or to a point of the sheet
(`absoluteAnchor`). A size is turned into cells at the default column width and row
height: a picture over columns made wider or narrower is placed roughly, never missed.
"""

from __future__ import annotations

import posixpath
import zipfile
from typing import Any, Final

from remi_sheet.reading import compat, safe_xml

Span = tuple[tuple[int, int], tuple[int, int]]  # ((top, left), (bottom, right)), 0-based

_DRAWING: Final = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"
_RELS: Final = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_DRAWING_TYPE: Final = "/drawing"  # the end of a sheet's drawing relationship's type
# A default column is 64 pixels wide and a row 20 high: 9,525 EMU to a pixel.
_COLUMN_EMU: Final = 64 * 9525
_ROW_EMU: Final = 20 * 9525
_MOST: Final = 16_384  # columns of a sheet: an anchor past them is read as there


def covered(archive: zipfile.ZipFile, sheet: str) -> tuple[Span, ...]:
    """The cells each drawing of the worksheet part `sheet` lies over; () when it has none,
    or when its drawing part cannot be read (it is then no worse off than before)."""
    folder, _, name = sheet.rpartition("/")  # asked of every sheet: no posixpath here
    rels = f"{folder}/_rels/{name}.rels" if folder else f"_rels/{name}.rels"
    if rels not in archive.NameToInfo:
        return ()
    try:
        spans: list[Span] = []
        for target in _drawing_parts(archive, rels, folder):
            spans += [
                span
                for anchor in safe_xml.parse(compat.part_bytes(archive, target))
                if (span := _span(anchor))
            ]
        return tuple(spans)
    except (KeyError, ValueError):
        return ()


def _drawing_parts(archive: zipfile.ZipFile, rels: str, folder: str) -> list[str]:
    found = []
    for rel in safe_xml.parse(compat.part_bytes(archive, rels)).iter(f"{_RELS}Relationship"):
        target = rel.get("Target", "")
        if rel.get("Type", "").endswith(_DRAWING_TYPE) and rel.get("TargetMode") != "External":
            base = "" if target.startswith("/") else folder
            part = posixpath.normpath(posixpath.join(base, target.lstrip("/")))
            if part in archive.NameToInfo:
                found.append(part)
    return found


def _span(anchor: Any) -> Span | None:
    kind = anchor.tag.removeprefix(_DRAWING)
    if kind == "twoCellAnchor":
        top, left = _cell(anchor.find(f"{_DRAWING}from"))
        bottom, right = _cell(anchor.find(f"{_DRAWING}to"))
        return (top, left), (max(top, bottom), max(left, right))
    if kind == "oneCellAnchor":
        top, left = _cell(anchor.find(f"{_DRAWING}from"))
        return _sized((top, left), anchor.find(f"{_DRAWING}ext"))
    if kind == "absoluteAnchor":
        place = anchor.find(f"{_DRAWING}pos")
        x, y = (_emu(place, "x"), _emu(place, "y")) if place is not None else (0, 0)
        return _sized((y // _ROW_EMU, x // _COLUMN_EMU), anchor.find(f"{_DRAWING}ext"))
    return None


def _cell(marker: Any) -> tuple[int, int]:
    if marker is None:
        raise ValueError("an anchor without its cell")
    column, row = marker.find(f"{_DRAWING}col"), marker.find(f"{_DRAWING}row")
    if column is None or row is None:
        raise ValueError("an anchor without its cell")
    return min(int(row.text or 0), 1_048_575), min(int(column.text or 0), _MOST - 1)


def _sized(start: tuple[int, int], extent: Any) -> Span:
    top, left = start
    width = _emu(extent, "cx") if extent is not None else 0
    height = _emu(extent, "cy") if extent is not None else 0
    right = min(left + width // _COLUMN_EMU, _MOST - 1)
    return (top, left), (top + height // _ROW_EMU, right)


def _emu(element: Any, name: str) -> int:
    return max(0, int(element.get(name, "0")))
