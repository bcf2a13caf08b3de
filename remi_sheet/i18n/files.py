"""What remi says about workbook files: reading them, refusing them, writing them."""

from __future__ import annotations

from typing import Final

FILE_MESSAGES: Final[dict[str, tuple[str, str]]] = {
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
    "file_csv": (
        "{path} is a text (CSV) file, not a workbook: to bring the games in it into a "
        "notebook, run remi import {path} --into NOTEBOOK.xlsx; to keep the notebook itself, "
        "open it in Excel or LibreOffice and save it as .xlsx.",
        "{path} szöveges (CSV) fájl, nem munkafüzet: a benne lévő játszmákat a remi import "
        "{path} --into FÜZET.xlsx paranccsal veheted fel egy füzetbe; ha magát a füzetet "
        "akarod vezetni, nyisd meg Excelben vagy LibreOffice-ban, és mentsd .xlsx "
        "formátumban.",
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
    "file_workbook_elsewhere": (
        "{path} keeps its workbook part at {part}, not at xl/workbook.xml where the library "
        "remi reads with looks for it: open it in Excel or LibreOffice and save it again "
        "as .xlsx.",
        "{path} munkafüzet-része itt van: {part}, nem az xl/workbook.xml helyen, ahol a remi "
        "olvasókönyvtára keresi: nyisd meg Excelben vagy LibreOffice-ban, és mentsd újra "
        ".xlsx formátumban.",
    ),
    "file_numbers": (
        "{path} is an Apple Numbers spreadsheet: export it from Numbers as Excel (File ▸ "
        "Export To ▸ Excel…) and give remi the .xlsx.",
        "{path} Apple Numbers-táblázat: exportáld a Numbersből Excel-formátumba (Fájl ▸ "
        "Exportálás ▸ Excel…), és az .xlsx fájlt add a reminek.",
    ),
    "file_gsheet": (
        "{path} is a Google Drive shortcut to a Google Sheets spreadsheet, not the sheet "
        "itself: open it in Google Sheets and download it as .xlsx (File ▸ Download ▸ "
        "Microsoft Excel).",
        "{path} egy Google-táblázat parancsikonja a Google Drive-on, nem maga a "
        "táblázat: nyisd meg a Google Táblázatokban, és töltsd le .xlsx formátumban (Fájl ▸ "
        "Letöltés ▸ Microsoft Excel).",
    ),
    "file_ods": (
        "{path} is an OpenDocument (.ods) spreadsheet: remi reads it (check, report, stats, "
        "new --from) but writes no notebook from it, not even a new file with -o: save it "
        "as .xlsx in LibreOffice (File ▸ Save As ▸ Excel 2007-365) and run remi on that file.",
        "{path} OpenDocument (.ods) táblázat: a remi olvassa (check, report, stats, new "
        "--from), de nem ír bele, és a -o kapcsolóval sem készít belőle új munkafüzetet: "
        "mentsd .xlsx formátumban a LibreOffice-ban (Fájl ▸ Mentés másként ▸ Excel "
        "2007-365), és azzal a fájllal futtasd a remit.",
    ),
    "file_ods_damaged": (
        "{path} is an OpenDocument (.ods) spreadsheet that cannot be read ({reason}): open "
        "it in LibreOffice, which may repair it, and save it again.",
        "{path} OpenDocument (.ods) táblázat, de nem olvasható ({reason}): nyisd meg a "
        "LibreOffice-ban, amely talán kijavítja, és mentsd el újra.",
    ),
    "file_ods_too_big": (
        "{path} holds more than remi reads in an .ods ({reason}): far more than a score "
        "notebook holds; remi does not read it. Delete what it does not need, or save it as "
        ".xlsx, whose oversized sheets remi leaves out one by one.",
        "{path} több adatot tart, mint amennyit a remi egy .ods fájlban olvas ({reason}): "
        "sokkal többet, mint egy pontozófüzet; a remi nem olvassa be. Töröld belőle a "
        "fölösleget, vagy mentsd .xlsx formátumban: abban a remi a túl nagy lapokat egyenként "
        "hagyja ki.",
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
    "save_text_too_big": (
        "{path} was not written: its cells would hold {size} of text, more than the {limit} "
        "remi reads back (this sheet repeats a long text in many cells).",
        "{path} nem készült el: a cellái {size} szöveget tartalmaznának, többet, mint a remi "
        "által visszaolvasott {limit} (ez a lap egy hosszú szöveget ismétel sok cellában).",
    ),
    "file_too_many_sheets": (
        "{path} has {count} sheets, more than the {limit} remi reads in one workbook: move "
        "the games into workbooks of a few thousand sheets each.",
        "{path} {count} lapból áll, többől, mint a remi által egy munkafüzetben olvasott "
        "{limit}: oszd szét a játszmákat néhány ezer lapos munkafüzetekbe.",
    ),
    "file_too_many_strings": (
        "{path} holds {count} different texts in {part}, more than the {limit} remi reads "
        "in one workbook: far more than a score notebook holds; remi does not read it.",
        "{path} {count} különböző szöveget tart itt: {part}, többet, mint a remi által egy "
        "munkafüzetben olvasott {limit}: sokkal többet, mint egy pontozófüzet; a remi nem "
        "olvassa be.",
    ),
    "file_strict": (
        "{path} is saved as Strict Open XML, which remi reads but cannot write into: "
        "nothing was written. Save it as an Excel Workbook (.xlsx) and run remi again.",
        "{path} Strict Open XML formátumban van mentve, amelyet a remi olvas, de írni nem "
        "tud bele: semmi sem íródott. Mentsd Excel-munkafüzetként (.xlsx), és futtasd újra "
        "a remit.",
    ),
    "file_too_big_to_write": (
        "{path} has more than {limit} rows and cells ({count} counted, {sheet_count} of "
        "them in the sheet '{sheet}'), more than remi writes into in one workbook: nothing "
        "was written. Delete the rows that sheet does not need (formatted but empty rows "
        "count too: select them below the last one you use and delete them), or move the "
        "games into a workbook of their own.",
        "{path} több mint {limit} sort és cellát tart ({count} megszámolva, ebből "
        "{sheet_count} {sheet:a} '{sheet}' lapon), többet, mint amennyibe a remi egy "
        "munkafüzetben ír: semmi sem íródott. Töröld azon a lapon a fölösleges sorokat "
        "(a formázott üres sorok is számítanak: jelöld ki őket az utolsó használt sor alatt, "
        "és töröld őket), vagy tedd a játszmákat külön munkafüzetbe.",
    ),
    "file_zip_bomb": (
        "{path} looks like a zip bomb: {part} inflates {ratio} times its packed size "
        "(limit {limit}×); remi does not unpack it.",
        "{path} zip-bombának látszik: {part} tömörítési aránya {ratio}:1 (határ: {limit}:1); "
        "a remi nem bontja ki.",
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
        "{path} sérült: a benne lévő {part} szerint {count} szöveget tartalmaz, többet, mint "
        "amennyi elfér benne. Nyisd meg Excelben vagy LibreOffice-ban, és mentsd el újra.",
    ),
    "would_lose": (
        "{path} holds things that saving it with remi would lose or change: {lost}. Nothing "
        "was written. Use --output NEW.xlsx to write a copy, or --force to write in "
        "place anyway (a .bak copy is kept).",
        "{path} olyasmit tartalmaz, amit a remi mentése elveszítene vagy megváltoztatna: "
        "{lost}. Semmi sem íródott ki. Használd a --output ÚJ.xlsx kapcsolót egy "
        "másolathoz, vagy a --force kapcsolót a helyben íráshoz (.bak másolat marad).",
    ),
    "would_lose_in_place": (
        "{path} holds things that saving it with remi would lose or change: {lost}. Nothing "
        "was written. Use --force to write anyway (a .bak copy is kept).",
        "{path} olyasmit tartalmaz, amit a remi mentése elveszítene vagy megváltoztatna: "
        "{lost}. Semmi sem íródott ki. A --force kapcsolóval mégis kiírja (.bak másolat "
        "marad).",
    ),
    # What saving a workbook with openpyxl would lose or change (`losses.losses`), each
    # named as the messages above list it.
    "lost_images": ("images", "képek"),
    "lost_drawings": ("drawings and shapes", "rajzok és alakzatok"),
    "lost_charts": ("charts", "diagramok"),
    "lost_chart_sheets": ("chart sheets", "diagramlapok"),
    "lost_pivot_tables": ("pivot tables", "kimutatások"),
    "lost_slicers": ("slicers", "szeletelők"),
    "lost_timelines": ("timelines", "idősorszűrők"),
    "lost_external_links": ("external links", "külső hivatkozások"),
    "lost_macros": ("VBA macros", "VBA-makrók"),
    "lost_form_controls": ("form controls", "űrlap-vezérlőelemek"),
    "lost_activex": ("ActiveX controls", "ActiveX-vezérlők"),
    "lost_threaded_comments": ("threaded comments", "szálas megjegyzések"),
    "lost_comments": ("comments", "megjegyzések"),
    "lost_custom_xml": ("custom XML data", "egyéni XML-adatok"),
    "lost_query_tables": ("query tables", "lekérdezési táblák"),
    "lost_connections": ("data connections", "adatkapcsolatok"),
    "lost_part": ("the part {part}", "a fájl {part} része"),
    "lost_merged_values": (
        "values hidden under merged cells ({cells})",
        "összevont cellák alá rejtett értékek ({cells})",
    ),
    "lost_extensions": (
        "Excel 2010+ extensions (such as sparklines or some data validations and conditional "
        "formats)",
        "Excel 2010 utáni bővítmények (például értékgörbék vagy egyes adatérvényesítések és "
        "feltételes formázások)",
    ),
    "rebuilt_charts": (
        "charts (rebuilt: their formatting may change)",
        "diagramok (újraépítve: a formázásuk megváltozhat)",
    ),
    "rebuilt_comments": (
        "comments (their text formatting and box sizes are lost)",
        "megjegyzések (a szövegük formázása és a dobozuk mérete elvész)",
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
        "NEW.xlsx. If it is open nowhere, {program} stopped without closing it: delete "
        "{lock}.",
        "{path} nyitva van {program:a} {program} programban ({lock} létezik): előbb zárd be, "
        "vagy használd a --output ÚJ.xlsx kapcsolót. Ha sehol sincs nyitva, {program:a} "
        "{program} bezárás nélkül állt le: töröld {lock:a} {lock} fájlt.",
    ),
    "file_open_elsewhere_close": (
        "{path} is open in {program} ({lock} exists): close it there first. If it is open "
        "nowhere, {program} stopped without closing it: delete {lock}.",
        "{path} nyitva van {program:a} {program} programban ({lock} létezik): előbb zárd be. "
        "Ha sehol sincs nyitva, {program:a} {program} bezárás nélkül állt le: töröld "
        "{lock:a} {lock} fájlt.",
    ),
    "file_read_only_kept": (
        "{path} is read-only for you: remi will not change it.",
        "{path} számodra csak olvasható: a remi nem módosítja.",
    ),
    "file_read_only": (
        "{path} is read-only for you: remi will not replace it. Use --output NEW.xlsx.",
        "{path} számodra csak olvasható: a remi nem cseréli le. Használd a --output ÚJ.xlsx "
        "kapcsolót.",
    ),
    "lock_seconds_wrong": (
        "REMI_LOCK_SECONDS is '{value}', not a number of seconds: set it to one (such as 30), "
        "or unset it.",
        "A REMI_LOCK_SECONDS értéke '{value}', ez nem másodpercek száma: adj neki egy számot "
        "(például 30), vagy töröld.",
    ),
    "file_busy": (
        "Another remi is writing {path}; waited {seconds} s for it. Try again when it is done.",
        "Egy másik remi éppen írja ezt: {path}; {seconds} mp-et vártunk rá. Próbáld újra, "
        "ha végzett.",
    ),
    "lock_folder_unsafe": (
        "remi's lock folder {path} is not a folder of your own that only you can write in, "
        "so another user could hold or fake remi's locks: nothing was written. Remove it (or "
        "set TMPDIR to a folder of your own), then run remi again.",
        "A remi zárolási mappája ({path}) nem a saját, csak általad írható mappád, így más "
        "felhasználó is foghatná vagy hamisíthatná a remi zárolásait: semmi sem íródott ki. "
        "Töröld (vagy állítsd a TMPDIR-t egy saját mappádra), majd futtasd újra a remit.",
    ),
    "record_not_ours": (
        "{path} has a sheet of its own called '{sheet}', the name remi keeps its record "
        "under: remi will not write over it. Rename that sheet, then run remi again.",
        "{path} saját '{sheet}' nevű lapot tartalmaz; ezen a néven tartja a remi a "
        "nyilvántartását: a remi nem írja felül. Nevezd át azt a lapot, majd futtasd újra a "
        "remit.",
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
    "new_player_most": (
        "At most {most} players play a game by these house rules (max_players); {count} given "
        "with --player.",
        "Egy játszmában legfeljebb {most} játékos lehet (legtöbb játékos házszabály); a "
        "--player kapcsolóval {count} van megadva.",
    ),
    "new_player_empty": (
        "A player's name cannot be empty: give each -p a name.",
        "A játékos neve nem lehet üres: minden -p után adj meg egy nevet.",
    ),
    "new_player_repeated": (
        "'{player}' is given twice: give each player a different name.",
        "'{player}' kétszer szerepel: minden játékosnak más nevet adj.",
    ),
    "new_player_twice": (
        "'{player}' and '{first}' are one player to remi (names are compared without case "
        "and accents): give each player a different name.",
        "'{player}' és '{first}' a remi számára ugyanaz a játékos (a neveket kis- és "
        "nagybetű, ékezet nélkül veti össze): minden játékosnak más nevet adj.",
    ),
    "new_player_name": (
        "'{player}' cannot be a player's name: at most {most} characters, no control characters.",
        "'{player}' nem lehet játékosnév: legfeljebb {most} karakter, vezérlőkarakter nélkül.",
    ),
    "add_game_no_players": (
        "{path} has no game sheet to take the players from: give them with -p (-p Anna -p Béla …).",
        "{path} nem tartalmaz játszmalapot, amelyről a játékosokat át lehetne venni: add meg "
        "őket a -p kapcsolóval (-p Anna -p Béla …).",
    ),
    "new_player_reserved": (
        "'{player}' cannot be a player's name: remi reads a column headed so as notes or "
        "running totals, not as a player. Write the name another way (with the surname, "
        "say).",
        "'{player}' nem lehet játékosnév: az így fejlécezett oszlopot a remi megjegyzésnek "
        "vagy részösszegnek olvassa, nem játékosnak. Írd másként a nevet (például a "
        "vezetéknévvel).",
    ),
    "output_folder_missing": (
        "Cannot write {path}: its folder does not exist. Create the folder, or name a file "
        "in a folder that exists.",
        "{path} nem írható: a mappája nem létezik. Hozd létre a mappát, vagy adj meg egy "
        "létező mappában lévő fájlt.",
    ),
    "output_is_folder": (
        "{path} is a folder, not {kind}: name the file to write.",
        "{path} egy mappa, nem {kind}: add meg a fájlt, amelybe írjon.",
    ),
    "output_other_notebook": (
        "{path} already holds another notebook ({source} has no {count:~sheet/sheets} "
        "{sheets}): remi does not write over it. Name another file, or move that one away "
        "first.",
        "{path} már egy másik munkafüzetet tartalmaz ({source} nem tartalmazza {count:~ezt a "
        "lapot/ezeket a lapokat}: {sheets}): a remi nem írja felül. Adj meg másik fájlt, vagy "
        "előbb nevezd át a meglévőt, illetve tedd át másik mappába.",
    ),
    "output_other_kind": (
        "{path} already exists and is not {kind}: remi does not write over it. Name another "
        "file, or move that one away first.",
        "{path} már létezik, és nem {kind}: a remi nem írja felül. Adj meg másik fájlt, vagy "
        "előbb nevezd át a meglévőt, illetve tedd át másik mappába.",
    ),
    "output_not_regular": (
        "{path} is not a file but a pipe, a device or a socket: remi writes only a file of "
        "its own, never into one of those. Name a file.",
        "{path} nem fájl, hanem cső, eszköz vagy socket: a remi csak fájlt ír, ilyenbe "
        "soha. Adj meg egy fájlt.",
    ),
    "output_link_loop": (
        "{path} is a link that leads back to itself: remi cannot write there. Name a file.",
        "{path} önmagára mutató hivatkozás: a remi nem írhat oda. Adj meg egy fájlt.",
    ),
    "file_not_regular": (
        "{path} is not a file (a pipe or a device?): give the notebook's file.",
        "{path} nem fájl (cső vagy eszköz?): a munkafüzet fájlját add meg.",
    ),
    "file_changed_meanwhile": (
        "{path} was saved by another program while remi worked: remi wrote nothing over "
        "it. Run remi again to use what was saved.",
        "{path} fájlt egy másik program elmentette, amíg a remi dolgozott: a remi nem írta "
        "felül. Futtasd újra a remit, hogy azzal dolgozzon, amit elmentettek.",
    ),
    "output_failed": (
        "The output could not be written: {reason}.",
        "A kimenet nem írható: {reason}.",
    ),
    "file_failed": (
        "{path} could not be used: {reason}.",
        "{path} nem használható: {reason}.",
    ),
    "file_write_failed": (
        "Cannot write {path}: {reason}. The original file is unchanged.",
        "{path} nem írható: {reason}. Az eredeti fájl változatlan.",
    ),
    "file_write_failed_new": (
        "Cannot write {path}: {reason}. Nothing was written.",
        "{path} nem írható: {reason}. Semmi sem íródott ki.",
    ),
}

# The reasons the messages above give, said in the message's language (`i18n.Phrase`).
REASONS: Final[dict[str, tuple[str, str]]] = {
    "reason_empty": ("the file is empty", "a fájl üres"),
    "part_all": ("all its parts together", "az összes része együtt"),
    "readback_sheet_missing": ("the sheet is missing", "a lap hiányzik"),
    "readback_cell_empty": ("the cell is empty", "a cella üres"),
    "reason_not_zip": ("it is not a zip-based Office file", "nem zip-alapú Office-fájl"),
    "reason_pdf": (
        "it is a PDF (remi report prints one from the notebook)",
        "PDF-fájl (a remi report ilyet nyomtat a munkafüzetből)",
    ),
    "reason_zip_damaged": ("its zip archive is damaged", "a zip-archívuma sérült"),
    "reason_part_damaged": (
        "its part {part} is damaged: open it in Excel or LibreOffice, which may repair it, and "
        "save it again",
        "sérült egy része ({part}): nyisd meg Excelben vagy LibreOffice-ban, amely talán "
        "kijavítja, és mentsd el újra",
    ),
    "reason_no_rels": (
        "it has no xl/_rels/workbook.xml.rels, so its sheets cannot be found",
        "nincs xl/_rels/workbook.xml.rels része, így a lapjai nem találhatók",
    ),
    "reason_no_workbook": (
        "it has no workbook part (xl/workbook.xml): a Word or other zip file?",
        "nincs munkafüzet-része (xl/workbook.xml): Word- vagy más zip-fájl?",
    ),
    "reason_two_workbooks": (
        "it holds {part} beside xl/workbook.xml, two workbooks in one file",
        "az xl/workbook.xml mellett {part} is benne van: két munkafüzet egy fájlban",
    ),
    "reason_no_sheet_part": (
        "the sheet '{sheet}' has no part of its own",
        "{sheet:a} '{sheet}' lapnak nincs saját része",
    ),
    "reason_second_name": (
        "a second name given to {part}",
        "a fájl {part} része második nevet is kapott",
    ),
    "reason_parts_alike": (
        "two parts named {first} and {second}",
        "két rész neve {first} és {second}",
    ),
    "reason_two_ends": (
        "the end of its zip written more than one way",
        "a zip vége többféleképpen van megírva",
    ),
    "reason_reference_in_name": (
        "a reference (&…;) in a part name or id in {part}",
        "hivatkozás (&…;) egy részének nevében vagy azonosítójában itt: {part}",
    ),
    "reason_odd_sheet_part": (
        "the sheet part named {target}",
        "a lap részének neve: {target}",
    ),
    "remi_incomplete": (
        "remi could not load a part of itself ({detail}): install it again with the README's "
        "set-up command (REMI_DEBUG=1 shows where it failed).",
        "a remi nem tudta betölteni egy saját részét ({detail}): telepítsd újra a README "
        "telepítő parancsával (REMI_DEBUG=1 megmutatja, hol akadt el).",
    ),
    "remi_failed": (
        "remi failed after reading its input ({detail}); no file was left half-written. "
        "REMI_DEBUG=1 shows where it failed: please report it.",
        "a remi a bemenet beolvasása után hibára futott ({detail}); félig írt fájl nem maradt "
        "utána. A REMI_DEBUG=1 megmutatja, hol akadt el: kérlek, jelentsd.",
    ),
    "file_read_failed": (
        "{path}: a part of it could not be read (the reading library said: {detail}). Open "
        "it in Excel or LibreOffice and save it again as .xlsx, which writes every part anew.",
        "{path}: egy részét nem sikerült beolvasni (az olvasó programkönyvtár angol "
        "hibaüzenete: „{detail}”). Nyisd meg Excelben vagy LibreOffice-ban, és mentsd újra "
        ".xlsx formátumban: ez minden részét újraírja.",
    ),
    "reason_parser": (
        "the XML reader said: {detail}",
        "az XML-olvasó angol hibaüzenete: „{detail}”",
    ),
    "reason_ods_no_part": ("it has no {part}", "nincs {part} része"),
    "reason_ods_nested": (
        "a table, row or cell inside another's cell",
        "táblázat, sor vagy cella egy másik cellájában",
    ),
    "reason_ods_unseen_table": (
        "a sheet '{sheet}' that its checks did not find",
        "{sheet:a} '{sheet}' lap, amelyet az ellenőrzés nem talált",
    ),
    "reason_ods_sheet_cells": (
        "the sheet '{sheet}' has values in more than {rows} rows or {cells} cells",
        "{sheet:a} '{sheet}' lapon több mint {rows} sorban vagy {cells} cellában van érték",
    ),
    "reason_ods_cells": (
        "its sheets have values in more than {cells} cells together",
        "a lapjain együtt több mint {cells} cellában van érték",
    ),
    "reason_ods_text": (
        "its cells would hold more than {limit} of text and formulas",
        "a cellái több mint {limit} szöveget és képletet tartanának",
    ),
    "reason_library": (
        "the reading library said: {detail}",
        "az olvasó programkönyvtár angol hibaüzenete: „{detail}”",
    ),
    "reason_disk_full": ("the disk is full", "betelt a lemez"),
    "reason_permission": ("permission denied", "nincs jogosultság"),
    "reason_folder_missing": ("its folder does not exist", "a mappája nem létezik"),
    "reason_read_only_disk": ("the disk is read-only", "a lemez csak olvasható"),
    "reason_is_folder": ("it is a folder", "ez egy mappa"),
    "reason_name_too_long": ("its name is too long", "túl hosszú a neve"),
    "reason_os": ("{detail}", "{detail}"),
}

CATALOGUES: Final = (FILE_MESSAGES, REASONS)
