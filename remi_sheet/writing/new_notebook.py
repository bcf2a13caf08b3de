"""A fresh notebook that helps while people type: what `remi new` makes.

Each game sheet has the date and place above the header, the deal numbers ready, data
validation on every entry cell (with the codes explained in the notebook's language),
conditional formatting that marks a row with no winner or two, frozen panes, widths that
fit and an A4 page set-up. remi's area beside it holds live formulas (`formulas`) that read
the house rules from the Rules sheet through defined names, so the scores appear as people
type; `remi score` stays the referee. The typed part is built here; the area, the record
and the names are written by `writeback`, the same way `remi score` writes them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import RULES, HouseRules, RuleSpec, value_text
from remi_sheet.core.text import fold
from remi_sheet.i18n import Lang, say
from remi_sheet.i18n.rules import RULE_HELP_KEYS, RULE_NAME_KEYS, RULE_VALUE_KEYS
from remi_sheet.notebook.layout import is_player_name
from remi_sheet.reading.cells import CellValue, address, column_letter
from remi_sheet.writing.live_area import MAX_SLOTS, LiveColumns
from remi_sheet.writing.typing_help import WRONG, put_typing_help

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.cell.cell import Cell
    from openpyxl.worksheet.worksheet import Worksheet

# 0-based: date and place above it, then the rows of each player's total and place (a
# phone keeps them in sight above the names, the header frozen)
HEADER_ROW: Final = 4
MAX_NAME: Final = 60
# A column for every player a game can have, the first ones named, the others free for a
# latecomer; then an empty column, then remi's area.
AREA_COLUMN: Final = 1 + MAX_SLOTS + 1


def check_players(players: Sequence[str], rules: HouseRules) -> list[str]:
    """The players' names cleaned, or `RemiError`."""
    names = [" ".join(name.split()) for name in players]
    if len(names) < 2:
        raise RemiError("new_player_count", count=len(names), most=rules.max_players)
    if len(names) > rules.max_players:  # "2 to 2 players" would say it wrong
        raise RemiError("new_player_most", count=len(names), most=rules.max_players)
    for name in names:
        if not name:
            raise RemiError("new_player_empty")
        if len(name) > MAX_NAME or any(ord(ch) < 32 for ch in name):
            raise RemiError("new_player_name", player=name[:MAX_NAME], most=MAX_NAME)
        if not is_player_name(name):
            raise RemiError("new_player_reserved", player=name)
    folded = [fold(name) for name in names]
    for index, key in enumerate(folded):
        if key in folded[:index]:
            first = names[folded.index(key)]
            if first == names[index]:
                raise RemiError("new_player_repeated", player=first)
            raise RemiError("new_player_twice", player=names[index], first=first)
    return names


@dataclass(frozen=True, slots=True)
class GameSheet:
    title: str
    players: tuple[str, ...]
    deals: int


def game_title(day: dt.date | None, taken: Sequence[str], lang: Lang = "en") -> str:
    """The next free "2026-11-30 #1" style title, or "Game 1" ("Játszma 1") for an undated
    game (sheet names compared ignoring case)."""
    used = {fold(name) for name in taken}
    number = 1
    while fold(_title(day, number, lang)) in used:
        number += 1
    return _title(day, number, lang)


def _title(day: dt.date | None, number: int, lang: Lang) -> str:
    if day is None:
        return f"{say('game', lang)} {number}"
    return f"{day.isoformat()} #{number}"


def add_rules_sheet(
    workbook: Workbook,
    rules: HouseRules,
    lang: Lang,
    agreements: Sequence[tuple[CellValue, CellValue]] = (),
) -> Worksheet:
    """A Rules sheet with every house rule under its name in `lang`, its value and a
    one-line explanation, then the heading of the table's own agreements (free text, read
    back as `Notebook.agreements`) and under it `agreements`, a row each (columns A and B,
    as `loading.agreement_cells` gives an old notebook's). The live formulas read each
    value cell through a cell of remi's live sheet (`live_sheet`), so a change here changes
    the scores on every sheet."""
    from remi_sheet.reading.compat import bold_font

    heading = bold_font(workbook)
    sheet = workbook.create_sheet(say("rules_sheet", lang))
    headings = ("rules_rule", "rules_value", "rules_from", "rules_explanation")
    sheet.append([say(key, lang) for key in headings])
    for cell in sheet[1]:
        cell.font = heading
    for spec in RULES:
        _rule_row(sheet, sheet.max_row + 1, spec, rules, lang)
    # The row a rule that changes on a day is typed into (or one inserted above it).
    sheet.cell(sheet.max_row + 1, _HELP, say("rules_from_help", lang)).data_type = "s"
    row = sheet.max_row + 2
    sheet.cell(row, 1, say("agreements", lang)).font = heading
    sheet.cell(row, _HELP, say("agreements_help", lang)).data_type = "s"
    for offset, cells in enumerate(agreements, start=1):
        for column, value in enumerate(cells, start=1):
            _agreement_cell(sheet.cell(row + offset, column), value, lang)
    sheet.column_dimensions["A"].width = 28
    sheet.column_dimensions["B"].width = 20
    sheet.column_dimensions["C"].width = 14
    sheet.column_dimensions["D"].width = 80
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    one_page_across(sheet, landscape=False)  # the explanations run wider than the page
    return sheet


def _agreement_cell(cell: Cell, value: CellValue, lang: Lang) -> None:
    """An agreement's cell as it was typed: text stays text (never a formula; a control
    character a cell cannot hold as such written as the format's escape, `_x0007_`, which
    reads back as it), a number a number, a date a date written as `lang` writes dates."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    if value is None:
        return
    if isinstance(value, str):
        cell.value = ILLEGAL_CHARACTERS_RE.sub(lambda found: f"_x{ord(found[0]):04X}_", value)
        cell.data_type = "s"
        return
    cell.value = value
    if isinstance(value, dt.date):
        timed = isinstance(value, dt.datetime) and value.time() != dt.time()
        day = "yyyy. mm. dd." if lang == "hu" else "yyyy-mm-dd"
        cell.number_format = day + (" hh:mm" if timed else "")


def complete_rules(
    workbook: Workbook,
    rules: HouseRules,
    lang: Lang,
    present: Iterable[str],
    linked: str | None = None,
) -> tuple[Worksheet, list[str], list[str]]:
    """The Rules sheet with a row for every house rule, so that the live formulas of a new
    game link to cells a person can change: a notebook remi did not make gets the rows it
    lacks below its own (at the values of `rules`: those from the start, which a row with
    no From day holds), or a Rules sheet when it
    has none. `linked`: the sheet the live formulas read the rules from, whatever its name
    (a Rules sheet renamed `Házirend`). Returns the sheet, the rules added and the rules
    left without a row (a sheet with agreements: their live values stay as they are now
    until a person adds the row and `remi score` links it); no cell anybody typed
    changes."""
    from remi_sheet.notebook.loading import AGREEMENTS
    from remi_sheet.notebook.sheets import RULES_SHEETS

    if linked is not None and linked in workbook.sheetnames:
        sheet: Worksheet | None = workbook[linked]
    else:
        sheet = next((s for s in workbook.worksheets if fold(s.title) in RULES_SHEETS), None)
    if sheet is None:
        return add_rules_sheet(workbook, rules, lang), [spec.name for spec in RULES], []
    # The sheet's own language for names and help, known by its name when remi's.
    lang = RULES_SHEETS.get(fold(sheet.title), lang)
    headings = [fold(str(cell.value)) for cell in sheet["A"] if cell.value is not None]
    missing = [spec for spec in RULES if spec.name not in set(present)]
    if AGREEMENTS & set(headings):
        # Rules are read above the agreements: rows below would be agreements, and moving
        # a person's agreements down is changing what they typed. Left as they are.
        return sheet, [], [spec.name for spec in missing]
    for spec in missing:
        _rule_row(sheet, sheet.max_row + 1, spec, rules, lang)
    return sheet, [spec.name for spec in missing], []


# The Rules sheet's columns as remi new writes them: rule, value, the day it holds from
# (`loading.FROM_HEADINGS`), explanation.
_HELP: Final = 4


def _help_column(sheet: Worksheet) -> int:
    """The column of the explanations: under their heading (C on a sheet made before the
    From column), else D."""
    headings = {fold(say("rules_explanation", lang)) for lang in ("en", "hu")}
    for cell in sheet[1]:
        if cell.value is not None and fold(str(cell.value)) in headings:
            return int(cell.column)
    return _HELP


def _rule_row(sheet: Worksheet, row: int, spec: RuleSpec, rules: HouseRules, lang: Lang) -> None:
    """One rule's name, value and explanation; the value painted red while it is one remi
    refuses (`live_sheet.value_is_wrong`): the live scores would use it meanwhile."""
    from openpyxl.formatting.rule import FormulaRule
    from openpyxl.styles import PatternFill

    from remi_sheet.writing.live_sheet import value_is_wrong

    sheet.cell(row, 1, say(RULE_NAME_KEYS[spec.name], lang)).data_type = "s"
    value = sheet.cell(row, 2, _shown(getattr(rules, spec.name), spec, lang))
    sheet.cell(row, _help_column(sheet), say(RULE_HELP_KEYS[spec.name], lang)).data_type = "s"
    wrong = FormulaRule(
        formula=[value_is_wrong(spec, f"$B${row}")], fill=PatternFill("solid", fgColor=WRONG)
    )
    sheet.conditional_formatting.add(value.coordinate, wrong)


def _shown(value: object, spec: RuleSpec, lang: Lang) -> str | int:
    if value is None:
        assert spec.word is not None  # a rule that may be none has its word for it
        return say(RULE_VALUE_KEYS[spec.word], lang)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return value_text(value, lang)


def typed_rows(game: GameSheet, day: dt.date | None, lang: Lang) -> list[list[object]]:
    """What a new game sheet holds before anybody types: date (None: left for a person to
    type), place, the rows remi fills with the players' totals and places, header (and
    remi's marker where its area starts, after the free columns), deal numbers."""
    free = [None] * (AREA_COLUMN - 1 - len(game.players))
    rows: list[list[object]] = [
        [say("date", lang)] if day is None else [say("date", lang), day],
        [say("place", lang)],
        [],
        [],
        [say("deal", lang), *game.players, *free, say("marker", lang)],
    ]
    return rows + [[number] for number in range(1, game.deals + 1)]


def add_game_sheet(
    workbook: Workbook, game: GameSheet, day: dt.date | None, lang: Lang
) -> Worksheet:
    """A game sheet ready for typing: `typed_rows`, typing help and page set-up."""
    from remi_sheet.reading.compat import bold_font

    sheet = workbook.create_sheet(game.title)
    for row in typed_rows(game, day, lang):
        sheet.append(row)
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # a player called "=1+1" is a name, not a formula
    sheet.cell(1, 2).number_format = "yyyy. mm. dd." if lang == "hu" else "yyyy-mm-dd"
    heading = bold_font(workbook)  # the typed font: one face for the whole sheet
    for cell in sheet[HEADER_ROW + 1][:AREA_COLUMN]:
        cell.font = heading
    _typing_help(sheet, game, lang)
    _page(sheet, game)
    return sheet


def _typing_help(sheet: Worksheet, game: GameSheet, lang: Lang) -> None:
    """An input message and check on every entry cell, the free columns' too, and the
    paint of an entry the helpers refuse (`typing_help`); typed numbers and text centred
    alike."""
    from openpyxl.styles import Alignment

    top = HEADER_ROW + 1
    rows = (top, HEADER_ROW + game.deals)
    put_typing_help(sheet, rows, 1, LiveColumns(AREA_COLUMN, MAX_SLOTS), lang)
    centred = Alignment(horizontal="center")
    for row in sheet.iter_rows(
        min_row=top + 1, max_row=top + game.deals, min_col=2, max_col=1 + MAX_SLOTS
    ):
        for cell in row:
            cell.alignment = centred  # typed numbers and text line up alike


def _page(sheet: Worksheet, game: GameSheet) -> None:
    """The header stays in sight, with the players' totals and places above it (a phone
    scrolls the deals under them); the deal column is wide enough for remi's labels of
    those rows; the page printed is all of it, with the legend under the deals."""
    sheet.freeze_panes = address(HEADER_ROW + 1, 1)
    sheet.column_dimensions["A"].width = 16
    for index in range(MAX_SLOTS):
        name = game.players[index] if index < len(game.players) else ""
        sheet.column_dimensions[column_letter(1 + index)].width = max(12, min(24, len(name) + 4))
    # header, deals, remi's Total and Rank rows (empty here), three lines of legend
    last_row = HEADER_ROW + 1 + game.deals + 5
    sheet.print_area = f"A1:{column_letter(MAX_SLOTS)}{last_row}"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    one_page_across(sheet, landscape=False)


def one_page_across(sheet: Worksheet, *, landscape: bool) -> None:
    """Printed one page across and as many pages down as it takes."""
    sheet.page_setup.orientation = "landscape" if landscape else "portrait"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
