"""The house rules' names, one-line explanations and value words, in English and Hungarian.

`rulename_<rule>` is what a Rules sheet, a report and a message call the rule: in English
its name as the code and `-r` know it, in Hungarian a Hungarian name (both are accepted
when reading). `rulehelp_<rule>` is the explanation `remi new` writes beside it.
"""

from __future__ import annotations

from typing import Final

# rule → (Hungarian name, English help, Hungarian help)
_RULES: Final[dict[str, tuple[str, str, str]]] = {
    "packs": (
        "csomagok száma",
        "Packs of French cards: 2, or 3 for five or six players in some circles.",
        "Francia kártyacsomagok száma: 2, öt-hat játékosnál sok helyen 3.",
    ),
    "jokers": (
        "jokerek száma",
        "Jokers in the packs, at most 3 a pack (0: professionals play without).",
        "Jokerek száma a csomagokban, csomagonként legfeljebb 3 (0: a profik nélkülük játszanak).",
    ),
    "max_players": (
        "legtöbb játékos",
        "Most players in one game.",
        "Legfeljebb ennyi játékos egy játszmában.",
    ),
    "opening_minimum": (
        "nyitás minimum",
        "Least value of the first meld (50, or 51 by agreement).",
        "Az első lerakás legkisebb értéke (50, megállapodás szerint 51).",
    ),
    "deals_per_game": (
        "leosztások száma",
        "Deals in one game (7 in the usual seven-deal game); with game_end = limit, the "
        "rows a new game has.",
        "Leosztások száma egy játszmában (hétfordulós: 7); ponthatárig játszva ennyi sort kap "
        "egy új játszma.",
    ),
    "game_end": (
        "játszma vége",
        "deals: after deals_per_game deals; limit: after the deal in which a total reaches "
        "points_limit.",
        "leosztások: a leosztások száma után; ponthatár: annak a leosztásnak a végén, "
        "amelyben valakinek az összpontja eléri a ponthatárt.",
    ),
    "points_limit": (
        "ponthatár",
        "With game_end = limit: the total that ends the game (play to 500).",
        "Ponthatárig játszva: ennyi összpont zárja a játszmát (500-ig játszunk).",
    ),
    "ace_value": (
        "ász értéke",
        "Value of an ace left in hand or in a high meld.",
        "Az ász értéke kézben és felső sorban.",
    ),
    "low_ace_value": (
        "alsó ász értéke",
        "Value of an ace in a low run A-2-3.",
        "Az ász értéke az alsó sorban (Á-2-3).",
    ),
    "joker_in_hand": (
        "kézben maradt joker",
        "Value of a joker left in hand.",
        "A kézben maradt joker értéke.",
    ),
    "hand_win": (
        "kézből nyerés",
        "Score of a winner who went out all at once from hand.",
        "A kézből (hand-del) nyerő pontja.",
    ),
    "normal_win": (
        "normál nyerés",
        "Score of a winner who had laid down before.",
        "A korábban már lerakott nyerő pontja.",
    ),
    "not_down_after_hand": (
        "le nem rakott hand után",
        "Score of a loser who had not laid down when the winner went hand.",
        "Hand után annak a pontja, aki nem rakott le.",
    ),
    "not_down_after_normal": (
        "le nem rakott normál után",
        "A loser who had not laid down, after a normal win: points (the card points, "
        "rounded) or a fixed score such as 100.",
        "Normál nyerés után annak a pontja, aki nem rakott le: lappont (a lapjai pontja, "
        "kerekítve) vagy egy fix pont, pl. 100.",
    ),
    "hand_multiplier": (
        "hand szorzó",
        "Multiplier of a laid-down loser's card points after a hand.",
        "Hand után a lerakott vesztes lappontjainak szorzója.",
    ),
    "round_before_doubling": (
        "kerekítés duplázás előtt",
        "After a hand, round the card points before multiplying (33 → 30 → 60).",
        "Hand után előbb kerekítünk, aztán szorzunk (33 → 30 → 60).",
    ),
    "rounding": (
        "kerekítés",
        "nearest-ten-half-up (0–4 → 0, 5–14 → 10, 25 → 30) or none.",
        "tízesre (0–4 → 0, 5–14 → 10, 25 → 30) vagy nincs.",
    ),
    "jokers_per_meld": (
        "joker kirakásonként",
        "Most jokers in one meld (remi meld only), or no limit.",
        "Legfeljebb ennyi joker egy kirakásban (csak a remi meld-ben), vagy nincs korlát.",
    ),
    "opening_needs_clean_run": (
        "nyitáshoz tiszta sor",
        "The first laying down must hold a run without a joker (remi meld only).",
        "Az első lerakásban lennie kell egy joker nélküli sornak (csak a remi meld-ben).",
    ),
}

RULE_NAMES: Final[dict[str, tuple[str, str]]] = {
    f"rulename_{rule}": (rule, hungarian) for rule, (hungarian, _, _) in _RULES.items()
}

RULE_HELP: Final[dict[str, tuple[str, str]]] = {
    f"rulehelp_{rule}": (english, hungarian) for rule, (_, english, hungarian) in _RULES.items()
}

RULE_WORDS: Final[dict[str, tuple[str, str]]] = {
    "rulenames_all": (", ".join(_RULES), ", ".join(name for name, _, _ in _RULES.values())),
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
    "agreements_help": (
        "Anything else your table agreed, one a row below (no effect on scores; printed on "
        "the scorecard).",
        "Amiben még megállapodtatok, soronként egy, alább (a pontokon nem változtat; a "
        "pontozólapon megjelenik).",
    ),
}

CATALOGUES: Final = (RULE_NAMES, RULE_HELP, RULE_WORDS)
