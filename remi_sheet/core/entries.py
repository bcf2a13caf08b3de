"""What one player's cell in one deal says, as typed: the entry codes of docs/notebook.md.

`parse_entry` turns a cell value (text, number, or whatever a spreadsheet left there) into
a `Winner`, a `Loser` or a bare `Number`. A bare number is card points in an entry row and
a score in a score row; only the whole row can tell, so `scoring` decides.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Final, NoReturn

from remi_sheet.core.cards import Card, cards_value, parse_cards
from remi_sheet.core.deck import check_hand, max_hand_points
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.core.text import ENTRY_PLAIN_MINUS, clean, fold


@dataclass(frozen=True, slots=True)
class Winner:
    """The winner's cell of a deal row: `W`, or `H` for a hand win."""

    hand: bool  # went out all at once from hand ("kézből")


@dataclass(frozen=True, slots=True)
class Loser:
    """A loser's cell: the card points left in hand, and whether they had laid down."""

    laid_down: bool
    points: int | None  # card points left in hand; None: `X` alone
    # The cards, when they were written as cards: a deal's hands are checked together
    # against the deck. Not compared: two cells worth the same points score alike.
    cards: tuple[Card, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class Number:
    """A bare number: card points, or a typed score in a score row."""

    value: int  # card points in an entry row, a score in a score row


Entry = Winner | Loser | Number


# The code words, folded (`text.fold`); the live formulas are made from these too.
HAND_WORDS: Final = frozenset({"h", "hand", "kezbol", "kez", "kezzel"})
WIN_WORDS: Final = frozenset({"w", "win", "won", "out", "nyert", "nyero"})
NOT_DOWN_WORDS: Final = frozenset({"x"})
_INTEGER: Final = re.compile(r"[+-]?[0-9]+(?:[.,]0+)?")
_DECIMAL: Final = re.compile(r"[+-]?[0-9]+[.,][0-9]+")
# "1.000" is one thousand to a Hungarian reader and 1.0 to an English one.
_THOUSANDS: Final = re.compile(r"[+-]?[0-9]{1,3}[.,]000")
_NOT_DOWN_WITH_POINTS: Final = re.compile(r"x\s*(?P<rest>.+)")
# Whatever the three above can match: text that is not like this is no number at all.
_NUMBER_LIKE: Final = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?")
# Two card ranks with a comma between: "9,3" is the cards 9 and 3, as "9, 3" is, not a
# fraction (docs/rules.md, "Readings"). A comma before zeros only ("30,0") stays a number.
COMMA_RANKS: Final = tuple(str(rank) for rank in range(2, 11))
_RANK: Final = "(?:" + "|".join(sorted(COMMA_RANKS, key=len, reverse=True)) + ")"
_TWO_CARDS: Final = re.compile(f"{_RANK},{_RANK}")


# Fourteen cards spelt the longest way, with separators, are far shorter: longer text is
# no entry, and is refused before it is cleaned or scanned (a shared string of a megabyte
# may fill thousands of cells).
MAX_ENTRY: Final = 200


def parse_entry(value: object, rules: HouseRules) -> Entry | None:
    """The entry in a cell, None for an empty cell, or `RemiError`."""
    if value is None:
        return None
    if type(value) is str and len(value) > MAX_ENTRY and value.strip():
        _too_long(value.strip(), rules)
    if isinstance(value, bool):
        raise RemiError("entry_boolean", value=value)
    if isinstance(value, int | float):
        return Number(_whole(value))
    if isinstance(value, dt.date | dt.time | dt.timedelta):
        raise RemiError("entry_date", value=value)  # shown as the language writes a date
    typed = clean(str(value))
    text = typed if typed.isascii() else typed.translate(ENTRY_PLAIN_MINUS)
    if len(text) > 1 and text.endswith("."):
        # A full stop ends the cell, as a phone's double space types it ("45.", "W."): a
        # point is never a card separator (docs/rules.md, "Readings"), so it says nothing.
        text = text[:-1].rstrip()
    if not text:
        return None
    try:
        return _parse_text(text, rules)
    except RemiError as error:
        if text == typed or error.params.get("value") != text:
            raise
        # Told as typed ('5..', '—'), not as read: the cell is what the person sees.
        raise RemiError(error.code, **{**error.params, "value": typed}) from None


_DIGITS_ALONE: Final = re.compile(r"[+-]?[0-9]+")


def _too_long(text: str, rules: HouseRules) -> NoReturn:
    """Text longer than any entry: a key held down on a digit is card points no hand
    holds, anything else no entry; either told by its start."""
    start = text[:20] + "…"
    if _DIGITS_ALONE.fullmatch(text):
        raise RemiError("points_too_high", value=start, most=max_hand_points(rules))
    raise RemiError("entry_unknown", value=start)


# Digits grouped by spaces, as a spreadsheet shows and exports a number formatted so.
_GROUPED: Final = re.compile(r"[+-]?[0-9]{1,3}(?: [0-9]{3})+")


def grouped_number(value: object) -> int | None:
    """The whole number a text of digits grouped by spaces is ("1 400", with any kind of
    space, as Excel shows and exports a total formatted with grouping), else None. Only a
    total is read so: no deal's cell holds such a number, and the live sheet reads
    none."""
    if not isinstance(value, str):
        return None
    text = clean(value).translate(ENTRY_PLAIN_MINUS)
    return int(text.replace(" ", "")) if _GROUPED.fullmatch(text) else None


def _parse_text(text: str, rules: HouseRules) -> Entry:
    word = _word(text)
    if _is_number(word):
        return Number(_number(word, text))
    if word in HAND_WORDS:
        return Winner(hand=True)
    if word in WIN_WORDS:
        return Winner(hand=False)
    if word in NOT_DOWN_WORDS:
        return Loser(laid_down=False, points=None)
    not_down = _NOT_DOWN_WITH_POINTS.fullmatch(text.lower())
    if not_down:
        try:
            points, cards = _points(not_down["rest"].strip(), rules)
            return Loser(laid_down=False, points=points, cards=cards)
        except RemiError as error:
            if error.code in ("entry_unknown", "entry_card_names", "card_digits_together"):
                raise RemiError(error.code, **{**error.params, "value": text}) from None
            raise
    points, cards = _points(text, rules)
    return Loser(laid_down=True, points=points, cards=cards)


# Cards and suits by their names, in English and Hungarian (folded): no entry spells them
# so, and the refusal says how they are written.
_CARD_NAMES: Final = frozenset(
    (
        *("jack", "jacks", "queen", "queens", "king", "kings", "ace", "aces"),
        *("heart", "hearts", "spade", "spades", "diamond", "diamonds", "club", "clubs"),
        *("bubi", "dama", "kiraly", "asz", "kor", "pikk", "treff", "karo"),
    )
)


def _names_cards(text: str) -> bool:
    return any(word in _CARD_NAMES for word in re.split(r"[\W\d_]+", fold(text)))


def _points(text: str, rules: HouseRules) -> tuple[int, tuple[Card, ...]]:
    """Card points written as a number or as the cards left in hand, and those cards."""
    word = _word(text)
    cards: tuple[Card, ...] = ()
    if _is_number(word):
        points = _number(word, text)
    else:
        try:
            cards = parse_cards(text)
            check_hand(cards, rules)
        except RemiError as error:
            if error.code == "card_unknown":
                code = "entry_card_names" if _names_cards(text) else "entry_unknown"
                raise RemiError(code, value=text) from None
            if error.code == "card_digits_together":  # the cell named whole: '45.' is typed
                raise RemiError(error.code, value=text, **error.params) from None
            raise RemiError(error.code, **error.params) from None
        points = cards_value(cards, rules)
    return check_points(points, rules), cards


def _is_number(word: str) -> bool:
    """Whether the folded `word` is written as a number (whole or not), not as cards."""
    return _NUMBER_LIKE.fullmatch(word) is not None and _TWO_CARDS.fullmatch(word) is None


def _word(text: str) -> str:
    """`text` folded, to be compared with numbers and code words; "" for text with a space
    in it, which no number or code word has (folding keeps spaces): lists of cards, most
    of the text typed, need no folding."""
    return "" if " " in text else fold(text)


def _number(word: str, text: str) -> int:
    """The whole number `word` (folded from `text`) that looks like a number; `RemiError`
    for a thousands separator or a fraction."""
    if _THOUSANDS.fullmatch(word):
        raise RemiError("entry_thousands", value=text)
    if _INTEGER.fullmatch(word):
        return _integer(word)
    raise RemiError("entry_not_whole", value=text)


def _integer(word: str) -> int:
    """A whole number written with an optional zero fraction ("35", "35.0", "30,0"), exactly:
    going through float would turn 400 nines into infinity."""
    return int(re.split(r"[.,]", word)[0])


def check_points(points: int, rules: HouseRules) -> int:
    """`points` if fourteen cards can be worth that much, else `RemiError`."""
    if points < 0:
        raise RemiError(
            "points_negative", value=points, hand=rules.hand_win, normal=rules.normal_win
        )
    most = max_hand_points(rules)
    if points > most:
        raise RemiError("points_too_high", value=points, most=most)
    return points


def _whole(value: float) -> int:
    if isinstance(value, float) and not value.is_integer():
        raise RemiError("entry_not_whole", value=value)
    return int(value)
