"""Players' names across games and notebooks: the spellings that are one player (equal after
`text.fold`: trimmed, case and accents ignored), the one shown (the most used), and the
warnings a club wants to fix them by: variants counted as one, and different names that look
alike. Pure: games in, spellings and problems out."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from remi_sheet.core.dates import carried
from remi_sheet.core.problems import Problem, Severity
from remi_sheet.core.standings import Standing
from remi_sheet.core.text import clean, fold
from remi_sheet.notebook.games import Game
from remi_sheet.reading.cells import address

_SIMILAR_LENGTH: Final = 4  # shorter names differ by one letter too easily (Ede/Edit)


def play_order(games: Sequence[Game]) -> list[Game]:
    """One notebook's `games` (in sheet order) by date; an undated game, or one whose date
    does not read, keeps the date of the game before it (`dates.carried`), as
    `season.in_date_order` places them."""
    days = carried(day if isinstance(day := game.day, dt.date) else None for game in games)
    order = sorted(range(len(games)), key=lambda index: (days[index], index))
    return [games[index] for index in order]


def _played(games: Iterable[Game]) -> tuple[list[Game], set[str] | None]:
    """The `games` with a deal, in the order of play when a name is typed two ways (the
    first spelling played wins a tie), else as they are, the order telling nothing; and
    then the names typed (None when some are typed two ways)."""
    played = [game for game in games if game.deals]
    typed = {name for game in played for name in game.players}
    if len({fold(name) for name in typed}) == len(typed):
        return played, typed
    return play_order(played), None


def shown_names(games: Iterable[Game]) -> dict[str, str]:
    """Folded name → the spelling shown for the player: the one most of `games` with a
    deal use; on a tie, the one of the first of them in the order of play."""
    played, typed = _played(games)
    if typed is not None:
        return {fold(name): clean(name) for name in typed}
    spellings = spellings_of(played)
    return {key: counts.most_common(1)[0][0] for key, counts in spellings.items()}


def spelt_as_shown(rows: list[Standing], games: Iterable[Game]) -> list[Standing]:
    """Standings `rows` with each name spelt as everywhere else: as `shown_names` spells it
    over all `games` (the counted ones alone may spell it otherwise)."""
    shown = shown_names(games)
    for row in rows:
        row.name = shown.get(fold(row.name), row.name)
    return rows


def spellings_of(games: Iterable[Game]) -> dict[str, Counter[str]]:
    """Folded name → how often each spelling was used (in the order first seen)."""
    found: dict[str, Counter[str]] = {}
    for game in games:
        for name in game.players:
            key = fold(name)
            counts = found.get(key)
            if counts is None:
                counts = found[key] = Counter()
            counts[clean(name)] += 1
    return found


def name_problems(games: Iterable[Game]) -> list[Problem]:
    """The warnings about the names of `games` (those with a deal): spellings counted as
    one player, each at the header cell where its least used spelling is first typed (the
    one to correct), and different players whose names look alike."""
    played, _ = _played(games)
    first: dict[str, Typed] = {}
    for game in played:
        layout = game.layout
        for index, name in enumerate(game.players):
            cell = address(layout.header_row, layout.player_column(index))
            first.setdefault(clean(name), (game.sheet, cell, None))
    return spelling_problems(spellings_of(played), first)


# Where a spelling is first typed: its sheet, header cell and notebook (None: the only one).
Typed = tuple[str, str, str | None]
_NOWHERE: Final[tuple[None, None, None]] = (None, None, None)


def spelling_problems(
    spellings: dict[str, Counter[str]], typed_at: dict[str, Typed] | None = None
) -> list[Problem]:
    """`name_problems` of spellings counted elsewhere; `typed_at`: where each spelling is
    first typed."""
    problems: list[Problem] = []
    for counts in spellings.values():
        if len(counts) > 1:
            names = [name for name, _ in counts.most_common()]
            params = {"name": names[0], "count": len(names), "spellings": ", ".join(names)}
            sheet, cell, file = (typed_at or {}).get(names[-1], _NOWHERE)
            problems.append(
                Problem("name_spellings", sheet, cell, Severity.WARNING, params, file=file)
            )
    games = {counts.most_common(1)[0][0]: counts.total() for counts in spellings.values()}
    for first, second in similar_names(games):
        params = {"first": first, "second": second}
        # At the less used name, where it is first typed: the one likely to be the slip.
        rarer = second if games[second] <= games[first] else first
        sheet, cell, file = (typed_at or {}).get(rarer, _NOWHERE)
        problems.append(Problem("names_similar", sheet, cell, Severity.WARNING, params, file=file))
    return problems


def similar_names(names: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of different players whose folded names differ by one letter (one added,
    dropped, changed or two neighbours swapped), only in spaces and punctuation, or where
    one is the other shortened (its words some of the other's: `Ülkü`, `Őri Ülkü`): likely
    one person typed two ways. Names shorter than four letters are left alone."""
    keyed = [(name, fold(name)) for name in names]
    pairs = []
    for (a, fa), (b, fb) in itertools.combinations(keyed, 2):
        bare_a, bare_b = _letters(fa), _letters(fb)
        if min(len(bare_a), len(bare_b)) < _SIMILAR_LENGTH:
            continue
        if bare_a == bare_b or _one_edit(bare_a, bare_b) or _shortened(fa, fb):
            pairs.append((a, b))
    return pairs


def _shortened(a: str, b: str) -> bool:
    """Whether one folded name's words are some (not all) of the other's."""
    words_a, words_b = frozenset(_WORDS.findall(a)), frozenset(_WORDS.findall(b))
    return bool(words_a) and bool(words_b) and (words_a < words_b or words_b < words_a)


_WORDS: Final = re.compile(r"\w+")


def _letters(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum())


def _one_edit(a: str, b: str) -> bool:
    """At most one letter added, dropped or changed, or two neighbours swapped."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
        return len(diff) <= 1 or (swapped and a[diff[1]] == b[diff[0]])
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))
