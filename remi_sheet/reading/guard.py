"""What python-calamine may be handed, decided before it reads.

calamine builds each sheet as one grid spanning every cell that holds a value, and reserves
room for as many shared strings as the strings part says it holds. So one value at
XFD1048576 asks it for 17 billion cells, and a 5 KB file claiming ten trillion strings
asks for terabytes: either way it aborts the whole process. Both are bounded here from the
bytes alone, by looks that hold however the XML is written:

- A sheet is cleared for calamine only when every cell of it is placed by a reference the
  look can see (`<c r="B5"`: every cell-like tag is one, and every `r=` of the part belongs
  to one of them or to a row), and those references span at most `MAX_ROWS` rows and
  `MAX_CELLS` cells. Anything else is doubtful: it goes to the streaming reader
  (`reading.stream`), which never builds a grid, and is never refused for it. Formatting,
  row heights and column widths make no cell of calamine's grid and count for nothing in
  the streaming reader either.
- The number of shared strings a part claims must fit in the part's own size.
- calamine gives every cell its own copy of its shared string, so one string of a megabyte
  in 12,000 cells is 12 GB: a sheet whose string cells, each taken as long as the longest
  shared string, could hold more than `MAX_TEXT_BYTES` goes to the streaming reader, whose
  cells share one copy of each string.
"""

from __future__ import annotations

import re
from typing import Final

from remi_sheet.reading.cells import column_number

MAX_ROWS: Final = 100_000  # rows holding values: a notebook's sheet holds a few hundred
MAX_CELLS: Final = 2_000_000  # cells of one sheet's grid: some 64 MB in calamine
# Different texts in the shared strings: a 5,000-game notebook has a few thousand, and
# ten million make calamine and openpyxl hold some 650 MB of them.
MAX_STRINGS: Final = 1_000_000
# The text calamine may copy into one sheet's cells: a notebook's sheet holds kilobytes.
MAX_TEXT_BYTES: Final = 64 << 20

# Every place a cell's start tag can be: `<c` or, behind any prefix (`<x:c`), `:c`, then
# white space, "/" or ">".
_CELL_TAG: Final = re.compile(rb"<c[\s/>]")
_PREFIXED_CELL_TAG: Final = re.compile(rb":c[\s/>]")
# Every attribute that can be a position: named `r` (not `xmlns:r` or `x:r`, which calamine
# does not read as one), spaced or quoted any way, in any tag.
_ANY_POSITION: Final = re.compile(rb"(?<![\w:.-])r\s*=")
_SPACED_POSITION: Final = re.compile(rb"r\s+=")
# A cell placed the way Excel, LibreOffice and openpyxl all place one, and where; and one
# placed so but not by such a reference.
_PLACED: Final = re.compile(rb'<c r="([A-Za-z]{0,3})([0-9]{1,7})"')
_MISPLACED: Final = re.compile(rb'<c r="(?![A-Za-z]{0,3}[0-9]{1,7}")')
# A cell tag that is not such a cell within ZZ999: only then are the references read one
# by one.
_NOT_NEAR: Final = re.compile(rb'<c(?:[\t\n\r\x0b\x0c/>]| (?!r="[A-Za-z]{1,2}[0-9]{1,3}"))')
_TYPE: Final = re.compile(rb"""(?<![\w:.-])(?:[\w.-]+:)?t\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_SHARED_COUNT: Final = re.compile(rb"uniqueCount\s*=\s*[\"']\s*([0-9]+)")
_SMALLEST_STRING: Final = len(b"<si/>")
_ANY_STRING_TAG: Final = re.compile(rb"[<:]si[ />\t\r\n]")
_STRING_TAGS: Final = tuple(
    start + b"si" + bytes([end]) for start in (b"<", b":") for end in b" />\t\r\n"
)


def calamine_may_read(xml: bytes) -> bool:
    """Whether the sheet whose XML is `xml` is cleared for calamine (see the module's
    docstring); False sends it to the streaming reader."""
    placed = xml.count(b'<c r="')
    rows = xml.count(b'<row r="')
    if _NOT_NEAR.search(xml) is None and b":c" not in xml:
        # Every cell tag is a `<c r="` within ZZ999: 701,298 cells at the most.
        return _every_position_placed(xml, placed + rows)
    cells = len(_CELL_TAG.findall(xml)) + len(_PREFIXED_CELL_TAG.findall(xml))
    if cells != placed or _MISPLACED.search(xml) is not None:
        return False  # a cell calamine would place by counting, or by a reference not read
    if not _every_position_placed(xml, placed + rows):
        return False  # a position the look would not see (a second `r`, another spelling)
    far_rows = far_columns = 0
    for letters, digits in _PLACED.findall(xml):
        far_rows = max(far_rows, int(digits))
        far_columns = max(far_columns, column_number(letters))
    return far_rows <= MAX_ROWS and far_rows * far_columns <= MAX_CELLS


def copies_fit(xml: bytes, longest: int) -> bool:
    """Whether the cells of the sheet `xml` hold at most `MAX_TEXT_BYTES` of shared strings
    when every value in it (`<v`, behind any prefix) is one of `longest` bytes."""
    if longest * len(xml) <= MAX_TEXT_BYTES:
        return True  # fewer values than bytes
    values = xml.count(b"<v") + xml.count(b":v>") + xml.count(b":v ")
    if values * longest <= MAX_TEXT_BYTES:
        return True
    # Only a cell typed "s" is a copy of a shared string (a number's or a formula's value
    # is none): counted by every attribute named `t` whose value is "s", or may be (an
    # entity in it), in any tag, spaced or quoted any way.
    shared = sum(
        1
        for match in _TYPE.finditer(xml)
        if (found := match.group(1) or match.group(2) or b"") == b"s" or b"&" in found
    )
    return shared * longest <= MAX_TEXT_BYTES


def longest_string(xml: bytes) -> int:
    """An upper bound of the bytes of the longest shared string of the part `xml`: the
    most bytes between the starts of two `<si>` items (or after the last)."""
    if b":si" not in xml:
        return max(map(len, xml.split(b"<si")))
    starts = [match.start() for match in _ANY_STRING_TAG.finditer(xml)]
    return max(
        (end - start for start, end in zip([0, *starts], [*starts, len(xml)], strict=True)),
        default=len(xml),
    )


def _every_position_placed(xml: bytes, placed: int) -> bool:
    """Whether the `r` attributes of `xml` are the `placed` ones of the cells and rows.

    Counted quickly first: without a spaced `r =`, every `r` attribute is an "r=" that no
    name character comes before (as in `xmlns:r=`, `xmlns:xdr=`, `header=`, `error=`,
    `operator=`), so when the others are no more than the placed ones (which are among
    them), they are exactly those.
    """
    if _SPACED_POSITION.search(xml) is None:
        named = sum(xml.count(ending) for ending in (b":r=", b"er=", b"or=", b"dr="))
        if xml.count(b"r=") - named == placed:
            return True
    return len(_ANY_POSITION.findall(xml)) == placed


def string_count(xml: bytes) -> int:
    """How many strings a shared-strings part holds (its `<si>` items, behind any prefix),
    counted without a list of them."""
    return sum(xml.count(tag) for tag in _STRING_TAGS)


def claimed_strings(head: bytes) -> int:
    """The largest string count the start of a shared-strings part claims (0: none)."""
    return max((int(count) for count in _SHARED_COUNT.findall(head)), default=0)


def strings_that_fit(size: int) -> int:
    """The most strings a shared-strings part of `size` bytes can hold: each takes at
    least `<si/>`."""
    return size // _SMALLEST_STRING + 1


def too_many_strings(xml: bytes) -> str | None:
    """The string count a shared-strings part claims that cannot fit in the part, or None
    when every count it claims fits (`strings_that_fit`)."""
    most = strings_that_fit(len(xml))
    for count in _SHARED_COUNT.findall(xml):
        if len(count) > len(str(most)) or int(count) > most:
            return str(count.decode())
    return None
