"""The words of the sheets remi writes and of what `remi check` and `remi score` print."""

from __future__ import annotations

from typing import Final

NOTEBOOK_WORDS: Final[dict[str, tuple[str, str]]] = {
    "marker": ("remi ▸ scores", "remi ▸ pontok"),
    "total": ("Total", "Összesen"),
    "rank": ("Rank", "Helyezés"),
    "running": ("Σ", "Σ"),
    "live_refused": ("error", "hiba"),  # a refused deal's scores on the live sheet
    # The live notebook's hidden helper columns (`writing.formulas`), headed for a reviewer.
    "helper_deck": ("cards fit the deck", "a lapok kiférnek a pakliból"),
    "helper_held": ("cards held", "kézben maradt lapok"),
    "helper_text": ("text", "szöveg"),
    "helper_code": ("code", "kód"),
    "helper_rest": ("points as typed", "pont, ahogy beírták"),
    "helper_unsigned": ("without its sign", "előjel nélkül"),
    "helper_number": ("number", "szám"),
    "helper_cards": ("cards", "lapok"),
    "helper_shape": ("cards' shape", "lapok alakja"),
    "helper_points": ("card points", "lappont"),
    "helper_kind": ("kind", "fajta"),
    "helper_value": ("value", "érték"),
    # Under a live game's deals, in the players' own columns (a phone shows them there).
    "live_total_label": ("remi ▸ total", "remi ▸ összesen"),
    "live_place_label": ("remi ▸ place", "remi ▸ helyezés"),
    "live_legend_error": (
        "error: the deal has a mistake (remi check says which)",
        "hiba: a leosztás hibás (a remi check megmondja, miért)",
    ),
    "live_legend_waiting": (
        "…: waiting for the deal to be typed in full, or for a wrong deal above",
        "…: vár, mert a leosztás még nincs teljesen kitöltve, vagy egy fölötte lévő leosztás hibás",
    ),
    "live_legend_painted": (
        "red cell: an entry that does not read; pink row: a deal with a mistake",
        "piros cella: nem értelmezhető beírás; rózsaszín sor: hibás leosztás",
    ),
    "not_scored": (
        "Not scored: {count:error/errors}, see remi check",
        "Nincs pontozva: {count} hiba, lásd: remi check",
    ),
    "standings": ("Standings", "Összesítő"),
    "player": ("Player", "Játékos"),
    "games": ("Games", "Játszmák"),
    "complete_games": ("Complete", "Befejezett"),
    "wins": ("Wins", "Győzelmek"),
    "deals": ("Deals", "Leosztások"),
    "average": ("Average per complete game", "Átlag befejezett játszmánként"),
    "order_rule": (
        "Order: most wins, then the lowest average per complete game; equal figures share a "
        "place. Unfinished games count for points, never for wins or averages.",
        "Sorrend: több győzelem, majd kisebb átlag befejezett játszmánként; azonos számok "
        "esetén holtverseny. A befejezetlen játszma pontja számít, győzelembe és átlagba nem.",
    ),
    "hands": ("Hands", "Kézből"),
    "plus200": ("+200 taken", "+200 kapott"),
    "game": ("Game", "Játszma"),
    "complete": ("complete", "befejezett"),
    "incomplete": ("{played}/{total} deals", "{played}/{total} leosztás"),
    "not_counted": ("Not counted (errors)", "Nem számolva (hibás)"),
    "standings_as_of": (
        "{games:game/games} counted, {complete} of them complete, up to the sheet {last}, as "
        "remi score last read them: what is typed since counts from the next remi score.",
        "{games} játszma számít, ebből {complete} befejezett, {last:a} {last} lappal bezárólag, "
        "ahogy a legutóbbi remi score olvasta őket: ami azóta került a lapokra, a következő "
        "remi score-tól számít.",
    ),
    "standings_live": (
        "Live: follows the game sheets as typed; a game with a deal not typed in full or wrong "
        "is left out. Rating, ±, places, best and worst game, streak and the lists below: as "
        "of remi score ({games:game/games}, up to {last}).",
        "Élő: követi a játszmalapokat, ahogy beírják őket; a hiányos vagy hibás leosztású "
        "játszma kimarad. Értékszám, ±, helyezések, legjobb és legrosszabb játszma, sorozat "
        "és a lenti listák: a legutóbbi remi score szerint ({games} játszma, {last:a} {last} "
        "lappal bezárólag).",
    ),
    "standings_live_none": (
        "Live: follows the game sheets as typed; a game with a deal not typed in full or wrong "
        "is left out. Rating, ±, places, best and worst game, streak and the lists below: "
        "worked out by remi score once it counts a game.",
        "Élő: követi a játszmalapokat, ahogy beírják őket; a hiányos vagy hibás leosztású "
        "játszma kimarad. Értékszám, ±, helyezések, legjobb és legrosszabb játszma, sorozat "
        "és a lenti listák: a remi score számolja ki őket, ha már számít játszma.",
    ),
    "standings_unlisted": (
        "A name typed on a game sheet is in no row of this table yet, nor are its points: "
        "remi score adds it.",
        "Egy játszmalapra írt név még nincs a táblázatban, és a pontjai sem: a remi score "
        "hozzáadja.",
    ),
    "notes_heading": ("Notes", "Megjegyzések"),
    "not_started": (
        "Not started yet (no deal typed)",
        "Még nem kezdődött el (nincs beírt leosztás)",
    ),
    "house_rules": ("House rules", "Házszabályok"),
    "game_undated_rules": (
        "The game has no date that reads as one, and a house rule changes on a day: it plays "
        "by today's rules ({day}) until its date is typed here.",
        "A játszmának nincs olvasható dátuma, egy házszabály pedig egy naptól változik: a "
        "mai ({day}) szabályok szerint számolom, amíg ide be nem írod a dátumát.",
    ),
    "live_rules_stale": (
        "The live formulas do not read the house rules as this sheet and the games' dates "
        "hold them now (a row added, moved or deleted, a From day changed, or a game's date "
        "moved across one): run remi score to link them; until then a game's live scores "
        "may differ from remi's.",
        "Az élő képletek még nem úgy olvassák a házszabályokat, ahogy ez a lap és a "
        "játszmák dátuma most mutatja (felvett, áthelyezett vagy törölt sor, megváltozott "
        "Mától nap, vagy egy ilyen napon átlépő játszmadátum): a remi score összeköti őket; "
        "addig egy játszma élő pontjai eltérhetnek a remi által számoltaktól.",
    ),
    "live_game_unlinked": (
        "This game is not on the live Standings sheet yet (a sheet copied since the last "
        "remi score): it scores itself, but the Standings leave it out until remi score "
        "links it.",
        "Ez a játszma még nincs az élő összesítőben (a legutóbbi remi score óta másolt "
        "lap): magát pontozza, de az összesítő kihagyja, amíg a remi score be nem köti.",
    ),
    "problems": ("Problems", "Problémák"),  # errors and warnings both
    "severity_error": ("error", "hiba"),
    "severity_warning": ("warning", "figyelmeztetés"),
    "sheet": ("Sheet", "Lap"),
    "cell": ("Cell", "Cella"),
    "message": ("Message", "Üzenet"),
    "summary_ok": (
        "{games:game/games}, {deals:deal/deals} checked: no errors.",
        "{games} játszma, {deals} leosztás ellenőrizve: nincs hiba.",
    ),
    "summary_errors": (
        "{games:game/games}, {deals:deal/deals} checked: {errors:error/errors}, "
        "{warnings:warning/warnings}.",
        "{games} játszma, {deals} leosztás ellenőrizve: {errors} hiba, {warnings} figyelmeztetés.",
    ),
    "written": ("Written: {path}", "Kiírva: {path}"),
    "created": (
        "Created {path} with {games:game sheet/game sheets}. Open it, type the deals, and run remi "
        "score to check them.",
        "Elkészült: {path}, {games} játszmalappal. Nyisd meg, írd be a leosztásokat, majd a "
        "remi score ellenőrzi őket.",
    ),
    "game_header_lost": (
        "remi scored a game on this sheet, but its header is gone (the row starting with "
        "Deal, Leosztás, Osztás or # followed by the players' names, in the first 10 rows): "
        "the game is left out of the standings. Type the header back to count it.",
        "Ezen a lapon a remi játszmát pontozott, de a fejléce eltűnt (az első 10 sor egyikében "
        "a Leosztás, Osztás, Deal vagy # szóval kezdődő sor, utána a játékosok nevei): a "
        "játszma kimarad az összesítőből. Írd vissza a fejlécet, hogy számítson.",
    ),
    "header_accents_broken": (
        "'{heading}' looks like the header '{meant}' with its accents broken (a CSV file "
        "opened in the wrong character set): this sheet's game is not read. Open the CSV "
        "again as UTF-8, or bring the CSV in with remi import, which mends the accents.",
        "{heading:A} '{heading}' {meant:a} '{meant}' fejlécnek látszik elrontott ékezetekkel "
        "(rossz karakterkészlettel megnyitott CSV-fájl): ennek a lapnak a játszmáját a remi nem "
        "olvassa. Nyisd meg a CSV-t újra UTF-8 kódolással, vagy vedd fel a CSV-t a remi "
        "import paranccsal, amely helyreteszi az ékezeteket.",
    ),
    "rules_added": (
        "The Rules sheet '{sheet}' got {count:row/rows} of house rules it lacked: change a "
        "value there and the new game's live scores follow.",
        "{sheet:A} '{sheet}' lapra {count} hiányzó szabály sora került: ha ott átírsz egy "
        "értéket, az új játszma élő pontjai követik.",
    ),
    "rules_fixed": (
        "The Rules sheet '{sheet}' has no row for {count:rule/rules} above its agreements "
        "({names}): the new game's live scores keep today's value of each. To change one, "
        "add its row (name, value) above the agreements and run remi score.",
        "{sheet:A} '{sheet}' lapon {count} szabálynak nincs sora a megállapodások fölött "
        "({names}): az új játszma élő pontjai a mai értéküket használják. Ha valamelyiket "
        "módosítanád, írd be a sorát (név, érték) a megállapodások fölé, és futtasd a remi "
        "score-t.",
    ),
    # `remi new --from`: the next season from the last
    "new_from_taken": (
        "From {path}: the players of '{sheet}' ({players}); {agreements}; house rules other "
        "than the defaults: {rules}.",
        "Átvéve innen: {path}. {sheet:A} '{sheet}' lap játékosai ({players}); {agreements}; "
        "az alapértéktől eltérő házszabályok: {rules}.",
    ),
    "new_from_taken_given": (
        "From {path}: {agreements}; the players are those given with -p ({players}); house "
        "rules other than the defaults: {rules}.",
        "Átvéve innen: {path}. A játékosok a -p kapcsolóval megadottak ({players}); "
        "{agreements}; az alapértéktől eltérő házszabályok: {rules}.",
    ),
    # The agreements taken, as the two lines above say them: a count, or none at all.
    "new_from_agreements": ("{count:agreement/agreements}", "{count} megállapodás"),
    "new_from_no_agreements": ("no agreements", "megállapodás nem volt"),
    "new_from_no_rules": ("none", "nincs ilyen"),
    "new_from_wrong": (
        "Nothing made: {path} has {errors:error/errors} of its own (its house rules or its "
        "sheets), which the new notebook would take over; remi check {path} lists "
        "{errors:~it/them}. The first, at {where}: {problem}",
        "Semmi sem készült el: {path} saját hibát tartalmaz ({errors} hiba a házszabályaiban "
        "vagy a lapjain), amelyet az új munkafüzet átvenne; a remi check {path} "
        "{errors:~megmutatja/felsorolja őket}. Az első: {where}: {problem}",
    ),
    "last_game_below_limit": (
        "No total of the last game has reached {limit} yet ({played:deal/deals} played): "
        "the new game comes after it all the same.",
        "Az utolsó játszmában még senki sem érte el {limit:a} {limit} pontot ({played} leosztás): "
        "az új játszma ettől még utána kerül.",
    ),
    "last_game_not_started": (
        "The last game has no deal typed yet: the new game comes after it all the same.",
        "Az utolsó játszmába még egy leosztás sincs beírva: az új játszma ettől még utána kerül.",
    ),
    "last_game_unfinished": (
        "The last game stands at {played}/{length} deals: the new game comes after it "
        "all the same.",
        "Az utolsó játszma {played}/{length} leosztásnál tart: az új játszma ettől még "
        "utána kerül.",
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
        "Nothing written: fix the {errors:~error/errors} above first.",
        "Semmi sem íródott ki: előbb javítsd a fenti {errors:~hibát/hibákat}.",
    ),
}

# One line per game, as `check` and `score` print them before the standings.
GAME_LINES: Final[dict[str, tuple[str, str]]] = {
    "line_deals": ("{played}/{length} deals", "{played}/{length} leosztás"),
    "line_deals_to_limit": (
        "{played:deal/deals} to {limit}",
        "{played} leosztás {limit} pontig",
    ),
    "line_won": ("won by {players}", "nyert: {players}"),
    "line_leads": ("{players} leading", "vezet: {players}"),
    "line_not_started": ("not started", "még nincs leosztás"),
    "line_not_scored": (
        "not scored: {count:error/errors}, first at {cell}",
        "nincs pontozva: {count} hiba, az első: {cell}",
    ),
    "line_not_scored_nowhere": (
        "not scored: {count:error/errors}",
        "nincs pontozva: {count} hiba",
    ),
    "line_deals_add_up": (
        "the deals add up to {totals} (* differs from the typed Total row)",
        "a leosztások összege {totals} (* eltér a beírt Összesen sortól)",
    ),
    "and": ("and", "és"),
    "or": ("or", "vagy"),
    # A list of more than `catalogue.MOST_LISTED` in a message ends so (whole in --json).
    "more_listed": ("… and {count} more", "… és még {count}"),
    "not_in_standings": (
        "Not in the standings (errors): {games}",
        "Nincs az összesítőben (hibás): {games}",
    ),
    "scored_games": ("Scored: {games}", "Pontozva: {games}"),
    "skipped_errors": (
        "Not in the standings, with errors (its area shows them): {games}",
        "Nincs az összesítőben, hibás (a területe mutatja a hibát): {games}",
    ),
    "skipped_typed": (
        "Left alone, something typed in remi's cells: {games}",
        "Érintetlen, mert valaki a remi celláiba írt: {games}",
    ),
    "renumbered_games": (
        "Deals numbered in the order of their rows: {games}",
        "Leosztások átszámozva a sorok rendjében: {games}",
    ),
    "total_differs_note": (
        "The typed Total row differs from the deals: see remi check",
        "A beírt Összesen sor eltér a leosztásoktól: lásd remi check",
    ),
}

# What `remi new` writes into a notebook: the Rules sheet's headings, and the message and
# the refusal every entry cell of a game sheet shows (Excel's data validation).
NEW_NOTEBOOK: Final[dict[str, tuple[str, str]]] = {
    "rules_sheet": ("Rules", "Szabályok"),
    "rules_rule": ("Rule", "Szabály"),
    "rules_value": ("Value", "Érték"),
    "rules_explanation": ("Explanation", "Magyarázat"),
    "entry_prompt_title": ("What to type", "Mit írj be"),
    # No scores in it: the house rules set them, and a prompt is not rewritten when a
    # Rules value is changed.
    "entry_prompt": (
        "Winner: H (went out from hand) or W. Loser: card points (33) or the cards left "
        "(K 9 Jo); X if not laid down, X 45 with points.",
        "Nyerő: H (kézből) vagy W. Vesztes: lappont (33) vagy a kézben maradt lapok "
        "(K 9 Jo); X, ha nem rakott le, X 45 ponttal.",
    ),
    "entry_error_title": ("Not an entry", "Nem értelmezhető"),
    "entry_error": (
        "Type H, W, X, X 45, card points (33), cards like K 9 Jo, or a paper score (-20, 30).",
        "Írj H, W, X, X 45 értéket, lappontot (33), lapokat, pl. K 9 Jo, vagy papíros "
        "pontszámot (-20, 30).",
    ),
}

# A standings table's headings on a terminal too narrow for the whole words
# (`cli.printing.Table`): figures must never be cut short to make room for a heading.
SHORT_HEADINGS: Final[dict[str, tuple[str, str]]] = {
    "short_rank": ("#", "#"),
    "short_player": ("Player", "Játékos"),
    "short_games": ("Games", "Játszma"),
    "short_complete_games": ("Compl.", "Bef."),
    "short_wins": ("Wins", "Győz."),
    "short_deals": ("Deals", "Leoszt."),
    "short_total": ("Total", "Össz."),
    "short_average": ("Avg.", "Átlag"),
    "short_hands": ("Hands", "Kéz"),
    "short_plus200": ("+200", "+200"),
    "short_rating": ("Rating", "Érték"),
    "short_uncertainty": ("±", "±"),
    "short_places": ("1·2·…", "1·2·…"),
    "short_per_deal": ("/deal", "/leoszt."),
    "short_streak": ("Streak", "Sor."),
}
# A standings column (`core.standings.COLUMNS`, `notebook.season.TABLE_COLUMNS`) → the key
# of its short heading.
SHORT_HEADING_KEYS: Final = {
    "rank": "short_rank",
    "player": "short_player",
    "games": "short_games",
    "complete_games": "short_complete_games",
    "wins": "short_wins",
    "deals": "short_deals",
    "total": "short_total",
    "average": "short_average",
    "hands": "short_hands",
    "plus200": "short_plus200",
    "rating": "short_rating",
    "uncertainty": "short_uncertainty",
    "places": "short_places",
    "per_deal": "short_per_deal",
    "streak": "short_streak",
}

CATALOGUES: Final = (NOTEBOOK_WORDS, GAME_LINES, NEW_NOTEBOOK, SHORT_HEADINGS)
