"""The Standings sheet of a live notebook follows the game sheets as they are typed (issue
40, item 3), in LibreOffice, without `remi score`: the games counted, wins, deals, points,
averages, hands, +200s and places, in the one standings order, equal to what `remi check`
computes from the same file; a name typed since the last score is said to be missing; the
figures only remi works out (the rating) move with their player's row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import remi, remi_json

WORDS = {
    "en": {"games": ("Game 1", "Game 2"), "standings": "Standings", "hand": "H", "win": "W"},
    "hu": {
        "games": ("Játszma 1", "Játszma 2"),
        "standings": "Összesítő",
        "hand": "kézből",
        "win": "nyert",
    },
}
# Game 1 played out (a hand with a player not down: +200), game 2 two deals in.
GAME_1 = [
    ["hand", 30, 40, "X"],
    [20, "win", 0, 30],
    [10, 20, "win", 5],
    ["win", 0, 0, 0],
    [5, "win", 5, 5],
    [0, 0, "hand", 0],
    ["win", 10, 10, 10],
]
GAME_2 = [["win", 10, 20, 30], [5, 5, "win", 5]]
TABLE = ("A4", "J8")  # rank … +200 taken, a row per player and one more


def typed(
    sheet: str, rows: list[list[Any]], lang: str, first: int = 6
) -> list[tuple[str, str, str]]:
    words = WORDS[lang]
    return [
        (sheet, f"{column}{row}", str(words.get(str(value), value)))
        for row, values in enumerate(rows, start=first)
        for column, value in zip("BCDE", values, strict=True)
    ]


def shown(part: list[list[Any]]) -> list[list[Any]]:
    """A range LibreOffice computed, numbers and nothing as remi's JSON gives them."""

    def plain(value: Any) -> Any:
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return None if value == "" else value

    return [[plain(value) for _, value in row] for row in part]


def remis(path: Path) -> list[list[Any]]:
    """The standings `remi check` computes from the file, as the sheet's columns hold them."""
    code, document = remi_json("check", path)
    assert code == 0, document["problems"]
    keys = ("rank", "name", "games", "complete_games", "wins", "deals", "total", "average")
    return [
        [row[key] for key in keys] + [row["hands"], row["plus200"]] for row in document["standings"]
    ]


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_standings_follow_the_game_sheets_as_they_are_typed(
    tmp_path: Path, calc: Any, lang: str
) -> None:
    words = WORDS[lang]
    path, saved = tmp_path / "klub.xlsx", tmp_path / "typed.xlsx"
    names = ["-p", "Anna", "-p", "Béla", "-p", "Cili", "-p", "Dani"]
    assert remi("new", path, *names, "--games", "2", "--lang", lang).exit_code == 0
    standings = words["standings"]
    # Before any deal nobody is listed: no one is first of nothing.
    fresh = shown(calc.read(path, [(standings, f"{TABLE[0]}:{TABLE[1]}")])[0])
    assert all(value in ("", None) for row in fresh for value in row), fresh
    first, second = words["games"]
    cells = typed(first, GAME_1, lang) + typed(second, GAME_2, lang)
    ranges = [(standings, f"{TABLE[0]}:{TABLE[1]}"), (standings, "A2:A2")]
    _, (table, line) = calc.type(path, cells, ranges=ranges, save=saved)
    live = shown(table)
    expected = remis(saved)
    assert live[: len(expected)] == expected
    assert all(value in ("", None) for value in live[len(expected)]), live  # no fifth player
    # The figures compared are no zeros: a hand, a +200 and a win each counted live.
    assert {row[1]: (row[4], row[8], row[9]) for row in live[:4]}["Dani"] == (0, 0, 1)
    assert sum(row[8] for row in live[:4]) == 2 and sum(row[4] for row in live[:4]) == 1
    assert line[0][0][1].startswith({"en": "Live: ", "hu": "Élő: "}[lang])


def test_a_name_typed_since_the_last_score_is_said_then_listed(tmp_path: Path, calc: Any) -> None:
    path, saved = tmp_path / "klub.xlsx", tmp_path / "typed.xlsx"
    names = ["-p", "Anna", "-p", "Béla", "-p", "Cili", "-p", "Dani"]
    assert remi("new", path, *names, "--games", "2").exit_code == 0
    latecomer = [("Game 2", "F5", "Ede"), ("Game 2", "F6", "40"), ("Game 2", "F7", "15")]
    cells = typed("Game 1", GAME_1, "en") + typed("Game 2", GAME_2, "en") + latecomer
    ranges = [("Standings", "A2:A2"), ("Standings", "B4:C9")]
    _, (line, players) = calc.type(path, cells, ranges=ranges, save=saved)
    assert line[0][0][1].startswith("A name typed on a game sheet is in no row of this table")
    assert "Ede" not in [name for (_, name), _ in players]
    assert remi("score", saved).exit_code == 0
    after = calc.read(saved, [("Standings", f"{TABLE[0]}:A9"), ("Standings", "A2:A2")])
    table = shown(calc.read(saved, [("Standings", "A4:J8")])[0])
    assert table == remis(saved) and "Ede" in [row[1] for row in table]
    assert after[1][0][0][1].startswith("Live: ")
    # A second score on the same file changes nothing.
    before = saved.read_bytes()
    assert remi("score", saved).exit_code == 0
    assert saved.read_bytes() == before


def test_a_deal_that_does_not_score_takes_its_game_out_until_it_is_put_right(
    tmp_path: Path, calc: Any
) -> None:
    path, saved = tmp_path / "klub.xlsx", tmp_path / "typed.xlsx"
    names = ["-p", "Anna", "-p", "Béla", "-p", "Cili"]
    assert remi("new", path, *names, "--games", "2").exit_code == 0
    three = [row[:3] for row in GAME_1]
    three[3] = ["W", "W", 0]  # two winners: the game does not count, as remi check says
    cells = [
        ("Game 1", f"{column}{row}", str(value))
        for row, values in enumerate(three, start=6)
        for column, value in zip("BCD", values, strict=True)
    ]
    cells = [(sheet, cell, {"hand": "H", "win": "W"}.get(v, v)) for sheet, cell, v in cells]
    cells += [("Game 2", "B6", "W"), ("Game 2", "C6", "10"), ("Game 2", "D6", "20")]
    _, (table,) = calc.type(path, cells, ranges=[("Standings", "A4:G6")], save=saved)
    live = shown(table)
    assert [row[:3] for row in live] == [[1, "Anna", 1], [1, "Béla", 1], [1, "Cili", 1]]
    assert [row[6] for row in live] == [-20, 10, 20]  # game 2's points alone
    code, document = remi_json("check", saved)
    assert code == 1
    assert [[row["rank"], row["name"], row["games"]] for row in document["standings"]] == [
        row[:3] for row in live
    ]


def test_an_error_typed_where_the_live_standings_write_anew_is_still_found(
    tmp_path: Path, calc: Any
) -> None:
    """The Standings sheet of a live notebook holds formulas; a formula a person typed where
    remi is about to write (its value an error, which a reader of values sees as nothing)
    is found by a look at the sheet's XML all the same, and the sheet left alone."""
    from remi_sheet.notebook.loading import load_notebook
    from remi_sheet.reading.cells import address
    from remi_sheet.writing import planning

    path, saved = tmp_path / "klub.xlsx", tmp_path / "typed.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "--games", "2").exit_code == 0
    hands = [("Game 1", f"{column}{row}", text) for row in range(6, 13) for column, text in
             (("B", "H"), ("C", "30"))]  # fmt: skip
    calc.type(path, hands, save=saved)
    assert remi("score", saved).exit_code == 0
    begun = [("Game 2", "B6", "W"), ("Game 2", "C6", "10")]  # game 2 begun: not finished
    calc.type(saved, begun, save=path)
    notebook = load_notebook(path)
    plan = planning.plan(notebook, notebook.lang)
    assert plan.record is not None
    key = min(set(plan.sheets["Standings"]) - set(plan.record["Standings"]))  # written anew
    assert remi("check", path).exit_code == 0  # nothing in remi's way yet
    calc.type(path, [("Standings", address(*key), "=NA()")], save=saved, check=False)
    result = remi("check", saved)
    assert result.exit_code == 1
    assert f"Standings!{address(*key)}: " in result.stdout


def test_a_loser_down_with_a_hundred_after_a_hand_and_a_name_with_a_no_break_space(
    tmp_path: Path, calc: Any
) -> None:
    """Two readings the sheet must share with remi (found by a review): a loser who laid
    down holding 100 after a hand scores 200, which is no +200 taken; and a name typed with
    a no-break space, which remi reads as the name without it, is that player's live."""
    path, saved = tmp_path / "klub.xlsx", tmp_path / "typed.xlsx"
    names = ["-p", "Anna", "-p", "Béla", "-p", "Cili"]
    assert remi("new", path, *names, "--games", "2").exit_code == 0
    deals = [["H", "100", "0"]] + [["W", "0", "5"]] * 6
    cells = [
        (sheet, f"{column}{row}", text)
        for sheet in ("Game 1", "Game 2")
        for row, deal in enumerate(deals, start=6)
        for column, text in zip("BCD", deal, strict=True)
    ]
    cells.append(("Game 2", "C5", "Béla\u00a0"))
    calc.type(path, cells, save=saved)
    assert remi("score", saved).exit_code == 0
    table, line = calc.read(saved, [("Standings", "A4:J7"), ("Standings", "A2:A2")])
    live = shown(table)
    assert live[:3] == remis(saved) and live[3] == [None] * 10
    assert {row[1]: (row[2], row[9]) for row in live[:3]}["Béla"] == (2, 0)
    assert line[0][0][1].startswith("Live: ")


def test_a_note_typed_over_the_live_line_is_kept_and_told(tmp_path: Path, calc: Any) -> None:
    """The line under the title is a formula whose text remi does not know before it
    calculates: a person's note typed over it is theirs all the same (found on a walk)."""
    path, saved = tmp_path / "klub.xlsx", tmp_path / "typed.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "--games", "2").exit_code == 0
    hands = [("Game 1", "B6", "H"), ("Game 1", "C6", "30"), ("Standings", "A2", "our note")]
    calc.type(path, hands, save=saved, check=False)
    result = remi("check", saved)
    assert result.exit_code == 1 and "error: Standings!A2: " in result.stdout
    assert remi("score", saved).exit_code == 1
    (line,) = calc.read(saved, [("Standings", "A2:A2")])
    assert line == [[["text", "our note"]]]
