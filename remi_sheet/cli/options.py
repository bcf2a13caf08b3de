"""What every `remi` command shares: its common options, and how it fails.

Exit codes (docs/notebook.md): 0 done, no errors; 1 the input has errors; 2 the command line
was wrong. A user's mistake is one clear message, never a traceback; set REMI_DEBUG=1 to
see the traceback of an unexpected failure.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from remi_sheet.cli.printing import OutputBroken, error_line, output_failed
from remi_sheet.i18n import Lang, Phrase, say

if TYPE_CHECKING:
    # Imported when a command runs: `remi --help` needs neither.
    from remi_sheet.core.problems import Problem
    from remi_sheet.core.rules import HouseRules


class LangChoice(StrEnum):
    en = "en"
    hu = "hu"


NotebookArg = Annotated[Path, typer.Argument(metavar="NOTEBOOK.xlsx", show_default=False)]
JsonOpt = Annotated[bool, typer.Option("--json")]
LangOpt = Annotated[LangChoice | None, typer.Option("--lang", show_default=False)]
BackupOpt = Annotated[
    bool, typer.Option("--backup/--no-backup", show_default=False)  # the texts say it is on
]
ForceOpt = Annotated[bool, typer.Option("--force")]
RuleOpt = Annotated[list[str] | None, typer.Option("--rule", "-r", metavar="NAME=VALUE")]
TemplateOpt = Annotated[Path | None, typer.Option("--template", metavar="DIR")]


def rule_options(
    rules: list[str] | None, lang: Lang | None, *notebooks: Path | None
) -> list[tuple[str, str]]:
    """`--rule` options as (name, value) pairs, checked alone and together; a bad one is a
    command-line mistake and exits with 2, said in `lang` or the notebooks' (`said`)."""
    if not rules:
        return []  # the defaults agree with each other (tested); the rules code loads later
    from remi_sheet.core.problems import RemiError
    from remi_sheet.core.rules import HouseRules, check_consistent, with_rule

    pairs = []
    combined = HouseRules()
    try:
        for option in rules:
            name, equals, value = option.partition("=")
            if not equals or not value.strip():  # (no value is no NAME=VALUE either)
                raise RemiError("rule_option", value=option)
            combined = with_rule(combined, name.strip(), value.strip())
            pairs.append((name.strip(), value.strip()))
        check_consistent(combined)
    except RemiError as error:
        from remi_sheet.cli.language import said

        usage_error(error.code, said(lang, *notebooks), **error.params)
    return pairs


def template_folder(template: Path | None, lang: Lang) -> Path:
    """The template folder `--template` names (remi's own when None) of `report` and
    `stats -o`, checked before any work: a folder, and one the user may read (else remi's
    own templates would stand in for it silently). A mistake exits with 2."""
    from remi_sheet.report import default_template_dir

    folder = template or default_template_dir()
    if not folder.is_dir():
        usage_error("template_dir_missing", lang, folder=folder)
    if not os.access(folder, os.R_OK | os.X_OK):
        usage_error("template_dir_closed", lang, folder=folder)
    return folder


def usage_error(key: str, lang: Lang, **params: object) -> NoReturn:
    """Stop for a mistake in the command line (exit 2), with the text `key` says."""
    import sys

    from remi_sheet.cli.output import print_refusal_json

    error_line(say("usage_error", lang, message=Phrase(key, params)))
    print_refusal_json(Phrase(key, params), lang, sys.argv[1:])
    raise typer.Exit(2)


def fail(problem: Problem, lang: Lang, json_output: bool) -> NoReturn:
    """Stop with one clear line (or a JSON document) for a problem with the file itself,
    and what the user can do about it (`lines.hints`) on standard error."""
    from remi_sheet.cli.output import print_json
    from remi_sheet.commands.lines import hints, problem_line

    if json_output:
        from remi_sheet.commands.documents import failure_json

        print_json(failure_json(problem, lang))
    else:
        error_line(problem_line(problem, lang))  # with its sheet and cell, when it has them
    for hint in hints(problem, lang):
        error_line(hint)
    raise typer.Exit(1)


def failed(error: Exception, path: Path | None) -> Problem:
    """The problem an unexpected failure stands for: the system refused a file, remi is
    installed in part, or a library failed on the content of `path` (None: remi itself
    failed, its input read)."""
    if os.environ.get("REMI_DEBUG"):
        raise error
    from remi_sheet.core.problems import Problem

    if isinstance(error, OSError):  # the system refused a file, not the workbook's content
        from remi_sheet.reading.files import os_reason

        where = str(error.filename) if error.filename else str(path or "")
        return Problem("file_failed", params={"path": where, "reason": os_reason(error)})
    detail = f"{type(error).__name__}: {error}".strip().rstrip(":")
    if isinstance(error, ImportError):  # remi itself, not the file: installed in part
        return Problem("remi_incomplete", params={"detail": detail})
    if path is None:
        return Problem("remi_failed", params={"detail": detail})
    # A library that fails on something in the file: saved anew, the file is written whole.
    return Problem("file_read_failed", params={"path": str(path), "detail": detail})


class _Heard:
    """The language of the notebook the running command has read (`heard`)."""

    lang: Lang | None = None


def heard(lang: Lang) -> None:
    """From here on the running command's failures are said in `lang`, the language of the
    notebook it has read (its headings may show it where its sheet names do not)."""
    _Heard.lang = lang


def run_guarded(
    action: Callable[[], int], path: Path, lang: Lang | None, json_output: bool, *,
    notebook: Path | None = None, others: Sequence[Path] = (), reads: bool = True,
) -> NoReturn:  # fmt: skip
    """Do a command's work and exit with its code: the one place a command fails. A file
    that cannot be used (`reads`: the command reads one) is one clear line (exit 1), never
    a traceback, and so is remi's own failure after the read; a mistake in the
    arguments found on the way (`ArgumentError`) the command line's (exit 2); in `lang`,
    else the language of the notebook read (`heard`), else that of the notebook (`notebook`,
    else `path`, else `others`) as its sheet names show it (`language.said`)."""
    from remi_sheet.cli.language import said
    from remi_sheet.core.problems import ArgumentError, RemiError

    _Heard.lang = None

    def shown() -> Lang:
        return said(lang or _Heard.lang, notebook or path, *others)

    try:
        code = action()
    except (typer.Exit, BrokenPipeError):
        raise  # the reader of the output went away (`remi check … | head`): click says so
    except OutputBroken as broken:
        output_failed(broken.error, shown())
    except ArgumentError as mistake:
        usage_error(mistake.code, mistake.lang, **mistake.params)
    except RemiError as stop:
        fail(stop.problem, shown(), json_output)
    except Exception as error:  # noqa: BLE001 - a damaged workbook can fail anywhere in a library
        # Once the notebook is read (`heard`), or when the command reads none, it is remi's.
        read = not reads or _Heard.lang is not None
        fail(failed(error, None if read else path), shown(), json_output)
    raise typer.Exit(code)


def rules_from(pairs: Sequence[tuple[str, str]]) -> HouseRules:
    """The default house rules with `pairs` (already checked by `rule_options`) set."""
    from remi_sheet.core.rules import HouseRules, with_rule

    rules = HouseRules()
    for name, value in pairs:
        rules = with_rule(rules, name, value)
    return rules
