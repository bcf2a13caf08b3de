"""The `remi import` command: its options, and what the import found shown as lines or as
its `--json` document (`Imported.to_json`); the import itself is `commands.import_records`.
Exit codes as for the other commands: 0 fine, 1 errors in the records or a bad file (the
good games are filed all the same), 2 a wrong command line."""

from __future__ import annotations

import codecs
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from remi_sheet.cli import output
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
from remi_sheet.commands.import_records import Imported, ImportOptions
from remi_sheet.commands.import_records import import_records as import_records_of
from remi_sheet.i18n import Lang, say

if TYPE_CHECKING:
    # The readers are imported inside the command, so that `remi` starts fast.
    from remi_sheet.cli.printing import Printer
    from remi_sheet.writing.filing import Placement


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

    check_target(into, "workbook", chosen, inputs=[records], json_output=json_output)
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
    _Report(imported).show(console_for(json_output), json_output)
    return 0 if imported.ok else 1


@dataclass(slots=True)
class _Report:
    """What `import` found and did (`commands.import_records.Imported`), as lines or as
    its `--json` document."""

    imported: Imported

    def show(self, console: Printer, json_output: bool) -> None:
        if json_output:
            from remi_sheet.cli.output import print_json

            print_json(self.imported.to_json())
        else:
            for line in self.lines():
                console.print(line, soft_wrap=True)

    def lines(self) -> list[str]:
        from remi_sheet.writing.filing import Status

        lang, records = self.imported.lang, self.imported.records
        if not records.games and records.problems and self.imported.problems == records.problems:
            # No records in the file at all (empty, no header, not text): only why.
            return [output.problem_line(problem, lang) for problem in self.imported.problems]
        lines = [self._heading()]
        lines += [
            say(
                "repaired",
                lang,
                original=repair.original,
                repaired=repair.repaired,
                where=repair.place.shown(lang),
            )
            for repair in records.repairs
        ]
        if self.imported.problems:
            lines.append(say("import_problems", lang))
            # In the file's order: a game's conflict with the notebook is found after the
            # checks of every game, and is told among them by its line.
            in_order = sorted(self.imported.problems, key=lambda problem: problem.line or 0)
            lines += [f"  {output.problem_line(problem, lang)}" for problem in in_order]
        to_file = [
            p for p in self.imported.placements if p.status in (Status.FILED, Status.TO_FILE)
        ]
        if to_file:
            key = (
                "filed"
                if self.imported.written
                else "would_file"
                if self.imported.dry_run
                else "to_file_unwritten"
            )
            lines.append(say(key, lang, path=self.imported.into))
            lines += [self._filed_line(p) for p in to_file]
        already = "already_in_output" if self.imported.unchanged else "already_filed"
        told = ((already, (Status.ALREADY_FILED,)), ("not_filed", (Status.ERRORS, Status.CONFLICT)))
        for key, statuses in told:
            names = [p.game.name for p in self.imported.placements if p.status in statuses]
            if names:
                lines.append(say(key, lang, games=tuple(names), path=self.imported.into))
        lines.append(self._summary())
        return lines

    def _heading(self) -> str:
        from remi_sheet.notebook.records_text import DELIMITER_NAMES

        records, lang = self.imported.records, self.imported.lang
        deals = sum(len(game.deals) for game in records.games)
        if records.encoding is None:
            return say(
                "read_xlsx", lang, path=records.source, games=len(records.games), deals=deals
            )
        assert records.delimiter is not None  # a text file's, as its encoding
        return say(
            "read",
            lang,
            path=records.source,
            encoding=records.encoding,
            delimiter=say(DELIMITER_NAMES[records.delimiter], lang),
            games=len(records.games),
            deals=deals,
        )

    def _filed_line(self, placement: Placement) -> str:
        game, lang = placement.game, self.imported.lang
        checked = "paper_checked" if game.totals is not None else "no_paper_totals"
        date = (
            say("filed_date", lang, date=game.date)
            if game.date is not None
            else say("filed_no_date", lang)
        )
        return say(
            "filed_game",
            lang,
            game=game.name,
            sheet=placement.sheet,
            players=len(game.players),
            deals=len(game.deals),
            date=date,
            checked=say(checked, lang),
        )

    def _summary(self) -> str:
        """Every game by what became of it, named, then what happened to the file."""
        from remi_sheet.writing.filing import Status

        lang = self.imported.lang
        good = "summary_filed" if self.imported.written else "summary_would_file"
        if not self.imported.written and not self.imported.dry_run:
            good = "summary_unwritten"
        groups = (
            (good, (Status.FILED, Status.TO_FILE)),
            ("summary_already", (Status.ALREADY_FILED,)),
            ("summary_broken", (Status.ERRORS, Status.CONFLICT)),
        )
        parts = []
        for key, statuses in groups:
            names = [p.game.name for p in self.imported.placements if p.status in statuses]
            if names:
                parts.append(say(key, lang, count=len(names), games=tuple(names)))
        told = "; ".join(parts) if parts else say("summary_none", lang)
        told = told[0].upper() + told[1:] + "."
        if self.imported.written:
            return f"{told} {say('import_written', lang, path=self.imported.into)}"
        if self.imported.dry_run:
            return f"{told} {say('import_dry_run', lang)}"
        if self.imported.unchanged:
            return f"{told} {say('import_unchanged', lang, path=self.imported.into)}"
        filing = any(p.status is Status.TO_FILE for p in self.imported.placements)
        key = "import_not_written" if filing else "nothing_to_write"
        if not filing and self.imported.into != self.imported.notebook:
            # The output was never written: what is unchanged is the notebook.
            key = "nothing_to_write_copy"
        elif not self.imported.into.exists():
            # Nothing made: there is no file to be unchanged.
            key = "import_not_written_new" if filing else "nothing_to_write_new"
        return f"{told} {say(key, lang, path=self.imported.into, notebook=self.imported.notebook)}"
