"""What the commands print: the `--json` documents and the lines (made by the outcomes,
`commands`, `commands.lines`), and the tables a terminal draws."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from remi_sheet.cli.printing import Justify, Table, print_table, writing_out
from remi_sheet.commands.lines import figure, problem_line, sheet_shown
from remi_sheet.core.problems import Problem, Severity
from remi_sheet.core.standings import COLUMNS, DECIMALS, Standing
from remi_sheet.i18n import Lang, say
from remi_sheet.i18n.notebook import SHORT_HEADING_KEYS

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


def print_problems(console: Printer, problems: Sequence[Problem], lang: Lang) -> None:
    """A table on a terminal; one `problem_line` each when piped."""
    if not problems:
        return
    if console.is_terminal:
        print_table(console, problems_table(problems, lang))
        return
    for problem in problems:
        console.print(problem_line(problem, lang), soft_wrap=True)
