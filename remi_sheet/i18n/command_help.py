"""What `remi --help` and each command's help say, in English and Hungarian.

A command's text is `help_<command>`: its first paragraph is the summary `remi --help`
lists. An option's or argument's is `help_<command>_<parameter>`, else the shared
`help_param_<parameter>` (the parameter's Python name). `cli.help_text` puts them in place
when help is asked for, by the keys written out in `COMMAND_HELP_KEYS`,
`PARAMETER_HELP_KEYS` and `SHARED_PARAMETER_HELP_KEYS`; the `HELP_WORDS` are the words click
and Typer write around them (headings, usage, metavars), said in Hungarian there.
"""

from __future__ import annotations

from typing import Final

_DATE_FORMS_EN = "2026-11-29, 2026. 11. 29. or 29/11/2026"
_DATE_FORMS_HU = "2026-11-29, 2026. 11. 29. vagy 29/11/2026"

COMMAND_HELP: Final[dict[str, tuple[str, str]]] = {
    "help_remi": (
        "The score notebook for Hungarian rummy (römi): check, score and print the scores "
        "kept in an Excel workbook.",
        "Pontozófüzet a magyar römihez: ellenőrzi, kiszámolja és kinyomtatja az "
        "Excel-munkafüzetben vezetett pontokat.",
    ),
    "help_check": (
        "Read the notebook and check every deal; write nothing.\n\n"
        "Every mistake is listed with its sheet and cell. Exit code 1 if there are errors.\n\n"
        "Example: remi check club.xlsx --json",
        "Beolvassa a munkafüzetet, és ellenőriz minden leosztást; semmit sem ír.\n\n"
        "Minden hibát a lapjával és a cellájával sorol fel. Ha hiba van, a kilépési kód 1.\n\n"
        "Példa: remi check klub.xlsx --json",
    ),
    "help_score": (
        "Check the notebook, then write scores, running totals, ranks and the Standings "
        "sheet.\n\n"
        "Only remi's own area beside each game and the Standings sheet are written; typed "
        "cells never change. Games with errors are not scored. The file is replaced in one "
        "step (or left untouched when it already holds these scores).\n\n"
        "Example: remi score club.xlsx --output club-scored.xlsx",
        "Ellenőrzi a munkafüzetet, majd beírja a pontokat, a göngyölített összegeket, a "
        "helyezéseket és az Összesítő lapot.\n\n"
        "Csak remi saját területét írja minden játszma mellett, és az Összesítő lapot; a "
        "beírt cellák sosem változnak. A hibás játszmákat nem pontozza. A fájlt egy lépésben "
        "cseréli le (vagy érintetlenül hagyja, ha már ezek a pontok állnak benne).\n\n"
        "Példa: remi score klub.xlsx --output klub-pontozva.xlsx",
    ),
    "help_new": (
        "Make a fresh notebook that helps while people type and scores itself live.\n\n"
        "Each game sheet has the deal numbers ready, refuses characters no entry has, paints "
        "an entry that does not read and its row, and scores every deal as remi does (codes, "
        "card lists, paper rows) with formulas Excel and LibreOffice compute; a Rules sheet "
        "holds every house rule, and a change there changes the scores.\n\n"
        "A new season starts from the last with --from: remi new 2027.xlsx --from 2026.xlsx "
        "takes the old notebook's house rules, agreements and last game's players.\n\n"
        "Example: remi new club.xlsx -p Anna -p Béla -p Csaba",
        "Új munkafüzetet készít, amely segít beírás közben, és élőben pontoz.\n\n"
        "Minden játszmalapon ott vannak a leosztások számai; a lap nem fogad el olyan "
        "karaktert, amely egyetlen bejegyzésben sem állhat, megfesti a nem olvasható "
        "bejegyzést és a sorát, és minden leosztást úgy pontoz, ahogy remi (kódok, "
        "lapfelsorolások, papíros pontsorok), az Excel és a LibreOffice által kiszámolt "
        "képletekkel. A Szabályok lapon minden házszabály ott áll, és ha ott módosítasz, a "
        "pontok is változnak.\n\n"
        "Az új szezon a --from kapcsolóval a régiből indul: a remi new 2027.xlsx --from "
        "2026.xlsx átveszi a régi munkafüzet házszabályait, megállapodásait és az utolsó "
        "játszmája játékosait.\n\n"
        "Példa: remi new klub.xlsx -p Anna -p Béla -p Csaba --lang hu",
    ),
    "help_report": (
        "Print the scorecard as a PDF: one A4 page per game, then the standings.\n\n"
        "Each game page shows every deal's scores and running totals, hands and +200s "
        "marked, the totals, the ranks and a chart; a game with errors is printed with its "
        "errors instead of numbers (exit code 1). With --blank, an empty scorecard for the "
        "players given; a notebook given with it lends its house rules, and its last game's "
        "players when no --player is given.\n\n"
        "Without Pango (which many Windows and macOS machines lack), --html klub.html --open "
        "writes the same scorecard as a web page and opens it in the browser: print it, or "
        "Save as PDF.\n\n"
        "Example: remi report club.xlsx -o club.pdf",
        "PDF-pontozólapot nyomtat: játszmánként egy A4-es oldalt, utána az összesítőt.\n\n"
        "Minden játszma oldalán ott van minden leosztás pontja és a göngyölített összeg, "
        "megjelölve a kézből nyerések és a +200-ak, a végösszegek, a helyezések és egy "
        "grafikon; a hibás játszma a hibáival jelenik meg a számok helyett (kilépési kód 1). "
        "A --blank üres pontozólapot ad a megadott játékosoknak; ha mellette munkafüzetet is "
        "megadsz, annak házszabályai szerint, és --player nélkül az utolsó játszmája "
        "játékosaival.\n\n"
        "Ha nincs Pango (sok windowsos és macOS-es gépről hiányzik), a --html klub.html "
        "--open ugyanezt a pontozólapot weboldalként írja ki, és megnyitja a böngészőben: "
        "nyomtasd ki, vagy mentsd PDF-be.\n\n"
        "Példa: remi report klub.xlsx -o klub.pdf --lang hu",
    ),
    "help_meld": (
        "Check melds and their value, or find the best opening of a hand.\n\n"
        "Cards are written as everywhere in remi (K♠, 10h, Qd, D♥, Á♣, Jo). A joker counts "
        "as the card it stands for; where it could stand for several, the one worth most "
        "counts, and Jo=8♣ chooses. --hand finds the melds of highest total; --all adds the "
        "other ways to open. Exit code 1 if a meld is invalid or the cards cannot be.\n\n"
        'Example: remi meld "8♣ 9♣ 10♣" "9♠ 9♣ Jo"',
        "Lerakásokat és az értéküket ellenőrzi, vagy megkeresi egy kéz legjobb nyitását.\n\n"
        "A lapokat úgy írd, ahogy remiben mindenhol (K♠, 10h, Qd, D♥, Á♣, Jo). A joker annyit "
        "ér, amilyen lapot helyettesít; ha többet is helyettesíthet, a legtöbbet érő számít, "
        "a Jo=8♣ pedig megmondja, melyiket. A --hand a legnagyobb összértékű lerakásokat "
        "keresi meg, az --all a nyitás többi módját is felsorolja. A kilépési kód 1, ha egy "
        "lerakás hibás, vagy a lapok nem lehetnek így.\n\n"
        'Példa: remi meld "8♣ 9♣ 10♣" "9♠ 9♣ Jo" --lang hu',
    ),
    "help_import": (
        "Import old paper score sheets (CSV or .xlsx) into the notebook, checking every "
        "number.\n\n"
        "The records have a Game (Játszma) column, a Deal (Leosztás) column, one column per "
        "player and optionally a Total (Összesen) row per game with the totals written on "
        "the paper. Every row is checked against the rules and every paper total against "
        "its deals; each good game becomes a game sheet, games with errors are listed and "
        "not filed, and games already in the notebook are skipped. --rule sets the house "
        "rules of a new notebook.\n\n"
        "Example: remi import paper.csv --into club.xlsx --dry-run",
        "Régi papíros pontozólapokat (CSV vagy .xlsx) hoz át a munkafüzetbe, minden számukat "
        "ellenőrizve.\n\n"
        "A feljegyzésekben van egy Játszma (Game) és egy Leosztás (Deal) oszlop, játékosonként "
        "egy oszlop, és játszmánként egy Összesen (Total) sor is lehet a papírra írt "
        "végösszegekkel. remi minden sort a szabályok szerint, minden papíros végösszeget a "
        "leosztásai szerint ellenőriz; minden jó játszmából játszmalap lesz, a hibásakat "
        "felsorolja, és nem veszi fel, a munkafüzetben már meglévőket pedig kihagyja. A "
        "--rule az új munkafüzet házszabályait adja meg.\n\n"
        "Példa: remi import papir.csv --into klub.xlsx --dry-run",
    ),
    "help_stats": (
        "Standings across all games of the notebooks given, with a rating.\n\n"
        "A player is the same player in every notebook when the names match ignoring "
        "spaces, case and accents; spellings that differ are reported. Games with errors are "
        "not counted; unfinished games count for points but not for wins, places or the "
        "rating. Games are taken in the order of their dates (the Date/Dátum cell), then of "
        "the sheets. Exit code 1 if a game or notebook has errors.\n\n"
        "For people, -o season.xlsx writes the season as a workbook that Excel and "
        "LibreOffice open as it is, in the notebook's language; -o season.pdf prints it. "
        "--csv and --json are for scripts.\n\n"
        "Example: remi stats 2025.xlsx 2026.xlsx --since 2026-01-01 -o season.pdf",
        "Összesítő a megadott munkafüzetek minden játszmájáról, értékszámmal.\n\n"
        "Egy játékos minden munkafüzetben ugyanaz, ha a neve a szóközöktől, a kis- és "
        "nagybetűktől és az ékezetektől eltekintve egyezik; az eltérő írásmódokat remi "
        "jelzi. A hibás játszmák nem számítanak; a befejezetlenek pontja számít, győzelembe, "
        "helyezésbe és értékszámba nem. A játszmák a dátumuk (a Dátum/Date cella), majd a "
        "lapok sorrendjében következnek. A kilépési kód 1, ha egy játszma vagy munkafüzet "
        "hibás.\n\n"
        "Embereknek a -o szezon.xlsx munkafüzetbe írja a szezont, amelyet az Excel és a "
        "LibreOffice úgy nyit meg, ahogy van, a munkafüzet nyelvén; a -o szezon.pdf "
        "kinyomtatja. A --csv és a --json szkripteknek való.\n\n"
        "Példa: remi stats 2025.xlsx 2026.xlsx --since 2026-01-01 -o szezon.pdf --lang hu",
    ),
    "help_templates": (
        "Copy the templates and the stylesheet remi prints with into a folder: a club's "
        "own look starts there.\n\n"
        "Every file remi lays a scorecard or a season out with (base.html, scorecard.html, "
        "season.html, …, scorecard.css) is copied as remi has it; the folder is made when "
        "missing. A file of the same name there that differs, or that is no plain file, is "
        "never written over: remi names it and writes nothing (exit code 1). A club.css "
        "added there restyles the whole card (its custom properties: --accent, --font, "
        "--series-1 …); print with remi report --template DIR, or remi stats -o SEASON.pdf "
        "--template DIR.\n\n"
        "Example: remi templates club-look",
        "Bemásolja egy mappába a sablonokat és a stíluslapot, amelyekkel a remi nyomtat: "
        "innen indul a klub saját külseje.\n\n"
        "Minden fájlt, amellyel a remi a pontozólapot vagy a szezont tördeli (base.html, "
        "scorecard.html, season.html, …, scorecard.css), úgy másol, ahogy a remiben van; a "
        "mappát létrehozza, ha nincs. Az ott lévő, azonos nevű, de eltérő vagy nem "
        "közönséges fájlt sosem írja felül: megnevezi, és semmit sem ír (kilépési kód 1). "
        "Az oda tett club.css az egész lapot átszínezi (egyéni tulajdonságai: --accent, "
        "--font, --series-1 …); nyomtatás: remi report --template MAPPA, vagy remi stats -o "
        "SZEZON.pdf --template MAPPA.\n\n"
        "Példa: remi templates klub-kulso --lang hu",
    ),
}

PARAMETER_HELP: Final[dict[str, tuple[str, str]]] = {
    # remi itself (the last two are Typer's)
    "help_remi_version": ("Print the version and exit.", "Kiírja a verziót, és kilép."),
    "help_remi_lang": (
        "Language of the command's messages and written headings, as the command's own "
        "--lang; default: the notebook's.",
        "A parancs üzeneteinek és beírt fejléceinek nyelve, mint a parancs saját --lang "
        "kapcsolója; alapból a munkafüzeté.",
    ),
    "help_remi_install_completion": (
        "Install completion for the current shell.",
        "Telepíti a parancskiegészítést a használt parancsértelmezőbe.",
    ),
    "help_remi_show_completion": (
        "Show completion for the current shell, to copy it or customize the installation.",
        "Kiírja a használt parancsértelmező kiegészítő szkriptjét, hogy átmásold, vagy "
        "testre szabd a telepítését.",
    ),
    # shared by the commands
    "help_param_help": ("Show this message and exit.", "Kiírja ezt a súgót, és kilép."),
    "help_param_notebook": ("The notebook workbook (.xlsx).", "A munkafüzet (.xlsx)."),
    # check: the commands that only read a notebook read an .ods too (report's is its own)
    "help_check_notebook": (
        "The notebook workbook (.xlsx or .ods).",
        "A munkafüzet (.xlsx vagy .ods).",
    ),
    "help_param_json_output": (
        "Machine-readable output on standard output: no colour, no tables.",
        "Gépi feldolgozásra szánt kimenet a szabványos kimeneten: színek és táblázatok nélkül.",
    ),
    "help_param_lang": (
        "Language of messages and written headings; default: the notebook's.",
        "Az üzenetek és a beírt fejlécek nyelve; alapból a munkafüzeté.",
    ),
    "help_param_template": (
        "A folder of your own templates. A club.css there is added after remi's stylesheet "
        "(the club's colours and fonts); a scorecard.css, base.html, scorecard.html, "
        "season.html, blank.html, parts.html or folios.html there replaces remi's own, and "
        "each one it lacks is remi's. remi templates DIR copies remi's there to start (they "
        "are in {templates}).",
        "Mappa a saját sablonjaiddal. Az ott lévő club.css a remi stíluslapja után jön (a "
        "klub színei és betűi); az ott lévő scorecard.css, base.html, scorecard.html, "
        "season.html, blank.html, parts.html vagy folios.html a remi sajátja helyett áll, "
        "és amelyik nincs ott, az a remi sajátja. Kiindulásnak a remi templates MAPPA "
        "bemásolja oda a remi sablonjait (itt vannak: {templates}).",
    ),
    "help_param_rule": (
        "A house rule that overrides the notebook's Rules sheet, e.g. -r opening_minimum=51. "
        "Repeat for more.",
        "Házszabály, amely felülírja a munkafüzet Szabályok lapját, pl. -r "
        "nyitas_minimum=51. Többhöz ismételd.",
    ),
    # score
    "help_score_output": (
        "Write the scored notebook here instead of in place.",
        "A pontozott munkafüzetet ide írja, nem az eredeti helyére.",
    ),
    "help_score_backup": (
        "Keep the previous version as NOTEBOOK.xlsx.bak when writing in place. On by default.",
        "Helyben írásnál az előző változatot FÜZET.xlsx.bak néven megtartja. Alapból bekapcsolva.",
    ),
    "help_score_force": (
        "Write in place even when the workbook holds things openpyxl cannot keep (listed "
        "when remi refuses).",
        "Akkor is helyben ír, ha a munkafüzetben olyasmi van, amit az openpyxl nem tud "
        "megtartani (remi felsorolja, amikor nem ír).",
    ),
    "help_score_live": (
        "Make every game's area live (formulas that score while people type), as remi new "
        "makes them: after a run with --rule, or in a notebook remi did not make.",
        "Minden játszma területét élővé teszi (képletek, amelyek beírás közben pontoznak), "
        "ahogy a remi new készíti: egy --rule-os futás után, vagy olyan munkafüzetben, "
        "amelyet nem remi készített.",
    ),
    # new
    "help_new_notebook": (
        "The notebook to make (.xlsx), or with --add-game the one to add a game to.",
        "Az elkészítendő munkafüzet (.xlsx), vagy --add-game mellett az, amelyhez játszmát ad.",
    ),
    "help_new_player": (
        "A player's name; repeat for each player (2 to 6). With --from they replace the "
        "last game's players.",
        "Egy játékos neve; minden játékoshoz ismételd (2–6 játékos). A --from mellett ők "
        "lépnek az utolsó játszma játékosainak helyére.",
    ),
    "help_new_games": (
        "How many empty game sheets. One is dated today (or --date); several get a Date row "
        "each, left for you to fill in (or all dated --date).",
        "Hány üres játszmalap legyen. Egy lap a mai (vagy a --date) dátumot kapja; több lap "
        "mindegyikén üres Dátum sor áll, amelyet te töltesz ki (vagy mind a --date "
        "dátumát kapja).",
    ),
    "help_new_date": (
        f"The day of the game (of every game, with --games): {_DATE_FORMS_EN}.",
        f"A játszma napja (--games mellett mindegyiké): {_DATE_FORMS_HU}.",
    ),
    "help_new_deals": (
        "Deals per game (house rule deals_per_game; default 7), the rows of each game "
        "sheet (20 for a game played to a limit, unless given).",
        "Leosztások száma játszmánként (leosztások száma házszabály; alapból 7), ennyi sora "
        "van a játszmalapnak (ponthatárig játszott játszmánál 20, ha nincs megadva).",
    ),
    "help_new_add_game": (
        "Add the next game sheet to an existing notebook, with the last game's players "
        "unless --player is given.",
        "A következő játszmalapot egy meglévő munkafüzethez adja, --player nélkül az utolsó "
        "játszma játékosaival.",
    ),
    "help_new_source": (
        "Start the notebook (the next season's) from an old one (.xlsx or .ods): the players of "
        "its last game (the latest by date; on one day, or with no date, the later sheet), its "
        "house rules and its agreements, with no games. -p replaces those players, -r overrides "
        "its rules, --lang is its language unless given. The old file is only read. Not with "
        "--add-game.",
        "A munkafüzetet (a következő szezonét) egy régiből (.xlsx vagy .ods) indítja: a régi "
        "utolsó játszmájának játékosaival (dátum szerint a legkésőbbi; egy napon vagy dátum "
        "nélkül a későbbi lap), a házszabályaival és a megállapodásaival, játszmák nélkül. A -p "
        "lecseréli ezeket a játékosokat, a -r felülírja a szabályait, a --lang megadása nélkül "
        "a régi nyelvén készül. A régi fájlt csak olvassa. Az --add-game mellett nem "
        "használható.",
    ),
    "help_new_lang": (
        "Language of messages and of the notebook made (sheet names, headings, rule names); "
        "default: English, with --from the old notebook's, with --add-game the notebook's.",
        "Az üzenetek és az elkészített munkafüzet nyelve (lapnevek, fejlécek, "
        "szabálynevek); alapból angol, --from mellett a régi munkafüzeté, --add-game "
        "mellett a munkafüzeté.",
    ),
    "help_new_rule": (
        "A house rule, e.g. -r opening_minimum=51; repeat for more. It overrides the "
        "default, or with --from the old notebook's rule.",
        "Házszabály, pl. -r nyitas_minimum=51; többhöz ismételd. Az alapértéket írja felül, "
        "--from mellett a régi munkafüzet szabályát.",
    ),
    "help_new_force": (
        "Replace an existing file (with --add-game: write even when the workbook holds "
        "things openpyxl cannot keep).",
        "Lecseréli a meglévő fájlt (--add-game mellett: akkor is ír, ha a munkafüzetben "
        "olyasmi van, amit az openpyxl nem tud megtartani).",
    ),
    "help_new_backup": (
        "Keep the file replaced (--force, --add-game) as NOTEBOOK.xlsx.bak. On by default.",
        "A lecserélt fájlt (--force, --add-game) FÜZET.xlsx.bak néven megtartja. Alapból "
        "bekapcsolva.",
    ),
    # report
    "help_report_notebook": (
        "The notebook workbook (.xlsx or .ods); with --blank, the one whose house rules "
        "and last game's players the empty card takes.",
        "A munkafüzet (.xlsx vagy .ods); a --blank mellett az, amelynek házszabályait és "
        "utolsó játszmájának játékosait az üres lap átveszi.",
    ),
    "help_report_output": ("The PDF to write.", "Az elkészítendő PDF."),
    "help_report_game": (
        "Print only this game (its sheet name). Repeat for more.",
        "Csak ezt a játszmát nyomtatja (a lapja nevével). Többhöz ismételd.",
    ),
    "help_report_html": (
        "Write the scorecard as a print-ready web page: with -o, the HTML the PDF was made "
        "of; alone, a page to print from the browser (no Pango needed).",
        "A pontozólapot nyomtatható weboldalként is kiírja: -o mellett azt a HTML-t, "
        "amelyből a PDF készült; egymagában a böngészőből nyomtatható oldalt (ehhez nem "
        "kell Pango).",
    ),
    "help_report_open_": (
        "Open what was written (the --html page, else the PDF).",
        "Megnyitja, amit kiírt (a --html oldalt, különben a PDF-et).",
    ),
    "help_report_blank": (
        "An empty scorecard for playing on paper: for --player, or for the last game's "
        "players of the notebook given.",
        "Üres pontozólap papíron játszáshoz: a --player játékosainak, vagy a megadott "
        "munkafüzet utolsó játszmájának játékosaival.",
    ),
    "help_report_player": (
        "A player of the blank card. Repeat.",
        "Az üres lap egy játékosa. Ismételd.",
    ),
    "help_report_backup": (
        "Keep a PDF (or HTML) replaced as NAME.pdf.bak. On by default.",
        "A lecserélt PDF-et (vagy HTML-t) NÉV.pdf.bak néven megtartja. Alapból bekapcsolva.",
    ),
    # meld
    "help_meld_melds": (
        'Melds to check, each in quotes: "8♣ 9♣ 10♣" "9♠ 9♣ Jo". Jo=8♣ pins a joker.',
        'Az ellenőrzendő lerakások, mindegyik idézőjelben: "8♣ 9♣ 10♣" "9♠ 9♣ Jo". A '
        "Jo=8♣ megköti a jokert.",
    ),
    "help_meld_lang": (
        "Language of messages and card letters; default: the system's (LANG).",
        "Az üzenetek és a lapok betűinek nyelve; alapból a rendszeré (LANG).",
    ),
    "help_meld_hand": (
        "Find the best opening of these cards (a hand is 14 or 15 of them; any number is read).",
        "Megkeresi e lapok legjobb nyitását (a kéz 14 vagy 15 lap; bármennyit elolvas).",
    ),
    "help_meld_rule": (
        "A house rule for this check, e.g. -r opening_minimum=51 (meld reads no notebook: "
        "the defaults otherwise). Repeat for more.",
        "Házszabály ehhez az ellenőrzéshez, pl. -r nyitas_minimum=51 (a meld nem olvas "
        "munkafüzetet: különben az alapértékek). Többhöz ismételd.",
    ),
    "help_meld_all_openings": (
        "With --hand: also list the other ways to open.",
        "A --hand mellett a nyitás többi módját is felsorolja.",
    ),
    # import
    "help_import_records": (
        "The paper records: a CSV file (any encoding, ; , or tab separated) or an .xlsx workbook.",
        "A papíros feljegyzések: CSV-fájl (bármilyen kódolású, ; , vagy tabulátor "
        "választja el az értékeket) vagy .xlsx munkafüzet.",
    ),
    "help_import_into": (
        "The notebook to file the games into; created when it does not exist.",
        "A munkafüzet, amelybe a játszmák kerülnek; ha nincs még, remi létrehozza.",
    ),
    "help_import_output": (
        "Write the notebook with the games filed here, leaving --into as it is.",
        "A játszmákkal bővített munkafüzetet ide írja, a --into munkafüzetét változatlanul hagyja.",
    ),
    "help_import_dry_run": (
        "Check and report, but write nothing.",
        "Ellenőriz és beszámol, de semmit sem ír.",
    ),
    "help_import_encoding": (
        "Read the CSV in this encoding (utf-8, cp1250, iso-8859-2, …) instead of finding it out.",
        "A CSV-t ebben a kódolásban olvassa (utf-8, cp1250, iso-8859-2, …), nem maga deríti ki.",
    ),
    "help_import_repair": (
        "Repair names damaged by a wrong encoding earlier (KovĂĄcs → Kovács). On by default.",
        "Kijavítja a korábban rossz kódolás miatt elrontott neveket (KovĂĄcs → Kovács). "
        "Alapból bekapcsolva.",
    ),
    "help_import_rule": (
        "A house rule of the notebook to create, e.g. -r deals_per_game=10 (an existing "
        "notebook keeps its own). Repeat for more.",
        "A létrehozandó munkafüzet egy házszabálya, pl. -r leosztasok=10 (a "
        "meglévő munkafüzet a sajátját tartja meg). Többhöz ismételd.",
    ),
    "help_import_backup": (
        "Keep the previous notebook as NOTEBOOK.xlsx.bak. On by default.",
        "Az előző munkafüzetet FÜZET.xlsx.bak néven megtartja. Alapból bekapcsolva.",
    ),
    "help_import_force": (
        "Write even when the notebook holds things openpyxl cannot keep (listed when remi "
        "refuses).",
        "Akkor is ír, ha a munkafüzetben olyasmi van, amit az openpyxl nem tud megtartani "
        "(remi felsorolja, amikor nem ír).",
    ),
    # stats
    "help_stats_notebooks": (
        "The notebook workbooks (.xlsx or .ods); one or more.",
        "A munkafüzetek (.xlsx vagy .ods); egy vagy több.",
    ),
    "help_stats_since": (
        f"Only games on or after this day: {_DATE_FORMS_EN}; games without a date are then "
        "left out.",
        f"Csak az ezen a napon vagy később játszott játszmák: {_DATE_FORMS_HU}; a dátum "
        "nélküli játszmák ilyenkor kimaradnak.",
    ),
    "help_stats_until": (
        f"Only games on or before this day: {_DATE_FORMS_EN}; games without a date are then "
        "left out.",
        f"Csak az ezen a napon vagy korábban játszott játszmák: {_DATE_FORMS_HU}; a dátum "
        "nélküli játszmák ilyenkor kimaradnak.",
    ),
    "help_stats_player": (
        "Show only this player. Repeat for more.",
        "Csak ezt a játékost mutatja. Többhöz ismételd.",
    ),
    "help_stats_sort": (
        "Order of the table, best first; 'place' is the standings order (most wins, then "
        "the lowest average per complete game), which every other order keeps in its rank "
        "column.",
        "A táblázat sorrendje, a legjobb elöl; a 'place' az összesítő sorrendje (több "
        "győzelem, majd kisebb átlag befejezett játszmánként), ezt minden más sorrend a "
        "helyezés oszlopában megtartja.",
    ),
    "help_stats_csv_output": (
        "The standings as CSV for scripts (UTF-8, comma separated, a decimal point) on "
        "standard output. For a spreadsheet, -o SEASON.xlsx.",
        "Az összesítő CSV-ként, szkripteknek (UTF-8, vesszővel elválasztva, tizedesponttal) "
        "a szabványos kimeneten. Táblázatkezelőbe a -o SZEZON.xlsx való.",
    ),
    "help_stats_output": (
        "Also write the season to a file. A .pdf prints it: the table, head to head and the "
        "ratings. A .xlsx is a workbook for people, which Excel and LibreOffice open as it "
        "is: the standings, best and worst games, head to head, every game and the ratings, "
        "figures as numbers. It replaces only a season workbook remi wrote.",
        "A szezont fájlba is kiírja. A .pdf kinyomtatja: a táblázatot, az egymás elleni "
        "eredményeket és az értékszámokat. A .xlsx embereknek szóló munkafüzet, amelyet az "
        "Excel és a LibreOffice úgy nyit meg, ahogy van: az összesítő, a legjobb és "
        "legrosszabb játszmák, az egymás elleni eredmények, minden játszma és az "
        "értékszámok, a számok számként. Csak a remi által írt szezonmunkafüzetet írja felül.",
    ),
    "help_stats_history": (
        "Also show each player's rating after every game.",
        "Minden játékos értékszámát minden játszma után is megmutatja.",
    ),
    # templates
    "help_templates_folder": (
        "The folder to copy into; made when missing.",
        "A mappa, ahová másol; ha nincs, létrehozza.",
    ),
    "help_templates_lang": (
        "Language of the messages; default: the system's (LANG).",
        "Az üzenetek nyelve; alapból a rendszeré (LANG).",
    ),
}

# What click and Typer write around the texts above, whole as they write it.
HELP_WORDS: Final[dict[str, tuple[str, str]]] = {
    "help_word_usage": ("Usage:", "Használat:"),
    "help_word_options_marker": ("[OPTIONS]", "[KAPCSOLÓK]"),
    "help_word_command_marker": ("COMMAND [ARGS]...", "PARANCS [ARGUMENTUMOK]..."),
    "help_word_arguments": ("Arguments:", "Argumentumok:"),
    "help_word_options": ("Options:", "Kapcsolók:"),
    "help_word_commands": ("Commands:", "Parancsok:"),
    "help_word_required": ("[required]", "[kötelező]"),
    # Typer's, as long in both languages: click may have broken the line after it.
    "help_word_default": ("[default:", "[alapból:"),
    "help_word_notebook": ("NOTEBOOK.xlsx", "FÜZET.xlsx"),
    "help_word_new_notebook": ("NEW.xlsx", "ÚJ.xlsx"),
    "help_word_old_notebook": ("OLD.xlsx", "RÉGI.xlsx"),
    "help_word_output_notebook": ("OUT.xlsx", "KIMENET.xlsx"),
    "help_word_records": ("RECORDS.csv|.xlsx", "FELJEGYZÉSEK.csv|.xlsx"),
    "help_word_card": ("CARD.pdf", "FÁJL.pdf"),
    "help_word_season": ("SEASON.pdf|.xlsx", "SZEZON.pdf|.xlsx"),
    "help_word_page": ("OUT.html", "OLDAL.html"),
    "help_word_rule": ("NAME=VALUE", "NÉV=ÉRTÉK"),
    "help_word_name": ("NAME", "NÉV"),
    "help_word_date": ("DATE", "DÁTUM"),
    "help_word_sheet": ("SHEET", "LAP"),
    "help_word_folder": ("DIR", "MAPPA"),
    "help_word_cards": ("CARDS", "LAPOK"),
    "help_word_meld": ("MELD...", "LERAKÁS..."),
}

# A command ("remi": the program itself) → the key of its help.
COMMAND_HELP_KEYS: Final = {
    "remi": "help_remi",
    "check": "help_check",
    "score": "help_score",
    "new": "help_new",
    "report": "help_report",
    "meld": "help_meld",
    "import": "help_import",
    "stats": "help_stats",
    "templates": "help_templates",
}
# A command's parameter → the key of its own help, where it has one ...
PARAMETER_HELP_KEYS: Final = {
    ("remi", "version"): "help_remi_version",
    ("remi", "lang"): "help_remi_lang",
    ("remi", "install_completion"): "help_remi_install_completion",
    ("remi", "show_completion"): "help_remi_show_completion",
    ("check", "notebook"): "help_check_notebook",
    ("score", "output"): "help_score_output",
    ("score", "backup"): "help_score_backup",
    ("score", "force"): "help_score_force",
    ("score", "live"): "help_score_live",
    ("new", "notebook"): "help_new_notebook",
    ("new", "player"): "help_new_player",
    ("new", "games"): "help_new_games",
    ("new", "date"): "help_new_date",
    ("new", "deals"): "help_new_deals",
    ("new", "add_game"): "help_new_add_game",
    ("new", "source"): "help_new_source",
    ("new", "lang"): "help_new_lang",
    ("new", "rule"): "help_new_rule",
    ("new", "force"): "help_new_force",
    ("new", "backup"): "help_new_backup",
    ("report", "notebook"): "help_report_notebook",
    ("report", "output"): "help_report_output",
    ("report", "game"): "help_report_game",
    ("report", "html"): "help_report_html",
    ("report", "open_"): "help_report_open_",
    ("report", "blank"): "help_report_blank",
    ("report", "player"): "help_report_player",
    ("report", "backup"): "help_report_backup",
    ("meld", "melds"): "help_meld_melds",
    ("meld", "lang"): "help_meld_lang",
    ("meld", "hand"): "help_meld_hand",
    ("meld", "rule"): "help_meld_rule",
    ("meld", "all_openings"): "help_meld_all_openings",
    ("import", "records"): "help_import_records",
    ("import", "into"): "help_import_into",
    ("import", "output"): "help_import_output",
    ("import", "dry_run"): "help_import_dry_run",
    ("import", "encoding"): "help_import_encoding",
    ("import", "repair"): "help_import_repair",
    ("import", "rule"): "help_import_rule",
    ("import", "backup"): "help_import_backup",
    ("import", "force"): "help_import_force",
    ("stats", "notebooks"): "help_stats_notebooks",
    ("stats", "since"): "help_stats_since",
    ("stats", "until"): "help_stats_until",
    ("stats", "player"): "help_stats_player",
    ("stats", "sort"): "help_stats_sort",
    ("stats", "csv_output"): "help_stats_csv_output",
    ("stats", "output"): "help_stats_output",
    ("stats", "history"): "help_stats_history",
    ("templates", "folder"): "help_templates_folder",
    ("templates", "lang"): "help_templates_lang",
}
# ... else of the help every command that has the parameter shares.
SHARED_PARAMETER_HELP_KEYS: Final = {
    "help": "help_param_help",
    "notebook": "help_param_notebook",
    "json_output": "help_param_json_output",
    "lang": "help_param_lang",
    "template": "help_param_template",
    "rule": "help_param_rule",
}

CATALOGUES: Final = (COMMAND_HELP, PARAMETER_HELP, HELP_WORDS)
