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
from remi_sheet.core.text import ENTRY_MINUS_SIGNS, INVISIBLE, raw_text, trimmed

# Every game sheet of a notebook asks for the same formulas, cell for cell.
_cached = functools.lru_cache(maxsize=1 << 14)

WAITING: Final = "…"  # a running total or Total that waits for a deal to be put right
# One hidden column per player slot for each step.
STEPS: Final = (
    "text", "code", "rest", "unsigned", "number", "cards", "shape", "points", "kind", "value"
)  # fmt: skip
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


# The characters a lookup reads as wildcards, and the one the text step puts in the
# place of a "|" (it marks the text's end for a moment): none of them is in any entry.
_WILD: Final = "~*?|"


@_cached
def text(entry: str) -> str:
    """The entry cleaned and in capitals, without one full stop at its end ("45.", "W.": a
    phone's double space), as `entries.parse_entry` reads it, unless the stop is all there
    is; "" for no text. An array formula over a row's slots, as every step: each of them
    works cell by cell."""
    cleaned = substituted(entry, [(sign, NOT_A_CARD) for sign in _WILD] + cleaning())
    for control in (9, 10, 13):  # tab and line breaks, as literals XML would change
        cleaned = f'SUBSTITUTE({cleaned},CHAR({control})," ")'
    # "|" marks the ends for a moment: a stop before the end mark goes, a stop alone is
    # marked unreadable ("." is no entry).
    marked = f'"|"&UPPER(TRIM({cleaned}))&"|"'
    stopless = f'SUBSTITUTE(SUBSTITUTE({marked},"|.|","|{NOT_A_CARD}|"),".|","|")'
    return f'=IF(ISTEXT({entry}),TRIM(SUBSTITUTE({stopless},"|","")),"")'


@_cached
def code(text_cell: str, kinds: str) -> str:
    """The code word the text is, by its kind: H a hand win, W a win, X not laid down; ""
    for none. `kinds`: the kind of each word of the table of code words, in its order.
    The text step left no wildcard for MATCH in it."""
    at = f"MATCH({substituted(text_cell, folding())},remi_code_words,0)"
    return f'=IFERROR(MID("{kinds}",{at},1),"")'


@_cached
def rest(text_cell: str, code_cell: str) -> str:
    """What is read as points: what follows a leading X (not laid down), or the text; none
    for a code word."""
    t = text_cell
    return f'=IF({code_cell}<>"","",IF(LEFT({t},1)="X",TRIM(MID({t},2,999)),{t}))'


@_cached
def unsigned(rest_cell: str) -> str:
    """The rest without one sign before it (a number's: "-20", "+5")."""
    r = rest_cell
    return f'=IF((LEFT({r},1)="+")+(LEFT({r},1)="-"),MID({r},2,999),{r})'


@_cached
def number(rest_cell: str, unsigned_cell: str) -> str:
    """The rest as a whole number ("35", "+5", "-20", "35.0", "30,0"); "E" for a fraction
    or "1.000" (a thousand to one reader, one to another); "" for no number, and for two
    card ranks with a comma between ("9,3": the cards 9 and 3)."""
    r, u = rest_cell, unsigned_cell
    # Digits, and at most one separator between them: nothing else is left without them.
    others = substituted(f'SUBSTITUTE({u},",",".")', [(digit, "") for digit in "0123456789"])
    like = (
        f'ISNUMBER(FIND("|"&{others}&"|","||.|"))'
        f"*ISNUMBER(FIND(LEFT({u},1),{_DIGITS}))*ISNUMBER(FIND(RIGHT({u},1),{_DIGITS}))"
    )
    whole = f'LEFT({u},FIND(".",SUBSTITUTE({u},",",".")&".")-1)'
    fraction = f"MID({u},LEN({whole})+2,999)"
    # The digits made a number by arithmetic, not VALUE: an evaluator may take one text
    # VALUE cannot read for an error of the whole row.
    sign = f'IF(LEFT({r},1)="-",-1,1)'
    two_cards = (
        f'({r}={u})*ISNUMBER(FIND(",",{u}))*ISNUMBER(MATCH({whole},remi_comma_ranks,0))'
        f"*ISNUMBER(MATCH({fraction},remi_comma_ranks,0))"
    )
    return (
        f'=IF({u}="","",IF({like}=0,"",IF({two_cards},"",IF((SUBSTITUTE({fraction},"0","")<>"")'
        f'+(LEN({whole})<=3)*({fraction}="000"),"E",{sign}*{whole}))))'
    )


@_cached
def cards(rest_cell: str, number_cell: str) -> str:
    """The card string of the rest where it is no number."""
    r, n = rest_cell, number_cell
    return f'=IF(({r}="")+({n}<>""),""," "&{substituted(r, card_spelling())}&" ")'


@_cached
def shape(cards_cell: str) -> str:
    c = cards_cell
    return f"={substituted(c, card_shapes())}"


def _count(cell: str, what: str, width: int = 1) -> str:
    """How often `what` (a text, or a name of a range of texts `width` long) is in `cell`."""
    found = f'(LEN({cell})-LEN(SUBSTITUTE({cell},{what},"")))'
    return found if width == 1 else f"{found}/{width}"


def _counted(cell: str, what: str) -> str:
    return _count(cell, quoted(what), len(what))


def _each(table: str, counts: str) -> str:
    """For each slot, the sum over a table's rows of `counts` (a table row by slot)."""
    return f"MMULT(TRANSPOSE(ROW({table})^0),{counts})"


@_cached
def points(cards_cell: str, shape_cell: str) -> str:
    """The cards' points, or -1 when they cannot be one player's hand: a character that is
    no card's, a suit after no rank, two number ranks together ("45": the cards 4 and 5,
    or 45 points?), no card at all (`cards.parse_cards`); more cards, jokers, copies of a
    card or cards of a rank than a hand can hold (`deck.check_hand`). The points may still
    be more than a hand holds: `kind` tells."""
    c, s = cards_cell, shape_cell
    known = substituted(s, [(ch, "") for ch in "nrjs "])
    bad = f"{_counted(s, ' s')}+{_counted(s, 'ss')}+{_counted(s, 'js')}+{_counted(s, 'nn')}"
    held = f'LEN(SUBSTITUTE(SUBSTITUTE({s}," ",""),"s",""))'
    readable = f"(LEN({known})=0)*({bad}=0)*({held}>0)"
    # Worked out only for a row with more suits, or cards, than a card's copies, or a
    # rank's, can be: a row of a card or two each never holds too many.
    copies = _each("remi_suited", f"({_count(c, 'remi_suited', 2)}>remi_packs)*1")
    copies = f"IF(SUMPRODUCT({_counted(s, 's')})<=remi_packs,0,{copies})"
    ranks = _each("remi_ranks", f"({_count(c, 'remi_ranks')}>remi_rank_copies)*1")
    ranks = f"IF(SUMPRODUCT(LEN({s}))<=remi_rank_copies,0,{ranks})"
    fits = f"({held}<={_hand_size()})*({_counted(c, JOKER)}<=remi_jokers)*({copies}+{ranks}=0)"
    worth = (
        f"MMULT(TRANSPOSE(remi_rank_points),{_count(c, 'remi_rank_chars')})"
        f"+remi_ace*{_counted(c, 'A')}+remi_joker_value*{_counted(c, JOKER)}"
    )
    return f'=IF({c}="","",IF({readable}*{fits},{worth},-1))'


def _hand_size() -> int:
    from remi_sheet.core.deck import HAND_SIZE

    return HAND_SIZE


@_cached
def kind(
    entry: str, text_cell: str, code_cell: str, number_cell: str, points_cell: str, absent: str
) -> str:
    """What the entry is. `absent`: TRUE while the slot has no player (its header cell is
    empty): whatever is typed under it is nobody's, as `remi check` reads it."""
    t, n, p = text_cell, number_cell, points_cell

    def fits(v: str, kind: str) -> str:
        return f'IF(({v}>=0)*({v}<=remi_max_points),"{kind}","E")'

    x = f'(LEFT({t},1)="X")'
    loser = (
        f'IF({n}="E","E",IF({n}<>"",IF({x},{fits(n, "Y")},"N"),'
        f"IF({x},{fits(p, 'Y')},{fits(p, 'P')})))"
    )
    return (
        f'=IF({absent},"-",IF(ISERROR({entry}),"E",IF(ISLOGICAL({entry}),"E",'
        f'IF(ISNUMBER({entry}),IF({entry}=INT({entry}),"N","E"),IF({t}="","-",'
        f'IF({code_cell}<>"",{code_cell},{loser}))))))'
    )


@_cached
def value(entry: str, kind_cell: str, number_cell: str, points_cell: str) -> str:
    k, n, p = kind_cell, number_cell, points_cell
    return (
        f'=IF({k}="N",IF(ISNUMBER({entry}),{entry},{n}),'
        f'IF(({k}="Y")+({k}="P"),IF({n}<>"",{n},{p}),0))'
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


@_cached
def players(names: tuple[str, ...]) -> str:
    """How many players the header names: the names from the first slot on, up to the
    first empty cell or notes heading (`layout._players`)."""
    formula = str(len(names))
    for index in range(len(names) - 1, -1, -1):
        name = names[index]
        folded = substituted(f'UPPER(TRIM({name}&""))', folding())
        plain = substituted(folded, [(sign, NOT_A_CARD) for sign in "~*?"])  # no wildcards
        note = f"ISNUMBER(MATCH({plain},remi_note_words,0))"
        formula = f'IF(OR(TRIM({name}&"")="",{note}),{index},{formula})'
    return "=" + formula


@_cached
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


@_cached
def score(status_cell: str, kinds: str, values: str, absent: str, refused: str) -> str:
    """Each slot's score in a deal (`kinds` and `values`: the row's helpers of every slot);
    `refused` is what a refused deal shows (the notebook's language); nothing under a slot
    without a player."""
    st, k, v = status_cell, kinds, values
    rounded = f"IF(remi_exact,{v},ROUND({v},-1))"
    not_down = f'(({k}="X")+({k}="Y"))'
    # after a normal win, a loser not down scores the fixed score when the rules say one
    normal = f"IF({not_down}*(remi_not_down_normal>=0),remi_not_down_normal,{rounded})"
    doubled = (
        f"IF(remi_round_first,{rounded}*remi_multiplier,"
        f"IF(remi_exact,{v}*remi_multiplier,ROUND({v}*remi_multiplier,-1)))"
    )
    return (
        f'=IF({absent}+({st}="-"),"",IF({st}="I","{WAITING}",IF({st}="E",{quoted(refused)},'
        f'IF({st}="S",{v},IF({k}="H",remi_hand_win,IF({k}="W",remi_normal_win,'
        f'IF({st}="H",IF({not_down},remi_not_down,{doubled}),{normal})))))))'
    )


@_cached
def running(status_cell: str, scores_so_far: str, absent: str) -> str:
    """Each slot's running total after a deal (`scores_so_far`: the slots' scores from the
    first deal down to this one); it waits from the first deal that is not scored. Summed
    column by column, so that a deal row deleted leaves every range whole."""
    s = scores_so_far
    counted = _each(s, f"ISNUMBER({s})*1")
    summed = _each(s, f"IF(ISNUMBER({s}),{s},0)")
    return f'=IF({absent}+({status_cell}="-"),"",IF({counted}<ROWS({s}),"{WAITING}",{summed}))'


@_cached
def total(statuses: str, scores: str, runnings: str, absent: str) -> str:
    """Each slot's total: empty before the first deal, waiting while any deal is."""
    waiting = _each(runnings, f'({runnings}="{WAITING}")*1')
    summed = _each(scores, f"IF(ISNUMBER({scores}),{scores},0)")
    return (
        f'=IF({absent}+(COUNTIF({statuses},"-")=ROWS({statuses})),"",'
        f'IF({waiting}>0,"{WAITING}",{summed}))'
    )


@_cached
def rank(totals: str, players_cell: str) -> str:
    """Each slot's place by total, lowest first; equal totals share a place, the next is
    skipped."""
    t = totals
    return f'=IF({t}="","",IF(COUNT({t})<{players_cell},"{WAITING}",1+COUNTIF({t},"<"&{t})))'


def reads(value: object) -> bool:
    """True when the helpers read `value` the way `entries.parse_entry` does: a number, or
    text of the characters they know (a full-width Ｋ or a decomposed accent they do not)."""
    if not isinstance(value, str):
        return True
    known = _known_characters()
    return set(value) <= known or all(
        character in known or character.upper() in known for character in value
    )


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


def guarded(
    row: Sequence[tuple[str, str]], scores: Sequence[int | str], slots: str, otherwise: str
) -> str:
    """The scores remi read (`scores`, slot by slot over the row's `slots`, "" where no one
    plays) as long as every entry of the deal still reads as remi read it (cell, text
    pairs); else the formula `otherwise`. For entries the helpers cannot read."""
    first = slots.partition(":")[0]
    place = f"COLUMN({slots})-COLUMN({first})+1"
    same = "*".join(f'(TRIM({cell}&"")={quoted(text)})' for cell, text in row)
    shown = ",".join(quoted(score) if isinstance(score, str) else str(score) for score in scores)
    return f"=IF({same},CHOOSE({place},{shown}),{otherwise.removeprefix('=')})"


def excel_trim(value: object) -> str:
    """What TRIM(cell&"") shows for a cell holding `value`: numbers as a spreadsheet
    prints them, ASCII spaces trimmed and runs of them made one."""
    return trimmed(raw_text(value))
