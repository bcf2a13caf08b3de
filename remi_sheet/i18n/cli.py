"""What the `remi` command line says: usage mistakes, and the lines around a command's work."""

from __future__ import annotations

from typing import Final

CLI_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "usage_error": ("Usage error: {message}", "Hibás parancssor: {message}"),
    "encoding_unknown": (
        "--encoding: unknown encoding '{encoding}' (try utf-8 or cp1250).",
        "--encoding: ismeretlen kódolás: '{encoding}' (próbáld: utf-8 vagy cp1250).",
    ),
    "output_suffix": (
        "'{name}' cannot receive {kind}: name a file ending in {suffixes}.",
        "'{name}' nem lehet {kind}: adj meg egy {suffixes} végű fájlt.",
    ),
    "output_is_input": (
        "'{name}' is what this command reads ({source}): writing there would destroy it. "
        "Name another file.",
        "'{name}' az, amit ez a parancs olvas ({source}): ha oda írna, tönkretenné. Adj meg "
        "másik fájlt.",
    ),
    "kind_workbook": ("an Excel workbook", "Excel-munkafüzet"),
    "kind_pdf": ("a PDF", "PDF"),
    "kind_html": ("an HTML page", "HTML-oldal"),
    "add_game_alone": (
        "--add-game keeps the notebook's own house rules and adds one game: leave out "
        "--rule, --deals and --games.",
        "Az --add-game a munkafüzet saját házszabályait tartja meg, és egy játszmát ad "
        "hozzá: hagyd el a --rule, --deals és --games kapcsolót.",
    ),
}

CATALOGUES: Final = (CLI_MESSAGES,)
