"""Old paper score sheets, typed in as CSV or Excel: decoded, repaired, split into games, checked.

The layout is that of docs/notebook.md's paper records: a Game (Játszma) column, a Deal (Leosztás)
column, one column per player (a blank cell: not in that game), rows of scores or entry
codes, and an optional Total (Összesen) row per game with the totals written on the paper.

Everything here is pure: bytes or grids in, `Records` out. A CSV file's text and rows come
from `records_text`. Each game is checked by turning it into the very game sheet
`writing.filing` would write and running the notebook's own checks on it
(`games.check_game`), so an imported game reads back exactly as it was checked.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from remi_sheet.core.dates import FORMS, date_in_text, doubtful, month_first, parse_date
from remi_sheet.core.entries import HAND_WORDS, WIN_WORDS, Number, grouped_number, parse_entry
from remi_sheet.core.problems import Problem, RemiError, Severity
from remi_sheet.core.rules import DatedRules, HouseRules
from remi_sheet.core.text import clean, fold, raw_text
from remi_sheet.i18n import Lang
from remi_sheet.notebook.layout import (
    DATE_WORDS,
    HEADER_ROWS,
    HEADER_WORDS,
    NOTE_WORDS,
    TOTAL_WORDS,
    deal_number,
    filled,
    is_total_label,
    is_word,
)
from remi_sheet.notebook.records_check import RecordCheck
from remi_sheet.notebook.records_game import (
    GameRows,
    PlayerColumn,
    RecordDeal,
    RecordGame,
    Records,
    Repair,
    game_key,
)
from remi_sheet.notebook.records_text import (
    GAME_WORDS,
    Place,
    Table,
    decode,
    header_columns,
    name_refusal,
    repair_text,
    split_csv,
)
from remi_sheet.reading.cells import CellValue
from remi_sheet.reading.grid import unread_code

_DEAL_WORDS: Final = frozenset(HEADER_WORDS)
# What a filled-in blank scorecard (`remi report --blank`) has beside the deals: a running
# total column after each player's and a Rank row under the Total. remi works both out.
_RUNNING_HEADINGS: Final = frozenset({"σ", "∑"})
_RANK_WORDS: Final = frozenset({"rank", "helyezes"})
# The words of records and their entries: a whole file damaged by a wrong decoding
# ("JĂĄtszma", "Ă–sszesen", "kĂŠzbĹ‘l") has them repaired before they are looked for.
_WORDS: Final = (
    GAME_WORDS.keys()
    | HEADER_WORDS.keys()
    | TOTAL_WORDS
    | DATE_WORDS
    | NOTE_WORDS
    | _RANK_WORDS
    | HAND_WORDS
    | WIN_WORDS
)
_WARNING: Final = Severity.WARNING


def read_csv(
    data: bytes,
    name: str,
    rules: HouseRules | DatedRules,
    *,
    encoding: str | None = None,
    repair: bool = True,
) -> Records:
    """The records of a CSV file's bytes; `name` is the file name problems show."""
    decoded = decode(data, encoding, name)
    if not decoded.text.strip():
        return Records(name, None, [], [Problem("records_empty", name)], [])
    table, delimiter, problems = split_csv(decoded.text, name)
    records = read_tables([table], name, rules, repair=repair)
    records.problems[:0] = problems
    typed = [index for index, row in enumerate(table.rows) if any(map(filled, row))]
    if problems and typed:
        _cut_short(records, problems[0], typed[-1])
    records.encoding = decoded.label
    records.delimiter = delimiter
    return records


def _cut_short(records: Records, broken: Problem, last_row: int) -> None:
    """The game of the last row typed before the CSV could not be read on (`last_row`):
    its rows may go on past it, so it is not filed as if it were whole."""
    for game in records.games:
        if any(deal.row == last_row for deal in game.deals) or game.place.line == broken.line:
            params: dict[str, object] = {"line": broken.line, "game": game.name}
            game.problems.append(game.place.problem("records_game_cut", params))


def read_tables(
    tables: Iterable[Table], source: str, rules: HouseRules | DatedRules, *, repair: bool = True
) -> Records:
    """The records of CSV rows or of a workbook's sheets; a sheet without the records'
    header is not records (notes, rules) and is passed over."""
    records = Records(source, None, [], [], [])
    langs: list[Lang] = []
    headed = 0
    headless: Problem | None = None  # a header row with a Deal column but no Game column
    seen: dict[str, RecordGame] = {}
    for read in tables:
        table = _words_repaired(read) if repair else read
        header = _find_header(table)
        if header is None:
            found = None if headless else _without_game_column(table)
            if found is not None:  # (its Deal heading's language: what the import says)
                headless = found[0]
                langs += [found[1]] if found[1] else []
            continue
        headed += 1
        langs += _header_langs(table, header)
        for game in _read_table(table, header, rules, records, repair):
            first = seen.setdefault(game.key, game)
            if first is not game:
                # Neither is filed: which of the two the name means cannot be told.
                game.problems.insert(0, _game_elsewhere(game, first.place))
                if not any(p.code == "records_game_twice" for p in first.problems):
                    first.problems.insert(0, _game_elsewhere(first, game.place))
            records.games.append(game)
    if not headed:
        missing = Problem("records_no_header", source, params={"rows": HEADER_ROWS})
        records.problems.append(headless or missing)
    elif not records.games and not records.problems:
        records.problems.append(Problem("records_no_games", source))
    records.lang = "hu" if "hu" in langs else "en" if langs else None
    return records


def _words_repaired(table: Table) -> Table:
    """`table` with each cell that reads as one of the records' words once repaired
    (`repair_text`) so repaired: a whole file can arrive damaged by a wrong decoding. Names
    are left as they are, to be repaired where they are read and the repairs reported."""

    def word(value: CellValue) -> CellValue:
        if isinstance(value, str) and not value.isascii():
            fixed = repair_text(value)
            if fixed != value and fold(fixed).rstrip(":. ") in _WORDS:
                return fixed
        return value

    rows = [[word(value) for value in row] for row in table.rows]
    return dataclasses.replace(table, rows=rows)


def _game_elsewhere(game: RecordGame, other: Place) -> Problem:
    """The game named so again at `other`: said on another sheet with that sheet's name."""
    where = other.where()
    if other.sheet != game.place.sheet and other.cell is not None:
        where = f"{other.sheet}!{other.cell}"
    return game.place.problem("records_game_twice", {"game": game.name, "first": where})


def _find_header(table: Table) -> tuple[int, int, int] | None:
    for row in range(min(HEADER_ROWS, len(table.rows))):
        found = header_columns(table.rows[row])
        if found is not None:
            return row, *found
    return None


def _without_game_column(table: Table) -> tuple[Problem, Lang | None] | None:
    """A row that heads a Deal column among the first ones, in a table with no Game
    column: said at that heading, as the records' header that lacks one; and the language
    of that heading (`Leosztás`)."""
    for row in range(min(HEADER_ROWS, len(table.rows))):
        deals = _header_columns(table, row, _DEAL_WORDS)
        if deals:
            problem = _problem("records_no_game_column", table.place(row, deals[0]))
            return problem, HEADER_WORDS[fold(str(table.value(row, deals[0]))).rstrip(":")]
    return None


def _header_langs(table: Table, header: tuple[int, int, int]) -> list[Lang]:
    row, game, deal = header
    langs = [GAME_WORDS[fold(str(table.value(row, game))).rstrip(":")]]
    deal_lang = HEADER_WORDS[fold(str(table.value(row, deal))).rstrip(":")]
    return langs + ([deal_lang] if deal_lang else [])


def _read_table(
    table: Table,
    header: tuple[int, int, int],
    rules: HouseRules | DatedRules,
    records: Records,
    repair: bool,
) -> list[RecordGame]:
    header_row, _, deal_column = header
    fix: Callable[[str], str] = repair_text if repair else (lambda text: text)
    date_column = next(iter(_header_columns(table, header_row, DATE_WORDS)), None)
    notes_column = next(iter(_header_columns(table, header_row, NOTE_WORDS)), None)
    running = _header_columns(table, header_row, _RUNNING_HEADINGS)
    others = (date_column, notes_column, *running)
    columns = _columns(table, header, fix, records, others)
    if not columns:
        records.problems.append(
            _problem("records_no_players", table.place(header_row, deal_column))
        )
        return []
    groups = []
    for group in _groups(table, header, columns, fix, records, others):
        if _name_only(table, group, columns, deal_column):
            # A note written among the deals: told as that, not as a game of no players
            # whose deal number is ''.
            records.problems.append(_problem("records_game_name_only", group.place))
        else:
            groups.append(group)
    lang: Lang = "hu" if "hu" in _header_langs(table, header) else "en"
    # A game's date is in its Date cells, else in its name, else it is the evening's: the
    # date last typed in a Date cell above, when every game since has blank Date cells and
    # no date in its name (an evening's date is written on its first row only). The game
    # is read by the house rules of its date.
    dated = rules if isinstance(rules, DatedRules) else DatedRules(rules)
    today = dt.date.today()
    games = []
    evening: dt.date | None = None
    for group in groups:
        unread: list[Problem] = []
        typed, text = _date(table, group, date_column, unread)
        blank = date_column is not None and not any(
            filled(table.value(row, date_column)) for row in group.rows + group.totals
        )
        named = date_in_text(group.name)
        day = typed or named or (evening if blank else None)
        evening = typed or (evening if blank and named is None else None)
        game = _game(table, group, columns, deal_column, dated.on(day, today), lang)
        game.date = day
        game.date_typed = text if day is None else None
        game.problems += unread
        games.append(game)
    if date_column is not None:
        _doubtful_dates(table, groups, games, date_column)
    if notes_column is not None:
        heading = raw_text(table.value(header_row, notes_column))
        for group, game in zip(groups, games, strict=True):
            _notes(table, group, game, notes_column, heading)
    return games


def _doubtful_dates(
    table: Table, groups: Sequence[GameRows], games: Sequence[RecordGame], column: int
) -> None:
    """A warning on each game whose date reads both ways (`03/04/2019`) when another date
    of the records shows its writer puts the month first (`02/16/2019`), as `check` warns
    of a notebook's: remi reads the day first, and the game would be filed half a year
    out of its place, its date no longer text a later check could doubt."""
    typed = [_first_date_cell(table, group, column) for group in groups]
    evidence = month_first([found[1] for found in typed if found is not None])
    if evidence is None:
        return
    for game, found in zip(games, typed, strict=True):
        if found is not None and doubtful(found[1]):
            params: dict[str, object] = {
                "value": clean(str(found[1])),
                "read": game.date,
                "other": clean(str(evidence)),
                "game": game.name,
            }
            place = table.place(found[0], column)
            game.problems.append(place.problem("records_date_month_first", params, _WARNING))


def _first_date_cell(table: Table, group: GameRows, column: int) -> tuple[int, CellValue] | None:
    """The row and value of the game's first filled Date cell, as `_date` reads it."""
    for row in group.rows + group.totals:
        value = table.value(row, column)
        if filled(value):
            return row, value
    return None


def _header_columns(table: Table, header_row: int, words: frozenset[str]) -> list[int]:
    """The columns the header heads with one of `words`: the records' Date (Dátum) and
    Notes (Megjegyzés) columns (the first of each is read), a scorecard's Σ columns."""
    return [
        index
        for index, value in enumerate(table.rows[header_row])
        if filled(value) and fold(str(value)).rstrip(":") in words
    ]


def _notes(table: Table, group: GameRows, game: RecordGame, column: int, heading: str) -> None:
    """The notes written beside the game's deals, filed beside them as the notebook keeps
    a person's notes (under their heading, after the players)."""
    notes = [table.value(row, column) for row in group.rows]
    total_note = table.value(group.totals[0], column) if group.totals else None
    if any(filled(note) for note in [*notes, total_note]):
        game.notes_heading = heading
        game.total_note = total_note
        game.deals = [
            dataclasses.replace(deal, note=note)
            for deal, note in zip(game.deals, notes, strict=True)
        ]


def _date(
    table: Table, group: GameRows, column: int | None, problems: list[Problem]
) -> tuple[dt.date | None, CellValue]:
    """The first date in the game's rows' Date cells; else None, and the value of a Date
    cell that is no date (a warning added to `problems`), if one was found."""
    rows = group.rows + group.totals if column is not None else []
    for row in rows:
        assert column is not None
        value = table.value(row, column)
        if not filled(value):
            continue
        try:
            found = parse_date(value)
        except RemiError:
            params: dict[str, object] = {
                "value": clean(str(value)),
                "forms": FORMS,
                "game": group.name,
            }
            problems.append(
                table.place(row, column).problem("records_date_unreadable", params, _WARNING)
            )
            return None, value
        if found is not None:
            return found, None
    return None, None


def _problem(code: str, place: Place, **params: object) -> Problem:
    return place.problem(code, params)


def _columns(
    table: Table,
    header: tuple[int, int, int],
    fix: Callable[[str], str],
    records: Records,
    others: tuple[int | None, ...],
) -> list[PlayerColumn]:
    header_row, game_column, deal_column = header
    columns = []
    for index in range(len(table.rows[header_row])):
        raw = table.value(header_row, index)
        if index in (game_column, deal_column, *others) or not filled(raw):
            continue
        place = table.place(header_row, index)
        name = _repaired(raw_text(raw), place, fix, records)
        refusal = name_refusal(fix(raw_text(raw)), name)
        columns.append(PlayerColumn(index, name, fold(name), place, refusal))
    return columns


def _repaired(raw: str, place: Place, fix: Callable[[str], str], records: Records) -> str:
    name = clean(raw)
    fixed = clean(fix(name))
    if fixed != name:
        records.repairs.append(Repair(name, fixed, place))
    return fixed


def _groups(
    table: Table,
    header: tuple[int, int, int],
    columns: Sequence[PlayerColumn],
    fix: Callable[[str], str],
    records: Records,
    others: tuple[int | None, ...],
) -> list[GameRows]:
    """The rows of each game, in the order the games first appear. A blank Game cell
    continues the game above, as people write a game's name on its first row only."""
    header_row, game_column, deal_column = header
    known = {column.index for column in columns} | {game_column, deal_column, *others}
    groups: dict[str, GameRows] = {}
    current: GameRows | None = None
    for row in range(header_row + 1, len(table.rows)):
        values = table.rows[row]
        if not any(filled(value) for value in values):
            continue
        named = table.value(row, game_column)
        deal = table.value(row, deal_column)
        if is_word(deal, _RANK_WORDS) or is_word(named, _RANK_WORDS):
            continue  # the places remi works out, as a filled-in scorecard has them
        total = is_total_label(deal) or is_total_label(named)
        if filled(named) and not is_total_label(named):
            current = _group(table, row, game_column, raw_text(named), groups, fix, records)
        elif current is None:
            place = table.place(row, game_column)
            records.problems.append(_problem("records_game_missing", place))
            continue
        (current.totals if total else current.rows).append(row)
        for index, value in enumerate(values):
            if index not in known and filled(value):
                current.problems.append(
                    _problem(
                        "records_unnamed_column",
                        table.place(row, index),
                        value=clean(str(value)),
                        column=index + 1,
                        game=current.name,
                    )
                )
    return list(groups.values())


def _group(
    table: Table,
    row: int,
    column: int,
    raw: str,
    groups: dict[str, GameRows],
    fix: Callable[[str], str],
    records: Records,
) -> GameRows:
    place = table.place(row, column)
    name = clean(raw)
    key = game_key(fix(name))
    if key not in groups:
        name = _repaired(raw, place, fix, records)
        groups[key] = GameRows(name, place, refusal=name_refusal(fix(raw), name))
    return groups[key]


def typed(value: CellValue, rules: HouseRules) -> CellValue:
    """A cell as it goes into the notebook: numbers as numbers ("30,0" → 30, 30.0 → 30),
    everything else as the text it is."""
    if isinstance(value, str):
        text = clean(value)
        if not text:
            return None
        try:
            entry = parse_entry(text, rules)
        except RemiError:
            return text
        return entry.value if isinstance(entry, Number) else text
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _total(value: CellValue, rules: HouseRules) -> CellValue:
    """A paper total as it goes into the notebook: `typed`, and "1 400" (grouped as a
    spreadsheet exports it) the number 1400."""
    grouped = grouped_number(value)
    return grouped if grouped is not None else typed(value, rules)


def _game(
    table: Table,
    group: GameRows,
    columns: Sequence[PlayerColumn],
    deal_column: int,
    rules: HouseRules,
    lang: Lang,
) -> RecordGame:
    rows = group.rows + group.totals
    playing = [c for c in columns if any(filled(table.value(r, c.index)) for r in rows)]
    deals = [
        RecordDeal(
            _number(table.value(row, deal_column), rules),
            tuple(typed(table.value(row, c.index), rules) for c in playing),
            row,
        )
        for row in group.rows
    ]
    totals = None
    unread: list[Problem] = []
    if group.totals:
        row = group.totals[0]
        totals = tuple(_total(table.value(row, c.index), rules) for c in playing)
        # A paper total computed by a formula whose result was never saved (a workbook
        # made by a script) is no total read: said, not passed over as if none was written.
        for column, total in zip(playing, totals, strict=True):
            found = table.formula_in(row, column.index) if total is None else None
            if found is not None:
                place = table.place(row, column.index)
                params = {"value": found[1], "game": group.name}
                unread.append(_problem(unread_code(found[0]), place, **params))
    game = RecordGame(group.name, group.place, tuple(c.name for c in playing), deals, totals)
    check = RecordCheck(table, group, game, playing, deal_column, rules)
    game.problems = group.problems + unread + check.shape() + check.rows(lang)
    return game


def _name_only(
    table: Table, group: GameRows, columns: Sequence[PlayerColumn], deal_column: int
) -> bool:
    """Whether the game's rows hold nothing but its name: no deal number, no entry, no
    Total row."""
    cells = [deal_column, *(column.index for column in columns)]
    return not group.totals and not any(
        filled(table.value(row, index)) for row in group.rows for index in cells
    )


def _number(value: CellValue, rules: HouseRules) -> CellValue:
    number = deal_number(value) if filled(value) else None
    return number if number is not None else typed(value, rules)
