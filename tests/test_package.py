"""The size guard's quick look must never wave through a sheet that reaches further than it
says: whenever every reference is read, a sheet beyond ZZ999 must have been flagged by the
quick pattern first (else `extent` would report it as small without reading it)."""

from __future__ import annotations

import io
import zipfile

from hypothesis import given, settings
from hypothesis import strategies as st

from remi_sheet import package

LETTERS = st.text(alphabet="ABCXYZabcxyz", min_size=0, max_size=4)
# Every reference has a row: calamine refuses one without ("missing the expected row
# component"), so letters alone cannot make it allocate anything.
DIGITS = st.text(alphabet="0123456789", min_size=1, max_size=7)


@st.composite
def references(draw: st.DrawFn) -> bytes:
    """One cell, row or dimension element with a reference quoted and spaced any way."""
    element = draw(st.sampled_from(["c", "row", "dimension"]))
    name = "ref" if element == "dimension" else "r"
    quote = draw(st.sampled_from(['"', "'"]))
    space = draw(st.sampled_from(["", " ", "\n"]))
    value = draw(LETTERS) + draw(DIGITS)
    if element == "dimension" and draw(st.booleans()):
        value += ":" + draw(LETTERS) + draw(DIGITS)
    other = draw(st.sampled_from(["", ' t="s"', ' s="12"', ' spans="1:5"', ' ht="15.75"']))
    return f"<{element}{other} {name}{space}={space}{quote}{value}{quote}/>".encode()


@settings(max_examples=400, deadline=None)
@given(st.lists(references(), min_size=1, max_size=6))
def test_the_quick_pattern_flags_every_far_reference(parts: list[bytes]) -> None:
    xml = b'<worksheet xmlns="http://schemas.openxmlformats.org/2006/main"><sheetData>'
    xml += b"".join(parts) + b"</sheetData></worksheet>"
    exact = package._widen(package.Extent(0, 0, "A1"), xml)
    if exact.rows > 999 or exact.columns > 26 * 27:  # beyond ZZ999
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr("xl/worksheets/sheet1.xml", xml)
        with zipfile.ZipFile(buffer) as archive:
            found = package.extent(archive, "xl/worksheets/sheet1.xml")
        assert (found.rows, found.columns) == (exact.rows, exact.columns)
