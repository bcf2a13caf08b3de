"""The `remi meld` command: check melds and their value, or find the best opening of a hand.

Thin: it parses the options, calls `melds` and prints a report or a `--json` document.
Exit codes as for the other commands: 0 fine (even when the melds do not open), 1 an
invalid meld or cards that cannot be, 2 a wrong command line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from remi_sheet.cli.options import JsonOpt, LangOpt, RuleOpt, rule_options, rules_from, usage_error
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.i18n import Lang, Phrase, say

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from remi_sheet.core.cards import Card
    from remi_sheet.core.melds import Meld, MeldReport, Opening, Reading
    from remi_sheet.core.problems import Problem

MeldsArg = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="MELD...",
        show_default=False,
    ),
]
HandOpt = Annotated[
    str | None,
    typer.Option("--hand", metavar="CARDS"),
]
AllOpt = Annotated[bool, typer.Option("--all")]


def meld(
    melds: MeldsArg = None,
    hand: HandOpt = None,
    all_openings: AllOpt = False,
    json_output: JsonOpt = False,
    lang: LangOpt = None,
    rule: RuleOpt = None,
) -> None:
    """`remi meld`: melds checked and valued, or a hand's best opening."""
    from remi_sheet.cli.language import system_language

    chosen: Lang = lang.value if lang else system_language()
    rules = rules_from(rule_options(rule, chosen))
    if bool(melds) == (hand is not None):
        usage_error("melds_and_hand" if melds else "need_melds_or_hand", chosen)
    if all_openings and hand is None:
        usage_error("all_without_hand", chosen)
    if hand is not None:
        raise typer.Exit(_open(hand, rules, chosen, json_output, all_openings))
    raise typer.Exit(_check(melds or [], rules, chosen, json_output))


def _check(texts: Sequence[str], rules: HouseRules, lang: Lang, json_output: bool) -> int:

    from remi_sheet.core.melds import check_melds, parse_meld

    try:
        parsed = [parse_meld(text) for text in texts]
    except RemiError as error:
        return _input_errors([error.problem], rules, lang, json_output, hand=None)
    report = check_melds(parsed, rules)
    if json_output:
        _print_json(report_json(report, lang))
    else:
        _print_report(report, lang)
    return 0 if report.valid else 1


def _open(text: str, rules: HouseRules, lang: Lang, json_output: bool, every: bool) -> int:
    from remi_sheet.core.cards import parse_cards
    from remi_sheet.core.melds import hand_errors
    from remi_sheet.core.openings import best_opening, openings

    try:
        hand = parse_cards(text, suits_required=True)
    except RemiError as error:
        return _input_errors([error.problem], rules, lang, json_output, hand=[], every=every)
    errors = hand_errors(hand, rules)
    if errors:
        return _input_errors(errors, rules, lang, json_output, hand=hand, every=every)
    if every:
        best, others, count = openings(hand, rules)
    else:
        best, others, count = best_opening(hand, rules), [], 0
    if json_output:
        _print_json(hand_json(hand, best, others if every else None, count, lang))
    else:
        _print_opening(best, others if every else None, count, lang)
    return 0


def _input_errors(
    errors: list[Problem],
    rules: HouseRules,
    lang: Lang,
    json_output: bool,
    *,
    hand: Sequence[Card] | None,
    every: bool = False,
) -> int:
    """Cards that could not be read, or a hand that cannot be; `hand`: the cards read of
    a `--hand` (None for melds), and `every` its `--all`, so that the document has the
    keys of its kind."""
    from remi_sheet.cli.printing import error_line

    if json_output:
        document: dict[str, Any] = {"melds": [], "total": 0, "opens": False}
        document["clean_run_missing"] = False
        if hand is not None:
            cards = [str(card) for card in hand]
            document = {"hand": cards, "best": [], **document, "left": cards}
        document["minimum"] = rules.opening_minimum
        if every:
            document |= {"alternatives": [], "alternatives_count": 0}
        _print_json({**document, "errors": [_reason_json(error, lang) for error in errors]})
    else:
        for error in errors:
            error_line(say("errors", lang, message=_phrase(error, lang)))
    return 1


# --- JSON --------------------------------------------------------------------------------


def _print_json(document: dict[str, Any]) -> None:
    from remi_sheet.cli.output import print_json

    print_json(document)


def _reason_json(reason: Problem, lang: Lang) -> dict[str, str]:
    return {"code": reason.code, "message": said(reason, lang)}


# The parameters of a reason that hold cards, written as `str(card)` writes them.
_CARD_PARAMS = frozenset({"card", "cards", "low", "high", "pins", "options", "token"})


def said(reason: Problem, lang: Lang) -> str:
    """A reason's message, its cards in the letters of `lang` (B, D, K, Á in Hungarian)."""
    phrase = _phrase(reason, lang)
    return say(phrase.key, lang, **phrase.params)


def _phrase(reason: Problem, lang: Lang) -> Phrase:
    """`said` as a phrase, to stand whole inside another text (a text given as a string
    is cut at its 120th character there, as a value typed in a file is)."""
    from remi_sheet.i18n.catalogue import card_letters

    params = {
        key: card_letters(value, lang) if key in _CARD_PARAMS and isinstance(value, str) else value
        for key, value in reason.params.items()
    }
    return Phrase(reason.code, params)


def _joker_names(count: int) -> list[str]:
    """How the jokers of a meld are told apart, in the order written: Jo, Jo2, Jo3."""
    return ["Jo" if number == 1 else f"Jo{number}" for number in range(1, count + 1)]


def _jokers(reading: Reading) -> dict[str, str]:
    names = _joker_names(len(reading.stand_ins))
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
    document["errors"] = []  # a hand read and checked: what `_input_errors` says otherwise
    if others is not None:
        document["alternatives"] = [_opening_json(other, lang) for other in others]
        document["alternatives_count"] = count
    return document


# --- text --------------------------------------------------------------------------------


def _written(meld: Meld, lang: Lang) -> str:
    pins = meld.pins or (None,) * len(meld.cards)
    return " ".join(
        f"{card.text(lang)}={pin.text(lang)}" if pin else card.text(lang)
        for card, pin in zip(meld.cards, pins, strict=True)
    )


def _cards(cards: Sequence[Card], lang: Lang) -> str:
    return " ".join(card.text(lang) for card in cards)


def meld_line(meld: Meld, lang: Lang) -> Text:
    """One meld: a tick and what it is worth, or a cross and why it is invalid."""
    from rich.text import Text

    best = meld.best
    if best is None:
        assert meld.reason is not None
        reason = said(meld.reason, lang)
        return Text.assemble(("✗ ", "bold red"), f"{_written(meld, lang)}: {reason}")
    parts = [
        f"{say(best.kind.value, lang)} {_cards(best.cards, lang)}",
        say("meld_value", lang, value=best.value),
    ]
    names = _joker_names(len(best.stand_ins))
    parts += [
        say("stands_for", lang, joker=n, card=c.text(lang))
        for n, c in zip(names, best.stand_ins, strict=True)
    ]
    if meld.ambiguous:
        parts.append(_ambiguity(meld.readings[1:], lang))
    return Text.assemble(("✓ ", "bold green"), f"{_written(meld, lang)}: " + "; ".join(parts))


def _ambiguity(others: Sequence[Reading], lang: Lang) -> str:
    listed = ", ".join(f"{_cards(r.stand_ins, lang)} ({r.value})" for r in others)
    pin = " ".join(f"Jo={card.text(lang)}" for card in others[0].stand_ins)
    key = "ambiguous_one" if len(others[0].stand_ins) == 1 else "ambiguous"
    return say(key, lang, others=listed, pin=pin)


def _verdict(total: int, minimum: int, lang: Lang, *, clean_run_missing: bool = False) -> str:
    if total >= minimum and clean_run_missing:
        return say("short_clean_run", lang, total=total)
    if total >= minimum:
        return say("opens", lang, total=total, minimum=minimum)
    return say("short", lang, total=total, minimum=minimum, short=minimum - total)


def _print_report(report: MeldReport, lang: Lang) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False, soft_wrap=True)
    for meld in report.melds:
        console.print(meld_line(meld, lang))
    for error in report.errors:
        console.print(Text(say("errors", lang, message=_phrase(error, lang)), style="red"))
    if report.valid:
        console.print(
            _verdict(
                report.total, report.minimum, lang, clean_run_missing=report.clean_run_missing
            ),
            markup=False,
        )
    else:
        console.print(say("invalid_total", lang, total=report.total), markup=False)


def _print_opening(best: Opening, others: list[Opening] | None, count: int, lang: Lang) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False, soft_wrap=True)
    if not best.melds:
        console.print(say("nothing", lang), markup=False)
    else:
        console.print(say("best", lang), markup=False)
        for meld in best.melds:
            console.print(Text("  ").append_text(meld_line(meld, lang)))
        console.print(
            _verdict(best.total, best.minimum, lang, clean_run_missing=best.clean_run_missing),
            markup=False,
        )
    console.print(_left(best.left, lang), markup=False)
    if others is not None:
        _print_others(console, others, count, lang)


def _left(cards: Sequence[Card], lang: Lang) -> str:
    if not cards:
        return say("left_none", lang)
    return say("left", lang, cards=_cards(cards, lang))


def _print_others(console: Console, others: list[Opening], count: int, lang: Lang) -> None:
    if not others:
        console.print(say("no_alternatives", lang), markup=False)
        return
    console.print(say("alternatives", lang, count=count), markup=False)
    for other in others:
        melds = " | ".join(_cards(meld.cards, lang) for meld in other.melds)
        console.print(f"  {other.total}: {melds} — {_left(other.left, lang)}", markup=False)
    if count > len(others):
        console.print(say("more", lang, count=count, shown=len(others)), markup=False)
