"""The live formulas of `remi new`, computed by a real spreadsheet: LibreOffice Calc, headless.

A differential test: notebooks made by `remi new` under many house rules (typed on their
Rules sheet), both languages and 2 to 6 players, filled with generated entries and rows
(`live_cases`: every form the engine reads and the mistakes people make), are computed by
LibreOffice, and every helper, score, running total, Total and Rank is compared with the
engine; then again after `remi score`. The input check's formula is computed beside every
entry: it never refuses an entry the engine reads. `.ci/run` installs LibreOffice.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from python_calamine import CalamineWorkbook

from remi_sheet.core.entries import Loser, Number, Winner, parse_entry
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules, rule_spec
from remi_sheet.i18n import say
from remi_sheet.notebook.games import Game
from remi_sheet.notebook.loading import Notebook, load_notebook
from remi_sheet.reading.cells import address
from remi_sheet.writing.formulas import WAITING, reads
from remi_sheet.writing.live_area import live_columns
from remi_sheet.writing.live_sheet import value_is_wrong
from remi_sheet.writing.new_notebook import HEADER_ROW
from remi_sheet.writing.typing_help import input_check
from tests.conftest import remi
from tests.live_cases import Typist

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra", "Ede", "Flóra"]
FIRST_ROW = HEADER_ROW + 1  # 0-based row of deal 1
DEALS = 50

# House rules as a club types them on its Rules sheet (text or numbers, yes/no in words).
VARIANTS: dict[str, dict[str, Any]] = {
    "defaults": {},
    "double-first-off": {"round_before_doubling": "nem", "deals_per_game": 40},
    "exact-x3": {"rounding": "none", "hand_multiplier": "3"},
    # numbers typed as text, as a phone or a spreadsheet set to a decimal point leaves
    # them: a typographic minus, a decimal comma
    "exact-late-custom": {
        "rounding": "nincs",
        "round_before_doubling": "no",
        "hand_win": "\u221250",
        "not_down_after_hand": 150,
        "jokers": 2,
        "ace_value": "11,0",
    },
    "big-multiplier": {
        "joker_in_hand": 25,
        "normal_win": "-10",
        "hand_multiplier": 10,
        "jokers": 0,
    },
    "high-ace": {"ace_value": 15, "joker_in_hand": 12},
    # a flat score for a loser not down after a normal win, typed over a Hungarian sheet's
    # "lappont" (the rule's row under its Hungarian name)
    "flat-not-down": {"not_down_after_normal": 100, "rounding": "tízesre"},
    "three-packs": {"packs": 3, "jokers": 9, "ace_value": 11},
    # played to a limit: the table's 50 rows are typed on after a total reaches it
    "to-limit": {"game_end": "ponthatár", "points_limit": 400},
}


def fill(path: Path, games: list[list[list[Any]]], rules: dict[str, Any] | None = None) -> None:
    """Type `games` into the game sheets (text as text) and `rules` on the Rules sheet."""
    book = openpyxl.load_workbook(path)
    for sheet, rows in zip(book.worksheets, games, strict=False):
        for offset, row in enumerate(rows):
            for column, value in enumerate(row):
                cell = sheet.cell(FIRST_ROW + offset + 1, 2 + column, value)
                if isinstance(value, str):
                    cell.data_type = "s"
    wanted = {rule_spec(name).name: value for name, value in (rules or {}).items()}
    for sheet in book.worksheets:
        if wanted and sheet.title in ("Rules", "Szabályok"):
            for row in sheet.iter_rows(min_row=2):
                try:  # the rules' rows carry their names in the sheet's language
                    rule = rule_spec(str(row[0].value)).name
                except RemiError:
                    continue
                if rule in wanted:
                    row[1].value = wanted.pop(rule)
    assert not wanted, f"no row for {wanted}"
    book.save(path)


def checks_beside(path: Path) -> None:
    """The input check of every entry cell, as a formula right of remi's helpers."""
    book = openpyxl.load_workbook(path)
    notebook = load_notebook(path)
    for game in notebook.games:
        sheet = book[game.sheet]
        right = live_columns(game).helpers[1] + 2
        for deal_row in game.layout.rows:
            for index in range(len(game.players)):
                entry = address(deal_row.row, game.layout.player_column(index))
                sheet.cell(deal_row.row + 1, right + index + 1, "=" + input_check(entry))
    book.save(path)


def calculated(path: Path, folder: Path) -> dict[str, list[list[Any]]]:
    """Every sheet's values as LibreOffice computes them."""
    assert SOFFICE, "LibreOffice is needed: apt-get install libreoffice-calc-nogui"
    out = folder / "calc"
    # A private profile: parallel or earlier runs must not share LibreOffice's lock.
    profile = (folder / "profile").as_uri()
    subprocess.run(
        [
            SOFFICE,
            f"-env:UserInstallation={profile}",
            "--headless",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(out),
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    with CalamineWorkbook.from_path(str(out / path.name)) as book:
        return {
            name: book.get_sheet_by_name(name).to_python(skip_empty_area=False)
            for name in book.sheet_names
        }


def value(rows: list[list[Any]], row: int, column: int) -> Any:
    try:
        found = rows[row][column]
    except IndexError:
        return None
    return None if found == "" else found


def reading(value: Any, rules: HouseRules) -> tuple[str, int | None]:
    """What the helpers' kind and value must say of a typed `value` (`formulas.kind`)."""
    try:
        entry = parse_entry(value, rules)
    except RemiError:
        return "E", None
    if entry is None:
        return "-", None
    if isinstance(entry, Winner):
        return ("H" if entry.hand else "W"), None
    if isinstance(entry, Loser):
        if entry.points is None:
            return "X", None
        return ("P" if entry.laid_down else "Y"), entry.points
    assert isinstance(entry, Number)
    return "N", entry.value


def same(shown: Any, expected: Any) -> bool:
    if isinstance(expected, int) and isinstance(shown, float):
        return math.isclose(shown, expected)
    return bool(shown == expected)


class Tally:
    entries = 0
    rows = 0


def compare(
    notebook: Notebook,
    sheets: dict[str, list[list[Any]]],
    tally: Tally,
    *,
    scored: bool,
    checked: bool = False,
) -> None:
    """Every helper and area cell of every game against the engine; `scored`: after remi
    score; `checked`: the input checks were computed beside (`checks_beside`)."""
    refused = say("live_refused", notebook.lang)
    for game in notebook.games:
        compare_game(game, sheets[game.sheet], notebook.rules, refused, tally, scored, checked)


def compare_game(
    game: Game,
    rows: list[list[Any]],
    rules: HouseRules,
    refused: str,
    tally: Tally,
    scored: bool,
    checked: bool,
) -> None:
    columns = live_columns(game)
    players = len(game.players)
    check_column = columns.helpers[1] + 2
    running = dict(zip((d.row for d in game.deals), game.score.running, strict=True))
    # A deal after an empty row is scored, and reported: the sheet refuses it.
    reported = {problem.cell for problem in game.problems}
    deals = {
        deal.row: deal
        for deal in game.deals
        if not any(address(deal.row, column) in reported for column in range(players + 1))
    }
    intact = True
    for deal_row in game.layout.rows:
        row = deal_row.row
        where = f"{game.sheet}!{row + 1}"
        kinds = []
        unknown = False
        for index, typed in enumerate(deal_row.cells):
            kind, points = reading(typed, rules)
            if not reads(typed):  # a character the helpers do not know (full-width Ｋ)
                unknown, kind, points = True, "E", None
            kinds.append(kind)
            shown = value(rows, row, columns.helper("kind", index))
            assert shown == kind, f"{where} {typed!r}: kind {shown}, engine {kind}"
            if points is not None:
                got = value(rows, row, columns.helper("value", index))
                assert same(got, points), f"{where} {typed!r}: {got}, engine {points}"
            accepted = value(rows, row, check_column + index) if checked else True
            assert accepted is True or kind in ("E", "-"), f"{where} {typed!r} refused"
            tally.entries += typed is not None
        status = value(rows, row, columns.status)
        scores = [value(rows, row, columns.score(i)) for i in range(players)]
        sums = [value(rows, row, columns.running(i)) for i in range(players)]
        deal = deals.get(row)
        intact = intact and (deal is not None or not deal_row.played)
        if not deal_row.played:
            assert status == "-" and scores == [None] * players, where
            continue
        tally.rows += 1
        if unknown and deal is not None:
            # remi score keeps the number it read while the row stays as it read it.
            expected = list(deal.score.scores) if scored else [refused] * players
            assert all(map(same, scores, expected)), f"{where} {deal_row.cells}: {scores}"
            intact = intact and scored
            continue
        if deal is None:
            assert status in ("E", "I"), f"{where} {deal_row.cells}: {status}, engine refuses"
            if status == "I":
                assert "-" in kinds, where
            assert scores == [WAITING if status == "I" else refused] * players, where
            assert sums == [WAITING] * players, where
            continue
        kind = "S" if deal.score.typed else ("H" if deal.score.hand else "W")
        assert status == kind, f"{where} {deal_row.cells}: {status}, engine {kind}"
        for index in range(players):
            expected = deal.score.scores[index]
            assert same(scores[index], expected), f"{where} {deal_row.cells}: {scores}"
            expected_sum = running[row][index] if intact else WAITING
            assert same(sums[index], expected_sum), f"{where}: Σ {sums}"
    total_row = game.layout.end_row + 1
    totals = [value(rows, total_row, columns.score(i)) for i in range(players)]
    places = [value(rows, total_row + 1, columns.score(i)) for i in range(players)]
    if not any(deal_row.played for deal_row in game.layout.rows):
        assert totals == places == [None] * players, game.sheet
    elif game.has_errors:
        assert totals == [WAITING] * players, game.sheet
    else:
        assert all(map(same, totals, game.score.totals)), (game.sheet, totals)
        assert all(map(same, places, game.score.ranks)), (game.sheet, places)


def made(tmp_path: Path, name: str, players: int, games: int, lang: str) -> Path:
    path = tmp_path / f"{name}.xlsx"
    names = [part for player in PLAYERS[:players] for part in ("-p", player)]
    result = remi("new", path, *names, "--games", str(games), "--deals", str(DEALS), "--lang", lang)
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.parametrize("number", range(len(VARIANTS)), ids=list(VARIANTS))
def test_live_formulas_agree_with_the_engine(tmp_path: Path, number: int) -> None:
    name = list(VARIANTS)[number]
    players = 2 + number % 5
    lang = ("hu", "en")[number % 2]
    games = math.ceil(2600 / (DEALS * players))
    path = made(tmp_path, name, players, games, lang)
    fill(path, [], VARIANTS[name])
    rules = load_notebook(path).rules
    typist = Typist(number, rules)
    fill(path, [typist.game(players, DEALS) for _ in range(games)])
    checks_beside(path)
    tally = Tally()
    computed = calculated(path, tmp_path / "typed")
    compare(load_notebook(path), computed, tally, scored=False, checked=True)
    assert tally.entries >= 1700 and tally.rows >= 100  # eight variants: over 13,600 entries
    remi("score", path)
    compare(load_notebook(path), calculated(path, tmp_path / "scored"), Tally(), scored=True)
    before = path.read_bytes()
    remi("score", path)
    assert path.read_bytes() == before  # nothing to change on a second run


def test_deal_numbers_typed_as_text_are_read_live_as_remi_reads_them(tmp_path: Path) -> None:
    """Leading zeros and a full stop are a deal's number to the engine; "01" once made the
    live sheet refuse its deal for good (its formula knew "1" and "1." only)."""
    path = made(tmp_path, "numbers", 3, 2, "hu")
    typed = ["01", "2.", " 03 ", "004.", "5..", "06", "+7", "0", "10"]
    book = openpyxl.load_workbook(path)
    for sheet, numbers in zip(book.worksheets, (typed[:4], typed), strict=False):
        for offset, number in enumerate(numbers):
            cell = sheet.cell(FIRST_ROW + offset + 1, 1, number)
            cell.data_type = "s"
    book.save(path)
    deal = ["W", "5", "K 9"]
    fill(path, [[deal] * 4, [deal] * len(typed)])
    notebook = load_notebook(path)
    first, second = notebook.games
    assert len(first.deals) == 4 and not first.has_errors  # 01, 2., 03 and 004. are deals 1-4
    assert {p.cell for p in second.problems} >= {"A10"}  # "5..": no deal number
    compare(notebook, calculated(path, tmp_path / "typed"), Tally(), scored=False)


@pytest.mark.parametrize("scored_first", [False, True], ids=["as made", "after a score"])
@pytest.mark.parametrize("emptied", [None, " ", "\u00a0 "], ids=["empty", "space", "no-break"])
def test_a_rules_value_emptied_is_the_default_live_as_in_remi(
    tmp_path: Path, scored_first: bool, emptied: str | None
) -> None:
    # Made with house rules, which the Rules sheet shows; a person then empties them (or
    # leaves a space there, as clearing a cell on a phone may).
    path = tmp_path / "k.xlsx"
    names = [part for player in PLAYERS[:3] for part in ("-p", player)]
    rules = ["-r", "hand_win=-50", "-r", "hand_multiplier=3", "-r", "rounding=none"]
    assert remi("new", path, *names, *rules, "--lang", "en").exit_code == 0
    fill(path, [[["H", 27, "X"], [12, "W", "K 9 Jo"], ["W", "X 45", 7]]])
    if scored_first:
        assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    for row in book["Rules"].iter_rows(min_row=2):
        with contextlib.suppress(RemiError):
            if rule_spec(str(row[0].value)).name in ("hand_win", "hand_multiplier", "rounding"):
                row[1].value = emptied
    book.save(path)
    notebook = load_notebook(path)
    assert notebook.rules == HouseRules(opening_minimum=notebook.rules.opening_minimum)
    compare(notebook, calculated(path, tmp_path), Tally(), scored=scored_first)


@pytest.mark.parametrize(
    ("rule", "typed", "read", "rules"),
    [
        ("hand_win", "-5 0", -50, []),
        ("hand_win", "\u2212 40", -40, []),
        ("points_limit", "1 000", 1000, ["-r", "game_end=limit"]),
    ],
)
def test_a_rules_number_typed_with_spaces_is_read_live_as_in_remi(
    tmp_path: Path, rule: str, typed: str, read: int, rules: list[str]
) -> None:
    # Spaces between thousands, or anywhere in a number typed as text: remi reads them
    # away, and so must the live formulas (LibreOffice's VALUE refuses "1 000", and every
    # score would be an error while `check` found nothing wrong).
    path = tmp_path / "k.xlsx"
    names = [part for player in PLAYERS[:3] for part in ("-p", player)]
    assert remi("new", path, *names, *rules, "--lang", "en").exit_code == 0
    fill(path, [[["H", 27, "X"], [12, "W", "K 9 Jo"], ["W", "X 45", 7]]], {rule: typed})
    notebook = load_notebook(path)
    assert getattr(notebook.rules, rule) == read
    assert not [p for p in notebook.all_problems() if p.severity.value == "error"]
    compare(notebook, calculated(path, tmp_path), Tally(), scored=False)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_rules_value_remi_refuses_is_painted_where_it_is_typed(tmp_path: Path, lang: str) -> None:
    # The live scores use what the Rules sheet says at once: a value remi refuses is red on
    # the sheet (the rule LibreOffice computes here, in a cell beside it), the others not.
    path = tmp_path / "k.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "--lang", lang).exit_code == 0
    typed = {
        "hand_multiplier": "2,5",
        "hand_win": 40,
        "packs": "three",
        "round_before_doubling": "talán",
        "rounding": "felfelé",
        "not_down_after_normal": "lappont" if lang == "hu" else "points",
        "jokers_per_meld": "\u22121",
        "opening_minimum": "51,0",
        "ace_value": "11",
        "points_limit": "500 pont",
        "joker_in_hand": "1.000",  # 1 to a spreadsheet, ambiguous to remi
        "not_down_after_hand": "1 000",  # a thousand, as Hungarians write it: read
        "low_ace_value": "5e2",
        "max_players": "6\u00a0",
        "opening_needs_clean_run": "igen\u00a0" if lang == "hu" else "no_",  # read; refused
        "game_end": "deals" if lang == "en" else "Leosztások",
        # White space the formulas' TRIM keeps, pasted: refused by both (remi read them)
        "jokers": "4\t",
        "normal_win": "-20\u2009",
    }
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[1]  # after the game: the Rules sheet (Standings, record follow)
    rows = {}
    for row in sheet.iter_rows(min_row=2):
        with contextlib.suppress(RemiError):
            spec = rule_spec(str(row[0].value))
            rows[spec.name] = row[1].row
            if spec.name in typed:
                row[1].value = typed[spec.name]
            formula = value_is_wrong(spec, f"$B${row[1].row}")
            sheet.cell(row[1].row, 5, "=" + formula)
            painted = sheet.conditional_formatting
            assert any(row[1].coordinate in str(rule.sqref) for rule in painted)
    book.save(path)
    refused = {
        problem.cell
        for problem in load_notebook(path).problems
        if problem.code.startswith("rule_bad")
        or problem.code in ("rule_out_of_range", "rule_value_unseen")
    }
    computed = calculated(path, tmp_path)[sheet.title]
    red = {f"B{row}" for name, row in rows.items() if computed[row - 1][4] is True}
    assert red == refused, (red, refused)
    # 2,5  40  three  talán  felfelé  −1  500 pont  1.000  5e2  4 and a tab  -20 and a thin
    # space, and in English no_
    assert len(red) == (12 if lang == "en" else 11)


def saved_by_libreoffice(path: Path, folder: Path) -> Path:
    """The workbook at `path` opened and saved as .xlsx by LibreOffice (which spells some
    formulas its own way: `TRUE()` for `TRUE`), put back in its place."""
    assert SOFFICE, "LibreOffice is needed: apt-get install libreoffice-calc-nogui"
    out = folder / "saved"
    profile = (folder / "profile").as_uri()
    subprocess.run(
        [SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--convert-to", "xlsx",
         "--outdir", str(out), str(path)],
        check=True, capture_output=True, timeout=180,
    )  # fmt: skip
    shutil.move(out / path.name, path)
    return path


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_notebook_saved_by_libreoffice_is_scored_again_and_again(
    tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "klub.xlsx"
    names = [part for name in PLAYERS[:3] for part in ("-p", name)]
    assert remi("new", path, *names, "--games", "2", "--lang", lang).exit_code == 0
    first = [["H", "27", "X"], [12, "W", "K 9 Jo"], ["3", "X 55", "W"]]
    fill(path, [first, [["W", "K 9 Jo", 12], [-20, 30, 0]]])
    for round_ in range(3):
        saved_by_libreoffice(path, tmp_path / f"round{round_}")
        scored = remi("score", path, "--lang", "en")
        assert scored.exit_code == 0, scored.output
        assert "error:" not in scored.stdout and "no errors" in scored.stdout
        notebook = load_notebook(path)
        assert [game.score.totals for game in notebook.games] == [(-30, 100, 220), (-40, 70, 10)]
        # LibreOffice keeps remi's record only hidden (anyone could show it): hidden again.
        assert openpyxl.load_workbook(path)["_remi_state"].sheet_state == "veryHidden"
        before = path.read_bytes()
        again = remi("score", path, "--lang", "en")
        assert again.exit_code == 0 and path.read_bytes() == before
    check = remi("check", path, "--lang", "en")
    assert check.exit_code == 0 and "no errors" in check.stdout


def test_openpyxl_writing_through_lxml_scores_a_notebook_libreoffice_saved(
    tmp_path: Path,
) -> None:
    """With lxml installed (pandas brings it), openpyxl writes through it, and writes an
    empty formula result its own way: the saved results must still go back in. The suite
    runs openpyxl without it (`conftest`); this runs the installed remi with it."""
    import lxml  # noqa: F401 - a test dependency: this path is always tested

    path = tmp_path / "klub.xlsx"
    names = [part for name in PLAYERS[:3] for part in ("-p", name)]
    assert remi("new", path, *names, "--lang", "hu").exit_code == 0
    fill(path, [[["H", "27", "X"], [12, "W", "K 9 Jo"], ["3", "X 55", "W"]]])
    saved_by_libreoffice(path, tmp_path / "saved")
    env = {**os.environ, "OPENPYXL_LXML": "True", "COLUMNS": "200", "NO_COLOR": "1"}
    command = [sys.executable, "-m", "remi_sheet", "score", str(path), "--lang", "en"]
    for _ in range(2):  # the second changes nothing
        scored = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        assert scored.returncode == 0, scored.stdout + scored.stderr
    assert "Nothing to change" in scored.stdout
    assert [game.score.totals for game in load_notebook(path).games] == [(-30, 100, 220)]


def test_libreoffices_named_styles_are_remis_after_a_score(tmp_path: Path) -> None:
    """LibreOffice numbers its cell style records its own way (unnamed ones first): read as
    openpyxl reads them, remi's cells were in no style or another one, and the file remi
    saved named style records it did not hold."""
    path = tmp_path / "klub.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "-p", "Csaba").exit_code == 0
    fill(path, [[["H", "27", "X"]]])
    saved_by_libreoffice(path, tmp_path / "lo")
    assert remi("score", path).exit_code == 0
    with zipfile.ZipFile(path) as archive:
        styles = archive.read("xl/styles.xml").decode()
    records = styles.split("<cellStyleXfs")[1].split("</cellStyleXfs>")[0].count("<xf ")
    cells = styles.split("<cellXfs")[1].split("</cellXfs>")[0]
    assert max(map(int, re.findall(r'xfId="([0-9]+)"', cells))) < records
    book = openpyxl.load_workbook(path)
    game = book.worksheets[0]
    marker = next(c for row in game.iter_rows() for c in row if str(c.value).startswith("remi ▸"))
    assert marker.style == "remi heading"


def test_a_scored_game_sheet_renamed_is_scored_under_its_new_name(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    assert (
        remi("new", path, "-p", "Anna", "-p", "Béla", "-p", "Csaba", "--lang", "hu").exit_code == 0
    )
    fill(path, [[["H", "27", "X"]]])
    saved_by_libreoffice(path, tmp_path / "lo1")
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    book.worksheets[0].title = "Első este"
    book.save(path)
    saved_by_libreoffice(path, tmp_path / "lo2")
    checked = remi("check", path, "--lang", "en")
    assert checked.exit_code == 0 and "no errors" in checked.stdout, checked.stdout
    fill(path, [[["H", "27", "X"], ["W", "K 9 Jo", 12]]])
    scored = remi("score", path, "--lang", "en")
    assert scored.exit_code == 0 and "Scored: Első este" in scored.stdout, scored.stdout
    sheet = openpyxl.load_workbook(path)["Első este"]
    formulas = sum(1 for row in sheet.iter_rows() for cell in row if cell.data_type == "f")
    assert formulas > 100  # its area stays live, as it was before the rename
    # H: -40, 27 → 30 × 2, X → 200; W: -20, K 9 Jo → 40, 12 → 10
    assert load_notebook(path).games[0].score.totals == (-60, 100, 210)
    assert "Nothing to change" in remi("score", path, "--lang", "en").stdout


def test_a_renamed_rules_sheet_is_read_and_stays_linked(tmp_path: Path) -> None:
    # Excel renames a sheet in every defined name that refers to it: the live formulas
    # read "Házirend" now, and so does remi, and a score keeps them reading it.
    path = tmp_path / "klub.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "--lang", "hu").exit_code == 0
    fill(path, [[["H", "27"], ["W", "K 9"]]], {"hand_win": -50})
    book = openpyxl.load_workbook(path)
    book["Szabályok"].title = "Házirend"
    for name in list(book.defined_names):
        defined = book.defined_names[name]
        defined.attr_text = defined.attr_text.replace("'Szabályok'!", "'Házirend'!")
    for cells in book["_remi_live"].iter_rows():  # every formula that reads it
        for cell in cells:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.value = cell.value.replace("'Szabályok'!", "'Házirend'!")
    book.save(path)
    notebook = load_notebook(path)
    assert notebook.rules.hand_win == -50 and notebook.games[0].score.totals == (-70, 80)
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    assert "'Házirend'!" in book.defined_names["remi_rules"].attr_text
    live = {row[0].value: row[1].value for row in book["_remi_live"].iter_rows()}
    assert "'Házirend'!" in live["remi_hand_win"]  # still linked, not a constant
    rows = calculated(path, tmp_path / "lo")[notebook.games[0].sheet]
    totals = next(row for row in rows if "Összesen" in row)
    assert -70 in totals and 80 in totals  # LibreOffice reads the renamed sheet too


@pytest.mark.parametrize("rules_sheet", [None, "Szabályok"])
def test_add_game_links_a_foreign_notebook_to_its_rules_sheet(
    tmp_path: Path, rules_sheet: str | None
) -> None:
    """A notebook a club made by hand (no Rules sheet, or one with a single rule) gets the
    rule rows it lacks on --add-game, and the new game's live scores follow a change there."""
    path = tmp_path / "kezi.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Kedd"
    for row in (["Leosztás", "Anna", "Béla", "Csaba"], [1, "H", 27, "X"], [2, 12, "W", "K 9"]):
        sheet.append(row)
    if rules_sheet:
        rules = book.create_sheet(rules_sheet)
        rules.append(["Szabály", "Érték"])
        rules.append(["normal_win", -20])
    book.save(path)
    added = remi("new", "--add-game", path, "--no-backup", "--lang", "hu")
    assert added.exit_code == 0, added.output
    assert "hiányzó szabály" in added.stdout
    book = openpyxl.load_workbook(path)
    rules = book[rules_sheet or "Szabályok"]
    values = {row[0].value: row[1] for row in rules.iter_rows(min_row=2)}
    hand_win = say("rulename_hand_win", "hu")  # the rows added are named in the sheet's language
    normal_win = "normal_win" if rules_sheet else say("rulename_normal_win", "hu")
    assert values[normal_win].value == -20 and hand_win in values
    if rules_sheet:
        assert [c.value for c in rules[2][:2]] == ["normal_win", -20]  # the club's row kept
    values[hand_win].value = -50
    game = book.worksheets[1]
    assert game.title != "Kedd" and book.worksheets[0].title == "Kedd"
    header = next(r for r in range(1, 10) if game.cell(r, 1).value == "Leosztás")
    for column, typed in enumerate(["H", "K 9", 30], start=2):
        game.cell(header + 1, column, typed).data_type = "s" if isinstance(typed, str) else "n"
    book.save(path)
    notebook = load_notebook(path)
    assert notebook.rules.hand_win == -50 and notebook.rules.normal_win == -20
    new_game = notebook.games[1]
    assert new_game.score.totals == (-50, 2 * 20, 2 * 30)
    rows = calculated(path, tmp_path)[new_game.sheet]
    columns = live_columns(new_game)
    shown = [value(rows, header, columns.score(i)) for i in range(3)]
    assert list(map(same, shown, new_game.score.totals)) == [True] * 3, shown


def test_score_live_brings_the_formulas_back_after_a_run_with_rules(tmp_path: Path) -> None:
    """`score -r` writes values (formulas cannot see the command line), and later runs keep
    them; `score --live` makes the area live again, and LibreOffice then computes what
    remi does."""
    path = tmp_path / "klub.xlsx"
    assert (
        remi("new", path, "-p", "Anna", "-p", "Béla", "-p", "Csaba", "--lang", "en").exit_code == 0
    )
    fill(path, [[["H", "27", "X"], [12, "W", "K 9 Jo"]]])

    def formulas() -> int:
        sheet = openpyxl.load_workbook(path).worksheets[0]
        return sum(1 for row in sheet.iter_rows() for cell in row if cell.data_type == "f")

    assert remi("score", path, "-r", "opening_minimum=60").exit_code == 0
    assert formulas() == 0
    assert remi("score", path).exit_code == 0 and formulas() == 0
    assert remi("score", path, "--live").exit_code == 0 and formulas() > 100
    assert remi("check", path).exit_code == 0
    before = path.read_bytes()
    assert remi("score", path).exit_code == 0 and path.read_bytes() == before
    rows = calculated(path, tmp_path / "lo")[load_notebook(path).games[0].sheet]
    game = load_notebook(path).games[0]
    columns = live_columns(game)
    header = game.layout.header_row
    totals = [value(rows, header + 8, columns.score(i)) for i in range(3)]
    assert list(map(same, totals, game.score.totals)) == [True] * 3, totals
    refused = remi("score", path, "--live", "-r", "jokers=4")
    assert refused.exit_code == 2 and "--live and --rule together" in refused.stderr


# A LibreOffice Basic macro that deletes or inserts one whole row of the first sheet and
# saves the workbook as .xlsx: rows changed as a person changes them, formulas re-pointed
# by LibreOffice itself.
_ROWS_MACRO = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1"
 script:language="StarBasic">
Sub Rows(spec)
  parts = Split(spec, "|")
  Dim hidden(0) As New com.sun.star.beans.PropertyValue
  hidden(0).Name = "Hidden"
  hidden(0).Value = True
  url = ConvertToURL(parts(0))
  doc = StarDesktop.loadComponentFromURL(url, "_blank", 0, hidden())
  sheet = doc.Sheets.getByIndex(0)
  If parts(1) = "delete" Then
    sheet.Rows.removeByIndex(CLng(parts(2)), 1)
  Else
    sheet.Rows.insertByIndex(CLng(parts(2)), 1)
  End If
  Dim filter(0) As New com.sun.star.beans.PropertyValue
  filter(0).Name = "FilterName"
  filter(0).Value = "Calc Office Open XML"
  doc.storeToURL(url, filter())
  doc.close(True)
End Sub
</script:module>
"""


def rows_changed_by_libreoffice(path: Path, folder: Path, change: str, row: int) -> None:
    """Delete (or insert before) the 0-based `row` of the first sheet in LibreOffice."""
    assert SOFFICE, "LibreOffice is needed: apt-get install libreoffice-calc-nogui"
    profile = folder / "macro-profile"
    run = [SOFFICE, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--invisible"]
    subprocess.run([*run, "--terminate_after_init"], check=True, capture_output=True, timeout=180)
    (profile / "user/basic/Standard/Module1.xba").write_text(_ROWS_MACRO, encoding="utf-8")
    before = path.read_bytes()
    macro = f'macro:///Standard.Module1.Rows("{path}|{change}|{row}")'
    subprocess.run([*run, macro], check=True, capture_output=True, timeout=180)
    assert path.read_bytes() != before, "the macro did not change the workbook"


def _scored_notebook(path: Path, live: bool) -> None:
    """A notebook of 3 players and 7 deals, scored live or as values."""
    names = [part for name in PLAYERS[:3] for part in ("-p", name)]
    assert remi("new", path, *names, "--lang", "en").exit_code == 0
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[0]
    for deal in range(7):
        typed = ("W", 20 + deal, "K 9 Jo") if deal % 2 else (10 + deal, "H", "X")
        for column, value in enumerate(typed, start=2):
            sheet.cell(FIRST_ROW + 1 + deal, column, value)
    book.save(path)
    assert remi("score", path, *([] if live else ["-r", "opening_minimum=50"])).exit_code == 0


def _errors(result: Any) -> tuple[list[str], list[str]]:
    """The error lines of a run, and those of them that say remi's cells moved."""
    errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    return errors, [line for line in errors if "hold what remi wrote in other rows" in line]


@pytest.mark.parametrize(
    ("change", "deal"),
    [("delete", 3), ("insert", 3), ("insert", 8)],  # 8: just before the Total row
)
@pytest.mark.parametrize("live", [True, False], ids=["live", "values"])
def test_rows_libreoffice_deletes_or_inserts_are_one_problem_for_remis_area(
    tmp_path: Path, change: str, deal: int, live: bool
) -> None:
    path = tmp_path / "klub.xlsx"
    _scored_notebook(path, live)
    rows_changed_by_libreoffice(path, tmp_path, change, FIRST_ROW + deal - 1)
    result = remi("check", path)
    errors, moved = _errors(result)
    assert not [line for line in errors if "typed over" in line], result.stdout
    if live and change == "delete":
        # A deal row deleted: LibreOffice points the live formulas at the rows left, and
        # they are what remi writes for six deals. The deal numbers out of the rows' order
        # are one warning, and `score` numbers them (the Total row under them keeps the
        # game at its six rows).
        assert result.exit_code == 0 and not errors, result.stdout
        sheet = load_notebook(path).games[0].sheet
        assert f"warning: {sheet}!A8: " in result.stdout
        scored = remi("score", path)
        assert scored.exit_code == 0, scored.output
        book = openpyxl.load_workbook(path)
        numbers = [book.worksheets[0].cell(row, 1).value for row in range(6, 12)]
        assert numbers == [1, 2, 3, 4, 5, 6]
        assert load_notebook(path).games[0].played == 6
        return
    assert result.exit_code == 1
    if change == "insert" and deal < 7:
        # An empty row among the deals ends the table above the rest: that one error,
        # which says to delete it, and nothing of remi's cells it moved (typed into, the
        # row is a deal, numbered and made live by score: `test_deal_rows`).
        assert len(errors) == 1 and not moved and "an empty row" in errors[0], result.stdout
        return
    assert len(moved) == 1, result.stdout


@pytest.mark.parametrize(
    ("change", "row"),
    # 0-based rows under 7 deals: the Total row deleted (the Rank row moves up into it),
    # a row inserted before the Rank row (pushed below all remi writes now).
    [("delete", FIRST_ROW + 7), ("insert", FIRST_ROW + 8)],
    ids=["total deleted", "inserted before rank"],
)
@pytest.mark.parametrize("live", [True, False], ids=["live", "values"])
def test_one_labelled_row_moved_whole_is_one_problem_not_typed_over_or_left_twice(
    tmp_path: Path, change: str, row: int, live: bool
) -> None:
    path = tmp_path / "klub.xlsx"
    _scored_notebook(path, live)
    rows_changed_by_libreoffice(path, tmp_path, change, row)
    result = remi("score", path)
    errors, moved = _errors(result)
    assert result.exit_code == 1 and len(errors) == len(moved) == 1, result.stdout
    at = row + 1 if change == "delete" else row + 2  # where the Rank row stands now
    assert moved[0].startswith(f"error: {load_notebook(path).games[0].sheet}!I{at}: ")
    labels = [cell.value for cell in openpyxl.load_workbook(path).worksheets[0]["I"]]
    assert labels.count("Rank") == 1, labels  # the sheet left alone: no second Rank row


@pytest.mark.parametrize("live", [True, False], ids=["live", "values"])
def test_the_last_deal_deleted_in_libreoffice_is_one_problem_then_scored(
    tmp_path: Path, live: bool
) -> None:
    # The Total and Rank rows move up: their labels to where a game of six deals has
    # them, their totals (values) still of seven deals.
    path = tmp_path / "klub.xlsx"
    _scored_notebook(path, live)
    rows_changed_by_libreoffice(path, tmp_path, "delete", FIRST_ROW + 6)
    result = remi("score", path)
    if live:
        # LibreOffice points the live formulas at the rows that are left: each holds just
        # what remi writes there for six deals, so nothing is in anyone's way.
        assert result.exit_code == 0, result.stdout
        assert load_notebook(path).games[0].played == 6
        return
    errors, moved = _errors(result)
    assert result.exit_code == 1 and len(errors) == len(moved) == 1, result.stdout
    columns = re.search(r"Clear columns (\w+):(\w+) of this sheet", moved[0])
    assert columns is not None
    book = openpyxl.load_workbook(path)  # as the person does what it says
    sheet = book.worksheets[0]
    for cells in sheet[f"{columns[1]}:{columns[2]}"]:
        for cell in cells:
            cell.value = None
    book.save(path)
    assert remi("score", path).exit_code == 0
    assert load_notebook(path).games[0].played == 6


def test_a_note_typed_in_a_moved_area_is_told_beside_the_move(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    _scored_notebook(path, live=False)
    rows_changed_by_libreoffice(path, tmp_path, "delete", FIRST_ROW + 2)
    book = openpyxl.load_workbook(path)
    book.worksheets[0]["K8"] = "ask Béla about deal 2"  # Anna's running total, moved up
    book.save(path)
    errors, moved = _errors(remi("check", path))
    assert len(moved) == 1
    assert [line for line in errors if "!K8: " in line and "ask Béla" in line], errors


@pytest.mark.parametrize("command", ["check", "score"])
def test_a_name_typed_over_remis_heading_is_one_line_and_the_sheet_left_alone(
    tmp_path: Path, command: str
) -> None:
    path = made(tmp_path, "klub", 4, 1, "en")
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[0]
    marker = sheet["I5"].value
    assert marker.startswith("remi ▸")
    sheet["I5"] = "Hugó"  # a latecomer's name one column too far, over remi's heading
    for column, entry in zip("BCDE", ["W", 10, 20, 30], strict=True):
        sheet[f"{column}6"] = entry
    book.save(path)

    def cells(sheet: Any, rows: int, columns: int) -> dict[tuple[int, int], Any]:
        found = {}
        for row in range(1, rows + 1):
            for column in range(1, columns + 1):
                value = sheet.cell(row, column).value
                if isinstance(value, openpyxl.worksheet.formula.ArrayFormula):
                    value = (value.ref, value.text)
                found[(row, column)] = value
        return found

    rows, columns = sheet.max_row, sheet.max_column
    typed = cells(sheet, rows, columns)
    result = remi(command, path)
    errors, _ = _errors(result)
    assert result.exit_code == 1 and len(errors) == 1, result.stdout
    assert "!I5: " in errors[0] and "'Hugó'" in errors[0] and "latecomer" in errors[0]
    after = openpyxl.load_workbook(path).worksheets[0]
    assert (after.max_row, after.max_column) == (rows, columns)
    assert cells(after, rows, columns) == typed  # the area neither moved nor cleared
    assert after["I5"].value == "Hugó"


def test_a_clubs_own_notebook_made_live_gets_no_input_check_on_its_cells(tmp_path: Path) -> None:
    from tests.conftest import build_notebook, worked_game

    path = build_notebook(tmp_path / "klub.xlsx", {"Kedd": worked_game()})
    assert remi("score", path, "--live").exit_code == 0
    sheet = openpyxl.load_workbook(path)["Kedd"]
    assert any(  # live, and yet its entry cells are the club's
        isinstance(cell.value, str | openpyxl.worksheet.formula.ArrayFormula)
        and str(getattr(cell.value, "text", cell.value)).startswith("=")
        for row in sheet.iter_rows()
        for cell in row
    )
    assert not sheet.data_validations.dataValidation
    assert not list(sheet.conditional_formatting)
