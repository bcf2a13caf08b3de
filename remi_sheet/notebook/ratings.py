"""The rating of a season's players: openskill's Plackett–Luce model, updated game by game
with the places as ranks (shared places share a rank). The rating shown is openskill's
`ordinal()`, μ − 3σ: everybody starts at 0 and it rises as the model becomes sure a
player is good; the uncertainty shown beside it is σ.

Pure: complete games in, ratings out. openskill is imported when a rating is computed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from remi_sheet.core.text import fold
from remi_sheet.notebook.games import Game

if TYPE_CHECKING:
    from openskill.models import PlackettLuce, PlackettLuceRating


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """μ − 3σ, the rating shown: 0 for a newcomer."""
        value = self.mu - 3 * self.sigma
        # The defaults make it −4e-15 in floating point, which would print as "−0.0".
        return 0.0 if abs(value) < 1e-9 else value


def first_rating() -> Rating:
    """Everybody's rating before their first complete game."""
    model = _model()
    return Rating(model.mu, model.sigma)


def _model() -> PlackettLuce:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rate(
    keys: Sequence[str], complete: Sequence[Game]
) -> tuple[dict[str, Rating], dict[str, list[float | None]]]:
    """Rate the complete games in order, for the players by `keys` (folded names): each
    player's final rating, and their rating (ordinal) after every game, None for games
    they did not play."""
    model = _model()
    current: dict[str, PlackettLuceRating] = {key: model.rating(name=key) for key in keys}
    history: dict[str, list[float | None]] = {key: [] for key in keys}
    for game in complete:
        score = game.score
        players = [fold(name) for name in score.players]
        # Lower rank is better in openskill, as in `scoring.rank`; equal places tie.
        rated = model.rate(
            [[current[key]] for key in players], ranks=[float(r) for r in score.ranks]
        )
        for key, (rating,) in zip(players, rated, strict=True):
            current[key] = rating
        for key in keys:
            history[key].append(_ordinal(current[key]) if key in players else None)
    finals = {key: Rating(current[key].mu, current[key].sigma) for key in keys}
    return finals, history


def _ordinal(rating: PlackettLuceRating) -> float:
    return Rating(rating.mu, rating.sigma).ordinal
