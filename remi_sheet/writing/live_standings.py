"""The season's standings, live: what the Standings sheet of a live notebook reads.

Each live game works out its own figures on its sheet (`live_area.Summary`: whether it
counts, its deals, whether it is complete, and each player slot's player, total, win,
hands and +200s), by the rules it is played by; its players are matched by name to the
players' table here by every spelling remi has seen of a name (case aside, as the
spreadsheet compares: accents as remi folds them are in the spellings). remi's hidden
live sheet refers to those figures, one row per game; then one row per player (the
notebook's names, in the order of their folded names) sums them and places the player by
the one standings order (`core.standings`): most wins, then the lowest average per
complete game to one decimal, a player without a complete game after those with one,
equal figures sharing a place. The Standings sheet shows the players in that order
(`order`), only those with a game counted, as `remi score` would list them.

Classic functions only (SUMIF, COUNTIFS, MATCH, INDEX, SMALL), every range a block of
cells: Excel, LibreOffice and Google Sheets read them alike. A name typed since `remi score`
that no spelling matches is counted (`unlisted`) for the sheet to say so. Pure: games and
names in, cells out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from remi_sheet.core.text import fold
from remi_sheet.notebook.games import Game
from remi_sheet.notebook.names import spellings_of
from remi_sheet.notebook.sheets import LIVE_SHEET
from remi_sheet.reading.cells import column_letter
from remi_sheet.writing.written import Cells, Style, Written, array_cells

# Below the live sheet's values and tables (`live_sheet`: its longest table, 100 rows).
FIRST_ROW: Final = 107  # 0-based: the headings; the rows follow
SLOTS: Final = 6  # the player slots of a game (`live_area.MAX_SLOTS`)
# A game's row: for each of these, one cell per slot. `player`: the slot's player (1 the
# first of the players' table), `COMPLETE` more in a complete game; 0 without a name or
# while the game does not count; -1 for a name no spelling matches.
_BLOCKS: Final = ("player", "total", "win", "hands", "plus200", "deals")
COMPLETE: Final = 100_000
_PLAYER_COLUMNS: Final = (
    # the Standings sheet's first columns, in its order (`LIVE_COLUMNS`), then the helpers
    "rank", "player", "games", "complete_games", "wins", "deals", "total", "average", "hands",
    "plus200", "complete_total", "tenths", "sort", "order",
)  # fmt: skip
Value = str | int | float | None
_PLAYERS_AT: Final = len(_BLOCKS) * SLOTS + 1  # a column apart
_ALIASES_AT: Final = _PLAYERS_AT + len(_PLAYER_COLUMNS) + 1
# The spellings' rows the game sheets' formulas read reach this far down, so that a game
# sheet needs no change when a spelling is added.
_LAST_ROW: Final = FIRST_ROW + 6000 + 1


class Summary(NamedTuple):
    """Where a live game's figures for the Standings sheet stand on its sheet (A1 cells,
    each a number): whether it counts (1: every deal typed is scored, at least one), its
    deals, whether it is complete, and each slot's name (the area's heading: "" without a
    player), its player in the players' table (`player`), total, win, hands and +200s
    taken (`live_area.summary`). Worked out on the game's own sheet, so that they read the
    rules the game is played by (a rule book of its own, `live_sheet`)."""

    counted: str
    deals: str
    complete: str
    names: tuple[str, ...]
    players: tuple[str, ...]
    totals: tuple[str, ...]
    wins: tuple[str, ...]
    hands: tuple[str, ...]
    plus200: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LiveGame:
    """A game of the notebook and, when its area is live, where its figures stand."""

    game: Game
    summary: Summary | None
    # Each player's name as its heading shows it (TRIM'd), where remi reads it otherwise
    # (a no-break space, a full-width letter): a spelling of its own for the sheet to match.
    typed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Players:
    """The live players' table, for the Standings sheet to read: one row per player (`names`,
    in the order of their folded names), and where each of its columns stands."""

    names: tuple[str, ...]  # as shown
    keys: tuple[str, ...]  # folded, as remi matches them
    games: int  # the games' rows

    def column(self, key: str) -> str:
        """The players' cells of a column (`_PLAYER_COLUMNS`), as the Standings sheet names
        them."""
        # As far down as the spellings: `new --add-game` writes the table anew, with a
        # name typed since the Standings sheet was written.
        return f"'{LIVE_SHEET}'!" + _column(_PLAYERS_AT + _PLAYER_COLUMNS.index(key))

    @property
    def shown(self) -> str:
        """The players' cells of the Standings sheet's live columns (`LIVE_COLUMNS`)."""
        first = column_letter(_PLAYERS_AT)
        last = column_letter(_PLAYERS_AT + len(LIVE_COLUMNS) - 1)
        return f"'{LIVE_SHEET}'!${first}${FIRST_ROW + 2}:${last}${_LAST_ROW}"

    def order(self, place: int) -> str:
        """The cell holding which player (1 the first of `names`) stands `place`-th (0
        first) in the standings order; 0 past those with a game counted."""
        column = column_letter(_PLAYERS_AT + _PLAYER_COLUMNS.index("order"))
        return f"'{LIVE_SHEET}'!${column}${FIRST_ROW + 2 + place}"

    @property
    def unlisted(self) -> str:
        """A formula's part: how many names of counted games no spelling matches, and
        players the table holds past the sheet's rows (`new --add-game` since)."""
        # (every game's row the sheet may have, those `new --add-game` adds since too)
        unmatched = f"COUNTIF('{LIVE_SHEET}'!{_block('player', _LAST_ROW - FIRST_ROW - 1)},-1)"
        return f"{unmatched}+MAX(0,COUNTA({self.column('player')})-{len(self.names)})"


def game_rows(keys: Iterable[tuple[int, int]]) -> int:
    """How many games' rows the live sheet's cells `keys` (row, column) hold."""
    return len({row for row, column in keys if row > FIRST_ROW and column < _PLAYERS_AT - 1})


def player(name: str, counted: str, complete: str) -> str:
    """The formula of a game's slot's player (`_BLOCKS`), on its own sheet: its name (the
    area's heading, "" without a player) matched to a spelling, case aside."""
    escaped = f'SUBSTITUTE(SUBSTITUTE(SUBSTITUTE(TRIM({name}),"~","~~"),"*","~*"),"?","~?")'
    spellings = f"'{LIVE_SHEET}'!{_column(_ALIASES_AT)}"
    ids = f"'{LIVE_SHEET}'!{_column(_ALIASES_AT + 1)}"
    found = f"INDEX({ids},MATCH({escaped},{spellings},0))+{COMPLETE}*{complete}"
    return f'=IF(OR(TRIM({name})="",{counted}<>1),0,IFERROR({found},-1))'


def live_tables(games: Sequence[LiveGame]) -> tuple[Cells, Players]:
    """The games' and the players' tables of the live sheet."""
    spellings = spellings_of(live.game for live in games)
    keys = tuple(sorted(spellings))
    names = tuple(spellings[key].most_common(1)[0][0] for key in keys)
    players = Players(names, keys, len(games))
    cells: Cells = {}
    for offset, key in enumerate(_BLOCKS):
        cells[(FIRST_ROW, offset * SLOTS)] = Written(key, Style.HEADING)
    for offset, key in enumerate(_PLAYER_COLUMNS):
        cells[(FIRST_ROW, _PLAYERS_AT + offset)] = Written(key, Style.HEADING)
    cells[(FIRST_ROW, _ALIASES_AT)] = Written("spelling", Style.HEADING)
    cells[(FIRST_ROW, _ALIASES_AT + 1)] = Written("player", Style.HEADING)
    index = {key: number for number, key in enumerate(keys, start=1)}
    for row, live in enumerate(games, start=FIRST_ROW + 1):
        cells |= _game_row(live, row, index)
    aliases = [(spelling, index[key]) for key in keys for spelling in spellings[key]]
    seen = {spelling.casefold() for spelling, _ in aliases}
    for live in games:
        for name, shown in zip(live.game.players, live.typed, strict=False):
            if shown.casefold() not in seen:
                seen.add(shown.casefold())
                aliases.append((shown, index[fold(name)]))
    for offset, (spelling, number) in enumerate(aliases, start=1):
        cells[(FIRST_ROW + offset, _ALIASES_AT)] = Written(spelling, Style.COMPUTED)
        cells[(FIRST_ROW + offset, _ALIASES_AT + 1)] = Written(number, Style.COMPUTED)
    for offset in range(len(names)):
        cells |= _player_row(players, offset)
    return cells, players


def _column(column: int) -> str:
    """A column's rows from the first game's down."""
    letter = column_letter(column)
    return f"${letter}${FIRST_ROW + 2}:${letter}${_LAST_ROW}"


def _block(key: str, games: int) -> str:
    """The games' rows of a block, every slot: the players' table, which sums them, is
    written anew with every game added."""
    first = _BLOCKS.index(key) * SLOTS
    bottom = FIRST_ROW + 1 + max(games, 1)
    return f"${column_letter(first)}${FIRST_ROW + 2}:${column_letter(first + SLOTS - 1)}${bottom}"


def _game_row(live: LiveGame, row: int, index: Mapping[str, int]) -> Cells:
    """A game's figures, each slot's in each block: references to what its sheet works
    out, or remi's values for a game whose area holds values."""
    at, game = live.summary, live.game
    cells: Cells = {}
    if at is not None:
        sheet = "'" + game.sheet.replace("'", "''") + "'!"
        referred = {
            "player": at.players,
            "total": at.totals,
            "win": at.wins,
            "hands": at.hands,
            "plus200": at.plus200,
            "deals": (at.deals,) * len(at.totals),
        }
        for key, each in referred.items():
            first = _BLOCKS.index(key) * SLOTS
            for slot, cell in enumerate(each):
                formula = f"={sheet}{cell}"
                cells[(row, first + slot)] = Written(formula, Style.COMPUTED, True)
        return cells
    for slot in range(len(game.players)):
        for key, value in _values(game, slot, index).items():
            cells[(row, _BLOCKS.index(key) * SLOTS + slot)] = Written(value, Style.COMPUTED)
    return cells


def _values(game: Game, slot: int, index: Mapping[str, int]) -> dict[str, int]:
    """A game of values' figures for a slot, as remi counts them."""
    score = game.score
    if game.has_errors or not game.deals:
        return {"player": 0}
    hands = sum(1 for deal in score.deals if deal.hand and deal.winner == slot)
    return {
        "player": index[fold(game.players[slot])] + COMPLETE * score.complete,
        "total": score.totals[slot],
        "win": int(score.complete and score.ranks[slot] == 1),
        "hands": hands,
        "plus200": sum(1 for deal in score.deals if slot in deal.plus200),
        "deals": len(score.deals),
    }


def _player_row(players: Players, offset: int) -> Cells:
    """A player's figures, summed over the game rows, and place."""
    row = FIRST_ROW + 1 + offset
    count = len(players.names)
    index = offset + 1

    def mine(key: str) -> str:
        return f"{column_letter(_PLAYERS_AT + _PLAYER_COLUMNS.index(key))}{row + 1}"

    def whole(key: str) -> str:
        letter = column_letter(_PLAYERS_AT + _PLAYER_COLUMNS.index(key))
        return f"${letter}${FIRST_ROW + 2}:${letter}${FIRST_ROW + 1 + count}"

    def games(key: str) -> str:
        return _block(key, players.games)

    ids, done_id = _block("player", players.games), index + COMPLETE

    def both(key: str) -> str:  # in every counted game, complete or not
        return f"SUMIF({ids},{index},{games(key)})+SUMIF({ids},{done_id},{games(key)})"

    summed = {
        "games": f"=COUNTIF({ids},{index})+COUNTIF({ids},{done_id})",
        "complete_games": f"=COUNTIF({ids},{done_id})",
        "wins": f"=SUMIF({ids},{done_id},{games('win')})",
        "deals": f"={both('deals')}",
        "total": f"={both('total')}",
        "complete_total": f"=SUMIF({ids},{done_id},{games('total')})",
        "hands": f"={both('hands')}",
        "plus200": f"={both('plus200')}",
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
    name = _PLAYERS_AT + _PLAYER_COLUMNS.index("player")
    cells: Cells = {(row, name): Written(players.names[offset], Style.COMPUTED)}
    for key, formula in made.items():
        column = _PLAYERS_AT + _PLAYER_COLUMNS.index(key)
        cells[(row, column)] = Written(formula, Style.COMPUTED, True)
    return cells


# The Standings sheet's columns its players' table gives; the others (the rating and what
# only the whole season tells) are remi's values, in hidden columns beside the table, one
# row per player in the table's order, and shown in the standings order as the rest.
LIVE_COLUMNS: Final = _PLAYER_COLUMNS[:10]


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
    live = len(LIVE_COLUMNS)
    assert tuple(columns[:live]) == LIVE_COLUMNS
    first_value = len(columns) + 1
    for position, key in enumerate(players.keys):
        values = by_player.get(key)
        for offset, index in enumerate(range(live, len(columns))):
            value = None if values is None else values[index]
            if value is not None and value != "":
                cells[(top + position, first_value + offset)] = Written(value, styles[index])
    count = len(players.names)
    last_value = first_value + len(columns) - live - 1
    block = f"${column_letter(first_value)}${top + 1}:${column_letter(last_value)}${top + count}"
    for place in range(count):
        order = players.order(place)
        result = shown[place] if place < len(shown) else [""] * len(columns)
        # Each part of the row one array formula: the player's row of the live table,
        # then of the values only remi works out.
        row = f'=IF({order}=0,"",INDEX({players.shown},{order},0))'
        found = f"INDEX({block},{order},0)"
        values = f'=IF({order}=0,"",IF({found}="","",{found}))'
        pairs = zip(result, styles, strict=True)
        known = [("" if value is None else value, style) for value, style in pairs]
        array_cells(cells, top + place, 0, row, known[:live])
        array_cells(cells, top + place, live, values, known[live:])
    return cells, (first_value, last_value)
