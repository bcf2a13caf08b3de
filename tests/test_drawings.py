"""Where a sheet's pictures and charts lie, by the cells they cover (`reading.drawings`)."""

from __future__ import annotations

import io
import zipfile

from remi_sheet.reading.drawings import covered

_NS = (
    'xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
)
_RELS = (
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Target="../drawings/drawing1.xml" Type="http://schemas.'
    'openxmlformats.org/officeDocument/2006/relationships/drawing"/></Relationships>'
)


def _sheet_with(drawing: str, rels: str = _RELS) -> zipfile.ZipFile:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.writestr("xl/worksheets/sheet1.xml", "<worksheet/>")
        archive.writestr("xl/worksheets/_rels/sheet1.xml.rels", rels)
        archive.writestr("xl/drawings/drawing1.xml", f"<xdr:wsDr {_NS}>{drawing}</xdr:wsDr>")
    return zipfile.ZipFile(data)


def _cell(tag: str, column: int, row: int) -> str:
    return (
        f"<xdr:{tag}><xdr:col>{column}</xdr:col><xdr:colOff>0</xdr:colOff>"
        f"<xdr:row>{row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:{tag}>"
    )


def test_each_kind_of_anchor_covers_its_cells() -> None:
    two = f"<xdr:twoCellAnchor>{_cell('from', 5, 0)}{_cell('to', 8, 3)}</xdr:twoCellAnchor>"
    # 3 default columns wide (64 px each) and 2 rows high (20 px each), in EMU.
    one = (
        f"<xdr:oneCellAnchor>{_cell('from', 2, 10)}"
        f'<xdr:ext cx="{192 * 9525}" cy="{40 * 9525}"/></xdr:oneCellAnchor>'
    )
    absolute = (
        f'<xdr:absoluteAnchor><xdr:pos x="{128 * 9525}" y="{100 * 9525}"/>'
        f'<xdr:ext cx="{64 * 9525}" cy="{20 * 9525}"/></xdr:absoluteAnchor>'
    )
    found = covered(_sheet_with(two + one + absolute), "xl/worksheets/sheet1.xml")
    assert found == (((0, 5), (3, 8)), ((10, 2), (12, 5)), ((5, 2), (6, 3)))


def test_a_sheet_without_drawings_or_with_one_unreadable_covers_nothing() -> None:
    assert covered(_sheet_with("", rels="<Relationships/>"), "xl/worksheets/sheet1.xml") == ()
    broken = _sheet_with("<xdr:twoCellAnchor><xdr:from>")
    assert covered(broken, "xl/worksheets/sheet1.xml") == ()
    assert covered(broken, "xl/worksheets/sheet2.xml") == ()
