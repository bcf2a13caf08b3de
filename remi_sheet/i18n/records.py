"""What `remi import` says, in English and Hungarian, by key.

The row checks reuse the game's keys (`score_not_ten`, `two_winners`, … in `game`).
"""

from __future__ import annotations

from typing import Final

RECORDS_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # the file
    "records_not_text": (
        # Said at the file (`import_records`): the file's name stands before the text.
        "Not a text (CSV) file that remi can read: its bytes fit none of UTF-8, UTF-16, "
        "Windows-1250, ISO-8859-2 or Windows-1252. Save it as CSV (UTF-8) or .xlsx.",
        "Nem olvasható szöveges (CSV) fájl: a bájtjai egyik kódolásba sem illenek "
        "(UTF-8, UTF-16, Windows-1250, ISO-8859-2, Windows-1252). Mentsd CSV (UTF-8) vagy "
        ".xlsx formátumban.",
    ),
    "records_pdf": (
        "A PDF, not records remi can read: give it the records as CSV or .xlsx (a PDF "
        "remi printed comes from a notebook, which holds its games already).",
        "PDF-fájl, nem a remi által olvasható feljegyzés: a feljegyzéseket CSV vagy .xlsx "
        "fájlként add meg (a remi által nyomtatott PDF egy munkafüzetből készült, amelyben "
        "a játszmák már benne vannak).",
    ),
    "records_wrong_encoding": (
        "Cannot be read as {encoding} (byte {byte} on line {line}, byte {column} of the "
        "line); leave out --encoding and remi finds the encoding itself.",
        "Nem olvasható {encoding} kódolással ({byte} bájt {line:a} {line}. sor {column}. "
        "bájtjánál); hagyd el a --encoding kapcsolót, és a remi maga állapítja meg a kódolást.",
    ),
    "import_too_many_sheets": (
        "{games} games to file would make {path} {count} sheets, more than the {limit} remi "
        "reads in one workbook: nothing was filed. Import them into notebooks of a few "
        "thousand games each (a season at a time).",
        "{games} felveendő játszmával {path} {count} lapból állna, többől, mint a remi által "
        "egy munkafüzetben olvasott {limit}: semmi sincs felvéve. Importáld őket néhány ezer "
        "játszmás füzetekbe (szezononként).",
    ),
    "records_too_big": (
        "The file is {size} bytes; paper records fit in far less (limit {limit}). Split it.",
        "A fájl {size} bájt; a papíros jegyzőkönyvek ennél jóval kisebbek (határ: {limit}). "
        "Oszd több fájlra.",
    ),
    "records_csv_broken": (
        'The CSV cannot be read from here on. Check the quotes (") on this line.',
        'A CSV innentől nem olvasható. Nézd meg az idézőjeleket (") ebben a sorban.',
    ),
    "records_game_cut": (
        "This game's rows may go on past line {line}, where the CSV cannot be read on: it "
        "is not filed. Put the quotes right, then import again.",
        "Ennek a játszmának a sorai {line:a} {line}. soron túl is folytatódhatnak, ahol a CSV "
        "már nem olvasható: nincs felvéve. Javítsd az idézőjeleket, és importáld újra.",
    ),
    "records_csv_quote": (
        'The CSV cannot be read from here on: a quote (") opened on this line is never closed.',
        'A CSV innentől nem olvasható: egy ebben a sorban nyitott idézőjel (") nincs lezárva.',
    ),
    "records_empty": (
        "The file is empty: there is nothing in it to import.",
        "A fájl üres: nincs benne mit átvenni.",
    ),
    "records_no_header": (
        "No header row found in the first {rows} rows: the records need a Game (Játszma) "
        "column, a Deal (Leosztás) column and one column per player.",
        "Nincs fejléc az első {rows} sorban: kell egy Játszma (Game) oszlop, egy Leosztás "
        "(Deal) oszlop és játékosonként egy oszlop.",
    ),
    "records_is_notebook": (
        "This is a score notebook (its games on game sheets), not paper records: import "
        "reads records with a Game and a Deal column. To see two notebooks' season together, "
        "give both to remi stats.",
        "Ez a fájl pontozófüzet (a játszmái játszmalapokon vannak), nem papíros "
        "feljegyzés: az import Játszma és Leosztás oszlopos feljegyzést olvas. Két füzet "
        "szezonját együtt a remi stats mutatja meg, ha mindkettőt megkapja.",
    ),
    "records_no_game_column": (
        "The header has no Game (Játszma) column: add one, in any column, naming the game "
        "each row belongs to (its date, say 2026-10-01, or a name such as Game 1).",
        "A fejlécben nincs Játszma (Game) oszlop: tegyél be egy Játszma oszlopot (bárhová a "
        "fejlécben), amely minden sorban megnevezi a játszmát (a dátumával, pl. 2026-10-01, "
        "vagy egy névvel, pl. 1. játszma).",
    ),
    "records_no_players": (
        "The header has no player columns: type the players' names beside Game and Deal.",
        "A fejlécben nincs játékos: írd a játékosok nevét a Játszma és a Leosztás mellé.",
    ),
    "records_no_games": (
        "The records hold no games: no row below the header names a game and a deal.",
        "Nincs egy játszma sem: a fejléc alatt egyik sor sem nevez meg játszmát és leosztást.",
    ),
    "records_unnamed_column": (
        "This row has '{value}' in a column without a name in the header (column {column}): "
        "give the column a player's name, or delete the value.",
        "Ebben a sorban '{value}' áll egy olyan oszlopban, amelynek nincs neve a fejlécben "
        "({column}. oszlop): adj neki játékosnevet, vagy töröld az értéket.",
    ),
    # names
    "records_name_too_long": (
        "The name '{shown}…' is {length} characters long; a player's name has at most {most}.",
        "{shown:A} '{shown}…' név {length} karakter hosszú; egy játékos neve legfeljebb {most} "
        "karakter lehet.",
    ),
    "records_name_control": (
        "The name {shown} holds control characters ({found}), which no one types: retype the name.",
        "{shown:A} {shown} név vezérlőkaraktert tartalmaz ({found}), ilyet senki sem gépel: írd "
        "be újra a nevet.",
    ),
    "records_game_name_too_long": (
        "The game's name '{shown}…' is {length} characters long; at most {most}.",
        "A játszma neve ('{shown}…') {length} karakter hosszú; legfeljebb {most} lehet.",
    ),
    "records_game_name_control": (
        "The game's name {shown} holds control characters ({found}): retype it.",
        "A játszma neve ({shown}) vezérlőkaraktert tartalmaz ({found}): írd be újra.",
    ),
    "records_name_reserved": (
        "'{player}' cannot be a player's name in a notebook: remi reads a column headed "
        "so as notes. Write the name differently (add the family name, say).",
        "'{player}' nem lehet játékosnév a füzetben: az így fejlécezett oszlopot a remi "
        "megjegyzésnek olvassa. Írd másként a nevet (például a vezetéknévvel).",
    ),
    "records_game_twice": (
        "A game of this name is in the records elsewhere too ({first}): give each game its "
        "own name.",
        "Ilyen nevű játszma máshol is van a jegyzőkönyvben ({first}): minden játszmának saját "
        "neve legyen.",
    ),
    "records_game_missing": (
        "This row names no game and there is no game above it: type the game's name in the "
        "Game (Játszma) column.",
        "Ez a sor nem nevez meg játszmát, és fölötte sincs játszma: írd be a játszma nevét a "
        "Játszma oszlopba.",
    ),
    # a game's shape
    "records_players_too_few": (
        "The game has {count:player/players} with entries; a game needs 2 to {most}.",
        "A játszmában {count} játékosnak van bejegyzése; egy játszmához 2–{most} játékos kell.",
    ),
    "records_players_too_many": (
        "The game has {count} players with entries; at most {most} can play (house rule "
        "max_players).",
        "A játszmában {count} játékosnak van bejegyzése; legfeljebb {most} játszhat "
        "(legtöbb játékos házszabály).",
    ),
    "records_player_twice": (
        "{player} appears twice in this game (columns {first} and {column}: the names "
        "differ only in accents, capitals or spaces): one player, one column.",
        "{player} kétszer szerepel ebben a játszmában ({first}. és {column}. oszlop: a két "
        "név csak ékezetben, kis- és nagybetűben vagy szóközben tér el): egy játékos, egy "
        "oszlop.",
    ),
    "records_game_name_only": (
        "This row holds a text in the Game column and nothing else (no deal number, no "
        "entry): if it is a note, write it in a Notes column; if it is a game, type its "
        "deals.",
        "Ebben a sorban csak a Játszma oszlopban áll szöveg (se leosztásszám, se "
        "bejegyzés): ha megjegyzés, írd egy Megjegyzés oszlopba; ha játszma, írd be a "
        "leosztásait.",
    ),
    "records_deal_not_number": (
        "'{value}' is no deal number: number the deals 1, 2, 3, …",
        "'{value}' nem leosztásszám: számozd a leosztásokat így: 1, 2, 3, …",
    ),
    "records_deal_twice": (
        "Deal {deal} appears twice in this game (first {first}): a deal has one row.",
        "{deal:A} {deal}. leosztás kétszer szerepel ebben a játszmában (először: {first}): egy "
        "leosztás egy sor.",
    ),
    "records_deal_out_of_order": (
        "Deal {deal} comes where deal {expected} was expected: the deals of a game are "
        "typed in order, 1, 2, 3, …",
        "{deal:A} {deal}. leosztás áll ott, ahol {expected:a} {expected}. következne: egy "
        "játszma leosztásai sorban jönnek, 1, 2, 3, …",
    ),
    "records_total_twice": (
        "A second Total row for this game (the first is {first}): keep one.",
        "Második Összesen sor ehhez a játszmához (az első: {first}): egy maradjon.",
    ),
    "records_deal_after_total": (
        "Deal {deal} is typed after the game's Total row: the Total comes last.",
        "{deal:A} {deal}. leosztás a játszma Összesen sora után áll: az Összesen az utolsó sor.",
    ),
    "records_row_after_total": (
        "This deal row is typed after the game's Total row: the Total comes last.",
        "Ez a leosztássor a játszma Összesen sora után áll: az Összesen az utolsó sor.",
    ),
    "records_total_mismatch": (
        "{player}: paper total {value}, deals add up to {total}.",
        "{player}: a papíron {value} az összeg, de a leosztások összege {total}.",
    ),
    # filing
    "records_game_conflict": (
        "The notebook already has a game '{game}' (sheet '{sheet}') with different rows: "
        "rename the game in the records, or delete the sheet, to import it.",
        "A füzetben már van '{game}' nevű játszma ('{sheet}' lap), más sorokkal: nevezd át "
        "a játszmát a jegyzőkönyvben, vagy töröld a lapot, hogy beimportálható legyen.",
    ),
    "records_rules_of_notebook": (
        "--rule sets the house rules of a new notebook only; {path} has its own (its Rules "
        "sheet, or the defaults). Change them there.",
        "A --rule csak új füzet házszabályait állítja be; {path} már a sajátjait használja "
        "(Szabályok lap vagy az alapértékek). Ott módosítsd őket.",
    ),
}

# Words of the report `remi import` prints and of the sheets it files.
RECORDS_WORDS: Final[dict[str, tuple[str, str]]] = {
    "line": ("line {line}", "{line}. sor"),
    "read": (
        "{path}: {encoding}, {delimiter}, {games:game/games}, {deals:deal/deals}.",
        "{path}: {encoding}, {delimiter}, {games} játszma, {deals} leosztás.",
    ),
    "read_xlsx": (
        "{path}: {games:game/games}, {deals:deal/deals}.",
        "{path}: {games} játszma, {deals} leosztás.",
    ),
    "delimiter_;": ("separated by semicolons", "pontosvesszővel elválasztva"),
    "delimiter_,": ("separated by commas", "vesszővel elválasztva"),
    "delimiter_\t": ("separated by tabs", "tabulátorral elválasztva"),
    "repaired": (
        "Repaired name: {original} → {repaired} ({where})",
        "Javított név: {original} → {repaired} ({where})",
    ),
    "import_problems": ("Problems:", "Problémák:"),  # errors and warnings both
    "filed": ("Filed into {path}:", "Felvéve ide: {path}:"),
    "would_file": ("Would file into {path} (dry run):", "Felvenném ide: {path} (próbafuttatás):"),
    "to_file_unwritten": (
        "To file into {path}, but nothing was written (see the problems above):",
        "Felvenném ide: {path}, de semmi sem íródott ki (lásd fent):",
    ),
    "filed_game": (
        "  {game} → sheet '{sheet}': {players} players, {deals:deal/deals}, {date}, {checked}",
        "  {game} → '{sheet}' lap: {players} játékos, {deals} leosztás, {date}, {checked}",
    ),
    "filed_date": ("dated {date}", "dátuma {date}"),
    "filed_no_date": (
        "no date (type it in the Date row)",
        "dátum nélkül (írd be a Dátum sorba)",
    ),
    "paper_checked": ("paper totals checked", "papíros összesen ellenőrizve"),
    "no_paper_totals": ("no paper totals", "nincs papíros összesen"),
    "already_filed": (
        "Already in the notebook, skipped: {games}",
        "Már benne van a füzetben, kihagyva: {games}",
    ),
    "already_in_output": (
        "Already in {path} (a run before wrote it): {games}",
        "{path} már tartalmazza (egy korábbi futás írta bele): {games}",
    ),
    "not_filed": (
        "Not filed, for their errors (above): {games}",
        "Nincs felvéve a hibái miatt (lásd fent): {games}",
    ),
    "summary_filed": ("{count:game/games} filed ({games})", "{count} játszma felvéve ({games})"),
    "summary_would_file": (
        "{count:game/games} would be filed ({games})",
        "{count} játszma kerülne be ({games})",
    ),
    "summary_unwritten": (
        "{count:game/games} to file but not filed ({games})",
        "{count} játszma felvehető, de nincs felvéve ({games})",
    ),
    "summary_already": ("{count} already there ({games})", "{count} már megvolt ({games})"),
    "summary_broken": (
        "{count} with errors, not filed ({games})",
        "{count} hibás, nincs felvéve ({games})",
    ),
    "summary_none": ("no games", "nincs játszma"),
    "import_written": (
        "Written: {path}. Run remi score {path} to score what was filed.",
        "Kiírva: {path}. A pontozáshoz futtasd: remi score {path}",
    ),
    "import_dry_run": ("Dry run: nothing was written.", "Próbafuttatás: semmi sem íródott ki."),
    "nothing_to_write": (
        "Nothing to write: {path} is unchanged.",
        "Nincs mit kiírni: {path} változatlan.",
    ),
    "nothing_to_write_copy": (
        "Nothing to write: no game new to {notebook}, and {path} was not written.",
        "Nincs mit kiírni: {notebook} számára nincs új játszma, {path} nem íródott ki.",
    ),
    "nothing_to_write_new": (
        "Nothing to write: {path} was not made.",
        "Nincs mit kiírni: {path} nem készült el.",
    ),
    "import_not_written_new": (
        "Nothing was written: {path} was not made.",
        "Semmi sem íródott ki: {path} nem készült el.",
    ),
    "import_unchanged": (
        "Nothing to change: {path} already holds them.",
        "Nincs mit változtatni: {path} már tartalmazza őket.",
    ),
    "import_not_written": (
        "Nothing was written: {path} is unchanged.",
        "Semmi sem íródott ki: {path} változatlan.",
    ),
    "records_date_month_first": (
        "The date '{value}' is read day first, as {read}, but '{other}' in these records has "
        "the month first: write the dates as 2026-11-29, so that each reads one way only.",
        "{value:A} '{value}' dátumot a remi nappal kezdve olvassa ({read}), de a feljegyzések "
        "'{other}' dátuma hónappal kezdődik: a dátumokat így írd: 2026. 11. 29., hogy csak "
        "egyféleképp lehessen olvasni őket.",
    ),
    "records_date_unreadable": (
        "The date '{value}' cannot be read (type it as {forms}): the game's date is taken "
        "from its name, if it has one; else its Date cell keeps what is written here, to be "
        "put right there.",
        "{value:A} '{value}' dátum nem olvasható (írd így: {forms}): a játszma dátuma a nevéből "
        "jön, ha van benne; ha nincs, a Dátum cellájába az kerül, ami itt áll, hogy ott "
        "javítsd.",
    ),
}


CATALOGUES: Final = (
    RECORDS_MESSAGES,
    RECORDS_WORDS,
)
