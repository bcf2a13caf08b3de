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

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from remi_sheet.core.dates import FORMS, date_in_text, parse_date
from remi_sheet.core.entries import Number, parse_entry
from remi_sheet.core.problems import Problem, RemiError, Severity
from remi_sheet.core.rules import HouseRules
from remi_sheet.core.scoring import GameScore
from remi_sheet.core.text import clean, fold
from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.games import check_game
from remi_sheet.notebook.layout import (
    HEADER_ROWS,
    HEADER_WORDS,
    TOTAL_WORDS,
    deal_number,
    filled,
    find_game,
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
from remi_sheet.reading.cells import CellValue, address
from remi_sheet.reading.grid import FormulaProbe, Grid

_DATE_WORDS: Final = frozenset({"date", "datum"})
_WARNING: Final = Severity.WARNING

_REPLACED_CODES: Final = frozenset(
    {"deal_number_wrong", "players_too_few", "players_too_many", "player_duplicate"}
)


@dataclass(frozen=True, slots=True)
class Repair:
    original: str
    repaired: str
    place: Place


@dataclass(frozen=True, slots=True)
class RecordDeal:
    number: CellValue  # as typed; an int when it is a deal number
    cells: tuple[CellValue, ...]  # one per player of the game, numbers as numbers
    row: int  # in its table


@dataclass(slots=True)
class RecordGame:
    name: str
    place: Place  # the game's first row
    players: tuple[str, ...]
    deals: list[RecordDeal]
    totals: tuple[CellValue, ...] | None  # the paper's Total row
    problems: list[Problem] = field(default_factory=list)
    date: dt.date | None = None  # from the records' Date column, else from the game's name
    score: GameScore | None = None

    @property
    def has_errors(self) -> bool:
        return any(p.severity is Severity.ERROR for p in self.problems)

    @property
    def key(self) -> str:
        return game_key(self.name)


@dataclass(slots=True)
class Records:
    source: str
    lang: Lang
    games: list[RecordGame]
    problems: list[Problem]  # the file's own, not in any one game
    repairs: list[Repair]
    encoding: str | None = None  # a CSV's encoding, as a user calls it
    delimiter: str | None = None

    def all_problems(self) -> list[Problem]:
        return self.problems + [p for game in self.games for p in game.problems]


def game_key(name: str) -> str:
    """Game names are the same when they differ only in case and spacing."""
    return clean(name).casefold()


@dataclass(frozen=True, slots=True)
class _Column:
    index: int
    name: str
    key: str  # folded: the same player however the name is written
    place: Place
    refusal: tuple[str, dict[str, object]] | None


@dataclass(slots=True)
class _Group:
    """The rows of one game, as found in the table."""

    name: str
    place: Place
    rows: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    refusal: tuple[str, dict[str, object]] | None = None


def read_csv(
    data: bytes,
    name: str,
    rules: HouseRules,
    *,
    encoding: str | None = None,
    repair: bool = True,
) -> Records:
    """The records of a CSV file's bytes; `name` is the file name problems show."""
    decoded = decode(data, encoding, name)
    table, delimiter, problems = split_csv(decoded.text, name)
    records = read_tables([table], name, rules, repair=repair)
    records.problems[:0] = problems
    records.encoding = decoded.label
    records.delimiter = delimiter
    return records


def read_tables(
    tables: Iterable[Table], source: str, rules: HouseRules, *, repair: bool = True
) -> Records:
    """The records of CSV rows or of a workbook's sheets; a sheet without the records'
    header is not records (notes, rules) and is passed over."""
    records = Records(source, "en", [], [], [])
    langs: list[Lang] = []
    headed = 0
    seen: dict[str, Place] = {}
    for table in tables:
        header = _find_header(table)
        if header is None:
            continue
        headed += 1
        langs += _header_langs(table, header)
        for game in _read_table(table, header, rules, records, repair):
            if game.key in seen:
                game.problems.insert(0, _game_elsewhere(game, seen[game.key]))
            seen.setdefault(game.key, game.place)
            records.games.append(game)
    if not headed:
        records.problems.append(Problem("records_no_header", source, params={"rows": HEADER_ROWS}))
    elif not records.games and not records.problems:
        records.problems.append(Problem("records_no_games", source))
    records.lang = "hu" if "hu" in langs else "en"
    return records


def _game_elsewhere(game: RecordGame, first: Place) -> Problem:
    return game.place.problem("records_game_twice", {"game": game.name, "first": first.where()})


def _find_header(table: Table) -> tuple[int, int, int] | None:
    for row in range(min(HEADER_ROWS, len(table.rows))):
        found = header_columns(table.rows[row])
        if found is not None:
            return row, *found
    return None


def _header_langs(table: Table, header: tuple[int, int, int]) -> list[Lang]:
    row, game, deal = header
    langs = [GAME_WORDS[fold(str(table.value(row, game))).rstrip(":")]]
    deal_lang = HEADER_WORDS[fold(str(table.value(row, deal))).rstrip(":")]
    return langs + ([deal_lang] if deal_lang else [])


def _read_table(
    table: Table,
    header: tuple[int, int, int],
    rules: HouseRules,
    records: Records,
    repair: bool,
) -> list[RecordGame]:
    header_row, _, deal_column = header
    fix: Callable[[str], str] = repair_text if repair else (lambda text: text)
    date_column = _date_column(table, header_row)
    columns = _columns(table, header, fix, records, date_column)
    if not columns:
        records.problems.append(
            _problem("records_no_players", table.place(header_row, deal_column))
        )
        return []
    groups = _groups(table, header, columns, fix, records, date_column)
    lang: Lang = "hu" if "hu" in _header_langs(table, header) else "en"
    games = [_game(table, group, columns, deal_column, rules, lang) for group in groups]
    for group, game in zip(groups, games, strict=True):
        game.date = _date(table, group, date_column, game)
    return games


def _date_column(table: Table, header_row: int) -> int | None:
    """The records' Date (Dátum) column, when the header has one."""
    for index, value in enumerate(table.rows[header_row]):
        if filled(value) and fold(str(value)).rstrip(":") in _DATE_WORDS:
            return index
    return None


def _date(table: Table, group: _Group, column: int | None, game: RecordGame) -> dt.date | None:
    """The game's date: the first one in its rows' Date cells, else one in its name. A Date
    cell that is no date is a warning, and the name is asked instead."""
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
                "game": game.name,
            }
            game.problems.append(
                table.place(row, column).problem("records_date_unreadable", params, _WARNING)
            )
            break
        if found is not None:
            return found
    return date_in_text(game.name)


def _problem(code: str, place: Place, **params: object) -> Problem:
    return place.problem(code, params)


def _columns(
    table: Table,
    header: tuple[int, int, int],
    fix: Callable[[str], str],
    records: Records,
    date_column: int | None,
) -> list[_Column]:
    header_row, game_column, deal_column = header
    columns = []
    for index in range(len(table.rows[header_row])):
        raw = table.value(header_row, index)
        if index in (game_column, deal_column, date_column) or not filled(raw):
            continue
        place = table.place(header_row, index)
        name = _repaired(str(raw), place, fix, records)
        refusal = name_refusal(fix(str(raw)), name)
        columns.append(_Column(index, name, fold(name), place, refusal))
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
    columns: Sequence[_Column],
    fix: Callable[[str], str],
    records: Records,
    date_column: int | None,
) -> list[_Group]:
    """The rows of each game, in the order the games first appear. A blank Game cell
    continues the game above, as people write a game's name on its first row only."""
    header_row, game_column, deal_column = header
    known = {column.index for column in columns} | {game_column, deal_column, date_column}
    groups: dict[str, _Group] = {}
    current: _Group | None = None
    for row in range(header_row + 1, len(table.rows)):
        values = table.rows[row]
        if not any(filled(value) for value in values):
            continue
        named = table.value(row, game_column)
        deal = table.value(row, deal_column)
        total = _is_total(deal) or _is_total(named)
        if filled(named) and not _is_total(named):
            current = _group(table, row, game_column, str(named), groups, fix, records)
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
    groups: dict[str, _Group],
    fix: Callable[[str], str],
    records: Records,
) -> _Group:
    place = table.place(row, column)
    name = clean(raw)
    key = game_key(fix(name))
    if key not in groups:
        name = _repaired(raw, place, fix, records)
        groups[key] = _Group(name, place, refusal=name_refusal(fix(raw), name))
    return groups[key]


def _is_total(value: CellValue) -> bool:
    return filled(value) and fold(str(value)).rstrip(":. ") in TOTAL_WORDS


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


def _game(
    table: Table,
    group: _Group,
    columns: Sequence[_Column],
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
    if group.totals:
        totals = tuple(typed(table.value(group.totals[0], c.index), rules) for c in playing)
    game = RecordGame(group.name, group.place, tuple(c.name for c in playing), deals, totals)
    check = _Check(table, group, game, playing, deal_column, rules)
    game.problems = group.problems + check.shape() + check.rows(lang)
    return game


def _number(value: CellValue, rules: HouseRules) -> CellValue:
    number = deal_number(value) if filled(value) else None
    return number if number is not None else typed(value, rules)


@dataclass(slots=True)
class _Check:
    """The checks of one game: its shape here, its rows by the notebook's own checks."""

    table: Table
    group: _Group
    game: RecordGame
    columns: Sequence[_Column]
    deal_column: int
    rules: HouseRules
    problems: list[Problem] = field(default_factory=list)

    def add(self, code: str, place: Place, **params: object) -> None:
        params["game"] = self.game.name
        self.problems.append(place.problem(code, params))

    def shape(self) -> list[Problem]:
        if self.group.refusal is not None:
            kind, params = self.group.refusal
            self.add(f"records_game_name_{kind}", self.group.place, **params)
        self.names()
        count, most = len(self.columns), self.rules.max_players
        if count < 2:
            self.add("records_players_too_few", self.game.place, count=count, most=most)
        elif count > most:
            self.add("records_players_too_many", self.game.place, count=count, most=most)
        self.deal_numbers()
        self.totals()
        return self.problems

    def names(self) -> None:
        first: dict[str, _Column] = {}
        for column in self.columns:
            if column.refusal is not None:
                kind, params = column.refusal
                self.add(f"records_name_{kind}", column.place, **params)
            if column.key in first:
                self.add(
                    "records_player_twice",
                    column.place,
                    player=column.name,
                    first=first[column.key].index + 1,
                    column=column.index + 1,
                )
            first.setdefault(column.key, column)

    def deal_numbers(self) -> None:
        seen: dict[int, Place] = {}
        previous = 0
        in_order = True
        for deal in self.game.deals:
            place = self.table.place(deal.row, self.deal_column)
            number = deal.number
            if not isinstance(number, int) or isinstance(number, bool):
                self.add("records_deal_not_number", place, value=number or "")
                continue
            if number in seen:
                self.add("records_deal_twice", place, deal=number, first=seen[number].where())
                continue
            if in_order and number != previous + 1:
                self.add("records_deal_out_of_order", place, deal=number, expected=previous + 1)
                in_order = False  # one out-of-order deal throws all after it; say it once
            seen[number] = place
            previous = number

    def totals(self) -> None:
        if not self.group.totals:
            return
        first = self.group.totals[0]
        first_place = self.table.place(first, self.deal_column)
        for row in self.group.totals[1:]:
            place = self.table.place(row, self.deal_column)
            self.add("records_total_twice", place, first=first_place.where())
        for deal in self.game.deals:
            if deal.row > first:
                place = self.table.place(deal.row, self.deal_column)
                self.add("records_deal_after_total", place, deal=deal.number)

    def rows(self, lang: Lang) -> list[Problem]:
        """The notebook's checks of every row and of the paper totals, run on the sheet
        that would be filed, with each problem moved back to where it was typed."""
        grid = Grid(self.game.name, sheet_rows(self.game, lang))
        layout = find_game(grid)
        if layout is None or layout.players != self.game.players:
            return self._unreadable(layout.players if layout else ())
        checked = check_game(grid, layout, self.rules, _NO_FORMULAS)
        self.game.score = checked.score
        places = self._places()
        found = []
        for problem in checked.problems:
            if problem.code in _REPLACED_CODES:
                continue  # told better by `shape`, with the records' own words
            code = "records_total_mismatch" if problem.code == "total_mismatch" else problem.code
            place = places.get(problem.cell or "", self.game.place)
            found.append(
                place.problem(code, {**problem.params, "game": self.game.name}, problem.severity)
            )
        return found

    def _unreadable(self, read: Sequence[str]) -> list[Problem]:
        """A name the notebook reader takes for something else (a "Notes" column)."""
        lost = [c for c in self.columns if c.name not in read]
        return [
            column.place.problem(
                "records_name_reserved", {"player": column.name, "game": self.game.name}
            )
            for column in lost[:1]
        ]

    def _places(self) -> dict[str, Place]:
        """Cell address on the filed sheet → where that value was typed in the records."""
        places = {}
        header = SHEET_HEADER_ROW
        for index, column in enumerate(self.columns):
            places[address(header, index + 1)] = column.place
        rows = [deal.row for deal in self.game.deals] + self.group.totals[:1]
        for offset, row in enumerate(rows, start=header + 1):
            places[address(offset, 0)] = self.table.place(row, self.deal_column)
            for index, column in enumerate(self.columns):
                places[address(offset, index + 1)] = self.table.place(row, column.index)
        return places


class _NoFormulas(FormulaProbe):
    """Records hold values only: no cell of them is a formula."""

    def kind(self, sheet: str, row: int, column: int) -> tuple[str, str] | None:
        return None


_NO_FORMULAS: Final = _NoFormulas(Path())


SHEET_HEADER_ROW: Final = 2  # row 0 holds the game's full name, row 1 its date


def sheet_rows(game: RecordGame, lang: Lang) -> list[list[CellValue]]:
    """The game as a game sheet: its full name (a sheet's title holds 31 characters), its
    date (left empty for the person to fill when none is known), the header, the deals as
    typed, and the paper's Total row; `filing` writes exactly this."""
    rows: list[list[CellValue]] = [
        [say("game", lang), game.name],
        [say("date", lang), game.date],
        [say("deal", lang), *game.players],
    ]
    rows += [[deal.number, *deal.cells] for deal in game.deals]
    if game.totals is not None:
        rows.append([say("total", lang), *game.totals])
    return rows
