"""House rules: every number a table may change (docs/rules.md), with its default and its limits.

`HouseRules()` is the default rule book. A notebook's Rules sheet and the command line change
it through `with_rule`, which accepts the rules' English names and Hungarian aliases, and
refuses unknown names and impossible values with a `RemiError` that says why.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, NamedTuple

from remi_sheet.core.problems import RemiError
from remi_sheet.core.text import fold, fold_name


class Rounding(StrEnum):
    NEAREST_TEN_HALF_UP = "nearest-ten-half-up"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The scoring rules in force: the defaults unless the Rules sheet or `--rule`
    says otherwise."""

    packs: int = 2
    jokers: int = 4
    max_players: int = 6
    opening_minimum: int = 50
    deals_per_game: int = 7
    ace_value: int = 10
    low_ace_value: int = 1
    joker_in_hand: int = 20
    hand_win: int = -40
    normal_win: int = -20
    not_down_after_hand: int = 200
    hand_multiplier: int = 2
    round_before_doubling: bool = True
    rounding: Rounding = Rounding.NEAREST_TEN_HALF_UP

    def differences(self) -> dict[str, int | bool | str]:
        """The rules that differ from the defaults, by name, in definition order."""
        default = HouseRules()
        return {
            spec.name: _plain(getattr(self, spec.name))
            for spec in RULES
            if getattr(self, spec.name) != getattr(default, spec.name)
        }


def _plain(value: object) -> int | bool | str:
    if isinstance(value, Rounding):
        return value.value
    assert isinstance(value, int | bool | str)
    return value


class RuleSpec(NamedTuple):
    """One house rule's name, type, bounds, other spellings and help text."""

    name: str
    kind: type
    low: int | None
    high: int | None
    aliases: tuple[str, ...]
    help_en: str
    help_hu: str


JOKERS_PER_PACK: Final = 3

RULES: Final[tuple[RuleSpec, ...]] = (
    RuleSpec(
        "packs",
        int,
        2,
        3,
        ("csomagok", "csomagok_szama", "pakli", "paklik"),
        "Packs of French cards (3 for five or six players in some circles).",
        "Francia kártyacsomagok száma (öt-hat játékosnál sokan hárommal játszanak).",
    ),
    RuleSpec(
        "jokers",
        int,
        0,
        JOKERS_PER_PACK * 3,
        ("jokerek", "jokerek_szama"),
        "Jokers in the packs, at most 3 a pack (0: professionals play without).",
        "Jokerek száma a csomagokban, csomagonként legfeljebb 3 (0: a profik nélkülük játszanak).",
    ),
    RuleSpec(
        "max_players",
        int,
        2,
        6,
        ("max_jatekos", "jatekosok_max"),
        "Most players in one game.",
        "Legfeljebb ennyi játékos egy játszmában.",
    ),
    RuleSpec(
        "opening_minimum",
        int,
        1,
        180,
        ("nyitas_minimum", "nyitas", "elso_lerakas"),
        "Least value of the first meld (50, or 51 by agreement).",
        "Az első lerakás legkisebb értéke (50, megállapodás szerint 51).",
    ),
    RuleSpec(
        "deals_per_game",
        int,
        1,
        50,
        ("leosztasok", "leosztasok_szama", "fordulok"),
        "Deals in one game (hétfordulós: 7).",
        "Leosztások száma egy játszmában (hétfordulós: 7).",
    ),
    RuleSpec(
        "ace_value",
        int,
        1,
        20,
        ("asz_erteke", "asz"),
        "Value of an ace left in hand or in a high meld.",
        "Az ász értéke kézben és felső sorban.",
    ),
    RuleSpec(
        "low_ace_value",
        int,
        1,
        20,
        ("also_asz", "also_asz_erteke"),
        "Value of an ace in a low run A-2-3.",
        "Az ász értéke az alsó sorban (A-2-3).",
    ),
    RuleSpec(
        "joker_in_hand",
        int,
        0,
        100,
        ("joker_kezben", "kezben_maradt_joker"),
        "Value of a joker left in hand.",
        "A kézben maradt joker értéke.",
    ),
    RuleSpec(
        "hand_win",
        int,
        -1000,
        -1,
        ("hand", "kezbol", "kezbol_nyeres"),
        "Score of a winner who went out all at once from hand.",
        "A kézből (hand-del) nyerő pontja.",
    ),
    RuleSpec(
        "normal_win",
        int,
        -1000,
        -1,
        ("nyeres", "normal_nyeres"),
        "Score of a winner who had laid down before.",
        "A korábban már lerakott nyerő pontja.",
    ),
    RuleSpec(
        "not_down_after_hand",
        int,
        1,
        1000,
        ("le_nem_rakott", "ketszaz"),
        "Score of a loser who had not laid down when the winner went hand.",
        "Hand után annak a pontja, aki nem rakott le.",
    ),
    RuleSpec(
        "hand_multiplier",
        int,
        1,
        10,
        ("hand_szorzo", "szorzo"),
        "Multiplier of a laid-down loser's card points after a hand.",
        "Hand után a lerakott vesztes lappontjainak szorzója.",
    ),
    RuleSpec(
        "round_before_doubling",
        bool,
        None,
        None,
        ("kerekites_duplazas_elott", "kerekites_ketszerezes_elott", "elobb_kerekites"),
        "After a hand, round the card points before multiplying (33 → 30 → 60).",
        "Hand után előbb kerekítünk, aztán szorzunk (33 → 30 → 60).",
    ),
    RuleSpec(
        "rounding",
        Rounding,
        None,
        None,
        ("kerekites",),
        "nearest-ten-half-up (0–4 → 0, 5–14 → 10, 25 → 30) or none.",
        "nearest-ten-half-up (0–4 → 0, 5–14 → 10, 25 → 30) vagy none.",
    ),
)

_BY_KEY: Final[dict[str, RuleSpec]] = {
    fold_name(key): spec for spec in RULES for key in (spec.name, *spec.aliases)
}
_TRUE: Final = frozenset({"true", "yes", "igen", "1", "i", "y", "igaz"})
_FALSE: Final = frozenset({"false", "no", "nem", "0", "n", "hamis"})
_ROUNDING: Final[dict[str, Rounding]] = {
    "nearest-ten-half-up": Rounding.NEAREST_TEN_HALF_UP,
    "nearest_ten_half_up": Rounding.NEAREST_TEN_HALF_UP,
    "tizesre": Rounding.NEAREST_TEN_HALF_UP,
    "none": Rounding.NONE,
    "nincs": Rounding.NONE,
}


def rule_spec(name: str) -> RuleSpec:
    """The rule called `name` (English name or Hungarian alias, any case or accents)."""
    spec = _BY_KEY.get(fold_name(name))
    if spec is None:
        raise RemiError("rule_unknown", name=name, known=", ".join(s.name for s in RULES))
    return spec


def parse_value(spec: RuleSpec, raw: object) -> int | bool | Rounding:
    """`raw` (a cell value or option text) as a value of the rule, or `RemiError`."""
    if spec.kind is bool:
        return _parse_bool(spec, raw)
    if spec.kind is Rounding:
        found = _ROUNDING.get(fold(str(raw)))
        if found is None:
            raise RemiError(
                "rule_bad_choice", name=spec.name, value=raw, choices="nearest-ten-half-up, none"
            )
        return found
    return _parse_int(spec, raw)


def _parse_bool(spec: RuleSpec, raw: object) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, int | float) and raw in (0, 1):
        return bool(raw)
    word = fold(str(raw))
    if word in _TRUE or word in _FALSE:
        return word in _TRUE
    raise RemiError("rule_bad_bool", name=spec.name, value=raw)


def _parse_int(spec: RuleSpec, raw: object) -> int:
    number: float | None = None
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        number = float(raw)
    elif isinstance(raw, str):
        try:
            number = float(fold(raw).replace(",", ".").replace("\u2212", "-"))
        except ValueError:
            number = None
    if number is None or not number.is_integer():
        raise RemiError("rule_bad_number", name=spec.name, value=raw)
    value = int(number)
    assert spec.low is not None and spec.high is not None
    if not spec.low <= value <= spec.high:
        raise RemiError(
            "rule_out_of_range", name=spec.name, value=value, low=spec.low, high=spec.high
        )
    return value


def with_rule(rules: HouseRules, name: str, raw: object) -> HouseRules:
    """`rules` with the rule `name` set from `raw`, checked on its own.

    Rules that depend on each other are checked by `check_consistent` once all are set, so
    that the order of the rows on a Rules sheet does not matter.
    """
    spec = rule_spec(name)
    change: dict[str, Any] = {spec.name: parse_value(spec, raw)}
    return dataclasses.replace(rules, **change)


def check_consistent(rules: HouseRules) -> None:
    """Raise `RemiError` when two rules together make scoring impossible to read back."""
    if rules.hand_win == rules.normal_win:
        # A score row tells a hand from a normal win only by the winner's number.
        raise RemiError("rule_wins_equal", value=rules.hand_win, rules=("hand_win", "normal_win"))
    if rules.jokers > JOKERS_PER_PACK * rules.packs:
        raise RemiError(
            "rule_jokers_packs",
            jokers=rules.jokers,
            packs=rules.packs,
            most=JOKERS_PER_PACK * rules.packs,
            rules=("jokers", "packs"),
        )
    if rules.low_ace_value > rules.ace_value:
        raise RemiError(
            "rule_low_ace",
            low=rules.low_ace_value,
            high=rules.ace_value,
            rules=("low_ace_value", "ace_value"),
        )
