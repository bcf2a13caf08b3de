"""Reading game sheets as people leave them, and pointing at the right cell for each mistake."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlsxwriter
from hypothesis import given, settings
from hypothesis import strategies as st

from remi_sheet.core.problems import Severity
from remi_sheet.core.text import clean
from remi_sheet.notebook.layout import date_text, filled
from remi_sheet.notebook.loading import Notebook, load_notebook
from remi_sheet.reading.stream import StreamReader
from tests.conftest import remi, worked_game

Make = Callable[..., Path]


def problems(notebook: Notebook) -> list[tuple[str | None, str | None, str]]:
    return [(p.sheet, p.cell, p.code) for p in notebook.all_problems()]


def test_worked_game(notebook: Make) -> None:
    loaded = load_notebook(notebook({"2026-11-29 #1": worked_game()}))
    assert problems(loaded) == []
    (game,) = loaded.games
    assert game.players == ("Anna", "Béla", "Csaba")
    assert game.score.totals == (-30, 100, 220)
    assert [deal.row for deal in game.deals] == [1, 2, 3]
    assert game.played == 3 and not game.score.complete
    assert loaded.lang == "en"


@pytest.mark.parametrize(
    "word",
    [
        *("Deal", "deal", "DEAL", "Leosztás", "LEOSZTAS", "Osztás", "osztas", "#", " Deal\u00a0"),
        # A colon or full stop after the word, as phones and paper forms put it.
        *("Leosztás:", "Leosztás.", "Deal :"),
    ],
)
def test_header_words(notebook: Make, word: str) -> None:
    rows = worked_game()
    rows[0][0] = word
    loaded = load_notebook(notebook({"g": rows}))
    assert loaded.games[0].score.totals == (-30, 100, 220)


def test_header_below_notes_and_right_of_a_margin(notebook: Make) -> None:
    rows = [["Dátum", "2026. 11. 29."], ["Helyszín", "Kovácsék"], ["Jó játékot!"], []]
    rows += [[None, *row] for row in worked_game()]
    loaded = load_notebook(notebook({"g": rows}))
    (game,) = loaded.games
    assert game.layout.header_row == 4 and game.layout.deal_column == 1
    assert game.layout.date == "2026. 11. 29." and game.layout.place == "Kovácsék"
    assert game.score.totals == (-30, 100, 220)
    assert loaded.lang == "en"


def test_a_note_labelled_with_a_header_word_is_no_header(notebook: Make) -> None:
    for label in ("Osztás:", "Osztás"):  # with its colon or without
        rows = [["Dátum:", "2026. 11. 29."], [label, "Anna kezd, utána balra"], ["Leosztás: 7"]]
        loaded = load_notebook(notebook({"g": [*rows, *worked_game()]}, name=f"{label}.xlsx"))
        assert problems(loaded) == []
        (game,) = loaded.games
        assert game.layout.header_row == 3 and game.score.totals == (-30, 100, 220)


def test_the_date_and_place_typed_with_their_labels_in_one_cell(notebook: Make) -> None:
    rows = [["Dátum: 2026. 11. 22."], ["Helyszín:   Kovácsék"], ["Megjegyzés: Ödön késett"]]
    loaded = load_notebook(notebook({"g": [*rows, *worked_game()]}))
    (game,) = loaded.games
    assert game.layout.date == "2026. 11. 22." and game.layout.date_cell == "A1"
    assert game.layout.place == "Kovácsék" and game.day == dt.date(2026, 11, 22)


def test_a_game_headed_by_another_word_is_told_not_left_out_silently(
    notebook: Make, tmp_path: Path
) -> None:
    rows = worked_game()
    rows[0][0] = "Forduló"
    plural = worked_game()
    plural[0][0] = "Leosztások"  # no header word: the Rules sheet's name of deals_per_game
    rounds = worked_game()
    rounds[0][0] = "Menet"
    paper = [["Forduló", "Anna", "Béla", "Csaba"], [1, "W", 10, 20], [2, -20, "30", 40]]
    sheets = {"g": worked_game(), "h": rows, "i": plural, "j": rounds, "k": paper}
    path = notebook(sheets)
    told = [("h", "A1", "sheet_unknown_header"), ("i", "A1", "sheet_unknown_header")]
    told.append(("j", "A1", "sheet_unknown_header"))
    told.append(("k", "A1", "sheet_unknown_header"))  # a paper score row among its deals
    assert problems(load_notebook(path)) == told
    # remi's own Standings sheet (negative totals, a header of words) is no such table.
    assert remi("score", path, "-o", tmp_path / "out.xlsx").exit_code == 0
    assert problems(load_notebook(tmp_path / "out.xlsx")) == told


def test_header_beyond_row_ten_is_no_game_but_told(notebook: Make) -> None:
    # A block of notes pushes the header to row 11: no game, and said at its header.
    rows = [["note"]] * 10 + worked_game()
    loaded = load_notebook(notebook({"g": rows}))
    assert loaded.games == []
    assert problems(loaded) == [("g", "A11", "header_too_low"), (None, None, "no_games")]


def test_deals_under_any_heading_are_told_but_a_table_of_games_is_not(notebook: Make) -> None:
    sheets: dict[str, list[list[Any]]] = {"g": worked_game()}
    for name, heading in [("h", "Deal #"), ("i", "No."), ("j", "Leosztás száma")]:
        sheets[name] = worked_game()
        sheets[name][0][0] = heading
    games = worked_game()
    games[0][0] = "Játszma"  # a club's own table of whole games: "1 | nyert | 120"
    sheets["k"] = games
    told = [(name, "A1", "sheet_unknown_header") for name in "hij"]
    assert problems(load_notebook(notebook(sheets))) == told


def test_hungarian_notebook(notebook: Make) -> None:
    rows = worked_game()
    rows[0][0] = "Leosztás"
    loaded = load_notebook(notebook({"g": rows}))
    assert loaded.lang == "hu"
    assert load_notebook(notebook({"g": rows}), lang="en").lang == "en"


def test_cells_as_people_leave_them(notebook: Make) -> None:
    rows = [
        ["Deal", "Anna", "Béla", "Csaba"],
        ["1", "h", " 27 ", "x"],
        ["2.", 12.0, "w ", "k 9 jo"],
        [3.0, "3\u00a0", "X\u00a055", "W"],
    ]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == []
    assert loaded.games[0].score.totals == (-30, 100, 220)


def test_players_and_place_typed_as_numbers_are_named_as_shown(notebook: Make) -> None:
    # Seats 1, 2, 3 as the table's names: number cells, which calamine reads as floats.
    rows = [["Place", 12], [], ["Deal", 1, 2, 3.5], [1, "H", 27, "X"]]
    game = load_notebook(notebook({"g": rows})).games[0]
    assert game.players == ("1", "2", "3.5")
    assert date_text(game.layout.place) == "12"  # as the scorecard and --json show it


def test_score_rows_in_a_game(notebook: Make) -> None:
    rows = [["Deal", "A", "B", "C"], [1, -20, 30, 0], [2, 200, -40, "60"], [3, "W", 4, "X 5"]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == []
    game = loaded.games[0]
    assert game.score.totals == (160, -10, 70)
    assert [d.score.typed for d in game.deals] == [True, True, False]


@pytest.mark.parametrize(
    ("row", "cell", "code"),
    [
        ([1, "H", "Z", "X"], "C2", "entry_unknown"),
        ([1, "H", "W", "X"], "C2", "two_winners"),
        ([1, "3", "4", "X 5"], "A2", "no_winner"),
        ([1, "W", "4", "X"], "D2", "x_without_points"),
        ([1, "W", "-5", "3"], "C2", "points_negative"),
        ([1, "W", "-20", "30"], "C2", "row_mixed"),
        ([1, "-20", "35", "30"], "C2", "score_not_ten"),
        ([1, "-20", "200", "30"], "C2", "score_200_without_hand"),
        ([1, "-40", "30", "200"], "C2", "score_after_hand"),
        ([1, "W", "190", "3"], "C2", "points_too_high"),
        ([1, "W", "", "3"], "C2", "entry_missing"),
        ([1, "W", "3.5", "3"], "C2", "entry_not_whole"),
        ([1, "W", "Jo Jo Jo Jo Jo", "3"], "C2", "cards_too_many_jokers"),
        ([1, "#DIV/0!", "3", "W"], "B2", "formula_error"),
    ],
)
def test_each_mistake_points_at_its_cell(
    notebook: Make, row: list[Any], cell: str, code: str
) -> None:
    loaded = load_notebook(notebook({"Game 1": [["Deal", "Anna", "Béla", "Csaba"], row]}))
    assert problems(loaded) == [("Game 1", cell, code)]
    game = loaded.games[0]
    assert game.deals == [] and game.has_errors


@pytest.mark.parametrize(
    ("row", "told"),
    [
        # the row: the 190 is told beside the X 200, not after it is put right
        (["W", 190, "X 200", 33], [("C2", "points_too_high"), ("D2", "points_too_high")]),
        (["W", "X", "5..", 3], [("C2", "x_without_points"), ("D2", "entry_unknown")]),
        # five jokers in a deck of four, whatever the unread cell holds
        (
            ["Jo Jo Jo", "W", "Jo Jo", "zz"],
            [("D2", "deal_too_many_jokers"), ("E2", "entry_unknown")],
        ),
        # Nothing else to tell whatever the unread cell says: two winners, a typed score
        # row (its numbers depend on the unread one), an empty cell.
        (["W", "W", "5..", 300], [("D2", "entry_unknown")]),
        (["-20", 190, "5..", 30], [("D2", "entry_unknown")]),
        (["W", None, "5..", 190], [("D2", "entry_unknown")]),
    ],
)
def test_every_impossible_cell_of_a_row_is_told_at_once(
    notebook: Make, row: list[Any], told: list[tuple[str, str]]
) -> None:
    """A row with a cell that is no entry still has its other cells looked at, each on its
    own: the person puts the row right in one go, not one cell a run."""
    header = ["Deal", "Anna", "Béla", "Csaba", "Dóra"]
    loaded = load_notebook(notebook({"Game 1": [header, [1, *row]]}))
    assert problems(loaded) == [("Game 1", cell, code) for cell, code in told]
    assert loaded.games[0].deals == []


@pytest.mark.parametrize(
    ("row", "codes"),
    [
        (["W", 190, "X 200", 33], ["points_too_high", "points_too_high"]),
        (["W", True, "1.000", "3.5"], ["entry_boolean", "entry_thousands", "entry_not_whole"]),
        (["W", "K 910", ",", "Jo Jo Jo Jo Jo"], ["card_digits_together", "card_empty",
                                                 "cards_too_many_jokers"]),
        (
            ["W", "K K K K K K K K K", "K K K K K K K K K K K K K K K", "X -5"],
            ["cards_too_many_of_rank", "cards_too_many", "points_negative"],
        ),
        (["W", "A♣ A♣ A♣", "zz", dt.date(2026, 1, 2)],
         ["cards_too_many_copies", "entry_unknown", "entry_date"]),
        (["#DIV/0!", "W", 3, 4], ["formula_error"]),
        (["-30", "20", "0", "10"], ["score_bad_winner"]),
        (["W", "-5", 3, 4], ["points_negative"]),
    ],
)  # fmt: skip
def test_a_cell_of_a_deal_is_told_with_its_player_and_the_deal(
    notebook: Make, row: list[Any], codes: list[str]
) -> None:
    """Every message at a player's cell of a deal names the player and the deal, as
    "Béla has no entry in deal 2" does: two cells of one row are told apart."""
    header = ["Deal", "Anna", "Béla", "Csaba", "Dóra"]
    loaded = load_notebook(notebook({"Game 1": [header, [1, "W", 10, 10, 10], [2, *row]]}))
    told = loaded.all_problems()
    assert [problem.code for problem in told] == codes
    for problem in told:
        player = problem.params["player"]
        for lang, deal in (("en", "in deal 2"), ("hu", "a 2. leosztásban")):
            said = problem.message(lang)
            assert said.count(player) == 1 and deal in said, said
            assert "{" not in said, said


def test_a_cell_read_without_a_game_is_told_without_a_player_or_deal() -> None:
    """`remi meld`, a paper total and the library's `parse_entry` have no deal to name:
    the same codes keep their words without one."""
    from remi_sheet.core.entries import parse_entry
    from remi_sheet.core.problems import RemiError
    from remi_sheet.core.rules import HouseRules

    with pytest.raises(RemiError) as raised:
        parse_entry("X 190", HouseRules())
    assert raised.value.problem.message("en") == (
        "190 card points is more than 14 cards can be worth (180): a typo?"
    )
    assert raised.value.problem.message("hu") == (
        "190 lappont több, mint amennyit 14 lap érhet (180): elírás?"
    )


@pytest.mark.parametrize("number", ["one", "1a", 0.5, 0])
def test_deal_numbers_out_of_order(notebook: Make, number: object) -> None:
    loaded = load_notebook(notebook({"g": [["Deal", "A", "B"], [number, "W", 3]]}))
    assert problems(loaded) == [("g", "A2", "deal_number_wrong")]
    assert loaded.games[0].has_errors


@pytest.mark.parametrize(
    ("numbers", "found"),
    [
        ([1, 2, 4, 5], [("g", "A4", "deals_renumbered")]),  # a deal row deleted
        ([2, 3], [("g", "A2", "deals_renumbered")]),  # the first one deleted
        ([1, 3, 2, 4], [("g", "A3", "deals_renumbered")]),  # a row moved
        ([1, 2, 2, 3], [("g", "A4", "deal_number_wrong"), ("g", "A5", "deal_number_wrong")]),
        ([1, 2, "x", 4], [("g", "A4", "deal_number_wrong")]),
    ],
)
def test_deal_rows_deleted_or_moved_are_read_in_the_order_of_the_rows(
    notebook: Make, numbers: list[object], found: list[tuple[str, str, str]]
) -> None:
    """Whole numbers, each once, out of the rows' order: a deal row deleted or moved. One
    warning says so and the deals count in the order of the rows; a number given twice
    (a row copied) or that is none stays an error of its own."""
    rows = [["Deal", "A", "B"], *[[n, "W", 10 * i] for i, n in enumerate(numbers, 1)]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == found
    (game,) = loaded.games
    if found[0][2] == "deals_renumbered":
        assert (
            not game.has_errors
            and [deal.number for deal in game.deals] == [1, 2, 3, 4][: len(numbers)]
        )
        (warning,) = loaded.all_problems()
        assert warning.severity == "warning"
        message = warning.message("en")
        assert str(len(numbers)) in message and "remi score numbers them so" in message


def test_messages_name_the_player_and_deal(notebook: Make) -> None:
    rows = [["Leosztás", "Anna", "Béla"], [1, "W", "-20 "]]
    loaded = load_notebook(notebook({"g": [["Deal", "Anna", "Béla"], [1, "W", ""]]}))
    (problem,) = loaded.all_problems()
    assert problem.message("en").startswith("Béla has no entry in deal 1")
    assert "Béla cellája üres" in problem.message("hu")
    hungarian = load_notebook(notebook({"g": rows}, name="hu.xlsx"))
    assert hungarian.lang == "hu"


def test_a_game_with_an_error_keeps_the_deals_that_can_be_scored(notebook: Make) -> None:
    rows = [["Deal", "A", "B"], [1, "W", 10], [2, "W", "W"], [3, 20, "H"]]
    loaded = load_notebook(notebook({"g": rows}))
    game = loaded.games[0]
    assert [d.number for d in game.deals] == [1, 3]
    assert problems(loaded) == [("g", "C3", "two_winners")]


def test_deal_table_order(notebook: Make) -> None:
    rows = [["Deal", "A", "B"], [1, "W", 10], [2], [3, "W", 10], [4]]
    assert problems(load_notebook(notebook({"g": rows}))) == [("g", "A4", "deal_after_gap")]
    rows = [["Deal", "A", "B"]] + [[n, "W", 10] for n in range(1, 9)]
    assert problems(load_notebook(notebook({"g": rows}, name="b.xlsx"))) == [
        ("g", "A9", "too_many_deals")
    ]
    rows = [["Deal", "A", "B"]] + [[n, "W", 10] for n in range(1, 8)]
    game = load_notebook(notebook({"g": rows}, name="c.xlsx")).games[0]
    assert game.score.complete and game.score.totals == (-140, 70)


def test_winner_messages_name_the_house_rules_winning_scores(notebook: Make) -> None:
    rows = [["Deal", "A", "B", "C"], [1, "3", "4", "X 5"], [2, "W", "-5", "3"]]
    loaded = load_notebook(notebook({"g": rows}, {"hand_win": -50, "normal_win": -25}))
    said = [problem.message("en") for problem in loaded.all_problems()]
    assert "or a winner's score (-50/-25)" in said[0]
    assert "only the winner's -25 or -50 is negative" in said[1]


@pytest.mark.parametrize(
    ("header", "cell", "code"),
    [
        (["Deal", "A", "B", "C", "D", "E", "F", "G"], "H1", "players_too_many"),
        (["Deal", "Anna", "Béla", "anna"], "D1", "player_duplicate"),
        (["Deal", "Anna", "Béla", "ANNA "], "D1", "player_duplicate"),
    ],
)
def test_player_problems(notebook: Make, header: list[str], cell: str, code: str) -> None:
    loaded = load_notebook(notebook({"g": [header, [1, "W", 10]]}))
    assert problems(loaded) == [("g", cell, code)]


def test_a_games_header_over_one_player_is_no_game_and_said(notebook: Make) -> None:
    """A game needs two players: a Deal header over one (a sheet of notes, a game begun)
    is no game sheet, which remi never writes into; a warning says what would make it
    one."""
    loaded = load_notebook(
        notebook(
            {
                "g": [["Deal", "Anna", "Béla"], [1, "W", 10]],
                "Notes": [["Deal", "just text"], [], ["hello"]],
            }
        )
    )
    assert [game.sheet for game in loaded.games] == ["g"]
    assert problems(loaded) == [("Notes", "A1", "header_one_player")]
    assert loaded.problems[0].severity is Severity.WARNING


@pytest.mark.parametrize(
    "rows",
    [
        [["Dealer rota"], [], ["Deal", "Dealer"], [1, "John"], [2, "Mary"], [3, "Priya"]],
        [["Club notes"], [], ["Deal"], ["Bring cards on Friday"]],
    ],
)
def test_a_deal_heading_over_names_or_alone_is_no_game(notebook: Make, rows: list[Any]) -> None:
    # A dealer rota headed `Deal | Dealer` has one "player" and names in the rows, no
    # entries; a lone `Deal` heads nothing. Neither is a game with too few players.
    game = [["Deal", "Anna", "Béla"], [1, "W", 10]]
    loaded = load_notebook(notebook({"g": game, "Notes": rows}))
    assert [g.sheet for g in loaded.games] == ["g"]
    assert problems(loaded) == []


@pytest.mark.parametrize(
    "rows",
    [
        [["Leosztás", None, "Anna", "Béla", "Csaba"], [1, None, "W", 30, "X"]],
        [["Osztás", "Osztó", None, "Anna", "Béla"], [1, "Anna", None, "W", 30]],
        [["Deal"], [1, "W", 30, "X"]],
    ],
)
def test_deals_under_a_header_short_of_names_stay_a_game_with_an_error(
    notebook: Make, rows: list[Any]
) -> None:
    # Entries right of the word are deals, wherever the names stand: the game is said to
    # be wrong, never left out of the standings without a word.
    loaded = load_notebook(notebook({"Q": rows}))
    assert [g.sheet for g in loaded.games] == ["Q"]
    assert any(p.severity == "error" for p in loaded.all_problems())


def test_max_players_house_rule(notebook: Make) -> None:
    sheets = {"g": [["Deal", "A", "B", "C", "D"], [1, "W", 1, 2, 3]]}
    loaded = load_notebook(notebook(sheets, rules={"max_players": 3}))
    assert problems(loaded) == [("g", "E1", "players_too_many")]


def test_rules_sheet(notebook: Make) -> None:
    sheets = {"g": [["Deal", "A", "B"], [1, "H", 33]]}
    loaded = load_notebook(
        notebook(sheets, rules={"round_before_doubling": "nem", "hand_multiplier": 2})
    )
    assert loaded.games[0].score.totals == (-40, 70)
    neutral = {"g": [["#", "A", "B"], [1, "H", 33]]}
    hungarian = load_notebook(
        notebook(
            neutral,
            rules={"kerekítés kétszerezés előtt": "igen", "Leosztások": 5},
            rules_sheet="Szabályok",
            name="hu.xlsx",
        )
    )
    assert problems(hungarian) == []
    assert hungarian.rules.deals_per_game == 5 and hungarian.lang == "hu"


def test_rules_sheet_errors(notebook: Make) -> None:
    sheets = {"g": [["Deal", "A", "B"], [1, "H", 33]]}
    loaded = load_notebook(
        notebook(sheets, rules={"jokers": 12, "colour": "red", "rounding": "up"})
    )
    assert problems(loaded) == [
        ("Rules", "B2", "rule_out_of_range"),
        ("Rules", "A3", "rule_unknown"),
        ("Rules", "B4", "rule_bad_choice"),
    ]


def test_a_rule_whose_formula_shows_an_error_is_one_not_the_default(tmp_path: Path) -> None:
    path = tmp_path / "rules.xlsx"
    book = xlsxwriter.Workbook(path)
    book.add_worksheet("g").write_row(0, 0, ["Deal", "A", "B"])
    rules = book.add_worksheet("Rules")
    rules.write_row(0, 0, ["hand_win"])
    rules.write_formula(0, 1, "=-50/0", None, "#DIV/0!")
    rules.write_row(1, 0, ["normal_win"])  # a value left empty keeps the default
    book.close()
    assert problems(load_notebook(path)) == [("Rules", "B1", "formula_no_value")]


def test_slash_dates_that_read_both_ways_are_doubtful_beside_a_month_first_one(
    notebook: Make,
) -> None:
    def game(date: str) -> list[list[Any]]:
        return [["Date", date], [], ["Deal", "A", "B"], [1, "H", 33]]

    sheets = {"1": game("11/05/2026"), "2": game("05/05/2026"), "3": game("11/19/2026")}
    loaded = load_notebook(notebook(sheets))
    assert problems(loaded) == [
        ("1", "B1", "date_month_first"),
        ("3", "B1", "date_unreadable"),
    ]
    assert loaded.games[0].day == dt.date(2026, 5, 11)  # read day first all the same
    alone = load_notebook(notebook({"1": game("11/05/2026")}, name="alone.xlsx"))
    assert problems(alone) == []


def test_overrides_win_over_the_rules_sheet(notebook: Make) -> None:
    sheets = {"g": [["Deal", "A", "B"], [1, "H", 33]]}
    path = notebook(sheets, rules={"round_before_doubling": "false"})
    loaded = load_notebook(path, overrides=[("round_before_doubling", "true")])
    assert loaded.games[0].score.totals == (-40, 60)


def test_sheets_that_are_not_games_are_ignored(notebook: Make) -> None:
    loaded = load_notebook(notebook({"Notes": [["Jegyzet"], ["Deal with it"]], "g": worked_game()}))
    assert [game.sheet for game in loaded.games] == ["g"]


def test_typed_total_row_is_checked(notebook: Make) -> None:
    rows = [*worked_game()[:4], ["Összesen", -30, 110, 220]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == [("g", "C5", "total_mismatch")]
    assert "110" in loaded.all_problems()[0].message("en")


def test_a_typed_total_grouped_by_spaces_is_that_number(notebook: Make) -> None:
    rows = [["Deal", "Anna", "Béla", "Csaba"], *([n, "H", "X", "X"] for n in range(1, 8))]
    rows.append(["Total", "-280", "1\u00a0400", "1 400"])  # as Excel shows 1400 grouped
    assert problems(load_notebook(notebook({"g": rows}))) == []


def test_formula_with_a_saved_result_is_read(tmp_path: Path) -> None:
    path = tmp_path / "formulas.xlsx"
    book = xlsxwriter.Workbook(path)
    sheet = book.add_worksheet("g")
    sheet.write_row(0, 0, ["Deal", "A", "B"])
    sheet.write_row(1, 0, [1, "W"])
    sheet.write_formula(1, 2, "=20+13", None, 33)
    book.close()
    loaded = load_notebook(path)
    assert problems(loaded) == []
    assert loaded.games[0].score.totals == (-20, 30)


@pytest.mark.parametrize("array", [False, True])
def test_formula_without_a_saved_result_is_a_clear_problem(tmp_path: Path, array: bool) -> None:
    """Named by its text, an array formula too: openpyxl reads one as an object, and the
    message once showed the object's address."""
    from openpyxl.worksheet.formula import ArrayFormula

    path = tmp_path / "formulas.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "g"
    sheet.append(["Deal", "A", "B"])
    sheet.append([1, "W"])
    sheet["C2"] = ArrayFormula("C2", "=SUM(20+13)") if array else "=SUM(20+13)"
    book.save(path)
    loaded = load_notebook(path)
    assert problems(loaded) == [("g", "C2", "formula_no_value")]
    message = loaded.all_problems()[0].message("en")
    assert "=SUM(20+13)" in message and "ArrayFormula" not in message, message


def test_formulas_of_many_games_are_looked_up_in_one_opening(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game's empty-looking cell sends remi to the formulas; opening the workbook once
    per game made memory grow with the games while the collector is paused."""
    path = tmp_path / "formulas.xlsx"
    book = openpyxl.Workbook()
    book.remove(book.active)
    for number in range(1, 6):
        sheet = book.create_sheet(f"g{number}")
        sheet.append(["Deal", "A", "B"])
        sheet.append([1, "W", "=20+13"])
    book.save(path)
    readers: set[int] = set()
    kinds = StreamReader.kinds

    def counted(self: StreamReader, member: str) -> Any:
        readers.add(id(self))
        return kinds(self, member)

    monkeypatch.setattr(StreamReader, "kinds", counted)
    found = problems(load_notebook(path))
    assert found == [(f"g{n}", "C2", "formula_no_value") for n in range(1, 6)]
    assert len(readers) == 1  # one opening of the workbook for every game's question


def test_a_formula_beside_a_far_cell_is_found_without_a_grid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A value at XFD1 made openpyxl's read-only rows 16,384 cells wide: the question
    about one formula took minutes on a sheet of notes. The cells as they are answer it,
    without openpyxl's workbook (whose rows are that wide)."""
    path = tmp_path / "far.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "g"
    sheet.append(["Deal", "A", "B"])
    sheet.append([1, "W", "=20+13"])
    for row in range(10, 3010):
        sheet.cell(row, 1, f"note {row}")
    sheet["XFD1"] = "far away"
    book.save(path)

    def refused(*_: Any, **__: Any) -> Any:
        raise AssertionError("a workbook loaded to answer about one cell")

    monkeypatch.setattr(openpyxl, "load_workbook", refused)
    found = problems(load_notebook(path))
    assert ("g", "C2", "formula_no_value") in found


def test_a_deal_below_an_empty_row_is_reported(notebook: Make) -> None:
    rows = [*worked_game()[:3], [], [None, "3", "X 55", "W"], [None, "W", 5, 5]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == [("g", "A5", "deal_after_blank_row")]
    assert "row 4" in loaded.all_problems()[0].message("en")


def test_a_second_game_under_the_first_is_told_to_go_to_its_own_sheet(notebook: Make) -> None:
    rows = [*worked_game()[:3], [], worked_game()[0], *worked_game()[1:3]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == [("g", "A5", "second_game_on_sheet")]
    assert "Move it to a sheet of its own" in loaded.all_problems()[0].message("en")


def test_notes_under_the_table_are_not_deals(notebook: Make) -> None:
    rows = [*worked_game(), ["Megjegyzés: Anna hozta a sütit"], [], [None, "szép volt"]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == []
    assert loaded.games[0].score.totals == (-30, 100, 220)


@pytest.mark.parametrize("label", ["Összesen:", "Össz.", "TOTAL", "összesen"])
def test_total_row_labels(notebook: Make, label: str) -> None:
    rows = [*worked_game()[:4], [label, -30, 100, 220]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == []
    assert loaded.games[0].layout.total_row == 4


def test_a_total_row_below_an_empty_row_is_the_tables(notebook: Make) -> None:
    """A paper card's totals line at its foot, empty rows left for deals not yet played."""
    rows = [*worked_game()[:4], [], [], ["Összesen", -30, 100, 220]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == []
    assert loaded.games[0].layout.total_row == 6
    rows[-1] = ["Összesen", -30, 99, 220]
    assert problems(load_notebook(notebook({"g": rows}))) == [("g", "C7", "total_mismatch")]


def test_a_total_under_a_list_of_figures_below_the_table_is_that_lists(notebook: Make) -> None:
    kitty = [[], ["Kassza"], ["Anna", 500], ["Béla", 300], ["Összesen", 800]]
    loaded = load_notebook(notebook({"g": [*worked_game()[:4], *kitty]}))
    assert problems(loaded) == []
    assert loaded.games[0].layout.total_row is None


def test_a_deal_between_the_empty_row_and_a_total_row_is_still_reported(notebook: Make) -> None:
    rows = [*worked_game()[:3], [], [None, "3", "X 55", "W"], ["Összesen", -30, 100, 220]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == [("g", "A5", "deal_after_blank_row")]
    assert loaded.games[0].layout.total_row is None


def test_running_totals_typed_beside_each_player_are_no_players(notebook: Make) -> None:
    header = ["Leosztás", "Anna", "Σ", "Béla", "Összesen:"]
    loaded = load_notebook(notebook({"g": [header, [1, "W", -20, 25, 25]]}))
    assert problems(loaded) == [
        ("g", "C1", "player_heading_totals"),
        ("g", "E1", "player_heading_totals"),
    ]
    assert "Clear the column" in loaded.all_problems()[0].message("en")
    # Moved right of the table after an empty column, as the message says: read as notes.
    header = ["Leosztás", "Anna", "Béla", None, "Σ", "Σ"]
    loaded = load_notebook(notebook({"g": [header, [1, "W", 25, None, -20, 25]]}))
    assert problems(loaded) == []
    assert loaded.games[0].score.totals == (-20, 30)


@pytest.mark.parametrize(
    "rows",
    [
        [["LeosztÃ¡s", "Anna", "BÃ©la"], [1, "W", 25]],  # reads like deals under its word
        [["LeosztÃ¡s", "Anna", "BÃ©la"]],  # a game not begun
    ],
)
def test_a_header_whose_accents_a_wrong_decoding_broke_is_told(
    notebook: Make, rows: list[list[object]]
) -> None:
    """LibreOffice opening a UTF-8 CSV as Latin-1 writes `LeosztÃ¡s`."""
    loaded = load_notebook(notebook({"g": rows}))
    [problem] = [p for p in loaded.all_problems() if p.code == "header_accents_broken"]
    assert (problem.sheet, problem.cell) == ("g", "A1")
    assert "the header 'Leosztás' with its accents broken" in problem.message("en")


def test_a_player_after_an_empty_header_cell_is_reported(notebook: Make) -> None:
    rows = [["Deal", "A", "B", None, "C"], [1, "W", 5, None, "H"], [2, "W", 5, None, 7]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == [("g", "E1", "player_after_gap")]
    # Alone: not beside the deals it makes wrong (a winner in the column not read).
    rows += [[3, 5, 7, None, "W"]]
    loaded = load_notebook(notebook({"g": rows}, name="b.xlsx"))
    assert problems(loaded) == [("g", "E1", "player_after_gap")]


def test_a_latecomer_typed_before_remis_area_is_a_player_not_remis_columns(
    notebook: Make,
) -> None:
    # C typed into the empty column between the table and remi's area, in a notebook whose
    # area holds the values a spreadsheet saved: the area's "A" is no player after a gap.
    rows = [
        ["Deal", "A", "B", "C", "remi ▸ scores", "A", "Σ", "B", "Σ"],
        [1, "W", 5, 7, 1, -20, -20, 5, 5],
        [2, "W", 5, 0, 2, -20, -40, 5, 10],
    ]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == []
    assert loaded.games[0].players == ("A", "B", "C")


def test_a_notes_column_is_not_a_player(notebook: Make) -> None:
    rows = [["Deal", "A", "B", "Megjegyzés"], [1, "W", 5, "jó kör"], [2, "W", 5, None]]
    loaded = load_notebook(notebook({"g": rows}))
    assert problems(loaded) == []
    assert loaded.games[0].players == ("A", "B")
    spaced = [["Deal", "A", "B", None, "Notes"], [1, "W", 5, None, "H was close"]]
    assert problems(load_notebook(notebook({"g": spaced}, name="b.xlsx"))) == []


def test_a_hash_header_needs_a_game_to_be_a_game(notebook: Make) -> None:
    members = [["#", "Név", "Telefon"], [1, "Anna", "06301234567"], [2, "Béla", "0612345"]]
    fresh = [["#", "Anna", "Béla"], [1], [2]]
    loaded = load_notebook(notebook({"Tagok": members, "Új": fresh, "g": worked_game()}))
    assert [game.sheet for game in loaded.games] == ["Új", "g"]
    assert problems(loaded) == []


def test_a_list_headed_hash_with_a_negative_number_is_no_game(
    notebook: Make, tmp_path: Path
) -> None:
    todo = [
        ["#", "Teendő", "Ki", "Egyenleg"],
        [1, "tejet venni", "Anna", -5],
        [2, "felhívni Bélát", "Béla", 12],
        [3, "számlát fizetni", "Anna", -20],
    ]
    # Numbered from 2, or mostly no entries: a # table is a game only when it reads as one.
    late = [["#", "A", "B"], [2, "W", 5], [3, 7, "W"]]
    path = notebook({"Teendők": todo, "Később": late, "g": worked_game()})
    before = openpyxl.load_workbook(path)
    loaded = load_notebook(path)
    assert [game.sheet for game in loaded.games] == ["g"]
    assert problems(loaded) == [
        ("Teendők", "A1", "sheet_maybe_game"),
        ("Később", "A1", "sheet_maybe_game"),
    ]
    assert all(p.severity == "warning" for p in loaded.problems)
    result = remi("score", path, "--lang", "en")
    assert result.exit_code == 0, result.stdout
    assert "Teendők!A1: Headed by # like a game" in result.stdout
    after = openpyxl.load_workbook(path)
    for sheet in ("Teendők", "Később"):
        assert [[c.value for c in row] for row in after[sheet].iter_rows()] == [
            [c.value for c in row] for row in before[sheet].iter_rows()
        ]
    assert "Standings" in after.sheetnames  # the game was scored and written


def test_rules_sheet_layouts_people_make(notebook: Make) -> None:
    sheets = {"g": [["Deal", "A", "B"], [1, "H", 33]]}
    path = notebook(
        sheets, rules={"Szabály neve": "Érték", "opening_minimum": 51, "ace_value": None}
    )
    loaded = load_notebook(path)
    assert problems(loaded) == []
    assert loaded.rules.opening_minimum == 51 and loaded.rules.ace_value == 10


def test_rules_sheet_mistakes_point_at_rows(notebook: Make, tmp_path: Path) -> None:
    sheets = {"g": [["Deal", "A", "B"], [1, "H", 33]]}
    unknown = load_notebook(notebook(sheets, rules={"nem létező": None}))
    assert problems(unknown) == [("Rules", "A2", "rule_unknown")]
    path = tmp_path / "twice.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "g"
    book["g"].append(["Deal", "A", "B"])
    rules = book.create_sheet("Rules")
    for row in (["hand_win", -20], ["opening_minimum", 50], ["opening_minimum", 51]):
        rules.append(row)
    book.save(path)
    assert problems(load_notebook(path)) == [
        ("Rules", "A3", "rule_twice"),
        ("Rules", "B1", "rule_wins_equal"),
    ]


def test_every_pair_of_rules_that_disagree_is_told_at_the_lower_of_its_rows(
    notebook: Make,
) -> None:
    rules = {"jokers": 8, "ace_value": 5, "low_ace_value": 8}
    loaded = load_notebook(notebook({"g": [["Deal", "A", "B"], [1, "W", 5]]}, rules))
    assert problems(loaded) == [
        ("Rules", "B2", "rule_jokers_packs"),
        ("Rules", "B4", "rule_low_ace"),  # the low ace's row, under the ace's
    ]


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.text(alphabet=" \u00a0\u200b\u200d\ufe0f\ufeffaÁ1Ｋ♥\t\n-", max_size=6),
        st.text(max_size=6),
        st.none(),
        st.integers(),
        st.floats(allow_nan=False),
    )
)
def test_filled_is_anything_but_empty_or_blank_text(value: object) -> None:
    expected = (
        value is not None and value != "" and (not isinstance(value, str) or bool(clean(value)))
    )
    assert filled(value) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "note", [["fizetve"], ["fizetve", "1500 Ft"], ["Béla későn jött", None, "ok"]]
)
def test_a_note_typed_in_the_players_columns_under_a_numbered_table_ends_it(
    notebook: Make, note: list[object]
) -> None:
    # Under the last numbered deal, in the players' cells: no deal 8 of a 7-deal game,
    # and the game still counts. A row there whose cells read as entries stays a deal.
    rows: list[list[object]] = [["Deal", "A", "B", "C"]]
    rows += [[n, "W", 5, 10] for n in range(1, 8)]
    loaded = load_notebook(notebook({"g": [*rows, [None, *note]]}))
    assert problems(loaded) == [] and len(loaded.games[0].deals) == 7
    deal = load_notebook(notebook({"g": [*rows, [None, "W", 5, "fizetve"]]}, name="d.xlsx"))
    assert ("g", "A9", "too_many_deals") in problems(deal)
    # A deal typed into a row inserted among them (no number) leaves the table numbered.
    inserted = [*rows[:3], [None, 5, "W", 10], *rows[3:7], [None, *note]]
    loaded = load_notebook(notebook({"g": inserted}, name="i.xlsx"))
    assert [p[2] for p in problems(loaded)] == ["deals_renumbered"]
    assert len(loaded.games[0].deals) == 7
    # A table never numbered reads its rows as before: that row is a deal, refused.
    bare = [rows[0], *([None, *row[1:]] for row in rows[1:4]), [None, *note]]
    assert [p[2] for p in problems(load_notebook(notebook({"g": bare}, name="b.xlsx")))]
