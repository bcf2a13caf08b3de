"""The standings' average per game: one decimal, halves away from zero, exactly."""

from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from remi_sheet.core.rules import HouseRules
from remi_sheet.core.scoring import DealScore, GameScore, score_game
from remi_sheet.core.standings import Standing, Tally, standings
from remi_sheet.notebook.loading import load_notebook

ROOT = Path(__file__).resolve().parent.parent


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


def _game(players: tuple[str, ...], scores: tuple[int, ...]) -> GameScore:
    deal = DealScore(scores, scores.index(min(scores)), False, frozenset(), typed=True)
    return score_game(players, [deal], HouseRules(deals_per_game=1))


def test_a_tally_spells_a_name_as_the_first_game_in_the_workbook_does() -> None:
    later = _game(("Béla", "anna"), (-20, 30))
    first = _game(("bela", "Anna"), (40, -20))
    tally = Tally()
    tally.add(later, 5)  # checked first (a Rules sheet holding a game is read first)
    tally.add(first, 2)
    rows = tally.rows()
    assert [row.name for row in rows] == ["Anna", "bela"]
    assert rows == standings([first, later])
    assert [(row.games, row.wins, row.total) for row in rows] == [(2, 1, 10), (2, 1, 20)]


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
            load_notebook(path, keep_grids=False)
        return
    dropped = load_notebook(path, keep_grids=False)
    assert dropped.grids == {}
    assert bool(kept.grids) >= bool(kept.games)  # the default keeps them
    assert (dropped.games, dropped.problems, dropped.standings) == (
        kept.games,
        kept.problems,
        kept.standings,
    )
    assert (dropped.rules, dropped.lang) == (kept.rules, kept.lang)
