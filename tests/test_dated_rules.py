"""Rules with a date (issue 40): a Rules-sheet row repeated with a day in its From/Mától
column holds from that day on, and each game plays by the rows of its own date, in
`check`, `score`, `import`, `report` and `new --from`, walked as a club meets it.

The club's autumn, in days before today (the tests run on any day): two games before the
club decided "from now on a hand is −50", one after; the paper games of the same weeks are
imported later. A row dated after today is the next season's decision.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from remi_sheet.notebook.loading import load_notebook
from tests.conftest import fresh_python, remi, remi_json

REMI = Path(sys.executable).with_name("remi")
pytestmark = pytest.mark.skipif(not REMI.exists(), reason="remi is not installed beside Python")

TODAY = dt.date.today()
BEFORE, CHANGED, AFTER = TODAY - dt.timedelta(60), TODAY - dt.timedelta(30), TODAY - dt.timedelta(5)
NEXT_SEASON = TODAY + dt.timedelta(30)

WORDS: dict[str, dict[str, Any]] = {
    "hu": {
        "rules": "Szabályok",
        "heading": ["Szabály", "Érték", "Mától", "Magyarázat"],
        "hand_win": "kézből nyerés",
        "points_limit": "ponthatár",
        "date": "Dátum",
        "deal": "Leosztás",
        "hand": "kézből",
        "win": "nyert",
        "since": "napjától",
    },
    "en": {
        "rules": "Rules",
        "heading": ["Rule", "Value", "From", "Explanation"],
        "hand_win": "hand_win",
        "points_limit": "points_limit",
        "date": "Date",
        "deal": "Deal",
        "hand": "hand",
        "win": "W",
        "since": "from",
    },
}


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(REMI), *map(str, args)], capture_output=True, text=True, check=False, timeout=120
    )


def autumn(path: Path, lang: str, rules: list[list[Any]] | None = None) -> Path:
    """Three games: one before the change (a paper row with the old −40 hand), one on the
    day before it (a hand typed as a code), one after it (a hand typed, and a paper row
    with the new −50); then the Rules sheet with the change and the next season's."""
    w = WORDS[lang]
    book = openpyxl.Workbook()
    games = [
        ("g1", BEFORE, [[1, -40, 60], [2, w["win"], 30]]),
        ("g2", CHANGED - dt.timedelta(1), [[1, w["hand"], 30]]),
        ("g3", AFTER, [[1, w["hand"], 30], [2, -50, 60]]),
    ]
    for index, (name, day, deals) in enumerate(games):
        sheet = book.active if index == 0 else book.create_sheet(name)
        sheet.title = name
        sheet.append([w["date"], day])
        sheet.append([])
        sheet.append([w["deal"], "Anna", "Béla"])
        for row in deals:
            sheet.append(row)
    sheet = book.create_sheet(w["rules"])
    sheet.append(w["heading"])
    for row in rules or [
        [w["hand_win"], -40],
        [w["hand_win"], -50, CHANGED],
        [w["points_limit"], 1000, NEXT_SEASON],
    ]:
        sheet.append(row)
    book.save(path)
    return path


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_each_game_plays_by_the_rules_of_its_date(tmp_path: Path, lang: str) -> None:
    notebook = load_notebook(autumn(tmp_path / "club.xlsx", lang))
    assert notebook.all_problems() == []
    g1, g2, g3 = notebook.games
    assert [g.rules.hand_win for g in notebook.games] == [-40, -40, -50]
    assert g1.score.totals == (-60, 90)  # the paper row of −40 is a hand, as it was then
    assert g2.deals[0].score.scores == (-40, 60)
    assert g3.deals[0].score.scores == (-50, 60)
    # today's rules: the change, not yet the next season's
    assert notebook.rules.hand_win == -50 and notebook.rules.points_limit == 500


def test_before_the_change_the_new_value_is_refused_and_after_it_the_old(tmp_path: Path) -> None:
    path = autumn(tmp_path / "club.xlsx", "hu")
    book = openpyxl.load_workbook(path)
    book["g1"]["B4"] = -50  # played before the change: −50 is no winner's score then
    book["g3"]["B5"] = -40  # after it: −40 is none either
    book.save(path)
    found = {(p.sheet, p.cell) for p in load_notebook(path).all_problems()}
    assert ("g1", "B4") in found and ("g3", "B5") in found
    assert not any(sheet == "g2" for sheet, _ in found)


def test_a_game_without_a_date_plays_by_todays_rules_with_a_warning(tmp_path: Path) -> None:
    path = autumn(tmp_path / "club.xlsx", "en")
    book = openpyxl.load_workbook(path)
    book["g2"]["B1"] = None
    book["g3"]["B1"] = "next tuesday"
    book.save(path)
    g1, g2, g3 = load_notebook(path).games
    assert g2.rules.hand_win == -50 and g2.rules.points_limit == 500
    assert g2.deals[0].score.scores == (-50, 60)
    assert [(p.cell, p.code) for p in g2.problems] == [("B1", "game_undated_rules")]
    assert ("B1", "game_undated_rules") in [(p.cell, p.code) for p in g3.problems]
    assert g1.problems == []
    # without a dated row, a game without a date is no question of rules
    plain = autumn(tmp_path / "plain.xlsx", "en", [["hand_win", -40]])
    book = openpyxl.load_workbook(plain)
    book["g2"]["B1"] = None
    book.save(plain)
    codes = [p.code for p in load_notebook(plain).all_problems()]
    assert "game_undated_rules" not in codes


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_from_day_that_is_no_day_is_one_line_at_its_cell(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    rules = [[w["hand_win"], -40], [w["hand_win"], -50, "2026. 13. 01."]]
    path = autumn(tmp_path / "club.xlsx", lang, rules)
    done = run("check", path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    lines = [line for line in (done.stdout + done.stderr).splitlines() if "C3" in line]
    assert len(lines) == 1 and f"{w['rules']}!C3" in lines[0] and "2026. 13. 01." in lines[0]
    assert ("Mától" in lines[0]) == (lang == "hu") and ("From" in lines[0]) == (lang == "en")


def test_one_rule_twice_on_one_day_is_refused_at_the_later_row(tmp_path: Path) -> None:
    rules = [["hand_win", -40], ["hand_win", -50, CHANGED], ["hand_win", -60, CHANGED]]
    path = autumn(tmp_path / "club.xlsx", "en", rules)
    found = [(p.cell, p.code) for p in load_notebook(path).problems]
    assert found == [("A4", "rule_twice_on_day")]
    # two rows without a day say where the day goes
    rules = [["hand_win", -40], ["hand_win", -50]]
    done = run("check", autumn(tmp_path / "twice.xlsx", "en", rules))
    assert done.returncode == 1 and "From column" in done.stdout + done.stderr


def test_rules_that_clash_only_from_a_day_are_told_at_that_row(tmp_path: Path) -> None:
    rules = [["hand_win", -40], ["normal_win", -40, CHANGED]]  # wins equal from that day
    problems = load_notebook(autumn(tmp_path / "club.xlsx", "en", rules)).problems
    assert [(p.cell, p.code) for p in problems] == [("B3", "rule_wins_equal")]


def test_the_game_lines_and_the_unfinished_warning_go_by_each_games_rules(
    tmp_path: Path,
) -> None:
    rules = [["deals_per_game", 2], ["deals_per_game", 1, CHANGED]]
    path = autumn(tmp_path / "club.xlsx", "en", rules)
    told = run("check", path).stdout
    assert "g1: 2/2 deals" in told and "g2: 1/2 deals" in told and "g3: 2/1 deals" in told


def test_a_from_heading_of_another_spelling_and_an_override_of_a_dated_rule(
    tmp_path: Path,
) -> None:
    path = autumn(tmp_path / "club.xlsx", "en")
    book = openpyxl.load_workbook(path)
    book["Rules"]["C1"] = "-tól"
    book.save(path)
    assert [g.rules.hand_win for g in load_notebook(path).games] == [-40, -40, -50]
    # -r overrides every row of the rule, a dated one whose day is no day too
    book["Rules"]["C3"] = "soon"
    book.save(path)
    assert run("check", path).returncode == 1
    done = run("check", path, "-r", "hand_win=-60", "--json")
    assert done.returncode == 1  # the paper rows of −40 and −50 are no winner's now
    assert not any(p["sheet"] == "Rules" for p in json.loads(done.stdout)["problems"])


def test_an_empty_dated_row_changes_nothing_in_remi_nor_in_the_live_links(
    tmp_path: Path,
) -> None:
    from remi_sheet.notebook.loading import rule_cells

    rules = [["hand_win", -50], ["hand_win", None, CHANGED]]
    path = autumn(tmp_path / "club.xlsx", "en", rules)
    notebook = load_notebook(path)
    assert [g.rules.hand_win for g in notebook.games] == [-50, -50, -50]
    linked = rule_cells(load_notebook(path).grids.values(), day=AFTER)
    assert linked["hand_win"] == ("Rules", "B2")


def test_a_clash_is_told_at_the_rows_in_force(tmp_path: Path) -> None:
    rules = [
        ["hand_win", -40, AFTER],
        ["normal_win", -40, CHANGED],
        ["hand_win", -50, BEFORE],
    ]
    problems = load_notebook(autumn(tmp_path / "club.xlsx", "en", rules)).problems
    # from CHANGED the wins are −50 and −40; from AFTER both −40: rows 2 and 3 in force
    assert [(p.cell, p.code) for p in problems] == [("B3", "rule_wins_equal")]


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_check_score_and_report_say_the_change_and_its_day(tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    path = autumn(tmp_path / "club.xlsx", lang)
    done = run("check", path, "--json")
    assert done.returncode == 0, done.stdout
    document = json.loads(done.stdout)
    assert document["house_rules"] == {"hand_win": -50}
    assert document["rule_changes"] == [
        {"from": CHANGED.isoformat(), "rule": "hand_win", "value": -50},
        {"from": NEXT_SEASON.isoformat(), "rule": "points_limit", "value": 1000},
    ]
    told = run("check", path).stdout
    assert f"{w['since']}" in told and "-50" in told and "1000" in told
    scored = tmp_path / "scored.xlsx"
    assert run("score", path, "-o", scored).returncode == 0
    standings = openpyxl.load_workbook(scored).worksheets[-2]
    rows = [[cell.value for cell in row[:3]] for row in standings.iter_rows()]
    since = next(row for row in rows if row[0] == w["hand_win"])
    assert since[1] == -50 and since[2] is not None and str(CHANGED.year) in str(since[2])
    assert run("score", scored).returncode == 0
    pdf = tmp_path / "club.pdf"
    assert run("report", path, "-o", pdf).returncode == 0
    pages = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout.split("\f")
    # each game's legend shows the hand of its day; the old games' footnote no house rule
    legends = [re.findall(r"(−\d+) +(?:kézből|hand) \(", page) for page in pages[:3]]
    assert legends == [["−40"], ["−40"], ["−50"]]
    assert w["hand_win"] not in pages[0] and w["hand_win"] in pages[2]
    assert w["since"] in pages[3]  # the standings page: the change with its day


def test_import_reads_each_paper_game_by_the_rules_of_its_date(tmp_path: Path) -> None:
    path = autumn(tmp_path / "club.xlsx", "hu")
    records = tmp_path / "papir.csv"
    records.write_text(
        "Játszma;Dátum;Leosztás;Anna;Béla\n"
        f"régi;{BEFORE.isoformat()};1;-40;60\n"
        f"új;{AFTER.isoformat()};1;-50;60\n",
        encoding="utf-8",
    )
    done = run("import", records, "--into", path)
    assert done.returncode == 0, done.stdout + done.stderr
    notebook = load_notebook(path)
    assert notebook.all_problems() == []
    assert {g.sheet: g.rules.hand_win for g in notebook.games}.keys() >= {"régi", "új"}
    wrong = tmp_path / "rossz.csv"
    wrong.write_text(
        f"Játszma;Dátum;Leosztás;Anna;Béla\nrossz;{BEFORE.isoformat()};1;-50;60\n",
        encoding="utf-8",
    )
    done = run("import", wrong, "--into", path)
    assert done.returncode == 1 and "-50" in done.stdout + done.stderr


def test_the_next_season_starts_from_the_rules_as_they_stand_at_the_end(tmp_path: Path) -> None:
    old = autumn(tmp_path / "2026.xlsx", "hu")
    new = tmp_path / "2027.xlsx"
    done = run("new", new, "--from", old)
    assert done.returncode == 0, done.stdout + done.stderr
    notebook = load_notebook(new)
    assert notebook.rules.hand_win == -50 and notebook.rules.points_limit == 1000
    assert notebook.dated.changes == ()  # one row a rule: the new season's from its start


# --- the live notebook, typed in LibreOffice (`tests.calc`) --------------------------------

LIVE = {
    "hu": {"games": ("Játszma 1", "Játszma 2"), "rules": "Szabályok", "rule": "kézből nyerés"},
    "en": {"games": ("Game 1", "Game 2"), "rules": "Rules", "rule": "hand_win"},
}


HAND = (("B6", "H"), ("C6", "30"))  # Anna goes out from hand, Béla holds 30


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_live_game_plays_by_the_rules_of_its_date_in_libreoffice(
    tmp_path: Path, calc: Any, lang: str
) -> None:
    """A club's notebook: an October game and one after the change, a hand in each; the
    change typed on the Rules sheet's free row in LibreOffice. `check` warns that the live
    formulas do not read it yet; after `remi score` LibreOffice scores each game by the
    rules of its date, and a deal typed into the old game after that too."""
    first, second = LIVE[lang]["games"]
    rules = LIVE[lang]["rules"]
    path = tmp_path / "club.xlsx"
    made = run("new", path, "-p", "Anna", "-p", "Béla", "--games", "2", "--lang", lang)
    assert made.returncode == 0, made.stderr
    totals = [(first, "B3:C3"), (second, "B3:C3")]
    cells = [
        (first, "B1", BEFORE.isoformat()),
        (second, "B1", AFTER.isoformat()),
        *[(sheet, cell, text) for sheet in (first, second) for cell, text in HAND],
        (rules, "A21", LIVE[lang]["rule"]),
        (rules, "B21", "-50"),
        (rules, "C21", CHANGED.isoformat()),
    ]
    typed = tmp_path / "typed.xlsx"
    shown, _ = calc.type(path, cells, save=typed)
    assert all(cell.valid is True for cell in shown)
    checked = run("check", typed, "--json")
    assert checked.returncode == 0, checked.stdout
    found = [(p["sheet"], p["code"]) for p in json.loads(checked.stdout)["problems"]]
    assert found == [(rules, "live_rules_stale")]

    scored = tmp_path / "scored.xlsx"
    assert run("score", typed, "-o", scored).returncode == 0
    values = [[value for _, value in row] for part in calc.read(scored, totals) for row in part]
    assert values == [[-40, 60], [-50, 60]]
    assert run("check", scored).returncode == 0
    assert "live_rules_stale" not in run("check", scored, "--json").stdout

    later = tmp_path / "later.xlsx"
    shown, computed = calc.type(
        scored, [(first, "B7", "W"), (first, "C7", "20")], ranges=totals, save=later
    )
    assert all(cell.valid is True for cell in shown)
    assert [[v for _, v in row] for part in computed for row in part] == [[-60, 80], [-50, 60]]
    again = run("check", later, "--json")
    assert again.returncode == 0 and json.loads(again.stdout)["problems"] == []
    assert run("score", later).returncode == 0
    once = later.read_bytes()
    assert run("score", later).returncode == 0 and later.read_bytes() == once

    # next week's game added: the old game keeps its own rules live, the new one today's;
    # a game added with a day before the change plays by the old rules
    assert run("new", later, "--add-game").returncode == 0
    assert run("new", later, "--add-game", "--date", BEFORE.isoformat()).returncode == 0
    added = load_notebook(later).games
    assert [game.rules.hand_win for game in added] == [-40, -50, -50, -40]
    assert calc.read(later, totals)[0] == [[["formula", -60], ["formula", 80]]]
    names = openpyxl.load_workbook(later)
    assert "remi_hand_win" in names[first].defined_names
    assert "remi_hand_win" not in names[second].defined_names
    assert "remi_hand_win" in names[added[-1].sheet].defined_names

    # the dated row deleted (its undoing): the live sheet's link to it is broken (#REF!),
    # check warns, and remi score writes the live sheet anew: every game by the one row
    deleted = tmp_path / "deleted.xlsx"
    calc.delete_rows(later, rules, 21, deleted)
    broken = json.loads(run("check", deleted, "--json").stdout)["problems"]
    assert [(p["sheet"], p["code"]) for p in broken] == [(rules, "live_rules_stale")]
    assert run("score", deleted).returncode == 0
    assert calc.read(deleted, totals) == [
        [[["formula", -60], ["formula", 80]]],
        [[["formula", -40], ["formula", 60]]],
    ]
    assert "remi_hand_win" not in openpyxl.load_workbook(deleted)[first].defined_names
    assert json.loads(run("check", deleted, "--json").stdout)["problems"] == []


def test_checking_a_live_notebook_without_dated_rows_loads_no_workbook_writer(
    tmp_path: Path, calc: Any
) -> None:
    """The warning of a Rules row the live formulas do not read yet compares formulas only
    where a row has a day: a club's check of the notebook it typed and saved in
    LibreOffice stays a read by calamine (openpyxl's import alone is most of its time)."""
    path = tmp_path / "club.xlsx"
    assert run("new", path, "-p", "Anna", "-p", "Béla", "--lang", "hu").returncode == 0
    typed = tmp_path / "typed.xlsx"
    calc.type(path, [(_first_sheet(path), c, t) for c, t in HAND], save=typed)
    probe = (
        "import sys\nfrom remi_sheet import check\n"
        "checked = check(sys.argv[1])\n"
        "print(len(checked.problems), 'openpyxl' in sys.modules)"
    )
    assert fresh_python(probe, typed).stdout.split() == ["0", "False"]


def _first_sheet(path: Path) -> str:
    return str(openpyxl.load_workbook(path, read_only=True).sheetnames[0])


def test_a_from_day_moved_after_a_score_is_warned_of_then_linked(tmp_path: Path, calc: Any) -> None:
    """The day of the change moved past the second game, in LibreOffice: both games now
    play by the old rules, the live sheet's blocks alike (only which game reads which
    block changes): `check` warns until `remi score` links them."""
    first, second = LIVE["hu"]["games"]
    rules = LIVE["hu"]["rules"]
    path = tmp_path / "club.xlsx"
    made = run("new", path, "-p", "Anna", "-p", "Béla", "--games", "2", "--lang", "hu")
    assert made.returncode == 0
    cells = [
        (first, "B1", BEFORE.isoformat()),
        (second, "B1", AFTER.isoformat()),
        *[(sheet, cell, text) for sheet in (first, second) for cell, text in HAND],
        (rules, "A21", LIVE["hu"]["rule"]),
        (rules, "B21", "-50"),
        (rules, "C21", CHANGED.isoformat()),
    ]
    typed = tmp_path / "typed.xlsx"
    calc.type(path, cells, save=typed)
    assert run("score", typed).returncode == 0
    moved = tmp_path / "moved.xlsx"
    calc.type(typed, [(rules, "C21", (TODAY - dt.timedelta(2)).isoformat())], save=moved)
    found = json.loads(run("check", moved, "--json").stdout)["problems"]
    assert [(p["sheet"], p["code"]) for p in found] == [(rules, "live_rules_stale")]
    assert run("score", moved).returncode == 0
    totals = [(first, "B3:C3"), (second, "B3:C3")]
    values = [[value for _, value in row] for part in calc.read(moved, totals) for row in part]
    assert values == [[-40, 60], [-40, 60]]
    assert json.loads(run("check", moved, "--json").stdout)["problems"] == []


def test_add_game_gives_a_rule_with_a_day_an_undated_row_of_its_value_from_the_start(
    tmp_path: Path,
) -> None:
    # A workbook of the club's own: one game played in October, hand_win -50 from
    # November on. Adding a game adds the Rules rows the sheet lacks: hand_win's undated
    # row holds the -40 the October game was played by, not today's -50.
    book = openpyxl.Workbook()
    game = book.active
    game.title = "2026-10-01 #1"
    game.append(["Dátum", dt.date(2026, 10, 1)])
    game.append([])
    game.append(["Leosztás", "Anna", "Béla", "Csaba"])
    for row in [[1, "H", "X", "33"], [2, "W", "10", "20"], [3, "5", "H", "X"]]:
        game.append(row)
    rules = book.create_sheet("Szabályok")
    rules.append(["Szabály", "Érték", "Mától"])
    rules.append(["kézből nyerés", -50, "2026. 11. 01."])
    path = tmp_path / "k.xlsx"
    book.save(path)
    before = remi_json("check", path)[1]["games"][0]["totals"]
    assert remi("new", "--add-game", path, "--date", "2026-11-10").exit_code == 0
    _, after = remi_json("check", path)
    assert after["games"][0]["totals"] == before
    assert [change["rule"] for change in after["rule_changes"]] == ["hand_win"]
    values = {
        str(row[0].value): row[1].value
        for row in openpyxl.load_workbook(path)["Szabályok"].iter_rows(min_row=2)
        if row[0].value is not None and row[2].value is None
    }
    assert values["kézből nyerés"] == -40


def test_a_rule_row_added_with_no_day_is_told_until_score_links_it(tmp_path: Path) -> None:
    # A club's workbook made live: its Rules sheet names one rule, the live formulas use
    # the others' defaults. A row added for another rule is remi's at once, the sheet's
    # only from the next score: told meanwhile, as a dated row is.
    book = openpyxl.Workbook()
    game = book.active
    game.title = "Kedd"
    for row in [["Dátum", dt.date(2026, 10, 1)], [], ["Leosztás", "Anna", "Béla"], [1, "H", 20]]:
        game.append(row)
    rules = book.create_sheet("Szabályok")
    rules.append(["Szabály", "Érték"])
    rules.append(["nyitás minimum", 51])
    path = tmp_path / "k.xlsx"
    book.save(path)
    assert remi("score", path, "--live").exit_code == 0
    assert "live_rules_stale" not in remi("check", path, "--json").stdout
    book = openpyxl.load_workbook(path)
    book["Szabályok"].append(["kézből nyerés", -50])
    book.save(path)
    _, document = remi_json("check", path)
    assert [p["code"] for p in document["problems"]] == ["live_rules_stale"]
    assert document["games"][0]["totals"]["Anna"] == -50
    assert remi("score", path).exit_code == 0
    assert remi_json("check", path)[1]["problems"] == []
