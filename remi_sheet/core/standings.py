"""Standings across the games of a notebook: who plays, wins and collects what, and in what
order.

Only games without errors count: a game with a mistake in it is listed as not counted
rather than adding wrong numbers to anybody's total. Wins are first places of complete
games, shared first places included.

**The order** (every standings table remi shows, `ORDER`): most wins, then the lowest
average per complete game, then the name. Wins first, because a club night is won by
finishing first; the average breaks ties, lowest first because a low total is good in
römi, and per complete game because an unfinished game has fewer deals and so fewer
points: mixed in, it would flatter whoever left early. Players are ranked by the figures as
printed (the average to one decimal), so equal figures share a place ("1, 1, 3"), and a
player without a complete game comes after those with one. Pure: games in, rows out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from remi_sheet.core.scoring import GameScore
from remi_sheet.core.text import fold

# The columns of every standings table remi shows, in order (keys of `i18n.notebook`).
COLUMNS: Final = (
    "rank",
    "player",
    "games",
    "complete_games",
    "wins",
    "deals",
    "total",
    "average",
    "hands",
    "plus200",
)

# Figures shown with a fixed number of decimals, in every table of them: the average is
# kept to one decimal (`Standing.average`), and a column of it reads alike in each.
DECIMALS: Final = {"average": 1}

# The text key of the line that names the order under every standings table.
ORDER: Final = "order_rule"


@dataclass(slots=True)
class Standing:
    """One player's line of the standings table."""

    name: str
    games: int = 0
    complete: int = 0
    wins: int = 0
    deals: int = 0
    total: int = 0  # points in every counted game, finished or not
    complete_total: int = 0  # points in the complete games alone
    hands: int = 0
    plus200: int = 0
    rank: int = 0  # the place by `ORDER`, shared on equal figures (0: not ranked yet)

    @property
    def average(self) -> float | None:
        """Points per complete game, to one decimal, halves away from zero; lower is better.
        None before the player's first complete game."""
        if not self.complete:
            return None
        return one_decimal(self.complete_total, self.complete)

    def values(self) -> list[str | int | float | None]:
        """The row in the order of `COLUMNS`."""
        return [
            self.rank,
            self.name,
            self.games,
            self.complete,
            self.wins,
            self.deals,
            self.total,
            self.average,
            self.hands,
            self.plus200,
        ]

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "name": self.name,
            "games": self.games,
            "complete_games": self.complete,
            "wins": self.wins,
            "deals": self.deals,
            "total": self.total,
            "average": self.average,
            "hands": self.hands,
            "plus200": self.plus200,
        }


def one_decimal(total: int, count: int) -> float:
    """`total / count` to one decimal, halves away from zero (every average remi shows);
    0.0 for no count."""
    if not count:
        return 0.0
    # In whole tenths, exactly: (20 * total / count + 1) // 2 rounds a half up.
    tenths = (20 * abs(total) // count + 1) // 2
    return (tenths if total >= 0 else -tenths) / 10


def order_key(row: Standing) -> tuple[int, bool, float]:
    """What places a player (`ORDER`): equal keys share a place."""
    average = row.average
    return (-row.wins, average is None, 0.0 if average is None else average)


def ranked(rows: Iterable[Standing]) -> list[Standing]:
    """`rows` in the standings order, each given its place (`Standing.rank`)."""
    ordered = sorted(rows, key=lambda row: (order_key(row), fold(row.name)))
    for index, row in enumerate(ordered):
        before = ordered[index - 1] if index else None
        same = before is not None and order_key(before) == order_key(row)
        row.rank = before.rank if same and before is not None else index + 1
    return ordered


def standings(games: Iterable[GameScore]) -> list[Standing]:
    """One row per player of the games with at least one deal (names matched ignoring case
    and accents), in the standings order (`ORDER`)."""
    tally = Tally()
    for position, game in enumerate(games):
        tally.add(game, position)
    return tally.rows()


class Tally:
    """`standings` game by game: a notebook's checking adds each game as it is checked,
    while it waits for the next sheets, and the table is ready when the last one is. A name
    is spelt the way most of its games spell it; on a tie, as the first game by `position`
    (its sheet's place in the workbook) does, in whatever order the games come."""

    __slots__ = ("_folded", "_spellings", "_table")

    def __init__(self) -> None:
        self._table: dict[str, Standing] = {}
        # key → spelling → [games spelt so, minus the position of the first one]
        self._spellings: dict[str, dict[str, list[int]]] = {}
        self._folded: dict[str, str] = {}  # the same few names, game after game

    def add(self, game: GameScore, position: int) -> None:
        if not game.deals:
            return
        table, spellings = self._table, self._spellings
        # One pass over the deals for everybody's hands and +200s, not one per player.
        hands = [0] * len(game.players)
        plus200 = [0] * len(game.players)
        for deal in game.deals:
            if deal.hand:
                hands[deal.winner] += 1
            for index in deal.plus200:
                plus200[index] += 1
        for index, name in enumerate(game.players):
            key = self._folded.get(name)
            if key is None:
                key = self._folded[name] = fold(name)
            row = table.get(key)
            if row is None:
                row = table[key] = Standing(name)
                spellings[key] = {}
            seen = spellings[key].setdefault(name, [0, -position])
            seen[0] += 1
            seen[1] = max(seen[1], -position)
            row.games += 1
            row.deals += len(game.deals)
            row.total += game.totals[index]
            row.hands += hands[index]
            row.plus200 += plus200[index]
            if game.complete:
                row.complete += 1
                row.complete_total += game.totals[index]
                row.wins += game.ranks[index] == 1

    def rows(self) -> list[Standing]:
        """The table so far, in the standings order (`standings`)."""
        for key, row in self._table.items():
            row.name = max(self._spellings[key].items(), key=lambda item: item[1])[0]
        return ranked(self._table.values())
