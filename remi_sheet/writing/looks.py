"""How remi's cells look once written: its named styles (in the workbook's own font), the
area's and the Standings sheet's columns fitted to what they hold, the live area's helper
columns grouped and hidden, and the Standings sheet's rating chart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from remi_sheet.reading import compat
from remi_sheet.reading.cells import column_letter
from remi_sheet.writing.new_notebook import one_page_across
from remi_sheet.writing.written import Cells, Style

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    from remi_sheet.writing.area import Block

_SENTENCE: Final = 60  # characters: longer text on the Standings sheet is a line, not a heading


def fit_standings(sheet: Worksheet, cells: Cells) -> None:
    """Columns as wide as remi's Standings sheet needs: its names and headings readable."""
    widths: dict[int, int] = {}
    for (_row, column), written in cells.items():
        shows = written.shows
        if shows is None:
            continue  # (a live figure only the spreadsheet knows; its heading sets the width)
        text = str(shows)
        if len(text) > _SENTENCE:
            continue  # a sentence (the order's line) runs on over the empty cells beside it
        widths[column] = max(widths.get(column, 8), min(len(text) + 2, 32))
    for column, width in widths.items():
        sheet.column_dimensions[column_letter(column)].width = width
    one_page_across(sheet, landscape=True)


_CHART_ROWS: Final = 19  # rows of the default height a chart 9 cm high covers


def _columns_under(sheet: Worksheet, centimetres: float) -> int:
    """The last column (0-based) a chart `centimetres` wide reaches from column A."""
    reach, column = 0.0, 0
    while True:
        width = sheet.column_dimensions[column_letter(column)].width or 8.43
        reach += width * 0.2  # a character of the default font is about 2 mm
        if reach >= centimetres:
            return column
        column += 1


def draw_ratings(sheet: Worksheet, block: Block | None) -> None:
    """The Standings sheet's one chart: each player's rating across the complete games, a
    native Excel line chart drawn from the rating history block."""
    from openpyxl.chart import LineChart, Reference

    compat.clear_charts(sheet)  # remi's own chart, drawn anew from the new figures
    if block is None:
        return
    chart = LineChart()
    chart.title = sheet.cell(block.top + 1, block.left + 1).value
    chart.height, chart.width = 9, 18
    chart.display_blanks = "span"  # a game a player sat out does not break their line
    data = Reference(
        sheet,
        min_col=block.left + 2,
        max_col=block.right + 1,
        min_row=block.top + 1,
        max_row=block.bottom + 1,
    )
    chart.add_data(data, titles_from_data=True)
    chart.set_categories(
        Reference(sheet, min_col=block.left + 1, min_row=block.top + 2, max_row=block.bottom + 1)
    )
    for number, series in enumerate(chart.series):
        series.marker.symbol = ("circle", "square", "triangle", "diamond", "x", "star")[number % 6]
        series.smooth = False
    # The games' labels below the plot, not on the zero line ratings cross; both axes
    # shown (openpyxl leaves them to the program, and Excel then hides them).
    chart.x_axis.tickLblPos = "low"
    chart.x_axis.delete = chart.y_axis.delete = False
    chart.legend.position = "b"
    # Under the figures, at the left: the sheet prints one page wide with the chart whole.
    anchor = f"A{block.bottom + 3}"
    sheet.add_chart(chart, anchor)
    last = max(block.right, sheet.max_column - 1, _columns_under(sheet, chart.width))
    bottom = block.bottom + 3 + _CHART_ROWS
    sheet.print_area = f"A1:{column_letter(last)}{bottom}"


def fit_area(
    sheet: Worksheet, cells: Cells, helpers: tuple[int, int] | None, first: bool, area: int = 0
) -> None:
    """The area's columns (from `area` on) as wide as their names, headings and numbers
    need; a column of the person's table left of it that holds a cell of remi's (a live
    game's totals above the names, its legend) made wide enough for it, never narrower
    than it is (the names and the date typed there need their width). The sheet printed
    one page across when remi `first` writes its area there, unless a person has scaled or
    fitted it already. After that the print setup is the person's, as they set it.
    (Orientation alone tells nothing: LibreOffice writes "portrait" on every sheet.)"""
    widths: dict[int, int] = {}
    for (_row, column), written in cells.items():
        if helpers is not None and helpers[0] <= column <= helpers[1]:
            continue
        if written.style == Style.NOTE:
            continue  # a sentence runs on over the empty cells beside it
        shown = written.shows if written.formula else written.value
        text = "" if shown is None else str(shown)
        widths[column] = max(widths.get(column, 7), min(len(text) + 3, 28))
    for column, width in widths.items():
        dimension = sheet.column_dimensions[column_letter(column)]
        if column < area and dimension.customWidth and (dimension.width or 0) >= width:
            continue
        dimension.width = width
    setup, fitting = sheet.page_setup, sheet.sheet_properties.pageSetUpPr
    chosen = setup.scale not in (None, 100) or (fitting is not None and bool(fitting.fitToPage))
    if first and not chosen:
        one_page_across(sheet, landscape=True)


def hide_helpers(sheet: Worksheet, first: int, last: int) -> None:
    """The helper columns of a live area, grouped and hidden: one click on the group's +
    shows how each entry is read."""
    sheet.column_dimensions.group(
        column_letter(first), column_letter(last), outline_level=1, hidden=True
    )


def ensure_styles(workbook: Workbook) -> None:
    from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill, Side

    grey = PatternFill("solid", fgColor="EEEEEE")
    line = Side(style="thin", color="BBBBBB")
    typed = compat.default_font(workbook)
    face = {"name": typed.name, "sz": typed.sz, "family": typed.family, "scheme": typed.scheme}
    looks = {
        Style.HEADING: (
            Font(bold=True, color="333333", **face),
            PatternFill("solid", fgColor="DDDDDD"),
        ),
        Style.COMPUTED: (Font(color="333333", **face), grey),
        Style.MARKED: (Font(bold=True, underline="single", color="000000", **face), grey),
        Style.TENTHS: (Font(color="333333", **face), grey),
        Style.HUNDREDTHS: (Font(color="333333", **face), grey),
        Style.NOTE: (Font(color="333333", **face), PatternFill()),
    }
    number_formats = {Style.TENTHS: "0.0", Style.HUNDREDTHS: "0.00"}
    present = set(workbook.named_styles)
    for style, (font, fill) in looks.items():
        if style.value not in present:
            note = style is Style.NOTE
            workbook.add_named_style(
                NamedStyle(
                    name=style.value,
                    font=font,
                    fill=fill,
                    border=Border() if note else Border(bottom=line),
                    alignment=Alignment(horizontal="left" if note else "center"),
                    number_format=number_formats.get(style, "General"),
                )
            )


def style_arrays(workbook: Workbook) -> dict[Style, Any]:
    """Each of remi's named styles as the style array a cell stores. Setting `cell.style`
    by name looks the name up among all named styles every time; copying the array gives
    the cell the same style at a fraction of the cost."""
    from openpyxl.cell import Cell

    looks = {}
    for style in Style:
        probe = Cell(workbook.worksheets[0])
        probe.style = style.value
        looks[style] = compat.style_array(probe)
    return looks
