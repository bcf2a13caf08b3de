"""The language a command speaks before it has read the notebook.

Without --lang, what a command says of a notebook is in the notebook's language, which only
reading it tells. A mistake found before that (a wrong option, a lock file beside the
notebook, a missing file, a refused output) is said in the language the notebook's sheet
names show (Szabályok, Összesítő; Rules, Standings), else in the user's locale's (LANG;
on Windows, which sets no LANG, the language of Windows' own menus), else in English: only
the workbook's list of sheets is read for it, and only when it is small.
"""

from __future__ import annotations

import locale
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from remi_sheet.core.text import fold
from remi_sheet.i18n import LANGS, Lang
from remi_sheet.notebook.sheets import RULES_SHEETS, STANDINGS_SHEETS
from remi_sheet.reading.sheet_names import workbook_sheet_names

_SHEET_LANGS: Final[dict[str, Lang]] = {**RULES_SHEETS, **STANDINGS_SHEETS}


def said(chosen: Lang | None, *paths: Path | None) -> Lang:
    """--lang when it was given, else the language of the first of `paths` that is a
    notebook naming its sheets in one language (`spoken`)."""
    return chosen or spoken([path for path in paths if path is not None])


def spoken(paths: Sequence[Path]) -> Lang:
    """The language of the first of `paths` that is a workbook with a sheet remi names in
    one language (Szabályok, Összesítő; Rules, Standings), else the system's
    (`system_language`). Only the workbook's list of sheets is read, and only when it is small."""
    return sheet_language(paths) or system_language()


def system_language() -> Lang:
    """Hungarian when the system's language is, as gettext reads it (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG: the first set, such as `hu_HU.UTF-8`), else English: a Hungarian
    user's mistyped file name is told in Hungarian. When none is set, or the first set is
    the untranslated C or POSIX locale, Windows is asked for its user's display language
    (`windows_language`): Windows sets none of them."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            if value.split(".")[0] in ("C", "POSIX"):
                break  # no language, only the absence of one
            return language_named(value)
    return language_named(windows_language() or "en")


def language_named(name: str) -> Lang:
    """Hungarian for a locale name that is Hungarian's (`hu`, `hu_HU.UTF-8`), else English."""
    return "hu" if name.lower().startswith("hu") else "en"


def windows_language() -> str | None:
    """The locale name (`hu_HU`) of the language Windows speaks to its user, or None when
    this is not Windows or Windows does not say one Python knows."""
    platform = sys.platform  # read here, not narrowed: the code below is checked everywhere
    if platform != "win32":
        return None
    import ctypes

    windll = getattr(ctypes, "windll", None)  # Windows' ctypes alone has it
    if windll is None:
        return None
    try:
        # A LANGID (0x040e Hungarian), which is its own LCID in locale.windows_locale.
        code = windll.kernel32.GetUserDefaultUILanguage()
    except (AttributeError, OSError):  # a kernel32 without it, or one that cannot be asked
        return None
    return locale.windows_locale.get(code) if isinstance(code, int) else None


def sheet_language(paths: Sequence[Path]) -> Lang | None:
    """`spoken`, or None when no workbook of `paths` names such a sheet."""
    for path in paths:
        try:
            if not path.is_file():
                continue  # a pipe or a device would be waited on; a folder holds no sheets
        except OSError:
            continue  # a folder on the way that may not be entered: the command will say

        for name in workbook_sheet_names(path):
            if fold(name) in _SHEET_LANGS:
                return _SHEET_LANGS[fold(name)]
    return None


def chosen(arguments: Sequence[str]) -> Lang | None:
    """The language --lang gives on the command line `arguments`, when it names one."""
    for index, argument in enumerate(arguments):
        value = None
        if argument == "--lang" and index + 1 < len(arguments):
            value = arguments[index + 1]
        elif argument.startswith("--lang="):
            value = argument.removeprefix("--lang=")
        if value in LANGS:
            return value
    return None


def named_workbooks(arguments: Sequence[str]) -> list[Path]:
    """The workbooks the command line `arguments` names: their sheet names tell the
    language of a mistake found before they are read."""
    named = [Path(argument) for argument in arguments if not argument.startswith("-")]
    return [path for path in named if path.suffix.lower() in (".xlsx", ".xlsm", ".ods")]
