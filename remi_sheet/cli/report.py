"""The `remi report` command: the printable PDF scorecard, or a blank one for paper.

`cli.app` builds the command from this module when it runs. Everything heavy (the notebook
reader, Jinja2, WeasyPrint) is imported inside the command, so that `remi` starts fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from remi_sheet.cli.language import said
from remi_sheet.cli.options import (
    BackupOpt,
    LangOpt,
    RuleOpt,
    TemplateOpt,
    heard,
    rule_options,
    run_guarded,
    template_folder,
    usage_error,
)
from remi_sheet.commands.lines import refused_line
from remi_sheet.commands.report import Printed, Targets
from remi_sheet.i18n import Lang, say
from remi_sheet.notebook.sheets import Grids

if TYPE_CHECKING:
    from remi_sheet.cli.printing import Printer


def report(
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="CARD.pdf", show_default=False)
    ] = None,
    notebook: Annotated[
        Path | None, typer.Argument(metavar="NOTEBOOK.xlsx", show_default=False)
    ] = None,
    game: Annotated[list[str] | None, typer.Option("--game", "-g", metavar="SHEET")] = None,
    lang: LangOpt = None,
    rule: RuleOpt = None,
    template: TemplateOpt = None,
    html: Annotated[Path | None, typer.Option("--html", metavar="OUT.html")] = None,
    open_: Annotated[bool, typer.Option("--open")] = False,
    blank: Annotated[bool, typer.Option("--blank")] = False,
    player: Annotated[list[str] | None, typer.Option("--player", "-p", metavar="NAME")] = None,
    backup: BackupOpt = True,
) -> None:
    """`remi report`: the scorecard as a PDF (or a web page), or a blank card."""
    chosen: Lang | None = lang.value if lang else None
    shown: Lang = said(chosen, notebook)
    overrides = rule_options(rule, shown)
    folder = template_folder(template, shown)
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
    targets = Targets(output, html, backup, folder)

    def work() -> int:
        if blank:
            return _print_blank(notebook, player or [], overrides, chosen, targets, open_)
        assert notebook is not None
        return _print_notebook(notebook, game or [], overrides, chosen, targets, open_)

    target = output or html
    assert target is not None  # (refused above when neither is given)
    run_guarded(work, notebook or target, chosen, False, reads=notebook is not None)


def _print_notebook(
    path: Path,
    sheets: Sequence[str],
    overrides: list[tuple[str, str]],
    chosen: Lang | None,
    targets: Targets,
    open_: bool,
) -> int:
    from remi_sheet.cli import output as printed
    from remi_sheet.cli.printing import console_for
    from remi_sheet.commands.opening import open_notebook
    from remi_sheet.commands.report import scorecard_of
    from remi_sheet.core.problems import error_count

    notebook = open_notebook(path, overrides, chosen, grids=Grids.NONE)
    lang = notebook.lang
    heard(lang)
    console = console_for(json_output=False)
    done = scorecard_of(notebook, targets, sheets, _progress(lang))
    if not done.printed:
        printed.print_problems(console, done.problems, lang)
        console.print(say("not_printed", lang, errors=error_count(done.problems)))
        return 1
    _written(done, targets, open_, console)
    printed.print_problems(console, done.problems, lang)
    broken = sum(game.has_errors for game in done.games)
    if broken:
        console.print(say("printed_broken", lang, count=broken))
    return 0 if done.ok else 1


def _print_blank(
    path: Path | None,
    players: Sequence[str],
    overrides: list[tuple[str, str]],
    chosen: Lang | None,
    targets: Targets,
    open_: bool,
) -> int:
    from remi_sheet.cli.printing import console_for
    from remi_sheet.commands.opening import open_notebook
    from remi_sheet.commands.report import blank_of

    notebook = None
    if path is not None:
        notebook = open_notebook(path, overrides, chosen, grids=Grids.NONE)
        heard(notebook.lang)
    done = blank_of(notebook, players, targets, overrides, chosen)
    _written(done, targets, open_, console_for(json_output=False))
    return 0


def _written(done: Printed, targets: Targets, open_: bool, console: Printer) -> None:
    """What was written, the addresses refused, and the page or PDF opened when asked."""
    from remi_sheet.cli.printing import error_line

    lang = done.lang
    if done.html is not None:
        key = "written_html" if done.pdf is not None else "written_page"
        key = "file_unchanged" if done.html in done.unchanged else key
        console.print(say(key, lang, path=done.html))
    for url in done.refused:
        error_line(f"{say('severity_warning', lang)}: {refused_line(url, targets.template, lang)}")
    if done.pdf is not None:
        key = "file_unchanged" if done.pdf in done.unchanged else "written_pdf"
        console.print(say(key, lang, path=done.pdf))
    if open_:
        _open_in_browser(targets.html or targets.output, lang, console)


def _progress(lang: Lang) -> Callable[[int, int], None] | None:
    """What a long report says while it is laid out (a season of many games takes a while):
    the games done so far, on one line of a terminal's standard error; nothing elsewhere."""
    from remi_sheet.cli.printing import is_terminal

    if not is_terminal(sys.stderr):
        return None

    def told(done: int, total: int) -> None:
        line = say("laying_out", lang, done=done, total=total)
        end = "\n" if done == total else ""
        sys.stderr.write(f"\r{line}{end}")
        sys.stderr.flush()

    return told


def _open_in_browser(path: Path | None, lang: Lang, console: Printer) -> None:
    """The page (or PDF) in the user's browser: webbrowser picks it (BROWSER, the desktop's
    choice); a machine without one is told where the file is."""
    import webbrowser

    from remi_sheet.cli.printing import error_line

    assert path is not None
    if webbrowser.open(path.resolve().as_uri()):
        console.print(say("opened", lang, path=path))
    else:
        error_line(f"{say('severity_warning', lang)}: {say('open_failed', lang, path=path)}")
