"""What `remi meld` says, in English and Hungarian, by key.

The card parser's keys (`card_unknown`, …) are the game's (`game`).
"""

from __future__ import annotations

from typing import Final

MELD_MESSAGES: Final[dict[str, tuple[str, str]]] = {
    # one meld
    "card_no_suit": (
        "{card} has no suit: in a meld every card needs its suit, e.g. {card}♣ or {card}C.",
        "{card:A} {card} lapnak nincs színe: lerakásnál minden lap színét meg kell adni, "
        "pl. {card}♣ vagy {card}C.",
    ),
    "cards_no_suit": (
        "{cards} have no suit: in a hand every card needs its suit, e.g. {first}♣ or {first}C.",
        "{cards}: ezeknek a lapoknak nincs színe: a kézben minden lap színét meg kell adni, "
        "pl. {first}♣ vagy {first}C.",
    ),
    "meld_too_few": (
        "{count:card/cards}: a meld has at least 3.",
        "{count} lap: egy lerakásban legalább 3 lap van.",
    ),
    "meld_jokers_per_meld": (
        "{count:joker/jokers} in one meld: the table allows at most {most} (house rule "
        "jokers_per_meld).",
        "{count} joker egy lerakásban: legfeljebb {most} lehet (joker kirakásonként házszabály).",
    ),
    "meld_only_jokers": (
        "Only jokers: a meld needs at least one card that is not a joker.",
        "Csak joker: egy lerakásban legalább egy nem joker lapnak is lennie kell.",
    ),
    "meld_mixed": (
        # Said after the meld itself (`✗ K♠ 7♥ 2♦: …`): the cards are not repeated.
        "Neither one rank (a set) nor one suit (a run).",
        "Se nem azonos értékűek (csoport), se nem azonos színűek (sor).",
    ),
    "set_same_suit": (
        "Two {card} in a set: the cards of a set all have different suits.",
        "Két {card} egy csoportban: a csoport lapjai mind különböző színűek.",
    ),
    "set_too_many": (
        "{count} cards of one rank: a set has at most 4, one of each suit.",
        "{count} azonos értékű lap: egy csoportban legfeljebb 4 van, minden színből egy.",
    ),
    "run_same_rank": (
        "Two {card} in a run: a run has one card of each rank (an ace is low or high, not both).",
        "Két {card} egy sorban: a sorban minden érték egyszer szerepel (az ász alul vagy "
        "felül áll, nem mindkét helyen).",
    ),
    "run_too_long": (
        "{count} cards in a run: a run has at most 13 (A-2-…-K or 2-…-K-A).",
        "{count} lap egy sorban: egy sor legfeljebb 13 lapos (Á-2-…-K vagy 2-…-K-Á).",
    ),
    "run_wraps": (
        "A run cannot go round the corner: A-2-3 and Q-K-A are runs, K-A-2 is not.",
        "A sor nem fordulhat át: az Á-2-3 és a D-K-Á sor, a K-Á-2 nem.",
    ),
    "run_gap": (
        "{missing:card/cards} missing between {low} and {high}, but only {jokers:joker/jokers} to "
        "fill the gap.",
        "{low} és {high} között {missing} lap hiányzik, de csak {jokers} joker tölthetné ki.",
    ),
    "meld_pin_no_fit": (
        "{pins} does not fit this meld; the {jokers:~joker/jokers} can stand for: {options}.",
        "{pins} nem illik ebbe a lerakásba; a {jokers:~joker ezeket helyettesítheti/jokerek "
        "ezeket helyettesíthetik}: {options}.",
    ),
    # the input
    "meld_pin_bad": (
        "'{text}': write = right after a joker and before one card, e.g. Jo=8♣.",
        "'{text}': az = jel egy joker után és egy lap előtt áll, pl. Jo=8♣.",
    ),
    "meld_pin_joker": (
        "'{text}': a joker stands for a card, not for another joker.",
        "'{text}': a joker egy lapot helyettesít, nem másik jokert.",
    ),
    "too_many_jokers": (
        "{count:joker/jokers}, but the game has only {most} (house rule jokers).",
        "{count} joker, de a játékban csak {most} van (jokerek száma házszabály).",
    ),
    "too_many_copies": (
        "{count} × {card}: {packs} packs have only {most} of each card.",
        "{count} × {card}: {packs} csomagban minden lapból csak {most} van.",
    ),
    "hand_too_many": (
        "{count} cards: a hand holds at most {most} before opening.",
        "{count} lap: nyitás előtt legfeljebb {most} lap lehet a kézben.",
    ),
    "need_melds_or_hand": (
        'Give melds to check (remi meld "8♣ 9♣ 10♣") or a hand (remi meld --hand "…").',
        'Adj meg ellenőrizendő lerakásokat (remi meld "8♣ 9♣ 10♣") vagy egy kezet '
        '(remi meld --hand "…").',
    ),
    "melds_and_hand": (
        "Give either melds or --hand, not both.",
        "Vagy lerakásokat adj meg, vagy --hand-et, a kettőt együtt nem.",
    ),
    "all_without_hand": (
        "--all lists the openings of a hand: use it with --hand.",
        "A --all egy kéz nyitásait sorolja fel: a --hand mellett használd.",
    ),
}

# Words of the report.
MELD_WORDS: Final[dict[str, tuple[str, str]]] = {
    "set": ("set", "csoport"),
    "run": ("run", "sor"),
    "invalid": ("invalid", "hibás"),
    "meld_value": ("value {value}", "érték: {value}"),
    "stands_for": ("{joker} = {card}", "{joker} = {card}"),
    "ambiguous_one": (
        "the joker could also stand for {others}; the reading worth most counts, the "
        "higher one on a tie (write {pin} to choose)",
        "a joker ezt is helyettesíthetné: {others}; a legtöbbet érő, egyenlőség esetén a "
        "magasabb változat számít (választani így lehet: {pin})",
    ),
    "ambiguous": (
        "the jokers could also stand for {others}; the reading worth most counts, the "
        "higher one on a tie (write {pin} to choose)",
        "a jokerek ezeket is helyettesíthetnék: {others}; a legtöbbet érő, egyenlőség "
        "esetén a magasabb változat számít (választani így lehet: {pin})",
    ),
    "opens": (
        "Total {total}: opens (minimum {minimum}).",
        "Összesen {total}: nyit (a nyitáshoz kell: {minimum}).",
    ),
    "short_clean_run": (
        "Total {total}: does not open; the first laying down needs a run without a joker "
        "(house rule opening_needs_clean_run).",
        "Összesen {total}: nem nyit; az első lerakásban kell egy joker nélküli sor "
        "(nyitáshoz tiszta sor házszabály).",
    ),
    "short": (
        "Total {total}: does not open; {minimum} needed, {short} more.",
        "Összesen {total}: nem nyit; a nyitáshoz {minimum} kell, {short} hiányzik.",
    ),
    "invalid_total": (
        "The valid melds are worth {total}; no opening while a meld is invalid or the cards "
        "are more than the packs hold.",
        "Az érvényes lerakások összesen {total} pontot érnek; amíg hibás lerakás van, vagy "
        "több a lap, mint amennyi a csomagokban van, nem nyit.",
    ),
    "best": ("Best opening:", "Legjobb nyitás:"),
    "nothing": (
        "No meld can be laid down from this hand.",
        "Ebből a kézből nem rakható le semmi.",
    ),
    "left": ("Left in hand: {cards}", "Kézben marad: {cards}"),
    "left_none": ("Left in hand: nothing", "Kézben marad: semmi"),
    "alternatives": ("Other ways to open ({count}):", "Más nyitások ({count}):"),
    "no_alternatives": ("No other way to open.", "Nincs más nyitás."),
    "more": (
        "… {count} in all; the {shown} most valuable are shown.",
        "… összesen {count}; {shown:a} {shown} legértékesebb látható.",
    ),
    "errors": ("error: {message}", "hiba: {message}"),
}


CATALOGUES: Final = (
    MELD_MESSAGES,
    MELD_WORDS,
)
