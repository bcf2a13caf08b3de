"""A game's date, as people put it into the `Date`/`Dátum` cell above the header.

Games are ordered by date across notebooks (`remi stats`), so the date cell must be read
the same way however it was typed: a real Excel date, or text in the Hungarian form
(`2026. 11. 29.`, `2026. nov. 29.`, `2026. november 29.`), ISO (`2026-11-29`, `2026/11/29`,
a time after it allowed), day first (`29/11/2026`, `29.11.2026`) or with the month's name
in English (`29 Nov 2026`, `Nov 29, 2026`). Day-first is the only slash form with the year
last: a month-first `11/29/2026` has no month 29 and is reported, never guessed
(`month_first` tells a notebook that writes such dates, whose other slash dates are then
doubtful).

Pure: a cell value in, a `datetime.date` (or None for an empty cell) out; a `RemiError`
(date_unreadable) for anything else, which names the accepted forms.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from typing import Final

from remi_sheet.core.problems import RemiError
from remi_sheet.core.text import clean, fold
from remi_sheet.i18n import Phrase

# Years outside this range are typos ("0026", "20266"), not old club records.
FIRST_YEAR: Final = 1900
LAST_YEAR: Final = 2199
# Excel counts days from 1899-12-30 (its 1900 leap-year bug included); a date cell whose
# format was lost shows that count. Only whole counts between 1950 and 2199 are taken as
# dates, so that a stray small number is not read as a day in 1900.
_EXCEL_EPOCH: Final = dt.date(1899, 12, 30)
_FIRST_SERIAL: Final = (dt.date(1950, 1, 1) - _EXCEL_EPOCH).days
_LAST_SERIAL: Final = (dt.date(LAST_YEAR, 12, 31) - _EXCEL_EPOCH).days

# The patterns are compiled at their first use (by `re`'s cache), not at import: a
# notebook of real date cells never needs them.
_TIME: Final = r"(?:[ t,]+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?)?"
_HUNGARIAN: Final = r"(\d{4})\s*\.\s*(\d{1,2})\s*\.\s*(\d{1,2})\s*\.?" + _TIME
_HUNGARIAN_MONTH: Final = r"(\d{4})\s*\.\s*([a-z]+)\.?\s*(\d{1,2})\s*\.?" + _TIME
_ISO: Final = r"(\d{4})-(\d{1,2})-(\d{1,2})" + _TIME
_YEAR_SLASH: Final = r"(\d{4})/(\d{1,2})/(\d{1,2})" + _TIME
_DAY_FIRST: Final = r"(\d{1,2})\s*[/.]\s*(\d{1,2})\s*[/.]\s*(\d{4})\.?" + _TIME
# The month's name between the numbers, each number kept apart from what follows it by a
# space, a dot, a comma or a hyphen ("29.nov.2026", "29-Nov-2026" as Excel writes d-mmm-yyyy,
# "Nov 29,2026"; "3nov2026" is no date).
_APART: Final = r"(?:[.,\-]|\s)[.,\s]*"
_DAY_MONTH_NAME: Final = r"(\d{1,2})" + _APART + r"([a-z]+)" + _APART + r"(\d{4})\.?" + _TIME
_MONTH_NAME_DAY: Final = r"([a-z]+)\.?\s*(\d{1,2})(?:st|nd|rd|th)?" + _APART + r"(\d{4})" + _TIME
_SLASHED: Final = r"\s*(\d{1,2})\s*/\s*(\d{1,2})\s*/\s*\d{4}\b.*"

# Hungarian month names folded (accents off, lower case) with their usual abbreviations.
_MONTHS: Final[dict[str, int]] = {
    name: number
    for number, names in enumerate(
        (
            ("januar", "jan"),
            ("februar", "febr", "feb"),
            ("marcius", "marc", "mar"),
            ("aprilis", "apr"),
            ("majus", "maj"),
            ("junius", "jun"),
            ("julius", "jul"),
            ("augusztus", "aug"),
            ("szeptember", "szept", "szep"),
            ("oktober", "okt"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
} | {  # and the English ones
    name: number
    for number, names in enumerate(
        (
            ("january",),
            ("february",),
            ("march",),
            ("april",),
            ("may",),
            ("june",),
            ("july",),
            ("august",),
            ("september", "sept", "sep"),
            ("october", "oct"),
            (),
            (),
        ),
        start=1,
    )
    for name in names
}

# The forms a date may be typed in, as a message names them: each language's own first.
FORMS: Final = Phrase("date_forms")


def _unreadable(value: object) -> RemiError:
    """The cell holds something that is not a date in any accepted form."""
    return RemiError("date_unreadable", value=value, forms=FORMS)


def date_or_none(value: object) -> dt.date | None:
    """The date `value` stands for (`parse_date`), or None when it stands for none."""
    try:
        return parse_date(value)
    except RemiError:
        return None


def parse_date(value: object) -> dt.date | None:
    """The date `value` stands for: a real date (a datetime keeps its day), an Excel day
    count, or text in one of the accepted forms. None for an empty cell; `RemiError`
    (date_unreadable) for anything else, an impossible day (2026. 02. 30.) included."""
    if value is None or (isinstance(value, str) and not clean(value)):
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, bool):
        raise _unreadable(value)
    if isinstance(value, int | float):
        return _serial(value)
    if isinstance(value, str):
        return _text(value)
    raise _unreadable(value)


def _serial(value: float) -> dt.date:
    if float(value).is_integer() and _FIRST_SERIAL <= value <= _LAST_SERIAL:
        return _EXCEL_EPOCH + dt.timedelta(days=int(value))
    raise _unreadable(value)


def _text(value: str) -> dt.date:
    text = fold(value)
    if (
        (match := re.fullmatch(_HUNGARIAN, text))
        or (match := re.fullmatch(_ISO, text))
        or (match := re.fullmatch(_YEAR_SLASH, text))
    ):
        year, month, day = match[1], match[2], match[3]
    elif match := re.fullmatch(_DAY_FIRST, text):
        day, month, year = match[1], match[2], match[3]
    elif (match := re.fullmatch(_HUNGARIAN_MONTH, text)) and match[2] in _MONTHS:
        year, month, day = match[1], str(_MONTHS[match[2]]), match[3]
    elif (match := re.fullmatch(_DAY_MONTH_NAME, text)) and match[2] in _MONTHS:
        day, month, year = match[1], str(_MONTHS[match[2]]), match[3]
    elif (match := re.fullmatch(_MONTH_NAME_DAY, text)) and match[1] in _MONTHS:
        month, day, year = str(_MONTHS[match[1]]), match[2], match[3]
    else:
        raise _unreadable(clean(value))
    return _day(int(year), int(month), int(day), value)


def _day(year: int, month: int, day: int, value: str) -> dt.date:
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise _unreadable(clean(value))
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise _unreadable(clean(value)) from None


def slash_order(value: object) -> tuple[int, int] | None:
    """The two numbers before the year of a date typed as text with slashes
    (`11/05/2026` → (11, 5)), else None."""
    if not isinstance(value, str):
        return None
    match = re.fullmatch(_SLASHED, value)
    return (int(match[1]), int(match[2])) if match else None


def month_first(values: list[object]) -> object | None:
    """A date among `values` typed month first (`11/19/2026`: no month 19, a day 19), the
    sign that the person who typed them writes the month first; else None."""
    for value in values:
        order = slash_order(value)
        if order is not None and order[0] <= 12 < order[1] <= 31:
            return value
    return None


def doubtful(value: object) -> bool:
    """Whether `value` is a slash date that reads both ways (`11/05/2026`)."""
    order = slash_order(value)
    return order is not None and order[0] != order[1] and max(order) <= 12


# A date inside a game's name ("1998-11-07 #1", "2019/03/14 döntő", "Klub 2019. 03. 02."):
# year first, as ISO or Hungarian writes it.
_IN_TEXT: Final = r"(?<!\d)(\d{4})(?:[-/]|\s*\.\s*)(\d{1,2})(?:[-/]|\s*\.\s*)(\d{1,2})(?!\d)"


def date_in_text(text: str) -> dt.date | None:
    """The first real date written inside `text` (a game's name), ISO or Hungarian; None
    when there is none."""
    for match in re.finditer(_IN_TEXT, text):
        try:
            return _day(int(match[1]), int(match[2]), int(match[3]), text)
        except RemiError:
            continue
    return None


def parse_option(text: str) -> dt.date:
    """A date given on the command line (--since, --until), in the same forms."""
    found = parse_date(text)
    if found is None:
        raise _unreadable(text)
    return found


def carried(days: Iterable[dt.date | None]) -> list[dt.date]:
    """Each of a notebook's game days in sheet order, an unknown one (None) the day of the
    game before it (`dt.date.min` before any): an undated game counts as played right
    after the game before it."""
    last = dt.date.min
    found = []
    for day in days:
        last = day if day is not None else last
        found.append(last)
    return found
