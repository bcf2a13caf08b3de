"""`remi import`: old paper score sheets filed into the notebook, every number checked.

The notebook is read first (its house rules judge the records), then the records
(`notebook.records`); the filing is planned (`writing.filing`) and written unless a dry run.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remi_sheet.commands.targets import check_target
from remi_sheet.core.problems import Problem, RemiError, error_count, has_errors
from remi_sheet.core.rules import DatedRules
from remi_sheet.i18n import Lang, Phrase

if TYPE_CHECKING:
    from remi_sheet.notebook.records_game import Records
    from remi_sheet.reading.files import Identity
    from remi_sheet.reading.grid import Grid
    from remi_sheet.writing.filing import Placement


@dataclass(slots=True)
class Imported:
    """What `import_records` found and did: the records read, where the notebook is written
    (`into`) and which was read (`notebook`), the language, each game's placement (filed,
    to file, already there, not filed for its errors), every problem, and whether the file
    was written, or already held it all (`unchanged`)."""

    records: Records
    into: Path  # where the notebook is written
    lang: Lang
    dry_run: bool
    notebook: Path  # the notebook read (--into)
    placements: list[Placement] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    written: bool = False
    unchanged: bool = False  # the file at `into` already held it all: not written

    @property
    def ok(self) -> bool:
        return not has_errors(self.problems)

    @property
    def outcome(self) -> str:
        """What became of the file, as `remi score --json` says it: "written", "unchanged"
        (the file at `into` already held it all, or there was nothing to file) or
        "not_written" (a dry run, the errors, or a refused save)."""
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

    def to_json(self, lang: Lang | None = None) -> dict[str, Any]:
        """The `--json` document: the records read, what became of each game and of the
        file, every problem said in `lang` (else the import's language)."""
        records, lang = self.records, lang or self.lang
        return {
            "records": records.source,
            "notebook": str(self.into),
            "encoding": records.encoding,
            "delimiter": records.delimiter,
            "lang": lang,
            "dry_run": self.dry_run,
            "written": self.written,
            "outcome": self.outcome,
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
            "problems": [problem_json(problem, lang) for problem in self.problems],
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
    """A problem of the import: `Problem.to_json`, with the game and player it is of."""
    return {
        **problem.to_json(lang),
        "game": problem.params.get("game"),
        "player": problem.params.get("player"),
    }


@dataclass(frozen=True, slots=True)
class ImportOptions:
    """How `import_records` reads and writes: a dry run writes nothing; `encoding` of the
    CSV (None: found out); `repair` names an earlier wrong encoding damaged; `backup`,
    `force` as for `score`; `output`: write there, leaving the notebook as it is."""

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
    rules: DatedRules  # day by day: each record is read by those of its date
    lang: Lang | None
    exists: bool
    problems: list[Problem] = field(default_factory=list)
    identity: Identity | None = None  # the notebook's file as it was read


def import_records(
    records: Path | str,
    into: Path | str,
    rules: Sequence[tuple[str, str]] = (),
    lang: Lang | None = None,
    options: ImportOptions | None = None,
    *,
    fallback: Lang = "en",
) -> Imported:
    """Read the paper records at `records` (CSV or .xlsx), check them by the house rules of
    the notebook `into` (made when it does not exist, with `rules`), and file each good game
    not there yet as a game sheet, unless a dry run. `lang`: the language of the sheets and
    messages, else the notebook's, else the records', else `fallback`."""
    from remi_sheet.reading import files

    records_path, into = Path(records), Path(into)
    options = options or ImportOptions()
    check_target(into, "workbook", lang, inputs=[records_path], notebook=True)
    if options.output is not None:
        check_target(options.output, "workbook", lang, inputs=[records_path, into])
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
        return _import(records_path, into, rules, lang, options, fallback)
    with files.exclusive(target):
        return _import(records_path, into, rules, lang, options, fallback)


def _import(
    records_path: Path,
    into: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    options: ImportOptions,
    fallback: Lang,
) -> Imported:
    from remi_sheet.writing import filing

    notebook = _open_notebook(into, overrides)
    records = _read_records(records_path, notebook.rules, options)
    # A file the records' header does not tell of (empty, no header) is said as the system's
    # language says, as a mistake found before reading it is.
    chosen: Lang = lang or notebook.lang or records.lang or fallback
    imported = Imported(records, options.target(into), chosen, options.dry_run, into)
    if has_errors(notebook.problems):
        # Wrong house rules would judge every record wrongly: check nothing, write nothing.
        imported.problems = notebook.problems
        return imported
    imported.placements = filing.plan_filing(records.games, notebook.grids)
    imported.problems = records.all_problems() + [
        p.problem for p in imported.placements if p.problem is not None
    ]
    too_many = _too_many_sheets(notebook, imported)
    if too_many is not None:
        imported.problems.append(too_many)
    elif not options.dry_run and any(
        p.status is filing.Status.TO_FILE for p in imported.placements
    ):
        _write(imported, into, notebook, options)
    return imported


def _too_many_sheets(notebook: _Notebook, report: Imported) -> Problem | None:
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


def _write(report: Imported, into: Path, notebook: _Notebook, options: ImportOptions) -> None:
    from remi_sheet.commands.outputs import another_notebook, write_refused
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
            None if notebook.exists else notebook.rules.start,
            backup=options.backup,
            force=options.force,
            expected=notebook.identity,
        )
    except Exception as failed:  # noqa: BLE001 - anything, when the notebook changed under it
        report.problems.append(write_refused(failed, into, notebook.identity, report.into))
        return
    report.problems += saved.problems
    # Not replaced: the --output file a run before wrote already holds these games.
    report.written, report.unchanged = saved.replaced, not saved.replaced
    done = filing.Status.FILED if saved.replaced else filing.Status.ALREADY_FILED
    for placement in report.placements:
        if placement.status is filing.Status.TO_FILE:
            placement.status = done


def _open_notebook(into: Path, overrides: Sequence[tuple[str, str]]) -> _Notebook:
    from remi_sheet.notebook.loading import load_notebook, read_rules

    if not into.exists():
        dated, problems, _ = read_rules((), overrides)
        return _Notebook({}, dated, None, exists=False, problems=problems)
    notebook = load_notebook(into)
    problems = [p for p in notebook.problems if p.code != "no_games"]
    # A notebook without games has no language of its own yet: the records' then.
    lang = notebook.lang if notebook.games else None
    return _Notebook(
        notebook.grids,
        notebook.dated,
        lang,
        exists=True,
        problems=problems,
        identity=notebook.identity,
    )


def _read_records(path: Path, rules: DatedRules, options: ImportOptions) -> Records:
    """The records at `path`: an .xlsx or .ods workbook when the file is one (whatever its
    name), else CSV. A file that cannot be records raises `RemiError`, or comes back as records with
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
        if problem is not None and problem.code != "file_ods":  # records are only read
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
        if not records.games and _a_notebook(grids):
            # A notebook given as the records: its game sheets are no records' table.
            notebook = Problem("records_is_notebook", path.name, params={"path": shown})
            records.problems[:] = [notebook]
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


def _a_notebook(grids: Sequence[Grid]) -> bool:
    """Whether the sheets are a score notebook's: a game sheet beside a sheet only a
    notebook has (Rules, Standings, remi's own). Records headed Deal with no Game column
    are records, told what their header lacks."""
    from remi_sheet.core.text import fold
    from remi_sheet.notebook.layout import find_game
    from remi_sheet.notebook.sheets import HIDDEN_SHEETS, RULES_SHEETS, STANDINGS_SHEETS

    own = {*RULES_SHEETS, *STANDINGS_SHEETS}
    marked = any(grid.name in HIDDEN_SHEETS or fold(grid.name) in own for grid in grids)
    return marked and any(find_game(grid) is not None for grid in grids)
