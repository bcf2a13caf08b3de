"""`remi check`: a notebook read and checked, and what `score` would refuse said too."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remi_sheet.commands.opening import notebook_problems, open_notebook
from remi_sheet.core.problems import Problem, has_errors
from remi_sheet.i18n import Lang
from remi_sheet.notebook.sheets import Grids

if TYPE_CHECKING:
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.writing.planning import Plan


@dataclass(frozen=True)
class Checked:
    """What `check` found: the notebook as read, and every problem (errors and warnings)."""

    notebook: Notebook
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        """No errors (warnings may stand)."""
        return not has_errors(self.problems)

    def to_json(self, lang: Lang | None = None) -> dict[str, Any]:
        """The `--json` document (`documents.notebook_json`), said in `lang`, else in the
        notebook's language."""
        from remi_sheet.commands.documents import notebook_json

        notebook = self.notebook
        return notebook_json(notebook, self.problems, lang or notebook.lang, notebook.standings)


def check(
    path: Path | str, rules: Sequence[tuple[str, str]] = (), lang: Lang | None = None
) -> Checked:
    """Read and check the notebook at `path`; `rules` are house rules (name, value) over its
    Rules sheet, `lang` the language of its messages (else the notebook's)."""
    path = Path(path)
    # The sheets' cells are kept when remi has written to the notebook (else only those
    # of sheets named as remi's own): what score would refuse, check says too, from the
    # same reading.
    notebook = open_notebook(path, rules, lang, grids=Grids.IF_WRITTEN)
    problems = notebook_problems(notebook)
    from remi_sheet.reading.ods import is_ods_file

    if is_ods_file(notebook.contents or path):
        return Checked(notebook, problems)  # score writes no .ods: it would refuse it whole
    from remi_sheet.notebook.sheets import STATE_SHEET

    if STATE_SHEET in notebook.sheet_names:
        from remi_sheet.writing import planning, writeback

        plan = planning.plan(notebook, notebook.lang, live=False if rules else None)
        problems += writeback.foreign_record(notebook)  # score would refuse to write
        problems += planning.lost_games(notebook, plan)
        problems += planning.stale_live_rules(notebook, plan)
        problems += planning.unlinked_live_games(notebook, plan)
        # A notebook that already holds what score would write, or whose values show
        # every cell of remi's as it left it, has nothing typed over: only otherwise is
        # the workbook opened to look at its formulas.
        if not planning.up_to_date(notebook, plan) and not untouched(notebook, plan):
            problems += writeback.typed_over(notebook, plan)
    elif notebook.grids:
        from remi_sheet.writing import writeback

        problems += writeback.foreign_standings(notebook)
    return Checked(notebook, problems)


def untouched(notebook: Notebook, plan: Plan) -> bool:
    """Whether the notebook's values show every cell remi wrote as remi left it
    (`planning.untouched`), its formulas looked at only where a value cannot tell."""
    from remi_sheet.reading.grid import FormulaProbe
    from remi_sheet.writing import planning

    probe = FormulaProbe(notebook.contents or notebook.path)
    try:
        return planning.untouched(notebook, plan, probe)
    finally:
        probe.close()
