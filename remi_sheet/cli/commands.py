"""What `remi check` and `remi score` do, between parsing options and printing.

Each returns the exit code. A file that cannot be a workbook raises `RemiError` before any
library reads it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from remi_sheet.commands.lines import (
    agreements_line,
    carried_line,
    house_rules_line,
    rules_rows_lines,
    scored_lines,
    summary,
)
from remi_sheet.core import collector
from remi_sheet.core.problems import error_count
from remi_sheet.core.standings import ORDER
from remi_sheet.i18n import Lang, say

if TYPE_CHECKING:
    from remi_sheet.cli.printing import Printer
    from remi_sheet.commands.check import Checked
    from remi_sheet.commands.score import Scored
    from remi_sheet.core.rules import HouseRules


def run_check(
    path: Path,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    json_output: bool,
    console: Printer,
) -> int:
    from remi_sheet.commands.check import check

    checked = check(path, overrides, lang)
    _report(console, checked, json_output)
    return 0 if checked.ok else 1


def run_score(
    path: Path,
    target: Path | None,
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    json_output: bool,
    console: Printer,
    *,
    backup: bool = True,
    force: bool = False,
    live: bool = False,
) -> int:
    from remi_sheet.commands.score import score

    scored = score(path, target, overrides, lang, backup=backup, force=force, live=live)
    notebook, problems = scored.notebook, scored.problems
    _report(console, scored, json_output)
    where = scored.written.path or path
    line = say(scored.told, notebook.lang, path=where, errors=error_count(problems))
    console.print(line)
    for told in scored_lines(notebook, scored.written):
        console.print(told)
    return 0 if scored.ok else 1


def _report(console: Printer, found: Checked | Scored, json_output: bool) -> None:
    """Each game's line, the standings, the games left out of them, the house rules, the
    problems and the summary; or the `--json` document (with what `score` wrote)."""
    from remi_sheet.cli import output
    from remi_sheet.cli.game_lines import game_line
    from remi_sheet.cli.printing import print_table

    notebook, problems = found.notebook, found.problems
    table = notebook.standings
    lang = notebook.lang
    if json_output:
        # Each game's part is made, written and freed in turn, and none holds a cycle: the
        # collector would only walk the whole notebook again and again meanwhile.
        with collector.paused():
            output.print_json(found.to_json())
        return
    for game in notebook.games:
        console.print(game_line(game, game.rules, lang))
    if notebook.games:
        console.print("")
    if table:
        print_table(console, output.standings_table(table, lang))
        console.print(say(ORDER, lang))
    broken = tuple(game.sheet for game in notebook.games if game.has_errors)
    if broken:  # each name shown, none cut off
        console.print(say("not_in_standings", lang, games=broken))
    for told in (house_rules_line(notebook, lang), agreements_line(notebook, lang)):
        if told:
            console.print(told)
    output.print_problems(console, problems, lang)
    console.print(summary(notebook, problems, lang))


def run_new(
    path: Path,
    players: Sequence[str],
    games: int,
    lang: Lang,
    rules: HouseRules,
    force: bool,
    console: Printer,
    day: dt.date | None,
    backup: bool = True,
) -> int:
    """Make a fresh notebook at `path` (`commands.new`); the players were checked by the
    caller."""
    from remi_sheet.commands.new import new

    new(path, players, games, rules, lang, day=day, force=force, backup=backup)
    console.print(say("created", lang, path=path, games=games))
    return 0


def run_new_from(
    path: Path,
    source: Path,
    players: Sequence[str],
    overrides: Sequence[tuple[str, str]],
    lang: Lang | None,
    console: Printer,
    *,
    games: int = 1,
    day: dt.date | None = None,
    force: bool = False,
    backup: bool = True,
) -> int:
    """Make the next season's notebook at `path` from the notebook at `source`
    (`commands.new.new_from`), then say what it took."""
    from remi_sheet.commands.new import new_from

    carried = new_from(
        path, source, players, overrides, lang, games=games, day=day, force=force, backup=backup
    )
    console.print(say("created", carried.lang, path=path, games=games))
    console.print(carried_line(carried, str(source)))
    return 0


def run_add_game(
    path: Path,
    players: Sequence[str],
    lang: Lang | None,
    console: Printer,
    day: dt.date | None,
    *,
    backup: bool = True,
    force: bool = False,
) -> int:
    """Add the next game sheet (`commands.new.add_game`); an unfinished last game is said."""
    from remi_sheet.cli import output
    from remi_sheet.commands.new import add_game

    added = add_game(path, players, lang, day=day, backup=backup, force=force)
    output.print_problems(console, added.problems, added.lang)
    line = say("game_added", added.lang, path=path, sheet=added.sheet)
    console.print(line)
    for told in rules_rows_lines(added) if added.ok else []:
        console.print(told)
    return 0 if added.ok else 1
