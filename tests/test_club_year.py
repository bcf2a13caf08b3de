"""A club's year (issue 40), as the club meets it: the rating's ±, the places column and the
rating chart of the season PDF, read through the installed `remi`, in Hungarian and English.

The year: twelve evenings of two deals (house rule), four at the table.

- G1–G5: Anna, Béla, Csaba, Dénes.
- G6, G7: Anna, Béla, Dénes and Ede, who joins the club at G6; Csaba is away.
- G8–G12: Anna, Béla, Csaba and Ede; Dénes has left.

Complete games: Anna and Béla 12, Csaba 10 (rated: `RATED_FROM` is 10), Dénes and Ede 7
(too few for a rating to be shown).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from pypdf import PdfReader

from remi_sheet.notebook.loading import load_notebook
from remi_sheet.notebook.season import RATED_FROM, compute, gather_games
from remi_sheet.report.season import season_report
from tests.conftest import build_notebook

REMI = Path(sys.executable).with_name("remi")
pytestmark = pytest.mark.skipif(not REMI.exists(), reason="remi is not installed beside Python")

# Each game's players from first to last place: the winner's W in both deals, the others
# 10, 20, 30 by their place (totals −40, 20, 40, 60).
ORDERS = [
    ["Anna", "Béla", "Csaba", "Dénes"],
    ["Béla", "Anna", "Dénes", "Csaba"],
    ["Anna", "Csaba", "Béla", "Dénes"],
    ["Csaba", "Anna", "Béla", "Dénes"],
    ["Anna", "Béla", "Dénes", "Csaba"],
    ["Ede", "Anna", "Béla", "Dénes"],
    ["Anna", "Ede", "Dénes", "Béla"],
    ["Anna", "Béla", "Csaba", "Ede"],
    ["Béla", "Anna", "Ede", "Csaba"],
    ["Anna", "Csaba", "Béla", "Ede"],
    ["Csaba", "Anna", "Ede", "Béla"],
    ["Anna", "Béla", "Ede", "Csaba"],
]
SEATS = [
    *[["Anna", "Béla", "Csaba", "Dénes"]] * 5,
    *[["Anna", "Béla", "Dénes", "Ede"]] * 2,
    *[["Anna", "Béla", "Csaba", "Ede"]] * 5,
]

WORDS = {
    "hu": {
        "deal": "Leosztás",
        "date": "Dátum",
        "rules": "Szabályok",
        "standings": "Összesítő",
        "few": "(kevés játszma)",
        "sure": "±: mennyire biztos az értékszám (minél kisebb, annál biztosabb); ahogy a "
        "játékos több játszmát játszik, csökken.",
        "threshold": "A 10. befejezett játszma előtt az értékszám még keveset mond",
        "places": "Helyezések (1.·2.·3.·4.)",
        "places_note": "Helyezések: a játékos hány befejezett játszmában lett 1., 2., 3., …",
        "rating": "Értékszám",
        "written": "Kiírva",
    },
    "en": {
        "deal": "Deal",
        "date": "Date",
        "rules": "Rules",
        "standings": "Standings",
        "few": "(few games)",
        "sure": "±: how sure the rating is (the smaller, the surer); it shrinks as the player "
        "plays more games.",
        "threshold": "Before a player's 10th complete game the rating says little",
        "places": "Places (1st·2nd·3rd·4th)",
        "places_note": "Places: how many complete games the player finished 1st, 2nd, 3rd, …",
        "rating": "Rating",
        "written": "Written",
    },
}


def year(folder: Path, lang: str) -> Path:
    """The club's notebook of the year, typed in its language."""
    words = WORDS[lang]
    sheets: dict[str, list[list[Any]]] = {}
    for number, (seats, order) in enumerate(zip(SEATS, ORDERS, strict=True), start=1):
        cells = ["W" if order.index(name) == 0 else 10 * order.index(name) for name in seats]
        sheets[f"G{number}"] = [
            [words["date"], f"2026-{number:02}-01"],
            [words["deal"], *seats],
            [1, *cells],
            [2, *cells],
        ]
    rules = {"deals_per_game": 2}
    return build_notebook(folder / "klub.xlsx", sheets, rules, rules_sheet=words["rules"])


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([REMI, *map(str, args)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def rows_of(out: str) -> list[list[str]]:
    """The rows of the tables printed, piped: cells two or more spaces apart."""
    rows = [re.split(r" {2,}", line.strip()) for line in out.splitlines()]
    return [row for row in rows if len(row) > 2]


def cells_of(out: str, name: str) -> list[str]:
    """The standings table's row of `name`."""
    return next(row for row in rows_of(out) if row[1] == name)


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def standings_sheet(path: Path, lang: str) -> list[list[Any]]:
    sheet = openpyxl.load_workbook(path)[WORDS[lang]["standings"]]
    return [[cell.value for cell in row] for row in sheet.iter_rows()]


@pytest.fixture(scope="module", params=["hu", "en"])
def club(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The notebook in the club's language, its season PDF and its scored copy."""
    lang = request.param
    folder = tmp_path_factory.mktemp(lang)
    path = year(folder, lang)
    pdf, scored = folder / "szezon.pdf", folder / "out.xlsx"
    run("stats", path, "-o", pdf)
    run("score", path, "-o", scored)
    return lang, path, pdf, scored


def test_a_rating_of_few_games_is_not_shown_and_the_plus_minus_is_said(club: Any) -> None:
    lang, path, pdf, scored = club
    words = WORDS[lang]
    decimal = "," if lang == "hu" else "."
    assert RATED_FROM == 10  # the notes say 10
    # The terminal: Anna's 12 and Csaba's 10 games show a rating and its ±; Dénes's and
    # Ede's 7 do not, and the notes say what ± is and why.
    out = run("stats", path).stdout
    for name in ("Anna", "Csaba"):
        rating, plus_minus = cells_of(out, name)[2:4]
        assert re.fullmatch(rf"-?\d+{decimal}\d\d", rating), (name, rating)
        assert re.fullmatch(rf"\d{decimal}\d\d", plus_minus), (name, plus_minus)
    for name in ("Dénes", "Ede"):
        assert cells_of(out, name)[2:4] == [words["few"], "—"]
    flat = " ".join(out.split())
    assert words["sure"] in flat and words["threshold"] in flat
    # Sorted by rating, the ratings shown come first: Ede's (1.19) is above Csaba's
    # (−0.20), but after seven games it is not shown.
    by_rating = run("stats", path, "--sort", "rating").stdout
    table = by_rating.split("\n\n")[0]  # the standings, before the line under them
    assert [cells[1] for cells in rows_of(table)[1:]] == ["Anna", "Béla", "Csaba", "Ede", "Dénes"]
    # --json keeps every number, and says which ratings are of too few games.
    doc = json.loads(run("stats", path, "--json").stdout)
    assert doc["few_games_below"] == 10
    players = {player["name"]: player for player in doc["players"]}
    for name in ("Anna", "Béla", "Csaba", "Dénes", "Ede"):
        player = players[name]
        assert {type(player[key]) for key in ("rating", "uncertainty", "mu")} == {float}
        assert player["few_games"] is (name in ("Dénes", "Ede"))
    # The season PDF: the same cells and notes.
    text = pdf_text(pdf)
    assert text.count(words["few"]) == 3  # Dénes's, Ede's and the note's
    assert words["sure"] in text and words["threshold"] in text
    # The Standings sheet `remi score` writes: the same, and the note under the table.
    rows = standings_sheet(scored, lang)
    heading = rows[2]
    columns = heading.index(words["rating"]), heading.index("±")
    shown = {row[1]: (row[columns[0]], row[columns[1]]) for row in rows[3:8]}
    assert isinstance(shown["Anna"][0], float) and isinstance(shown["Anna"][1], float)
    assert shown["Ede"] == shown["Dénes"] == (words["few"], "—")
    notes = " ".join(str(row[0]) for row in rows[8:14] if row[0])
    assert words["sure"] in notes and words["threshold"] in notes


def test_the_places_column_says_what_its_figures_are(club: Any) -> None:
    lang, path, pdf, scored = club
    words = WORDS[lang]
    # Anna: 1st in G1, G3, G5, G7, G8, G10, G12; 2nd in the other five.
    out = run("stats", path).stdout
    heading = next(line for line in out.splitlines() if words["rating"] in line)
    assert words["places"] in heading
    assert cells_of(out, "Anna")[7] == "7·5·0·0"
    text = pdf_text(pdf)
    assert words["places"] in text and words["places_note"] in text
    rows = standings_sheet(scored, lang)
    assert words["places"] in rows[2]
    places = rows[2].index(words["places"])
    assert [row[places] for row in rows[3:8] if row[1] == "Anna"] == ["7·5·0·0"]
    notes = " ".join(str(row[0]) for row in rows[8:14] if row[0])
    assert words["places_note"] in notes


def points(path: str) -> list[tuple[float, float]]:
    """An SVG path's points, in order ("M44,10 L80,20" → [(44, 10), (80, 20)])."""
    return [(float(x), float(y)) for x, y in re.findall(r"[ML](-?[\d.]+),(-?[\d.]+)", path)]


def test_a_players_line_starts_at_his_first_game_and_goes_on_over_games_missed(
    club: Any,
) -> None:
    """The chart of the season PDF, from the report it is drawn from: Ede's line begins at
    G6 (no 0 at G5, which he did not play); Csaba's runs from G5 straight on to G8, the
    evenings he was away, and Dénes's ends at G7."""
    lang, path, pdf, _ = club
    assert pdf.read_bytes().startswith(b"%PDF")
    notebook = load_notebook(path)
    report = season_report(compute(gather_games(notebook.games)), [str(path)], lang, None, None)
    chart = report.chart
    assert chart is not None
    at = {tick.label: tick.at for tick in chart.x_ticks}
    assert list(at) == [str(game) for game in range(1, 13)]  # no point before the first game
    lines = {series.name: series for series in chart.series}
    games = {name: [x for x, _ in points(line.path)] for name, line in lines.items()}
    assert games["Ede"] == [at[str(game)] for game in range(6, 13)]
    assert games["Csaba"] == [at[str(game)] for game in (1, 2, 3, 4, 5, 8, 9, 10, 11, 12)]
    assert games["Dénes"] == [at[str(game)] for game in range(1, 8)]
    assert games["Anna"] == list(at.values())
    for line in lines.values():
        assert line.path.count("M") == 1  # one line, never broken
        # Every point marked, the first one too: it is a game, not the start.
        assert line.marks.count("M") == len(points(line.path))


def test_the_first_evenings_chart_has_each_players_one_point_in_the_middle() -> None:
    """After one game there is nothing before it to draw from: each player's rating is
    one marked point, in the middle of the chart, not on its left edge."""
    from remi_sheet.report.charts import line_chart

    chart = line_chart(["Anna", "Béla"], [[3], [-2]], ["1"], start=False)
    middle = (chart.left + chart.right) / 2
    for line in chart.series:
        ((x, _),) = points(line.path)
        assert x == middle and line.marks.count("M") == 1
    assert [tick.at for tick in chart.x_ticks] == [middle]
