"""remi's formulas saved as Excel saves a formula filled down or across: once.

A live area's helpers are one formula per step, moved down the rows and across the player
slots (`live_area`). openpyxl writes every cell's formula in full; written so, a season's
notebook holds megabytes of the same formulas, which Excel and LibreOffice read and
compile one by one. Saved as a shared formula, the group's first cell holds the formula
and the range it covers, and every other cell only the group's number: the file is a
fraction of the size and opens that much faster. Every program that reads formulas reads
these (openpyxl moves the first cell's formula to each of the others as it loads).

Only cells remi planned as one group are shared, each a formula its group's first cell's
moved (`Written.share`), and only where openpyxl wrote that cell's formula as remi wrote
it. Pure: sheet XML and the groups in, sheet XML out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from remi_sheet.reading.cells import address
from remi_sheet.writing.written import Cells

Key = tuple[int, int]
Groups = Mapping[str, Sequence[Key]]  # group → its cells (0-based), the first one first

# A formula cell as openpyxl writes it: <c r="C2" s="1"><f>20+13</f><v>33</v></c>
_FORMULA_CELL: Final = re.compile(
    rb'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*)><f>(?P<text>[^<]*)</f>'
)


def groups(cells: Cells) -> dict[str, list[Key]]:
    """The shared groups of a sheet's planned cells: each group's cells in sheet order, the
    first one (its top left cell, which holds the formula) first."""
    found: dict[str, list[Key]] = {}
    for key in sorted(cells):
        share = cells[key].share
        if share is not None and cells[key].formula:
            found.setdefault(share, []).append(key)
    return {name: keys for name, keys in found.items() if len(keys) > 1}


def share(xml: bytes, planned: Groups) -> bytes:
    """The sheet `xml` with each group's formulas saved once."""
    member: dict[bytes, tuple[int, bool, str]] = {}
    for number, (_, keys) in enumerate(sorted(planned.items())):
        first = keys[0]
        area = _area(keys)
        member[address(*first).encode()] = (number, True, area)
        for key in keys[1:]:
            member[address(*key).encode()] = (number, False, area)
    if not member:
        return xml
    masters: set[int] = set()

    def replace(match: re.Match[bytes]) -> bytes:
        found = member.get(match["ref"])
        if found is None:
            return match[0]
        number, first, area = found
        head = b'<c r="' + match["ref"] + b'"' + match["attrs"] + b">"
        if first:
            masters.add(number)
            formula = f'<f t="shared" ref="{area}" si="{number}">'.encode()
            return head + formula + match["text"] + b"</f>"
        if number not in masters:  # its first cell was not written as planned: in full
            return match[0]
        return head + f'<f t="shared" si="{number}"/>'.encode()

    return _FORMULA_CELL.sub(replace, xml)


def _area(keys: Iterable[Key]) -> str:
    rows = [row for row, _ in keys]
    columns = [column for _, column in keys]
    return f"{address(min(rows), min(columns))}:{address(max(rows), max(columns))}"
