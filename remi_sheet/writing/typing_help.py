"""The help on a live game's entry cells: an input message and an input check on every
entry cell, and the paint that marks an entry the live formulas refuse (red) and its row
(pink). `remi new` puts it on each game sheet it makes; `remi score` puts it right on each
live game it writes that has it, so that a notebook made by an older remi (whose input
check refused every code, and whose paint read helper columns that have moved since) is
helped as a new one is. A notebook of a club's own, made live by `remi score --live`, is
not given one: its entry cells are the club's.

Only remi's own are replaced: an input check that reads remi's defined names (`remi_…`),
and a paint rule that is one cell compared with "E" (the status remi's helpers give a
refused entry or row). A person's own checks and colours stay as they are.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from remi_sheet.i18n import Lang, say
from remi_sheet.reading.cells import address
from remi_sheet.writing.live_area import LiveColumns

if TYPE_CHECKING:
    from openpyxl.worksheet.worksheet import Worksheet

WRONG: Final = "E06666"  # the red of a cell remi refuses, on a game sheet and the Rules
_WRONG_ROW: Final = "F4CCCC"
# remi's paint rules, as written and as spreadsheet programs save them back
_REMIS_PAINT: Final = re.compile(r'\$?[A-Z]{1,3}\$?[0-9]+="E"')


def input_check(cell: str) -> str:
    """The data validation of an entry cell: a whole number, or text of the characters an
    entry can hold (`formulas.alphabet`). `IF`, not `AND`: a spreadsheet evaluates every
    argument of `AND`, and `INT` of a text is an error, which refuses the cell. The
    positions past the text's end are left out: LibreOffice finds no empty text."""
    characters = (
        f"SUMPRODUCT((remi_pos<=LEN({cell}))"
        f"*ISERROR(FIND(MID(UPPER({cell}),remi_pos,1),remi_alphabet)))"
    )
    return f"IF(ISNUMBER({cell}),{cell}=INT({cell}),IF(ISTEXT({cell}),{characters}=0,FALSE))"


def put_typing_help(
    sheet: Worksheet,
    rows: tuple[int, int],
    first_column: int,
    columns: LiveColumns,
    lang: Lang,
    *,
    replace_only: bool = False,
) -> bool:
    """Give the entry cells of `rows` (0-based, first and last deal row) in the slots'
    columns from `first_column` remi's input check and paint, reading the helpers at
    `columns`; any of remi's own that are other are taken away. `replace_only`: only on a
    sheet that has some of remi's already. False when nothing changed."""
    from openpyxl.formatting.formatting import ConditionalFormattingList
    from openpyxl.formatting.rule import FormulaRule
    from openpyxl.styles import PatternFill
    from openpyxl.worksheet.datavalidation import DataValidation

    top, bottom = rows
    first = address(top, first_column)
    entries = f"{first}:{address(bottom, first_column + columns.slots - 1)}"
    validation = DataValidation(
        type="custom",
        formula1=input_check(first),
        allow_blank=True,
        showErrorMessage=True,
        showInputMessage=True,
        errorStyle="stop",
        errorTitle=say("entry_error_title", lang),
        error=say("entry_error", lang),
        promptTitle=say("entry_prompt_title", lang),
        prompt=say("entry_prompt", lang),
    )
    # Relative to the first entry, so that each entry finds its own helpers.
    kind = address(top, columns.helper("kind", 0))
    status = "$" + address(top, columns.status)
    paints = [(f'{kind}="E"', WRONG), (f'{status}="E"', _WRONG_ROW)]

    checks = sheet.data_validations.dataValidation
    mine = _remis_checks(sheet)
    painted = [
        (str(formatting.sqref), rule)
        for formatting in sheet.conditional_formatting
        for rule in formatting.rules
    ]
    ours = [(where, rule) for where, rule in painted if _is_remis_paint(rule)]
    if replace_only and not (mine or ours):
        return False  # a notebook remi did not make, or whose help a person took away
    if [_validation_key(check) for check in mine] == [_validation_key(validation, entries)] and [
        (where, rule.formula[0]) for where, rule in ours
    ] == [(entries, formula) for formula, _ in paints]:
        return False
    sheet.data_validations.dataValidation = [check for check in checks if check not in mine]
    validation.add(entries)
    sheet.add_data_validation(validation)
    kept = [(where, rule) for where, rule in painted if not _is_remis_paint(rule)]
    sheet.conditional_formatting = ConditionalFormattingList()
    for formula, colour in paints:
        fill = PatternFill("solid", fgColor=colour)
        sheet.conditional_formatting.add(entries, FormulaRule(formula=[formula], fill=fill))
    for where, rule in kept:
        sheet.conditional_formatting.add(where, rule)
    return True


def as_now(xml: bytes, rows: tuple[int, int], first_column: int, columns: LiveColumns) -> bool:
    """Whether a game sheet's part (`xml`, as a spreadsheet saved it) holds the input check
    and paint `put_typing_help` gives the entry cells of `rows` now: a sheet that does
    needs no putting right (one an older remi made does). Looked for as Excel,
    LibreOffice and openpyxl write them: the check's formula by its start (LibreOffice
    writes FALSE as 0), the paint's with its quotes escaped or not."""
    top, bottom = rows
    first = address(top, first_column)
    entries = f"{first}:{address(bottom, first_column + columns.slots - 1)}"
    check = f"IF(ISNUMBER({first}),{first}=INT({first}),IF(ISTEXT({first}),SUMPRODUCT("
    kind = address(top, columns.helper("kind", 0))
    status = "$" + address(top, columns.status)
    wanted = [f'sqref="{entries}"', check]
    if not all(text.encode() in xml for text in wanted):
        return False
    return all(
        f'>{cell}="E"<'.encode() in xml or f">{cell}=&quot;E&quot;<".encode() in xml
        for cell in (kind, status)
    )


def has_remis_check(sheet: Worksheet) -> bool:
    """Whether the sheet's entry cells have remi's input check: a game remi made, whose
    deal numbers are its own."""
    return bool(_remis_checks(sheet))


def _remis_checks(sheet: Worksheet) -> list[Any]:
    """The sheet's input checks that are remi's: those that read remi's defined names."""
    checks = sheet.data_validations.dataValidation
    return [check for check in checks if "remi_" in (check.formula1 or "").lower()]


def _is_remis_paint(rule: object) -> bool:
    formula = getattr(rule, "formula", None) or []
    return len(formula) == 1 and _REMIS_PAINT.fullmatch(str(formula[0])) is not None


def _validation_key(check: object, where: str | None = None) -> tuple[object, ...]:
    return (
        where if where is not None else str(getattr(check, "sqref", "")),
        getattr(check, "formula1", None),
        getattr(check, "prompt", None),
        getattr(check, "error", None),
    )
