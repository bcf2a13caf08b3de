"""Makes the bad-input corpus: notebooks with the mistakes people really make, and what
`remi check` must say about each of them.

    .venv/bin/python tests/corpus/make_corpus.py            # rewrites tests/corpus/
    .venv/bin/python tests/corpus/make_corpus.py OUT_DIR    # somewhere else

Every case is one file and the complete, ordered list of problems (sheet, cell, message key)
that `remi check` must report for it, written to `expected.json`. The expectations are typed
here by hand, from NOTEBOOK.md and RULES.md, never copied from the tool's output. A case the
tool gets wrong today carries `xfail` (the reason is the bug); `tests/test_corpus.py` runs it
as a strict xfail until the library is fixed. `damaged` marks a file whose zip is fine but
whose contents no reader can use: the library may raise, and the command line must turn that
into the file-level problem. `isolate` marks a file that may bring down the whole Python
process (a native crash): it is only ever read in a child process.

The output is deterministic (fixed timestamps inside and around the zip members), so that
`tests/test_corpus.py` can regenerate it into a temporary folder and compare.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import re
import shutil
import struct
import sys
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
import xlsxwriter

HERE = Path(__file__).resolve().parent
FIXED_TIME = (2026, 11, 29, 20, 0, 0)
FIXED_STAMP = b"2026-11-29T20:00:00Z"

Rows = Sequence[Sequence[Any]]
Expected = list[tuple[str | None, str | None, str]]


class Formula(str):
    """A cell typed as a formula (openpyxl saves no result for it)."""

    __slots__ = ()


class ErrorValue(str):
    """A cell holding a spreadsheet error value (#N/A, #REF!, …) without a formula."""

    __slots__ = ()


@dataclass
class Case:
    file: str
    mistake: str
    build: Callable[[Path], None] | None  # None: the file must not exist
    problems: Expected
    xfail: str | None = None
    damaged: bool = False
    isolate: bool = False
    exit: int = 1

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "file": self.file,
            "mistake": self.mistake,
            "problems": [
                {"sheet": sheet, "cell": cell, "code": code} for sheet, cell, code in self.problems
            ],
            "exit": self.exit,
        }
        if self.xfail:
            data["xfail"] = self.xfail
        if self.damaged:
            data["damaged"] = True
        if self.isolate:
            data["isolate"] = True
        return data


# ---------------------------------------------------------------------------- writing files


def _normalise(path: Path) -> None:
    """Rewrite the zip at `path` with fixed member times and fixed document dates."""
    with zipfile.ZipFile(path) as source:
        members = [(info, source.read(info.filename)) for info in source.infolist()]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for info, content in members:
            data = content
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z", FIXED_STAMP, data)
            fixed = zipfile.ZipInfo(info.filename, FIXED_TIME)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            out.writestr(fixed, data)
    path.write_bytes(buffer.getvalue())


def _put(sheet: Any, row: int, column: int, value: Any) -> None:
    cell = sheet.cell(row=row, column=column)
    if value is None:
        return
    cell.value = value
    if isinstance(value, Formula):
        cell.data_type = "f"
    elif isinstance(value, ErrorValue):
        cell.data_type = "e"
    elif isinstance(value, str):
        cell.data_type = "s"  # typed text stays text, even "=1+1" or "#N/A"


def write_book(
    path: Path,
    sheets: dict[str, Rows],
    rules: Sequence[Sequence[Any]] | None = None,
    rules_sheet: str = "Rules",
    extra: dict[str, Any] | None = None,
) -> None:
    """An .xlsx with one sheet per entry of `sheets` (rows from A1, text as text), then a
    rules sheet holding `rules` rows as given (heading included), then `extra` cells
    ({"Sheet!A1": value})."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for r, row in enumerate(rows, start=1):
            for c, value in enumerate(row, start=1):
                _put(sheet, r, c, value)
    if rules is not None:
        sheet = book.create_sheet(rules_sheet)
        for r, row in enumerate(rules, start=1):
            for c, value in enumerate(row, start=1):
                _put(sheet, r, c, value)
    for where, value in (extra or {}).items():
        name, ref = where.split("!")
        book[name][ref] = value
    book.save(path)
    _normalise(path)


def rules_rows(pairs: dict[str, Any], heading: tuple[str, str] = ("Rule", "Value")) -> list[Any]:
    return [list(heading), *([name, value] for name, value in pairs.items())]


def notebook(
    sheets: dict[str, Rows],
    rules: dict[str, Any] | None = None,
    rules_sheet: str = "Rules",
    heading: tuple[str, str] = ("Rule", "Value"),
    extra: dict[str, Any] | None = None,
) -> Callable[[Path], None]:
    rows = rules_rows(rules, heading) if rules is not None else None
    return lambda path: write_book(path, sheets, rows, rules_sheet, extra)


def with_formulas(rows: Rows, formulas: dict[tuple[int, int], tuple[str, Any]]) -> Callable:
    """A one-sheet notebook made by xlsxwriter, with formulas and their saved results at
    0-based (row, column)."""

    def build(path: Path) -> None:
        book = xlsxwriter.Workbook(str(path))
        book.set_properties({"created": dt.datetime(2026, 11, 29, 20, 0, 0)})
        sheet = book.add_worksheet("Game")
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if value is not None:
                    sheet.write_string(r, c, value) if isinstance(value, str) else sheet.write(
                        r, c, value
                    )
        for (r, c), (formula, result) in formulas.items():
            sheet.write_formula(r, c, formula, None, result)
        book.close()
        _normalise(path)

    return build


def raw(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def edited(base: Callable[[Path], None], edit: Callable[[dict[str, bytes]], None]) -> Callable:
    """`base`'s workbook with its zip members changed by `edit` and the zip packed again."""

    def build(path: Path) -> None:
        base(path)
        with zipfile.ZipFile(path) as source:
            members = {name: source.read(name) for name in source.namelist()}
        edit(members)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
            for name, data in members.items():
                info = zipfile.ZipInfo(name, FIXED_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                out.writestr(info, data)
        path.write_bytes(buffer.getvalue())

    return build


def folder(path: Path) -> None:
    path.mkdir()
    (path / ".gitkeep").write_bytes(b"")


def compound_file(streams: Sequence[str]) -> bytes:
    """A minimal OLE2 compound file (what .xls files and password-protected .xlsx files
    are), holding empty streams with the given names."""
    end, free, fat_sector, nostream = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD, 0xFFFFFFFF
    header = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(16)
    header += struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6) + bytes(6)
    header += struct.pack("<IIIIIIIII", 0, 1, 1, 0, 4096, end, 0, end, 0)
    header += struct.pack("<I", 0) + struct.pack("<I", free) * 108
    fat = struct.pack("<II", fat_sector, end) + struct.pack("<I", free) * 126

    def entry(name: str, kind: int, left: int, right: int, child: int) -> bytes:
        encoded = (name + "\0").encode("utf-16-le")
        start = end if kind == 5 else 0
        return (
            encoded.ljust(64, b"\0")
            + struct.pack("<HBB", len(encoded), kind, 1)
            + struct.pack("<III", left, right, child)
            + bytes(16 + 4 + 16)
            + struct.pack("<IQ", start, 0)
        )

    entries = [entry("Root Entry", 5, nostream, nostream, 1 if streams else nostream)]
    for index, name in enumerate(streams, start=1):
        right = index + 1 if index < len(streams) else nostream
        entries.append(entry(name, 2, nostream, right, nostream))
    directory = b"".join(entries).ljust(512, b"\0")
    return header + fat + directory


def ods_file() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        info = zipfile.ZipInfo("mimetype", FIXED_TIME)
        out.writestr(info, "application/vnd.oasis.opendocument.spreadsheet")
        info = zipfile.ZipInfo("content.xml", FIXED_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(info, '<?xml version="1.0"?><office:document-content/>')
    return buffer.getvalue()


def docx_file() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for name, text in {
            "[Content_Types].xml": '<?xml version="1.0"?><Types/>',
            "word/document.xml": '<?xml version="1.0"?><w:document/>',
        }.items():
            out.writestr(zipfile.ZipInfo(name, FIXED_TIME), text)
    return buffer.getvalue()


# ------------------------------------------------------------------------------ the games

EN = ["Deal", "Anna", "Béla", "Csaba"]
HU = ["Leosztás", "Kovács Ödön", "Szűcs Réka", "Bíró Győző"]
NOTES = [["Dátum", dt.date(2026, 11, 29)], ["Helyszín", "Kovácsék, Szeged"], ["Jó játékot!"], []]


def one_deal(*cells: Any, header: Sequence[str] = EN) -> list[list[Any]]:
    """A game with one played deal and the rest of the seven ready."""
    return [list(header), [1, *cells], *([n] for n in range(2, 8))]


def worked() -> list[list[Any]]:
    """The worked game of RULES.md (totals −30, 100, 220), three deals played."""
    return [
        list(EN),
        [1, "H", "27", "X"],
        [2, "12", "W", "K 9 Jo"],
        [3, "3", "X 55", "W"],
    ]


def shifted(rows: Rows, notes: Rows = NOTES) -> list[list[Any]]:
    """`rows` one column to the right, under notes (header in column B, row 5)."""
    return [list(note) for note in notes] + [[None, *row] for row in rows]


def game(*cells: Any, **rules: Any) -> Callable[[Path], None]:
    """One sheet 'Game' with one played deal."""
    return notebook({"Game": one_deal(*cells)}, rules or None)


G = "Game"
CASES: list[Case] = []


def case(file: str, mistake: str, build: Callable[[Path], None] | None, *problems: Any, **kw: Any):
    CASES.append(Case(file, mistake, build, list(problems), **kw))


# --- entries: one cell that is no entry
case(
    "entry_unknown-letter.xlsx",
    "a letter that is no code",
    game("H", "Z", "X"),
    (G, "C2", "entry_unknown"),
)
case(
    "entry_unknown-hungarian-word.xlsx",
    "'vesztett' (lost) typed instead of points",
    notebook({"Szombat": shifted(one_deal("W", "vesztett", "12", header=HU))}),
    ("Szombat", "D6", "entry_unknown"),
)
case(
    "entry_unknown-dash.xlsx",
    "a dash for 'nothing'",
    game("W", "-", "12"),
    (G, "C2", "entry_unknown"),
)
case(
    "entry_unknown-question.xlsx",
    "a question mark for a forgotten number",
    game("W", "15", "?"),
    (G, "D2", "entry_unknown"),
)
case(
    "entry_unknown-x-words.xlsx",
    "X with words after it",
    game("H", "X kb 30", "20"),
    (G, "C2", "entry_unknown"),
)
case(
    "entry_unknown-bad-card.xlsx",
    "a card list with a card that does not exist",
    game("W", "K 11 3", "5"),
    (G, "C2", "entry_unknown"),
)
case(
    "entry_card_names-suit-word.xlsx",
    "cards and suits spelt out in Hungarian",
    game("W", "király pikk", "5"),
    (G, "C2", "entry_card_names"),
)
case(
    "entry_not_whole-comma.xlsx",
    "Hungarian decimal comma",
    game("W", "12,5", "3"),
    (G, "C2", "entry_not_whole"),
)
case(
    "entry_not_whole-number.xlsx",
    "a fraction stored as a number",
    game("W", 7.5, "3"),
    (G, "C2", "entry_not_whole"),
)
case(
    "entry_not_whole-x.xlsx",
    "X with a fraction",
    game("W", "3", "X 4.5"),
    (G, "D2", "entry_not_whole"),
)
case(
    "entry_boolean.xlsx",
    "'igaz' typed in a Hungarian Excel became TRUE",
    game("W", True, "3"),
    (G, "C2", "entry_boolean"),
)
case(
    "entry_boolean-false.xlsx",
    "FALSE for a player who had nothing",
    game("W", "3", False),
    (G, "D2", "entry_boolean"),
)
case(
    "entry_date.xlsx",
    "'3.12' turned into a date by Excel",
    game("W", dt.datetime(2026, 3, 12), "3"),
    (G, "C2", "entry_date"),
)
case(
    "entry_date-time.xlsx",
    "'3:12' turned into a time",
    game("W", "3", dt.time(3, 12)),
    (G, "D2", "entry_date"),
)
case(
    "entry_missing.xlsx",
    "one player's cell left empty",
    game("W", None, "3"),
    (G, "C2", "entry_missing"),
)
case(
    "entry_missing-spaces.xlsx",
    "a cell holding only spaces",
    game("W", "   ", "3"),
    (G, "C2", "entry_missing"),
)
case(
    "entry_missing-two.xlsx",
    "two empty cells in one deal",
    game(None, "W", None),
    (G, "B2", "entry_missing"),
    (G, "D2", "entry_missing"),
)
case(
    "card_empty-x-comma.xlsx",
    "X followed only by a comma",
    game("W", "X,", "3"),
    (G, "C2", "card_empty"),
)

# --- card points and card lists
case(
    "points_negative.xlsx",
    "a loser's points typed with a minus",
    game("W", "-5", "3"),
    (G, "C2", "points_negative"),
)
case(
    "points_negative-x.xlsx",
    "X with negative points",
    game("W", "3", "X -15"),
    (G, "D2", "points_negative"),
)
case("points_too_high.xlsx", "190 card points", game("W", "190", "3"), (G, "C2", "points_too_high"))
case(
    "points_too_high-x.xlsx",
    "X with an extra digit",
    game("W", "X 455", "3"),
    (G, "C2", "points_too_high"),
)
case(
    "points_too_high-no-jokers.xlsx",
    "150 is too much when the group plays without jokers",
    game("W", "150", "3", jokers=0),
    (G, "C2", "points_too_high"),
)
case(
    "cards_too_many.xlsx",
    "fifteen cards left in hand",
    game("W", " ".join(["K"] * 15), "3"),
    (G, "C2", "cards_too_many"),
)
case(
    "cards_too_many_jokers.xlsx",
    "five jokers",
    game("W", "Jo Jo Jo Jo Jo", "3"),
    (G, "C2", "cards_too_many_jokers"),
)
case(
    "cards_too_many_jokers-house-rule.xlsx",
    "three jokers where the group uses two",
    game("W", "Jo, Jo, Joker", "3", jokers=2),
    (G, "C2", "cards_too_many_jokers"),
)
case(
    "cards_too_many_copies.xlsx",
    "three kings of spades",
    game("W", "K♠ K♠ 7♥ K♠", "3"),
    (G, "C2", "cards_too_many_copies"),
)
case(
    "cards_too_many_copies-letters.xlsx",
    "three tens of hearts written with letters",
    game("W", "3", "10h 10H 10h"),
    (G, "D2", "cards_too_many_copies"),
)

# --- the deck's arithmetic (issue 21): bounds from the cards that exist
case(
    "points_too_high-aces-eleven.xlsx",
    "189 card points where aces count 11: two packs hold 8 aces, so 188 is the most",
    game("W", "189", "3", ace_value=11),
    (G, "C2", "points_too_high"),
)
case(
    "points_too_high-aces-eleven-no-jokers.xlsx",
    "149 card points with aces at 11 and no jokers: 148 is the most",
    game("W", "3", "149", ace_value=11, jokers=0),
    (G, "D2", "points_too_high"),
)
case(
    "score_200_without_hand-rich-aces.xlsx",
    "a paper 200 after a normal win, aces at 15 and jokers at 12 (the most is 188)",
    game(-20, 200, 10, ace_value=15, joker_in_hand=12),
    (G, "C2", "score_200_without_hand"),
)
case(
    "cards_too_many_of_rank.xlsx",
    "nine kings without suits: two packs hold eight",
    game("W", "K K K K K K K K K", "3"),
    (G, "C2", "cards_too_many_of_rank"),
)
case(
    "deal_too_many_jokers.xlsx",
    "every loser holds a joker where the group plays with two",
    notebook({G: one_deal("Jo", "W", "Jo", "Jo", header=[*EN, "Dóra"])}, {"jokers": 2}),
    (G, "E2", "deal_too_many_jokers"),
)

# --- rows
case(
    "row_mixed.xlsx", "scores and codes in one row", game("W", "-20", "30"), (G, "C2", "row_mixed")
)
case(
    "row_mixed-hand.xlsx",
    "the winner's −40 beside card points",
    game("-40", "27", "X"),
    (G, "B2", "row_mixed"),
)
case("no_winner.xlsx", "nobody got H or W", game("3", "4", "X 5"), (G, "A2", "no_winner"))
case(
    "no_winner-hungarian-column-b.xlsx",
    "no winner, Hungarian sheet with the header in B",
    notebook({"Vasárnap": shifted(one_deal("12", "X 40", "0", header=HU))}),
    ("Vasárnap", "B6", "no_winner"),
)
case(
    "no_winner-score-row.xlsx",
    "a score row without −20/−40",
    game("20", "30", "0"),
    (G, "A2", "no_winner"),
)
case("two_winners.xlsx", "H and W in one deal", game("H", "W", "X"), (G, "C2", "two_winners"))
case(
    "two_winners-score-row.xlsx",
    "two negative scores",
    game("-20", "-40", "30"),
    (G, "C2", "two_winners"),
)
case(
    "two_winners-three.xlsx",
    "everybody wrote W",
    game("W", "w", "nyert"),
    (G, "C2", "two_winners"),
    (G, "D2", "two_winners"),
)
case(
    "x_without_points.xlsx",
    "X alone after a normal win",
    game("W", "4", "X"),
    (G, "D2", "x_without_points"),
)

# --- score rows
case(
    "score_bad_winner.xlsx",
    "−30 for the winner",
    game("-30", "30", "0"),
    (G, "B2", "score_bad_winner"),
)
case(
    "score_bad_winner-house-rule.xlsx",
    "−40 where the house rule makes a hand −50",
    game("-40", "30", "200", hand_win=-50),
    (G, "B2", "score_bad_winner"),
)
case(
    "score_200_without_hand.xlsx",
    "200 after a normal win",
    game("-20", "200", "30"),
    (G, "C2", "score_200_without_hand"),
)
case("score_not_ten.xlsx", "35 not rounded", game("-20", "35", "30"), (G, "C2", "score_not_ten"))
case("score_too_high.xlsx", "190 as a score", game("-20", "190", "30"), (G, "C2", "score_too_high"))
case(
    "score_after_hand.xlsx",
    "30 after a hand (should be doubled)",
    game("-40", "30", "200"),
    (G, "C2", "score_after_hand"),
)
case(
    "score_after_hand-multiplier.xlsx",
    "40 after a hand where the multiplier is 3",
    game("-40", "40", "200", hand_multiplier=3),
    (G, "C2", "score_after_hand"),
)
case(
    "score_impossible-rounding-none.xlsx",
    "33 after a hand without rounding (must be even)",
    game("-40", "33", "200", rounding="none"),
    (G, "C2", "score_impossible"),
)
case(
    "score_impossible-no-round-first.xlsx",
    "an odd score after a hand, rounding=none",
    notebook(
        {G: one_deal("200", "-40", "57")}, {"rounding": "none", "round_before_doubling": "false"}
    ),
    (G, "D2", "score_impossible"),
)

# --- headers
case(
    "players_too_few.xlsx",
    "only one name in the header",
    notebook({G: [["Deal", "Anna"], [1, "W"]]}),
    (G, "A1", "players_too_few"),
)
case(
    "players_too_few-gap.xlsx",
    "an empty header cell after the first name",
    notebook({G: [["Deal", "Anna", None, "Béla"], [1, "W", None, "30"]]}),
    (G, "A1", "players_too_few"),
    (G, "D1", "player_after_gap"),
)
case(
    "players_too_many.xlsx",
    "seven players",
    notebook({G: [["Deal", *"ABCDEFG"], [1, "W", 1, 2, 3, 4, 5, 6]]}),
    (G, "H1", "players_too_many"),
)
case(
    "players_too_many-house-rule.xlsx",
    "five players where max_jatekos is 4",
    notebook(
        {"Játszma": [["Osztás", "Ödön", "Réka", "Győző", "Erzsi", "Zoli"], [1, "W", 1, 2, 3, 4]]},
        {"Max játékos": 4},
        "Szabályok",
        ("Szabály", "Érték"),
    ),
    ("Játszma", "F1", "players_too_many"),
)
case(
    "player_duplicate.xlsx",
    "the same name twice",
    notebook({G: [["Deal", "Anna", "Béla", "anna "], [1, "W", 3, 4]]}),
    (G, "D1", "player_duplicate"),
)
case(
    "player_duplicate-accents.xlsx",
    "Béla and Bela",
    notebook({G: [["#", "Béla", "Bela", "Csaba"], [1, "W", 3, 4]]}),
    (G, "C1", "player_duplicate"),
)

# --- the deal table
case(
    "deal_number_wrong.xlsx",
    "deal 1 typed twice (a row copied)",
    notebook({G: [EN, [1, "W", 3, 4], [1, 5, "W", 6]]}),
    (G, "A3", "deal_number_wrong"),
)
case(
    "deals_renumbered.xlsx",
    "deal 3 typed where 2 was expected (a row deleted?): read in the order of the rows",
    notebook({G: [EN, [1, "W", 3, 4], [3, 5, "W", 6]]}),
    (G, "A3", "deals_renumbered"),
    exit=0,
)
case(
    "deal_number_wrong-word.xlsx",
    "'egy' for the first deal",
    notebook({G: [HU, ["egy", "W", 3, 4]]}),
    (G, "A2", "deal_number_wrong"),
)
case(
    "deal_after_gap.xlsx",
    "a deal typed after an empty one",
    notebook({G: [EN, [1, "W", 3, 4], [2], [3, "H", 60, "X"], [4]]}),
    (G, "A4", "deal_after_gap"),
)
case(
    "too_many_deals.xlsx",
    "an eighth deal",
    notebook({G: [EN, *([n, "W", 10, 20] for n in range(1, 9))]}),
    (G, "A9", "too_many_deals"),
)
case(
    "too_many_deals-house-rule.xlsx",
    "a sixth deal where leosztások száma is 5",
    notebook(
        {G: [HU, *([n, 10, "W", "x 20"] for n in range(1, 7))]},
        {"Leosztások száma": 5},
        "Szabályok",
        ("Szabály", "Érték"),
    ),
    (G, "A7", "too_many_deals"),
)

# --- formulas
case(
    "formula_no_value.xlsx",
    "a formula saved without its result",
    game("W", Formula("=20+13"), "3"),
    (G, "C2", "formula_no_value"),
)
case(
    "formula_no_value-error-result.xlsx",
    "a formula whose saved result is #DIV/0!",
    with_formulas([EN, [1, "W", None, 3]], {(1, 2): ("=C1/0", "#DIV/0!")}),
    ("Game", "C2", "formula_no_value"),
)
case(
    "formula_error.xlsx",
    "an error value pasted as a value",
    game("W", ErrorValue("#N/A"), 3),
    (G, "C2", "formula_error"),
)
case(
    "formula_error-text.xlsx",
    "'#REF!' typed as text",
    game("#REF!", "W", 3),
    (G, "B2", "formula_error"),
)

# --- totals
case(
    "total_mismatch.xlsx",
    "a wrong total under the deals",
    notebook({G: [*worked(), ["Összesen", -30, 110, 220]]}),
    (G, "C5", "total_mismatch"),
)
case(
    "total_mismatch-text.xlsx",
    "totals typed as text, two of them wrong",
    notebook(
        {
            G: [
                *worked(),
                ["Total", "-30", "100 ", "200"],
            ]
        }
    ),
    (G, "D5", "total_mismatch"),
)
case(
    "total_mismatch-word.xlsx",
    "a word in the total row",
    notebook({G: [*worked(), ["Total", "Anna nyert", 100, 220]]}),
    (G, "B5", "total_mismatch"),
)

# --- house rules
case(
    "rule_unknown.xlsx",
    "a rule the tool does not know",
    notebook({G: worked()}, {"colour": "red"}),
    ("Rules", "A2", "rule_unknown"),
)
case(
    "rule_unknown-hungarian.xlsx",
    "a misspelt Hungarian rule name",
    notebook({G: worked()}, {"jokerek szám": 4}, "Szabályok", ("Szabály", "Érték")),
    ("Szabályok", "A2", "rule_unknown"),
)
case(
    "rule_bad_choice.xlsx",
    "rounding = up",
    notebook({G: worked()}, {"rounding": "up"}),
    ("Rules", "B2", "rule_bad_choice"),
)
case(
    "rule_bad_choice-hungarian.xlsx",
    "kerekítés = felfelé",
    notebook({G: worked()}, {"kerekítés": "felfelé"}, "Szabályok", ("Szabály", "Érték")),
    ("Szabályok", "B2", "rule_bad_choice"),
)
case(
    "rule_bad_bool.xlsx",
    "round_before_doubling = maybe",
    notebook({G: worked()}, {"round_before_doubling": "maybe"}),
    ("Rules", "B2", "rule_bad_bool"),
)
case(
    "rule_bad_bool-number.xlsx",
    "elobb kerekites = 2",
    notebook({G: worked()}, {"előbb kerekítés": 2}, "Szabályok", ("Szabály", "Érték")),
    ("Szabályok", "B2", "rule_bad_bool"),
)
case(
    "rule_bad_number.xlsx",
    "jokers = négy",
    notebook({G: worked()}, {"jokers": "négy"}),
    ("Rules", "B2", "rule_bad_number"),
)
case(
    "rule_bad_number-fraction.xlsx",
    "deals_per_game = 7.5",
    notebook({G: worked()}, {"deals_per_game": 7.5}),
    ("Rules", "B2", "rule_bad_number"),
)
case(
    "rule_out_of_range.xlsx",
    "twelve jokers",
    notebook({G: worked()}, {"jokers": 12}),
    ("Rules", "B2", "rule_out_of_range"),
)
case(
    "rule_out_of_range-positive-win.xlsx",
    "hand_win typed without its minus",
    notebook({G: worked()}, {"hand_win": 40}),
    ("Rules", "B2", "rule_out_of_range"),
)
case(
    "rule_wins_equal.xlsx",
    "hand_win set to −20 like normal_win",
    notebook({G: worked()}, {"hand_win": -20}),
    ("Rules", "B2", "rule_wins_equal"),
)
case(
    "rule_low_ace.xlsx",
    "low ace worth more than an ace",
    notebook({G: worked()}, {"low_ace_value": 15}),
    ("Rules", "B2", "rule_low_ace"),
)
case(
    "rules-several.xlsx",
    "a Rules sheet with notes, a heading and three bad rows",
    lambda path: write_book(
        path,
        {G: worked()},
        [
            ["# house rules of the club"],
            ["Rule", "Value"],
            ["jokers", 12],
            [],
            ["colour", "red"],
            ["opening_minimum", 51],
            ["rounding", "up"],
        ],
    ),
    ("Rules", "B3", "rule_out_of_range"),
    ("Rules", "A5", "rule_unknown"),
    ("Rules", "B7", "rule_bad_choice"),
)

# --- no games
case(
    "no_games-notes-only.xlsx",
    "a workbook of notes only",
    notebook({"Notes": [["Jegyzet"], ["Deal with it"]]}),
    (None, None, "no_games"),
)
case(
    "no_games-header-too-low.xlsx",
    "the header below row 10",
    notebook({G: [["note"]] * 10 + worked()}),
    (G, "A11", "header_too_low"),
    (None, None, "no_games"),
)
case(
    "no_games-english-round.xlsx",
    "'Round' instead of 'Deal'",
    notebook({G: [["Round", "Anna", "Béla"], [1, "W", 3]]}),
    (G, "A1", "sheet_unknown_header"),  # its rows read like deals: told, not left out
    (None, None, "no_games"),
)
case(
    "no_games-empty-sheet.xlsx",
    "a fresh workbook with one empty sheet",
    notebook({"Munka1": []}),
    (None, None, "no_games"),
)

# --- several mistakes in one file
case(
    "several-sheets.xlsx",
    "errors in the rules and in two games",
    notebook(
        {
            "2026-11-29 #1": [*worked(), [4, "W", "Z", 3]],
            "Notes": [["Anna brings the cards"]],
            "2026-11-29 #2": [EN, [1, "H", "W", "X"], [2, "-20", "35", "30"], [3], [4, "W", 3, 4]],
        },
        {"colour": "red"},
    ),
    ("Rules", "A2", "rule_unknown"),
    ("2026-11-29 #1", "C5", "entry_unknown"),
    ("2026-11-29 #2", "C2", "two_winners"),
    ("2026-11-29 #2", "C3", "score_not_ten"),
    ("2026-11-29 #2", "A5", "deal_after_gap"),
)
case(
    "several-hungarian.xlsx",
    "a Hungarian notebook, header in B under notes, house rules",
    notebook(
        {
            "Péntek": shifted(
                [
                    HU,
                    [1, "H", "27", "X"],
                    [2, "kézből", "x", "W"],
                    [3, "W", "12,5", True],
                    [4, "W", "3", "X"],
                ]
            ),
            "Szombat": shifted([["Osztás", "Ödön", "Réka", "ödön"], [1, "W", 1, 2]]),
        },
        {"Jokerek": 2, "Kerekítés": "nincs"},
        "Szabályok",
        ("Szabály", "Érték"),
    ),
    ("Péntek", "E7", "two_winners"),
    ("Péntek", "D8", "entry_not_whole"),
    ("Péntek", "E8", "entry_boolean"),
    ("Péntek", "E9", "x_without_points"),
    ("Szombat", "E5", "player_duplicate"),
)
case(
    "several-one-deal.xlsx",
    "cells of one deal wrong in their own ways (the row checks "
    "wait until every cell reads, so the -7 is not reported yet)",
    notebook(
        {
            G: [
                ["Deal", "A", "B", "C", "D", "E"],
                [1, "W", "Z", dt.datetime(2026, 1, 5), "X 4.5", "-7"],
            ]
        }
    ),
    (G, "C2", "entry_unknown"),
    (G, "D2", "entry_date"),
    (G, "E2", "entry_not_whole"),
)


# --- files that are no workbook at all
def _valid_book(path: Path) -> None:
    write_book(path, {G: worked()})


def _truncated(path: Path) -> None:
    _valid_book(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _without_sheet(members: dict[str, bytes]) -> None:
    del members["xl/worksheets/sheet1.xml"]


def _broken_sheet_xml(members: dict[str, bytes]) -> None:
    members["xl/worksheets/sheet1.xml"] = b"<?xml version='1.0'?><worksheet><sheetData><row"


def _huge_dimension(members: dict[str, bytes]) -> None:
    sheet = members["xl/worksheets/sheet1.xml"]
    members["xl/worksheets/sheet1.xml"] = re.sub(
        rb'<dimension ref="[^"]*"', b'<dimension ref="A1:XFD1048576"', sheet
    )


def _far_formatting(members: dict[str, bytes]) -> None:
    """Formatting far away, as Excel and LibreOffice write it: no cell of it holds a value."""
    sheet = members["xl/worksheets/sheet1.xml"]
    end = sheet.index(b"</sheetData>")
    fill = (
        b'<row r="9">' + b"".join(b'<c r="%s9" s="0"/>' % c for c in (b"AAA", b"ATC")) + b"</row>"
    )
    last = b'<row r="1048576" ht="30" customHeight="1"><c r="A1048576" s="0"/></row>'
    members["xl/worksheets/sheet1.xml"] = sheet[:end] + fill + last + sheet[end:]


def _padded_sheet(members: dict[str, bytes]) -> None:
    sheet = members["xl/worksheets/sheet1.xml"]
    members["xl/worksheets/sheet1.xml"] = sheet.replace(b"<sheetData>", b" " * (4 << 20), 1)


def _declared_huge(path: Path) -> None:
    """A valid workbook whose central directory says the worksheet inflates to 300 MB."""
    _valid_book(path)
    data = bytearray(path.read_bytes())
    name = b"xl/worksheets/sheet1.xml"
    at = data.index(b"PK\x01\x02")  # the first entry of the central directory
    while data[at + 46 : at + 46 + len(name)] != name:
        at = data.index(b"PK\x01\x02", at + 4)
    data[at + 24 : at + 28] = struct.pack("<I", 300 << 20)
    path.write_bytes(bytes(data))


case("file_not_xlsx-empty.xlsx", "an empty file", raw(b""), (None, None, "file_not_xlsx"))
case(
    "file_not_xlsx-csv.xlsx",
    "a CSV export renamed to .xlsx",
    raw("Leosztás;Anna;Béla\r\n1;W;30\r\n".encode("cp1250")),
    (None, None, "file_not_xlsx"),
)
case(
    "file_not_xlsx-html.xlsx",
    "an HTML table saved by a web page as .xlsx",
    raw(b"<html><body><table><tr><td>Deal</td><td>Anna</td></tr></table></body></html>"),
    (None, None, "file_not_xlsx"),
)
case(
    "file_not_xlsx-docx.xlsx",
    "a Word document renamed to .xlsx",
    raw(docx_file()),
    (None, None, "file_not_xlsx"),
)
case(
    "file_not_xlsx-truncated.xlsx",
    "a download cut off half way",
    _truncated,
    (None, None, "file_not_xlsx"),
)
case(
    "file_not_xlsx-missing-sheet-part.xlsx",
    "a zip whose worksheet part is missing",
    edited(_valid_book, _without_sheet),
    (None, None, "file_not_xlsx"),
    damaged=True,
)
case(
    "sheet_unreadable-broken-sheet-xml.xlsx",
    "a worksheet part cut in the middle of its XML",
    edited(_valid_book, _broken_sheet_xml),
    (G, None, "sheet_unreadable"),
    (None, None, "no_games"),
)
case(
    "file_xls.xlsx",
    "an Excel 97-2003 file renamed to .xlsx",
    raw(compound_file(["Workbook"])),
    (None, None, "file_xls"),
)
case(
    "file_xls.xls",
    "an Excel 97-2003 file",
    raw(compound_file(["Workbook", "SummaryInformation"])),
    (None, None, "file_xls"),
)
case(
    "file_encrypted.xlsx",
    "a workbook saved with a password",
    raw(compound_file(["EncryptionInfo", "EncryptedPackage"])),
    (None, None, "file_encrypted"),
)
case(
    "file_ods.xlsx",
    "an .ods without its manifest, renamed to .xlsx",
    raw(ods_file()),
    (None, None, "file_ods_damaged"),
)
case(
    "file_ods.ods",
    "an .ods without its manifest",
    raw(ods_file()),
    (None, None, "file_ods_damaged"),
)
case("file_missing.xlsx", "a file that is not there", None, (None, None, "file_missing"))
case("file_is_dir.xlsx", "a folder named like a workbook", folder, (None, None, "file_is_dir"))

# --- bugs found while building the corpus, fixed since: kept so they stay fixed
case(
    "bug-points-400-digits.xlsx",
    "a key held down: 400 nines as card points",
    game("W", "9" * 400, "3"),
    (G, "C2", "points_too_high"),
)
case(
    "bug-total-400-digits.xlsx",
    "a key held down in the total row",
    notebook({G: [*worked(), ["Total", -30, "1" * 400, 220]]}),
    (G, "C5", "total_mismatch"),
)

# --- sheets and packages too big to read safely (found by the fuzz run; see tests/fuzz/)
case(
    "far-note-in-last-cell.xlsx",
    "a note typed into the last cell of the sheet (XFD1048576): the game is read all the same",
    notebook({G: one_deal("W", "Z", "3")}, extra={"Game!XFD1048576": "end"}),
    (G, "C2", "entry_unknown"),
    isolate=True,
)
case(
    "far-note-after-ctrl-down.xlsx",
    "a stray 'x' at A200000 below the game: the game is read all the same",
    notebook({G: one_deal("W", "Z", "3"), "Notes": [["x"]]}, extra={"Game!A200000": "x"}),
    (G, "C2", "entry_unknown"),
    isolate=True,
)
case(
    "far-dimension.xlsx",
    "a worksheet that claims the whole sheet as its range: the game is read all the same",
    edited(notebook({G: one_deal("W", "Z", "3")}), _huge_dimension),
    (G, "C2", "entry_unknown"),
    isolate=True,
)
case(
    "far-formatting.xlsx",
    "a styled empty row at 1048576 and a fill across row 9 to column ATC: read all the same",
    edited(notebook({G: one_deal("W", "Z", "3")}), _far_formatting),
    (G, "C2", "entry_unknown"),
    isolate=True,
)
case(
    "sheet_too_big.xlsx",
    "a Standings sheet (read whole) with a value at column XFD in each of 130 rows",
    notebook(
        {G: one_deal("W", "Z", "3"), "Standings": [["x"]]},
        extra={f"Standings!XFD{row}": "x" for row in range(1, 131)},
    ),
    ("Standings", "XFD123", "sheet_too_big"),
    (G, "C2", "entry_unknown"),
    isolate=True,
)
case(
    "file_zip_bomb.xlsx",
    "a worksheet part that inflates a thousand times",
    edited(_valid_book, _padded_sheet),
    (None, None, "file_zip_bomb"),
    isolate=True,
)
case(
    "file_too_big.xlsx",
    "a zip that declares a 300 MB worksheet",
    _declared_huge,
    (None, None, "file_too_big"),
    isolate=True,
)


# --- found by the fuzz run (tests/fuzz/fuzz_xlsx.py)
def _without_rels(members: dict[str, bytes]) -> None:
    del members["xl/_rels/workbook.xml.rels"]


def _bad_margins(members: dict[str, bytes]) -> None:
    sheet = members["xl/worksheets/sheet1.xml"]
    members["xl/worksheets/sheet1.xml"] = re.sub(rb'(<pageMargins left=")[^"]*', rb"\1X 45", sheet)


case(
    "file_not_xlsx-missing-workbook-rels.xlsx",
    "a zip without xl/_rels/workbook.xml.rels",
    edited(_valid_book, _without_rels),
    (None, None, "file_not_xlsx"),
    damaged=True,
)
case(
    "bug-bad-page-margins.xlsx",
    "a damaged page set-up and an empty cell in a played deal",
    edited(game("W", None, "3"), _bad_margins),
    (G, "C2", "entry_missing"),
)


def _without_content_types(members: dict[str, bytes]) -> None:
    del members["[Content_Types].xml"]


case(
    "bug-no-content-types.xlsx",
    "a zip without [Content_Types].xml and an empty cell in a played deal",
    edited(game("W", None, "3"), _without_content_types),
    (G, "C2", "entry_missing"),
)


def _other_relationship_namespace(members: dict[str, bytes]) -> None:
    members["xl/workbook.xml"] = members["xl/workbook.xml"].replace(
        b'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
        b'xmlns:r="urn:x"',
    )


case(
    "bug-sheet-too-big-guard-bypassed.xlsx",
    "a far note (XFD1048576) in a workbook whose r: namespace is not the usual URI",
    edited(
        notebook({G: one_deal("W", "Z", "3")}, extra={"Game!XFD1048576": "end"}),
        _other_relationship_namespace,
    ),
    (G, "C2", "entry_unknown"),
    isolate=True,
)


def _far_cell_behind_a_chunk_end(members: dict[str, bytes]) -> None:
    """A last row whose cell has a "<" inside a quoted value just before the size guard's
    1 MiB chunk boundary, and its far position just after it. The value is letters that
    do not pack into a zip bomb (a letter of the alphabet in turn, every 61 bytes)."""
    sheet = members["xl/worksheets/sheet1.xml"]
    end = sheet.index(b"</sheetData>")
    opening = b'<row r="300"><c r="C300" x="'
    inner = (1 << 20) - 6  # where the "<" inside the value falls: the chunk ends 6 bytes on
    size = inner - end - len(opening)
    padding = bytes(97 + (i * 7 + i // 61) % 26 if i % 61 == 0 else 97 for i in range(size))
    far = b'<" r="XFD1048576" t="inlineStr"><is><t>end</t></is></c></row>'
    members["xl/worksheets/sheet1.xml"] = sheet[:end] + opening + padding + far + sheet[end:]


case(
    "bug-far-cell-behind-a-chunk-end.xlsx",
    'a far cell (XFD1048576) whose tag holds a "<" in a value at the end of a 1 MiB chunk',
    edited(notebook({G: one_deal("W", "Z", "3")}), _far_cell_behind_a_chunk_end),
    (G, None, "sheet_unreadable"),
    (None, None, "no_games"),
    isolate=True,
)


def main(out: Path = HERE) -> list[dict[str, Any]]:
    """Write every case into `out` and `out/expected.json`; return the expectations."""
    out.mkdir(parents=True, exist_ok=True)
    names = [c.file for c in CASES]
    duplicates = {name for name in names if names.count(name) > 1}
    if duplicates:
        raise SystemExit(f"duplicate corpus files: {sorted(duplicates)}")
    for item in CASES:
        path = out / item.file
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
        if item.build is not None:
            item.build(path)
    expected = [item.to_json() for item in CASES]
    lines = (json.dumps(item, ensure_ascii=False) for item in expected)
    text = "[\n" + ",\n".join(lines) + "\n]\n"
    (out / "expected.json").write_text(text, encoding="utf-8")
    return expected


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
