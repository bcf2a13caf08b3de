"""The .xlsx file as a zip package: its parts, their sizes, and what a save would lose.

Spreadsheet libraries trust a workbook's own account of itself. A 5 KB file with one cell at
A1 and one at XFD1048576 makes python-calamine allocate a grid of 17 billion cells and abort
the process; a sheet that inflates to gigabytes exhausts memory. `check_package` looks at the
zip's declared sizes and at every cell reference before any library parses a sheet, and says
which limit a file exceeds. `losses` compares a workbook with its re-saved copy to list what
openpyxl would drop or rebuild.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections.abc import Iterable, Iterator
from typing import Any, Final, NamedTuple

from defusedxml import ElementTree

from remi_sheet.problems import CodedError

MAX_PACKAGE_BYTES: Final = 1 << 30  # everything inflated
MAX_PART_BYTES: Final = 256 << 20  # one part inflated
MAX_RATIO: Final = 200  # inflated ÷ compressed, for parts above RATIO_FROM bytes
RATIO_FROM: Final = 1 << 20
MAX_ROWS: Final = 100_000
MAX_COLUMNS: Final = 1_000
MAX_CELLS: Final = 2_000_000  # rows × columns of one sheet's used range

# XML lets an attribute be quoted either way and spaced around "="; calamine reads them all.
_REFERENCE: Final = re.compile(
    rb"<(?:c|row|dimension)\b[^>]*?\b(?:r|ref)\s*=\s*[\"']([A-Za-z]*)([0-9]*)"
    rb"(?::([A-Za-z]*)([0-9]*))?[\"']"
)
_CHUNK: Final = 1 << 20


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


def check_no_dtd(archive: zipfile.ZipFile) -> None:
    """`PackageError` when an XML part declares a DTD or entities. No Office file does; a
    billion-laughs or external-entity attack needs one, and XML allows it only in the
    prolog, before the first element."""
    for item in archive.infolist():
        # Worksheets are checked while `extent` reads them whole (as every sheet calamine
        # will read is), and they are most of a big notebook's parts.
        if not item.filename.endswith((".xml", ".rels")) or item.filename.startswith(
            "xl/worksheets/sheet"
        ):
            continue
        with archive.open(item) as stream:
            if _DTD.search(stream.read(_PROLOG_BYTES)):
                raise PackageError("file_xml_entities", part=item.filename)


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
    workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    relationships = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {
        _attribute(rel, "Id"): _attribute(rel, "Target")
        for rel in relationships.iter()
        if _local(rel.tag) == "Relationship"
    }
    parts = {}
    for sheet in workbook.iter():
        if _local(sheet.tag) != "sheet":
            continue
        target = targets.get(_attribute(sheet, "id"), "")
        member = target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)
        parts[_attribute(sheet, "name")] = posixpath.normpath(member)
    return parts


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


def _attribute(element: Any, name: str) -> str:
    for key, value in element.attrib.items():
        if _local(key) == name:
            return str(value)
    return ""


def extent(archive: zipfile.ZipFile, member: str) -> Extent:
    """The used range of the worksheet in `member`, read in bounded chunks.

    Python's zipfile stops at the declared size and checks the CRC, so a part cannot inflate
    past what `check_sizes` allowed. Most sheets name no cell beyond column ZZ or row 999,
    which one regular-expression search per chunk shows; only a sheet that may reach
    further has every reference read.
    """
    far = formulas = False
    for scanned in _chunks(archive, member):
        far = far or _FAR.search(scanned.translate(_CLASSES)) is not None
        formulas = formulas or _FORMULA.search(scanned) is not None
    if not far:
        return Extent(0, 0, "", formulas)  # within ZZ999: far below every limit
    found = Extent(0, 0, "A1", formulas)
    for scanned in _chunks(archive, member):
        found = _widen(found, scanned)
    return found


def _chunks(archive: zipfile.ZipFile, member: str) -> Iterator[bytes]:
    """The part's XML in pieces that never cut a tag, refusing DTDs on the way."""
    pending = b""
    with archive.open(member) as stream:
        while chunk := stream.read(_CHUNK):
            text = pending + chunk
            cut = text.rfind(b"<")  # a tag cut by the chunk's end waits for the next chunk
            scanned, pending = (text[:cut], text[cut:]) if cut > 0 else (text, b"")
            if _DTD.search(scanned):
                raise PackageError("file_xml_entities", part=member)
            yield scanned
    yield pending


def _widen(found: Extent, xml: bytes) -> Extent:
    rows, columns, far = found.rows, found.columns, found.far_cell
    for match in _REFERENCE.finditer(xml):
        for letters, digits in ((match[1], match[2]), (match[3], match[4])):
            row = int(digits) if digits else 0
            column = _column_number(letters.upper()) if letters else 0
            if row > rows or column > columns:
                rows, columns = max(rows, row), max(columns, column)
                far = (letters or b"").decode() + (digits or b"").decode()
    return Extent(rows, columns, far, found.formulas)


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
        for rel in ElementTree.fromstring(archive.read(rels)).iter():
            target = _attribute(rel, "Target")
            external = _attribute(rel, "TargetMode") == "External"
            if _local(rel.tag) != "Relationship" or not target or external:
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
