"""Sheets as grids of cell values, read fast and without styles.

python-calamine reads the values (and the saved results of formulas) of every sheet far
faster than openpyxl. It shows a formula without a saved result, and an error result, as an
empty cell; `FormulaProbe` asks the sheet's XML about exactly those cells (through openpyxl's
streaming parser, `reading.stream`), only when one matters.

An OpenDocument spreadsheet (.ods, LibreOffice's own format) is read by calamine too, once
`ods` has checked and bounded all of it (calamine reads an .ods whole as it opens it); its
sheets come as an .xlsx's do, without merged cells or drawings.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
import zlib
from collections.abc import Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final, NamedTuple, cast

from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.text import fold
from remi_sheet.i18n import Phrase
from remi_sheet.reading import compat, drawings, files, guard, ods, package, tolerant
from remi_sheet.reading.cells import CellValue, column_number
from remi_sheet.reading.contents import Contents
from remi_sheet.reading.stream import StreamReader

if TYPE_CHECKING:
    from python_calamine import CalamineWorkbook


@dataclass(slots=True)
class Grid:
    """One sheet's values; rows and columns are 0-based, '' and None are both empty."""

    name: str
    rows: Sequence[Sequence[CellValue]]
    # Merged cells, ((top, left), (bottom, right)), as calamine reads them (the streaming
    # reader does not: a sheet read that way has none here).
    merged: Sequence[tuple[tuple[int, int], tuple[int, int]]] = ()
    # The cells the sheet's pictures, charts and shapes lie over (`drawings.covered`).
    drawn: Sequence[tuple[tuple[int, int], tuple[int, int]]] = ()
    # How many formulas the sheet holds, where they were counted (a live notebook's, as
    # they are taken out for calamine: `_values_only`); else None. A value typed over a
    # formula shows no other way when it is the value the formula showed.
    formulas: int | None = None

    def value(self, row: int, column: int) -> CellValue:
        if row >= len(self.rows):
            return None
        cells = self.rows[row]
        if column >= len(cells):
            return None
        value = cells[column]
        return None if value == "" else value

    def cells(self, row: int, column: int, count: int) -> list[CellValue]:
        """`count` values from (row, column) rightwards, as `value` reads each."""
        if row >= len(self.rows):
            return [None] * count
        found = [*self.rows[row][column : column + count]]
        if "" in found:  # rarely: most rows of a game are typed in full
            found = [None if value == "" else value for value in found]
        if len(found) < count:
            found += [None] * (count - len(found))
        return found

    @property
    def height(self) -> int:
        return len(self.rows)

    def width(self, row: int) -> int:
        return len(self.rows[row]) if row < len(self.rows) else 0


# What reading a part whose bytes are damaged raises (only those: anything else is no
# fault of the file's).
_DAMAGED_PART: Final = (zipfile.BadZipFile, zlib.error, EOFError)
READ_ROWS: Final = 500  # a game sheet's header, deals, totals and notes fit many times over


class Sheets(NamedTuple):
    """The worksheets of a workbook as they are read: `names` in workbook order, and one
    item per sheet in `order` (the sheets asked for first, then the others in workbook
    order): its `Grid`, or the `Problem` that kept it from being read."""

    names: list[str]
    order: list[str]
    leading: int  # how many sheets at the head of `order` are those asked for first
    items: Iterator[Grid | Problem]
    identity: files.Identity  # the file as it was read
    # The sheet remi's live formulas read the house rules from (`package.linked_sheet`),
    # asked for first too: the Rules sheet under the name it has now.
    linked_rules: str | None = None


def read_grids(
    path: Path,
    whole: frozenset[str] = frozenset(),
    *,
    own_sheets: int = 0,
    unread: frozenset[str] = frozenset(),
) -> tuple[list[Grid], list[Problem]]:
    """The first `READ_ROWS` rows of every worksheet of the workbook at `path` (all rows of
    the sheets whose folded names are in `whole`), in workbook order, and a problem for each
    sheet too big to read safely (see `package`). `own_sheets`: how many sheets remi itself
    has added past `package.MAX_SHEETS` (a file it has just written). The sheets named in
    `unread` are not read (a save's sheets kept byte for byte)."""
    grids: list[Grid] = []
    problems: list[Problem] = []
    for item in read_sheets(path, whole, own_sheets=own_sheets, unread=unread).items:
        if isinstance(item, Grid):
            grids.append(item)
        else:
            problems.append(item)
    return grids, problems


def read_sheets(
    path: Path | Contents,
    whole: frozenset[str] = frozenset(),
    first: frozenset[str] = frozenset(),
    *,
    own_sheets: int = 0,
    unread: frozenset[str] = frozenset(),
) -> Sheets:
    """The worksheets of the workbook at `path`, read as `read_grids` reads them; those whose
    folded names are in `first` come before the others. `RemiError` for a workbook that
    cannot be read at all, raised by `Sheets.items` when it is found in a sheet that comes
    later."""
    reading = _items(path, whole, first, own_sheets, unread)
    names, order, leading, identity, linked = cast(
        "tuple[list[str], list[str], int, files.Identity, str | None]", next(reading)
    )
    items = cast("Iterator[Grid | Problem]", reading)
    return Sheets(names, order, leading, items, identity, linked)


def _open(
    path: Path, source: IO[bytes], own_sheets: int = 0
) -> tuple[zipfile.ZipFile, dict[str, str], int, ods.Shape | None]:
    """The zip of the workbook at `path`, read from `source` (the file opened already),
    checked (`files.check_archive`, and the shared strings' count by `guard`), its sheets'
    parts and the bytes of its longest shared string (`guard.longest_string`), all before
    calamine parses anything; for an .ods, no parts and its `ods.Shape` instead (checked by
    `ods.check`). `RemiError` for a file that fails."""
    try:
        archive = zipfile.ZipFile(source)
    except files.DAMAGED_ZIP as error:
        raise RemiError(files.damaged(path, error)) from None
    longest = 0
    try:
        if ods.is_ods(archive):
            return archive, {}, 0, ods.check(archive)
        problem = files.check_archive(archive, path, own_sheets)
        if problem is not None:
            raise RemiError(problem)
        for item in archive.infolist():
            if item.filename.casefold().endswith("sharedstrings.xml"):
                limit = {"path": str(path), "part": item.filename, "limit": guard.MAX_STRINGS}
                with archive.open(item) as part:
                    claimed_count = guard.claimed_strings(part.read(4096))
                fits = guard.strings_that_fit(item.file_size)
                if guard.MAX_STRINGS < claimed_count <= fits:  # said at its start: read no more
                    raise RemiError("file_too_many_strings", count=claimed_count, **limit)
                strings = compat.part_bytes(archive, item)
                longest = max(longest, guard.longest_string(strings))
                claimed = guard.too_many_strings(strings)
                if claimed is not None:
                    params = {"path": str(path), "part": item.filename, "count": claimed}
                    raise RemiError(Problem("file_strings_claimed", params=params))
                count = guard.string_count(strings)
                if count > guard.MAX_STRINGS:
                    raise RemiError("file_too_many_strings", count=count, **limit)
        return archive, package.sheet_parts(archive), longest, None
    except BaseException as error:
        archive.close()
        if isinstance(error, RemiError):
            raise RemiError(files.refused(path, error)) from None
        if isinstance(error, files.DAMAGED_ZIP) and not isinstance(error, RemiError):
            raise RemiError(files.damaged(path, error)) from None
        raise


def _items(
    read: Path | Contents,
    whole: frozenset[str],
    first: frozenset[str],
    own_sheets: int = 0,
    unread: frozenset[str] = frozenset(),
) -> Generator[object, None, None]:
    """(names, order, leading, identity, linked_rules) of `Sheets`, then each sheet's item
    (`Grid` or `Problem`).

    The file is read once, whole (or was, `Contents`): its zip is checked, and calamine
    reads those very bytes (what may be put at the path meanwhile is not read).
    """
    from python_calamine import CalamineWorkbook, SheetTypeEnum

    contents = read if isinstance(read, Contents) else files.read_workbook(read)
    path, status = contents.path, contents.status
    source = contents.opened()
    archive, members, longest, shape = _open(path, source, own_sheets)
    if shape is not None:
        yield from _ods_items(path, archive, source, shape, whole, first, status)
        return
    streaming = StreamReader(archive)
    try:
        with archive:
            # calamine will not open a workbook with Excel 4 macro sheets at all.
            readable = tolerant.without_macro_sheets(archive) or source
            parts: dict[str, tuple[bytes, int]] = {}
            if package.LIVE_SHEET in members:
                skipped = {members[name] for name in unread if name in members}
                readable, parts = _values_only(readable, set(members.values()), skipped)
            readable.seek(0)
            with CalamineWorkbook.from_filelike(readable) as workbook:
                sheets = workbook.sheets_metadata
                # A damaged book may name a sheet twice; calamine reads the first of them.
                names = list(
                    dict.fromkeys(m.name for m in sheets if m.typ == SheetTypeEnum.WorkSheet)
                )
                linked = package.linked_sheet(archive)
                if linked not in names:
                    linked = None
                order, leading = _order(names, first, linked)
                yield names, order, leading, files.Identity.of(status), linked
                for name in order:
                    if name in unread:
                        continue
                    rows = None if fold(name) in whole else READ_ROWS
                    member = members.get(name)
                    try:
                        grid = _sheet(
                            path,
                            archive,
                            member,
                            workbook,
                            streaming,
                            name,
                            rows,
                            longest,
                            *parts.get(member or "", (None, None)),
                        )
                    except _DAMAGED_PART as error:
                        raise RemiError(files.damaged(path, error, member)) from None
                    yield grid
    except RemiError as error:
        raise RemiError(files.refused(path, error)) from None


def _order(names: list[str], first: frozenset[str], linked: str | None) -> tuple[list[str], int]:
    """The sheets `names` in the order they are read: those whose folded names are in
    `first`, and the `linked` Rules sheet, before the others; and how many come first."""
    asked = [fold(name) in first or name == linked for name in names]
    order = [name for name, early in zip(names, asked, strict=True) if early]
    order += [name for name, early in zip(names, asked, strict=True) if not early]
    return order, sum(asked)


def _ods_items(
    path: Path,
    archive: zipfile.ZipFile,
    source: IO[bytes],
    shape: ods.Shape,
    whole: frozenset[str],
    first: frozenset[str],
    status: os.stat_result,
) -> Generator[object, None, None]:
    """`_items` of an .ods that `ods.check` cleared: calamine reads it whole as it opens
    it, and each sheet's values are taken from what it read."""
    from python_calamine import CalamineError, CalamineWorkbook

    def unreadable(error: Exception) -> RemiError:
        detail = f"{type(error).__name__}: {error}".strip().rstrip(":")
        reason = Phrase("reason_library", {"detail": detail})
        return RemiError(files.refused(path, RemiError(ods.damaged(reason, detail))))

    archive.close()  # all that remi needs of it is in `shape`
    source.seek(0)
    try:
        workbook = CalamineWorkbook.from_filelike(source)
    except CalamineError as error:
        raise unreadable(error) from None
    with workbook:
        # A name given twice: calamine keeps one table of that name.
        names = list(dict.fromkeys(sheet.name for sheet in workbook.sheets_metadata))
        unseen = [name for name in names if name not in shape.names]
        if unseen:  # calamine found a table the checks did not: refuse rather than trust it
            reason = Phrase("reason_ods_unseen_table", {"sheet": unseen[0]})
            raise RemiError(Problem("file_odd", params={"path": str(path), "reason": reason}))
        linked = shape.linked if shape.linked in names else None
        order, leading = _order(names, first, linked)
        yield names, order, leading, files.Identity.of(status), linked
        for name in order:
            rows = None if fold(name) in whole else READ_ROWS
            try:
                values = workbook.get_sheet_by_name(name).to_python(
                    skip_empty_area=False, nrows=rows
                )
            except CalamineError as error:
                raise unreadable(error) from None
            yield Grid(name, values)


def _sheet(
    path: Path,
    archive: zipfile.ZipFile,
    member: str | None,
    workbook: CalamineWorkbook,
    streaming: StreamReader,
    name: str,
    rows: int | None,
    longest: int,
    xml: bytes | None = None,
    formulas: int | None = None,
) -> Grid | Problem:
    """One sheet's grid, read by calamine when `guard` clears it, else by the streaming
    reader; or why it was not read. `xml`: the part as calamine was given it, when that is
    not the zip's own, and `formulas`: how many were taken out of it (`_values_only`)."""
    if member not in archive.NameToInfo:
        # calamine found a sheet the zip checks did not: refuse rather than trust it.
        reason = Phrase("reason_no_sheet_part", {"sheet": name})
        raise RemiError(Problem("file_not_xlsx", params={"path": str(path), "reason": reason}))
    if xml is None:
        xml = compat.part_bytes(archive, member)  # its size checked with the zip's
    package.check_no_dtd_in(xml, member)
    drawn = drawings.covered(archive, member)
    if guard.calamine_may_read(xml) and guard.copies_fit(xml, longest):
        from python_calamine import CalamineError

        try:
            sheet = workbook.get_sheet_by_name(name)
            values = sheet.to_python(skip_empty_area=False, nrows=rows)
            return Grid(name, values, sheet.merged_cell_ranges or (), drawn, formulas)
        except CalamineError:
            pass  # the streaming reader reads it, or says why it cannot
    read = streaming.rows(name, member, rows)
    return read if isinstance(read, Problem) else Grid(name, read, (), drawn, formulas)


# A formula of a cell, as Excel, LibreOffice and openpyxl write one: no element inside it
# (a "<" in its text is escaped), so a match never reaches past its own end tag.
_FORMULA: Final = re.compile(rb"<f(?:[ \t\r\n][^>]*)?(?:/>|>[^<]*</f>)")


def _values_only(
    source: IO[bytes], sheets: set[str], skipped: set[str]
) -> tuple[io.BytesIO, dict[str, tuple[bytes, int]]]:
    """A copy of the workbook `source` for calamine, its worksheets without their formulas
    (the `skipped` ones, which nobody reads, empty), and those worksheets' parts as the copy
    holds them (for `guard` to look at what calamine reads), each with how many formulas
    were taken out. calamine reads the values a formula left and never the formula, but
    scans its text: a live notebook's sheets are three quarters formulas, which
    LibreOffice writes out in full in every cell."""
    source.seek(0)
    parts: dict[str, tuple[bytes, int]] = {}
    copy = io.BytesIO()
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(copy, "w") as out:
        for item in archive.infolist():
            if item.filename in skipped:
                out.writestr(zipfile.ZipInfo(item.filename, item.date_time), EMPTY_SHEET)
                continue
            data = compat.part_bytes(archive, item)
            if item.filename in sheets:
                data, count = _FORMULA.subn(b"", data)
                parts[item.filename] = data, count
            out.writestr(zipfile.ZipInfo(item.filename, item.date_time), data)
    return copy, parts


# A worksheet with no cells: what stands for a sheet nobody reads (here, and for openpyxl
# in `writing.kept_sheets`).
EMPTY_SHEET: Final = (
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b"<sheetData/></worksheet>"
)


def unread_code(kind: str) -> str:
    """The problem code of an empty-looking cell `FormulaProbe.kind` found to be of `kind`:
    a formula without a usable result ("f"), or an error value ("e")."""
    return "formula_no_value" if kind == "f" else "formula_error"


class FormulaProbe:
    """Tells what an empty-looking cell really holds: a formula ("f") with no usable result,
    an error value ("e") such as #DIV/0!, or nothing (None). It opens the workbook once, at
    the first question, and keeps it open until `close`; a sheet is read as the streaming
    reader reads one, its cells as they are there (no grid, however far a cell is). An .ods
    is asked once for all its sheets (`ods.kinds`): its content is one part."""

    __slots__ = ("_archive", "_kinds", "_marks", "_ods", "_reader", "path")

    def __init__(self, path: Path | Contents) -> None:
        self.path = path
        self._kinds: dict[str, Mapping[tuple[int, int], tuple[str, str]]] = {}
        self._marks: dict[str, set[tuple[int, int]] | None] = {}
        self._archive: zipfile.ZipFile | None = None
        self._reader: StreamReader | bool | None = None  # False: cannot be opened
        self._ods: dict[str, ods.Kinds] | None = None  # an .ods's, once asked

    def kind(self, sheet: str, row: int, column: int) -> tuple[str, str] | None:
        """("f", formula) or ("e", error text) for such a cell, else None."""
        if sheet not in self._kinds:
            self._kinds[sheet] = self._load(sheet)
        return self._kinds[sheet].get((row, column))

    def marked(self, sheet: str, row: int, column: int) -> bool:
        """Whether the cell holds a formula or an error value, as `kind` tells, by a look at
        the sheet's cells in its XML rather than a reading of it (and of the workbook's
        strings and styles): for a sheet of remi's own, whose formulas are not asked for."""
        if sheet not in self._marks:
            self._marks[sheet] = self._marked_cells(sheet)
        found = self._marks[sheet]
        if found is None:
            return self.kind(sheet, row, column) is not None
        return (row, column) in found

    def _marked_cells(self, sheet: str) -> set[tuple[int, int]] | None:
        """The cells of `sheet` that hold a formula or an error value; None when only
        `kind` can tell (an .ods, a cell without its reference)."""
        archive = self._open()
        if archive is None:
            return set()
        try:
            if ods.is_ods(archive):
                return None
            member = package.sheet_parts(archive).get(sheet)
            xml = compat.part_bytes(archive, member) if member is not None else b""
        except Exception:  # noqa: BLE001 - as `_load`: the cell stays an empty cell
            return set()
        marked: set[tuple[int, int]] = set()
        for cell in _CELL.finditer(xml):
            attributes, content = cell.group(1), cell.group(2) or b""
            if not (_ERROR_TYPE.search(attributes) or _FORMULA_ELEMENT.search(content)):
                continue
            reference = _REFERENCE.search(attributes)
            if reference is None:
                return None
            marked.add((int(reference.group(2)) - 1, column_number(reference.group(1)) - 1))
        return marked

    def _open(self) -> zipfile.ZipFile | None:
        """The archive, opened once; None when it cannot be (a probe then proves nothing)."""
        if self._reader is None:
            try:
                self._archive = tolerant.open_zip(self.path)
                self._reader = StreamReader(self._archive)
            except Exception:  # noqa: BLE001 - a damaged or vanished file, read before
                self._reader = False
        if not isinstance(self._reader, StreamReader):
            return None
        return self._archive

    def close(self) -> None:
        if self._archive is not None:
            self._archive.close()
        self._archive, self._reader = None, False

    def _load(self, sheet: str) -> Mapping[tuple[int, int], tuple[str, str]]:
        # A probe that cannot read proves nothing: the cell stays an empty cell.
        if self._open() is None or not isinstance(self._reader, StreamReader):
            return {}
        assert self._archive is not None
        try:
            if self._ods is not None or ods.is_ods(self._archive):
                if self._ods is None:
                    self._ods = {}  # asked once, whatever comes of it
                    self._ods = ods.kinds(self._archive)
                return self._ods.get(sheet, {})
            member = package.sheet_parts(self._archive).get(sheet)
            if member is None or not _formulas_or_errors(self._archive, member):
                return {}
            return self._reader.kinds(member)
        except Exception:  # noqa: BLE001 - the same: the cell stays an empty cell
            return {}


# A formula's element, or a cell typed as an error value, in a sheet's XML (any namespace
# prefix, either quote): a sheet without either has no cell for the probe to tell.
_FORMULA_OR_ERROR: Final = re.compile(rb"<(?:[\w.-]+:)?f[\s/>]|\bt\s*=\s*[\"']e[\"']")
_CHUNK: Final = 1 << 20
# A cell's element (its attributes, its content), its reference, an error's type and a
# formula's element, as `FormulaProbe.marked` looks for them.
_CELL: Final = re.compile(rb"<(?:[\w.-]+:)?c\b([^>]*?)(?:/>|>(.*?)</(?:[\w.-]+:)?c>)", re.S)
_REFERENCE: Final = re.compile(rb"\br\s*=\s*[\"']\$?([A-Za-z]{1,3})\$?([0-9]+)[\"']")
_ERROR_TYPE: Final = re.compile(rb"\bt\s*=\s*[\"']e[\"']")
_FORMULA_ELEMENT: Final = re.compile(rb"<(?:[\w.-]+:)?f[\s/>]")


def _formulas_or_errors(archive: zipfile.ZipFile, member: str) -> bool:
    """Whether the sheet part `member` may hold a formula or an error value: found by a
    look at its bytes, far cheaper than parsing them (and reading the workbook's strings
    and styles) for a sheet of values only."""
    with archive.open(member) as source:
        tail = b""
        while chunk := source.read(_CHUNK):
            if _FORMULA_OR_ERROR.search(tail + chunk):
                return True
            tail = chunk[-64:]
    return False
