"""A deal row deleted in a live game, in LibreOffice itself (`tests.calc`), as a person
deletes a duplicated row: `check` reads the deals in the order of the rows with one
warning, and `score` numbers them so and gives the game its row back, live again: the
formulas, the totals and the input check on it, as `remi new` made them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import remi
from tests.test_typed_in_calc import new_notebook

SHEETS = {"hu": "Játszma 1", "en": "Game 1"}
# The second deal typed twice (a row copied by mistake), then the next one.
DEALS = [["H", "27", "X", "K 9 Jo"], ["12", "W", "3", "X 45"], ["12", "W", "3", "X 45"]]
DEALS += [["5", "10", "W", "0"]]


def typed_deals(tmp_path: Path, calc: Any, lang: str, deals: list[list[str]]) -> Path:
    """A `remi new` notebook of two games with `deals` typed into the first in LibreOffice,
    a deal a row from the first, and saved by it."""
    sheet = SHEETS[lang]
    cells = [
        (sheet, f"{'BCDE'[column]}{6 + row}", text)
        for row, deal in enumerate(deals)
        for column, text in enumerate(deal)
    ]
    return typed_cells(tmp_path, calc, lang, cells)


def typed_cells(tmp_path: Path, calc: Any, lang: str, cells: list[tuple[str, str, str]]) -> Path:
    """A `remi new` notebook of two games with `cells` typed in LibreOffice, saved by it."""
    path = new_notebook(tmp_path / "klub.xlsx", lang, "--games", "2")
    typed = tmp_path / "typed.xlsx"
    calc.type(path, cells, save=typed)
    return typed


def typed_and_deleted(tmp_path: Path, calc: Any, lang: str) -> Path:
    """A `remi new` notebook with `DEALS` typed in LibreOffice and the copy of deal 2
    deleted there, a whole row, as a person deletes it."""
    sheet = SHEETS[lang]
    typed = typed_deals(tmp_path, calc, lang, DEALS)
    deleted = tmp_path / "deleted.xlsx"
    calc.delete_rows(typed, sheet, 8, deleted)
    return deleted


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_deal_row_deleted_in_libreoffice_is_numbered_and_given_back_by_score(
    tmp_path: Path, calc: Any, lang: str
) -> None:
    sheet = SHEETS[lang]
    deleted = typed_and_deleted(tmp_path, calc, lang)

    checked = remi("check", deleted, "--json")
    assert checked.exit_code == 0, checked.output
    found = [(p["cell"], p["code"], p["severity"]) for p in json.loads(checked.stdout)["problems"]]
    assert found == [("A8", "deals_renumbered", "warning")]

    scored = remi("score", deleted, "--json")
    assert scored.exit_code == 0, scored.output
    document = json.loads(scored.stdout)
    assert document["outcome"] == "written" and document["renumbered"] == [sheet]
    assert document["problems"] == []
    again = remi("score", deleted, "--json")  # a second run changes nothing
    assert again.exit_code == 0 and json.loads(again.stdout)["outcome"] == "unchanged"

    # LibreOffice: the deals 1 to 7 again, the three deals scored, and the row given back
    # live: its input check lets a code in, and what is typed there counts.
    (numbers, totals) = calc.read(deleted, [(sheet, "A6:A12"), (sheet, "B3:E3")])
    assert [value for ((_, value),) in numbers] == [1, 2, 3, 4, 5, 6, 7]
    before = [value for _, value in totals[0]]
    rest = [  # deals 4 to 7, the last in the row given back
        (sheet, f"{column}{row}", text)
        for row in range(9, 13)
        for column, text in zip("BCDE", ["W", "20", "0", "10"], strict=True)
    ]
    shown, (after,) = calc.type(deleted, rest, ranges=[(sheet, "B3:E3")])
    assert all(cell.valid is True for cell in shown)
    changed = [value for _, value in after[0]]
    assert changed[1:] == [before[1] + 80, before[2], before[3] + 40]
    assert remi("check", deleted).exit_code == 0


def test_what_the_first_save_found_is_still_said_after_the_second(
    tmp_path: Path, calc: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Scoring again after numbering the deals reads the file just written: a warning of
    the first save (what a copy lacks of the notebook) is said all the same."""
    from remi_sheet.core.problems import Problem, Severity
    from remi_sheet.writing import writeback

    deleted = typed_and_deleted(tmp_path, calc, "en")
    said = Problem("lost_in_copy", severity=Severity.WARNING, params={"path": "x", "lost": ()})
    write = writeback.write

    def first_says(*args: Any, **kwargs: Any) -> Any:
        outcome = write(*args, **kwargs)
        if outcome.renumbered:
            outcome.problems.append(said)
        return outcome

    monkeypatch.setattr(writeback, "write", first_says)
    scored = remi("score", deleted, "-o", tmp_path / "out.xlsx", "--json")
    assert scored.exit_code == 0, scored.output
    document = json.loads(scored.stdout)
    assert document["renumbered"] == [SHEETS["en"]]
    assert [problem["code"] for problem in document["problems"]] == ["lost_in_copy"]


# Three deals typed, then a forgotten one: a row inserted above the third, typed there.
FIRST = [["W", "25", "30", "0"], ["12", "H", "K Q", "X"], ["5", "8", "W", "10"]]
FORGOTTEN = ["W", "40", "15", "X 45"]


@pytest.mark.parametrize(("lang", "at"), [("hu", 8), ("en", 8), ("en", 6)])
def test_a_row_inserted_in_libreoffice_for_a_forgotten_deal_is_numbered_and_made_live(
    tmp_path: Path, calc: Any, lang: str, at: int
) -> None:
    """LibreOffice leaves the inserted row (above the third deal, or the first) without
    remi's formulas, and those under it reading the rows above, or the first deal, where
    they did: `check` says only that the deals are read in the order of their rows, and
    `score` numbers them and writes the formulas anew, the players' totals above their
    names too. Nothing typed is changed."""
    sheet = SHEETS[lang]
    typed = typed_deals(tmp_path, calc, lang, FIRST)
    inserted = tmp_path / "inserted.xlsx"
    calc.insert_rows(typed, sheet, at, inserted)
    forgotten = [
        (sheet, f"{column}{at}", text) for column, text in zip("BCDE", FORGOTTEN, strict=True)
    ]
    shown, _ = calc.type(inserted, forgotten, save=inserted)
    assert all(cell.valid is True for cell in shown)  # the input check came with the row

    checked = remi("check", inserted, "--json")
    assert checked.exit_code == 0, checked.output
    document = json.loads(checked.stdout)
    found = [(p["cell"], p["code"], p["severity"]) for p in document["problems"]]
    assert found == [(f"A{at + 1}", "deals_renumbered", "warning")]
    game = document["games"][0]
    assert game["played"] == 4

    scored = remi("score", inserted, "--json")
    assert scored.exit_code == 0, scored.output
    written = json.loads(scored.stdout)
    assert written["outcome"] == "written" and written["renumbered"] == [sheet]
    assert written["problems"] == []
    again = remi("score", inserted, "--json")
    assert again.exit_code == 0 and json.loads(again.stdout)["outcome"] == "unchanged"

    # LibreOffice: the inserted row numbered and scored like the others, the totals and
    # places above the names remi's; every typed cell as typed.
    numbers, entries, totals, places = calc.read(
        inserted, [(sheet, "A6:A9"), (sheet, "B6:E9"), (sheet, "B3:E3"), (sheet, "B4:E4")]
    )
    assert [value for ((_, value),) in numbers] == [1, 2, 3, 4]
    assert [value for _, value in entries[at - 6]] == ["W", 40, 15, "X 45"]
    assert list(game["ranks"].values()) == [value for _, value in places[0]]
    assert [value for _, value in totals[0]] == list(game["totals"].values())


def test_a_player_who_did_not_come_is_put_right_as_the_error_says_in_libreoffice(
    tmp_path: Path, calc: Any
) -> None:
    """The middle name of three cleared and the deals typed for the other two: LibreOffice
    refuses to delete the empty column of a live game (the totals above the names are an
    array across it), so the error says to copy the name and entries into it and clear
    them where they were; done so, the game reads, and the live sheet scores it."""
    sheet = SHEETS["en"]
    cells = [(sheet, "C5", "")]
    cells += [(sheet, f"{column}6", text) for column, text in zip("BD", ["W", "25"], strict=True)]
    cells += [(sheet, f"{column}7", text) for column, text in zip("BD", ["12", "H"], strict=True)]
    typed = typed_cells(tmp_path, calc, "en", cells)

    checked = remi("check", typed, "--json")
    assert checked.exit_code == 1
    problems = json.loads(checked.stdout)["problems"]
    assert [(p["cell"], p["code"]) for p in problems] == [
        ("A5", "players_too_few"),
        ("D5", "player_after_gap"),
    ]
    problem = problems[1]
    assert "copy its name and entries into the empty column" in problem["message"]

    moved = tmp_path / "moved.xlsx"
    calc.copy_and_clear(typed, sheet, "D5:D12", "C5", moved)
    checked = remi("check", moved, "--json")
    assert checked.exit_code == 0, checked.output
    document = json.loads(checked.stdout)
    assert document["problems"] == []
    totals = document["games"][0]["totals"]
    assert list(totals.values()) == [0, -10]
    (shown,) = calc.read(moved, [(sheet, "B3:C3")])
    assert [value for _, value in shown[0]] == [0, -10]


def test_a_game_sheet_copied_in_libreoffice_is_said_to_be_off_the_live_standings_until_score(
    tmp_path: Path, calc: Any
) -> None:
    """Last week's sheet copied to start tonight's game: it scores itself, but nothing
    links it to the live Standings sheet; `check` says so at the copy, and after `score`
    (which links it) says nothing."""
    sheet = SHEETS["en"]
    typed = typed_deals(tmp_path, calc, "en", FIRST)
    assert remi("score", typed).exit_code == 0
    copied = tmp_path / "copied.xlsx"
    calc.copy_sheet(typed, sheet, "Tonight", copied)

    checked = remi("check", copied, "--json")
    assert checked.exit_code == 0, checked.output
    found = [(p["sheet"], p["code"]) for p in json.loads(checked.stdout)["problems"]]
    assert ("Tonight", "live_game_unlinked") in found
    assert all(code != "live_game_unlinked" or name == "Tonight" for name, code in found)

    assert remi("score", copied).exit_code == 0
    again = json.loads(remi("check", copied, "--json").stdout)["problems"]
    assert "live_game_unlinked" not in [p["code"] for p in again]


def test_a_typed_total_row_keeps_the_totals_and_places_above_the_names(
    tmp_path: Path, calc: Any
) -> None:
    """A club's own Total row typed under a live game's deals (its figures right): remi's
    totals and places above the names stay, and show remi's figures."""
    sheet = SHEETS["en"]
    typed = typed_deals(tmp_path, calc, "en", FIRST)
    game = json.loads(remi("check", typed, "--json").stdout)["games"][0]
    totals = list(game["totals"].values())
    total_row = [(sheet, "A13", "Total")]
    total_row += [(sheet, f"{c}13", str(t)) for c, t in zip("BCDE", totals, strict=True)]
    calc.type(typed, total_row, save=typed, check=False)

    scored = remi("score", typed, "--json")
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.stdout)["problems"] == []
    above, places = calc.read(typed, [(sheet, "B3:E3"), (sheet, "B4:E4")])
    assert [value for _, value in above[0]] == totals
    assert [value for _, value in places[0]] == list(game["ranks"].values())
    assert remi("score", typed, "--json").stdout.count('"unchanged"') == 1


def test_a_deal_row_cut_and_pasted_lower_is_one_error_then_mended_as_it_says(
    tmp_path: Path, calc: Any
) -> None:
    """Deal 4's row cut and pasted two rows lower: an empty row now ends the table above
    the deals after it. `check` says that one thing (not remi's formulas the move left in
    the empty row, which nobody can clear: they are arrays), `score` leaves the sheet
    alone; the empty row deleted as the error says, the deals are numbered and scored."""
    sheet = SHEETS["en"]
    deals = [*FIRST, ["W", "10", "20", "0"], ["30", "W", "5", "12"]]
    typed = typed_deals(tmp_path, calc, "en", deals)
    moved = tmp_path / "moved.xlsx"
    calc.cut_and_paste(typed, sheet, "A9:G9", "A11", moved)

    checked = remi("check", moved, "--json")
    assert checked.exit_code == 1
    found = [(p["cell"], p["code"]) for p in json.loads(checked.stdout)["problems"]]
    assert found == [("A10", "deal_after_blank_row")]
    before = moved.read_bytes()
    scored = remi("score", moved, "--json")
    assert scored.exit_code == 1 and json.loads(scored.stdout)["left_alone"] == []

    mended = tmp_path / "mended.xlsx"
    calc.delete_rows(moved, sheet, 9, mended)
    checked = remi("check", mended, "--json")
    assert checked.exit_code == 0, checked.output
    assert remi("score", mended).exit_code == 0
    game = json.loads(remi("check", mended, "--json").stdout)["games"][0]
    assert game["played"] == 5
    (totals,) = calc.read(mended, [(sheet, "B3:E3")])
    assert [value for _, value in totals[0]] == list(game["totals"].values())
    assert before != mended.read_bytes()
