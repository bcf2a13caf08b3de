"""Filing checked paper records into the notebook: one new game sheet per good game.

`plan_filing` decides, without touching a file, what becomes of each game: filed on a new
sheet, skipped because the notebook already holds it (same name, same rows), refused because
the notebook holds a different game of that name, or left out for its errors. `file_games`
adds the new sheets among the game sheets by date and saves through `saving.save_safely`
(atomic, read back, a .bak of the old file), so that nothing else in the notebook changes.
Every text cell is written as text: a name like `=HYPERLINK(…)` stays the literal text,
never a formula.
"""

from __future__ import annotations

import bisect
import datetime as dt
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from remi_sheet.core.dates import date_or_none
from remi_sheet.core.problems import Problem
from remi_sheet.core.rules import HouseRules
from remi_sheet.core.text import clean, fold
from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.layout import find_game
from remi_sheet.notebook.records_game import SHEET_HEADER_ROW, RecordGame, game_key, sheet_rows
from remi_sheet.notebook.sheets import RESERVED_SHEETS
from remi_sheet.reading.cells import CellValue
from remi_sheet.reading.grid import Grid
from remi_sheet.writing.written import Cells, Style, Written

if TYPE_CHECKING:
    from openpyxl import Workbook

    from remi_sheet.reading.files import Identity
    from remi_sheet.writing.saving import Saved

TITLE_MOST: Final = 31  # Excel's limit for a sheet's name
# Excel refuses these in a sheet's name; the look-alikes keep dates readable (2019/03/02).
_TITLE_CHARACTERS: Final = str.maketrans(
    {"[": "(", "]": ")", ":": "-", "/": "-", "\\": "-", "*": "_", "?": "_"}
)


class Status(StrEnum):
    FILED = "filed"  # written now
    TO_FILE = "to_file"  # would be written (a dry run, or the write was refused)
    ALREADY_FILED = "already_filed"
    CONFLICT = "conflict"
    ERRORS = "errors"


@dataclass(slots=True)
class Placement:
    game: RecordGame
    status: Status
    sheet: str | None  # the sheet it is (or would be, or already was) filed on
    problem: Problem | None = None


def plan_filing(games: Sequence[RecordGame], grids: dict[str, Grid]) -> list[Placement]:
    """What becomes of each game, given the notebook's sheets (`grids`, empty for a new one)."""
    existing = existing_games(grids)
    taken = {title.casefold() for title in grids}
    placements = []
    for game in games:
        if game.has_errors:
            placements.append(Placement(game, Status.ERRORS, None))
            continue
        sheet = existing.get(game.key)
        if sheet is not None:
            placements.append(_against(game, sheet, grids[sheet]))
            continue
        title = sheet_title(game.name, taken)
        taken.add(title.casefold())
        placements.append(Placement(game, Status.TO_FILE, title))
    return placements


def _against(game: RecordGame, sheet: str, grid: Grid) -> Placement:
    if same_game(grid, game):
        return Placement(game, Status.ALREADY_FILED, sheet)
    problem = game.place.problem("records_game_conflict", {"game": game.name, "sheet": sheet})
    return Placement(game, Status.CONFLICT, sheet, problem)


def existing_games(grids: dict[str, Grid]) -> dict[str, str]:
    """Game key → sheet, for every game sheet of the notebook. A sheet remi filed carries the
    game's full name above its header; any other game sheet is known by its title."""
    found: dict[str, str] = {}
    for title, grid in grids.items():
        if find_game(grid) is None:
            continue
        label, name = grid.value(0, 0), grid.value(0, 1)
        named = isinstance(label, str) and fold(label) in {
            fold(say("game", "en")),
            fold(say("game", "hu")),
        }
        found.setdefault(
            game_key(str(name)) if named and name is not None else game_key(title), title
        )
    return found


def same_game(grid: Grid, game: RecordGame) -> bool:
    """True when `grid` holds `game`'s players, deals and paper totals, whatever language
    its labels are in and whatever remi has written beside them since."""
    layout = find_game(grid)
    if layout is None or layout.players != game.players or len(layout.rows) != len(game.deals):
        return False
    for row, deal in zip(layout.rows, game.deals, strict=True):
        if not _equal(row.number, deal.number) or not all(
            _equal(a, b) for a, b in zip(row.cells, deal.cells, strict=True)
        ):
            return False
    if layout.total_row is None or game.totals is None:
        return layout.total_row is None and game.totals is None
    typed = [
        grid.value(layout.total_row, layout.player_column(i)) for i in range(len(game.players))
    ]
    return all(_equal(a, b) for a, b in zip(typed, game.totals, strict=True))


def _equal(found: CellValue, expected: CellValue) -> bool:
    found = None if found == "" else found
    if isinstance(found, int | float) and isinstance(expected, int | float):
        return float(found) == float(expected)
    if isinstance(found, str) and isinstance(expected, str):
        return clean(found) == clean(expected)
    return found == expected


def sheet_title(name: str, taken: set[str]) -> str:
    """A sheet name for the game `name`: Excel's forbidden characters replaced, at most 31
    characters, not a name remi or Excel reserves, and unique ignoring case among `taken`."""
    title = "".join(
        ch for ch in clean(name).translate(_TITLE_CHARACTERS) if unicodedata.category(ch)[0] != "C"
    )
    title = title.strip().strip("'").strip()[:TITLE_MOST].strip() or "Game"
    number = 1
    candidate = title
    while candidate.casefold() in taken or fold(candidate) in RESERVED_SHEETS:
        number += 1
        suffix = f" ({number})"
        candidate = title[: TITLE_MOST - len(suffix)].rstrip() + suffix
    return candidate


def file_games(
    source: Path | None,
    target: Path,
    placements: Sequence[Placement],
    grids: dict[str, Grid],
    lang: Lang,
    rules: HouseRules | None,
    *,
    backup: bool = True,
    force: bool = False,
    expected: Identity | None = None,
) -> Saved:
    """Add the sheets of the games to file to the notebook at `source` (whose sheets are
    `grids`) and save it safely at `target` (`source` itself, or a copy). `source` None:
    a new notebook is made at `target` with these games and a Rules sheet holding `rules`.
    Each new sheet takes its place among the game sheets by its date. What `save_safely`
    found comes back: its problems, and whether it replaced `target` (not when a copy
    written before already held it all). It raises `RemiError` when the notebook cannot be written
    in place without losing anything (remi's own Standings sheet and its chart may be
    rebuilt: they are remi's). `expected`: the notebook at `source` as it was read; another
    program's save since is not replaced (`files.replace_atomically`)."""
    from remi_sheet.writing import kept_sheets, saving
    from remi_sheet.writing.planning import remis_standings

    def attempt(keeping: bool) -> Saved:
        """The games filed and saved; the sheets already there kept as they are
        (`kept_sheets`) when `keeping`: filing adds sheets and changes none."""
        if source is None:
            import openpyxl

            workbook = openpyxl.Workbook()
            workbook.remove(workbook.active)
            kept: dict[str, str] = {}
        else:
            kept = kept_sheets.keepable(source, grids) if keeping and rules is None else {}
            workbook = saving.open_workbook(source, target, kept)
        active = workbook.active if source is not None else None
        filed: dict[str, Grid] = {}
        dates: dict[str, dt.date | None] = {}
        for placement in placements:
            if placement.status is Status.TO_FILE and placement.sheet is not None:
                rows = sheet_rows(placement.game, lang)
                filed[placement.sheet] = _write_sheet(
                    workbook, placement.sheet, rows, SHEET_HEADER_ROW, lang
                )
                dates[placement.sheet] = placement.game.date
        written: dict[str, Cells] = {}
        if rules is not None:
            written |= _rules_sheet(workbook, rules, lang)
        place_by_date(workbook, dates, grids)
        if active is not None:
            workbook.active = active  # the sheet the notebook opens at stays the same
        touched = {name: set(cells) for name, cells in written.items()}
        return saving.save_safely(
            workbook,
            ({} if source is None else grids) | filed,
            source,
            target,
            written,
            touched,
            backup=backup,
            force=force,
            own=remis_standings(grids),
            expected=expected,
            kept=kept,
        )

    return kept_sheets.whole_if_needed(attempt)


def place_by_date(
    workbook: Workbook, dates: dict[str, dt.date | None], grids: dict[str, Grid]
) -> None:
    """Move each new sheet (`dates`: its title and its game's date) among the game sheets
    by date: before the first game sheet of a later date, else after the last game sheet,
    so that the Rules, Standings and remi's own sheets stay after the games. A game sheet
    without a date counts as of the game before it; a new game without a date goes last.
    New games of one place keep their dates' order, and the order given among equal ones.

    The order is made in one pass and set at once (an import may file thousands)."""
    sheets = [sheet for sheet in workbook._sheets if sheet.title not in dates]
    new = {sheet.title: sheet for sheet in workbook._sheets if sheet.title in dates}
    games: list[int] = []  # where each game sheet stands among `sheets`
    latest: list[dt.date] = []  # the latest date up to each of them
    last = dt.date.min
    for index, sheet in enumerate(sheets):
        grid = grids.get(sheet.title)
        layout = find_game(grid) if grid is not None else None
        if layout is not None:
            last = date_or_none(layout.date) or last
            games.append(index)
            latest.append(max(last, latest[-1]) if latest else last)
    before: dict[int, list[tuple[dt.date, str]]] = {}
    for title, date in dates.items():
        when = date or dt.date.max
        # The first game sheet of a later date is the first whose latest date is later.
        position = bisect.bisect_right(latest, when)
        # Else after the last game sheet; at the start when there is none.
        at = games[position] if position < len(games) else (games[-1] + 1 if games else 0)
        before.setdefault(at, []).append((when, title))
    ordered = []
    for index in range(len(sheets) + 1):
        for _, title in sorted(before.get(index, ()), key=lambda item: item[0]):
            ordered.append(new[title])
        if index < len(sheets):
            ordered.append(sheets[index])
    workbook._sheets = ordered


def _rules_sheet(workbook: Workbook, rules: HouseRules, lang: Lang) -> dict[str, Cells]:
    """The Rules sheet exactly as `remi new` makes it, and its cells as they must read back
    (the hidden column's formulas have no saved result yet)."""
    from remi_sheet.writing.new_notebook import add_rules_sheet

    sheet = add_rules_sheet(workbook, rules, lang)
    cells: Cells = {}
    for row in sheet.iter_rows():
        for cell in row:
            if cell.value is None:
                continue
            formula = cell.data_type == "f"
            cells[(cell.row - 1, cell.column - 1)] = Written(
                cell.value, Style.COMPUTED, formula=formula, result=None
            )
    return {sheet.title: cells}


def _write_sheet(
    workbook: Workbook, title: str, rows: list[list[CellValue]], header: int, lang: Lang
) -> Grid:
    """Write `rows` from A1 on a new sheet (the header row in bold, a date as a date); the
    sheet as it must read back."""
    from openpyxl.styles import Alignment

    from remi_sheet.reading.compat import bold_font

    heading = bold_font(workbook)
    # The deals' cells centred, as on a sheet `remi new` makes: a deal number and a text
    # entry beside it would otherwise print as one ("2W").
    centred = Alignment(horizontal="center")
    sheet = workbook.create_sheet(title)
    for r, values in enumerate(rows):
        for c, value in enumerate(values):
            if value is None:
                continue
            cell = sheet.cell(r + 1, c + 1)
            cell.value = value
            if isinstance(value, str):
                cell.data_type = "s"  # openpyxl would make "=…" a formula
            elif isinstance(value, dt.date):
                cell.number_format = "yyyy. mm. dd." if lang == "hu" else "yyyy-mm-dd"
            if r == header:
                cell.font = heading
            elif r > header:
                cell.alignment = centred
    _fit_columns(sheet, rows)
    sheet.freeze_panes = sheet.cell(header + 2, 1).coordinate
    return Grid(title, rows)


def _fit_columns(sheet: Any, rows: list[list[CellValue]]) -> None:
    """Columns as wide as their names, within reason, so that the sheet reads at a glance."""
    from openpyxl.utils import get_column_letter

    for c in range(max(map(len, rows), default=0)):
        width = max(
            (len(str(row[c])) for row in rows if c < len(row) and row[c] is not None), default=0
        )
        sheet.column_dimensions[get_column_letter(c + 1)].width = min(max(width + 2, 8), 40)
