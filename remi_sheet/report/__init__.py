"""The printable scorecard: a view model of the notebook, its charts, and the templates
rendered to HTML and PDF.

Imports `notebook`, `reading`, `core` and `i18n`; never `writing` or `cli`.
"""

import importlib.resources
from pathlib import Path


def default_template_dir() -> Path:
    """The templates shipped inside the package (pip unpacks wheels, so they are a folder
    on disk): what a user's template folder does not hold is taken from here."""
    return Path(str(importlib.resources.files("remi_sheet.report.templates")))
