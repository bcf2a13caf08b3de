"""What the commands print: the `--json` documents, the tables and the summary lines."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from remi_sheet.cli.printing import Table
from remi_sheet.core.problems import Problem, Severity
from remi_sheet.core.standings import COLUMNS, Standing
from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.loading import Game, Notebook, date_text

if TYPE_CHECKING:
    from remi_sheet.cli.printing import Printer


def print_json(document: dict[str, Any]) -> None:
    import json  # only the --json documents need it

    sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")


def game_json(game: Game) -> dict[str, Any]:
    players = game.players

    def by_player(values: Sequence[int]) -> dict[str, int]:
        return dict(zip(players, values, strict=True))

    return {
        "sheet": game.sheet,
        "players": list(players),
        "date": date_text(game.layout.date),
        "place": date_text(game.layout.place),
        "deals": [
            {
                "deal": deal.number,
                "row": deal.row + 1,
                "scores": by_player(deal.score.scores),
                "running": by_player(running),
                "winner": players[deal.score.winner],
                "hand": deal.score.hand,
                "typed_scores": deal.score.typed,
            }
            for deal, running in zip(game.deals, game.score.running, strict=True)
        ],
        "totals": by_player(game.score.totals),
        "ranks": by_player(game.score.ranks),
        "played": game.played,
        "complete": game.score.complete and not game.has_errors,
        "errors": sum(p.severity is Severity.ERROR for p in game.problems),
    }


def notebook_json(
    notebook: Notebook, problems: Sequence[Problem], lang: Lang, table: Sequence[Standing]
) -> dict[str, Any]:
    return {
        "notebook": str(notebook.path),
        "lang": lang,
        "house_rules": notebook.rules.differences(),
        "games": [game_json(game) for game in notebook.games],
        "standings": [row.to_json() for row in table],
        "problems": [problem.to_json(lang) for problem in problems],
    }


def problems_table(problems: Sequence[Problem], lang: Lang) -> Table:
    table = Table(say("problems", lang))
    table.add_column(say("sheet", lang))
    table.add_column(say("cell", lang))
    table.add_column(say("message", lang), fold=True)
    for problem in problems:
        style = "red" if problem.severity is Severity.ERROR else "yellow"
        table.add_row(problem.sheet or "", problem.cell or "", problem.message(lang), style=style)
    return table


def standings_table(rows: Sequence[Standing], lang: Lang) -> Table:
    table = Table(say("standings", lang))
    for key in COLUMNS:
        table.add_column(say(key, lang), justify="left" if key == "player" else "right")
    for row in rows:
        table.add_row(
            *(f"{value:g}" if isinstance(value, float) else str(value) for value in row.values())
        )
    return table


def house_rules_line(notebook: Notebook, lang: Lang) -> str | None:
    """The house rules that differ from RULES.md's defaults, as every report must say."""
    changed = notebook.rules.differences()
    if not changed:
        return None
    listed = ", ".join(f"{name} = {value}" for name, value in changed.items())
    return f"{say('house_rules', lang)}: {listed}"


def summary(notebook: Notebook, problems: Sequence[Problem], lang: Lang) -> str:
    errors = sum(p.severity is Severity.ERROR for p in problems)
    warnings = len(problems) - errors
    deals = sum(game.played for game in notebook.games)
    if not problems:
        return say("summary_ok", lang, games=len(notebook.games), deals=deals)
    return say(
        "summary_errors",
        lang,
        games=len(notebook.games),
        deals=deals,
        errors=errors,
        warnings=warnings,
    )


def print_problems(console: Printer, problems: Sequence[Problem], lang: Lang) -> None:
    """A table on a terminal; one `sheet!cell: message` line each when piped."""
    if not problems:
        return
    if console.is_terminal:
        console.print(problems_table(problems, lang))
        return
    for problem in problems:
        where = "!".join(part for part in (problem.sheet, problem.cell) if part)
        prefix = f"{where}: " if where else ""
        console.print(
            f"{problem.severity.value}: {prefix}{problem.message(lang)}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
