"""The words of the printed scorecard (`remi report`), in English and Hungarian, by key.

Words the sheets already have (Total, Rank, Standings, … in `notebook`) are not repeated.
"""

from __future__ import annotations

from typing import Final

REPORT_WORDS: Final[dict[str, tuple[str, str]]] = {
    "scorecard": ("Scorecard", "Pontozólap"),
    "blank_title": ("Rummy scorecard", "Römi pontozólap"),
    "deal": ("Deal", "Leosztás"),
    "score": ("pts", "pont"),
    "date": ("Date", "Dátum"),
    "place": ("Place", "Helyszín"),
    "status_complete": ("{played}/{total} deals · complete", "{played}/{total} leosztás · kész"),
    "status_open": (
        "{played}/{total} deals · not finished",
        "{played}/{total} leosztás · nincs befejezve",
    ),
    "status_limit_complete": (
        "{played:deal/deals} · played to {limit} · complete",
        "{played} leosztás · {limit} pontig · kész",
    ),
    "status_limit_open": (
        "{played:deal/deals} · played to {limit} · not finished",
        "{played} leosztás · {limit} pontig · nincs befejezve",
    ),
    "legend_limit": (
        "Played to {limit}: the game ends after the deal in which a total reaches it; the "
        "lowest total wins, equal totals share a place.",
        "{limit} pontig: a játszma annak a leosztásnak a végén ér véget, amelyben valakinek "
        "az összpontja eléri; a legkisebb összpontszám nyer, egyenlő pontszám holtverseny.",
    ),
    "winner": ("Winner", "Győztes"),
    "winners": ("Shared win", "Holtversenyes győzelem"),
    "leader": ("Leading", "Vezet"),
    "shared": ("tied", "holtverseny"),
    "chart_game": ("Running totals", "Állás leosztásonként"),
    "chart_standings": ("Total across games", "Összpontszám játszmáról játszmára"),
    "axis_deal": ("deal", "leosztás"),
    "axis_game": ("game", "játszma"),
    "mark_hand": ("hand (went out from hand)", "kézből (hand)"),
    "mark_plus200": ("had not laid down", "nem rakott le"),
    "broken": (
        "This game has errors and is not scored; fix them and run remi report again:",
        "Ebben a játszmában hibák vannak, ezért nincs pontozva; javítsd őket, és futtasd "
        "újra a remi report parancsot:",
    ),
    "broken_one": (
        "This game has an error and is not scored; fix it and run remi report again:",
        "Ebben a játszmában hiba van, ezért nincs pontozva; javítsd, és futtasd újra a remi "
        "report parancsot:",
    ),
    "rules_note": (
        "House rules differing from the defaults",
        "Az alapszabálytól eltérő házszabályok",
    ),
    "rule_default": ("default", "alap"),
    "no_deals": ("No deals played yet.", "Még nincs lejátszott leosztás."),
    "legend": ("How to score", "Pontozás"),
    "legend_hand": (
        "H — went out all at once from hand: {hand}",
        "H — kézből (egyszerre) rakott ki: {hand}",
    ),
    "legend_win": (
        "W — went out, had laid down before: {normal}",
        "W — kirakott, korábban már lerakott: {normal}",
    ),
    "legend_loser": (
        "Losers: the cards left in hand, rounded to tens (33 → 30)",
        "Vesztesek: a kézben maradt lapok értéke tízesre kerekítve (33 → 30)",
    ),
    "legend_loser_exact": (
        "Losers: the value of the cards left in hand",
        "Vesztesek: a kézben maradt lapok értéke",
    ),
    "legend_after_hand": (
        "After a hand: ×{multiplier} for those who had laid down, {special} for those who had not",
        "Hand után: aki lerakott, annak ×{multiplier}, aki nem rakott le, annak {special}",
    ),
    "legend_doubled_first": (
        "After a hand the card points are multiplied first (×{multiplier}), then rounded",
        "Hand után előbb szorzunk (×{multiplier}), aztán kerekítünk",
    ),
    "legend_not_down_normal": (
        "After a normal win: {special} for those who had not laid down",
        "Normál nyerés után: aki nem rakott le, annak {special}",
    ),
    "legend_cards": (
        "2–10 face value · J Q K 10 · A {ace} · joker left in hand {joker}",
        "2–10 számérték · B D K 10 · Á {ace} · kézben maradt joker {joker}",
    ),
    "legend_lowest": (
        "{deals:deal/deals}; the lowest total wins, equal totals share a place.",
        "{deals} leosztás; a legkisebb összpontszám nyer, egyenlő pontszám holtverseny.",
    ),
    "legend_opening": ("First meld at least {opening}", "Első lerakás legalább {opening}"),
    "players_line": ("Players", "Játékosok"),
    "page": ("page", "oldal"),
    "written_pdf": ("Written: {path}", "Kiírva: {path}"),
    "file_unchanged": (
        "Nothing to change: {path} already holds this.",
        "Nincs mit változtatni: {path} már pontosan ezt tartalmazza.",
    ),
    "written_html": ("HTML written: {path}", "HTML kiírva: {path}"),
    "laying_out": (
        "Laying out the scorecard: {done} of {total} games…",
        "A pontozólap tördelése: {done}/{total} játszma…",
    ),
    "written_page": (
        "Written: {path} (open it in a browser and print it, or Save as PDF)",
        "Kiírva: {path} (nyisd meg böngészőben és nyomtasd ki, vagy mentsd PDF-ként)",
    ),
    "opened": ("Opened in the browser: {path}", "Megnyitva a böngészőben: {path}"),
    "open_failed": (
        "No browser could be started; open {path} yourself.",
        "Nem indult el böngésző; nyisd meg magad: {path}",
    ),
    "report_needs_output": (
        "Say where to print: -o CARD.pdf, or --html CARD.html --open to print from the browser.",
        "Add meg, hová nyomtasson: -o FÁJL.pdf, vagy a böngészőből nyomtatáshoz --html "
        "OLDAL.html --open.",
    ),
    "pango_missing": (
        "A PDF needs the Pango library, and WeasyPrint cannot load it on this computer ({reason}).",
        "A PDF-hez a Pango programkönyvtár kell, és a WeasyPrint nem tudja betölteni ezen a "
        "gépen ({reason}).",
    ),
    "pango_windows": (
        "Windows: install the GTK3 runtime with its one-click installer (GTK for Windows "
        "Runtime Environment Installer, https://github.com/tschoonj/GTK-for-Windows-Runtime-"
        "Environment-Installer/releases) in its default folder, C:\\Program Files\\GTK3-Runtime "
        "Win64; or install MSYS2 (https://www.msys2.org) in C:\\msys64 and run "
        "pacman -S mingw-w64-ucrt-x86_64-pango in its UCRT64 terminal. remi installed with "
        "pipx install . or uv tool install . then finds Pango (README, Install).",
        "Windows: telepítsd a GTK3 futtatókörnyezetet egykattintásos telepítőjével (GTK for "
        "Windows Runtime Environment Installer, https://github.com/tschoonj/GTK-for-Windows-"
        "Runtime-Environment-Installer/releases) az alapértelmezett mappájába, C:\\Program "
        "Files\\GTK3-Runtime Win64; vagy telepítsd az MSYS2-t (https://www.msys2.org) a "
        "C:\\msys64 mappába, és az UCRT64 terminálban futtasd: "
        "pacman -S mingw-w64-ucrt-x86_64-pango. A pipx install . vagy uv tool install . "
        "paranccsal telepített remi ezután megtalálja a Pangót (README, „Install” fejezet).",
    ),
    "pango_macos": (
        "macOS: brew install pango (Homebrew, https://brew.sh); a Python not from Homebrew "
        "also needs DYLD_FALLBACK_LIBRARY_PATH=/opt/homebrew/lib (README, Install).",
        "macOS: brew install pango (Homebrew, https://brew.sh); nem Homebrew-ból való "
        "Pythonnal DYLD_FALLBACK_LIBRARY_PATH=/opt/homebrew/lib is kell (README, „Install” "
        "fejezet).",
    ),
    "pango_linux": (
        "Linux: install your distribution's Pango package (Debian, Ubuntu: "
        "apt install libpango-1.0-0 libpangoft2-1.0-0; Fedora: dnf install pango).",
        "Linux: telepítsd a disztribúciód Pango csomagját (Debian, Ubuntu: "
        "apt install libpango-1.0-0 libpangoft2-1.0-0; Fedora: dnf install pango).",
    ),
    "pango_html": (
        "Without Pango: --html {html} --open instead of -o writes the same scorecard as a web "
        "page and opens it in your browser; print it there (Save as PDF).",
        "Pango nélkül: a -o helyett --html {html} --open ugyanezt a lapot weboldalként írja ki "
        "és megnyitja a böngésződben; onnan nyomtasd ki (Mentés PDF-ként).",
    ),
    "template_error": (
        "The template {template}, line {line}: {reason}",
        "Hibás sablon: {template}, {line}. sor; a Jinja sablonmotor angol hibaüzenete: „{reason}”",
    ),
    "template_error_noline": (
        "The template {template}: {reason}",
        "Hibás sablon: {template}; a Jinja sablonmotor angol hibaüzenete: „{reason}”",
    ),
    "template_not_colour": (
        "{template}: {name} is '{value}', which is no colour: write a colour as #063, "
        "#006633, rgb(0 102 51) or a colour's name (darkgreen).",
        "{template}: {name} értéke '{value}', ez nem szín: színt így írj: #063, #006633, "
        "rgb(0 102 51), vagy egy szín nevével (darkgreen).",
    ),
    "template_not_text": (
        "The template {template} is not UTF-8 text: save it as UTF-8 in your editor.",
        "{template:A} {template} sablon nem UTF-8 szöveg: mentsd el UTF-8 kódolással a "
        "szerkesztődben.",
    ),
    "template_missing": (
        "The template {template} is neither in the template folder {folder} nor among remi's.",
        "{template:A} {template} sablon sem {folder:a} {folder} sablonmappában, sem a remi "
        "sablonjai között nincs.",
    ),
    "template_dir_closed": (
        "The template folder {folder} may not be read by you.",
        "{folder:A} {folder} sablonmappát nem olvashatod.",
    ),
    "template_dir_missing": (
        "The template folder {folder} does not exist or is not a folder.",
        "{folder:A} {folder} sablonmappa nem létezik, vagy nem mappa.",
    ),
    "template_without_output": (
        "--template lays out the season's PDF: give it with -o SEASON.pdf.",
        "A --template a szezon PDF-jét tördeli: a -o SZEZON.pdf mellett add meg.",
    ),
    # remi templates
    "templates_not_folder": (
        "{folder} is a file, not a folder: name a folder to copy remi's templates into.",
        "{folder:A} {folder} fájl, nem mappa: adj meg egy mappát, ahová a remi sablonjai "
        "kerüljenek.",
    ),
    "templates_differ": (
        "{folder} already holds {names} unlike remi's: remi writes over nothing, so nothing "
        "was written. Move them aside, or copy into another folder.",
        "{folder:A} {folder} mappában már van {names}, és eltér a remi sajátjától: a remi "
        "semmit sem ír felül, így semmi sem íródott ki. Helyezd át őket máshová, vagy másolj "
        "egy másik mappába.",
    ),
    "templates_not_regular": (
        "{path} is not a plain file but a link, a folder, a pipe or a device: remi writes "
        "over nothing, so nothing was written.",
        "{path} nem közönséges fájl, hanem hivatkozás, mappa, cső vagy eszköz: a remi semmit "
        "sem ír felül, így semmi sem íródott ki.",
    ),
    "template_written": ("Written: {path}", "Kiírva: {path}"),
    "templates_done": (
        "remi's {count:file/files} are in {folder}: {written} written, {kept} there already "
        "as remi has them. A club.css beside them restyles the card (the custom properties "
        "at the top of scorecard.css); print with --template {folder}.",
        "A remi {count} fájlja itt van: {folder}; {written} kiírva, {kept} már ott volt "
        "változatlanul. Egy mellé tett club.css átszínezi a lapot (a scorecard.css elején "
        "álló egyéni tulajdonságokkal); nyomtatáshoz: --template {folder}.",
    ),
    "template_outside": (
        "{name} leads outside the template folder {folder}: a template may only read files "
        "inside its own folder.",
        "{name:A} {name} fájl {folder:a} {folder} sablonmappán kívülre mutat: a sablon csak a "
        "saját mappájában lévő fájlokat olvashatja.",
    ),
    "template_not_file": (
        "{name} in the template folder {folder} is not a plain file but a pipe, a device or "
        "a folder: remi reads only plain files there.",
        "{name:A} {name} {folder:a} {folder} sablonmappában nem közönséges fájl, hanem "
        "cső, eszköz vagy mappa: a remi ott csak közönséges fájlokat olvas.",
    ),
    "template_too_big": (
        "{name} in the template folder is {size} MB, more than the {limit} MB remi reads "
        "from one template file.",
        "{name:A} {name} fájl a sablonmappában {size} MB, több, mint a remi által egy "
        "sablonfájlból olvasott {limit} MB.",
    ),
    "template_stopped": (
        "The template {template}, line {line}: {reason}; remi stopped it, nothing was written.",
        "Sablon: {template}, {line}. sor: {reason}; a remi leállította, semmi sem íródott ki.",
    ),
    "template_stopped_noline": (
        "The template {template}: {reason}; remi stopped it, nothing was written.",
        "Sablon: {template}: {reason}; a remi leállította, semmi sem íródott ki.",
    ),
    "bound_range": (
        "range() of {count} items, more than the {limit} a template may count",
        "{count} elemű range(), több, mint a sablonban megengedett {limit}",
    ),
    "bound_repeat": (
        "a repetition (*) of {count} items, more than the {limit} a template may make",
        "{count} elemű ismétlés (*), több, mint a sablonban megengedett {limit}",
    ),
    "bound_power": (
        "a power (**) of some {count} digits, more than the {limit} a number may have",
        "nagyjából {count} jegyű hatvány (**), több, mint a számokban megengedett {limit}",
    ),
    "bound_output": (
        "it made more than {limit} characters of HTML, far more than any scorecard",
        "több mint {limit} karakternyi HTML-t állított elő, sokkal többet, mint bármely pontozólap",
    ),
    "bound_time": (
        "still running after {seconds} seconds, far longer than any scorecard takes",
        "{seconds} másodperc után is fut, sokkal tovább, mint bármely pontozólap",
    ),
    "layout_too_big": (
        "The HTML the template made is too big to lay out at once: {chars} characters and "
        "{tags} tags, past the {most_chars} characters or {most_tags} tags remi lays out in "
        "one pass (20 games of remi's own scorecard make some 170000 characters and 5600 "
        "tags); nothing was written.",
        "A sablonból készült HTML túl nagy ahhoz, hogy egyszerre tördelődjön: {chars} "
        "karakter és {tags} címke, a remi egy menetben legfeljebb {most_chars} karaktert és "
        "{most_tags} címkét tördel (a remi saját pontozólapján 20 játszma kb. 170000 karakter "
        "és 5600 címke); semmi sem íródott ki.",
    ),
    "layout_too_slow": (
        "Laying out the HTML the template made was still running after {seconds} seconds, "
        "where 20 games of remi's own scorecard take a few: remi stopped it, nothing was "
        "written.",
        "A sablonból készült HTML tördelése {seconds} másodperc után is tartott, holott a remi "
        "saját pontozólapján 20 játszma néhány másodperc: a remi leállította, semmi sem "
        "íródott ki.",
    ),
    "pages_too_many": (
        "The PDF would have more than {limit} pages, far more than a season's scorecard: "
        "nothing was written. Print fewer games at a time (--game), or check the template.",
        "A PDF több mint {limit} oldalas lenne, sokkal hosszabb, mint egy szezon pontozólapja: "
        "semmi sem íródott ki. Nyomtass egyszerre kevesebb játszmát (--game), vagy nézd át a "
        "sablont.",
    ),
    "folio_pages": (
        "The template {template} laid out {count:page/pages} of footers for a scorecard of "
        "{pages}: it must lay out one for each page (range(doc.pages), as remi's own does); "
        "nothing was written.",
        "{template:A} {template} sablon {count} lábléces oldalt tördelt a pontozólap {pages} "
        "oldalához: minden oldalhoz egyet kell (range(doc.pages), ahogy a remi sajátja); semmi "
        "sem íródott ki.",
    ),
    "template_file_missing": (
        "Not loaded: {url}: there is no such file in the template's folder.",
        "Nem töltődött be: {url}: nincs ilyen fájl a sablon mappájában.",
    ),
    "refused": (
        "Not loaded: {url} (a template may only use files inside its own folder).",
        "Nem töltődött be: {url} (a sablon csak a saját mappájában lévő fájlokat használhatja).",
    ),
    "game_unknown": (
        "No game sheet called '{sheet}'. The games are: {games}.",
        "Nincs '{sheet}' nevű játszmalap. A játszmák: {games}.",
    ),
    "blank_needs_players": (
        "--blank needs 2 to {most} players: --player Anna --player Béla …",
        "A --blank 2–{most} játékost vár: --player Anna --player Béla …",
    ),
    "player_without_blank": (
        "--player is only for a blank card (--blank).",
        "A --player csak üres laphoz (--blank) használható.",
    ),
    "notebook_needed": (
        "Give the notebook to print, or --blank for an empty scorecard.",
        "Add meg a kinyomtatandó munkafüzetet, vagy --blank az üres laphoz.",
    ),
    "not_printed": (
        "Nothing printed: fix the {errors:~error/errors} above first.",
        "Semmi sem lett kinyomtatva: előbb javítsd a fenti {errors:~hibát/hibákat}.",
    ),
    "printed_broken": (
        "Printed with errors instead of scores: {count:game/games}.",
        "A pontok helyett a hibáival nyomtatva: {count} játszma.",
    ),
}


CATALOGUES: Final = (REPORT_WORDS,)
