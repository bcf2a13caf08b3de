"""`remi meld`: melds checked and valued, or the best opening of a hand (`core.melds`,
`core.openings`), and the `--json` document of what was found."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.i18n import Lang, Phrase, say

if TYPE_CHECKING:
    from remi_sheet.core.cards import Card
    from remi_sheet.core.melds import Meld, MeldReport, Opening, Reading
    from remi_sheet.core.problems import Problem


@dataclass(frozen=True, slots=True)
class Melded:
    """What `meld` found. Melds: `report`, each checked, their total and whether they open.
    A hand: its cards (`hand`) and its best opening (`best`); asked for every opening, the
    others (`others`, None when not asked) and how many there are (`count`). `errors`: cards
    that could not be read, or a hand that cannot be one; nothing was checked then."""

    minimum: int  # the house rules' opening minimum
    report: MeldReport | None = None
    hand: tuple[Card, ...] | None = None
    best: Opening | None = None
    others: tuple[Opening, ...] | None = None
    count: int = 0
    errors: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        """Every card read and every meld valid, or a hand that can be; opening or not."""
        return not self.errors and (self.report is None or self.report.valid)

    def to_json(self, lang: Lang = "en") -> dict[str, Any]:
        """The `--json` document, its reasons in `lang` (cards have no notebook to tell
        one): a meld check's keys, and a hand's besides (its cards, the best opening, the
        alternatives when asked for)."""
        if self.errors:
            return self._errors_json(lang)
        if self.report is not None:
            return report_json(self.report, lang)
        assert self.hand is not None and self.best is not None
        others = list(self.others) if self.others is not None else None
        return hand_json(self.hand, self.best, others, self.count, lang)

    def _errors_json(self, lang: Lang) -> dict[str, Any]:
        """Cards that could not be read, or a hand that cannot be: the document has the keys
        of its kind, a meld check's or a hand's, empty."""
        document: dict[str, Any] = {"melds": [], "total": 0, "opens": False}
        document["clean_run_missing"] = False
        if self.hand is not None:
            cards = [str(card) for card in self.hand]
            document = {"hand": cards, "best": [], **document, "left": cards}
        document["minimum"] = self.minimum
        if self.others is not None:
            document |= {"alternatives": [], "alternatives_count": 0}
        return {**document, "errors": [_reason_json(error, lang) for error in self.errors]}


def meld(
    melds: str | Sequence[str] = (),
    *,
    hand: str | None = None,
    rules: HouseRules | None = None,
    every: bool = False,
) -> Melded:
    """Check the `melds` laid down together (each a text such as `"8♣ 9♣ 10♣"`, a joker
    pinned by `Jo=8♣`), or find the best opening of `hand` (its cards, each with its suit)
    and with `every` the other openings too, by the house rules `rules` (None: the
    default); one text alone is one meld. Cards that cannot be read are the outcome's
    `errors`, as a notebook's problems are `check`'s. `ValueError` for both melds and a
    hand, or `every` without a hand."""
    if isinstance(melds, str):
        melds = [melds]  # not its characters, one meld each
    if melds and hand is not None:
        raise ValueError("meld() takes melds or a hand, not both")
    if every and hand is None:
        raise ValueError("meld(every=True) lists the openings of a hand: give a hand")
    rules = rules or HouseRules()
    if hand is not None:
        return _open(hand, rules, every)
    return _check(melds, rules)


def _check(texts: Sequence[str], rules: HouseRules) -> Melded:
    from remi_sheet.core.melds import check_melds, parse_meld

    try:
        parsed = [parse_meld(text) for text in texts]
    except RemiError as error:
        return Melded(rules.opening_minimum, errors=(error.problem,))
    return Melded(rules.opening_minimum, report=check_melds(parsed, rules))


def _open(text: str, rules: HouseRules, every: bool) -> Melded:
    from remi_sheet.core.cards import parse_cards
    from remi_sheet.core.melds import hand_errors
    from remi_sheet.core.openings import best_opening, openings

    asked = () if every else None  # the alternatives' keys, empty, in a document of errors
    try:
        hand = tuple(parse_cards(text, suits_required=True))
    except RemiError as error:
        return Melded(rules.opening_minimum, hand=(), others=asked, errors=(error.problem,))
    errors = hand_errors(hand, rules)
    if errors:
        return Melded(rules.opening_minimum, hand=hand, others=asked, errors=tuple(errors))
    minimum = rules.opening_minimum
    if every:
        best, others, count = openings(hand, rules)
        return Melded(minimum, hand=hand, best=best, others=tuple(others), count=count)
    return Melded(minimum, hand=hand, best=best_opening(hand, rules))


# --- JSON --------------------------------------------------------------------------------


def _reason_json(reason: Problem, lang: Lang) -> dict[str, str]:
    return {"code": reason.code, "message": said(reason, lang)}


# The parameters of a reason that hold cards, written as `str(card)` writes them.
_CARD_PARAMS = frozenset({"card", "cards", "low", "high", "pins", "options", "token"})


def said(reason: Problem, lang: Lang) -> str:
    """A reason's message, its cards in the letters of `lang` (B, D, K, Á in Hungarian)."""
    phrase = reason_phrase(reason, lang)
    return say(phrase.key, lang, **phrase.params)


def reason_phrase(reason: Problem, lang: Lang) -> Phrase:
    """`said` as a phrase, to stand whole inside another text (a text given as a string
    is cut at its 120th character there, as a value typed in a file is)."""
    from remi_sheet.i18n.catalogue import card_letters

    params = {
        key: card_letters(value, lang) if key in _CARD_PARAMS and isinstance(value, str) else value
        for key, value in reason.params.items()
    }
    return Phrase(reason.code, params)


def joker_names(count: int) -> list[str]:
    """How the jokers of a meld are told apart, in the order written: Jo, Jo2, Jo3."""
    return ["Jo" if number == 1 else f"Jo{number}" for number in range(1, count + 1)]


def _jokers(reading: Reading) -> dict[str, str]:
    names = joker_names(len(reading.stand_ins))
    return {name: str(card) for name, card in zip(names, reading.stand_ins, strict=True)}


def meld_json(meld: Meld, lang: Lang) -> dict[str, Any]:
    best = meld.best
    return {
        "cards": [str(card) for card in meld.cards],
        "valid": meld.valid,
        "kind": best.kind.value if best else None,
        "value": meld.value,
        "as": [str(card) for card in best.cards] if best else [],
        "jokers": _jokers(best) if best else {},
        "ambiguous": meld.ambiguous,
        "alternatives": [
            {"kind": r.kind.value, "value": r.value, "jokers": _jokers(r)}
            for r in meld.readings[1:]
        ],
        "reason": said(meld.reason, lang) if meld.reason else None,
        "code": meld.reason.code if meld.reason else None,
    }


def report_json(report: MeldReport, lang: Lang) -> dict[str, Any]:
    return {
        "melds": [meld_json(meld, lang) for meld in report.melds],
        "total": report.total,
        "opens": report.opens,
        "clean_run_missing": report.clean_run_missing,
        "minimum": report.minimum,
        "errors": [_reason_json(error, lang) for error in report.errors],
    }


def _opening_json(opening: Opening, lang: Lang) -> dict[str, Any]:
    return {
        "melds": [meld_json(meld, lang) for meld in opening.melds],
        "total": opening.total,
        "opens": opening.opens,
        "clean_run_missing": opening.clean_run_missing,
        "left": [str(card) for card in opening.left],
    }


def hand_json(
    hand: Sequence[Card],
    best: Opening,
    others: list[Opening] | None,
    count: int,
    lang: Lang,
) -> dict[str, Any]:
    document = _opening_json(best, lang)
    # "melds" and "best" are the same list: "melds" keeps the shape of a meld check.
    document = {"hand": [str(card) for card in hand], "best": document["melds"], **document}
    document["minimum"] = best.minimum
    document["errors"] = []  # a hand read and checked: what `Melded._errors_json` says otherwise
    if others is not None:
        document["alternatives"] = [_opening_json(other, lang) for other in others]
        document["alternatives_count"] = count
    return document
