"""What remi says about house rules, cards, entries, deal rows and game sheets."""

from __future__ import annotations

from typing import Final

_CODES_HELP_EN = "H (hand), W (win), X (not laid down), card points (33) or cards (K 7 3)"
_CODES_HELP_HU = "H (kézből), W (nyert), X (nem rakott le), lappont (33) vagy lapok (K 7 3)"

GAME_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # rules
    "rule_unknown": (
        "Unknown house rule '{name}'.{near} Known rules: {known}.",
        "Ismeretlen házszabály: '{name}'.{near} Ismert szabályok: {known}.",
    ),
    "rule_near": (" Did you mean {name}?", " Erre gondoltál: {name}?"),
    "rule_twice": (
        "The rule {name} is set twice (first in {first}); keep one row, or give the later "
        "the day it holds from in the From column.",
        "{name:A} {name} szabály kétszer szerepel (először itt: {first}); egy sor maradjon, "
        "vagy a későbbinek írd a Mától oszlopba, melyik naptól érvényes.",
    ),
    "rule_twice_on_day": (
        "The rule {name} is set twice from {day} (first in {first}); keep one row.",
        "{name:A} {name} szabály kétszer szerepel {day} napjától (először itt: {first}); egy "
        "sor maradjon.",
    ),
    "rule_from_unreadable": (
        "The day '{value}' in the From column cannot be read: type it as {forms}, or as an "
        "Excel date. The row is not read meanwhile.",
        "{value:A} '{value}' nap a Mától oszlopban nem olvasható: írd így: {forms}, vagy "
        "Excel-dátumként. Addig a sort nem veszem figyelembe.",
    ),
    "rule_value_unseen": (
        "The value '{value}' of the rule {name} holds a character the live formulas do not "
        "read as remi does ({chars}: a tab, a special space, an invisible or a full-width "
        "character): type it again with plain characters, or leave the cell empty for the "
        "default.",
        "{name:A} {name} szabály '{value}' értékében olyan karakter van ({chars}: tabulátor, "
        "különleges szóköz, láthatatlan vagy teljes szélességű karakter), amelyet az élő "
        "képletek nem úgy olvasnak, mint a remi: írd be újra egyszerű karakterekkel, vagy "
        "hagyd üresen a cellát: akkor az alapérték érvényes.",
    ),
    "rule_bad_choice": (
        "The rule {name} cannot be '{value}'; choose one of: {choices}.",
        "{name:A} {name} szabály értéke nem lehet '{value}'; választható: {choices}.",
    ),
    "rule_bad_bool": (
        "The rule {name} needs yes or no (true/false, igen/nem, 1/0), not '{value}'.",
        "{name:A} {name} szabály értéke igen vagy nem (true/false, igen/nem, 1/0), nem '{value}'.",
    ),
    "rule_bad_number": (
        "The rule {name} needs a whole number, not '{value}'.",
        "{name:A} {name} szabály értékének egész számnak kell lennie, nem '{value}'.",
    ),
    "rule_out_of_range": (
        "The rule {name} = {value} is impossible: it must be from {low} to {high}.",
        "{name:A} {name} = {value} lehetetlen: {low} és {high} között kell lennie.",
    ),
    "rule_bad_number_or_word": (
        "The rule {name} needs a whole number or '{word}', not '{value}'.",
        "{name:A} {name} szabály értékének egész számnak vagy '{word}' szónak kell lennie, "
        "nem '{value}'.",
    ),
    "rule_wins_equal": (
        "hand_win and normal_win are both {value}: they must differ, or a score row cannot "
        "tell a hand from a normal win.",
        "A kézből nyerés és a normál nyerés is {value}: különbözniük kell, különben a "
        "pontsorból nem derül ki, hogy kézből nyert-e.",
    ),
    "rule_low_ace": (
        "low_ace_value {low} is more than ace_value {high}; a low ace is worth at most an ace.",
        "Az alsó ász értéke ({low}) nagyobb, mint az ász értéke ({high}); az alsó ász "
        "legfeljebb annyit ér.",
    ),
    "rule_jokers_packs": (
        "{jokers} jokers in {packs} packs: a pack brings at most 3, so {most} at most "
        "(house rules jokers and packs).",
        "{jokers} joker {packs} csomagban: egy csomagban legfeljebb 3 van, így legfeljebb "
        "{most} (jokerek száma és csomagok száma házszabály).",
    ),
    "rule_option": (
        "--rule takes NAME=VALUE, e.g. --rule opening_minimum=51; got '{value}'.",
        "A --rule formája NÉV=ÉRTÉK, pl. --rule nyitas_minimum=51; kapott: '{value}'.",
    ),
    # cards and entries
    "card_empty": ("No cards given.", "Nincs megadva lap."),
    "card_unknown": (
        "'{token}' is not a card. Ranks: 2–10, J/B, Q/D, K, A/Á, Jo; suits ♠♣♥♦ or S C H D.",
        "'{token}' nem lap. Értékek: 2–10, J/B, Q/D, K, A/Á, Jo; színek ♠♣♥♦ vagy S C H D.",
    ),
    "card_ambiguous_d": (
        "'{token}' could be {rank}♦ or {rank} and a D (dáma, the Hungarian queen): write "
        "{rank}♦ for the one card, or {rank} Q with a space for the two.",
        "'{token}' lehet {rank}♦, de {rank} és D (dáma) is: egy lapnál írd így: {rank}♦, "
        "kettőnél szóközzel: {rank} D.",
    ),
    "card_digits_together": (
        "'{value}': {token} could be the cards {first} and {second}, or {number} card points: "
        "write cards apart ({first} {second}); points stand alone in their cell ({number}, or "
        "X {number} for a player who had not laid down).",
        "'{value}': {token} lehet {first:a} {first} és {second:a} {second} lap, de {number} "
        "lappont is: a lapokat külön írd ({first} {second}); a lappont egymagában áll a "
        "cellában ({number}, vagy ha nem rakott le: X {number}).",
    ),
    "meld_digits_together": (
        "'{token}': write the cards apart ({first} {second}).",
        "'{token}': a lapokat külön írd ({first} {second}).",
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
        "{count:joker/jokers}, but the game has only {most} (house rule jokers).",
        "{count} joker, de a játékban csak {most} van (jokerek száma házszabály).",
    ),
    "cards_too_many_copies": (
        "{count} × {card:card}: {packs} packs have only {most} of each card.",
        "{count} × {card:card}: {packs} csomagban minden lapból csak {most} van.",
    ),
    "cards_too_many_of_rank": (
        "{count} × {rank:card}: {packs} packs have only {most} cards of each rank.",
        "{count} × {rank:card}: {packs} csomagban minden értékből csak {most} lap van.",
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
    "entry_card_names": (
        "'{value}' names cards by their names: write each by its letter (J or B, Q or D, K, "
        "A, Jo) and its suit if you like (♠ ♥ ♦ ♣ or S H D C), e.g. K♠ Q♥ 10.",
        "'{value}' a lapokat a nevükkel írja: írd mindegyiket a betűjével (J vagy B, Q vagy "
        "D, K, A, Jo), ha akarod, a színével (♠ ♥ ♦ ♣ vagy S H D C), pl. K♠ Q♥ 10.",
    ),
    "entry_card_names_in_deal": (
        "{player} has '{value}' in deal {deal}, which names cards by their names: write each "
        "by its letter (J or B, Q or D, K, A, Jo) and its suit if you like (♠ ♥ ♦ ♣ or "
        "S H D C), e.g. K♠ Q♥ 10.",
        "{player} cellájában {deal:a} {deal}. leosztásban '{value}' áll, amely a lapokat a "
        "nevükkel írja: írd mindegyiket a betűjével (J vagy B, Q vagy D, K, A, Jo), ha "
        "akarod, a színével (♠ ♥ ♦ ♣ vagy S H D C), pl. K♠ Q♥ 10.",
    ),
    "entry_unknown": (
        "'{value}' is not an entry. Type " + _CODES_HELP_EN + ".",
        "'{value}' nem értelmezhető. Írj " + _CODES_HELP_HU + " értéket.",
    ),
    "points_negative": (
        "Card points cannot be negative ({value}); only the winner's {normal} or {hand} is "
        "negative. "
        "Type the points left in hand, or H/W for the winner.",
        "A lappont nem lehet negatív ({value}); csak a nyerő {normal} vagy {hand} pontja "
        "negatív. "
        "Írd be a kézben maradt pontot, vagy H/W-t a nyerőnek.",
    ),
    "points_too_high": (
        "{value} card points is more than 14 cards can be worth ({most}): a typo?",
        "{value} lappont több, mint amennyit 14 lap érhet ({most}): elírás?",
    ),
    # rows
    "entry_missing": (
        "{player} has no entry in deal {deal}: type " + _CODES_HELP_EN + " (0 for no points).",
        "{player} cellája üres {deal:a} {deal}. leosztásban: írj "
        + _CODES_HELP_HU
        + " értéket (0, ha nincs pontja).",
    ),
    "row_mixed": (
        "Deal {deal} mixes entry codes with scores ({value}): type either codes and card points "
        "(H, W, X, 33) or the scores of the whole row (−20, 30, 0).",
        "{deal:A} {deal}. leosztás kódokat és pontokat is tartalmaz ({value}): vagy kódokat és "
        "lappontokat írj (H, W, X, 33), vagy az egész sor pontjait (−20, 30, 0).",
    ),
    "no_winner": (
        "Deal {deal} has no winner: exactly one player gets H (hand) or W (win), or a "
        "winner's score ({hand}/{normal}).",
        "{deal:A} {deal}. leosztásnak nincs nyerője: pontosan egy játékos kap H-t (kézből) vagy "
        "W-t (nyert), illetve egy nyerő pontját ({hand}/{normal}).",
    ),
    "two_winners": (
        "Deal {deal} has two winners ({first} and {player}): only one player can go out.",
        "{deal:A} {deal}. leosztásnak két nyerője van ({first} és {player}): csak egy játékos "
        "rakhat ki.",
    ),
    "deal_too_many_jokers": (
        "{player}'s cards bring the jokers in the losers' hands of deal {deal} to {count}, "
        "but the game has only {most} (house rule jokers).",
        "{player} lapjaival {count} joker van a vesztesek kezében {deal:a} {deal}. "
        "leosztásban, de a játékban csak {most} van (jokerek száma házszabály).",
    ),
    "deal_too_many_copies": (
        "{player}'s cards bring the {card:card} in the losers' hands of deal {deal} to {count}: "
        "{packs} packs have only {most} of each card.",
        "{player} lapjaival {count} × {card:card} van a vesztesek kezében {deal:a} {deal}. "
        "leosztásban: {packs} csomagban minden lapból csak {most} van.",
    ),
    "deal_too_many_of_rank": (
        "{player}'s cards bring the {rank:card}s in the losers' hands of deal {deal} to {count}: "
        "{packs} packs have only {most} cards of each rank.",
        "{player} lapjaival {count} × {rank:card} van a vesztesek kezében {deal:a} {deal}. "
        "leosztásban: {packs} csomagban minden értékből csak {most} lap van.",
    ),
    "deal_points_together": (
        "{player}: in deal {deal} the {count} highest card points add up to {total}, but "
        "{count} hands can hold at most {most} from the deck: a typo?",
        "{player}: {deal:a} {deal}. leosztásban {count:a} {count} legnagyobb lappont "
        "összesen {total}, de {count} kézben a paklikból legfeljebb {most} lehet: elírás?",
    ),
    "score_points_together": (
        "{player}: in deal {deal} the {count} highest scores need at least {total} card "
        "points, but {count} hands can hold at most {most} from the deck.",
        "{player}: {deal:a} {deal}. leosztásban {count:a} {count} legnagyobb pont legalább {total} "
        "lappontot kíván, de {count} kézben a paklikból legfeljebb {most} lehet.",
    ),
    "x_without_points": (
        "{player}: X without card points in deal {deal}, which was not won by hand. "
        "Type X and the points left in hand, e.g. X 45.",
        "{player}: X lappont nélkül {deal:a} {deal}. leosztásban, pedig nem kézből nyertek. "
        "Írd be az X után a kézben maradt pontot, pl. X 45.",
    ),
    "score_bad_winner": (
        "{player} has {value} in deal {deal}, which is no winner's score: the winner gets "
        "{hand} (hand) or {normal}.",
        "{player} pontja {value} {deal:a} {deal}. leosztásban, ez nem nyerő pontszám: a nyerő "
        "{hand} (kézből) vagy {normal} pontot kap.",
    ),
    "score_200_without_hand": (
        "{player} has {value} in deal {deal}, but nobody went hand ({hand}): {value} is only "
        "possible after a hand.",
        "{player} pontja {value} {deal:a} {deal}. leosztásban, de senki sem nyert kézből ({hand}): "
        "{value} csak kézből nyert leosztásban lehetséges.",
    ),
    "score_not_ten": (
        "{player} has {value} in deal {deal}: scores are rounded to tens, so {value} is "
        "impossible.",
        "{player} pontja {value} {deal:a} {deal}. leosztásban: a pontokat tízesre kerekítjük, így "
        "{value} lehetetlen.",
    ),
    "score_too_high": (
        "{player} has {value} in deal {deal}: at most {most} is possible.",
        "{player} pontja {value} {deal:a} {deal}. leosztásban: legfeljebb {most} lehetséges.",
    ),
    "score_after_hand": (
        "{player} has {value} in deal {deal}, after a hand: a loser scores {special} or a "
        "multiple of {step}.",
        "{player} pontja {value} {deal:a} {deal}. leosztásban, amelyet valaki kézből nyert: a "
        "vesztes {special} pontot vagy {step} többszörösét kapja.",
    ),
    "score_impossible": (
        "{player} has {value} in deal {deal}: no hand of cards gives that score.",
        "{player} pontja {value} {deal:a} {deal}. leosztásban: ilyen pontszám nem jöhet ki.",
    ),
    # sheets
    "players_too_few": (
        "The header has {count:player/players}; a game needs 2 to {most}. Type the players' names "
        "beside {header}.",
        "A fejlécben {count} játékos van; egy játszmához 2–{most} kell. Írd a neveket {header:a} "
        "{header} cella mellé.",
    ),
    "players_too_many": (
        "The header has {count} players; at most {most} can play (house rule max_players).",
        "A fejlécben {count} játékos van; legfeljebb {most} játszhat (legtöbb játékos házszabály).",
    ),
    "player_duplicate": (
        "The player '{player}' appears twice in the header; give each player a different name.",
        "'{player}' kétszer szerepel a fejlécben; minden játékosnak más nevet adj.",
    ),
    "player_heading_totals": (
        "'{player}' heads a column of running totals, not a player: remi writes each "
        "player's running total in its own area. Clear the column (its heading and cells) "
        "or delete it, or move it right of the table after an empty column.",
        "{player:A} '{player}' fejlécű oszlop részösszegeket tart, nem egy játékos "
        "beírásait: a remi a saját területén írja ki minden játékos részösszegét. Töröld "
        "az oszlop tartalmát (a fejlécét és a celláit) vagy magát az oszlopot, vagy tedd "
        "a táblázattól jobbra, egy üres oszlop után.",
    ),
    "deals_renumbered": (
        "Deal rows numbered {numbers}: read in the order of their rows, as deals 1 to "
        "{count} (a row deleted, inserted or moved?). In a game remi made (remi new, --add-game), "
        "remi score numbers them so; elsewhere number them 1, 2, 3, … in order.",
        "A leosztássorok számai: {numbers}; a sorok rendjében olvasva ezek az 1–{count}. "
        "leosztás (törölt, beszúrt vagy áthelyezett sor?). A remi által készített játszmában "
        "(remi new, --add-game) a remi score így számozza át őket; máshol számozd őket "
        "sorban: 1, 2, 3, …",
    ),
    "deal_number_wrong": (
        "Deal number '{value}' where deal {deal} was expected: number the deals 1, 2, 3, … "
        "in order.",
        "'{value}' leosztásszám áll ott, ahol {deal:a} {deal}. leosztás következne: számozd a "
        "leosztásokat sorban 1, 2, 3, …",
    ),
    "deal_after_gap": (
        "Deal {deal} is typed after an empty deal {gap}: played deals come first, without gaps.",
        "{deal:A} {deal}. leosztás egy üres ({gap}.) leosztás után áll: a lejátszott leosztások "
        "hézag nélkül, elöl jönnek.",
    ),
    "deal_after_blank_row": (
        "This row looks like a deal, but an empty row (row {gap}) ends the deal table above "
        "it, so it would be ignored: delete the empty row.",
        "Ez a sor leosztásnak látszik, de egy üres sor ({gap}. sor) lezárja fölötte a "
        "leosztások táblázatát, így kimaradna: töröld az üres sort.",
    ),
    "second_game_on_sheet": (
        "A second game's header under this game: one sheet holds one game, and this one "
        "would be ignored. Move it to a sheet of its own.",
        "Egy második játszma fejléce e játszma alatt: egy lapon egy játszma áll, ez "
        "kimaradna. Tedd át egy saját lapra.",
    ),
    "player_after_gap": (
        "'{player}' has an entry in every deal but stands after an empty header cell, so "
        "remi does not read it as a player: copy its name and entries into the empty column "
        "before it, then clear them here (or delete the empty column, where the spreadsheet "
        "lets you: in a live game it does not).",
        "'{player}' minden leosztásban szerepel, de egy üres fejléccella után áll, így a remi "
        "nem olvassa játékosként: másold a nevet és a beírásait az előtte álló üres oszlopba, "
        "majd itt töröld őket (vagy töröld az üres oszlopot, ahol a táblázatkezelő engedi: "
        "élő játszmában nem engedi).",
    ),
    "too_many_deals": (
        "Deal {deal} is more than the {most:deal/deals} of a game (house rule deals_per_game).",
        "{deal:A} {deal}. leosztás több, mint egy játszma {most} leosztása (leosztások száma "
        "házszabály).",
    ),
    "deal_after_end": (
        "The game ended after deal {ended}, when {who} reached {limit} (house rule "
        "points_limit): deal {deal} is one too many; start a new game sheet for it.",
        "A játszma {ended:a} {ended}. leosztás után véget ért, amikor {who} elérte {limit:a} "
        "{limit} pontot (ponthatár házszabály): {deal:a} {deal}. leosztás már nem tartozik "
        "bele; kezdj neki új játszmalapot.",
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
    "area_from_elsewhere": (
        "Columns {area} hold {count:cell/cells} of an area of remi's that this notebook's record "
        "does not know (a sheet copied from another notebook?): whether someone typed in "
        "them cannot be told. Clear columns {area} of this sheet (select them and press "
        "Delete: their contents, not the columns), and remi writes them anew.",
        "{area:A} {area} oszlopokban {count} cella egy olyan remi-terület része, amelyet e "
        "munkafüzet nyilvántartása nem ismer (másik munkafüzetből másolt lap?): nem tudni, "
        "írt-e bele valaki. Jelöld ki a lap {area} oszlopait, és töröld a tartalmukat "
        "(Delete billentyű; magukat az oszlopokat ne töröld): a remi újraírja őket.",
    ),
    "area_moved": (
        "Columns {area} hold what remi wrote in other rows of them, in {count:cell/cells} of "
        "remi's: rows inserted or deleted across its area? Clear columns {area} of this "
        "sheet (select them and press Delete: their contents, not the columns), and remi "
        "writes them anew.",
        "{area:A} {area} oszlopokban a remi {count} cellája azt tartalmazza, amit a remi más "
        "sorokba írt: sorokat szúrtak be vagy töröltek a területén? Jelöld ki a lap {area} "
        "oszlopait, és töröld a tartalmukat (Delete billentyű; magukat az oszlopokat ne "
        "töröld): a remi újraírja őket.",
    ),
    "sheet_moved": (
        "{count} of remi's cells on this sheet hold what remi wrote in other rows of it: rows "
        "inserted or deleted? The sheet is remi's own: delete it, and remi writes it anew.",
        "A lapon a remi {count} cellája azt tartalmazza, amit a remi más sorokba írt: "
        "sorokat szúrtak be vagy töröltek? A lap a remié: töröld, és a remi újraírja.",
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
    "area_marker_typed_over": (
        "The cell holds '{value}', typed over remi's heading where its area begins; remi "
        "leaves this sheet alone until the cell is cleared. A latecomer's name goes in an "
        "empty cell of the header left of it, beside the other names.",
        "A cellában '{value}' áll, a remi területének kezdő fejléce helyett; a remi addig nem "
        "nyúl ehhez a laphoz, amíg a cellát ki nem törlöd. Későn érkező játékos nevét a "
        "fejléc egy üres cellájába írd, tőle balra, a többi név mellé.",
    ),
    "area_formula_edited": (
        "Something was typed over remi's formula in this cell; remi leaves this sheet alone "
        "until the cell is cleared (remi then writes its formula again).",
        "Ebben a cellában a remi képletét felülírták; a remi addig nem nyúl ehhez a laphoz, "
        "amíg a cellát ki nem törlöd (utána újra kiírja a képletét).",
    ),
    "standings_not_ours": (
        "A sheet called '{sheet}' exists but was not written by remi; rename it, so that remi "
        "can write the standings there.",
        "Van már '{sheet}' nevű lap, de nem a remi írta; nevezd át, hogy a remi oda írhassa "
        "az összesítőt.",
    ),
    "sheet_unknown_header": (
        "Its rows read like a game's deals, but '{heading}' heads them, and a game's header "
        "starts with Deal, Leosztás, Osztás or #: not scored. If it is a game, head it "
        "Deal or Leosztás.",
        "A sorai egy játszma leosztásainak látszanak, de '{heading}' áll fölöttük, a "
        "játszma fejléce pedig Leosztás, Osztás, Deal vagy # szóval kezdődik: nincs "
        "pontozva. Ha játszma, a fejléce legyen Leosztás vagy Deal.",
    ),
    "header_too_low": (
        "Its rows read like a game's deals, but their header is below row {rows}, and "
        "remi looks for a game's header in the first {rows} rows: not scored. Move the "
        "table up, or the notes above it beside it.",
        "A sorai egy játszma leosztásainak látszanak, de a fejlécük a {rows}. sor alatt "
        "van, a remi pedig az első {rows} sorban keresi a játszma fejlécét: nincs pontozva. "
        "Vidd feljebb a táblázatot, vagy a fölötte álló jegyzeteket mellé.",
    ),
    "header_one_player": (
        "A game's header over {count:player/players} and no deal: no game, which needs two "
        "players or more; not scored, and remi writes nothing into it. If it is a game, type "
        "the players' names beside the header, one a column.",
        "Játszma fejléce, {count} játékossal és leosztás nélkül: nem játszma, ahhoz legalább "
        "két játékos kell; nincs pontozva, és a remi nem ír bele. Ha játszma, írd a "
        "játékosok nevét a fejléc mellé, egy oszlopba egyet.",
    ),
    "sheet_maybe_game": (
        "Headed by # like a game, but its rows do not read like deals (numbered from 1, "
        "mostly entries, a winner among them): not scored, and remi writes nothing into it. "
        "If it is a game, head it Deal or Leosztás.",
        "Úgy kezdődik #-tel, mint egy játszma, de a sorai nem leosztások (1-től számozva, "
        "többségükben bejegyzések, köztük egy nyertes): nincs pontozva, és a remi nem ír bele. "
        "Ha játszma, a fejléce legyen Leosztás vagy Deal.",
    ),
    "no_games": (
        "No game sheet found in {path}: a game sheet has a header row (in its first 10 rows) "
        "starting with Deal, Leosztás, Osztás or #, followed by the players' names.",
        "Nincs játszmalap ebben: {path}. A játszmalap első 10 sorának egyikében fejléc áll, "
        "amely Deal, Leosztás, Osztás vagy # szóval kezdődik, utána a játékosok nevei.",
    ),
}

# What a cell of a deal row says when the cell cannot be read, told with the player whose
# cell it is and the deal, as the row's other messages are (`entry_missing`, `score_not_ten`).
# The texts above say the same without them: where no game is read (`remi meld`, a paper
# total, `parse_entry` alone).
IN_DEAL_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    "entry_boolean_in_deal": (
        "{player}'s cell in deal {deal} holds TRUE/FALSE; type " + _CODES_HELP_EN + ".",
        "{player} cellájában {deal:a} {deal}. leosztásban IGAZ/HAMIS áll; írj "
        + _CODES_HELP_HU
        + " értéket.",
    ),
    "entry_date_in_deal": (
        "{player}'s cell in deal {deal} holds a date ({value}); the spreadsheet may have "
        "turned what you typed into a date. Format the cell as text and type "
        + _CODES_HELP_EN
        + ".",
        "{player} cellájában {deal:a} {deal}. leosztásban dátum áll ({value}); a "
        "táblázatkezelő alakíthatta dátummá a beírtat. Állítsd a cellát szövegre, és írj "
        + _CODES_HELP_HU
        + " értéket.",
    ),
    "entry_not_whole_in_deal": (
        "{player} has '{value}' in deal {deal}, which is not a whole number: card points "
        "are whole numbers.",
        "{player} cellájában {deal:a} {deal}. leosztásban '{value}' áll, ez nem egész szám: "
        "a lappont mindig egész.",
    ),
    "entry_thousands_in_deal": (
        "{player} has '{value}' in deal {deal}, which could be a thousand or the number "
        "before the separator: type the number without a separator.",
        "{player} cellájában {deal:a} {deal}. leosztásban '{value}' áll: ez lehet ezer is, "
        "de az elválasztó előtti szám is; írd elválasztó nélkül.",
    ),
    "entry_unknown_in_deal": (
        "{player} has '{value}' in deal {deal}, which is not an entry. Type "
        + _CODES_HELP_EN
        + ".",
        "{player} cellájában {deal:a} {deal}. leosztásban '{value}' áll, ez nem "
        "értelmezhető. Írj " + _CODES_HELP_HU + " értéket.",
    ),
    "points_negative_in_deal": (
        "{player}'s card points in deal {deal} cannot be negative ({value}); only the "
        "winner's {normal} or {hand} is negative. Type the points left in hand, or H/W for "
        "the winner.",
        "{player} lappontja {deal:a} {deal}. leosztásban nem lehet negatív ({value}); csak a "
        "nyerő {normal} vagy {hand} pontja negatív. Írd be a kézben maradt pontot, vagy "
        "H/W-t a nyerőnek.",
    ),
    "points_too_high_in_deal": (
        "{player} has {value} card points in deal {deal}, more than 14 cards can be worth "
        "({most}): a typo?",
        "{player} lappontja {value} {deal:a} {deal}. leosztásban, több, mint amennyit 14 lap "
        "érhet ({most}): elírás?",
    ),
    "card_empty_in_deal": (
        "{player}'s cell in deal {deal} names no card: type " + _CODES_HELP_EN + ".",
        "{player} cellájában {deal:a} {deal}. leosztásban egy lap sincs: írj "
        + _CODES_HELP_HU
        + " értéket.",
    ),
    "card_ambiguous_d_in_deal": (
        "Among {player}'s cards in deal {deal}, '{token}' could be {rank}♦ or {rank} and a D "
        "(dáma, the Hungarian queen): write {rank}♦ for the one card, or {rank} Q with a "
        "space for the two.",
        "{player} lapjai között {deal:a} {deal}. leosztásban '{token}' lehet {rank}♦, de "
        "{rank} és D (dáma) is: egy lapnál írd így: {rank}♦, kettőnél szóközzel: {rank} D.",
    ),
    "card_digits_together_in_deal": (
        "{player} has '{value}' in deal {deal}: {token} could be the cards {first} and "
        "{second}, or {number} card points. Write cards apart ({first} {second}); points "
        "stand alone in their cell ({number}, or X {number} for a player who had not laid "
        "down).",
        "{player} cellájában {deal:a} {deal}. leosztásban '{value}' áll: {token} lehet "
        "{first:a} {first} és {second:a} {second} lap, de {number} lappont is. A lapokat "
        "külön írd ({first} {second}); a lappont egymagában áll a cellában ({number}, vagy "
        "ha nem rakott le: X {number}).",
    ),
    "cards_too_many_in_deal": (
        "{player} has {count} cards left in hand in deal {deal}: a player holds at most {most}.",
        "{player} kezében {count} lap maradt {deal:a} {deal}. leosztásban: egy játékosnál "
        "legfeljebb {most} lap van.",
    ),
    "cards_too_many_jokers_in_deal": (
        "{player} has {count:joker/jokers} left in hand in deal {deal}, but the game has "
        "only {most} (house rule jokers).",
        "{player} kezében {count} joker maradt {deal:a} {deal}. leosztásban, de a játékban "
        "csak {most} van (jokerek száma házszabály).",
    ),
    "cards_too_many_copies_in_deal": (
        "{player} has {count} × {card:card} left in hand in deal {deal}: {packs} packs have "
        "only {most} of each card.",
        "{player} kezében {count} × {card:card} maradt {deal:a} {deal}. leosztásban: {packs} "
        "csomagban minden lapból csak {most} van.",
    ),
    "cards_too_many_of_rank_in_deal": (
        "{player} has {count} × {rank:card} left in hand in deal {deal}: {packs} packs have "
        "only {most} cards of each rank.",
        "{player} kezében {count} × {rank:card} maradt {deal:a} {deal}. leosztásban: {packs} "
        "csomagban minden értékből csak {most} lap van.",
    ),
    "formula_error_in_deal": (
        "{player}'s cell in deal {deal} shows the error {value}: fix the formula or type the "
        "value.",
        "{player} cellája {deal:a} {deal}. leosztásban hibát mutat ({value}): javítsd a "
        "képletet, vagy írd be az értéket.",
    ),
    "formula_no_value_in_deal": (
        "{player}'s cell in deal {deal} holds a formula ({value}) whose saved result is "
        "missing, empty or an error: type the value instead of the formula, or, if the "
        "formula is right, open and save the file in Excel or LibreOffice.",
        "{player} cellájában {deal:a} {deal}. leosztásban képlet áll ({value}), amelynek "
        "mentett eredménye hiányzik, üres vagy hiba: írd be az értéket a képlet helyett, vagy "
        "ha a képlet jó, nyisd meg és mentsd el a fájlt Excelben vagy LibreOffice-ban.",
    ),
}

# A problem's code → the key of its text said at a player's cell of a deal (a problem whose
# parameters name the player and the deal: `core.problems.Problem.message`).
IN_DEAL_KEYS: Final = {
    "entry_boolean": "entry_boolean_in_deal",
    "entry_date": "entry_date_in_deal",
    "entry_not_whole": "entry_not_whole_in_deal",
    "entry_thousands": "entry_thousands_in_deal",
    "entry_unknown": "entry_unknown_in_deal",
    "entry_card_names": "entry_card_names_in_deal",
    "points_negative": "points_negative_in_deal",
    "points_too_high": "points_too_high_in_deal",
    "card_empty": "card_empty_in_deal",
    "card_ambiguous_d": "card_ambiguous_d_in_deal",
    "card_digits_together": "card_digits_together_in_deal",
    "cards_too_many": "cards_too_many_in_deal",
    "cards_too_many_jokers": "cards_too_many_jokers_in_deal",
    "cards_too_many_copies": "cards_too_many_copies_in_deal",
    "cards_too_many_of_rank": "cards_too_many_of_rank_in_deal",
    "formula_error": "formula_error_in_deal",
    "formula_no_value": "formula_no_value_in_deal",
}

CATALOGUES: Final = (GAME_MESSAGES, IN_DEAL_MESSAGES)
