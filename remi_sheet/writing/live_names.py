"""The defined names the live formulas read: the house rules, linked to their cells on the
Rules sheet, the values that follow from them, and the parser's tables as array constants.

One source: every table here is made from `core.entries`, `core.cards` and `core.text`, so
that the sheet reads an entry the way `remi check` reads it (docs/notebook.md, "Live
areas"). Pure: rules and cell addresses in, name → formula text out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Final

from remi_sheet.core.cards import (
    ACE,
    JACK,
    JOKER_SIGNS,
    JOKER_WORDS,
    KING,
    QUEEN,
    RANK_SPELLINGS,
    SEPARATORS,
    SUIT_SPELLINGS,
    Suit,
)
from remi_sheet.core.deck import HAND_SIZE, SUITS
from remi_sheet.core.entries import COMMA_RANKS, HAND_WORDS, NOT_DOWN_WORDS, WIN_WORDS
from remi_sheet.core.rules import NO_WORDS, YES_WORDS, GameEnd, HouseRules, Rounding, RuleSpec
from remi_sheet.core.text import ENTRY_MINUS_SIGNS, INVISIBLE, MINUS_SIGNS, fold
from remi_sheet.i18n.catalogue import TEXTS

POSITIONS: Final = 100  # the longest entry, in characters, whose every character is checked

# What the card string of a loser's entry (`formulas.cards`) is made of: a joker word
# becomes JOKER_WORD (a letter, as "jo" is to a suit letter before it), a joker sign
# JOKER_SIGN (no letter), and every suit sign its suit's own.
JOKER_WORD: Final = "@"
JOKER_SIGN: Final = "*"
_SYMBOLS: Final = tuple(suit.value for suit in Suit)
_LETTER_SUITS: Final = tuple(s.upper() for s in SUIT_SPELLINGS if s.isascii())
# A rank as the card string spells it: one character ("0" ends a ten, "1" starts it).
_RANK_CHARACTERS: Final = (*"23456789", "0", "1")
_CANONICAL: Final = {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}

# Hungarian accented capitals, and the ones old fonts put in their place (Ô Õ Û), folded
# to the plain letter as `text.fold` does, so that "KÉZBŐL" and "KEZBOL" are one code.
_ACCENTED: Final = "ÁÉÍÓÖŐÚÜŰÔÕÛ"

# House rule → defined name, and the names derived from several rules.
RULE_NAMES: Final[dict[str, str]] = {
    "packs": "remi_packs",
    "jokers": "remi_jokers",
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


def code_words() -> list[tuple[str, str]]:
    """Every code word as the sheet compares it (folded, upper case), with its kind: H a
    hand win, W a normal win, X not laid down."""
    words = [(word, "H") for word in HAND_WORDS] + [(word, "W") for word in WIN_WORDS]
    words += [(word, "X") for word in NOT_DOWN_WORDS]
    return sorted((word.upper(), kind) for word, kind in words)


def text_substitutions() -> list[tuple[str, str]]:
    """What cleaning does to an entry before it is read (`text.clean`, `entries`):
    invisible characters go, every space is one space, a typographic minus is "-"."""
    pairs = [(character, "") for character in INVISIBLE]
    pairs += [(space, " ") for space in ("\u00a0", "\u2007", "\u202f")]
    pairs += [(minus, "-") for minus in ENTRY_MINUS_SIGNS]
    return pairs


def fold_substitutions() -> list[tuple[str, str]]:
    return [(letter, fold(letter).upper()) for letter in _ACCENTED]


def card_substitutions() -> list[tuple[str, str]]:
    """How a loser's cards become the card string: separators are spaces, accented rank
    letters plain, suit signs their suit's, joker words and signs one character each, and a
    space before every digit and joker sign, so that a letter suit stands before a space
    exactly when `cards` reads it as a suit (it is not followed by a letter)."""
    pairs = [(separator, " ") for separator in SEPARATORS]
    for spelling, rank in RANK_SPELLINGS.items():
        if not spelling.isascii():
            pairs.append((spelling.upper(), _CANONICAL[rank]))
    for spelling, suit in SUIT_SPELLINGS.items():
        if not spelling.isascii() and spelling != suit.value:
            pairs.append((spelling, suit.value))
    pairs += [(sign, f" {JOKER_SIGN}") for sign in JOKER_SIGNS]
    pairs += [(word.upper(), JOKER_WORD) for word in JOKER_WORDS]  # longest first
    pairs += [(digit, f" {digit}") for digit in "123456789"]
    return pairs


def canonical_substitutions() -> list[tuple[str, str]]:
    """How a card string that reads becomes one spelling per card, to count copies: the
    other spellings of a rank its first, letter suits their signs. A D is diamonds after a
    digit and before a space; any other D is the queen."""
    pairs: list[tuple[str, str]] = []
    for spelling, rank in RANK_SPELLINGS.items():
        canonical = _CANONICAL.get(rank)
        upper = spelling.upper()
        if canonical and upper.isascii() and upper != canonical and upper not in _LETTER_SUITS:
            pairs.append((upper, canonical))
    for letter in _LETTER_SUITS:
        suit = SUIT_SPELLINGS[letter.lower()].value
        if letter in _rank_letters():  # D: a suit only after a digit
            pairs += [(f"{digit}{letter} ", f"{digit}{suit} ") for digit in _RANK_CHARACTERS]
        else:
            pairs.append((f"{letter} ", f"{suit} "))
    for letter in _LETTER_SUITS:
        if letter in _rank_letters():
            pairs.append((letter, _CANONICAL[RANK_SPELLINGS[letter.lower()]]))
    return pairs


def _rank_letters() -> list[str]:
    """The ASCII letters that spell a rank: J B Q D K A."""
    return [s.upper() for s in RANK_SPELLINGS if s.isascii() and s.isalpha()]


def _rank_starts() -> list[str]:
    """Every character a card of the card string can stand on before its suit."""
    return [*"23456789", "0", *_rank_letters()]


_NUMBER_RANKS: Final = COMMA_RANKS  # the ranks a comma between makes two cards (9,3)


def tables() -> dict[str, str]:
    """The array constants, by name."""
    codes = code_words()
    letters = _rank_letters()
    point_ranks = [*"23456789", "1", *sorted({_CANONICAL[r] for r in (JACK, QUEEN, KING)})]
    points = [*range(2, 10), 10, *[10] * (len(point_ranks) - 9)]
    characters = [*_RANK_CHARACTERS, *letters, *_SYMBOLS, *_LETTER_SUITS, JOKER_WORD]
    characters += [JOKER_SIGN, " "]
    suited = [f"{rank}{suit}" for rank in _RANK_CHARACTERS[:-1] for suit in _SYMBOLS]
    suited += [f"{_CANONICAL[rank]}{suit}" for rank in _CANONICAL for suit in _SYMBOLS]
    return {
        "remi_code_words": _array(word for word, _ in codes),
        "remi_code_kinds": _array(kind for _, kind in codes),
        "remi_pos": _array(range(1, POSITIONS + 1)),
        "remi_card_chars": _array(dict.fromkeys(characters)),
        "remi_symbol_suited": _array(r + s for r in _rank_starts() for s in _SYMBOLS),
        "remi_letter_suited": _array(
            f"{r}{s} " for r in _rank_starts() for s in _LETTER_SUITS if s not in letters
        ),
        "remi_suit_signs": _array(_SYMBOLS),
        "remi_suit_letters": _array(s for s in _LETTER_SUITS if s not in letters),
        "remi_unreadable": _array(_unreadable()),
        "remi_rank_chars": _array(point_ranks),
        "remi_rank_points": _array(points),
        "remi_ranks": _array([*point_ranks, _CANONICAL[ACE]]),  # for the copies of a rank
        "remi_joker_chars": _array([JOKER_WORD, JOKER_SIGN]),
        "remi_card_starts": _array(
            [*"23456789", "1", *sorted(set(_CANONICAL.values())), JOKER_WORD, JOKER_SIGN]
        ),
        "remi_suited_cards": _array(suited),
        # "9,3" is two cards, not a fraction (`entries._TWO_CARDS`): every such pair
        "remi_two_cards": _array(f"{a},{b}" for a in _NUMBER_RANKS for b in _NUMBER_RANKS),
        "remi_alphabet": _quoted(alphabet()),
    }


def _unreadable() -> list[str]:
    """What makes a card string unreadable although its characters are cards': a D after a
    rank letter where it would be a suit (KD: king of diamonds, or king and queen?), and a
    suit sign after a D that is a suit already (2D♠: the ♠ is left over)."""
    letters = _rank_letters()
    d = next(s for s in _LETTER_SUITS if s in letters)
    found = [f"{r}{d}{after}" for r in letters for after in (" ", *_SYMBOLS)]
    found += [f"{r}{d}{sign}" for r in _RANK_CHARACTERS[:-1] for sign in _SYMBOLS]
    return found


def alphabet() -> str:
    """Every character an entry can hold (upper case), for the input check: digits, signs,
    separators, card and code letters, suits, jokers and what cleaning removes."""
    characters = set("0123456789+-.,; ")
    characters |= set(SEPARATORS) | set(ENTRY_MINUS_SIGNS) | set(INVISIBLE)
    characters |= {space for space, _ in text_substitutions()}
    for word in [*HAND_WORDS, *WIN_WORDS, *NOT_DOWN_WORDS, *JOKER_WORDS]:
        characters |= set(word.upper())
    characters |= set(_ACCENTED)
    characters |= {s.upper() for s in RANK_SPELLINGS if not s.isdigit()}
    characters |= {s.upper() for s in SUIT_SPELLINGS} | set(JOKER_SIGNS)
    return "".join(sorted(characters))


def rule_names(rules: HouseRules, cells: Mapping[str, str]) -> dict[str, str]:
    """The house rules' names: each reads its value cell (`cells`: rule → "'Rules'!$B$5")
    when the notebook has one, falling back to the rule's default while the cell is empty,
    as remi reads an empty value (the value in force when the names were written would
    outlive its cell being emptied); a rule without a cell is a constant, its value in
    `rules`. Then the values that follow from them."""
    names: dict[str, str] = {}
    default = HouseRules()
    for rule, name in RULE_NAMES.items():
        value = getattr(rules, rule)
        cell = cells.get(rule)
        if cell is None:
            names[name] = _constant(rule, value)
        else:
            names[name] = _reading(rule, getattr(default, rule), cell)
    return names | derived()


def _constant(rule: str, value: object) -> str:
    if value is None:  # a number rule's word: `points` for not_down_after_normal
        return "-1"
    if type(value) in _TRUE_FOR:
        return _literal(value is _TRUE_FOR[type(value)])
    return _literal(value)


def _literal(value: object) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value)


# A choice's name is TRUE for one of its values: remi_exact for no rounding, remi_to_limit
# for a game played to a limit.
_TRUE_FOR: Final[dict[type, StrEnum]] = {Rounding: Rounding.NONE, GameEnd: GameEnd.LIMIT}


def _spellings(choice: StrEnum) -> tuple[str, ...]:
    """The words a Rules sheet may hold for `choice`, as LOWER gives them: `rules` reads
    the catalogue's words for it in either language, with or without accents."""
    texts = TEXTS[f"rulevalue_{choice.value}"]
    return tuple(dict.fromkeys(word for text in texts for word in (text.lower(), fold(text))))


def _reading(rule: str, value: object, cell: str) -> str:
    typed = f'TRIM({cell}&"")'
    fallback = _constant(rule, value)
    if isinstance(value, bool):
        words = ",".join(f'LOWER({typed})="{word}"' for word in YES_WORDS)
        return f'IF({typed}="",{fallback},OR({cell}=TRUE,{words}))'
    if type(value) in _TRUE_FOR:
        words = ",".join(f'LOWER({typed})="{word}"' for word in _spellings(_TRUE_FOR[type(value)]))
        return f'IF({typed}="",{fallback},OR({words}))'
    number = _typed_number(typed)
    if value is None or rule == "not_down_after_normal":
        # `points`/`lappont` (any word) is no number: the card points, as -1 says
        return f'IF({typed}="",{fallback},IF(ISNUMBER({cell}),{cell},IFERROR({number},-1)))'
    return f'IF({typed}="",{fallback},IF(ISNUMBER({cell}),{cell},{number}))'


def _typed_number(text: str) -> str:
    """The number the text `text` is, as `rules` reads a number typed as text: a
    typographic minus is "-", and a decimal comma (11,0) reads in a spreadsheet set to a
    decimal point too."""
    for minus in MINUS_SIGNS:
        text = f'SUBSTITUTE({text},"{minus}","-")'
    return f'IFERROR(VALUE({text}),VALUE(SUBSTITUTE({text},",",".")))'


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
        texts = [*TEXTS[f"rulevalue_{spec.word}"], *TEXTS["rulevalue_none"]]
        allowed.append(spelled(w for said in texts for w in (said.lower(), fold(said))))
    return f"NOT(OR({','.join(allowed)}))"


def derived() -> dict[str, str]:
    """What follows from the rules: the most a hand can hold, and which scores a loser can
    have in a typed score row (`scoring.possible_loser_scores`): every multiple of the step
    from 0 to the top. With `hand_multiplier` at most 10, rounding p × m to tens reaches
    every ten, as a step of m never jumps over one."""
    most = "remi_max_points"
    return {
        "remi_hand_size": str(HAND_SIZE),
        "remi_copies": "remi_packs",  # copies of one card: one a pack
        "remi_rank_copies": f"{SUITS}*remi_packs",
        most: _max_points(),
        "remi_normal_step": "IF(remi_exact,1,10)",
        "remi_normal_top": f"IF(remi_exact,{most},ROUND({most},-1))",
        "remi_hand_step": (
            "IF(remi_exact,remi_multiplier,IF(remi_round_first,10*remi_multiplier,10))"
        ),
        "remi_hand_top": (
            f"IF(remi_exact,{most}*remi_multiplier,IF(remi_round_first,"
            f"ROUND({most},-1)*remi_multiplier,ROUND({most}*remi_multiplier,-1)))"
        ),
    }


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


def all_names(rules: HouseRules, cells: Mapping[str, str]) -> dict[str, str]:
    """Every name a notebook with live formulas needs."""
    return rule_names(rules, cells) | tables()


def _array(values: Iterable[object]) -> str:
    return "{" + ",".join(_item(value) for value in values) + "}"


def _item(value: object) -> str:
    return str(value) if isinstance(value, int) else _quoted(str(value))


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def substituted(cell: str, pairs: Sequence[tuple[str, str]]) -> str:
    """`cell` with every pair's first text replaced by its second, in order."""
    formula = cell
    for old, new in pairs:
        formula = f"SUBSTITUTE({formula},{_quoted(old)},{_quoted(new)})"
    return formula
