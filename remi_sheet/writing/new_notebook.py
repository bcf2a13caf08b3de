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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import RULES, HouseRules, Rounding, RuleSpec
from remi_sheet.core.text import fold
from remi_sheet.i18n import Lang
from remi_sheet.reading.cells import address, column_letter
from remi_sheet.writing import formulas

if TYPE_CHECKING:
    from openpyxl import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

HEADER_ROW: Final = 3  # 0-based: date, place and an empty row above it
MAX_NAME: Final = 60
_WORDS: Final[dict[str, tuple[str, str]]] = {
    "deal": ("Deal", "Leosztás"),
    "date": ("Date", "Dátum"),
    "place": ("Place", "Helyszín"),
    "rules": ("Rules", "Szabályok"),
    "rule": ("Rule", "Szabály"),
    "value": ("Value", "Érték"),
    "explanation": ("Explanation", "Magyarázat"),
    "yes": ("yes", "igen"),
    "no": ("no", "nem"),
    "prompt_title": ("What to type", "Mit írj be"),
    "prompt": (
        "Winner: H (from hand, −40) or W (−20). Loser: card points (33) or the cards left "
        "(K 9 Jo); X if not laid down, X 45 with points.",
        "Nyerő: H (kézből, −40) vagy W (−20). Vesztes: lappont (33) vagy a kézben maradt "
        "lapok (K 9 Jo); X, ha nem rakott le, X 45 ponttal.",
    ),
    "error_title": ("Not an entry", "Nem értelmezhető"),
    "error": (
        "Type H, W, X, X 45, card points (0–180) or cards like K 9 Jo.",
        "Írj H, W, X, X 45 értéket, lappontot (0–180) vagy lapokat, pl. K 9 Jo.",
    ),
}
# Characters an entry can hold: digits, separators, card letters (J Q K A, B D Á, Jo),
# suits, and the letters of the codes and their Hungarian aliases.
_ENTRY_CHARACTERS: Final = "0123456789 ,+-ABCDEHIJKLNOQRSTWXYZÁÉŐ★♠♣♥♦"


def text(key: str, lang: Lang) -> str:
    english, hungarian = _WORDS[key]
    return hungarian if lang == "hu" else english


def check_players(players: Sequence[str], rules: HouseRules) -> list[str]:
    """The players' names cleaned, or `RemiError`."""
    names = [" ".join(name.split()) for name in players]
    if not 2 <= len(names) <= rules.max_players:
        raise RemiError("new_player_count", count=len(names), most=rules.max_players)
    for name in names:
        if not name or len(name) > MAX_NAME or any(ord(ch) < 32 for ch in name):
            raise RemiError("new_player_name", player=name[:MAX_NAME], most=MAX_NAME)
    folded = [fold(name) for name in names]
    for name, key in zip(names, folded, strict=True):
        if folded.count(key) > 1:
            raise RemiError("player_duplicate", player=name)
    return names


@dataclass(frozen=True, slots=True)
class GameSheet:
    title: str
    players: tuple[str, ...]
    deals: int


def game_title(day: dt.date, taken: Sequence[str]) -> str:
    """The next free "2026-11-30 #1" style title (sheet names compared ignoring case)."""
    used = {fold(name) for name in taken}
    number = 1
    while fold(f"{day.isoformat()} #{number}") in used:
        number += 1
    return f"{day.isoformat()} #{number}"


def add_rules_sheet(workbook: Workbook, rules: HouseRules, lang: Lang) -> Worksheet:
    """A Rules sheet with every house rule, its value and a one-line explanation; hidden
    column D turns each value into what the formulas read, through defined names."""
    from openpyxl.styles import Font
    from openpyxl.workbook.defined_name import DefinedName

    sheet = workbook.create_sheet(text("rules", lang))
    sheet.append([text("rule", lang), text("value", lang), text("explanation", lang)])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    rows: dict[str, int] = {}
    for spec in RULES:
        row = sheet.max_row + 1
        rows[spec.name] = row
        sheet.cell(row, 1, spec.name).data_type = "s"
        sheet.cell(row, 2, _shown(getattr(rules, spec.name), lang))
        sheet.cell(row, 3, spec.help_hu if lang == "hu" else spec.help_en).data_type = "s"
        sheet.cell(row, 4, _normalised(spec, row, getattr(HouseRules(), spec.name)))
    sheet.cell(1, 4, _max_points(rows))
    sheet.column_dimensions["A"].width = 24
    sheet.column_dimensions["B"].width = 20
    sheet.column_dimensions["C"].width = 80
    sheet.column_dimensions["D"].hidden = True
    quoted = sheet.title.replace("'", "''")
    targets = {name: f"$D${rows[rule]}" for name, rule in formulas.NAMES.items() if rule in rows}
    targets["remi_max_points"] = "$D$1"
    for name, cell in targets.items():
        workbook.defined_names[name] = DefinedName(name, attr_text=f"'{quoted}'!{cell}")
    return sheet


def _shown(value: object, lang: Lang) -> str | int:
    if isinstance(value, bool):
        return text("yes" if value else "no", lang)
    if isinstance(value, Rounding):
        return value.value
    assert isinstance(value, int)
    return value


def _normalised(spec: RuleSpec, row: int, default: object) -> str:
    """What column D holds for a rule typed in column B: the value formulas can use."""
    typed = f'TRIM(B{row}&"")'
    word = f"LOWER({typed})"
    if spec.kind is bool:
        words = ",".join(f'{word}="{w}"' for w in ("true", "yes", "igen", "1", "i", "y", "igaz"))
        fallback = "TRUE" if default else "FALSE"
        return f'=IF({typed}="",{fallback},OR(B{row}=TRUE,{words}))'
    if spec.kind is Rounding:
        return f'=OR({word}="none",{word}="nincs")'
    return f'=IF({typed}="",{default},VALUE({typed}))'


def _max_points(rows: dict[str, int]) -> str:
    """The most fourteen cards can be worth, as `deck.max_hand_points` computes it: the 14
    most valuable cards that exist. Jokers and aces count only when worth more than 10,
    since the packs hold at least 32 cards worth 10 (tens and faces) to fill the hand."""
    packs, jokers, joker, ace = (
        f"$D${rows[name]}" for name in ("packs", "jokers", "joker_in_hand", "ace_value")
    )
    joker_count = f"IF({joker}>10,MIN({jokers},14),0)"
    ace_count = f"IF({ace}>10,MIN(4*{packs},14),0)"
    aces_after = f"MIN({ace_count},14-{joker_count})"
    jokers_after = f"MIN({joker_count},14-{ace_count})"
    jokers_first = f"{joker_count}*{joker}+{aces_after}*{ace}+(14-{joker_count}-{aces_after})*10"
    aces_first = f"{ace_count}*{ace}+{jokers_after}*{joker}+(14-{ace_count}-{jokers_after})*10"
    return f"=IF({joker}>={ace},{jokers_first},{aces_first})"


def typed_rows(game: GameSheet, day: dt.date, lang: Lang) -> list[list[object]]:
    """What a new game sheet holds before anybody types: date, place, header, deal numbers."""
    rows: list[list[object]] = [
        [text("date", lang), day],
        [text("place", lang)],
        [],
        [text("deal", lang), *game.players],
    ]
    return rows + [[number] for number in range(1, game.deals + 1)]


def add_game_sheet(workbook: Workbook, game: GameSheet, day: dt.date, lang: Lang) -> Worksheet:
    """A game sheet ready for typing: `typed_rows`, typing help and page set-up."""
    from openpyxl.styles import Font

    sheet = workbook.create_sheet(game.title)
    for row in typed_rows(game, day, lang):
        sheet.append(row)
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # a player called "=1+1" is a name, not a formula
    sheet.cell(1, 2).number_format = "yyyy. mm. dd." if lang == "hu" else "yyyy-mm-dd"
    for cell in sheet[HEADER_ROW + 1]:
        cell.font = Font(bold=True)
    _typing_help(sheet, game, lang)
    _page(sheet, game)
    return sheet


def _entry_range(game: GameSheet) -> tuple[str, str, str]:
    """The first entry cell, the whole range of entry cells, and the first deal's row of
    entries with its columns fixed (A1 style, for formulas relative to the first cell)."""
    top, bottom = HEADER_ROW + 1, HEADER_ROW + game.deals
    first = address(top, 1)
    last_column = column_letter(len(game.players))
    return (
        first,
        f"{first}:{address(bottom, len(game.players))}",
        f"$B{top + 1}:${last_column}{top + 1}",
    )


def _typing_help(sheet: Worksheet, game: GameSheet, lang: Lang) -> None:
    from openpyxl.formatting.rule import FormulaRule
    from openpyxl.styles import PatternFill
    from openpyxl.worksheet.datavalidation import DataValidation

    first, entries, row_cells = _entry_range(game)
    allowed = (
        f"=OR(AND(ISNUMBER({first}),{first}>=-100,{first}<=500),AND(ISTEXT({first}),"
        f"LEN({first})<=60,SUMPRODUCT(--ISERROR(FIND(MID(UPPER({first}),"
        f'ROW(INDIRECT("1:"&LEN({first}))),1),"{_ENTRY_CHARACTERS}")))=0))'
    )
    validation = DataValidation(
        type="custom",
        formula1=allowed,
        allow_blank=True,
        showErrorMessage=True,
        showInputMessage=True,
        errorStyle="stop",
        errorTitle=text("error_title", lang),
        error=text("error", lang),
        promptTitle=text("prompt_title", lang),
        prompt=text("prompt", lang),
    )
    validation.add(entries)
    sheet.add_data_validation(validation)
    words = '{"H","HAND","KÉZBŐL","KEZBOL","W","WIN","NYERT"}'
    winners = (
        f'SUMPRODUCT(--ISNUMBER(MATCH(UPPER(TRIM({row_cells}&"")),{words},0)))'
        f'+SUMPRODUCT(--(IFERROR(VALUE({row_cells}&""),0)<0))'
    )
    filled = f'SUMPRODUCT(--(TRIM({row_cells}&"")<>""))'
    marked = FormulaRule(
        formula=[f"AND({filled}={len(game.players)},{winners}<>1)"],
        fill=PatternFill("solid", fgColor="F4CCCC"),
    )
    sheet.conditional_formatting.add(entries, marked)


def _page(sheet: Worksheet, game: GameSheet) -> None:
    sheet.freeze_panes = address(HEADER_ROW + 1, 1)
    sheet.column_dimensions["A"].width = 11
    for index in range(len(game.players)):
        sheet.column_dimensions[column_letter(1 + index)].width = max(
            12, min(24, len(game.players[index]) + 4)
        )
    last_column = column_letter(len(game.players) + 2 + 2 * len(game.players))
    sheet.print_area = f"A1:{last_column}{HEADER_ROW + game.deals + 4}"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.orientation = "landscape" if len(game.players) > 4 else "portrait"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
