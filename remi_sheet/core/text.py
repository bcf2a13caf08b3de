"""Text as people type it into spreadsheet cells: spaces, accents, case.

Excel and phones leave non-breaking spaces, zero-width characters and emoji variation
selectors in cells; every comparison of names, codes and headers goes through `fold` so
that "Leosztás", "LEOSZTAS" and " leosztás\u00a0" are the same word.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from typing import Final

MINUS_SIGNS: Final = "\u2212\u2013"  # typographic minus and en dash, read as "-"
PLAIN_MINUS: Final = dict.fromkeys(map(ord, MINUS_SIGNS), "-")
# In a deal's cell, the em dash too: a phone makes "--" one, before a paper score. Not in
# a Rules value: LibreOffice inlines the rules' names into every score-row formula, and
# one more nested substitution in each name takes those past what it computes (a long
# Rules sheet name does not: the nesting, not the length, is at its limit).
ENTRY_MINUS_SIGNS: Final = MINUS_SIGNS + "\u2014"
ENTRY_PLAIN_MINUS: Final = dict.fromkeys(map(ord, ENTRY_MINUS_SIGNS), "-")
INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\ufe0e\ufe0f"  # zero-width, variation selectors
_INVISIBLE = dict.fromkeys(map(ord, INVISIBLE), None)
# Full-width forms (Ｋ, ３, －) as phones' East Asian keyboards type them, to plain ASCII.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}


@functools.lru_cache(maxsize=1 << 16)  # names and codes come back game after game
def clean(text: str) -> str:
    """The text composed (A + ◌́ → Á), full-width letters made plain, invisible characters
    removed and runs of any space made one space."""
    if not text.isascii():  # else nothing to compose, no invisible or full-width characters
        text = unicodedata.normalize("NFC", text).translate(_INVISIBLE).translate(_FULL_WIDTH)
    # Splitting takes every kind of space, the no-break, figure and narrow ones among them.
    return " ".join(text.split())


def trimmed(text: str) -> str:
    """What a spreadsheet's TRIM leaves of `text`: ordinary spaces trimmed and runs of them
    made one; every other character as it is."""
    return " ".join(part for part in text.split(" ") if part)


def cell_text(value: object) -> str:
    """A cell's value as text, `clean`, a whole number as a spreadsheet shows it: players
    named 1, 2, 3 (calamine reads every number as a float) are not "1.0"."""
    return clean(raw_text(value))


def raw_text(value: object) -> str:
    """A cell's value as text, as it is (not `clean`), a whole number without ".0"."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


@functools.lru_cache(maxsize=1 << 16)
def fold(text: str) -> str:
    """A comparison key: cleaned, accents removed, case folded. Canonical decomposition
    only: the compatibility one would turn "5²" into "52"."""
    cleaned = clean(text)
    if cleaned.isascii():  # no accents to remove
        return cleaned.casefold()
    decomposed = unicodedata.normalize("NFD", cleaned)
    return "".join(itertools.filterfalse(unicodedata.combining, decomposed)).casefold()


def fold_name(text: str) -> str:
    """A key for rule names: folded, with spaces, hyphens and underscores all the same."""
    return re.sub(r"[\s_\-]+", "_", fold(text))
