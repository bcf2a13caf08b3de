"""remi's hidden sheet of what the live formulas read, and the defined names they read it by.

The house rules as the formulas use them (each linked to its value cell on the Rules sheet,
falling back to the default while that cell is empty), the values that follow from them,
and the parser's tables (code words, card ranks and points, every suited card, the
characters an entry can hold): all in cells of one hidden sheet, `_remi_live`, each under a
defined name that is a range of cells. No defined name holds a formula or an array
constant, which Google Sheets and other programs do not read. Made from the same lists
`remi check` reads with (`core.entries`, `core.cards`, `core.text`). Pure: rules and cell
addresses in, cells and names out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Final, NamedTuple

from remi_sheet.core.cards import Suit
from remi_sheet.core.deck import HAND_SIZE, SUITS, max_hand_points
from remi_sheet.core.entries import COMMA_RANKS, HAND_WORDS, NOT_DOWN_WORDS, WIN_WORDS
from remi_sheet.core.rules import NO_WORDS, YES_WORDS, GameEnd, HouseRules, Rounding, RuleSpec
from remi_sheet.core.text import MINUS_SIGNS, fold
from remi_sheet.i18n.catalogue import TEXTS
from remi_sheet.i18n.rules import RULE_VALUE_KEYS
from remi_sheet.notebook.sheets import LIVE_SHEET
from remi_sheet.reading.cells import column_letter
from remi_sheet.writing import formulas
from remi_sheet.writing.written import Cells, Style, Written

TITLE: Final = "remi-sheet: what the live formulas read. Do not edit."
POSITIONS: Final = 100  # the longest entry, in characters, whose every character is checked

# House rule → defined name, and the names derived from several rules.
RULE_NAMES: Final[dict[str, str]] = {
    "packs": "remi_packs",
    "jokers": "remi_jokers",
    "max_players": "remi_max_players",
    "deals_per_game": "remi_deals",
    "game_end": "remi_to_limit",  # TRUE when a game is played to `points_limit`
    "points_limit": "remi_limit",
    "ace_value": "remi_ace",
    "joker_in_hand": "remi_joker_value",
    "hand_win": "remi_hand_win",
    "normal_win": "remi_normal_win",
    "not_down_after_hand": "remi_not_down",
    "not_down_after_normal": "remi_not_down_normal",  # -1: the card points (`points`)
    "hand_multiplier": "remi_multiplier",
    "round_before_doubling": "remi_round_first",
    "rounding": "remi_exact",  # TRUE when rounding is "none"
}
# The name that keeps the Rules sheet's own name where Excel renames it: the sheet the
# live formulas read their rules from (`reading.package.linked_sheet`).
RULES_NAME: Final = "remi_rules"
_FIRST_ROW: Final = 2  # 0-based: the title, an empty row, then the values
_TABLES_COLUMN: Final = 3  # 0-based: D, after the values' labels (A) and values (B)


# The names whose values follow the house rules: a rule book of its own defines them.
_BOOK_NAMES: Final = frozenset(
    [*RULE_NAMES.values(), "remi_rank_copies", "remi_max_points", "remi_normal_step",
     "remi_normal_top", "remi_hand_step", "remi_hand_top"]
)  # fmt: skip
_NAME: Final = re.compile(r"\bremi_[a-z_]+\b")


def _spellings(choice: StrEnum) -> tuple[str, ...]:
    """The words a Rules sheet may hold for `choice`, as LOWER gives them: `rules` reads
    the catalogue's words for it in either language, with or without accents."""
    texts = TEXTS[RULE_VALUE_KEYS[choice.value]]
    return tuple(dict.fromkeys(word for text in texts for word in (text.lower(), fold(text))))


# A choice's name is TRUE for one of its values: remi_exact for no rounding, remi_to_limit
# for a game played to a limit.
_TRUE_FOR: Final[dict[type, StrEnum]] = {Rounding: Rounding.NONE, GameEnd: GameEnd.LIMIT}


def _literal(value: object) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value)


def _as_used(rule: str, value: object) -> int | bool:
    """A rule's value as the formulas use it: a choice as TRUE or FALSE, `points` as -1."""
    if value is None:  # a number rule's word: `points` for not_down_after_normal
        return -1
    if type(value) in _TRUE_FOR:
        return value is _TRUE_FOR[type(value)]
    assert isinstance(value, int)
    return value


def _reading(rule: str, default: object, cell: str) -> str:
    """The formula that reads a rule's value cell as remi reads it; the default while the
    cell is empty (or holds only spaces, a no-break space as pasted among them)."""
    typed = f'TRIM(SUBSTITUTE({cell}&"","\u00a0"," "))'
    fallback = _literal(_as_used(rule, default))
    if isinstance(default, bool):
        words = ",".join(f'LOWER({typed})="{word}"' for word in YES_WORDS)
        return f'=IF({typed}="",{fallback},OR({cell}=TRUE,{words}))'
    if type(default) in _TRUE_FOR:
        words = ",".join(
            f'LOWER({typed})="{word}"' for word in _spellings(_TRUE_FOR[type(default)])
        )
        return f'=IF({typed}="",{fallback},OR({words}))'
    number = _typed_number(typed)
    if default is None or rule == "not_down_after_normal":
        # `points`/`lappont` (any word) is no number: the card points, as -1 says
        return f'=IF({typed}="",{fallback},IF(ISNUMBER({cell}),{cell},IFERROR({number},-1)))'
    return f'=IF({typed}="",{fallback},IF(ISNUMBER({cell}),{cell},{number}))'


def _typed_number(text: str) -> str:
    """The number the text `text` is, as `rules` reads a number typed as text: a
    typographic minus is "-", spaces go (between thousands: 1 000), and a decimal comma
    (11,0) reads in a spreadsheet set to a decimal point too."""
    text = f'SUBSTITUTE({text}," ","")'
    for minus in MINUS_SIGNS:
        text = f'SUBSTITUTE({text},"{minus}","-")'
    return f'IFERROR(VALUE({text}),VALUE(SUBSTITUTE({text},",",".")))'


def _derived(rules: HouseRules) -> list[tuple[str, str, int]]:
    """What follows from the rules, as (name, formula, value): the most a hand can hold,
    and which scores a loser can have in a typed score row (`scoring.possible_loser_scores`):
    every multiple of the step from 0 to the top. With `hand_multiplier` at most 10,
    rounding p × m to tens reaches every ten, as a step of m never jumps over one."""
    most = "remi_max_points"
    exact = rules.rounding is Rounding.NONE
    top = max_hand_points(rules)
    multiplier = rules.hand_multiplier
    rounded_top = _round(top)
    if exact:
        hand_step, hand_top = multiplier, top * multiplier
    elif rules.round_before_doubling:
        hand_step, hand_top = 10 * multiplier, rounded_top * multiplier
    else:
        hand_step, hand_top = 10, _round(top * multiplier)
    return [
        ("remi_rank_copies", f"={SUITS}*remi_packs", SUITS * rules.packs),
        (most, "=" + _max_points(), top),
        ("remi_normal_step", "=IF(remi_exact,1,10)", 1 if exact else 10),
        (
            "remi_normal_top",
            f"=IF(remi_exact,{most},ROUND({most},-1))",
            top if exact else rounded_top,
        ),
        (
            "remi_hand_step",
            "=IF(remi_exact,remi_multiplier,IF(remi_round_first,10*remi_multiplier,10))",
            hand_step,
        ),
        (
            "remi_hand_top",
            f"=IF(remi_exact,{most}*remi_multiplier,IF(remi_round_first,"
            f"ROUND({most},-1)*remi_multiplier,ROUND({most}*remi_multiplier,-1)))",
            hand_top,
        ),
    ]


def _round(value: int) -> int:
    """To the nearest ten, halves up, as ROUND(value,-1) does for a whole number ≥ 0."""
    return (value + 5) // 10 * 10


def _max_points() -> str:
    """The most fourteen cards left in hand can be worth, as `deck.max_hand_points` says:
    the 14 most valuable cards that exist. Jokers and aces count only when worth more than
    10, since the packs hold at least 32 cards worth 10 (tens and faces) to fill the hand."""
    jokers = f"IF(remi_joker_value>10,MIN(remi_jokers,{HAND_SIZE}),0)"
    aces = f"IF(remi_ace>10,MIN({SUITS}*remi_packs,{HAND_SIZE}),0)"
    aces_after = f"MIN({aces},{HAND_SIZE}-{jokers})"
    jokers_after = f"MIN({jokers},{HAND_SIZE}-{aces})"
    jokers_first = (
        f"{jokers}*remi_joker_value+{aces_after}*remi_ace+({HAND_SIZE}-{jokers}-{aces_after})*10"
    )
    aces_first = (
        f"{aces}*remi_ace+{jokers_after}*remi_joker_value+({HAND_SIZE}-{aces}-{jokers_after})*10"
    )
    return f"IF(remi_joker_value>=remi_ace,{jokers_first},{aces_first})"


def code_words() -> list[str]:
    """Every code word as the sheet compares it (folded, in capitals): the hand wins', then
    the wins', then not laid down (`formulas.code` tells them apart by where they stand,
    `code_kinds`)."""
    return [
        word.upper() for words in (HAND_WORDS, WIN_WORDS, NOT_DOWN_WORDS) for word in sorted(words)
    ]


def code_kinds() -> str:
    """The kind of each of `code_words`, in its order: H, W or X a word."""
    kinds = [("H", HAND_WORDS), ("W", WIN_WORDS), ("X", NOT_DOWN_WORDS)]
    return "".join(kind * len(words) for kind, words in kinds)


def note_words() -> list[str]:
    """The notes headings that end a header's names (`layout.NOTE_WORDS`), as the sheet
    compares them: in capitals, with and without a colon after."""
    from remi_sheet.notebook.layout import NOTE_WORDS

    return [form for word in sorted(NOTE_WORDS) for form in (word.upper(), word.upper() + ":")]


def tables() -> dict[str, list[str | int]]:
    """The parser's tables, by name: each a column of cells."""
    ten = formulas.TEN
    point_ranks: list[str | int] = [*"23456789", ten, "J", "Q", "K"]
    suited: list[str | int] = [
        rank + suit.value for rank in (*"23456789", ten, "J", "Q", "K", "A") for suit in Suit
    ]
    return {
        "remi_code_words": list(code_words()),
        "remi_note_words": list(note_words()),
        # what a number may have besides its digits (a sign, a separator), marked by "|"
        "remi_number_rests": [
            "|" + sign + separator for sign in ("", "+", "-") for separator in ("", ".", ",")
        ],
        "remi_comma_ranks": list(COMMA_RANKS),
        "remi_rank_chars": point_ranks,
        "remi_rank_points": [*range(2, 10), 10, 10, 10, 10],
        "remi_ranks": [*point_ranks, "A"],
        "remi_suited": suited,
        "remi_pos": list(range(1, POSITIONS + 1)),
        "remi_alphabet": [formulas.alphabet()],
    }


def live_sheet(
    rules: HouseRules, cells: Mapping[str, str], others: Sequence[RuleBook] = ()
) -> tuple[Cells, dict[str, str], list[dict[str, str]]]:
    """The hidden sheet's cells and the defined names that point into it. `cells`: rule →
    its value cell on the Rules sheet ("'Rules'!$B$5"), when the notebook has one; a rule
    without one is a constant, its value in `rules`. Each formula carries the value remi
    reads, which a spreadsheet shows before it calculates.

    `others`: the rule books of games played by other rows of the Rules sheet than
    today's (a rule changed on a day): each gets a block of its own values, beside the
    tables, and the names of its values for the game sheets that play by it (the third
    item, a dict for each), which those sheets define as their own."""
    written: Cells = {(0, 0): Written(TITLE, Style.NOTE)}
    names: dict[str, str] = {}
    row = _FIRST_ROW
    for name, shown, now in _values(rules, cells):
        written[(row, 0)] = Written(name, Style.HEADING)
        is_formula = isinstance(shown, str)
        written[(row, 1)] = Written(shown, Style.COMPUTED, is_formula, now if is_formula else None)
        names[name] = _range(row, 1, row, 1)
        row += 1
    for offset, (name, column_values) in enumerate(tables().items()):
        column = _TABLES_COLUMN + offset
        written[(_FIRST_ROW - 1, column)] = Written(name, Style.HEADING)
        for index, value in enumerate(column_values):
            written[(_FIRST_ROW + index, column)] = Written(value, Style.COMPUTED)
        last = _FIRST_ROW + len(column_values) - 1
        names[name] = _range(_FIRST_ROW, column, last, column)
    rules_sheet = _rules_sheet(cells.values())
    if rules_sheet is not None:
        names[RULES_NAME] = f"{rules_sheet}!$A$1:$C$100"
    column = books_column()
    blocks = [_block(written, book, column + 2 * index) for index, book in enumerate(others)]
    return written, names, blocks


def books_column() -> int:
    """The 0-based column of the first block of a rule book's own values (`live_sheet`)."""
    return _TABLES_COLUMN + len(tables()) + 1


class RuleBook(NamedTuple):
    """The rules of some games, and the Rules sheet's cells they are read from."""

    rules: HouseRules
    cells: Mapping[str, str]


def _block(written: Cells, book: RuleBook, column: int) -> dict[str, str]:
    """The values of `book` in `column` (their names) and the next (the values), each
    formula reading the block's own cells, not the sheet's names; their names."""
    values = [(name, shown, now) for name, shown, now in _values(*book) if name in _BOOK_NAMES]
    at = {
        name: f"${column_letter(column + 1)}${_FIRST_ROW + index + 1}"
        for index, (name, _, _) in enumerate(values)
    }

    def own(formula: str) -> str:
        return _NAME.sub(lambda found: at.get(found.group(0), found.group(0)), formula)

    names: dict[str, str] = {}
    for index, (name, shown, now) in enumerate(values):
        row = _FIRST_ROW + index
        written[(row, column)] = Written(name, Style.HEADING)
        if isinstance(shown, str):
            written[(row, column + 1)] = Written(own(shown), Style.COMPUTED, True, now)
        else:
            written[(row, column + 1)] = Written(shown, Style.COMPUTED)
        names[name] = _range(row, column + 1, row, column + 1)
    return names


def _values(
    rules: HouseRules, cells: Mapping[str, str]
) -> list[tuple[str, str | int | bool, int | bool]]:
    """Each value the formulas read by a name, as (name, what the cell holds, its value
    by `rules`): a rule, its value cell's reading or a constant; what follows from them."""
    default = HouseRules()
    values: list[tuple[str, str | int | bool, int | bool]] = []
    for rule, name in RULE_NAMES.items():
        now = _as_used(rule, getattr(rules, rule))
        cell = cells.get(rule)
        shown: str | int | bool = (
            now if cell is None else _reading(rule, getattr(default, rule), cell)
        )
        if isinstance(shown, bool):  # a logical constant, which no cell value can hold
            shown = f"={_literal(shown)}"
        values.append((name, shown, now))
    values.append(("remi_hand_size", HAND_SIZE, HAND_SIZE))
    values += _derived(rules)
    return values


def _rules_sheet(cells: Iterable[str]) -> str | None:
    """The Rules sheet as the rule cells name it ("'Szabályok'"), if any."""
    for cell in cells:
        return cell.rsplit("!", 1)[0]
    return None


def _range(top: int, left: int, bottom: int, right: int) -> str:
    first = "$" + column_letter(left) + "$" + str(top + 1)
    if (top, left) == (bottom, right):
        return f"'{LIVE_SHEET}'!{first}"
    return f"'{LIVE_SHEET}'!{first}:${column_letter(right)}${bottom + 1}"


def value_is_wrong(spec: RuleSpec, cell: str) -> str:
    """A formula TRUE while the Rules value in `cell` is one remi refuses on its own (not a
    whole number in the rule's bounds, or no word of the rule's), as far as a formula can
    tell: what paints the cell on the sheet, so that a typo is seen where it is typed,
    before a score is wrong. A number a spreadsheet reads one way and remi refuses as
    ambiguous (`1.000`, `5e2`) is wrong too: the live formulas would play to 1 point. Rules
    wrong only together (two equal wins) are `remi check`'s to tell."""
    typed = f'TRIM(SUBSTITUTE({cell}&"","\u00a0"," "))'  # a no-break space, as pasted
    # Words as `rules.fold_name` compares them: underscores and hyphens are spaces.
    word = f'SUBSTITUTE(SUBSTITUTE(LOWER({typed}),"_"," "),"-"," ")'

    def spelled(words: Iterable[str]) -> str:
        plain = dict.fromkeys(w.replace("_", " ").replace("-", " ") for w in words)
        return ",".join(f'{word}="{w}"' for w in plain)

    if spec.kind is bool:
        return f'NOT(OR({typed}="",ISLOGICAL({cell}),{spelled((*YES_WORDS, *NO_WORDS))}))'
    if spec.kind is not int:
        choices = [w for member in spec.kind for w in _spellings(member)]  # type: ignore[attr-defined]
        return f'NOT(OR({typed}="",{spelled(choices)}))'
    text = f'SUBSTITUTE({typed}," ","")'  # spaces between thousands (1 000), as remi reads
    number = f"IF(ISNUMBER({cell}),{cell},{_typed_number(text)})"
    whole = f"IFERROR(AND({number}=INT({number}),{number}>={spec.low},{number}<={spec.high}),FALSE)"
    separator = f"MID({text},LEN({text})-3,1)"
    misread = (
        f'IFERROR(AND(NOT(ISNUMBER({cell})),OR(ISNUMBER(SEARCH("e",{text})),'
        f'{separator}=".",{separator}=",")),FALSE)'
    )
    allowed = [f'{typed}=""', f"AND(NOT({misread}),{whole})"]
    if spec.word is not None:  # a number rule's word: `points`, `no limit`
        texts = [*TEXTS[RULE_VALUE_KEYS[spec.word]], *TEXTS["rulevalue_none"]]
        allowed.append(spelled(w for said in texts for w in (said.lower(), fold(said))))
    return f"NOT(OR({','.join(allowed)}))"
