"""The standings: the average per complete game (one decimal, halves away from zero,
exactly), the order and the shared places."""

from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from remi_sheet.core.rules import HouseRules
from remi_sheet.core.scoring import DealScore, GameScore, score_game
from remi_sheet.core.standings import Standing, Tally, one_decimal, standings
from remi_sheet.notebook.loading import load_notebook
from remi_sheet.notebook.sheets import Grids

ROOT = Path(__file__).resolve().parent.parent


@given(total=st.integers(-(10**9), 10**9), games=st.integers(1, 10**6))
def test_average_rounds_like_decimal_half_up(total: int, games: int) -> None:
    exact = Decimal(total) / Decimal(games)
    expected = float(exact.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
    assert Standing("Anna", complete=games, complete_total=total).average == expected


def test_average_halves_go_away_from_zero() -> None:
    assert Standing("Anna", complete=4, complete_total=5).average == 1.3  # 1.25
    assert Standing("Anna", complete=4, complete_total=-5).average == -1.3
    assert Standing("Anna", complete=3, complete_total=1).average == 0.3


def test_the_average_is_of_complete_games_alone() -> None:
    assert Standing("Anna", games=3, total=500, complete=1, complete_total=40).average == 40
    assert Standing("Anna", games=2, total=80, complete=0).average is None


def test_a_small_negative_average_is_zero_not_minus_zero() -> None:
    average = Standing("Anna", complete=21, complete_total=-1).average  # -0.047…
    assert average == 0.0
    assert str(average) == "0.0"  # not "-0.0", in the table or the JSON


def _game(players: tuple[str, ...], scores: tuple[int, ...]) -> GameScore:
    deal = DealScore(scores, scores.index(min(scores)), False, frozenset(), typed=True)
    return score_game(players, [deal], HouseRules(deals_per_game=1))


def test_a_tally_spells_a_name_as_most_games_do_and_the_first_game_on_a_tie() -> None:
    later = _game(("Béla", "anna"), (-20, 30))
    first = _game(("bela", "Anna"), (40, -20))
    tally = Tally()
    tally.add(later, 5)  # checked first (a Rules sheet holding a game is read first)
    tally.add(first, 2)
    rows = tally.rows()
    assert [row.name for row in rows] == ["Anna", "bela"]
    assert rows == standings([first, later])
    assert [(row.games, row.wins, row.total) for row in rows] == [(2, 1, 10), (2, 1, 20)]
    tally.add(_game(("Béla", "Anna"), (-20, 30)), 7)
    assert {row.name for row in tally.rows()} == {"Anna", "Béla"}  # two games to one


def _unfinished(players: tuple[str, ...], scores: tuple[int, ...]) -> GameScore:
    deal = DealScore(scores, scores.index(min(scores)), False, frozenset(), typed=True)
    return score_game(players, [deal], HouseRules(deals_per_game=2))


def test_most_wins_then_the_lowest_average_and_equal_figures_share_a_place() -> None:
    games = [
        _game(("Anna", "Béla", "Csaba", "Dóra"), (-20, 30, 10, 50)),  # Anna wins
        _game(("Anna", "Béla", "Csaba", "Dóra"), (40, -20, 10, 50)),  # Béla wins
        _game(("Anna", "Béla", "Csaba", "Dóra"), (50, 60, -20, 10)),  # Csaba wins
        # Unfinished: Dóra's −400 counts for her points, not for her average or a win.
        _unfinished(("Anna", "Dóra"), (30, -400)),
    ]
    rows = standings(games)
    # One win each for Anna (average 23.3), Béla (23.3) and Csaba (0): Csaba first, then
    # Anna and Béla share the second place; Dóra, no win, is fourth.
    assert [(row.rank, row.name) for row in rows] == [
        (1, "Csaba"),
        (2, "Anna"),
        (2, "Béla"),
        (4, "Dóra"),
    ]
    dora = rows[3]
    assert (dora.total, dora.average, dora.games, dora.complete) == (-290, 36.7, 4, 3)


def test_a_player_without_a_complete_game_comes_after_those_with_one() -> None:
    rows = standings(
        [_unfinished(("Anna", "Béla"), (-20, 30)), _game(("Béla", "Csaba"), (30, -20))]
    )
    assert [(row.rank, row.name, row.average) for row in rows] == [
        (1, "Csaba", -20),
        (2, "Béla", 30),
        (3, "Anna", None),
    ]


BOOKS = sorted((ROOT / "tests" / "corpus").glob("*.xlsx")) + sorted(
    (ROOT / "samples").glob("*.xlsx")
)


@pytest.mark.parametrize("path", BOOKS, ids=lambda path: path.name)
def test_the_notebook_tallies_the_standings_of_its_games_without_errors(path: Path) -> None:
    try:
        notebook = load_notebook(path)
    except Exception:  # noqa: BLE001 - a file refused or failing as a whole: nothing tallied
        return
    counted = [game.score for game in notebook.games if not game.has_errors]
    assert notebook.standings == standings(counted)


@pytest.mark.parametrize("path", BOOKS, ids=lambda path: path.name)
def test_a_notebook_read_without_its_grids_is_the_same_notebook(path: Path) -> None:
    try:
        kept = load_notebook(path)
    except Exception:  # noqa: BLE001 - refused as a whole: the same either way
        with pytest.raises(Exception):  # noqa: B017
            load_notebook(path, grids=Grids.NONE)
        return
    dropped = load_notebook(path, grids=Grids.NONE)
    assert dropped.grids == {}
    assert bool(kept.grids) >= bool(kept.games)  # the default keeps them
    assert (dropped.games, dropped.problems, dropped.standings) == (
        kept.games,
        kept.problems,
        kept.standings,
    )
    assert (dropped.rules, dropped.lang) == (kept.rules, kept.lang)


@given(st.integers(-100_000, 100_000), st.integers(1, 500))
def test_one_decimal_rounds_halves_away_from_zero_exactly(total: int, count: int) -> None:
    """Every average remi shows (per complete game, per deal) is rounded by one function:
    the exact quotient to a tenth, a half away from zero, as Decimal rounds it."""
    exact = (Decimal(total) / Decimal(count)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    assert one_decimal(total, count) == float(exact)
