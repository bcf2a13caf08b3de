"""Spreadsheet formulas that score a deal while people type, exactly as `scoring` does.

Each entry is read in steps, one hidden helper cell each, so that no formula is long and
each can be reviewed on its own (docs/notebook.md, "Live areas"):

    text     the entry cleaned and in capitals          "K♠ 7♥ JO"
    rest     what is read as points (after an X)        "K♠ 7♥ JO"
    unsigned the rest without its sign                  "K♠ 7♥ JO"
    number   the rest read as a whole number, if it is one; "E" for 1.000 or 3.5
    cards    the rest as a card string                  " K♠  7♥ @ "
    canon    one spelling per card, to count copies     " K♠  7♥ @ "
    valid    TRUE when every character of the card string belongs to a card
    points   the cards' points, or -1 when they cannot be one player's hand
    kind     - empty, E no entry, H/W a win, X not laid down, Y X with points, P cards, N a number
    value    the points or the number
    loser    which wins a typed score could follow: 1 a normal one, 2 a hand, 3 either

A row's *status* then says what the deal is: - not played, I not all typed yet, E refused,
H or W an entry row won from hand or normally, S a typed score row. The score, running total,
Total and Rank cells read those. They use only functions that Excel 2010, Excel on the web
and phones, and LibreOffice all have, and read the house rules and the parser's tables
through defined names (`live_names`). Pure: cell addresses in, formula text out.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from remi_sheet.writing.live_names import (
    alphabet,
    canonical_substitutions,
    card_substitutions,
    fold_substitutions,
    substituted,
    text_substitutions,
)

WAITING: Final = "…"  # a running total or Total that waits for a deal to be put right
KINDS: Final = ("text", "rest", "unsigned", "number", "cards", "canon", "valid", "points")
KINDS_AFTER: Final = ("kind", "value", "loser", "held")
HELPERS: Final = (*KINDS, *KINDS_AFTER)  # one hidden column per player for each
_DIGITS: Final = '"0123456789"'


def text(entry: str) -> str:
    cleaned = substituted(f'{entry}&""', text_substitutions())
    for control in (9, 10, 13):  # tab and line breaks: as literals XML would change them
        cleaned = f'SUBSTITUTE({cleaned},CHAR({control})," ")'
    # A full stop at the end of more than it goes, as in `entries.parse_entry`: marked by
    # CHAR(1) at the end, so that only that one is taken.
    upper = f"UPPER(TRIM({cleaned}))"
    taken = f'TRIM(SUBSTITUTE(SUBSTITUTE({upper}&CHAR(1),"."&CHAR(1),""),CHAR(1),""))'
    return f'=IFERROR(IF({upper}=".",".",{taken}),"")'


def rest(text_cell: str) -> str:
    """After a leading X (not laid down), what follows it is the points."""
    return f'=IF(LEFT({text_cell},1)="X",TRIM(MID({text_cell},2,999)),{text_cell})'


def unsigned(rest_cell: str) -> str:
    r = rest_cell
    return f'=MID({r},1+OR(LEFT({r},1)="+",LEFT({r},1)="-"),999)'


def number(rest_cell: str, unsigned_cell: str) -> str:
    """The rest as a whole number ("35", "+5", "-20", "35.0", "30,0"); "E" for a fraction
    or "1.000" (a thousand to one reader, one to another); "" for no number, and for two
    card ranks with a comma between ("9,3": the cards 9 and 3)."""
    y = unsigned_cell
    characters = (
        f'SUMPRODUCT((remi_pos<=LEN({y}))*ISERROR(FIND(MID({y},remi_pos,1),"0123456789.,")))'
    )
    separators = f'LEN({y})-LEN(SUBSTITUTE(SUBSTITUTE({y},".",""),",",""))'
    ends = f"ISNUMBER(FIND(LEFT({y},1),{_DIGITS}))*ISNUMBER(FIND(RIGHT({y},1),{_DIGITS}))"
    at = f'IFERROR(FIND(".",{y}),IFERROR(FIND(",",{y}),0))'
    fraction = f"MID({y},{at}+1,99)"
    sign = f'IF(LEFT({rest_cell},1)="-",-1,1)'
    # two ranks with a comma between ("9,3", no sign) are two cards (`entries._TWO_CARDS`)
    two_cards = f"AND({rest_cell}={y},ISNUMBER(MATCH({y},remi_two_cards,0)))"
    return (
        f'=IF({y}="","",IF(OR({characters}>0,{separators}>1,{ends}=0),"",'
        f'IF({at}=0,{sign}*VALUE({y}),IF({two_cards},"",'
        f'IF(OR(SUBSTITUTE({fraction},"0","")<>"",AND({at}<=4,{fraction}="000")),"E",'
        f"{sign}*VALUE(LEFT({y},{at}-1)))))))"
    )


def cards(rest_cell: str) -> str:
    return f'=" "&{substituted(rest_cell, card_substitutions())}&" "'


def canon(cards_cell: str) -> str:
    return f"={substituted(cards_cell, canonical_substitutions())}"


def _count(cell: str, what: str, width: int = 1) -> str:
    """How often `what` (a text, or an array name of texts `width` long) is in `cell`."""
    found = f'SUMPRODUCT(LEN({cell})-LEN(SUBSTITUTE({cell},{what},"")))'
    return found if width == 1 else f"{found}/{width}"


def valid(cards_cell: str, rest_cell: str) -> str:
    """Whether the card string reads as cards, as `cards.parse_cards` reads them: only card
    characters; every suit sign after a rank; every suit letter after a rank and before a
    space; no two number ranks written together (in the rest as typed, before the card
    string spaces them) but 10 itself; a 1 only in 10; no D where it would be an ambiguous
    or a doubled suit (KD, 2D♠: `live_names._unreadable`); a card."""
    s, r = cards_cell, rest_cell
    # "45": the cards 4 and 5, or 45 points (`cards._digits_apart`): as many digits right
    # before a digit as there are 10s.
    digit, then = (f"ISNUMBER(FIND(MID({r},remi_pos{at},1),{_DIGITS}))" for at in ("", "+1"))
    together = f"SUMPRODUCT((remi_pos<LEN({r}))*{digit}*{then})"
    return (
        f"=AND({_count(s, 'remi_card_chars')}=LEN({s}),"
        f"{together}={_count(r, chr(34) + '10' + chr(34), 2)},"
        f"{_count(s, 'remi_symbol_suited', 2)}={_count(s, 'remi_suit_signs')},"
        f"{_count(s, 'remi_letter_suited', 3)}={_count(s, 'remi_suit_letters')},"
        f"{_count(s, chr(34) + '1' + chr(34))}={_count(s, chr(34) + '10' + chr(34), 2)},"
        f"{_count(s, chr(34) + '0' + chr(34))}={_count(s, chr(34) + '10' + chr(34), 2)},"
        f"{_count(s, 'remi_unreadable')}=0,"
        f'TRIM({s})<>"")'
    )


def points(valid_cell: str, canon_cell: str) -> str:
    """The cards' points, or -1 when they cannot be one player's hand (`deck.check_hand`:
    too many cards, jokers, copies of a card or cards of a rank; more points than a hand
    can hold)."""
    c = canon_cell
    jokers = _count(c, "remi_joker_chars")
    worth = (
        f'(SUMPRODUCT((LEN({c})-LEN(SUBSTITUTE({c},remi_rank_chars,"")))*remi_rank_points)'
        f"+remi_ace*{_count(c, chr(34) + 'A' + chr(34))}+remi_joker_value*{jokers})"
    )
    return (
        f"=IF({valid_cell},IF(AND({_count(c, 'remi_card_starts')}<=remi_hand_size,"
        f"{_in_deck(c)},{worth}<=remi_max_points),{worth},-1),-1)"
    )


def _in_deck(cards_text: str) -> str:
    """Whether the deck holds the cards of a canonical card string (`deck.excess`): no more
    jokers than the table has, copies of a card than the packs, cards of a rank than its
    suits."""
    c = cards_text
    copies = f'SUMPRODUCT(--((LEN({c})-LEN(SUBSTITUTE({c},remi_suited_cards,"")))>2*remi_copies))'
    ranks = f'SUMPRODUCT(--((LEN({c})-LEN(SUBSTITUTE({c},remi_ranks,"")))>remi_rank_copies))'
    return f"{_count(c, 'remi_joker_chars')}<=remi_jokers,{copies}+{ranks}=0"


def held(kind_cell: str, number_cell: str, canon_cell: str) -> str:
    """The cards a loser wrote out (canonical), for the deal's deck check; "" for a number
    or a code."""
    k = kind_cell
    return f'=IF(OR({k}="P",AND({k}="Y",{number_cell}="")),{canon_cell},"")'


def deck(held_cells: Sequence[str]) -> str:
    """Whether the cards all losers of a deal wrote out can come from one deck together."""
    return f"=AND({_in_deck('&'.join(held_cells))})"


def kind(entry: str, text_cell: str, number_cell: str, points_cell: str) -> str:
    t, n, p = text_cell, number_cell, points_cell
    folded = substituted(t, fold_substitutions())
    code = f'IFERROR(INDEX(remi_code_kinds,MATCH({folded},remi_code_words,0)),IF({p}>=0,"P","E"))'
    after_x = (
        f'IF({t}="X","X",IF({n}="E","E",IF({n}<>"",'
        f'IF(AND({n}>=0,{n}<=remi_max_points),"Y","E"),IF({p}>=0,"Y","E"))))'
    )
    return (
        f'=IF(ISERROR({entry}),"E",IF(ISLOGICAL({entry}),"E",IF(ISNUMBER({entry}),'
        f'IF({entry}=INT({entry}),"N","E"),IF({t}="","-",IF(LEFT({t},1)<>"X",'
        f'IF({n}="E","E",IF({n}<>"","N",{code})),{after_x})))))'
    )


def value(entry: str, kind_cell: str, number_cell: str, points_cell: str) -> str:
    k, n, p = kind_cell, number_cell, points_cell
    return (
        f'=IF({k}="N",IF(ISNUMBER({entry}),{entry},{n}),'
        f'IF({k}="Y",IF({n}<>"",{n},{p}),IF({k}="P",{p},"")))'
    )


def loser(kind_cell: str, value_cell: str) -> str:
    """For a number in a typed score row: 1 when a loser can score it after a normal win,
    2 after a hand, 3 after either (`scoring.possible_loser_scores`)."""
    k, v = kind_cell, value_cell
    normal = f"OR({v}=remi_not_down_normal,AND(MOD({v},remi_normal_step)=0,{v}<=remi_normal_top))"
    hand = f"OR({v}=remi_not_down,AND(MOD({v},remi_hand_step)=0,{v}<=remi_hand_top))"
    return f'=IF({k}<>"N",0,IF({v}<0,0,{normal}+2*{hand}))'


def status(
    deal: int,
    number_cell: str,
    kinds: str,
    values: str,
    losers: str,
    above: str | None,
    players: int,
    deck_cell: str,
    totals_above: str | None = None,
) -> str:
    """What the deal in a row is, from its kinds, values and losers (ranges of the row),
    whether its cards fit in the deck, the statuses of the rows above it (a deal after an
    empty row is refused) and the running totals above it (`totals_above`, each player's
    column as a range: in a game played to a limit, a deal after one has reached it is
    refused; a deal that was not scored makes the totals after it text, which MAX skips,
    as the engine stops looking for the end there too)."""
    k, v, lo = kinds, values, losers
    typed = f'TRIM({number_cell}&"")'
    # As the engine reads a deal number: digits, leading zeros dropped ("01"), then at most
    # one full stop ("1."). The zeros go from where the first other character stands (the
    # "." appended: LibreOffice finds no empty text, and "0" is all zeros).
    digits = f'MID({typed},FIND(LEFT(SUBSTITUTE({typed},"0","")&"."),{typed}&"."),99)'
    numbered = f'AND({typed}<>"",SUBSTITUTE({digits}&".","..",".")<>"{deal}.")'
    gap = f'COUNTIF({above},"-")>0,' if above else ""
    ended = f"AND(remi_to_limit,MAX({totals_above})>=remi_limit)," if totals_above else ""
    too_many = f"AND(NOT(remi_to_limit),{deal}>remi_deals)"
    won = f'SUMIF({v},"<0")'
    score_row = (
        f'IF(AND(COUNTIF({k},"N")={players},COUNTIF({v},"<0")=1,'
        f"OR({won}=remi_hand_win,{won}=remi_normal_win),"
        f'IF({won}=remi_hand_win,COUNTIF({lo},">=2"),COUNTIF({lo},1)+COUNTIF({lo},3))'
        f'={players - 1}),"S","E")'
    )
    entry_row = (
        f'IF(OR(COUNTIF({k},"H")+COUNTIF({k},"W")<>1,NOT({deck_cell})),"E",'
        f'IF(OR(COUNTIFS({k},"N",{v},">"&remi_max_points)>0,'
        f'AND(COUNTIF({k},"W")=1,COUNTIF({k},"X")>0,remi_not_down_normal<0)),"E",'
        f'IF(COUNTIF({k},"H")=1,"H","W")))'
    )
    return (
        f'=IF(COUNTIF({k},"-")={players},"-",IF(OR({too_many},{gap}{ended}{numbered}),"E",'
        f'IF(COUNTIF({k},"-")>0,"I",IF(COUNTIF({k},"E")>0,"E",'
        f'IF(COUNTIFS({k},"N",{v},"<0")>0,{score_row},{entry_row})))))'
    )


def score(status_cell: str, kind_cell: str, value_cell: str, refused: str) -> str:
    """One player's score in a deal; `refused` is what a refused deal shows (the notebook's
    language)."""
    st, k, v = status_cell, kind_cell, value_cell
    rounded = f"IF(remi_exact,{v},ROUND({v},-1))"
    # after a normal win, a loser not down scores the fixed score when the rules say one
    normal = f'IF(AND(OR({k}="X",{k}="Y"),remi_not_down_normal>=0),remi_not_down_normal,{rounded})'
    doubled = (
        f"IF(remi_round_first,{rounded}*remi_multiplier,"
        f"IF(remi_exact,{v}*remi_multiplier,ROUND({v}*remi_multiplier,-1)))"
    )
    return (
        f'=IF({st}="-","",IF({st}="I","{WAITING}",IF({st}="E","{_quoted(refused)}",'
        f'IF({st}="S",{v},IF({k}="H",remi_hand_win,IF({k}="W",remi_normal_win,'
        f'IF({st}="H",IF(OR({k}="X",{k}="Y"),remi_not_down,{doubled}),{normal})))))))'
    )


def running(status_cell: str, score_cell: str, previous: str | None) -> str:
    """The running total after a deal; it waits from the first deal that is not scored."""
    if previous is None:
        return f'=IF({status_cell}="-","",IF(ISTEXT({score_cell}),"{WAITING}",{score_cell}))'
    return (
        f'=IF({status_cell}="-","",IF(OR(ISTEXT({score_cell}),ISTEXT({previous})),'
        f'"{WAITING}",{previous}+{score_cell}))'
    )


def total(statuses: str, rows: int, scores: str, totals: str) -> str:
    """A player's total: empty before the first deal, waiting while any deal is."""
    return (
        f'=IF(COUNTIF({statuses},"-")={rows},"",'
        f'IF(COUNTIF({totals},"{WAITING}")>0,"{WAITING}",SUM({scores})))'
    )


def rank(this_total: str, total_row: str, players: int) -> str:
    """The place by total, lowest first; equal totals share a place, the next is skipped."""
    return (
        f'=IF({this_total}="","",IF(COUNT({total_row})<{players},"{WAITING}",'
        f'1+COUNTIF({total_row},"<"&{this_total})))'
    )


def _quoted(text: str) -> str:
    return text.replace('"', '""')


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


def guarded(row: Sequence[tuple[str, str]], value: str | int, otherwise: str) -> str:
    """`value` as long as every entry of the deal still reads as remi read it (cell, text
    pairs); else the formula `otherwise`. For entries the helpers cannot read."""
    same = ",".join(f'TRIM({cell}&"")="{_quoted(text)}"' for cell, text in row)
    shown = f'"{_quoted(value)}"' if isinstance(value, str) else str(value)
    return f"=IF(AND({same}),{shown},{otherwise.removeprefix('=')})"


def excel_trim(value: object) -> str:
    """What TRIM(cell&"") shows for a cell holding `value`: numbers as a spreadsheet
    prints them, ASCII spaces trimmed and runs of them made one."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(part for part in str(value).split(" ") if part)
