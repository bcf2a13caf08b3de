"""Entries and deal rows as people type them, generated for the live formulas' tests: every
form the engine reads (codes and their aliases, numbers, X, card lists in every spelling,
paper score rows) and the mistakes people make. Seeded: the same cases every run."""

from __future__ import annotations

import random
from typing import Any

from remi_sheet.core.entries import parse_entry
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.core.scoring import possible_loser_scores, score_row

TOGETHER = frozenset({"deal_points_together", "score_points_together"})

HAND_CODES = ["H", "h", "hand", "Hand", "kézből", "KÉZBŐL", "kezbol", "kéz", "KEZ", "kézzel"]
HAND_CODES += ["H.", "Kézből."]  # a full stop at the end, as a phone types it
WIN_CODES = ["W", "w", "win", "WIN", "won", "Out", "nyert", "Nyert", "nyerő", "NYERO"]
WIN_CODES += ["W.", "Nyert."]
RANKS = [*map(str, range(2, 11)), "J", "B", "Q", "D", "K", "A", "Á", "j", "k", "á", "q", "b"]
JOKERS = ["Jo", "jo", "JO", "Joker", "joker", "jolly", "★", "☆", "🃏", "Jó", "JÓ", "jokér", "Jók"]
JOKERS += ["Dzsóker", "DZSOKER", "dzsóker"]
SUITS = ["♠", "♣", "♥", "♦", "♥\ufe0f", "♠\ufe0f", "♤", "♡", "s", "c", "h", "d", "S", "H", "C", "D"]
SEPARATORS = [" ", " ", ", ", ",", ";", " + ", "+", "  ", "\u00a0"]
MISTAKES: list[Any] = [
    "Z",
    "K-9",
    "1.5x",
    "KD",
    "kd",
    "#N/A",
    "=1+1",
    "K♠♠",
    "JoS",
    "10 " * 15,
    "Jo " * 9,
    "K♠ K♠ K♠",
    "3.5",
    "1.000",
    "12,000",
    33.5,
    # (a TRUE cell is no entry to remi, and a 1 to LibreOffice's array formulas, which
    # tell no logical from a number: docs/notebook.md says so)
    "X -5",
    "X Z",
    "XX",
    "x 4,5",
    "--5",
    "5.",
    ",,",
    "+",
    "1",
    "0 K",
    "11",
    "K S",
    "KSQ",
    "9DK",
    "Hh",
    "kéz ből",
    "10HK",
    "Ｋ 9",
    "K K K K K K K K K",
    "A " * 13,
    "45,",
    "X, 45",
    "X;45",
    "K 45",
    "109 K",
    "2 45♠",
    "45.",
    "X 45.",
    "K 9 Jo.",
    "45 .",
    ".",
    "5..",
    "—20",
]


class Typist:
    """A person typing deals, under `rules`."""

    def __init__(self, seed: int, rules: HouseRules) -> None:
        self.random = random.Random(seed)
        self.rules = rules

    def choice(self, items: list[Any]) -> Any:
        return self.random.choice(items)

    def spaced(self, text: str) -> str:
        pick = self.random.random()
        if pick < 0.1:
            return f" {text} "
        if pick < 0.15:
            return f"{text}\u00a0"
        return text

    def card(self) -> str:
        if self.random.random() < 0.1:
            return self.choice(JOKERS)
        rank = self.choice(RANKS)
        pick = self.random.random()
        if pick < 0.45:
            return rank
        suit = self.choice(SUITS)
        return rank + suit

    def cards(self) -> str:
        count = self.random.choice([1, 1, 2, 2, 3, 3, 4, 5, 6, 8, 11, 14])
        text = self.card()
        for _ in range(count - 1):
            card = self.card()
            glue = self.choice(SEPARATORS)
            if self.random.random() < 0.15 and not text[-1:].isalpha():
                glue = ""  # written together: K♠7♥
            text += glue + card
        return text

    def loser(self) -> Any:
        """A loser's entry, nearly always one the engine reads."""
        pick = self.random.random()
        most = 180
        if pick < 0.25:
            return self.random.randint(0, most)
        if pick < 0.35:
            return self.spaced(str(self.random.randint(0, 99)))
        if pick < 0.42:
            return self.choice(["35.0", "30,0", "+5", "07", "0", "12,00"])
        if pick < 0.5:
            return self.choice(["X", "x", "X 45", "x45", "X K 9", "X 5,0", "X 180", "X Jo"])
        if pick < 0.93:
            return self.cards()
        return self.choice(MISTAKES)

    def winner(self, hand: bool) -> str:
        return self.spaced(self.choice(HAND_CODES if hand else WIN_CODES))

    def entry(self) -> Any:
        """Any single entry: a code, a loser's, a mistake, a paper score."""
        pick = self.random.random()
        if pick < 0.15:
            return self.winner(self.random.random() < 0.5)
        if pick < 0.8:
            return self.loser()
        if pick < 0.92:
            return self.choice(MISTAKES)
        return self.choice([-20, -40, "-20", "−40", "—20", 200, 60, 0, "+200"])

    def row(self, players: int) -> list[Any]:
        """A deal's row; never one whose only fault is hands too rich together, which the
        live sheet leaves to remi (README, "The live notebook")."""
        while True:
            row = self._any_row(players)
            if not _too_rich_together(row, self.rules):
                return row

    def _any_row(self, players: int) -> list[Any]:
        pick = self.random.random()
        if pick < 0.55:
            return self.entry_row(players)
        if pick < 0.75:
            return self.score_row(players)
        if pick < 0.95:
            return [self.entry() for _ in range(players)]
        partial: list[Any] = self.entry_row(players)
        partial[self.random.randrange(players)] = None
        return partial

    def entry_row(self, players: int) -> list[Any]:
        winner = self.random.randrange(players)
        hand = self.random.random() < 0.3
        return [self.winner(hand) if i == winner else self.loser() for i in range(players)]

    def score_row(self, players: int) -> list[Any]:
        """A paper row: −20 or −40 and what losers can score, now and then a wrong one."""
        rules = self.rules
        hand = self.random.random() < 0.4
        possible = sorted(possible_loser_scores(hand, rules))
        winner = self.random.randrange(players)
        row: list[Any] = []
        for i in range(players):
            if i == winner:
                row.append(rules.hand_win if hand else rules.normal_win)
            elif self.random.random() < 0.08:
                row.append(self.choice([35, 200, 5, 9999, -20]))
            else:
                row.append(self.choice(possible))
        if self.random.random() < 0.3:
            row = [str(value) for value in row]
        return row

    def game(self, players: int, deals: int) -> list[list[Any]]:
        """A game sheet's rows: mostly played, now and then an empty row or a short game."""
        played = deals if self.random.random() < 0.7 else self.random.randint(0, deals)
        rows = [self.row(players) for _ in range(played)]
        if rows and self.random.random() < 0.15:
            rows[self.random.randrange(len(rows))] = [None] * players  # a gap
        return rows


def _too_rich_together(row: list[Any], rules: HouseRules) -> bool:
    """Whether the engine refuses `row` only because its losers' hands together are worth
    more than the deck holds."""
    try:
        entries = [parse_entry(value, rules) for value in row]
    except RemiError:
        return False
    found = score_row(entries, rules)
    return isinstance(found, list) and bool(found) and {p.code for p in found} <= TOGETHER


def every_spelling() -> list[str]:
    """Every way of writing an entry a person may type, as text: each code word and its
    accents, case and full stop, numbers as text, X and what follows it, paper scores, and
    card lists spelt every way (ranks, suits, jokers, separators, written together). Some of
    them are entries remi refuses (`K D`-like ambiguities are among them); the tests keep
    those `parse_entry` reads."""
    from remi_sheet.core.cards import JOKER_SIGNS, JOKER_WORDS, RANK_SPELLINGS, SUIT_SPELLINGS

    found: list[str] = [*HAND_CODES, *WIN_CODES, "X", "x", "X.", "x."]
    found += ["KÉZZEL", "Kéz", "NYERŐ", "Nyerő.", "kézből ", " W", "W\u00a0"]
    found += ["27", "0", "180", "35.0", "30,0", "+5", "07", "12,00", "45.", "9,3", "10,4"]
    found += ["X 45", "X45", "x 45", "X+45", "X 5,0", "X 180", "X Jo", "X K Q 5", "X K♠ 7♥"]
    found += ["X 45.", "x K 9 Jo", "X,K,9", "-20", "-40", "\u221240", "\u201320", "\u201420"]
    found += ["+200", "-20.", "200"]
    ranks = [*RANK_SPELLINGS, "J", "B", "Q", "D", "K", "A", "Á"]
    suits = [*SUIT_SPELLINGS, "S", "C", "H", "♥\ufe0f", "♠\ufe0f"]
    for rank in ranks:
        found.append(rank)
        found += [rank + suit for suit in suits]
    jokers = [*JOKER_WORDS, *JOKER_SIGNS, "Jo", "JO", "Joker", "JOKER", "Jó", "Dzsóker"]
    found += jokers
    for separator in [" ", ", ", ",", ";", " + ", "+", "  ", "\u00a0", " , "]:
        found += [separator.join(["K", "9", "Jo"]), separator.join(["K♠", "7♥", "3♦"])]
        found += [separator.join(["D", "B", "Á"]), separator.join(["10D", "QH", "2s"])]
    found += ["K♠7♥", "K♠7♥3♦", "10♦J♣", "KS7H", "KSQH", "ASKH", "KSJo", "7DK", "5DJo"]
    found += ["10S9", "QH QH", "Jo Jo Jo Jo", "A A A A", "K 9 Jo.", "k 9 jo", "á b d"]
    found += ["10 " * 14, "★ ☆ 🃏", "Jó Jók Jokér", "dzsóker 5"]
    return list(dict.fromkeys(found))
