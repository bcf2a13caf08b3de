"""The `remi` command: thin wrappers that parse options, call the library and print.

The options and failure handling every command shares are in `options`; the larger
commands live in their own modules, imported only when they run or `--help` lists them:
`remi check` should not wait for the PDF and statistics code to load. What a command's
help says, and its options', is the catalogue's (`i18n.command_help`), put in place by
`help_text` in the language of the one who asks.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final

import typer
from typer.core import TyperCommand, TyperGroup

from remi_sheet.cli import help_text
from remi_sheet.cli.options import (
    BackupOpt,
    ForceOpt,
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
    from remi_sheet.cli.clicks import Command, Context, HelpFormatter

# Every command: name → (module, function), in the order `remi --help` lists them. A command
# is built only when it runs (`remi check` builds `check` alone and never loads the PDF or
# statistics code), and `remi --help` lists their summaries (`help_text.summary`) without
# building any.
_COMMANDS: Final = {
    "check": ("remi_sheet.cli.app", "check"),
    "score": ("remi_sheet.cli.app", "score"),
    "new": ("remi_sheet.cli.app", "new"),
    "report": ("remi_sheet.cli.report", "report"),
    "meld": ("remi_sheet.cli.meld", "meld"),
    "import": ("remi_sheet.cli.import_records", "import_records"),
    "stats": ("remi_sheet.cli.stats", "stats"),
    "templates": ("remi_sheet.cli.templates", "templates"),
}


def command_function(name: str) -> Callable[..., None]:
    """The function behind the command `name`, its module loaded."""
    module, function = _COMMANDS[name]
    found: Callable[..., None] = getattr(importlib.import_module(module), function)
    return found


class _Command(TyperCommand):
    """One of remi's commands, its help in the language of the one who asks."""

    def get_help(self, ctx: Context) -> str:
        lang = ctx.meta.get(help_text.HELP_LANG, "en")
        help_text.put_in_place(self, ctx, self.name or "", lang)
        return help_text.in_words(super().get_help(ctx), lang)

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        # Typer writes a required argument in braces, {NOTEBOOK.xlsx}, which reads as part
        # of its name: written bare, as click and manual pages write what must be given.
        return [
            piece[1:-1] if piece.startswith("{") and piece.endswith("}") else piece
            for piece in super().collect_usage_pieces(ctx)
        ]


class _Commands(TyperGroup):
    """remi's commands (`_COMMANDS`), each built from its function when first asked for."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if help_text.wanted(args):
            ctx.meta[help_text.HELP_LANG] = help_text.language_of(args)
        return super().parse_args(ctx, args)

    def get_help(self, ctx: Context) -> str:
        lang = ctx.meta.get(help_text.HELP_LANG, "en")
        help_text.put_in_place(self, ctx, "remi", lang)
        return help_text.in_words(super().get_help(ctx), lang)

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
            single.command(cmd_name, cls=_Command)(command_function(cmd_name))
            command = typer.main.get_command(single)
            for parameter in command.params:
                if getattr(parameter.type, "readable", False):  # a path
                    # A file remi cannot read is remi's to say, in the user's language, in
                    # --json, exit 1: not click's English "is not readable", exit 2.
                    parameter.type.readable = False  # type: ignore[attr-defined]
            self.add_command(command, cmd_name)
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
        lang = ctx.meta.get(help_text.HELP_LANG, "en")
        with formatter.section("Commands"):
            formatter.write_dl([(name, help_text.summary(name, lang)) for name in _COMMANDS])


_CONTEXT: Final = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    cls=_Commands,
    name="remi",
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
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True)] = False,
    lang: LangOpt = None,
) -> None:
    # Without a callback of its own, an app with no command registered up front would not
    # be a group; the callback takes the options of `remi` itself.
    if lang is not None:
        # `remi --lang hu check …`: the command's own --lang defaults to it.
        ctx.default_map = {name: {"lang": lang.value} for name in _COMMANDS}


def check(
    notebook: NotebookArg, json_output: JsonOpt = False, lang: LangOpt = None, rule: RuleOpt = None
) -> None:
    """`remi check`: read and check the notebook, write nothing."""
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
        Path | None, typer.Option("--output", "-o", metavar="OUT.xlsx", show_default=False)
    ] = None,
    json_output: JsonOpt = False,
    lang: LangOpt = None,
    rule: RuleOpt = None,
    backup: BackupOpt = True,
    force: ForceOpt = False,
    live: Annotated[bool, typer.Option("--live")] = False,
) -> None:
    """`remi score`: check the notebook, then write its scores back."""
    from remi_sheet.cli.commands import run_score

    chosen: Lang | None = lang.value if lang else None
    overrides = rule_options(rule, chosen, notebook)
    if live and overrides:
        from remi_sheet.cli.language import said

        usage_error("live_with_rules", said(chosen, notebook))
    if output is not None:
        from remi_sheet.cli.language import said
        from remi_sheet.cli.targets import check_target, refuse_another_notebook
        from remi_sheet.commands.outputs import same_file

        if same_file(output, notebook):  # through a link, the backup would be named after it
            usage_error("output_is_notebook", said(chosen, notebook), name=output.name)
        check_target(output, "workbook", chosen, json_output=json_output, lang_from=[notebook])
        refuse_another_notebook(output, notebook, chosen, json_output=json_output)
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
    notebook: Annotated[Path, typer.Argument(metavar="NOTEBOOK.xlsx", show_default=False)],
    player: Annotated[list[str] | None, typer.Option("--player", "-p", metavar="NAME")] = None,
    games: Annotated[int, typer.Option(min=1, max=100, metavar="N")] = 1,
    date: Annotated[str | None, typer.Option("--date", metavar="DATE")] = None,
    deals: Annotated[int | None, typer.Option(min=1, max=50, metavar="N")] = None,
    add_game: Annotated[bool, typer.Option("--add-game")] = False,
    source: Annotated[
        Path | None, typer.Option("--from", metavar="OLD.xlsx", show_default=False)
    ] = None,
    force: ForceOpt = False,
    backup: BackupOpt = True,
    lang: LangOpt = None,
    rule: RuleOpt = None,
) -> None:
    """`remi new`: make a fresh notebook (the next season's, with --from), or add a game
    sheet to one."""
    import datetime as dt

    from remi_sheet.cli.commands import run_add_game, run_new, run_new_from
    from remi_sheet.cli.language import said
    from remi_sheet.core.dates import FORMS, parse_option
    from remi_sheet.writing.new_notebook import check_players

    chosen: Lang | None = lang.value if lang else None
    day: dt.date | None = dt.date.today() if games == 1 else None
    if source is not None and add_game:
        usage_error("new_from_add_game", said(chosen, notebook, source))
    if date is not None:
        try:
            day = parse_option(date)
        except RemiError:
            usage_error(
                "date_option",
                said(chosen, notebook, source),
                option="--date",
                forms=FORMS,
                value=date,
            )
    overrides = rule_options(rule, chosen, notebook, source)
    if deals is not None:
        overrides.append(("deals_per_game", str(deals)))
    if add_game and (rule or deals is not None or games != 1):
        usage_error("add_game_alone", said(chosen, notebook))
    if not add_game:
        from remi_sheet.cli.targets import check_target

        # --from naming the notebook to make is refused as an output that is the input.
        inputs = [source] if source is not None else []
        check_target(notebook, "workbook", chosen, inputs=inputs)
    console = console_for(False)

    def make() -> int:
        if add_game:
            return run_add_game(
                notebook, player or [], chosen, console, day, backup=backup, force=force
            )
        if source is not None:
            return run_new_from(
                notebook, source, player or [], overrides, chosen, console,
                games=games, day=day, force=force, backup=backup,
            )  # fmt: skip
        rules = rules_from(overrides)
        try:
            names = check_players(player or [], rules)
        except RemiError as error:
            usage_error(error.code, said(chosen, notebook), **error.params)
        return run_new(notebook, names, games, chosen or "en", rules, force, console, day, backup)

    # With --from, a failure is most likely the old notebook's, and said in its language.
    run_guarded(make, source or notebook, chosen, False)


def main() -> None:
    from remi_sheet.cli.clicks import ClickException, UsageError

    try:
        # Not standalone: a refused command line comes here, to be said in the notebook's
        # language (`command_line`); the commands' own exit codes come back as values.
        code = app(standalone_mode=False)
    except OutputBroken as broken:  # outside a command's guard, before its language is known
        output_failed(broken.error, "en")
    except UsageError as error:
        from remi_sheet.cli import command_line

        command_line.refuse(error, sys.argv[1:])
    except ClickException as error:
        error.show()
        raise SystemExit(error.exit_code) from None
    except OSError as error:
        # What a command's own guard has not caught is its printing: meld's lines, --help,
        # --version, written to a full disk or a failing device.
        from remi_sheet.cli import help_text

        output_failed(error, help_text.language_of(sys.argv[1:]))
    except typer.Abort:  # Ctrl-C: nothing was half-written (every write is atomic)
        from remi_sheet.cli import help_text
        from remi_sheet.i18n import say

        typer.echo(say("cli_aborted", help_text.language_of(sys.argv[1:])), err=True)
        raise SystemExit(1) from None
    raise SystemExit(code if isinstance(code, int) else 0)
