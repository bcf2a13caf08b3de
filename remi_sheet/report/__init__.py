"""The printable scorecard: a view model of the notebook (`scorecard`, `season`), its
charts (`charts`), and the templates rendered to HTML and PDF (`rendering`, `paging`).

Imports `notebook`, `reading`, `core` and `i18n`; never `writing` or `cli`.
"""

from pathlib import Path


def default_template_dir() -> Path:
    """The templates shipped inside the package. pip unpacks wheels, so they are a folder
    on disk beside this file (importlib.resources would say the same, and costs every
    command, whose help names this folder, the import of a zip-aware machinery)."""
    return Path(__file__).resolve().parent / "templates"
