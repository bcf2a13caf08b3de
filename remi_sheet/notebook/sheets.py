"""Which sheets of a notebook are read how: the Rules sheet first (every game is checked by
its rules as soon as it is read), remi's own sheets whole."""

from __future__ import annotations

from enum import Enum
from typing import Final

from remi_sheet.core.text import fold
from remi_sheet.i18n import LANGS, Lang, say
from remi_sheet.reading.package import LIVE_SHEET  # what the live formulas read

__all__ = [
    "HIDDEN_SHEETS",
    "LIVE_SHEET",
    "RESERVED_SHEETS",
    "RULES_SHEETS",
    "STANDINGS_SHEETS",
    "STATE_SHEET",
    "WHOLE_SHEETS",
    "Grids",
]

STATE_SHEET: Final = "_remi_state"  # remi's record of what it wrote (`writing.ownership`)
# remi's hidden sheets: never a game, never a person's
HIDDEN_SHEETS: Final = frozenset({STATE_SHEET, LIVE_SHEET})
# remi's Standings sheet, by its name in each language (folded), as the catalogue names it.
STANDINGS_SHEETS: Final[dict[str, Lang]] = {fold(say("standings", lang)): lang for lang in LANGS}
# remi's own sheets grow with the notebook (a row per game): read them whole.
WHOLE_SHEETS: Final = frozenset({STATE_SHEET, LIVE_SHEET, *STANDINGS_SHEETS})
# The Rules sheet, by the names a club gives it (folded).
RULES_SHEETS: Final[dict[str, Lang]] = {
    "rules": "en", "house rules": "en", "szabalyok": "hu", "hazszabalyok": "hu",
}  # fmt: skip
# Sheets that mean something else to remi: no game is filed under one of these names (it
# would be read as house rules, or overwritten by the standings). Folded.
RESERVED_SHEETS: Final = frozenset({*RULES_SHEETS, *WHOLE_SHEETS})


class Grids(Enum):
    """Which sheets' grids `load_notebook` keeps in `Notebook.grids`."""

    ALL = "all"  # every sheet's: a caller that writes checks its cells against them
    # Each let go once its sheet is checked, its memory serving the sheets read after (a
    # caller that only reports); the sheets read first (the Rules) stay.
    NONE = "none"
    # All in a notebook remi has written to (its state sheet is there), whose cells a caller
    # checks against what remi wrote; in another, only those of sheets named as remi's own
    # (`WHOLE_SHEETS`), so that a person's sheet under such a name can be told.
    IF_WRITTEN = "if_written"
