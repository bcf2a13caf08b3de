"""Issue 21's house rules in every command: Hungarian names, a flat score for a loser who
never laid down, games played to a points limit, the meld rules and the table's own
agreements (docs/rules.md, "House rules")."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from remi_sheet.core.entries import Loser, Winner
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import RULES, GameEnd, HouseRules, rule_spec, value_text, with_rule
from remi_sheet.core.scoring import DealScore, check_score_row, score_row
from remi_sheet.i18n import say
from remi_sheet.i18n.catalogue import TEXTS
from remi_sheet.notebook.loading import Notebook, load_notebook, rule_cells
from tests.conftest import remi, remi_json
from tests.test_import_cli import write_csv

Make = Callable[..., Path]


def problems(notebook: Notebook) -> list[tuple[str | None, str | None, str]]:
    return [(p.sheet, p.cell, p.code) for p in notebook.all_problems()]


# --- names -------------------------------------------------------------------------------


def test_every_rule_has_a_hungarian_name_and_help_and_each_name_is_its_own() -> None:
    for spec in RULES:
        english, hungarian = TEXTS[f"rulename_{spec.name}"]
        assert english == spec.name and hungarian != spec.name
        assert all(TEXTS[f"rulehelp_{spec.name}"])
        assert rule_spec(hungarian) is spec and rule_spec(hungarian.upper()) is spec
        assert rule_spec(spec.name) is spec
    assert len({TEXTS[f"rulename_{spec.name}"][1] for spec in RULES}) == len(RULES)


def test_a_hungarian_rules_sheet_reads_by_hungarian_names(notebook: Make) -> None:
    rules = {
        "csomagok száma": 3,
        "jokerek száma": 9,
        "játszma vége": "ponthatár",
        "ponthatár": 300,
        "le nem rakott normál után": 100,
        "kerekítés": "tízesre",
        "joker kirakásonként": "nincs korlát",
        "nyitáshoz tiszta sor": "igen",
        "opening_minimum": 51,  # the English name is still read
    }
    path = notebook({"g": [["Leosztás", "A", "B"]]}, rules=rules, rules_sheet="Szabályok")
    loaded = load_notebook(path)
    assert problems(loaded) == []
    assert loaded.rules == HouseRules(
        packs=3,
        jokers=9,
        game_end=GameEnd.LIMIT,
        points_limit=300,
        not_down_after_normal=100,
        jokers_per_meld=None,
        opening_needs_clean_run=True,
        opening_minimum=51,
    )
    # the live names link to the value cells through the Hungarian names too
    cells = rule_cells(loaded.grids.values())
    assert cells["packs"] == ("Szabályok", "B2") and cells["points_limit"] == ("Szabályok", "B5")
    assert cells["opening_minimum"] == ("Szabályok", "B10")


@pytest.mark.parametrize(("name", "lang"), [("Házszabályok", "hu"), ("House rules", "en")])
def test_the_rules_sheet_may_be_called_house_rules(notebook: Make, name: str, lang: str) -> None:
    path = notebook({"g": [["#", "A", "B"]]}, rules={"deals_per_game": 5}, rules_sheet=name)
    loaded = load_notebook(path)
    assert loaded.rules.deals_per_game == 5 and loaded.lang == lang


def test_rules_on_a_sheet_of_another_name_are_told_but_a_clubs_rules_of_conduct_are_not(
    notebook: Make,
) -> None:
    rules = [["nyitás minimum", 60], ["kézből nyerés", -50], ["csomagok száma", 3]]
    conduct = [["Telefon nem az asztalon."], ["Kezdő osztó", "a legfiatalabb"], ["Dohányzás kint"]]
    game = [["Leosztás", "Anna", "Béla"], [1, "W", 10]]
    loaded = load_notebook(notebook({"g": game, "Házirend": rules, "Illem": conduct}))
    assert problems(loaded) == [("Házirend", "A1", "rules_sheet_named_otherwise")]
    assert loaded.rules == HouseRules()  # not read: the defaults, and said so
    assert "(a 'nyitás minimum' …)" in loaded.problems[0].message("hu")


def test_rule_messages_name_the_rule_in_the_users_language(notebook: Make) -> None:
    path = notebook({"g": [["Deal", "A", "B"]]}, rules={"packs": 4, "rounding": "up"})
    loaded = load_notebook(path)
    assert problems(loaded) == [
        ("Rules", "B2", "rule_out_of_range"),
        ("Rules", "B3", "rule_bad_choice"),
    ]
    packs, rounding = loaded.problems
    assert packs.message("hu") == "A csomagok száma = 4 lehetetlen: 2 és 3 között kell lennie."
    assert rounding.message("hu").endswith("választható: tízesre, nincs.")
    assert rounding.message("en").endswith("choose one of: nearest-ten-half-up, none.")
    with pytest.raises(RemiError) as unknown:
        rule_spec("színes")
    assert "le nem rakott normál után" in say(unknown.value.code, "hu", **unknown.value.params)


def test_hungarian_output_says_the_rules_in_hungarian(notebook: Make, tmp_path: Path) -> None:
    game = [["Leosztás", "Anna", "Béla"], [1, "W", "X"], [2, "H", "33"]]
    rules = {"le nem rakott normál után": 100, "kerekítés": "nincs", "opening_minimum": 51}
    path = notebook({"g": game}, rules=rules, rules_sheet="Szabályok")
    result = remi("check", path, "--lang", "hu")
    assert result.exit_code == 0, result.output
    line = "Házszabályok: nyitás minimum = 51, le nem rakott normál után = 100, kerekítés = nincs"
    assert line in result.stdout
    english = remi("check", path, "--lang", "en")
    assert (
        "House rules: opening_minimum = 51, not_down_after_normal = 100, rounding = none"
        in english.stdout
    )
    assert remi("score", path, "--lang", "hu").exit_code == 0
    standings = openpyxl.load_workbook(path)["Összesítő"]
    shown = [[c.value for c in row][:2] for row in standings.iter_rows()]
    assert ["le nem rakott normál után", 100] in shown and ["kerekítés", "nincs"] in shown
    assert not any(row[0] == "rounding" for row in shown)


def test_value_words_in_both_languages() -> None:
    assert value_text("nearest-ten-half-up", "hu") == "tízesre"
    assert value_text("points", "hu") == "lappont" and value_text("lappont", "en") == "points"
    assert value_text(True, "hu") == "igen" and value_text(-40, "hu") == "-40"


# --- not_down_after_normal ---------------------------------------------------------------

FLAT = with_rule(HouseRules(), "not_down_after_normal", "100")


def test_a_loser_not_down_after_a_normal_win_scores_the_fixed_score() -> None:
    result = score_row(
        [Winner(hand=False), Loser(False, None), Loser(False, 33), Loser(True, 33)], FLAT
    )
    assert isinstance(result, DealScore) and result.scores == (-20, 100, 100, 30)
    after_hand = score_row([Winner(hand=True), Loser(False, 33), Loser(True, 33)], FLAT)
    assert isinstance(after_hand, DealScore) and after_hand.scores == (-40, 200, 60)
    default = score_row([Winner(hand=False), Loser(False, 33)], HouseRules())
    assert isinstance(default, DealScore) and default.scores == (-20, 30)  # today's scores
    assert not isinstance(
        score_row([Winner(hand=False), Loser(False, None)], HouseRules()), DealScore
    )


def test_a_paper_row_may_hold_the_fixed_score() -> None:
    assert isinstance(check_score_row([-20, 100, 30], FLAT), DealScore)
    odd = with_rule(HouseRules(), "not_down_after_normal", 75)
    assert isinstance(check_score_row([-20, 75, 30], odd), DealScore)
    assert not isinstance(check_score_row([-20, 75, 30], HouseRules()), DealScore)
    assert not isinstance(check_score_row([-40, 75, 30], odd), DealScore)  # not after a hand


@pytest.mark.parametrize(
    ("value", "code"),
    [("sok", "rule_bad_number_or_word"), (-5, "rule_out_of_range"), (1001, "rule_out_of_range")],
)
def test_impossible_flat_scores_name_the_cell(notebook: Make, value: Any, code: str) -> None:
    path = notebook({"g": [["Deal", "A", "B"]]}, rules={"not_down_after_normal": value})
    assert problems(load_notebook(path)) == [("Rules", "B2", code)]


def test_the_flat_score_in_check_and_score(notebook: Make) -> None:
    game = [["Deal", "Anna", "Béla", "Csaba"], [1, "W", "X", "X 55"], [2, "12", "W", -0]]
    path = notebook({"g": game}, rules={"not_down_after_normal": "100"})
    code, document = remi_json("check", path)
    assert code == 0, document["problems"]
    assert document["games"][0]["totals"] == {"Anna": -10, "Béla": 80, "Csaba": 100}
    assert document["house_rules"] == {"not_down_after_normal": 100}


# --- game_end = limit --------------------------------------------------------------------

LIMIT_GAME = [
    ["Deal", "Anna", "Béla"],
    [1, "W", "X 95"],  # Béla 100
    [2, "W", "180"],  # Béla 280
    [3, "H", "15"],  # Béla 320: reaches 300, the game ends here
    [4, "W", "5"],
]


def test_a_game_played_to_a_limit_ends_after_the_deal_that_reaches_it(notebook: Make) -> None:
    rules = {"game_end": "limit", "points_limit": 300}
    ended = load_notebook(notebook({"g": LIMIT_GAME[:4]}, rules=rules))
    assert problems(ended) == []
    (game,) = ended.games
    assert game.score.complete and game.score.totals == (-80, 320)
    assert ended.standings[0].name == "Anna" and ended.standings[0].wins == 1
    open_game = load_notebook(notebook({"g": LIMIT_GAME[:3]}, rules=rules, name="open.xlsx"))
    assert not open_game.games[0].score.complete and open_game.standings[0].wins == 0
    # seven deals do not end it: only the limit does
    many = [["Deal", "A", "B"], *[[n, "W", "10"] for n in range(1, 10)]]
    long = load_notebook(notebook({"g": many}, rules=rules, name="long.xlsx"))
    assert problems(long) == [] and not long.games[0].score.complete
    beyond = load_notebook(notebook({"g": LIMIT_GAME}, rules=rules, name="beyond.xlsx"))
    assert problems(beyond) == [("g", "A5", "deal_after_end")]
    # Every deal typed past the end is told and counted, not only the first.
    more = [*LIMIT_GAME, [5, "W", 10], [6, 10, "W"]]
    further = load_notebook(notebook({"g": more}, rules=rules, name="further.xlsx"))
    assert problems(further) == [("g", f"A{row}", "deal_after_end") for row in (5, 6, 7)]
    assert further.games[0].played == 6
    (problem,) = beyond.all_problems()
    assert "after deal 3, when Béla reached 300" in problem.message("en")
    assert "a 3. leosztás után véget ért, amikor Béla elérte" in problem.message("hu")


def test_after_a_deal_that_cannot_be_scored_the_end_is_unknown(notebook: Make) -> None:
    """A deal that is no entry (here a typo) leaves the totals unknown, so no end is found
    after it, as a score row that does not add up does: only the typo is reported."""
    rules = {"game_end": "limit", "points_limit": 200}  # deals 2 and 3 alone reach it
    for wrong in (["W", "negyven"], ["W", "W"]):
        rows = [LIMIT_GAME[0], [1, *wrong], *LIMIT_GAME[2:]]
        loaded = load_notebook(notebook({"g": rows}, rules=rules, name=f"{wrong[1]}.xlsx"))
        assert "deal_after_end" not in [code for _, _, code in problems(loaded)], wrong
        assert len(problems(loaded)) == 1, problems(loaded)


def test_by_deals_the_same_game_is_not_complete(notebook: Make) -> None:
    loaded = load_notebook(notebook({"g": LIMIT_GAME}))
    assert problems(loaded) == [] and not loaded.games[0].score.complete


def test_the_limit_in_check_report_and_stats(notebook: Make, tmp_path: Path) -> None:
    rules = {"játszma vége": "ponthatár", "ponthatár": 300}
    path = notebook({"g": LIMIT_GAME[:4]}, rules=rules, rules_sheet="Szabályok")
    english = remi("check", path, "--lang", "en")
    assert "g: 3 deals to 300, won by Anna; Anna -80, Béla 320" in english.stdout
    hungarian = remi("check", path, "--lang", "hu")
    assert "g: 3 leosztás 300 pontig, nyert: Anna" in hungarian.stdout
    assert "játszma vége = ponthatár, ponthatár = 300" in hungarian.stdout
    code, stats = remi_json("stats", path)
    assert code == 0 and stats["players"][0]["name"] == "Anna"
    assert stats["players"][0]["wins"] == 1 and stats["players"][0]["complete_games"] == 1


def test_import_follows_the_limit_and_the_flat_score(tmp_path: Path) -> None:
    records = write_csv(
        tmp_path / "r.csv",
        [
            ["Játszma", "Leosztás", "Anna", "Béla"],
            ["A", "1", "W", "X"],
            ["A", "2", "W", "X"],
            ["A", "3", "W", "X"],
        ],
    )
    new = tmp_path / "new.xlsx"
    code, document = remi_json(
        "import", records, "--into", new, "-r", "not_down_after_normal=100",
        "-r", "game_end=limit", "-r", "points_limit=200",
    )  # fmt: skip
    assert code == 1  # the third deal comes after the end
    assert [g["status"] for g in document["games"]] == ["errors"]
    assert any(p["code"] == "deal_after_end" for p in document["problems"])
    records.write_bytes(records.read_bytes().rsplit(b"\n", 2)[0] + b"\n")
    code, document = remi_json(
        "import", records, "--into", new, "-r", "not_down_after_normal=100",
        "-r", "game_end=limit", "-r", "points_limit=200",
    )  # fmt: skip
    assert code == 0, document
    assert document["games"][0]["totals"] == {"Anna": -40, "Béla": 200}
    _, checked = remi_json("check", new)
    assert checked["games"][0]["complete"] and checked["house_rules"]["points_limit"] == 200


# --- the meld rules ----------------------------------------------------------------------


def test_jokers_per_meld_in_the_meld_check_and_the_opening_finder() -> None:
    code, document = remi_json("meld", "5♣ Jo Jo 8♣", "-r", "jokers_per_meld=1")
    assert code == 1 and document["melds"][0]["code"] == "meld_jokers_per_meld"
    assert remi_json("meld", "5♣ Jo Jo 8♣")[0] == 0
    hand = "K♠ K♥ Jo Q♠ Q♥ Jo 9♦ 10♥ J♥ 5♠"
    _, free = remi_json("meld", "--hand", hand)
    _, strict = remi_json("meld", "--hand", hand, "-r", "joker kirakásonként=0")
    assert any("Jo" in meld["cards"] for meld in free["best"])
    assert all("Jo" not in meld["cards"] for meld in strict["best"]) and not strict["opens"]
    hungarian = remi("meld", "9♠ Jo Jo", "-r", "jokers_per_meld=1", "--lang", "hu")
    assert "2 joker egy lerakásban: legfeljebb 1 lehet" in hungarian.stdout


def test_an_opening_that_needs_a_clean_run() -> None:
    sets = ("K♠ K♥ K♦", "Q♠ Q♥ Q♦")
    assert remi_json("meld", *sets)[1]["opens"]
    code, document = remi_json("meld", *sets, "-r", "opening_needs_clean_run=yes")
    assert code == 0 and not document["opens"]
    assert remi_json("meld", *sets, "2♣ 3♣ 4♣", "-r", "opening_needs_clean_run=yes")[1]["opens"]
    dirty = remi_json("meld", *sets, "2♣ Jo 4♣", "-r", "opening_needs_clean_run=yes")[1]
    assert not dirty["opens"]
    text = remi("meld", *sets, "-r", "nyitáshoz tiszta sor=igen", "--lang", "hu")
    assert "az első lerakásban kell egy joker nélküli sor" in text.stdout
    hand = "K♠ K♥ K♦ Q♠ Q♥ Jo 9♦ 10♥ J♥ 5♠"
    _, free = remi_json("meld", "--hand", hand)
    _, clean = remi_json("meld", "--hand", hand, "-r", "opening_needs_clean_run=true")
    kinds = [(meld["kind"], bool(meld["jokers"])) for meld in clean["best"]]
    assert ("run", False) in kinds and clean["opens"]
    assert ("run", False) not in [(m["kind"], bool(m["jokers"])) for m in free["best"]]
    assert clean["total"] <= free["total"]


# --- agreements --------------------------------------------------------------------------


def agreed_notebook(path: Path) -> Path:
    book = openpyxl.Workbook()
    game = book.active
    game.title = "g"
    for row in [["Deal", "Anna", "Béla"], [1, "W", "30"]]:
        game.append(row)
    rules = book.create_sheet("Szabályok")
    for row in [
        ["Szabály", "Érték"],
        ["nyitás minimum", 51],
        [],
        ["Megállapodások"],
        ["vétel csak lerakással"],
        ["a kiosztó keveri a lapokat", "mindig"],
        [12, "pont a kassza"],
        [12.5, "pont fölött kettő"],
        [dt.date(2026, 11, 6), "óta így"],
    ]:
        rules.append(row)
    book.save(path)
    return path


def test_agreements_are_kept_and_printed_but_change_no_score(tmp_path: Path) -> None:
    path = agreed_notebook(tmp_path / "agreed.xlsx")
    loaded = load_notebook(path)
    assert problems(loaded) == [] and loaded.rules.opening_minimum == 51
    # Numbers and dates as the notebook's language writes them (its game sheet's: English).
    assert loaded.agreements == (
        "vétel csak lerakással", "a kiosztó keveri a lapokat mindig", "12 pont a kassza",
        "12.5 pont fölött kettő", "2026-11-06 óta így",
    )  # fmt: skip
    assert loaded.games[0].score.totals == (-20, 30)
    result = remi("check", path, "--lang", "hu")
    line = "Megállapodások: vétel csak lerakással; a kiosztó keveri a lapokat mindig; 12 pont"
    assert line in result.stdout
    assert "; 12,5 pont fölött kettő; 2026. 11. 06. óta így" in result.stdout  # in Hungarian
    assert json.loads(remi("check", path, "--json").stdout)["agreements"] == list(loaded.agreements)
    before = [
        [c.value for c in row] for row in openpyxl.load_workbook(path)["Szabályok"].iter_rows()
    ]
    assert remi("score", path).exit_code == 0
    after = [
        [c.value for c in row] for row in openpyxl.load_workbook(path)["Szabályok"].iter_rows()
    ]
    assert after == before


def test_agreements_on_the_scorecard(tmp_path: Path) -> None:
    from tests.test_report import pages

    path = agreed_notebook(tmp_path / "agreed.xlsx")
    pdf = tmp_path / "card.pdf"
    result = remi("report", path, "-o", pdf, "--lang", "hu")
    assert result.exit_code == 0, result.output
    (text,) = pages(pdf)
    assert "Megállapodások: vétel csak lerakással; a kiosztó keveri a lapokat mindig" in text
    assert "nyitás minimum = 51" in text


def test_remi_new_writes_the_new_rules_and_reads_them_back(tmp_path: Path) -> None:
    path = tmp_path / "uj.xlsx"
    args = ["-p", "Anna", "-p", "Béla", "--lang", "hu", "-r", "game_end=limit"]
    assert remi("new", path, *args, "-r", "not_down_after_normal=100").exit_code == 0
    sheet = openpyxl.load_workbook(path)["Szabályok"]
    values = {row[0].value: row[1].value for row in sheet.iter_rows(min_row=2) if row[0].value}
    assert values["játszma vége"] == "ponthatár" and values["le nem rakott normál után"] == 100
    assert values["ponthatár"] == 500 and values["nyitáshoz tiszta sor"] == "nem"
    loaded = load_notebook(path)
    assert loaded.all_problems() == [] and loaded.rules.to_limit
    assert loaded.rules.not_down_after_normal == 100 and loaded.agreements == ()


def test_a_limit_game_on_the_scorecard_and_the_blank_card(notebook: Make, tmp_path: Path) -> None:
    from tests.test_report import pages

    rules = {"game_end": "limit", "points_limit": 300, "not_down_after_normal": "lappont"}
    path = notebook({"g": LIMIT_GAME[:4]}, rules=rules)
    pdf = tmp_path / "limit.pdf"
    assert remi("report", path, "-o", pdf, "--lang", "hu").exit_code == 0
    (text,) = pages(pdf)
    assert "3 leosztás · 300 pontig · kész" in text
    assert "játszma vége = ponthatár (alap: leosztások)" in text
    assert "ponthatár = 300 (alap: 500)" in text and "le nem rakott" not in text  # a default
    english = tmp_path / "limit-en.pdf"
    assert remi("report", path, "-o", english, "--lang", "en").exit_code == 0
    (text,) = pages(english)
    assert "3 deals · played to 300 · complete" in text
    assert "game_end = limit (default: deals)" in text
    blank = tmp_path / "blank.pdf"
    args = ["-p", "Anna", "-p", "Béla", "-o", blank, "-r", "game_end=limit", "--lang", "hu"]
    assert remi("report", "--blank", *args).exit_code == 0
    (text,) = pages(blank)
    assert "500 pontig: a játszma annak a leosztásnak a végén ér véget" in text


@pytest.mark.parametrize(
    ("typed", "read"),
    [("51\u202f", 51), ("\u2009", 50), ("51\t", 51), (" 51\u00a0 ", 51), ("\u00a0", 50)],
)
def test_a_rules_value_the_live_formulas_read_otherwise_is_refused_in_a_live_notebook(
    typed: str, read: int
) -> None:
    # The live formulas trim ordinary (and no-break) spaces alone, as TRIM does: a thin
    # space or a tab stays, and the sheet reads no number there. A plain notebook has no
    # formulas to disagree with, and reads it as before.
    from remi_sheet.notebook.loading import read_rules
    from remi_sheet.reading.grid import Grid

    grid = Grid("Szabályok", [["Szabály", "Érték"], ["nyitás minimum", typed]])
    plain, problems, _ = read_rules([grid])
    assert plain.start.opening_minimum == read and problems == []
    live, problems, _ = read_rules([grid], live=True)
    plainly_spaced = typed.replace("\u00a0", " ").strip(" ") in ("", "51")
    assert [p.code for p in problems] == ([] if plainly_spaced else ["rule_value_unseen"])
    assert live.start.opening_minimum == (read if plainly_spaced else 50)
    if problems:
        assert problems[0].cell == "B2"
        said = problems[0].message("hu")
        odd = next(char for char in typed if char not in "51 \u00a0")
        assert "tabulátor, különleges szóköz" in said and f"U+{ord(odd):04X}" in said


@pytest.mark.parametrize(
    ("typed", "lang", "meant"),
    [
        ("nyitas_minimm", "hu", "Erre gondoltál: nyitás minimum?"),
        ("openin_minimum", "en", "Did you mean opening_minimum?"),
        ("kezbol nyres", "hu", "Erre gondoltál: kézből nyerés?"),
    ],
)
def test_a_misspelt_rule_name_is_told_the_rule_it_is_nearest(
    tmp_path: Path, typed: str, lang: str, meant: str
) -> None:
    path = tmp_path / "k.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "--lang", lang).exit_code == 0
    result = remi("check", path, "--rule", f"{typed}=51")
    assert result.exit_code == 2 and meant in result.stderr
    far = remi("check", path, "--rule", "zzz=51")
    assert far.exit_code == 2 and "'zzz'" in far.stderr
    assert "Erre gondoltál" not in far.stderr and "Did you mean" not in far.stderr
    book = openpyxl.load_workbook(path)
    rules = book.worksheets[1]  # after the game; its rows above the agreements
    rules.insert_rows(2)
    rules["A2"], rules["B2"] = typed, 51
    book.save(path)
    problem = next(p for p in load_notebook(path).problems if p.code == "rule_unknown")
    assert meant in problem.message(lang) and problem.cell.startswith("A")


@pytest.mark.parametrize("option", ["hand_win", "hand_win=", "hand_win= "])
def test_a_rule_option_without_a_value_is_told_its_form(tmp_path: Path, option: str) -> None:
    path = tmp_path / "k.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "--lang", "hu").exit_code == 0
    said = remi("check", path, "--rule", option)
    assert said.exit_code == 2
    assert f"A --rule formája NÉV=ÉRTÉK, pl. --rule nyitas_minimum=51; kapott: '{option}'" in (
        said.stderr
    )
