"""`remi score`: the scores, totals and standings written into the notebook (or a copy),
safely, where remi may write; what was written, and why not, as an outcome."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remi_sheet.commands.check import untouched
from remi_sheet.commands.opening import notebook_problems, open_notebook
from remi_sheet.commands.outputs import another_notebook, same_file, write_refused
from remi_sheet.commands.targets import check_target
from remi_sheet.core.problems import Problem, RemiError, has_errors
from remi_sheet.i18n import Lang
from remi_sheet.reading import files
from remi_sheet.reading.sheet_names import workbook_sheet_names

if TYPE_CHECKING:
    from remi_sheet.notebook.loading import Notebook


@dataclass(frozen=True, slots=True)
class Written:
    """What `score` did with the file: "written" (to `path`), "unchanged" (`path` already
    held it all) or "not_written"; `left_alone`: the sheets a person's typing kept remi out
    of; `renumbered`: the live games whose deals it numbered in the order of their rows (a
    deal row deleted or moved)."""

    outcome: str
    path: Path | None = None
    left_alone: Sequence[str] = ()
    renumbered: Sequence[str] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "outcome": self.outcome,
            "written": str(self.path) if self.outcome == "written" else None,
            "left_alone": list(self.left_alone),
            "renumbered": list(self.renumbered),
        }


@dataclass(frozen=True)
class Scored:
    """What `score` found and did: the notebook as read, every problem, what became of the
    file, and the catalogue's key of the line that tells it ("written", "unchanged",
    "not_written": the house rules' errors kept remi from writing anything,
    "not_written_safely": the save was refused, or typing kept remi out)."""

    notebook: Notebook
    problems: list[Problem]
    written: Written
    told: str
    refused: bool = False  # nothing written for an error: the house rules', or the save's

    @property
    def ok(self) -> bool:
        return not self.refused and not has_errors(self.problems)

    def to_json(self, lang: Lang | None = None) -> dict[str, Any]:
        """The `--json` document: `check`'s (`documents.notebook_json`, said in `lang`, else
        in the notebook's language), then what became of the file (`Written.to_json`)."""
        from remi_sheet.commands.documents import notebook_json

        notebook = self.notebook
        table = notebook.standings
        document = notebook_json(notebook, self.problems, lang or notebook.lang, table)
        return document | self.written.to_json()


def score(
    path: Path | str,
    output: Path | str | None = None,
    rules: Sequence[tuple[str, str]] = (),
    lang: Lang | None = None,
    *,
    backup: bool = True,
    force: bool = False,
    live: bool = False,
) -> Scored:
    """Score the notebook at `path` into itself, or into `output`. `rules`: house rules
    (name, value) over its Rules sheet, written as values (formulas cannot see them);
    `live`: make every area live; `backup`: keep the old file as NAME.bak; `force`: write
    though openpyxl would drop something. `RemiError` when it cannot be read or written
    (open in Excel, read-only, another notebook at `output`, a file of another kind:
    `targets.check_target`)."""
    path = Path(path)
    destination = Path(output) if output is not None else path
    if output is not None and not same_file(destination, path):
        check_target(destination, "workbook", lang)
    # Only looked at here: the file is read once, by `open_notebook`, with the lock held.
    problem = files.path_problem(path)
    if problem is None and destination.resolve() == path.resolve():
        problem = files.open_elsewhere(path) or files.read_only(path)
    elif problem is None and destination.exists():
        problem = files.open_elsewhere(destination, copy=False)  # the output, open
    if problem is not None:
        raise RemiError(problem)
    with files.exclusive(destination):
        if output is not None:
            _refuse_another_notebook(destination, path)
        made_live = True if live else (False if rules else None)
        return _score(path, destination, rules, lang, backup, force, made_live)


def _refuse_another_notebook(output: Path, path: Path) -> None:
    """`RemiError` when the output file holds another notebook now that remi holds its lock:
    another remi may have written it since the command line was checked (two scores of two
    notebooks into one output take turns, and the second refuses the first's)."""
    if not output.exists() or same_file(output, path):
        return
    ours = workbook_sheet_names(path)
    problem = another_notebook(output, path.name, ours) if ours else None
    if problem is not None:
        raise RemiError(problem)


def _score(
    path: Path,
    destination: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    backup: bool,
    force: bool,
    live: bool | None,
) -> Scored:
    """`live`: True makes every area live, False writes values (house rules given on the
    command line, which formulas cannot see), None keeps each area as it is."""
    from remi_sheet.writing import planning, writeback

    # The zip looked at as for every command that writes: an .ods is read, never written.
    notebook = open_notebook(files.read_workbook(path, package_checks=True), overrides, lang)
    problems = notebook_problems(notebook)
    if has_errors(notebook.problems):
        # Wrong house rules make every score wrong: write nothing at all.
        return Scored(notebook, problems, Written("not_written"), "not_written", refused=True)
    plan = planning.plan(notebook, notebook.lang, live=live)
    problems += planning.lost_games(notebook, plan)
    if destination == path and planning.up_to_date(notebook, plan):
        return Scored(notebook, problems, Written("unchanged", path), "unchanged")
    try:
        written = writeback.write(
            notebook,
            plan,
            destination,
            backup=backup,
            force=force,
            untouched=untouched(notebook, plan),
        )
    except Exception as failed:  # noqa: BLE001 - anything, when the notebook changed under it
        problems.append(write_refused(failed, path, notebook.identity, destination))
        not_written = Written("not_written")
        return Scored(notebook, problems, not_written, "not_written_safely", refused=True)
    problems += written.problems
    if written.written and written.renumbered:
        # The deal rows numbered anew, and the rows deleted given back under them, read
        # as the game's rows now: the live area grows over them as for rows typed there.
        again = _score(destination, destination, overrides, lang, False, force, live)
        outcome = replace(again.written, outcome="written", renumbered=written.renumbered)
        # What the first save found (what a copy lacks of the notebook) is not found again.
        saved = [problem for problem in written.problems if problem not in again.problems]
        return replace(again, problems=again.problems + saved, written=outcome, told="written")
    if written.written:
        outcome = Written("written", destination, written.left_alone)
        return Scored(notebook, problems, outcome, "written")
    # Every sheet (or the output file) already held it, or typing kept remi out: in place,
    # that typing is what to tell; an output file already held it all.
    outcome = Written("unchanged", destination, written.left_alone)
    in_place = destination.resolve() == path.resolve()
    told = "not_written_safely" if written.left_alone and in_place else "unchanged"
    return Scored(notebook, problems, outcome, told)
