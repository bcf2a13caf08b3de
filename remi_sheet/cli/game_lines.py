"""What `check` and `score` say of each game, one line a game, before the standings:

    2026-01-08 #1: 7/7 deals, won by Anna; Anna -30, Béla 100, Csaba 220
    2026-01-15 #1: 3/7 deals, Béla leading; Anna 60, Béla -20, Csaba 90
    Papír #2: 7/7 deals, not scored: 2 errors, first at C7

A game whose only error is a typed Total row that disagrees still shows what its deals add
up to, the players whose typed total differs marked, so the wrong deal (or the paper's
wrong sum) can be found.
"""

from __future__ import annotations

from collections.abc import Sequence

from remi_sheet.core.problems import Problem, Severity
from remi_sheet.core.rules import HouseRules
from remi_sheet.i18n import Lang, listed, number, say, shown_text
from remi_sheet.notebook.games import Game


def errors_of(game: Game) -> list[Problem]:
    return [p for p in game.problems if p.severity is Severity.ERROR]


def game_line(game: Game, rules: HouseRules, lang: Lang) -> str:
    """One game as a line: its sheet, deals played of the game's length (or the limit it is
    played to), then the winner or leader and the totals, or why it was not scored."""
    if rules.to_limit:
        parts = [say("line_deals_to_limit", lang, played=game.played, limit=rules.points_limit)]
    else:
        parts = [say("line_deals", lang, played=game.played, length=rules.deals_per_game)]
    errors = errors_of(game)
    if errors:
        cell = next((p.cell for p in errors if p.cell), None)
        if cell is None:
            parts.append(say("line_not_scored_nowhere", lang, count=len(errors)))
        else:
            parts.append(say("line_not_scored", lang, count=len(errors), cell=cell))
        if game.only_total_wrong:
            parts.append(say("line_deals_add_up", lang, totals=_totals(game, lang, marked=True)))
        return f"{shown_text(game.sheet)}: " + ", ".join(parts)
    if not game.deals:
        parts.append(say("line_not_started", lang))
        return f"{shown_text(game.sheet)}: " + ", ".join(parts)
    score = game.score
    first = [name for name, rank in zip(game.players, score.ranks, strict=True) if rank == 1]
    key = "line_won" if score.complete else "line_leads"
    verdict = say(key, lang, players=_names(first, lang))
    return f"{shown_text(game.sheet)}: " + ", ".join(parts) + f", {verdict}; " + _totals(game, lang)


def _totals(game: Game, lang: Lang, *, marked: bool = False) -> str:
    """Each player's total in header order, `Anna -30`; `marked`: a `*` after each total
    the typed Total row disagrees with."""
    return ", ".join(
        f"{shown_text(name)} {number(total, lang)}"
        + ("*" if marked and game.total_differs(index) else "")
        for index, (name, total) in enumerate(zip(game.players, game.score.totals, strict=True))
    )


def _names(names: Sequence[str], lang: Lang) -> str:
    return listed([shown_text(name) for name in names], lang)
