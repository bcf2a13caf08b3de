"""`remi meld` as users run it: exit codes, the report in both languages, `--json`."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from remi_sheet.cli.app import app

runner = CliRunner()
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
HAND = "K♠ K♥ Jo 2♣ 3♣ 9♦ 10♦ J♦ Q♦ 5♠ 5♥ 5♦ A♣ 4♣ 7♥"


def remi(*args: str) -> Any:
    return runner.invoke(app, ["meld", *args], env=ENV)


def remi_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = remi(*args, "--json")
    return result.exit_code, json.loads(result.stdout)


# --- checking melds ----------------------------------------------------------------------


def test_valid_melds_open() -> None:
    result = remi("8♣ 9♣ 10♣", "9♠ 9♣ Jo")
    assert result.exit_code == 0, result.output
    assert "✓ 8♣ 9♣ 10♣: run 8♣ 9♣ 10♣; value 27" in result.stdout
    assert "Jo = 9♥" in result.stdout
    assert "Total 54: opens (minimum 50)." in result.stdout


def test_valid_melds_that_do_not_open_are_fine() -> None:
    result = remi("8♣ 9♣ 10♣")
    assert result.exit_code == 0
    assert "Total 27: does not open; 50 needed, 23 more." in result.stdout


def test_invalid_meld_exits_1_with_its_reason() -> None:
    result = remi("8♣ 9♣ 10♣", "9♠ 9♠ 9♥")
    assert result.exit_code == 1
    assert "✗ 9♠ 9♠ 9♥: Two 9♠ in a set" in result.stdout
    assert "no opening while a meld is invalid" in result.stdout


def test_ambiguous_joker_is_explained() -> None:
    result = remi("Jo 9♣ 10♣")
    assert result.exit_code == 0
    assert "Jo = J♣" in result.stdout
    assert "could also stand for 8♣ (27)" in result.stdout and "Jo=8♣" in result.stdout
    pinned = remi("Jo=8♣ 9♣ 10♣")
    assert "✓ Jo=8♣ 9♣ 10♣: run 8♣ 9♣ 10♣; value 27; Jo = 8♣" in pinned.stdout
    assert "could also" not in pinned.stdout


def test_a_joker_pinned_where_it_cannot_stand_is_told_in_the_number_of_jokers() -> None:
    one = remi("Jo=8♥ 9♣ 10♣", "--lang", "hu").stdout
    assert "a joker ezeket helyettesítheti: B♣, 8♣." in one
    assert "the joker can stand for: J♣, 8♣." in remi("Jo=8♥ 9♣ 10♣", "--lang", "en").stdout
    two = remi("Jo=8♥ Jo 10♣ J♣", "--lang", "hu").stdout
    assert "a jokerek ezeket helyettesíthetik: D♣ K♣, 9♣ D♣, 8♣ 9♣." in two


def test_json_of_melds() -> None:
    code, document = remi_json("8♣ 9♣ 10♣", "Jo 9♣ 10♣", "9♠ 9♠ 9♥")
    assert code == 1
    assert document["total"] == 56 and document["opens"] is False
    assert document["minimum"] == 50 and document["errors"] == []
    first, second, third = document["melds"]
    assert first == {
        "cards": ["8♣", "9♣", "10♣"],
        "valid": True,
        "kind": "run",
        "value": 27,
        "as": ["8♣", "9♣", "10♣"],
        "jokers": {},
        "ambiguous": False,
        "alternatives": [],
        "reason": None,
        "code": None,
    }
    assert second["jokers"] == {"Jo": "J♣"} and second["value"] == 29
    assert second["ambiguous"] and second["alternatives"][0]["jokers"] == {"Jo": "8♣"}
    assert third["valid"] is False and third["kind"] is None and third["value"] == 0
    assert third["code"] == "set_same_suit" and "9♠" in third["reason"]


def test_json_keeps_card_symbols() -> None:
    result = remi("9♠ 9♣ Jo", "--json")
    assert "9♥" in result.stdout and "\\u" not in result.stdout
    assert json.loads(result.stdout)["melds"][0]["jokers"] == {"Jo": "9♥"}


def test_several_jokers_are_told_apart() -> None:
    _, document = remi_json("5♣ Jo Jo 8♣")
    assert document["melds"][0]["jokers"] == {"Jo": "6♣", "Jo2": "7♣"}


def test_three_copies_of_a_card_is_an_error() -> None:
    code, document = remi_json("8♣ 9♣ 10♣", "8♣ 9♣ 10♣", "8♠ 8♣ 8♥")
    assert code == 1 and not document["opens"]
    assert [e["code"] for e in document["errors"]] == ["too_many_copies"]
    result = remi("8♣ 9♣ 10♣", "8♣ 9♣ 10♣", "8♠ 8♣ 8♥")
    assert "3 × 8♣: 2 packs have only 2 of each card." in result.stdout


def test_jokers_beyond_the_house_rule_are_an_error() -> None:
    code, document = remi_json("8♣ Jo 10♣", "-r", "jokers=0")
    assert code == 1 and document["errors"][0]["code"] == "too_many_jokers"


@pytest.mark.parametrize(
    "melds",
    [
        ("8c 9c 10c", "Ks Kh Kd"),
        ("8C 9C 10C", "KS,KH,KD"),
        ("8♣9♣10♣", "K♠+K♥+K♦"),
        ("8♧ 9♧ 10♧", "K♤ K♡ K♢"),
        ("8c 9c 10c", "kS kh KD"),
    ],
)
def test_every_card_notation(melds: tuple[str, str]) -> None:
    code, document = remi_json(*melds)
    assert code == 0 and document["total"] == 57 and document["opens"]


def test_hungarian_ranks() -> None:
    code, document = remi_json("D♥ K♥ Á♥", "B♠ B♣ B♦")
    assert code == 0
    assert document["melds"][0]["as"] == ["Q♥", "K♥", "A♥"]
    assert document["total"] == 60


def test_hungarian_report() -> None:
    result = remi("8♣ 9♣ 10♣", "9♠ 9♣ Jo", "--lang", "hu")
    assert result.exit_code == 0
    assert "sor 8♣ 9♣ 10♣; érték: 27" in result.stdout
    assert "csoport 9♠ 9♣ 9♥" in result.stdout
    assert "Összesen 54: nyit (a nyitáshoz kell: 50)." in result.stdout
    short = remi("8♣ 9♣ 10♣", "--lang", "hu")
    assert "nem nyit; a nyitáshoz 50 kell, 23 hiányzik." in short.stdout
    wrong = remi("9♠ 9♠ 9♥", "--lang", "hu", "--json")
    assert "Két 9♠ egy csoportban" in json.loads(wrong.stdout)["melds"][0]["reason"]


def test_hungarian_answers_in_hungarian_card_letters() -> None:
    result = remi("J♥ Q♥ K♥", "A♠ A♥ Jo", "--lang", "hu")
    assert result.exit_code == 0
    assert "✓ B♥ D♥ K♥: sor B♥ D♥ K♥; érték: 30" in result.stdout
    assert "csoport Á♠ Á♣ Á♥" in result.stdout and "Jo = Á♣" in result.stdout
    assert "J♥" not in result.stdout and "Q♥" not in result.stdout
    wrong = remi("Q♥ Q♥ K♥", "--lang", "hu")
    assert "Két D♥ egy sorban" in wrong.stdout
    hand = remi("--hand", "J♥ Q♥ K♥ A♠ A♥ Jo 2♣ 5♦", "--lang", "hu")
    assert "B♥ D♥ K♥" in hand.stdout and "Kézben marad: 2♣ 5♦" in hand.stdout
    english = remi("J♥ Q♥ K♥")
    assert "run J♥ Q♥ K♥" in english.stdout
    _, document = remi_json("J♥ Q♥ K♥", "--lang", "hu")  # JSON keeps the cards as data
    assert document["melds"][0]["as"] == ["J♥", "Q♥", "K♥"]


def test_house_rules_change_values_and_minimum() -> None:
    _, agreed = remi_json("K♠ K♥ K♦", "2♦ 3♦ 4♦ 5♦ 6♦", "-r", "opening_minimum=51")
    assert agreed["total"] == 50 and agreed["minimum"] == 51 and not agreed["opens"]
    _, low = remi_json("A♣ 2♣ 3♣", "--rule", "also_asz=5")
    assert low["total"] == 10


def test_a_card_that_is_no_card_exits_1() -> None:
    result = remi("8♣ 9♣ X♣")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: 'X♣' is not a card")  # as typed
    code, document = remi_json("8♣ 9♣ X♣")
    assert code == 1 and document["errors"][0]["code"] == "card_unknown"


@pytest.mark.parametrize(
    ("meld", "named"), [("király pikk", "'király'"), ("king of spades", "'king'"), ("K9Z", "'K9Z'")]
)
def test_a_word_that_is_no_card_is_named_whole(meld: str, named: str) -> None:
    """A word that starts like a card (K…, Q…) is named as typed, not after its first letter."""
    result = remi(meld)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {named} is not a card"), result.stderr


def test_a_badly_written_pin_exits_1() -> None:
    result = remi("8♣=7♣ 9♣ 10♣")
    assert result.exit_code == 1 and "Jo=8♣" in result.stderr


def test_a_card_without_suit_is_an_invalid_meld() -> None:
    code, document = remi_json("8 9 10")
    assert code == 1 and document["melds"][0]["code"] == "card_no_suit"


# --- the opening finder ------------------------------------------------------------------


def test_best_opening_of_a_hand() -> None:
    result = remi("--hand", HAND)
    assert result.exit_code == 0, result.output
    assert "Best opening:" in result.stdout
    assert "✓ K♠ Jo K♥: set K♠ K♣ K♥; value 30; Jo = K♣" in result.stdout
    assert "Total 94: opens (minimum 50)." in result.stdout
    assert "Left in hand: 7♥" in result.stdout
    assert "Other ways" not in result.stdout


def test_json_of_a_hand() -> None:
    code, document = remi_json("--hand", HAND)
    assert code == 0
    assert document["total"] == 94 and document["opens"] and document["minimum"] == 50
    assert document["left"] == ["7♥"]
    assert document["best"] == document["melds"]
    assert len(document["hand"]) == 15
    kings = next(m for m in document["best"] if m["kind"] == "set" and m["value"] == 30)
    assert kings["jokers"] == {"Jo": "K♣"}
    assert "alternatives" not in document


def test_all_openings() -> None:
    code, document = remi_json("--hand", HAND, "--all")
    assert code == 0
    assert document["alternatives_count"] == len(document["alternatives"]) == 4
    totals = [a["total"] for a in document["alternatives"]]
    assert totals == sorted(totals, reverse=True) and min(totals) >= 50
    text = remi("--hand", HAND, "--all", "--lang", "hu")
    assert "Más nyitások (4):" in text.stdout
    assert "  74: " in text.stdout


def test_a_hand_that_does_not_open() -> None:
    result = remi("--hand", "K♠ K♥ Jo 2♣ 3♣", "--lang", "hu")
    assert result.exit_code == 0
    assert "Összesen 30: nem nyit; a nyitáshoz 50 kell, 20 hiányzik." in result.stdout
    assert "Kézben marad: 2♣ 3♣" in result.stdout
    nothing = remi("--hand", "2♣ 5♥ 9♠", "--all")
    assert "No meld can be laid down from this hand." in nothing.stdout
    assert "No other way to open." in nothing.stdout


def test_a_hand_that_cannot_be() -> None:
    code, document = remi_json("--hand", "K♠ K♠ K♠ 2♣")
    assert code == 1 and document["errors"][0]["code"] == "too_many_copies"
    sixteen = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♥ 3♥ 4♥"
    result = remi("--hand", sixteen)
    assert result.exit_code == 1 and "at most 15" in result.stderr
    assert remi("--hand", "K 2♣ 3♣").exit_code == 1


# --- the command line --------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("8♣ 9♣ 10♣", "--hand", HAND),
        ("8♣ 9♣ 10♣", "--all"),
        ("8♣ 9♣ 10♣", "--lang", "de"),
        ("8♣ 9♣ 10♣", "-r", "nonsense=1"),
        ("8♣ 9♣ 10♣", "-r", "opening_minimum"),
        ("8♣ 9♣ 10♣", "-r", "low_ace_value=15"),
        ("8♣ 9♣ 10♣", "--bogus"),
    ],
)
def test_wrong_command_line_exits_2(args: tuple[str, ...]) -> None:
    assert remi(*args).exit_code == 2


def test_help_ends_with_an_example() -> None:
    result = remi("--help")
    assert result.exit_code == 0
    assert 'Example: remi meld "8♣ 9♣ 10♣" "9♠ 9♣ Jo"' in result.stdout
    assert "meld" in runner.invoke(app, ["--help"], env=ENV).stdout


def test_installed_remi_meld_runs_as_a_subprocess() -> None:
    executable = shutil.which("remi", path=str(Path(sys.executable).parent))
    assert executable, "remi is not installed in this environment"
    done = subprocess.run(
        [executable, "meld", "8♣ 9♣ 10♣", "9♠ 9♣ Jo", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total"] == 54
    invalid = subprocess.run(
        [executable, "meld", "K♣ A♣ 2♣"], capture_output=True, text=True, check=False
    )
    assert invalid.returncode == 1 and "K-A-2" in invalid.stdout
    usage = subprocess.run([executable, "meld"], capture_output=True, text=True, check=False)
    assert usage.returncode == 2


def test_a_meld_that_does_not_read_is_named_once() -> None:
    result = remi("K♠ A♠ 2♠")
    assert result.exit_code == 1
    assert "✗ K♠ A♠ 2♠: A run cannot go round the corner" in result.stdout
    assert result.stdout.count("K♠ A♠ 2♠") == 1


def test_json_has_the_keys_of_its_kind_whether_the_cards_read_or_not() -> None:
    checked = {"melds", "total", "opens", "clean_run_missing", "minimum", "errors"}
    opened = checked | {"hand", "best", "left"}
    for args, keys in [
        (("K♠ K♣ K♥",), checked),
        (("K♠ K♣ Z",), checked),  # a card that is none
        (("--hand", "K♠ K♣ K♥ 9♠ 9♣ 9♥"), opened),
        (("--hand", "K K K 9♠"), opened),  # read, but cards without suits
        (("--hand", "K♠ Z"), opened),
        (("--hand", "K♠ K♣ K♥ 9♠ 9♣ 9♥", "--all"), opened | {"alternatives", "alternatives_count"}),
        (("--hand", "K♠ Z", "--all"), opened | {"alternatives", "alternatives_count"}),
    ]:
        _, document = remi_json(*args)
        assert set(document) == keys, (args, document)


def test_json_says_why_a_big_enough_opening_does_not_open() -> None:
    for args in [("K♠ K♣ K♥", "9♠ 9♣ 9♥"), ("--hand", "K♠ K♣ K♥ 9♠ 9♣ 9♥")]:
        _, document = remi_json(*args, "-r", "opening_needs_clean_run=igen")
        assert document["total"] == 57 and not document["opens"]
        assert document["clean_run_missing"] is True
        _, plain = remi_json(*args)
        assert plain["opens"] and plain["clean_run_missing"] is False
