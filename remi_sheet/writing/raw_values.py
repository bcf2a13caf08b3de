"""A cell's value as its sheet's XML holds it: the kind (`t`) and the text of its `<v>`.

Read as values, some cells cannot go back as they came: calamine and openpyxl read a
serial number with a date format as a date (1900-02-29, which exists only in Excel, and
a date before 1 March 1900 are then a day off; a date past 9999 is no date at all; a time
is rounded), and neither keeps an error result such as #DIV/0!. Their text in the XML is
what another program saved, and written back as it is, it reads back as it was read.
"""

from __future__ import annotations

import html
import re
import zipfile
from collections.abc import Collection
from typing import Final, NamedTuple

from remi_sheet.reading import compat

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
