"""Whether openpyxl's save would change how comments look (`reading.comments`), on the
parts LibreOffice 24 wrote for a comment openpyxl had made."""

from __future__ import annotations

import io
import zipfile

import pytest

from remi_sheet.reading.comments import look_kept

STYLES = (
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts>'
    '<font><sz val="11"/><name val="Calibri"/></font></fonts></styleSheet>'
)
TEXT = (
    '<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors>'
    '<author> </author></authors><commentList><comment ref="B2" authorId="0"><text><r><rPr>'
    '<sz val="11"/><color rgb="FF000000"/><rFont val="Calibri"/><family val="2"/>'
    '<charset val="1"/></rPr><t xml:space="preserve">Anna késett</t></r></text></comment>'
    "</commentList></comments>"
)
BOX = (
    '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:'
    'office" xmlns:x="urn:schemas-microsoft-com:office:excel"><v:shapetype id="_x0000_t202" '
    'coordsize="21600,21600" o:spt="202" path="m,l,21600l21600,21600l21600,xe"/>'
    '<v:shape id="shape_0" fillcolor="#ffffe1" stroked="t" type="#_x0000_t202" '
    'style="position:absolute;margin-left:59.25pt;margin-top:1.5pt;width:107.95pt;'
    'height:59.2pt;mso-wrap-style:none;v-text-anchor:middle;visibility:hidden">'
    '<v:shadow on="t" obscured="t" color="black"/><v:fill o:detectmouseclick="t" '
    'type="solid" color2="#00001e"/><v:stroke color="black" startarrow="block" '
    'joinstyle="miter" endcap="flat"/><x:ClientData ObjectType="Note"><x:MoveWithCells/>'
    "<x:SizeWithCells/><x:Anchor>0, 79, 0, 2, 2, 64, 4, 1</x:Anchor><x:AutoFill>False"
    "</x:AutoFill><x:TextVAlign>Top</x:TextVAlign><x:TextHAlign>Left</x:TextHAlign>"
    "<x:Row>1</x:Row><x:Column>1</x:Column></x:ClientData></v:shape></xml>"
)
PARTS = ("xl/comments1.xml", "xl/drawings/vmlDrawing1.vml")


def _kept(text: str = TEXT, box: str = BOX) -> bool:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.writestr("xl/styles.xml", STYLES)
        archive.writestr(PARTS[0], text)
        archive.writestr(PARTS[1], box)
    return look_kept(zipfile.ZipFile(data), PARTS)


def test_libreoffices_words_for_openpyxls_look_lose_nothing() -> None:
    assert _kept()


@pytest.mark.parametrize(
    "text",
    [
        TEXT.replace("<rPr>", "<rPr><b/>"),  # bold
        TEXT.replace('<color rgb="FF000000"/>', '<color theme="1" tint="0.5"/>'),  # grey
        TEXT.replace('<color rgb="FF000000"/>', '<color rgb="FFFF0000"/>'),  # red
        TEXT.replace('<sz val="11"/><color', '<sz val="14"/><color'),  # a size of its own
        TEXT.replace('<rFont val="Calibri"/>', '<rFont val="Comic Sans MS"/>'),
    ],
)
def test_a_look_of_the_texts_own_would_be_lost(text: str) -> None:
    assert not _kept(text=text)


@pytest.mark.parametrize(
    "box",
    [
        BOX.replace('fillcolor="#ffffe1"', 'fillcolor="#ff0000"'),
        BOX.replace('type="solid"', 'type="gradient"'),
        BOX.replace('<v:stroke color="black"', '<v:stroke color="#ff0000"'),
        BOX.replace("<x:TextHAlign>Left", "<x:TextHAlign>Center"),
        BOX.replace("width:107.95pt", "width:200pt"),
        BOX.replace(";visibility:hidden", ""),  # shown always
        BOX.replace("<x:Row>", "<x:Visible/><x:Row>"),
        BOX[:-10],  # cut short: not known to look plain
    ],
)
def test_a_box_of_its_own_would_be_lost(box: str) -> None:
    assert not _kept(box=box)
