"""What the commands found, said as lines of text in a language.

The words of a command's outcome are the library's, as its `--json` document is: `remi`
prints these lines (or draws a table where a terminal has room for one), and a program using
the library prints them as they are. Nothing here prints.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from remi_sheet.core.problems import SEVERITY_NAMES, Problem, error_count
from remi_sheet.i18n import Lang, Phrase, in_turn, number, say, shown_text
from remi_sheet.i18n.rules import RULE_NAME_KEYS
from remi_sheet.notebook.season import sheet_named

if TYPE_CHECKING:
    from remi_sheet.commands.import_records import Imported
    from remi_sheet.commands.new import Added, Carried
    from remi_sheet.commands.score import Written
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.writing.filing import Placement


# --- problems ------------------------------------------------------------------------------


def sheet_shown(problem: Problem) -> str | None:
    """A problem's sheet as a person reads it (`season.sheet_named`), its names' control
    characters shown as escapes and a long one cut."""
    return sheet_named(problem, shown_text)


def where(problem: Problem, lang: Lang) -> str:
    """Where a problem is, as a person reads it: `Game!C5`, `papir.csv, line 12`."""
    sheet = sheet_shown(problem)
    if problem.line is not None:
        line = say("line", lang, line=problem.line)
        return f"{sheet}, {line}" if sheet else line
    return "!".join(part for part in (sheet, problem.cell) if part)


def problem_line(problem: Problem, lang: Lang) -> str:
    """One line a problem: `error: Game!C5: message`; a game of paper records is named
    after its place (`error: papir.csv, line 12 [2019-02-16 #2]: message`)."""
    place = where(problem, lang)
    game = problem.params.get("game")
    if game is not None and game != problem.sheet:
        game = shown_text(str(game))
        place = f"{place} [{game}]" if place else f"[{game}]"
    label = say(SEVERITY_NAMES[problem.severity], lang)
    message = problem.message(lang)
    return f"{label}: {place}: {message}" if place else f"{label}: {message}"


def hints(problem: Problem, lang: Lang) -> list[str]:
    """What the user can do about `problem`, in lines after its own: without Pango, how to
    get it, and the scorecard's web page that prints without it (`html`, when one can be
    written instead)."""
    if problem.code != "pango_missing":
        return []
    html = problem.params.get("html")
    return [pango_help(lang)] + ([say("pango_html", lang, html=html)] if html else [])


def pango_help(lang: Lang, platform: str = sys.platform) -> str:
    """How to get Pango on this kind of system, in one line."""
    if platform.startswith(("win", "cygwin", "msys")):
        return say("pango_windows", lang)
    if platform == "darwin":
        return say("pango_macos", lang)
    return say("pango_linux", lang)


def refused_line(url: str, template: Path | None, lang: Lang) -> str:
    """An address a page asked for and was not given: a file missing from the folder of
    the `template` (None: remi's own), or one anywhere else (the disk, the network)."""
    from remi_sheet.report import default_template_dir
    from remi_sheet.report.rendering import missing_inside

    missing = missing_inside(url, template or default_template_dir())
    return say("template_file_missing" if missing else "refused", lang, url=url)


# --- check and score -----------------------------------------------------------------------


def figure(value: str | float | None, lang: Lang, decimals: int | None = None) -> str:
    """A cell of a standings table: text as it is, a number as people write it (with
    `decimals`, that many after the point), and a dash for a figure there is none of yet
    (the average before a complete game)."""
    if value is None:
        return "—"
    return value if isinstance(value, str) else number(value, lang, decimals=decimals)


def house_rules_line(notebook: Notebook, lang: Lang) -> str | None:
    """The house rules that differ from the default rules, as every report must say."""
    listed = notebook.dated.said(lang)
    return None if listed is None else f"{say('house_rules', lang)}: {listed}"


def agreements_line(notebook: Notebook, lang: Lang) -> str | None:
    """The Rules sheet's free-text agreements, which change no score but belong to the
    table's rules."""
    if not notebook.agreements:
        return None
    listed = in_turn([shown_text(text) for text in notebook.agreements])
    return f"{say('agreements', lang)}: {listed}"


def summary(notebook: Notebook, problems: Sequence[Problem], lang: Lang) -> str:
    """The last line: the games and deals checked, and the errors and warnings found."""
    errors = error_count(problems)
    deals = sum(game.played for game in notebook.games)
    if not problems:
        return say("summary_ok", lang, games=len(notebook.games), deals=deals)
    warnings = len(problems) - errors
    games = len(notebook.games)
    return say("summary_errors", lang, games=games, deals=deals, errors=errors, warnings=warnings)


def scored_lines(notebook: Notebook, outcome: Written) -> list[str]:
    """After "Written": the games scored, those not scored for their errors, and those
    remi left alone, each named."""
    if outcome.outcome == "not_written":
        return []
    lang = notebook.lang
    alone = set(outcome.left_alone)
    played = [game for game in notebook.games if game.sheet not in alone]
    groups = (
        ("scored_games", [game.sheet for game in played if not game.has_errors]),
        ("skipped_errors", [game.sheet for game in played if game.has_errors]),
        ("skipped_typed", list(outcome.left_alone)),
        ("renumbered_games", list(outcome.renumbered)),
    )
    # The names as a tuple: each is shown (and cut) alone, the list whole however long.
    return ["  " + say(key, lang, games=tuple(names)) for key, names in groups if names]


# --- new -----------------------------------------------------------------------------------


def carried_line(carried: Carried, source: str) -> str:
    """What `new --from` took from the notebook at `source`: the players (and the game they
    were taken from), the house rules and the agreements."""
    from remi_sheet.core.rules import value_text

    lang = carried.lang
    rules: tuple[str, ...] | Phrase = tuple(
        f"{say(RULE_NAME_KEYS[name], lang)} = {value_text(value, lang)}"
        for name, value in carried.rules.items()
    ) or Phrase("new_from_no_rules")
    agreements = (
        Phrase("new_from_agreements", {"count": carried.agreements})
        if carried.agreements
        else Phrase("new_from_no_agreements")
    )
    key = "new_from_taken" if carried.players_of is not None else "new_from_taken_given"
    return say(
        key,
        lang,
        path=source,
        sheet=carried.players_of,
        players=carried.players,
        rules=rules,
        agreements=agreements,
    )


def rules_rows_lines(added: Added) -> list[str]:
    """What `new --add-game` did on the Rules sheet: the rows it added, or the rules a
    sheet with agreements keeps without a row."""
    lang, sheet, lines = added.lang, added.rules_sheet, []
    if added.rules_added:
        lines.append(say("rules_added", lang, sheet=sheet, count=len(added.rules_added)))
    if added.rules_fixed:
        # Each said by itself: a text parameter is cut short, and every name is needed.
        names = tuple(Phrase(RULE_NAME_KEYS[name]) for name in added.rules_fixed)
        count = len(added.rules_fixed)
        lines.append(say("rules_fixed", lang, sheet=sheet, count=count, names=names))
    return lines


# --- import --------------------------------------------------------------------------------


def imported_lines(imported: Imported) -> list[str]:
    """What `import` found and did: the records read, the repairs, the problems in the
    file's order, the games filed, those already there or not filed, and a summary."""
    from remi_sheet.writing.filing import Status

    lang, records = imported.lang, imported.records
    if not records.games and records.problems and imported.problems == records.problems:
        # No records in the file at all (empty, no header, not text): only why.
        return [problem_line(problem, lang) for problem in imported.problems]
    lines = [_records_read(imported)]
    lines += [
        say(
            "repaired",
            lang,
            original=fix.original,
            repaired=fix.repaired,
            where=fix.place.shown(lang),
        )
        for fix in records.repairs
    ]
    if imported.problems:
        lines.append(say("import_problems", lang))
        # In the file's order: a game's conflict with the notebook is found after the
        # checks of every game, and is told among them by its line.
        in_order = sorted(imported.problems, key=lambda problem: problem.line or 0)
        lines += [f"  {problem_line(problem, lang)}" for problem in in_order]
    to_file = [p for p in imported.placements if p.status in (Status.FILED, Status.TO_FILE)]
    if to_file:
        key = (
            "filed"
            if imported.written
            else "would_file"
            if imported.dry_run
            else "to_file_unwritten"
        )
        lines.append(say(key, lang, path=imported.into))
        lines += [_filed_line(placement, lang) for placement in to_file]
    already = "already_in_output" if imported.unchanged else "already_filed"
    told = ((already, (Status.ALREADY_FILED,)), ("not_filed", (Status.ERRORS, Status.CONFLICT)))
    for key, statuses in told:
        names = [p.game.name for p in imported.placements if p.status in statuses]
        if names:
            lines.append(say(key, lang, games=tuple(names), path=imported.into))
    lines.append(_import_summary(imported))
    return lines


def _records_read(imported: Imported) -> str:
    from remi_sheet.notebook.records_text import DELIMITER_NAMES

    records, lang = imported.records, imported.lang
    games, deals = len(records.games), sum(len(game.deals) for game in records.games)
    if records.encoding is None:
        return say("read_xlsx", lang, path=records.source, games=games, deals=deals)
    assert records.delimiter is not None  # a text file's, as its encoding
    delimiter = say(DELIMITER_NAMES[records.delimiter], lang)
    encoding = records.encoding
    return say(
        "read",
        lang,
        path=records.source,
        encoding=encoding,
        delimiter=delimiter,
        games=games,
        deals=deals,
    )


def _filed_line(placement: Placement, lang: Lang) -> str:
    game = placement.game
    checked = "paper_checked" if game.totals is not None else "no_paper_totals"
    date = (
        say("filed_date", lang, date=game.date)
        if game.date is not None
        else say("filed_no_date", lang)
    )
    return say(
        "filed_game",
        lang,
        game=game.name,
        sheet=placement.sheet,
        players=len(game.players),
        deals=len(game.deals),
        date=date,
        checked=say(checked, lang),
    )


def _import_summary(imported: Imported) -> str:
    """Every game by what became of it, named, then what happened to the file."""
    from remi_sheet.writing.filing import Status

    lang = imported.lang
    good = "summary_filed" if imported.written else "summary_would_file"
    if not imported.written and not imported.dry_run:
        good = "summary_unwritten"
    groups = (
        (good, (Status.FILED, Status.TO_FILE)),
        ("summary_already", (Status.ALREADY_FILED,)),
        ("summary_broken", (Status.ERRORS, Status.CONFLICT)),
    )
    parts = []
    for key, statuses in groups:
        names = [p.game.name for p in imported.placements if p.status in statuses]
        if names:
            parts.append(say(key, lang, count=len(names), games=tuple(names)))
    told = "; ".join(parts) if parts else say("summary_none", lang)
    told = told[0].upper() + told[1:] + "."
    path, notebook = imported.into, imported.notebook
    if imported.written:
        return f"{told} {say('import_written', lang, path=path)}"
    if imported.dry_run:
        return f"{told} {say('import_dry_run', lang)}"
    if imported.unchanged:
        return f"{told} {say('import_unchanged', lang, path=path)}"
    filing = any(p.status is Status.TO_FILE for p in imported.placements)
    key = "import_not_written" if filing else "nothing_to_write"
    if not filing and path != notebook:
        # The output was never written: what is unchanged is the notebook.
        key = "nothing_to_write_copy"
    elif not path.exists():
        # Nothing made: there is no file to be unchanged.
        key = "import_not_written_new" if filing else "nothing_to_write_new"
    return f"{told} {say(key, lang, path=path, notebook=notebook)}"
