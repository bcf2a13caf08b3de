"""Standings across the games of a notebook: who plays, wins and collects what.

Only games without errors count: a game with a mistake in it is listed as not counted
rather than adding wrong numbers to anybody's total. Wins are first places of complete
games, shared first places included. Pure: games in, rows out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from remi_sheet.core.scoring import GameScore
from remi_sheet.core.text import fold

# The columns of every standings table remi shows, in order (keys of `i18n.notebook`).
COLUMNS: Final = (
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


@dataclass(slots=True)
class Standing:
    """One player's line of the standings table."""

    name: str
    games: int = 0
    complete: int = 0
    wins: int = 0
    deals: int = 0
    total: int = 0
    hands: int = 0
    plus200: int = 0

    @property
    def average(self) -> float:
        """Points per game played, to one decimal, halves away from zero; lower is better."""
        if not self.games:
            return 0.0
        # In whole tenths, exactly: (20 * total / games + 1) // 2 rounds a half up.
        tenths = (20 * abs(self.total) // self.games + 1) // 2
        return (tenths if self.total >= 0 else -tenths) / 10

    def values(self) -> list[str | int | float]:
        """The row in the order of `COLUMNS`."""
        return [
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


def standings(games: Iterable[GameScore]) -> list[Standing]:
    """One row per player of the games with at least one deal (names matched ignoring case
    and accents), best first: most wins, then the lowest average per game, then by name."""
    tally = Tally()
    for position, game in enumerate(games):
        tally.add(game, position)
    return tally.rows()


class Tally:
    """`standings` game by game: a notebook's checking adds each game as it is checked,
    while it waits for the next sheets, and the table is ready when the last one is. A name
    is spelt as in the first game by `position` (its sheet's place in the workbook), in
    whatever order the games come."""

    __slots__ = ("_first", "_folded", "_table")

    def __init__(self) -> None:
        self._table: dict[str, Standing] = {}
        self._first: dict[str, int] = {}  # key → position of the game that spelt the name
        self._folded: dict[str, str] = {}  # the same few names, game after game

    def add(self, game: GameScore, position: int) -> None:
        if not game.deals:
            return
        table, first = self._table, self._first
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
                first[key] = position
            elif position < first[key]:
                row.name, first[key] = name, position
            row.games += 1
            row.deals += len(game.deals)
            row.total += game.totals[index]
            row.hands += hands[index]
            row.plus200 += plus200[index]
            if game.complete:
                row.complete += 1
                row.wins += game.ranks[index] == 1

    def rows(self) -> list[Standing]:
        """The table so far, best first (`standings`)."""
        return sorted(self._table.values(), key=lambda r: (-r.wins, r.average, fold(r.name)))
