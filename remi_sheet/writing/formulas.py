"""Spreadsheet formulas that score a deal while people type, exactly as `scoring` does.

They use only functions Excel 2010, Excel on the web and phones, and LibreOffice Calc all
have (IF, AND, OR, UPPER, TRIM, LEFT, MID, VALUE, ISNUMBER, ISERROR, IFERROR, ROUND, INT,
MATCH, SUMPRODUCT, COUNTIF, SUM), and read the house rules through defined names (`NAMES`).
What a formula cannot score the way remi does — card lists, paper score rows, anything
invalid — shows `MARKER` instead of a number: only `remi score` decides those. Rounding is
`ROUND(x, -1)`, which rounds halves away from zero, so half up for the non-negative card
points it is given. Pure: cell addresses in, formula text out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from remi_sheet.core.deck import max_hand_points
from remi_sheet.core.rules import HouseRules, Rounding

MARKER: Final = "remi score"

# Defined name → the house rule (or derived value) it holds.
NAMES: Final[dict[str, str]] = {
    "remi_hand_win": "hand_win",
    "remi_normal_win": "normal_win",
    "remi_not_down": "not_down_after_hand",
    "remi_multiplier": "hand_multiplier",
    "remi_round_first": "round_before_doubling",
    "remi_exact": "rounding",  # TRUE when rounding is "none"
    "remi_max_points": "max_hand_points",
}

_HAND_WORDS: Final = ("H", "HAND", "KÉZBŐL", "KEZBOL", "KÉZ", "KEZ", "KÉZZEL", "KEZZEL")
_WIN_WORDS: Final = ("W", "WIN", "NYERT", "NYERŐ", "NYERO")


def constants(rules: HouseRules) -> dict[str, str]:
    """Each defined name as a constant formula for `rules` (when no Rules sheet holds it)."""
    values: dict[str, int | bool] = {
        "remi_hand_win": rules.hand_win,
        "remi_normal_win": rules.normal_win,
        "remi_not_down": rules.not_down_after_hand,
        "remi_multiplier": rules.hand_multiplier,
        "remi_round_first": rules.round_before_doubling,
        "remi_exact": rules.rounding is Rounding.NONE,
        "remi_max_points": max_hand_points(rules),
    }
    return {name: _literal(value) for name, value in values.items()}


def _literal(value: int | bool) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value)


def _array(words: Sequence[str]) -> str:
    return "{" + ",".join(f'"{word}"' for word in words) + "}"


def _text(cell: str) -> str:
    """The cell as trimmed upper-case text, numbers included."""
    return f'UPPER(TRIM({cell}&""))'


def _points(text: str) -> str:
    """Card points written in `text` as a whole number 0 … remi_max_points, else -1.

    A comma or a dot is refused rather than read: VALUE("30,0") is 30 to a Hungarian
    spreadsheet and 300 to an English one.
    """
    number = f"IFERROR(VALUE({text}),-1)"
    plain = f'ISERROR(FIND(",",{text}))*ISERROR(FIND(".",{text}))'
    checked = f"IF(AND({number}>=0,{number}<=remi_max_points,{number}=INT({number})),{number},-1)"
    return f"IF({plain},{checked},-1)"


def _rounded(value: str) -> str:
    return f"IF(remi_exact,{value},ROUND({value},-1))"


def _doubled(value: str) -> str:
    return (
        f"IF(remi_round_first,{_rounded(value)}*remi_multiplier,"
        f"{_rounded(f'({value})*remi_multiplier')})"
    )


def status(entries: str, players: int) -> str:
    """The kind of deal in a row of entries: "" not played, "H" won from hand, "W" won
    normally, "?" anything only remi score can judge (paper scores, no or two winners, an
    empty entry)."""
    text = f'UPPER(TRIM({entries}&""))'
    hands = f"SUMPRODUCT(--ISNUMBER(MATCH({text},{_array(_HAND_WORDS)},0)))"
    wins = f"SUMPRODUCT(--ISNUMBER(MATCH({text},{_array(_WIN_WORDS)},0)))"
    filled = f'SUMPRODUCT(--(TRIM({entries}&"")<>""))'
    return (
        f'=IF({filled}=0,"",IF(OR({filled}<{players},{hands}+{wins}<>1),"?",IF({hands}=1,"H","W")))'
    )


def score(entry: str, deal_status: str) -> str:
    """One player's score in a deal, from their entry cell and the row's status cell."""
    text = _text(entry)
    points = _points(text)
    after_x = _points(f"TRIM(MID({text},2,99))")
    hand = f"ISNUMBER(MATCH({text},{_array(_HAND_WORDS)},0))"
    win = f"ISNUMBER(MATCH({text},{_array(_WIN_WORDS)},0))"
    not_down = f'OR({text}="X",AND(LEFT({text},1)="X",{after_x}>=0))'
    after_hand = f'IF({not_down},remi_not_down,IF({points}>=0,{_doubled(points)},"{MARKER}"))'
    normal = (
        f'IF({text}="X","{MARKER}",IF(LEFT({text},1)="X",'
        f'IF({after_x}>=0,{_rounded(after_x)},"{MARKER}"),'
        f'IF({points}>=0,{_rounded(points)},"{MARKER}")))'
    )
    return (
        f'=IF({deal_status}="","",IF({deal_status}="?","{MARKER}",'
        f"IF({hand},remi_hand_win,IF({win},remi_normal_win,"
        f'IF({deal_status}="H",{after_hand},{normal})))))'
    )


def guarded(row: Sequence[tuple[str, str]], value: str | int, otherwise: str) -> str:
    """`value` as long as every entry of the deal still reads as remi scored it (cell,
    text pairs); else the formula `otherwise`. For what only remi can score: card lists,
    paper score rows."""
    same = ",".join(f'TRIM({cell}&"")="{_quoted(text)}"' for cell, text in row)
    shown = f'"{_quoted(value)}"' if isinstance(value, str) else str(value)
    return f"=IF(AND({same}),{shown},{otherwise.removeprefix('=')})"


def _quoted(text: str) -> str:
    return text.replace('"', '""')


def excel_trim(value: object) -> str:
    """What TRIM(cell&"") shows for a cell holding `value`: numbers as a spreadsheet
    prints them, ASCII spaces trimmed and runs of them made one."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(part for part in str(value).split(" ") if part)


def handles(value: object) -> bool:
    """True when `score` reads `value` the way `entries.parse_entry` does, so that no
    guard is needed: the codes and their aliases, whole numbers, X and X with a number."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return float(value).is_integer()
    text = excel_trim(value).upper()
    if text in _HAND_WORDS or text in _WIN_WORDS or text == "X":
        return True
    digits = text[1:].strip(" ") if text.startswith("X") else text
    return digits.isascii() and digits.isdigit()


def running(
    this_score: str, previous_total: str | None, deal_status: str, row_scores: Sequence[str]
) -> str:
    """The running total after a deal: the one before plus this deal's score, unless any
    score of the deal is only known to remi score (then the deal as a whole is)."""
    before = "0" if previous_total is None else previous_total
    unknown = ",".join(f'{cell}="{MARKER}"' for cell in row_scores)
    known = f"ISNUMBER({previous_total})" if previous_total is not None else "TRUE"
    return (
        f'=IF({deal_status}="","",IF(OR({unknown}),"{MARKER}",'
        f'IF({known},{before}+{this_score},"{MARKER}")))'
    )


def total(scores: str, totals: str) -> str:
    """A player's total: the sum of their deal scores, unless any of them or of their
    running totals is only known to remi score."""
    return (
        f'=IF(COUNTIF({scores},"{MARKER}")+COUNTIF({totals},"{MARKER}")>0,"{MARKER}",SUM({scores}))'
    )


def rank(this_total: str, total_row: str, players: int) -> str:
    """The place by total, lowest first; equal totals share a place, the next is skipped."""
    return f'=IF(COUNT({total_row})<{players},"{MARKER}",1+COUNTIF({total_row},"<"&{this_total}))'
