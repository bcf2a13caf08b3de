"""The deck as data: what the packs and jokers of a table hold, and what that makes possible
(docs/rules.md, "The deck").

`packs` packs of French cards hold every card `packs` times (each rank `4 × packs` times),
and `jokers` jokers beside them. Every bound remi checks follows from that: the most a hand
of 14 cards left in hand can be worth is the sum of the 14 most valuable cards *that exist*
(two packs hold 8 aces, not 14), the most several losers' hands can hold together is the sum
of that many more, and a card list can hold no more copies of a card than the deck. The
cell check (`check_hand`), the deal check (`scoring`) and the score-row check all ask here.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from remi_sheet.core.cards import ACE, JOKER, RANK_NAMES, Card, hand_value
from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.rules import HouseRules

HAND_SIZE: Final = 14  # cards a loser holds at most (the opener's 15th is discarded first)
SUITS: Final = 4
_TOPS: Final = 8  # more than the losers of the largest table (`max_players` is at most 6)


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards a table plays with and what a card left in hand is worth."""

    packs: int
    jokers: int
    # (value, how many cards of the deck have it), most valuable first
    values: tuple[tuple[int, int], ...]
    # `most(hands)` for every count of losers a table can have, found once: a notebook's
    # deals ask for it by the thousand.
    tops: tuple[int, ...] = ()

    @property
    def copies(self) -> int:
        """Copies of one card (a rank with its suit)."""
        return self.packs

    @property
    def rank_copies(self) -> int:
        """Cards of one rank, suits together."""
        return SUITS * self.packs

    @property
    def hand_most(self) -> int:
        """The most one loser's hand can be worth (180 with the default rules)."""
        return self.most(1)

    def most(self, hands: int) -> int:
        """The most `hands` hands of 14 cards can be worth together: the sum of the
        `14 × hands` most valuable cards of the deck."""
        if hands < len(self.tops):
            return self.tops[hands]
        return _top(self.values, HAND_SIZE * hands)

    def overfull(self, points: Sequence[int]) -> tuple[int, int] | None:
        """Whether losers' card points are more than their hands can hold together: the
        fewest hands `m` whose largest points add up to more than `most(m)`, with that
        most; None when they fit."""
        if sum(points) <= self.most(1):  # then every few of them fit too
            return None
        total = 0
        for hands, value in enumerate(sorted(points, reverse=True), start=1):
            total += value
            most = self.most(hands)
            if total > most:
                return hands, most
        return None

    def excess(self, cards: Sequence[Card]) -> Problem | None:
        """Why `cards` cannot all be in the deck at once, or None: more jokers than the
        table has, more copies of a card written with its suit than the packs hold, more
        cards of a rank than its four suits hold. A card without a suit may be any suit."""
        # By the rank, not `is_joker`: every deal with two card lists comes through here.
        plain = [card for card in cards if card.rank != JOKER]
        if (
            len(cards) - len(plain) <= self.jokers
            and len(plain) <= self.rank_copies
            and len(set(plain)) == len(plain)
        ):
            return None  # no card twice, and too few for any rank to overflow: most deals
        jokers = 0
        ranks: Counter[int] = Counter()
        suited: Counter[Card] = Counter()
        for card in cards:
            if card.is_joker:
                jokers += 1
                continue
            ranks[card.rank] += 1
            if card.suit is not None:
                suited[card] += 1
        if jokers > self.jokers:
            return Problem("cards_too_many_jokers", params={"count": jokers, "most": self.jokers})
        for card, count in sorted(suited.items()):
            if count > self.copies:
                params = {"card": str(card), "count": count, "most": self.copies}
                return Problem("cards_too_many_copies", params={**params, "packs": self.packs})
        for rank, count in sorted(ranks.items()):
            if count > self.rank_copies:
                params = {"rank": RANK_NAMES[rank], "count": count, "most": self.rank_copies}
                return Problem("cards_too_many_of_rank", params={**params, "packs": self.packs})
        return None


def deck_of(rules: HouseRules) -> Deck:
    """The deck `rules` play with."""
    # Keyed by the four numbers it depends on: hashing the whole rule set costs more.
    return _deck(rules.packs, rules.jokers, rules.ace_value, rules.joker_in_hand)


@functools.lru_cache(maxsize=256)
def _deck(packs: int, jokers: int, ace_value: int, joker_in_hand: int) -> Deck:
    rules = HouseRules(ace_value=ace_value, joker_in_hand=joker_in_hand)
    counts: Counter[int] = Counter()
    for rank in range(2, ACE + 1):
        counts[hand_value(Card(rank), rules)] += SUITS * packs
    counts[hand_value(Card(JOKER), rules)] += jokers
    values = tuple(sorted(((v, n) for v, n in counts.items() if n), reverse=True))
    tops = tuple(_top(values, HAND_SIZE * hands) for hands in range(_TOPS))
    return Deck(packs, jokers, values, tops)


def _top(values: Sequence[tuple[int, int]], cards: int) -> int:
    total = 0
    for value, count in values:
        taken = min(count, cards)
        total += taken * value
        cards -= taken
        if not cards:
            break
    return total


def max_hand_points(rules: HouseRules) -> int:
    """The most that fourteen cards left in hand can be worth (180 with the defaults)."""
    return deck_of(rules).hand_most


def check_hand(cards: Sequence[Card], rules: HouseRules) -> None:
    """`RemiError` when `cards` cannot be one player's hand: more than 14 cards, or more
    jokers, copies of a card or cards of a rank than the deck holds."""
    if len(cards) > HAND_SIZE:
        raise RemiError("cards_too_many", count=len(cards), most=HAND_SIZE)
    if len(cards) <= 2 and all(card.rank != JOKER for card in cards):
        return  # two cards that are no jokers always fit in two packs
    excess = deck_of(rules).excess(cards)
    if excess is not None:
        raise RemiError(excess)
