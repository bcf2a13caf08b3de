"""Cell values and addresses, as every reader and writer of remi names them."""

from __future__ import annotations

import datetime as dt
import functools

CellValue = str | float | int | bool | dt.datetime | dt.date | dt.time | dt.timedelta | None


@functools.lru_cache(maxsize=1 << 14)  # asked again and again for a few hundred columns
def column_letter(column: int) -> str:
    """Spreadsheet column name of a 0-based column index (0 → A, 26 → AA)."""
    letters = ""
    column += 1
    while column:
        column, remainder = divmod(column - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


@functools.lru_cache(maxsize=1 << 16)
def address(row: int, column: int) -> str:
    """A1-style address of 0-based (row, column)."""
    return f"{column_letter(column)}{row + 1}"


def column_number(letters: bytes | str) -> int:
    """The column of a reference's letters, as spreadsheets count them (A is 1, AA is 27)."""
    number = 0
    for letter in letters.upper() if isinstance(letters, str) else letters.upper().decode():
        number = number * 26 + ord(letter) - 64
    return number


def row_number(cell: str) -> int:
    """The row of an A1-style address, as spreadsheets count them (B5 is 5)."""
    return int(cell.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ$").lstrip("$"))
