"""Melds: the rules of sets and runs, jokers and their values, and the opening finder.

The finder is checked against a brute force that tries every way to split a small hand
into melds and left-over cards, using nothing of the finder but `check_meld`.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remi_sheet.core.cards import ACE, JOKER, Card, Suit, parse_cards
from remi_sheet.core.melds import Kind, Meld, check_meld, check_melds, hand_errors, parse_meld
from remi_sheet.core.openings import _Hand, best_opening, candidates, openings
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules

RULES = HouseRules()
JO = Card(JOKER)


def meld(text: str, rules: HouseRules = RULES) -> Meld:
    cards, pins = parse_meld(text)
    return check_meld(cards, rules, pins)


def shown(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def stand_ins(text: str) -> str:
    best = meld(text).best
    assert best is not None
    return shown(best.stand_ins)


def reason(text: str, rules: HouseRules = RULES) -> str:
    checked = meld(text, rules)
    assert not checked.valid and checked.reason is not None
    return checked.reason.code


# --- runs --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("8♣ 9♣ 10♣", 27),
        ("10♣ 8♣ 9♣", 27),  # the order written does not matter
        ("9♥ 10♥ J♥ Q♥ K♥", 49),
        ("A♣ 2♣ 3♣", 6),  # low ace: low_ace_value 1
        ("Q♥ K♥ A♥", 30),  # high ace: ace_value 10
        ("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", 94),  # 13 cards: the ace high
        ("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠", 75),
    ],
)
def test_valid_runs(text: str, value: int) -> None:
    checked = meld(text)
    assert checked.valid and checked.value == value
    assert checked.best is not None and checked.best.kind is Kind.RUN
    assert not checked.ambiguous


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("8♣ 9♣", "meld_too_few"),
        ("8♣ 9♣ J♣", "run_gap"),
        ("8♣ 8♣ 9♣", "run_same_rank"),
        ("K♣ A♣ 2♣", "run_wraps"),
        ("Q♣ K♣ A♣ 2♣", "run_wraps"),
        ("K♣ 2♣ Jo", "run_wraps"),
        ("8♣ 9♥ 10♣", "meld_mixed"),
        ("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", "run_same_rank"),
        ("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ Jo Jo", "run_too_long"),
        ("8 9 10", "card_no_suit"),
    ],
)
def test_invalid_runs(text: str, code: str) -> None:
    assert reason(text) == code


def test_run_gap_says_what_is_missing() -> None:
    checked = meld("9♣ K♣ Jo")
    assert checked.reason is not None
    assert checked.reason.params == {"low": "9♣", "high": "K♣", "missing": 3, "jokers": 1}


def test_low_ace_value_comes_from_the_house_rules() -> None:
    assert meld("A♣ 2♣ 3♣", HouseRules(low_ace_value=5)).value == 10
    assert meld("Q♣ K♣ A♣", HouseRules(ace_value=15)).value == 35
    assert meld("A♣ Jo 3♣", HouseRules(low_ace_value=5)).value == 10


# --- jokers in runs ----------------------------------------------------------------------


def test_joker_fills_a_gap() -> None:
    assert stand_ins("8♣ Jo 10♣") == "9♣"
    assert meld("8♣ Jo 10♣").value == 27
    assert not meld("8♣ Jo 10♣").ambiguous


def test_joker_extends_an_end_and_takes_the_place_worth_more() -> None:
    checked = meld("Jo 9♣ 10♣")
    assert [shown(r.stand_ins) for r in checked.readings] == ["J♣", "8♣"]
    assert [r.value for r in checked.readings] == [29, 27]
    assert checked.ambiguous and checked.value == 29


def test_pinned_joker_lets_the_player_decide() -> None:
    checked = meld("Jo=8♣ 9♣ 10♣")
    assert checked.valid and checked.value == 27 and not checked.ambiguous
    assert stand_ins("9♣ 10♣ Jo=8") == "8♣"  # a pin without a suit takes the meld's


def test_pin_that_does_not_fit() -> None:
    checked = meld("Jo=8♥ 9♣ 10♣")
    assert checked.reason is not None and checked.reason.code == "meld_pin_no_fit"
    assert checked.reason.params["options"] == "J♣, 8♣"
    assert reason("9♠ 9♣ Jo=9♠") == "meld_pin_no_fit"  # 9♠ is already there


@pytest.mark.parametrize("text", ["Jo=", "9♣=8♣ 9♣ 10♣", "Jo=8♣=7♣ 9♣", "=8♣ 9♣ 10♣"])
def test_badly_written_pins(text: str) -> None:
    with pytest.raises(RemiError) as caught:
        parse_meld(text)
    assert caught.value.code == "meld_pin_bad"


def test_a_joker_cannot_be_pinned_to_a_joker() -> None:
    with pytest.raises(RemiError) as caught:
        parse_meld("Jo=Jo 9♣ 10♣")
    assert caught.value.code == "meld_pin_joker"


def test_equal_values_take_the_higher_place() -> None:
    # J-Q-K and Q-K-A are both worth 30.
    assert stand_ins("Q♣ K♣ Jo") == "A♣"
    assert meld("Q♣ K♣ Jo").ambiguous


def test_jokers_never_wrap_round_the_corner() -> None:
    assert stand_ins("K♣ A♣ Jo") == "Q♣"
    assert not meld("K♣ A♣ Jo").ambiguous
    assert stand_ins("A♣ 2♣ Jo") == "3♣"
    assert stand_ins("A♣ Jo 3♣") == "2♣"
    assert meld("A♣ Jo 3♣").value == 6  # the ace is low: 1 + 2 + 3


def test_low_ace_by_joker_is_worth_the_low_ace() -> None:
    checked = meld("2♣ 3♣ Jo")
    assert [shown(r.stand_ins) for r in checked.readings] == ["4♣", "A♣"]
    assert [r.value for r in checked.readings] == [9, 6]
    assert meld("Jo=A♣ 2♣ 3♣").value == 6


def test_two_jokers_may_stand_side_by_side() -> None:
    assert stand_ins("5♣ Jo Jo 8♣") == "6♣ 7♣"
    assert meld("5♣ Jo Jo 8♣").value == 26


def test_several_jokers_pinned_one_by_one() -> None:
    assert stand_ins("Jo=4♣ 5♣ Jo") == "4♣ 6♣"
    assert stand_ins("Jo 5♣ Jo=4♣") == "6♣ 4♣"  # in the order written


def test_one_card_and_jokers_may_be_a_set_or_a_run() -> None:
    checked = meld("Jo Jo 5♣")
    kinds = {(r.kind, r.value) for r in checked.readings}
    assert (Kind.SET, 15) in kinds and (Kind.RUN, 18) in kinds
    assert checked.value == 18 and checked.ambiguous


def test_only_jokers_is_no_meld() -> None:
    assert reason("Jo Jo Jo") == "meld_only_jokers"


# --- sets --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("9♠ 9♣ 9♥", 27),
        ("9♠ 9♣ 9♥ 9♦", 36),
        ("K♠ K♥ K♦", 30),
        ("A♠ A♥ A♦", 30),
        ("D♠ D♥ D♦", 30),  # Hungarian dáma
        ("9s 9c 9h", 27),
    ],
)
def test_valid_sets(text: str, value: int) -> None:
    checked = meld(text)
    assert checked.valid and checked.value == value
    assert checked.best is not None and checked.best.kind is Kind.SET


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("9♠ 9♠ 9♥", "set_same_suit"),
        ("9♠ 9♣ 9♥ 9♦ 9♠", "set_same_suit"),
        ("9♠ 9♣ 9♥ 9♦ Jo", "set_too_many"),
        ("9♠ 9♣", "meld_too_few"),
        ("9♠ 9♣ 10♥", "meld_mixed"),
    ],
)
def test_invalid_sets(text: str, code: str) -> None:
    assert reason(text) == code


def test_two_same_cards_reason_names_the_card() -> None:
    checked = meld("9♠ 9♠ 9♥")
    assert checked.reason is not None and checked.reason.params == {"card": "9♠"}


def test_joker_in_a_set_takes_a_missing_suit() -> None:
    assert stand_ins("9♠ 9♣ 9♥ Jo") == "9♦"
    assert stand_ins("9♠ 9♣ Jo") == "9♥"  # ♥ or ♦: the same value, the first is shown
    assert meld("9♠ 9♣ Jo").value == 27
    assert stand_ins("9♠ Jo 9♥ Jo") == "9♣ 9♦"
    assert stand_ins("9♠ 9♣ Jo=9♦") == "9♦"


def test_aces_in_sets_are_worth_ace_value() -> None:
    assert meld("A♠ A♥ Jo", HouseRules(ace_value=15, low_ace_value=1)).value == 45


def test_set_of_one_card_and_three_jokers() -> None:
    checked = meld("9♠ Jo Jo Jo")
    assert any(r.kind is Kind.SET and r.value == 36 for r in checked.readings)


# --- melds together ----------------------------------------------------------------------


def melds(*texts: str, rules: HouseRules = RULES) -> Counter[str]:
    report = check_melds([parse_meld(text) for text in texts], rules)
    return Counter(error.code for error in report.errors)


def test_total_and_verdict() -> None:
    report = check_melds([parse_meld("8♣ 9♣ 10♣"), parse_meld("9♠ 9♣ Jo")], RULES)
    assert report.total == 54 and report.opens and report.minimum == 50
    strict = check_melds([parse_meld("8♣ 9♣ 10♣")], RULES)
    assert strict.valid and not strict.opens


def test_opening_minimum_by_agreement() -> None:
    texts = ["K♠ K♥ K♦", "2♦ 3♦ 4♦ 5♦ 6♦"]  # 30 + 20 = 50
    assert check_melds([parse_meld(t) for t in texts], RULES).opens
    assert not check_melds([parse_meld(t) for t in texts], HouseRules(opening_minimum=51)).opens


def test_an_invalid_meld_never_opens() -> None:
    report = check_melds([parse_meld(t) for t in ["K♠ K♥ K♦ Jo", "8♣ 9♣ J♣"]], RULES)
    assert report.total == 40 and not report.valid and not report.opens


def test_two_copies_of_a_card_are_fine_three_are_not() -> None:
    assert not melds("8♣ 9♣ 10♣", "8♣ 9♣ 10♣")
    assert melds("8♣ 9♣ 10♣", "8♣ 9♣ 10♣", "8♠ 8♣ 8♥") == {"too_many_copies": 1}


def test_jokers_limited_by_the_house_rules() -> None:
    assert not melds("8♣ Jo 10♣", "9♠ Jo Jo", "K♠ Jo K♦")
    assert melds("8♣ Jo 10♣", "9♠ Jo Jo", "K♠ Jo Jo") == {"too_many_jokers": 1}
    assert melds("8♣ Jo 10♣", rules=HouseRules(jokers=0)) == {"too_many_jokers": 1}


def test_pinned_cards_are_not_counted_as_copies() -> None:
    assert not melds("Jo=8♣ 9♣ 10♣", "8♣ 9♣ 10♣", "8♠ 8♣ 8♥")


@given(st.permutations(parse_cards("9♣ 10♣ Jo J♣ Jo")))
def test_order_written_does_not_change_the_value(cards: list[Card]) -> None:
    assert check_meld(cards, RULES).value == check_meld(parse_cards("9♣ 10♣ Jo J♣ Jo"), RULES).value


# --- hands -------------------------------------------------------------------------------


def test_hand_errors() -> None:
    assert [e.code for e in hand_errors(parse_cards("K♠ K♠ K♠ 2♣"), RULES)] == ["too_many_copies"]
    many = parse_cards("Jo Jo Jo Jo Jo 2♣")
    assert [e.code for e in hand_errors(many, RULES)] == ["too_many_jokers"]
    assert [e.code for e in hand_errors(parse_cards("K 2♣"), RULES)] == ["card_no_suit"]
    # a card typed without its suit three times is one mistake, told once; a hand typed
    # without suits is one mistake too, its cards told in one line
    (told,) = hand_errors(parse_cards("K 9 K 2♣ K"), RULES)
    assert told.code == "cards_no_suit" and told.params["cards"] == ("K", "9")
    (told,) = hand_errors(parse_cards("K Q J 10 9 8 7 A 2 3 4 5 6"), RULES)
    assert len(told.params["cards"]) == 13 and told.params["first"] == "K"
    assert told.message("en").startswith("K, Q, J, 10, 9, 8, 7, A, 2, 3, 4, 5, 6 have no suit:")
    assert "nincs színe" in told.message("hu")
    sixteen = parse_cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♥ 3♥ 4♥")
    assert [e.code for e in hand_errors(sixteen, RULES)] == ["hand_too_many"]


def test_fifteen_cards_are_a_hand() -> None:
    fifteen = parse_cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♥ Jo")
    assert hand_errors(fifteen, RULES) == []


# --- the opening finder: brute force -----------------------------------------------------


@cache
def _valid_value(group: tuple[Card, ...], rules: HouseRules) -> int | None:
    checked = check_meld(group, rules)
    return checked.value if checked.valid else None


def brute_best(hand: Sequence[Card], rules: HouseRules) -> int:
    """The best total by trying, for the first card, to leave it or to meld it with every
    subset of the others; then the same for what is left."""

    @cache
    def best(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        result = best(others)
        for size in range(2, len(others) + 1):
            for chosen in combinations(range(len(others)), size):
                value = _valid_value(tuple(sorted((first, *(others[i] for i in chosen)))), rules)
                if value is not None:
                    left = tuple(card for i, card in enumerate(others) if i not in chosen)
                    result = max(result, value + best(left))
        return result

    return best(tuple(sorted(hand)))


Packing = tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]


def brute_packings(hand: Sequence[Card], rules: HouseRules) -> Iterator[Packing]:
    """Every way to split `hand` into valid melds and left-over cards (as sorted tuples)."""

    def walk(
        rest: tuple[Card, ...], groups: tuple[tuple[Card, ...], ...], left: tuple[Card, ...]
    ) -> Iterator[Packing]:
        if not rest:
            yield tuple(sorted(groups)), tuple(sorted(left))
            return
        first, others = rest[0], rest[1:]
        yield from walk(others, groups, (*left, first))
        for size in range(2, len(others) + 1):
            for chosen in combinations(range(len(others)), size):
                group = tuple(sorted((first, *(others[i] for i in chosen))))
                if _valid_value(group, rules) is not None:
                    remaining = tuple(c for i, c in enumerate(others) if i not in chosen)
                    yield from walk(remaining, (*groups, group), left)

    yield from walk(tuple(sorted(hand)), (), ())


def _subsets(cards: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
    for size in range(1, len(cards) + 1):
        yield from combinations(cards, size)


def brute_maximal(packing: Packing, rules: HouseRules) -> bool:
    """Nothing left over can be laid down: no new meld, nothing added to a meld."""
    groups, left = packing
    for extra in _subsets(left):
        if _valid_value(tuple(sorted(extra)), rules) is not None:
            return False
        for group in groups:
            if _valid_value(tuple(sorted((*group, *extra))), rules) is not None:
                return False
    return True


def packing_of(opening: object) -> Packing:
    from remi_sheet.core.melds import Opening

    assert isinstance(opening, Opening)
    groups = tuple(sorted(tuple(sorted(meld.cards)) for meld in opening.melds))
    return groups, tuple(sorted(opening.left))


SUITS = list(Suit)
WINDOWS = [(ACE, 2, 3, 4, 5), (5, 6, 7, 8, 9), (10, 11, 12, 13, ACE), (12, 13, ACE, 2, 3)]
RULE_CHOICES = [
    RULES,
    HouseRules(low_ace_value=10),
    HouseRules(ace_value=15, low_ace_value=1),
    HouseRules(ace_value=5, low_ace_value=5),
]


@st.composite
def small_hands(draw: st.DrawFn, most: int = 10) -> list[Card]:
    """Hands from a few neighbouring ranks and suits, so that they hold many melds, with
    both packs' copies and up to three jokers."""
    window = draw(st.sampled_from(WINDOWS))
    suits = SUITS[: draw(st.integers(1, 4))]
    deck = [Card(rank, suit) for rank in window for suit in suits] * 2
    jokers = draw(st.integers(0, 3))
    # Mostly large hands: a small one seldom holds two melds that compete for a card.
    size = draw(st.integers(min(most - 4, len(deck)), min(most - jokers, len(deck))))
    indexes = draw(
        st.lists(st.integers(0, len(deck) - 1), min_size=size, max_size=size, unique=True)
    )
    return [deck[i] for i in indexes] + [JO] * jokers


@settings(max_examples=300, deadline=None)
@given(small_hands(), st.sampled_from(RULE_CHOICES))
def test_finder_matches_brute_force(hand: list[Card], rules: HouseRules) -> None:
    opening = best_opening(hand, rules)
    assert opening.total == brute_best(hand, rules)
    assert all(meld.valid for meld in opening.melds)
    laid = [card for meld in opening.melds for card in meld.cards]
    assert Counter(laid) + Counter(opening.left) == Counter(hand)
    assert opening.opens == (opening.total >= rules.opening_minimum)


@settings(max_examples=60, deadline=None)
@given(small_hands(most=7), st.integers(5, 40))
def test_all_openings_match_brute_force(hand: list[Card], minimum: int) -> None:
    rules = HouseRules(opening_minimum=minimum)
    best, others, count = openings(hand, rules, limit=10_000)
    expected = {
        packing
        for packing in brute_packings(hand, rules)
        if packing[0]
        and sum(_valid_value(group, rules) or 0 for group in packing[0]) >= minimum
        and brute_maximal(packing, rules)
    }
    # The best opening need not be maximal: A♠ Jo Jo is Q-K-A (30), but A♠ 2♠ 3♠ Jo Jo is
    # A-2-3-4-5 (15). It is reported on its own, never among the alternatives.
    expected.discard(packing_of(best))
    found = [packing_of(other) for other in others]
    assert len(found) == len(set(found)) == count  # each way once
    assert set(found) == expected
    totals = [other.total for other in others]
    assert totals == sorted(totals, reverse=True)


@settings(max_examples=100, deadline=None)
@given(small_hands(most=12), st.sampled_from(RULE_CHOICES))
def test_every_candidate_is_a_meld_worth_what_the_finder_thinks(
    hand: list[Card], rules: HouseRules
) -> None:
    cards = _Hand(hand)
    for candidate in candidates(cards, rules):
        group = [*cards.naturals(candidate.mask), *[JO] * candidate.jokers]
        assert check_meld(group, rules).value == candidate.value


# --- the opening finder: hands picked by hand --------------------------------------------


def opening_of(text: str, rules: HouseRules = RULES) -> tuple[list[str], int, str]:
    opening = best_opening(parse_cards(text), rules)
    return sorted(shown(m.cards) for m in opening.melds), opening.total, shown(opening.left)


def test_joker_in_a_set_rather_than_a_run() -> None:
    # Jo as a K: K♠ K♣ K♥ = 30 and 8-9-10♦ = 27 open with 57. Jo in the run 5-6-7♣ makes
    # only 18 + 27 = 45.
    melds_, total, left = opening_of("K♠ K♥ Jo 5♣ 6♣ 8♦ 9♦ 10♦")
    assert total == 57 and "K♠ Jo K♥" in melds_ and left == "5♣ 6♣"


def test_two_jokers_both_in_sets() -> None:
    # Each joker in a set is worth 30; the best run a joker could make is 8-9-10♥ = 27.
    hand = "A♠ A♥ Jo K♠ K♦ Jo 2♣ 3♣ 5♦ 6♦ 8♥ 9♥ J♣ 4♥ 7♠"
    melds_, total, _ = opening_of(hand)
    assert total == 60 and melds_ == ["A♠ Jo A♥", "K♠ Jo K♦"]
    assert brute_best(parse_cards("A♠ A♥ Jo K♠ K♦ Jo 2♣ 3♣ 8♥ 9♥"), RULES) == 60


def test_a_joker_freed_from_a_run_for_a_set() -> None:
    # 9♣ is held once: the set 9♠ 9♥ 9♣ keeps it, and the joker makes 10♣ J♣ a run.
    melds_, total, left = opening_of("9♠ 9♥ 9♣ 10♣ J♣ Jo")
    assert melds_ == ["10♣ J♣ Jo", "9♠ 9♣ 9♥"] and total == 27 + 30 and left == ""


def test_best_opening_of_a_full_hand() -> None:
    hand = "K♠ K♥ Jo 2♣ 3♣ 9♦ 10♦ J♦ Q♦ 5♠ 5♥ 5♦ A♣ 4♣ 7♥"
    melds_, total, left = opening_of(hand)
    assert total == 94 and left == "7♥"
    assert "A♣ 2♣ 3♣ 4♣" in melds_ and "K♠ Jo K♥" in melds_


def test_a_hand_without_melds() -> None:
    melds_, total, left = opening_of("2♣ 5♥ 9♠ K♦")
    assert (melds_, total, left) == ([], 0, "2♣ 5♥ 9♠ K♦")


def test_two_copies_make_two_melds() -> None:
    melds_, total, _ = opening_of("8♣ 9♣ 10♣ 8♣ 9♣ 10♣")
    assert melds_ == ["8♣ 9♣ 10♣", "8♣ 9♣ 10♣"] and total == 54


def test_alternatives_open_and_are_not_the_best() -> None:
    hand = parse_cards("K♠ K♥ Jo 2♣ 3♣ 9♦ 10♦ J♦ Q♦ 5♠ 5♥ 5♦ A♣ 4♣ 7♥")
    best, others, count = openings(hand, RULES)
    assert count == len(others) == 4
    assert all(other.opens and other.total <= best.total for other in others)
    assert packing_of(best) not in {packing_of(other) for other in others}


def test_fifteen_cards_with_two_jokers_are_fast() -> None:
    deck = [Card(rank, suit) for rank in range(2, ACE + 1) for suit in Suit] * 2
    rng = random.Random(1)
    times = []
    for _ in range(20):
        hand = [*rng.sample(deck, 13), JO, JO]
        start = time.perf_counter()
        best_opening(hand, RULES)
        times.append(time.perf_counter() - start)
    assert sorted(times)[len(times) // 2] < 0.1


def test_alternatives_with_two_melds_starting_at_the_same_card() -> None:
    # Both 8♠ (the lowest card) start a meld: each pair of such melds is listed once, not
    # once in each order.
    hand = parse_cards("8♠ 8♠ 9♠ 10♠ 8♣ 8♥ 9♥ 10♥ Jo")
    rules = HouseRules(opening_minimum=20)
    best, others, count = openings(hand, rules, limit=10_000)
    found = [packing_of(other) for other in others]
    assert len(found) == len(set(found)) == count
    expected = {
        packing
        for packing in brute_packings(hand, rules)
        if sum(_valid_value(group, rules) or 0 for group in packing[0]) >= 20
        and brute_maximal(packing, rules)
    }
    expected.discard(packing_of(best))
    assert set(found) == expected
