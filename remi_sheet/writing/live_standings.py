"""The season's standings, live: what the Standings sheet of a live notebook reads.

Each live game works out its own figures on its sheet (`live_area.Summary`: whether it
counts, its deals, whether it is complete, and each player slot's name, total, win,
hands and +200s), by the rules it is played by. remi's hidden live sheet gathers them, one
row per game and slot, each name matched to a player by every spelling remi has seen of it
(case aside, as the spreadsheet compares: accents as remi folds them are in the spellings);
then one row per player (the notebook's names, in the order of their folded names) sums
them and places the player by the one standings order (`core.standings`): most wins, then
the lowest average per complete game to one decimal, a player without a complete game after
those with one, equal figures sharing a place. The Standings sheet shows the players in
that order (`order`), only those with a game counted, as `remi score` would list them.

Classic functions only (SUMIF, COUNTIFS, MATCH, INDEX, SMALL), every range a block of
cells: Excel, LibreOffice and Google Sheets read them alike. A name typed since `remi score`
that no spelling matches is counted (`unlisted`) for the sheet to say so. Pure: games and
names in, cells out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from remi_sheet.notebook.games import Game
from remi_sheet.notebook.names import spellings_of
from remi_sheet.notebook.sheets import LIVE_SHEET
from remi_sheet.reading.cells import column_letter
from remi_sheet.writing.live_area import Summary
from remi_sheet.writing.written import Cells, Style, Written

# Below the live sheet's values and tables (`live_sheet`: its longest table, 100 rows).
FIRST_ROW: Final = 107  # 0-based: the headings; the rows follow
_GAME_COLUMNS: Final = (
    "name", "id", "counted", "complete", "deals", "total", "complete_total", "win", "hands",
    "plus200",
)  # fmt: skip
_PLAYER_COLUMNS: Final = (
    "player", "games", "complete_games", "wins", "deals", "total", "complete_total", "hands",
    "plus200", "tenths", "average", "rank", "sort", "order",
)  # fmt: skip
Value = str | int | float | None
_PLAYERS_AT: Final = len(_GAME_COLUMNS) + 1  # a column apart
_ALIASES_AT: Final = _PLAYERS_AT + len(_PLAYER_COLUMNS) + 1
# The game rows' ranges reach this far down, so that the games `new --add-game` adds (its
# rows) are summed by the players' formulas the Standings sheet last wrote.
_LAST_ROW: Final = FIRST_ROW + 6 * 6000 + 1  # six slots a game, 6,000 sheets at most


@dataclass(frozen=True, slots=True)
class LiveGame:
    """A game of the notebook and, when its area is live, where its figures stand."""

    game: Game
    summary: Summary | None


@dataclass(frozen=True, slots=True)
class Players:
    """The live players' table, for the Standings sheet to read: one row per player (`names`,
    in the order of their folded names), and where each of its columns stands."""

    names: tuple[str, ...]  # as shown
    keys: tuple[str, ...]  # folded, as remi matches them

    def column(self, key: str) -> str:
        """The players' cells of a column (`_PLAYER_COLUMNS`), as the Standings sheet names
        them."""
        column = column_letter(_PLAYERS_AT + _PLAYER_COLUMNS.index(key))
        top, bottom = FIRST_ROW + 2, FIRST_ROW + 1 + len(self.names)
        return f"'{LIVE_SHEET}'!${column}${top}:${column}${bottom}"

    def order(self, place: int) -> str:
        """The cell holding which player (1 the first of `names`) stands `place`-th (0
        first) in the standings order; 0 past those with a game counted."""
        column = column_letter(_PLAYERS_AT + _PLAYER_COLUMNS.index("order"))
        return f"'{LIVE_SHEET}'!${column}${FIRST_ROW + 2 + place}"

    @property
    def unlisted(self) -> str:
        """A formula's part: how many names of counted games no spelling matches."""
        return f"COUNTIF({_games_range('id')},-1)"


def live_tables(games: Sequence[LiveGame]) -> tuple[Cells, Players]:
    """The games' and the players' tables of the live sheet."""
    spellings = spellings_of(live.game for live in games)
    keys = tuple(sorted(spellings))
    names = tuple(spellings[key].most_common(1)[0][0] for key in keys)
    players = Players(names, keys)
    cells: Cells = {}
    for offset, key in enumerate(_GAME_COLUMNS):
        cells[(FIRST_ROW, offset)] = Written(key, Style.HEADING)
    for offset, key in enumerate(_PLAYER_COLUMNS):
        cells[(FIRST_ROW, _PLAYERS_AT + offset)] = Written(key, Style.HEADING)
    cells[(FIRST_ROW, _ALIASES_AT)] = Written("spelling", Style.HEADING)
    cells[(FIRST_ROW, _ALIASES_AT + 1)] = Written("player", Style.HEADING)
    row = FIRST_ROW + 1
    for live in games:
        for slot in range(len(live.summary.names) if live.summary else len(live.game.players)):
            cells |= _game_row(live, slot, row)
            row += 1
    aliases = [
        (spelling, index) for index, key in enumerate(keys, start=1) for spelling in spellings[key]
    ]
    for offset, (spelling, index) in enumerate(aliases, start=1):
        cells[(FIRST_ROW + offset, _ALIASES_AT)] = Written(spelling, Style.COMPUTED)
        cells[(FIRST_ROW + offset, _ALIASES_AT + 1)] = Written(index, Style.COMPUTED)
    for offset in range(len(names)):
        cells |= _player_row(players, offset)
    return cells, players


def _games_range(key: str) -> str:
    return f"'{LIVE_SHEET}'!" + _local(_GAME_COLUMNS.index(key))


def _local(column: int) -> str:
    """A column's rows from the first game's down, as the live sheet's own formulas name
    them."""
    letter = column_letter(column)
    return f"${letter}${FIRST_ROW + 2}:${letter}${_LAST_ROW}"


def _game_row(live: LiveGame, slot: int, row: int) -> Cells:
    """A game's slot: the figures its sheet works out, or remi's values for a game whose
    area holds values."""
    at, game = live.summary, live.game
    here = {key: f"{column_letter(index)}{row + 1}" for index, key in enumerate(_GAME_COLUMNS)}
    cells: Cells = {}
    if at is not None:
        sheet = "'" + game.sheet.replace("'", "''") + "'!"
        referred = {
            "name": f'=TRIM({sheet}{at.names[slot]}&"")',
            "counted": f"={sheet}{at.counted}",
            "complete": f"={sheet}{at.complete}",
            "deals": f"={sheet}{at.deals}",
            "total": f"={sheet}{at.totals[slot]}",
            "win": f"={sheet}{at.wins[slot]}",
            "hands": f"={sheet}{at.hands[slot]}",
            "plus200": f"={sheet}{at.plus200[slot]}",
        }
        for key, formula in referred.items():
            cells[(row, _GAME_COLUMNS.index(key))] = Written(formula, Style.COMPUTED, True)
    else:
        for key, value in _values(game, slot).items():
            cells[(row, _GAME_COLUMNS.index(key))] = Written(value, Style.COMPUTED)
    return cells | _derived_game_cells(here, row)


def _values(game: Game, slot: int) -> dict[str, str | int]:
    """A game of values' figures, as remi counts them."""
    counted = not game.has_errors and bool(game.deals)
    score = game.score
    complete = counted and score.complete
    hands = sum(1 for deal in score.deals if deal.hand and deal.winner == slot)
    plus200 = sum(1 for deal in score.deals if slot in deal.plus200)
    return {
        "name": game.players[slot],
        "counted": int(counted),
        "complete": int(complete),
        "deals": len(score.deals) if counted else 0,
        "total": score.totals[slot] if counted else 0,
        "win": int(complete and score.ranks[slot] == 1),
        "hands": hands if counted else 0,
        "plus200": plus200 if counted else 0,
    }


def _derived_game_cells(here: Mapping[str, str], row: int) -> Cells:
    """A game row's player (its index; 0 without a name or while the game does not count;
    -1 for a name no spelling matches) and its total in a complete game."""
    name, counted = here["name"], here["counted"]
    escaped = f'SUBSTITUTE(SUBSTITUTE(SUBSTITUTE({name},"~","~~"),"*","~*"),"?","~?")'
    spellings, ids = _local(_ALIASES_AT), _local(_ALIASES_AT + 1)
    player = (
        f'=IF(OR({name}="",{counted}<>1),0,IFERROR(INDEX({ids},MATCH({escaped},{spellings},0)),-1))'
    )
    complete_total = f"=IF({here['complete']}=1,{here['total']},0)"
    return {
        (row, _GAME_COLUMNS.index("id")): Written(player, Style.COMPUTED, True),
        (row, _GAME_COLUMNS.index("complete_total")): Written(complete_total, Style.COMPUTED, True),
    }


def _player_row(players: Players, offset: int) -> Cells:
    """A player's figures, summed over the game rows, and place."""
    row = FIRST_ROW + 1 + offset
    count = len(players.names)
    index = offset + 1

    def mine(key: str) -> str:
        return f"{column_letter(_PLAYERS_AT + _PLAYER_COLUMNS.index(key))}{row + 1}"

    def games(key: str) -> str:
        return _local(_GAME_COLUMNS.index(key))

    def whole(key: str) -> str:
        letter = column_letter(_PLAYERS_AT + _PLAYER_COLUMNS.index(key))
        return f"${letter}${FIRST_ROW + 2}:${letter}${FIRST_ROW + 1 + count}"

    summed = {
        key: f"=SUMIF({games('id')},{index},{games(source)})"
        for key, source in (
            ("games", "counted"),
            ("complete_games", "complete"),
            ("wins", "win"),
            ("deals", "deals"),
            ("total", "total"),
            ("complete_total", "complete_total"),
            ("hands", "hands"),
            ("plus200", "plus200"),
        )
    }
    done, points = mine("complete_games"), mine("complete_total")
    wins, tenths = mine("wins"), mine("tenths")
    # As `standings.one_decimal`: in whole tenths, halves away from zero, exactly.
    rounded = f"SIGN({points})*INT((INT(20*ABS({points})/{done})+1)/2)"
    ahead = f'COUNTIF({whole("wins")},">"&{wins})'
    with_average = f'COUNTIFS({whole("wins")},{wins},{whole("complete_games")},">0"'
    rank = f'=1+{ahead}+IF({done}>0,{with_average},{whole("tenths")},"<"&{tenths}),{with_average}))'
    # Ties in the order of the names, as `standings.ranked`; a player with no game counted
    # after everyone.
    last = (count + 1) ** 2
    sort = f"=IF({mine('games')}=0,{last}+{index},{mine('rank')}*{count + 1}+{index})"
    nth = f"SMALL({whole('sort')},{index})"
    order = f"=IF({nth}>{last},0,MATCH({nth},{whole('sort')},0))"
    made = {
        **summed,
        "tenths": f"=IF({done}=0,0,{rounded})",
        "average": f'=IF({done}=0,"",{tenths}/10)',
        "rank": rank,
        "sort": sort,
        "order": order,
    }
    cells: Cells = {
        (row, _PLAYERS_AT): Written(players.names[offset], Style.COMPUTED),
    }
    for key, formula in made.items():
        column = _PLAYERS_AT + _PLAYER_COLUMNS.index(key)
        cells[(row, column)] = Written(formula, Style.COMPUTED, True)
    return cells


# The Standings sheet's columns its players' table gives; the others (the rating and what
# only the whole season tells) are remi's values, in hidden columns beside the table, one
# row per player in the table's order, and shown in the standings order as the rest.
LIVE_COLUMNS: Final = frozenset(
    ["rank", "player", "games", "complete_games", "wins", "deals", "total", "average", "hands",
     "plus200"]
)  # fmt: skip


def standings_rows(
    columns: Sequence[str],
    shown: Sequence[Sequence[Value]],
    by_player: Mapping[str, Sequence[Value]],
    players: Players,
    styles: Sequence[Style],
    top: int,
) -> tuple[Cells, tuple[int, int]]:
    """The Standings sheet's table from `top` down: a row per player of `players`, in the
    standings order as the game sheets are typed, each cell with what remi computed there
    (`shown`, the rows remi orders, "" past them); the values only remi works out (keys of
    `columns` not in `LIVE_COLUMNS`) for each player by folded name (`by_player`, the
    row's values in the order of `columns`) in hidden columns to the right, whose first and
    last column are returned."""
    cells: Cells = {}
    first_value = len(columns) + 1
    valued = [index for index, key in enumerate(columns) if key not in LIVE_COLUMNS]
    for position, key in enumerate(players.keys):
        values = by_player.get(key)
        for offset, index in enumerate(valued):
            value = None if values is None else values[index]
            if value is not None and value != "":
                cells[(top + position, first_value + offset)] = Written(value, styles[index])
    count = len(players.names)
    for place in range(count):
        order = players.order(place)
        row = top + place
        result = shown[place] if place < len(shown) else [""] * len(columns)
        for index, key in enumerate(columns):
            if key in LIVE_COLUMNS:
                found = f"INDEX({players.column(key)},{order})"
            else:
                letter = column_letter(first_value + valued.index(index))
                block = f"${letter}${top + 1}:${letter}${top + count}"
                found = f'IF(ISBLANK(INDEX({block},{order})),"",INDEX({block},{order}))'
            formula = f'=IF({order}=0,"",{found})'
            value = result[index]
            # What a figure only remi works out shows is what the last `remi score` wrote,
            # in the order the game sheets give now: not known here.
            shows = None if key not in LIVE_COLUMNS else "" if value is None else value
            cells[(row, index)] = Written(formula, styles[index], True, shows)
    return cells, (first_value, first_value + len(valued) - 1)
