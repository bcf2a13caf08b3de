"""The `remi import` command: its options, and what the import found shown as lines
(`lines.imported_lines`) or as its `--json` document (`Imported.to_json`); the import
itself is `commands.import_records`.
Exit codes as for the other commands: 0 fine, 1 errors in the records or a bad file (the
good games are filed all the same), 2 a wrong command line."""

from __future__ import annotations

import codecs
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from remi_sheet.cli.language import said, system_language
from remi_sheet.cli.options import (
    BackupOpt,
    ForceOpt,
    JsonOpt,
    LangOpt,
    RuleOpt,
    rule_options,
    run_guarded,
    usage_error,
)
from remi_sheet.cli.printing import console_for
from remi_sheet.commands.import_records import ImportOptions
from remi_sheet.commands.import_records import import_records as import_records_of
from remi_sheet.commands.lines import imported_lines
from remi_sheet.i18n import Lang


def import_records(
    records: Annotated[Path, typer.Argument(metavar="RECORDS.csv|.xlsx", show_default=False)],
    into: Annotated[Path, typer.Option("--into", metavar="NOTEBOOK.xlsx", show_default=False)],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="NEW.xlsx", show_default=False)
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run")] = False,
    json_output: JsonOpt = False,
    lang: LangOpt = None,
    encoding: Annotated[str | None, typer.Option("--encoding", metavar="NAME")] = None,
    repair: Annotated[
        bool, typer.Option("--repair/--no-repair", show_default=False)  # the text says it is on
    ] = True,
    rule: RuleOpt = None,
    backup: BackupOpt = True,
    force: ForceOpt = False,
) -> None:
    """`remi import`: paper records filed into a notebook as game sheets."""
    chosen: Lang | None = lang.value if lang else None
    overrides = rule_options(rule, chosen, into)
    from remi_sheet.cli.targets import check_target

    check_target(into, "workbook", chosen, inputs=[records], json_output=json_output, notebook=True)
    if output is not None:
        inputs = [records, into]
        check_target(output, "workbook", chosen, inputs=inputs, json_output=json_output)
    if encoding is not None:
        try:
            codecs.lookup(encoding)
        except LookupError:
            usage_error("encoding_unknown", said(chosen, into), encoding=encoding)
    if overrides and into.exists():
        usage_error("records_rules_of_notebook", said(chosen, into), path=str(into))
    options = ImportOptions(dry_run, encoding, repair, backup, force, output)
    run_guarded(
        lambda: run_import(records, into, overrides, chosen, options, json_output),
        records,
        chosen,
        json_output,
        notebook=into,
    )


def run_import(
    records_path: Path,
    into: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    options: ImportOptions,
    json_output: bool,
) -> int:
    """Read, check, file (`commands.import_records`) and report; the exit code."""
    imported = import_records_of(
        records_path, into, overrides, lang, options, fallback=system_language()
    )
    if json_output:
        from remi_sheet.cli.output import print_json

        print_json(imported.to_json())
    else:
        console = console_for(False)
        for line in imported_lines(imported):
            console.print(line, soft_wrap=True)
    return 0 if imported.ok else 1
