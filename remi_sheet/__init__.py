"""remi-sheet: the score notebook for Hungarian rummy (römi).

The package is built in layers; a layer imports only the layers below it:

    i18n      every word and message, in English and Hungarian
    core      the game: cards, entries, house rules, scoring, melds, standings (pure)
    reading   workbook files: checked, then read as grids of cell values
    notebook  a notebook's games, paper records and a season, read and checked
    writing   what remi writes into a workbook, and saving it safely
    report    the printable scorecard
    commands  each command as a use case: arguments in, an outcome out, nothing printed
    cli       the `remi` command

`writing` and `report` stand side by side: neither imports the other. `tests/test_layers.py`
reads the imports and keeps it so.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from remi_sheet.commands.check import Checked, check
    from remi_sheet.commands.import_records import Imported, ImportOptions, import_records
    from remi_sheet.commands.meld import Melded, meld
    from remi_sheet.commands.new import Added, Carried, add_game, new, new_from
    from remi_sheet.commands.opening import open_notebook
    from remi_sheet.commands.report import Printed, blank, scorecard
    from remi_sheet.commands.score import Scored, Written, score
    from remi_sheet.commands.stats import SeasonPdf, Stats, season_pdf, season_workbook, stats
    from remi_sheet.core.problems import ArgumentError, Problem, RemiError
    from remi_sheet.notebook.loading import Notebook

# The library's face, each name from where it lives. Imported when first asked for: the
# `remi` command imports this package first, and its start-up would pay for every layer.
_FACE = {
    "check": "remi_sheet.commands.check",
    "Checked": "remi_sheet.commands.check",
    "open_notebook": "remi_sheet.commands.opening",
    "scorecard": "remi_sheet.commands.report",
    "blank": "remi_sheet.commands.report",
    "Printed": "remi_sheet.commands.report",
    "new": "remi_sheet.commands.new",
    "new_from": "remi_sheet.commands.new",
    "Carried": "remi_sheet.commands.new",
    "import_records": "remi_sheet.commands.import_records",
    "ImportOptions": "remi_sheet.commands.import_records",
    "Imported": "remi_sheet.commands.import_records",
    "meld": "remi_sheet.commands.meld",
    "Melded": "remi_sheet.commands.meld",
    "add_game": "remi_sheet.commands.new",
    "Added": "remi_sheet.commands.new",
    "score": "remi_sheet.commands.score",
    "Scored": "remi_sheet.commands.score",
    "Written": "remi_sheet.commands.score",
    "stats": "remi_sheet.commands.stats",
    "Stats": "remi_sheet.commands.stats",
    "season_pdf": "remi_sheet.commands.stats",
    "SeasonPdf": "remi_sheet.commands.stats",
    "season_workbook": "remi_sheet.commands.stats",
    "Problem": "remi_sheet.core.problems",
    "RemiError": "remi_sheet.core.problems",
    "ArgumentError": "remi_sheet.core.problems",
    "Notebook": "remi_sheet.notebook.loading",
}
__all__ = [
    "Added",
    "ArgumentError",
    "Carried",
    "Checked",
    "ImportOptions",
    "Imported",
    "Melded",
    "Notebook",
    "Printed",
    "Problem",
    "RemiError",
    "Scored",
    "SeasonPdf",
    "Stats",
    "Written",
    "__version__",
    "add_game",
    "blank",
    "check",
    "import_records",
    "meld",
    "new",
    "new_from",
    "open_notebook",
    "score",
    "scorecard",
    "season_pdf",
    "season_workbook",
    "stats",
]


def __getattr__(name: str) -> Any:
    if name not in _FACE:
        raise AttributeError(f"module 'remi_sheet' has no attribute {name!r}")
    return getattr(importlib.import_module(_FACE[name]), name)
