"""Whether openpyxl's save would change how a sheet's comments look.

openpyxl keeps each comment's cell, author and text, and writes every box anew: 144 × 79
pixels, hidden until the cell is pointed at, pale yellow, its text at the top left in the
workbook's own font without formatting. Comments that look so already (saved by remi
before, made by a script, or those saved again by LibreOffice, which writes the same box
and font in its own words) lose nothing; any other look (bold, a colour or tint, a size or
font of their own, another box size, fill or border, a comment shown always) would be lost.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Iterable
from typing import Any, Final

from remi_sheet.reading import compat, safe_xml

_MAIN: Final = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_EXCEL: Final = "{urn:schemas-microsoft-com:office:excel}"
_VML: Final = "{urn:schemas-microsoft-com:vml}"
# openpyxl's box, in points (144 × 79 pixels at 96 to the inch).
_BOX: Final = (108.0, 59.25)
_POINTS_PER: Final = {"pt": 1.0, "px": 0.75, "in": 72.0, "cm": 72 / 2.54, "mm": 72 / 25.4}
_LENGTH: Final = re.compile(r"(?<![\w-])(width|height):([0-9.]+)(pt|px|in|cm|mm)")
# A run's properties that say nothing of its look but its font, size and colour.
_FONT_ONLY: Final = frozenset({"rFont", "sz", "color", "family", "charset", "scheme"})
_BLACK: Final = frozenset({"FF000000", "000000"})
_FILL: Final = "#ffffe1"  # openpyxl's (and Excel's) pale yellow
_BLACK_LINE: Final = frozenset({"black", "#000000", "windowtext", "#000"})


def look_kept(archive: zipfile.ZipFile, parts: Iterable[str]) -> bool:
    """Whether the comments among a sheet's `parts` (its comments part and the legacy
    drawing their boxes are drawn in) look as openpyxl would write them again."""
    names = sorted(parts)
    texts = [name for name in names if name.startswith("xl/comments")]
    boxes = [name for name in names if name.endswith(".vml")]
    try:
        font = _default_font(archive)
        runs = [run for name in texts for run in _runs(compat.part_bytes(archive, name))]
        shapes = [shape for name in boxes for shape in _notes(compat.part_bytes(archive, name))]
    except (KeyError, ValueError):
        return False  # what cannot be read is not known to look plain
    return all(_plain(run, font) for run in runs) and all(map(_openpyxl_box, shapes))


def _default_font(archive: zipfile.ZipFile) -> tuple[str | None, str | None]:
    """The name and size of the workbook's first font: the one unformatted text is shown in."""
    styles = safe_xml.parse(compat.part_bytes(archive, "xl/styles.xml"))
    font = styles.find(f"{_MAIN}fonts/{_MAIN}font")
    if font is None:
        return None, None
    name, size = font.find(f"{_MAIN}name"), font.find(f"{_MAIN}sz")
    return (
        name.get("val") if name is not None else None,
        size.get("val") if size is not None else None,
    )


def _runs(xml: bytes) -> list[Any]:
    """The run properties (`rPr`, or None for a run without) of every comment's text."""
    root = safe_xml.parse(xml)
    return [run.find(f"{_MAIN}rPr") for run in root.iter(f"{_MAIN}r")]


def _plain(properties: Any, font: tuple[str | None, str | None]) -> bool:
    if properties is None:
        return True
    name, size = font
    for item in properties:
        tag = item.tag.removeprefix(_MAIN)
        value = item.get("val")
        if tag not in _FONT_ONLY:
            return False  # bold, italic, underlined, struck through, raised
        if tag == "rFont" and value != name:
            return False
        if tag == "sz" and (size is None or float(value or 0) != float(size)):
            return False
        if tag == "color" and not _black(item):
            return False
    return True


def _black(color: Any) -> bool:
    """Whether a run's colour is plain black (a theme's text colour, not tinted grey)."""
    if color.get("tint") not in (None, "0"):
        return False
    return color.get("rgb") in _BLACK or (color.get("theme") == "1" and color.get("rgb") is None)


def _notes(xml: bytes) -> list[Any]:
    """The shapes of a legacy drawing that are comments' boxes."""
    root = safe_xml.parse(xml)
    return [
        shape
        for shape in root.iter(f"{_VML}shape")
        if (data := shape.find(f"{_EXCEL}ClientData")) is not None
        and data.get("ObjectType") == "Note"
    ]


def _openpyxl_box(shape: Any) -> bool:
    """Whether a comment's box is as openpyxl draws one: hidden, of its size, filled with
    its pale yellow, the text at the top left (LibreOffice writes those defaults out)."""
    style = (shape.get("style") or "").replace(" ", "")
    data = shape.find(f"{_EXCEL}ClientData")
    if "visibility:hidden" not in style or data.find(f"{_EXCEL}Visible") is not None:
        return False
    if (shape.get("fillcolor") or _FILL).lower() != _FILL:
        return False
    fill = shape.find(f"{_VML}fill")
    if fill is not None and fill.get("type", "solid") != "solid":
        return False  # a gradient or picture; a solid fill's second colour is never shown
    stroke = shape.find(f"{_VML}stroke")
    if stroke is not None and (stroke.get("color") or "black").lower() not in _BLACK_LINE:
        return False
    for name, default in (("TextHAlign", "Left"), ("TextVAlign", "Top")):
        align = data.find(f"{_EXCEL}{name}")
        if align is not None and (align.text or "").strip() != default:
            return False
    sizes = {key: float(number) * _POINTS_PER[unit] for key, number, unit in _LENGTH.findall(style)}
    width, height = sizes.get("width"), sizes.get("height")
    return (
        width is not None
        and height is not None
        and abs(width - _BOX[0]) < 1
        and abs(height - _BOX[1]) < 1
    )
