"""The house rules' names, one-line explanations and value words, in English and Hungarian.

`rulename_<rule>` is what a Rules sheet, a report and a message call the rule: in English
its name as the code and `-r` know it, in Hungarian a Hungarian name (both are accepted
when reading). `rulehelp_<rule>` is the explanation `remi new` writes beside it. The code
finds a rule's keys, and a value word's, in `RULE_NAME_KEYS`, `RULE_HELP_KEYS` and
`RULE_VALUE_KEYS`: every key is written out, so a search for one finds where it is said.
"""

from __future__ import annotations

from typing import Final

# Each rule's name: in English as the code and `-r` know it, in Hungarian its Hungarian name.
RULE_NAMES: Final[dict[str, tuple[str, str]]] = {
    "rulename_packs": ("packs", "csomagok száma"),
    "rulename_jokers": ("jokers", "jokerek száma"),
    "rulename_max_players": ("max_players", "legtöbb játékos"),
    "rulename_opening_minimum": ("opening_minimum", "nyitás minimum"),
    "rulename_deals_per_game": ("deals_per_game", "leosztások száma"),
    "rulename_game_end": ("game_end", "játszma vége"),
    "rulename_points_limit": ("points_limit", "ponthatár"),
    "rulename_ace_value": ("ace_value", "ász értéke"),
    "rulename_low_ace_value": ("low_ace_value", "alsó ász értéke"),
    "rulename_joker_in_hand": ("joker_in_hand", "kézben maradt joker"),
    "rulename_hand_win": ("hand_win", "kézből nyerés"),
    "rulename_normal_win": ("normal_win", "normál nyerés"),
    "rulename_not_down_after_hand": ("not_down_after_hand", "le nem rakott hand után"),
    "rulename_not_down_after_normal": ("not_down_after_normal", "le nem rakott normál után"),
    "rulename_hand_multiplier": ("hand_multiplier", "hand szorzó"),
    "rulename_round_before_doubling": ("round_before_doubling", "kerekítés duplázás előtt"),
    "rulename_rounding": ("rounding", "kerekítés"),
    "rulename_jokers_per_meld": ("jokers_per_meld", "joker kirakásonként"),
    "rulename_opening_needs_clean_run": ("opening_needs_clean_run", "nyitáshoz tiszta sor"),
}

# Each rule's one-line explanation, which `remi new` writes beside it.
RULE_HELP: Final[dict[str, tuple[str, str]]] = {
    "rulehelp_packs": (
        "Packs of French cards: 2, or 3 for five or six players in some circles.",
        "Francia kártyacsomagok száma: 2, öt-hat játékosnál sok helyen 3.",
    ),
    "rulehelp_jokers": (
        "Jokers in the packs, at most 3 a pack (0: professionals play without).",
        "Jokerek száma a csomagokban, csomagonként legfeljebb 3 (0: a profik nélkülük játszanak).",
    ),
    "rulehelp_max_players": (
        "Most players in one game.",
        "Legfeljebb ennyi játékos egy játszmában.",
    ),
    "rulehelp_opening_minimum": (
        "Least value of the first meld (50, or 51 by agreement).",
        "Az első lerakás legkisebb értéke (50, megállapodás szerint 51).",
    ),
    "rulehelp_deals_per_game": (
        "Deals in one game (7 in the usual seven-deal game); with game_end = limit, the "
        "rows a new game has.",
        "Leosztások száma egy játszmában (hétfordulós: 7); ponthatárig játszva ennyi sort kap "
        "egy új játszma.",
    ),
    "rulehelp_game_end": (
        "deals: after deals_per_game deals; limit: after the deal in which a total reaches "
        "points_limit.",
        "leosztások: a leosztások száma után; ponthatár: annak a leosztásnak a végén, "
        "amelyben valakinek az összpontja eléri a ponthatárt.",
    ),
    "rulehelp_points_limit": (
        "With game_end = limit: the total that ends the game (play to 500).",
        "Ponthatárig játszva: ennyi összpont zárja a játszmát (500-ig játszunk).",
    ),
    "rulehelp_ace_value": (
        "Value of an ace left in hand or in a high meld.",
        "Az ász értéke kézben és felső sorban.",
    ),
    "rulehelp_low_ace_value": (
        "Value of an ace in a low run A-2-3.",
        "Az ász értéke az alsó sorban (Á-2-3).",
    ),
    "rulehelp_joker_in_hand": (
        "Value of a joker left in hand.",
        "A kézben maradt joker értéke.",
    ),
    "rulehelp_hand_win": (
        "Score of a winner who went out all at once from hand.",
        "A kézből (hand-del) nyerő pontja.",
    ),
    "rulehelp_normal_win": (
        "Score of a winner who had laid down before.",
        "A korábban már lerakott nyerő pontja.",
    ),
    "rulehelp_not_down_after_hand": (
        "Score of a loser who had not laid down when the winner went hand.",
        "Hand után annak a pontja, aki nem rakott le.",
    ),
    "rulehelp_not_down_after_normal": (
        "A loser who had not laid down, after a normal win: points (the card points, "
        "rounded) or a fixed score such as 100.",
        "Normál nyerés után annak a pontja, aki nem rakott le: lappont (a lapjai pontja, "
        "kerekítve) vagy egy fix pont, pl. 100.",
    ),
    "rulehelp_hand_multiplier": (
        "Multiplier of a laid-down loser's card points after a hand.",
        "Hand után a lerakott vesztes lappontjainak szorzója.",
    ),
    "rulehelp_round_before_doubling": (
        "After a hand, round the card points before multiplying (33 → 30 → 60).",
        "Hand után előbb kerekítünk, aztán szorzunk (33 → 30 → 60).",
    ),
    "rulehelp_rounding": (
        "nearest-ten-half-up (0–4 → 0, 5–14 → 10, 25 → 30) or none.",
        "tízesre (0–4 → 0, 5–14 → 10, 25 → 30) vagy nincs.",
    ),
    "rulehelp_jokers_per_meld": (
        "Most jokers in one meld (remi meld only), or no limit.",
        "Legfeljebb ennyi joker egy kirakásban (csak a remi meld parancsnál), vagy nincs korlát.",
    ),
    "rulehelp_opening_needs_clean_run": (
        "The first laying down must hold a run without a joker (remi meld only).",
        "Az első lerakásban lennie kell egy joker nélküli sornak (csak a remi meld parancsnál).",
    ),
}

# A rule → the key of its name (`RULE_NAMES`), of its explanation (`RULE_HELP`).
RULE_NAME_KEYS: Final = {
    "packs": "rulename_packs",
    "jokers": "rulename_jokers",
    "max_players": "rulename_max_players",
    "opening_minimum": "rulename_opening_minimum",
    "deals_per_game": "rulename_deals_per_game",
    "game_end": "rulename_game_end",
    "points_limit": "rulename_points_limit",
    "ace_value": "rulename_ace_value",
    "low_ace_value": "rulename_low_ace_value",
    "joker_in_hand": "rulename_joker_in_hand",
    "hand_win": "rulename_hand_win",
    "normal_win": "rulename_normal_win",
    "not_down_after_hand": "rulename_not_down_after_hand",
    "not_down_after_normal": "rulename_not_down_after_normal",
    "hand_multiplier": "rulename_hand_multiplier",
    "round_before_doubling": "rulename_round_before_doubling",
    "rounding": "rulename_rounding",
    "jokers_per_meld": "rulename_jokers_per_meld",
    "opening_needs_clean_run": "rulename_opening_needs_clean_run",
}
RULE_HELP_KEYS: Final = {
    "packs": "rulehelp_packs",
    "jokers": "rulehelp_jokers",
    "max_players": "rulehelp_max_players",
    "opening_minimum": "rulehelp_opening_minimum",
    "deals_per_game": "rulehelp_deals_per_game",
    "game_end": "rulehelp_game_end",
    "points_limit": "rulehelp_points_limit",
    "ace_value": "rulehelp_ace_value",
    "low_ace_value": "rulehelp_low_ace_value",
    "joker_in_hand": "rulehelp_joker_in_hand",
    "hand_win": "rulehelp_hand_win",
    "normal_win": "rulehelp_normal_win",
    "not_down_after_hand": "rulehelp_not_down_after_hand",
    "not_down_after_normal": "rulehelp_not_down_after_normal",
    "hand_multiplier": "rulehelp_hand_multiplier",
    "round_before_doubling": "rulehelp_round_before_doubling",
    "rounding": "rulehelp_rounding",
    "jokers_per_meld": "rulehelp_jokers_per_meld",
    "opening_needs_clean_run": "rulehelp_opening_needs_clean_run",
}

RULE_WORDS: Final[dict[str, tuple[str, str]]] = {
    "rulenames_all": (
        ", ".join(english for english, _ in RULE_NAMES.values()),
        ", ".join(hungarian for _, hungarian in RULE_NAMES.values()),
    ),
    # values as the Rules sheet, the reports and the messages show them (read back too)
    "rulevalue_yes": ("yes", "igen"),
    "rulevalue_no": ("no", "nem"),
    "rulevalue_nearest-ten-half-up": ("nearest-ten-half-up", "tízesre"),
    "rulevalue_none": ("none", "nincs"),
    "rulevalue_deals": ("deals", "leosztások"),
    "rulevalue_limit": ("limit", "ponthatár"),
    "rulevalue_points": ("points", "lappont"),
    "rulevalue_no_limit": ("no limit", "nincs korlát"),
    # the free-text agreements under the rules
    "agreements": ("Agreements", "Megállapodások"),
    "rules_from": ("From", "Mától"),
    "rules_from_day": ("from {day} {rule}", "{day} napjától {rule}"),
    "rules_since": ("from {day}", "{day} napjától"),
    "rules_from_help": (
        "A rule that changes on a day: on this row (or one inserted above Agreements) its "
        "name, the new value, and in the From column the day it holds from (2026-12-01). "
        "Each game plays by the row of the latest day not after its own date; a row "
        "without a day holds from the start.",
        "Ha egy szabály egy naptól változik: ebbe a sorba (vagy a Megállapodások fölé "
        "beszúrt sorba) a neve, az új érték, és a Mától oszlopba a nap, amelytől érvényes "
        "(2026. 12. 01.). Minden játszma a dátumánál nem későbbi legutolsó nap sora szerint "
        "megy; a nap nélküli sor a kezdettől érvényes.",
    ),
    "agreements_help": (
        "Anything else your table agreed, one a row below (no effect on scores; printed on "
        "the scorecard).",
        "Amiben még megállapodtatok, soronként egy, alább (a pontokon nem változtat; a "
        "pontozólapon megjelenik).",
    ),
}

# A value word as `rules` reads it and `differences` gives it → the key of its text, in
# the catalogue's order.
RULE_VALUE_KEYS: Final = {
    "yes": "rulevalue_yes",
    "no": "rulevalue_no",
    "nearest-ten-half-up": "rulevalue_nearest-ten-half-up",
    "none": "rulevalue_none",
    "deals": "rulevalue_deals",
    "limit": "rulevalue_limit",
    "points": "rulevalue_points",
    "no_limit": "rulevalue_no_limit",
}

CATALOGUES: Final = (RULE_NAMES, RULE_HELP, RULE_WORDS)
