"""Every message a user can see, in English and Hungarian, by key.

A message says what is wrong and how to fix it. Keys are stable (tests and `--json` use
them); wording may improve. `render` fills in the parameters a problem carries.
"""

from __future__ import annotations

from typing import Any, Final, Literal

Lang = Literal["en", "hu"]
LANGS: Final[tuple[Lang, ...]] = ("en", "hu")

_CODES_HELP_EN = "H (hand), W (win), X (not laid down), card points (33) or cards (K 7 3)"
_CODES_HELP_HU = "H (kézből), W (nyert), X (nem rakott le), lappont (33) vagy lapok (K 7 3)"

MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # rules
    "rule_unknown": (
        "Unknown house rule '{name}'. Known rules: {known}.",
        "Ismeretlen házszabály: '{name}'. Ismert szabályok: {known}.",
    ),
    "rule_twice": (
        "The rule {name} is set twice (first in {first}); keep one row.",
        "A(z) {name} szabály kétszer szerepel (először itt: {first}); egy sor maradjon.",
    ),
    "rule_bad_choice": (
        "The rule {name} cannot be '{value}'; choose one of: {choices}.",
        "A(z) {name} szabály értéke nem lehet '{value}'; választható: {choices}.",
    ),
    "rule_bad_bool": (
        "The rule {name} needs yes or no (true/false, igen/nem, 1/0), not '{value}'.",
        "A(z) {name} szabály értéke igen vagy nem (true/false, igen/nem, 1/0), nem '{value}'.",
    ),
    "rule_bad_number": (
        "The rule {name} needs a whole number, not '{value}'.",
        "A(z) {name} szabály értéke egész szám kell legyen, nem '{value}'.",
    ),
    "rule_out_of_range": (
        "The rule {name} = {value} is impossible: it must be from {low} to {high}.",
        "A(z) {name} = {value} lehetetlen: {low} és {high} között kell lennie.",
    ),
    "rule_wins_equal": (
        "hand_win and normal_win are both {value}: they must differ, or a score row cannot "
        "tell a hand from a normal win.",
        "A hand_win és a normal_win is {value}: különbözniük kell, különben a pontsorból nem "
        "derül ki, hogy kézből nyert-e.",
    ),
    "rule_low_ace": (
        "low_ace_value {low} is more than ace_value {high}; a low ace is worth at most an ace.",
        "Az also_asz ({low}) nagyobb, mint az ász értéke ({high}); az alsó ász legfeljebb "
        "annyit ér.",
    ),
    "rule_option": (
        "--rule takes NAME=VALUE, e.g. --rule opening_minimum=51; got '{value}'.",
        "A --rule formája NÉV=ÉRTÉK, pl. --rule opening_minimum=51; kapott: '{value}'.",
    ),
    # cards and entries
    "card_empty": ("No cards given.", "Nincs megadva lap."),
    "card_unknown": (
        "'{token}' is not a card. Ranks: 2–10, J/B, Q/D, K, A/Á, Jo; suits ♠♣♥♦ or S C H D.",
        "'{token}' nem lap. Értékek: 2–10, J/B, Q/D, K, A/Á, Jo; színek ♠♣♥♦ vagy S C H D.",
    ),
    "card_ambiguous_d": (
        "'{token}' could be {rank}♦ or {rank} and a D (dáma): write {rank}♦ for the one card, "
        "or {rank} D with a space for the two.",
        "'{token}' lehet {rank}♦, de {rank} és D (dáma) is: egy lapnál írd így: {rank}♦, "
        "kettőnél szóközzel: {rank} D.",
    ),
    "entry_thousands": (
        "'{value}' could be a thousand or the number before the separator: type the number "
        "without a separator.",
        "'{value}' lehet ezer is, de az elválasztó előtti szám is: írd elválasztó nélkül.",
    ),
    "cards_too_many": (
        "{count} cards left in hand: a player holds at most {most}.",
        "{count} lap maradt a kézben: egy játékosnál legfeljebb {most} lap van.",
    ),
    "cards_too_many_jokers": (
        "{count} jokers, but the game has only {most} (house rule jokers).",
        "{count} joker, de a játékban csak {most} van (jokers házszabály).",
    ),
    "cards_too_many_copies": (
        "{count} × {card}: two packs have only two of each card.",
        "{count} × {card}: két csomagban minden lapból csak kettő van.",
    ),
    "entry_boolean": (
        "The cell holds TRUE/FALSE; type " + _CODES_HELP_EN + ".",
        "A cellában IGAZ/HAMIS áll; írj " + _CODES_HELP_HU + " értéket.",
    ),
    "entry_date": (
        "The cell holds a date ({value}); the spreadsheet may have turned what you typed into "
        "a date. Format the cell as text and type " + _CODES_HELP_EN + ".",
        "A cellában dátum áll ({value}); a táblázatkezelő alakíthatta dátummá a beírtat. "
        "Állítsd a cellát szövegre, és írj " + _CODES_HELP_HU + " értéket.",
    ),
    "entry_not_whole": (
        "'{value}' is not a whole number: card points are whole numbers.",
        "'{value}' nem egész szám: a lappont mindig egész.",
    ),
    "entry_unknown": (
        "'{value}' is not an entry. Type " + _CODES_HELP_EN + ".",
        "'{value}' nem értelmezhető. Írj " + _CODES_HELP_HU + " értéket.",
    ),
    "points_negative": (
        "Card points cannot be negative ({value}); only the winner's −20 or −40 is negative. "
        "Type the points left in hand, or H/W for the winner.",
        "A lappont nem lehet negatív ({value}); csak a nyerő −20 vagy −40 pontja negatív. "
        "Írd be a kézben maradt pontot, vagy H/W-t a nyerőnek.",
    ),
    "points_too_high": (
        "{value} card points is more than 14 cards can be worth ({most}): a typo?",
        "{value} lappont több, mint amennyit 14 lap érhet ({most}): elírás?",
    ),
    # rows
    "entry_missing": (
        "{player} has no entry in deal {deal}: type " + _CODES_HELP_EN + " (0 for no points).",
        "{player} cellája üres {az} {deal}. leosztásban: írj "
        + _CODES_HELP_HU
        + " értéket (0, ha nincs pontja).",
    ),
    "row_mixed": (
        "Deal {deal} mixes entry codes with scores ({value}): type either codes and card points "
        "(H, W, X, 33) or the scores of the whole row (−20, 30, 0).",
        "{Az} {deal}. leosztás kódokat és pontokat is tartalmaz ({value}): vagy kódokat és "
        "lappontokat írj (H, W, X, 33), vagy az egész sor pontjait (−20, 30, 0).",
    ),
    "no_winner": (
        "Deal {deal} has no winner: exactly one player gets H (hand) or W (win), or −40/−20.",
        "{Az} {deal}. leosztásnak nincs nyerője: pontosan egy játékos kap H-t (kézből) vagy "
        "W-t (nyert), illetve −40-et/−20-at.",
    ),
    "two_winners": (
        "Deal {deal} has two winners ({first} and {player}): only one player can go out.",
        "{Az} {deal}. leosztásnak két nyerője van ({first} és {player}): csak egy játékos "
        "rakhat ki.",
    ),
    "x_without_points": (
        "{player}: X without card points in deal {deal}, which was not won by hand. "
        "Type X and the points left in hand, e.g. X 45.",
        "{player}: X lappont nélkül {az} {deal}. leosztásban, pedig nem kézből nyertek. "
        "Írd be az X után a kézben maradt pontot, pl. X 45.",
    ),
    "score_bad_winner": (
        "{value} is no winner's score: the winner gets {hand} (hand) or {normal}.",
        "{value} nem nyerő pontszám: a nyerő {hand} (kézből) vagy {normal} pontot kap.",
    ),
    "score_200_without_hand": (
        "{player} has {value} in deal {deal}, but nobody went hand ({hand}): {value} is only "
        "possible after a hand.",
        "{player} pontja {value} {az} {deal}. leosztásban, de senki sem nyert kézből ({hand}): "
        "{value} csak kézből nyert leosztásban lehetséges.",
    ),
    "score_not_ten": (
        "{player} has {value} in deal {deal}: scores are rounded to tens, so {value} is "
        "impossible.",
        "{player} pontja {value} {az} {deal}. leosztásban: a pontokat tízesre kerekítjük, így "
        "{value} lehetetlen.",
    ),
    "score_too_high": (
        "{player} has {value} in deal {deal}: at most {most} is possible.",
        "{player} pontja {value} {az} {deal}. leosztásban: legfeljebb {most} lehetséges.",
    ),
    "score_after_hand": (
        "{player} has {value} in deal {deal}, after a hand: a loser scores {special} or a "
        "multiple of {step}.",
        "{player} pontja {value} {az} {deal}. leosztásban, amelyet valaki kézből nyert: a "
        "vesztes {special} pontot vagy {step} többszörösét kapja.",
    ),
    "score_impossible": (
        "{player} has {value} in deal {deal}: no hand of cards gives that score.",
        "{player} pontja {value} {az} {deal}. leosztásban: ilyen pontszám nem jöhet ki.",
    ),
    # sheets
    "players_too_few": (
        "The header has {count} player(s); a game needs 2 to {most}. Type the players' names "
        "beside '{header}'.",
        "A fejlécben {count} játékos van; egy játszmához 2–{most} kell. Írd a neveket a(z) "
        "'{header}' mellé.",
    ),
    "players_too_many": (
        "The header has {count} players; at most {most} can play (house rule max_players).",
        "A fejlécben {count} játékos van; legfeljebb {most} játszhat (max_players házszabály).",
    ),
    "player_duplicate": (
        "The player '{player}' appears twice in the header; give each player a different name.",
        "'{player}' kétszer szerepel a fejlécben; minden játékosnak más nevet adj.",
    ),
    "deal_number_wrong": (
        "Deal number '{value}' where deal {deal} was expected: number the deals 1, 2, 3, … "
        "in order.",
        "'{value}' leosztásszám áll ott, ahol {az} {deal}. leosztás következne: számozd a "
        "leosztásokat sorban 1, 2, 3, …",
    ),
    "deal_after_gap": (
        "Deal {deal} is typed after an empty deal {gap}: played deals come first, without gaps.",
        "{Az} {deal}. leosztás egy üres ({gap}.) leosztás után áll: a lejátszott leosztások "
        "hézag nélkül, elöl jönnek.",
    ),
    "deal_after_blank_row": (
        "This row looks like a deal, but an empty row (row {gap}) ends the deal table above "
        "it, so it would be ignored: delete the empty row.",
        "Ez a sor leosztásnak látszik, de egy üres sor ({gap}. sor) lezárja fölötte a "
        "leosztások táblázatát, így kimaradna: töröld az üres sort.",
    ),
    "player_after_gap": (
        "'{player}' has an entry in every deal but stands after an empty header cell, so "
        "remi does not read it as a player: remove the empty column.",
        "'{player}' minden leosztásban szerepel, de egy üres fejléccella után áll, így a remi "
        "nem olvassa játékosként: töröld az üres oszlopot.",
    ),
    "too_many_deals": (
        "Deal {deal} is more than the {most} deals of a game (house rule deals_per_game).",
        "{Az} {deal}. leosztás több, mint egy játszma {most} leosztása (deals_per_game).",
    ),
    "total_mismatch": (
        "{player}: the typed total is {value}, but the deals add up to {total}.",
        "{player}: a beírt összeg {value}, de a leosztások összege {total}.",
    ),
    "formula_no_value": (
        "The cell holds a formula ({value}) whose saved result is missing, empty or an error: "
        "type the value instead of the formula, or, if the formula is right, open and save "
        "the file in Excel or LibreOffice.",
        "A cellában képlet áll ({value}), amelynek mentett eredménye hiányzik, üres vagy hiba: "
        "írd be az értéket a képlet helyett, vagy ha a képlet jó, nyisd meg és mentsd el a "
        "fájlt Excelben vagy LibreOffice-ban.",
    ),
    "formula_error": (
        "The cell shows the error {value}: fix the formula or type the value.",
        "A cella hibát mutat ({value}): javítsd a képletet, vagy írd be az értéket.",
    ),
    "area_occupied": (
        "The cell holds '{value}', typed into the area remi writes its scores to "
        "({area}); move it elsewhere and run again.",
        "A cellában '{value}' áll, a remi által írt pontterületen ({area}); tedd máshova, "
        "és futtasd újra.",
    ),
    "area_edited": (
        "The cell holds '{value}', typed over the {was} remi had written there; remi leaves "
        "this sheet alone until the cell is cleared (remi then writes it again).",
        "A cellában '{value}' áll, a remi által oda írt {was} helyett; a remi addig nem nyúl "
        "ehhez a laphoz, amíg a cellát ki nem törlöd (utána újra kiírja).",
    ),
    "standings_not_ours": (
        "A sheet called '{sheet}' exists but was not written by remi; rename it, so that remi "
        "can write the standings there.",
        "Van már '{sheet}' nevű lap, de nem a remi írta; nevezd át, hogy a remi oda írhassa "
        "az összesítőt.",
    ),
    "no_games": (
        "No game sheet found: a game sheet has a header row (in its first 10 rows) starting "
        "with Deal, Leosztás, Osztás or #, followed by the players' names.",
        "Nincs játszmalap: a játszmalap első 10 sorának egyikében fejléc áll, amely Deal, "
        "Leosztás, Osztás vagy # szóval kezdődik, utána a játékosok nevei.",
    ),
    # files
    "file_missing": ("File not found: {path}", "A fájl nem található: {path}"),
    "file_is_dir": (
        "{path} is a folder, not a workbook.",
        "{path} egy mappa, nem munkafüzet.",
    ),
    "file_unreadable": (
        "Cannot read {path}: permission denied.",
        "{path} nem olvasható: nincs jogosultság.",
    ),
    "file_not_xlsx": (
        "{path} is not an Excel workbook (.xlsx): {reason}",
        "{path} nem Excel-munkafüzet (.xlsx): {reason}",
    ),
    "file_xls": (
        "{path} is an old Excel 97–2003 .xls file: open it in Excel or LibreOffice and save "
        "it as .xlsx.",
        "{path} régi, Excel 97–2003 .xls fájl: nyisd meg Excelben vagy LibreOffice-ban, és "
        "mentsd .xlsx formátumban.",
    ),
    "file_xlsb": (
        "{path} is an Excel binary workbook (.xlsb): open it in Excel and save it as .xlsx "
        "(File ▸ Save As ▸ Excel Workbook).",
        "{path} bináris Excel-munkafüzet (.xlsb): nyisd meg Excelben, és mentsd .xlsx "
        "formátumban (Fájl ▸ Mentés másként ▸ Excel-munkafüzet).",
    ),
    "file_ods": (
        "{path} is an OpenDocument (.ods) spreadsheet: save it as .xlsx in LibreOffice "
        "(File ▸ Save As ▸ Excel 2007-365).",
        "{path} OpenDocument (.ods) táblázat: mentsd .xlsx formátumban a LibreOffice-ban "
        "(Fájl ▸ Mentés másként ▸ Excel 2007-365).",
    ),
    "file_encrypted": (
        "{path} is protected by a password: save a copy without the password and run remi on that.",
        "{path} jelszóval védett: ments egy jelszó nélküli másolatot, és azon futtasd a remit.",
    ),
    "file_too_big": (
        "{path} is too big to read safely: {part} would inflate to {size} (limit {limit}).",
        "{path} túl nagy a biztonságos olvasáshoz: {part} kicsomagolva {size} lenne "
        "(a határ {limit}).",
    ),
    "file_zip_bomb": (
        "{path} looks like a zip bomb: {part} inflates {ratio} times its packed size "
        "(limit {limit}×); remi does not unpack it.",
        "{path} zip-bombának látszik: {part} a tömörített méretének {ratio}-szorosára nőne "
        "(határ: {limit}×); a remi nem bontja ki.",
    ),
    "file_xml_entities": (
        "{path} declares XML entities in {part}, which no spreadsheet program writes and "
        "attacks use (billion laughs, external entities); remi does not read it.",
        "{path} XML-entitásokat deklarál itt: {part}; ilyet táblázatkezelő nem ír, támadások "
        "viszont használnak (billion laughs, külső entitás); a remi nem olvassa be.",
    ),
    "file_tag_too_long": (
        "{path} has a tag longer than {limit} in {part}, which no spreadsheet program "
        "writes; remi does not read it.",
        "{path} {part} részében {limit}-nál hosszabb címke van; ilyet táblázatkezelő nem ír, "
        "a remi nem olvassa be.",
    ),
    "file_odd": (
        "{path} is written in a way no spreadsheet program writes ({reason}); remi does not "
        "read it.",
        "{path} úgy van megírva, ahogyan táblázatkezelő nem ír ({reason}); a remi nem olvassa be.",
    ),
    "sheet_too_big": (
        "The sheet has values in more than {rows} rows or {cells} cells (it passes that at "
        "{cell}): far more than a notebook's sheet holds, so remi did not read it. Move it "
        "into a workbook of its own, or delete the rows it does not need.",
        "A lapon több mint {rows} sorban vagy {cells} cellában van érték ({cell} cellánál "
        "lépi túl): sokkal több, mint amennyi egy pontozófüzet lapján áll, ezért a remi nem "
        "olvasta be. Tedd át egy külön munkafüzetbe, vagy töröld a fölösleges sorait.",
    ),
    "sheet_unreadable": (
        "The sheet cannot be read ({reason}): open the workbook in Excel or LibreOffice and "
        "save it again.",
        "A lap nem olvasható ({reason}): nyisd meg a munkafüzetet Excelben vagy "
        "LibreOffice-ban, és mentsd el újra.",
    ),
    "file_strings_claimed": (
        "{path} is damaged: its {part} claims to hold {count} texts, more than fit in it. "
        "Open it in Excel or LibreOffice and save it again.",
        "{path} sérült: a(z) {part} része szerint {count} szöveget tartalmaz, többet, mint "
        "amennyi elfér benne. Nyisd meg Excelben vagy LibreOffice-ban, és mentsd el újra.",
    ),
    "would_lose": (
        "{path} holds things that saving it with remi would lose or change: {lost}. Nothing "
        "was written. Use --output NEW.xlsx to write a scored copy, or --force to write in "
        "place anyway (a .bak copy is kept).",
        "{path} olyasmit tartalmaz, amit a remi mentése elveszítene vagy megváltoztatna: "
        "{lost}. Semmi sem íródott ki. Használd a --output ÚJ.xlsx kapcsolót egy pontozott "
        "másolathoz, vagy a --force kapcsolót a helyben íráshoz (.bak másolat marad).",
    ),
    "lost_in_copy": (
        "{path} lacks what openpyxl cannot keep from the original: {lost}.",
        "{path} nem tartalmazza, amit az openpyxl nem tud megtartani az eredetiből: {lost}.",
    ),
    "readback_failed": (
        "The new file did not read back as expected (found {found}); it was not put in "
        "place and the original is unchanged. Please report this.",
        "Az új fájl visszaolvasva nem az elvártat adta ({found}); nem került a helyére, az "
        "eredeti változatlan. Kérjük, jelezd ezt nekünk.",
    ),
    "file_open_elsewhere": (
        "{path} is open in {program} ({lock} exists): close it there first, or use --output "
        "NEW.xlsx.",
        "{path} nyitva van itt: {program} ({lock} létezik): előbb zárd be, vagy használd a "
        "--output ÚJ.xlsx kapcsolót.",
    ),
    "file_read_only": (
        "{path} is read-only for you: remi will not replace it. Use --output NEW.xlsx.",
        "{path} számodra csak olvasható: a remi nem cseréli le. Használd a --output ÚJ.xlsx "
        "kapcsolót.",
    ),
    "file_busy": (
        "Another remi is writing {path}; waited {seconds} s for it. Try again when it is done.",
        "Egy másik remi éppen írja ezt: {path}; {seconds} mp-et vártunk rá. Próbáld újra, "
        "ha végzett.",
    ),
    "new_exists": (
        "{path} already exists: choose another name, or add --force to replace it (or use "
        "remi new --add-game {path} to add a game to it).",
        "{path} már létezik: válassz más nevet, vagy add meg a --force kapcsolót a cseréhez "
        "(vagy remi new --add-game {path} új játszmát ad hozzá).",
    ),
    "new_player_count": (
        "A game needs 2 to {most} players; {count} given with --player.",
        "Egy játszmához 2–{most} játékos kell; a --player kapcsolóval {count} van megadva.",
    ),
    "new_player_name": (
        "'{player}' cannot be a player's name: at most {most} characters, no control characters.",
        "'{player}' nem lehet játékosnév: legfeljebb {most} karakter, vezérlőkarakter nélkül.",
    ),
    "file_write_failed": (
        "Cannot write {path}: {reason}. The original file is unchanged.",
        "{path} nem írható: {reason}. Az eredeti fájl változatlan.",
    ),
}


def hungarian_article(number: object) -> str:
    """ "az" before a number whose Hungarian name starts with a vowel (egy, öt, ötven, ezer),
    else "a": "az 1. leosztás", "a 2. leosztás", "az 5. leosztás", "a 10. leosztás"."""
    digits = str(number).strip().lstrip("+-")
    if not digits.isdigit():
        return "a"
    value = int(digits)
    if value in (1, 5) or 1000 <= value < 2000 or (value >= 10 and str(value)[0] == "5"):
        return "az"
    return "a"


def register(catalogue: dict[str, tuple[str, str]]) -> None:
    """Add a feature's messages (records, melds, …) to the one catalogue `render` reads, so
    that every `Problem` can be told, whichever module found it."""
    clashes = MESSAGES.keys() & catalogue.keys()
    if any(MESSAGES[key] != catalogue[key] for key in clashes):
        raise ValueError(f"message keys defined twice: {sorted(clashes)}")
    MESSAGES.update(catalogue)


def render(code: str, lang: Lang, params: dict[str, Any]) -> str:
    """The message for `code` in `lang`, with `params` filled in."""
    if code not in MESSAGES:
        return f"{code}: {params}"  # never hide a problem behind a missing message
    english, hungarian = MESSAGES[code]
    template = hungarian if lang == "hu" else english
    params = dict(params)
    for key, suffix in (("deal", ""), ("expected", "_expected")):
        if key in params:
            article = hungarian_article(params[key])
            params[f"az{suffix}"], params[f"Az{suffix}"] = article, article.capitalize()
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        # A message must never hide the problem it reports; show what we have instead.
        return f"{template} {params}"


# Words of the sheets remi writes and the reports it prints.
WORDS: Final[dict[str, tuple[str, str]]] = {
    "marker": ("remi ▸ scores", "remi ▸ pontok"),
    "total": ("Total", "Összesen"),
    "rank": ("Rank", "Helyezés"),
    "running": ("Σ", "Σ"),
    "not_scored": (
        "Not scored: {count} error(s), see remi check",
        "Nincs pontozva: {count} hiba, lásd: remi check",
    ),
    "standings": ("Standings", "Összesítő"),
    "player": ("Player", "Játékos"),
    "games": ("Games", "Játszmák"),
    "complete_games": ("Complete", "Befejezett"),
    "wins": ("Wins", "Győzelmek"),
    "deals": ("Deals", "Leosztások"),
    "average": ("Average per game", "Átlag játszmánként"),
    "hands": ("Hands", "Kézből"),
    "plus200": ("+200 taken", "+200 kapott"),
    "game": ("Game", "Játszma"),
    "complete": ("complete", "befejezett"),
    "incomplete": ("{played}/{total} deals", "{played}/{total} leosztás"),
    "not_counted": ("Not counted (errors)", "Nem számolva (hibás)"),
    "house_rules": ("House rules", "Házszabályok"),
    "problems": ("Problems", "Hibák"),
    "sheet": ("Sheet", "Lap"),
    "cell": ("Cell", "Cella"),
    "message": ("Message", "Üzenet"),
    "summary_ok": (
        "{games} game(s), {deals} deal(s) checked: no errors.",
        "{games} játszma, {deals} leosztás ellenőrizve: nincs hiba.",
    ),
    "summary_errors": (
        "{games} game(s), {deals} deal(s) checked: {errors} error(s), {warnings} warning(s).",
        "{games} játszma, {deals} leosztás ellenőrizve: {errors} hiba, {warnings} figyelmeztetés.",
    ),
    "written": ("Written: {path}", "Kiírva: {path}"),
    "created": (
        "Created {path} with {games} game sheet(s). Open it, type the deals, and run remi "
        "score to check them.",
        "Elkészült: {path}, {games} játszmalappal. Nyisd meg, írd be a leosztásokat, majd a "
        "remi score ellenőrzi őket.",
    ),
    "game_added": (
        "Added the game sheet '{sheet}' to {path}.",
        "Új játszmalap: '{sheet}' ({path}).",
    ),
    "unchanged": (
        "Nothing to change: {path} already holds these scores.",
        "Nincs mit változtatni: {path} már ezeket a pontokat tartalmazza.",
    ),
    "not_written_safely": (
        "Nothing written: the original file is unchanged.",
        "Semmi sem íródott ki: az eredeti fájl változatlan.",
    ),
    "not_written": (
        "Nothing written: fix the errors above first.",
        "Semmi sem íródott ki: előbb javítsd a fenti hibákat.",
    ),
}


def register_words(words: dict[str, tuple[str, str]]) -> None:
    """Add a feature's words to the ones `word` knows; a key means one thing only."""
    clashes = WORDS.keys() & words.keys()
    if any(WORDS[key] != words[key] for key in clashes):
        raise ValueError(f"word keys defined twice: {sorted(clashes)}")
    WORDS.update(words)


def plain_words(lang: Lang) -> dict[str, str]:
    """Every word that takes no parameters, in `lang`: what templates use (`{{ t.total }}`)."""
    words = {}
    for key, (english, hungarian) in WORDS.items():
        text = hungarian if lang == "hu" else english
        if "{" not in text:
            words[key] = text
    return words


def word(key: str, lang: Lang, **params: Any) -> str:
    english, hungarian = WORDS[key]
    return (hungarian if lang == "hu" else english).format(**params)
