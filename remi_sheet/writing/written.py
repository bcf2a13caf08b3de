"""What remi writes into a cell: a value, or a formula with the result it must show, in
one of remi's named styles. Pure records, shared by every part that plans cells."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from remi_sheet.core.scoring import DealScore
from remi_sheet.reading.cells import address


class Style(StrEnum):
    """The named cell styles remi writes with; a cell in one of them is remi's to rewrite."""

    HEADING = "remi heading"
    COMPUTED = "remi computed"
    MARKED = "remi marked"  # a hand (−40) or a +200: bold, so it shows in black and white
    TENTHS = "remi tenths"  # a figure shown to one decimal, as every table shows it (an average)
    HUNDREDTHS = "remi hundredths"  # to two (a rating)
    NOTE = "remi note"  # a sentence, left-aligned: centred, its start would fall off column A


@dataclass(frozen=True, slots=True)
class Written:
    """A cell remi writes: a value, or a formula and the result it must show."""

    value: str | int | float
    style: Style
    formula: bool = False
    result: str | int | float | None = None  # what a formula shows; None: nothing known
    # A formula that is its group's first one (its top left cell) moved: saved once for
    # the group, as Excel saves a formula filled down or across (`shared_formulas`).
    share: str | None = None
    # The range of the array formula this cell holds; `covered`: a cell of one but its
    # first, whose `result` (None: not known) remi writes for readers that do not
    # calculate, and which is no cell of remi's record: the array's first cell is.
    array: str | None = None
    covered: bool = False

    @property
    def shows(self) -> str | int | float | None:
        """What the cell shows once calculated."""
        return self.result if self.formula or self.covered else self.value


Cells = dict[tuple[int, int], Written]


def array_cells(
    cells: Cells,
    row: int,
    first: int,
    formula: str,
    shown: Sequence[tuple[str | int | float | None, Style]],
) -> None:
    """An array formula over a row's cells from `first`, into `cells`: one for each of
    `shown`, what it shows as remi knows it (None: not known before it calculates) in its
    style. Its first cell holds the formula, the others are covered by it."""
    last = first + len(shown) - 1
    span = f"{address(row, first)}:{address(row, last)}"
    value, style = shown[0]
    cells[(row, first)] = Written(formula, style, True, value, array=span)
    for offset, (value, style) in enumerate(shown[1:], start=1):
        kept = "" if value is None else value
        cells[(row, first + offset)] = Written(kept, style, covered=True, result=value)


def score_style(score: DealScore, player: int) -> Style:
    """A hand win and a +200 are bold, so that they show on a black-and-white print."""
    marked = (score.hand and player == score.winner) or player in score.plus200
    return Style.MARKED if marked else Style.COMPUTED
