"""The words and messages of `remi stats` and the season PDF, in English and Hungarian.

Words the report or the sheets already have (Player, Wins, +200 taken, …) are not repeated.
"""

from __future__ import annotations

from typing import Final

# What the rating and its ± are, in plain words. No placeholder (templates take the texts
# as they are): the 10 is notebook.season.RATED_FROM.
_RATING: Final = (
    "Rating: how strong a player has shown to be, from the places of the complete games "
    "(openskill Plackett–Luce, μ − 3σ; everybody starts at 0).",
    "Értékszám: a befejezett játszmák helyezéseiből becsült játékerő (openskill "
    "Plackett–Luce, μ − 3σ; mindenki 0-ról indul).",
)
_SURE: Final = (
    "±: how sure the rating is (the smaller, the surer); it shrinks as the player plays "
    "more games.",
    "±: mennyire biztos az értékszám (minél kisebb, annál biztosabb); ahogy a játékos több "
    "játszmát játszik, csökken.",
)
_FEW: Final = (
    "Before a player's 10th complete game the rating says little: (few games) stands in its place.",
    "A 10. befejezett játszma előtt az értékszám még keveset mond: a helyén (kevés játszma) áll.",
)

SEASON_WORDS: Final[dict[str, tuple[str, str]]] = {
    "season": ("Season", "Szezon"),
    "season_title": ("Season standings", "Szezonösszesítő"),
    "sorted_by": (
        "sorted by {column} (the rank stays the standings' place)",
        "rendezve: {column} szerint (a helyezés az összesítő szerinti marad)",
    ),
    "rating": ("Rating", "Értékszám"),
    "uncertainty": ("±", "±"),
    "places": ("Places", "Helyezések"),
    "per_deal": ("Per deal", "Leosztásonként"),
    "best_game": ("Best game", "Legjobb játszma"),
    "worst_game": ("Worst game", "Legrosszabb játszma"),
    "streak": ("Longest win streak", "Leghosszabb győzelmi sorozat"),
    "streak_short": ("Streak", "Sorozat"),
    "head_to_head": ("Head to head", "Egymás ellen"),
    "head_to_head_note": (
        "Head to head: how often the row's player finished ahead–behind the column's "
        "(=n: shared places), in the complete games both played.",
        "Egymás ellen: a sor játékosa hányszor végzett az oszlop játékosa előtt–mögött "
        "(=n: holtverseny), a közösen játszott befejezett játszmákban.",
    ),
    "records": ("Best and worst games", "Legjobb és legrosszabb játszmák"),
    "rating_history": ("Rating after each game", "Értékszám játszmáról játszmára"),
    # The three sentences of "rating_note", each a line of its own on the Standings sheet.
    "rating_note_rating": _RATING,
    "rating_note_sure": _SURE,
    "rating_note_few": _FEW,
    "rating_note": (f"{_RATING[0]} {_SURE[0]} {_FEW[0]}", f"{_RATING[1]} {_SURE[1]} {_FEW[1]}"),
    "few_games": ("(few games)", "(kevés játszma)"),
    "places_note": (
        "Places: how many complete games the player finished 1st, 2nd, 3rd, … "
        "(1·0·2: once 1st, twice 3rd).",
        "Helyezések: a játékos hány befejezett játszmában lett 1., 2., 3., … "
        "(1·0·2: egyszer első, kétszer harmadik).",
    ),
    "incomplete_games": (
        "Not finished (no wins, places or rating)",
        "Nincs befejezve (nem számít győzelembe, helyezésbe, értékszámba)",
    ),
    "period": ("Period", "Időszak"),
    "no_players": (
        "No counted game in the notebooks (or in the dates) given.",
        "A megadott munkafüzetekben (vagy időszakban) nincs számolható játszma.",
    ),
    "stats_summary": (
        "{games:game/games} in {notebooks:notebook/notebooks}: {counted} counted, "
        "{complete} complete and rated.",
        "{games} játszma, {notebooks} munkafüzet: {counted} számolva, {complete} befejezett "
        "és értékelt.",
    ),
}

SEASON_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "date_missing": (
        "This game has no date (a Date row above the header): it is placed by sheet order, "
        "after the game before it.",
        "Ennek a játszmának nincs dátuma (Dátum sor a fejléc fölött): a lapok sorrendje "
        "szerint, az előtte lévő játszma után következik.",
    ),
    "date_missing_left_out": (
        "This game has no date (a Date row above the header), so --since/--until leave it out.",
        "Ennek a játszmának nincs dátuma (Dátum sor a fejléc fölött), ezért a "
        "--since/--until kihagyja.",
    ),
    "date_unreadable": (
        "The date '{value}' cannot be read: type it as {forms}, or as an Excel date. The game "
        "is placed by sheet order meanwhile.",
        "{value:A} '{value}' dátum nem olvasható: írd így: {forms}, vagy Excel-dátumként. Addig "
        "a játszma a lapok sorrendje szerint következik.",
    ),
    "date_unreadable_left_out": (
        "The date '{value}' cannot be read (type it as {forms}, or as an Excel date), so "
        "--since/--until leave the game out.",
        "{value:A} '{value}' dátum nem olvasható (írd így: {forms}, vagy Excel-dátumként), "
        "ezért a --since/--until kihagyja a játszmát.",
    ),
    "rules_sheet_named_otherwise": (
        "This sheet lists house rules ('{rule}', …), but only a sheet named Rules or "
        "Szabályok (or House rules, Házszabályok) is read for them: the notebook plays by the "
        "defaults. Rename the sheet to use its rules.",
        "Ez a lap házszabályokat sorol fel ({rule:a} '{rule}' …), de a remi csak a Szabályok "
        "vagy Rules (illetve Házszabályok, House rules) nevű lapról olvassa őket: a "
        "munkafüzet az alapszabályok szerint megy. Nevezd át a lapot, hogy a szabályai "
        "érvényesek legyenek.",
    ),
    "rules_sheet_not_read": (
        "This sheet's name is the Rules sheet's, but the live formulas read the house rules "
        "from '{read}', and so does remi: move its rules there, or delete this sheet.",
        "Ennek a lapnak a neve a Szabályok lapé, de az élő képletek {read:a} '{read}' lapról "
        "olvassák a házszabályokat, és a remi is onnan: vidd át oda a szabályait, vagy töröld "
        "ezt a lapot.",
    ),
    "date_month_first": (
        "The date '{value}' is read day first, as {read}, but '{other}' in this notebook has "
        "the month first: type the dates as 2026-11-29 or as Excel dates, so that each "
        "reads one way only.",
        "{value:A} '{value}' dátumot a remi nappal kezdve olvassa ({read}), de a munkafüzet "
        "'{other}' dátuma hónappal kezdődik: a dátumokat így írd: 2026. 11. 29., vagy "
        "Excel-dátumként, hogy csak egyféleképp lehessen olvasni őket.",
    ),
    "game_copy": (
        "The same game as {first} (the same day, players and deals): both count; if it is a "
        "copy, delete one of them.",
        "Ugyanaz a játszma, mint {first} (azonos nap, játékosok és leosztások): mindkettő "
        "számít; ha másolat, töröld az egyiket.",
    ),
    "season_same_game": (
        "The same game as {first} (the same day, players and deals): it is counted once.",
        "Ugyanaz a játszma, mint {first} (azonos nap, játékosok és leosztások): egyszer számít.",
    ),
    "name_spellings": (
        "'{name}' is written {count} ways ({spellings}); they are counted as one player. "
        "Use one spelling.",
        "'{name}' {count}-féleképpen szerepel ({spellings}); egy játékosként számolva. "
        "Használj egyféle írásmódot.",
    ),
    "names_similar": (
        "'{first}' and '{second}' look alike but are counted as two players; if they are "
        "one person, use one spelling.",
        "'{first}' és '{second}' hasonló, de két játékosként számolva; ha egy személy, "
        "használj egyféle írásmódot.",
    ),
    "notebook_not_counted": (
        "The house rules of this notebook have errors: none of its games is counted.",
        "Ennek a munkafüzetnek a házszabályai hibásak: egyik játszmája sincs beszámítva.",
    ),
    "date_forms": (
        "2026-11-29, 29/11/2026, 2026. 11. 29.",
        "2026. 11. 29., 2026-11-29, 29/11/2026",
    ),
    "date_option": (
        "{option} takes a date such as {forms}; got '{value}'.",
        "A {option} dátumot vár, pl. {forms}; kapott: '{value}'.",
    ),
    "dates_reversed": (
        "--since {since} is after --until {until}: no game can be in between.",
        "A --since {since} későbbi, mint a --until {until}: egy játszma sem lehet köztük.",
    ),
    "player_unknown": (
        "No player called '{player}' in the games counted. The players are: {players}.",
        "Nincs '{player}' nevű játékos a számolt játszmákban. A játékosok: {players}.",
    ),
    "json_and_csv": (
        "--json and --csv both write to standard output: choose one.",
        "A --json és a --csv is a szabványos kimenetre ír: válassz egyet.",
    ),
}


# The season as a spreadsheet (`remi stats -o season.xlsx`, `writing.season_workbook`).
SEASON_WORKBOOK: Final[dict[str, tuple[str, str]]] = {
    "workbook_about": ("About", "Tudnivalók"),  # a sheet's name: at most 31 characters
    "workbook_notebook": ("Notebook", "Munkafüzet"),
    "workbook_notebooks": ("Notebooks", "Munkafüzetek"),
    "workbook_points": ("Points", "Pontszám"),
    "workbook_finished": ("Finished", "Befejezve"),
    "workbook_counted": ("Counted", "Számolva"),
    "workbook_period_all": (
        "every game, whatever its date",
        "minden játszma, dátumtól függetlenül",
    ),
    "workbook_players": ("Players shown", "Mutatott játékosok"),
    "workbook_players_all": ("everybody", "mindenki"),
    "workbook_made": ("Made by", "Készítette"),
    "kind_season": ("a season's Excel workbook", "szezonmunkafüzet"),
    "output_not_season": (
        "{path} is a workbook remi did not write as a season ({count:~its sheet/its sheets}: "
        "{sheets}): remi does not write over it. Name another file, or move that one away "
        "first.",
        "{path} nem a remi által írt szezonmunkafüzet ({count:~lapja/lapjai}: {sheets}), "
        "ezért a remi nem írja felül. Adj meg másik fájlt, vagy előbb nevezd át a meglévőt, "
        "illetve tedd át másik mappába.",
    ),
}


# `remi stats` on a terminal too narrow for every column of the standings
# (`cli.season_views.LEFT_OUT`): the heading of the average then, and the line under the
# table naming the columns left out.
SEASON_NARROW: Final[dict[str, tuple[str, str]]] = {
    "narrow_average": ("Average", "Átlag"),
    "columns_left_out": (
        "Columns left out, the window being too narrow: {columns}. --json or a wider "
        "window shows them.",
        "Szűk az ablak, kimaradt oszlopok: {columns}. A --json vagy egy szélesebb ablak "
        "megmutatja őket.",
    ),
}


CATALOGUES: Final = (
    SEASON_WORDS,
    SEASON_MESSAGES,
    SEASON_WORKBOOK,
    SEASON_NARROW,
)
