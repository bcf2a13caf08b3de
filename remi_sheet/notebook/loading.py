"""Reading a score notebook: game sheets, their deals and the house rules, checked.

`load_notebook` ties the pieces together the way beancount's loader does: it reads every
sheet's values, reads the Rules sheet first, finds the game sheets by their header row
(`games`), scores every deal that can be scored and collects a `Problem` for everything
else. It never writes.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from remi_sheet.core import collector
from remi_sheet.core.dates import doubtful, month_first, parse_date
from remi_sheet.core.problems import Problem, RemiError, Severity
from remi_sheet.core.rules import (
    DatedRules,
    HouseRules,
    RuleChange,
    RuleSpec,
    inconsistencies,
    parse_value,
    rule_name,
    rule_spec,
    with_rule,
)
from remi_sheet.core.standings import Standing, Tally
from remi_sheet.core.text import clean, fold, trimmed
from remi_sheet.i18n import Lang, shown_value
from remi_sheet.i18n.catalogue import TEXTS
from remi_sheet.notebook.games import CheckContext, Game, check_game
from remi_sheet.notebook.layout import (
    HEADER_ROWS,
    HEADER_WORDS,
    Doubtful,
    GameLayout,
    filled,
    find_game,
    header_word,
    sort_sheet,
)
from remi_sheet.notebook.names import spelt_as_shown
from remi_sheet.notebook.sheets import (
    HIDDEN_SHEETS,
    LIVE_SHEET,
    RULES_SHEETS,
    STATE_SHEET,
    WHOLE_SHEETS,
    Grids,
)
from remi_sheet.reading.cells import CellValue, address, row_number
from remi_sheet.reading.contents import Contents
from remi_sheet.reading.files import Identity, read_workbook
from remi_sheet.reading.grid import FormulaProbe, Grid, Sheets, read_sheets, unread_code

_RULES_HEADINGS: Final = frozenset({"rule", "name", "szabaly", "nev", "house rule", "hazszabaly"})


_VALUE_HEADINGS: Final = frozenset({"value", "values", "ertek", "ertekek", "beallitas"})
# The heading of the column of the days a rule row holds from, as `remi new` writes it in
# either language, and the spellings a person may type instead.
FROM_HEADINGS: Final = frozenset(
    {fold(text) for text in TEXTS["rules_from"]}
    | {"from", "since", "matol", "tol", "-tol", "datum", "napjatol"}
)
# The heading of the free-text rows under the rules, as `remi new` writes it in either language.
AGREEMENTS: Final = frozenset({fold(text) for text in TEXTS["agreements"]})


@dataclass(slots=True)
class Notebook:
    """A whole workbook read: its games, house rules and problems."""

    path: Path
    games: list[Game]
    rules: HouseRules
    problems: list[Problem]  # the notebook's own (rules, no games), not the games'
    lang: Lang
    grids: dict[str, Grid] = field(default_factory=dict, repr=False)
    # Of the games without errors (`standings.standings`), tallied as they were checked.
    standings: list[Standing] = field(default_factory=list, repr=False)
    identity: Identity | None = None  # the file as it was read (None: made in memory)
    agreements: tuple[str, ...] = ()  # the Rules sheet's free-text rows (`read_agreements`)
    sheet_names: tuple[str, ...] = ()  # every sheet of the workbook, in order
    # The Rules sheet under another name, that remi's live formulas read (`Sheets`).
    linked_rules: str | None = None
    # The file as it was read, whole: what a command writing back loads and compares, not
    # the file again (None: made in memory).
    contents: Contents | None = field(default=None, repr=False)
    # The rules day by day (`rules` are today's): each game plays by those of its day.
    dated: DatedRules = field(default_factory=DatedRules)

    def all_problems(self) -> list[Problem]:
        return self.problems + [p for game in self.games for p in game.problems]


def load_notebook(
    source: Path | Contents,
    overrides: Sequence[tuple[str, str]] = (),
    lang: Lang | None = None,
    probe: FormulaProbe | None = None,
    *,
    grids: Grids = Grids.ALL,
) -> Notebook:
    """Read and check the notebook at `source` (a path, or the file read already:
    `files.read_workbook`); `overrides` are house rules that win over the Rules sheet.
    `grids`: which sheets' grids the notebook keeps."""
    contents = source if isinstance(source, Contents) else read_workbook(source)
    with collector.paused():
        sheets = read_sheets(contents, WHOLE_SHEETS, first=frozenset(RULES_SHEETS))
        return _load(contents, overrides, lang, probe, sheets, grids)


def _load(
    contents: Contents,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    probe: FormulaProbe | None,
    sheets: Sheets,
    grids: Grids,
) -> Notebook:
    # The Rules sheet comes first, wherever it stands (`notebook.sheets`).
    own_probe = probe is None
    probe = probe or FormulaProbe(contents)
    read: dict[str, Grid] = {}
    unreadable: list[Problem] = []
    items = iter(sheets.items)
    leading = [_keep(next(items), read, unreadable) for _ in range(sheets.leading)]
    # A Rules sheet renamed (in Excel, "Házirend"; copied over, "Szabályok (2)") is still
    # the one the live formulas read, and remi reads that one; never a game sheet.
    linked = sheets.linked_rules
    if linked is not None and (linked not in read or find_game(read[linked]) is not None):
        linked = None
    dated, problems, rules_lang = read_rules(
        read.values(), overrides, linked, probe, live=LIVE_SHEET in sheets.names
    )
    if linked is not None:
        problems += [
            Problem("rules_sheet_not_read", name, None, Severity.WARNING, {"read": linked})
            for name in sheets.names
            if fold(name) in RULES_SHEETS and name != linked
        ]
    own_names_only = grids is Grids.IF_WRITTEN and STATE_SHEET not in sheets.names
    keep_all = grids is Grids.ALL or (grids is Grids.IF_WRITTEN and not own_names_only)
    kept = read if keep_all or own_names_only else None
    layouts: dict[str, GameLayout] = {}
    checked = _Checker(dated, dt.date.today())
    games = []
    position = {name: index for index, name in enumerate(sheets.names)}
    tally = Tally()
    doubtful: list[Problem] = []
    try:
        later = (_keep(item, kept, unreadable, own_names_only) for item in items)
        # Not remi's own sheets: its record, and what the live formulas read.
        others = (
            g for g in itertools.chain(leading, later) if g is None or g.name not in HIDDEN_SHEETS
        )
        for grid in others:
            layout = sort_sheet(grid) if grid is not None else None
            if isinstance(layout, Doubtful):
                doubtful.append(_doubtful_problem(layout))
            elif layout is None and grid is not None:
                doubtful += _broken_header(grid) + _rules_elsewhere(grid, linked)
            elif grid is not None and layout is not None:
                layouts[grid.name] = layout
                game = checked(grid, layout, probe)
                games.append(game)
                if not game.has_errors:
                    tally.add(game.score, position[game.sheet])
    finally:
        if own_probe:
            probe.close()
    # In workbook order, as the sheets stand (a Rules sheet was read first).
    games.sort(key=lambda game: position[game.sheet])
    _copies(games)
    _doubtful_dates(games)
    layouts = {game.sheet: layouts[game.sheet] for game in games}
    problems += sorted(
        unreadable + doubtful, key=lambda problem: position.get(problem.sheet or "", 0)
    )
    hinted = [layout.lang for layout in layouts.values() if layout.lang]
    notebook_lang: Lang = lang or (hinted[0] if hinted else rules_lang or "en")
    if not games:
        problems.append(Problem("no_games", params={"path": contents.path.name}))
    grids_kept = {
        name: read[name]
        for name in sheets.names
        if name in read and (keep_all or fold(name) in WHOLE_SHEETS)
    }
    return Notebook(
        contents.path,
        games,
        dated.on(None, checked.today),  # today's
        problems,
        notebook_lang,
        grids_kept,
        spelt_as_shown(tally.rows(), games),
        sheets.identity,
        read_agreements(read.values(), linked, notebook_lang),
        tuple(sheets.names),
        linked,
        contents,
        dated,
    )


class _Checker:
    """`check_game` by the house rules of each game's date, what the games of one rule
    book share made once for them."""

    def __init__(self, dated: DatedRules, today: dt.date) -> None:
        self.dated, self.today = dated, today
        self.contexts: dict[int, CheckContext] = {}

    def __call__(self, grid: Grid, layout: GameLayout, probe: FormulaProbe) -> Game:
        day = _day(layout.date)
        book = self.dated.on(day, self.today)
        context = self.contexts.get(id(book))
        if context is None:
            context = self.contexts[id(book)] = CheckContext(book)
        game = check_game(grid, layout, book, probe, context)
        if day is None and self.dated.changes:
            # Which rules it plays by depends on a date it does not have: said, as its
            # scores change with today's.
            params = {"day": self.today}
            game.problems.append(
                Problem("game_undated_rules", grid.name, layout.date_cell, Severity.WARNING, params)
            )
        return game


def _day(typed: object) -> dt.date | None:
    """The day a game's date cell reads as; None where it reads as none (its problem is
    the game's: `_doubtful_dates`)."""
    try:
        return parse_date(typed)
    except RemiError:
        return None


def _copies(games: Sequence[Game]) -> None:
    """A warning on each game sheet that holds the same game as one before it: both count
    (as two evenings alike would), but a sheet duplicated to start the next game and left
    as it was counts its game twice."""
    # Games alike only in their totals are few: only they are compared deal by deal.
    alike: dict[tuple[object, ...], list[Game]] = {}
    for game in games:
        totals = game.score.totals
        if not game.score.deals or game.has_errors:
            continue
        near = (game.day, min(totals), max(totals))
        earlier = alike.get(near)
        if earlier is None:
            alike[near] = [game]
            continue
        key = game.sameness()
        first = next((other for other in earlier if other.sameness() == key), None)
        if first is None:
            earlier.append(game)
            continue
        params = {"first": first.sheet}
        game.problems.append(Problem("game_copy", game.sheet, None, Severity.WARNING, params))


def _doubtful_problem(layout: Doubtful) -> Problem:
    """The warning of a sheet that may be a game left out."""
    params: dict[str, object] = {}
    code = "sheet_maybe_game"
    if layout.alone is not None:
        code, params = "header_one_player", {"count": layout.alone}
    elif layout.low:
        code, params = "header_too_low", {"rows": HEADER_ROWS}
    elif layout.heading is not None:
        code, params = "sheet_unknown_header", {"heading": layout.heading}
        meant = _mended(layout.heading)
        if meant is not None:
            code, params["meant"] = "header_accents_broken", meant
    return Problem(code, layout.sheet, layout.cell, Severity.WARNING, params)


# The first letter of a two-letter UTF-8 accent read as Latin-1, Windows-1252 or -1250.
_BROKEN_MARKS: Final = "ÃÅÄÂĂĹ"


def _mended(heading: object) -> str | None:
    """A game's header word that an earlier wrong decoding broke (`LeosztÃ¡s`: a CSV of
    UTF-8 opened as Latin-1), mended; None for any other cell."""
    if not isinstance(heading, str) or not any(mark in heading for mark in _BROKEN_MARKS):
        return None  # Hungarian text, right or wrong, has none of them: no repair is tried
    from remi_sheet.notebook.records_text import repair_text  # ftfy's, with its tables

    repaired = repair_text(heading)
    return repaired if repaired != heading and header_word(repaired) in HEADER_WORDS else None


def _broken_header(grid: Grid) -> list[Problem]:
    """A warning at a game's header whose accents an earlier wrong decoding broke
    (`LeosztÃ¡s`: a CSV of UTF-8 opened as Latin-1): that sheet's game is not read."""
    for row, cells in enumerate(grid.rows[:HEADER_ROWS]):
        column = next((index for index, value in enumerate(cells) if filled(value)), None)
        meant = _mended(cells[column]) if column is not None else None
        if column is not None and meant is not None:
            params = {"heading": cells[column], "meant": meant}
            where = address(row, column)
            return [Problem("header_accents_broken", grid.name, where, Severity.WARNING, params)]
    return []


def _doubtful_dates(games: Sequence[Game]) -> None:
    """A warning on each date typed as text that reads both ways (`11/05/2026`) when another
    of the notebook's shows its typist writes the month first (`11/19/2026`): remi reads
    the day first, and would put the game half a year out of its place."""
    evidence = month_first([game.layout.date for game in games])
    if evidence is None:
        return
    for game in games:
        typed = game.layout.date
        if doubtful(typed):
            params = {"value": clean(str(typed)), "read": game.day, "other": clean(str(evidence))}
            where = game.layout.date_cell
            game.problems.append(
                Problem("date_month_first", game.sheet, where, Severity.WARNING, params)
            )


def _keep(
    item: Grid | Problem,
    read: dict[str, Grid] | None,
    unreadable: list[Problem],
    own_names_only: bool = False,
) -> Grid | None:
    if isinstance(item, Problem):
        unreadable.append(item)
        return None
    if read is not None and (not own_names_only or fold(item.name) in WHOLE_SHEETS):
        read[item.name] = item
    return item


def read_rules(
    grids: Iterable[Grid],
    overrides: Sequence[tuple[str, str]] = (),
    linked: str | None = None,
    probe: FormulaProbe | None = None,
    *,
    live: bool = False,
) -> tuple[DatedRules, list[Problem], Lang | None]:
    """The house rules of the Rules/Szabályok sheet (or of the sheet `linked`: the Rules
    sheet renamed), then `overrides`, over the defaults: the rows without a date in the
    From/Mától column from the start, each dated row from its day on. An empty value (or
    spaces alone) keeps the default (on a dated row: changes nothing), unless `probe` finds
    a formula there without a result, or an error (#DIV/0!). `live`: the notebook's live
    formulas read the values too, and one they would read otherwise is refused."""
    starting: list[RuleChange] = []  # the rows without a date
    changes: list[RuleChange] = []
    problems: list[Problem] = []
    lang: Lang | None = None
    # (rule, day) → (sheet, cell) that set it; day None: the row without a date
    where: dict[tuple[str, dt.date | None], tuple[str, str]] = {}
    # A rule given on the command line wins over its cells, which are not read at all: a
    # value there that is no value stops nothing (`new --from OLD -r` puts it right).
    overridden = {rule_spec(name).name for name, _ in overrides}
    for grid in grids:
        if not is_rules_sheet(grid.name, linked):
            continue
        lang = RULES_SHEETS.get(fold(grid.name), lang)
        from_column = _from_column(grid)
        for row, name, value in _rule_rows(grid):
            try:
                spec = rule_spec(str(name))
                if spec.name in overridden:
                    continue  # every row of it, whatever its day
                day = None if from_column is None else _from_day(grid, row, from_column)
                key = (spec.name, day)
                if key in where:
                    first = f"A{row_number(where[key][1])}"  # where its name is, as here
                    if day is None:
                        raise RemiError("rule_twice", name=rule_name(spec.name), first=first)
                    raise RemiError(
                        "rule_twice_on_day", name=rule_name(spec.name), first=first, day=day
                    )
                where[key] = (grid.name, address(row, 1))
                if _is_set(spec, value, probe, grid.name, row, live):
                    change = RuleChange(day or dt.date.min, spec.name, parse_value(spec, value))
                    (changes if day else starting).append(change)
            except RemiError as error:
                column = {"rule_unknown": 0, "rule_twice": 0, "rule_twice_on_day": 0}.get(
                    error.code, 1
                )
                if error.code == "rule_from_unreadable" and from_column is not None:
                    column = from_column
                problems.append(
                    Problem(error.code, grid.name, address(row, column), params=error.params)
                )
    rules = HouseRules(**{change.name: change.value for change in starting})
    for name, value in overrides:
        rules = with_rule(rules, name, value)  # the command line checked these already
    dated = DatedRules(rules, tuple(changes))
    problems += _clashes(dated, where)
    return dated, problems, lang


def _is_set(
    spec: RuleSpec, value: CellValue, probe: FormulaProbe | None, sheet: str, row: int,
    live: bool,
) -> bool:  # fmt: skip
    """Whether the Rules value `value` (at `row` of `sheet`, column B) sets its rule: not
    empty, nor spaces alone (the default, as the live formulas read it too). `RemiError`
    for a value the `live` formulas would read otherwise than remi (a tab, a thin space),
    and for an empty-looking cell `probe` finds a formula without a result or an error in."""
    if isinstance(value, str):
        if live and clean(value) != _as_formulas_read(value):
            name, chars = rule_name(spec.name), _unusual(value)
            raise RemiError("rule_value_unseen", name=name, value=value, chars=chars)
        return bool(value.strip())
    if value is None and probe is not None and (found := probe.kind(sheet, row, 1)):
        raise RemiError(unread_code(found[0]), value=found[1])
    return value is not None


def _unusual(value: str) -> str:
    """The characters of `value` that `clean` reads as another (U+2009, U+0009, U+FF15),
    else those that are no plain printable ASCII: what to look for in a cell that looks
    right."""
    kept = " \u00a0"
    odd = [char for char in dict.fromkeys(value) if char not in kept and clean(char) != char]
    odd = odd or [char for char in dict.fromkeys(value) if not " " <= char <= "~"]
    return ", ".join(f"U+{ord(char):04X}" for char in odd)


def _as_formulas_read(value: str) -> str:
    """A Rules value's text as the live formulas read it (`live_sheet`): a no-break space
    as pasted is a space, and TRIM does the rest."""
    return trimmed(value.replace("\u00a0", " "))


def _clashes(
    dated: DatedRules, where: dict[tuple[str, dt.date | None], tuple[str, str]]
) -> list[Problem]:
    """The rules that together make scoring impossible, in each rule book of the sheet
    once: at the lower of the rows involved (the later typed) in force that day, or the
    one typed at all."""
    found: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for since, book in dated.books():
        for clash in inconsistencies(book):
            names: Sequence[str] = clash.params.get("rules", ())
            key = (clash.code, repr(sorted(clash.params.items(), key=str)))
            if key in seen:
                continue
            seen.add(key)
            involved = sorted(
                (at for name in names if (at := _in_force(where, name, since)) is not None),
                key=lambda at: row_number(at[1]),
            )
            sheet, cell = involved[-1] if involved else (None, None)
            found.append(Problem(clash.code, sheet, cell, params=clash.params))
    return found


def _in_force(
    where: dict[tuple[str, dt.date | None], tuple[str, str]], rule: str, since: dt.date | None
) -> tuple[str, str] | None:
    """The (sheet, cell) of the row of `rule` in force from `since` (None: the start)."""
    rows = [
        (day or dt.date.min, at)
        for (name, day), at in where.items()
        if name == rule and (day is None or (since is not None and day <= since))
    ]
    return max(rows, key=lambda row: row[0])[1] if rows else None


def _from_day(grid: Grid, row: int, column: int) -> dt.date | None:
    try:
        return parse_date(grid.value(row, column))
    except RemiError as error:
        raise RemiError("rule_from_unreadable", **error.params) from None


def _from_column(grid: Grid) -> int | None:
    """The column of a Rules sheet headed From/Mától (in its heading row), if any."""
    for row in range(min(grid.height, 5)):
        name, value = grid.value(row, 0), grid.value(row, 1)
        if name is None or not _is_rules_heading(name, value):
            continue
        for column in range(2, min(grid.width(row), 12)):
            heading = grid.value(row, column)
            if heading is not None and fold(str(heading)).rstrip(":") in FROM_HEADINGS:
                return column
    return None


def _rules_elsewhere(grid: Grid, linked: str | None) -> list[Problem]:
    """A warning at the first rule of a sheet that lists house rules under another name
    than the Rules sheet's (`Házirend`, `Kártyaszabályok`): its rules are not read, and a
    table would play by the defaults without a word. Only when most names in its first
    column are rules' (and a value stands beside them): a club's rules of conduct, or a
    Standings sheet's list of the rules that differ, is no such sheet."""
    if is_rules_sheet(grid.name, linked) or fold(grid.name) in WHOLE_SHEETS:
        return []
    # Its rows as a Rules sheet's are read (`_rule_rows`): headings and agreements aside.
    typed = [(row, name, value) for row, name, value in _rule_rows(grid) if filled(name)]
    named: list[tuple[int, str]] = []
    for row, name, value in typed:
        try:
            rule_spec(str(name))
        except RemiError:
            continue
        if filled(value):
            named.append((row, str(name)))
    if not named or 2 * len(named) <= len(typed):
        return []
    row, first = named[0]
    params = {"rule": clean(first)}
    where = address(row, 0)
    return [Problem("rules_sheet_named_otherwise", grid.name, where, Severity.WARNING, params)]


def is_rules_sheet(name: str, linked: str | None = None) -> bool:
    """Whether the sheet `name` is the Rules sheet: `linked` when there is one (the sheet
    the live formulas read), else a sheet of one of the Rules sheet's names."""
    return name == linked if linked is not None else fold(name) in RULES_SHEETS


def rule_cells(
    grids: Iterable[Grid], linked: str | None = None, day: dt.date | None = None
) -> dict[str, tuple[str, str]]:
    """Where each house rule's value is typed: rule → (Rules sheet, cell), for the live
    formulas to read: the row in force on `day` (the latest From day not after it, else
    the row without a day), by default the row without a day. A row whose name is no rule,
    or a rule's second row of one day, is left out (`read_rules` reports them)."""
    found: dict[str, tuple[str, str]] = {}
    since: dict[str, dt.date] = {}
    for grid in grids:
        if not is_rules_sheet(grid.name, linked):
            continue
        from_column = _from_column(grid)
        for row, name, value in _rule_rows(grid):
            try:
                spec = rule_spec(str(name))
                typed = None if from_column is None else _from_day(grid, row, from_column)
            except RemiError:
                continue
            if typed is not None and not filled(value):
                continue  # a dated row without a value changes nothing (`read_rules`)
            held = typed or dt.date.min
            if typed is not None and (day is None or typed > day):
                continue  # not in force on the day
            if spec.name in since and held <= since[spec.name]:
                continue  # an earlier day's row, or the same day's second
            found[spec.name] = (grid.name, address(row, 1))
            since[spec.name] = held
    return found


def read_agreements(
    grids: Iterable[Grid], linked: str | None = None, lang: Lang = "en"
) -> tuple[str, ...]:
    """The free-text rows under the Agreements/Megállapodások heading of the Rules sheet:
    what a table agreed beyond the rules, kept as typed (a row's cells joined), in order.
    A number or a date the spreadsheet stored as one reads as the notebook's language
    writes it (`12,5` and `2026. 11. 06.` in Hungarian), as the person saw it typed."""
    found: list[str] = []
    for cells in agreement_cells(grids, linked):
        typed = " ".join(clean(shown_value(cell, lang)) for cell in cells if cell is not None)
        if typed.strip():
            found.append(typed.strip())
    return tuple(found)


def agreement_cells(
    grids: Iterable[Grid], linked: str | None = None
) -> list[tuple[CellValue, CellValue]]:
    """The cells of each row under the Agreements/Megállapodások heading of the Rules
    sheet that `read_agreements` reads (columns A and B), as the spreadsheet stored them (a
    number as a number, a date as a date), in order; a row empty in both is left out."""
    found: list[tuple[CellValue, CellValue]] = []
    for grid in grids:
        if not is_rules_sheet(grid.name, linked):
            continue
        start = _agreements_row(grid)
        if start is None:
            continue
        for row in range(start + 1, grid.height):
            first, second = grid.value(row, 0), grid.value(row, 1)
            if filled(first) or filled(second):
                found.append((first, second))
    return found


def _agreements_row(grid: Grid) -> int | None:
    for row in range(grid.height):
        name = grid.value(row, 0)
        if name is not None and fold(str(name)) in AGREEMENTS:
            return row
    return None


def _rule_rows(grid: Grid) -> Iterator[tuple[int, CellValue, CellValue]]:
    """The rows of a Rules sheet that name a rule (or try to), above its agreements."""
    end = _agreements_row(grid)
    for row in range(grid.height if end is None else end):
        name, value = grid.value(row, 0), grid.value(row, 1)
        if name is None or _is_rules_heading(name, value):
            continue
        yield row, name, value


def _is_rules_heading(name: CellValue, value: CellValue) -> bool:
    text = fold(str(name))
    heading = fold(str(value)) if value is not None else ""
    return text in _RULES_HEADINGS or text.startswith("#") or heading in _VALUE_HEADINGS
