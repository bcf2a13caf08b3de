"""The best opening of a hand: which melds to lay down first for the most points, and every
other way to open, under the house rules. Pure: cards in, openings out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from remi_sheet.core.cards import ACE, JOKER, Card, Suit
from remi_sheet.core.melds import (
    LOW_ACE,
    MIN_MELD,
    RUN_MAX,
    SET_MAX,
    Meld,
    Opening,
    card_at,
    check_meld,
    place_value,
)
from remi_sheet.core.rules import HouseRules

ALTERNATIVES_SHOWN: Final = 50
_ALTERNATIVES_CAP: Final = 10_000  # stop enumerating: a joker-rich hand has very many


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A meld that can be built from the hand: which natural cards, how many jokers."""

    mask: int  # one bit per distinct natural card of the hand
    jokers: int
    value: int
    clean_run: bool = False  # a run without a joker (`opening_needs_clean_run`)


class _Hand:
    """A hand as bit masks: `ones` has a bit for every card held, `twos` for those held twice."""

    def __init__(self, hand: Sequence[Card]) -> None:
        counts = Counter(card for card in hand if not card.is_joker)
        self.cards = sorted(counts)
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.ones = sum(1 << i for i in range(len(self.cards)))
        self.twos = sum(1 << i for i, card in enumerate(self.cards) if counts[card] > 1)
        self.jokers = len(hand) - sum(counts.values())

    def bits(self, cards: Iterable[Card]) -> int:
        return sum(1 << self.index[card] for card in cards)

    def naturals(self, mask: int) -> list[Card]:
        return [card for i, card in enumerate(self.cards) if mask >> i & 1]


def candidates(hand: _Hand, rules: HouseRules) -> list[_Candidate]:
    """Every meld the hand can make, once per (natural cards, jokers), at its best value."""
    best: dict[tuple[int, int], int] = {}
    most = rules.jokers_per_meld
    for naturals, jokers, value in [*_set_options(hand, rules), *_run_options(hand, rules)]:
        if most is not None and jokers > most:
            continue
        key = (hand.bits(naturals), jokers)
        best[key] = max(best.get(key, 0), value)
    return [
        _Candidate(mask, jokers, value, jokers == 0 and _one_suit(hand.naturals(mask)))
        for (mask, jokers), value in best.items()
    ]


def _one_suit(cards: list[Card]) -> bool:
    # Three or more cards of one suit, no two alike, are a run: a set has different suits.
    return len({card.suit for card in cards}) == 1


def _set_options(hand: _Hand, rules: HouseRules) -> Iterator[tuple[list[Card], int, int]]:
    for rank in range(2, ACE + 1):
        held = [card for card in hand.cards if card.rank == rank]
        for count in range(1, len(held) + 1):
            for naturals in combinations(held, count):
                for size in range(max(MIN_MELD, count), SET_MAX + 1):
                    if size - count <= hand.jokers:
                        yield list(naturals), size - count, size * place_value(rank, rules)


def _run_options(hand: _Hand, rules: HouseRules) -> Iterator[tuple[list[Card], int, int]]:
    for suit in Suit:
        held = {card.rank for card in hand.cards if card.suit == suit}
        if ACE in held:
            held.add(LOW_ACE)
        for low in range(LOW_ACE, ACE - 1):
            yield from _runs_from(low, suit, held, hand.jokers, rules)


def _runs_from(
    low: int, suit: Suit, held: set[int], jokers: int, rules: HouseRules
) -> Iterator[tuple[list[Card], int, int]]:
    """Runs of `suit` starting at `low`, with jokers for missing cards and, to free a card
    for another meld, in place of held ones."""
    for high in range(low + MIN_MELD - 1, min(low + RUN_MAX, ACE + 1)):
        places = range(low, high + 1)
        present = [p for p in places if p in held]
        missing = len(places) - len(present)
        if missing > jokers:
            return  # a longer run misses at least as many
        value = sum(place_value(p, rules) for p in places)
        for extra in range(min(jokers - missing, len(present) - 1) + 1):
            for replaced in combinations(present, extra):
                kept = [card_at(p, suit) for p in present if p not in replaced]
                yield kept, missing + extra, value


class _Search:
    """The most valuable set of disjoint candidates, by memoised search over what is left.

    A state is what is left of the hand (two masks and the jokers). The lowest card left is
    either left over or in a meld whose lowest card it is; trying both covers every choice
    exactly once, and memoising makes it exact without trying every partition.
    """

    def __init__(self, hand: _Hand, rules: HouseRules) -> None:
        self.hand = hand
        self.by_low: dict[int, list[_Candidate]] = {}
        for candidate in sorted(candidates(hand, rules), key=lambda c: -c.value):
            low = (candidate.mask & -candidate.mask).bit_length() - 1
            self.by_low.setdefault(low, []).append(candidate)
        self.memo: dict[tuple[int, int, int], tuple[int, _Candidate | None]] = {}

    def best(self, ones: int, twos: int, jokers: int) -> int:
        """The most the cards left can be worth in melds."""
        return self._solve(ones, twos, jokers)[0]

    def _solve(self, ones: int, twos: int, jokers: int) -> tuple[int, _Candidate | None]:
        key = (ones, twos, jokers)
        if key not in self.memo:
            self.memo[key] = self._branch(ones, twos, jokers)
        return self.memo[key]

    def _branch(self, ones: int, twos: int, jokers: int) -> tuple[int, _Candidate | None]:
        if not ones:
            return 0, None
        low_bit = ones & -ones
        result: tuple[int, _Candidate | None] = (
            self.best(ones & ~low_bit, twos & ~low_bit, jokers),
            None,
        )
        for candidate in self.by_low.get(low_bit.bit_length() - 1, ()):
            if candidate.mask & ~ones or candidate.jokers > jokers:
                continue
            value = candidate.value + self.best(*_take(ones, twos, jokers, candidate))
            if value > result[0]:
                result = (value, candidate)
        return result

    def chosen(self, needs_clean_run: bool = False) -> list[_Candidate]:
        """The candidates of the best solution for the whole hand; `needs_clean_run`: the
        best of those that hold a run without a joker, when the hand has one."""
        state = (self.hand.ones, self.hand.twos, self.hand.jokers)
        best = self.completed(state)
        if not needs_clean_run or any(candidate.clean_run for candidate in best):
            return best
        clean = [c for group in self.by_low.values() for c in group if c.clean_run]
        if not clean:
            return best
        first = max(clean, key=lambda c: c.value + self.best(*_take(*state, c)))
        return [first, *self.completed(_take(*state, first))]

    def completed(self, state: tuple[int, int, int]) -> list[_Candidate]:
        """The candidates of the best solution for what is left in `state`."""
        picked = []
        while state[0]:
            _, candidate = self._solve(*state)
            if candidate is None:
                low_bit = state[0] & -state[0]
                state = (state[0] & ~low_bit, state[1] & ~low_bit, state[2])
            else:
                picked.append(candidate)
                state = _take(*state, candidate)
        return picked


def _take(ones: int, twos: int, jokers: int, candidate: _Candidate) -> tuple[int, int, int]:
    """What is left after laying down `candidate`: one copy of each of its cards goes."""
    mask = candidate.mask
    return ones & ~(mask & ~twos), twos & ~mask, jokers - candidate.jokers


def best_opening(hand: Sequence[Card], rules: HouseRules) -> Opening:
    """The disjoint melds of highest total value that `hand` can lay down.

    `hand` is one that `hand_errors` accepts (every card with its suit)."""
    cards = _Hand(hand)
    search = _Search(cards, rules)
    return _opening(cards, search.chosen(rules.opening_needs_clean_run), hand, rules)


def openings(
    hand: Sequence[Card], rules: HouseRules, limit: int = ALTERNATIVES_SHOWN
) -> tuple[Opening, list[Opening], int]:
    """The best opening; the other maximal openings that reach the minimum, most valuable
    first (at most `limit`); and how many such openings there are (counted up to a cap)."""
    cards = _Hand(hand)
    search = _Search(cards, rules)
    clean = rules.opening_needs_clean_run
    best = search.chosen(clean)
    found = [
        chosen
        for chosen in _Enumeration(search, rules.opening_minimum).run()
        if Counter(chosen) != Counter(best) and (not clean or any(c.clean_run for c in chosen))
    ]
    found.sort(key=lambda chosen: (-sum(c.value for c in chosen), sum(c.jokers for c in chosen)))
    shown = [_opening(cards, chosen, hand, rules) for chosen in found[:limit]]
    return _opening(cards, best, hand, rules), shown, len(found)


class _Enumeration:
    """Every maximal set of disjoint candidates worth at least `minimum`, each once.

    Maximal: no card left over could be laid down, neither as a new meld nor added to one
    of the melds; otherwise every shorter run would be listed as another way to open.
    """

    def __init__(self, search: _Search, minimum: int) -> None:
        self.search = search
        self.minimum = minimum
        self.every = [c for group in search.by_low.values() for c in group]
        self.found: list[list[_Candidate]] = []

    def run(self) -> list[list[_Candidate]]:
        hand = self.search.hand
        self._walk((hand.ones, hand.twos, hand.jokers), (0, 0), [], 0)
        return self.found

    def _walk(
        self,
        state: tuple[int, int, int],
        left: tuple[int, int],
        chosen: list[_Candidate],
        start: int,
    ) -> None:
        ones, twos, jokers = state
        value = sum(c.value for c in chosen)
        if len(self.found) >= _ALTERNATIVES_CAP or value + self.search.best(*state) < self.minimum:
            return
        if not ones:
            if self._maximal(left, jokers, chosen):
                self.found.append(list(chosen))
            return
        low_bit = ones & -ones
        kept = (left[0] | low_bit, left[1] | (twos & low_bit))
        self._walk((ones & ~low_bit, twos & ~low_bit, jokers), kept, chosen, 0)
        group = self.search.by_low.get(low_bit.bit_length() - 1, [])
        for position in range(start, len(group)):
            candidate = group[position]
            if candidate.mask & ~ones or candidate.jokers > jokers:
                continue
            after = _take(ones, twos, jokers, candidate)
            # The same lowest card may start a second meld (two copies): only later ones, so
            # that no pair of melds is found in both orders.
            again = position if after[0] & low_bit else 0
            self._walk(after, left, [*chosen, candidate], again)

    def _maximal(self, left: tuple[int, int], jokers: int, chosen: list[_Candidate]) -> bool:
        """Whether nothing left over can be laid down: no new meld, no card added to one."""
        if any(c.jokers <= jokers and not c.mask & ~left[0] for c in self.every):
            return False
        return not any(self._grows(meld, left[0], jokers) for meld in chosen)

    def _grows(self, meld: _Candidate, left: int, jokers: int) -> bool:
        room = meld.mask | left
        return any(
            c != meld
            and c.mask & meld.mask == meld.mask
            and not c.mask & ~room
            and meld.jokers <= c.jokers <= meld.jokers + jokers
            for c in self.every
        )


def _opening(
    hand: _Hand, chosen: list[_Candidate], cards: Sequence[Card], rules: HouseRules
) -> Opening:
    melds = tuple(_meld_of(hand, candidate, rules) for candidate in chosen)
    used = Counter(card for meld in melds for card in meld.cards)
    left = Counter(cards) - used
    return Opening(
        melds, tuple(sorted(left.elements())), rules.opening_minimum, rules.opening_needs_clean_run
    )


def _meld_of(hand: _Hand, candidate: _Candidate, rules: HouseRules) -> Meld:
    """The candidate as a checked meld, written in the order of its best reading."""
    naturals = hand.naturals(candidate.mask)
    reading = check_meld([*naturals, *[Card(JOKER)] * candidate.jokers], rules).best
    assert reading is not None and reading.value == candidate.value
    written = [Card(JOKER) if card in reading.stand_ins else card for card in reading.cards]
    return check_meld(written, rules)
