"""`remi import` as users run it: exit codes, what is filed, what is refused, the samples."""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import build_notebook, remi, remi_json, worked_game
from tests.test_records import csv_bytes

Make = Callable[..., Path]
ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}

GOOD = [
    ["Játszma", "Leosztás", "Anna", "Béla", "Csaba"],
    ["A", "1", "-40", "60", "200"],
    ["", "2", "10", "-20", "40"],
    ["", "Összesen", "-30", "40", "240"],
    ["B", "1", "H", "27", ""],
    ["B", "2", "W", "X 45", ""],
]
BAD = [*GOOD, ["C", "1", "-20", "35", "40"]]


def write_csv(path: Path, rows: list[list[str]], **kwargs: Any) -> Path:
    path.write_bytes(csv_bytes(rows, **kwargs))
    return path


def sheet_cells(path: Path, title: str) -> list[list[tuple[Any, str]]]:
    sheet = openpyxl.load_workbook(path)[title]
    return [
        [(c.value, c.data_type) for c in row if c.value is not None] for row in sheet.iter_rows()
    ]


def test_import_creates_the_notebook_and_check_agrees(tmp_path: Path) -> None:
    records = write_csv(tmp_path / "papir.csv", GOOD, encoding="cp1250")
    notebook = tmp_path / "klub.xlsx"
    code, document = remi_json("import", records, "--into", notebook)
    assert code == 0, document
    assert [(g["game"], g["status"], g["sheet"]) for g in document["games"]] == [
        ("A", "filed", "A"),
        ("B", "filed", "B"),
    ]
    assert document["written"] is True and document["encoding"] == "Windows-1250"
    assert sheet_cells(notebook, "A") == [
        [("Játszma", "s"), ("A", "s")],
        [("Dátum", "s")],  # left for the person: neither the records nor the name say
        [("Leosztás", "s"), ("Anna", "s"), ("Béla", "s"), ("Csaba", "s")],
        [(1, "n"), (-40, "n"), (60, "n"), (200, "n")],
        [(2, "n"), (10, "n"), (-20, "n"), (40, "n")],
        [("Összesen", "s"), (-30, "n"), (40, "n"), (240, "n")],
    ]
    assert sheet_cells(notebook, "B")[4] == [(2, "n"), ("W", "s"), ("X 45", "s")]
    assert "Szabályok" in openpyxl.load_workbook(notebook).sheetnames
    code, checked = remi_json("check", notebook)
    assert code == 0, checked["problems"]
    assert {g["sheet"]: g["totals"] for g in checked["games"]} == {
        g["sheet"]: g["totals"] for g in document["games"]
    }
    assert remi("score", notebook).exit_code == 0


def test_errors_are_listed_and_the_good_games_filed(tmp_path: Path) -> None:
    records = write_csv(tmp_path / "papir.csv", BAD)
    notebook = tmp_path / "klub.xlsx"
    result = remi("import", records, "--into", notebook)
    assert result.exit_code == 1
    assert (
        "hiba: papir.csv, 7. sor [C]: Béla pontja 35 az 1. leosztásban: a pontokat tízesre "
        "kerekítjük, így 35 lehetetlen." in result.stdout
    )
    assert "Nincs felvéve a hibái miatt (lásd fent): C" in result.stdout
    assert openpyxl.load_workbook(notebook).sheetnames == ["A", "B", "Szabályok"]


def test_english_messages(tmp_path: Path) -> None:
    records = write_csv(tmp_path / "papir.csv", BAD)
    result = remi("import", records, "--into", tmp_path / "n.xlsx", "--lang", "en", "--dry-run")
    assert "error: papir.csv, line 7 [C]: Béla has 35 in deal 1" in result.stdout
    assert (
        "2 games would be filed (A, B); 1 with errors, not filed (C). Dry run: nothing was "
        "written." in result.stdout
    )
    assert "Would file into" in result.stdout


def test_dry_run_writes_nothing(tmp_path: Path, notebook: Make) -> None:
    records = write_csv(tmp_path / "papir.csv", GOOD)
    assert remi("import", records, "--into", tmp_path / "new.xlsx", "--dry-run").exit_code == 0
    assert not (tmp_path / "new.xlsx").exists()
    existing = notebook({"Game 1": worked_game()})
    before = existing.read_bytes()
    code, document = remi_json("import", records, "--into", existing, "--dry-run")
    assert code == 0
    assert [g["status"] for g in document["games"]] == ["to_file", "to_file"]
    assert existing.read_bytes() == before


def test_reimport_is_idempotent_and_a_different_game_is_an_error(tmp_path: Path) -> None:
    records = write_csv(tmp_path / "papir.csv", GOOD)
    notebook = tmp_path / "klub.xlsx"
    assert remi("import", records, "--into", notebook).exit_code == 0
    assert remi("score", notebook).exit_code == 0  # remi's area beside the games changes nothing
    before = notebook.read_bytes()
    code, document = remi_json("import", records, "--into", notebook)
    assert code == 0
    assert [g["status"] for g in document["games"]] == ["already_filed", "already_filed"]
    assert notebook.read_bytes() == before
    changed = [row[:] for row in GOOD]
    changed[2][2] = "20"
    changed[3][2] = "-20"
    write_csv(records, changed)
    code, document = remi_json("import", records, "--into", notebook)
    assert code == 1
    assert [g["status"] for g in document["games"]] == ["conflict", "already_filed"]
    assert document["problems"][0]["code"] == "records_game_conflict"
    assert notebook.read_bytes() == before
    # The conflicting game is among those "not filed", as the summary line says.
    said = remi("import", records, "--into", notebook).stdout.splitlines()
    assert "Nincs felvéve a hibái miatt (lásd fent): A" in said, said


def test_nothing_else_in_the_notebook_changes(tmp_path: Path, notebook: Make) -> None:
    existing = notebook({"Game 1": worked_game(), "Notes": [["free text", 1]]}, rules={})
    book = openpyxl.load_workbook(existing)
    before = {sheet.title: [[c.value for c in row] for row in sheet.iter_rows()] for sheet in book}
    records = write_csv(tmp_path / "papir.csv", GOOD)
    assert remi("import", records, "--into", existing).exit_code == 0
    after = openpyxl.load_workbook(existing)
    # Among the game sheets (none has a date: after the last one), before the others.
    assert after.sheetnames == ["Game 1", "A", "B", "Notes", "Rules"]
    for title, rows in before.items():
        assert [[c.value for c in row] for row in after[title].iter_rows()] == rows
    assert (tmp_path / "notebook.xlsx.bak").exists()
    # An English notebook gets English labels.
    assert sheet_cells(existing, "A")[2][0] == ("Deal", "s")


INJECTIONS = ['=HYPERLINK("http://example.com/x","klikk")', "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3"]


def test_text_never_becomes_a_formula(tmp_path: Path) -> None:
    rows = [
        ["Game", "Deal", *INJECTIONS],
        ["=1+1", "1", "-20", "30", "40", "0"],
        ["@A1", "1", "W", "3", "K", "0"],
    ]
    records = write_csv(tmp_path / "r.csv", rows, delimiter=",")
    notebook = tmp_path / "n.xlsx"
    code, document = remi_json("import", records, "--into", notebook)
    assert code == 0, document["problems"]
    book = openpyxl.load_workbook(notebook)
    for title in ("=1+1", "@A1"):
        sheet = book[title]
        assert [c.value for c in sheet[3]] == ["Deal", *INJECTIONS]
        assert all(c.data_type == "s" for c in sheet[3])
        assert (sheet["B1"].value, sheet["B1"].data_type) == (title, "s")
    assert (book["@A1"]["B4"].value, book["@A1"]["B4"].data_type) == ("W", "s")
    code, checked = remi_json("check", notebook)
    assert code == 0 and checked["games"][0]["players"] == INJECTIONS


def test_refused_names_are_not_filed(tmp_path: Path) -> None:
    rows = [["Game", "Deal", "A" * 61, "Béla", "Csa\tba"], ["G", "1", "-20", "30", ""]]
    rows.append(["H", "1", "", "-20", "30"])
    records = write_csv(tmp_path / "r.csv", rows)
    code, document = remi_json("import", records, "--into", tmp_path / "n.xlsx")
    assert code == 1
    assert [(p["code"], p["game"], p["line"]) for p in document["problems"]] == [
        ("records_name_too_long", "G", 1),
        ("records_name_control", "H", 1),
    ]
    # A CSV line is a file's: named under "file", no sheet.
    assert {(p["file"], p["sheet"], p["cell"]) for p in document["problems"]} == {
        (records.name, None, None)
    }
    assert [g["status"] for g in document["games"]] == ["errors", "errors"]
    assert not (tmp_path / "n.xlsx").exists()


def test_xlsx_records_name_their_sheet_and_cell(tmp_path: Path) -> None:
    records = build_notebook(
        tmp_path / "regi.xlsx",
        {"1998": [["Játszma", "Leosztás", "Anna", "Béla"], ["G", 1, -20, 35], ["H", 1, "W", 3]]},
    )
    code, document = remi_json("import", records, "--into", tmp_path / "n.xlsx")
    assert code == 1
    problem = document["problems"][0]
    assert (problem["sheet"], problem["cell"], problem["game"], problem["player"]) == (
        "1998",
        "D2",
        "G",
        "Béla",
    )
    assert [g["status"] for g in document["games"]] == ["errors", "filed"]
    text = remi("import", records, "--into", tmp_path / "n.xlsx", "--dry-run").stdout
    assert "hiba: 1998!D2 [G]: Béla pontja 35" in text


@pytest.mark.parametrize(
    ("content", "code"),
    [(b"", "records_empty"), (b"\xef\xbb\xbf\r\n\r\n", "records_empty"),
     (b"a;b\n1;2\n", "records_no_header")],
)  # fmt: skip
def test_a_file_with_no_records_gets_one_line(tmp_path: Path, content: bytes, code: str) -> None:
    records = tmp_path / "r.csv"
    records.write_bytes(content)
    result = remi("import", records, "--into", tmp_path / "n.xlsx", "--lang", "en")
    assert result.exit_code == 1
    assert result.stdout.count("\n") == 1 and result.stdout.startswith("error: r.csv: ")
    assert (
        remi_json("import", records, "--into", tmp_path / "n.xlsx")[1]["problems"][0]["code"]
        == code
    )
    assert not (tmp_path / "n.xlsx").exists()
    # No header to tell the records' language, no notebook yet: the system's is spoken.
    hungarian = remi("import", records, "--into", tmp_path / "n.xlsx", env={"LANG": "hu_HU"})
    assert hungarian.exit_code == 1 and hungarian.stdout.startswith("hiba: r.csv: ")


def test_a_paper_total_whose_formula_has_no_saved_result_is_said(tmp_path: Path) -> None:
    """A records workbook made by a script sums its Total row with formulas that no
    spreadsheet has computed: the total is not read, so it cannot be said to be checked."""
    rows = [
        ["Játszma", "Leosztás", "Anna", "Béla", "Csaba"],
        ["G", 1, -20, 30, 40],
        ["", 2, 200, -40, 200],
        ["", "Összesen", "=SUM(C2:C3)", -10, "=SUM(E2:E3)"],
    ]
    book = openpyxl.Workbook()
    book.active.title = "1998"
    for row in rows:
        book.active.append(row)  # "=SUM(…)" as openpyxl writes it: a formula, no result
    records = tmp_path / "regi.xlsx"
    book.save(records)
    code, document = remi_json("import", records, "--into", tmp_path / "n.xlsx", "--dry-run")
    assert code == 1
    found = [(p["code"], p["cell"], p["game"]) for p in document["problems"]]
    assert found == [("formula_no_value", "C4", "G"), ("formula_no_value", "E4", "G")]
    assert [g["status"] for g in document["games"]] == ["errors"]
    text = remi("import", records, "--into", tmp_path / "n.xlsx", "--dry-run").stdout
    assert "hiba: 1998!C4 [G]: A cellában képlet áll (=SUM(C2:C3))" in text


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["import"], 2),
        (["import", "{records}"], 2),  # no --into
        (["import", "{records}", "--into", "{folder}/n.csv"], 2),
        (["import", "{records}", "--into", "{folder}/n.xlsx", "--encoding", "klingon"], 2),
        (["import", "{folder}/missing.csv", "--into", "{folder}/n.xlsx"], 1),
        (["import", "{folder}", "--into", "{folder}/n.xlsx"], 1),
        (["import", "{records}", "--into", "{folder}/no/such/n.xlsx"], 1),
        (["import", "{records}", "--into", "{folder}/n.xlsx", "-r", "deals_per_game=10"], 0),
        (["import", "{records}", "--into", "{folder}/n.xlsx", "-r", "nonsense=1"], 2),
    ],
)
def test_exit_codes(tmp_path: Path, args: list[str], code: int) -> None:
    records = write_csv(tmp_path / "r.csv", GOOD)
    filled = [a.format(records=records, folder=tmp_path) for a in args]
    result = remi(*filled)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output


def test_rule_options_only_for_a_new_notebook(tmp_path: Path, notebook: Make) -> None:
    records = write_csv(tmp_path / "r.csv", GOOD)
    existing = notebook({"g": worked_game()})
    result = remi("import", records, "--into", existing, "-r", "deals_per_game=10")
    assert result.exit_code == 2
    new = tmp_path / "new.xlsx"
    assert remi("import", records, "--into", new, "-r", "deals_per_game=10").exit_code == 0
    rules = openpyxl.load_workbook(new)["Szabályok"]
    assert ["leosztások száma", 10] in [[c.value for c in row][:2] for row in rules.iter_rows()]


def test_bad_house_rules_in_the_notebook_stop_the_import(tmp_path: Path, notebook: Make) -> None:
    existing = notebook({"g": worked_game()}, rules={"jokers": 99})
    before = existing.read_bytes()
    records = write_csv(tmp_path / "r.csv", GOOD)
    assert remi("import", records, "--into", existing).exit_code == 1
    assert existing.read_bytes() == before


def test_not_text_records(tmp_path: Path) -> None:
    records = tmp_path / "kep.csv"
    records.write_bytes(bytes(range(256)) * 50)
    code, document = remi_json("import", records, "--into", tmp_path / "n.xlsx")
    assert code == 1
    assert document["problems"][0]["code"] == "records_not_text"


def test_help_ends_with_an_example() -> None:
    result = remi("import", "--help")
    assert result.exit_code == 0
    assert "Example: remi import paper.csv --into club.xlsx --dry-run" in result.stdout


# -- the property: any well-formed record set imports, and remi check agrees -----------

NAMES = ["Anna", "Béla", "Kőműves Győző", "Ödön", "=1+1", "Szűcs, Éva", 'Ági "Kicsi"', "-2+3"]


@st.composite
def score_row(draw: st.DrawFn, players: int) -> list[int]:
    winner = draw(st.integers(0, players - 1))
    hand = draw(st.booleans())
    row = []
    # One loser may hold a full hand; the others less, so that the hands fit in the deck
    # together (two 360s after a hand would need eight jokers).
    full = (winner + 1) % players
    for i in range(players):
        most = 18 if i == full else 10
        if i == winner:
            row.append(-40 if hand else -20)
        elif hand:
            row.append(draw(st.sampled_from([200, *range(0, 20 * most + 1, 20)])))
        else:
            row.append(draw(st.integers(0, most)) * 10)
    return row


@st.composite
def record_set(draw: st.DrawFn) -> list[tuple[str, list[str], list[list[int]]]]:
    games = []
    for number in range(draw(st.integers(1, 4))):
        players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True))
        deals = draw(st.lists(score_row(len(players)), min_size=1, max_size=7))
        games.append((f"{number + 1}. játszma", players, deals))
    return games


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    games=record_set(),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "cp1250", "iso8859_2"]),
    delimiter=st.sampled_from([";", ",", "\t"]),
    totals=st.booleans(),
)
def test_any_well_formed_records_import_and_check_agrees(
    tmp_path_factory: pytest.TempPathFactory,
    games: list[tuple[str, list[str], list[list[int]]]],
    encoding: str,
    delimiter: str,
    totals: bool,
) -> None:
    folder = tmp_path_factory.mktemp("prop")
    rows = [["Játszma", "Leosztás", *NAMES]]
    expected = {}
    for name, players, deals in games:
        for number, deal in enumerate(deals, start=1):
            cells = dict(zip(players, deal, strict=True))
            rows.append([name, str(number), *(str(cells[p]) if p in cells else "" for p in NAMES)])
        sums = dict(zip(players, map(sum, zip(*deals, strict=True)), strict=True))
        expected[name] = sums
        if totals:
            rows.append([name, "Összesen", *(str(sums[p]) if p in sums else "" for p in NAMES)])
    records = write_csv(folder / "r.csv", rows, delimiter=delimiter, encoding=encoding)
    notebook = folder / "n.xlsx"
    code, document = remi_json("import", records, "--into", notebook)
    assert code == 0, document["problems"]
    imported = {g["game"]: g["totals"] for g in document["games"]}
    assert imported == expected
    code, checked = remi_json("check", notebook)
    assert code == 0, checked["problems"]
    assert {g["sheet"]: g["totals"] for g in checked["games"]} == expected


# -- the sample and the installed command -----------------------------------------------


def test_sample_is_what_the_script_makes(tmp_path: Path) -> None:
    script = runpy.run_path(str(SAMPLES / "make_papir.py"))
    script["main"](tmp_path)
    assert (tmp_path / "papir.csv").read_bytes() == (SAMPLES / "papir.csv").read_bytes()
    assert (tmp_path / "papir.import.txt").read_text(encoding="utf-8") == (
        SAMPLES / "papir.import.txt"
    ).read_text(encoding="utf-8")


def test_sample_through_the_installed_command(tmp_path: Path) -> None:
    remi_command = Path(sys.executable).parent / "remi"
    if not remi_command.exists():
        pytest.skip("remi is not installed in this environment")
    shutil.copy(SAMPLES / "papir.csv", tmp_path / "papir.csv")
    result = subprocess.run(
        [str(remi_command), "import", "papir.csv", "--into", "regi.xlsx"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, **ENV},
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout == (SAMPLES / "papir.import.txt").read_text(encoding="utf-8")
    check = subprocess.run(
        [str(remi_command), "check", "regi.xlsx"], cwd=tmp_path, capture_output=True, check=False
    )
    assert check.returncode == 0


def test_a_windows_1250_file_and_damaged_names_import_without_options(tmp_path: Path) -> None:
    """Issue 21: the four names in Windows-1250 were refused as no text, and a name damaged
    as UTF-8 read as Latin-2 was repaired, then refused for a control character."""
    names = ["Őri Ülkü", "Kovács Ödön", "Bíró Győző", "Nagy Erzsébet"]
    rows = [["Game", "Deal", *names], ["A", "1", "-20", "30", "0", "50"]]
    records = write_csv(tmp_path / "r.csv", rows, encoding="cp1250")
    code, document = remi_json("import", records, "--into", tmp_path / "n.xlsx")
    assert code == 0, document["problems"]
    assert document["encoding"] == "Windows-1250"
    assert [g["status"] for g in document["games"]] == ["filed"]
    damaged = [name.encode().decode("iso8859_2") for name in names]
    rows = [["Game", "Deal", *damaged], ["B", "1", "-20", "30", "0", "50"]]
    records = write_csv(tmp_path / "d.csv", rows)
    code, document = remi_json("import", records, "--into", tmp_path / "n.xlsx")
    assert code == 0, document["problems"]
    code, checked = remi_json("check", tmp_path / "n.xlsx")
    assert [game["players"] for game in checked["games"]] == [names, names]
