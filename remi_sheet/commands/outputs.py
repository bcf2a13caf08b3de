"""What a command may write over (the same file under two names, another notebook), and
what to tell when a write failed."""

from __future__ import annotations

import contextlib
from collections.abc import Collection
from pathlib import Path

from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.text import fold
from remi_sheet.i18n import Phrase
from remi_sheet.notebook.sheets import WHOLE_SHEETS
from remi_sheet.reading.files import Identity, os_reason
from remi_sheet.reading.sheet_names import workbook_sheet_names


def another_notebook(target: Path, source: str, ours: Collection[str]) -> Problem | None:
    """Why the workbook at `target` may not receive the notebook `source` (named so in the
    message) whose sheets are `ours`: it holds sheets that are none of them, nor remi's own
    that a score adds; None when it holds none (a file an earlier run wrote, written again)
    or does not exist. A club's other notebook would be replaced, its games kept only in a
    backup."""
    theirs = workbook_sheet_names(target)
    own = {fold(name) for name in ours} | WHOLE_SHEETS  # remi's own, which a score adds
    others = [name for name in theirs if fold(name) not in own]
    if not others:
        return None
    named = tuple(others[:3])
    params = {"path": str(target), "source": source, "sheets": named, "count": len(named)}
    return Problem("output_other_notebook", params=params)


def another_workbook(target: Path) -> Problem | None:
    """Why the workbook at `target` may not receive the season's workbook (`remi stats -o
    season.xlsx`): it is not one remi wrote as a season (`is_season_workbook`: a notebook,
    anybody's own workbook, a season workbook somebody added a sheet to), or its sheets
    cannot be read to tell; None when it is one, is empty or does not exist. A season
    workbook written again is replaced, the old one kept as a backup."""
    from remi_sheet.writing.season_workbook import is_season_workbook, not_season_sheets

    if not target.exists() or target.stat().st_size == 0:  # an empty file holds nothing
        return None
    theirs = workbook_sheet_names(target)
    if theirs and is_season_workbook(theirs):
        return None
    if not theirs:
        params = {"path": str(target), "kind": Phrase("kind_season")}
        return Problem("output_other_kind", params=params)
    named = tuple((not_season_sheets(theirs) or theirs)[:3])
    params = {"path": str(target), "sheets": named, "count": len(named)}
    return Problem("output_not_season", params=params)


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file (the same after links, or the very same file); a
    link that leads back to itself names none."""
    try:
        if one.resolve() == other.resolve():
            return True
    except (OSError, RuntimeError):  # Python 3.11 and 3.12 raise RuntimeError for a loop
        return False
    with contextlib.suppress(OSError):
        return one.exists() and other.exists() and one.samefile(other)
    return False


def write_refused(
    failed: Exception, notebook: Path, read_as: Identity | None, target: Path
) -> Problem:
    """What to tell of a write of `target` that failed with `failed`: the notebook saved
    over by another program since it was read as `read_as` (whatever that made openpyxl
    say: it reads back as something else, or half), remi's own refusal, or a file that
    could not be written (raised as `RemiError`). Anything else is raised again."""
    if read_as is not None:
        try:
            now: Identity | None = Identity.of(notebook.stat())
        except OSError:
            now = None
        if now != read_as:
            return Problem("file_changed_meanwhile", params={"path": str(notebook)})
    if isinstance(failed, RemiError):
        return failed.problem
    if isinstance(failed, OSError):
        params = {"path": str(target), "reason": os_reason(failed)}
        raise RemiError(Problem("file_write_failed", params=params)) from failed
    raise failed
