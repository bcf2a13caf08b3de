"""`remi new`: the notebook it makes, and `--add-game`."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from remi_sheet.notebook.loading import load_notebook
from tests.conftest import remi


def make(path: Path, *extra: str) -> Any:
    return remi("new", path, "-p", "Anna", "-p", "Béla", "-p", "Csaba", *extra)


def test_the_notebook_has_games_rules_and_typing_help(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    result = make(path, "--games", "2", "--lang", "hu", "-r", "opening_minimum=51")
    assert result.exit_code == 0, result.output
    today = dt.date.today().isoformat()
    book = openpyxl.load_workbook(path)
    assert book.sheetnames[:3] == [f"{today} #1", f"{today} #2", "Szabályok"]
    game = book[f"{today} #1"]
    assert [c.value for c in game[4]][:4] == ["Leosztás", "Anna", "Béla", "Csaba"]
    assert [game.cell(row, 1).value for row in range(5, 12)] == [1, 2, 3, 4, 5, 6, 7]
    assert game.freeze_panes == "B5"
    assert str(game.page_setup.paperSize) == game.PAPERSIZE_A4
    (validation,) = game.data_validations.dataValidation
    assert str(validation.sqref) == "B5:D11" and validation.type == "custom"
    assert "Nyerő: H" in validation.prompt
    assert game.conditional_formatting
    assert game["F5"].value == 1 and str(game["G5"].value).startswith("=")  # the live area
    helpers = [c for c, d in game.column_dimensions.items() if d.hidden]
    assert helpers and all(game.column_dimensions[c].outline_level == 1 for c in helpers)
    assert game.column_dimensions["F"].width >= len("remi ▸ pontok")
    rules = book["Szabályok"]
    rows = [row for row in rules.iter_rows(min_row=2) if row[0].value]
    values = {row[0].value: row[1].value for row in rows}
    # Hungarian names and value words on a Hungarian sheet, an explanation each
    assert values["nyitás minimum"] == 51 and values["kerekítés duplázás előtt"] == "igen"
    assert values["kerekítés"] == "tízesre" and values["le nem rakott normál után"] == "lappont"
    assert (
        values["játszma vége"] == "leosztások" and values["joker kirakásonként"] == "nincs korlát"
    )
    assert all(row[2].value for row in rows)
    assert rows[-1][0].value == "Megállapodások"  # free text goes below, read back as typed
    assert "remi_hand_win" in book.defined_names
    notebook = load_notebook(path)
    assert notebook.rules.opening_minimum == 51 and notebook.all_problems() == []


def test_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    make(path)
    before = path.read_bytes()
    result = make(path)
    assert result.exit_code == 1 and "already exists" in result.stderr
    assert path.read_bytes() == before
    assert make(path, "--force").exit_code == 0


@pytest.mark.parametrize(
    "args",
    [
        ["-p", "Anna"],
        ["-p", "Anna", "-p", "anna"],
        ["-p", "A", "-p", "B" * 61],
        ["-p", "A", "-p", "B\x07"],
        ["-p", "A", "-p", "B", "--games", "0"],
        ["-p", "A", "-p", "B", "-r", "jokers=99"],
        ["-p", "A", "-p", "B", "--deals", "0"],
    ],
)
def test_command_line_mistakes(tmp_path: Path, args: list[str]) -> None:
    result = remi("new", tmp_path / "x.xlsx", *args)
    assert result.exit_code == 2, result.output
    assert not (tmp_path / "x.xlsx").exists()


def test_names_that_look_like_formulas_stay_names(tmp_path: Path) -> None:
    path = tmp_path / "x.xlsx"
    assert remi("new", path, "-p", "=1+1", "-p", "@SUM(1)").exit_code == 0
    game = openpyxl.load_workbook(path).worksheets[0]
    assert (game["B4"].value, game["B4"].data_type) == ("=1+1", "s")
    assert load_notebook(path).games[0].players == ("=1+1", "@SUM(1)")


def test_add_game_touches_no_other_sheet(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    make(path)
    book = openpyxl.load_workbook(path)
    first = book.worksheets[0]
    first["B5"], first["C5"], first["D5"] = "H", 27, "X"
    book.save(path)
    before = {
        (s.title, c.coordinate): c.value
        for s in openpyxl.load_workbook(path).worksheets
        for row in s.iter_rows()
        for c in row
    }
    result = remi("new", "--add-game", path, "--no-backup")
    assert result.exit_code == 0, result.output
    after_book = openpyxl.load_workbook(path)
    today = dt.date.today().isoformat()
    assert after_book.sheetnames[:3] == [f"{today} #1", f"{today} #2", "Rules"]
    after = {
        (s.title, c.coordinate): c.value
        for s in after_book.worksheets
        for row in s.iter_rows()
        for c in row
        if s.title != f"{today} #2"
    }
    changed = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
    assert {sheet for sheet, _ in changed} <= {"_remi_state"}
    notebook = load_notebook(path)
    assert [game.players for game in notebook.games][1] == ("Anna", "Béla", "Csaba")


def test_add_game_with_other_players(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    make(path, "--lang", "hu")
    assert remi("new", "--add-game", path, "-p", "Ödön", "-p", "Győző").exit_code == 0
    games = load_notebook(path).games
    assert games[1].players == ("Ödön", "Győző")
    assert remi("score", path).exit_code == 0


def test_every_formula_remi_writes_is_short_enough_to_review(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    names = [
        part for name in ("Anna", "Béla", "Csaba", "Dóra", "Ede", "Flóra") for part in ("-p", name)
    ]
    assert remi("new", path, *names).exit_code == 0
    book = openpyxl.load_workbook(path)
    longest = max(
        (len(cell.value), sheet.title, cell.coordinate)
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if isinstance(cell.value, str) and cell.value.startswith("=")
    )
    print(f"the longest formula remi writes: {longest[0]} characters, {longest[1]}!{longest[2]}")
    assert longest[0] <= 1000
    (validation,) = book.worksheets[0].data_validations.dataValidation
    assert len(validation.formula1) <= 255  # Excel's limit for an input check
    assert all(len(name.attr_text) <= 2000 for name in book.defined_names.values())
