"""The `remi report` command: the printable PDF scorecard, or a blank one for paper.

`cli.app` builds the command from this module when it runs. Everything heavy (the notebook
reader, Jinja2, WeasyPrint) is imported inside the command, so that `remi` starts fast.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, cast

import typer

from remi_sheet.cli.language import said
from remi_sheet.cli.options import (
    BackupOpt,
    LangOpt,
    RuleOpt,
    fail,
    rule_options,
    unexpected,
    usage_error,
)
from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.i18n import Lang, say

if TYPE_CHECKING:
    import io

    from remi_sheet.cli.printing import Printer
    from remi_sheet.notebook.games import Game
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.report.rendering import Budget
    from remi_sheet.report.scorecard import BlankCard, Report


@dataclass(frozen=True, slots=True)
class Targets:
    """Where a report goes: the PDF and/or the HTML page, whether a file replaced is kept
    as NAME.bak, and whether to open what was written."""

    output: Path | None
    html: Path | None
    backup: bool
    open_: bool


def report(
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", metavar="CARD.pdf", show_default=False),
    ] = None,
    notebook: Annotated[
        Path | None,
        typer.Argument(metavar="NOTEBOOK.xlsx", show_default=False),
    ] = None,
    game: Annotated[
        list[str] | None,
        typer.Option(
            "--game",
            "-g",
            metavar="SHEET",
        ),
    ] = None,
    lang: LangOpt = None,
    rule: RuleOpt = None,
    template: Annotated[
        Path | None,
        typer.Option(
            "--template",
            metavar="DIR",
        ),
    ] = None,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html",
            metavar="OUT.html",
        ),
    ] = None,
    open_: Annotated[
        bool,
        typer.Option("--open"),
    ] = False,
    blank: Annotated[
        bool,
        typer.Option(
            "--blank",
        ),
    ] = False,
    player: Annotated[
        list[str] | None,
        typer.Option("--player", "-p", metavar="NAME"),
    ] = None,
    backup: BackupOpt = True,
) -> None:
    """`remi report`: the scorecard as a PDF (or a web page), or a blank card."""
    from remi_sheet.report import default_template_dir

    chosen: Lang | None = lang.value if lang else None
    shown: Lang = said(chosen, notebook)
    overrides = rule_options(rule, shown)
    folder = template or default_template_dir()
    if not folder.is_dir():
        usage_error("template_dir_missing", shown, folder=folder)
    if not os.access(folder, os.R_OK | os.X_OK):  # else remi's own would stand in silently
        usage_error("template_dir_closed", shown, folder=folder)
    if player and not blank:
        usage_error("player_without_blank", shown)
    if not blank and notebook is None:
        usage_error("notebook_needed", shown)
    if output is None and html is None:
        usage_error("report_needs_output", shown)
    from remi_sheet.cli.targets import check_target

    inputs = [notebook] if notebook is not None else []
    if output is not None:
        check_target(output, "pdf", chosen, inputs=inputs)
    if html is not None:
        outputs = [output] if output is not None else []
        check_target(html, "html", chosen, inputs=inputs, outputs=outputs)
    targets = Targets(output, html, backup, open_)
    try:
        if blank:
            code = _print_blank(notebook, player or [], overrides, chosen, folder, targets)
        else:
            assert notebook is not None
            code = _print_notebook(notebook, game or [], overrides, chosen, folder, targets)
    except RemiError as stop:
        _stop(stop.problem, shown)
    raise typer.Exit(code)


def _print_notebook(
    path: Path,
    sheets: Sequence[str],
    overrides: list[tuple[str, str]],
    chosen: Lang | None,
    folder: Path,
    targets: Targets,
) -> int:
    from remi_sheet.cli import output as printed
    from remi_sheet.cli.printing import console_for
    from remi_sheet.core.problems import error_count, has_errors
    from remi_sheet.i18n import say
    from remi_sheet.report.scorecard import REPORT_TEMPLATE, build_report

    notebook = _open(path, overrides, chosen)
    lang = notebook.lang
    console = console_for(json_output=False)
    if has_errors(notebook.problems):
        # Wrong house rules (or no game at all) make every number wrong: print nothing.
        printed.print_problems(console, notebook.problems, lang)
        console.print(say("not_printed", lang, errors=error_count(notebook.problems)), markup=False)
        return 1
    games = _chosen_games(notebook, sheets, lang)
    document = build_report(notebook, games, path.name)
    _render(document, REPORT_TEMPLATE, folder, targets, lang, console)
    problems = notebook.problems + [p for game in games for p in game.problems]
    printed.print_problems(console, problems, lang)
    broken = sum(game.has_errors for game in games)
    if broken:
        console.print(say("printed_broken", lang, count=broken), markup=False)
    return 1 if has_errors(problems) else 0


def _print_blank(
    path: Path | None,
    players: Sequence[str],
    overrides: list[tuple[str, str]],
    chosen: Lang | None,
    folder: Path,
    targets: Targets,
) -> int:
    from remi_sheet.cli.printing import console_for
    from remi_sheet.notebook.loading import read_rules
    from remi_sheet.report.scorecard import BLANK_TEMPLATE, blank_card

    if path is not None:
        notebook = _open(path, overrides, chosen)
        rules, problems, lang = notebook.rules, notebook.problems, notebook.lang
        problems = [p for p in problems if p.code != "no_games"]  # a blank card needs none
        if not players and notebook.games:
            # The next game night is usually the last one's table again.
            players = notebook.games[-1].players
    else:
        rules, problems, _ = read_rules([], overrides)
        lang = chosen or "en"
    if problems:
        fail(problems[0], lang, json_output=False)
    names = [name.strip() for name in players if name.strip()]
    if not 2 <= len(names) <= rules.max_players:
        usage_error("blank_needs_players", lang, most=rules.max_players)
    card = blank_card(names, rules, lang)
    console = console_for(json_output=False)
    _render(card, BLANK_TEMPLATE, folder, targets, lang, console)
    return 0


def _open(path: Path, overrides: list[tuple[str, str]], chosen: Lang | None) -> Notebook:
    from remi_sheet.commands.opening import open_notebook

    try:
        return open_notebook(path, overrides, chosen, keep_grids=False)
    except RemiError as stop:
        fail(stop.problem, said(chosen, path), json_output=False)
    except Exception as error:  # noqa: BLE001 - a damaged workbook can fail anywhere in a library
        unexpected(error, path, said(chosen, path), json_output=False)


def _chosen_games(notebook: Notebook, sheets: Sequence[str], lang: Lang) -> list[Game]:
    """The games named by --game, in the order given; all of them when none is named."""
    from remi_sheet.core.text import fold

    if not sheets:
        return list(notebook.games)
    by_name = {fold(game.sheet): game for game in notebook.games}
    chosen = []
    for sheet in sheets:
        found = by_name.get(fold(sheet))
        if found is None:
            # A tuple is said item by item: a joined text would be cut like any one value.
            names = tuple(game.sheet for game in notebook.games)
            usage_error("game_unknown", lang, sheet=sheet, games=names)
        chosen.append(found)
    return chosen


def _lay_out(
    document: Report | BlankCard,
    name: str,
    folder: Path,
    text: str,
    target: Path,
    budget: Budget | None = None,
) -> list[str]:
    """The PDF of `text` at `target`, a long scorecard laid out in parts (`paging`), every
    template and page charged to `budget` (a fresh one when None); the URLs refused."""
    from remi_sheet.report import paging
    from remi_sheet.report.rendering import MAX_PAGES, Budget, render_html, render_pdf
    from remi_sheet.report.scorecard import Report

    budget = budget if budget is not None else Budget()

    pieces = paging.parts(document) if isinstance(document, Report) else []
    if len(pieces) < 2:
        return render_pdf(text, folder, target, budget=budget)
    assert isinstance(document, Report)
    whole = document

    numbered: list[int] = []  # the pages the folio pass lays out, one over each part's page

    def folios(pages: int) -> str:
        numbered.append(pages)
        footer = paging.Folios(whole.lang, whole.title, whole.t, pages)
        return render_html(folder, paging.FOLIO_TEMPLATE, cast("Any", footer), budget)

    def render(html: str, folder: Path, target: io.BytesIO | Path, css: Sequence[str]) -> list[str]:
        if not numbered:
            return render_pdf(html, folder, target, css, budget)
        # The folio pages lie over the parts' pages, not counted again: a pass of its own.
        own = Budget(pages=MAX_PAGES)
        refused = render_pdf(html, folder, target, css, own)
        if MAX_PAGES - own.pages != numbered[0]:  # a club's folios.html, say
            raise RemiError(
                "folio_pages",
                template=paging.FOLIO_TEMPLATE,
                count=MAX_PAGES - own.pages,
                pages=numbered[0],
            )
        return refused

    htmls = [render_html(folder, name, piece, budget) for piece in pieces]
    return paging.render_in_parts(
        htmls, folios, folder, target, render, _progress(pieces, whole.lang)
    )


def _progress(pieces: Sequence[Report], lang: Lang) -> Callable[[int], None]:
    """What a long report says while it is laid out (a season of many games takes a while): the
    games done so far, on one line of a terminal's standard error; nothing elsewhere."""
    from remi_sheet.cli.printing import is_terminal

    total = sum(len(piece.games) for piece in pieces)
    if not is_terminal(sys.stderr):
        return lambda parts: None

    def told(parts: int) -> None:
        games = sum(len(piece.games) for piece in pieces[:parts])
        line = say("laying_out", lang, done=games, total=total)
        end = "\n" if parts == len(pieces) else ""
        sys.stderr.write(f"\r{line}{end}")
        sys.stderr.flush()

    told(0)
    return told


def _render(
    document: Report | BlankCard,
    name: str,
    folder: Path,
    targets: Targets,
    lang: Lang,
    console: Printer,
) -> None:
    """Fill the template, lay the PDF out, and write the HTML when asked; a file replaced
    is kept as NAME.bak unless `backup` is false, and every file is written whole or not
    at all. Without Pango nothing is written: the user is told how to get it, or to print
    the HTML page from a browser. A template past a bound (`report.rendering`) writes
    nothing either: the HTML is written once the PDF is laid out."""
    from remi_sheet.cli.printing import error_line
    from remi_sheet.i18n import say
    from remi_sheet.reading import files
    from remi_sheet.report.rendering import MAX_PAGES, Budget, load_weasyprint, render_html
    from remi_sheet.report.scorecard import Report

    output, html = targets.output, targets.html
    # A game takes a page at least, the standings one: refused before any work.
    least = (
        len(document.games) + (document.standings is not None)
        if isinstance(document, Report)
        else 0
    )
    if output is not None and least > MAX_PAGES:
        raise RemiError("pages_too_many", limit=MAX_PAGES)
    budget = Budget()
    text = render_html(folder, name, document, budget)
    if output is not None:
        try:
            load_weasyprint()
        except RemiError as stop:
            _no_pango(stop.problem, html or output.with_suffix(".html"), lang)
    refused: list[str] = []

    def write_html() -> None:
        assert html is not None
        files.replace_atomically(
            html,
            lambda temporary: _write_text(temporary, text),
            before=files.backup_first(html) if targets.backup else None,
        )
        key = "written_html" if output is not None else "written_page"
        console.print(say(key, lang, path=html), markup=False)

    def lay_out(temporary: Path) -> None:
        refused.extend(_lay_out(document, name, folder, text, temporary, budget))
        if html is not None:
            write_html()  # the PDF laid out: it is written right after

    try:
        # A backup is kept once the new file is sure to replace the old (a failed render
        # leaves both as they were); a new file gets the usual permissions there too.
        if output is None:
            write_html()
        else:
            files.replace_atomically(
                output, lay_out, before=files.backup_first(output) if targets.backup else None
            )
    except OSError as error:
        target = Path(error.filename) if error.filename else (output or html or Path())
        fail(files.write_failed(target, error), lang, json_output=False)
    for url in dict.fromkeys(refused):
        error_line(f"{say('severity_warning', lang)}: {say('refused', lang, url=url)}")
    if output is not None:
        console.print(say("written_pdf", lang, path=output), markup=False)
    if targets.open_:
        _open_in_browser(html or output, lang, console)


def pango_help(lang: Lang, platform: str = sys.platform) -> str:
    """How to get Pango on this kind of system, in one line."""
    if platform.startswith(("win", "cygwin", "msys")):
        return say("pango_windows", lang)
    if platform == "darwin":
        return say("pango_macos", lang)
    return say("pango_linux", lang)


def _no_pango(problem: Problem, html: Path, lang: Lang) -> NoReturn:
    from remi_sheet.cli.output import problem_line
    from remi_sheet.cli.printing import error_line

    error_line(problem_line(problem, lang))
    error_line(pango_help(lang))
    error_line(say("pango_html", lang, html=html))
    raise typer.Exit(1)


def _open_in_browser(path: Path | None, lang: Lang, console: Printer) -> None:
    """The page (or PDF) in the user's browser: webbrowser picks it (BROWSER, the desktop's
    choice); a machine without one is told where the file is."""
    import webbrowser

    from remi_sheet.cli.printing import error_line

    assert path is not None
    if webbrowser.open(path.resolve().as_uri()):
        console.print(say("opened", lang, path=path), markup=False)
    else:
        error_line(f"{say('severity_warning', lang)}: {say('open_failed', lang, path=path)}")


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _stop(problem: Problem, lang: Lang) -> NoReturn:
    from remi_sheet.cli.output import problem_line
    from remi_sheet.cli.printing import error_line

    error_line(problem_line(problem, lang))
    raise typer.Exit(1)
