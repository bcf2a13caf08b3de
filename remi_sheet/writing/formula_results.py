"""Putting formulas' saved results back into a workbook that openpyxl has just written.

openpyxl keeps a formula but drops the result Excel saved with it. Excel recalculates on
opening, but a reader that does not calculate (remi's own `check`, phones' previewers) would
then see empty cells where the players typed `=27+6`. remi read those results before
writing, so it writes them back into the saved file's sheet XML: only into formula cells
that openpyxl left without a value. A result calamine cannot read exactly (a date, a time,
an error) goes back as the source's XML held it (`raw_values.Raw`).

openpyxl also writes text of spaces alone without `xml:space="preserve"`, which makes
every reader take it as empty; `mend` adds it. It writes a carriage return in text as it
is, which every reader takes for a line end (CR LF for one LF): `mend` writes it as
`&#13;`, as it came. And it saves every formula in full: remi's groups of one formula
moved go back as shared formulas (`shared_formulas`).
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from remi_sheet.reading.compat import part_bytes
from remi_sheet.reading.package import sheet_parts
from remi_sheet.writing import shared_formulas
from remi_sheet.writing.raw_values import Raw

Result = str | float | int | bool | dt.datetime | dt.date | Raw
Results = Mapping[str, Mapping[str, Result]]  # sheet title → A1 address → saved result

# A formula cell as openpyxl writes it: <c r="C2" s="1"><f>20+13</f><v /></c>, or with
# lxml installed (openpyxl then writes through it) <v></v>.
_EMPTY_FORMULA_CELL: Final = re.compile(
    rb'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*)>(?P<f><f(?:\s[^>]*)?(?:/>|>.*?</f>))'
    rb"(?:<v\s*/>|<v></v>)</c>",
    re.DOTALL,
)
_EXCEL_EPOCH: Final = dt.datetime(1899, 12, 30)
# Text of spaces alone, as openpyxl writes it: <t> </t>
_BARE_SPACES: Final = re.compile(rb"<t>([ \t\r\n]+)</t>")
# A result read as a value keeps its carriage return; one kept as the XML held it
# (`Raw`) is written as it stood there.
_CARRIAGE_RETURN: Final = {"\r": "&#13;"}
_RAW: Final[dict[str, str]] = {}


def escape(text: str, entities: dict[str, str]) -> str:
    """`text` as XML character data, and each of `entities` replaced too. (As
    `xml.sax.saxutils.escape`, which imports `urllib.request` and with it an HTTP client:
    a fifth of `remi check`'s start.)"""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for character, entity in entities.items():
        text = text.replace(character, entity)
    return text


def mend(
    path: Path, results: Results, shared: Mapping[str, shared_formulas.Groups] | None = None
) -> None:
    """Write `results` into the formula cells of the workbook openpyxl saved at `path`, keep
    its text of spaces alone, and save each `shared` group's formula once, in place."""
    wanted = {sheet: cells for sheet, cells in results.items() if cells}
    shared = shared or {}
    with zipfile.ZipFile(path) as source:
        parts = {member: title for title, member in sheet_parts(source).items()}
        mended: dict[str, bytes] = {}
        for member, sheet in parts.items():
            if member not in source.NameToInfo:
                continue
            data = part_bytes(source, member)
            new = _BARE_SPACES.sub(rb'<t xml:space="preserve">\1</t>', data)
            # Only in text: openpyxl writes one in an attribute as `&#13;` itself.
            new = new.replace(b"\r", b"&#13;")
            if sheet in wanted:
                new = _fill(new, wanted[sheet])
            if shared.get(sheet):
                new = shared_formulas.share(new, shared[sheet])
            if new != data:
                mended[member] = new
        if not mended:
            return
        # Made in memory and written over `path`, remi's own temporary file: no other file
        # is left beside the notebook when the disk fills or the run is killed.
        made = io.BytesIO()
        with zipfile.ZipFile(made, "w", zipfile.ZIP_DEFLATED) as out:
            for item in source.infolist():
                part = mended.get(item.filename)
                out.writestr(item, part if part is not None else part_bytes(source, item.filename))
    path.write_bytes(made.getbuffer())


def _fill(xml: bytes, results: Mapping[str, Result]) -> bytes:
    def replace(match: re.Match[bytes]) -> bytes:
        result = results.get(match["ref"].decode())
        encoded = _encode(result) if result is not None else None
        if encoded is None:
            return match[0]
        kind, text = encoded
        attrs = re.sub(rb'\st="[^"]*"', b"", match["attrs"])
        type_attr = f' t="{kind}"'.encode() if kind else b""
        return (
            b'<c r="'
            + match["ref"]
            + b'"'
            + attrs
            + type_attr
            + b">"
            + match["f"]
            + b"<v>"
            + escape(text, _RAW if isinstance(result, Raw) else _CARRIAGE_RETURN).encode()
            + b"</v></c>"
        )

    return _EMPTY_FORMULA_CELL.sub(replace, xml)


def _encode(result: Result) -> tuple[str, str] | None:
    """(cell type, text of <v>) for a saved result, or None for one we do not write back."""
    if isinstance(result, Raw):
        # A shared string's number points into a table openpyxl has rewritten.
        return (
            None if result.kind == "s" else ("" if result.kind == "n" else result.kind, result.text)
        )
    if isinstance(result, bool):
        return "b", "1" if result else "0"
    if isinstance(result, int | float):
        return "", repr(float(result)) if isinstance(result, float) else str(result)
    if isinstance(result, str):
        return ("str", result) if result else None
    if isinstance(result, dt.datetime):
        return "", repr((result - _EXCEL_EPOCH).total_seconds() / 86400)
    if isinstance(result, dt.date):
        return "", str((dt.datetime.combine(result, dt.time()) - _EXCEL_EPOCH).days)
    return None
