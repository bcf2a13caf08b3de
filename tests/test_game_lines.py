"""What `check` and `score` say per game: a line each (deals of the game's length, winner or
leader with the totals, or why not scored), the games left out of the standings, what
`score` wrote and skipped, the names merged, and the `--json` of games with errors."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import openpyxl

from tests.conftest import remi, remi_json, worked_game

Make = Callable[..., Path]

COMPLETE = [
    ["Deal", "Anna", "Béla", "Csaba"],
    [1, "H", "27", "X"],
    [2, 12, "W", "K 9 Jo"],
    [3, "3", "X 55", "W"],
]  # with deals_per_game 3: complete, Anna −30, Béla 100, Csaba 220
BROKEN = [["Deal", "Anna", "Béla", "Csaba"], [1, "W", "W", 10], [2, "W", "Z", 5]]
EMPTY = [["Deal", "Anna", "Béla", "Csaba"], [1], [2], [3]]


def lines(output: str) -> list[str]:
    return output.splitlines()


def test_check_says_each_game_in_a_line_then_the_standings(notebook: Make) -> None:
    path = notebook(
        {"Egy": COMPLETE, "Kettő": COMPLETE[:3], "Hibás": BROKEN, "Üres": EMPTY},
        rules={"deals_per_game": 3},
    )
    result = remi("check", path)
    assert result.exit_code == 1
    out = lines(result.stdout)
    assert out[:4] == [
        "Egy: 3/3 deals, won by Anna; Anna -30, Béla 100, Csaba 220",
        "Kettő: 2/3 deals, Anna leading; Anna -30, Béla 40, Csaba 240",
        "Hibás: 2/3 deals, not scored: 2 errors, first at C2",
        "Üres: 0/3 deals, not started",
    ]
    assert out.index("Standings") > 3
    assert "Not in the standings (errors): Hibás" in out


def test_hungarian_lines_and_a_shared_first_place(notebook: Make) -> None:
    tied = [["Leosztás", "Anna", "Béla", "Csaba"], [1, "W", 20, 20], [2, 20, 20, "W"]]
    path = notebook({"Döntetlen": tied}, rules={"deals_per_game": 2})
    out = lines(remi("check", path).stdout)
    assert out[0] == "Döntetlen: 2/2 leosztás, nyert: Anna és Csaba; Anna 0, Béla 40, Csaba 0"


def test_a_wrong_typed_total_still_shows_the_deals_sums_marked(notebook: Make) -> None:
    game = [*worked_game()[:4], ["Total", -30, 50, 220]]
    path = notebook({"g": game})
    result = remi("check", path)
    assert result.exit_code == 1
    assert lines(result.stdout)[0] == (
        "g: 3/7 deals, not scored: 1 error, first at C5, the deals add up to Anna -30, "
        "Béla 100*, Csaba 220 (* differs from the typed Total row)"
    )
    assert "error: g!C5: Béla: the typed total is 50, but the deals add up to 100." in result.stdout
    assert remi("score", path).exit_code == 1
    sheet = openpyxl.load_workbook(path)["g"]
    # Every deal's score and running total beside the typed rows, the totals under them.
    assert [sheet.cell(4, c).value for c in range(6, 13)] == [3, 0, -30, 60, 100, -20, 220]
    assert [sheet.cell(5, c).value for c in (7, 9, 11)] == [-30, 100, 220]
    # Béla's total, the one the typed row disagrees with, is marked; the others are not.
    assert sheet["I5"].style == "remi marked" and sheet["G5"].style == "remi heading"
    assert sheet["F7"].value == "The typed Total row differs from the deals: see remi check"
    standings = openpyxl.load_workbook(path)["Standings"]
    assert standings["A12"].value == "Not counted (errors)" and standings["A13"].value == "g"


def test_score_names_what_it_wrote_and_what_it_skipped(notebook: Make) -> None:
    path = notebook({"Jó": COMPLETE, "Hibás": BROKEN, "Más": COMPLETE}, rules={"deals_per_game": 3})
    result = remi("score", path)
    assert result.exit_code == 1
    out = lines(result.stdout)
    assert out[:3] == [
        "Jó: 3/3 deals, won by Anna; Anna -30, Béla 100, Csaba 220",
        "Hibás: 2/3 deals, not scored: 2 errors, first at C2",
        "Más: 3/3 deals, won by Anna; Anna -30, Béla 100, Csaba 220",
    ]
    assert out[out.index(f"Written: {path}") + 1 :] == [
        "  Scored: Jó, Más",
        "  Not in the standings, with errors (its area shows them): Hibás",
    ]
    book = openpyxl.load_workbook(path)
    book["Más"]["G5"] = "-30!"  # a person types over remi's total
    book.save(path)
    out = lines(remi("score", path).stdout)
    assert out[out.index("Nothing written: the original file is unchanged.") + 1 :] == [
        "  Scored: Jó",
        "  Not in the standings, with errors (its area shows them): Hibás",
        "  Left alone, something typed in remi's cells: Más",
    ]
    code, doc = remi_json("score", path)
    assert code == 1  # the typed-over cell is an error
    assert (doc["outcome"], doc["written"], doc["left_alone"]) == ("unchanged", None, ["Más"])


def test_json_of_a_game_with_errors_has_no_totals_or_ranks(notebook: Make) -> None:
    path = notebook({"Jó": COMPLETE, "Hibás": BROKEN}, rules={"deals_per_game": 3})
    code, doc = remi_json("check", path)
    assert code == 1
    good, broken = doc["games"]
    assert good["totals"] == {"Anna": -30, "Béla": 100, "Csaba": 220}
    assert good["ranks"] == {"Anna": 1, "Béla": 2, "Csaba": 3}
    assert (broken["totals"], broken["ranks"], broken["errors"]) == (None, None, 2)
    assert "outcome" not in doc  # check writes nothing and says nothing of writing


def test_score_json_says_which_file_it_wrote_or_that_nothing_changed(
    notebook: Make, tmp_path: Path
) -> None:
    path = notebook({"Jó": COMPLETE}, rules={"deals_per_game": 3})
    copy = tmp_path / "pontozva.xlsx"
    code, doc = remi_json("score", path, "-o", copy)
    assert code == 0
    assert (doc["outcome"], doc["written"], doc["left_alone"]) == ("written", str(copy), [])
    assert remi("score", path).exit_code == 0
    code, doc = remi_json("score", path)
    assert (doc["outcome"], doc["written"]) == ("unchanged", None)


def test_check_warns_of_spellings_merged_and_names_alike(notebook: Make) -> None:
    one = [["Deal", "Bob", "Anna", "Kata"], [1, "W", 10, 20]]
    two = [["Deal", "Bób", "Anna", "Katalin"], [1, "W", 10, 20]]
    three = [["Deal", "Bob", "Annа", "Kati"], [1, 30, "W", 20]]  # "Annа" with a Cyrillic а
    path = notebook({"1": one, "2": two, "3": three})
    result = remi("check", path)
    assert result.exit_code == 0  # warnings only
    assert (
        "warning: 2!B1: 'Bob' is written 2 ways (Bob, Bób); they are counted as one player. "
        "Use one spelling." in result.stdout
    )  # at the header cell of the rarer spelling, where it is to be put right
    code, doc = remi_json("check", path)
    assert code == 0
    codes = [problem["code"] for problem in doc["problems"]]
    assert codes.count("name_spellings") == 1
    assert "names_similar" in codes  # Anna and Annа are two players that look alike
    assert [row["name"] for row in doc["standings"] if row["name"].startswith("B")] == ["Bob"]


def test_a_name_spelt_two_ways_is_spelt_alike_by_check_the_standings_sheet_and_stats(
    notebook: Make,
) -> None:
    """On a tie, the spelling of the first game played: the first sheet is played later."""
    later = [["Date", "2026-09-10"], ["Deal", "Anna", "Bela"], [1, "W", 25]]
    earlier = [["Date", "2026-09-03"], ["Deal", "Anna", "Béla"], [1, "W", 25]]
    path = notebook({"1": later, "2": earlier})
    code, doc = remi_json("check", path)
    assert code == 0
    assert [row["name"] for row in doc["standings"]] == ["Anna", "Béla"]
    [warning] = [p for p in doc["problems"] if p["code"] == "name_spellings"]
    assert (warning["sheet"], warning["cell"]) == ("1", "C2")  # the spelling to put right
    assert remi("score", path).exit_code == 0
    standings = openpyxl.load_workbook(path)["Standings"]
    assert "Béla" in [cell.value for cell in standings["B"]]
    assert "Bela" not in remi("stats", path).stdout.replace("(Béla, Bela)", "")
    html = path.with_suffix(".html")
    assert remi("report", path, "--html", html).exit_code == 0
    standings = html.read_text(encoding="utf-8").split('<section class="page standings">')[1]
    assert "Béla" in standings and "Bela" not in standings


def test_games_with_errors_count_for_the_spelling_as_in_stats(notebook: Make) -> None:
    wrong = [["Deal", "Anna", "Bela"], [1, "W", 25], [2, "W", "Z"]]  # not counted, spelt so
    path = notebook({"1": wrong, "2": [["Deal", "Anna", "Béla"], [1, "W", 25]], "3": wrong})
    _, doc = remi_json("check", path)
    assert [row["name"] for row in doc["standings"]] == ["Anna", "Bela"]
    assert "Bela" in remi("stats", path).stdout.split("Sorrend")[0].split("Order")[0]


def test_a_wrong_typed_total_is_marked_in_a_live_notebook_too(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    assert (
        remi("new", path, "-p", "Anna", "-p", "Béla", "-p", "Csaba", "--lang", "en").exit_code == 0
    )
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[0]
    for offset, row in enumerate([["H", "27", "X"], ["12", "W", "K 9 Jo"], ["3", "X 55", "W"]]):
        for column, typed in enumerate(row, start=2):
            sheet.cell(6 + offset, column, typed).data_type = "s"
    sheet["A9"], sheet["B9"], sheet["C9"], sheet["D9"] = "Total", -30, 100, 999
    book.save(path)
    assert remi("score", path).exit_code == 1
    sheet = openpyxl.load_workbook(path).worksheets[0]
    marker = next(c for c in sheet[5] if str(c.value).startswith("remi ▸"))
    totals = [sheet.cell(9, marker.column + 1 + slot) for slot in range(6)]
    assert totals[0].value.ref == f"{totals[0].coordinate}:{totals[5].coordinate}"
    # The live area's totals, one per player slot in the header's order: Csaba's alone
    # marked (the slots after his are free for a latecomer).
    assert [c.style for c in totals[:3]] == ["remi heading", "remi heading", "remi marked"]
    assert {c.style for c in totals[3:]} == {"remi heading"}


def test_the_list_of_games_scored_is_whole_however_long(notebook: Make) -> None:
    # Each name is cut alone when it is too long to show; the list itself never is.
    names = [f"2026-11-{day:02d} Kőbányai klubest" for day in range(1, 13)]
    path = notebook(dict.fromkeys(names, COMPLETE), rules={"deals_per_game": 3})
    out = lines(remi("score", path).stdout)
    assert "  Scored: " + ", ".join(names) in out
