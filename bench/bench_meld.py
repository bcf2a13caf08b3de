"""How fast `remi meld --hand` finds the best opening: 15-card hands with two jokers.

Deals seeded random hands (13 cards from two packs plus two jokers), times the opening
finder on each and prints the median and the slowest time per hand; PASS when every hand
is answered within 0.1 s, else FAIL and exit code 1. Crowded hands (many neighbouring
cards of few suits, the finder's worst case) are timed too, and must pass as well.

Run: .venv/bin/python bench/bench_meld.py [--hands N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from remi_sheet.core.cards import ACE, JOKER, Card, Suit
from remi_sheet.core.openings import best_opening
from remi_sheet.core.rules import HouseRules

LIMIT = 0.1  # seconds per hand
JOKERS = [Card(JOKER)] * 2
DECK = [Card(rank, suit) for rank in range(2, ACE + 1) for suit in Suit] * 2


def random_hand(rng: random.Random) -> list[Card]:
    return [*rng.sample(DECK, 13), *JOKERS]


def crowded_hand(rng: random.Random) -> list[Card]:
    """13 cards from five neighbouring ranks in two suits: many sets and runs overlap."""
    low = rng.randint(2, ACE - 4)
    suits = rng.sample(list(Suit), 2)
    pool = [Card(rank, suit) for rank in range(low, low + 5) for suit in suits] * 2
    return [*rng.sample(pool, 13), *JOKERS]


def timed(hands: Sequence[Sequence[Card]], rules: HouseRules) -> list[float]:
    times = []
    for hand in hands:
        start = time.perf_counter()
        best_opening(hand, rules)
        times.append(time.perf_counter() - start)
    return times


def report(name: str, deal: Callable[[random.Random], list[Card]], count: int, seed: int) -> bool:
    rng = random.Random(seed)
    hands = [deal(rng) for _ in range(count)]
    times = timed(hands, HouseRules())
    median, slowest = statistics.median(times), max(times)
    verdict = "PASS" if slowest < LIMIT else "FAIL"
    print(
        f"{name:8} {count} hands of 15 cards (2 jokers): median {median * 1000:.2f} ms, "
        f"max {slowest * 1000:.2f} ms per hand; limit {LIMIT * 1000:.0f} ms: {verdict}"
    )
    return slowest < LIMIT


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=20240601)
    options = parser.parse_args()
    results = [
        report("random", random_hand, options.hands, options.seed),
        report("crowded", crowded_hand, options.hands // 5, options.seed),
    ]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
