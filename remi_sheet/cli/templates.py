"""The `remi templates` command: remi's templates and stylesheet copied into a folder, the
start of a club's own (`commands.templates`); `report --template` and `stats --template`
print with it.

`cli.app` builds the command from this module when it runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from remi_sheet.cli.options import LangOpt, fail
from remi_sheet.core.problems import RemiError
from remi_sheet.i18n import Lang, say


def templates(
    folder: Annotated[
        Path,
        typer.Argument(metavar="DIR", show_default=False),
    ],
    lang: LangOpt = None,
) -> None:
    """`remi templates`: copy remi's templates and stylesheet into a folder."""
    from remi_sheet.cli.language import system_language
    from remi_sheet.cli.printing import console_for
    from remi_sheet.commands.templates import copy_templates

    shown: Lang = lang.value if lang else system_language()
    try:
        copied = copy_templates(folder)
    except RemiError as stop:
        fail(stop.problem, shown, json_output=False)
    console = console_for(json_output=False)
    for path in copied.written:
        console.print(say("template_written", shown, path=path), markup=False, highlight=False)
    done = say(
        "templates_done",
        shown,
        count=len(copied.written) + len(copied.kept),
        folder=folder,
        written=len(copied.written),
        kept=len(copied.kept),
    )
    console.print(done, markup=False, highlight=False)
    raise typer.Exit(0)
