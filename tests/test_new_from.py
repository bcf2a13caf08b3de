"""`remi new NEW.xlsx --from OLD.xlsx`: the next season starts from the last, with its
players, house rules and agreements, and no games; the old notebook is only read."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.conftest import build_notebook, remi, remi_json

REMI = Path(sys.executable).parent / "remi"
SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "klub.xlsx"
# The club's own words on each language's notebook: its game sheets, Rules sheet, the
# heading of the agreements and a rule's name there.
WORDS = {
    "hu": ("Játszma", "Szabályok", "Megállapodások", "nyitás minimum"),
    "en": ("Game", "Rules", "Agreements", "opening_minimum"),
}
# What the table agreed beyond the rules, as a club types it under the heading: text, a
# name and its value, a date and a number the spreadsheet keeps as such.
AGREED: list[tuple[Any, Any]] = [
    ("Vétel csak kirakással.", None),
    ("Tét", "10 Ft/pont"),
    ("Szezon kezdete", dt.datetime(2026, 9, 1)),
    ("Büfé", 12.5),
]


def installed(folder: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    """The installed `remi ARGS…` run in `folder`, as the club runs it, with the exit code
    asked for and never a traceback."""
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
    result = subprocess.run(
        [REMI, *args], cwd=folder, env=env, capture_output=True, text=True, timeout=120,
        check=False,
    )  # fmt: skip
    assert result.returncode == code, (args, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result


def checked(folder: Path, name: str) -> dict[str, Any]:
    """`remi check NAME --json`, run as the club runs it."""
    document: dict[str, Any] = json.loads(installed(folder, "check", name, "--json").stdout)
    return document


def season_2026(folder: Path, lang: str) -> Path:
    """The 2026 season as a club keeps it: `remi new` with house rules, two game nights
    typed (Dóra missed the second), the agreements typed under their heading."""
    game, rules_sheet, heading, _ = WORDS[lang]
    installed(
        folder, "new", "2026.xlsx", "-p", "Anna", "-p", "Béla", "-p", "Csaba", "-p", "Dóra",
        "--games", "2", "--lang", lang, "-r", "opening_minimum=51",
        "-r", "not_down_after_normal=100",
    )  # fmt: skip
    path = folder / "2026.xlsx"
    book = openpyxl.load_workbook(path)
    first, second = book[f"{game} 1"], book[f"{game} 2"]
    first["B1"], second["B1"] = dt.datetime(2026, 11, 5), dt.datetime(2026, 11, 12)
    for row, deal in enumerate([["H", 27, "X", 14], [12, "W", "K 9 Jo", 33]], start=6):
        for column, value in enumerate(deal, start=2):
            first.cell(row, column, value)
    second["E5"] = None  # Dóra was not there
    for row, deal in enumerate([["W", 10, 20], [15, "H", "X"]], start=6):
        for column, value in enumerate(deal, start=2):
            second.cell(row, column, value)
    rules = book[rules_sheet]
    at = next(cell.row for cell in rules["A"] if cell.value == heading)
    for offset, cells in enumerate(AGREED, start=1):
        for column, value in enumerate(cells, start=1):
            rules.cell(at + offset, column, value)
    book.save(path)
    return path


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_next_season_starts_from_the_last(tmp_path: Path, lang: str) -> None:
    game, rules_sheet, heading, opening = WORDS[lang]
    old = season_2026(tmp_path, lang)
    before = checked(tmp_path, "2026.xlsx")
    assert [g["players"] for g in before["games"]] == [
        ["Anna", "Béla", "Csaba", "Dóra"],
        ["Anna", "Béla", "Csaba"],
    ]
    assert len(before["agreements"]) == len(AGREED)
    typed = old.read_bytes()

    made = installed(tmp_path, "new", "2027.xlsx", "--from", "2026.xlsx")
    assert f"{game} 2" in made.stdout and "Anna, Béla, Csaba" in made.stdout
    after = checked(tmp_path, "2027.xlsx")
    assert after["lang"] == lang  # the old notebook's language, unless --lang
    assert after["house_rules"] == {"opening_minimum": 51, "not_down_after_normal": 100}
    assert after["agreements"] == before["agreements"]  # as typed, a date and 12,5 too
    (only,) = after["games"]
    assert only["players"] == ["Anna", "Béla", "Csaba"]  # the last game's: no Dóra
    assert only["played"] == 0 and only["deals"] == [] and after["problems"] == []
    assert after["standings"] == []
    book = openpyxl.load_workbook(tmp_path / "2027.xlsx")
    rules = book[rules_sheet]  # a Rules sheet in the notebook's language, names and all
    assert {row[0].value: row[1].value for row in rules.iter_rows()}[opening] == 51
    at = next(cell.row for cell in rules["A"] if cell.value == heading)
    below = [(rules.cell(at + n, 1).value, rules.cell(at + n, 2).value) for n in (1, 2, 3, 4)]
    assert below == AGREED  # each in its own row and cells, a date a date
    assert old.read_bytes() == typed  # the old season is only read
    assert sorted(p.name for p in tmp_path.iterdir()) == ["2026.xlsx", "2027.xlsx"]


def test_lang_given_writes_the_new_notebook_in_it(tmp_path: Path) -> None:
    shutil.copyfile(SAMPLE, tmp_path / "2026.xlsx")  # the bundled Hungarian club notebook
    made = remi("new", tmp_path / "2027.xlsx", "--from", tmp_path / "2026.xlsx", "--lang", "en")
    assert made.exit_code == 0, made.output
    assert "From " in made.stdout and "opening_minimum = 51" in made.stdout
    code, after = remi_json("check", tmp_path / "2027.xlsx")
    assert code == 0 and after["lang"] == "en"
    assert after["house_rules"] == {"opening_minimum": 51}
    assert [g["players"] for g in after["games"]] == [["Szűcs Réka", "Bíró Győző", "Nagy Erzsébet"]]
    book = openpyxl.load_workbook(tmp_path / "2027.xlsx")
    assert "Rules" in book.sheetnames and "Szabályok" not in book.sheetnames
    names = [cell.value for cell in book["Rules"]["A"]]
    assert "opening_minimum" in names and "nyitás minimum" not in names


def test_players_given_replace_the_last_games(tmp_path: Path) -> None:
    shutil.copyfile(SAMPLE, tmp_path / "2026.xlsx")
    made = remi(
        "new", tmp_path / "2027.xlsx", "--from", tmp_path / "2026.xlsx",
        "-p", "Anna", "-p", "Béla", "--games", "2",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    assert "a -p kapcsolóval megadottak (Anna, Béla)" in made.stdout
    code, after = remi_json("check", tmp_path / "2027.xlsx")
    assert code == 0 and after["lang"] == "hu"
    assert [g["players"] for g in after["games"]] == [["Anna", "Béla"], ["Anna", "Béla"]]
    assert after["house_rules"] == {"opening_minimum": 51}


def test_rules_given_override_the_old_notebooks(tmp_path: Path) -> None:
    shutil.copyfile(SAMPLE, tmp_path / "2026.xlsx")
    made = remi(
        "new", tmp_path / "2027.xlsx", "--from", tmp_path / "2026.xlsx",
        "-r", "opening_minimum=60", "-r", "jokers_per_meld=1", "--deals", "9",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    code, after = remi_json("check", tmp_path / "2027.xlsx")
    assert code == 0
    assert after["house_rules"] == {
        "opening_minimum": 60,
        "deals_per_game": 9,
        "jokers_per_meld": 1,
    }
    # the old notebook's rules with those given over them, said as the new notebook has them
    assert "nyitás minimum = 60" in made.stdout


def test_rules_given_that_clash_with_the_old_notebooks_are_a_command_line_mistake(
    tmp_path: Path,
) -> None:
    old = build_notebook(
        tmp_path / "2026.xlsx",
        {"G1": [["Deal", "Anna", "Béla"], [1, "W", 25]]},
        {"normal_win": -30},
    )
    # alone, -30 for a hand win is a rule; beside the old notebook's normal win, a clash
    made = remi("new", tmp_path / "2027.xlsx", "--from", old, "-r", "hand_win=-30")
    assert made.exit_code == 2
    assert len(made.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "2027.xlsx").exists()


def sheets(*games: tuple[str, dt.date | None, list[str]]) -> dict[str, list[list[Any]]]:
    """Game sheets of two players each: name, date (None: no Date row) and players."""
    return {
        name: [*([["Date", day]] if day else []), ["Deal", *players], [1, "W", 25]]
        for name, day, players in games
    }


NOV_5, NOV_12 = dt.date(2026, 11, 5), dt.date(2026, 11, 12)


@pytest.mark.parametrize(
    ("games", "players"),
    [
        # the latest by its date, wherever its sheet stands
        ((("Later", NOV_12, ["Anna", "Béla"]), ("Earlier", NOV_5, ["Csaba", "Dóra"])),
         ["Anna", "Béla"]),
        # two games of one day: the later sheet
        ((("First", NOV_5, ["Anna", "Béla"]), ("Second", NOV_5, ["Csaba", "Dóra"])),
         ["Csaba", "Dóra"]),
        # no game dated: the last sheet
        ((("One", None, ["Anna", "Béla"]), ("Two", None, ["Csaba", "Dóra"])),
         ["Csaba", "Dóra"]),
        # a dated game before a game without a date: the one whose date is known
        ((("Dated", NOV_5, ["Anna", "Béla"]), ("Undated", None, ["Csaba", "Dóra"])),
         ["Anna", "Béla"]),
    ],
)  # fmt: skip
def test_the_last_game_is_the_latest_by_date_then_by_sheet_order(
    tmp_path: Path, games: tuple[tuple[str, dt.date | None, list[str]], ...], players: list[str]
) -> None:
    old = build_notebook(tmp_path / "2026.xlsx", sheets(*games))
    made = remi("new", tmp_path / "2027.xlsx", "--from", old)
    assert made.exit_code == 0, made.output
    _, after = remi_json("check", tmp_path / "2027.xlsx")
    assert [g["players"] for g in after["games"]] == [players]


def test_a_notebook_without_games_lends_its_rules_to_the_players_given(tmp_path: Path) -> None:
    old = build_notebook(tmp_path / "2026.xlsx", {}, {"opening_minimum": 51})
    asked = remi("new", tmp_path / "2027.xlsx", "--from", old)
    assert asked.exit_code == 2 and "give them with -p" in asked.stderr
    assert not (tmp_path / "2027.xlsx").exists()
    made = remi("new", tmp_path / "2027.xlsx", "--from", old, "-p", "Anna", "-p", "Béla")
    assert made.exit_code == 0, made.output
    _, after = remi_json("check", tmp_path / "2027.xlsx")
    assert after["house_rules"] == {"opening_minimum": 51}
    assert [g["players"] for g in after["games"]] == [["Anna", "Béla"]]


def test_an_agreement_with_a_control_character_is_carried_as_it_reads(tmp_path: Path) -> None:
    old = tmp_path / "2026.xlsx"
    build_notebook(old, {"G1": [["Deal", "Anna", "Béla"], [1, "W", 25]]}, {"packs": 2})
    book = openpyxl.load_workbook(old)
    book["Rules"].append(["Agreements"])
    book["Rules"].append(["Bell_x0007_ at midnight", "=1+1"])  # an escape, and text
    book["Rules"].cell(book["Rules"].max_row, 2).data_type = "s"
    book.save(old)
    _, before = remi_json("check", old)
    assert before["agreements"] == ["Bell\x07 at midnight =1+1"]
    made = remi("new", tmp_path / "2027.xlsx", "--from", old)
    assert made.exit_code == 0, made.output
    _, after = remi_json("check", tmp_path / "2027.xlsx")
    assert after["agreements"] == before["agreements"] and after["problems"] == []


def test_from_with_add_game_is_refused(tmp_path: Path) -> None:
    shutil.copyfile(SAMPLE, tmp_path / "2026.xlsx")
    typed = (tmp_path / "2026.xlsx").read_bytes()
    result = installed(tmp_path, "new", "--add-game", "2026.xlsx", "--from", "2026.xlsx", code=2)
    (line,) = result.stderr.strip().splitlines()
    assert "--from" in line and "--add-game" in line  # in the notebook's Hungarian
    assert line.startswith("Hibás parancssor:")
    assert (tmp_path / "2026.xlsx").read_bytes() == typed


def test_from_the_notebook_to_make_is_refused(tmp_path: Path) -> None:
    shutil.copyfile(SAMPLE, tmp_path / "2026.xlsx")
    typed = (tmp_path / "2026.xlsx").read_bytes()
    (tmp_path / "same.xlsx").symlink_to(tmp_path / "2026.xlsx")
    for name in ("2026.xlsx", "same.xlsx"):
        result = installed(tmp_path, "new", name, "--from", "2026.xlsx", "--force", code=2)
        (line,) = result.stderr.strip().splitlines()
        assert "2026.xlsx" in line
    assert (tmp_path / "2026.xlsx").read_bytes() == typed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["2026.xlsx", "same.xlsx"]


def test_an_existing_notebook_is_not_replaced_without_force(tmp_path: Path) -> None:
    shutil.copyfile(SAMPLE, tmp_path / "2026.xlsx")
    shutil.copyfile(SAMPLE, tmp_path / "2027.xlsx")
    typed = (tmp_path / "2027.xlsx").read_bytes()
    result = remi("new", tmp_path / "2027.xlsx", "--from", tmp_path / "2026.xlsx")
    assert result.exit_code == 1 and "2027.xlsx már létezik" in result.stderr
    assert (tmp_path / "2027.xlsx").read_bytes() == typed


def _rules_wrong(path: Path) -> None:
    build_notebook(path, {"G1": [["Deal", "Anna", "Béla"], [1, "W", 25]]}, {"packs": "lots"})


@pytest.mark.parametrize(
    ("make_old", "said"),
    [
        (None, "not found"),
        (lambda path: path.write_bytes(b"no workbook at all"), "not an Excel workbook"),
        (lambda path: path.write_bytes(b"PK\x03\x04" + b"\0" * 64), "2026.xlsx"),
        (_rules_wrong, "Nothing made: 2026.xlsx has 1 error of its own"),
    ],
    ids=["missing", "not-a-workbook", "broken-zip", "rules-wrong"],
)
def test_an_old_notebook_that_cannot_lend_is_one_line_and_nothing_made(
    tmp_path: Path, make_old: Any, said: str
) -> None:
    if make_old is not None:
        make_old(tmp_path / "2026.xlsx")
    before = sorted(p.name for p in tmp_path.iterdir())
    typed = (tmp_path / "2026.xlsx").read_bytes() if before else None
    result = installed(tmp_path, "new", "2027.xlsx", "--from", "2026.xlsx", code=1)
    (line,) = result.stderr.strip().splitlines()
    assert said in line, line
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no notebook, no scraps
    if typed is not None:
        assert (tmp_path / "2026.xlsx").read_bytes() == typed


def test_a_rule_given_puts_right_the_old_notebooks_wrong_value_of_it(tmp_path: Path) -> None:
    """The old Rules sheet's cell of a rule given with -r is not read (the command line's
    value wins there as everywhere): its wrong value stops nothing, and the new notebook
    has the value given. Another rule's wrong value still stops it."""
    _rules_wrong(tmp_path / "2026.xlsx")
    installed(tmp_path, "new", "2027.xlsx", "--from", "2026.xlsx", "-r", "packs=3")
    assert checked(tmp_path, "2027.xlsx")["house_rules"]["packs"] == 3
    refused = installed(
        tmp_path, "new", "2028.xlsx", "--from", "2026.xlsx", "-r", "jokers=2", code=1
    )
    assert "1 error of its own" in refused.stderr
    assert not (tmp_path / "2028.xlsx").exists()
