"""Reading the date of a game (`remi_sheet.core.dates`): every accepted form, the rest refused."""

from __future__ import annotations

import datetime as dt

import pytest

from remi_sheet.core.dates import date_in_text, doubtful, month_first, parse_date, parse_option
from remi_sheet.core.problems import RemiError

DAY = dt.date(2026, 11, 29)


@pytest.mark.parametrize(
    "value",
    [
        # a real Excel date, read as a date or a datetime
        DAY,
        dt.datetime(2026, 11, 29, 19, 30),
        # Hungarian
        "2026. 11. 29.",
        "2026.11.29.",
        "2026. 11. 29",
        " 2026. 11. 29.\u00a0",
        "2026. 11. 29. 19:30",
        "2026. nov. 29.",
        "2026. november 29.",
        "2026. November 29",
        # ISO
        "2026-11-29",
        "2026-11-29T19:30:00",
        "2026-11-29 19:30",
        # day first
        "29/11/2026",
        "29.11.2026",
        "29. 11. 2026.",
        # year first with slashes, and the month's name in English
        "2026/11/29",
        "29 Nov 2026",
        "29 November 2026",
        "Nov 29, 2026",
        "November 29th, 2026",
        "29. nov. 2026",
        "29.nov.2026",
        "29-Nov-2026",  # Excel's d-mmm-yyyy, kept as text
        "Nov 29,2026",
        # an Excel date whose format was lost: the day count
        46355,
        46355.0,
    ],
)
def test_accepted_forms(value: object) -> None:
    assert parse_date(value) == DAY


@pytest.mark.parametrize(
    ("value", "day"),
    [
        ("2026. 1. 5.", dt.date(2026, 1, 5)),
        ("2026. márc. 1.", dt.date(2026, 3, 1)),
        ("2026. MÁRCIUS 1.", dt.date(2026, 3, 1)),
        ("2026. szept. 30.", dt.date(2026, 9, 30)),
        ("5/1/2026", dt.date(2026, 1, 5)),  # day first, always
        ("2024-02-29", dt.date(2024, 2, 29)),
        ("May 3 2026", dt.date(2026, 5, 3)),
        ("3 máj 2026", dt.date(2026, 5, 3)),
        ("Sept 30, 2026", dt.date(2026, 9, 30)),
    ],
)
def test_more_days(value: str, day: dt.date) -> None:
    assert parse_date(value) == day


@pytest.mark.parametrize("value", [None, "", "   ", "\u00a0"])
def test_an_empty_cell_has_no_date(value: object) -> None:
    assert parse_date(value) is None


@pytest.mark.parametrize(
    "value",
    [
        "11/29/2026",  # month first: there is no month 29
        "2026. 02. 30.",  # no such day
        "2025-02-29",  # not a leap year
        "tegnap",
        "2026. smarch 3.",
        "29 smarch 2026",
        "Nov 31, 2026",
        "Nov 292026",  # the day and the year run together
        "3nov2026",
        "nov 12026",
        "2026-11/29",
        "29/11/26",  # a two-digit year could be any century
        "0026-11-29",  # a typo, not the year 26
        "2026-11-29 és 30",
        True,
        7,  # a stray number, not a day count
        46355.5,
        dt.time(19, 30),
    ],
)
def test_unreadable_dates_are_refused_with_the_value(value: object) -> None:
    with pytest.raises(RemiError) as refused:
        parse_date(value)
    assert refused.value.params["value"] in (value, str(value).strip())


def test_the_refusal_keeps_the_text_as_typed() -> None:
    with pytest.raises(RemiError) as refused:
        parse_date("  11/29/2026 ")
    assert refused.value.params["value"] == "11/29/2026"


def test_command_line_dates() -> None:
    assert parse_option("2026-11-29") == DAY
    assert parse_option("2026. 11. 29.") == DAY
    with pytest.raises(RemiError):
        parse_option("")
    with pytest.raises(RemiError):
        parse_option("november")


def test_a_month_first_typist_is_told_by_a_date_only_that_order_reads() -> None:
    assert month_first(["2026. 11. 05.", "05/11/2026", "11/19/2026"]) == "11/19/2026"
    assert month_first(["05/11/2026", "19/11/2026", 46355, None]) is None
    assert [doubtful(v) for v in ("11/05/2026", "05/05/2026", "11/19/2026", 46355)] == [
        True,
        False,  # the same either way
        False,
        False,
    ]


@pytest.mark.parametrize(
    ("name", "day"),
    [
        ("1998-11-07 #1", dt.date(1998, 11, 7)),
        ("2019/03/14 döntő", dt.date(2019, 3, 14)),
        ("Klub 2019. 03. 02.", dt.date(2019, 3, 2)),
        ("Klub 2019. 13. 02.", None),
        ("12345/03/14", None),
    ],
)
def test_a_date_in_a_games_name(name: str, day: dt.date | None) -> None:
    """A records game named with its date, year first (ISO with dashes or slashes, or
    Hungarian), is of that date; the sheet it makes shows it."""
    assert date_in_text(name) == day
