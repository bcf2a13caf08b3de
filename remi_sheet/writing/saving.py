"""Saving a workbook so that nothing is lost: read back, compared, then put in place.

Every command that writes a notebook (`score`, `new`, `import`) saves through
`save_safely`: openpyxl writes a temporary file, the formulas' saved results go back in,
the file is read back and compared cell by cell with what it must hold, what openpyxl would
drop is listed (and refused in place), a `.bak` of the old file is kept, and one rename puts
the new file in place.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import re
import shutil
import warnings
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from remi_sheet.core.problems import Problem, RemiError, Severity
from remi_sheet.i18n import Phrase
from remi_sheet.notebook.sheets import WHOLE_SHEETS
from remi_sheet.reading import compat, files, losses, package, tolerant
from remi_sheet.reading.cells import address
from remi_sheet.reading.contents import Contents, path_of
from remi_sheet.reading.files import Identity, backup_first, replace_atomically
from remi_sheet.reading.grid import Grid, read_grids
from remi_sheet.writing import formula_results, kept_sheets, raw_values, shared_formulas
from remi_sheet.writing.ownership import Key, same
from remi_sheet.writing.written import Cells

if TYPE_CHECKING:
    from openpyxl import Workbook


def read_sheet_names(path: Path | Contents) -> list[str]:
    with tolerant.open_zip(path) as archive:
        return list(package.sheet_parts(archive))


def open_workbook(
    source: Path | Contents, target: Path, kept: Mapping[str, str] | None = None
) -> Workbook:
    """The workbook at `source` (or read already: `Contents`), loaded for writing to
    `target`; the sheets `kept` (`kept_sheets.keepable`) loaded empty, to be put back as
    they are when it is saved (`save_safely`)."""
    import openpyxl

    suffix = path_of(source).suffix.lower()
    keep_vba = suffix == ".xlsm" and target.suffix.lower() == ".xlsm"
    with tolerant.open_zip(source) as archive:
        try:
            package.check_not_strict(archive)
            package.check_writable_size(archive, set((kept or {}).values()))
            styles = package.cell_styles(archive)
        except RemiError as error:
            raise RemiError(files.refused(path_of(source), error)) from None
    with warnings.catch_warnings(), compat.openpyxl_quiet():
        # openpyxl warns about what it will drop; `_losses` reports that to the user itself.
        warnings.simplefilter("ignore", UserWarning)
        # rich_text: a note typed partly bold or red keeps its runs (else saved flattened).
        workbook = openpyxl.load_workbook(
            kept_sheets.stubbed(source, kept) if kept else tolerant.openable(source),
            keep_vba=keep_vba,
            keep_links=True,
            rich_text=True,
        )
    compat.mend_named_style_ids(workbook, styles)
    return workbook


def save_safely(
    workbook: Workbook,
    grids: dict[str, Grid],
    source: Path | Contents | None,
    target: Path,
    written: dict[str, Cells],
    touched: dict[str, set[Key]],
    *,
    backup: bool = True,
    force: bool = False,
    own: str | None = None,
    expected: Identity | None = None,
    kept: Mapping[str, str] | None = None,
) -> Saved:
    """Save `workbook` (read from `source`, whose cells were `grids`; None for a new file)
    to `target` atomically, after reading it back.

    Every cell not in `touched` must read back as it was in `grids`, every cell in
    `written` as written, the others in `touched` empty; formulas keep their saved results.
    Writing over `source` is refused (`RemiError`) when openpyxl would drop something
    from it, unless `force`; a file already at `target` is kept as NAME.bak unless `backup` is
    false. The
    problems say what a file written elsewhere lacks. What hangs off the sheet `own` is
    remi's own (the rating chart) and may be rebuilt.
    """
    problems: list[Problem] = []
    keep: Mapping[str, str] = kept or {}
    _check_text_fits(grids, target)
    in_place = source is not None and target.resolve() == path_of(source).resolve()
    raws = _keep_what_was_read(workbook, grids, source, written, keep) if source is not None else {}
    results: dict[str, dict[str, formula_results.Result]] = {
        sheet: dict(cells) for sheet, cells in raws.items()
    }
    for sheet, cells in written.items():
        mine = results.setdefault(sheet, {})
        for (row, column), cell in cells.items():
            if cell.formula:
                key = address(row, column)
                mine.pop(key, None)  # the old saved result belongs to the old formula
                if cell.result is not None:
                    mine[key] = cell.result

    # A value under a merged cell (LibreOffice keeps them) is one openpyxl drops.
    hidden = _under_merges(workbook, grids)
    emptied = {name: touched.get(name, set()) | hidden.get(name, set()) for name in touched}
    emptied |= {name: cells for name, cells in hidden.items() if name not in emptied}

    shared = {sheet: shared_formulas.groups(cells) for sheet, cells in written.items()}

    def save(temporary: Path) -> None:
        save_workbook(workbook, temporary)
        formula_results.mend(temporary, results, shared)
        if keep and source is not None:
            kept_sheets.restore(temporary, source, keep)
        store_dense_parts(temporary)
        _check_readback(grids, temporary, written, emptied, keep)
        _check_raw_readback(temporary, results)
        lost = _losses(source, temporary, own, keep) if source is not None else []
        if hidden:
            cells = [f"{name}!{address(*key)}" for name in hidden for key in sorted(hidden[name])]
            lost.append(Phrase("lost_merged_values", {"cells": ", ".join(cells)}))
        if lost and in_place and not force:
            raise RemiError(
                Problem("would_lose", params={"path": str(target), "lost": tuple(lost)})
            )
        if lost:
            problems.append(
                Problem(
                    "lost_in_copy",
                    severity=Severity.WARNING,
                    params={"path": str(target), "lost": tuple(lost)},
                )
            )

    try:
        replaced = replace_atomically(
            target,
            save,
            expected=expected if in_place else None,
            before=backup_first(target) if backup else None,
            same=None if in_place else same_workbook,
        )
    finally:
        release(workbook)
    return Saved(problems, replaced)


def _check_text_fits(grids: dict[str, Grid], target: Path) -> None:
    """`RemiError` before any work when the sheets' text, written out, would inflate past
    what remi reads back (`package.MAX_PACKAGE_BYTES`): openpyxl writes every cell's text
    in the cell itself, so a shared string of a megabyte in 12,000 cells (a file of a few
    hundred kilobytes) would be gigabytes, and minutes of packing, to be refused at the
    end."""
    total, most, sheet = 0, 0, None
    for name, grid in grids.items():
        text = sum(len(value) for row in grid.rows for value in row if type(value) is str)
        total += text
        if text > most:
            most, sheet = text, name
    if total > package.MAX_PACKAGE_BYTES:
        params = {"path": str(target), "size": package.mb(total)}
        params["limit"] = package.mb(package.MAX_PACKAGE_BYTES)
        raise RemiError(Problem("save_text_too_big", sheet, params=params))


def save_workbook(workbook: Workbook, path: Path) -> None:
    """`workbook.save(path)`, its zip closed whatever happens: openpyxl leaves it open when a
    write fails (a full disk), and the garbage collector's close would fail again later,
    printing a traceback under remi's own line."""
    from openpyxl.writer.excel import ExcelWriter

    archive = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, allowZip64=True)
    try:
        workbook.properties.modified = dt.datetime.now(tz=dt.UTC).replace(tzinfo=None)
        ExcelWriter(workbook, archive).write_data()
    except BaseException:
        with contextlib.suppress(Exception):  # the first failure is the one to tell
            archive.close()
        raise
    archive.close()


def store_dense_parts(path: Path) -> None:
    """Store unpacked each part of the workbook at `path` that deflate packed past the ratio
    remi takes for a zip bomb (`package.check_sizes`: a long text repeated, packed from a
    notebook whose parts were stored so), so that what remi writes, remi reads: in its own
    read-back and in the next run."""
    with zipfile.ZipFile(path) as archive:
        dense = {item.filename for item in archive.infolist() if package.too_dense(item)}
    if not dense:
        return
    data = path.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(path, "w") as out:
        for item in source.infolist():
            part = zipfile.ZipInfo(item.filename, item.date_time)
            part.external_attr = item.external_attr
            part.compress_type = (
                zipfile.ZIP_STORED if item.filename in dense else zipfile.ZIP_DEFLATED
            )
            out.writestr(part, compat.part_bytes(source, item))


class Saved(NamedTuple):
    """What `save_safely` found, and whether it replaced the file (False: a file written
    before, `--output` of the same notebook, already held it all)."""

    problems: list[Problem]
    replaced: bool


# What a save changes by itself: the time of the save, and the time of making when the
# workbook it read had none (a file without document properties: openpyxl makes it now).
_SAVED_AT: Final = re.compile(rb"<dcterms:(modified|created)\b[^>]*>[^<]*</dcterms:\1>")


def same_workbook(new: Path, old: Path) -> bool:
    """Whether the workbook at `old` holds what the one just saved at `new` does: the same
    parts, each with the same bytes (by their sizes and checksums), but for the times of the
    save and of the making in `docProps/core.xml`."""
    try:
        with zipfile.ZipFile(new) as made, zipfile.ZipFile(old) as there:
            mine = {item.filename: item for item in made.infolist()}
            theirs = {item.filename: item for item in there.infolist()}
            if mine.keys() != theirs.keys():
                return False
            for name, item in mine.items():
                other = theirs[name]
                if (item.CRC, item.file_size) == (other.CRC, other.file_size):
                    continue
                if name != "docProps/core.xml" or other.file_size > 1 << 20:
                    return False
                if _SAVED_AT.sub(b"", made.read(item)) != _SAVED_AT.sub(b"", there.read(other)):
                    return False
    except Exception:  # noqa: BLE001 - unreadable there: replaced, as any file of its kind
        return False
    return True


def release(workbook: Workbook) -> None:
    """Close what openpyxl keeps open beside a loaded workbook: the in-memory zip that holds
    a .xlsm's macros. Left to the garbage collector it may be closed after its own buffer,
    and fail there."""
    archive = getattr(workbook, "vba_archive", None)
    if archive is not None:
        archive.close()


def _under_merges(workbook: Workbook, grids: dict[str, Grid]) -> dict[str, set[Key]]:
    """The cells of each sheet that hold a value under a merged cell (not its first)."""
    found: dict[str, set[Key]] = {}
    for sheet in workbook.worksheets:
        grid = grids.get(sheet.title)
        if grid is None:
            continue
        for merged in sheet.merged_cells.ranges:
            for row, column in merged.cells:
                key = (row - 1, column - 1)
                first = (merged.min_row - 1, merged.min_col - 1)
                if key != first and grid.value(*key) is not None:
                    found.setdefault(sheet.title, set()).add(key)
    return found


def _check_readback(
    grids: dict[str, Grid],
    temporary: Path,
    written: dict[str, Cells],
    touched: dict[str, set[Key]],
    kept: Mapping[str, str],
) -> None:
    """`RemiError` unless the saved file reads back to the typed cells it had and the
    cells remi meant to write. The sheets `kept` are the bytes that were read
    (`kept_sheets.restore` compares them)."""
    # The sheets remi adds (a game, Standings, its record) are not counted against the
    # limit the file it read passed: at most every sheet it wrote is new.
    read, _ = read_grids(temporary, WHOLE_SHEETS, own_sheets=len(written), unread=frozenset(kept))
    saved = {grid.name: grid for grid in read}
    for name in (set(grids) | set(written)) - set(kept):
        before = grids.get(name, Grid(name, []))
        after = saved.get(name)
        if after is None:
            raise RemiError(_readback_problem(name, None, Phrase("readback_sheet_missing")))
        expected = _expected_rows(before, written.get(name, {}), touched.get(name, set()))
        if _trimmed(expected) == _trimmed(after.rows):
            continue  # the common case, compared at C speed
        _compare_cells(name, expected, after)


def _expected_rows(before: Grid, cells: Cells, touched: set[Key]) -> list[list[Any]]:
    """The sheet's rows as they must read back: as before, with remi's cells changed."""
    rows = [[None if value == "" else value for value in row] for row in before.rows]
    for key in touched | cells.keys():
        row, column = key
        while len(rows) <= row:
            rows.append([])
        if len(rows[row]) <= column:
            rows[row].extend([None] * (column + 1 - len(rows[row])))
        rows[row][column] = cells[key].shows if key in cells else None
    return rows


def _trimmed(rows: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """Rows without empty cells at their ends or empty rows at the end ("" and None alike)."""
    result = []
    for row in rows:
        values = [None if value == "" else value for value in row]
        while values and values[-1] is None:
            values.pop()
        result.append(values)
    while result and not result[-1]:
        result.pop()
    return result


def _compare_cells(name: str, expected: list[list[Any]], after: Grid) -> None:
    """Cell by cell, so that a float read back in its last bit is still the same number and
    a real difference is named by its cell."""
    height = max(len(expected), after.height)
    for row in range(height):
        wanted = expected[row] if row < len(expected) else []
        for column in range(max(len(wanted), after.width(row))):
            value = wanted[column] if column < len(wanted) else None
            if not same(_blank(after.value(row, column)), _blank(value)):
                found = repr(after.value(row, column))
                raise RemiError(_readback_problem(name, address(row, column), found))


def _blank(value: Any) -> Any:
    """Text as compared after a save: without the spaces, tabs and line ends at its ends,
    and nothing when that leaves none. A string part that does not say
    `xml:space="preserve"` reads without them (as Excel shows it: `reading.compat`), and
    openpyxl writes the very characters the part held, saying so: the text is the file's
    own either way. A line end is one as a person sees it, CR LF or LF: an XML parser
    reads a CR LF the part holds as it stands as LF, a reader of its own may keep it."""
    if isinstance(value, str):
        value = value.strip(" \t\r\n").replace("\r\n", "\n")
        return value or None
    return value


def _readback_problem(sheet: str, cell: str | None, found: str | Phrase) -> Problem:
    return Problem("readback_failed", sheet, cell, params={"found": found})


def _losses(
    source: Path | Contents, saved: Path, own: str | None, kept: Mapping[str, str]
) -> list[Phrase]:
    """What openpyxl dropped or rebuilt between `source` and `saved`, not counting what
    hangs off remi's own sheet `own` (the Standings sheet's rating chart), nor the `kept`
    sheets, put back as they were."""
    with tolerant.open_zip(source) as before, zipfile.ZipFile(saved) as after:
        return losses.losses(before, after, own, set(kept.values()))


def _keep_what_was_read(
    workbook: Workbook,
    grids: dict[str, Grid],
    source: Path | Contents,
    written: dict[str, Cells],
    kept: Mapping[str, str],
) -> dict[str, dict[str, formula_results.Result]]:
    """The saved result of every formula in the workbook, as read before openpyxl lost it;
    the typed cells openpyxl read as a date or an error it would not write back as they
    were (`raw_values`) set to the number the file holds there; and those it read short,
    plain text beside runs, set to their whole text."""
    found: dict[str, dict[str, formula_results.Result]] = {}
    with tolerant.open_zip(source) as archive:
        members = package.sheet_parts(archive)
        strings = raw_values.strings_beside_runs(archive)
        # A kept sheet's part goes back as it was, results and all.
        for sheet in (sheet for sheet in workbook.worksheets if sheet.title not in kept):
            grid = grids.get(sheet.title)
            mine = written.get(sheet.title, {})
            texts = raw_values.texts_beside_runs(archive, members.get(sheet.title), strings)
            _keep_texts(sheet, texts, mine)
            doubtful: dict[str, Any] = {}  # A1 address → the cell openpyxl loaded
            for cell in compat.stored_cells(sheet):
                kind = cell.data_type
                if kind == "f":
                    value = grid.value(cell.row - 1, cell.column - 1) if grid else None
                    if isinstance(value, str | int | float) and value != "":
                        # calamine read these exactly (a bool is an int)
                        found.setdefault(sheet.title, {})[cell.coordinate] = value
                    else:
                        doubtful[cell.coordinate] = cell
                elif (kind == "e" or (kind == "d" and not _exact_day(cell.value))) and (
                    cell.row - 1,
                    cell.column - 1,
                ) not in mine:
                    doubtful[cell.coordinate] = cell
            if not doubtful:
                continue
            raw = raw_values.sheet_cells(archive, members.get(sheet.title), doubtful)
            for ref, cell in doubtful.items():
                held = raw.get(ref)
                if held is None:
                    continue
                if cell.data_type == "f":
                    if held.kind != "s":
                        found.setdefault(sheet.title, {})[ref] = held
                elif not held.formula and held.number is not None:
                    _keep_number(cell, held, workbook.epoch)
    return found


def _keep_texts(sheet: Any, texts: dict[str, Any], mine: Cells) -> None:
    """Set each typed text cell of `texts` (A1 address → its whole text) that remi has not
    changed to its whole text."""
    from openpyxl.utils.cell import coordinate_to_tuple

    for ref, text in texts.items():
        row, column = coordinate_to_tuple(ref)
        cell = compat.stored_cell(sheet, row, column)
        if cell is not None and cell.data_type == "s" and (row - 1, column - 1) not in mine:
            cell.value = text


def _exact_day(value: object) -> bool:
    """True for a date openpyxl writes back as the very number it read: a whole day, but
    Excel's 29 February 1900 (read as the 28th) and the days before it."""
    if isinstance(value, dt.datetime):
        if value.time() != dt.time():
            return False
        value = value.date()
    return isinstance(value, dt.date) and value >= dt.date(1900, 3, 1)


def _keep_number(cell: Any, held: raw_values.Raw, epoch: dt.datetime) -> None:
    """Set a typed cell openpyxl read as a date (or, past 9999, as #VALUE!) to the number
    the file holds, when openpyxl would write another: its format still shows it as the
    same date. A cell remi has changed since is left as it is."""
    from openpyxl.utils.datetime import from_excel, to_excel

    number = held.number
    assert number is not None
    if cell.data_type == "e":
        if cell.value != "#VALUE!":
            return
    else:
        try:
            loaded = from_excel(number, epoch, timedelta=isinstance(cell.value, dt.timedelta))
            if cell.value != loaded or float(to_excel(cell.value, epoch)) == number:
                return
        except (TypeError, ValueError, OverflowError):
            return
    cell.value = int(number) if number.is_integer() and "." not in held.text else number


def _check_raw_readback(temporary: Path, results: dict[str, dict[str, Any]]) -> None:
    """`RemiError` unless each result kept as the source held it (`raw_values.Raw`) is in
    the saved file as it was: calamine reads an error result as an empty cell."""
    kept = {
        sheet: {ref: result for ref, result in cells.items() if isinstance(result, raw_values.Raw)}
        for sheet, cells in results.items()
    }
    kept = {sheet: cells for sheet, cells in kept.items() if cells}
    if not kept:
        return
    with zipfile.ZipFile(temporary) as archive:
        members = package.sheet_parts(archive)
        for sheet, cells in kept.items():
            saved = raw_values.sheet_cells(archive, members.get(sheet), cells)
            for ref, result in cells.items():
                now = saved.get(ref)
                if now is None or (now.kind, now.text) != (result.kind, result.text):
                    found = f"'{now.text}'" if now is not None else Phrase("readback_cell_empty")
                    raise RemiError(_readback_problem(sheet, ref, found))


def copy_file(source: Path, temporary: Path) -> None:
    """Copy `source` to `temporary` (the writer `replace_atomically` calls for a plain copy)."""
    shutil.copyfile(source, temporary)
