"""`text.clean` and `text.fold`: how typed text is made comparable."""

import sys

import pytest

from remi_sheet.core.text import clean, fold


@pytest.mark.parametrize("space", [" ", "\t", "\n", "\u00a0", "\u2007", "\u202f", "\u3000"])
def test_every_kind_of_space_becomes_one_space(space: str) -> None:
    assert clean(f"{space}K{space}{space}9 {space}Jo{space}") == "K 9 Jo"


def test_only_white_space_is_taken_for_space() -> None:
    spaces = [chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()]
    assert clean("a" + "".join(spaces) + "b") == "a b"
    # A zero-width space is removed, not turned into a space; a letter stays.
    assert clean("K\u200b9") == "K9"
    assert clean("Á\u00a0\u00a0b") == "Á b"


def test_composed_and_folded() -> None:
    assert clean("A\u0301rpa\u0301d") == "Árpád"
    assert fold(" LEOSZTÁS\u00a0") == "leosztas"
    assert clean("ＫＤ５") == "KD5"
