"""The plan of a `remi score`: every cell remi means to write, sheet by sheet, whose
record each sheet's area goes by (a sheet renamed or copied since remi wrote it found by
its values), and whether the workbook already shows all of it."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from remi_sheet.core.problems import Problem, Severity
from remi_sheet.core.text import fold
from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.games import Game
from remi_sheet.notebook.layout import MARKER_PREFIX
from remi_sheet.notebook.loading import Notebook, is_rules_sheet, rule_cells
from remi_sheet.notebook.sheets import LIVE_SHEET, STATE_SHEET
from remi_sheet.reading.cells import column_letter
from remi_sheet.reading.contents import Contents
from remi_sheet.reading.grid import FormulaProbe, Grid
from remi_sheet.writing import formulas, live_sheet, live_standings
from remi_sheet.writing.area import (
    Block,
    area_width,
    game_area,
    standings_area,
    standings_sheet_name,
)
from remi_sheet.writing.live_area import live_columns, phone_rows, summary
from remi_sheet.writing.live_standings import LiveGame, Players, Summary, live_tables
from remi_sheet.writing.ownership import (
    ARRAY_CELL,
    Key,
    Record,
    is_formula,
    kept,
    read_record,
    same,
)
from remi_sheet.writing.written import Cells, Style


@dataclass(slots=True)
class Plan:
    """Every cell remi means to write, sheet by sheet (the Standings sheet included)."""

    sheets: dict[str, Cells]
    areas: dict[str, str]  # sheet → the columns of remi's area, for messages
    standings_sheet: str
    names: dict[str, str] = field(default_factory=dict)  # defined names live formulas need
    # remi's own sheets, whole: the Standings, and the live sheet when an area is live
    own: set[str] = field(default_factory=set)
    chart: Block | None = None  # the rating history on the Standings sheet, drawn as a chart
    helpers: dict[str, tuple[int, int]] = field(default_factory=dict)  # sheet → hidden columns
    # What remi's record held when the plan was made (None: no record, or a damaged one),
    # read once: it is a big notebook's largest sheet.
    record: Record | None = None
    # Each game sheet's part of it, a sheet renamed since remi wrote it found under its
    # old name (`_renamed_from`): every step of a run decides by the same record.
    owned: Record = field(default_factory=dict)
    # The deal numbers of a live game remi made whose rows were deleted or moved, put in
    # the order of the rows (`Game.renumbered`): sheet → (row, column, number) of each.
    renumber: dict[str, tuple[tuple[int, int, int], ...]] = field(default_factory=dict)
    # The names each live game defines as its own: those of its rule book when it plays
    # by other rules than today's (`live_sheet.live_sheet`), else none: sheet → name → cells.
    local_names: dict[str, dict[str, str]] = field(default_factory=dict)


def plan(
    notebook: Notebook, lang: Lang, *, live: bool | None = None, only: set[str] | None = None
) -> Plan:
    """Every cell remi would write into `notebook` (only into the game sheets `only`, and
    then not into the Standings sheet, when given).

    `live`: None keeps the areas that hold formulas live and the others values (see
    `area.game_area`); True makes every area live (a new notebook); False writes values
    only (house rules from the command line, which formulas cannot see).
    """
    held = read_record(notebook.grids.get(STATE_SHEET))
    record = held or {}
    present = set(notebook.sheet_names)
    renamed = {name: cells for name, cells in record.items() if name not in present}
    owned: Record = {}
    sheets: dict[str, Cells] = {}
    areas: dict[str, str] = {}
    helpers: dict[str, tuple[int, int]] = {}
    players_of = {game.sheet: tuple(map(fold, game.players)) for game in notebook.games}
    recorded_players: dict[tuple[str, ...], list[str]] = {}
    live_games: dict[str, Game] = {}  # sheet → the game, its area where it is written
    for sheet in record:
        if sheet in players_of:
            recorded_players.setdefault(players_of[sheet], []).append(sheet)
    for game in notebook.games:
        if only is not None and game.sheet not in only:
            continue
        grid = notebook.grids.get(game.sheet)
        mine = _record_of(game.sheet, grid, record, renamed, players_of, recorded_players)
        placed = _where_remi_wrote(game, grid, mine or {})
        if mine is not None:
            mine = _loose_cells_kept(mine, grid, placed.layout.area_column)
            owned[game.sheet] = mine
        was_live = any(is_formula(value) for value in (mine or {}).values())
        made_live = was_live if live is None else live
        sheets[game.sheet] = _area(placed, grid, mine or {}, lang, made_live)
        if made_live:
            helpers[game.sheet] = live_columns(placed).helpers
            live_games[game.sheet] = placed
        first = placed.layout.area_column
        last = first + area_width(placed, live=made_live) - 1
        areas[game.sheet] = f"{column_letter(first)}:{column_letter(last)}"
    standings = _standings_name(record, notebook, lang, renamed, owned)
    # The live sheet stays remi's once written, though every area be values for a run.
    needed = LIVE_SHEET in record or any(w.formula for c in sheets.values() for w in c.values())
    names: dict[str, str] = {}
    local: dict[str, dict[str, str]] = {}
    own = {standings} if only is None else set()
    live_cells, players = None, None
    if needed:
        live_cells, names, local, players = _live_sheet(notebook, live_games, record, sheets)
    chart = None
    if only is None:
        # Live while some game is: its figures are the ones the players' table sums.
        table = players if live_games else None
        sheets[standings], chart, hidden = standings_area(notebook, lang, table)
        areas[standings] = standings
        helpers |= {standings: hidden} if hidden else {}
    if live_cells is not None:  # (made after the Standings sheet when both are new)
        sheets[LIVE_SHEET] = live_cells
        areas[LIVE_SHEET] = LIVE_SHEET
        own.add(LIVE_SHEET)
    renumber = _renumbered(notebook, owned, sheets)
    return Plan(sheets, areas, standings, names, own, chart, helpers, held, owned, renumber, local)


def _record_of(
    sheet: str,
    grid: Grid | None,
    record: Record,
    renamed: Record,
    players_of: Mapping[str, tuple[str, ...]],
    recorded_players: Mapping[tuple[str, ...], list[str]],
) -> dict[Key, Any] | None:
    """The record of what remi wrote on a game sheet: its own, else that of a sheet renamed
    since (taken out of `renamed`), else that of the sheet it was copied from."""
    mine = record.get(sheet)
    if mine is None and renamed:
        mine = _renamed_from(renamed, grid)
    if mine is None and record:
        # A sheet duplicated in Excel with remi's area on it: the record of the sheet it
        # was copied from is its own (copied), so that a cell typed over since is one a
        # person typed. Only the recorded games of the same players (else of one player
        # apart) can be it; of those alike in every value (a club's same four, week after
        # week: a live area's values are its names and labels), any one is as good.
        players = players_of[sheet]
        alike = recorded_players.get(players) or _one_player_apart(players, recorded_players)
        found = _best_match({other: record[other] for other in alike}, grid, ties=True)
        mine = dict(record[found]) if found is not None else None
    return mine


def _renumbered(
    notebook: Notebook, owned: Record, sheets: Mapping[str, Cells]
) -> dict[str, tuple[tuple[int, int, int], ...]]:
    """`Plan.renumber`: the deal numbers of each live game remi made (its record holds
    formulas) whose rows were deleted, inserted or moved (`Game.renumbered`). Numbers remi
    wrote and that moved with their rows are the table's, not a person's typing, and a row
    inserted among them has none."""
    found: dict[str, tuple[tuple[int, int, int], ...]] = {}
    for game in notebook.games:
        mine = owned.get(game.sheet, {})
        if game.renumbered and game.sheet in sheets and any(map(is_formula, mine.values())):
            column = game.layout.deal_column
            found[game.sheet] = tuple((row, column, n) for row, n in game.renumbered)
    return found


def _area(game: Game, grid: Grid | None, mine: Mapping[Key, Any], lang: Lang, live: bool) -> Cells:
    """A game's area; a live one with its players' totals and places in their own
    columns, where those are free (`_phone_free`)."""
    cells = game_area(game, lang, live=live, phone=live)
    if live and not _phone_free(game, grid, mine, cells):
        cells = game_area(game, lang, live=True, phone=False)
    return cells


def _loose_cells_kept(mine: dict[Key, Any], grid: Grid | None, area: int) -> dict[Key, Any]:
    """remi's record of a game sheet, but for its cells left of its area (the players'
    totals above a live game's names, the legend under its deals) that no longer hold what
    remi wrote there: moved with rows inserted or deleted, or typed over. Those are the
    person's now, never a reason to leave the sheet alone: remi writes them again only
    where they are free."""
    if grid is None:
        return mine
    return {
        key: value
        for key, value in mine.items()
        if key[1] >= area or is_formula(value) or same(grid.value(*key), value)
    }


def _where_remi_wrote(game: Game, grid: Grid | None, mine: Mapping[Key, Any]) -> Game:
    """The game with its area where remi wrote it before, when its marker there has been
    cleared with the rest of the area (as remi asks, after rows moved across it), or typed
    over (a latecomer's name, one column too far: the sheet is then left alone, and that
    cell told): a notebook `remi new` made keeps its free columns for latecomers before the
    area, which would otherwise start right after the last name, or after what was typed."""
    layout = game.layout
    marker = next(
        (
            column
            for (row, column), value in mine.items()
            if row == layout.header_row and str(value).startswith(MARKER_PREFIX)
        ),
        None,
    )
    last_name = layout.player_column(len(game.players) - 1) if game.players else 0
    if grid is None or marker is None or marker == layout.area_column or marker <= last_name + 1:
        return game
    return dataclasses.replace(game, layout=dataclasses.replace(layout, area_column=marker))


def _phone_free(game: Game, grid: Grid | None, mine: Mapping[Key, Any], cells: Cells) -> bool:
    """Whether the two rows above a live game's header are free for its players' totals
    and places, and the rows under its deals for their legend: nothing there but what
    remi wrote, or writes now (a legend moved up with a deal row deleted above it). A
    notebook `remi new` made leaves them so."""
    layout = game.layout
    if grid is None:
        return False
    keys = phone_rows(game, layout.end_row + 1)
    return bool(keys) and all(
        key in mine or (now := grid.value(*key)) is None or same(now, cells[key].shows)
        for key in keys
    )


def stale_live_rules(notebook: Notebook, plan: Plan) -> list[Problem]:
    """A warning when the live formulas do not read the house rules as the Rules sheet
    holds them now (a row added with a From day, a rule's row moved): the live sheet remi
    would write differs from the one it wrote. Only `remi score` links them; until then a
    game's live scores may differ from remi's."""
    recorded = (plan.record or {}).get(LIVE_SHEET)
    planned = plan.sheets.get(LIVE_SHEET)
    if not recorded or planned is None:
        return []
    first, below = live_sheet.books_column(), live_standings.FIRST_ROW
    # The rules' cells compared by their texts' digests (a row added, moved or deleted
    # links them otherwise); the games' names of their rule books only where a row has a
    # day, or had one (the blocks of its rule books recorded): a From day or a game's date
    # moves a game from one rule book to another.
    rules = {key: cell for key, cell in planned.items() if key[0] < below}
    if any(kept(cell.value, raw=True) != recorded.get(key) for key, cell in rules.items()):
        stale = True
    elif notebook.dated.changes or any(column >= first and row < below for row, column in recorded):
        stale = not _names_as_planned(notebook, plan)
    else:
        stale = False
    if not stale:
        return []
    sheet = next((name for name in notebook.sheet_names if is_rules_sheet(name, None)), None)
    return [Problem("live_rules_stale", notebook.linked_rules or sheet, None, Severity.WARNING)]


def unlinked_live_games(notebook: Notebook, plan: Plan) -> list[Problem]:
    """A warning for each live game the live Standings do not read yet (a game sheet
    copied in the spreadsheet since the last score: it scores itself, but nothing links
    it to the Standings sheet until `remi score` does). Looked for only when the
    notebook has more live games than remi's live sheet has rows for: a sheet renamed
    keeps its references, which the spreadsheet renames with it."""
    recorded = (plan.record or {}).get(LIVE_SHEET)
    planned = plan.sheets.get(LIVE_SHEET)
    if not recorded or planned is None:
        return []
    if live_standings.game_rows(planned) <= live_standings.game_rows(recorded):
        return []
    from remi_sheet.reading import compat, package, tolerant

    with tolerant.open_zip(notebook.contents or notebook.path) as archive:
        member = package.sheet_parts(archive).get(LIVE_SHEET)
        if member is None:
            return []
        xml = compat.part_bytes(archive, member)
    return [
        Problem("live_game_unlinked", game.sheet, None, Severity.WARNING)
        for game in notebook.games
        if game.sheet in plan.helpers and not _referred_to(xml, game.sheet)
    ]


def _referred_to(xml: bytes, sheet: str) -> bool:
    """Whether a formula in the worksheet part `xml` refers to the sheet `sheet`."""
    from xml.sax.saxutils import escape

    quoted = "'" + sheet.replace("'", "''") + "'!"
    spellings = {escape(quoted), escape(quoted, {"'": "&apos;"}), escape(sheet) + "!"}
    return any(spelling.encode() in xml for spelling in spellings)


def _names_as_planned(notebook: Notebook, plan: Plan) -> bool:
    """Whether each live game defines the names of its rule book that the plan gives it
    (a From day changed moves a game from one rule book to another, the blocks alike)."""
    from remi_sheet.reading import package, tolerant

    with tolerant.open_zip(notebook.contents or notebook.path) as archive:
        present = package.local_names(archive)
    return all(
        present.get(sheet, {}) == {name: refers.replace("'", "") for name, refers in names.items()}
        for sheet, names in plan.local_names.items()
    )


def lost_games(notebook: Notebook, plan: Plan) -> list[Problem]:
    """A warning on each sheet remi scored as a game that reads as none any more (its
    header cleared, mistyped or deleted): it would drop out of the standings without a
    word, while its own area still shows its scores. A sheet already told of is not told
    again."""
    if not plan.record:
        return []
    games = {game.sheet for game in notebook.games}
    told = {problem.sheet for problem in notebook.problems}
    own = {plan.standings_sheet, STATE_SHEET, LIVE_SHEET}
    return [
        Problem("game_header_lost", name, None, Severity.WARNING)
        for name in notebook.sheet_names
        if name in plan.record and name not in games and name not in own and name not in told
    ]


def _one_player_apart(
    players: tuple[str, ...], recorded: Mapping[tuple[str, ...], list[str]]
) -> list[str]:
    """The recorded games of as many players, all but one of them in the same seats: last
    week's sheet copied for this week's game, with one player sitting in for another (or
    a name typed anew) before remi scored it."""
    return [
        sheet
        for others, sheets in recorded.items()
        if len(others) == len(players)
        and sum(a != b for a, b in zip(others, players, strict=True)) == 1
        for sheet in sheets
    ]


def _renamed_from(renamed: Record, grid: Grid | None) -> dict[Key, Any] | None:
    """The record, kept under a name no sheet has any more, of the sheet whose values
    `grid` holds (`_best_match`). Taken out of `renamed`."""
    found = _best_match(renamed, grid)
    return renamed.pop(found) if found is not None else None


def _best_match(records: Record, grid: Grid | None, *, ties: bool = False) -> str | None:
    """The sheet whose record `grid` holds: the one whose values (its formulas' results
    are not recorded) `grid` shows in the most cells, in at least half of the cells it
    recorded a value in and in more than it shows otherwise; None on a tie, unless `ties`
    (the first of them: a copy may take any record alike). A sheet a person made (one
    cell alike by chance) is no match."""
    if grid is None:
        return None
    scores: dict[str, int] = {}
    for name, cells in records.items():
        agree = disagree = compared = 0
        for key, was in cells.items():
            if was is None or was == ARRAY_CELL or is_formula(was):
                continue
            compared += 1
            now = grid.value(*key)
            if now is None:
                continue
            if same(now, was):
                agree += 1
            else:
                disagree += 1
        if agree > disagree and 2 * agree >= compared:
            scores[name] = agree
    best = sorted(scores.items(), key=lambda item: -item[1])[:2]
    if not best or (len(best) == 2 and best[0][1] == best[1][1] and not ties):
        return None
    return best[0][0]


def _live_sheet(
    notebook: Notebook, live_games: Mapping[str, Game], record: Record, planned: Collection[str]
) -> tuple[Cells, dict[str, str], dict[str, dict[str, str]], Players]:
    """The live sheet's cells, the names of today's rules and tables, the names of each
    live game by sheet (`Plan.local_names`), and the players' table the Standings sheet
    reads: of the games planned live (`live_games`, as placed) and those the record holds
    formulas of that the plan leaves as they are (it is of some games: `planned`, the
    sheets it writes), since the rule books' blocks are placed anew."""
    live = dict(live_games)
    for game in notebook.games:
        mine = record.get(game.sheet, {})
        if game.sheet not in planned and any(map(is_formula, mine.values())):
            live[game.sheet] = _where_remi_wrote(game, notebook.grids.get(game.sheet), mine)
    books = _other_books(notebook, live)
    today = _rule_cells(notebook, dt.date.today())
    cells, names, blocks = live_sheet.live_sheet(notebook.rules, today, [book for book, _ in books])
    local: dict[str, dict[str, str]] = {sheet: {} for sheet in live}
    for (_, games), block in zip(books, blocks, strict=True):
        local.update((sheet, block) for sheet in games)
    gathered = [
        LiveGame(game, _summary_of(live.get(game.sheet)), _typed_names(notebook, game))
        for game in notebook.games
    ]
    table, players = live_tables(gathered)
    return cells | table, names, local, players


def _typed_names(notebook: Notebook, game: Game) -> tuple[str, ...]:
    """Each player's heading as the live formulas read it (`formulas.excel_trim`)."""
    grid = notebook.grids.get(game.sheet)
    if grid is None:
        return ()
    row, layout = game.layout.header_row, game.layout
    return tuple(
        formulas.excel_trim(grid.value(row, layout.player_column(slot)))
        for slot in range(len(game.players))
    )


def _summary_of(game: Game | None) -> Summary | None:
    """Where a live game's figures for the Standings sheet stand (None: not live)."""
    if game is None:
        return None
    return summary(game, game.layout.totals_row)


def _other_books(
    notebook: Notebook, live: Collection[str]
) -> list[tuple[live_sheet.RuleBook, list[str]]]:
    """The rule books of the live games (`live`: their sheets) played by other rules than
    today's (a Rules row dated after their day, or before today), each with its games."""
    books: dict[int, tuple[live_sheet.RuleBook, list[str]]] = {}
    for game in notebook.games:
        if game.sheet not in live or game.rules is notebook.rules:
            continue
        if id(game.rules) not in books:
            day = game.day if isinstance(game.day, dt.date) else dt.date.today()
            cells = _rule_cells(notebook, day)
            books[id(game.rules)] = (live_sheet.RuleBook(game.rules, cells), [])
        books[id(game.rules)][1].append(game.sheet)
    return list(books.values())


def _rule_cells(notebook: Notebook, day: dt.date) -> dict[str, str]:
    """Each house rule's value cell on the Rules sheet, as a defined name refers to it: the
    row in force on `day`."""
    cells = {}
    found = rule_cells(notebook.grids.values(), notebook.linked_rules, day)
    for rule, (sheet, cell) in found.items():
        column = cell.rstrip("0123456789")
        quoted = sheet.replace("'", "''")
        cells[rule] = f"'{quoted}'!${column}${cell[len(column) :]}"
    return cells


def remis_standings(grids: dict[str, Grid]) -> str | None:
    """The Standings sheet remi wrote (its record says so), in either language; None when
    remi never wrote one. What hangs off it (the rating chart) is remi's to rebuild."""
    return _standings_in(read_record(grids.get(STATE_SHEET)) or {})


def _standings_in(record: Record, games: Collection[str] = ()) -> str | None:
    """The Standings sheet remi's record holds: by its name, else (renamed by a person)
    the sheet that is no game whose recorded cells head the standings' columns."""
    names = {fold(standings_sheet_name(other)) for other in ("en", "hu")}
    by_name = next((name for name in record if fold(name) in names), None)
    if by_name is not None:
        return by_name
    headings = [{say(key, lang) for lang in ("en", "hu")} for key in ("rank", "player")]
    for name, cells in record.items():
        if name in games or name in (STATE_SHEET, LIVE_SHEET):
            continue
        values = {value for value in cells.values() if isinstance(value, str)}
        if all(values & heading for heading in headings):
            return name
    return None


def _standings_name(
    record: Record, notebook: Notebook, lang: Lang, renamed: Record, owned: Record
) -> str:
    """The Standings sheet remi wrote before (in either language), under the name it has
    now when a person renamed it (its record then goes to `owned`, as a game sheet's
    does), else the one to make. Sheet names are compared as Excel does, ignoring case."""
    games = {game.sheet for game in notebook.games}
    written = _standings_in(record, games)
    if written is not None and written in renamed:
        for name, grid in notebook.grids.items():
            if name in record or name in games or name in (STATE_SHEET, LIVE_SHEET):
                continue
            mine = _renamed_from({written: renamed[written]}, grid)
            if mine is not None:
                owned[name] = mine
                del renamed[written]
                return name
    if written is not None and written not in renamed:
        return written
    # Never written, or deleted since (renamed first, perhaps): made anew under its name.
    wanted = standings_sheet_name(lang)
    return next((name for name in notebook.grids if fold(name) == fold(wanted)), wanted)


def up_to_date(notebook: Notebook, plan: Plan) -> bool:
    """True when the workbook already shows, and remi's record already holds, exactly what
    `plan` would write."""
    record = plan.record
    if record is None or set(record) != set(plan.sheets) or plan.renumber:
        return False
    if not _as_remi_left_it(notebook.contents or notebook.path):
        return False
    for sheet, cells in plan.sheets.items():
        grid = notebook.grids.get(sheet)
        recorded = record[sheet]
        if grid is None or set(recorded) != set(cells):
            return False
        raw = sheet == LIVE_SHEET
        for key, written in cells.items():
            wrote = ARRAY_CELL if written.covered else written.value
            if raw and isinstance(wrote, str) and wrote[:1] == "=":
                wrote = kept(wrote, raw=True)
            if not same(recorded[key], wrote) and recorded[key] != wrote:
                return False
            # A formula (or an array's cell) whose result remi does not know shows
            # whatever it computes.
            unknown = (written.formula or written.covered) and written.result is None
            # A formula's empty text reads as an empty cell.
            shows = None if written.shows == "" else written.shows
            if not unknown and not same(grid.value(*key), shows):
                return False
    return True


def _as_remi_left_it(path: Path | Contents) -> bool:
    """Whether the workbook holds every named style remi writes in (one written before a
    style was added gets it, and its cells in it, on the next run), remi's record is
    still very hidden (LibreOffice saves it only hidden) and its live sheet hidden."""
    from remi_sheet.reading import package, tolerant

    with tolerant.open_zip(path) as archive:
        names = {style.get("name") for style in package.cell_styles(archive)}
        states = package.sheet_states(archive)
    hidden = states.get(LIVE_SHEET, "hidden") == "hidden"
    return (
        all(style.value in names for style in Style)
        and states.get(STATE_SHEET) == "veryHidden"
        and hidden
    )


def untouched(notebook: Notebook, plan: Plan, probe: FormulaProbe) -> bool:
    """True when the cells' values show that nobody typed over remi's cells nor into its
    way, as `up_to_date` reads them for a plan that changes some values (a live game
    typed, whose standings are now others): every value remi recorded still there, every
    formula of its showing what remi computes there (on the live Standings sheet, still
    there), nothing (no error value either, `probe`) where remi would write anew, nothing
    under its rows. `remi check` then has no cell of remi's to look at formula by formula;
    False says only that it must look."""
    record = plan.record
    if record is None:
        return False
    for sheet in plan.sheets:
        recorded = plan.owned.get(sheet, record.get(sheet))
        grid = notebook.grids.get(sheet)
        if recorded is None or grid is None:
            return False
        if not _sheet_untouched(plan, sheet, recorded, grid, probe):
            return False
        if any(grid.value(*key) is not None for key in _under(recorded, grid)):
            return False
    return True


def _sheet_untouched(
    plan: Plan, sheet: str, recorded: Mapping[Key, Any], grid: Grid, probe: FormulaProbe
) -> bool:
    """`untouched` of one sheet's cells, where remi `recorded` what it wrote."""
    cells = plan.sheets[sheet]
    value = grid.value
    # The Standings sheet holds formulas of remi's: a look at its XML finds a formula or an
    # error value where remi writes anew, without reading it whole. Nobody types on the
    # hidden live sheet.
    standings = sheet == plan.standings_sheet
    if not standings and sheet != LIVE_SHEET and not _formulas_there(recorded, grid, probe):
        return False
    marked = probe.marked if standings else _nowhere if sheet == LIVE_SHEET else probe.kind
    for key in recorded.keys() | cells.keys():
        was = recorded.get(key)
        if was is None:
            if value(*key) is not None or marked(sheet, *key):
                return False
        elif was == ARRAY_CELL or is_formula(was):
            # (its showing what remi's formula there computes tells, whichever formula
            # remi writes now)
            written = cells.get(key)
            if written is None or written.covered != (was == ARRAY_CELL):
                return False
            if standings:
                # The live Standings follow the games as the spreadsheet reads them, with
                # the players the last score listed: not what remi computes now once a
                # name is typed. Its formula still there tells (an array's first cell's:
                # Excel and LibreOffice let nobody type into the rest of an array).
                if not written.covered and not marked(sheet, *key):
                    return False
                continue
            if (written.formula or written.covered) and written.result is None:
                continue  # what it shows is not known before it calculates
            shows = None if written.shows == "" else written.shows
            if not same(value(*key), shows):
                return False
        elif not same(now := value(*key), was) or now is None:
            return False
    return True


def _formulas_there(recorded: Mapping[Key, Any], grid: Grid, probe: FormulaProbe) -> bool:
    """Whether each formula remi wrote on the sheet is still a formula, where the sheet's
    formulas were counted (`Grid.formulas`): a formula of remi's typed over with the very
    value it showed leaves one fewer than remi wrote. More (a person's own beside them):
    each of remi's looked for in the sheet's XML."""
    if grid.formulas is None:
        return True
    remis = [key for key, was in recorded.items() if was != ARRAY_CELL and is_formula(was)]
    if grid.formulas == len(remis):
        return True
    return grid.formulas > len(remis) and all(probe.marked(grid.name, *key) for key in remis)


def _nowhere(sheet: str, row: int, column: int) -> None:
    """No cell of the hidden live sheet is looked at for a formula typed there."""


def _under(recorded: Mapping[Key, Any], grid: Grid) -> list[Key]:
    """The cells under remi's lowest recorded row, in its columns, as far down as its rows
    reach (where rows inserted above would have pushed them: `ownership._moved`)."""
    if not recorded:
        return []
    rows = [row for row, _ in recorded]
    top, bottom = min(rows), max(rows)
    columns = {column for _, column in recorded}
    below = range(bottom + 1, min(grid.height, bottom + 1 + bottom - top + 1))
    return [(row, column) for row in below for column in columns]
