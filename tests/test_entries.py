"""Cards and entry codes as people type them."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from remi_sheet.core import cards as cards_module
from remi_sheet.core.cards import ACE, JACK, JOKER, KING, QUEEN, Card, Suit, parse_cards
from remi_sheet.core.entries import Loser, Number, Winner, grouped_number, parse_entry
from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.rules import HouseRules, with_rule
from remi_sheet.i18n import say

DEFAULT = HouseRules()


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("K 7 3", [Card(KING), Card(7), Card(3)]),
        ("K♠ 7♥ 3♦", [Card(KING, Suit.SPADES), Card(7, Suit.HEARTS), Card(3, Suit.DIAMONDS)]),
        ("K♠7♥3♦", [Card(KING, Suit.SPADES), Card(7, Suit.HEARTS), Card(3, Suit.DIAMONDS)]),
        ("k,7,3", [Card(KING), Card(7), Card(3)]),
        ("B D Á", [Card(JACK), Card(QUEEN), Card(ACE)]),
        ("b d á", [Card(JACK), Card(QUEEN), Card(ACE)]),
        ("10S QH", [Card(10, Suit.SPADES), Card(QUEEN, Suit.HEARTS)]),
        ("10s qh as", [Card(10, Suit.SPADES), Card(QUEEN, Suit.HEARTS), Card(ACE, Suit.SPADES)]),
        ("Jo 5", [Card(JOKER), Card(5)]),
        ("Joker ★ jo", [Card(JOKER)] * 3),
        ("K♥️ 2♣️", [Card(KING, Suit.HEARTS), Card(2, Suit.CLUBS)]),  # phone emoji suits
        ("J Q K A", [Card(JACK), Card(QUEEN), Card(KING), Card(ACE)]),
        ("K; 7 + 3", [Card(KING), Card(7), Card(3)]),
    ],
)
def test_card_notations(text: str, cards: list[Card]) -> None:
    assert list(parse_cards(text)) == cards


@pytest.mark.parametrize("text", ["Z", "K 7 1", "11", "K ♠♠", "K.7"])
def test_not_cards(text: str) -> None:
    with pytest.raises(RemiError):
        parse_cards(text)


# Every piece a card list is made of, and some that are not: the table `parse_cards` looks
# spellings up in must read them as the scan of the whole text does.
_PIECES = st.one_of(
    st.sampled_from(sorted(cards_module._ALONE[True])),
    st.sampled_from(["KD", "qd", "Jos", "1", "11", "z", "♠", "é", "X", ",", "+", ";", "10"]),
)


@given(
    st.lists(_PIECES, max_size=6),
    st.lists(st.sampled_from([" ", "  ", "", ", ", "\u00a0", "\t"]), min_size=6, max_size=6),
    st.booleans(),
)
def test_a_card_list_looked_up_reads_as_its_scan(
    pieces: list[str], gaps: list[str], suits_required: bool
) -> None:
    text = "".join(piece + gap for piece, gap in zip(pieces, gaps, strict=False))
    typed = cards_module.clean(text)
    try:
        scanned = cards_module._scanned(typed.lower(), suits_required, typed)
    except RemiError as error:
        with pytest.raises(RemiError) as raised:
            parse_cards(text, suits_required=suits_required)
        assert (raised.value.code, raised.value.params) == (error.code, error.params)
    else:
        assert parse_cards(text, suits_required=suits_required) == scanned


@pytest.mark.parametrize(
    ("value", "entry"),
    [
        ("H", Winner(hand=True)),
        ("h", Winner(hand=True)),
        ("hand", Winner(hand=True)),
        ("Kézből", Winner(hand=True)),
        ("kezbol", Winner(hand=True)),
        ("W", Winner(hand=False)),
        (" w ", Winner(hand=False)),
        ("nyert", Winner(hand=False)),
        ("Win", Winner(hand=False)),
        ("won", Winner(hand=False)),
        ("Out", Winner(hand=False)),
        ("X", Loser(laid_down=False, points=None)),
        ("x", Loser(laid_down=False, points=None)),
        ("X 45", Loser(laid_down=False, points=45)),
        ("x45", Loser(laid_down=False, points=45)),
        ("X K Q 5", Loser(laid_down=False, points=25)),
        ("33", Number(33)),
        (33, Number(33)),
        (35.0, Number(35)),
        ("35.0", Number(35)),
        ("30,0", Number(30)),
        ("\u00a033\u00a0", Number(33)),
        ("-20", Number(-20)),
        ("\u221240", Number(-40)),
        ("K 9 Jo", Loser(laid_down=True, points=39)),
        ("K♠ 7♥ 3♦", Loser(laid_down=True, points=20)),
        ("A A", Loser(laid_down=True, points=20)),
        ("", None),
        ("   ", None),
        (None, None),
        # As a phone's autocorrect leaves them: a full stop at the end (its double space),
        # an em dash for "--", accents on the joker.
        ("45.", Number(45)),
        ("W.", Winner(hand=False)),
        ("Kézből.", Winner(hand=True)),
        ("X 45.", Loser(laid_down=False, points=45)),
        ("K 9 Jo.", Loser(laid_down=True, points=39)),
        ("\u201420", Number(-20)),
        ("K 9 Jó", Loser(laid_down=True, points=39)),
        ("JOKÉR", Loser(laid_down=True, points=20)),
    ],
)
def test_entry_codes(value: object, entry: object) -> None:
    assert parse_entry(value, DEFAULT) == entry


def test_ace_and_joker_values_follow_house_rules() -> None:
    rules = with_rule(with_rule(DEFAULT, "ace_value", 11), "joker_in_hand", 25)
    assert parse_entry("A Jo", rules) == Loser(laid_down=True, points=36)


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("Z", "entry_unknown"),
        ("-", "entry_unknown"),
        ("X Z", "entry_unknown"),
        ("5..", "entry_unknown"),  # one full stop ends a cell, not two
        (".", "entry_unknown"),  # a full stop alone is no empty cell
        ("fizetve", "entry_unknown"),
        # cards by their names: the refusal says how they are written
        ("Jack", "entry_card_names"),
        ("King Queen", "entry_card_names"),
        ("10 of hearts", "entry_card_names"),
        ("X király 5", "entry_card_names"),
        ("Ász", "entry_card_names"),
        ("45,", "card_digits_together"),  # a comma may separate cards: 4 and 5, or 45?
        ("33.5", "entry_not_whole"),
        (33.5, "entry_not_whole"),
        (True, "entry_boolean"),
        (dt.date(2026, 3, 5), "entry_date"),
        ("X 181", "points_too_high"),
        ("Jo Jo Jo Jo Jo", "cards_too_many_jokers"),
        ("K♠ K♠ K♠", "cards_too_many_copies"),
        ("2 3 4 5 6 7 8 9 10 J Q K A 2 3", "cards_too_many"),
    ],
)
def test_entry_errors(value: object, code: str) -> None:
    with pytest.raises(RemiError) as caught:
        parse_entry(value, DEFAULT)
    assert caught.value.code == code


def test_a_date_in_a_cell_is_told_as_the_language_writes_dates() -> None:
    with pytest.raises(RemiError) as caught:
        parse_entry(dt.datetime(2026, 1, 1), DEFAULT)
    told = Problem(caught.value.code, params=caught.value.params)
    assert "(2026. 01. 01.)" in told.message("hu") and "(2026-01-01)" in told.message("en")


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("DB", 20),
        # A suit letter sticks to the rank before it: 7♦ K, K♠ Q♥, 5♦ and a joker.
        ("7DK", 17),
        ("KSQH", 20),
        ("ASKH", 20),
        ("KS7H", 17),
        ("5DJo", 25),
        ("KSJo", 30),
        ("D B", 20),
        ("K D", 20),
        ("10D", 10),
        ("7D 3", 10),
        ("K♦", 10),
        ("ＫＱ", 20),
        ("A\u0301 K", 20),
        ("Á K", 20),
    ],
)
def test_hungarian_letters_and_unicode_forms(text: str, points: int) -> None:
    assert parse_entry(text, DEFAULT) == Loser(laid_down=True, points=points)


@pytest.mark.parametrize(
    ("text", "value"), [("1 400", 1400), ("-1\u00a0400", -1400), ("12 345 678", 12345678)]
)
def test_digits_grouped_by_spaces_are_a_total_not_an_entry(text: str, value: int) -> None:
    """A total exported with grouping reads as that number; in a deal's cell it is no
    entry (the live sheet reads none so either), and "1 40" is no number."""
    assert grouped_number(text) == value
    assert grouped_number("1 40") is None and grouped_number(1400) is None
    with pytest.raises(RemiError):
        parse_entry(text, DEFAULT)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("KD", "card_ambiguous_d"),
        ("BD", "card_ambiguous_d"),
        ("DD", "card_ambiguous_d"),
        ("ÁD 5", "card_ambiguous_d"),
        ("KDB", "card_ambiguous_d"),
        ("KDQ", "card_ambiguous_d"),
        ("DDB", "card_ambiguous_d"),
        ("jack", "entry_card_names"),  # J A♣ K written together, or a jack: neither guessed
        ("5²", "entry_unknown"),
        ("³³", "entry_unknown"),
        ("1.000", "entry_thousands"),
        ("1,000", "entry_thousands"),
        ("X 1.000", "entry_thousands"),
        # Number ranks together: the cards 4 and 5, or 45 points (a comma typed after it,
        # or between X and the points, made 45 read as 4 + 5 and score 10, not 50).
        ("45,", "card_digits_together"),
        ("X, 45", "card_digits_together"),
        ("X;45", "card_digits_together"),
        ("K 45", "card_digits_together"),
        ("109 K", "card_digits_together"),
        ("2 45♠", "card_digits_together"),
    ],
)
def test_ambiguous_writing_is_refused_not_guessed(text: str, code: str) -> None:
    with pytest.raises(RemiError) as caught:
        parse_entry(text, DEFAULT)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("text", "points"),
    [("45", 45), ("X 45", 45), ("X+45", 45), ("4 5", 9), ("4,5", 9), ("4♠5", 9), ("10♦9", 19)],
)
def test_number_ranks_apart_or_suited_are_cards_and_a_number_alone_is_points(
    text: str, points: int
) -> None:
    entry = parse_entry(text, DEFAULT)
    assert isinstance(entry, Number | Loser)
    assert (entry.value if isinstance(entry, Number) else entry.points) == points


def test_number_ranks_together_are_named_in_the_message() -> None:
    with pytest.raises(RemiError) as caught:
        parse_entry("X, 45", DEFAULT)
    assert caught.value.params == {
        "value": "X, 45",
        "token": "45",
        "first": "4",
        "second": "5",
        "number": "45",
    }
    assert say("card_digits_together", "hu", **caught.value.params).startswith(
        "'X, 45': 45 lehet a 4 és az 5 lap, de 45 lappont is"
    )


def test_full_width_codes() -> None:
    assert parse_entry("Ｈ", DEFAULT) == Winner(hand=True)
    assert parse_entry("３３", DEFAULT) == Number(33)


@pytest.mark.parametrize(
    ("text", "entry"),
    [
        ("9,3", Loser(laid_down=True, points=12)),  # two cards, as "9, 3" is
        ("10,4", Loser(laid_down=True, points=14)),
        ("10,10", Loser(laid_down=True, points=20)),
        ("X 5,2", Loser(laid_down=False, points=7)),
        ("x5,2", Loser(laid_down=False, points=7)),
        ("30,0", Number(30)),  # a comma before zeros only: a number with no fraction
        ("35,00", Number(35)),
        ("X 30,0", Loser(laid_down=False, points=30)),
    ],
)
def test_a_comma_between_two_card_ranks_separates_cards(text: str, entry: object) -> None:
    assert parse_entry(text, DEFAULT) == entry


@pytest.mark.parametrize("text", ["12,5", "33,5", "3,14", "1,5", "-9,3", "9.3", "X 12,5"])
def test_a_comma_that_is_neither_cards_nor_a_zero_fraction_is_no_whole_number(text: str) -> None:
    with pytest.raises(RemiError) as caught:
        parse_entry(text, DEFAULT)
    assert caught.value.code == "entry_not_whole"


@pytest.mark.parametrize("typed", ["5..", "\u2014", "K.Q.", "X Z."])
def test_an_entry_refused_is_quoted_as_typed_not_as_read(typed: str) -> None:
    with pytest.raises(RemiError) as caught:
        parse_entry(typed, DEFAULT)
    assert caught.value.params["value"] == typed
