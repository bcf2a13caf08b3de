"""Scoring deals and games by the rules of docs/rules.md ("mínuszba írás").

A deal row is either an *entry row* (codes, card points, card lists), which is scored here,
or a *score row* (paper style: exactly one −20/−40 and the plus points), which is checked
against what the rules make possible and kept as typed. Everything here is pure: rows in,
scores or `Problem`s out (a player named by position, `params["player"]`).
"""

from __future__ import annotations

import bisect
import functools
import operator
from collections.abc import Sequence
from typing import Final, NamedTuple

from remi_sheet.core.cards import Card
from remi_sheet.core.deck import Deck, deck_of, max_hand_points
from remi_sheet.core.entries import Entry, Loser, Number, Winner, check_points
from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.core.rules import HouseRules, Rounding


class DealScore(NamedTuple):
    """What one deal scores for each player.

    The records made once per deal (this, `layout.DealRow`, `games.ScoredDeal`) are
    named tuples: immutable like the dataclasses elsewhere, and made in half the time, which
    a 5,000-game notebook's 35,000 deals notice."""

    scores: tuple[int, ...]
    winner: int
    hand: bool  # the winner went out all at once from hand
    plus200: frozenset[int]  # players who had not laid down when the winner went hand
    typed: bool  # a score row: the scores were typed, not computed


def round_points(points: int, rules: HouseRules) -> int:
    """Card points rounded to the nearest ten, halves up (25 → 30), unless rounding is off.

    Python's `round` rounds halves to even (`round(25, -1) == 20`), which is wrong here.
    """
    if rules.rounding is Rounding.NONE:
        return points
    return (points + 5) // 10 * 10


def loser_score(points: int, *, after_hand: bool, rules: HouseRules) -> int:
    """The score of a loser who had laid down and holds cards worth `points`."""
    if not after_hand:
        return round_points(points, rules)
    if rules.round_before_doubling:
        return round_points(points, rules) * rules.hand_multiplier
    return round_points(points * rules.hand_multiplier, rules)


@functools.lru_cache(maxsize=64)
def _loser_scores(
    rounding: Rounding, round_before_doubling: bool, hand_multiplier: int, most: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`loser_score` of every number of card points from 0 to `most`, after a normal win and
    after a hand. Every loser of every deal is scored: a lookup is a fraction of the
    arithmetic, and the table depends on these four numbers only, not on the whole rules."""
    rules = HouseRules(
        rounding=rounding,
        round_before_doubling=round_before_doubling,
        hand_multiplier=hand_multiplier,
    )
    points = range(most + 1)
    normal = tuple(loser_score(p, after_hand=False, rules=rules) for p in points)
    after_hand = tuple(loser_score(p, after_hand=True, rules=rules) for p in points)
    return normal, after_hand


_NO_ONE: Final[frozenset[int]] = frozenset()


@functools.lru_cache(maxsize=64)
def possible_loser_scores(after_hand: bool, rules: HouseRules) -> frozenset[int]:
    """Every score a loser can get in a deal won with or without a hand."""
    scores = {
        loser_score(points, after_hand=after_hand, rules=rules)
        for points in range(max_hand_points(rules) + 1)
    }
    if after_hand:
        scores.add(rules.not_down_after_hand)
    elif rules.not_down_after_normal is not None:
        scores.add(rules.not_down_after_normal)
    return frozenset(scores)


@functools.lru_cache(maxsize=64)
def _least_points(after_hand: bool, rules: HouseRules) -> dict[int, int]:
    """The fewest card points a loser's possible score can stand for (a score the rules give
    whatever the cards, such as the +200, for none)."""
    least: dict[int, int] = {}
    for points in range(max_hand_points(rules), -1, -1):
        least[loser_score(points, after_hand=after_hand, rules=rules)] = points
    if after_hand:
        least[rules.not_down_after_hand] = 0
    elif rules.not_down_after_normal is not None:
        least[rules.not_down_after_normal] = 0
    return least


def score_row(entries: Sequence[Entry | None], rules: HouseRules) -> DealScore | list[Problem]:
    """The scores of one played deal, or the issues that stop it from being scored."""
    return RowScorer(rules)(entries)


class RowScorer:
    """`score_row` under one set of rules, with the tables it looks loser scores up in
    found once: a notebook's deals are scored by the thousand under the same rules."""

    __slots__ = ("by_points", "deck", "most", "rules")

    def __init__(self, rules: HouseRules) -> None:
        self.rules = rules
        self.deck = deck_of(rules)
        self.most = self.deck.hand_most
        self.by_points = _loser_scores(
            rules.rounding, rules.round_before_doubling, rules.hand_multiplier, self.most
        )

    def __call__(self, entries: Sequence[Entry | None]) -> DealScore | list[Problem]:
        # One pass sorts the entries out: every deal of a notebook comes through here (by
        # the exact type: the entries are the three final classes of `entries`).
        winners: list[int] = []
        negative: list[int] = []
        numbers = 0
        for i, entry in enumerate(entries):
            kind = type(entry)
            if kind is Winner:
                winners.append(i)
            elif kind is Number:
                numbers += 1
                if entry.value < 0:  # type: ignore[union-attr]
                    negative.append(i)
            elif entry is None:
                return [_at("entry_missing", j) for j, e in enumerate(entries) if e is None]
        present: Sequence[Entry] = entries  # type: ignore[assignment]
        if negative:
            if numbers == len(present):
                return check_score_row([e.value for e in present], self.rules)  # type: ignore[union-attr]
            return _mixed_row_issues(present, negative, self.rules)
        if len(winners) != 1:
            return _winner_issues(winners, self.rules)
        return self._entries(present, winners[0])

    def beside_unread(self, entries: Sequence[Entry | None], unread: set[int]) -> list[Problem]:
        """What is wrong with the cells of a row that were read (`entries`, anything at the
        positions `unread`, the cells that are no entry), whatever those say: in a row of
        one winner and no negative number, a number no loser holds, an X without points,
        cards no deck deals together. Told beside the unread cells, so that one run names
        every cell of the row to put right."""
        read = [entry for i, entry in enumerate(entries) if i not in unread]
        winners = [i for i, entry in enumerate(entries) if type(entry) is Winner]
        if len(winners) != 1 or any(entry is None for entry in read):
            return []
        if any(type(entry) is Number and entry.value < 0 for entry in read):
            return []  # a row of typed scores, whose every number the unread one may change
        # An unread cell stands for a loser holding nothing: it adds no card and no issue.
        nothing = Number(0)
        present = [nothing if i in unread else entry for i, entry in enumerate(entries)]
        result = self._entries(present, winners[0])  # type: ignore[arg-type]
        if isinstance(result, DealScore):
            return []
        return [issue for issue in result if issue.params.get("player") not in unread]

    def _entries(self, entries: Sequence[Entry], winner: int) -> DealScore | list[Problem]:
        """An entry row with its one winner at `winner`: everyone else is a loser."""
        rules, most = self.rules, self.most
        fixed = rules.not_down_after_normal  # None: a loser not down scores the card points
        hand: bool = entries[winner].hand  # type: ignore[union-attr]
        by_points = self.by_points[hand]
        issues: list[Problem] = []
        scores: list[int] = []
        plus200: set[int] = set()
        held = 0  # card points of all losers together
        listed = 0  # losers whose cards are written out
        for i, entry in enumerate(entries):
            if i == winner:
                scores.append(rules.hand_win if hand else rules.normal_win)
                continue
            if type(entry) is Loser:
                laid_down, points = entry.laid_down, entry.points
                listed += bool(entry.cards)
            else:  # a bare number in an entry row: card points of a loser who laid down
                laid_down, points = True, entry.value  # type: ignore[union-attr]
                if not 0 <= points <= most:
                    issues.append(_points_issue(points, i, rules))
                    continue
            held += points or 0
            if hand and not laid_down:
                plus200.add(i)
                scores.append(rules.not_down_after_hand)
            elif not laid_down and fixed is not None:
                scores.append(fixed)
            elif points is None:
                issues.append(_at("x_without_points", i))
            else:
                scores.append(by_points[points])
        if issues:
            return issues
        if listed > 1 or held > most:
            together = hands_together(entries, winner, self.deck)
            if together:
                return together
        # Most deals have no such player: one empty set for them all, not one per deal.
        return DealScore(
            tuple(scores), winner, hand, frozenset(plus200) if plus200 else _NO_ONE, typed=False
        )


def _points_issue(points: int, player: int, rules: HouseRules) -> Problem:
    """Why card points outside 0 … the hand maximum are none."""
    try:
        check_points(points, rules)
    except RemiError as error:
        return _at(error.code, player, **error.params)
    raise AssertionError(f"{points} card points are possible")


# What `Deck.excess` finds in one hand's cards → the same problem of a deal's hands together.
_DEAL_EXCESS: Final = {
    "cards_too_many_jokers": "deal_too_many_jokers",
    "cards_too_many_copies": "deal_too_many_copies",
    "cards_too_many_of_rank": "deal_too_many_of_rank",
}


def hands_together(entries: Sequence[Entry], winner: int, deck: Deck) -> list[Problem]:
    """What the losers' hands of one deal cannot hold together: the cards written out, more
    copies of a card or more jokers than the deck has; their card points, more than their
    hands can hold (docs/rules.md, "The deal as a whole"). Each problem is at the loser
    whose cell makes it so."""
    listed: list[Card] = []
    for i, entry in enumerate(entries):
        if i != winner and type(entry) is Loser and entry.cards:
            # One loser's cards alone were checked as a hand when the cell was read.
            first = not listed
            listed += entry.cards
            if first:
                continue
            excess = deck.excess(listed)
            if excess is not None:
                return [_at(_DEAL_EXCESS[excess.code], i, **excess.params)]
    held = [
        (points, i)
        for i, entry in enumerate(entries)
        if i != winner and (points := _held(entry)) is not None
    ]
    return _overfull(held, deck, "deal_points_together")


def _held(entry: Entry) -> int | None:
    if type(entry) is Loser:
        return entry.points
    return entry.value if type(entry) is Number else None


def _overfull(held: list[tuple[int, int]], deck: Deck, code: str) -> list[Problem]:
    """The problem of (points, player) pairs that `deck.overfull` finds too many, at the
    player with the smallest of the points that are too many together."""
    found = deck.overfull([points for points, _ in held])
    if found is None:
        return []
    hands, most = found
    ranked = sorted(held, key=lambda pair: (-pair[0], pair[1]))[:hands]
    total = sum(points for points, _ in ranked)
    return [_at(code, ranked[-1][1], count=hands, total=total, most=most)]


def _mixed_row_issues(
    entries: Sequence[Entry], negative: list[int], rules: HouseRules
) -> list[Problem]:
    has_winner_code = any(isinstance(e, Winner) for e in entries)
    issues = []
    for i in negative:
        value = entries[i]
        assert isinstance(value, Number)
        is_win_score = value.value in (rules.hand_win, rules.normal_win)
        code = "points_negative" if has_winner_code and not is_win_score else "row_mixed"
        wins = {"hand": rules.hand_win, "normal": rules.normal_win}
        issues.append(
            _at(code, i, value=value.value, **(wins if code == "points_negative" else {}))
        )
    return issues


def _at(code: str, player: int, **params: object) -> Problem:
    """A deal row's problem at the cell of the player at position `player`."""
    return Problem(code, params={"player": player, **params})


def _winner_issues(winners: list[int], rules: HouseRules) -> list[Problem]:
    if not winners:
        return [Problem("no_winner", params={"hand": rules.hand_win, "normal": rules.normal_win})]
    return [_at("two_winners", i, first=winners[0]) for i in winners[1:]]


def check_score_row(scores: Sequence[int], rules: HouseRules) -> DealScore | list[Problem]:
    """A typed score row, kept as typed when the rules allow every number in it."""
    negative = [i for i, score in enumerate(scores) if score < 0]
    issues = _winner_issues(negative, rules)
    if issues:
        return issues
    winner = negative[0]
    if scores[winner] not in (rules.hand_win, rules.normal_win):
        return [
            _at(
                "score_bad_winner",
                winner,
                value=scores[winner],
                hand=rules.hand_win,
                normal=rules.normal_win,
            )
        ]
    hand = scores[winner] == rules.hand_win
    possible = possible_loser_scores(hand, rules)
    for i, score in enumerate(scores):
        if i != winner and score not in possible:
            issues.append(_impossible_score(i, score, hand, possible, rules))
    if issues:
        return issues
    least = _least_points(hand, rules)
    held = [(least[score], i) for i, score in enumerate(scores) if i != winner]
    issues = _overfull(held, deck_of(rules), "score_points_together")
    if issues:
        return issues
    plus200 = (
        frozenset(
            i
            for i, s in enumerate(scores)
            if hand and i != winner and s == rules.not_down_after_hand
        )
        or _NO_ONE
    )
    return DealScore(tuple(scores), winner, hand, plus200, typed=True)


def _impossible_score(
    i: int, score: int, hand: bool, possible: frozenset[int], rules: HouseRules
) -> Problem:
    params: dict[str, object] = {"value": score, "most": max(possible)}
    if not hand and score == rules.not_down_after_hand:
        return _at("score_200_without_hand", i, **params, hand=rules.hand_win)
    if rules.rounding is Rounding.NEAREST_TEN_HALF_UP and score % 10:
        return _at("score_not_ten", i, **params)
    if score > max(possible):
        return _at("score_too_high", i, **params)
    if hand and rules.round_before_doubling and rules.rounding is Rounding.NEAREST_TEN_HALF_UP:
        step = 10 * rules.hand_multiplier
        return _at("score_after_hand", i, **params, step=step, special=rules.not_down_after_hand)
    return _at("score_impossible", i, **params)


class GameScore(NamedTuple):
    """A game's deals as scored so far, with what the score sheet shows beside them (a
    named tuple, as every record made once per deal or game: see `DealScore`)."""

    players: tuple[str, ...]
    deals: tuple[DealScore, ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    complete: bool

    @property
    def running(self) -> tuple[tuple[int, ...], ...]:
        """The totals after each deal, in order (the last are `totals`). Worked out when
        asked: a check keeps 5,000 games' scores and shows none of these."""
        running = []
        totals = (0,) * len(self.players)
        for deal in self.deals:
            totals = tuple(map(operator.add, totals, deal.scores))
            running.append(totals)
        return tuple(running)


def reaches_limit(totals: Sequence[int], rules: HouseRules) -> bool:
    """True when a game played to a limit (`game_end = limit`) ends with these totals."""
    return rules.to_limit and max(totals, default=0) >= rules.points_limit


def score_game(players: Sequence[str], deals: Sequence[DealScore], rules: HouseRules) -> GameScore:
    """Totals and ranks of the scored deals, in order. A game is complete after
    `deals_per_game` deals, or played to a limit, once a total has reached it."""
    count = len(players)
    if deals:
        totals = tuple(map(sum, zip(*[deal.scores for deal in deals], strict=True)))
        if len(totals) != count:
            raise ValueError(f"deals of {len(totals)} scores in a game of {count}")
    else:
        totals = (0,) * count
    if rules.to_limit:
        running = (0,) * count
        complete = False
        for deal in deals:
            running = tuple(map(operator.add, running, deal.scores))
            complete = complete or reaches_limit(running, rules)
    else:
        complete = len(deals) >= rules.deals_per_game
    return GameScore(tuple(players), tuple(deals), totals, rank(totals), complete)


def rank(totals: Sequence[int]) -> tuple[int, ...]:
    """Places by total, lowest first; equal totals share a place and the next is skipped
    (totals 10, 20, 20, 30 → places 1, 2, 2, 4)."""
    ordered = sorted(totals)
    return tuple([1 + bisect.bisect_left(ordered, total) for total in totals])
