"""The deck's arithmetic: every maximum and copy count follows from `packs`, `jokers` and the
card values, checked against the physical cards for every combination of those rules."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re

import pytest

from remi_sheet.core.cards import parse_cards
from remi_sheet.core.deck import HAND_SIZE, check_hand, deck_of
from remi_sheet.core.entries import parse_entry
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import JOKERS_PER_PACK, HouseRules
from remi_sheet.core.scoring import score_row
from remi_sheet.writing.live_sheet import _max_points

DEFAULT = HouseRules()
PACKS = (2, 3)
ACES = range(1, 21)
JOKER_VALUES = range(101)


def physical_deck(packs: int, jokers: int, ace: int, joker: int) -> list[int]:
    """Every card of the packs, one value a card, as a player counts them in hand."""
    faces = [min(rank, 10) for rank in range(2, 14)] + [ace]  # 2 … 10, J, Q, K, A
    return [value for value in faces for _suit in range(4) for _pack in range(packs)] + [
        joker
    ] * jokers


@functools.cache
def best_others(packs: int) -> tuple[int, ...]:
    """The most `n` cards that are neither jokers nor aces can be worth, by `n`."""
    others = sorted(
        (min(rank, 10) for rank in range(2, 14) for _ in range(4 * packs)), reverse=True
    )
    return tuple(itertools.accumulate(others, initial=0))


def brute_most(packs: int, jokers: int, ace: int, joker: int) -> int:
    """The most a 14-card hand holds, trying every number of jokers and aces it can hold;
    the rest of the hand is the best of the other cards that exist."""
    others = best_others(packs)
    best = 0
    for held_jokers in range(min(jokers, HAND_SIZE) + 1):
        for held_aces in range(min(4 * packs, HAND_SIZE - held_jokers) + 1):
            rest = HAND_SIZE - held_jokers - held_aces
            value = held_jokers * joker + held_aces * ace + others[rest]
            best = max(best, value)
    return best


def every_deck() -> list[tuple[int, int, int]]:
    return [
        (packs, jokers, ace)
        for packs in PACKS
        for jokers in range(JOKERS_PER_PACK * packs + 1)
        for ace in ACES
    ]


def test_the_hand_maximum_is_the_brute_force_maximum_for_every_combination() -> None:
    combinations = 0
    for packs, jokers, ace in every_deck():
        for joker in JOKER_VALUES:
            rules = dataclasses.replace(
                DEFAULT, packs=packs, jokers=jokers, ace_value=ace, joker_in_hand=joker
            )
            assert deck_of(rules).hand_most == brute_most(packs, jokers, ace, joker), rules
            combinations += 1
    assert combinations == (7 + 10) * 20 * 101


@pytest.mark.parametrize(
    ("packs", "jokers", "ace"), [(2, 4, 11), (3, 9, 20), (2, 0, 1), (3, 1, 10)]
)
def test_several_hands_together_hold_at_most_the_best_cards_of_the_deck(
    packs: int, jokers: int, ace: int
) -> None:
    for joker in (0, 9, 10, 20, 100):
        rules = dataclasses.replace(
            DEFAULT, packs=packs, jokers=jokers, ace_value=ace, joker_in_hand=joker
        )
        cards = sorted(physical_deck(packs, jokers, ace, joker), reverse=True)
        assert len(cards) == 52 * packs + jokers
        for hands in range(1, 6):
            assert deck_of(rules).most(hands) == sum(cards[: HAND_SIZE * hands])


def codes(cells: list[object], rules: HouseRules) -> list[str]:
    """The problems of one deal row as typed (none when it scores)."""
    result = score_row([parse_entry(value, rules) for value in cells], rules)
    return [problem.code for problem in result] if isinstance(result, list) else []


def test_the_wrong_maxima_of_the_issue() -> None:
    """Two packs hold 8 aces, not 14: 4 × 20 + 8 × 11 + 2 × 10 = 188."""
    eleven = dataclasses.replace(DEFAULT, ace_value=11)
    assert codes(["W", "188", "X 3"], eleven) == []
    for points in ("189", "190"):
        assert codes(["W", points, 0], eleven) == ["points_too_high"]
        with pytest.raises(RemiError, match="points_too_high"):
            parse_entry(f"X {points}", eleven)
    no_jokers = dataclasses.replace(eleven, jokers=0)
    assert codes(["W", "148"], no_jokers) == []
    for points in range(149, 155):
        assert codes(["W", points], no_jokers) == ["points_too_high"]


def test_a_200_after_a_normal_win_stays_impossible_with_rich_aces() -> None:
    """ace_value 15, joker_in_hand 12: the most is 8 × 15 + 4 × 12 + 2 × 10 = 188, rounded
    190, so a 200 after a −20 is not card points."""
    rules = dataclasses.replace(DEFAULT, ace_value=15, joker_in_hand=12)
    assert deck_of(rules).hand_most == 188
    assert codes([-20, 200, 10], rules) == ["score_200_without_hand"]
    assert codes([-20, 190, 10], rules) == []


def test_three_packs_hold_more() -> None:
    three = dataclasses.replace(DEFAULT, packs=3, jokers=9)
    assert deck_of(three).hand_most == 9 * 20 + 5 * 10
    assert deck_of(three).copies == 3 and deck_of(three).rank_copies == 12
    check_hand(parse_cards("K♠ K♠ K♠ K K K K K K K K K"), three)
    with pytest.raises(RemiError, match="cards_too_many_copies"):
        check_hand(parse_cards("K♠ K♠ K♠ K♠"), three)


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        ("K K K K K K K K K", "cards_too_many_of_rank"),  # nine kings, two packs hold eight
        ("K♠ K♠ K K K K K K K", "cards_too_many_of_rank"),
        ("Q♦ Q♦ Q♦", "cards_too_many_copies"),
        ("Jo Jo Jo Jo Jo", "cards_too_many_jokers"),
    ],
)
def test_a_hand_the_deck_cannot_hold(cards: str, code: str) -> None:
    with pytest.raises(RemiError) as caught:
        check_hand(parse_cards(cards), DEFAULT)
    assert caught.value.code == code


def test_eight_kings_fit_in_two_packs() -> None:
    check_hand(parse_cards("K K K K K K K K"), DEFAULT)
    check_hand(parse_cards("K♠ K♠ K♥ K♥ K♣ K♣ K K"), DEFAULT)


def _excel(formula: str, cells: dict[str, int]) -> int:
    """The value of the live maximum's formula (IF, MIN and arithmetic only)."""
    text = re.sub(r"remi_[a-z_]+", lambda found: str(cells[found[0]]), formula)
    text = text.replace("IF(", "_if(").replace("MIN(", "min(")
    return int(eval(text, {"_if": lambda test, yes, no: yes if test else no, "min": min}))


def test_the_live_maximum_formula_is_the_deck_maximum() -> None:
    """The live notebook's card maximum (the defined name remi_max_points) says what the
    deck says, for every deck and a spread of joker values."""
    formula = _max_points()
    for (packs, jokers, ace), joker in itertools.product(every_deck(), (0, 5, 10, 11, 15, 20, 99)):
        cells = {"remi_packs": packs, "remi_jokers": jokers, "remi_joker_value": joker}
        cells["remi_ace"] = ace
        rules = dataclasses.replace(
            DEFAULT, packs=packs, jokers=jokers, ace_value=ace, joker_in_hand=joker
        )
        assert _excel(formula, cells) == deck_of(rules).hand_most, rules


# --- a deal as a whole: the losers' hands come from one deck ---------------------------


def test_three_losers_each_holding_a_joker_where_the_game_has_two() -> None:
    two = dataclasses.replace(DEFAULT, jokers=2)
    assert codes(["W", "Jo", "Jo"], two) == []
    assert codes(["W", "Jo", "Jo", "Jo"], two) == ["deal_too_many_jokers"]
    result = score_row([parse_entry(v, two) for v in ("Jo 5", "W", "Jo", "K Jo")], two)
    assert isinstance(result, list) and result[0].params["player"] == 3


@pytest.mark.parametrize(
    ("cells", "code"),
    [
        (["W", "K♠ K♠", "K♠ 3"], "deal_too_many_copies"),
        (["K K K K", "W", "K K K K", "K 2"], "deal_too_many_of_rank"),
        (["W", "K♠ K♠ K K K K", "K K K 5"], "deal_too_many_of_rank"),
    ],
)
def test_cards_across_the_losers_of_a_deal(cells: list[object], code: str) -> None:
    assert codes(cells, DEFAULT) == [code]
    three = dataclasses.replace(DEFAULT, packs=3)
    assert codes(cells, three) == []


def test_card_points_across_the_losers_of_a_deal() -> None:
    """Two hands of 180 need eight jokers; two hands hold at most 4 × 20 + 24 × 10."""
    assert codes(["W", 180, 140], DEFAULT) == []
    assert codes(["W", 180, 180], DEFAULT) == ["deal_points_together"]
    assert codes(["W", 170, "X 160"], DEFAULT) == ["deal_points_together"]
    three = dataclasses.replace(DEFAULT, packs=3, jokers=9)
    assert codes(["W", 180, 180, 150], three) == []  # 9 × 20 + 33 × 10 = 510
    assert codes(["W", 180, 180, 180], three) == ["deal_points_together"]


def test_paper_scores_across_the_losers_of_a_deal() -> None:
    """360 after a hand stands for at least 175 card points: two of them cannot be."""
    assert codes([-40, 360, 200, 200], DEFAULT) == []
    assert codes([-40, 360, 360], DEFAULT) == ["score_points_together"]
    assert codes([-20, 180, 180], DEFAULT) == ["score_points_together"]
    assert codes([-20, 180, 140], DEFAULT) == []
