"""Spreadsheet formulas that score a deal while people type, exactly as `scoring` does.

Each entry is read in steps, one hidden helper cell each, so that no formula is long and
each can be reviewed on its own (docs/notebook.md, "Live areas"):

    text     the entry cleaned and in capitals; "" for a number    "K♠ 7♥ JO."
    rest     what is read as points: the text without a full stop  "K♠ 7♥ JO"
             at its end and without a leading X; "" for a code word
    number   the rest as a whole number, if it is one; "E" for 1.000 or 3.5
    cards    the rest as a card string, one spelling per card      " K♠ 7♥ @ "
    shape    what each character of the card string is: n a number rank, r a letter rank,
             j a joker, s a suit                                   " rs ns j "
    points   the cards' points, or -1 when they are no hand
    kind     - empty, E no entry, H/W a win, X not laid down, Y X with points, P cards,
             N a number
    value    the points or the number (0 for the rest)

A row's *status* then says what the deal is: - not played, I not all typed yet, E refused,
H or W an entry row won from hand or normally, S a typed score row. The score, running
total, Total and Rank cells read those. The steps are gated: a number or a code word never
reaches the card steps, and an empty cell stops at the first.

Portable by construction: only functions Excel (desktop, web, phones), LibreOffice and
Google Sheets share (no LET, LAMBDA, TEXTSPLIT, no `_xlfn`), no control character but tab
and line breaks, and every table and house rule read through a defined name that is a
range of cells on remi's hidden sheet (`live_sheet`). A word is looked up with `MATCH`,
its `?`, `*` and `~` made no wildcards first. Pure: cell addresses in, formula text out.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from remi_sheet.core.cards import (
    CARD_NAMES,
    JOKER_SIGNS,
    JOKER_WORDS,
    RANK_SPELLINGS,
    SEPARATORS,
    SUIT_SPELLINGS,
    Suit,
)
from remi_sheet.core.entries import HAND_WORDS, NOT_DOWN_WORDS, WIN_WORDS
from remi_sheet.core.text import ENTRY_MINUS_SIGNS, INVISIBLE

WAITING: Final = "…"  # a running total or Total that waits for a deal to be put right
# One hidden column per player slot for each step.
STEPS: Final = ("text", "rest", "number", "cards", "shape", "points", "kind", "value")
_DIGITS: Final = '"0123456789"'
# The card string's own characters for a ten and a joker; typed, they are no card.
TEN: Final = "T"
JOKER: Final = "@"
NOT_A_CARD: Final = "!"  # what stands for a character that makes the card string unreadable
# Hungarian accented capitals, and the ones old fonts put in their place (Ô Õ Û), folded
# to the plain letter as `text.fold` does, so that "KÉZBŐL" and "KEZBOL" are one code.
ACCENTED: Final = {
    **dict.fromkeys("ÁÀÂ", "A"),
    **dict.fromkeys("É", "E"),
    **dict.fromkeys("Í", "I"),
    **dict.fromkeys("ÓÖŐÔÕ", "O"),
    **dict.fromkeys("ÚÜŰÛ", "U"),
}


def quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def substituted(cell: str, pairs: Sequence[tuple[str, str]]) -> str:
    """`cell` with every pair's first text replaced by its second, in order."""
    formula = cell
    for old, new in pairs:
        formula = f"SUBSTITUTE({formula},{quoted(old)},{quoted(new)})"
    return formula


def cleaning() -> list[tuple[str, str]]:
    """What cleaning does to an entry before it is read (`text.clean`, `entries`):
    invisible characters go, every space is one space, a typographic minus is "-". (Tab
    and line breaks are CHAR(9), CHAR(10) and CHAR(13) in the formula: XML would change
    them as literals.)"""
    pairs = [(character, "") for character in INVISIBLE]
    pairs += [(space, " ") for space in ("\u00a0", "\u2007", "\u202f")]
    pairs += [(minus, "-") for minus in ENTRY_MINUS_SIGNS]
    return pairs


def folding() -> list[tuple[str, str]]:
    return list(ACCENTED.items())


def card_spelling() -> list[tuple[str, str]]:
    """How a loser's cards (in capitals) become the card string, in this order: what no
    card is made of marked unreadable (a typed T or @, a card's English name), separators
    spaces, jokers @, a ten T, suits their filled signs, every other spelling of a rank its
    first, a D after a number rank ♦, a D after a letter rank unreadable (K♦, or a king and
    a queen?), every other D a queen, and suit letters their signs."""
    upper_ranks = {spelling.upper(): rank for spelling, rank in RANK_SPELLINGS.items()}
    pairs = [(TEN, NOT_A_CARD), (JOKER, NOT_A_CARD)]
    pairs += [(name.upper(), NOT_A_CARD) for name in CARD_NAMES]
    pairs += [(separator, " ") for separator in SEPARATORS]
    pairs += [(word.upper(), JOKER) for word in JOKER_WORDS]  # longest first
    pairs += [(sign, JOKER) for sign in JOKER_SIGNS]
    pairs += [("Á", "A"), ("10", TEN)]
    pairs += [
        (spelling, suit.value)
        for spelling, suit in SUIT_SPELLINGS.items()
        if not spelling.isascii() and spelling != suit.value
    ]
    pairs += [("B", "J")]  # bubi
    diamonds = Suit.DIAMONDS.value
    pairs += [(f"{rank}D", f"{rank}{diamonds}") for rank in (*"23456789", TEN)]
    pairs += [(f"{rank}D", f"{rank}{NOT_A_CARD}") for rank in ("J", "Q", "K", "A", "D")]
    pairs += [("D", "Q")]  # dáma
    pairs += [
        (spelling.upper(), suit.value)
        for spelling, suit in SUIT_SPELLINGS.items()
        if spelling.isascii() and spelling.upper() not in upper_ranks
    ]
    return pairs


def card_shapes() -> list[tuple[str, str]]:
    """What each character of the card string is: n a number rank, r a letter rank, j a
    joker, s a suit; anything else stays, and makes it unreadable."""
    pairs = [(rank, "n") for rank in (*"23456789", TEN)]
    pairs += [(rank, "r") for rank in "JQKA"]
    pairs += [(JOKER, "j")]
    pairs += [(suit.value, "s") for suit in Suit]
    return pairs


def text(entry: str) -> str:
    cleaned = substituted(entry, cleaning())
    for control in (9, 10, 13):  # tab and line breaks, as literals XML would change
        cleaned = f'SUBSTITUTE({cleaned},CHAR({control})," ")'
    return f'=IF(ISTEXT({entry}),UPPER(TRIM({cleaned})),"")'


def _without_stop(text_cell: str) -> str:
    """The text without one full stop at its end, as `entries.parse_entry` reads it ("45.",
    "W.": a phone's double space), unless the stop is all there is."""
    t = text_cell
    return f'IF(AND(LEN({t})>1,RIGHT({t},1)="."),TRIM(LEFT({t},LEN({t})-1)),{t})'


def _looked_up(text: str, table: str) -> str:
    """Where `text` stands in the range `table`, an error when it is not there. `?`, `*`
    and `~` are no wildcards: MATCH reads them so, and no word of remi's has them."""
    plain = substituted(text, [(sign, NOT_A_CARD) for sign in "~*?"])
    return f"MATCH({plain},{table},0)"


def _code(word: str) -> str:
    """Where the code `word` is in the table of code words (an error: none)."""
    return _looked_up(substituted(word, folding()), "remi_code_words")


def rest(text_cell: str) -> str:
    """After a leading X (not laid down), what follows it is the points; a code word has
    none."""
    d = _without_stop(text_cell)
    return (
        f'=IF({text_cell}="","",IF(ISNUMBER({_code(d)}),"",'
        f'IF(LEFT({d},1)="X",TRIM(MID({d},2,999)),{d})))'
    )


def number(rest_cell: str) -> str:
    """The rest as a whole number ("35", "+5", "-20", "35.0", "30,0"); "E" for a fraction
    or "1.000" (a thousand to one reader, one to another); "" for no number, and for two
    card ranks with a comma between ("9,3": the cards 9 and 3)."""
    r = rest_cell
    signed = f'IF(OR(LEFT({r},1)="+",LEFT({r},1)="-"),1,0)'
    digits = f'SUMPRODUCT(LEN({r})-LEN(SUBSTITUTE({r},remi_digits,"")))'
    signs = f"{_counted(r, '+')}+{_counted(r, '-')}"
    separators = f"{_counted(r, '.')}+{_counted(r, ',')}"
    # Digits, a sign before them, at most one separator between them: nothing else.
    like = (
        f"AND({digits}+{signs}+{separators}=LEN({r}),{signs}={signed},{separators}<=1,"
        f"ISNUMBER(FIND(MID({r},1+{signed},1),{_DIGITS})),ISNUMBER(FIND(RIGHT({r},1),{_DIGITS})))"
    )
    at = f'IFERROR(FIND(".",{r}),IFERROR(FIND(",",{r}),0))'
    whole = f"MID({r},1+{signed},{at}-1-{signed})"
    fraction = f"MID({r},{at}+1,99)"
    sign = f'IF(LEFT({r},1)="-",-1,1)'
    two_cards = (
        f'AND({signed}=0,MID({r},{at},1)=",",ISNUMBER(MATCH({whole},remi_comma_ranks,0)),'
        f"ISNUMBER(MATCH({fraction},remi_comma_ranks,0)))"
    )
    return (
        f'=IF({r}="","",IF(NOT({like}),"",IF({at}=0,{sign}*VALUE(MID({r},1+{signed},99)),'
        f'IF({two_cards},"",IF(OR(SUBSTITUTE({fraction},"0","")<>"",'
        f'AND(LEN({whole})<=3,{fraction}="000")),"E",{sign}*VALUE({whole}))))))'
    )


def cards(rest_cell: str, number_cell: str) -> str:
    """The card string of the rest, when it is no number."""
    r = rest_cell
    return f'=IF(OR({r}="",{number_cell}<>""),""," "&{substituted(r, card_spelling())}&" ")'


def shape(cards_cell: str) -> str:
    c = cards_cell
    return f'=IF({c}="","",{substituted(c, card_shapes())})'


def _count(cell: str, what: str, width: int = 1) -> str:
    """How often `what` (a text, or a name of a range of texts `width` long) is in `cell`."""
    found = f'(LEN({cell})-LEN(SUBSTITUTE({cell},{what},"")))'
    return found if width == 1 else f"{found}/{width}"


def _counted(cell: str, what: str) -> str:
    return _count(cell, quoted(what), len(what))


def points(cards_cell: str, shape_cell: str) -> str:
    """The cards' points, or -1 when they cannot be one player's hand: a character that is
    no card's, a suit after no rank, two number ranks together ("45": the cards 4 and 5,
    or 45 points?), no card at all (`cards.parse_cards`); more cards, jokers, copies of a
    card or cards of a rank than a hand can hold (`deck.check_hand`). The points may still
    be more than a hand holds: `kind` tells."""
    c, s = cards_cell, shape_cell
    known = substituted(s, [(ch, "") for ch in "nrjs "])
    bad = f"{_counted(' ' + s, ' s')}+{_counted(s, 'ss')}+{_counted(s, 'js')}+{_counted(s, 'nn')}"
    held = f'LEN(SUBSTITUTE(SUBSTITUTE({s}," ",""),"s",""))'
    readable = f"AND(LEN({known})=0,{bad}=0,{held}>0)"
    suits = _counted(s, "s")
    copies = f"SUMPRODUCT(({_count(c, 'remi_suited', 2)}>remi_packs)*1)"
    ranks = f"SUMPRODUCT(({_count(c, 'remi_ranks')}>remi_rank_copies)*1)"
    fits = (
        f"AND({held}<={_hand_size()},{_counted(c, JOKER)}<=remi_jokers,"
        f"IF({suits}>remi_packs,{copies}=0,TRUE),IF({held}>remi_rank_copies,{ranks}=0,TRUE))"
    )
    worth = (
        f'SUMPRODUCT((LEN({c})-LEN(SUBSTITUTE({c},remi_rank_chars,"")))*remi_rank_points)'
        f"+remi_ace*{_counted(c, 'A')}+remi_joker_value*{_counted(c, JOKER)}"
    )
    return f'=IF({c}="","",IF({readable},IF({fits},{worth},-1),-1))'


def _hand_size() -> int:
    from remi_sheet.core.deck import HAND_SIZE

    return HAND_SIZE


def kind(
    entry: str, text_cell: str, rest_cell: str, number_cell: str, points_cell: str, absent: str
) -> str:
    """What the entry is. `absent`: TRUE while the slot has no player (its header cell is
    empty): whatever is typed under it is nobody's, as `remi check` reads it."""
    t, r, n, p = text_cell, rest_cell, number_cell, points_cell
    code = f"INDEX(remi_code_kinds,{_code(_without_stop(t))})"
    fits = "AND({v}>=0,{v}<=remi_max_points)"
    points_kind = f'IF({fits.format(v=p)},"{{kind}}","E")'
    loser = (
        f'IF({n}="E","E",IF({n}<>"",IF(LEFT({t},1)="X",'
        f'IF({fits.format(v=n)},"Y","E"),"N"),'
        f'IF(LEFT({t},1)="X",{points_kind.format(kind="Y")},{points_kind.format(kind="P")})))'
    )
    return (
        f'=IF({absent},"-",IF(ISERROR({entry}),"E",IF(ISLOGICAL({entry}),"E",'
        f'IF(ISNUMBER({entry}),IF({entry}=INT({entry}),"N","E"),IF({t}="","-",'
        f'IF({r}="",{code},{loser}))))))'
    )


def value(entry: str, kind_cell: str, number_cell: str, points_cell: str) -> str:
    k, n, p = kind_cell, number_cell, points_cell
    return (
        f'=IF({k}="N",IF(ISNUMBER({entry}),{entry},{n}),'
        f'IF(OR({k}="Y",{k}="P"),IF({n}<>"",{n},{p}),0))'
    )


def held(kinds: Sequence[str], numbers: Sequence[str], cards_cells: Sequence[str]) -> str:
    """The cards all losers of a deal wrote out (canonical), for the deal's deck check; a
    number or a code holds none."""
    parts = [
        f'IF(OR({k}="P",AND({k}="Y",{n}="")),{c},"")'
        for k, n, c in zip(kinds, numbers, cards_cells, strict=True)
    ]
    return "=" + "&".join(parts)


def deck(held_cell: str) -> str:
    """Whether the cards all losers of a deal wrote out can come from one deck together:
    no more jokers than the table has, copies of a card than the packs, cards of a rank
    than its suits (`deck.excess`)."""
    h = held_cell
    copies = f"SUMPRODUCT(({_count(h, 'remi_suited', 2)}>remi_packs)*1)"
    ranks = f"SUMPRODUCT(({_count(h, 'remi_ranks')}>remi_rank_copies)*1)"
    return f'=IF({h}="",TRUE,AND({_counted(h, JOKER)}<=remi_jokers,{copies}+{ranks}=0))'


def players(names: Sequence[str]) -> str:
    """How many players the header names: the names from the first slot on, up to the
    first empty cell or notes heading (`layout._players`)."""
    formula = str(len(names))
    for index in range(len(names) - 1, -1, -1):
        name = names[index]
        folded = substituted(f'UPPER(TRIM({name}&""))', folding())
        note = f"ISNUMBER({_looked_up(folded, 'remi_note_words')})"
        formula = f'IF(OR(TRIM({name}&"")="",{note}),{index},{formula})'
    return "=" + formula


def status(
    ordinal: str,
    number_cell: str,
    kinds: str,
    values: str,
    slots: int,
    players_cell: str,
    above: str,
    deck_cell: str,
    totals_above: str,
) -> str:
    """What the deal in a row is, from its kinds and values (ranges of the row's slots, a
    slot without a player always "-"), its place in the table (`ordinal`, counted), the
    players' count, whether its cards fit in the deck, the statuses of the rows above it
    down from the header's (a deal after an empty row is refused) and the running totals
    above it (`totals_above`, each slot's column from the header: in a game played to a
    limit, a deal after one has reached it is refused; a deal that was not scored makes
    the totals after it text, which MAX skips, as the engine stops looking for the end
    there too). A header of fewer than two players or more than `max_players` refuses
    every deal typed. Every row's formula is the first one's, moved down."""
    k, v, n = kinds, values, players_cell
    typed = f'TRIM({number_cell}&"")'
    # As the engine reads a deal number: digits, leading zeros dropped ("01"), then at most
    # one full stop ("1."). The zeros go from where the first other character stands (the
    # "." appended: LibreOffice finds no empty text, and "0" is all zeros).
    digits = f'MID({typed},FIND(LEFT(SUBSTITUTE({typed},"0","")&"."),{typed}&"."),99)'
    numbered = f'AND({typed}<>"",SUBSTITUTE({digits}&".","..",".")<>{ordinal}&".")'
    gap = f'COUNTIF({above},"-")>0'
    ended = f"AND(remi_to_limit,MAX({totals_above})>=remi_limit)"
    too_many = f"AND(NOT(remi_to_limit),{ordinal}>remi_deals)"
    header = f"{n}<2,{n}>remi_max_players"
    won = f'SUMIF({v},"<0")'
    after_hand = f"(({v}=remi_not_down)+(MOD({v},remi_hand_step)=0)*({v}<=remi_hand_top)>0)"
    after_normal = (
        f"(({v}=remi_not_down_normal)+(MOD({v},remi_normal_step)=0)*({v}<=remi_normal_top)>0)"
    )
    # Each loser's number is a score the winner's kind of win allows (no IF in an array:
    # older Excel reads only its first item).
    hand = f"({won}=remi_hand_win)"
    losers = f'SUMPRODUCT(({k}="N")*({v}>=0)*({hand}*{after_hand}+(1-{hand})*{after_normal}))'
    score_row = (
        f'IF(AND(COUNTIF({k},"N")={n},COUNTIF({v},"<0")=1,'
        f"OR({won}=remi_hand_win,{won}=remi_normal_win),"
        f'{losers}={n}-1),"S","E")'
    )
    entry_row = (
        f'IF(OR(COUNTIF({k},"H")+COUNTIF({k},"W")<>1,NOT({deck_cell})),"E",'
        f'IF(OR(COUNTIFS({k},"N",{v},">"&remi_max_points)>0,'
        f'AND(COUNTIF({k},"W")=1,COUNTIF({k},"X")>0,remi_not_down_normal<0)),"E",'
        f'IF(COUNTIF({k},"H")=1,"H","W")))'
    )
    return (
        f'=IF(COUNTIF({k},"-")={slots},"-",'
        f'IF(OR({header},{too_many},{gap},{ended},{numbered}),"E",'
        f'IF(COUNTIF({k},"-")>{slots}-{n},"I",IF(COUNTIF({k},"E")>0,"E",'
        f'IF(COUNTIFS({k},"N",{v},"<0")>0,{score_row},{entry_row})))))'
    )


def score(status_cell: str, kind_cell: str, value_cell: str, absent: str, refused: str) -> str:
    """One player's score in a deal; `refused` is what a refused deal shows (the notebook's
    language); nothing under a slot without a player."""
    st, k, v = status_cell, kind_cell, value_cell
    rounded = f"IF(remi_exact,{v},ROUND({v},-1))"
    # after a normal win, a loser not down scores the fixed score when the rules say one
    normal = f'IF(AND(OR({k}="X",{k}="Y"),remi_not_down_normal>=0),remi_not_down_normal,{rounded})'
    doubled = (
        f"IF(remi_round_first,{rounded}*remi_multiplier,"
        f"IF(remi_exact,{v}*remi_multiplier,ROUND({v}*remi_multiplier,-1)))"
    )
    return (
        f'=IF(OR({absent},{st}="-"),"",IF({st}="I","{WAITING}",IF({st}="E",{quoted(refused)},'
        f'IF({st}="S",{v},IF({k}="H",remi_hand_win,IF({k}="W",remi_normal_win,'
        f'IF({st}="H",IF(OR({k}="X",{k}="Y"),remi_not_down,{doubled}),{normal})))))))'
    )


def running(status_cell: str, scores_so_far: str, absent: str) -> str:
    """The running total after a deal (`scores_so_far`: the slot's scores from the first
    deal down to this one); it waits from the first deal that is not scored."""
    s = scores_so_far
    return f'=IF(OR({absent},{status_cell}="-"),"",IF(COUNT({s})<ROWS({s}),"{WAITING}",SUM({s})))'


def total(statuses: str, scores: str, totals: str, absent: str) -> str:
    """A player's total: empty before the first deal, waiting while any deal is. (The
    rows counted, not written: a row deleted in the table changes the ranges alike.)"""
    return (
        f'=IF(OR({absent},COUNTIF({statuses},"-")=ROWS({statuses})),"",'
        f'IF(COUNTIF({totals},"{WAITING}")>0,"{WAITING}",SUM({scores})))'
    )


def rank(this_total: str, total_row: str, players_cell: str) -> str:
    """The place by total, lowest first; equal totals share a place, the next is skipped."""
    return (
        f'=IF({this_total}="","",IF(COUNT({total_row})<{players_cell},"{WAITING}",'
        f'1+COUNTIF({total_row},"<"&{this_total})))'
    )


def reads(value: object) -> bool:
    """True when the helpers read `value` the way `entries.parse_entry` does: a number, or
    text of the characters they know (a full-width Ｋ or a decomposed accent they do not)."""
    if not isinstance(value, str):
        return True
    known = _known_characters()
    return all(character in known or character.upper() in known for character in value)


@functools.cache
def _known_characters() -> frozenset[str]:
    return frozenset(alphabet()) | {"\t", "\n", "\r"}


def alphabet() -> str:
    """Every character an entry can hold (in capitals), for the input check: digits, signs,
    separators, card and code letters, suits, jokers and what cleaning removes."""
    characters = set("0123456789+-.,; ")
    characters |= set(SEPARATORS) | set(ENTRY_MINUS_SIGNS) | set(INVISIBLE)
    characters |= {space for space, _ in cleaning() if space.isspace()}
    for word in [*HAND_WORDS, *WIN_WORDS, *NOT_DOWN_WORDS, *JOKER_WORDS]:
        characters |= set(word.upper())
    characters |= set(ACCENTED)
    characters |= {s.upper() for s in RANK_SPELLINGS if not s.isdigit()}
    characters |= {s.upper() for s in SUIT_SPELLINGS} | set(JOKER_SIGNS)
    return "".join(sorted(characters))


def guarded(row: Sequence[tuple[str, str]], value: str | int, otherwise: str) -> str:
    """`value` as long as every entry of the deal still reads as remi read it (cell, text
    pairs); else the formula `otherwise`. For entries the helpers cannot read."""
    same = ",".join(f'TRIM({cell}&"")={quoted(text)}' for cell, text in row)
    shown_value = quoted(value) if isinstance(value, str) else str(value)
    return f"=IF(AND({same}),{shown_value},{otherwise.removeprefix('=')})"


def excel_trim(value: object) -> str:
    """What TRIM(cell&"") shows for a cell holding `value`: numbers as a spreadsheet
    prints them, ASCII spaces trimmed and runs of them made one."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(part for part in str(value).split(" ") if part)
