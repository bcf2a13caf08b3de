"""Where a command writes, refused on the command line before any work starts
(`commands.targets`): a mistake in the names given exits 2, a target that cannot be
written 1, said in the language of the notebook among the command's files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from remi_sheet.cli import language
from remi_sheet.cli.options import fail, usage_error
from remi_sheet.commands.outputs import another_notebook, same_file
from remi_sheet.commands.targets import refusal
from remi_sheet.i18n import Lang
from remi_sheet.reading.sheet_names import workbook_sheet_names


def check_target(
    target: Path,
    kind: str | tuple[str, ...],
    lang: Lang | None,
    *,
    inputs: Sequence[Path] = (),
    outputs: Sequence[Path] = (),
    json_output: bool = False,
    lang_from: Sequence[Path] = (),
    notebook: bool = False,
) -> None:
    """Stop unless `target` may receive a file of `kind` (`commands.targets.refusal`).
    Without --lang (`lang` None) a refusal speaks the language of the notebook among
    `inputs`, `target` and `lang_from`, as the command would once it had read it."""
    found = refusal(target, kind, inputs=inputs, outputs=outputs, notebook=notebook)
    if found is None:
        return
    # Only when refusing: it may open the notebook's zip.
    said = language.said(lang, *inputs, target, *lang_from)
    problem = found.said_in(said)
    if found.argument:
        usage_error(problem.code, said, **problem.params)
    fail(problem, said, json_output)


def refuse_another_notebook(
    target: Path, source: Path, lang: Lang | None, *, json_output: bool = False
) -> None:
    """Stop when the workbook at `target`, where the scored `source` is to be written, is
    another notebook (`another_notebook`)."""
    if target.exists() and not same_file(target, source):
        # A list that cannot be read here (damaged, or over a megabyte) refuses nothing:
        # the target is replaced as before, its old version kept as a backup.
        ours = workbook_sheet_names(source)
        problem = another_notebook(target, source.name, ours) if ours else None
        if problem is not None:
            fail(problem, language.said(lang, source, target), json_output)
