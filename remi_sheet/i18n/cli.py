"""What the `remi` command line says: usage mistakes, and the lines around a command's work."""

from __future__ import annotations

from typing import Final

CLI_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "usage_error": ("Usage error: {message}", "Hibás parancssor: {message}"),
    "live_with_rules": (
        "--live and --rule together: live formulas read the Rules sheet, never the command "
        "line. Put the rule on the Rules sheet, or leave out --live.",
        "--live és --rule együtt: az élő képletek a Szabályok lapot olvassák, a parancssort "
        "soha. Írd a szabályt a Szabályok lapra, vagy hagyd el a --live kapcsolót.",
    ),
    # click's refusals of a command line (`cli.command_line`)
    "cli_try_help": ("Try '{command}' for help.", "Súgó: {command}"),
    "cli_no_such_option": ("No such option: {option}.", "Nincs ilyen kapcsoló: {option}."),
    "cli_did_you_mean": ("Did you mean {choices}?", "Erre gondoltál: {choices}?"),
    "cli_option_takes_no_value": (
        "Option {option} takes no value.",
        "{option:A} {option} kapcsoló után nem áll érték.",
    ),
    "cli_option_needs_value": (
        "Option {option} needs a value after it.",
        "{option:A} {option} kapcsoló után meg kell adni az értékét.",
    ),
    "cli_missing_argument": ("Missing argument {name}.", "Hiányzik {name:a} {name} argumentum."),
    "cli_missing_option": ("Missing option {name}.", "Hiányzik {name:a} {name} kapcsoló."),
    "cli_not_in_range": (
        "Invalid value for {name}: {value} is not between {low} and {high}.",
        "{name:A} {name} értéke {low} és {high} között lehet, nem {value}.",
    ),
    "cli_not_a_choice": (
        "Invalid value for {name}: '{value}' is not one of {choices}.",
        "{name:A} {name} értéke ezek egyike lehet: {choices}; nem '{value}'.",
    ),
    "cli_not_a_whole_number": (
        "Invalid value for {name}: '{value}' is not a whole number.",
        "{name:A} {name} értéke egész szám legyen, nem '{value}'.",
    ),
    "cli_not_a_number": (
        "Invalid value for {name}: '{value}' is not a number.",
        "{name:A} {name} értéke szám legyen, nem '{value}'.",
    ),
    "cli_bad_value": ("Invalid value for {name}: {detail}", "Hibás érték ({name}): {detail}"),
    "cli_extra_argument": (
        "Got an unexpected extra argument: {arguments}",
        "Fölösleges argumentum: {arguments}",
    ),
    "cli_extra_arguments": (
        "Got unexpected extra arguments: {arguments}",
        "Fölösleges argumentumok: {arguments}",
    ),
    "cli_no_such_command": ("No such command: '{command}'.", "Nincs ilyen parancs: '{command}'."),
    "cli_missing_command": ("Missing command.", "Hiányzik a parancs."),
    "encoding_unknown": (
        "--encoding: unknown encoding '{encoding}' (try utf-8 or cp1250).",
        "--encoding: ismeretlen kódolás: '{encoding}' (próbáld: utf-8 vagy cp1250).",
    ),
    "output_suffix": (
        "'{name}' cannot receive {kind}: name a file ending in {suffixes}.",
        "'{name}' nem lehet {kind}: adj meg egy {suffixes} végű fájlt.",
    ),
    "output_is_notebook": (
        "--output {name} is the notebook itself (the same file): leave out --output to score "
        "it in place, or name another file.",
        "A --output {name} maga a munkafüzet (ugyanaz a fájl): helyben pontozáshoz hagyd el a "
        "--output kapcsolót, vagy adj meg másik fájlt.",
    ),
    "output_folder_closed": (
        "Cannot write {path}: a folder on its way may not be opened by you.",
        "{path} nem írható: az útján lévő egyik mappát nem nyithatod meg.",
    ),
    "cli_aborted": ("Stopped.", "Megszakítva."),
    "outputs_same": (
        "-o and --html both name '{name}': give each its own file.",
        "A -o és a --html is {name:a} '{name}' fájlt adja meg: mindkettőnek adj külön fájlt.",
    ),
    # The file read named as the output: by its own name, or by another (a link to it).
    "output_is_input": (
        "'{name}' is the file this command reads: writing there would destroy it. Name "
        "another file.",
        "'{name}' éppen az a fájl, amelyet ez a parancs olvas: ha beleírna, tönkretenné. Adj "
        "meg másik fájlt.",
    ),
    "output_is_input_linked": (
        "'{name}' is the same file as '{source}', which this command reads: writing there "
        "would destroy it. Name another file.",
        "'{name}' ugyanaz a fájl, mint {source:a} '{source}', amelyet ez a parancs olvas: ha "
        "beleírna, tönkretenné. Adj meg másik fájlt.",
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
    "new_from_add_game": (
        "--from makes a new notebook from an old one, and --add-game adds a game to a "
        "notebook: use one of them.",
        "A --from egy régiből új munkafüzetet készít, az --add-game pedig játszmát ad egy "
        "munkafüzethez: a kettő közül csak az egyiket használd.",
    ),
}

CATALOGUES: Final = (CLI_MESSAGES,)
