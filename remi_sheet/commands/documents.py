"""The `--json` documents several commands share: a notebook's (`check`, `score`), each
game's in it, and the one of a command that stopped on a problem; and how any document is
written, as it is made."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from remi_sheet.core.problems import Problem, Severity, error_count
from remi_sheet.i18n import Lang

if TYPE_CHECKING:
    from remi_sheet.core.standings import Standing
    from remi_sheet.notebook.games import Game
    from remi_sheet.notebook.loading import Notebook


def game_json(game: Game) -> dict[str, Any]:
    from remi_sheet.notebook.layout import date_text
    from remi_sheet.reading.cells import row_number

    players = game.players
    broken = game.has_errors
    # Past a deal not scored (its number missing among the scored), or one scored with an
    # error on its row (a wrong deal number), the running totals are not known: null, as
    # the live sheet shows `error` there and waits (`…`) after it.
    deals = game.deals
    wrong = {
        row_number(p.cell) - 1 for p in game.problems if p.cell and p.severity is Severity.ERROR
    }
    known = next(
        (i for i, deal in enumerate(deals) if deal.number != i + 1 or deal.row in wrong),
        len(deals),
    )
    return {
        "sheet": game.sheet,
        "players": list(players),
        "date": date_text(game.layout.date),
        "place": date_text(game.layout.place),
        "deals": [
            {
                "deal": deal.number,
                "row": deal.row + 1,
                "scores": dict(zip(players, deal.score.scores, strict=True)),
                "running": dict(zip(players, running, strict=True)) if index < known else None,
                "winner": players[deal.score.winner],
                "hand": deal.score.hand,
                "typed_scores": deal.score.typed,
            }
            for index, (deal, running) in enumerate(zip(deals, game.score.running, strict=True))
        ],
        # A game with errors has no totals or places: its scored deals are all it has.
        "totals": None if broken else dict(zip(players, game.score.totals, strict=True)),
        "ranks": None if broken else dict(zip(players, game.score.ranks, strict=True)),
        "played": game.played,
        "complete": game.score.complete and not broken,
        "errors": error_count(game.problems),
    }


def notebook_json(
    notebook: Notebook, problems: Sequence[Problem], lang: Lang, table: Sequence[Standing]
) -> dict[str, Any]:
    """The `--json` document of `check` and `score`: the notebook, its games, the standings
    `table` and the `problems`, said in `lang`. Its games and problems come as iterators,
    each item made as it is taken (the document of 5,000 games is never held whole): a
    caller of `json.dumps` makes lists of them first."""
    return {
        "notebook": str(notebook.path),
        "lang": lang,
        "house_rules": notebook.rules.differences(),
        "rule_changes": rule_changes_json(notebook),
        "agreements": list(notebook.agreements),
        "games": (game_json(game) for game in notebook.games),
        "standings": [row.to_json() for row in table],
        "problems": (problem.to_json(lang) for problem in problems),
    }


def rule_changes_json(notebook: Notebook) -> list[dict[str, Any]]:
    """Each Rules row with a From day, by day: `from` (ISO), `rule` and `value`."""
    return [
        {"from": since.isoformat(), "rule": name, "value": value}
        for since, name, value in notebook.dated.listed()
    ]


def failure_json(problem: Problem, lang: Lang) -> dict[str, Any]:
    """What a command that stopped on `problem` (a file it cannot use, a refused command
    line) writes for `--json`: the shape of `notebook_json`, no games, the one problem."""
    return {"games": [], "problems": [problem.to_json(lang)]}


def write_json(document: Mapping[str, Any], write: Callable[[str], object]) -> None:
    """`document` as JSON, handed to `write` piece by piece: a key a line, and a list's items
    (games, problems, standings) an item a line, each item compact.

    A list may be given as any iterable, which is written as it is iterated: the JSON of
    5,000 games is never held whole, and each item goes through the json module's C
    encoder (asked to indent, json encodes in Python instead).
    """
    import json  # only the --json documents need it

    encode = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    write("{")
    for index, (key, value) in enumerate(document.items()):
        write(("," if index else "") + "\n  " + encode(key) + ": ")
        if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
            write(encode(value))
            continue
        write("[")
        empty = True
        for position, item in enumerate(value):
            write(("," if position else "") + "\n    " + encode(item))
            empty = False
        write("]" if empty else "\n  ]")
    write("\n}\n")
