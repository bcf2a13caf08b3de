"""The season as a spreadsheet (`remi stats -o season.xlsx`): a workbook for people, which
Excel and LibreOffice open as it is, in the season's language.

Its sheets, each with its headings in bold in a frozen first row and its columns as wide as
they need:

- the standings: the columns and order `remi stats` prints (`season.TABLE_COLUMNS`);
- the best and worst games: each with its points, its game and its date;
- head to head: the grid the terminal and the PDF show ("ahead–behind");
- the games, a row per player of each game: its date, notebook, sheet, place and deals,
  the player's total and place, whether the game is finished and whether it counts. Its
  deals are the deal rows typed, scored or not, as `remi check` counts them ("4/7 deals"):
  a game with errors is not counted (no total, no place) but shows the deals it has, never
  0 for a game that was played;
- the rating after each rated game;
- About: what the figures were worked out from (the notebooks, the period, the players
  asked for, the order), the notes the terminal prints under its tables, each notebook's
  house rules that differ from the defaults, the problems found, and when it was made.

Printed, each sheet is one page wide (lying landscape when its columns are wider than a
portrait page) and as many pages long as it takes, its headings row repeated on each page.
A table's heading longer than its column's figures wraps, word by word, and the About
sheet's notes wrap within their column: each row as tall as its lines.

Figures are numbers and dates are dates, each with its number format: a cell holds 265.0
formatted to one decimal, and a Hungarian Excel or LibreOffice shows "265,0" by itself. A
figure not there yet (an average before a complete game) is an empty cell. Text from the
notebooks (players' names, places, sheet names) is always written as text, never as a
formula (a player called "=1+1" is a name), with what a cell cannot hold written as the
format's escape (`_x0007_`, and a typed `_x0041_` kept as typed). The CSV of `--csv` is the
scripts' (`cli.season_views`).

Which workbook is remi's own to write over (`is_season_workbook`): one whose sheets are all
a season workbook's, in English or in Hungarian. Anything else (a notebook, anybody's own
workbook, a season workbook a sheet was added to) is never written over.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from remi_sheet.core.problems import SEVERITY_NAMES, Problem
from remi_sheet.core.rules import value_text
from remi_sheet.core.standings import ORDER
from remi_sheet.core.text import fold
from remi_sheet.i18n import LANGS, Lang, day, listed, say
from remi_sheet.notebook.season import (
    SEASON_DECIMALS,
    TABLE_COLUMNS,
    places_heading,
    places_text,
    sheet_named,
    summary,
)
from remi_sheet.writing.new_notebook import one_page_across

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.cell.cell import Cell
    from openpyxl.styles import Font
    from openpyxl.worksheet.worksheet import Worksheet

    from remi_sheet.core.rules import DatedRules
    from remi_sheet.notebook.season import Season, SeasonGame, SeasonRow

# The sheets, in order, by their text keys: each sheet is named by its key's text.
SHEETS: Final = (
    "season_title",
    "records",
    "head_to_head",
    "games",
    "rating_history",
    "workbook_about",
)

# Decimals of every figure written with a fixed number of them (the rest are whole).
_DECIMALS: Final = {**SEASON_DECIMALS, "per_deal": 1}
_WIDEST: Final = 50  # characters: a column wider would hide the next one
_NOTES_WIDTH: Final = 100  # the About sheet's texts, wrapped within it
# Characters of column width a portrait page holds across, A4 or Letter within narrow
# margins, with room to spare for fonts wider than Calibri: a sheet wider prints landscape.
_PORTRAIT_WIDTH: Final = 90
_LINE_HEIGHT: Final = 15  # points: a line of the default font (Calibri 11), as Excel spaces it
# Of a column's width in characters, how many a wrapped line holds: a little fewer, for the
# fonts wider than Calibri that LibreOffice may show it in (DejaVu Sans) and the margins.
_LINE_FILL: Final = 0.85
_LITERAL_ESCAPE: Final = re.compile(r"_(x[0-9A-Fa-f]{4}_)")
_CELL_CHARACTERS: Final = 32_767  # the most a cell holds

Value = str | int | float | dt.date | None


@dataclass(frozen=True, slots=True)
class SeasonBook:
    """What the season workbook says beside the season's own figures: what they were
    worked out from (the About sheet), and what the terminal and the PDF word alike."""

    files: Sequence[str]  # each notebook's label (its file's name, or its path)
    title: str  # the standings' title, as the terminal's table says it (its order when sorted)
    versus: Sequence[tuple[str, Sequence[str]]]  # the head-to-head grid's rows, as printed
    since: dt.date | None = None
    until: dt.date | None = None
    players: Sequence[str] = ()  # the players asked for (none: everybody)
    rules: Sequence[DatedRules] = ()  # each notebook's, in the order of `files`
    problems: Sequence[Problem] = ()
    made: dt.date | None = None  # the day it is written (None: today)


def sheet_titles(lang: Lang) -> tuple[str, ...]:
    """The sheets' names in `lang`, in order."""
    return tuple(say(key, lang) for key in SHEETS)


def is_season_workbook(sheet_names: Sequence[str]) -> bool:
    """Whether a workbook of the sheets `sheet_names` is a season workbook as remi writes
    it (in either language): its sheets all a season workbook's, the standings first."""
    folded = [fold(name) for name in sheet_names]
    for lang in LANGS:
        titles = [fold(title) for title in sheet_titles(lang)]
        if folded and folded[0] == titles[0] and set(folded) <= set(titles):
            return True
    return False


def not_season_sheets(sheet_names: Sequence[str]) -> list[str]:
    """The `sheet_names` that are no sheet of a season workbook, in either language."""
    titles = {fold(title) for lang in LANGS for title in sheet_titles(lang)}
    return [name for name in sheet_names if fold(name) not in titles]


def season_workbook(season: Season, lang: Lang, book: SeasonBook) -> Workbook:
    """The season's workbook (see the module), in `lang`, not saved yet."""
    from openpyxl import Workbook

    from remi_sheet.reading.compat import bold_font

    workbook = Workbook()
    workbook.remove(workbook.active)
    workbook.properties.creator = "remi-sheet"
    workbook.properties.title = book.title
    titles = dict(zip(SHEETS, sheet_titles(lang), strict=True))
    writer = _Writer(lang, bold_font(workbook))
    writer.standings(workbook.create_sheet(titles["season_title"]), season)
    writer.records(workbook.create_sheet(titles["records"]), season)
    writer.head_to_head(workbook.create_sheet(titles["head_to_head"]), book)
    writer.games(workbook.create_sheet(titles["games"]), season, book.files)
    writer.ratings(workbook.create_sheet(titles["rating_history"]), season)
    writer.about(workbook.create_sheet(titles["workbook_about"]), season, book)
    return workbook


def text_value(text: str) -> str:
    """`text` as a cell holds it: each character a cell cannot hold (a control character)
    as the format's escape `_x0007_`, and an escape typed as text (`_x0041_`) with its
    underscore escaped, so that Excel, LibreOffice and calamine show it as typed; cut to
    what a cell holds."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    text = _LITERAL_ESCAPE.sub(r"_x005F_\1", text)
    text = ILLEGAL_CHARACTERS_RE.sub(lambda found: f"_x{ord(found[0]):04X}_", text)
    return text[:_CELL_CHARACTERS]


class _Writer:
    """Writes each sheet: the cells, the number formats, the widths."""

    def __init__(self, lang: Lang, bold: Font) -> None:
        self.lang = lang
        self.bold = bold
        self.date_format = "yyyy. mm. dd." if lang == "hu" else "yyyy-mm-dd"

    # ------------------------------------------------------------------ the sheets

    def standings(self, sheet: Worksheet, season: Season) -> None:
        lang = self.lang
        headings = [
            places_heading(season.rows, lang)
            if key == "places"
            else say("streak_short" if key == "streak" else key, lang)
            for key in TABLE_COLUMNS
        ]
        rows = [[_figure(row, key, lang) for key in TABLE_COLUMNS] for row in season.rows]
        formats = {i: _format(key) for i, key in enumerate(TABLE_COLUMNS)}
        self._table(sheet, headings, rows, formats, frozen_columns=2, wrapped=True)
        _print_setup(sheet)

    def records(self, sheet: Worksheet, season: Season) -> None:
        lang = self.lang
        points, date = say("workbook_points", lang), say("date", lang)
        headings = [say("player", lang), say("best_game", lang), points, date]
        headings += [say("worst_game", lang), points, date, say("streak", lang)]
        rows: list[list[Value]] = []
        for row in season.rows:
            cells: list[Value] = [row.name]
            for result in (row.best, row.worst):
                if result is None:
                    cells += [None, None, None]
                else:
                    cells += [result.game, result.total, result.date]
            rows.append([*cells, row.streak])
        self._table(sheet, headings, rows, {}, frozen_columns=1, wrapped=True)
        _print_setup(sheet)

    def head_to_head(self, sheet: Worksheet, book: SeasonBook) -> None:
        names = [name for name, _ in book.versus]
        rows: list[list[Value]] = [
            [name, *(cell or None for cell in cells)] for name, cells in book.versus
        ]
        self._table(sheet, ["", *names], rows, {}, frozen_columns=1)
        for row in range(2, len(rows) + 2):
            sheet.cell(row, 1).font = self.bold
        # The note wraps under the grid, across its columns: printed, it is no wider.
        row = len(rows) + 3
        note = self._put(sheet.cell(row, 1), say("head_to_head_note", self.lang))
        if names:
            sheet.merge_cells(start_row=row, start_column=1, end_row=row, end_column=len(names) + 1)
        _wrap(sheet, note, sum(_widths(sheet)))
        _print_setup(sheet)

    def games(self, sheet: Worksheet, season: Season, files: Sequence[str]) -> None:
        lang = self.lang
        keys = ("date", "workbook_notebook", "sheet", "place", "deals", "player", "total")
        headings = [say(key, lang) for key in keys]
        headings += [say("rank", lang), say("workbook_finished", lang)]
        headings += [say("workbook_counted", lang)]
        rows = [row for game in season.games for row in self._game_rows(game, files)]
        self._table(sheet, headings, rows, {}, frozen_columns=0, filtered=True, wrapped=True)
        _print_setup(sheet)

    def ratings(self, sheet: Worksheet, season: Season) -> None:
        history = season.history
        headings = [say("game", self.lang), say("date", self.lang), *history.players]
        rows: list[list[Value]] = []
        for index, game in enumerate(history.games):
            ratings = [_rounded(values[index], 2) for values in history.ratings]
            rows.append([game, history.dates[index], *ratings])
        formats = dict.fromkeys(range(2, len(headings)), "0.00")
        self._table(sheet, headings, rows, formats, frozen_columns=1)
        _print_setup(sheet)

    def about(self, sheet: Worksheet, season: Season, book: SeasonBook) -> None:
        from openpyxl.styles import Alignment

        lang = self.lang
        self._put(sheet.cell(1, 1), book.title).font = self.bold
        lines = list(_about_lines(season, book, lang))
        top = Alignment(vertical="top")  # beside the first line of its note
        for offset, (label, text) in enumerate(lines, start=3):
            if label:
                cell = self._put(sheet.cell(offset, 1), label)
                cell.font, cell.alignment = self.bold, top
            if text:
                _wrap(sheet, self._put(sheet.cell(offset, 2), text), _NOTES_WIDTH)
        width = max((len(label) for label, _ in lines), default=10)
        sheet.column_dimensions["A"].width = min(width + 2, _WIDEST)
        sheet.column_dimensions["B"].width = _NOTES_WIDTH
        _print_setup(sheet, headings=False)  # its title is no headings row

    # ------------------------------------------------------------------ the cells

    def _game_rows(self, season_game: SeasonGame, files: Sequence[str]) -> list[list[Value]]:
        game = season_game.game
        notebook = files[season_game.source] if season_game.source < len(files) else None
        place = game.layout.place
        where: Value = place if isinstance(place, str | int | float | dt.date) else None
        if isinstance(where, bool):
            where = str(where)
        scored = season_game.played  # totals and places of a game counted, with a deal
        finished = value_text(season_game.complete, self.lang)
        counted = value_text(season_game.counted, self.lang)
        deals = game.played  # the deal rows typed, scored or not (see the module)
        players = game.players or ("",)
        rows: list[list[Value]] = []
        for index, name in enumerate(players):
            total = game.score.totals[index] if scored and game.players else None
            rank = game.score.ranks[index] if scored and game.players else None
            first = [season_game.date, notebook, game.sheet, where, deals, name or None]
            rows.append([*first, total, rank, finished, counted])
        return rows

    def _table(
        self,
        sheet: Worksheet,
        headings: Sequence[str],
        rows: Sequence[Sequence[Value]],
        formats: dict[int, str],
        *,
        frozen_columns: int,
        filtered: bool = False,
        wrapped: bool = False,
    ) -> None:
        """`headings` in bold in the first row, frozen with the first `frozen_columns`
        columns, and `rows` under them; `formats`: a column's number format (by its index),
        else whole numbers as whole numbers, dates as the language writes them. `wrapped`:
        a heading wider than its column's figures wraps onto more lines, word by word (a
        column of one-digit streaks is not as wide as "Longest win streak": printed one
        page across, the standings would be too small to read)."""
        from openpyxl.utils import get_column_letter

        words = [heading.split() if wrapped else [heading] for heading in headings]
        # A bold letter is about a tenth wider; the filter's button takes two.
        extra = 2 if filtered else 0
        widths = [round(max(map(len, said), default=0) * 1.1) + extra for said in words]
        cells = []
        for column, heading in enumerate(headings, start=1):
            if heading:
                cell = self._put(sheet.cell(1, column), heading)
                cell.font = self.bold
                cells.append(cell)
        for r, values in enumerate(rows, start=2):
            for c, value in enumerate(values):
                if value is None:
                    continue
                cell = self._put(sheet.cell(r, c + 1), value, formats.get(c))
                widths[c] = max(widths[c], _shown_length(value, cell.number_format))
        for column, width in enumerate(widths, start=1):
            letter = get_column_letter(column)
            sheet.column_dimensions[letter].width = min(max(width + 1, 6), _WIDEST)
        if wrapped:
            for cell in cells:
                _wrap(sheet, cell, widths[cell.column - 1] + 1, vertical="bottom")
        sheet.freeze_panes = sheet.cell(2, frozen_columns + 1).coordinate
        if filtered and rows:
            sheet.auto_filter.ref = f"A1:{get_column_letter(len(headings))}{len(rows) + 1}"

    def _put(self, cell: Cell, value: Value, number_format: str | None = None) -> Cell:
        """`value` into `cell`: text always as text (never a formula), a date as a date in
        the language's style, a figure with `number_format` (else as a whole number)."""
        if isinstance(value, str):
            cell.value = text_value(value)
            cell.data_type = "s"  # openpyxl would make "=1+1" a formula
        elif isinstance(value, dt.date):
            cell.value = value
            cell.number_format = self.date_format
        elif value is not None:
            cell.value = value
            whole = isinstance(value, int) or float(value).is_integer()
            cell.number_format = number_format or ("0" if whole else "General")
        return cell


def _widths(sheet: Worksheet) -> list[float]:
    """The widths of the sheet's columns, in characters, from the first to its last."""
    from openpyxl.utils import get_column_letter

    columns = sheet.column_dimensions
    return [
        columns[get_column_letter(column)].width or 8.43  # Excel's default column
        for column in range(1, sheet.max_column + 1)
    ]


def _print_setup(sheet: Worksheet, *, headings: bool = True) -> None:
    """Printed one page across, landscape when wider than a portrait page, as many pages
    down as it takes, within narrow margins (Excel's "Narrow"); `headings`: the first row
    repeated at the top of each page."""
    from openpyxl.worksheet.page import PageMargins

    one_page_across(sheet, landscape=sum(_widths(sheet)) > _PORTRAIT_WIDTH)
    sheet.page_margins = PageMargins(0.25, 0.25, 0.75, 0.75, header=0.3, footer=0.3)
    if headings:
        sheet.print_title_rows = "1:1"


def _wrap(sheet: Worksheet, cell: Cell, width: float, vertical: str = "top") -> None:
    """`cell`'s text wrapped within `width` characters, in a row as tall as its lines
    (counted as `textwrap` breaks them; the tallest cell of the row sets it): LibreOffice
    keeps a row one line high, whatever it holds, unless the row says how tall it is, and
    prints the lines below the first over the rows under it."""
    import textwrap

    from openpyxl.styles import Alignment

    cell.alignment = Alignment(wrap_text=True, vertical=vertical)
    text = str(cell.value)
    # A word the column was made wide enough for is never broken.
    room = max(int(width * _LINE_FILL), *(len(word) for word in text.split()), 1)
    lines = sum(len(textwrap.wrap(line, room)) or 1 for line in text.splitlines() or [""])
    row = sheet.row_dimensions[cell.row]
    if lines > 1 and (row.height or 0) < _LINE_HEIGHT * lines:
        row.height = _LINE_HEIGHT * lines


def _figure(row: SeasonRow, key: str, lang: Lang) -> Value:
    """The figure of `row` in the column `key` of `TABLE_COLUMNS`, as `remi stats` prints
    it: a rating to two decimals ("(few games)" before a player's `RATED_FROM`-th complete
    game, and no ±), the places as "2·1·0"."""
    standing = row.standing
    few = row.few_games
    figures: dict[str, Value] = {
        "rank": standing.rank,
        "player": row.name,
        "rating": say("few_games", lang) if few else _rounded(row.rating.ordinal, 2),
        "uncertainty": None if few else _rounded(row.rating.sigma, 2),
        "games": standing.games,
        "complete_games": standing.complete,
        "wins": standing.wins,
        "places": places_text(row.places),
        "total": standing.total,
        "average": standing.average,
        "per_deal": row.per_deal,
        "hands": standing.hands,
        "plus200": standing.plus200,
        "streak": row.streak,
    }
    return figures[key]


def _format(key: str) -> str:
    decimals = _DECIMALS.get(key)
    return "0." + "0" * decimals if decimals else "0"


def _rounded(value: float | None, decimals: int) -> float | None:
    """`value` to `decimals`, a negative zero as zero (no "-0,00")."""
    return None if value is None else round(value, decimals) + 0.0


def _shown_length(value: Value, number_format: str) -> int:
    """About how many characters a cell of `value` shows."""
    if isinstance(value, str):
        return max((len(line) for line in value.splitlines()), default=0)
    if isinstance(value, dt.date):
        return 13
    if isinstance(value, float) and "." in number_format:
        decimals = len(number_format.rpartition(".")[2])
        return len(f"{value:.{decimals}f}")
    return len(str(value))


def _about_lines(season: Season, book: SeasonBook, lang: Lang) -> Iterable[tuple[str, str]]:
    """The About sheet's rows: a label (or "" under the one before) and its text."""
    files = list(book.files)
    for index, name in enumerate(files or ["—"]):
        yield (say("workbook_notebooks", lang) if index == 0 else "", name)
    yield say("period", lang), _period(book.since, book.until, lang)
    shown = listed(list(book.players), lang) or say("workbook_players_all", lang)
    yield say("workbook_players", lang), shown
    notes = [summary(season, len(files), lang), say(ORDER, lang), say("places_note", lang)]
    notes += [say("head_to_head_note", lang), say("rating_note", lang)]
    for key, games in (
        ("incomplete_games", season.incomplete),
        ("not_counted", season.not_counted),
    ):
        if games:
            notes.append(f"{say(key, lang)}: {', '.join(game.label for game in games)}")
    for index, note in enumerate(notes):
        yield (say("notes_heading", lang) if index == 0 else "", note)
    rules = list(_house_rules(book, lang))
    for index, line in enumerate(rules):
        yield (say("house_rules", lang) if index == 0 else "", line)
    for index, problem in enumerate(book.problems):
        yield (say("problems", lang) if index == 0 else "", _problem_text(problem, lang))
    made = book.made or dt.date.today()  # the day as the user's clock says it
    yield say("workbook_made", lang), f"remi-sheet, {day(made, lang)}"


def _period(since: dt.date | None, until: dt.date | None, lang: Lang) -> str:
    if since is None and until is None:
        return say("workbook_period_all", lang)
    first = day(since, lang) if since else "…"
    last = day(until, lang) if until else "…"
    return f"{first} – {last}"


def _house_rules(book: SeasonBook, lang: Lang) -> Iterable[str]:
    """Each notebook's house rules that differ from the defaults, named by its file when
    there are several."""
    several = len(book.files) > 1
    for label, rules in zip(book.files, book.rules, strict=False):
        listed_rules = rules.said(lang)
        if listed_rules is not None:
            yield f"{label}: {listed_rules}" if several else listed_rules


def _problem_text(problem: Problem, lang: Lang) -> str:
    """A problem as one line: where it is (notebook, sheet, cell), how bad, what."""
    where = [sheet_named(problem) or "", problem.cell or ""]  # as the terminal names it
    place = " · ".join(part for part in where if part)
    said = f"{say(SEVERITY_NAMES[problem.severity], lang)}: {problem.message(lang)}"
    return f"{place}: {said}" if place else said
