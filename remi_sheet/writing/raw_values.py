"""A cell's value as its sheet's XML holds it: the kind (`t`) and the text of its `<v>`.

Read as values, some cells cannot go back as they came: calamine and openpyxl read a
serial number with a date format as a date (1900-02-29, which exists only in Excel, and
a date before 1 March 1900 are then a day off; a date past 9999 is no date at all; a time
is rounded), and neither keeps an error result such as #DIV/0!. Their text in the XML is
what another program saved, and written back as it is, it reads back as it was read.

openpyxl also reads a string of plain text beside rich-text runs
(`<si><t>plain</t><r><t>run</t></r></si>`) as its plain text alone, and would write that
back; `texts_beside_runs` finds such cells, each with its whole text.
"""

from __future__ import annotations

import html
import io
import re
import zipfile
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from remi_sheet.reading import compat

if TYPE_CHECKING:
    from openpyxl.cell.rich_text import CellRichText

# One cell, with or without a namespace prefix (Excel's own files never have one, others'
# may), its attributes and what it holds: <c r="B2" s="3" t="e"><f>1/0</f><v>#DIV/0!</v></c>
_CELL: Final = re.compile(
    rb"<(?:[A-Za-z_][\w.-]*:)?c\b(?P<attrs>[^>]*?)(?:/>|>(?P<body>.*?)</(?:[A-Za-z_][\w.-]*:)?c>)",
    re.DOTALL,
)
_REF: Final = re.compile(rb"""\sr\s*=\s*["']([A-Za-z]+[0-9]+)["']""")
_KIND: Final = re.compile(rb"""\st\s*=\s*["']([A-Za-z]+)["']""")
_VALUE: Final = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?v(?:\s[^>]*)?>([^<]*)</", re.DOTALL)
_FORMULA: Final = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?f\b")


class Raw(NamedTuple):
    """A cell's kind ("n" for a number, "e" an error, "str" a formula's text, "b", "d", "s")
    and the text of its value, unescaped."""

    kind: str
    text: str
    formula: bool

    @property
    def number(self) -> float | None:
        """The number it holds, or None when it holds none."""
        if self.kind != "n":
            return None
        try:
            return float(self.text)
        except ValueError:
            return None


def cells(xml: bytes, wanted: Collection[str] | None = None) -> dict[str, Raw]:
    """The cells with a value in a sheet's XML by their A1 address (upper case), only those
    in `wanted` when it is given. A cell without an address is left out: its place is
    counted from the cells before it, which only a full reader does."""
    found: dict[str, Raw] = {}
    for match in _CELL.finditer(xml):
        body = match["body"]
        if not body:
            continue
        ref = _REF.search(match["attrs"])
        if ref is None:
            continue
        key = ref[1].decode().upper()
        if wanted is not None and key not in wanted:
            continue
        value = _VALUE.search(body)
        if value is None:
            continue
        kind = _KIND.search(match["attrs"])
        found[key] = Raw(
            kind[1].decode() if kind else "n",
            html.unescape(value[1].decode("utf-8", "replace")),
            _FORMULA.search(body) is not None,
        )
    return found


def sheet_cells(
    archive: zipfile.ZipFile, member: str | None, wanted: Collection[str] | None = None
) -> dict[str, Raw]:
    """`cells` of the sheet part `member` of `archive` (none when it has no such part)."""
    if member is None or member not in archive.NameToInfo:
        return {}
    return cells(compat.part_bytes(archive, member), wanted)


# Plain text beside a run in one string (`</t><r>` or `</r><t>`, behind any prefix): a look
# at the bytes, so that a part without one is never parsed.
_TEXT_BESIDE_RUN: Final = re.compile(
    rb"</(?:[A-Za-z_][\w.-]*:)?t\s*>\s*<(?:[A-Za-z_][\w.-]*:)?r[\s>]"
    rb"|</(?:[A-Za-z_][\w.-]*:)?r\s*>\s*<(?:[A-Za-z_][\w.-]*:)?t[\s>]"
)
_XML_SPACE: Final = "{http://www.w3.org/XML/1998/namespace}space"


def strings_beside_runs(archive: zipfile.ZipFile) -> dict[int, CellRichText]:
    """The shared strings of plain text beside runs, by their place in the table, each as
    its whole text (`whole_text`); none when the workbook has no such string."""
    names = {item.filename.casefold(): item.filename for item in archive.infolist()}
    member = names.get("xl/sharedstrings.xml")
    if member is None:
        return {}
    xml = compat.part_bytes(archive, member)
    if _TEXT_BESIDE_RUN.search(xml) is None:
        return {}
    from openpyxl.xml.functions import iterparse

    found: dict[int, CellRichText] = {}
    index = 0
    for _, node in iterparse(io.BytesIO(xml)):
        if _local(node) != "si":
            continue
        text = whole_text(node)
        if text is not None:
            found[index] = text
        index += 1
        node.clear()
    return found


def texts_beside_runs(
    archive: zipfile.ZipFile, member: str | None, strings: Mapping[int, CellRichText]
) -> dict[str, CellRichText]:
    """The cells of the sheet part `member` that hold plain text beside runs (a shared
    string of `strings`, or an inline string), by their A1 address, each with its whole
    text."""
    if member is None or member not in archive.NameToInfo:
        return {}
    xml = compat.part_bytes(archive, member)
    found: dict[str, CellRichText] = {}
    if strings:
        for ref, raw in cells(xml).items():
            if raw.kind == "s" and not raw.formula and raw.text.strip().isdigit():
                text = strings.get(int(raw.text))
                if text is not None:
                    found[ref] = text
    if _TEXT_BESIDE_RUN.search(xml) is None:
        return found
    from openpyxl.xml.functions import iterparse

    for _, node in iterparse(io.BytesIO(xml)):
        if _local(node) == "c":
            ref = node.get("r")
            if node.get("t") == "inlineStr" and ref:
                inline = next((child for child in node if _local(child) == "is"), None)
                text = whole_text(inline) if inline is not None else None
                if text is not None:
                    found[ref.upper()] = text
            node.clear()
    return found


def whole_text(item: Any) -> CellRichText | None:
    """A string (`<si>`, `<is>`) of plain text beside runs, as openpyxl holds rich text:
    each piece in its place, a run with its font, the spaces, tabs and line ends at a
    piece's ends dropped unless it says `xml:space="preserve"` (as calamine and Excel
    show it). None for any other string, which openpyxl reads whole."""
    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont

    pieces: list[str | TextBlock] = []
    plain = runs = False
    for child in item:
        kind = _local(child)
        if kind == "t":
            plain = True
            pieces.append(_piece(child))
        elif kind == "r":
            runs = True
            text = next((inner for inner in child if _local(inner) == "t"), None)
            font = next((inner for inner in child if _local(inner) == "rPr"), None)
            piece = _piece(text) if text is not None else ""
            if font is not None:
                pieces.append(TextBlock(InlineFont.from_tree(font), piece))
            else:
                pieces.append(piece)
    return CellRichText(pieces) if plain and runs else None


def _piece(element: Any) -> str:
    text = str(element.text or "")
    return text if element.get(_XML_SPACE) == "preserve" else text.strip(" \t\r\n")


def _local(element: Any) -> str:
    return str(element.tag).rpartition("}")[2]
