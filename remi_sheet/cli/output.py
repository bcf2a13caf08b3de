"""What the commands print: the `--json` documents (made by the outcomes, `commands`), the
tables and the summary lines."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from remi_sheet.cli.printing import Justify, Table, print_table, writing_out
from remi_sheet.core.problems import SEVERITY_NAMES, Problem, Severity, error_count
from remi_sheet.core.standings import COLUMNS, DECIMALS, Standing
from remi_sheet.i18n import Lang, in_turn, number, say, shown_text
from remi_sheet.i18n.notebook import SHORT_HEADING_KEYS
from remi_sheet.notebook.loading import Notebook
from remi_sheet.notebook.season import sheet_named

if TYPE_CHECKING:
    from remi_sheet.cli.printing import Printer


def print_json(document: Mapping[str, Any]) -> None:
    """`document` on standard output as JSON (`documents.write_json`)."""
    from remi_sheet.commands.documents import write_json

    with writing_out():
        write_json(document, sys.stdout.write)


def print_refusal_json(message: object, lang: Lang, arguments: Sequence[str]) -> None:
    """A refused command line (exit 2) that asked for `--json`: the refusal as a JSON
    document on standard output as well, in the shape of any other failure's, so that a
    script reading the output finds a document whatever went wrong."""
    asked = arguments[: arguments.index("--")] if "--" in arguments else arguments
    if "--json" in asked:
        from remi_sheet.commands.documents import failure_json

        print_json(failure_json(Problem("usage_error", params={"message": message}), lang))


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
    """A problem's sheet on a terminal (`season.sheet_named`), its names' control
    characters shown as escapes and a long one cut."""
    return sheet_named(problem, shown_text)


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
    label = say(SEVERITY_NAMES[problem.severity], lang)
    message = problem.message(lang)
    return f"{label}: {place}: {message}" if place else f"{label}: {message}"


def standings_table(rows: Sequence[Standing], lang: Lang) -> Table:
    """The standings in their order, with their places (the line `ORDER` names the rule)."""
    table = Table(say("standings", lang))
    for key in COLUMNS:
        justify: Justify = "left" if key == "player" else "right"
        table.add_column(say(key, lang), justify, short=say(SHORT_HEADING_KEYS[key], lang))
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
    listed = notebook.dated.said(lang)
    return None if listed is None else f"{say('house_rules', lang)}: {listed}"


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
        console.print(problem_line(problem, lang), soft_wrap=True)


def pango_help(lang: Lang, platform: str = sys.platform) -> str:
    """How to get Pango on this kind of system, in one line."""
    if platform.startswith(("win", "cygwin", "msys")):
        return say("pango_windows", lang)
    if platform == "darwin":
        return say("pango_macos", lang)
    return say("pango_linux", lang)


def hints(problem: Problem, lang: Lang) -> list[str]:
    """What the user can do about `problem`, in lines after its own: without Pango, how to
    get it, and the scorecard's web page that prints without it (`html`, when one can be
    written instead)."""
    if problem.code != "pango_missing":
        return []
    html = problem.params.get("html")
    return [pango_help(lang)] + ([say("pango_html", lang, html=html)] if html else [])
