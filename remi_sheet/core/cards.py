"""Cards as players write them: `K♠ 7♥ 3♦`, `k 7 3`, `D, B, Á`, `Jo 5`, `10S QH`.

Ranks are `2`–`10`, `J`/`B` (bubi), `Q`/`D` (dáma), `K`, `A`/`Á`; jokers `Jo`/`Joker`/`★`
(and `Dzsóker`, as Hungarian spells it).
A suit (`♠♣♥♦` or the letters `S C H D`) may follow a rank, and a suit letter right after
a rank is its suit (`KSQH` is K♠ Q♥, `7DK` is 7♦ K) unless it starts a joker's word
(`10Dzsóker`), but for a D after a letter rank: `KD` is K♦ or a king and a queen (dáma),
and is refused. Cards may be separated by spaces,
commas, semicolons or plus signs, or written one after the other (`K♠7♥`).
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.core.text import clean
from remi_sheet.i18n import Lang

JOKER: Final = 0
JACK, QUEEN, KING, ACE = 11, 12, 13, 14


class Suit(StrEnum):
    SPADES = "♠"
    CLUBS = "♣"
    HEARTS = "♥"
    DIAMONDS = "♦"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card; a joker has no suit."""

    rank: int  # 2..14 (ace 14), JOKER for a joker
    suit: Suit | None = None

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    def __str__(self) -> str:
        return ("Jo" if self.is_joker else RANK_NAMES[self.rank]) + (self.suit or "")

    def text(self, lang: Lang) -> str:
        """The card as a player of `lang` writes it: B♥ D♥ K♥ Á♥ in Hungarian."""
        if lang != "hu" or self.is_joker:
            return str(self)
        return HUNGARIAN_RANK_NAMES.get(self.rank, RANK_NAMES[self.rank]) + (self.suit or "")


RANK_NAMES: Final[dict[int, str]] = {
    **{n: str(n) for n in range(2, 11)},
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
}

# Bubi, dáma, király, ász: the letters Hungarian cards carry.
HUNGARIAN_RANK_NAMES: Final[dict[int, str]] = {JACK: "B", QUEEN: "D", KING: "K", ACE: "Á"}
# How players spell ranks, suits and jokers, and what separates cards: `parse_cards` reads
# by these tables, and the live formulas are made from them too.
RANK_SPELLINGS: Final[dict[str, int]] = {
    **{str(n): n for n in range(2, 11)},
    "j": JACK,
    "b": JACK,
    "q": QUEEN,
    "d": QUEEN,
    "k": KING,
    "a": ACE,
    "á": ACE,
}
SUIT_SPELLINGS: Final[dict[str, Suit]] = {
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "s": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "c": Suit.CLUBS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "h": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "d": Suit.DIAMONDS,
}
# Longest first: "joker" is no "jo". With accents as a Hungarian phone's autocorrect puts
# them ("Jó", "Jokér"), and as Hungarian spells the word ("dzsóker"): a spelling of a
# joker, never a word in a list of cards.
JOKER_WORDS: Final = (
    "dzsóker", "dzsoker", "jokér", "joker", "jolly", "jók", "jok", "jó", "jo",
)  # fmt: skip
JOKER_SIGNS: Final = ("★", "☆", "🃏")
SEPARATORS: Final = ",;+"  # and any white space
_LETTER_SUITS: Final = "".join(s for s in SUIT_SPELLINGS if s.isascii())


def _letter_suit(letter: str) -> str:
    """A suit letter after a rank, unless it starts a joker's word: `10Dzsóker` is a ten
    and a joker."""
    rests = [word[1:] for word in JOKER_WORDS if word[0] == letter]
    return letter + (f"(?!{'|'.join(rests)})" if rests else "")


_TOKEN: Final = re.compile(
    f"(?P<joker>{'|'.join([*JOKER_WORDS, *JOKER_SIGNS])})"
    f"|(?P<rank>{'|'.join(sorted(RANK_SPELLINGS, key=len, reverse=True))})"
    f"(?P<suit>[{''.join(s for s in SUIT_SPELLINGS if not s.isascii())}]"
    f"|{'|'.join(map(_letter_suit, _LETTER_SUITS))})?",
)
_SEPARATORS: Final = re.compile(f"[\\s{re.escape(SEPARATORS)}]+")


def parse_cards(text: str, *, suits_required: bool = False) -> tuple[Card, ...]:
    """Every card in `text`, in order; `RemiError` names the first part that is no card.

    `suits_required`: every card carries a suit (as in a meld), so a D after a rank letter
    can only be diamonds; elsewhere "KD" is refused as ambiguous.
    """
    typed = clean(text)
    source = typed.lower()
    # The usual list: cards spelt one by one between single spaces (cleaning makes every
    # run of spaces one), each looked up whole; anything else is scanned.
    try:
        return tuple([_ALONE[suits_required][token] for token in source.split(" ")])
    except KeyError:
        return _scanned(source, suits_required, typed)


# A card's English name reads as cards written together (J A♣ K: 30 points for a jack):
# refused as no card, never read so.
CARD_NAMES: Final = ("jack",)


def _no_card_name(source: str, typed: str) -> None:
    for name in CARD_NAMES:
        at = source.find(name)
        if at >= 0:
            raise RemiError("card_unknown", token=typed[at : at + len(name)])


def _scanned(source: str, suits_required: bool, typed: str) -> tuple[Card, ...]:
    """`parse_cards` of cleaned, lower-case text (`typed`, as typed), token by token."""
    _no_card_name(source, typed)
    cards: list[Card] = []
    # Cards and separators only, in one scan; anything else is walked through below, to
    # name the part that is no card.
    position = 0
    previous: re.Match[str] | None = None
    for match in _TOKEN.finditer(source):
        if match.start() > position and not _SEPARATORS.fullmatch(source, position, match.start()):
            break
        if previous is not None and previous.end() == match.start():
            _digits_apart(previous, match, source, suits_required)
        cards.append(_card(match, suits_required))
        position = match.end()
        previous = match
    else:
        if position == len(source) or _SEPARATORS.fullmatch(source, position):
            if not cards:
                raise RemiError("card_empty")
            return tuple(cards)
    cards.clear()
    position = word = 0  # `word`: where the word being read starts
    while position < len(source):
        gap = _SEPARATORS.match(source, position)
        if gap:
            position = word = gap.end()
            continue
        token = _TOKEN.match(source, position)
        if token is None:
            # The whole word is named: "király" is no card, not "irály" after a K.
            bad = _SEPARATORS.split(source[word:], maxsplit=1)[0]
            if len(typed) == len(source):  # named as typed: 'Z', not 'z'
                bad = typed[word : word + len(bad)]
            raise RemiError("card_unknown", token=bad)
        cards.append(_card(token, suits_required))
        position = token.end()
    if not cards:
        raise RemiError("card_empty")
    return tuple(cards)


def _digits_apart(
    first: re.Match[str], second: re.Match[str], source: str, suits_required: bool
) -> None:
    """`RemiError` for two number ranks written together, the first without a suit: "45"
    is the cards 4 and 5 to one reader and 45 points to another ("45,", "X, 45")."""
    number_ranks = [match["rank"] and match["rank"].isdigit() for match in (first, second)]
    if all(number_ranks) and not first["suit"]:
        params = {
            "token": source[first.start() : second.end()].upper(),
            "first": first["rank"],
            "second": second[0].upper(),
            "number": first["rank"] + second["rank"],
        }
        # In a meld every card has its suit: there are no points to mistake them for.
        raise RemiError(
            "meld_digits_together" if suits_required else "card_digits_together", **params
        )


def _card(match: re.Match[str], suits_required: bool) -> Card:
    if match["joker"]:
        return Card(JOKER)
    if match["suit"] == "d" and not match["rank"].isdigit() and not suits_required:
        # D is both the Hungarian queen (dáma) and the letter of diamonds: "KD" is K♦ to
        # one player and king + queen to another. Guessing would miscount silently.
        raise RemiError("card_ambiguous_d", token=match[0].upper(), rank=match["rank"].upper())
    return _card_of(match["rank"], match["suit"])


@functools.cache
def _card_of(rank: str, suit: str | None) -> Card:
    """One shared `Card` per spelling: notebooks spell the same few dozen cards over and over."""
    return Card(RANK_SPELLINGS[rank], SUIT_SPELLINGS[suit] if suit else None)


def _spelled_alone(suits_required: bool) -> dict[str, Card]:
    """Every spelling of one card that a scan reads as that card whole (`_TOKEN` at its
    start takes all of it), with the card: the table `parse_cards` looks tokens up in."""
    spellings = [*JOKER_WORDS, *JOKER_SIGNS]
    spellings += [rank + suit for rank in RANK_SPELLINGS for suit in ("", *SUIT_SPELLINGS)]
    table = {}
    for spelling in spellings:
        match = _TOKEN.match(spelling)
        if match is not None and match.end() == len(spelling):
            with contextlib.suppress(RemiError):  # "kd": ambiguous, left to the scan
                table[spelling] = _card(match, suits_required)
    return table


_ALONE: Final = {False: _spelled_alone(False), True: _spelled_alone(True)}


def hand_value(card: Card, rules: HouseRules) -> int:
    """What `card` counts when it is left in a loser's hand."""
    if card.is_joker:
        return rules.joker_in_hand
    if card.rank == ACE:
        return rules.ace_value
    return min(card.rank, 10)


def cards_value(cards: Iterable[Card], rules: HouseRules) -> int:
    # `hand_value` by rank, looked up: every card list typed in a notebook is counted.
    by_rank = _values_by_rank(rules.joker_in_hand, rules.ace_value)
    return sum([by_rank[card.rank] for card in cards])


@functools.lru_cache(maxsize=64)
def _values_by_rank(joker_in_hand: int, ace_value: int) -> tuple[int, ...]:
    rules = HouseRules(joker_in_hand=joker_in_hand, ace_value=ace_value)
    return tuple(hand_value(Card(rank), rules) for rank in range(ACE + 1))
