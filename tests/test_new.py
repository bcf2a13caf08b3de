"""`remi new`: the notebook it makes, and `--add-game`."""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from remi_sheet.notebook.loading import load_notebook
from tests.conftest import remi


def live_value(path: Path, name: str) -> Any:
    """What remi's live sheet holds for `name` (`remi_hand_win`): the formula that reads the
    rule's cell on the Rules sheet, or a constant."""
    sheet = openpyxl.load_workbook(path)["_remi_live"]
    row = next(row for row in sheet.iter_rows() if row[0].value == name)
    return row[1].value


def make(path: Path, *extra: str) -> Any:
    return remi("new", path, "-p", "Anna", "-p", "Béla", "-p", "Csaba", *extra)


def test_the_notebook_has_games_rules_and_typing_help(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    result = make(path, "--games", "2", "--lang", "hu", "-r", "opening_minimum=51")
    assert result.exit_code == 0, result.output
    book = openpyxl.load_workbook(path)
    assert book.sheetnames[:3] == ["Játszma 1", "Játszma 2", "Szabályok"]
    game = book["Játszma 1"]
    assert [c.value for c in game[5]][:4] == ["Leosztás", "Anna", "Béla", "Csaba"]
    assert [game.cell(row, 1).value for row in range(6, 13)] == [1, 2, 3, 4, 5, 6, 7]
    assert game.freeze_panes == "B6"
    assert str(game.page_setup.paperSize) == game.PAPERSIZE_A4
    (validation,) = game.data_validations.dataValidation
    # every player's column and the free ones for latecomers, up to six
    assert str(validation.sqref) == "B6:G12" and validation.type == "custom"
    assert "Nyerő: H" in validation.prompt
    assert game.conditional_formatting
    assert game["I5"].value == "remi ▸ pontok"  # after the six columns and an empty one
    assert game["I6"].value == "=ROWS($A$6:A6)"  # the live area: deal numbers counted
    assert game["J6"].value.text.startswith("=") and game["J6"].value.ref == "J6:O6"
    helpers = [c for c, d in game.column_dimensions.items() if d.hidden]
    assert helpers and all(game.column_dimensions[c].outline_level == 1 for c in helpers)
    assert game.column_dimensions["I"].width >= len("remi ▸ pontok")
    # each player's total and place above the names, in the player's own column
    assert game["A3"].value == "remi ▸ összesen" and game["A4"].value == "remi ▸ helyezés"
    assert game["B3"].value.ref == "B3:G3" and game["B4"].value.ref == "B4:G4"
    assert game["A15"].value.startswith("hiba: ")  # a legend under the deals
    rules = book["Szabályok"]
    rows = [row for row in rules.iter_rows(min_row=2) if row[0].value]
    values = {row[0].value: row[1].value for row in rows}
    # Hungarian names and value words on a Hungarian sheet, an explanation each
    assert values["nyitás minimum"] == 51 and values["kerekítés duplázás előtt"] == "igen"
    assert values["kerekítés"] == "tízesre" and values["le nem rakott normál után"] == "lappont"
    assert (
        values["játszma vége"] == "leosztások" and values["joker kirakásonként"] == "nincs korlát"
    )
    # a From column for a rule that changes on a day, empty; the explanations beside it
    assert rules["C1"].value == "Mától" and not any(row[2].value for row in rows)
    assert all(row[3].value for row in rows)
    assert rows[-1][0].value == "Megállapodások"  # free text goes below, read back as typed
    assert "remi_hand_win" in book.defined_names
    notebook = load_notebook(path)
    assert notebook.rules.opening_minimum == 51 and notebook.all_problems() == []


def date_rows(path: Path) -> dict[str, list[Any]]:
    book = openpyxl.load_workbook(path)
    return {
        sheet.title: [cell.value for cell in sheet[1] if cell.value is not None]
        for sheet in book.worksheets
        if sheet.title
        not in {"Rules", "Szabályok", "Standings", "Összesítő", "_remi_state", "_remi_live"}
    }


def test_one_game_is_dated_today_and_several_are_left_for_the_person(tmp_path: Path) -> None:
    today = dt.datetime.combine(dt.date.today(), dt.time())
    assert make(tmp_path / "one.xlsx").exit_code == 0
    assert date_rows(tmp_path / "one.xlsx") == {f"{today.date().isoformat()} #1": ["Date", today]}
    assert make(tmp_path / "three.xlsx", "--games", "3").exit_code == 0
    rows = date_rows(tmp_path / "three.xlsx")
    assert rows == {f"Game {n}": ["Date"] for n in (1, 2, 3)}
    # Nothing invented: a game played is told it has no date, at the cell left for it.
    book = openpyxl.load_workbook(tmp_path / "three.xlsx")
    book["Game 2"]["B6"], book["Game 2"]["C6"], book["Game 2"]["D6"] = "W", 10, 20
    book.save(tmp_path / "three.xlsx")
    stats = remi("stats", tmp_path / "three.xlsx")
    assert stats.exit_code == 0 and stats.output.count("no date") == 1
    assert "warning: Game 2!B1: This game has no date" in stats.output


def test_a_date_given_dates_every_game(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    assert make(path, "--games", "2", "--date", "2026. 11. 29.", "--lang", "hu").exit_code == 0
    day = dt.datetime(2026, 11, 29)
    assert date_rows(path) == {"2026-11-29 #1": ["Dátum", day], "2026-11-29 #2": ["Dátum", day]}
    added = remi("new", "--add-game", path, "--date", "30/11/2026", "--no-backup")
    assert added.exit_code == 0, added.output
    assert list(date_rows(path))[-1] == "2026-11-30 #1"
    assert date_rows(path)["2026-11-30 #1"] == ["Dátum", dt.datetime(2026, 11, 30)]


@pytest.mark.parametrize("value", ["29/13/2026", "tegnap", "2026-02-30"])
def test_a_date_that_is_no_date_is_refused(tmp_path: Path, value: str) -> None:
    result = make(tmp_path / "x.xlsx", "--date", value)
    assert result.exit_code == 2
    assert f"--date takes a date such as 2026-11-29, 29/11/2026, 2026. 11. 29.; got '{value}'" in (
        result.stderr
    )
    assert not (tmp_path / "x.xlsx").exists()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "warning: Game 2: The last game stands at 2/7 deals: the new game comes after it"),
        ("hu", "figyelmeztetés: Játszma 2: Az utolsó játszma 2/7 leosztásnál tart"),
    ],
)
def test_add_game_says_when_the_last_game_is_unfinished(
    tmp_path: Path, lang: str, said: str
) -> None:
    path = tmp_path / "klub.xlsx"
    assert make(path, "--games", "2", "--lang", lang).exit_code == 0
    book = openpyxl.load_workbook(path)
    last = book.worksheets[1]
    last["B6"], last["C6"], last["D6"] = "H", 27, "X"
    last["B7"], last["C7"], last["D7"] = 12, "W", 30
    book.save(path)
    result = remi("new", "--add-game", path, "--no-backup")
    assert result.exit_code == 0, result.output
    assert said in result.output
    assert len(load_notebook(path).games) == 3


def test_add_game_after_a_finished_game_says_nothing_more(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    assert make(path, "--deals", "2").exit_code == 0
    book = openpyxl.load_workbook(path)
    game = book.worksheets[0]
    game["B6"], game["C6"], game["D6"] = "H", 27, "X"
    game["B7"], game["C7"], game["D7"] = 12, "W", 30
    book.save(path)
    result = remi("new", "--add-game", path, "--no-backup", "--date", "2026-12-24")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"Added the game sheet '2026-12-24 #1' to {path}."


def test_a_game_to_a_limit_gets_rows_for_a_long_game_and_its_own_warning(
    tmp_path: Path,
) -> None:
    path = tmp_path / "klub.xlsx"
    assert make(path, "-r", "game_end=limit", "-r", "points_limit=300").exit_code == 0
    notebook = load_notebook(path)
    assert len(notebook.games[0].layout.rows) == 20  # not the 7 of a game of deals
    assert notebook.rules.deals_per_game == 7  # no rule of its own for that
    book = openpyxl.load_workbook(path)
    game = book.worksheets[0]
    for row in range(6, 14):  # 8 deals, past 7, the totals still below 300
        game[f"B{row}"], game[f"C{row}"], game[f"D{row}"] = "W", 10, 10
    book.save(path)
    result = remi("new", "--add-game", path, "--no-backup")
    assert "No total of the last game has reached 300 yet (8 deals played)" in result.output
    assert "8/7" not in result.output
    asked = tmp_path / "rövid.xlsx"  # rows asked for are the rows made
    assert make(asked, "-r", "game_end=limit", "--deals", "12").exit_code == 0
    assert len(load_notebook(asked).games[0].layout.rows) == 12


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
        # Names the notebook's own reader takes for notes or running totals.
        ["-p", "Megjegyzés", "-p", "B"],
        ["-p", "A", "-p", "Összesen"],
        ["-p", "A", "-p", "Σ"],
    ],
)
def test_command_line_mistakes(tmp_path: Path, args: list[str]) -> None:
    result = remi("new", tmp_path / "x.xlsx", *args)
    assert result.exit_code == 2, result.output
    assert not (tmp_path / "x.xlsx").exists()


def test_a_name_read_as_no_player_is_refused_with_its_reason(tmp_path: Path) -> None:
    """`remi new` once made a notebook of it that its own `check` refused."""
    result = remi("new", tmp_path / "x.xlsx", "-p", "Notes", "-p", "Anna")
    assert result.exit_code == 2
    assert "'Notes' cannot be a player's name: remi reads a column headed so as notes" in (
        result.stderr
    )


def test_add_game_to_a_workbook_without_games_asks_for_the_players(tmp_path: Path) -> None:
    path = tmp_path / "notes.xlsx"
    book = openpyxl.Workbook()
    book.active["A1"] = "Club notes"
    book.save(path)
    before = path.read_bytes()
    result = remi("new", "--add-game", path)
    assert result.exit_code == 2
    assert "has no game sheet to take the players from: give them with -p" in result.stderr
    assert "given with --player" not in result.stderr
    assert path.read_bytes() == before


def test_names_that_look_like_formulas_stay_names(tmp_path: Path) -> None:
    path = tmp_path / "x.xlsx"
    assert remi("new", path, "-p", "=1+1", "-p", "@SUM(1)").exit_code == 0
    game = openpyxl.load_workbook(path).worksheets[0]
    assert (game["B5"].value, game["B5"].data_type) == ("=1+1", "s")
    assert load_notebook(path).games[0].players == ("=1+1", "@SUM(1)")


def test_add_game_touches_no_other_sheet(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    make(path)
    book = openpyxl.load_workbook(path)
    first = book.worksheets[0]
    first["B6"], first["C6"], first["D6"] = "H", 27, "X"
    book.save(path)
    before = {
        (s.title, c.coordinate): getattr(c.value, "text", c.value)  # an array formula's
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
        (s.title, c.coordinate): getattr(c.value, "text", c.value)
        for s in after_book.worksheets
        for row in s.iter_rows()
        for c in row
        if s.title != f"{today} #2"
    }
    changed = {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)}
    # The live sheet gains the new game's rows for the Standings sheet's live figures.
    gathered = {
        (sheet, cell)
        for sheet, cell in changed
        if sheet == "_remi_live" and int(cell.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) > 108
    }
    assert gathered
    assert {sheet for sheet, _ in changed - gathered} <= {"_remi_state"}
    notebook = load_notebook(path)
    assert [game.players for game in notebook.games][1] == ("Anna", "Béla", "Csaba")


def test_add_game_to_a_notebook_a_save_would_change_advises_only_force(tmp_path: Path) -> None:
    from openpyxl.comments import Comment

    path = tmp_path / "klub.xlsx"
    make(path)
    book = openpyxl.load_workbook(path)
    book.worksheets[0]["B6"].comment = Comment("From hand, nice!", "Anna")
    book.save(path)
    _as_excel_drew_it(path)
    before = path.read_bytes()
    result = remi("new", "--add-game", path)
    assert result.exit_code == 1
    assert "comments" in result.stderr and "Use --force to write anyway" in result.stderr
    assert "--output" not in result.stderr  # `new --add-game` has none
    assert path.read_bytes() == before
    assert remi("new", "--add-game", path, "--force").exit_code == 0


def _as_excel_drew_it(path: Path) -> None:
    """The comment's box drawn otherwise than openpyxl draws it (as Excel sizes a box):
    openpyxl's save would draw it anew, which remi tells."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    (vml,) = [name for name in parts if name.endswith(".vml")]
    sized = parts[vml].replace(b"width:144px", b"width:96pt", 1)  # Excel's default box
    assert sized != parts[vml]
    parts[vml] = sized
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_add_game_keeps_to_a_renamed_rules_sheet(tmp_path: Path) -> None:
    # Renamed in Excel, the Rules sheet is still the one the live formulas read: the new
    # game reads it too, and no second, default Szabályok sheet appears beside it.
    path = tmp_path / "klub.xlsx"
    make(path, "--lang", "hu", "-r", "hand_win=-50")
    book = openpyxl.load_workbook(path)
    book["Szabályok"].title = "Házirend"
    for name in book.defined_names.values():
        name.attr_text = name.attr_text.replace("'Szabályok'!", "'Házirend'!")
    book.save(path)
    result = remi("new", "--add-game", path)
    assert result.exit_code == 0, result.output
    assert "Szabályok" not in openpyxl.load_workbook(path).sheetnames
    loaded = load_notebook(path)
    assert loaded.rules.hand_win == -50 and loaded.all_problems() == []
    assert remi("report", "--blank", path, "-o", tmp_path / "ures.pdf").exit_code == 0


def test_add_game_says_which_rules_stay_fixed_above_agreements(tmp_path: Path) -> None:
    # A Rules sheet of the club's own, with agreements under one rule: no row is added
    # (they would fall among the agreements), so the live scores keep today's values of
    # the others, and the user is told how to change one: its row, then `remi score`.
    path = tmp_path / "klub.xlsx"
    book = openpyxl.Workbook()
    game = book.active
    game.title = "G1"
    for row in (["Deal", "A", "B"], [1, "W", 5]):
        game.append(row)
    rules = book.create_sheet("Rules")
    for row in (["opening_minimum", 51], ["Agreements"], ["vétel only with a meld"]):
        rules.append(row)
    book.save(path)
    result = remi("new", "--add-game", path, "--no-backup")
    assert result.exit_code == 0, result.output
    assert "no row for 18 rules above its agreements" in result.stdout
    assert "run remi score" in result.stdout
    assert "…" not in result.stdout  # every rule named, however long the list
    assert "hand_win" in result.stdout and "opening_needs_clean_run" in result.stdout
    book = openpyxl.load_workbook(path)
    assert [[c.value for c in row] for row in book["Rules"].iter_rows()] == [
        ["opening_minimum", 51], ["Agreements", None], ["vétel only with a meld", None]
    ]  # fmt: skip
    book["Rules"].insert_rows(2)
    book["Rules"]["A2"], book["Rules"]["B2"] = "hand_win", -50
    book.save(path)
    assert remi("score", path, "--no-backup").exit_code == 0
    assert "'Rules'!$B$2" in live_value(path, "remi_hand_win")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Usage error: At most 2 players play a game by these house rules (max_players); "
            "3 given with --player.",
        ),
        (
            "hu",
            "Hibás parancssor: Egy játszmában legfeljebb 2 játékos lehet (legtöbb játékos "
            "házszabály); a --player kapcsolóval 3 van megadva.",
        ),
    ],
)
def test_more_players_than_the_house_rules_allow_is_said_as_such(
    tmp_path: Path, lang: str, said: str
) -> None:
    path = tmp_path / "klub.xlsx"
    players = ["-p", "Anna", "-p", "Béla", "-p", "Csaba"]
    result = remi("new", path, *players, "-r", "max_players=2", "--lang", lang)
    assert result.exit_code == 2 and result.stderr.strip() == said
    assert not path.exists()


def test_add_game_with_other_players(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    make(path, "--lang", "hu")
    assert remi("new", "--add-game", path, "-p", "Ödön", "-p", "Győző").exit_code == 0
    games = load_notebook(path).games
    assert games[1].players == ("Ödön", "Győző")
    assert remi("score", path).exit_code == 0


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (["Anna"], "2–6 játékos kell; a --player kapcsolóval 1 van megadva."),
        (["Anna", "anna"], "'anna' és 'Anna' a remi számára ugyanaz a játékos"),
    ],
)
def test_add_game_with_wrong_players_is_a_command_line_mistake(
    tmp_path: Path, players: list[str], said: str
) -> None:
    # As `remi new` says it of the same -p options: exit 2, and nothing written.
    path = tmp_path / "klub.xlsx"
    make(path, "--lang", "hu")
    before = path.read_bytes()
    result = remi("new", "--add-game", path, *(part for name in players for part in ("-p", name)))
    assert result.exit_code == 2
    assert result.stderr.startswith("Hibás parancssor: ")
    assert said in result.stderr
    assert path.read_bytes() == before


def test_every_formula_remi_writes_is_within_what_every_spreadsheet_shares(
    tmp_path: Path,
) -> None:
    """Excel on the web has no CHAR below 32 but tab and line breaks, Google Sheets and
    other programs read no defined name that holds a formula or an array constant, and
    every program has Excel's limits: 8,192 characters a formula, 64 levels of nesting,
    255 characters an input check; no function newer than them all (`_xlfn.`)."""
    names = [part for name in ("Anna", "Béla", "Csaba", "Dóra") for part in ("-p", name)]
    for extra in ([], ["-r", "hand_win=-50", "-r", "game_end=limit", "--lang", "hu"]):
        path = tmp_path / f"klub{len(extra)}.xlsx"
        assert remi("new", path, *names, *extra).exit_code == 0
        assert remi("new", "--add-game", path).exit_code == 0
        book = openpyxl.load_workbook(path)
        formulas = [
            cell.value
            for sheet in book.worksheets
            for row in sheet.iter_rows()
            for cell in row
            if isinstance(cell.value, str) and cell.value.startswith("=")
        ]
        validations = [
            rule.formula1
            for sheet in book.worksheets
            for rule in sheet.data_validations.dataValidation
        ]
        painted = [
            formula
            for sheet in book.worksheets
            for ranges in sheet.conditional_formatting
            for rule in ranges.rules
            for formula in rule.formula
        ]
        assert formulas and validations and painted
        for formula in formulas + validations + painted:
            assert len(formula) <= 8192 and _depth(formula) <= 64, formula[:80]
            assert "_xlfn" not in formula.lower()
            for control in re.findall(r"CHAR\(([0-9]+)\)", formula):
                assert int(control) in (9, 10, 13), formula[:80]
            assert not any(ord(ch) < 32 for ch in formula)
        assert all(len(formula) <= 255 for formula in validations)
        for name, defined in book.defined_names.items():
            # a range of cells, on one sheet: 'Sheet'!$A$1 or 'Sheet'!$A$1:$C$9
            assert re.fullmatch(r"'(?:[^']|'')+'!\$[A-Z]+\$[0-9]+(?::\$[A-Z]+\$[0-9]+)?",
                                defined.attr_text), (name, defined.attr_text)  # fmt: skip


def _depth(formula: str) -> int:
    """How deep a formula's functions nest, text in quotes aside."""
    deepest = depth = 0
    for part in re.split(r'("(?:[^"]|"")*")', formula):
        if part.startswith('"'):
            continue
        for character in part:
            depth += {"(": 1, ")": -1}.get(character, 0)
            deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (["Ágnes", "Agnes"], "'Agnes' and 'Ágnes' are one player to remi"),
        (["Anna", "Anna"], "'Anna' is given twice"),
        (["", "Béla"], "A player's name cannot be empty"),
    ],
)
def test_the_players_given_are_told_apart_as_the_command_line_gives_them(
    tmp_path: Path, players: list[str], said: str
) -> None:
    path = tmp_path / "k.xlsx"
    result = remi("new", path, *[part for name in players for part in ("-p", name)])
    assert result.exit_code == 2 and said in result.stderr and not path.exists()


def _rules_renamed(tmp_path: Path, renamed: str, *, new_rules_sheet: bool = False) -> Path:
    """A new notebook whose hand win is -50 on its Rules sheet, then renamed `renamed` in
    the sheet and in every defined name, as Excel renames it (`new_rules_sheet`: and an
    empty sheet named Szabályok made beside it); its first game's first deal typed."""
    path = tmp_path / "klub.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "--lang", "hu").exit_code == 0
    book = openpyxl.load_workbook(path)
    rules = book["Szabályok"]
    row = next(r for r in range(1, 40) if rules.cell(r, 1).value == "kézből nyerés")
    rules.cell(row, 2).value = -50
    rules.title = renamed
    quoted = renamed.replace("'", "''")
    for name in list(book.defined_names):
        defined = book.defined_names[name]
        defined.attr_text = defined.attr_text.replace("'Szabályok'!", f"'{quoted}'!")
    for cells in book["_remi_live"].iter_rows():  # every formula that reads it
        for cell in cells:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.value = cell.value.replace("'Szabályok'!", f"'{quoted}'!")
    if new_rules_sheet:
        book.create_sheet("Szabályok")
    game = book.worksheets[0]
    game["B6"], game["C6"] = "H", 27
    book.save(path)
    return path


@pytest.mark.parametrize("renamed", ["Házirend", "Szabályok (2)", "Tom's rules"])
def test_the_rules_sheet_renamed_is_found_by_the_names_that_read_it(
    tmp_path: Path, renamed: str
) -> None:
    # Excel renames a sheet in every defined name that refers to it: remi reads the house
    # rules where the live formulas do, and a score leaves the names reading them there.
    path = _rules_renamed(tmp_path, renamed)
    notebook = load_notebook(path)
    assert notebook.rules.hand_win == -50 and notebook.games[0].score.totals == (-50, 60)
    assert remi("score", path).exit_code == 0
    quoted = renamed.replace("'", "''")
    assert f"'{quoted}'!" in live_value(path, "remi_hand_win")
    assert f"'{quoted}'!" in openpyxl.load_workbook(path).defined_names["remi_rules"].attr_text


def test_a_new_sheet_of_the_rules_sheets_name_beside_the_renamed_one_is_not_read(
    tmp_path: Path,
) -> None:
    # The live formulas read the renamed sheet: so does remi, and the new empty Szabályok
    # is a warning, not defaults that silently change the scores and cut the formulas'
    # links.
    path = _rules_renamed(tmp_path, "Házirend", new_rules_sheet=True)
    notebook = load_notebook(path)
    assert notebook.rules.hand_win == -50
    assert [(p.sheet, p.code) for p in notebook.problems] == [("Szabályok", "rules_sheet_not_read")]
    assert remi("score", path).exit_code == 0
    assert "'Házirend'!" in live_value(path, "remi_hand_win")


def test_the_names_and_the_date_keep_their_width(tmp_path: Path) -> None:
    """remi's cells in the players' columns (their totals and places above the names) never
    make a column narrower than the names and the date typed there need (a new notebook
    showed ### for its date and cut names in LibreOffice); the legend under the deals runs
    on over the empty cells beside it, not widening the deal column."""
    names = ["Szűcs Réka", "Bíró Győző", "Nagy Erzsébet"]
    path = tmp_path / "n.xlsx"
    assert remi("new", path, *(part for name in names for part in ("-p", name))).exit_code == 0
    game = openpyxl.load_workbook(path).worksheets[0]
    widths = {letter: game.column_dimensions[letter].width for letter in "ABCDEFG"}
    for letter, name in zip("BCD", names, strict=True):
        assert widths[letter] >= len(name) + 2, widths
    assert min(widths[letter] for letter in "BCDEFG") >= len("2026-12-05") + 2, widths
    assert widths["A"] < 24, widths  # the deal numbers and remi's short labels
    assert game.column_dimensions["I"].width >= len("remi ▸ points")
    # A second score changes none of them.
    assert remi("score", path).exit_code == 0
    again = openpyxl.load_workbook(path).worksheets[0]
    assert {letter: again.column_dimensions[letter].width for letter in "ABCDEFG"} == widths


@pytest.mark.parametrize(
    ("lang", "said"), [("hu", "ha már számít játszma"), ("en", "once it counts")]
)
def test_a_fresh_notebooks_standings_line_names_no_game_it_has_not_counted(
    tmp_path: Path, lang: str, said: str
) -> None:
    path = tmp_path / "k.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "--lang", lang).exit_code == 0
    book = openpyxl.load_workbook(path)
    line = str(book["Összesítő" if lang == "hu" else "Standings"]["A2"].value)
    assert said in line and "—" not in line and "(0 " not in line
