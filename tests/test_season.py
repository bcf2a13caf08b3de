"""The season's figures (`remi_sheet.notebook.season`) on hand-made notebooks worked out by hand."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from remi_sheet.notebook.games import Game
from remi_sheet.notebook.loading import load_notebook
from remi_sheet.notebook.names import similar_names
from remi_sheet.notebook.season import (
    SEASON_COLUMNS,
    RatingHistory,
    Season,
    SeasonRow,
    Versus,
    compute,
    date_problems,
    gather_games,
    in_date_order,
    only_players,
    within,
)
from remi_sheet.reading.cells import address
from tests.conftest import build_notebook

TWO_DEALS = {"deals_per_game": 2}


def _rows(games: Sequence[Game]) -> list[SeasonRow]:
    """The Standings sheet's rows for one notebook's `games`, best first."""
    return list(compute(gather_games(games)).rows)


def _history(games: Sequence[Game]) -> RatingHistory:
    return compute(gather_games(games)).history


def sheet(date: Any, players: Sequence[str], *deals: Sequence[Any]) -> list[list[Any]]:
    """A game sheet: a Date row (when given), the header, the deals numbered from 1."""
    rows: list[list[Any]] = [["Date", date]] if date is not None else []
    rows.append(["Deal", *players])
    rows += [[number, *cells] for number, cells in enumerate(deals, start=1)]
    return rows


# Two deals a game (house rule), default scoring (RULES.md):
#   G1: W 10 20 → −20 10 20;  30 W 5 → 30 −20 10    totals Anna 10, Béla −10, Csaba 30
#       places Béla 1, Anna 2, Csaba 3
#   G2: H 12 X → −40 20 200;  W 40 40 → −20 40 40   totals Anna −60, Béla 60, Dénes 240
#       places Anna 1, Béla 2, Dénes 3 (Anna went hand once, Dénes took a +200)
#   G3: W 10 10 → −20 10 10;  10 10 W → 10 10 −20   totals Anna −10, Béla 20, Csaba −10
#       places Anna 1, Csaba 1 (shared), Béla 3
#   G4: W 30 → −20 30, one deal of two: not finished
CLUB = {
    "G1": sheet("2026-01-01", ["Anna", "Béla", "Csaba"], ["W", 10, 20], [30, "W", 5]),
    "G2": sheet("2026-01-02", ["Anna", "Béla", "Dénes"], ["H", 12, "X"], ["W", 40, 40]),
    "G3": sheet("2026-01-03", ["Anna", "Béla", "Csaba"], ["W", 10, 10], [10, 10, "W"]),
    "G4": sheet("2026-01-04", ["Anna", "Béla"], ["W", 30]),
}


def games_of(path: Path, sheets: dict[str, list[list[Any]]], **rules: Any) -> list[Game]:
    build_notebook(path, sheets, {**TWO_DEALS, **rules})
    return load_notebook(path).games


@pytest.fixture
def club(tmp_path: Path) -> Season:
    return compute(gather_games(games_of(tmp_path / "club.xlsx", CLUB)))


def test_standings_per_player_worked_out(club: Season) -> None:
    anna, bela, csaba, denes = (club.row(name) for name in ("Anna", "Béla", "Csaba", "Dénes"))
    # Anna: −80 in 4 games (one unfinished) and 7 deals, −60 in the 3 complete ones; won G2
    # and shared G3.
    assert (anna.standing.games, anna.standing.complete, anna.standing.wins) == (4, 3, 2)
    assert (anna.standing.deals, anna.standing.total, anna.standing.average) == (7, -80, -20.0)
    assert anna.per_deal == -11.4  # −80 / 7 = −11.43
    assert (anna.standing.hands, anna.standing.plus200) == (1, 0)
    assert anna.places == (2, 1, 0)
    assert (anna.best and anna.best.game, anna.best and anna.best.total) == ("G2", -60)
    assert (anna.worst and anna.worst.game, anna.worst and anna.worst.total) == ("G1", 10)
    assert anna.streak == 2

    assert (bela.standing.games, bela.standing.wins, bela.standing.total) == (4, 1, 100)
    assert bela.standing.average == 23.3  # 70 in the three complete games; G4 is not in it
    assert bela.places == (1, 1, 1)
    assert bela.streak == 1

    assert (csaba.standing.games, csaba.standing.wins, csaba.standing.total) == (2, 1, 20)
    assert csaba.places == (1, 0, 1)
    assert (csaba.best and csaba.best.total, csaba.worst and csaba.worst.total) == (-10, 30)

    assert (denes.standing.total, denes.standing.plus200, denes.places) == (240, 1, (0, 0, 1))
    assert denes.streak == 0


def test_the_season_is_in_the_standings_order_whatever_the_rating_says(club: Season) -> None:
    # Anna 2 wins; Csaba and Béla 1 each, Csaba's average 10 below Béla's 23.3; Dénes none.
    assert [(row.standing.rank, row.name) for row in club.rows] == [
        (1, "Anna"),
        (2, "Csaba"),
        (3, "Béla"),
        (4, "Dénes"),
    ]
    by_rating = compute(club.games, "rating")
    assert by_rating.sort == "rating"
    assert [row.rating.ordinal for row in by_rating.rows] == sorted(
        (row.rating.ordinal for row in club.rows), reverse=True
    )
    # Sorted otherwise, every player keeps the place the standings give them.
    assert {row.name: row.standing.rank for row in by_rating.rows} == {
        row.name: row.standing.rank for row in club.rows
    }


def test_head_to_head_worked_out(club: Season) -> None:
    h2h = club.head_to_head
    # Complete games only: Anna is behind Béla in G1, ahead in G2 and G3.
    assert h2h["Anna"]["Béla"] == Versus(ahead=2, behind=1, tied=0)
    assert h2h["Béla"]["Anna"] == Versus(ahead=1, behind=2, tied=0)
    assert h2h["Anna"]["Csaba"] == Versus(ahead=1, behind=0, tied=1)  # G3 shared
    assert h2h["Béla"]["Csaba"] == Versus(ahead=1, behind=1, tied=0)
    assert h2h["Béla"]["Dénes"] == Versus(ahead=1, behind=0, tied=0)
    assert "Dénes" not in h2h["Csaba"]  # they never met
    assert "Anna" not in h2h["Anna"]


def test_shared_first_place_is_a_win_for_both(club: Season) -> None:
    assert club.row("Anna").places[0] == 2
    assert club.row("Csaba").places[0] == 1
    assert club.row("Csaba").standing.wins == 1


def test_incomplete_and_broken_games_are_listed_apart(tmp_path: Path) -> None:
    broken = sheet("2026-01-05", ["Anna", "Béla"], ["W", "W"])
    season = compute(gather_games(games_of(tmp_path / "c.xlsx", {**CLUB, "Bad": broken})))
    assert [g.label for g in season.incomplete] == ["G4"]
    assert [g.label for g in season.not_counted] == ["Bad"]
    assert [g.label for g in season.complete] == ["G1", "G2", "G3"]
    assert season.row("Anna").standing.games == 4  # the broken game is not counted


def test_rating_favours_the_player_who_wins_every_game(tmp_path: Path) -> None:
    # Anna wins all four games; Béla and Csaba swap second and third.
    sheets = {
        f"G{n}": sheet(
            f"2026-03-0{n}",
            ["Béla", "Anna", "Csaba"],
            [10, "W", 20 if n % 2 else 5],
            [10, "W", 20 if n % 2 else 5],
        )
        for n in range(1, 5)
    }
    season = compute(gather_games(games_of(tmp_path / "r.xlsx", sheets)))
    assert season.rows[0].name == "Anna"
    anna = season.row("Anna")
    assert anna.rating.ordinal > max(r.rating.ordinal for r in season.rows if r is not anna)
    history = season.history.of("Anna")
    assert all(value is not None for value in history)
    assert list(history) == sorted(history, key=lambda v: v or 0.0)  # rising every game
    assert len(set(history)) == 4
    # Every game makes the model surer about everybody.
    assert all(row.rating.sigma < 25 / 3 for row in season.rows)


def test_ties_share_a_rank_in_the_rating(tmp_path: Path) -> None:
    # Béla and Csaba tie in every game: the model cannot tell them apart.
    sheets = {
        f"G{n}": sheet(f"2026-03-0{n}", ["Anna", "Béla", "Csaba"], ["W", 20, 20], ["W", 10, 10])
        for n in range(1, 4)
    }
    season = compute(gather_games(games_of(tmp_path / "t.xlsx", sheets)))
    bela, csaba = season.row("Béla").rating, season.row("Csaba").rating
    assert bela.mu == pytest.approx(csaba.mu)
    assert bela.sigma == pytest.approx(csaba.sigma)


def test_incomplete_games_do_not_change_ratings(tmp_path: Path) -> None:
    unfinished = sheet("2026-01-09", ["Anna", "Béla"], [40, "W"])
    with_it = compute(gather_games(games_of(tmp_path / "a.xlsx", {**CLUB, "G5": unfinished})))
    without = compute(gather_games(games_of(tmp_path / "b.xlsx", CLUB)))
    for name in ("Anna", "Béla", "Csaba", "Dénes"):
        assert with_it.row(name).rating == without.row(name).rating
    assert with_it.history.games == ("G1", "G2", "G3")


def test_a_newcomer_starts_at_zero(tmp_path: Path) -> None:
    only_unfinished = {"G": sheet("2026-01-01", ["Anna", "Béla"], ["W", 10])}
    (anna, _) = _rows(games_of(tmp_path / "n.xlsx", only_unfinished))
    assert anna.rating.ordinal == 0.0
    assert anna.values()[SEASON_COLUMNS.index("rating")] == 0.0


# ------------------------------------------------------------------ the contract


def test_season_table_rows_follow_the_columns(tmp_path: Path) -> None:
    rows = _rows(games_of(tmp_path / "club.xlsx", CLUB))
    assert rows[0].name == "Anna"
    anna = dict(zip(SEASON_COLUMNS, rows[0].values(), strict=True))
    assert anna["player"] == "Anna"
    assert (anna["games"], anna["complete_games"], anna["wins"], anna["total"]) == (4, 3, 2, -80)
    assert (anna["places"], anna["best_game"], anna["worst_game"], anna["streak"]) == (
        "2·1·0",
        -60,
        10,
        2,
    )
    assert isinstance(anna["rating"], float)
    assert isinstance(anna["uncertainty"], float)


def test_rating_history_is_per_player_in_date_order(tmp_path: Path) -> None:
    # Sheets out of date order: G2 first on the sheets but played second.
    sheets = {"G2": CLUB["G2"], "G1": CLUB["G1"], "G3": CLUB["G3"], "G4": CLUB["G4"]}
    history = _history(games_of(tmp_path / "h.xlsx", sheets))
    assert history.games == ("G1", "G2", "G3")
    assert history.dates == (dt.date(2026, 1, 1), dt.date(2026, 1, 2), dt.date(2026, 1, 3))
    assert history.start == 0.0
    assert history.players[0] == "Anna"
    csaba = history.of("csaba")
    assert csaba[1] is None  # Csaba did not play G2
    assert csaba[0] is not None and csaba[2] is not None
    rows = _rows(games_of(tmp_path / "h2.xlsx", sheets))
    assert history.players == tuple(row.name for row in rows)
    assert history.of("Anna")[-1] == pytest.approx(rows[0].rating.ordinal)


# ------------------------------------------------------------------ names


def test_names_fold_across_notebooks_and_the_most_used_spelling_shows(tmp_path: Path) -> None:
    first = games_of(
        tmp_path / "a.xlsx",
        {
            "A1": sheet("2026-01-01", ["Béla", "Anna"], ["W", 10], ["W", 10]),
            "A2": sheet("2026-01-02", ["Bela ", "Anna"], ["W", 10], ["W", 10]),
        },
    )
    second = games_of(
        tmp_path / "b.xlsx",
        {"B1": sheet("2026-01-03", ["BÉLA", "anna"], [10, "W"], [10, "W"])},
    )
    games = gather_games(first, 0, "a") + gather_games(second, 1, "b")
    season = compute(games)
    assert [row.name for row in season.rows] == ["Béla", "Anna"]  # won 2 of 3
    bela = season.row("BELA")
    assert bela.standing.games == 3
    assert bela.standing.wins == 2
    assert bela.spellings[0] == "Béla"  # first of three spellings used once each
    assert set(bela.spellings) == {"Béla", "Bela", "BÉLA"}
    assert season.row("Anna").name == "Anna"  # used twice, "anna" once
    messages = [p.message("en") for p in season.problems]
    assert "'Béla' is written 3 ways (Béla, Bela, BÉLA); they are counted as one player." in (
        " ".join(messages)
    )
    assert [g.label for g in season.games] == ["a · A1", "a · A2", "b · B1"]


def test_similar_names_are_reported_not_merged(tmp_path: Path) -> None:
    games = games_of(
        tmp_path / "s.xlsx",
        {
            "A": sheet("2026-01-01", ["Erzsébet", "Kovács B."], ["W", 10], ["W", 10]),
            "B": sheet("2026-01-02", ["Erszébet", "Kovacs B"], ["W", 10], ["W", 10]),
        },
    )
    season = compute(gather_games(games))
    assert len(season.rows) == 4
    similar = [p.params for p in season.problems if p.code == "names_similar"]
    assert {"first": "Erzsébet", "second": "Erszébet"} in similar
    assert {"first": "Kovács B.", "second": "Kovacs B"} in similar
    (message,) = {p.message("hu") for p in season.problems if "Erzs" in p.params["first"]}
    assert message.startswith("'Erzsébet' és 'Erszébet' hasonló, de két játékosként számolva")


def test_look_alike_names_are_said_at_the_less_used_one(tmp_path: Path) -> None:
    # 'Marry' once beside 'Mary' twice: the warning names the cell where 'Marry' is typed.
    games = games_of(
        tmp_path / "s.xlsx",
        {
            "A": sheet("2026-01-01", ["Mary", "John"], ["W", 10]),
            "B": sheet("2026-01-08", ["John", "Marry"], ["W", 10]),
            "C": sheet("2026-01-15", ["Mary", "John"], ["W", 10]),
        },
    )
    season = compute(gather_games(games))
    (similar,) = [p for p in season.problems if p.code == "names_similar"]
    marry = next(g for g in games if g.sheet == "B")
    column = marry.layout.player_column(1)
    assert (similar.sheet, similar.cell) == ("B", address(marry.layout.header_row, column))


@pytest.mark.parametrize(
    ("a", "b", "alike"),
    [
        ("Anna", "Anan", True),  # neighbours swapped
        ("Anna", "Annna", True),  # one added
        ("Gábor", "Gabi", False),
        ("Ede", "Edit", False),  # too short to judge
        ("Kiss Péter", "Kis Péter", True),
        ("Kiss Péter", "Kiss Pál", False),
        ("Őri Ülkü", "Ülkü", True),  # one shortened: its words some of the other's
        ("Ülkü", "ŐRI ülkü", True),
        ("Kiss Anna Mária", "Kiss Anna", True),
        ("Kiss Anna", "Nagy Anna", False),  # a word shared, neither the other shortened
    ],
)
def test_similar_names_rule(a: str, b: str, alike: bool) -> None:
    assert bool(similar_names([a, b])) is alike


# ------------------------------------------------------------------ dates and order


def test_games_are_ordered_by_date_then_sheet_and_undated_stay_after_their_neighbour(
    tmp_path: Path,
) -> None:
    two = [["W", 10], ["W", 10]]
    games = games_of(
        tmp_path / "o.xlsx",
        {
            "late": sheet("2026. 02. 01.", ["Anna", "Béla"], *two),
            "undated": sheet(None, ["Anna", "Béla"], *two),
            "early": sheet(dt.datetime(2026, 1, 1, 20, 0), ["Anna", "Béla"], *two),
            "same day": sheet("01/01/2026", ["Anna", "Béla"], *two),
            "bad date": sheet("tegnap", ["Anna", "Béla"], *two),
        },
    )
    ordered = in_date_order(gather_games(games))
    assert [g.label for g in ordered] == ["early", "same day", "bad date", "late", "undated"]
    problems = date_problems(gather_games(games))
    assert [(p.sheet, p.code, p.severity.value) for p in problems] == [
        ("undated", "date_missing", "warning")
    ]
    # The date that cannot be read is the game's own warning, at its cell. ("same day"
    # holds the same deals as "early" on the same day: it is also told as a copy.)
    problems = [p for game in games for p in game.problems if p.code != "game_copy"]
    assert [p.sheet for game in games for p in game.problems if p.code == "game_copy"] == [
        "same day"
    ]
    assert [(p.sheet, p.cell, p.code, p.severity.value) for p in problems] == [
        ("bad date", "B1", "date_unreadable", "warning")
    ]
    assert problems[0].message("en") == (
        "The date 'tegnap' cannot be read: type it as 2026-11-29, 29/11/2026, 2026. 11. 29., "
        "or as an Excel date. The game is placed by sheet order meanwhile."
    )
    assert "A 'tegnap' dátum nem olvasható" in problems[0].message("hu")


def test_within_dates_leaves_out_undated_games(tmp_path: Path) -> None:
    undated = sheet(None, ["A", "B"], ["W", 10])
    games = gather_games(games_of(tmp_path / "w.xlsx", {**CLUB, "X": undated}))
    kept = within(games, dt.date(2026, 1, 2), dt.date(2026, 1, 3))
    assert [g.label for g in kept] == ["G2", "G3"]
    assert [g.label for g in within(games, None, None)] == ["G1", "G2", "G3", "G4", "X"]
    (problem,) = date_problems(games, filtered=True)
    assert problem.code == "date_missing_left_out"


def test_an_undated_game_is_told_at_its_empty_date_cell_and_one_not_started_not_at_all(
    tmp_path: Path,
) -> None:
    # As `remi new` leaves them: a Date row with nothing typed beside its label.
    empty_date = [["Dátum"], ["Helyszín"], [], ["Leosztás", "Anna", "Béla"]]
    games = games_of(
        tmp_path / "u.xlsx",
        {"played": [*empty_date, [1, "W", 10]], "not started": [*empty_date, [1]]},
    )
    problems = date_problems(gather_games(games))
    assert [(p.sheet, p.cell, p.code) for p in problems] == [("played", "B1", "date_missing")]


def test_only_players_keeps_their_rows_and_ratings(club: Season) -> None:
    shown = only_players(club, ["anna", "CSABA"])
    assert [row.name for row in shown.rows] == ["Anna", "Csaba"]
    assert set(shown.head_to_head) == {"Anna", "Csaba"}
    assert set(shown.head_to_head["Anna"]) == {"Csaba"}
    assert shown.history.players == ("Anna", "Csaba")
    assert shown.row("Anna").rating == club.row("Anna").rating


def test_season_game_from_a_notebook_with_wrong_rules_is_not_counted(tmp_path: Path) -> None:
    games = games_of(tmp_path / "r.xlsx", CLUB)
    marked = gather_games(games, rules_ok=False)
    assert not any(g.counted for g in marked)
    assert compute(marked).rows == ()


def test_empty_season() -> None:
    season = compute([])
    assert season.rows == ()
    assert season.history.games == ()
    assert season.head_to_head == {}
