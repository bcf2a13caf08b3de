"""The `remi templates` command: remi's templates and stylesheet copied into a folder, the
start of a club's own (`commands.templates`); `report --template` and `stats --template`
print with it.

`cli.app` builds the command from this module when it runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from remi_sheet.cli.options import LangOpt, run_guarded
from remi_sheet.i18n import Lang, say


def templates(
    folder: Annotated[Path, typer.Argument(metavar="DIR", show_default=False)], lang: LangOpt = None
) -> None:
    """`remi templates`: copy remi's templates and stylesheet into a folder."""
    from remi_sheet.cli.language import system_language
    from remi_sheet.cli.printing import console_for
    from remi_sheet.commands.templates import copy_templates

    shown: Lang = lang.value if lang else system_language()

    def work() -> int:
        copied = copy_templates(folder)
        console = console_for(json_output=False)
        for path in copied.written:
            told = say("template_written", shown, path=path)
            console.print(told)
        count = len(copied.written) + len(copied.kept)
        written, kept = len(copied.written), len(copied.kept)
        done = say("templates_done", shown, count=count, folder=folder, written=written, kept=kept)
        console.print(done)
        return 0

    run_guarded(work, folder, shown, False, reads=False)
