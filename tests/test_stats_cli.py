"""`remi stats` as users run it: tables, --json, --csv, the season PDF, exit codes."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest
from pypdf import PdfReader

from remi_sheet.cli.printing import width
from remi_sheet.cli.season_views import LEFT_OUT
from remi_sheet.core.standings import ORDER
from remi_sheet.i18n import say
from remi_sheet.i18n.notebook import SHORT_HEADING_KEYS
from tests.conftest import build_notebook, remi, remi_json
from tests.test_season import CLUB, TWO_DEALS, sheet


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """The season of test_season: G1–G3 complete, G4 unfinished (two deals a game)."""
    return build_notebook(tmp_path / "klub.xlsx", CLUB, TWO_DEALS)


@pytest.fixture
def second(tmp_path: Path) -> Path:
    """A second notebook, a later season, with Béla spelled two other ways; Anna wins."""
    return build_notebook(
        tmp_path / "tavasz.xlsx",
        {
            "T1": sheet("2026. 03. 01.", ["Anna", "Bela "], ["W", 10], ["W", 20]),
            "T2": sheet("02/03/2026", ["BÉLA", "Anna"], [10, "W"], [20, "W"]),
        },
        TWO_DEALS,
    )


# ------------------------------------------------------------------ the terminal


def test_terminal_shows_the_tables_and_the_unfinished_game(club: Path) -> None:
    result = remi("stats", club, "--lang", "en")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Season standings" in out
    assert "Head to head" in out
    assert "Best and worst games" in out
    assert "Not finished (no wins, places or rating): G4" in out
    assert "4 games in 1 notebook: 4 counted, 3 complete and rated." in out
    # Anna first (most wins), with her figures: 4 games, 3 complete, 2 wins, places 2·1·0;
    # no rating yet, after three complete games. Piped, the tables are plain columns at
    # least two spaces apart.
    rows = [re.split(r" {2,}", line.strip()) for line in out.splitlines()]
    cells = next(row for row in rows if row[0:2] == ["1", "Anna"])
    assert cells[2:4] == ["(few games)", "—"], cells
    assert "Order: most wins, then the lowest average per complete game" in out
    assert cells[4:] == ["4", "3", "2", "2·1·0", "-80", "-20.0", "-11.4", "1", "0", "2"]
    # Head to head: Anna was ahead of Béla twice, behind once; shared G3 with Csaba.
    row = next(line for line in out.splitlines() if line.startswith("Anna ") and "–" in line)
    assert "2–1" in row
    assert "1–0 (=1)" in row


def test_hungarian_notebook_speaks_hungarian(tmp_path: Path) -> None:
    game = [["Leosztás", "Anna", "Győző"], [1, "W", 10], [2, 10, "W"]]
    path = build_notebook(tmp_path / "hu.xlsx", {"Első": game}, TWO_DEALS)
    result = remi("stats", path)
    assert result.exit_code == 0, result.output
    assert "Szezonösszesítő" in result.stdout
    assert "Értékszám" in result.stdout
    assert "Egymás ellen" in result.stdout
    assert "Győző" in result.stdout
    assert "Ennek a játszmának nincs dátuma" in result.stdout
    assert "1 játszma, 1 munkafüzet: 1 számolva, 1 befejezett és értékelt." in result.stdout


def test_history_table(club: Path) -> None:
    result = remi("stats", club, "--history", "--lang", "en")
    assert result.exit_code == 0
    assert "Rating after each game" in result.stdout
    assert re.search(r"^G2 +2026-01-02  ", result.stdout, re.MULTILINE)
    hungarian = remi("stats", club, "--history", "--lang", "hu")
    assert re.search(r"^G2 +2026\. 01\. 02\.  ", hungarian.stdout, re.MULTILINE)


def test_the_season_pdf_dates_its_period_and_games_in_the_language(
    club: Path, tmp_path: Path
) -> None:
    out = tmp_path / "szezon.pdf"
    result = remi("stats", club, "--lang", "hu", "--since", "2026-01-02", "-o", out)
    assert result.exit_code == 0, result.stdout
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert "2026. 01. 02. – …" in text and "2. 2026. 01. 03. G3" in text
    assert "2026-01-0" not in text


def test_errors_are_listed_and_exit_1(club: Path, tmp_path: Path) -> None:
    sheets = {**CLUB, "Bad": sheet("2026-01-05", ["Anna", "Béla"], ["W", "W"])}
    path = build_notebook(tmp_path / "bad.xlsx", sheets, TWO_DEALS)
    result = remi("stats", path, "--lang", "en")
    assert result.exit_code == 1
    assert "Not counted (errors): Bad" in result.stdout
    assert "error: Bad!C3: Deal 1 has two winners (Anna and Béla)" in result.stdout


# ------------------------------------------------------------------ --json and --csv


def test_json_schema_and_values(club: Path) -> None:
    code, doc = remi_json("stats", club)
    assert code == 0
    assert {"players", "head_to_head", "games", "incomplete", "not_counted", "problems"} <= set(doc)
    names = [player["name"] for player in doc["players"]]
    assert names[0] == "Anna"
    assert set(names) == {"Anna", "Béla", "Csaba", "Dénes"}
    required = {"name", "games", "complete_games", "wins", "total", "average", "hands"}
    required |= {"plus200", "rating", "uncertainty", "places", "rating_history"}
    for player in doc["players"]:
        assert required <= set(player)
        assert isinstance(player["rating"], float)
    anna = doc["players"][0]
    assert (anna["games"], anna["complete_games"], anna["wins"], anna["total"]) == (4, 3, 2, -80)
    assert (anna["average"], anna["hands"], anna["plus200"]) == (-20.0, 1, 0)
    assert anna["places"] == {"1": 2, "2": 1, "3": 0}
    assert anna["best_game"] == {"game": "G2", "date": "2026-01-02", "total": -60, "place": 1}
    assert anna["longest_streak"] == 2
    assert [step["game"] for step in anna["rating_history"]] == ["G1", "G2", "G3"]
    assert anna["rating_history"][-1]["rating"] == anna["rating"]
    h2h = doc["head_to_head"]
    assert h2h["Anna"]["Béla"] == [2, 1]
    assert h2h["Béla"]["Anna"] == [1, 2]
    assert h2h["Anna"]["Csaba"] == [1, 0]
    assert doc["head_to_head_ties"]["Anna"]["Csaba"] == 1
    assert "Dénes" not in h2h["Csaba"]
    assert doc["incomplete"] == ["G4"]
    assert doc["not_counted"] == []


def test_json_of_a_game_with_errors_has_no_totals_as_check_says() -> None:
    hibak = Path(__file__).parent.parent / "samples" / "hibak.xlsx"
    checked, stats = remi_json("check", hibak)[1], remi_json("stats", hibak)[1]
    broken = {game["sheet"] for game in checked["games"] if game["totals"] is None}
    assert broken
    for game in stats["games"]:
        if game["sheet"] in broken:
            assert game["totals"] is None and game["ranks"] is None, game


def test_csv_header_and_rows(club: Path) -> None:
    result = remi("stats", club, "--csv")
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0] == [
        "rank",
        "name",
        "games",
        "complete_games",
        "wins",
        "deals",
        "total",
        "average",
        "average_per_deal",
        "hands",
        "plus200",
        "rating",
        "uncertainty",
        "mu",
        "longest_streak",
        "best_game",
        "best_total",
        "worst_game",
        "worst_total",
        "place_1",
        "place_2",
        "place_3",
        "place_4",
        "place_5",
        "place_6",
    ]
    anna = dict(zip(rows[0], rows[1], strict=True))
    assert (anna["rank"], anna["name"], anna["total"], anna["place_1"], anna["place_4"]) == (
        "1",
        "Anna",
        "-80",
        "2",
        "0",
    )
    assert (anna["best_game"], anna["best_total"]) == ("G2", "-60")
    assert len(rows) == 5
    # A whole number is written whole (an average of 265 printed as 265.0).
    numbers = [value for row in rows[1:] for value in row if value[:1].isdigit()]
    assert numbers and not [value for value in numbers if value.endswith(".0")]


def test_two_notebooks_merge_spellings_and_report_them(club: Path, second: Path) -> None:
    code, doc = remi_json("stats", club, second, "--lang", "en")
    assert code == 0
    bela = next(p for p in doc["players"] if p["name"] == "Béla")
    assert bela["games"] == 6
    assert set(bela["spellings"]) == {"Béla", "Bela", "BÉLA"}
    messages = [p["message"] for p in doc["problems"]]
    assert any(m.startswith("'Béla' is written 3 ways") for m in messages)
    assert [g["game"] for g in doc["games"]][-2:] == ["tavasz · T1", "tavasz · T2"]
    anna = doc["players"][0]
    assert anna["name"] == "Anna"
    assert anna["longest_streak"] == 4  # G2, G3, T1, T2 (G4 unfinished does not break it)


def test_since_until_and_player(club: Path, second: Path) -> None:
    code, doc = remi_json(
        "stats", club, second, "--since", "2026. 01. 02.", "--until", "01/03/2026", "-p", "anna"
    )
    assert code == 0
    assert [g["game"] for g in doc["games"]] == [
        "klub · G2",
        "klub · G3",
        "klub · G4",
        "tavasz · T1",
    ]
    assert [p["name"] for p in doc["players"]] == ["Anna"]
    assert doc["head_to_head"] == {"Anna": {}}
    assert (doc["since"], doc["until"]) == ("2026-01-02", "2026-03-01")


def test_the_same_file_twice_counts_once(club: Path) -> None:
    _, doc = remi_json("stats", club, club)
    assert len(doc["games"]) == 4


# ------------------------------------------------------------------ the command line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--json", "--csv"], "--json and --csv both write to standard output: choose one."),
        (["--since", "tegnap"], "--since takes a date such as 2026-11-29, 29/11/2026"),
        (
            ["--since", "2026-02-01", "--until", "2026-01-01"],
            "--since 2026-02-01 is after --until 2026-01-01",
        ),
        (["-p", "Zoltán"], "No player called 'Zoltán' in the games counted. The players are: "),
        (
            ["-o", "season.txt"],
            "'season.txt' cannot receive a PDF or a season's Excel workbook: name a file ending "
            "in .pdf or .xlsx.",
        ),
        (["--sort", "luck"], "Invalid value for '--sort'"),
    ],
)
def test_command_line_mistakes_exit_2(club: Path, args: list[str], message: str) -> None:
    result = remi("stats", club, "--lang", "en", *args)
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())


def test_a_missing_file_is_one_clear_line(tmp_path: Path) -> None:
    result = remi("stats", tmp_path / "nope.xlsx", "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"error: File not found: {tmp_path / 'nope.xlsx'}"
    # After a Hungarian notebook, in its language.
    hungarian = build_notebook(tmp_path / "klub.xlsx", {"g": [["Leosztás", "A", "B"], [1, "W", 5]]})
    result = remi("stats", hungarian, tmp_path / "nope.xlsx")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"hiba: A fájl nem található: {tmp_path / 'nope.xlsx'}"
    # Before it too: the file itself names no sheet, the notebook after it does.
    named = build_notebook(tmp_path / "hu.xlsx", {"g": [["Leosztás", "A", "B"]]}, {}, "Szabályok")
    (tmp_path / "regi.xlsx").write_bytes(b"not a zip")
    result = remi("stats", tmp_path / "regi.xlsx", named, env={"LANG": "C.UTF-8"})
    assert result.exit_code == 1
    assert result.stderr.startswith(f"hiba: {tmp_path / 'regi.xlsx'} nem Excel-munkafüzet")


def test_sort_by_name(club: Path) -> None:
    _, doc = remi_json("stats", club, "--sort", "name")
    assert [p["name"] for p in doc["players"]] == ["Anna", "Béla", "Csaba", "Dénes"]
    # The places stay the standings' (Csaba's one win has the lower average than Béla's).
    assert [p["rank"] for p in doc["players"]] == [1, 3, 2, 4]


def test_a_table_sorted_otherwise_says_so_and_keeps_the_places(club: Path) -> None:
    standing = remi("stats", club, "--lang", "en").stdout
    assert "Season standings\n" in standing
    by_rating = remi("stats", club, "--lang", "en", "--sort", "rating").stdout
    title = "Season standings — sorted by rating (the rank stays the standings' place)"
    assert title in by_rating
    rows = [re.split(r" {2,}", line.strip()) for line in by_rating.splitlines()]
    ratings = [row for row in rows if len(row) == 14 and row[0].isdigit()]
    # Three games each are too few to show a rating: the rows are in the order of the
    # ratings --json gives, highest first.
    _, doc = remi_json("stats", club, "--sort", "rating")
    assert [p["rating"] for p in doc["players"]] == sorted(
        (p["rating"] for p in doc["players"]), reverse=True
    )
    assert [row[1] for row in ratings] == [p["name"] for p in doc["players"]]
    assert {row[1]: row[0] for row in ratings} == {
        "Anna": "1",
        "Csaba": "2",
        "Béla": "3",
        "Dénes": "4",
    }


# ------------------------------------------------------------------ the season PDF


def pages(pdf: Path) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages]


def test_a_season_written_again_from_the_same_notebooks_is_left_alone(
    club: Path, tmp_path: Path
) -> None:
    """The season's PDF and workbook, made again from unchanged notebooks: the files there
    hold it all already, and are neither replaced nor backed up."""
    for name in ("szezon.pdf", "szezon.xlsx"):
        target = tmp_path / name
        assert remi("stats", club, "-o", target, "--lang", "hu").exit_code == 0
        written = target.stat().st_mtime_ns
        again = remi("stats", club, "-o", target, "--lang", "hu")
        assert again.exit_code == 0, again.output
        assert f"Nincs mit változtatni: {target} már pontosan ezt tartalmazza." in again.stdout
        assert target.stat().st_mtime_ns == written
        assert not (tmp_path / f"{name}.bak").exists()


def test_season_pdf(club: Path, second: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "szezon.pdf"
    result = remi("stats", club, second, "-o", pdf, "--lang", "hu")
    assert result.exit_code == 0, result.output
    assert f"Kiírva: {pdf}" in result.stdout
    # Landscape pages, all of them: head to head and the rating's chart a page each.
    table, versus, ratings = pages(pdf)
    assert "Szezonösszesítő" in table
    assert "klub.xlsx, tavasz.xlsx" in table
    assert "1. Anna" in table
    assert "Átlag befejezett játszmánként" in table
    assert "Sorrend: több győzelem" in table
    assert "Legjobb játszma" in table
    assert "Nincs befejezve (nem számít győzelembe, helyezésbe, értékszámba): klub · G4" in table
    assert "Egymás ellen" in versus
    # the chart's page headed as the others: the season, then what the chart is
    assert ratings.startswith("SZEZON · klub.xlsx, tavasz.xlsx Értékszám játszmáról játszmára")
    assert "1. 2026. 01. 01. klub · G1" in ratings
    assert "4–1" in versus  # Anna ahead of Béla in G2, G3, T1, T2; behind in G1


def test_pdf_with_json(club: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "s.pdf"
    result = remi("stats", club, "-o", pdf, "--json", "--lang", "en")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["players"][0]["name"] == "Anna"
    assert f"Written: {pdf}" in result.stderr
    assert pdf.read_bytes().startswith(b"%PDF")


# ------------------------------------------------------------------ the installed command


REMI = Path(sys.executable).with_name("remi")


@pytest.mark.skipif(not REMI.exists(), reason="remi is not installed beside this Python")
def test_installed_remi_stats(club: Path) -> None:
    remi_bin = REMI
    help_text = subprocess.run(
        [remi_bin, "stats", "--help"],
        capture_output=True,
        text=True,
        check=True,
        env={"COLUMNS": "200"},
    ).stdout
    assert "Example: remi stats" in help_text
    done = subprocess.run(
        [remi_bin, "stats", club, "--json"], check=False, capture_output=True, text=True
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["players"][0]["name"] == "Anna"


def test_wrong_house_rules_leave_the_notebook_out(club: Path, tmp_path: Path) -> None:
    game = sheet("2026-02-01", ["Anna", "Béla"], ["W", 10], ["W", 10])
    bad = build_notebook(tmp_path / "rossz.xlsx", {"R1": game}, {"deals_per_game": "sok"})
    result = remi("stats", club, bad, "--lang", "en")
    assert result.exit_code == 1
    assert "Not counted (errors): rossz · R1" in result.stdout
    # With several notebooks every problem names its notebook.
    assert "error: rossz · Rules!B2: The rule deals_per_game needs a whole number" in (
        result.stdout
    )
    assert "error: rossz.xlsx: The house rules of this notebook have errors" in result.stdout
    assert "4 games in 2 notebooks" not in result.stdout
    assert "5 games in 2 notebooks: 4 counted, 3 complete and rated." in result.stdout


def test_the_rating_charts_key_names_each_game_with_its_date_once() -> None:
    from remi_sheet.report.season import _dated

    day = dt.date(2026, 3, 5)
    assert _dated("2026-03-05 #1", day, "hu") == "2026-03-05 #1"
    assert _dated("klub · 2026-03-05 #1", day, "en") == "klub · 2026-03-05 #1"
    assert _dated("Február 1", day, "hu") == "2026. 03. 05. Február 1"
    assert _dated("March 1", day, "en") == "2026-03-05 March 1"
    assert _dated("Február 1", None, "hu") == "Február 1"


def test_a_game_two_notebooks_hold_is_counted_once_and_said(club: Path, tmp_path: Path) -> None:
    # A month's notebook read beside the season's: its games are the season's own.
    month = build_notebook(tmp_path / "okt.xlsx", {"Okt": CLUB["G1"]}, TWO_DEALS)
    _, alone = remi_json("stats", club)
    code, both = remi_json("stats", club, month)
    assert code == 0
    figures = ("name", "games", "wins", "total", "average", "rating", "places")
    assert [[row[key] for key in figures] for row in both["players"]] == [
        [row[key] for key in figures] for row in alone["players"]
    ]
    assert len(both["games"]) == len(alone["games"])
    said = [p for p in both["problems"] if p["code"] == "season_same_game"]
    assert len(said) == 1 and said[0]["severity"] == "warning"
    # the sheet is a sheet's name, and its notebook named beside it
    assert (said[0]["file"], said[0]["sheet"]) == ("okt.xlsx", "Okt")
    assert "klub · G1" in said[0]["message"]
    # The same deals on another day are another game: counted.
    other_day = [["Date", "2030-01-01"], *CLUB["G1"][1:]]
    later = build_notebook(tmp_path / "later.xlsx", {"G1": other_day}, TWO_DEALS)
    _, with_later = remi_json("stats", club, later)
    assert len(with_later["games"]) == len(alone["games"]) + 1
    assert not [p for p in with_later["problems"] if p["code"] == "season_same_game"]


def _with_unreadable_date(tmp_path: Path) -> Path:
    """G1 dated, G2 dated "nov. 5." (no date remi reads)."""
    return build_notebook(
        tmp_path / "d.xlsx",
        {
            "G1": sheet("2026-01-01", ["Anna", "Béla"], ["W", 10], ["W", 20]),
            "G2": sheet("nov. 5.", ["Anna", "Béla"], ["W", 10], [30, "W"]),
        },
        TWO_DEALS,
    )


def test_a_date_that_cannot_be_read_is_one_warning_at_its_cell_in_check_score_and_stats(
    tmp_path: Path,
) -> None:
    path = _with_unreadable_date(tmp_path)
    for command in ("check", "score", "stats"):
        code, document = remi_json(command, path)
        assert code == 0, command
        said = [p for p in document["problems"] if p["code"] == "date_unreadable"]
        assert [(p["sheet"], p["cell"], p["severity"]) for p in said] == [
            ("G2", "B1", "warning")
        ], command


def test_a_date_that_cannot_be_read_leaves_its_game_out_of_since_with_a_word(
    tmp_path: Path,
) -> None:
    path = _with_unreadable_date(tmp_path)
    code, document = remi_json("stats", path, "--since", "2025-01-01")
    assert code == 0 and len(document["games"]) == 1
    said = [(p["sheet"], p["cell"], p["code"]) for p in document["problems"]]
    assert said == [("G2", "B1", "date_unreadable_left_out")]


def test_copies_are_matched_one_for_one_whatever_the_order_of_the_notebooks(
    tmp_path: Path,
) -> None:
    # The season holds a game twice (both count there, as on its Standings sheet); a
    # month's notebook holds it once, its players in another order: still the same game.
    game = CLUB["G1"]
    swapped = [
        game[0],
        ["Deal", "Béla", "Anna", "Csaba"],
        [1, 10, "W", 20],
        [2, "W", 30, 5],
    ]
    season = build_notebook(tmp_path / "szezon.xlsx", {"G1": game, "G1 (2)": game}, TWO_DEALS)
    month = build_notebook(tmp_path / "okt.xlsx", {"Okt": swapped}, TWO_DEALS)
    counts = []
    for order in ((season, month), (month, season)):
        _, document = remi_json("stats", *order)
        said = [p for p in document["problems"] if p["code"] == "season_same_game"]
        counts.append((len(document["games"]), [(p["file"], p["sheet"]) for p in said]))
    assert counts == [(2, [("okt.xlsx", "Okt")]), (2, [("okt.xlsx", "Okt")])]


def test_a_name_spelt_two_ways_is_warned_at_the_cell_to_correct(club: Path, second: Path) -> None:
    # As `check` does: the header cell where the least used spelling is first typed.
    _, document = remi_json("stats", club, second)
    said = [p for p in document["problems"] if p["code"] == "name_spellings"]
    assert said and all(p["sheet"] and p["cell"] for p in said), said
    assert said[0]["file"] == "tavasz.xlsx" and " · " not in said[0]["sheet"]


def test_every_view_of_the_season_says_each_notebooks_house_rules(
    club: Path, tmp_path: Path
) -> None:
    # Two notebooks, two tables: one plays two deals a game with a -50 hand win.
    other = build_notebook(
        tmp_path / "otthon.xlsx",
        {"O1": sheet("2026. 03. 01.", ["Anna", "Béla"], ["W", 10], ["W", 20])},
        {"deals_per_game": 2, "hand_win": -50},
    )
    lines = remi("stats", club, other).stdout.splitlines()
    assert "klub.xlsx: House rules: deals_per_game = 2" in lines
    assert "otthon.xlsx: House rules: deals_per_game = 2, hand_win = -50" in lines
    _, document = remi_json("stats", club, other)
    assert document["house_rules"] == {
        str(club): {"deals_per_game": 2},
        str(other): {"deals_per_game": 2, "hand_win": -50},
    }
    pdf = tmp_path / "szezon.pdf"
    assert remi("stats", club, other, "-o", pdf).exit_code == 0
    first = pages(pdf)[0]
    assert "otthon.xlsx · House rules differing from the defaults: deals_per_game = 2" in first
    assert "hand_win = −50 (default: −40)" in first


def test_two_notebooks_of_one_name_are_named_by_their_paths(tmp_path: Path) -> None:
    for season in ("osz", "tavasz"):
        (tmp_path / season).mkdir()
    first = build_notebook(
        tmp_path / "osz" / "klub.xlsx",
        {"G1": sheet("2026. 10. 01.", ["Anna", "Béla"], ["W", 10], ["W", 20])},
        {"deals_per_game": 2, "hand_win": -50},
    )
    second = build_notebook(
        tmp_path / "tavasz" / "klub.xlsx",
        {"G1": sheet("2026. 03. 01.", ["Anna", "Béla"], [10, "W"], [20, "W"])},
        TWO_DEALS,
    )
    shown = remi("stats", first, second).stdout
    assert f"{first.with_suffix('')} · G1" in shown and f"{second.with_suffix('')} · G1" in shown
    assert f"{first}: House rules: deals_per_game = 2, hand_win = -50" in shown
    # The workbook and the PDF for people name them as the terminal does.
    book_path, pdf = tmp_path / "szezon.xlsx", tmp_path / "szezon.pdf"
    assert remi("stats", first, second, "-o", book_path).exit_code == 0
    book = openpyxl.load_workbook(book_path)
    cells = [str(c.value) for sheet in book.worksheets for row in sheet.iter_rows() for c in row]
    undated = [cell for cell in cells if cell.startswith(f"{second.with_suffix('')} · ")]
    assert undated, cells  # its G1 has no Date: a problem there, named by its path
    assert not any(cell.startswith("klub.xlsx · ") for cell in cells)
    assert remi("stats", first, second, "-o", pdf).exit_code == 0
    # A long path may wrap at any "/" of it: compared with no white space at all.
    assert f"{first},{second}" in "".join(pages(pdf)[0].split())


def test_the_order_the_notebooks_are_named_in_changes_no_figure(tmp_path: Path) -> None:
    """Games of one day in two notebooks were taken in command-line order: the streaks,
    ratings and the history moved with it."""
    day = "2026-05-01"
    first = build_notebook(
        tmp_path / "a.xlsx",
        {"A1": sheet(day, ["Anna", "Béla"], ["W", 10], ["W", 20])},
        TWO_DEALS,
    )
    second = build_notebook(
        tmp_path / "b.xlsx",
        {"B1": sheet(day, ["Anna", "Béla"], [10, "W"], [20, "W"])},
        TWO_DEALS,
    )
    _, forward = remi_json("stats", first, second, "--history")
    _, backward = remi_json("stats", second, first, "--history")
    for document in (forward, backward):
        del document["notebooks"]
    assert forward["players"] == backward["players"]
    assert [g["game"] for g in forward["games"]] == [g["game"] for g in backward["games"]]


@pytest.mark.parametrize("players", [7, 8])
def test_the_seasons_best_and_worst_games_are_never_split_over_a_page(
    tmp_path: Path, players: int
) -> None:
    """Seven players' best and worst games once left their last row alone on a page."""
    names = ["Kovács Béla", "Őri Ödön", "Szűcs Éva", "Nagy Zsófia", "Tóth Árpád", "Anna Schmidt"]
    names = [*names, "Jürgen Weiß", "Kiss Ilona"][:players]
    sheets = {
        f"G{number + 1}": sheet(
            f"2026-01-{number + 1:02d}",
            [names[(number + seat) % players] for seat in range(3)],
            ["W", 10, 20],
            [30, "W", 5],
        )
        for number in range(players)
    }
    path = build_notebook(tmp_path / "s.xlsx", sheets, TWO_DEALS)
    pdf = tmp_path / "s.pdf"
    assert remi("stats", path, "-o", pdf, "--lang", "hu").exit_code == 0
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages]
    heading = "LEGJOBB ÉS LEGROSSZABB JÁTSZMÁK"
    (page,) = [page for page in pages if heading in page.upper()]
    after = page.upper().split(heading, 1)[1]
    assert all(name.upper() in after for name in names), after


# ------------------------------------------------------------------ the width of the terminal

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "klub.xlsx"


def _on_a_terminal(columns: int, *args: str | Path) -> list[str]:
    """The lines `remi stats ARGS…` draws on a terminal `columns` wide: TTY_COMPATIBLE=1
    makes Rich draw the captured output as a terminal's, COLUMNS wide (LINES too, and a
    terminal that is not "dumb": Rich takes a dumb one, its size unknown, as 80 by 25)."""
    terminal = {"TTY_COMPATIBLE": "1", "TERM": "xterm", "COLUMNS": str(columns), "LINES": "50"}
    result = remi("stats", *args, env=terminal)
    assert result.exit_code == 0, result.output
    return re.sub(r"\x1b\[[0-9;]*m", "", result.stdout).splitlines()  # no bold


def _standings_lines(lines: list[str], lang: str) -> tuple[list[str], list[list[str]], str, str]:
    """The standings table's heading lines, its players' cells, the lines under it up to
    the blank one (as one), and the first line after that, boxed or compact."""
    first = lines.index(next(line for line in lines if line.startswith(say("season_title", lang))))
    rule = next(i for i in range(first, len(lines)) if set(lines[i].strip()) <= set("─━┡╇┩ "))
    rows = []
    for line in lines[rule + 1 :]:
        cells = line.strip(" │")
        if not cells[:1].isdigit():
            break
        rows.append(re.split(r" *│ *| {2,}", cells))
    rest = [line.strip() for line in lines[rule + len(rows) + 1 :]]
    if rest[0].startswith("└"):  # boxed: its bottom line keeps it apart
        return lines[first + 1 : rule], rows, "", rest[1]
    blank = rest.index("")
    after = next(line for line in rest[blank:] if line)
    return lines[first + 1 : rule], rows, " ".join(rest[:blank]), after


def _plain_rows(lang: str) -> list[list[str]]:
    """The sample's standings, every column, as `remi stats` prints them piped."""
    lines = remi("stats", SAMPLE, "--lang", lang).stdout.splitlines()
    first = lines.index(say("season_title", lang))
    rows = []
    for line in lines[first + 2 :]:
        if not line.strip():
            break
        rows.append(re.split(r" {2,}", line.strip()))
    return rows


# The headings the line under a narrow table names the standings' columns by.
_NAMED = {
    "streak": "streak_short", "plus200": "plus200", "hands": "hands", "per_deal": "per_deal",
    "uncertainty": "uncertainty", "total": "total", "complete_games": "complete_games",
    "places": "places",
}  # fmt: skip


@pytest.mark.parametrize("lang", ["hu", "en"])
@pytest.mark.parametrize("columns", [80, 100])
def test_a_narrow_terminal_leaves_the_least_important_columns_out_and_says_which(
    columns: int, lang: str
) -> None:
    """Every line fits (the table was 112 wide, each line wrapped): the standings keep
    their first columns, headed in words, and the line under them names the columns left
    out, the least important first, and where to see them."""
    lines = _on_a_terminal(columns, SAMPLE, "--lang", lang)
    assert max(map(width, lines)) <= columns, "\n".join(lines)
    headings, rows, note, _ = _standings_lines(lines, lang)
    heading = " ".join(" ".join(headings).split())
    for key in ("player", "rating", "games", "wins"):
        assert say(key, lang) in heading, heading
    for key in ("complete_games", "wins", "rating"):  # "Bef.", "Győz.", "Érték" no more
        short = say(SHORT_HEADING_KEYS[key], lang)
        assert short == say(key, lang) or short not in heading.split(), heading
    every = _plain_rows(lang)
    assert [row[:2] for row in rows] == [row[:2] for row in every]
    shown = len(rows[0])
    assert 6 <= shown < 14 and all(len(row) == shown for row in rows)
    left_out = LEFT_OUT[: 14 - shown]
    start, end = say("columns_left_out", lang, columns="@").split("@")
    assert note.startswith(start) and note.endswith(end) and "--json" in end, note
    named = note[len(start) : -len(end)]
    for key in LEFT_OUT:
        assert (say(_NAMED[key], lang) in named) == (key in left_out), (key, note)


@pytest.mark.parametrize("columns", [120, 200])
def test_a_wide_terminal_shows_every_column_and_no_note(columns: int) -> None:
    lines = _on_a_terminal(columns, SAMPLE)
    assert max(map(width, lines)) <= columns
    headings, rows, under, after = _standings_lines(lines, "hu")
    assert rows == _plain_rows("hu") and len(rows[0]) == 14
    assert say("places", "hu") in " ".join(headings)  # "Helyezések (1.·2.·3.·4.)", its word kept
    assert under == ""  # no line naming columns left out
    assert after.startswith(say(ORDER, "hu")[:20])
