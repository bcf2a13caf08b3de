"""Which sheets of a notebook are read how, known before any is read: the Rules sheet
first (every game is checked by its rules as soon as it is read), remi's own sheets whole.

Apart from `notebook`, so that a command can start reading a notebook before it loads the
checking code: a big notebook's reading process opens and checks the zip meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from remi_sheet.grid import Sheets, begin_reading
from remi_sheet.messages import Lang

# remi's own sheets grow with the notebook (a row per game): read them whole.
WHOLE_SHEETS: Final = frozenset({"_remi_state", "standings", "osszesito"})
RULES_SHEETS: Final[dict[str, Lang]] = {"rules": "en", "szabalyok": "hu"}


def begin(path: Path) -> Callable[[], Sheets]:
    """The sheets of the notebook at `path` as `notebook.load_notebook` reads them, begun
    (`grid.begin_reading`): call the function returned for them."""
    return begin_reading(path, WHOLE_SHEETS, first=frozenset(RULES_SHEETS))
