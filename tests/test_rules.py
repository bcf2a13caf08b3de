"""Every rule and house rule of RULES.md, on single deals."""

from __future__ import annotations

import dataclasses

import pytest

from remi_sheet.core.deck import max_hand_points
from remi_sheet.core.entries import Loser, Number, Winner
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules, Rounding, check_consistent, with_rule
from remi_sheet.core.scoring import DealScore, loser_score, rank, round_points, score_row

DEFAULT = HouseRules()


@pytest.mark.parametrize(
    ("points", "rounded"),
    [
        (0, 0),
        (4, 0),
        (5, 10),
        (14, 10),
        (15, 20),
        (24, 20),
        (25, 30),
        (33, 30),
        (35, 40),
        (38, 40),
        (45, 50),
        (105, 110),
        (180, 180),
    ],
)
def test_rounding_is_half_up_to_tens(points: int, rounded: int) -> None:
    assert round_points(points, DEFAULT) == rounded


def test_rounding_differs_from_pythons_round_at_halves() -> None:
    assert round(25, -1) == 20
    assert round_points(25, DEFAULT) == 30


def test_rounding_none_keeps_the_exact_value() -> None:
    rules = with_rule(DEFAULT, "rounding", "none")
    assert [round_points(p, rules) for p in (0, 4, 25, 33)] == [0, 4, 25, 33]


@pytest.mark.parametrize(
    ("points", "before", "after"),
    [(33, 60, 70), (27, 60, 50), (25, 60, 50), (4, 0, 10), (3, 0, 10), (2, 0, 0), (38, 80, 80)],
)
def test_doubling_after_a_hand_both_ways(points: int, before: int, after: int) -> None:
    late = with_rule(DEFAULT, "round_before_doubling", "false")
    assert loser_score(points, after_hand=True, rules=DEFAULT) == before
    assert loser_score(points, after_hand=True, rules=late) == after


def test_without_a_hand_the_points_are_only_rounded() -> None:
    assert loser_score(33, after_hand=False, rules=DEFAULT) == 30


def deal(entries: list[object], rules: HouseRules = DEFAULT) -> DealScore:
    result = score_row(entries, rules)  # type: ignore[arg-type]
    assert isinstance(result, DealScore), result
    return result


def test_hand_win_scores_minus_forty_and_two_hundred_for_those_not_down() -> None:
    result = deal([Winner(hand=True), Loser(True, 27), Loser(False, None)])
    assert result.scores == (-40, 60, 200)
    assert result.hand and result.winner == 0 and result.plus200 == frozenset({2})


def test_not_down_after_hand_gets_two_hundred_whatever_the_cards() -> None:
    result = deal([Winner(hand=True), Loser(False, 3), Loser(False, 180)])
    assert result.scores == (-40, 200, 200)


def test_normal_win_does_not_care_whether_losers_had_laid_down() -> None:
    result = deal([Loser(True, 3), Loser(False, 55), Winner(hand=False)])
    assert result.scores == (0, 60, -20)
    assert not result.plus200


@pytest.mark.parametrize(
    ("name", "value", "entries", "scores"),
    [
        ("hand_win", -50, [Winner(True), Number(10)], (-50, 20)),
        ("normal_win", -10, [Winner(False), Number(10)], (-10, 10)),
        ("not_down_after_hand", 150, [Winner(True), Loser(False, None)], (-40, 150)),
        ("hand_multiplier", 3, [Winner(True), Number(33)], (-40, 90)),
        ("round_before_doubling", False, [Winner(True), Number(33)], (-40, 70)),
        ("rounding", "none", [Winner(False), Number(33)], (-20, 33)),
    ],
)
def test_each_scoring_house_rule_changes_the_score(
    name: str, value: object, entries: list[object], scores: tuple[int, ...]
) -> None:
    assert deal(entries, with_rule(DEFAULT, name, value)).scores == scores


def test_card_value_house_rules() -> None:
    assert max_hand_points(DEFAULT) == 180
    assert max_hand_points(with_rule(DEFAULT, "jokers", 0)) == 140
    # Two packs hold 8 aces: the other two cards of the hand are worth 10.
    assert max_hand_points(with_rule(DEFAULT, "ace_value", 11)) == 80 + 88 + 20
    assert max_hand_points(with_rule(DEFAULT, "joker_in_hand", 5)) == 140


def test_ranks_share_places_and_skip_the_next() -> None:
    assert rank([10, 20, 20, 30]) == (1, 2, 2, 4)
    assert rank([-30, 100, 220]) == (1, 2, 3)
    assert rank([0, 0]) == (1, 1)


@pytest.mark.parametrize(
    ("name", "value", "field", "expected"),
    [
        ("opening_minimum", "51", "opening_minimum", 51),
        ("Nyitás minimum", 51, "opening_minimum", 51),
        ("JOKEREK", "2", "jokers", 2),
        ("kerekítés", "nincs", "rounding", Rounding.NONE),
        ("round_before_doubling", "nem", "round_before_doubling", False),
        ("round_before_doubling", "igen", "round_before_doubling", True),
        ("round_before_doubling", 0, "round_before_doubling", False),
        ("round_before_doubling", "yes", "round_before_doubling", True),
        ("deals_per_game", 5.0, "deals_per_game", 5),
        ("ace_value", "11", "ace_value", 11),
        ("hand_win", "−60", "hand_win", -60),
        ("hand_win", "–50", "hand_win", -50),  # an en dash, as LibreOffice's autocorrect types
        ("hand_win", " -50,0 ", "hand_win", -50),
        ("opening_minimum", "51.", "opening_minimum", 51),  # a dot after it, as Hungarians do
        ("opening_minimum", "51,", "opening_minimum", 51),
    ],
)
def test_rule_names_aliases_and_values(
    name: str, value: object, field: str, expected: object
) -> None:
    assert getattr(with_rule(DEFAULT, name, value), field) == expected


@pytest.mark.parametrize(
    ("name", "value", "code"),
    [
        ("no_such_rule", 1, "rule_unknown"),
        ("jokers", 10, "rule_out_of_range"),
        ("packs", 4, "rule_out_of_range"),
        ("packs", 1, "rule_out_of_range"),
        ("jokers", -1, "rule_out_of_range"),
        ("max_players", 7, "rule_out_of_range"),
        ("hand_win", 40, "rule_out_of_range"),
        ("opening_minimum", "fifty", "rule_bad_number"),
        ("opening_minimum", 50.5, "rule_bad_number"),
        ("opening_minimum", "1e2", "rule_bad_number"),  # as no entry cell takes it
        ("opening_minimum", "1_000", "rule_bad_number"),
        ("opening_minimum", "inf", "rule_bad_number"),
        ("points_limit", "1.000", "rule_bad_number"),  # a thousand, or one: as entries refuse
        ("points_limit", "1,000", "rule_bad_number"),
        ("round_before_doubling", "maybe", "rule_bad_bool"),
        ("rounding", "up", "rule_bad_choice"),
    ],
)
def test_impossible_rules_are_refused(name: str, value: object, code: str) -> None:
    with pytest.raises(RemiError) as caught:
        with_rule(DEFAULT, name, value)
    assert caught.value.code == code


def test_the_default_rules_agree_with_each_other() -> None:
    check_consistent(DEFAULT)  # `options.rule_options` relies on it without --rule


def test_rules_that_contradict_each_other() -> None:
    with pytest.raises(RemiError, match="rule_wins_equal"):
        check_consistent(dataclasses.replace(DEFAULT, hand_win=-20))
    with pytest.raises(RemiError, match="rule_low_ace"):
        check_consistent(dataclasses.replace(DEFAULT, low_ace_value=11))
    with pytest.raises(RemiError, match="rule_jokers_packs"):
        check_consistent(dataclasses.replace(DEFAULT, jokers=7))  # two packs bring six
    check_consistent(dataclasses.replace(DEFAULT, jokers=9, packs=3))


def test_differences_lists_only_changed_rules() -> None:
    assert DEFAULT.differences() == {}
    changed = with_rule(with_rule(DEFAULT, "opening_minimum", 51), "rounding", "none")
    assert changed.differences() == {"opening_minimum": 51, "rounding": "none"}
