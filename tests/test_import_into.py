"""`remi import` into the notebooks people have: one `remi score` wrote (its Standings sheet,
chart and record are remi's), through `--output`, with a Date for every game and each new
sheet among the game sheets by date; and a summary that names every game."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlsxwriter

from tests.conftest import build_notebook, remi, remi_json, worked_game
from tests.test_records import csv_bytes

COMPLETE = [
    ["Deal", "Anna", "Béla", "Csaba"],
    [1, "H", "27", "X"],
    [2, 12, "W", "K 9 Jo"],
    [3, "3", "X 55", "W"],
]  # complete with deals_per_game 3
RECORDS = [
    ["Játszma", "Dátum", "Leosztás", "Anna", "Béla", "Csaba"],
    ["Tavaszi", "2026-02-01", "1", "-40", "60", "200"],
    ["", "", "2", "10", "-20", "40"],
    ["", "", "3", "0", "60", "-20"],
    ["Régi 2025-12-01", "", "1", "-20", "30", "40"],
    ["", "", "2", "-20", "30", "40"],
    ["", "", "3", "-20", "30", "40"],
    ["Rossz", "", "1", "-20", "35", "40"],
    ["Nyári", "", "1", "-20", "30", "40"],
]


def records(path: Path, rows: list[list[str]] = RECORDS) -> Path:
    path.write_bytes(csv_bytes(rows, encoding="cp1250"))
    return path


def season(path: Path) -> Path:
    """Two dated games, scored by remi: its area, Standings sheet, rating chart and record."""
    first = [["Date", dt.date(2026, 1, 10)], *COMPLETE]
    second = [["Date", dt.date(2026, 3, 7)], *COMPLETE]
    build_notebook(path, {"January": first, "March": second}, {"deals_per_game": 3})
    assert remi("score", path).exit_code == 0
    return path


def values(path: Path) -> dict[str, list[list[Any]]]:
    book = openpyxl.load_workbook(path)
    return {sheet.title: [list(row) for row in sheet.iter_rows(values_only=True)] for sheet in book}


def test_a_notebook_remi_scored_takes_the_records_in_place(tmp_path: Path) -> None:
    notebook = season(tmp_path / "klub.xlsx")
    before = values(notebook)
    result = remi("import", records(tmp_path / "papir.csv"), "--into", notebook)
    assert result.exit_code == 1, result.stdout  # "Rossz" has an impossible 35
    out = result.stdout
    assert "would lose" not in out and "Dry run" not in out and "dry run" not in out
    assert f"Filed into {notebook}:" in out
    assert (
        "3 games filed (Tavaszi, Régi 2025-12-01, Nyári); 1 with errors, not filed (Rossz). "
        f"Written: {notebook}." in out
    )
    book = openpyxl.load_workbook(notebook)
    # By date among the game sheets (Nyári has none: after the last), then the rest.
    assert book.sheetnames == [
        "Régi 2025-12-01",
        "January",
        "Tavaszi",
        "March",
        "Nyári",
        "Rules",
        "Standings",
        "_remi_state",
    ]
    assert book["Tavaszi"]["A2"].value == "Date"  # the notebook is in English
    assert book["Tavaszi"]["B2"].value == dt.datetime(2026, 2, 1)  # from the Date column
    assert book["Régi 2025-12-01"]["B2"].value == dt.datetime(2025, 12, 1)  # from the name
    assert book["Nyári"]["A2"].value == "Date" and book["Nyári"]["B2"].value is None
    after = values(notebook)
    assert {title: after[title] for title in before if title != "Standings"} == {
        title: rows for title, rows in before.items() if title != "Standings"
    }
    # Scored again, the new games count; stats has a date for each but the one left empty.
    assert remi("score", notebook).exit_code == 0
    code, doc = remi_json("stats", notebook, "--since", "2025-11-01")
    assert code == 0
    assert [game["sheet"] for game in doc["games"]] == [
        "Régi 2025-12-01",
        "January",
        "Tavaszi",
        "March",
    ]
    missing = [p["sheet"] for p in remi_json("stats", notebook)[1]["problems"]]
    assert missing == ["Nyári"]


def test_output_holding_another_notebook_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    notebook = season(tmp_path / "klub.xlsx")
    other = build_notebook(tmp_path / "masik.xlsx", {"Kedd": worked_game()})
    before = other.read_bytes()
    code, doc = remi_json(
        "import", records(tmp_path / "papir.csv"), "--into", notebook, "-o", other
    )
    assert code == 1 and doc["written"] is False and other.read_bytes() == before
    refused = [p["message"] for p in doc["problems"] if p["code"] == "output_other_notebook"]
    assert refused == [
        f"{other} already holds another notebook (klub.xlsx has no sheet Kedd): remi does not "
        "write over it. Name another file, or move that one away first."
    ]
    assert not (tmp_path / "masik.xlsx.bak").exists()


def test_output_writes_a_new_notebook_and_leaves_the_old_one(tmp_path: Path) -> None:
    notebook = season(tmp_path / "klub.xlsx")
    before = notebook.read_bytes()
    copy = tmp_path / "uj.xlsx"
    code, doc = remi_json("import", records(tmp_path / "papir.csv"), "--into", notebook, "-o", copy)
    assert code == 1 and doc["written"] is True and doc["notebook"] == str(copy)
    assert notebook.read_bytes() == before
    assert "Tavaszi" in openpyxl.load_workbook(copy).sheetnames
    assert "Tavaszi" not in openpyxl.load_workbook(notebook).sheetnames
    # A filed sheet reads as one `remi new` makes: its deals centred (a deal number beside a
    # text entry does not print as one: "2W"), the header kept in view.
    filed = openpyxl.load_workbook(copy)["Tavaszi"]
    header = next(row[0].row for row in filed.iter_rows() if row[0].value in ("Deal", "Leosztás"))
    deal = filed.cell(header + 2, 1)
    assert deal.value == 2 and deal.alignment.horizontal == "center"
    assert filed.cell(header + 2, 2).alignment.horizontal == "center"
    assert filed.freeze_panes == f"A{header + 1}"
    refused = remi("import", tmp_path / "papir.csv", "--into", notebook, "-o", notebook)
    assert refused.exit_code == 2 and notebook.read_bytes() == before
    # The same import again: the copy already holds it all, and is not written anew.
    made, when = copy.read_bytes(), copy.stat().st_mtime_ns
    code, doc = remi_json("import", tmp_path / "papir.csv", "--into", notebook, "-o", copy)
    assert code == 1 and doc["written"] is False and doc["outcome"] == "unchanged"
    assert [game["status"] for game in doc["games"]] == [
        "already_filed",
        "already_filed",
        "errors",
        "already_filed",
    ]
    assert copy.read_bytes() == made and copy.stat().st_mtime_ns == when
    said = remi("import", tmp_path / "papir.csv", "--into", notebook, "-o", copy).stdout
    assert f"Nothing to change: {copy} already holds them." in said
    assert f"Already in {copy} (a run before wrote it): Tavaszi, Régi 2025-12-01, Nyári" in said
    assert "Written:" not in said and "Filed into" not in said


def test_a_write_refused_is_not_called_a_dry_run_and_names_the_good_games(tmp_path: Path) -> None:
    path = tmp_path / "chart.xlsx"
    book = xlsxwriter.Workbook(path)
    sheet = book.add_worksheet("g")
    for row, cells in enumerate(worked_game()):
        sheet.write_row(row, 0, cells)
    chart = book.add_chart({"type": "line"})
    chart.add_series({"values": "=g!$B$2:$B$4"})
    sheet.insert_chart("H12", chart)  # a person's chart: a save would rebuild it
    book.close()
    before = path.read_bytes()
    result = remi("import", records(tmp_path / "papir.csv"), "--into", path, "--lang", "en")
    assert result.exit_code == 1
    out = result.stdout
    assert "Dry run" not in out and "dry run" not in out
    assert f"To file into {path}, but nothing was written (see the problems above):" in out
    assert "Use --output NEW.xlsx to write a copy, or --force" in out
    assert (
        "3 games to file but not filed (Tavaszi, Régi 2025-12-01, Nyári); 1 with errors, not "
        f"filed (Rossz). Nothing was written: {path} is unchanged." in out
    )
    assert path.read_bytes() == before
    copy = tmp_path / "copy.xlsx"
    assert remi("import", tmp_path / "papir.csv", "--into", path, "-o", copy).exit_code == 1
    assert "Tavaszi" in openpyxl.load_workbook(copy).sheetnames


def test_dry_run_and_already_filed_are_named(tmp_path: Path) -> None:
    notebook = season(tmp_path / "klub.xlsx")
    papers = records(tmp_path / "papir.csv")
    dry = remi("import", papers, "--into", notebook, "--dry-run", "--lang", "en").stdout
    assert f"Would file into {notebook} (dry run):" in dry
    assert "  Tavaszi → sheet 'Tavaszi': 3 players, 3 deals, dated 2026-02-01," in dry
    assert "  Nyári → sheet 'Nyári': 3 players, 1 deal, no date (type it in the Date row)," in dry
    assert "Dry run: nothing was written." in dry
    remi("import", papers, "--into", notebook)
    again = remi("import", papers, "--into", notebook, "--lang", "en").stdout
    assert (
        "3 already there (Tavaszi, Régi 2025-12-01, Nyári); 1 with errors, not filed (Rossz). "
        f"Nothing to write: {notebook} is unchanged." in again
    )
    # Nothing to file into a notebook that is not there yet: it is not made, nor called
    # unchanged.
    fresh = tmp_path / "uj.xlsx"
    output = tmp_path / "uj-kimenet.xlsx"
    said = remi("import", papers, "--into", notebook, "-o", output, "--lang", "en").stdout
    told = f"Nothing to write: no game new to {notebook}, and {output} was not written."
    assert told in said and not output.exists()
    output.write_bytes(b"")  # an older file there: not it is unchanged, the notebook is
    said = remi("import", papers, "--into", notebook, "-o", output, "--lang", "en").stdout
    assert told in said
    empty = tmp_path / "ures.csv"
    empty.write_text("Game;Deal;Anna;Béla\n", encoding="utf-8")
    said = remi("import", empty, "--into", fresh, "--lang", "en").stdout
    # Records with no game in them: that one line, and nothing made.
    assert said == (
        "error: ures.csv: The records hold no games: no row below the header names a game "
        "and a deal.\n"
    )
    assert not fresh.exists()


def test_an_unreadable_date_is_a_warning_and_the_name_is_asked(tmp_path: Path) -> None:
    rows = [
        ["Game", "Date", "Deal", "Anna", "Béla"],
        ["Klub 2026. 04. 05.", "5th of April", "1", "-20", "30"],
    ]
    code, doc = remi_json(
        "import", records(tmp_path / "r.csv", rows), "--into", tmp_path / "n.xlsx"
    )
    assert code == 0
    assert [(p["severity"], p["code"], p["line"]) for p in doc["problems"]] == [
        ("warning", "records_date_unreadable", 2)
    ]
    sheet = openpyxl.load_workbook(tmp_path / "n.xlsx")["Klub 2026. 04. 05."]
    assert (sheet["A2"].value, sheet["B2"].value) == ("Date", dt.datetime(2026, 4, 5))


def test_an_unreadable_date_of_a_game_without_one_in_its_name_is_kept_in_its_date_cell(
    tmp_path: Path,
) -> None:
    """What the paper's Date cell held is kept where the date goes, as text to put right
    there (the next `check` points at it), not dropped for an empty cell."""
    rows = [
        ["Game", "Date", "Deal", "Anna", "Béla"],
        ["Okt 3", "nov. 5.", "1", "-20", "30"],
        ["Okt 4", "=1+1", "1", "-20", "30"],
    ]
    notebook = tmp_path / "n.xlsx"
    code, doc = remi_json("import", records(tmp_path / "r.csv", rows), "--into", notebook)
    assert code == 0
    assert [(p["code"], p["line"]) for p in doc["problems"]] == [
        ("records_date_unreadable", 2),
        ("records_date_unreadable", 3),
    ]
    book = openpyxl.load_workbook(notebook)
    assert book["Okt 3"]["B2"].value == "nov. 5."
    assert (book["Okt 4"]["B2"].value, book["Okt 4"]["B2"].data_type) == ("=1+1", "s")
    checked = remi("check", notebook, "--lang", "en")
    assert "Okt 3!B2" in checked.stdout and "nov. 5." in checked.stdout


def test_a_date_that_reads_both_ways_is_warned_of_as_in_a_notebook(tmp_path: Path) -> None:
    # 02/16/2019 shows the month first: 03/04/2019 beside it is March, but remi reads the
    # day first (April). check warns of it in a notebook; so does the import, at its line.
    rows = [
        ["Game", "Date", "Deal", "Anna", "Béla"],
        ["G1", "02/16/2019", "1", "-20", "30"],
        ["G2", "03/04/2019", "1", "-20", "10"],
        ["G3", "13/04/2019", "1", "-20", "10"],
    ]
    code, doc = remi_json(
        "import", records(tmp_path / "r.csv", rows), "--into", tmp_path / "n.xlsx", "--dry-run"
    )
    assert code == 0
    found = [(p["severity"], p["code"], p["line"]) for p in doc["problems"]]
    assert ("warning", "records_date_month_first", 3) in found
    assert not any(
        p["code"] == "records_date_month_first" and p["line"] == 4 for p in doc["problems"]
    )
    said = remi(
        "import", tmp_path / "r.csv", "--into", tmp_path / "n.xlsx", "--dry-run", "--lang", "hu"
    )
    assert "'03/04/2019' dátumot a remi nappal kezdve olvassa (2019. 04. 03.)" in said.stdout
    plain = [row for row in rows if row[0] != "G1"]  # no sign of a month first: no warning
    code, doc = remi_json(
        "import", records(tmp_path / "p.csv", plain), "--into", tmp_path / "n.xlsx", "--dry-run"
    )
    assert not any(p["code"] == "records_date_month_first" for p in doc["problems"])


def test_records_without_a_game_column_are_told_so_in_their_headers_language(
    tmp_path: Path,
) -> None:
    # Nothing else tells the language: no notebook yet, and no header remi reads whole.
    rows = [["Leosztás", "Anna", "Béla"], ["1", "-20", "30"]]
    env = {"LANG": "C", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    said = remi("import", records(tmp_path / "r.csv", rows), "--into", tmp_path / "n.xlsx", env=env)
    assert said.exit_code == 1
    assert "A fejlécben nincs Játszma (Game) oszlop" in said.stdout + said.stderr
    assert not (tmp_path / "n.xlsx").exists()


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_notebook_given_as_the_records_is_told_for_what_it_is(tmp_path: Path, lang: str) -> None:
    notebook = tmp_path / "klub.xlsx"
    assert remi("new", notebook, "-p", "Anna", "-p", "Béla", "--lang", lang).exit_code == 0
    target = tmp_path / "uj.xlsx"
    said = remi("import", notebook, "--into", target)
    assert said.exit_code == 1 and not target.exists()
    told = "Ez a fájl pontozófüzet" if lang == "hu" else "This is a score notebook"
    assert told in said.stdout + said.stderr and "remi stats" in said.stdout + said.stderr


def test_records_in_a_workbook_without_a_game_column_are_records_all_the_same(
    tmp_path: Path,
) -> None:
    # A game sheet's look (Deal, then players) and nothing else of a notebook's: records
    # that lack their Game column, told so at that heading.
    book = openpyxl.Workbook()
    for row in [["Deal", "Anna", "Béla"], [1, -20, 30]]:
        book.active.append(row)
    book.save(tmp_path / "rec.xlsx")
    said = remi("import", tmp_path / "rec.xlsx", "--into", tmp_path / "n.xlsx", "--lang", "en")
    assert said.exit_code == 1
    assert "Sheet!A1: The header has no Game (Játszma) column" in said.stdout + said.stderr
