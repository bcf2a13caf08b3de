"""Which cells are remi's: the record of what it wrote, and the claim it makes on a run.

A cell's style cannot tell: Excel and LibreOffice keep a cell's style when somebody types
into it or pastes it elsewhere. So remi keeps a record, in a very hidden sheet, of every
cell it wrote and the value it wrote there. On the next run a cell is remi's to rewrite or
clear only while it still holds that value (or nothing); a recorded cell holding something
else was typed over by a person, and a cell in remi's way that it never wrote belongs to a
person. Either way that sheet is left alone and the cell is reported. Pure: values in,
decisions out.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from remi_sheet.core.problems import Problem
from remi_sheet.notebook.layout import MARKER_PREFIX
from remi_sheet.reading.cells import CellValue, address
from remi_sheet.reading.grid import Grid

STATE_TITLE: Final = "remi-sheet: the cells remi wrote. Do not edit."
_CHUNK: Final = 30_000  # a cell holds at most 32,767 characters

Key = tuple[int, int]  # 0-based (row, column)
Record = dict[str, dict[Key, Any]]  # sheet → cell → the value remi wrote there


def same(current: CellValue, recorded: Any) -> bool:
    """Equal as a person would see it: 30 and 30.0 are the same number, and two formulas
    are the same formula however a spreadsheet program spelt them (`formula_tokens`)."""
    if recorded == ARRAY_CELL:
        return True
    if isinstance(current, int | float) and not isinstance(current, bool):
        # A float written and read back may differ in its last bit, never more.
        return (
            isinstance(recorded, int | float)
            and not isinstance(recorded, bool)
            and math.isclose(current, recorded, rel_tol=1e-12, abs_tol=1e-12)
        )
    if current == recorded:
        return True
    if not (isinstance(current, str) and isinstance(recorded, str)):
        return False
    if current[:1] == recorded[:1] == "=":
        return formula_tokens(current) == formula_tokens(recorded)
    if current[:1] == "=" and recorded.startswith(_DIGEST):
        return bool(kept(current) == recorded)
    if recorded[:1] == "=" and current.startswith(_DIGEST):
        return bool(kept(recorded) == current)
    return False


# A formula is recorded as a digest of its tokens: the record stays small, and a formula
# re-spelt by a spreadsheet program still matches it.
_DIGEST: Final = "ƒ"
_RAW: Final = _DIGEST + "="  # a formula's text digested (`kept`)
# A cell of one of remi's array formulas but its first: whatever the array shows there.
ARRAY_CELL: Final = "ƒ[]"


def kept(value: Any, *, raw: bool = False) -> Any:
    """What the record keeps of a value remi wrote: a formula as the digest of its tokens,
    anything else as it is. `raw`: a formula as the digest of its text, for the hidden live
    sheet, whose thousands of formulas (each game's references) remi never compares with
    what a spreadsheet saved there (`claim`: another formula there is the spreadsheet's
    doing), only with what it writes now."""
    if not (isinstance(value, str) and value[:1] == "="):
        return value
    if raw:
        import hashlib

        return _RAW + hashlib.blake2b(value.encode(), digest_size=10).hexdigest()
    return _digest(value)


@functools.lru_cache(maxsize=1 << 14)  # a live area's formulas repeat on every game sheet
def _digest(value: str) -> str:
    import hashlib

    written = hashlib.blake2b(value.encode(), digest_size=10).hexdigest()
    known = _KNOWN.get(written)
    if known is not None:
        return known
    tokens = formula_tokens(value)
    text = "\x1f".join(tokens) if tokens is not None else value
    digest = _DIGEST + hashlib.blake2b(text.encode(), digest_size=10).hexdigest()
    _KNOWN[written] = digest
    return digest


# The digest of each formula's text remi has read or worked out (`_digest`), kept with the
# record: reading a formula into tokens is most of the time a save takes on remi's side,
# and the formulas of a notebook's live areas are the same from one run to the next. What
# a text's tokens are does not change, so a digest found here is the one worked out.
_KNOWN: dict[str, str] = {}
# The record's row of them: a name no sheet can have (Excel forbids brackets in one).
_DIGESTS_ROW: Final = "[formulas]"


@functools.lru_cache(maxsize=4096)
def formula_tokens(formula: str) -> tuple[str, ...] | None:
    """A formula as the tokens that make its meaning, the same however Excel or LibreOffice
    re-spell it on saving: `TRUE()` for `TRUE`, the case of function names and references,
    spaces, the `_xlfn.` prefix of newer functions, quotes around a sheet's name. Text in
    quotes is kept as written. None for text openpyxl's tokenizer cannot read."""
    from openpyxl.formula.tokenizer import Token, Tokenizer

    try:
        items = [item for item in Tokenizer(formula).items if item.type != Token.WSPACE]
    except Exception:  # noqa: BLE001 - not a formula remi wrote, whatever it is
        return None
    tokens: list[str] = []
    index = 0
    while index < len(items):
        token = items[index]
        value = token.value
        if token.type == Token.FUNC and token.subtype == Token.OPEN:
            value = value.upper().removeprefix("_XLFN.").removeprefix("_XLWS.")
            closing = index + 1 < len(items) and items[index + 1].value == ")"
            if value in ("TRUE(", "FALSE(") and closing:
                value = value[:-1]  # the constant, written as a function
                index += 1
        elif token.type == Token.OPERAND and token.subtype == Token.RANGE:
            value = value.replace("'", "").upper()
        elif token.type == Token.OPERAND and token.subtype == Token.LOGICAL:
            value = value.upper()
        elif token.type == Token.OPERAND and token.subtype == Token.NUMBER:
            value = _number(value)
        tokens.append(value)
        index += 1
    return tuple(tokens)


def _number(text: str) -> str:
    try:
        return repr(float(text))
    except ValueError:
        return text


def read_record(grid: Grid | None) -> Record | None:
    """The record on the state sheet, or None when the workbook has none (or not ours)."""
    if grid is None or grid.value(0, 0) != STATE_TITLE:
        return None
    record: Record = {}
    for row in range(1, grid.height):
        sheet = grid.value(row, 0)
        if sheet is None:
            continue
        text = "".join(str(grid.value(row, column) or "") for column in range(1, grid.width(row)))
        try:
            document = json.loads(text)
            if sheet == _DIGESTS_ROW:
                _learn(document)
                continue
            record[str(sheet)] = _decode(document)
        except (ValueError, KeyError, TypeError):
            return None  # a damaged record proves nothing: fall back as if there were none
    return record


def _learn(document: dict[str, Any]) -> None:
    """The digests of the record's row of them (`_KNOWN`), those of the right shape."""
    for written, digest in dict(document.get("d", {})).items():
        if isinstance(written, str) and isinstance(digest, str) and digest[:1] == _DIGEST:
            _KNOWN.setdefault(written, digest)


def _decode(document: dict[str, Any]) -> dict[Key, Any]:
    top, left, rows = int(document["r"]), int(document["c"]), document["v"]
    return {
        (top + i, left + j): value
        for i, values in enumerate(rows)
        for j, value in enumerate(values)
        if value is not None
    }


def state_rows(record: Record) -> list[list[str]]:
    """The state sheet's rows: its title, then a sheet name and its cells as JSON chunks."""
    rows = [[STATE_TITLE]]
    documents = [(sheet, _encode(record[sheet])) for sheet in sorted(record)]
    used = {value for cells in record.values() for value in cells.values()}
    digests = {written: digest for written, digest in _KNOWN.items() if digest in used}
    if digests:
        # (as an empty sheet's record besides: an older remi reads it as one, harmlessly)
        documents.append(
            (_DIGESTS_ROW, {"r": 0, "c": 0, "v": [], "d": dict(sorted(digests.items()))})
        )
    for sheet, document in documents:
        text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
        rows.append([sheet] + [text[i : i + _CHUNK] for i in range(0, len(text), _CHUNK)])
    return rows


def _encode(cells: Mapping[Key, Any]) -> dict[str, Any]:
    if not cells:
        return {"r": 0, "c": 0, "v": []}
    top = min(row for row, _ in cells)
    left = min(column for _, column in cells)
    bottom = max(row for row, _ in cells)
    right = max(column for _, column in cells)
    grid = [
        [cells.get((row, column)) for column in range(left, right + 1)]
        for row in range(top, bottom + 1)
    ]
    return {"r": top, "c": left, "v": grid}


@dataclass(slots=True)
class Claim:
    """What remi may do on one sheet: clear `clear`, write its cells; or, with `problems`,
    nothing at all."""

    clear: set[Key] = field(default_factory=set)
    problems: list[Problem] = field(default_factory=list)


def _edited(sheet: str, key: Key, now: CellValue, was: Any) -> Problem:
    """A cell of remi's that holds something else now; a formula is never quoted whole."""
    if is_formula(was) or is_formula(now):
        return Problem("area_formula_edited", sheet, address(*key))
    if isinstance(was, str) and was.startswith(MARKER_PREFIX):
        # a name typed there, most often: where it would have been a player says how
        return Problem("area_marker_typed_over", sheet, address(*key), params={"value": now})
    return Problem("area_edited", sheet, address(*key), params={"value": now, "was": was})


def is_formula(value: object) -> bool:
    """A formula remi wrote: as written, or as the digest the record keeps of it (a cell
    of an array formula is no formula of its own)."""
    return isinstance(value, str) and value.startswith(("=", _DIGEST)) and value != ARRAY_CELL


def claim(
    sheet: str,
    current: Callable[[Key], CellValue],
    recorded: Mapping[Key, Any],
    desired: Mapping[Key, Any],
    area: str,
    *,
    whole_sheet: bool = False,
    hidden: bool = False,
    repointed: Callable[[Key, str], bool] | None = None,
) -> Claim:
    """Decide whether remi may write `desired` on `sheet`, where it wrote `recorded` before
    and the cells now hold `current`. A cell that holds just what remi writes there now is
    in nobody's way: writing it loses nothing (a row deleted under the last deal moves the
    Total row to where the shorter game has it).

    Rows inserted or deleted across remi's area move its cells with them (`_moved`): those
    cells are one problem for the `area` (or the `whole_sheet`, remi's own); any other
    cell in the way is still told at its cell. On remi's `hidden` sheet (the live sheet),
    a formula of remi's that holds another formula now is the spreadsheet's doing (its
    references to a game sheet moved with the rows inserted or deleted there): nobody
    types there, and remi writes it anew. So in a live game's area, where a cell holds a
    formula that `repointed` tells is the one remi writes there but for its rows: a row
    inserted into the deal table moves the formulas under it, and leaves them reading the
    rows above, or the first deal, where they did."""
    result = Claim()
    in_the_way: dict[Key, Problem] = {}
    block = None if whole_sheet else _columns(area)

    def remis(key: Key, now: CellValue) -> bool:
        """Whether `now` is what remi writes at `key` now, or that formula moved."""
        if _as_written(now, key, desired):
            return True
        formula = isinstance(now, str) and now[:1] == "="
        return formula and repointed is not None and repointed(key, str(now))

    for key, value in sorted(recorded.items()):
        now = current(key)
        relinked = hidden and is_formula(value) and isinstance(now, str) and now[:1] == "="
        if now is None or relinked or same(now, value) or remis(key, now):
            continue
        # A formula `#REF!` broke is remi's to write again on its own sheet, and left of a
        # game's area (the totals above the names, their area deleted); in the area such
        # formulas are how rows moved across it (`_moved`).
        outside = whole_sheet or (block is not None and key[1] < block[0])
        if not (outside and broken_by_deletion(now, value)):
            in_the_way[key] = _edited(sheet, key, now, value)
    for key in sorted(desired):
        now = current(key)
        if key not in recorded and now is not None and not remis(key, now):
            params = {"value": now, "area": area}
            in_the_way[key] = Problem("area_occupied", sheet, address(*key), params=params)
    moved = _moved(set(in_the_way), current, recorded, set(desired), block)
    if moved:
        code = "sheet_moved" if whole_sheet else "area_moved"
        first = min(moved)
        params = {"area": area, "count": len(moved)}
        result.problems.append(Problem(code, sheet, address(*first), params=params))
    result.problems += [problem for key, problem in in_the_way.items() if key not in moved]
    result.clear = {key for key in recorded if key not in desired}
    return result


def same_but_rows(now: str, written: str) -> bool:
    """Whether the formula `now` is `written` but for the rows its references name: what a
    spreadsheet makes of a formula when rows are inserted or deleted around it."""
    return _rowless(now) == _rowless(written) is not None


@functools.lru_cache(maxsize=4096)
def _rowless(formula: str) -> tuple[str, ...] | None:
    tokens = formula_tokens(formula)
    if tokens is None:
        return None
    return tuple(_ROW_NUMBER.sub("", token) for token in tokens)


# A reference's row number: the digits after its column letter or a "$".
_ROW_NUMBER: Final = re.compile(r"(?<=[A-Z$])[0-9]+")


def broken_by_deletion(now: CellValue, recorded: Any) -> bool:
    """True for a formula of remi's whose reference a deleted row or column turned into
    `#REF!` (a Rules row deleted under the live sheet's link to it; a game's area deleted
    under the players' totals above their names): nobody typed it, and remi writes it
    anew."""
    return (
        isinstance(now, str)
        and now.startswith("=")
        and "#REF!" in now.upper()
        and is_formula(recorded)
    )


def _as_written(now: CellValue, key: Key, desired: Mapping[Key, Any]) -> bool:
    return key in desired and same(now, desired[key])


# Rows moved, not typed over: at least this many of remi's values, in more than one row,
# each now the same count of rows from where remi wrote it, with the cells in the way
# across more than one column. One row is enough when it is one of remi's labelled rows
# (Total, Rank, a heading) whole: its label and every cell remi wrote in it.
_MOVED_VALUES: Final = 2


def _columns(area: str) -> tuple[int, int] | None:
    """The 0-based first and last column of an area written as "I:BT"."""
    from remi_sheet.reading.cells import column_number

    first, _, last = area.partition(":")
    if not (first.isalpha() and last.isalpha()):
        return None
    return column_number(first) - 1, column_number(last) - 1


def _moved(
    in_the_way: set[Key],
    current: Callable[[Key], CellValue],
    recorded: Mapping[Key, Any],
    desired: set[Key],
    block: tuple[int, int] | None = None,
) -> set[Key]:
    """The cells `in_the_way` that are remi's, moved by rows inserted or deleted, and those
    of its cells pushed below all it writes now (a row inserted above its Rank row leaves
    that row where no cell of remi's is wanted: written anew, it would stand twice).

    remi's values across its area tell it: its labels, deal numbers and scores each
    stand the same count of rows from where remi wrote them (some of them, such as the
    Total label under a deal deleted last, just where remi writes them now). Its formulas
    cannot tell (a spreadsheet re-points the references below the change, not those
    above it, and a deleted row's become #REF!): with such values, a formula in the way
    counts as moved where remi wrote formulas in its column. A cell that moved by no
    shared count (a note typed there) is no moved cell; cells typed down one column, or
    over one row, never move so. `block`: the area's columns, whose last row is the last
    row of remi's (the players' totals above a live game's names, its legend under it,
    are in the typed columns)."""
    if not recorded:
        return set()
    formula_columns = {column for (_, column), value in recorded.items() if is_formula(value)}
    rows = [row for row, column in recorded if block is None or block[0] <= column <= block[1]]
    rows = rows or [row for row, _ in recorded]
    span = max(rows) - min(rows) + 1
    # Rows inserted push remi's last rows below all it recorded: look there too.
    below = range(max(rows) + 1, max(rows) + 1 + span)
    columns = {column for _, column in recorded}
    pushed = {(row, column) for row in below for column in columns} - desired
    in_the_way = in_the_way | {key for key in pushed if current(key) is not None}
    if not in_the_way:
        return set()
    shared: dict[int, set[Key]] = {}
    formulas = set()
    for key in set(recorded) | desired | pushed:
        now = current(key)
        if now is None or same(now, recorded.get(key)):
            continue
        if is_formula(now):
            # where remi wrote formulas in the column: over its formula, or over its own
            # label there (a live area's deal numbers pushed down onto its Total label)
            if key in in_the_way and key[1] in formula_columns:
                formulas.add(key)
            continue
        for offset in _offsets(key, now, recorded, span):
            # Below remi's area, a value still standing where remi wrote it too was typed
            # or copied there (a person's own Total row under remi's), not pushed down.
            source = (key[0] + offset, key[1])
            if key not in pushed or not same(current(source), recorded[source]):
                shared.setdefault(offset, set()).add(key)
    offset, values = max(shared.items(), key=lambda item: len(item[1]), default=(0, set()))
    moved_rows = {row for row, _ in values}
    if len(moved_rows) == 1:
        (row,) = moved_rows
        formulas = {key for key in formulas if key[0] == row}
        if not _whole_row(row, row + offset, values | formulas, recorded, current):
            return set()
    elif len(values) < _MOVED_VALUES or len(moved_rows) < 2:
        return set()
    if len({column for _, column in values | formulas}) < 2:
        return set()
    return (values & in_the_way) | formulas


def _whole_row(
    row: int,
    source: int,
    found: set[Key],
    recorded: Mapping[Key, Any],
    current: Callable[[Key], CellValue],
) -> bool:
    """Whether the cells `found` in `row` are every cell remi wrote in its row `source`,
    one of them a label, and that row is no longer all where remi wrote it (else `found`
    is a copy of it): that row moved whole."""
    # (an array formula's other cells move with its first, and are none of its values)
    wrote = {
        key: value for key, value in recorded.items() if key[0] == source and value != ARRAY_CELL
    }
    columns = {column for (_, column), value in wrote.items() if value is not None}
    labelled = any(isinstance(value, str) and not is_formula(value) for value in wrote.values())
    still = all(same(current(key), value) for key, value in wrote.items())
    return (
        labelled
        and not still
        and len(columns) >= _MOVED_VALUES
        and columns == {column for _, column in found}
    )


def _offsets(key: Key, now: CellValue, recorded: Mapping[Key, Any], span: int) -> set[int]:
    """The counts of rows d for which `now`, at `key`, is the value remi wrote d rows away
    in the same column."""
    row, column = key
    return {
        offset
        for offset in range(-span, span + 1)
        if offset and (was := recorded.get((row + offset, column))) is not None and same(now, was)
    }
