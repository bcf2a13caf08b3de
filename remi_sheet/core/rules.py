"""House rules: every number a table may change (docs/rules.md), with its default and its limits.

`HouseRules()` is the default rule book. A notebook's Rules sheet and the command line change
it through `with_rule`, which accepts the rules' English and Hungarian names and aliases, and
refuses unknown names and impossible values with a `RemiError` that says why.
"""

from __future__ import annotations

import bisect
import dataclasses
import datetime as dt
import difflib
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, NamedTuple

from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.text import PLAIN_MINUS, fold, fold_name
from remi_sheet.i18n import Lang, Phrase, day, number, say
from remi_sheet.i18n.catalogue import TEXTS
from remi_sheet.i18n.rules import RULE_NAME_KEYS, RULE_VALUE_KEYS


class Rounding(StrEnum):
    NEAREST_TEN_HALF_UP = "nearest-ten-half-up"
    NONE = "none"


class GameEnd(StrEnum):
    DEALS = "deals"  # after `deals_per_game` deals
    LIMIT = "limit"  # after the deal in which a total reaches `points_limit`


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The scoring rules in force: the defaults unless the Rules sheet or `--rule`
    says otherwise."""

    packs: int = 2
    jokers: int = 4
    max_players: int = 6
    opening_minimum: int = 50
    deals_per_game: int = 7
    game_end: GameEnd = GameEnd.DEALS
    points_limit: int = 500
    ace_value: int = 10
    low_ace_value: int = 1
    joker_in_hand: int = 20
    hand_win: int = -40
    normal_win: int = -20
    not_down_after_hand: int = 200
    not_down_after_normal: int | None = None  # None: the card points, as a laid-down loser
    hand_multiplier: int = 2
    round_before_doubling: bool = True
    rounding: Rounding = Rounding.NEAREST_TEN_HALF_UP
    jokers_per_meld: int | None = None  # None: no limit
    opening_needs_clean_run: bool = False

    def differences(self) -> dict[str, int | bool | str]:
        """The rules that differ from the defaults, by name, in definition order (a value
        word such as `points` in English: `value_text` says it in a language)."""
        default = HouseRules()
        return {
            spec.name: _plain(spec, getattr(self, spec.name))
            for spec in RULES
            if getattr(self, spec.name) != getattr(default, spec.name)
        }

    @property
    def to_limit(self) -> bool:
        return self.game_end is GameEnd.LIMIT


# Deal rows of a game played to a limit when no number was asked for: a game to 500 runs
# to some ten to fifteen deals, far past the default 7 rows, and a deal typed below the
# table would stand beside the live Total row.
LIMIT_ROWS: Final = 20


def table_rows(rules: HouseRules) -> int:
    """How many deal rows a game's table has, on a new game sheet and a blank scorecard:
    `deals_per_game`, or for a game played to a limit with the default left as it is,
    `LIMIT_ROWS`."""
    if rules.to_limit and rules.deals_per_game == HouseRules().deals_per_game:
        return LIMIT_ROWS
    return rules.deals_per_game


def default_value(name: str) -> int | bool | str:
    """The rule's default as `differences` gives a value (a value word in English)."""
    return _plain(rule_spec(name), getattr(HouseRules(), rule_spec(name).name))


def _plain(spec: RuleSpec, value: object) -> int | bool | str:
    if value is None:
        assert spec.word is not None
        return say(RULE_VALUE_KEYS[spec.word], "en")
    if isinstance(value, StrEnum):
        return value.value
    assert isinstance(value, int | bool | str)
    return value


class RuleSpec(NamedTuple):
    """One house rule's name, type, bounds and other spellings; its Hungarian name and
    one-line help are in the catalogue (`i18n.rules.RULE_NAME_KEYS`, `RULE_HELP_KEYS`)."""

    name: str
    kind: type
    low: int | None
    high: int | None
    aliases: tuple[str, ...]
    word: str | None = None  # a number rule's word for "none" (`points`, `no_limit`)


JOKERS_PER_PACK: Final = 3

RULES: Final[tuple[RuleSpec, ...]] = (
    RuleSpec("packs", int, 2, 3, ("csomagok", "csomagok_szama", "pakli", "paklik")),
    RuleSpec("jokers", int, 0, JOKERS_PER_PACK * 3, ("jokerek", "jokerek_szama")),
    RuleSpec("max_players", int, 2, 6, ("max_jatekos", "jatekosok_max")),
    RuleSpec("opening_minimum", int, 1, 180, ("nyitas_minimum", "nyitas", "elso_lerakas")),
    RuleSpec("deals_per_game", int, 1, 50, ("leosztasok", "leosztasok_szama", "fordulok")),
    RuleSpec("game_end", GameEnd, None, None, ("jatszma_vege", "vege")),
    RuleSpec("points_limit", int, 1, 100_000, ("ponthatar", "hatar")),
    RuleSpec("ace_value", int, 1, 20, ("asz_erteke", "asz")),
    RuleSpec("low_ace_value", int, 1, 20, ("also_asz", "also_asz_erteke")),
    RuleSpec("joker_in_hand", int, 0, 100, ("joker_kezben", "kezben_maradt_joker")),
    RuleSpec("hand_win", int, -1000, -1, ("hand", "kezbol", "kezbol_nyeres")),
    RuleSpec("normal_win", int, -1000, -1, ("nyeres", "normal_nyeres")),
    RuleSpec("not_down_after_hand", int, 1, 1000, ("le_nem_rakott", "ketszaz")),
    RuleSpec("not_down_after_normal", int, 0, 1000, ("le_nem_rakott_normal",), "points"),
    RuleSpec("hand_multiplier", int, 1, 10, ("hand_szorzo", "szorzo")),
    RuleSpec(
        "round_before_doubling",
        bool,
        None,
        None,
        ("kerekites_duplazas_elott", "kerekites_ketszerezes_elott", "elobb_kerekites"),
    ),
    RuleSpec("rounding", Rounding, None, None, ("kerekites",)),
    RuleSpec("jokers_per_meld", int, 0, 14, ("joker_meldenkent",), "no_limit"),
    RuleSpec("opening_needs_clean_run", bool, None, None, ("tiszta_sor",)),
)

_BY_KEY: Final[dict[str, RuleSpec]] = {
    fold_name(key): spec
    for spec in RULES
    for key in (spec.name, *spec.aliases, TEXTS[RULE_NAME_KEYS[spec.name]][1])
}
# Yes as a Rules sheet may say it (the live names compare these words in this order too).
YES_WORDS: Final = ("true", "yes", "igen", "1", "i", "y", "igaz")
_TRUE: Final = frozenset(YES_WORDS)
NO_WORDS: Final = ("false", "no", "nem", "0", "n", "hamis")
_FALSE: Final = frozenset(NO_WORDS)
# A value word as typed in either language (`tizesre`, `ponthatar`, `no limit`) → the word.
_WORDS: Final[dict[str, str]] = {
    fold_name(text): word for word, key in RULE_VALUE_KEYS.items() for text in TEXTS[key]
}

# Longer text is no rule's name nor value word, however spaced, and is not folded: a
# shared string of a megabyte may stand in every row of a sheet.
_LONGEST_KEY: Final = 4 * max(map(len, [*_BY_KEY, *_WORDS]))


def _key(text: str) -> str:
    """`fold_name` of `text`, or "" (no name, no word) for text too long to be one."""
    return fold_name(text) if len(text) <= _LONGEST_KEY else ""


def rule_spec(name: str) -> RuleSpec:
    """The rule called `name` (English or Hungarian name, or an alias; any case or
    accents)."""
    spec = _BY_KEY.get(_key(name))
    if spec is None:
        near = difflib.get_close_matches(_key(name), _BY_KEY, n=1, cutoff=0.8)
        meant = Phrase("rule_near", {"name": rule_name(_BY_KEY[near[0]].name)}) if near else ""
        raise RemiError("rule_unknown", name=name, near=meant, known=Phrase("rulenames_all"))
    return spec


def rule_name(name: str) -> Phrase:
    """The rule's name as a message, sheet or report shows it in its language."""
    return Phrase(RULE_NAME_KEYS[name])


def value_text(value: object, lang: Lang) -> str:
    """A rule's value as the Rules sheet and the reports show it in `lang`: yes/no, a
    value word (`tízesre`, `lappont`) or a number."""
    if isinstance(value, bool):
        return say("rulevalue_yes" if value else "rulevalue_no", lang)
    if isinstance(value, int):
        return number(value, lang)
    word = _WORDS.get(_key(str(value)))
    return say(RULE_VALUE_KEYS[word], lang) if word is not None else str(value)


def _choices(spec: RuleSpec) -> tuple[Phrase, ...]:
    return tuple(Phrase(RULE_VALUE_KEYS[member.value]) for member in spec.kind)  # type: ignore[attr-defined]


def parse_value(spec: RuleSpec, raw: object) -> int | bool | StrEnum | None:
    """`raw` (a cell value or option text) as a value of the rule, or `RemiError`."""
    if spec.kind is bool:
        return _parse_bool(spec, raw)
    if issubclass(spec.kind, StrEnum):
        word = _WORDS.get(_key(str(raw)))
        if word is None or word not in {member.value for member in spec.kind}:
            raise RemiError(
                "rule_bad_choice", name=rule_name(spec.name), value=raw, choices=_choices(spec)
            )
        return spec.kind(word)
    if spec.word is not None and _WORDS.get(_key(str(raw))) in (spec.word, "none"):
        return None
    return _parse_int(spec, raw)


def _parse_bool(spec: RuleSpec, raw: object) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, int | float) and raw in (0, 1):
        return bool(raw)
    word = fold(str(raw))
    if word in _TRUE or word in _FALSE:
        return word in _TRUE
    raise RemiError("rule_bad_bool", name=rule_name(spec.name), value=raw)


_WHOLE: Final = re.compile(r"[+-]?\d+([.,]\d*)?")


def _parse_int(spec: RuleSpec, raw: object) -> int:
    number: float | None = None
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        number = float(raw)
    elif isinstance(raw, str):
        # Written as a person writes a whole number, as in the entry cells: a typographic
        # minus or en dash (LibreOffice's autocorrect) for "-", ",0", ".0" or a bare "."
        # after it, spaces between thousands; never 1e2 or 1_000, which float() would
        # take, nor "1.000", which is a thousand or one (the entry cells refuse it too).
        written = _WHOLE.fullmatch(fold(raw).translate(PLAIN_MINUS).replace(" ", ""))
        if written and len(written[1] or "") != len(".000"):
            number = float(written[0].replace(",", ".").rstrip("."))
        else:
            number = None
    if number is None or not number.is_integer():
        if spec.word is not None:
            raise RemiError(
                "rule_bad_number_or_word",
                name=rule_name(spec.name),
                value=raw,
                word=Phrase(RULE_VALUE_KEYS[spec.word]),
            )
        raise RemiError("rule_bad_number", name=rule_name(spec.name), value=raw)
    value = int(number)
    assert spec.low is not None and spec.high is not None
    if not spec.low <= value <= spec.high:
        raise RemiError(
            "rule_out_of_range",
            name=rule_name(spec.name),
            value=value,
            low=spec.low,
            high=spec.high,
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
    """Raise the first of `inconsistencies`, if any."""
    found = inconsistencies(rules)
    if found:
        raise RemiError(found[0])


def inconsistencies(rules: HouseRules) -> list[Problem]:
    """Each pair of rules that together make scoring impossible to read back; the problem's
    `rules` parameter names the two."""
    found = []
    if rules.hand_win == rules.normal_win:
        # A score row tells a hand from a normal win only by the winner's number.
        params = {"value": rules.hand_win, "rules": ("hand_win", "normal_win")}
        found.append(Problem("rule_wins_equal", params=params))
    if rules.jokers > JOKERS_PER_PACK * rules.packs:
        most = JOKERS_PER_PACK * rules.packs
        params = {"jokers": rules.jokers, "packs": rules.packs, "most": most}
        found.append(Problem("rule_jokers_packs", params={**params, "rules": ("jokers", "packs")}))
    if rules.low_ace_value > rules.ace_value:
        params = {"low": rules.low_ace_value, "high": rules.ace_value}
        named = ("low_ace_value", "ace_value")
        found.append(Problem("rule_low_ace", params={**params, "rules": named}))
    return found


@dataclass(frozen=True, slots=True)
class RuleChange:
    """A Rules-sheet row with a date in its From column: the rule `name` is `value` (as
    `HouseRules` holds it) from `day` on."""

    day: dt.date
    name: str
    value: Any


@dataclass(frozen=True)
class DatedRules:
    """The house rules day by day: `start` (the rows without a date, over the defaults)
    from the beginning, then each change from its day on, in the order of the days."""

    start: HouseRules = HouseRules()
    changes: tuple[RuleChange, ...] = ()

    @functools.cached_property
    def _epochs(self) -> tuple[list[dt.date], list[HouseRules]]:
        days: list[dt.date] = []
        books = [self.start]
        for change in sorted(self.changes, key=lambda change: change.day):
            book = dataclasses.replace(books[-1], **{change.name: change.value})
            if days and days[-1] == change.day:
                books[-1] = book  # (one day's changes make one rule book)
            else:
                days.append(change.day)
                books.append(book)
        return days, books

    def on(self, day: dt.date | None, today: dt.date) -> HouseRules:
        """The rules a game of `day` plays by (a game without a date: by `today`'s). The
        same object for every day between two changes."""
        days, books = self._epochs
        return books[bisect.bisect_right(days, today if day is None else day)]

    def books(self) -> Sequence[tuple[dt.date | None, HouseRules]]:
        """Each rule book with the day it holds from (None: from the start)."""
        days, books = self._epochs
        return list(zip([None, *days], books, strict=True))

    def listed(self) -> list[tuple[dt.date, str, int | bool | str]]:
        """Each change as (day, rule, value as `differences` gives one), by day."""
        return [
            (change.day, change.name, _plain(rule_spec(change.name), change.value))
            for change in sorted(self.changes, key=lambda change: change.day)
        ]

    def rows(self) -> list[tuple[dt.date | None, str, int | bool | str]]:
        """The rules that differ from the defaults from the start (day None), then each
        change (`listed`): what every report of the rules lists."""
        start = [(None, name, value) for name, value in self.start.differences().items()]
        return [*start, *self.listed()]

    def said(self, lang: Lang) -> str | None:
        """`rows` as one line of a report (`ász értéke = 11; 2026. 12. 01. napjától kézből
        nyerés = -50`); None when every rule is the default throughout."""

        def rule(name: str, value: object) -> str:
            return f"{say(RULE_NAME_KEYS[name], lang)} = {value_text(value, lang)}"

        rows = self.rows()
        starting = ", ".join(rule(name, value) for since, name, value in rows if since is None)
        parts = [starting] if starting else []
        parts += [
            say("rules_from_day", lang, day=day(since, lang), rule=rule(name, value))
            for since, name, value in rows
            if since is not None
        ]
        return "; ".join(parts) or None
