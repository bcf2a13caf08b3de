"""The one catalogue: every text in both languages with the same placeholders, English
plurals right, Hungarian articles and decimal commas, one style of dates per language, and
every text the code asks for present."""

from __future__ import annotations

import ast
import datetime as dt
import string
from pathlib import Path

import pytest

from remi_sheet.i18n import Phrase, day, in_turn, number, place, say, words
from remi_sheet.i18n.catalogue import TEXTS, hungarian_article

PACKAGE = Path(__file__).resolve().parent.parent / "remi_sheet"


def _fields(template: str) -> dict[str, str]:
    return {
        name: spec or ""
        for _, name, spec, _ in string.Formatter().parse(template)
        if name is not None
    }


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_text_has_both_languages_and_the_same_placeholders(key: str) -> None:
    english, hungarian = TEXTS[key]
    assert english.strip() and hungarian.strip()
    assert _fields(english).keys() == _fields(hungarian).keys()
    assert "(s)" not in english, "an English plural is written {count:game/games}"
    for name, spec in _fields(english).items():
        assert spec not in ("a", "A"), f"{name}: articles are Hungarian"
    for name, spec in _fields(hungarian).items():
        # Only the word alone (`~`, no number before it) takes a plural in Hungarian.
        assert "/" not in spec or spec.startswith("~"), f"{name}: no plural after a number"


def _keys_asked_for() -> set[str]:
    """Every key given as a string literal to `say` anywhere in the package."""
    asked = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("say", "Phrase")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                asked.add(node.args[0].value)
    return asked


def test_every_text_the_code_asks_for_is_there() -> None:
    asked = _keys_asked_for()
    assert len(asked) > 50  # the reader found the calls
    assert asked - TEXTS.keys() == set()


@pytest.mark.parametrize(
    ("count", "english"), [(0, "0 games"), (1, "1 game"), (2, "2 games"), (1.0, "1 game")]
)
def test_english_plurals(count: float, english: str) -> None:
    assert say("summary_ok", "en", games=count, deals=1) == f"{english}, 1 deal checked: no errors."
    assert say("summary_ok", "hu", games=count, deals=1).startswith(
        f"{number(count, 'hu')} játszma"
    )


@pytest.mark.parametrize(
    ("deal", "article"), [(1, "az"), (2, "a"), (5, "az"), (10, "a"), (50, "az"), (3.0, "a")]
)
def test_hungarian_articles_follow_the_number(deal: float, article: str) -> None:
    said = say("no_winner", "hu", deal=deal, hand=-40, normal=-20)
    assert said.startswith(f"{article.capitalize()} {number(deal, 'hu')}. leosztásnak")


@pytest.mark.parametrize(
    ("value", "english", "hungarian"),
    [
        (30, "30", "30"),
        (30.0, "30", "30"),
        (-30.0, "-30", "-30"),
        (12.5, "12.5", "12,5"),
        (0.1 + 0.2, "0.3", "0,3"),
        (1e20, "100000000000000000000", "100000000000000000000"),
        # Typed so, never shown whole: "'25' is not a whole number" told nothing.
        (24.999999999, "24.999999999", "24,999999999"),
        (33.0000000001, "33.0000000001", "33,0000000001"),
        (2.5e-7, "0.00000025", "0,00000025"),
    ],
)
def test_one_number_style_per_language(value: float, english: str, hungarian: str) -> None:
    assert number(value, "en") == english
    assert number(value, "hu") == hungarian


@pytest.mark.parametrize(
    ("value", "english", "hungarian"),
    [
        (-6.0, "-6.00", "-6,00"),
        (3, "3.00", "3,00"),
        (5.5349, "5.53", "5,53"),
        (-0.001, "0.00", "0,00"),
    ],
)
def test_a_column_of_figures_keeps_its_decimals(value: float, english: str, hungarian: str) -> None:
    """Ratings and averages in a column show the same number of decimals (a rating of -6
    beside one of 5.53 reads as a different kind of figure); a value rounding to zero has
    no minus."""
    assert number(value, "en", decimals=2) == english
    assert number(value, "hu", decimals=2) == hungarian


@pytest.mark.parametrize(
    ("word", "article"),
    [("Ödön", "az"), ("kézből nyerés", "a"), ("'Ödön'", "az"), ("Béla", "a"), ("5/13", "az"),
     ("2026-13-45", "a"), ("Á♠", "az"), ("K♠", "a"), ("", "a")],
)  # fmt: skip
def test_hungarian_articles_follow_the_word(word: str, article: str) -> None:
    assert hungarian_article(word) == article


def test_no_hungarian_message_leaves_the_article_to_the_reader() -> None:
    """No "a(z)": the article is chosen for the value ("a 100 pontot", "a kézből nyerés
    szabály", "az Ödön név"), a rule's name said first in Hungarian."""
    said = say("rule_bad_number", "hu", name=Phrase("rulename_hand_win"), value="negyven")
    assert said.startswith("A kézből nyerés szabály értékének")
    ended = say("deal_after_end", "hu", ended=2, who="Csaba", limit=100, deal=3)
    assert "elérte a 100 pontot" in ended and "a 3. leosztás" in ended
    assert say("records_name_control", "hu", shown="Ödön", found="\\x07").startswith("Az Ödön")
    # A cell or column is read by its letters' names: ef, el, iksz; bé, cé.
    assert "Írd a neveket az F3 cella mellé" in say(
        "players_too_few", "hu", count=1, most=6, header="F3"
    )
    assert say("area_moved", "hu", area="F:P", count=2).startswith("Az F:P oszlopokban")
    assert say("area_moved", "hu", area="K:P", count=2).startswith("A K:P oszlopokban")
    assert "a(z)" not in "".join(hu for _, hu in TEXTS.values()).lower()


def test_english_counts_are_singular_for_one() -> None:
    assert "the 1 deal of a game" in say("too_many_deals", "en", deal=2, most=1)
    assert say("legend_lowest", "en", deals=1).startswith("1 deal;")
    assert say("status_limit_complete", "en", played=7, limit=100).startswith("7 deals ·")


def test_numbers_in_messages_are_written_the_same_way() -> None:
    assert "'30' where deal 4" in say("deal_number_wrong", "en", deal=4, value=30.0)
    assert "12,5" in say("entry_not_whole", "hu", value=12.5)


def test_one_date_style_per_language() -> None:
    assert day(dt.date(2026, 11, 29), "en") == "2026-11-29"
    assert day(dt.date(2026, 11, 29), "hu") == "2026. 11. 29."
    assert day(dt.datetime(2026, 1, 2, 20, 30), "hu") == "2026. 01. 02."


def test_a_phrase_is_said_in_the_language_of_its_message() -> None:
    reason = Phrase("no_games", {"path": "klub.xlsx"})
    assert say("sheet_unreadable", "hu", reason=reason).count("Nincs játszmalap") == 1
    parser = Phrase("reason_parser", {"detail": "ParseError: unclosed token"})
    assert "(az XML-olvasó angol hibaüzenete: „ParseError: unclosed token”)" in say(
        "sheet_unreadable", "hu", reason=parser
    )


def test_an_unknown_key_or_parameter_still_says_what_it_has() -> None:
    assert say("no_such_key", "en", value=1) == "no_such_key: {'value': 1}"
    assert "{'x': 1}" in say("no_winner", "en", x=1)


def test_words_without_placeholders_serve_the_templates() -> None:
    assert words("hu")["total"] == "Összesen"
    assert all("{" not in text for text in words("en").values())


@pytest.mark.parametrize(
    ("items", "said"),
    [
        (
            ["Vétel csak kirakással.", "A keverő balra ül."],
            "Vétel csak kirakással. A keverő balra ül.",
        ),
        (["no table talk", "dealer left"], "no table talk; dealer left"),
        (["Who deals? ", "the loser"], "Who deals? the loser"),
        (["alone"], "alone"),
        (
            ["12,5", "2026. 11. 06.", "7"],
            "12,5; 2026. 11. 06.; 7",
        ),  # a date's stop ends no sentence
        (
            ["The game ends after deal 7.", "Dealer: the loser"],
            "The game ends after deal 7. Dealer: the loser",
        ),
        ([], ""),
    ],
)
def test_free_texts_in_turn_are_not_given_a_semicolon_after_a_full_stop(
    items: list[str], said: str
) -> None:
    assert in_turn(items) == said


def test_a_word_alone_takes_the_plural_of_its_count() -> None:
    one = [say("not_written", lang, errors=1) for lang in ("en", "hu")]
    assert one == [
        "Nothing written: fix the error above first.",
        "Semmi sem íródott ki: előbb javítsd a fenti hibát.",
    ]
    two = [say("not_written", lang, errors=2) for lang in ("en", "hu")]
    assert two == [
        "Nothing written: fix the errors above first.",
        "Semmi sem íródott ki: előbb javítsd a fenti hibákat.",
    ]


def test_a_place_is_written_as_the_language_writes_ordinals() -> None:
    english = [place(n, "en") for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)]
    assert english == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
        "111th",
    ]  # fmt: skip
    assert [place(n, "hu") for n in (1, 12)] == ["1.", "12."]
