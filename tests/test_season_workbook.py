"""`remi stats NOTEBOOK… -o season.xlsx`: the season as a workbook for people, run as users
run it (the installed `remi`, in a child process), read back by openpyxl, by calamine and
by LibreOffice itself: the standings `remi stats --json` gives, figures as numbers, text
from the notebook as text (never a formula), and an output that would destroy a file
refused in one line with nothing changed."""

from __future__ import annotations

import csv
import datetime as dt
import io
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from python_calamine import CalamineWorkbook

from remi_sheet.core.rules import value_text
from remi_sheet.i18n import say
from remi_sheet.writing.season_workbook import SHEETS
from tests.conftest import ENV, build_notebook

ROOT = Path(__file__).resolve().parent.parent
REMI = Path(sys.executable).with_name("remi")
SAMPLE = ROOT / "samples" / "klub.xlsx"
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")

PLAYERS = ["Anna", "=1+1", "Csaba"]
HYPERLINK = '=HYPERLINK("http://example.com")'


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """The installed `remi ARGS…`, as a user's terminal runs it (English system)."""
    return subprocess.run(
        [str(REMI), *map(str, args)],
        check=False,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, **ENV},
        timeout=120,
    )


def _game(day: str, place: str, first: int, players: Sequence[str] = PLAYERS) -> list[list[Any]]:
    """A game of two deals: a Date and a Place row, the header, each deal won in turn."""
    rows: list[list[Any]] = [["Date", day], ["Place", place], ["Deal", *players]]
    for deal in (1, 2):
        winner = (first + deal - 1) % len(players)
        cells = ["W" if i == winner else 10 * (i + deal) for i in range(len(players))]
        rows.append([deal, *cells])
    return rows


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An English notebook: eleven complete games of Anna, a player typed "=1+1" and Csaba
    (enough for ratings), the first one's place typed as a formula, then an unfinished
    game of Anna and two newcomers, one whose name holds a control character (typed as the
    format's escape, `_x0007_`) and one called "_x0041_" (its underscore escaped)."""
    folder = tmp_path_factory.mktemp("english")
    sheets = {
        f"G{n:02d}": _game(f"2026-01-{n:02d}", HYPERLINK if n == 1 else "Club room", n % 3)
        for n in range(1, 12)
    }
    sheets["Late"] = [
        ["Date", "2026-02-01"],
        ["Deal", "Anna", "Bell_x0007_", "_x005F_x0041_"],
        [1, "W", 10, 20],
        [2],
    ]
    return build_notebook(folder / "club.xlsx", sheets, {"deals_per_game": 2})


@pytest.fixture(scope="module")
def hungarian(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample notebook, Hungarian (its sheets' names say so)."""
    folder = tmp_path_factory.mktemp("hungarian")
    return Path(shutil.copy(SAMPLE, folder / "klub.xlsx"))


def _written(notebook: Path, *args: str) -> Path:
    """The season workbook `remi stats NOTEBOOK -o season.xlsx ARGS…` writes."""
    target = notebook.parent / "season.xlsx"
    done = run("stats", notebook, "-o", target, *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith(target.name), done.stdout  # "Written: …" / "Kiírva: …"
    return target


@pytest.fixture(scope="module")
def english_book(english: Path) -> Path:
    return _written(english, "--since", "2026-01-01")


@pytest.fixture(scope="module")
def hungarian_book(hungarian: Path) -> Path:
    return _written(hungarian)


def _json(notebook: Path, *args: str) -> dict[str, Any]:
    done = run("stats", notebook, "--json", *args)
    document: dict[str, Any] = json.loads(done.stdout)
    return document


def _printed_headings(notebook: Path) -> list[str]:
    """The standings table's headings as `remi stats` prints them on a terminal."""
    lines = run("stats", notebook).stdout.splitlines()
    return [cell.strip() for cell in lines[1].split("  ") if cell.strip()]


def _expected_row(player: dict[str, Any], few_games: str) -> list[Any]:
    """A player of `--json` as the standings sheet must hold it: figures as numbers (the
    rating to two decimals), none for a figure not there yet, "(few games)" for a rating
    of too few games."""
    places = "·".join(str(count) for count in player["places"].values())
    if player["few_games"]:
        rating, uncertainty = few_games, None
    else:
        rating, uncertainty = player["rating"], player["uncertainty"]
    return [
        player["rank"], player["name"], rating, uncertainty, player["games"],
        player["complete_games"], player["wins"], places, player["total"], player["average"],
        player["average_per_deal"], player["hands"], player["plus200"], player["longest_streak"],
    ]  # fmt: skip


def _same(found: list[Any], expected: list[Any]) -> None:
    assert len(found) == len(expected)
    for got, wanted in zip(found, expected, strict=True):
        if isinstance(wanted, float) and not isinstance(wanted, bool):
            assert isinstance(got, float | int) and not isinstance(got, bool), (found, expected)
            assert got == pytest.approx(wanted, abs=0.0051), (found, expected)  # to 2 decimals
        elif isinstance(wanted, int) and not isinstance(wanted, bool):
            assert isinstance(got, float | int) and got == wanted, (found, expected)
        else:
            assert got == wanted, (found, expected)


def _unescaped(value: Any) -> Any:
    """A text as Excel shows it: openpyxl reads the format's escapes (`_x0007_`) as they
    are stored, calamine and Excel decode them."""
    if not isinstance(value, str):
        return value
    return re.sub(r"_x([0-9A-Fa-f]{4})_", lambda found: chr(int(found[1], 16)), value)


def _calamine(path: Path, sheet: int) -> list[list[Any]]:
    rows: list[list[Any]] = (
        CalamineWorkbook.from_path(str(path)).get_sheet_by_index(sheet).to_python()
    )
    return [[None if cell == "" else cell for cell in row] for row in rows]


# ------------------------------------------------------------------ the standings


@pytest.mark.parametrize(
    ("book", "notebook", "few_games", "sheets"),
    [
        (
            "hungarian_book",
            "hungarian",
            "(kevés játszma)",
            ["Szezonösszesítő", "Legjobb és legrosszabb játszmák", "Egymás ellen", "Játszmák",
             "Értékszám játszmáról játszmára", "Tudnivalók"],
        ),
        (
            "english_book",
            "english",
            "(few games)",
            ["Season standings", "Best and worst games", "Head to head", "Games",
             "Rating after each game", "About"],
        ),
    ],
)  # fmt: skip
def test_the_standings_are_those_of_json_as_numbers_in_both_readers(
    request: pytest.FixtureRequest, book: str, notebook: str, few_games: str, sheets: list[str]
) -> None:
    path: Path = request.getfixturevalue(book)
    source: Path = request.getfixturevalue(notebook)
    since = ("--since", "2026-01-01") if notebook == "english" else ()
    players = _json(source, *since)["players"]
    workbook = openpyxl.load_workbook(path)
    assert workbook.sheetnames == sheets
    standings = workbook.worksheets[0]
    # The headings the terminal prints, in its order, bold, frozen above the players.
    assert [cell.value for cell in standings[1]] == _printed_headings(source)
    assert all(cell.font.b for cell in standings[1])
    assert standings.freeze_panes == "C2"
    rows = list(standings.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(players) > 0
    for row, player in zip(standings.iter_rows(min_row=2), players, strict=True):
        _same([_unescaped(cell.value) for cell in row], _expected_row(player, few_games))
        figures = [cell for cell in row if isinstance(cell.value, int | float)]
        assert figures and all(cell.data_type == "n" for cell in figures)  # numbers, not text
        assert row[1].data_type == "s"
        if player["average"] is not None:  # else an empty cell
            assert row[9].number_format == "0.0"  # the average: "265,0" in a Hungarian Excel
        assert row[10].number_format == "0.0"
        if not player["few_games"]:
            assert row[2].number_format == row[3].number_format == "0.00"
    # calamine, as pandas and Polars read it, sees the same numbers as numbers.
    calamine = _calamine(path, 0)
    assert calamine[0] == [cell.value for cell in standings[1]]
    for row, player in zip(calamine[1:], players, strict=True):
        _same(row, _expected_row(player, few_games))


def test_some_ratings_are_numbers(english_book: Path) -> None:
    """Eleven complete games each: the English season's first three are rated, with a
    rating and ± as numbers (the sample's players have too few games for one)."""
    rows = _calamine(english_book, 0)[1:]
    rated = [row for row in rows if isinstance(row[2], float)]
    assert [row[1] for row in rated] == PLAYERS
    assert all(isinstance(row[3], float) for row in rated)


# ------------------------------------------------------------------ text stays text


def test_a_name_like_a_formula_stays_text_everywhere(english_book: Path) -> None:
    workbook = openpyxl.load_workbook(english_book)
    cells = [cell for sheet in workbook for row in sheet.iter_rows() for cell in row]
    named = [cell for cell in cells if cell.value == "=1+1"]
    # The standings, best and worst, head to head (row and column), every game, ratings.
    assert len(named) >= 6
    assert all(cell.data_type == "s" for cell in named)
    assert [cell for cell in cells if cell.data_type == "f"] == []
    place = [cell for cell in cells if cell.value == HYPERLINK]
    assert place and all(cell.data_type == "s" for cell in place)
    with zipfile.ZipFile(english_book) as archive:
        parts = [name for name in archive.namelist() if name.startswith("xl/worksheets/")]
        assert parts and not any(b"<f>" in archive.read(name) for name in parts)
    assert calamine_values(english_book) >= {"=1+1", HYPERLINK}


def calamine_values(path: Path) -> set[Any]:
    return {cell for index in range(6) for row in _calamine(path, index) for cell in row}


def test_characters_a_cell_cannot_hold_are_escaped_and_read_back_as_typed(
    english_book: Path,
) -> None:
    """A name holding a bell (BEL) is written as the format's escape, which calamine reads
    back as the bell; a name typed "_x0041_" stays that, not "A"."""
    with zipfile.ZipFile(english_book) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml").decode("utf-8")
    assert "Bell_x0007_" in sheet
    assert "\x07" not in sheet
    found = calamine_values(english_book)
    assert {"Bell\x07", "_x0041_"} <= found
    assert "A" not in found


# ------------------------------------------------------------------ the other sheets


def test_the_games_sheet_has_every_player_of_every_game(english_book: Path, english: Path) -> None:
    games = _json(english, "--since", "2026-01-01")["games"]
    workbook = openpyxl.load_workbook(english_book)
    sheet = workbook["Games"]
    assert [cell.value for cell in sheet[1]] == [
        "Date", "Notebook", "Sheet", "Place", "Deals", "Player", "Total", "Rank", "Finished",
        "Counted",
    ]  # fmt: skip
    assert sheet.freeze_panes == "A2"
    assert sheet.auto_filter.ref == f"A1:J{sheet.max_row}"
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    expected = [
        (game["date"], game["sheet"], name, game["totals"][name], game["ranks"][name],
         "yes" if game["complete"] else "no")
        for game in games
        for name in game["players"]
    ]  # fmt: skip
    found = [
        (row[0].date().isoformat(), row[2], _unescaped(row[5]), row[6], row[7], row[8])
        for row in rows
    ]
    assert found == expected
    assert {row[1] for row in rows} == {"club.xlsx"}
    assert rows[0][3] == HYPERLINK and rows[-1][3] is None  # the place, as typed
    assert sheet["A2"].number_format == "yyyy-mm-dd"  # a date, as English writes it
    assert ("no", "yes") in {(row[8], row[9]) for row in rows}  # "Late": counted, unfinished


def test_head_to_head_and_the_ratings(english_book: Path, english: Path) -> None:
    document = _json(english, "--since", "2026-01-01")
    workbook = openpyxl.load_workbook(english_book)
    grid = workbook["Head to head"]
    names = [player["name"] for player in document["players"]]
    assert [_unescaped(cell.value) for cell in grid[1]] == [None, *names]
    ahead, behind = document["head_to_head"]["Anna"]["Csaba"]
    assert grid.cell(2, 1).value == "Anna"
    assert grid.cell(2, 2).value == "·"
    assert grid.cell(2, 4).value == f"{ahead}–{behind}"
    ratings = workbook["Rating after each game"]
    assert [cell.value for cell in ratings[1]][:2] == ["Game", "Date"]
    last = [cell.value for cell in ratings[ratings.max_row]]
    anna = next(p for p in document["players"] if p["name"] == "Anna")
    assert last[0] == anna["rating_history"][-1]["game"]
    assert last[2] == pytest.approx(anna["rating_history"][-1]["rating"], abs=0.0051)


def test_the_about_sheet_says_what_the_figures_are_of(
    english_book: Path, hungarian_book: Path
) -> None:
    english = {row[0]: row[1] for row in _calamine(english_book, 5) if row and row[0]}
    assert english["Notebooks"] == "club.xlsx"
    assert english["Period"] == "2026-01-01 – …"
    assert english["Players shown"] == "everybody"
    assert english["Notes"] == "12 games in 1 notebook: 12 counted, 11 complete and rated."
    hungarian = {row[0]: row[1] for row in _calamine(hungarian_book, 5) if row and row[0]}
    assert hungarian["Időszak"] == "minden játszma, dátumtól függetlenül"
    assert hungarian["Házszabályok"] == "nyitás minimum = 51"
    notes = [row[1] for row in _calamine(hungarian_book, 5)]
    assert (
        "Nincs befejezve (nem számít győzelembe, helyezésbe, értékszámba): 2026-11-13 #1" in notes
    )


def test_players_and_order_asked_for_are_said(english: Path, tmp_path: Path) -> None:
    target = tmp_path / "two.xlsx"
    done = run("stats", english, "-p", "csaba", "-p", "anna", "--sort", "name", "-o", target)
    assert done.returncode == 0, done.stderr
    rows = _calamine(target, 0)
    assert [row[1] for row in rows[1:]] == ["Anna", "Csaba"]
    about = _calamine(target, 5)
    assert about[0][0].startswith("Season standings — sorted by player")
    assert {row[0]: row[1] for row in about if row and row[0]}["Players shown"] == "Anna and Csaba"


# ------------------------------------------------------------------ LibreOffice


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
def test_libreoffice_opens_it_as_it_is(english_book: Path, tmp_path: Path) -> None:
    """LibreOffice converts the first sheet to CSV (UTF-8): the names are there, "=1+1"
    as text (a formula would show 2), the averages as numbers to one decimal."""
    assert SOFFICE is not None
    out = tmp_path / "csv"
    done = subprocess.run(
        [
            SOFFICE, f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}", "--headless",
            "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", str(out),
            str(english_book),
        ],
        check=False, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = list(csv.reader(io.StringIO((out / "season.csv").read_text(encoding="utf-8"))))
    assert rows[0][:2] == ["Rank", "Player"]
    assert [row[1] for row in rows[1:4]] == PLAYERS
    assert [row[9] for row in rows[1:4]] == ["7.3", "21.8", "30.0"]


# ------------------------------------------------------------------ what is never written over


def _refused(notebook: Path, target: Path, code: int, said: str, *args: str) -> None:
    """`remi stats NOTEBOOK -o TARGET` refused in one line saying `said`, with exit `code`,
    the notebook and the target as they were, and nothing left beside them."""
    before = {path: path.read_bytes() for path in notebook.parent.iterdir() if path.is_file()}
    done = run("stats", notebook, "-o", target, "--lang", "en", *args)
    assert done.returncode == code, (done.stdout, done.stderr)
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and said in lines[0], lines
    after = {path: path.read_bytes() for path in notebook.parent.iterdir() if path.is_file()}
    assert after == before


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(SAMPLE, tmp_path / "klub.xlsx")
    return tmp_path


def test_the_notebook_itself_is_never_the_output(folder: Path) -> None:
    """A command-line mistake, as for every output (exit 2)."""
    notebook = folder / "klub.xlsx"
    _refused(notebook, notebook, 2, "'klub.xlsx' is the file this command reads")
    link = folder / "season.xlsx"
    link.symlink_to(notebook)
    _refused(notebook, link, 2, "'season.xlsx' is the same file as 'klub.xlsx', which")


def test_a_folder_is_never_the_output(folder: Path) -> None:
    (folder / "season.xlsx").mkdir()
    _refused(folder / "klub.xlsx", folder / "season.xlsx", 1, "is a folder, not a season's")
    assert (folder / "season.xlsx").is_dir()


def test_a_file_that_is_no_workbook_is_never_written_over(folder: Path) -> None:
    (folder / "season.xlsx").write_text("my notes", encoding="utf-8")
    said = "season.xlsx already exists and is not a season's Excel workbook"
    _refused(folder / "klub.xlsx", folder / "season.xlsx", 1, said)


def test_another_notebook_is_never_written_over(folder: Path) -> None:
    other = shutil.copy(ROOT / "samples" / "hibak.xlsx", folder / "hibak.xlsx")
    said = "hibak.xlsx is a workbook remi did not write as a season (its sheets: 2026-11-20 #1"
    _refused(folder / "klub.xlsx", Path(other), 1, said)


def test_a_season_workbook_a_sheet_was_added_to_is_never_written_over(folder: Path) -> None:
    book = _written(folder / "klub.xlsx")
    workbook = openpyxl.load_workbook(book)
    workbook.create_sheet("Jegyzetek")
    workbook.save(book)
    said = "season.xlsx is a workbook remi did not write as a season (its sheet: Jegyzetek)"
    _refused(folder / "klub.xlsx", book, 1, said)


def test_a_season_workbook_is_written_again_and_the_old_one_kept(
    folder: Path, english: Path
) -> None:
    book = _written(folder / "klub.xlsx")
    first = book.read_bytes()
    done = run("stats", english, "-o", book)  # English over Hungarian: remi's own both
    assert done.returncode == 0, done.stderr
    assert (folder / "season.xlsx.bak").read_bytes() == first
    assert openpyxl.load_workbook(book).sheetnames[0] == "Season standings"
    assert not [path for path in folder.iterdir() if path.name.startswith(".season")]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["-o", "season.ods"],
            "'season.ods' cannot receive a PDF or a season's Excel workbook: name a file "
            "ending in .pdf or .xlsx.",
        ),
        (
            ["-o", "season.xlsx", "--template", "."],
            "--template lays out the season's PDF: give it with -o SEASON.pdf.",
        ),
    ],
)
def test_command_line_mistakes(folder: Path, args: list[str], said: str) -> None:
    done = run("stats", folder / "klub.xlsx", "--lang", "en", *args)
    assert done.returncode == 2
    assert said in " ".join(done.stderr.split())
    assert sorted(path.name for path in folder.iterdir()) == ["klub.xlsx"]


# ------------------------------------------------------------------ beside the others


def test_the_csv_for_scripts_is_unchanged_beside_the_workbook(folder: Path) -> None:
    alone = run("stats", folder / "klub.xlsx", "--csv")
    both = run("stats", folder / "klub.xlsx", "--csv", "-o", folder / "season.xlsx")
    assert alone.returncode == both.returncode == 0
    assert both.stdout == alone.stdout
    assert alone.stdout.startswith("rank,name,games,complete_games,wins,deals,total,average,")
    assert "Nagy Erzsébet,3,2,1,17,730,265,42.9" in alone.stdout
    assert (folder / "season.xlsx").exists()


def test_json_stays_one_document_beside_the_workbook(folder: Path) -> None:
    done = run("stats", folder / "klub.xlsx", "--json", "-o", folder / "season.xlsx")
    assert done.returncode == 0
    assert json.loads(done.stdout)["players"]
    assert done.stderr.strip() == f"Kiírva: {folder / 'season.xlsx'}"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["-o season.xlsx writes the season as a workbook", "--json are for scripts",
                "CSV for scripts", "A .xlsx is a workbook for people"]),
        ("hu", ["-o szezon.xlsx munkafüzetbe írja a szezont", "--json szkripteknek való",
                "CSV-ként, szkripteknek", "A .xlsx embereknek szóló munkafüzet"]),
    ],
)  # fmt: skip
def test_help_says_which_is_for_whom(lang: str, said: list[str]) -> None:
    done = run("stats", "--help", "--lang", lang)
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    for words in said:
        assert words in text
    assert ("SEASON.pdf|.xlsx" if lang == "en" else "SZEZON.pdf|.xlsx") in text


# ------------------------------------------------------------------ games with errors, printing

ERRORS = ROOT / "samples" / "hibak.xlsx"


@pytest.fixture(scope="module")
def with_errors(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The season of the two samples, Hungarian: the club's games and the notebook of
    mistakes, whose games with errors are not counted; its About sheet lists the problems
    found, each a long line."""
    folder = tmp_path_factory.mktemp("errors")
    notebooks = [shutil.copy(path, folder / path.name) for path in (SAMPLE, ERRORS)]
    target = folder / "season.xlsx"
    done = run("stats", *notebooks, "-o", target)
    assert done.returncode == 1, done.stderr  # the errors found
    assert target.exists()
    return target


def test_a_game_with_errors_shows_the_deals_played_as_check_counts_them(
    with_errors: Path,
) -> None:
    """Not counted, its totals and places empty, but the deals typed shown, as `remi
    check` counts them ("4/7 deals"): the sample's games with errors showed 0."""
    checked = run("check", ERRORS, "--json")
    played = {game["sheet"]: game["played"] for game in json.loads(checked.stdout)["games"]}
    sheet = openpyxl.load_workbook(with_errors).worksheets[SHEETS.index("games")]
    rows = [row for row in sheet.iter_rows(min_row=2, values_only=True) if row[1] == ERRORS.name]
    assert {row[2]: row[4] for row in rows} == played
    left_out = [row for row in rows if row[9] == value_text(False, "hu")]
    assert left_out  # the sample's games with errors, not counted: no total, no place
    assert all(row[4] > 0 and row[6] is None and row[7] is None for row in left_out)


def test_every_sheet_prints_one_page_wide_with_its_headings_on_each_page(
    with_errors: Path, english_book: Path
) -> None:
    for book in (with_errors, english_book):
        workbook = openpyxl.load_workbook(book)
        for sheet in workbook:
            setup = sheet.page_setup
            assert sheet.sheet_properties.pageSetUpPr.fitToPage, sheet.title
            assert (setup.fitToWidth, setup.fitToHeight) == (1, 0), sheet.title
            wide = sum(sheet.column_dimensions[letter].width for letter in _letters(sheet)) > 90
            assert setup.orientation == ("landscape" if wide else "portrait"), sheet.title
            about = sheet.title in (say("workbook_about", "en"), say("workbook_about", "hu"))
            assert sheet.print_title_rows == (None if about else "$1:$1"), sheet.title


def _letters(sheet: Any) -> list[str]:
    from openpyxl.utils import get_column_letter

    return [get_column_letter(column) for column in range(1, sheet.max_column + 1)]


def _pdf(book: Path, folder: Path) -> Any:
    """The workbook as LibreOffice prints it: a PDF of every sheet, in order."""
    from pypdf import PdfReader

    assert SOFFICE is not None
    done = subprocess.run(
        [
            SOFFICE, f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless",
            "--convert-to", "pdf", "--outdir", str(folder), str(book),
        ],
        check=False, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return PdfReader(folder / book.with_suffix(".pdf").name)


def _text_pieces(page: Any) -> list[tuple[float, float, float, str, bool]]:
    """A PDF page's text as LibreOffice placed it: (baseline from the top, left, font
    size, text, whether bold) of each piece, top to bottom and left to right."""
    pieces: list[tuple[float, float, float, str, bool]] = []

    def seen(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if text.strip():
            top = round(float(page.mediabox.height) - (tm[5] * cm[3] + cm[5]), 1)
            left = round(tm[4] * cm[0] + cm[4], 1)
            bold = "Bold" in str(font.get("/BaseFont", "")) if font else False
            pieces.append((top, left, abs(tm[3] * cm[3] * size), text.strip(), bold))

    page.extract_text(visitor_text=seen)
    return sorted(pieces)


def _printed(book: Path, folder: Path) -> dict[str | None, list[Any]]:
    """LibreOffice's pages of `book`, by sheet: a page is the table's whose headings are
    all its bold words (head to head: its players, heading the rows too), the About
    sheet's when its bold words are the About sheet's labels; None's, any other (a table
    cut apart, its headings shown in part)."""
    sheets = openpyxl.load_workbook(book).worksheets
    *tables, about = sheets
    labels = {word for row in about.iter_rows(max_col=1, values_only=True) if row[0]
              for word in str(row[0]).split()}  # fmt: skip
    found: dict[str | None, list[Any]] = {sheet.title: [] for sheet in sheets}
    found[None] = []
    for page in _pdf(book, folder).pages:
        bold = {word for *_, text, b in _text_pieces(page) if b for word in text.split()}
        sheet = next((sheet for sheet in tables if _heading_words(sheet) == bold), None)
        title = sheet.title if sheet else about.title if bold <= labels else None
        found[title].append(page)
    return found


def _heading_words(sheet: Any) -> set[str]:
    return {word for cell in sheet[1] if cell.value for word in str(cell.value).split()}


@pytest.fixture(scope="module")
def long_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A season of forty games of three: the games sheet's 120 rows fill pages."""
    folder = tmp_path_factory.mktemp("long")
    sheets = {
        f"G{n:02d}": _game((dt.date(2026, 1, 1) + dt.timedelta(n)).isoformat(), "Club", n % 3)
        for n in range(40)
    }
    return _written(build_notebook(folder / "club.xlsx", sheets, {"deals_per_game": 2}))


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
def test_libreoffice_prints_each_sheet_one_page_wide_headings_on_every_page(
    with_errors: Path, long_book: Path, tmp_path: Path
) -> None:
    """The sample season: each table on one page, every column on it (the records and
    the games were split over three portrait pages, their columns cut apart), a wide
    sheet's lying landscape; the About sheet one page wide. A long season's games fill
    pages, each headed by the headings row."""
    printed = _printed(with_errors, tmp_path)
    sheets = openpyxl.load_workbook(with_errors).worksheets
    *tables, about = sheets
    assert [len(printed[sheet.title]) for sheet in tables] == [1] * len(tables)
    assert printed[about.title] and not printed[None]
    for sheet in sheets:
        for page in printed[sheet.title]:
            lying = page.mediabox.width > page.mediabox.height
            assert lying == (sheet.page_setup.orientation == "landscape"), sheet.title
    for page in printed[about.title]:  # its labels and its notes on each page
        assert len({left for _, left, *_ in _text_pieces(page)}) >= 2
    games = openpyxl.load_workbook(long_book).worksheets[SHEETS.index("games")]
    pages = _printed(long_book, tmp_path / "long")[games.title]
    assert len(pages) >= 3  # each with the headings: else it would be given to no sheet
    shown = [text for page in pages for *_, text, _ in _text_pieces(page)]
    assert shown.count("Counted") == len(pages)
    assert shown.count("G39") == 3  # the last game's three players: no row left out


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
def test_the_about_sheets_long_notes_are_never_printed_over_each_other(
    with_errors: Path, tmp_path: Path
) -> None:
    """Each note wraps within its row: LibreOffice prints every line of the About sheet
    (the problems, two lines each) at least a line's height below the one above."""
    about = openpyxl.load_workbook(with_errors).worksheets[SHEETS.index("workbook_about")]
    pages = _printed(with_errors, tmp_path)[about.title]
    texts = [text for page in pages for *_, text, _ in _text_pieces(page)]
    assert say("problems", "hu") in texts and say("workbook_made", "hu") in texts
    for page in pages:
        pieces = _text_pieces(page)
        lines: list[float] = []  # the baselines, a bold label's and its note's as one
        for top, *_ in pieces:
            if not lines or top - lines[-1] > 1:
                lines.append(top)
        size = min(size for _, _, size, *_ in pieces)
        gaps = [below - above for above, below in itertools.pairwise(lines)]
        assert min(gaps) >= size, [(top, text) for top, _, _, text, _ in pieces]


def test_the_about_sheets_wrapped_rows_are_tall_enough_for_their_lines(with_errors: Path) -> None:
    """A row's height is set for the lines its note wraps onto (LibreOffice keeps a row
    one line high otherwise): at least 15 points for each column's width of text."""
    sheet = openpyxl.load_workbook(with_errors).worksheets[SHEETS.index("workbook_about")]
    width = sheet.column_dimensions["B"].width
    long = [cell for cell in sheet["B"] if isinstance(cell.value, str) and len(cell.value) > width]
    assert len(long) >= 5
    for cell in long:
        assert cell.alignment.wrap_text
        lines = -(-len(cell.value) // int(width))
        height = sheet.row_dimensions[cell.row].height
        assert height is not None and height >= 15 * lines, (cell.value, height)
