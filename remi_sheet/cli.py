"""The `remi` command: thin wrappers that parse options, call the library and print.

Exit codes (NOTEBOOK.md): 0 done, no errors; 1 the input has errors; 2 the command line
was wrong. A user's mistake is one clear message, never a traceback; set REMI_DEBUG=1 to
see the traceback of an unexpected failure.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console

from remi_sheet.messages import Lang, render
from remi_sheet.problems import FileProblem, Problem
from remi_sheet.rules import (
    HouseRules,
    RuleError,
    check_consistent,
    with_rule,
)

app = typer.Typer(
    name="remi",
    help="The score notebook for Hungarian rummy (römi): check, score and print the "
    "scores kept in an Excel workbook.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class LangChoice(StrEnum):
    en = "en"
    hu = "hu"


NotebookArg = Annotated[
    Path, typer.Argument(help="The notebook workbook (.xlsx).", show_default=False)
]
JsonOpt = Annotated[
    bool,
    typer.Option(
        "--json", help="Machine-readable output on standard output: no colour, no tables."
    ),
]
LangOpt = Annotated[
    LangChoice | None,
    typer.Option(
        "--lang", help="Language of messages and written headings; default: the notebook's."
    ),
]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        "-r",
        metavar="NAME=VALUE",
        help="A house rule that overrides the notebook's Rules sheet, e.g. -r opening_minimum=51. "
        "Repeat for more.",
    ),
]


def _console(json_output: bool) -> Console:
    console = Console(stderr=json_output, highlight=False)
    if not console.is_terminal:
        # Piped or captured output has no width of its own; Rich's 80 columns would fold
        # the Hungarian headings of the standings table.
        console = Console(stderr=json_output, highlight=False, width=max(console.width, 120))
    return console


def _overrides(rules: list[str] | None, lang: Lang) -> list[tuple[str, str]]:
    """`--rule` options as (name, value) pairs, checked alone and together; a bad one is a
    command-line mistake and exits with 2."""
    pairs = []
    combined = HouseRules()
    try:
        for option in rules or []:
            name, equals, value = option.partition("=")
            if not equals:
                raise RuleError("rule_option", value=option)
            combined = with_rule(combined, name.strip(), value.strip())
            pairs.append((name.strip(), value.strip()))
        check_consistent(combined)
    except RuleError as error:
        _usage_error(render(error.code, lang, error.params))
    return pairs


def _usage_error(message: str) -> NoReturn:
    Console(stderr=True, highlight=False).print(f"Usage error: {message}", markup=False)
    raise typer.Exit(2)


def _fail(problem: Problem, lang: Lang, json_output: bool) -> NoReturn:
    """Stop with one clear line (or a JSON document) for a problem with the file itself."""
    if json_output:
        from remi_sheet.output import print_json

        print_json({"games": [], "problems": [problem.to_json(lang)]})
    else:
        Console(stderr=True, highlight=False).print(
            f"error: {problem.message(lang)}", markup=False, soft_wrap=True
        )
    raise typer.Exit(1)


def _unexpected(error: Exception, path: Path, lang: Lang, json_output: bool) -> NoReturn:
    if os.environ.get("REMI_DEBUG"):
        raise error
    reason = f"{type(error).__name__}: {error}".strip().rstrip(":")
    _fail(Problem("file_not_xlsx", params={"path": str(path), "reason": reason}), lang, json_output)


def run_guarded(action: Callable[[], int], path: Path, lang: Lang, json_output: bool) -> NoReturn:
    """Do a command's work and exit with its code. A file that cannot be used is one clear
    line (exit 1), never a traceback."""
    try:
        code = action()
    except typer.Exit:
        raise
    except FileProblem as stop:
        _fail(stop.problem, lang, json_output)
    except Exception as error:  # noqa: BLE001 - a damaged workbook can fail anywhere in a library
        _unexpected(error, path, lang, json_output)
    raise typer.Exit(code)


@app.command()
def check(
    notebook: NotebookArg,
    json_output: JsonOpt = False,
    lang: LangOpt = None,
    rule: RuleOpt = None,
) -> None:
    """Read the notebook and check every deal; write nothing.

    Every mistake is listed with its sheet and cell. Exit code 1 if there are errors.

    Example: remi check klub.xlsx --json
    """
    from remi_sheet.commands import run_check

    chosen: Lang | None = lang.value if lang else None
    overrides = _overrides(rule, chosen or "en")
    run_guarded(
        lambda: run_check(notebook, overrides, chosen, json_output, _console(json_output)),
        notebook,
        chosen or "en",
        json_output,
    )


@app.command()
def score(
    notebook: NotebookArg,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the scored notebook here instead of in place."),
    ] = None,
    json_output: JsonOpt = False,
    lang: LangOpt = None,
    rule: RuleOpt = None,
    backup: Annotated[
        bool,
        typer.Option(
            "--backup/--no-backup",
            help="Keep the previous version as NOTEBOOK.xlsx.bak when writing in place.",
        ),
    ] = True,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Write in place even when the workbook holds things openpyxl "
            "cannot keep (listed when remi refuses).",
        ),
    ] = False,
) -> None:
    """Check the notebook, then write scores, running totals, ranks and the Standings sheet.

    Only remi's own area beside each game and the Standings sheet are written; typed cells
    never change. Games with errors are not scored. The file is replaced in one step (or
    left untouched when it already holds these scores).

    Example: remi score klub.xlsx --output klub-pontozva.xlsx
    """
    from remi_sheet.commands import run_score

    chosen: Lang | None = lang.value if lang else None
    overrides = _overrides(rule, chosen or "en")
    if output is not None and output.suffix.lower() not in (".xlsx", ".xlsm"):
        _usage_error(f"--output must name an .xlsx (or .xlsm) workbook, not '{output.name}'.")
    run_guarded(
        lambda: run_score(
            notebook,
            output,
            overrides,
            chosen,
            json_output,
            _console(json_output),
            backup=backup,
            force=force,
        ),
        notebook,
        chosen or "en",
        json_output,
    )


@app.command()
def new(
    notebook: Annotated[
        Path,
        typer.Argument(
            help="The notebook to make (.xlsx), or with --add-game the one to add a game to.",
            show_default=False,
        ),
    ],
    player: Annotated[
        list[str] | None,
        typer.Option("--player", "-p", help="A player's name; repeat for each player (2 to 6)."),
    ] = None,
    games: Annotated[int, typer.Option(min=1, max=100, help="How many empty game sheets.")] = 1,
    deals: Annotated[
        int | None,
        typer.Option(min=1, max=50, help="Deals per game (house rule deals_per_game; default 7)."),
    ] = None,
    add_game: Annotated[
        bool,
        typer.Option(
            "--add-game",
            help="Add the next game sheet to an existing notebook, with the last "
            "game's players unless --player is given.",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Replace an existing file (with --add-game: write even when the "
            "workbook holds things openpyxl cannot keep).",
        ),
    ] = False,
    backup: Annotated[
        bool,
        typer.Option(
            "--backup/--no-backup",
            help="With --add-game: keep the previous version as NOTEBOOK.xlsx.bak.",
        ),
    ] = True,
    lang: LangOpt = None,
    rule: RuleOpt = None,
) -> None:
    """Make a fresh notebook that helps while people type and scores itself live.

    Each game sheet has the deal numbers ready, checks every entry as it is typed, marks a
    row with no winner or two, and shows scores, running totals, totals and ranks as
    formulas that Excel and LibreOffice compute; a Rules sheet holds every house rule.

    Example: remi new klub.xlsx -p Anna -p Béla -p Csaba --lang hu
    """
    import datetime as dt

    from remi_sheet.commands import run_add_game, run_new
    from remi_sheet.new_notebook import NewNotebookError, check_players

    chosen: Lang | None = lang.value if lang else None
    overrides = _overrides(rule, chosen or "en")
    if deals is not None:
        overrides.append(("deals_per_game", str(deals)))
    if add_game and (rule or deals is not None or games != 1):
        _usage_error(
            "--add-game keeps the notebook's own house rules and adds one game: "
            "leave out --rule, --deals and --games."
        )
    console = _console(False)

    def make() -> int:
        if add_game:
            return run_add_game(
                notebook, player or [], chosen, console, dt.date.today(), backup=backup, force=force
            )
        rules = HouseRules()
        for name, value in overrides:
            rules = with_rule(rules, name, value)
        try:
            names = check_players(player or [], rules)
        except NewNotebookError as error:
            _usage_error(render(error.code, chosen or "en", error.params))
        return run_new(
            notebook, names, games, chosen or "en", rules, force, console, dt.date.today()
        )

    run_guarded(make, notebook, chosen or "en", False)


def main() -> None:
    app()


from remi_sheet.report_command import report  # noqa: E402

app.command()(report)


from remi_sheet.meld_command import meld  # noqa: E402

app.command()(meld)


from remi_sheet.import_command import import_records  # noqa: E402

app.command("import")(import_records)


from remi_sheet.stats_command import stats  # noqa: E402

app.command()(stats)
