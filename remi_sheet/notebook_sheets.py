"""Which sheets of a notebook are read how, known before any is read: the Rules sheet
first (every game is checked by its rules as soon as it is read), remi's own sheets whole.

Apart from `notebook`, so that a command can start reading a notebook before it loads the
checking code: a big notebook's reading process opens and checks the zip meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Final

from remi_sheet import files
from remi_sheet.grid import Sheets, begin_reading
from remi_sheet.messages import Lang

# remi's own sheets grow with the notebook (a row per game): read them whole.
WHOLE_SHEETS: Final = frozenset({"_remi_state", "standings", "osszesito"})
RULES_SHEETS: Final[dict[str, Lang]] = {"rules": "en", "szabalyok": "hu"}


# The reading `begin_early` began, until `begin` takes it or `drop_early` stops it.
_early: tuple[Path, Callable[[], Sheets]] | None = None


def begin(path: Path) -> Callable[[], Sheets]:
    """The sheets of the notebook at `path` as `notebook.load_notebook` reads them, begun
    (`grid.begin_reading`): call the function returned for them. The reading `begin_early`
    began for the same path is taken over."""
    global _early  # noqa: PLW0603 - one early reading per process, taken once
    if _early is not None and _early[0] == path:
        begun = _early[1]
        _early = None
        return begun
    return _begun(path)


def begin_early(path: Path) -> None:
    """Begin reading the notebook at `path` before the program has parsed its command line
    (`remi check` of a big notebook: its zip is opened and checked while Typer loads). Only
    a file that can be a workbook is begun; for any other, the command says why as usual."""
    global _early  # noqa: PLW0603
    drop_early()
    if files.sniff(path, package_checks=False) is None:
        _early = (path, _begun(path))


def _begun(path: Path) -> Callable[[], Sheets]:
    return begin_reading(path, WHOLE_SHEETS, first=frozenset(RULES_SHEETS))


def drop_early() -> None:
    """Stop the early reading if no command took it (a mistake in the command line)."""
    global _early  # noqa: PLW0603
    _early = None  # dropped uncalled, a reading process stops (`grid.begin_reading`)
