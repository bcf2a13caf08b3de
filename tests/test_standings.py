"""The standings' average per game: one decimal, halves away from zero, exactly."""

from decimal import ROUND_HALF_UP, Decimal

from hypothesis import given
from hypothesis import strategies as st

from remi_sheet.standings import Standing


@given(total=st.integers(-(10**9), 10**9), games=st.integers(1, 10**6))
def test_average_rounds_like_decimal_half_up(total: int, games: int) -> None:
    exact = Decimal(total) / Decimal(games)
    expected = float(exact.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
    assert Standing("Anna", games=games, total=total).average == expected


def test_average_halves_go_away_from_zero() -> None:
    assert Standing("Anna", games=4, total=5).average == 1.3  # 1.25
    assert Standing("Anna", games=4, total=-5).average == -1.3
    assert Standing("Anna", games=3, total=1).average == 0.3
    assert Standing("Anna", games=0, total=0).average == 0.0


def test_a_small_negative_average_is_zero_not_minus_zero() -> None:
    average = Standing("Anna", games=21, total=-1).average  # -0.047…
    assert average == 0.0
    assert str(average) == "0.0"  # not "-0.0", in the table or the JSON
