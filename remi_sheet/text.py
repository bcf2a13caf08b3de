"""Text as people type it into spreadsheet cells: spaces, accents, case.

Excel and phones leave non-breaking spaces, zero-width characters and emoji variation
selectors in cells; every comparison of names, codes and headers goes through `fold` so
that "Leosztás", "LEOSZTAS" and " leosztás\u00a0" are the same word.
"""

from __future__ import annotations

import re
import unicodedata

_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\ufe0e\ufe0f"), None)
_SPACES = re.compile(r"[\s\u00a0\u2007\u202f]+")


def clean(text: str) -> str:
    """The text with invisible characters removed and runs of any space made one space."""
    return _SPACES.sub(" ", text.translate(_INVISIBLE)).strip()


def fold(text: str) -> str:
    """A comparison key: cleaned, accents removed, case folded."""
    decomposed = unicodedata.normalize("NFKD", clean(text))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.casefold()


def fold_name(text: str) -> str:
    """A key for rule names: folded, with spaces, hyphens and underscores all the same."""
    return re.sub(r"[\s_\-]+", "_", fold(text))
