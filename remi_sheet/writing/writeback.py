"""Writing the scores back: remi's areas, the Standings sheet, and nothing else.

Ownership comes from `ownership`'s record of what remi wrote before: a cell is remi's to
rewrite only while it holds what remi put there. When every cell already holds what remi
would write, the file is not touched at all, so a second run on an unchanged workbook
changes nothing, not even its modification time.

The plan of what to write, and whether the workbook already shows it, is `planning`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remi_sheet.core import collector
from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.text import fold
from remi_sheet.notebook.loading import Notebook
from remi_sheet.notebook.sheets import LIVE_SHEET, STATE_SHEET
from remi_sheet.reading import compat
from remi_sheet.reading.cells import CellValue, address, column_letter, column_number
from remi_sheet.reading.contents import Contents
from remi_sheet.reading.files import backup_first, replace_atomically
from remi_sheet.writing import looks
from remi_sheet.writing.area import (
    standings_sheet_name,
)
from remi_sheet.writing.kept_sheets import keepable, whole_if_needed
from remi_sheet.writing.ownership import (
    ARRAY_CELL,
    STATE_TITLE,
    Key,
    Record,
    broken_by_deletion,
    claim,
    kept,
    same,
    same_but_rows,
    state_rows,
)
from remi_sheet.writing.planning import Plan
from remi_sheet.writing.saving import (
    copy_file,
    open_workbook,
    read_sheet_names,
    release,
    same_workbook,
    save_safely,
)
from remi_sheet.writing.written import Cells, Style, Written

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from remi_sheet.i18n import Lang
    from remi_sheet.notebook.games import Game
    from remi_sheet.writing.live_area import LiveColumns

_STYLED = frozenset(style.value for style in Style)


@dataclass(slots=True)
class Outcome:
    problems: list[Problem]
    written: bool  # False: the target already held all this, or every sheet was refused
    # The sheets remi left alone because a person typed where it writes.
    left_alone: list[str] = field(default_factory=list)
    # The live games whose deals it numbered in the order of their rows (`Plan.renumber`).
    renumbered: list[str] = field(default_factory=list)


def write(
    notebook: Notebook,
    plan: Plan,
    target: Path,
    *,
    backup: bool = True,
    force: bool = False,
    workbook: Workbook | None = None,
    untouched: bool = False,
    kept: Mapping[str, str] | None = None,
) -> Outcome:
    """Put `plan` into the workbook and save it to `target` with `save_safely`. The problems
    are the sheets where a person's typing is in remi's way, and what `save_safely` found.

    `workbook`: the notebook already open and changed (a game sheet added), whose new
    sheets' typed cells are in `notebook.grids`, and `kept` the sheets it loaded empty
    (`kept_sheets`). `untouched`: its values have shown (`planning.untouched`) that nobody
    typed over remi's cells nor into its way."""
    theirs = foreign_record(notebook)
    if theirs:
        raise RemiError(theirs[0])

    def run(keeping: bool) -> Outcome:
        unchanged = _unchanged(notebook, plan, untouched) if keeping else set()
        kept = keepable(_read(notebook), unchanged, _helped_as_now(notebook, plan))
        opened = open_workbook(_read(notebook), target, kept)
        try:
            return _write(notebook, plan, target, backup, force, opened, untouched, kept)
        finally:
            release(opened)

    with collector.paused():
        if workbook is not None:
            return _write(notebook, plan, target, backup, force, workbook, untouched, kept or {})
        return whole_if_needed(run)


def _helped_as_now(notebook: Notebook, plan: Plan) -> Callable[[str, bytes], bool]:
    """Whether a game sheet's part holds the input check and paint remi gives a live game
    now (`typing_help.as_now`): one an older remi made is loaded, and put right."""
    from remi_sheet.writing.typing_help import as_now

    games = {game.sheet: game for game in notebook.games}

    def fits(title: str, xml: bytes) -> bool:
        game = games.get(title)
        if title not in plan.helpers or game is None or not game.layout.rows:
            return True  # no live game: nothing of the kind to put right
        return as_now(xml, *_helped_cells(game))

    return fits


def _unchanged(notebook: Notebook, plan: Plan, untouched: bool) -> set[str]:
    """The sheets `plan` leaves as they are: the game sheets it writes nothing into, and, when
    the values showed every cell of remi's as it left it (`untouched`), those where it writes
    what it recorded writing there before (a live game typed on: its formulas are the
    same, and their results are the spreadsheet's). Never one whose deals it numbers."""
    record = plan.record or {}
    unchanged = {
        game.sheet
        for game in notebook.games
        if game.sheet not in plan.renumber
        and (
            game.sheet not in plan.sheets
            or (
                untouched
                and plan.owned.get(game.sheet, record.get(game.sheet))
                == _values(plan.sheets[game.sheet])
            )
        )
    }
    # The live sheet, when it holds what remi writes there now (no game added, no rule
    # moved, no new name): its formulas calculate in the spreadsheet, as a game's do.
    live = plan.sheets.get(LIVE_SHEET)
    if untouched and live is not None and record.get(LIVE_SHEET) == _values(live, LIVE_SHEET):
        unchanged.add(LIVE_SHEET)
    return unchanged


def _write(
    notebook: Notebook,
    plan: Plan,
    target: Path,
    backup: bool,
    force: bool,
    workbook: Workbook,
    untouched: bool,
    kept: Mapping[str, str],
) -> Outcome:
    source = notebook.path
    # openpyxl finds a sheet by name by walking all of them: look each up once.
    sheets = {sheet.title: sheet for sheet in workbook.worksheets}
    # Without remi's named styles no cell can be in them: a notebook without a record then
    # needs no search for remi's cells.
    styled_before = Style.HEADING.value in workbook.named_styles
    looks.ensure_styles(workbook)
    if untouched:
        problems, left_alone, changes, record = _granted(plan, sheets)
    else:
        claims = _claims(notebook, plan, workbook, sheets, styled_before)
        problems, left_alone, changes, record = claims
    changes = {name: change for name, change in changes.items() if name not in kept}
    arrays = looks.style_arrays(workbook)
    touched = {
        name: _apply(sheets[name], cells, clear, arrays) for name, (cells, clear) in changes.items()
    }
    known = set(plan.record or {}) | set(plan.owned)  # sheets remi wrote before
    games = {game.sheet: game for game in notebook.games}
    helped = False  # a live game's input check or paint put right
    for name, (cells, _) in changes.items():
        if name != plan.standings_sheet and name not in plan.own:
            area = column_number(plan.areas[name].partition(":")[0]) - 1
            looks.fit_area(sheets[name], cells, plan.helpers.get(name), name not in known, area)
        if name in plan.helpers:
            looks.hide_helpers(sheets[name], *plan.helpers[name])
            game = games.get(name)
            if game is not None and game.layout.rows:
                helped |= _typing_help(sheets[name], game, notebook.lang)
    renumbered = _renumber(notebook, plan, sheets, set(changes))
    hidden = _hide_live_sheet(sheets)
    # A live sheet left alone (typed over) keeps the games' names that point into it.
    local = plan.local_names if LIVE_SHEET not in left_alone else {}
    names_changed = define_names(workbook, plan.names, local)
    if plan.standings_sheet in changes:
        looks.draw_ratings(sheets[plan.standings_sheet], plan.chart)
        looks.fit_standings(sheets[plan.standings_sheet], plan.sheets[plan.standings_sheet])
    state = _state_cells(record)
    # LibreOffice keeps a very hidden sheet only hidden, which anyone can show and edit.
    unhidden = STATE_SHEET in sheets and sheets[STATE_SHEET].sheet_state != "veryHidden"
    touched[STATE_SHEET] = _write_state(workbook, state, arrays)
    in_place = target.resolve() == source.resolve()
    added = set(sheets) - set(read_sheet_names(_read(notebook)))
    changed = names_changed or added or unhidden or hidden or helped or renumbered
    if not any(touched.values()) and not changed:
        replaced = False
        if not in_place:
            replaced = replace_atomically(
                target,
                lambda temporary: copy_file(source, temporary),
                before=backup_first(target) if backup else None,  # as `save_safely` does
                same=same_workbook,
            )
        return Outcome(problems, written=replaced, left_alone=left_alone)  # nothing renumbered
    written = {name: cells for name, (cells, _) in changes.items()} | {STATE_SHEET: state}
    saved = save_safely(
        workbook,
        notebook.grids,
        _read(notebook),
        target,
        written,
        touched,
        backup=backup,
        force=force,
        own=plan.standings_sheet,
        expected=notebook.identity,
        kept=kept,
    )
    return Outcome(problems + saved.problems, saved.replaced, left_alone, renumbered)


def _renumber(
    notebook: Notebook, plan: Plan, sheets: dict[str, Worksheet], changed: set[str]
) -> list[str]:
    """Number the deals of each game `plan.renumber` names in the order of their rows,
    where remi writes (a sheet left alone keeps its numbers) and the game is one remi made
    (its entry cells have remi's input check); the grid read takes them too, for the
    read-back. The sheets renumbered."""
    from remi_sheet.writing.typing_help import has_remis_check

    done: list[str] = []
    for name, cells in plan.renumber.items():
        if name not in changed or not has_remis_check(sheets[name]):
            continue  # a club's own game made live by `score --live`: its numbers are typed
        grid = notebook.grids[name]
        rows = [list(row) for row in grid.rows]
        for row, column, number in cells:
            sheets[name].cell(row + 1, column + 1).value = number
            rows[row][column] = number
        notebook.grids[name] = replace(grid, rows=rows)
        done.append(name)
    return done


def _typing_help(sheet: Worksheet, game: Game, lang: Lang) -> bool:
    """A live game's input check and paint, as `remi new` makes them, on its deal rows
    and every slot's column, where remi made them (put right in a notebook an older remi
    made)."""
    from remi_sheet.writing.typing_help import put_typing_help

    return put_typing_help(sheet, *_helped_cells(game), lang, replace_only=True)


def _helped_cells(game: Game) -> tuple[tuple[int, int], int, LiveColumns]:
    """Where a live game's input check and paint go: its first and last deal row, its
    first player's column, and the live area's columns the paint reads."""
    from remi_sheet.writing.live_area import live_columns

    layout = game.layout
    rows = (layout.rows[0].row, layout.rows[-1].row)
    return rows, layout.player_column(0), live_columns(game)


def foreign_standings(notebook: Notebook) -> list[Problem]:
    """In a notebook remi has never written to, a person's own sheet under the Standings
    sheet's name: `remi score` would leave it alone (`standings_not_ours`), and `remi check`
    says so first. `load_notebook` keeps the grids of the sheets so named."""
    wanted = fold(standings_sheet_name(notebook.lang))
    for name, grid in notebook.grids.items():
        # Any cell with a value, blank text too (`ownership.claim` counts it as typed; the
        # grid shows it empty, but has a row for it).
        if fold(name) == wanted and any(grid.rows):
            return [Problem("standings_not_ours", name, "A1", params={"sheet": name})]
    return []


def foreign_record(notebook: Notebook) -> list[Problem]:
    """A person's own sheet under the name of remi's record (`_remi_state`), something in
    it but not remi's title in A1: remi would write its record over it, so it refuses
    (`record_not_ours`) and the sheet stays as it is. A record of remi's that a person
    showed, or damaged, is still remi's."""
    grid = notebook.grids.get(STATE_SHEET)
    if grid is None or grid.value(0, 0) == STATE_TITLE or not any(grid.rows):
        return []
    params = {"path": str(notebook.path), "sheet": STATE_SHEET}
    return [Problem("record_not_ours", STATE_SHEET, params=params)]


def typed_over(notebook: Notebook, plan: Plan) -> list[Problem]:
    """The cells of remi's that a person typed over, as `remi score` would find them before
    writing (for `remi check`, so that both say the same of whose a cell is); nothing is
    written."""
    with collector.paused():
        workbook = open_workbook(_read(notebook), notebook.path)
        try:
            sheets = {sheet.title: sheet for sheet in workbook.worksheets}
            styled = Style.HEADING.value in workbook.named_styles
            return _claims(notebook, plan, workbook, sheets, styled)[0]
        finally:
            release(workbook)


def _read(notebook: Notebook) -> Path | Contents:
    """The notebook's file as it was read (`Notebook.contents`), for every stage to read
    those bytes, not the file again; its path for a notebook made in memory."""
    return notebook.contents or notebook.path


def _claims(
    notebook: Notebook,
    plan: Plan,
    workbook: Workbook,
    sheets: dict[str, Worksheet],
    styled_before: bool,
) -> tuple[list[Problem], list[str], dict[str, tuple[Cells, set[Key]]], Record]:
    """Sheet by sheet, whether remi may write its plan there (`ownership.claim`): the
    problems of the sheets left alone, their names, the changes to make on the others, and
    the record after them."""
    old = plan.record
    record: Record = {name: cells for name, cells in (old or {}).items() if name in sheets}
    record |= plan.owned  # a renamed sheet's record under its new name
    problems: list[Problem] = []
    left_alone: list[str] = []
    changes: dict[str, tuple[Cells, set[Key]]] = {}
    broken = {game.sheet for game in notebook.games if game.layout.stray_row is not None}
    for name, planned in plan.sheets.items():
        recorded = record.get(name)
        if name in broken and recorded:
            # A deal after an empty row (a row cut and pasted lower): the area remi would
            # plan ends at that row, where its own formulas of the rows below stand. The
            # game's error says how to mend the table; remi writes there once it is.
            continue
        sheet = sheets.get(name) or sheets.setdefault(name, _new_sheet(workbook, name))
        current = _reader(sheet)
        if recorded is None and old is None:
            # No record at all: remi's cells are those in its styles, if it ever wrote any.
            recorded = _styled(sheet) if styled_before else {}
        # remi's own sheet: its area is all of it
        whole = name == plan.standings_sheet or name in plan.own
        area = plan.areas[name]
        cells = planned
        repointed = _repointed(planned) if name in plan.helpers else None
        if not whole and recorded is not None:
            cells, recorded = _loose_cells(planned, recorded, current, area, repointed)
        desired, hidden = _values(cells, name), name == LIVE_SHEET
        decided = claim(
            name,
            current,
            recorded or {},
            desired,
            area,
            whole_sheet=whole,
            hidden=hidden,
            repointed=repointed,
        )
        if decided.problems and name == plan.standings_sheet and not recorded:
            decided.problems = [Problem("standings_not_ours", name, "A1", params={"sheet": name})]
        elif decided.problems and recorded is None and styled_before:
            decided.problems = _area_from_elsewhere(name, decided.problems, sheet, plan)
        problems += decided.problems
        if decided.problems:
            left_alone.append(name)
        else:
            changes[name] = (cells, decided.clear)
            record[name] = _values(cells, name)
    return problems, left_alone, changes, record


def _repointed(cells: Cells) -> Callable[[Key, str], bool]:
    """Whether a formula found in a live game's area is the one remi writes there but for
    its rows: the spreadsheet's doing, as rows were inserted or deleted around it."""

    def repointed(key: Key, now: str) -> bool:
        written = cells.get(key)
        return written is not None and written.formula and same_but_rows(now, str(written.value))

    return repointed


def _granted(
    plan: Plan, sheets: dict[str, Worksheet]
) -> tuple[list[Problem], list[str], dict[str, tuple[Cells, set[Key]]], Record]:
    """`_claims` of a notebook whose values show every cell of remi's as it left it and
    nothing in its way: every sheet remi's to write, its recorded cells it no longer
    writes cleared."""
    record: Record = {name: cells for name, cells in (plan.record or {}).items() if name in sheets}
    record |= plan.owned
    changes: dict[str, tuple[Cells, set[Key]]] = {}
    for name, planned in plan.sheets.items():
        changes[name] = (planned, {key for key in record.get(name, {}) if key not in planned})
        record[name] = _values(planned, name)
    return [], [], changes, record


def _loose_cells(
    cells: Cells,
    recorded: Mapping[Key, Any],
    current: Any,
    area: str,
    repointed: Callable[[Key, str], bool] | None = None,
) -> tuple[Cells, dict[Key, Any]]:
    """A game sheet's plan and record without remi's cells left of its area (a live
    game's players' totals above their names, its legend under the deals) when a person
    typed over any of them, or rows moved them: those are a convenience, never a reason to
    leave the sheet alone. remi then writes none of them, clears those that still hold
    what it wrote, and leaves the others to the person. A formula of remi's there that a
    row inserted into the deal table re-pointed (`repointed`) is remi's still."""
    first = column_number(area.partition(":")[0]) - 1
    loose = {key for key in cells.keys() | recorded.keys() if key[1] < first}
    # An array's other cells stand or go with its first (nobody can type in them).
    desired = _values(cells)
    taken = [
        key
        for key in loose
        if (now := current(key)) is not None
        and not (key in recorded and same(now, recorded[key]))
        and not (key in desired and same(now, desired[key]))
        # (the totals above the names, their area's columns deleted under them: remi's)
        and not (key in recorded and broken_by_deletion(now, recorded[key]))
        and not (repointed is not None and isinstance(now, str) and repointed(key, now))
    ]
    if not taken:
        return cells, dict(recorded)
    kept = {key: value for key, value in recorded.items() if key not in loose or key not in taken}
    return {key: cell for key, cell in cells.items() if key not in loose}, kept


def _new_sheet(workbook: Workbook, name: str) -> Worksheet:
    """A sheet remi makes (its Standings sheet), before its hidden record where that is
    already, as `remi new` places them: the record stays the last sheet."""
    names = workbook.sheetnames
    index = names.index(STATE_SHEET) if STATE_SHEET in names else None
    active = workbook.active
    sheet = workbook.create_sheet(name, index)
    if active is not None:
        workbook.active = active  # openpyxl keeps it by position: the notebook opens there
    return sheet


def define_names(
    workbook: Workbook, names: dict[str, str], local: Mapping[str, dict[str, str]] | None = None
) -> bool:
    """Give the workbook the defined names the live formulas read (`live_sheet`): each a
    range of cells on remi's live sheet (the house rules, the parser's tables), and the
    Rules sheet's own. A name of remi's the formulas read no more (a formula or an array
    constant an earlier version defined) goes. Each sheet of `local` defines as its own
    the names given it (a live game played by other rules than today's), and no other of
    remi's. True if anything changed."""
    from openpyxl.workbook.defined_name import DefinedName

    changed = False
    if names:
        for stale in [name for name in workbook.defined_names if name.startswith("remi_")]:
            if stale not in names:
                del workbook.defined_names[stale]
                changed = True
    wanted: dict[str | None, dict[str, str]] = {None: names}
    wanted.update((local or {}).items())
    for sheet, given in wanted.items():
        if sheet is not None and sheet not in workbook.sheetnames:
            continue
        defined = workbook.defined_names if sheet is None else workbook[sheet].defined_names
        if sheet is not None:
            for stale in [name for name in defined if name.startswith("remi_")]:
                if stale not in given:
                    del defined[stale]
                    changed = True
        for name, value in given.items():
            present = defined.get(name)
            if present is None or present.attr_text != value:
                defined[name] = DefinedName(name, attr_text=value)
                changed = True
    return changed


def _hide_live_sheet(sheets: dict[str, Worksheet]) -> bool:
    """remi's live sheet stays hidden (anyone may show it to see what the formulas read);
    True when it was shown."""
    sheet = sheets.get(LIVE_SHEET)
    if sheet is None or sheet.sheet_state == "hidden":
        return False
    sheet.sheet_state = "hidden"
    return True


def _values(cells: Cells, sheet: str = "") -> dict[Key, Any]:
    """What the record keeps of the cells of `sheet` (`ownership.kept`: the live sheet's
    formulas by their text); of a cell of an array formula but its first, that it is one."""
    raw = sheet == LIVE_SHEET
    return {
        key: ARRAY_CELL if written.covered else kept(written.value, raw=raw)
        for key, written in cells.items()
    }


def _area_from_elsewhere(
    name: str, problems: list[Problem], sheet: Worksheet, plan: Plan
) -> list[Problem]:
    """One problem for an area of remi's that the record does not know (a game sheet
    copied from another member's notebook), in place of one per cell: whether a person
    typed in it cannot be known, so the sheet is left alone, with the way out said once.
    `problems` as they are when any cell in the way is not in remi's styles."""
    keys = _styled(sheet)
    styled = {address(*key) for key in keys}
    if not all(problem.cell in styled for problem in problems):
        return problems
    # The columns to clear run to remi's last styled cell: a live area's hidden helper
    # columns came with it, and left there they would push the new area past them.
    first = column_number(plan.areas[name].split(":")[0]) - 1
    last = max((column for _, column in keys if column >= first), default=first)
    area = f"{column_letter(first)}:{column_letter(last)}"
    params = {"sheet": name, "area": area, "count": len(problems)}
    return [Problem("area_from_elsewhere", name, problems[0].cell, params=params)]


def _styled(sheet: Worksheet) -> dict[Key, Any]:
    """Without a record (a workbook whose record was lost), remi's cells are those in its
    styles: the best that can be known."""
    return {
        (cell.row - 1, cell.column - 1): plain(cell.value)
        for row in sheet.iter_rows()
        for cell in row
        if cell.value is not None and cell.style in _STYLED
    }


def _reader(sheet: Worksheet) -> Any:
    merged = {
        (row - 1, column - 1): str(cells)
        for cells in sheet.merged_cells.ranges
        for row, column in cells.cells
    }

    def current(key: Key) -> CellValue:
        if key in merged:
            return f"({merged[key]})"
        # Looked up, not through sheet.cell(), which would create every cell it is asked for.
        cell = compat.stored_cell(sheet, key[0] + 1, key[1] + 1)
        return plain(cell.value) if cell is not None else None

    return current


def plain(value: Any) -> CellValue:
    """A cell's value as remi compares it: text a person made partly bold is its text, an
    array formula its formula."""
    from openpyxl.cell.rich_text import CellRichText
    from openpyxl.worksheet.formula import ArrayFormula

    if isinstance(value, CellRichText):
        return str(value)
    if isinstance(value, ArrayFormula):
        return str(value.text)
    return value  # type: ignore[no-any-return]


def _state_cells(record: Record) -> Cells:
    return {
        (row, column): Written(text, Style.COMPUTED)
        for row, values in enumerate(state_rows(record))
        for column, text in enumerate(values)
    }


def _write_state(workbook: Workbook, state: Cells, arrays: dict[Style, Any]) -> set[Key]:
    """Rewrite remi's record on its very hidden sheet; the cells that changed."""
    if STATE_SHEET in workbook.sheetnames:
        sheet = workbook[STATE_SHEET]
    else:
        sheet = workbook.create_sheet(STATE_SHEET)
    sheet.sheet_state = "veryHidden"
    stale = {
        (cell.row - 1, cell.column - 1)
        for row in sheet.iter_rows()
        for cell in row
        if cell.value is not None and (cell.row - 1, cell.column - 1) not in state
    }
    return _apply(sheet, state, stale, arrays)


def _apply(sheet: Worksheet, cells: Cells, clear: set[Key], arrays: dict[Style, Any]) -> set[Key]:
    """Clear `clear`, write `cells` in their styles' `arrays` (`looks.style_arrays`); the
    cells that changed."""
    from openpyxl.worksheet.formula import ArrayFormula

    touched: set[Key] = set()
    for key in clear:
        cell = sheet.cell(key[0] + 1, key[1] + 1)
        if cell.value is not None or cell.has_style:
            cell.value = None
            cell.style = "Normal"
            touched.add(key)
    for key, written in cells.items():
        cell = sheet.cell(key[0] + 1, key[1] + 1)
        look = arrays[written.style]
        if written.covered:
            # an array's result where remi knows it, as a spreadsheet saves one (text as a
            # formula's, which openpyxl reads back as a plain string)
            kind = "str" if isinstance(written.result, str) else "n"
            if (
                not same(cell.value, written.result)
                or compat.style_array(cell) != look
                or (written.result is not None and cell.data_type != kind)
            ):
                cell.value = written.result
                if written.result is not None:
                    cell.data_type = kind
                compat.set_style_array(cell, look)
                touched.add(key)
            continue
        changed = not same(plain(cell.value), written.value)
        if written.array is not None:
            changed = changed or getattr(cell.value, "ref", None) != written.array
        if changed or compat.style_array(cell) != look:
            cell.value = (
                written.value
                if written.array is None
                else ArrayFormula(written.array, str(written.value))
            )
            if not written.formula:  # a name like "=1+1" stays text
                cell.data_type = "s" if isinstance(written.value, str) else "n"
            compat.set_style_array(cell, look)
            touched.add(key)
    return touched
