"""What the commands print: the `--json` documents, the tables and the summary lines."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from remi_sheet.cli.printing import Justify, Table, print_table, writing_out
from remi_sheet.core.problems import Problem, Severity, error_count
from remi_sheet.core.rules import value_text
from remi_sheet.core.standings import COLUMNS, DECIMALS, Standing
from remi_sheet.i18n import Lang, in_turn, number, say, shown_text
from remi_sheet.notebook.games import Game
from remi_sheet.notebook.layout import date_text
from remi_sheet.notebook.loading import Notebook
from remi_sheet.reading.cells import row_number

if TYPE_CHECKING:
    from remi_sheet.cli.printing import Printer


def print_json(document: Mapping[str, Any]) -> None:
    """`document` on standard output as JSON: a key a line, and a list's items (games,
    problems, standings) an item a line, each item compact.

    A list may be given as any iterable, which is written as it is iterated: the JSON of
    5,000 games is never held whole, and each item goes through the json module's C
    encoder (asked to indent, json encodes in Python instead).
    """
    import json  # only the --json documents need it

    encode = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    with writing_out():
        write = sys.stdout.write
        write("{")
        for index, (key, value) in enumerate(document.items()):
            write(("," if index else "") + "\n  " + encode(key) + ": ")
            if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
                write(encode(value))
                continue
            write("[")
            empty = True
            for position, item in enumerate(value):
                write(("," if position else "") + "\n    " + encode(item))
                empty = False
            write("]" if empty else "\n  ]")
        write("\n}\n")


def print_refusal_json(message: object, lang: Lang, arguments: Sequence[str]) -> None:
    """A refused command line (exit 2) that asked for `--json`: the refusal as a JSON
    document on standard output as well, in the shape of any other failure's, so that a
    script reading the output finds a document whatever went wrong."""
    asked = arguments[: arguments.index("--")] if "--" in arguments else arguments
    if "--json" in asked:
        problem = Problem("usage_error", params={"message": message})
        print_json({"games": [], "problems": [problem.to_json(lang)]})


def game_json(game: Game) -> dict[str, Any]:
    players = game.players
    broken = game.has_errors
    # Past a deal not scored (its number missing among the scored), or one scored with an
    # error on its row (a wrong deal number), the running totals are not known: null, as
    # the live sheet shows `error` there and waits (`…`) after it.
    deals = game.deals
    wrong = {
        row_number(p.cell) - 1 for p in game.problems if p.cell and p.severity is Severity.ERROR
    }
    known = next(
        (i for i, deal in enumerate(deals) if deal.number != i + 1 or deal.row in wrong),
        len(deals),
    )
    return {
        "sheet": game.sheet,
        "players": list(players),
        "date": date_text(game.layout.date),
        "place": date_text(game.layout.place),
        "deals": [
            {
                "deal": deal.number,
                "row": deal.row + 1,
                "scores": dict(zip(players, deal.score.scores, strict=True)),
                "running": dict(zip(players, running, strict=True)) if index < known else None,
                "winner": players[deal.score.winner],
                "hand": deal.score.hand,
                "typed_scores": deal.score.typed,
            }
            for index, (deal, running) in enumerate(zip(deals, game.score.running, strict=True))
        ],
        # A game with errors has no totals or places: its scored deals are all it has.
        "totals": None if broken else dict(zip(players, game.score.totals, strict=True)),
        "ranks": None if broken else dict(zip(players, game.score.ranks, strict=True)),
        "played": game.played,
        "complete": game.score.complete and not broken,
        "errors": error_count(game.problems),
    }


def notebook_json(
    notebook: Notebook, problems: Sequence[Problem], lang: Lang, table: Sequence[Standing]
) -> dict[str, Any]:
    return {
        "notebook": str(notebook.path),
        "lang": lang,
        "house_rules": notebook.rules.differences(),
        "agreements": list(notebook.agreements),
        "games": (game_json(game) for game in notebook.games),
        "standings": [row.to_json() for row in table],
        "problems": (problem.to_json(lang) for problem in problems),
    }


def problems_table(problems: Sequence[Problem], lang: Lang) -> Table:
    table = Table(say("problems", lang))
    table.add_column(say("sheet", lang))
    table.add_column(say("cell", lang))
    table.add_column(say("message", lang), fold=True)
    for problem in problems:
        style = "red" if problem.severity is Severity.ERROR else "yellow"
        cell = problem.cell or (say("line", lang, line=problem.line) if problem.line else "")
        table.add_row(sheet_shown(problem) or "", cell, problem.message(lang), style=style)
    return table


def sheet_shown(problem: Problem) -> str | None:
    """A problem's sheet as a person reads it: `Game`, or with its notebook among several,
    `klub · Game`; a notebook's own problem, its file: `klub.xlsx`."""
    sheet = shown_text(problem.sheet) if problem.sheet else None
    if problem.file is None:
        return sheet
    if sheet is None:
        return shown_text(problem.file)
    return f"{shown_text(str(PurePath(problem.file).with_suffix('')))} · {sheet}"


def where(problem: Problem, lang: Lang) -> str:
    """Where a problem is, as a person reads it: `Game!C5`, `papir.csv, line 12`."""
    sheet = sheet_shown(problem)
    if problem.line is not None:
        line = say("line", lang, line=problem.line)
        return f"{sheet}, {line}" if sheet else line
    return "!".join(part for part in (sheet, problem.cell) if part)


def problem_line(problem: Problem, lang: Lang) -> str:
    """One line a problem: `error: Game!C5: message`; a game of paper records is named
    after its place (`error: papir.csv, line 12 [2019-02-16 #2]: message`)."""
    place = where(problem, lang)
    game = problem.params.get("game")
    if game is not None and game != problem.sheet:
        game = shown_text(str(game))
        place = f"{place} [{game}]" if place else f"[{game}]"
    label = say(f"severity_{problem.severity.value}", lang)
    message = problem.message(lang)
    return f"{label}: {place}: {message}" if place else f"{label}: {message}"


def standings_table(rows: Sequence[Standing], lang: Lang) -> Table:
    """The standings in their order, with their places (the line `ORDER` names the rule)."""
    table = Table(say("standings", lang))
    for key in COLUMNS:
        justify: Justify = "left" if key == "player" else "right"
        table.add_column(say(key, lang), justify, short=say(f"short_{key}", lang))
    for row in rows:
        cells = zip(COLUMNS, row.values(), strict=True)
        table.add_row(*(figure(value, lang, DECIMALS.get(key)) for key, value in cells))
    return table


def figure(value: str | float | None, lang: Lang, decimals: int | None = None) -> str:
    """A cell of a standings table: text as it is, a number as people write it (with
    `decimals`, that many after the point), and a dash for a figure there is none of yet
    (the average before a complete game)."""
    if value is None:
        return "—"
    return value if isinstance(value, str) else number(value, lang, decimals=decimals)


def house_rules_line(notebook: Notebook, lang: Lang) -> str | None:
    """The house rules that differ from the default rules, as every report must say."""
    changed = notebook.rules.differences()
    if not changed:
        return None
    listed = ", ".join(
        f"{say(f'rulename_{name}', lang)} = {value_text(value, lang)}"
        for name, value in changed.items()
    )
    return f"{say('house_rules', lang)}: {listed}"


def agreements_line(notebook: Notebook, lang: Lang) -> str | None:
    """The Rules sheet's free-text agreements, which change no score but belong to the
    table's rules."""
    if not notebook.agreements:
        return None
    listed = in_turn([shown_text(text) for text in notebook.agreements])
    return f"{say('agreements', lang)}: {listed}"


def summary(notebook: Notebook, problems: Sequence[Problem], lang: Lang) -> str:
    errors = error_count(problems)
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
    """A table on a terminal; one `problem_line` each when piped."""
    if not problems:
        return
    if console.is_terminal:
        print_table(console, problems_table(problems, lang))
        return
    for problem in problems:
        console.print(problem_line(problem, lang), markup=False, highlight=False, soft_wrap=True)


def pango_help(lang: Lang, platform: str = sys.platform) -> str:
    """How to get Pango on this kind of system, in one line."""
    if platform.startswith(("win", "cygwin", "msys")):
        return say("pango_windows", lang)
    if platform == "darwin":
        return say("pango_macos", lang)
    return say("pango_linux", lang)
