"""The few private parts of openpyxl and zipfile that remi uses, in one place.

Each is used because the public interface cannot do the job, says why, and is exercised by
`tests/test_compat.py`, so that an upgrade that moves one fails there, loudly, and not in a
user's notebook. The versions they were written against are pinned in `pyproject.toml`.
"""

from __future__ import annotations

import contextlib
import io
import re
import struct
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from openpyxl.cell import Cell
    from openpyxl.styles import Font
    from openpyxl.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet


@contextlib.contextmanager
def openpyxl_quiet() -> Iterator[None]:
    """openpyxl's loading prints to standard output on its own (`CellStyleList` says
    "0 is out of range" of a styles part without cell styles): that output is remi's, and
    `--json` must stay one JSON document, so what it prints is dropped."""
    with contextlib.redirect_stdout(io.StringIO()):
        yield


@dataclass(frozen=True, slots=True)
class SheetContext:
    """What reading a sheet's cells needs of the rest of the workbook."""

    strings: list[str]
    date_styles: frozenset[int]
    duration_styles: frozenset[int]
    date1904: bool


def sheet_context(strings: bytes | None, styles: bytes | None, date1904: bool) -> SheetContext:
    """The shared strings and the styles that make a number a date or a duration, from the
    workbook's strings and styles parts (either may be missing)."""
    from openpyxl.styles.stylesheet import Stylesheet
    from openpyxl.xml.functions import fromstring, iterparse

    # openpyxl prints some of what it finds wrong: never into remi's output (--json).
    with contextlib.redirect_stdout(io.StringIO()):
        table = []
        for _, node in iterparse(io.BytesIO(strings or b"<sst/>")):
            if node.tag.rpartition("}")[2] == "si":
                table.append(string_text(node))
                node.clear()
        dates: frozenset[int] = frozenset()
        durations: frozenset[int] = frozenset()
        if styles:
            try:
                sheet = Stylesheet.from_tree(fromstring(styles))
                dates = frozenset(sheet.date_formats)
                durations = frozenset(sheet.timedelta_formats)
            except Exception:  # noqa: BLE001 - without its styles a date reads as its number
                pass
    return SheetContext(table, dates, durations, date1904)


def sparse_cells(
    source: IO[bytes], context: SheetContext, *, formulas: bool = False
) -> Iterator[tuple[int, int, Any, str]]:
    """(row, column, value, data type) of every cell written in the sheet XML `source`,
    1-based, in the order of the XML; `formulas`: a formula's cell gives its formula (type
    "f"), not its saved result.

    openpyxl's public reading wants a whole workbook, and its `iter_rows` fills every row
    out to the sheet's widest column: one value at XFD1 beside A1 would make it hand over
    16,384 cells for each of a million rows. Its sheet parser (`WorkSheetParser`) reads a
    row's cells as they are there; it is fed the rows alone, so that a damaged page set-up
    elsewhere in the sheet does not stop the cells from being read. Rows in another
    namespace than the usual one (calamine reads elements by their local names) are moved
    into it first.
    """
    from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900
    from openpyxl.worksheet._reader import WorkSheetParser
    from openpyxl.xml.constants import SHEET_MAIN_NS
    from openpyxl.xml.functions import iterparse

    parser = WorkSheetParser(
        None,
        context.strings,
        data_only=not formulas,
        epoch=CALENDAR_MAC_1904 if context.date1904 else CALENDAR_WINDOWS_1900,
        date_formats=set(context.date_styles),
        timedelta_formats=set(context.duration_styles),
    )
    main = f"{{{SHEET_MAIN_NS}}}"
    for _, element in iterparse(source):
        if element.tag.rpartition("}")[2] != "row":
            continue
        if element.tag != main + "row":
            for inner in element.iter():
                inner.tag = main + str(inner.tag).rpartition("}")[2]
        for inline in element.iter(main + "is"):
            # Its text as the string table's is read (`string_text`), handed to the parser
            # as one run that it takes as it stands.
            text = string_text(inline)
            inline.clear()
            run = inline.makeelement(main + "t", {_XML_SPACE: "preserve"})
            run.text = text
            inline.append(run)
        _, cells = parser.parse_row(element)
        element.clear()
        for cell in cells:
            value = cell["value"]
            if formulas and cell["data_type"] == "f":
                value = _formula_text(value)
            yield cell["row"], cell["column"], value, cell["data_type"]


_XML_SPACE: Final = "{http://www.w3.org/XML/1998/namespace}space"
_ESCAPED: Final = re.compile(r"_x00([0-9A-Fa-f]{2})_")


def string_text(element: Any) -> str:
    """The text of a shared or inline string (`<si>`, `<is>`) as Excel shows it, and as
    calamine reads it: its runs' texts joined, the phonetic guide (`rPh`) left out, each
    run's spaces, tabs and line ends at its ends dropped unless it says
    `xml:space="preserve"`, and the format's escapes decoded (`_x000D_` a carriage
    return, `_x005F_` an underscore). openpyxl keeps the spaces and decodes no escape."""

    def local(node: Any) -> str:
        return str(node.tag).rpartition("}")[2]

    phonetic = {id(inner) for run in element.iter() if local(run) == "rPh" for inner in run.iter()}
    texts = []
    for run in element.iter():
        if local(run) != "t" or id(run) in phonetic:
            continue
        text = run.text or ""
        if run.get(_XML_SPACE) != "preserve":
            text = text.strip(" \t\r\n")
        if "_x00" in text:
            text = _ESCAPED.sub(lambda found: chr(int(found[1], 16)), text)
        texts.append(text)
    return "".join(texts)


def _formula_text(value: Any) -> Any:
    """The formula as its cell shows it: openpyxl hands an array formula over as an
    `ArrayFormula` object and a what-if table as a `DataTableFormula`, whose `str` is an
    object's address, not anything a user typed."""
    from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula

    if isinstance(value, ArrayFormula):
        text = str(value.text or "")
        return text if text.startswith("=") else "=" + text
    if isinstance(value, DataTableFormula):
        return f"=TABLE({value.r1 or ''},{value.r2 or ''})"
    return value


_LOCAL_HEADER: Final = struct.Struct("<4s22xHH")  # signature … name length, extra length


_PIECE: Final = 1 << 20


def part_bytes(archive: zipfile.ZipFile, member: str | zipfile.ZipInfo) -> bytes:
    """A part's bytes, as `archive.read(member)` gives them (never past its declared size,
    its CRC checked), read straight from the zip's file when it is stored or deflated:
    zipfile sets up a stream for each part, which costs a big notebook's thousands of
    sheets as much as inflating them, and inflates what it reads at once in one call, past
    the declared size (a part declared as 20 KB may inflate a gigabyte before its CRC is
    found wrong); here no more than the declared size and one byte is ever inflated."""
    info = member if isinstance(member, zipfile.ZipInfo) else archive.getinfo(member)
    handle = archive.fp
    if (
        handle is None
        or info.flag_bits & 0x61  # encrypted or patched: zipfile's to refuse
        or info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
    ):
        with archive.open(info) as part:  # read in pieces: each inflates a bounded amount
            pieces = bytearray()
            while len(pieces) <= info.file_size and (piece := part.read(_PIECE)):
                pieces += piece
            return bytes(pieces)
    data = _packed(handle, info)
    if info.compress_type == zipfile.ZIP_DEFLATED:
        # One byte more than declared shows a part that inflates past its size.
        data = zlib.decompressobj(-15).decompress(data, info.file_size + 1)
    if len(data) > info.file_size:  # shorter fails the CRC, as in zipfile
        raise zipfile.BadZipFile(f"{info.filename!r} inflates past its declared size")
    if zlib.crc32(data) != info.CRC:
        raise zipfile.BadZipFile(f"Bad CRC-32 for file {info.filename!r}")
    return data


def _packed(handle: IO[bytes], info: zipfile.ZipInfo) -> bytes:
    """The part `info` of the zip in `handle` as it lies there, stored or deflated."""
    handle.seek(info.header_offset)
    header = handle.read(_LOCAL_HEADER.size)
    if len(header) < _LOCAL_HEADER.size:
        raise zipfile.BadZipFile(f"Truncated file header of {info.filename!r}")
    signature, name_length, extra_length = _LOCAL_HEADER.unpack(header)
    if signature != b"PK\x03\x04":
        raise zipfile.BadZipFile(f"Bad magic number for file header of {info.filename!r}")
    handle.seek(info.header_offset + _LOCAL_HEADER.size + name_length + extra_length)
    data = handle.read(info.compress_size)
    if len(data) < info.compress_size:
        raise zipfile.BadZipFile(f"{info.filename!r} is cut short")
    return data


def copy_part(
    out: zipfile.ZipFile, archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str
) -> None:
    """Write the part `info` of `archive` into `out` as `name`, its deflated bytes copied
    as they lie, not inflated and deflated again: zipfile has no way to write them so, and
    its private bookkeeping of a written part is done here as `writestr` does it. A part
    zipfile would write otherwise (encrypted, patched, of another method, or past the sizes
    of a plain zip) is written as `writestr` writes it. The caller vouches for the part
    (it read it with `part_bytes`, which checks it, or wrote it itself)."""
    if (
        archive.fp is None
        or info.flag_bits & 0x61
        or info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
        or max(info.file_size, info.compress_size) >= zipfile.ZIP64_LIMIT
        or out.fp is None
        or out._writing  # type: ignore[attr-defined]
    ):
        out.writestr(name, part_bytes(archive, info), zipfile.ZIP_DEFLATED)
        return
    data = _packed(archive.fp, info)
    made = zipfile.ZipInfo(name, info.date_time)
    made.compress_type = info.compress_type
    made.external_attr = 0o600 << 16  # what writestr gives a part
    made.CRC, made.compress_size, made.file_size = info.CRC, len(data), info.file_size
    with out._lock:  # type: ignore[attr-defined]
        if out._seekable:  # type: ignore[attr-defined]
            out.fp.seek(out.start_dir)
        made.header_offset = out.fp.tell()
        out._writecheck(made)  # type: ignore[attr-defined]
        out._didModify = True  # type: ignore[attr-defined]
        out.fp.write(made.FileHeader(zip64=False))
        out.fp.write(data)
        out.filelist.append(made)
        out.NameToInfo[made.filename] = made
        out.start_dir = out.fp.tell()


def zip_file(archive: zipfile.ZipFile) -> IO[bytes]:
    """The open file beneath `archive`: the zip checks read its end record themselves,
    which zipfile parses without telling what else it found there."""
    handle = archive.fp
    assert handle is not None, "a ZipFile opened for reading holds its file"
    return handle


def zip_directory_start(archive: zipfile.ZipFile) -> int:
    """Where zipfile found the central directory to start (past any bytes prepended to
    the archive): compared with what the end record says."""
    start: int = archive.start_dir
    return start


def stored_cell(sheet: Worksheet, row: int, column: int) -> Cell | None:
    """The cell at (row, column), 1-based, if the sheet holds one. The public
    `sheet.cell()` creates every cell it is asked for, which would add empty cells to a
    person's sheet just by looking."""
    cell: Cell | None = sheet._cells.get((row, column))
    return cell


def stored_cells(sheet: Worksheet) -> Iterator[Cell]:
    """Every cell the sheet holds, in no order. The public `iter_rows` makes every empty
    cell of each row too, out to the widest row."""
    return iter(sheet._cells.values())


def style_array(cell: Cell) -> Any:
    """The style a cell stores, as the array openpyxl keeps (fonts, fills, borders by
    index): copied from cell to cell it gives the same style without looking a named
    style up among all of them for each cell, as setting `cell.style` does."""
    return cell._style


def set_style_array(cell: Cell, style: Any) -> None:
    from openpyxl.styles.cell_style import StyleArray

    cell._style = StyleArray(style)


def clear_charts(sheet: Worksheet) -> None:
    """Drop the charts of a sheet: openpyxl has `add_chart` and no way to take one away,
    and remi redraws its own Standings chart on every write."""
    sheet._charts.clear()


def default_font(workbook: Workbook) -> Font:
    """The font of the workbook's Normal style, the one its typed cells show in: remi's own
    styles take its name and size, so that a sheet reads in one font in every program
    (a named style without a font name is drawn in the program's own default)."""
    font: Font = workbook._fonts[0]
    return font


def bold_font(workbook: Workbook) -> Font:
    """The workbook's own font in bold, for the headings remi types (a bare bold font is
    drawn in each program's default face)."""
    from openpyxl.styles import Font

    typed = default_font(workbook)
    return Font(name=typed.name, sz=typed.sz, family=typed.family, scheme=typed.scheme, b=True)


def mend_named_style_ids(workbook: Workbook, cell_styles: list[dict[str, str]]) -> None:
    """Give every cell, row and column the number openpyxl knows its named style by.

    A cell names its style by its place among the file's style records (`xfId`); openpyxl
    takes that number for the style's place among the named ones. Excel and openpyxl number
    both alike, LibreOffice does not (it writes unnamed records first): read as it comes, a
    LibreOffice cell in "remi heading" is in another style to openpyxl, or in none at all
    (an IndexError), and openpyxl saves numbers past the styles it writes. `cell_styles`:
    the attributes of the file's `cellStyle` elements, which openpyxl reads by the same
    rules (sorted by `xfId`, a name or number given twice kept once)."""
    places: dict[int, int] = {}  # a style record's number → its named style's place
    kept: dict[str, int] = {}  # a named style → its place among those openpyxl keeps
    for style in sorted(cell_styles, key=lambda style: _whole(style.get("xfId"))):
        number, name = _whole(style.get("xfId")), style.get("name", "")
        if number in places:
            continue
        if name in kept:  # a second record of a name: cells in it are in the kept one
            places[number] = kept[name]
            continue
        places[number] = kept[name] = len(kept)
    normal = kept.get("Normal", 0)  # an unnamed record: the style every cell starts in
    # Every cell, row and column holds a copy of one of the workbook's cell formats: their
    # numbers are all there is to look at before anything is renumbered.
    if all(places.get(array.xfId) == array.xfId for array in workbook._cell_styles):
        return  # numbered alike: Excel's, openpyxl's and most files
    styled: list[Any] = list(workbook._cell_styles)
    for sheet in workbook.worksheets:
        styled += (cell._style for cell in sheet._cells.values())
        styled += (row._style for row in sheet.row_dimensions.values())
        styled += (column._style for column in sheet.column_dimensions.values())
    for array in filter(None, styled):  # a row without a style of its own has none
        array.xfId = places.get(array.xfId, normal)
    workbook._cell_styles = type(workbook._cell_styles)(workbook._cell_styles)


def _whole(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        return 0
