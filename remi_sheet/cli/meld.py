"""The `remi meld` command: check melds and their value, or find the best opening of a hand.

Thin: it parses the options, calls `commands.meld` and prints a report or its `--json`
document. Exit codes as for the other commands: 0 fine (even when the melds do not open), 1
an invalid meld or cards that cannot be, 2 a wrong command line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from remi_sheet.cli.options import JsonOpt, LangOpt, RuleOpt, rule_options, rules_from, usage_error
from remi_sheet.commands.meld import joker_names, reason_phrase, said
from remi_sheet.i18n import Lang, say

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from remi_sheet.commands.meld import Melded
    from remi_sheet.core.cards import Card
    from remi_sheet.core.melds import Meld, MeldReport, Opening, Reading

MeldsArg = Annotated[list[str] | None, typer.Argument(metavar="MELD...", show_default=False)]
HandOpt = Annotated[str | None, typer.Option("--hand", metavar="CARDS")]
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
    from remi_sheet.commands.meld import meld as meld_of

    chosen: Lang = lang.value if lang else system_language()
    rules = rules_from(rule_options(rule, chosen))
    if bool(melds) == (hand is not None):
        usage_error("melds_and_hand" if melds else "need_melds_or_hand", chosen)
    if all_openings and hand is None:
        usage_error("all_without_hand", chosen)
    found = meld_of(melds or [], hand=hand, rules=rules, every=all_openings)
    if json_output:
        from remi_sheet.cli.output import print_json

        print_json(found.to_json(chosen))
    else:
        _print(found, chosen)
    raise typer.Exit(0 if found.ok else 1)


def _print(found: Melded, lang: Lang) -> None:
    """What was found as lines: the cards that could not be read, the melds checked, or
    the hand's best opening (and its others, when asked for)."""
    from remi_sheet.cli.printing import error_line

    if found.errors:
        for error in found.errors:
            error_line(say("errors", lang, message=reason_phrase(error, lang)))
    elif found.report is not None:
        _print_report(found.report, lang)
    else:
        assert found.best is not None
        others = list(found.others) if found.others is not None else None
        _print_opening(found.best, others, found.count, lang)


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
    names = joker_names(len(best.stand_ins))
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

    console = Console(markup=False, emoji=False, highlight=False, soft_wrap=True)
    for meld in report.melds:
        console.print(meld_line(meld, lang))
    for error in report.errors:
        console.print(Text(say("errors", lang, message=reason_phrase(error, lang)), style="red"))
    if report.valid:
        missing = report.clean_run_missing
        console.print(_verdict(report.total, report.minimum, lang, clean_run_missing=missing))
    else:
        console.print(say("invalid_total", lang, total=report.total))


def _print_opening(best: Opening, others: list[Opening] | None, count: int, lang: Lang) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(markup=False, emoji=False, highlight=False, soft_wrap=True)
    if not best.melds:
        console.print(say("nothing", lang))
    else:
        console.print(say("best", lang))
        for meld in best.melds:
            console.print(Text("  ").append_text(meld_line(meld, lang)))
        missing = best.clean_run_missing
        console.print(_verdict(best.total, best.minimum, lang, clean_run_missing=missing))
    console.print(_left(best.left, lang))
    if others is not None:
        _print_others(console, others, count, lang)


def _left(cards: Sequence[Card], lang: Lang) -> str:
    if not cards:
        return say("left_none", lang)
    return say("left", lang, cards=_cards(cards, lang))


def _print_others(console: Console, others: list[Opening], count: int, lang: Lang) -> None:
    if not others:
        console.print(say("no_alternatives", lang))
        return
    console.print(say("alternatives", lang, count=count))
    for other in others:
        melds = " | ".join(_cards(meld.cards, lang) for meld in other.melds)
        console.print(f"  {other.total}: {melds} — {_left(other.left, lang)}")
    if count > len(others):
        console.print(say("more", lang, count=count, shown=len(others)))
