"""Old paper score sheets, typed in as CSV or Excel: decoded, repaired, split into games, checked.

The layout is NOTEBOOK.md's "Paper records": a Game (Játszma) column, a Deal (Leosztás)
column, one column per player (a blank cell: not in that game), rows of scores or entry
codes, and an optional Total (Összesen) row per game with the totals written on the paper.

Everything here is pure: bytes or grids in, `Records` out. The encoding of a CSV file is
found by charset-normalizer, kept to the encodings Hungarian machines write and leaning to
the Hungarian code pages; names damaged by an earlier wrong decoding ("KovĂĄcs") are repaired
with ftfy and a few re-decodings of our own. Each game is checked by turning it into the very
game sheet `filing` would write and running the notebook's own checks on it
(`notebook.check_game`), so an imported game reads back exactly as it was checked.
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from remi_sheet.core.entries import Number, parse_entry
from remi_sheet.core.problems import Problem, RemiError, Severity
from remi_sheet.core.rules import HouseRules
from remi_sheet.core.scoring import GameScore
from remi_sheet.core.text import clean, fold
from remi_sheet.i18n import Lang, Phrase, say
from remi_sheet.notebook.games import (
    HEADER_ROWS,
    HEADER_WORDS,
    TOTAL_WORDS,
    check_game,
    deal_number,
    filled,
    find_game,
)
from remi_sheet.reading.cells import CellValue, address
from remi_sheet.reading.grid import FormulaProbe, Grid

MAX_BYTES: Final = 16 << 20  # years of paper records are a few hundred kilobytes
NAME_MOST: Final = 60
_GAME_WORDS: Final[dict[str, Lang]] = {"game": "en", "jatszma": "hu", "parti": "hu"}
_DELIMITERS: Final = (";", ",", "\t")
# What charset-normalizer may choose from: what Hungarian machines write. Left to itself it
# calls a Windows-1250 file DOS Latin-2 (cp852), which turns every "á" into "ß".
ENCODINGS: Final = ("utf_8", "utf_16", "utf_32", "cp1250", "iso8859_2", "cp1252", "latin_1")
_UNICODE: Final = frozenset({"ascii", "utf_8", "utf_16", "utf_32"})
# Hungarian letters sit at the same bytes in both, so either reads a Hungarian file right.
_HUNGARIAN_CODE_PAGES: Final = ("cp1250", "iso8859_2")
_LABELS: Final = {
    "ascii": "UTF-8",
    "utf_8": "UTF-8",
    "utf_8_sig": "UTF-8 with BOM",
    "utf_16": "UTF-16",
    "utf_32": "UTF-32",
    "cp1250": "Windows-1250",
    "iso8859_2": "ISO-8859-2 (Latin-2)",
    "cp1252": "Windows-1252",
    "latin_1": "ISO-8859-1 (Latin-1)",
}
_SEPARATOR_LINE: Final = re.compile(r'"?sep=(.)"?')  # Excel's hint on a CSV's first line
_HUNGARIAN_LETTERS: Final = frozenset("áéíóöőúüűÁÉÍÓÖŐÚÜŰ")
_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Byte-level re-readings of a damaged name: (first codec, fallback codec) per character.
_REENCODINGS: Final = (
    ("iso8859_2", "sloppy-windows-1250"),
    ("sloppy-windows-1250", "iso8859_2"),
    ("latin_1", "sloppy-windows-1252"),
    ("sloppy-windows-1252", "latin_1"),
)
# Latin-2 text read as Latin-1 differs only in ő ű Ő Ű (shown as õ û Õ Û).
_LATIN2_AS_LATIN1: Final = (("latin_1", "iso8859_2"), ("sloppy-windows-1252", "cp1250"))
_REPLACED_CODES: Final = frozenset(
    {"deal_number_wrong", "players_too_few", "players_too_many", "player_duplicate"}
)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a value stands in the records: file name and line, or sheet and cell."""

    sheet: str
    cell: str | None
    line: int | None = None

    def problem(
        self, code: str, params: dict[str, object], severity: Severity = Severity.ERROR
    ) -> Problem:
        """A problem here."""
        return Problem(code, self.sheet, self.cell, severity, params, self.line)

    def where(self) -> str | Phrase:
        """This place, as a message's parameter says it: a cell, or a line."""
        if self.line is not None:
            return Phrase("line", {"line": self.line})
        return self.cell or ""

    def shown(self, lang: Lang) -> str:
        if self.line is not None:
            return f"{self.sheet}, {say('line', lang, line=self.line)}"
        return f"{self.sheet}!{self.cell}"


@dataclass(frozen=True, slots=True)
class Table:
    """The rows of one CSV file or one sheet, with where each came from."""

    sheet: str
    rows: Sequence[Sequence[CellValue]]
    lines: Sequence[int] | None = None  # the CSV line each row starts on

    def value(self, row: int, column: int) -> CellValue:
        cells = self.rows[row]
        value = cells[column] if column < len(cells) else None
        return None if value == "" else value

    def place(self, row: int, column: int) -> Place:
        if self.lines is not None:
            line = self.lines[row]
            return Place(self.sheet, None, line)
        return Place(self.sheet, address(row, column))


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    encoding: str  # the codec's name, e.g. "cp1250"
    label: str  # what a user calls it, e.g. "Windows-1250"


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


# -- bytes to text ----------------------------------------------------------------------


def decode(data: bytes, encoding: str | None = None, path: str = "") -> Decoded:
    """The text of a CSV file: in `encoding` if given, else as charset-normalizer finds it,
    preferring Windows-1250 and ISO-8859-2 among single-byte encodings."""
    if len(data) > MAX_BYTES:
        raise RemiError("records_too_big", path=path, size=len(data), limit=MAX_BYTES)
    if encoding is not None:
        return _decode_as(data, encoding, path)
    if data.startswith(b"\xef\xbb\xbf"):
        return Decoded(data[3:].decode("utf_8", errors="strict"), "utf_8_sig", _LABELS["utf_8_sig"])
    from charset_normalizer import from_bytes

    found = from_bytes(data, cp_isolation=list(ENCODINGS))
    best = found.best()
    if best is None:
        raise RemiError("records_not_text", path=path)
    chosen = best.encoding
    if chosen not in _UNICODE:
        chosen = _prefer_hungarian(data, [match.encoding for match in found])
    chosen = "utf_8" if chosen == "ascii" else chosen
    text = data.decode(chosen).removeprefix("\ufeff")
    return Decoded(text, chosen, _LABELS.get(chosen, chosen))


def _decode_as(data: bytes, encoding: str, path: str) -> Decoded:
    import codecs

    name = codecs.lookup(encoding).name.replace("-", "_")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        raise RemiError(
            "records_wrong_encoding",
            path=path,
            encoding=encoding,
            byte=f"0x{data[error.start]:02X}",
            position=error.start,
        ) from None
    return Decoded(text.removeprefix("\ufeff"), name, _LABELS.get(name, encoding))


def _prefer_hungarian(data: bytes, ranked: Sequence[str]) -> str:
    """The detector cannot tell single-byte code pages apart by a few accented names; a
    Hungarian tool's files are far more likely Windows-1250 than Windows-1252 or Latin-1."""
    for encoding in ranked:
        if encoding in _HUNGARIAN_CODE_PAGES:
            return encoding
    for encoding in _HUNGARIAN_CODE_PAGES:
        try:
            data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return encoding
    return ranked[0]


# -- text to rows -----------------------------------------------------------------------


def split_csv(text: str, sheet: str) -> tuple[Table, str, list[Problem]]:
    """The rows of a CSV text, its delimiter, and a problem when quoting breaks off."""
    delimiter, skipped = sniff_delimiter(text)
    if skipped:
        text = text.split("\n", 1)[1] if "\n" in text else ""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[tuple[str, ...]] = []
    lines: list[int] = []
    problems: list[Problem] = []
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            line = start + skipped
            problems.append(
                Problem("records_csv_broken", sheet, params={"detail": str(error)}, line=line)
            )
            break
        rows.append(tuple(row))
        lines.append(start + skipped)
        start = reader.line_num + 1
    if rows and text.count('"') % 2 and any("\n" in cell for cell in rows[-1]):
        # A quote never closed swallows the rest of the file into one cell; Python's csv
        # says nothing about it.
        problems.append(Problem("records_csv_quote", sheet, line=lines[-1]))
        del rows[-1], lines[-1]
    return Table(sheet, rows, lines), delimiter, problems


def sniff_delimiter(text: str) -> tuple[str, int]:
    """The delimiter (`;`, `,` or tab) and whether an Excel `sep=` line comes first.

    The header row is known: it has a Game and a Deal column. The delimiter is the one that
    splits a line of the first rows into such a header with the most columns; csv.Sniffer
    guesses only when no delimiter finds one."""
    head = text.splitlines()[: HEADER_ROWS + 1]
    if head and (hint := _SEPARATOR_LINE.fullmatch(head[0].strip())):
        return hint[1], 1
    best: tuple[int, str] | None = None
    for delimiter in _DELIMITERS:
        try:
            rows = list(csv.reader(io.StringIO("\n".join(head)), delimiter=delimiter))
        except csv.Error:
            continue
        for row in rows:
            if _header_columns(row) is not None and (best is None or len(row) > best[0]):
                best = (len(row), delimiter)
    if best is not None:
        return best[1], 0
    try:
        return csv.Sniffer().sniff("\n".join(head), delimiters="".join(_DELIMITERS)).delimiter, 0
    except csv.Error:
        return ";", 0


def _header_columns(row: Sequence[CellValue]) -> tuple[int, int] | None:
    """(Game column, Deal column) when `row` is the records' header row."""
    game = deal = None
    for column, value in enumerate(row):
        if not filled(value):
            continue
        key = fold(str(value)).rstrip(":")
        if key in _GAME_WORDS and game is None:
            game = column
        elif key in HEADER_WORDS and deal is None:
            deal = column
    return (game, deal) if game is not None and deal is not None else None


# -- damaged names ----------------------------------------------------------------------


def repair_text(text: str) -> str:
    """`text` with the damage of an earlier wrong decoding undone ("KovĂĄcs Ă–dĂ¶n" →
    "Kovács Ödön", "GyĹ‘zĹ‘" → "Győző", "Gõz" → "Gőz"), else `text` itself.

    ftfy's `fix_encoding` knows UTF-8 read as Latin-1, Windows-1252 and Windows-1250, but
    leaves short Hungarian names alone ("ZsĂłfi") and mistakes UTF-8 read as Latin-2 for
    Windows-1250 ("Kovåcs"). So its answer is one candidate among re-readings of the bytes;
    the one kept has the least of ftfy's badness, then the fewest letters outside ASCII and
    the Hungarian alphabet, and only when that is less than the original's."""
    current = text
    for _ in range(3):  # text damaged twice is repaired twice
        if current.isascii():
            break
        best = min(_candidates(current), key=_damage, default=current)
        if _damage(best) >= _damage(current):
            break
        current = best
    return current


def _candidates(text: str) -> list[str]:
    import ftfy

    found = [ftfy.fix_encoding(text)]
    for first, second in _REENCODINGS:
        data = _reencode(text, first, second)
        if data is not None:
            with contextlib.suppress(UnicodeDecodeError):
                found.append(data.decode("utf_8"))
    for first, second in _LATIN2_AS_LATIN1:
        data = _reencode(text, first, first)
        if data is not None:
            found.append(data.decode(second, errors="replace"))
    return [candidate for candidate in found if candidate != text and "\ufffd" not in candidate]


def _reencode(text: str, first: str, second: str) -> bytes | None:
    import ftfy.bad_codecs  # noqa: F401 - registers the sloppy-windows-125x codecs

    out = bytearray()
    for char in text:
        try:
            out += char.encode(first)
        except UnicodeEncodeError:
            try:
                out += char.encode(second)
            except UnicodeEncodeError:
                return None
    return bytes(out)


def _damage(text: str) -> tuple[int, int]:
    from ftfy.badness import badness

    foreign = sum(1 for ch in text if not ch.isascii() and ch not in _HUNGARIAN_LETTERS)
    return badness(text), foreign


def name_refusal(raw: str, name: str) -> tuple[str, dict[str, object]] | None:
    """Why a name cannot go into a notebook (suffix of a message key and its parameters)."""
    controls = [ch for ch in raw if unicodedata.category(ch) == "Cc" or ch in _BIDI_CONTROLS]
    if controls:
        shown = "".join("\ufffd" if ch in controls else ch for ch in raw)
        found = ", ".join(dict.fromkeys(f"U+{ord(ch):04X}" for ch in controls))
        return "control", {"shown": f"'{shown[:NAME_MOST]}'", "found": found}
    if len(name) > NAME_MOST:
        return "too_long", {"shown": name[:30], "length": len(name), "most": NAME_MOST}
    return None


# -- rows to games ----------------------------------------------------------------------


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
        found = _header_columns(table.rows[row])
        if found is not None:
            return row, *found
    return None


def _header_langs(table: Table, header: tuple[int, int, int]) -> list[Lang]:
    row, game, deal = header
    langs = [_GAME_WORDS[fold(str(table.value(row, game))).rstrip(":")]]
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
    columns = _columns(table, header, fix, records)
    if not columns:
        records.problems.append(
            _problem("records_no_players", table.place(header_row, deal_column))
        )
        return []
    groups = _groups(table, header, columns, fix, records)
    lang: Lang = "hu" if "hu" in _header_langs(table, header) else "en"
    return [_game(table, group, columns, deal_column, rules, lang) for group in groups]


def _problem(code: str, place: Place, **params: object) -> Problem:
    return place.problem(code, params)


def _columns(
    table: Table,
    header: tuple[int, int, int],
    fix: Callable[[str], str],
    records: Records,
) -> list[_Column]:
    header_row, game_column, deal_column = header
    columns = []
    for index in range(len(table.rows[header_row])):
        raw = table.value(header_row, index)
        if index in (game_column, deal_column) or not filled(raw):
            continue
        place = table.place(header_row, index)
        name = _repaired(str(raw), place, fix, records)
        refusal = name_refusal(str(raw), name)
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
) -> list[_Group]:
    """The rows of each game, in the order the games first appear. A blank Game cell
    continues the game above, as people write a game's name on its first row only."""
    header_row, game_column, deal_column = header
    known = {column.index for column in columns} | {game_column, deal_column}
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
        groups[key] = _Group(name, place, refusal=name_refusal(raw, name))
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
        header = _SHEET_HEADER_ROW
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
_SHEET_HEADER_ROW: Final = 1  # row 0 holds the game's full name


def sheet_rows(game: RecordGame, lang: Lang) -> list[list[CellValue]]:
    """The game as a game sheet: its full name (a sheet's title holds 31 characters), the
    header, the deals as typed, and the paper's Total row; `filing` writes exactly this."""
    rows: list[list[CellValue]] = [
        [say("game", lang), game.name],
        [say("deal", lang), *game.players],
    ]
    rows += [[deal.number, *deal.cells] for deal in game.deals]
    if game.totals is not None:
        rows.append([say("total", lang), *game.totals])
    return rows
