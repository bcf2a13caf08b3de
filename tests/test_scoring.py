"""Deal rows and score rows, and the properties every scored deal must have."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from remi_sheet.core.entries import Entry, Loser, Number, Winner
from remi_sheet.core.problems import Problem
from remi_sheet.core.rules import HouseRules, with_rule
from remi_sheet.core.scoring import DealScore, check_score_row, score_game, score_row

DEFAULT = HouseRules()


def issues(result: DealScore | list[Problem]) -> list[tuple[str, int | None]]:
    assert isinstance(result, list), result
    return [(issue.code, issue.params.get("player")) for issue in result]


def test_row_problems() -> None:
    assert issues(score_row([Number(10), Number(20)], DEFAULT)) == [("no_winner", None)]
    both = score_row([Winner(True), Winner(False), Number(3)], DEFAULT)
    assert issues(both) == [("two_winners", 1)]
    assert issues(score_row([Winner(False), Loser(False, None)], DEFAULT)) == [
        ("x_without_points", 1)
    ]
    assert issues(score_row([Winner(False), None, Number(3)], DEFAULT)) == [("entry_missing", 1)]
    assert issues(score_row([Winner(False), Number(-5)], DEFAULT)) == [("points_negative", 1)]
    assert issues(score_row([Loser(False, None), Number(-20), Number(5)], DEFAULT)) == [
        ("row_mixed", 1)
    ]
    assert issues(score_row([Winner(True), Number(-20)], DEFAULT)) == [("row_mixed", 1)]
    assert issues(score_row([Winner(False), Number(181)], DEFAULT)) == [("points_too_high", 1)]


def test_score_rows_are_kept_as_typed() -> None:
    result = check_score_row([-20, 30, 0, 50], DEFAULT)
    assert isinstance(result, DealScore)
    assert result.scores == (-20, 30, 0, 50) and result.typed and not result.hand
    hand = check_score_row([200, -40, 60], DEFAULT)
    assert isinstance(hand, DealScore)
    assert hand.hand and hand.winner == 1 and hand.plus200 == frozenset({0})


def test_score_rows_through_score_row() -> None:
    result = score_row([Number(-20), Number(30), Number(0)], DEFAULT)
    assert isinstance(result, DealScore) and result.typed


def test_impossible_scores() -> None:
    assert issues(check_score_row([-20, 33, 0], DEFAULT)) == [("score_not_ten", 1)]
    assert issues(check_score_row([-20, 200, 0], DEFAULT)) == [("score_200_without_hand", 1)]
    assert issues(check_score_row([-40, 30, 0], DEFAULT)) == [("score_after_hand", 1)]
    assert issues(check_score_row([-40, 380, 0], DEFAULT)) == [("score_too_high", 1)]
    assert issues(check_score_row([-20, 190, 0], DEFAULT)) == [("score_too_high", 1)]
    assert issues(check_score_row([-20, -40, 0], DEFAULT)) == [("two_winners", 1)]
    assert issues(check_score_row([-30, 20, 0], DEFAULT)) == [("score_bad_winner", 0)]


def test_score_rows_follow_house_rules() -> None:
    late = with_rule(DEFAULT, "round_before_doubling", False)
    assert isinstance(check_score_row([-40, 70, 200], late), DealScore)  # 33 → 66 → 70
    assert issues(check_score_row([-40, 70, 200], DEFAULT)) == [("score_after_hand", 1)]
    exact = with_rule(DEFAULT, "rounding", "none")
    assert isinstance(check_score_row([-20, 33, 7], exact), DealScore)
    assert isinstance(check_score_row([-40, 66, 200], exact), DealScore)
    assert issues(check_score_row([-40, 67, 200], exact)) == [("score_impossible", 1)]


def test_worked_game_of_the_rules() -> None:
    rows: list[list[Entry]] = [
        [Winner(True), Number(27), Loser(False, None)],
        [Number(12), Winner(False), Loser(True, 39)],
        [Number(3), Loser(False, 55), Winner(False)],
    ]
    deals = []
    for row in rows:
        result = score_row(row, DEFAULT)
        assert isinstance(result, DealScore)
        deals.append(result)
    game = score_game(["Anna", "Béla", "Csaba"], deals, DEFAULT)
    assert [d.scores for d in game.deals] == [(-40, 60, 200), (10, -20, 40), (0, 60, -20)]
    assert game.running == ((-40, 60, 200), (-30, 40, 240), (-30, 100, 220))
    assert game.totals == (-30, 100, 220)
    assert game.ranks == (1, 2, 3)
    assert not game.complete


# --- properties --------------------------------------------------------------------------


def losers(most: int) -> st.SearchStrategy[Entry]:
    return st.one_of(
        st.builds(Number, st.integers(0, most)),
        st.builds(Loser, st.booleans(), st.integers(0, most)),
        st.builds(Loser, st.just(False), st.none()),
    )


@st.composite
def deal_rows(draw: st.DrawFn, players: int | None = None) -> list[Entry]:
    low, high = (players - 1, players - 1) if players else (1, 5)
    # One loser may hold the most a hand can; the others less, so that the hands fit in the
    # deck together (two 180s need 8 jokers).
    first = draw(losers(180))
    others = [first, *draw(st.lists(losers(100), min_size=low - 1, max_size=high - 1))]
    others = draw(st.permutations(others))
    hand = draw(st.booleans())
    if not hand:
        others = [
            Loser(True, 0) if isinstance(e, Loser) and e.points is None else e for e in others
        ]
    at = draw(st.integers(0, len(others)))
    return [*others[:at], Winner(hand), *others[at:]]


rule_sets = st.builds(
    HouseRules,
    hand_multiplier=st.integers(1, 4),
    round_before_doubling=st.booleans(),
)


@given(deal_rows(), rule_sets)
def test_every_deal_has_one_negative_score_and_no_negative_loser(
    row: list[Entry], rules: HouseRules
) -> None:
    result = score_row(row, rules)
    assert isinstance(result, DealScore)
    negative = [s for s in result.scores if s < 0]
    assert negative == [rules.hand_win if result.hand else rules.normal_win]
    if 200 in result.scores:
        # A +200 after a hand, or a laid-down loser's 2 × 100 after a hand: never without one.
        assert result.hand
    if result.plus200:
        assert result.hand
    assert all(s % 10 == 0 for s in result.scores)


@given(deal_rows())
def test_default_laid_down_loser_after_hand_is_multiple_of_twenty(row: list[Entry]) -> None:
    result = score_row(row, DEFAULT)
    assert isinstance(result, DealScore)
    if result.hand:
        for index, score in enumerate(result.scores):
            if index != result.winner and index not in result.plus200:
                assert score % 20 == 0


@given(deal_rows(), st.randoms())
def test_player_order_does_not_change_anyones_score(row: list[Entry], rng: object) -> None:
    order = list(range(len(row)))
    rng.shuffle(order)  # type: ignore[attr-defined]
    straight = score_row(row, DEFAULT)
    shuffled = score_row([row[i] for i in order], DEFAULT)
    assert isinstance(straight, DealScore) and isinstance(shuffled, DealScore)
    assert [straight.scores[i] for i in order] == list(shuffled.scores)


@given(st.lists(deal_rows(players=3), max_size=9))
def test_totals_are_the_sums_of_the_deals(rows: list[list[Entry]]) -> None:
    deals = [d for d in (score_row(r, DEFAULT) for r in rows) if isinstance(d, DealScore)]
    game = score_game(["A", "B", "C"], deals, DEFAULT)
    for player in range(3):
        assert game.totals[player] == sum(d.scores[player] for d in deals)
    assert game.running[-1:] == ((game.totals,) if deals else ())
    assert game.complete == (len(deals) >= 7)


@given(deal_rows())
def test_computed_scores_pass_the_score_row_check(row: list[Entry]) -> None:
    """What remi writes, read back as a paper score row, is accepted and unchanged."""
    computed = score_row(row, DEFAULT)
    assert isinstance(computed, DealScore)
    again = check_score_row(computed.scores, DEFAULT)
    assert isinstance(again, DealScore)
    assert again.scores == computed.scores and again.hand == computed.hand
