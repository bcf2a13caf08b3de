"""The `remi stats` command: standings across games and notebooks, with a rating.

`cli.app` builds the command from this module when it runs. The figures come from
`notebook.season`; this module reads the notebooks, checks the options and shows the season
(`season_views`: tables on a terminal; `commands.stats.Stats`: `--json` or `--csv` for
scripts; `report.season`: a PDF with `-o season.pdf`; `writing.season_workbook`: a workbook
for people with `-o season.xlsx`). Everything heavy is imported inside the command, so that
`remi` starts fast.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final

import typer

from remi_sheet.cli.language import said
from remi_sheet.cli.options import (
    JsonOpt,
    LangOpt,
    RuleOpt,
    TemplateOpt,
    failed,
    heard,
    rule_options,
    run_guarded,
    template_folder,
    usage_error,
)
from remi_sheet.cli.printing import console_for, error_line, print_table, writing_out
from remi_sheet.cli.season_views import (
    Options,
    head_to_head_table,
    history_table,
    records_table,
    standings_table,
)
from remi_sheet.commands.lines import house_rules_line, refused_line
from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.standings import ORDER
from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.season import SORTS, summary
from remi_sheet.notebook.sheets import Grids

if TYPE_CHECKING:
    from remi_sheet.cli.printing import Printer
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.notebook.season import Season


# The orders `notebook.season` sorts by, as the choices of --sort.
SortChoice = StrEnum("SortChoice", {name: name for name in SORTS})  # type: ignore[misc]
BY_PLACE: Final = SortChoice("place")


SinceOpt = Annotated[str | None, typer.Option("--since", metavar="DATE")]


UntilOpt = Annotated[str | None, typer.Option("--until", metavar="DATE")]


def stats(
    notebooks: Annotated[
        list[Path], typer.Argument(metavar="NOTEBOOK.xlsx...", show_default=False)
    ],
    since: SinceOpt = None,
    until: UntilOpt = None,
    player: Annotated[list[str] | None, typer.Option("--player", "-p", metavar="NAME")] = None,
    sort: Annotated[SortChoice, typer.Option("--sort")] = BY_PLACE,
    json_output: JsonOpt = False,
    csv_output: Annotated[bool, typer.Option("--csv")] = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="SEASON.pdf|.xlsx", show_default=False)
    ] = None,
    history: Annotated[bool, typer.Option("--history")] = False,
    template: TemplateOpt = None,
    lang: LangOpt = None,
    rule: RuleOpt = None,
) -> None:
    """`remi stats`: the standings across notebooks, with ratings."""
    from remi_sheet.core.dates import FORMS, parse_option

    chosen: Lang | None = lang.value if lang else None
    shown: Lang = said(chosen, *notebooks)
    if json_output and csv_output:
        usage_error("json_and_csv", shown)
    if template is not None:
        if output is None or output.suffix.lower() == ".xlsx":  # it lays out the PDF alone
            usage_error("template_without_output", shown)
        template_folder(template, shown)
    if output is not None:
        from remi_sheet.cli.targets import check_target

        kinds = ("pdf", "season")  # the printout, or the workbook for people
        check_target(output, kinds, chosen, inputs=notebooks, json_output=json_output)
    limits: dict[str, dt.date | None] = {"--since": None, "--until": None}
    for option, text in (("--since", since), ("--until", until)):
        try:
            limits[option] = parse_option(text) if text is not None else None
        except RemiError:
            params = {"option": option, "forms": FORMS, "value": text}
            usage_error("date_option", shown, **params)
    first, last = limits["--since"], limits["--until"]
    if first is not None and last is not None and first > last:
        usage_error("dates_reversed", shown, since=since, until=until)
    overrides = rule_options(rule, shown)

    def work() -> int:
        read = _read(notebooks, overrides, chosen)
        options = Options(
            since=first,
            until=last,
            players=[name for name in player or [] if name.strip()],
            sort=sort.value,
            json_output=json_output,
            csv_output=csv_output,
            output=output,
            history=history,
            lang=chosen or read[0].lang,
            template=template,
        )
        return _show(read, options)

    run_guarded(work, notebooks[0], chosen, json_output, others=notebooks)


def _read(
    paths: Sequence[Path], overrides: list[tuple[str, str]], chosen: Lang | None
) -> list[Notebook]:
    """Every notebook given, each once; a file that is no workbook stops the command."""
    from remi_sheet.commands.opening import open_notebook

    seen: set[Path] = set()
    read: list[Notebook] = []
    for path in paths:
        if path.resolve() in seen:
            continue  # the same file twice would count its games twice
        seen.add(path.resolve())
        try:
            read.append(open_notebook(path, overrides, chosen, grids=Grids.NONE))
            heard(read[0].lang)  # a later file's failure is said in the first one's language
        except RemiError:
            raise
        except Exception as error:  # noqa: BLE001 - a damaged workbook can fail anywhere
            raise RemiError(failed(error, path)) from None  # this file's, not the first's
    return read


def _show(notebooks: Sequence[Notebook], options: Options) -> int:
    """The season: its file written first (`-o`), so that a failure to write it is the one
    thing said (`--json`: the one document); then shown, and what was written said."""
    from remi_sheet.commands.stats import season_of, season_pdf, season_workbook

    lang, target = options.lang, options.output
    found = season_of(
        notebooks,
        lang,
        since=options.since,
        until=options.until,
        players=options.players,
        sort=options.sort,
    )
    refused: list[str] = []
    written = True
    workbook = target is not None and target.suffix.lower() == ".xlsx"  # else the PDF
    if target is not None and workbook:
        written = season_workbook(
            found, target, lang, options.since, options.until, options.players
        )
    elif target is not None:
        printed = season_pdf(
            found, target, lang, options.since, options.until, template=options.template
        )
        refused, written = printed.refused, printed.written
    season, problems, labels = found.season, found.problems, found.labels
    if options.json_output:
        from remi_sheet.cli.output import print_json

        print_json(found.to_json(lang))
    elif options.csv_output:
        with writing_out():
            found.write_csv(sys.stdout)
    console = console_for(options.json_output or options.csv_output)
    if options.csv_output:
        # The CSV holds no problems: say on standard error why the exit code is 1.
        from remi_sheet.cli.output import print_problems

        print_problems(console, list(problems), lang)
    elif not options.json_output:
        _print_terminal(console, season, problems, notebooks, labels, options)
    for url in refused:
        told = refused_line(url, options.template, lang)
        error_line(f"{say('severity_warning', lang)}: {told}")
    if target is not None:
        key = "written" if workbook else "written_pdf"
        console.print(say(key if written else "file_unchanged", lang, path=target))
    return 0 if found.ok else 1


def _print_terminal(
    console: Printer,
    season: Season,
    problems: Sequence[Problem],
    notebooks: Sequence[Notebook],
    labels: Sequence[str],
    options: Options,
) -> None:
    from remi_sheet.cli import output

    lang = options.lang
    count = len(notebooks)
    if season.rows:
        print_table(console, standings_table(season, lang))
        console.print(say(ORDER, lang))
        print_table(console, records_table(season, lang))
        if len(season.rows) > 1:
            print_table(console, head_to_head_table(season, lang))
            console.print(say("head_to_head_note", lang))
        if options.history and season.history.games:
            print_table(console, history_table(season, lang))
        console.print(say("rating_note", lang))
    else:
        console.print(say("no_players", lang))
    for key, games in (
        ("incomplete_games", season.incomplete),
        ("not_counted", season.not_counted),
    ):
        if games:
            listed = ", ".join(game.label for game in games)
            console.print(f"{say(key, lang)}: {listed}")
    for label, notebook in zip(labels, notebooks, strict=True):
        line = house_rules_line(notebook, lang)  # every report says them, by notebook
        if line is not None:
            named = f"{label}: {line}" if count > 1 else line
            console.print(named)
    output.print_problems(console, list(problems), lang)
    console.print(summary(season, count, lang))
