"""The `remi import` command: old paper score sheets into the notebook, arithmetic checked.

`cli.app` builds the command from this module when it runs. It reads the notebook first (its
house rules judge the records), then the records (`notebook.records`), plans the filing
(`writing.filing`),
writes unless `--dry-run`, and prints what it found. Exit codes as for the other commands:
0 fine, 1 errors in the records or a bad file (the good games are filed all the same), 2 a
wrong command line.
"""

from __future__ import annotations

import codecs
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

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
from remi_sheet.core.problems import Problem, RemiError, error_count, has_errors
from remi_sheet.core.rules import HouseRules
from remi_sheet.i18n import Lang, Phrase, say
from remi_sheet.reading.files import os_reason

if TYPE_CHECKING:
    # The readers are imported inside the command, so that `remi` starts fast.
    from remi_sheet.cli.printing import Printer
    from remi_sheet.notebook.records_game import Records
    from remi_sheet.reading.files import Identity
    from remi_sheet.reading.grid import Grid
    from remi_sheet.writing.filing import Placement


def import_records(
    records: Annotated[
        Path,
        typer.Argument(
            metavar="RECORDS.csv|.xlsx",
            show_default=False,
        ),
    ],
    into: Annotated[
        Path,
        typer.Option(
            "--into",
            metavar="NOTEBOOK.xlsx",
            show_default=False,
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="NEW.xlsx",
            show_default=False,
        ),
    ] = None,
    dry_run: Annotated[bool, typer.Option("--dry-run")] = False,
    json_output: JsonOpt = False,
    lang: LangOpt = None,
    encoding: Annotated[
        str | None,
        typer.Option(
            "--encoding",
            metavar="NAME",
        ),
    ] = None,
    repair: Annotated[
        bool,
        typer.Option("--repair/--no-repair", show_default=False),  # the text says it is on
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
    options = Options(dry_run, encoding, repair, backup, force, output)
    run_guarded(
        lambda: run_import(records, into, overrides, chosen, options, json_output),
        records,
        chosen,
        json_output,
        notebook=into,
    )


@dataclass(frozen=True, slots=True)
class Options:
    dry_run: bool = False
    encoding: str | None = None
    repair: bool = True
    backup: bool = True
    force: bool = False
    output: Path | None = None  # where the notebook is written, when not in place

    def target(self, into: Path) -> Path:
        return self.output or into


@dataclass(slots=True)
class _Notebook:
    """What the import needs of the notebook: its sheets, house rules and language."""

    grids: dict[str, Grid]
    rules: HouseRules
    lang: Lang | None
    exists: bool
    problems: list[Problem] = field(default_factory=list)
    identity: Identity | None = None  # the notebook's file as it was read


def run_import(
    records_path: Path,
    into: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    options: Options,
    json_output: bool,
) -> int:
    """Read, check, file and report; the exit code."""
    from remi_sheet.reading import files

    console = console_for(json_output)
    target = options.target(into)
    if not target.exists() and not target.parent.is_dir():
        raise RemiError(
            Problem(
                "file_write_failed",
                params={"path": str(target), "reason": Phrase("reason_folder_missing")},
            )
        )
    if into.exists():
        problem = files.sniff(into)
        if problem is None and not options.dry_run and target == into:
            problem = files.open_elsewhere(into) or files.read_only(into)
        if problem is not None:
            raise RemiError(problem)
    if target != into and target.exists() and not options.dry_run:
        locked = files.open_elsewhere(target, copy=False)  # the output, open
        if locked is not None:
            raise RemiError(locked)
    if options.dry_run:
        return _import(records_path, into, overrides, lang, options, json_output, console)
    with files.exclusive(target):
        return _import(records_path, into, overrides, lang, options, json_output, console)


def _import(
    records_path: Path,
    into: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    options: Options,
    json_output: bool,
    console: Printer,
) -> int:
    from remi_sheet.writing import filing

    notebook = _open_notebook(into, overrides)
    records = _read_records(records_path, notebook.rules, options)
    # A file the records' header does not tell of (empty, no header) is said as the system's
    # language says, as a mistake found before reading it is.
    chosen: Lang = lang or notebook.lang or records.lang or system_language()
    report = _Report(records, options.target(into), chosen, options.dry_run, into)
    if has_errors(notebook.problems):
        # Wrong house rules would judge every record wrongly: check nothing, write nothing.
        report.problems = notebook.problems
        report.show(console, json_output)
        return 1
    report.placements = filing.plan_filing(records.games, notebook.grids)
    report.problems = records.all_problems() + [
        p.problem for p in report.placements if p.problem is not None
    ]
    too_many = _too_many_sheets(notebook, report)
    if too_many is not None:
        report.problems.append(too_many)
    elif not options.dry_run and any(p.status is filing.Status.TO_FILE for p in report.placements):
        _write(report, into, notebook, options)
    report.show(console, json_output)
    return 1 if has_errors(report.problems) else 0


def _too_many_sheets(notebook: _Notebook, report: _Report) -> Problem | None:
    """An error when the games to file would make the notebook hold more sheets than remi
    reads in one workbook (`package.MAX_SHEETS`): told before any is written, as a dry run
    tells it, rather than writing a notebook no command would read (and spending minutes
    on it)."""
    from remi_sheet.reading.package import MAX_SHEETS
    from remi_sheet.writing.filing import Status

    filing = sum(p.status is Status.TO_FILE for p in report.placements)
    # A new notebook has its Rules sheet besides the games.
    count = len(notebook.grids) + filing + (0 if notebook.exists else 1)
    if filing == 0 or count <= MAX_SHEETS:
        return None
    params = {"path": str(report.notebook), "games": filing, "count": count, "limit": MAX_SHEETS}
    return Problem("import_too_many_sheets", params=params)


def _write(report: _Report, into: Path, notebook: _Notebook, options: Options) -> None:
    from remi_sheet.commands.outputs import another_notebook
    from remi_sheet.reading.sheet_names import workbook_sheet_names
    from remi_sheet.writing import filing

    if options.output is not None and options.output.exists():
        # What the output will hold: the notebook's sheets and the games filed.
        filed = [p.sheet for p in report.placements if p.sheet is not None]
        ours = [*(workbook_sheet_names(into) if notebook.exists else []), *filed]
        other = another_notebook(options.output, into.name, ours)
        if other is not None:
            report.problems.append(other)
            return
    try:
        saved = filing.file_games(
            into if notebook.exists else None,
            report.into,
            report.placements,
            notebook.grids,
            report.lang,
            None if notebook.exists else notebook.rules,
            backup=options.backup,
            force=options.force,
            expected=notebook.identity,
        )
    except Exception as failed:  # anything, when the notebook changed under it
        # A notebook saved over in place while remi worked reads back as something else,
        # or half: that is what to say, as `score` says it.
        meanwhile = _saved_meanwhile(into, notebook)
        if meanwhile is None and isinstance(failed, OSError):
            raise RemiError(
                Problem(
                    "file_write_failed",
                    params={"path": str(report.into), "reason": os_reason(failed)},
                )
            ) from failed
        if meanwhile is None and not isinstance(failed, RemiError):
            raise
        report.problems.append(meanwhile or failed.problem)  # type: ignore[attr-defined]
        return
    report.problems += saved.problems
    # Not replaced: the --output file a run before wrote already holds these games.
    report.written, report.unchanged = saved.replaced, not saved.replaced
    done = filing.Status.FILED if saved.replaced else filing.Status.ALREADY_FILED
    for placement in report.placements:
        if placement.status is filing.Status.TO_FILE:
            placement.status = done


def _saved_meanwhile(into: Path, notebook: _Notebook) -> Problem | None:
    """The problem to tell when the notebook at `into` is no longer the file that was read
    (None also when there was none: the import makes it)."""
    from remi_sheet.reading.files import Identity

    if notebook.identity is None:
        return None
    try:
        now: Identity | None = Identity.of(into.stat())
    except OSError:
        now = None
    if now == notebook.identity:
        return None
    return Problem("file_changed_meanwhile", params={"path": str(into)})


def _open_notebook(into: Path, overrides: Sequence[tuple[str, str]]) -> _Notebook:
    from remi_sheet.notebook.loading import load_notebook, read_rules

    if not into.exists():
        rules, problems, _ = read_rules((), overrides)
        return _Notebook({}, rules, None, exists=False, problems=problems)
    notebook = load_notebook(into)
    problems = [p for p in notebook.problems if p.code != "no_games"]
    # A notebook without games has no language of its own yet: the records' then.
    lang = notebook.lang if notebook.games else None
    return _Notebook(
        notebook.grids,
        notebook.rules,
        lang,
        exists=True,
        problems=problems,
        identity=notebook.identity,
    )


def _read_records(path: Path, rules: HouseRules, options: Options) -> Records:
    """The records at `path`: an .xlsx workbook when the file is one (whatever its name), else
    CSV. A file that cannot be records raises `RemiError`, or comes back as records with
    the problem and no games."""
    from remi_sheet.notebook.records import read_csv, read_tables
    from remi_sheet.notebook.records_game import Records
    from remi_sheet.notebook.records_text import MAX_BYTES, Table
    from remi_sheet.reading import files
    from remi_sheet.reading.grid import FormulaProbe, read_grids

    shown = str(path)
    try:
        if not path.exists():
            raise RemiError(Problem("file_missing", params={"path": shown}))
        kind = files.elsewhere(path)  # a Numbers package, a Google Drive shortcut
        if kind is not None:
            raise RemiError(kind)
        if path.is_dir():
            raise RemiError(Problem("file_is_dir", params={"path": shown}))
        size = path.stat().st_size
        with path.open("rb") as handle:
            head = handle.read(8)
    except PermissionError:
        raise RemiError(Problem("file_unreadable", params={"path": shown})) from None
    if head.startswith(b"PK\x03\x04") or files.is_old_excel(head):
        problem = files.sniff(path)
        if problem is not None:
            raise RemiError(problem)
        grids, unreadable = read_grids(path)
        probe = FormulaProbe(path)
        try:
            tables = [
                Table(grid.name, grid.rows, formula=functools.partial(probe.kind, grid.name))
                for grid in grids
            ]
            records = read_tables(tables, path.name, rules, repair=options.repair)
        finally:
            probe.close()
        records.problems[:0] = unreadable
        return records
    try:
        if size > MAX_BYTES:
            raise RemiError("records_too_big", path=shown, size=size, limit=MAX_BYTES)
        return read_csv(
            path.read_bytes(), path.name, rules, encoding=options.encoding, repair=options.repair
        )
    except RemiError as error:
        problem = Problem(error.code, path.name, params={"path": shown, **error.params})
        return Records(path.name, None, [], [problem], [])


@dataclass(slots=True)
class _Report:
    records: Records
    into: Path  # where the notebook is written
    lang: Lang
    dry_run: bool
    notebook: Path  # the notebook read (--into)
    placements: list[Placement] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    written: bool = False
    unchanged: bool = False  # the file at `into` already held it all: not written

    def show(self, console: Printer, json_output: bool) -> None:
        if json_output:
            from remi_sheet.cli.output import print_json

            print_json(self.to_json())
        else:
            for line in self.lines():
                console.print(line, markup=False, highlight=False, soft_wrap=True)

    def lines(self) -> list[str]:
        from remi_sheet.writing.filing import Status

        lang, records = self.lang, self.records
        if not records.games and records.problems and self.problems == records.problems:
            # No records in the file at all (empty, no header, not text): only why.
            return [output.problem_line(problem, lang) for problem in self.problems]
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
        if self.problems:
            lines.append(say("import_problems", lang))
            # In the file's order: a game's conflict with the notebook is found after the
            # checks of every game, and is told among them by its line.
            in_order = sorted(self.problems, key=lambda problem: problem.line or 0)
            lines += [f"  {output.problem_line(problem, lang)}" for problem in in_order]
        to_file = [p for p in self.placements if p.status in (Status.FILED, Status.TO_FILE)]
        if to_file:
            key = "filed" if self.written else "would_file" if self.dry_run else "to_file_unwritten"
            lines.append(say(key, lang, path=self.into))
            lines += [self._filed_line(p) for p in to_file]
        already = "already_in_output" if self.unchanged else "already_filed"
        told = ((already, (Status.ALREADY_FILED,)), ("not_filed", (Status.ERRORS, Status.CONFLICT)))
        for key, statuses in told:
            names = [p.game.name for p in self.placements if p.status in statuses]
            if names:
                lines.append(say(key, lang, games=tuple(names), path=self.into))
        lines.append(self._summary())
        return lines

    def _heading(self) -> str:
        records, lang = self.records, self.lang
        deals = sum(len(game.deals) for game in records.games)
        if records.encoding is None:
            return say(
                "read_xlsx", lang, path=records.source, games=len(records.games), deals=deals
            )
        return say(
            "read",
            lang,
            path=records.source,
            encoding=records.encoding,
            delimiter=say(f"delimiter_{records.delimiter}", lang),
            games=len(records.games),
            deals=deals,
        )

    def _filed_line(self, placement: Placement) -> str:
        game, lang = placement.game, self.lang
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

        lang = self.lang
        good = "summary_filed" if self.written else "summary_would_file"
        if not self.written and not self.dry_run:
            good = "summary_unwritten"
        groups = (
            (good, (Status.FILED, Status.TO_FILE)),
            ("summary_already", (Status.ALREADY_FILED,)),
            ("summary_broken", (Status.ERRORS, Status.CONFLICT)),
        )
        parts = []
        for key, statuses in groups:
            names = [p.game.name for p in self.placements if p.status in statuses]
            if names:
                parts.append(say(key, lang, count=len(names), games=tuple(names)))
        told = "; ".join(parts) if parts else say("summary_none", lang)
        told = told[0].upper() + told[1:] + "."
        if self.written:
            return f"{told} {say('import_written', lang, path=self.into)}"
        if self.dry_run:
            return f"{told} {say('import_dry_run', lang)}"
        if self.unchanged:
            return f"{told} {say('import_unchanged', lang, path=self.into)}"
        filing = any(p.status is Status.TO_FILE for p in self.placements)
        key = "import_not_written" if filing else "nothing_to_write"
        if not filing and self.into != self.notebook:
            # The output was never written: what is unchanged is the notebook.
            key = "nothing_to_write_copy"
        elif not self.into.exists():
            key += "_new"  # nothing made: there is no file to be unchanged
        return f"{told} {say(key, lang, path=self.into, notebook=self.notebook)}"

    def _outcome(self) -> str:
        """As `remi score --json` says it: "written", "unchanged" (the file at `into`
        already held it all, or there was nothing to file) or "not_written" (a dry run, the
        errors, or a refused save)."""
        from remi_sheet.writing.filing import Status

        if self.written:
            return "written"
        if self.unchanged or (
            not self.dry_run
            and self.into == self.notebook
            and self.into.exists()
            and not any(p.status is Status.TO_FILE for p in self.placements)
        ):
            return "unchanged"
        return "not_written"

    def to_json(self) -> dict[str, Any]:
        records = self.records
        return {
            "records": records.source,
            "notebook": str(self.into),
            "encoding": records.encoding,
            "delimiter": records.delimiter,
            "lang": self.lang,
            "dry_run": self.dry_run,
            "written": self.written,
            "outcome": self._outcome(),
            "repaired": [
                {
                    "original": repair.original,
                    "repaired": repair.repaired,
                    "file": repair.place.sheet if repair.place.line is not None else None,
                    "sheet": repair.place.sheet if repair.place.line is None else None,
                    "cell": repair.place.cell,
                    "line": repair.place.line,
                }
                for repair in records.repairs
            ],
            "games": [_game_json(placement) for placement in self.placements],
            "problems": [problem_json(problem, self.lang) for problem in self.problems],
        }


def _game_json(placement: Placement) -> dict[str, Any]:
    game = placement.game
    score = game.score if not game.has_errors else None
    return {
        "game": game.name,
        "status": placement.status.value,
        "sheet": placement.sheet,
        "players": list(game.players),
        "deals": len(game.deals),
        "totals": dict(zip(game.players, score.totals, strict=True)) if score else None,
        "paper_totals": (
            dict(zip(game.players, game.totals, strict=True)) if game.totals is not None else None
        ),
        "errors": error_count(game.problems),
    }


def problem_json(problem: Problem, lang: Lang) -> dict[str, Any]:
    return {
        **problem.to_json(lang),
        "game": problem.params.get("game"),
        "player": problem.params.get("player"),
    }
