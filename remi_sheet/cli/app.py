"""The `remi` command: thin wrappers that parse options, call the library and print.

The options and failure handling every command shares are in `options`; the larger
commands live in their own modules, imported only when they run or `--help` lists them:
`remi check` should not wait for the PDF and statistics code to load.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final

import typer
from typer.core import TyperGroup

from remi_sheet.cli.options import (
    JsonOpt,
    LangOpt,
    NotebookArg,
    RuleOpt,
    rule_options,
    rules_from,
    run_guarded,
    usage_error,
)
from remi_sheet.cli.printing import OutputBroken, console_for, output_failed
from remi_sheet.core.problems import RemiError
from remi_sheet.i18n import Lang

if TYPE_CHECKING:
    from collections.abc import Callable

    # Typer's group methods are typed with the click it carries inside.
    from typer._click import Command, Context, HelpFormatter

# Every command: name → (module, function, summary), in the order `remi --help` lists them.
# A command is built only when it runs (`remi check` builds `check` alone and never loads
# the PDF or statistics code), and `remi --help` lists the summaries without building any;
# a test keeps each summary equal to the first paragraph of its function's docstring.
_COMMANDS: Final = {
    "check": (
        "remi_sheet.cli.app",
        "check",
        "Read the notebook and check every deal; write nothing.",
    ),
    "score": (
        "remi_sheet.cli.app",
        "score",
        "Check the notebook, then write scores, running totals, ranks and the Standings sheet.",
    ),
    "new": (
        "remi_sheet.cli.app",
        "new",
        "Make a fresh notebook that helps while people type and scores itself live.",
    ),
    "report": (
        "remi_sheet.cli.report",
        "report",
        "Print the scorecard as a PDF: one A4 page per game, then the standings.",
    ),
    "meld": (
        "remi_sheet.cli.meld",
        "meld",
        "Check melds and their value, or find the best opening of a hand.",
    ),
    "import": (
        "remi_sheet.cli.import_records",
        "import_records",
        "Import old paper score sheets (CSV or .xlsx) into the notebook, checking every number.",
    ),
    "stats": (
        "remi_sheet.cli.stats",
        "stats",
        "Standings across all games of the notebooks given, with a rating.",
    ),
}


def command_function(name: str) -> Callable[..., None]:
    """The function behind the command `name`, its module loaded."""
    module, function, _ = _COMMANDS[name]
    found: Callable[..., None] = getattr(importlib.import_module(module), function)
    return found


class _Commands(TyperGroup):
    """remi's commands (`_COMMANDS`), each built from its function when first asked for."""

    def list_commands(self, ctx: Context) -> list[str]:
        return list(_COMMANDS)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        if cmd_name in _COMMANDS and cmd_name not in self.commands:
            single = typer.Typer(
                rich_markup_mode=None,
                pretty_exceptions_enable=False,
                add_completion=False,
                context_settings=_CONTEXT,
            )
            single.command(cmd_name)(command_function(cmd_name))
            self.add_command(typer.main.get_command(single), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        if args and args[0] not in _COMMANDS:
            # A mistyped command: Typer suggests the nearest of the commands it has.
            for name in _COMMANDS:
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, summary) for name, (_, _, summary) in _COMMANDS.items()])


_CONTEXT: Final = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    cls=_Commands,
    name="remi",
    help="The score notebook for Hungarian rummy (römi): check, score and print the "
    "scores kept in an Excel workbook.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=_CONTEXT,
)


def _version(asked: bool) -> None:
    if asked:
        from remi_sheet import __version__

        typer.echo(f"remi-sheet {__version__}")
        raise typer.Exit


@app.callback()
def _group(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    # Without a callback of its own, an app with no command registered up front would not
    # be a group; the callback takes the options of `remi` itself.
    pass


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
    from remi_sheet.cli.commands import run_check

    chosen: Lang | None = lang.value if lang else None
    overrides = rule_options(rule, chosen, notebook)
    run_guarded(
        lambda: run_check(notebook, overrides, chosen, json_output, console_for(json_output)),
        notebook,
        chosen,
        json_output,
    )


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
    live: Annotated[
        bool,
        typer.Option(
            "--live",
            help="Make every game's area live (formulas that score while people type), as "
            "remi new makes them: after a run with --rule, or in a notebook remi did not make.",
        ),
    ] = False,
) -> None:
    """Check the notebook, then write scores, running totals, ranks and the Standings sheet.

    Only remi's own area beside each game and the Standings sheet are written; typed cells
    never change. Games with errors are not scored. The file is replaced in one step (or
    left untouched when it already holds these scores).

    Example: remi score klub.xlsx --output klub-pontozva.xlsx
    """
    from remi_sheet.cli.commands import run_score

    chosen: Lang | None = lang.value if lang else None
    overrides = rule_options(rule, chosen, notebook)
    if live and overrides:
        from remi_sheet.cli.language import said

        usage_error("live_with_rules", said(chosen, notebook))
    if output is not None:
        from remi_sheet.cli.targets import check_target

        check_target(output, "workbook", chosen, json_output=json_output, lang_from=[notebook])
    run_guarded(
        lambda: run_score(
            notebook,
            output,
            overrides,
            chosen,
            json_output,
            console_for(json_output),
            backup=backup,
            force=force,
            live=live,
        ),
        notebook,
        chosen,
        json_output,
    )


def new(
    notebook: Annotated[
        Path,
        typer.Argument(
            metavar="NOTEBOOK.xlsx",
            help="The notebook to make (.xlsx), or with --add-game the one to add a game to.",
            show_default=False,
        ),
    ],
    player: Annotated[
        list[str] | None,
        typer.Option("--player", "-p", help="A player's name; repeat for each player (2 to 6)."),
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            min=1,
            max=100,
            help="How many empty game sheets. One is dated today (or --date); several get "
            "a Date row each, left for you to fill in (or all dated --date).",
        ),
    ] = 1,
    date: Annotated[
        str | None,
        typer.Option(
            "--date",
            metavar="DATE",
            help="The day of the game(s): 2026-11-29, 2026. 11. 29. or 29/11/2026.",
        ),
    ] = None,
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
            help="Keep the file replaced (--force, --add-game) as NOTEBOOK.xlsx.bak.",
        ),
    ] = True,
    lang: LangOpt = None,
    rule: RuleOpt = None,
) -> None:
    """Make a fresh notebook that helps while people type and scores itself live.

    Each game sheet has the deal numbers ready, refuses characters no entry has, paints an
    entry that does not read and its row, and scores every deal as remi does (codes, card
    lists, paper rows) with formulas Excel and LibreOffice compute; a Rules sheet holds
    every house rule, and a change there changes the scores.

    Example: remi new klub.xlsx -p Anna -p Béla -p Csaba --lang hu
    """
    import datetime as dt

    from remi_sheet.cli.commands import run_add_game, run_new
    from remi_sheet.cli.language import said
    from remi_sheet.core.dates import FORMS, parse_option
    from remi_sheet.writing.new_notebook import check_players

    chosen: Lang | None = lang.value if lang else None
    day: dt.date | None = dt.date.today() if games == 1 else None
    if date is not None:
        try:
            day = parse_option(date)
        except RemiError:
            usage_error(
                "date_option", said(chosen, notebook), option="--date", forms=FORMS, value=date
            )
    overrides = rule_options(rule, chosen, notebook)
    if deals is not None:
        overrides.append(("deals_per_game", str(deals)))
    if add_game and (rule or deals is not None or games != 1):
        usage_error("add_game_alone", said(chosen, notebook))
    if not add_game:
        from remi_sheet.cli.targets import check_target

        check_target(notebook, "workbook", chosen)
    console = console_for(False)

    def make() -> int:
        if add_game:
            return run_add_game(
                notebook, player or [], chosen, console, day, backup=backup, force=force
            )
        rules = rules_from(overrides)
        try:
            names = check_players(player or [], rules)
        except RemiError as error:
            usage_error(error.code, said(chosen, notebook), **error.params)
        return run_new(notebook, names, games, chosen or "en", rules, force, console, day, backup)

    run_guarded(make, notebook, chosen, False)


def main() -> None:
    from typer._click.exceptions import ClickException, UsageError

    try:
        # Not standalone: a refused command line comes here, to be said in the notebook's
        # language (`command_line`); the commands' own exit codes come back as values.
        code = app(standalone_mode=False)
    except OutputBroken as broken:  # outside a command's guard: `stats`
        output_failed(broken.error, "en")
    except UsageError as error:
        from remi_sheet.cli import command_line

        command_line.refuse(error, sys.argv[1:])
    except ClickException as error:
        error.show()
        raise SystemExit(error.exit_code) from None
    except typer.Abort:
        typer.echo("Aborted!", err=True)
        raise SystemExit(1) from None
    raise SystemExit(code if isinstance(code, int) else 0)
