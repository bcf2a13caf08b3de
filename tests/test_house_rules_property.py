"""A property test: games under random combinations of every house rule, checked by remi
(`check_game`, the path every notebook and import takes) against a scoring written here,
separately, from docs/rules.md. Nothing of `remi_sheet.core.scoring` is used on the
expected side.

Each game draws its rules (Hungarian or English names, value words in either language),
2 to 6 players (three packs mostly with five or six), and deals whose losers' hands are
dealt from the physical deck the rules describe, so that every deal is one a table can
play. A loser's cell is the cards, their points, `X` with either, or `X` alone where the
rules score it; now and then a whole deal is typed as the paper's score row. Games to a
limit go on until a total reaches it, and sometimes one deal more, which must be refused.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from remi_sheet.core.rules import HouseRules, check_consistent, with_rule
from remi_sheet.i18n import say
from remi_sheet.notebook.games import check_game
from remi_sheet.notebook.layout import find_game
from remi_sheet.notebook.records_check import NO_FORMULAS
from remi_sheet.reading.grid import Grid

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
HUNGARIAN = {"J": "B", "Q": "D", "A": "Á"}
SUITS = ["♠", "♣", "♥", "♦"]
JOKER = "Jo"
HAND = 14
RUNS = 4  # seeds a run
GAMES = 600  # a seed; four seeds: over 10,000 deals


# --- the rules of docs/rules.md, written again ------------------------------------------


@dataclass
class Rules:
    """The house rules as docs/rules.md lists them, with their defaults."""

    packs: int = 2
    jokers: int = 4
    deals_per_game: int = 7
    game_end: str = "deals"
    points_limit: int = 500
    ace_value: int = 10
    low_ace_value: int = 1
    joker_in_hand: int = 20
    hand_win: int = -40
    normal_win: int = -20
    not_down_after_hand: int = 200
    not_down_after_normal: int | None = None  # None: "points"
    hand_multiplier: int = 2
    round_before_doubling: bool = True
    rounding: str = "nearest-ten-half-up"
    max_players: int = 6
    opening_minimum: int = 50
    jokers_per_meld: int | None = None
    opening_needs_clean_run: bool = False
    typed: dict[str, Any] = field(default_factory=dict)  # as written on the Rules sheet


def card_value(card: tuple[str, str | None], rules: Rules) -> int:
    """docs/rules.md, "Card values": face value, 10 for a face card, the ace and the joker
    by their rules."""
    rank, _ = card
    if rank == JOKER:
        return rules.joker_in_hand
    if rank == "A":
        return rules.ace_value
    if rank in ("J", "Q", "K"):
        return 10
    return int(rank)


def to_ten(points: int) -> int:
    """Nearest ten, halves up: 0–4 → 0, 5–14 → 10, 25 → 30."""
    tens, units = divmod(points, 10)
    return tens * 10 + (10 if units >= 5 else 0)


def rounded(points: int, rules: Rules) -> int:
    return points if rules.rounding == "none" else to_ten(points)


def loser_expected(points: int | None, laid_down: bool, hand: bool, rules: Rules) -> int:
    """docs/rules.md, "Scoring one deal"."""
    if hand:
        if not laid_down:
            return rules.not_down_after_hand
        assert points is not None
        if rules.rounding == "none":
            return points * rules.hand_multiplier
        if rules.round_before_doubling:
            return to_ten(points) * rules.hand_multiplier
        return to_ten(points * rules.hand_multiplier)
    if not laid_down and rules.not_down_after_normal is not None:
        return rules.not_down_after_normal
    assert points is not None
    return rounded(points, rules)


def places(totals: list[int]) -> list[int]:
    """Lowest first; equal totals share a place and the next is skipped."""
    return [1 + sum(other < total for other in totals) for total in totals]


# --- drawing games -----------------------------------------------------------------------

_HU = {
    "packs": "csomagok száma",
    "jokers": "jokerek száma",
    "deals_per_game": "leosztások száma",
    "game_end": "játszma vége",
    "points_limit": "ponthatár",
    "ace_value": "ász értéke",
    "low_ace_value": "alsó ász értéke",
    "joker_in_hand": "kézben maradt joker",
    "hand_win": "kézből nyerés",
    "normal_win": "normál nyerés",
    "not_down_after_hand": "le nem rakott hand után",
    "not_down_after_normal": "le nem rakott normál után",
    "hand_multiplier": "hand szorzó",
    "round_before_doubling": "kerekítés duplázás előtt",
    "rounding": "kerekítés",
    "max_players": "legtöbb játékos",
    "opening_minimum": "nyitás minimum",
    "jokers_per_meld": "joker kirakásonként",
    "opening_needs_clean_run": "nyitáshoz tiszta sor",
}
_WORDS = {
    ("game_end", "deals"): ("deals", "leosztások"),
    ("game_end", "limit"): ("limit", "ponthatár"),
    ("rounding", "none"): ("none", "nincs"),
    ("rounding", "nearest-ten-half-up"): ("nearest-ten-half-up", "tízesre"),
    ("not_down_after_normal", None): ("points", "lappont"),
    ("jokers_per_meld", None): ("no limit", "nincs korlát"),
    ("bool", True): ("yes", "igen"),
    ("bool", False): ("no", "nem"),
}


def draw_rules(rng: random.Random, players: int) -> Rules:
    rules = Rules()
    rules.packs = 3 if players >= 5 and rng.random() < 0.6 else rng.choice([2, 2, 3])
    rules.jokers = rng.randint(0, 3 * rules.packs)
    rules.deals_per_game = rng.randint(1, 12)
    rules.game_end = rng.choice(["deals", "limit"])
    rules.points_limit = rng.choice([60, 150, 250, 400, 500, 1000])
    rules.ace_value = rng.randint(1, 20)
    rules.low_ace_value = rng.randint(1, rules.ace_value)
    rules.joker_in_hand = rng.choice([0, 5, 10, 12, 20, 25, 50, 100])
    rules.hand_win = rng.choice([-40, -50, -100, -1])
    rules.normal_win = rng.choice([w for w in (-20, -10, -30, -2) if w != rules.hand_win])
    rules.not_down_after_hand = rng.choice([200, 150, 100, 1, 1000])
    rules.not_down_after_normal = rng.choice([None, None, 100, 0, 75, 200])
    rules.hand_multiplier = rng.randint(1, 10)
    rules.round_before_doubling = rng.random() < 0.5
    rules.rounding = rng.choice(["nearest-ten-half-up", "nearest-ten-half-up", "none"])
    rules.max_players = rng.randint(players, 6)
    rules.opening_minimum = rng.choice([50, 51, 40])
    rules.jokers_per_meld = rng.choice([None, 0, 1, 2])
    rules.opening_needs_clean_run = rng.random() < 0.5
    defaults = Rules()
    for name, hungarian in _HU.items():
        value = getattr(rules, name)
        if value == getattr(defaults, name) and rng.random() < 0.5:
            continue  # left at its default: not on the sheet
        lang = rng.randrange(2)
        key = (("bool" if isinstance(value, bool) else name), value)
        typed: Any = _WORDS[key][lang] if key in _WORDS else value
        if isinstance(typed, int) and rng.random() < 0.3:
            typed = str(typed)
        rules.typed[hungarian if lang else name] = typed
    return rules


def deck(rules: Rules) -> list[tuple[str, str | None]]:
    cards: list[tuple[str, str | None]] = [
        (rank, suit) for rank in RANKS for suit in SUITS for _ in range(rules.packs)
    ]
    return cards + [(JOKER, None)] * rules.jokers


def written(cards: list[tuple[str, str | None]], rng: random.Random) -> str:
    """Cards as people write them: with or without suits, English or Hungarian letters."""
    hungarian = rng.random() < 0.3
    bare = rng.random() < 0.2
    parts = []
    for rank, suit in cards:
        if rank == JOKER:
            parts.append(JOKER)
            continue
        shown = HUNGARIAN.get(rank, rank) if hungarian else rank
        parts.append(shown if bare else shown + (suit or ""))
    return " ".join(parts)


@dataclass
class Deal:
    cells: list[Any]
    scores: list[int]


def draw_deal(rng: random.Random, players: int, rules: Rules) -> Deal:
    """One deal a table can play: its cells as typed and its scores by docs/rules.md."""
    winner = rng.randrange(players)
    hand = rng.random() < 0.3
    pack = deck(rules)
    rng.shuffle(pack)
    cells: list[Any] = []
    scores: list[int] = []
    for player in range(players):
        if player == winner:
            cells.append(rng.choice(["H", "kézből", "hand"] if hand else ["W", "nyert", "win"]))
            scores.append(rules.hand_win if hand else rules.normal_win)
            continue
        held = [pack.pop() for _ in range(rng.randint(0, min(HAND, len(pack))))]
        points = sum(card_value(card, rules) for card in held)
        laid_down = rng.random() < 0.7
        alone = not laid_down and (hand or rules.not_down_after_normal is not None)
        style = rng.random()
        if laid_down:
            cell: Any = written(held, rng) if held and style < 0.5 else points
            if isinstance(cell, int) and style < 0.7:
                cell = str(cell)
        elif alone and style < 0.4:
            cell = "X"
        elif held and style < 0.7:
            cell = "X " + written(held, rng)
        else:
            cell = f"X {points}"
        cells.append(cell)
        scores.append(loser_expected(points, laid_down, hand, rules))
    if rng.random() < 0.15:
        cells = list(scores)  # the paper's score row
    return Deal(cells, scores)


@dataclass
class Drawn:
    rules: Rules
    players: list[str]
    deals: list[Deal]
    after_end: bool  # one deal typed after a limit game ended


def draw_game(rng: random.Random) -> Drawn:
    players = rng.choice([2, 3, 4, 5, 5, 6, 6])
    rules = draw_rules(rng, players)
    names = ["Anna", "Béla", "Csaba", "Dóra", "Emese", "Feri"][:players]
    deals: list[Deal] = []
    totals = [0] * players
    after_end = False
    if rules.game_end == "limit":
        # play until a total reaches the limit, or stop a little before now and then
        stop = rng.random() < 0.2
        while len(deals) < 40 and not (stop and rng.random() < 0.2):
            deal = draw_deal(rng, players, rules)
            deals.append(deal)
            totals = [a + b for a, b in zip(totals, deal.scores, strict=True)]
            if max(totals) >= rules.points_limit:
                if rng.random() < 0.2:
                    deals.append(draw_deal(rng, players, rules))
                    after_end = True
                break
    else:
        played = (
            rules.deals_per_game if rng.random() < 0.7 else rng.randint(0, rules.deals_per_game)
        )
        deals = [draw_deal(rng, players, rules) for _ in range(played)]
    return Drawn(rules, names, deals, after_end)


def house_rules(drawn: Rules) -> HouseRules:
    rules = HouseRules()
    for name, value in drawn.typed.items():
        rules = with_rule(rules, name, value)
    check_consistent(rules)
    return rules


def expected(drawn: Drawn) -> tuple[list[list[int]], list[int], list[int], bool]:
    """Scores of the deals that count, totals, places and completeness, by docs/rules.md."""
    rules = drawn.rules
    counted = drawn.deals[:-1] if drawn.after_end else drawn.deals
    scores = [deal.scores for deal in counted]
    totals = [sum(column) for column in zip(*scores, strict=True)] or [0] * len(drawn.players)
    if rules.game_end == "limit":
        running = [0] * len(drawn.players)
        complete = False
        for deal in scores:
            running = [a + b for a, b in zip(running, deal, strict=True)]
            complete = complete or max(running) >= rules.points_limit
    else:
        complete = len(scores) == rules.deals_per_game
    return scores, totals, places(totals), complete


@pytest.mark.parametrize("seed", range(RUNS))
def test_random_house_rules_score_as_docs_rules_md_says(seed: int) -> None:
    rng = random.Random(2100 + seed)
    deals = games_to_limit = three_packs_big = flat = 0
    for number in range(GAMES):
        drawn = draw_game(rng)
        rules = house_rules(drawn.rules)
        header = ["Leosztás" if number % 2 else "Deal", *drawn.players]
        rows = [header, *([n, *deal.cells] for n, deal in enumerate(drawn.deals, start=1))]
        grid = Grid(f"game {number}", rows)
        layout = find_game(grid)
        assert layout is not None
        game = check_game(grid, layout, rules, NO_FORMULAS)
        scores, totals, ranks, complete = expected(drawn)
        context = f"seed {seed} game {number}: {drawn.rules.typed}, rows {rows}"
        codes = [problem.code for problem in game.problems]
        if drawn.after_end:
            assert codes == ["deal_after_end"], context
            assert game.problems[0].cell == f"A{len(drawn.deals) + 1}", context
        else:
            messages = [p.message("en") for p in game.problems]
            assert codes == [], f"{context}: {messages}"
        assert [list(deal.score.scores) for deal in game.deals] == scores, context
        assert list(game.score.totals) == totals, context
        assert list(game.score.ranks) == ranks, context
        assert game.score.complete == complete, context
        deals += len(scores)
        games_to_limit += drawn.rules.game_end == "limit"
        three_packs_big += drawn.rules.packs == 3 and len(drawn.players) >= 5
        flat += drawn.rules.not_down_after_normal is not None
    # every kind of game was played, and enough deals: four seeds, over 10,000
    assert deals >= 2600 and games_to_limit >= 100 and three_packs_big >= 40 and flat >= 80
    assert say("rulename_packs", "hu") == _HU["packs"]
