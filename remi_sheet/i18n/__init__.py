"""Every word and message a user can see, in English and Hungarian, by key: one catalogue
(`catalogue`) gathered from one module of texts per feature, and the one way numbers and
dates are written in each language.

Imports nothing else of remi-sheet: every other layer may use it.
"""

from remi_sheet.i18n.catalogue import (
    LANGS,
    LONGEST,
    TEXTS,
    Lang,
    Phrase,
    day,
    in_turn,
    listed,
    number,
    place,
    say,
    shown_text,
    shown_value,
    words,
)

__all__ = [
    "LANGS",
    "LONGEST",
    "TEXTS",
    "Lang",
    "Phrase",
    "day",
    "in_turn",
    "listed",
    "number",
    "place",
    "say",
    "shown_text",
    "shown_value",
    "words",
]
