"""LibreOffice's own format, the OpenDocument spreadsheet (.ods): told apart, checked and
bounded before calamine reads it.

calamine reads an .ods whole as it opens it: every table of content.xml, each cell copied
as often as the file's repeat counts say, and every formula's text. Nothing can be left
for later, as an .xlsx sheet can be left to the streaming reader; so what calamine would
build is measured here first, in one pass of expat over content.xml, and a file past a
limit is refused whole:

- the zip as an .xlsx's is checked (`package`): one end record, no two parts alike, each
  part's declared size, ratio and their sum, no DTD in any part's prolog; content.xml is
  inflated no further than its declared size (`compat.part_bytes`);
- content.xml is parsed as UTF-8 (as calamine reads it), with DTDs and entities refused
  the way defusedxml refuses them;
- each table: the cells from A1 to its farthest value or formula, at most
  `guard.MAX_ROWS` rows and `guard.MAX_CELLS` cells; all tables, at most `MAX_CELLS`;
- the text and formulas calamine copies, each as often as its cell is repeated: at most
  `MAX_TEXT_BYTES` in all (a cell's text is counted as the bytes it spans, and a
  `<text:s text:c="…"/>` as the spaces it stands for).

A file calamine would read otherwise than expat reads it (a table, row or cell inside a
cell, a table inside a table) is refused, not guessed at: no spreadsheet program writes
one. calamine matches elements by their names as written (`table:table-cell`), and so
does this reader.

Beyond calamine's values an .xlsx tells remi two things, read here from the same XML: the
sheet remi's live names (`remi_…`) read the house rules from (`Shape.linked`), and which
empty-looking cells hold an error or a formula without a value (`kinds`).
"""

from __future__ import annotations

import bisect
import contextlib
import re
import zipfile
import zlib
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, NoReturn
from xml.parsers import expat

from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.i18n import Phrase
from remi_sheet.reading import compat, guard, package
from remi_sheet.reading.contents import Contents

MIMETYPE: Final = b"application/vnd.oasis.opendocument.spreadsheet"
CONTENT: Final = "content.xml"
# All tables together: calamine holds every cell of every table at once (some 60 bytes
# each, its value and its formula), where it reads an .xlsx one sheet at a time.
MAX_CELLS: Final = 2 * guard.MAX_CELLS
# The text and formulas calamine copies into the cells: what content.xml could hold at
# the most without a repeat count, so that repeating cannot make it more.
MAX_TEXT_BYTES: Final = package.MAX_PART_BYTES
_REMIS_SHEETS: Final = 3  # Standings, _remi_state and _remi_live, as `package` counts them

# What makes calamine give a cell a value (or a formula): without one it is empty.
_VALUES: Final = frozenset(
    {
        "office:value",
        "office:string-value",
        "office:date-value",
        "office:time-value",
        "office:boolean-value",
    }
)
_FORMULA: Final = "table:formula"
_CELLS: Final = frozenset({"table:table-cell", "table:covered-table-cell"})
_NAMES: Final = frozenset({"table:named-range", "table:named-expression"})


def is_ods(archive: zipfile.ZipFile) -> bool:
    """Whether the zip `archive` is an OpenDocument spreadsheet (or its template), by its
    mimetype part, as calamine and LibreOffice tell one."""
    info = archive.NameToInfo.get("mimetype")
    if info is None or info.flag_bits & 0x1:  # encrypted: not to be read (`check_archive`)
        return False
    with archive.open(info) as kind:
        return b"opendocument.spreadsheet" in kind.read(100)


def is_ods_file(path: Path | Contents) -> bool:
    """Whether the file at `path` (or read already) is an .ods (`is_ods`); False for
    anything else, or a file that cannot be opened."""
    source = path.opened() if isinstance(path, Contents) else path
    with contextlib.suppress(Exception), zipfile.ZipFile(source) as archive:
        return is_ods(archive)
    return False


@dataclass(slots=True)
class Shape:
    """What the checks found of an .ods: the names of the tables they measured (calamine
    must find no other), and the sheet remi's live names read the house rules from (None:
    none)."""

    names: set[str]
    linked: str | None


def damaged(reason: Phrase, detail: str = "") -> Problem:
    """The problem of an .ods that cannot be read (its path added by `files.refused`)."""
    return Problem("file_ods_damaged", params={"reason": reason, "detail": detail})


def check(archive: zipfile.ZipFile) -> Shape:
    """`RemiError` when the .ods `archive` cannot be read safely (see the module's
    docstring), else its `Shape`. The error's problem lacks the path (`files.refused`)."""
    try:
        return _check(archive)
    except _DAMAGED as error:
        raise RemiError(damaged(Phrase("reason_zip_damaged"), str(error))) from None
    except expat.ExpatError as error:
        detail = f"{CONTENT}: {error}"
        raise RemiError(damaged(Phrase("reason_parser", {"detail": detail}), detail)) from None


# What zipfile raises for a damaged archive (as `files.DAMAGED_ZIP`).
_DAMAGED: Final = (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError)


def _check(archive: zipfile.ZipFile) -> Shape:
    names = {item.filename.casefold() for item in archive.infolist()}
    # calamine tries an .xlsx and an .xlsb before an .ods: their parts beside an .ods's
    # would be read instead of it.
    other = sorted(names & {"xl/workbook.xml", "xl/workbook.bin"})
    if other:
        reason = Phrase("reason_two_workbooks", {"part": CONTENT})
        raise RemiError("file_odd", reason=reason)
    if any(item.flag_bits & 0x1 for item in archive.infolist()):
        raise RemiError("file_encrypted")
    package.check_end(archive)
    package.check_names(archive)
    package.check_sizes(archive)
    package.check_no_dtd(archive)
    manifest = archive.NameToInfo.get("META-INF/manifest.xml")
    if manifest is not None and b"encryption-data" in compat.part_bytes(archive, manifest):
        raise RemiError("file_encrypted")  # LibreOffice's own password: its parts encrypted
    for part in (CONTENT, "META-INF/manifest.xml"):  # calamine needs both
        if part not in archive.NameToInfo:
            raise RemiError(damaged(Phrase("reason_ods_no_part", {"part": part})))
    scan = _Scan(kinds=False)
    scan.parse(compat.part_bytes(archive, CONTENT))
    names = {table.name for table in scan.tables if table.name is not None}
    return Shape(names, scan.linked())


class Kinds(Mapping[tuple[int, int], tuple[str, str]]):
    """(row, column), 0-based → ("f", formula) or ("e", error text) of one table's cells
    that read as empty but hold a formula (without a value, or with an error for one) or an
    error value alone, as `grid.FormulaProbe` tells of an .xlsx sheet. A cell repeated is
    told at every place it stands, kept once: its rows' first places in order, each with its
    spans of columns."""

    __slots__ = ("_groups", "_starts")

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._groups: list[tuple[int, list[tuple[int, int, tuple[str, str]]]]] = []

    def add(self, row: int, rows: int, column: int, columns: int, kind: tuple[str, str]) -> None:
        if not self._starts or self._starts[-1] != row:
            self._starts.append(row)
            self._groups.append((row + rows - 1, []))
        self._groups[-1][1].append((column, column + columns - 1, kind))

    def __getitem__(self, key: tuple[int, int]) -> tuple[str, str]:
        row, column = key
        index = bisect.bisect_right(self._starts, row) - 1
        if index >= 0:
            last_row, spans = self._groups[index]
            if row <= last_row:
                for first, last, kind in spans:
                    if first <= column <= last:
                        return kind
        raise KeyError(key)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        for start, (last_row, spans) in zip(self._starts, self._groups, strict=True):
            for row in range(start, last_row + 1):
                for first, last, _ in spans:
                    yield from ((row, column) for column in range(first, last + 1))

    def __len__(self) -> int:
        return sum(
            (last_row - start + 1) * sum(last - first + 1 for first, last, _ in spans)
            for start, (last_row, spans) in zip(self._starts, self._groups, strict=True)
        )


def kinds(archive: zipfile.ZipFile) -> dict[str, Kinds]:
    """Table name → its `Kinds`, read from the .ods `archive` within the bounds `check`
    holds content.xml to (the probe opens the file again: one replaced since is bounded
    too); `RemiError` or a zip or XML error past them."""
    package.check_sizes(archive)
    scan = _Scan(kinds=True)
    scan.parse(compat.part_bytes(archive, CONTENT))
    return {table.name: table.kinds for table in scan.tables if table.name is not None}


def shown_formula(formula: str) -> str:
    """An OpenFormula as a person reads it: `of:=[.A1]+[.$B$2]` as `=A1+$B$2`."""
    text = re.sub(r"^[a-z]+:(?==)", "", formula)
    return re.sub(r"\[\.?([^\]]*)\]", lambda found: found[1].replace(":.", ":"), text)


@dataclass(slots=True)
class _Table:
    name: str | None
    far_row: int = -1  # of a cell holding a value or a formula; -1: none
    far_column: int = -1
    kinds: Kinds = field(default_factory=Kinds)


def _count(text: str | None) -> int:
    """A repeat count as calamine reads it (`usize::from_str`: digits, a "+" before them);
    one when there is none. What calamine cannot read fails there: counted as nothing here."""
    if text is None:
        return 1
    digits = text.removeprefix("+")
    return int(digits) if digits.isascii() and digits.isdigit() else 0


# A sheet in an ODF cell address or expression: `$Szabályok.$B$5`, `$'House rules'.B5`.
_SHEET_OF_CELL: Final = re.compile(
    r"(?<![\w'.])\$?(?:'((?:[^']|'')+)'|(\w+))\.\$?[A-Za-z]{1,3}\$?\d"
)


class _Scan:
    """One pass over content.xml: each table's extent and the text and formulas calamine
    would copy, checked against the limits as each table ends; with `kinds`, the cells
    `Kinds` tells of."""

    def __init__(self, *, kinds: bool) -> None:
        self.tables: list[_Table] = []
        self.table: _Table | None = None
        self.cells = 0  # of the tables ended
        self.text = 0
        self.row = 0  # the current row of the current table, 0-based
        self.row_repeat = 0  # the rows the current row stands for; 0: outside a row
        self.column = 0
        self.cell: tuple[int, int, int, bool] | None = None  # start, repeats, attrs' bytes, held
        self.spaces = 0
        self.kinds = kinds
        self.wanted: tuple[str, dict[str, str]] | None = None  # a cell `Kinds` may tell of
        self.said: list[str] = []
        self.named: list[str] = []  # what remi's live names refer to
        self.parser = expat.ParserCreate("utf-8")  # as calamine reads it, whatever it says

    def parse(self, xml: bytes) -> None:
        package.check_no_dtd_in(xml, CONTENT)
        parser = self.parser
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        if self.kinds:
            parser.CharacterDataHandler = self.characters
        parser.StartDoctypeDeclHandler = self.refuse
        parser.EntityDeclHandler = self.refuse
        parser.UnparsedEntityDeclHandler = self.refuse
        parser.ExternalEntityRefHandler = self.refuse
        parser.Parse(xml, True)
        if self.table is not None:
            self.odd()

    @staticmethod
    def refuse(*_: object) -> NoReturn:
        raise RemiError("file_xml_entities", part=CONTENT)

    @staticmethod
    def odd() -> NoReturn:
        raise RemiError("file_odd", reason=Phrase("reason_ods_nested"))

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if name in _CELLS:
            if self.cell is not None:
                self.odd()
            if self.row_repeat:
                self.start_cell(attributes)
        elif name == "text:s":
            if self.cell is not None:
                self.spaces += _count(attributes.get("text:c"))
        elif name == "table:table-row":
            self.start_row(attributes)
        elif name == "table:table":
            self.start_table(attributes)
        elif name in _NAMES and attributes.get("table:name", "").startswith("remi_"):
            for key in ("table:cell-range-address", "table:expression"):
                self.named.append(attributes.get(key, ""))

    def start_row(self, attributes: dict[str, str]) -> None:
        if self.cell is not None or self.row_repeat:
            self.odd()
        if self.table is not None:
            # A row repeated no time is still read by calamine: taken as one.
            self.row_repeat = max(_count(attributes.get("table:number-rows-repeated")), 1)
            self.column = 0

    def start_table(self, attributes: dict[str, str]) -> None:
        if self.table is not None:
            self.odd()
        self.table = _Table(attributes.get("table:name"))
        self.tables.append(self.table)
        if len(self.tables) > package.MAX_SHEETS + _REMIS_SHEETS:
            raise RemiError(
                "file_too_many_sheets", count=len(self.tables), limit=package.MAX_SHEETS
            )

    def start_cell(self, attributes: dict[str, str]) -> None:
        table = self.table
        assert table is not None
        repeat = _count(attributes.get("table:number-columns-repeated"))
        held = _FORMULA in attributes or attributes.get("office:value-type") == "string"
        held = held or not _VALUES.isdisjoint(attributes)
        size = 0
        if held:
            if repeat:
                table.far_row = max(table.far_row, self.row + self.row_repeat - 1)
                table.far_column = max(table.far_column, self.column + repeat - 1)
            size = sum(len(value.encode()) for value in attributes.values())
            if self.kinds:
                self.want(attributes)
        self.cell = (self.parser.CurrentByteIndex, repeat, size, held)
        self.spaces = 0

    def want(self, attributes: dict[str, str]) -> None:
        """Keep the cell for `Kinds` when calamine reads it as empty: a formula without a
        value or with an error for one ("f", as an .xlsx's formula is told whatever its
        result), or an error value alone ("e")."""
        self.said = []
        if _FORMULA in attributes and not any(map(attributes.get, _VALUES)):
            self.wanted = ("f", attributes)  # a value of "" reads as an empty cell
        elif attributes.get("calcext:value-type") == "error":
            self.wanted = ("e", attributes)

    def characters(self, text: str) -> None:
        if self.wanted is not None:
            self.said.append(text)

    def end(self, name: str) -> None:
        if name in _CELLS:
            if self.cell is not None:
                self.end_cell()
        elif name == "table:table-row":
            if self.table is not None:
                self.row += self.row_repeat
            self.row_repeat = 0
        elif name == "table:table":
            self.end_table()

    def end_cell(self) -> None:
        assert self.cell is not None and self.table is not None
        start, repeat, size, held = self.cell
        rows = self.row_repeat
        if held:
            spanned = self.parser.CurrentByteIndex - start
            self.text += (spanned + size + self.spaces) * repeat * rows
        if self.wanted is not None:
            kind, attributes = self.wanted
            said = "".join(self.said)
            if kind == "e":
                self.table.kinds.add(self.row, rows, self.column, repeat, ("e", said.strip()))
            elif (
                attributes.get("office:value-type") != "string"
                or attributes.get("calcext:value-type") == "error"
                or not said.strip()  # a text result is the cell's value
            ):
                shown = shown_formula(attributes[_FORMULA])
                self.table.kinds.add(self.row, rows, self.column, repeat, ("f", shown))
            self.wanted = None
        self.column += repeat
        self.cell = None

    def end_table(self) -> None:
        table = self.table
        assert table is not None
        rows, columns = table.far_row + 1, table.far_column + 1
        if rows > guard.MAX_ROWS or rows * columns > guard.MAX_CELLS:
            params = {"sheet": table.name or "", "rows": guard.MAX_ROWS, "cells": guard.MAX_CELLS}
            raise RemiError("file_ods_too_big", reason=Phrase("reason_ods_sheet_cells", params))
        self.cells += rows * columns
        if self.cells > MAX_CELLS:
            reason = Phrase("reason_ods_cells", {"cells": MAX_CELLS})
            raise RemiError("file_ods_too_big", reason=reason)
        if self.text > MAX_TEXT_BYTES:
            reason = Phrase("reason_ods_text", {"limit": package.mb(MAX_TEXT_BYTES)})
            raise RemiError("file_ods_too_big", reason=reason)
        self.table, self.row, self.row_repeat = None, 0, 0

    def linked(self) -> str | None:
        """The sheet remi's live names read (`package.linked_sheet`, for an .xlsx)."""
        sheets: Counter[str] = Counter()
        for text in self.named:
            for quoted, plain in _SHEET_OF_CELL.findall(text):
                sheet = quoted.replace("''", "'") if quoted else plain
                if sheet != package.LIVE_SHEET:
                    sheets[sheet] += 1
        return sheets.most_common(1)[0][0] if sheets else None
