"""Melds of Hungarian rummy: is a meld valid and what is it worth (the best opening of a hand
is `openings`').

A meld is read as a multiset: the order in which cards are written does not matter, so
`Jo 9♣ 10♣` may be 8♣-9♣-10♣ or 9♣-10♣-J♣. Decisions this module makes (docs/rules.md says
so):

- A meld needs at least one card that is not a joker; `Jo Jo Jo` is no meld.
- A meld may hold several jokers, and two jokers may stand next to each other in a run
  (`5♣ Jo Jo 8♣`). A set of four may hold up to three jokers.
- A run holds one ace at most: it is low (A-2-3, worth `low_ace_value`) or high (Q-K-A,
  worth `ace_value`), never both, so a run has at most 13 cards; K-A-2 never.
- Where jokers can stand for different cards, the reading worth the most wins; on equal
  value a run beats a set, then the higher place wins. `Jo=8♣` pins a joker's card.
- In a set a joker takes a missing suit; which one does not change the value, so the first
  missing suit in the order ♠♣♥♦ is shown.
- An opening is a set of disjoint melds from the hand; a hand holds at most 15 cards (the
  dealer's first hand). The alternatives listed are the *maximal* ones that open: nothing
  left over could be laid down, neither as a new meld nor added to one of their melds, so
  holding back a card or a meld is not another way. The best opening is always reported,
  even when it is not maximal (A♠ Jo Jo is Q-K-A, 30; with 2♠ 3♠ added, A-2-3-4-5 is 15).

Nothing here prints or reads files: the use case is `commands.meld`, the command line
`cli.meld`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from remi_sheet.core.cards import ACE, KING, Card, Suit, parse_cards
from remi_sheet.core.deck import deck_of
from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.rules import HouseRules

OPENING_HAND_MAX: Final = 15  # the dealer starts with 15 cards
MIN_MELD: Final = 3


SET_MAX: Final = len(Suit)


RUN_MAX: Final = 13  # one ace, low or high


LOW_ACE: Final = 1  # the place of an ace in A-2-3


_PIN: Final = re.compile(r"\s*=\s*")


class Kind(StrEnum):
    SET = "set"
    RUN = "run"


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a meld: what it is, the cards it stands for, and its value."""

    kind: Kind
    cards: tuple[Card, ...]  # in order: a run low to high, a set by suit
    stand_ins: tuple[Card, ...]  # what each joker stands for, jokers in the order written
    value: int
    place: int  # lowest place (1 for a low ace); breaks ties between equal values


@dataclass(frozen=True, slots=True)
class Meld:
    """A checked meld: its cards as written, its readings best first, or why it is invalid."""

    cards: tuple[Card, ...]
    readings: tuple[Reading, ...] = ()
    reason: Problem | None = None
    pins: tuple[Card | None, ...] = ()

    @property
    def valid(self) -> bool:
        return bool(self.readings)

    @property
    def best(self) -> Reading | None:
        return self.readings[0] if self.readings else None

    @property
    def value(self) -> int:
        return self.readings[0].value if self.readings else 0

    @property
    def ambiguous(self) -> bool:
        """More than one reading: the jokers could stand for other cards."""
        return len(self.readings) > 1


@dataclass(frozen=True, slots=True)
class MeldReport:
    """Melds laid down together: each checked, their total and whether they open."""

    melds: tuple[Meld, ...]
    errors: tuple[Problem, ...]  # problems of the melds together: copies, jokers
    minimum: int
    needs_clean_run: bool = False  # house rule opening_needs_clean_run

    @property
    def total(self) -> int:
        return sum(meld.value for meld in self.melds)

    @property
    def valid(self) -> bool:
        return not self.errors and all(meld.valid for meld in self.melds)

    @property
    def clean_run_missing(self) -> bool:
        """The rules ask for a run without a joker in the opening, and there is none."""
        return self.needs_clean_run and not any(map(is_clean_run, self.melds))

    @property
    def opens(self) -> bool:
        return self.valid and self.total >= self.minimum and not self.clean_run_missing


@dataclass(frozen=True, slots=True)
class Opening:
    """Disjoint melds from a hand and the cards left over."""

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
    minimum: int
    needs_clean_run: bool = False  # house rule opening_needs_clean_run

    @property
    def total(self) -> int:
        return sum(meld.value for meld in self.melds)

    @property
    def clean_run_missing(self) -> bool:
        return self.needs_clean_run and not any(map(is_clean_run, self.melds))

    @property
    def opens(self) -> bool:
        return self.total >= self.minimum and not self.clean_run_missing


def is_clean_run(meld: Meld) -> bool:
    """A run without a joker: what `opening_needs_clean_run` asks of an opening."""
    best = meld.best
    return best is not None and best.kind is Kind.RUN and not best.stand_ins


def parse_meld(text: str) -> tuple[tuple[Card, ...], tuple[Card | None, ...]]:
    """The cards of one meld and, for each, the card a joker is pinned to by `Jo=8♣`."""
    cards: list[Card] = []
    pins: list[Card | None] = []
    for number, part in enumerate(_PIN.split(text)):
        parsed = list(parse_cards(part, suits_required=True)) if part.strip() else []
        if number > 0:
            if not parsed or not cards or not cards[-1].is_joker or pins[-1] is not None:
                raise RemiError("meld_pin_bad", text=text.strip())
            if parsed[0].is_joker:
                raise RemiError("meld_pin_joker", text=text.strip())
            pins[-1] = parsed.pop(0)
        cards += parsed
        pins += [None] * len(parsed)
    if not cards:
        raise RemiError("card_empty")
    return tuple(cards), tuple(pins)


def place_value(place: int, rules: HouseRules) -> int:
    """The value of the card at `place` of a meld (1: low ace, 2..10, 11..13, 14: ace)."""
    if place == LOW_ACE:
        return rules.low_ace_value
    if place == ACE:
        return rules.ace_value
    return min(place, 10)


def card_at(place: int, suit: Suit) -> Card:
    return Card(ACE if place == LOW_ACE else place, suit)


def check_meld(cards: Sequence[Card], rules: HouseRules, pins: Sequence[Card | None] = ()) -> Meld:
    """Check one meld; `pins[i]` is the card the joker `cards[i]` must stand for, if any."""
    cards = tuple(cards)
    pins = tuple(pins) or (None,) * len(cards)
    reason = _shape_reason(cards) or _jokers_reason(cards, rules)
    if reason is not None:
        return Meld(cards, reason=reason, pins=pins)
    every = readings(cards, rules, pins)
    if every:
        return Meld(cards, every, pins=pins)
    if any(pins):
        unpinned = readings(cards, rules, (None,) * len(cards))
        if unpinned:
            jokers = sum(card.is_joker for card in cards)
            return Meld(cards, reason=_pin_reason(pins, unpinned, jokers), pins=pins)
    return Meld(cards, reason=_reason(cards), pins=pins)


def readings(
    cards: Sequence[Card], rules: HouseRules, pins: Sequence[Card | None]
) -> tuple[Reading, ...]:
    """Every valid reading of `cards` that keeps the pins, best first."""
    naturals = [card for card in cards if not card.is_joker]
    joker_pins = [pin for card, pin in zip(cards, pins, strict=True) if card.is_joker]
    found = [
        *_set_readings(naturals, joker_pins, rules),
        *_run_readings(naturals, joker_pins, rules),
    ]
    ordered = sorted(found, key=lambda r: (r.value, r.kind is Kind.RUN, r.place), reverse=True)
    # A 13-card run may read its ace low or high with the jokers standing for the same
    # cards: that is no choice for the player, so only the reading worth more is kept.
    first = {reading.stand_ins: reading for reading in reversed(ordered)}
    return tuple(reading for reading in ordered if first[reading.stand_ins] is reading)


def _set_readings(
    naturals: list[Card], pins: list[Card | None], rules: HouseRules
) -> Iterator[Reading]:
    rank = naturals[0].rank
    size = len(naturals) + len(pins)
    suits = {card.suit for card in naturals}
    if size > SET_MAX or len(suits) < len(naturals) or any(c.rank != rank for c in naturals):
        return
    missing = [Card(rank, suit) for suit in Suit if suit not in suits]
    stand_ins = _assign(missing, pins)
    if stand_ins is not None:
        suits |= {card.suit for card in stand_ins}
        in_order = tuple(Card(rank, suit) for suit in Suit if suit in suits)
        yield Reading(Kind.SET, in_order, stand_ins, size * place_value(rank, rules), rank)


def _run_readings(
    naturals: list[Card], pins: list[Card | None], rules: HouseRules
) -> Iterator[Reading]:
    suit = naturals[0].suit
    size = len(naturals) + len(pins)
    ranks = [card.rank for card in naturals]
    if suit is None or any(c.suit != suit for c in naturals) or len(set(ranks)) < len(ranks):
        return
    if size > RUN_MAX:
        return
    for low in range(LOW_ACE, ACE - size + 2):
        places = _places(ranks, low, size)
        if places is None:
            continue
        free = [card_at(p, suit) for p in range(low, low + size) if p not in places]
        stand_ins = _assign(free, pins)
        if stand_ins is not None:
            value = sum(place_value(p, rules) for p in range(low, low + size))
            in_order = tuple(card_at(p, suit) for p in range(low, low + size))
            yield Reading(Kind.RUN, in_order, stand_ins, value, low)


def _places(ranks: list[int], low: int, size: int) -> set[int] | None:
    """Where natural cards of these ranks sit in the run `low`..`low+size-1`, if they fit."""
    high = low + size - 1
    places = set()
    for rank in ranks:
        place = rank
        if rank == ACE and low == LOW_ACE:
            place = LOW_ACE
        if not low <= place <= high:
            return None
        places.add(place)
    return places


def _assign(pool: list[Card], pins: list[Card | None]) -> tuple[Card, ...] | None:
    """What each joker stands for: pinned ones their pin, the others the pool in order."""
    left = list(pool)
    chosen: list[Card | None] = [None] * len(pins)
    for index in sorted(range(len(pins)), key=lambda i: _pin_order(pins[i])):
        pin = pins[index]
        match = next((c for c in left if pin is None or _fits(c, pin)), None)
        if match is None:
            return None
        left.remove(match)
        chosen[index] = match
    return tuple(card for card in chosen if card is not None)


def _pin_order(pin: Card | None) -> int:
    # Pins with a suit first, so that a pin without one (`Jo=8`) cannot take their card.
    if pin is None:
        return 2
    return 0 if pin.suit else 1


def _fits(card: Card, pin: Card) -> bool:
    return card.rank == pin.rank and (pin.suit is None or pin.suit == card.suit)


def _shape_reason(cards: tuple[Card, ...]) -> Problem | None:
    """What rules out every reading at once: no suit, too few cards, only jokers."""
    for card in cards:
        if not card.is_joker and card.suit is None:
            return Problem("card_no_suit", params={"card": str(card)})
    if len(cards) < MIN_MELD:
        return Problem("meld_too_few", params={"count": len(cards)})
    if all(card.is_joker for card in cards):
        return Problem("meld_only_jokers")
    return None


def _jokers_reason(cards: tuple[Card, ...], rules: HouseRules) -> Problem | None:
    """More jokers in one meld than the table allows (`jokers_per_meld`)."""
    jokers = sum(card.is_joker for card in cards)
    most = rules.jokers_per_meld
    if most is not None and jokers > most:
        return Problem("meld_jokers_per_meld", params={"count": jokers, "most": most})
    return None


def _reason(cards: tuple[Card, ...]) -> Problem:
    """Why `cards` is neither a set nor a run (called only when it is neither)."""
    naturals = [card for card in cards if not card.is_joker]
    if len({card.rank for card in naturals}) == 1 and len(naturals) > 1:
        return _set_reason(cards, naturals)
    if len({card.suit for card in naturals}) == 1:
        return _run_reason(cards, naturals)
    return Problem("meld_mixed", params={"cards": " ".join(str(card) for card in naturals)})


def _set_reason(cards: tuple[Card, ...], naturals: list[Card]) -> Problem:
    twice = [card for card, count in Counter(naturals).items() if count > 1]
    if twice:
        return Problem("set_same_suit", params={"card": str(twice[0])})
    return Problem("set_too_many", params={"count": len(cards)})


def _run_reason(cards: tuple[Card, ...], naturals: list[Card]) -> Problem:
    twice = [card for card, count in Counter(naturals).items() if count > 1]
    if twice:
        return Problem("run_same_rank", params={"card": str(twice[0])})
    if len(cards) > RUN_MAX:
        return Problem("run_too_long", params={"count": len(cards)})
    written = " ".join(str(card) for card in naturals)
    if _fits_round_the_corner([card.rank for card in naturals], len(cards)):
        return Problem("run_wraps", params={"cards": written})
    return _gap_reason(cards, naturals)


def _fits_round_the_corner(ranks: list[int], size: int) -> bool:
    """Whether the ranks would make a run of `size` if K-A-2 were allowed."""
    circle = [rank % ACE for rank in ranks]  # the ace is 0, before the 2, after the king
    span = KING  # 13 places round the circle
    return any(all((place - start) % span < size for place in circle) for start in range(span))


def _gap_reason(cards: tuple[Card, ...], naturals: list[Card]) -> Problem:
    jokers = len(cards) - len(naturals)

    def spread(ace_place: int) -> list[int]:
        return sorted(ace_place if c.rank == ACE else c.rank for c in naturals)

    places = min((spread(LOW_ACE), spread(ACE)), key=lambda p: p[-1] - p[0])
    suit = naturals[0].suit
    assert suit is not None
    missing = places[-1] - places[0] + 1 - len(naturals)
    return Problem(
        "run_gap",
        params={
            "low": str(card_at(places[0], suit)),
            "high": str(card_at(places[-1], suit)),
            "missing": missing,
            "jokers": jokers,
        },
    )


def _pin_reason(pins: Sequence[Card | None], unpinned: Sequence[Reading], jokers: int) -> Problem:
    pinned = " ".join(f"Jo={pin}" for pin in pins if pin is not None)
    options = ", ".join(" ".join(map(str, r.stand_ins)) for r in unpinned)
    params = {"pins": pinned, "options": options, "jokers": jokers}
    return Problem("meld_pin_no_fit", params=params)


def check_melds(
    melds: Sequence[tuple[Sequence[Card], Sequence[Card | None]]], rules: HouseRules
) -> MeldReport:
    """Check melds laid down together, each given as (cards, pins) from `parse_meld`."""
    checked = tuple(check_meld(cards, rules, pins) for cards, pins in melds)
    every_card = [card for cards, _ in melds for card in cards]
    errors = tuple(pack_errors(every_card, rules))
    return MeldReport(checked, errors, rules.opening_minimum, rules.opening_needs_clean_run)


def pack_errors(cards: Iterable[Card], rules: HouseRules) -> Iterator[Problem]:
    """More copies of a card, or more jokers, than the packs and the house rules hold."""
    cards = list(cards)
    copies = deck_of(rules).copies
    jokers = sum(card.is_joker for card in cards)
    counts = Counter(card for card in cards if card.suit is not None)
    if jokers > rules.jokers:
        yield Problem("too_many_jokers", params={"count": jokers, "most": rules.jokers})
    for card, count in sorted(counts.items()):
        if count > copies:
            yield Problem(
                "too_many_copies",
                params={"card": str(card), "count": count, "most": copies, "packs": rules.packs},
            )


def hand_errors(hand: Sequence[Card], rules: HouseRules) -> list[Problem]:
    """Why `hand` cannot be a player's hand before opening (empty when it can)."""
    # Each card without a suit once: "K K K" is one mistake, said once.
    unsuited = list(dict.fromkeys(str(c) for c in hand if not (c.is_joker or c.suit)))
    # A hand typed without suits is one mistake, said once for all its cards.
    errors = (
        [Problem("cards_no_suit", params={"cards": tuple(unsuited), "first": unsuited[0]})]
        if len(unsuited) > 1
        else [Problem("card_no_suit", params={"card": card}) for card in unsuited]
    )
    if len(hand) > OPENING_HAND_MAX:
        errors.append(
            Problem("hand_too_many", params={"count": len(hand), "most": OPENING_HAND_MAX})
        )
    return [*errors, *pack_errors(hand, rules)]
