"""What the `remi` command line says: usage mistakes, and the lines around a command's work."""

from __future__ import annotations

from typing import Final

CLI_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "usage_error": ("Usage error: {message}", "Hibás parancssor: {message}"),
    "output_not_xlsx": (
        "--output must name an .xlsx (or .xlsm) workbook, not '{name}'.",
        "A --output egy .xlsx (vagy .xlsm) munkafüzetet nevezzen meg, ne ezt: '{name}'.",
    ),
    "into_not_xlsx": (
        "--into must name an .xlsx (or .xlsm) notebook, not '{name}'.",
        "Az --into egy .xlsx (vagy .xlsm) munkafüzetet nevezzen meg, ne ezt: '{name}'.",
    ),
    "encoding_unknown": (
        "--encoding: unknown encoding '{encoding}' (try utf-8 or cp1250).",
        "--encoding: ismeretlen kódolás: '{encoding}' (próbáld: utf-8 vagy cp1250).",
    ),
    "records_are_the_notebook": (
        "The records and the notebook are the same file.",
        "A jegyzőkönyv és a munkafüzet ugyanaz a fájl.",
    ),
    "add_game_alone": (
        "--add-game keeps the notebook's own house rules and adds one game: leave out "
        "--rule, --deals and --games.",
        "Az --add-game a munkafüzet saját házszabályait tartja meg, és egy játszmát ad "
        "hozzá: hagyd el a --rule, --deals és --games kapcsolót.",
    ),
}

CATALOGUES: Final = (CLI_MESSAGES,)
