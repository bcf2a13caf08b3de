"""A notebook opened for a command: the path looked at before any library reads it, then
read and checked."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from remi_sheet.core import collector
from remi_sheet.core.problems import Problem
from remi_sheet.i18n import Lang
from remi_sheet.notebook.sheets import Grids
from remi_sheet.reading import files
from remi_sheet.reading.contents import Contents

if TYPE_CHECKING:
    from remi_sheet.notebook.games import Game
    from remi_sheet.notebook.loading import Notebook


def open_notebook(
    path: Path | Contents,
    overrides: Sequence[tuple[str, str]] = (),
    lang: Lang | None = None,
    *,
    grids: Grids = Grids.ALL,
) -> Notebook:
    """The notebook at `path`, read and checked; `grids`: which sheets' grids it keeps (only
    a command that writes back needs them). `RemiError` for a file that is no notebook."""
    # Read once: every later stage reads these bytes.
    contents = path if isinstance(path, Contents) else files.read_workbook(path)
    from remi_sheet.notebook.loading import load_notebook

    notebook = load_notebook(contents, overrides, lang, grids=grids)
    collector.keep_until_exit(notebook)
    return notebook


def notebook_problems(notebook: Notebook, games: Sequence[Game] | None = None) -> list[Problem]:
    """The whole-notebook checks, one list that every command reading a notebook tells
    alike: the notebook's own problems (its house rules, its sheets), each game's (of
    `games`, else every game), and its names' (spellings counted as one player, names that
    look alike, across all its games). `stats` tells the names across its notebooks itself."""
    from remi_sheet.notebook.names import name_problems

    chosen = notebook.games if games is None else games
    found = [*notebook.problems, *(problem for game in chosen for problem in game.problems)]
    return found + name_problems(notebook.games)
