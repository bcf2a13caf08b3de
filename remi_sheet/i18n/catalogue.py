"""The one catalogue of everything remi says, and how a text is filled in.

Each feature keeps its texts in a module of this package (`game`, `rules`, `files`,
`notebook`, `records`, `melds`, `report`, `season`, `cli`, `command_help`): dictionaries of key →
(English, Hungarian), listed in its `CATALOGUES`. They are merged here, once; a key means
one thing only. Keys are stable (tests and `--json` carry them); wording may improve.

A text's placeholders are filled in the text's language:

- numbers: whole numbers without ".0", a decimal comma in Hungarian (`number`);
- dates: `2026-11-29` in English, `2026. 11. 29.` in Hungarian (`day`);
- `{count:game/games}`: the number and the English word that goes with it ("1 game",
  "3 games"); Hungarian needs no plural after a number ("3 játszma"); `{count:~is/are}`:
  the word alone, without the number;
- `{deal:a}` / `{deal:A}`: the Hungarian article before that number ("az 1.", "a 2.");
- `{card:card}`: cards in the letters of the language (`card_letters`: B, D, Á for J, Q, A
  in Hungarian);
- a `Phrase` (a key and its parameters): that text, in the same language; a tuple of
  them, those texts separated by commas.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from remi_sheet.i18n import (
    cli,
    command_help,
    files,
    game,
    melds,
    notebook,
    records,
    report,
    rules,
    season,
)

Lang = Literal["en", "hu"]
LANGS: Final[tuple[Lang, ...]] = ("en", "hu")

# Bubi, dáma, ász: the letters Hungarian cards carry for J, Q and A (K is K).
_HUNGARIAN_LETTERS: Final = {"J": "B", "Q": "D", "A": "Á"}
_CARD_LETTER: Final = re.compile(r"(?<!\w)([JQA])(?=[♠♣♥♦]|(?!\w))")


def _merged() -> dict[str, tuple[str, str]]:
    merged: dict[str, tuple[str, str]] = {}
    modules = (game, rules, files, notebook, records, melds, report, season, cli, command_help)
    for module in modules:
        for catalogue in module.CATALOGUES:
            twice = merged.keys() & catalogue.keys()
            if twice:
                raise ValueError(f"text keys defined twice: {sorted(twice)}")
            merged.update(catalogue)
    return merged


TEXTS: Final = _merged()


@dataclass(frozen=True, slots=True)
class Phrase:
    """A text to be said in the language of the text it stands in (a reason inside a
    message, say)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


def say(key: str, lang: Lang, **params: Any) -> str:
    """The text `key` in `lang`, its placeholders filled in (see the module's docstring).
    An unknown key or a missing parameter never hides what was to be said: the key and
    the parameters are shown instead."""
    found = TEXTS.get(key)
    if found is None:
        return f"{key}: {params}"
    template = found[1] if lang == "hu" else found[0]
    try:
        if _plain(template):
            return template.format_map({name: _shown(v, lang) for name, v in params.items()})
        return _Formatter(lang).vformat(template, (), params)
    except (KeyError, IndexError, ValueError):
        return f"{template} {params}"


@functools.lru_cache(maxsize=4096)
def _plain(template: str) -> bool:
    """Whether every placeholder of `template` is a bare name (`{player}`): str.format_map
    fills those in as the formatter would, without its pass in Python over the template
    (each game's line of a big notebook says several texts)."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return False
    return all(
        not spec and conversion is None and (name is None or name.isidentifier())
        for _, name, spec, conversion in fields
    )


def words(lang: Lang) -> dict[str, str]:
    """Every text without placeholders, in `lang`: what templates use (`{{ t.total }}`)."""
    index = 1 if lang == "hu" else 0
    return {key: texts[index] for key, texts in TEXTS.items() if "{" not in texts[index]}


def number(value: float | int, lang: Lang, *, minus: str = "-", decimals: int | None = None) -> str:
    """A number as a person reads it: 30 (not 30.0), 12.5 in English and 12,5 in
    Hungarian; `minus` is the sign put before a negative one. `decimals`: always that many
    digits after the point, as a column of ratings or averages shows them (3.00, 5.53)."""
    if isinstance(value, bool):
        return str(value)
    if decimals is not None:
        text = f"{abs(value):.{decimals}f}"
        if lang == "hu":
            text = text.replace(".", ",")
        negative = value < 0 and any(digit not in "0.," for digit in text)
        return (minus if negative else "") + text
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        text = str(abs(value))
    else:
        text = f"{abs(value):.10g}"
        if "." not in text and "e" not in text:  # 24.999999999 typed: never shown as 25
            text = f"{abs(value):.15g}"
        if "e" in text:
            text = f"{abs(value):.20f}".rstrip("0").rstrip(".")
        if lang == "hu":
            text = text.replace(".", ",")
    return (minus if value < 0 else "") + text


def listed(items: Sequence[str], lang: Lang, last: Literal["and", "or"] = "and") -> str:
    """Items as a sentence lists them: "a, b and c", "a, b vagy c"."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {say(last, lang)} " + items[-1]


_HUNGARIAN_DATE: Final = re.compile(r"\d{4}\. ?\d{1,2}\. ?\d{1,2}\.$")


def in_turn(items: Sequence[str]) -> str:
    """Free texts one after another: "a; b", but a text that ends as a sentence does
    ("Vétel csak kirakással.") is followed by a space alone. The full stop of a Hungarian
    date ("2026. 11. 06.") ends no sentence."""
    texts = [text for text in (item.strip() for item in items) if text]
    joined = ""
    for text in texts[:-1]:
        sentence = text[-1] in ".!?…;:" and _HUNGARIAN_DATE.search(text) is None
        joined += text + (" " if sentence else "; ")
    return joined + (texts[-1] if texts else "")


def place(value: int, lang: Lang) -> str:
    """A place in a ranking as the language writes it: 1st, 2nd, 3rd, 11th; 1., 2. in
    Hungarian."""
    if lang == "hu":
        return f"{value}."
    ending = (
        "th" if value % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    )
    return f"{value}{ending}"


def day(value: dt.date, lang: Lang) -> str:
    """A date in the language's own style: 2026-11-29, 2026. 11. 29."""
    if isinstance(value, dt.datetime):
        value = value.date()
    if lang == "hu":
        return f"{value.year}. {value.month:02d}. {value.day:02d}."
    return value.isoformat()


# Characters that would move a terminal's cursor, ring it, rewrite its title or turn text
# around (and Excel's `_x001B_` escapes decode to them): shown as escapes instead.
_CONTROLS: Final = {
    **{
        code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
        for code in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0x202A, 0x202F),
                     *range(0x2066, 0x206A))
    },
    ord("\n"): "\\n",
    ord("\r"): "\\r",
    ord("\t"): "\\t",
}  # fmt: skip
LONGEST: Final = 120  # characters of a value shown in a message; --json has it whole


_VOWELS: Final = "aáeéiíoóöőuúüű"
# A cell (`F3`), a range of them or of columns (`F:P`), or one letter: read by letters.
_READ_BY_LETTERS: Final = re.compile(
    r"[A-Z]{1,3}[0-9]+(?:[:–-][A-Z]{1,3}[0-9]+)?|[A-Z]{1,3}[:–-][A-Z]{1,3}|[A-Z]"
)
# Letters whose Hungarian names start with a vowel: á, e, ef, i, el, em, en, o, er, es, …
_VOWEL_LETTERS: Final = "AÁEÉFIÍLMNOÓÖŐRSUÚÜŰXY"


def shown_text(text: str, longest: int | None = LONGEST) -> str:
    """Text from a file as it may be shown on a terminal or in a report: every control
    character as an escape (`\\x1b`), on one line, and cut with "…" past `longest`."""
    if not text.isprintable():
        text = text.translate(_CONTROLS)
    if longest is not None and len(text) > longest:
        text = text[: longest - 1] + "…"
    return text


def hungarian_article(value: object) -> str:
    """ "az" before a number whose Hungarian name starts with a vowel (egy, öt, ötven, ezer),
    else "a": "az 1. leosztás", "a 2. leosztás", "az 5. leosztás", "a 10. leosztás"; before a
    word, "az" when it starts with a vowel ("az Ödön név", "a kézből nyerés szabály"). Text
    that starts with digits takes the number's article; quotes before it do not count."""
    if isinstance(value, float) and value.is_integer():
        value = int(abs(value))
    text = str(value).strip().lstrip("'\"„“”‘’+-")
    digits = text[: len(text) - len(text.lstrip("0123456789"))]
    if not digits and _READ_BY_LETTERS.fullmatch(text):
        # Their letters' names: ef, el, em, iksz.
        return "az" if text[0].upper() in _VOWEL_LETTERS else "a"
    if not digits:
        return "az" if text and text[0].lower() in _VOWELS else "a"
    whole = int(digits)
    if whole in (1, 5) or 1000 <= whole < 2000 or (whole >= 10 and str(whole)[0] == "5"):
        return "az"
    return "a"


def card_letters(text: str, lang: Lang) -> str:
    """Cards written one after another as remi writes them (`8♣ 9♣ J♣`, `Jo=Q♦`, a rank
    `Q`), in the letters of `lang`; a joker (`Jo`) stays as it is."""
    if lang != "hu":
        return text
    return _CARD_LETTER.sub(lambda found: _HUNGARIAN_LETTERS[found.group(1)], text)


class _Formatter(string.Formatter):
    def __init__(self, lang: Lang) -> None:
        super().__init__()
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "card":
            return card_letters(str(_shown(value, self.lang)), self.lang)
        if format_spec in ("a", "A"):  # of the value as shown: a rule's name is a Phrase
            article = hungarian_article(_shown(value, self.lang))
            return article.capitalize() if format_spec == "A" else article
        if format_spec.startswith("~"):  # the word alone: "the joker can", "the jokers can"
            one, many = format_spec[1:].split("/", 1)
            return one if value == 1 else many
        if "/" in format_spec:
            one, many = format_spec.split("/", 1)
            count = number(value, self.lang) if isinstance(value, int | float) else str(value)
            return f"{count} {one if value == 1 else many}"
        shown: str = super().format_field(_shown(value, self.lang), format_spec)
        return shown


def shown_value(value: object, lang: Lang) -> str:
    """A value a cell holds (a number, a date, a yes or no) as `lang` writes it, as a
    message's parameter is shown; text as it is."""
    return value if isinstance(value, str) else str(_shown(value, lang))


# The most items a message lists: an import of thousands of games names each on its own
# line already, and a line of 20,000 names tells no one anything.
MOST_LISTED: Final = 30


def _shown(value: Any, lang: Lang) -> Any:
    """A parameter as its text shows it in `lang` (see the module's docstring)."""
    if isinstance(value, str):
        return shown_text(value)
    if isinstance(value, Phrase):
        return say(value.key, lang, **value.params)
    if isinstance(value, tuple):  # a list of choices, each said in the language
        shown = [str(_shown(item, lang)) for item in value[:MOST_LISTED]]
        if len(value) > MOST_LISTED:
            shown.append(say("more_listed", lang, count=len(value) - MOST_LISTED))
        return ", ".join(shown)
    if isinstance(value, bool):
        return ("IGAZ" if value else "HAMIS") if lang == "hu" else str(value).upper()
    if isinstance(value, int | float):
        return number(value, lang)
    if isinstance(value, dt.datetime) and value.time() != dt.time():
        return f"{day(value, lang)} {value:%H:%M}"
    if isinstance(value, dt.date):
        return day(value, lang)
    return value
