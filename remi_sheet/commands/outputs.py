"""What a command may write over: the same file under two names, another notebook."""

from __future__ import annotations

import contextlib
from collections.abc import Collection
from pathlib import Path

from remi_sheet.core.problems import Problem
from remi_sheet.core.text import fold
from remi_sheet.notebook.sheets import WHOLE_SHEETS
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


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file (the same after links, or the very same file)."""
    if one.resolve() == other.resolve():
        return True
    with contextlib.suppress(OSError):
        return one.exists() and other.exists() and one.samefile(other)
    return False
