"""The `remi stats` command: standings across games and notebooks, with a rating.

Registered by `remi_sheet.cli.app` at its end, after the shared options and helpers this module
reuses are defined (so import it through `remi_sheet.cli.app`). The figures come from
`remi_sheet.notebook.season`; this module reads the notebooks, checks the options and shows the
season: Rich tables on a terminal, `--json` or `--csv` for other tools, and a PDF (`-o`)
through the report's templates, renderer and chart geometry. Everything heavy is imported
inside the command, so that `remi` starts fast.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from remi_sheet.cli.options import (
    JsonOpt,
    LangOpt,
    RuleOpt,
    fail,
    rule_options,
    unexpected,
    usage_error,
)
from remi_sheet.cli.printing import Table, console_for, error_line
from remi_sheet.core.problems import Problem, RemiError, Severity, has_errors
from remi_sheet.i18n import Lang, say, words
from remi_sheet.i18n import number as say_number
from remi_sheet.reading.files import os_reason

if TYPE_CHECKING:
    from remi_sheet.cli.printing import Printer
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.notebook.season import Season, SeasonGame, SeasonRow, Versus
    from remi_sheet.report.charts import Chart

SEASON_TEMPLATE = "season.html"
MINUS = "\u2212"


class SortChoice(StrEnum):
    rating = "rating"
    wins = "wins"
    average = "average"
    total = "total"
    games = "games"
    name = "name"


_DATE_FORMS = "2026-11-29, 2026. 11. 29. or 29/11/2026; games without a date are then left out."
SinceOpt = Annotated[
    str | None,
    typer.Option("--since", metavar="DATE", help="Only games on or after this day: " + _DATE_FORMS),
]
UntilOpt = Annotated[
    str | None,
    typer.Option(
        "--until", metavar="DATE", help="Only games on or before this day: " + _DATE_FORMS
    ),
]


def stats(
    notebooks: Annotated[
        list[Path],
        typer.Argument(
            metavar="NOTEBOOK.xlsx",
            help="The notebook workbooks (.xlsx); one or more.",
            show_default=False,
        ),
    ],
    since: SinceOpt = None,
    until: UntilOpt = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player", "-p", metavar="NAME", help="Show only this player. Repeat for more."
        ),
    ] = None,
    sort: Annotated[
        SortChoice, typer.Option("--sort", help="Order of the table (best first).")
    ] = SortChoice.rating,
    json_output: JsonOpt = False,
    csv_output: Annotated[
        bool,
        typer.Option(
            "--csv", help="The standings as CSV (UTF-8, comma separated) on standard output."
        ),
    ] = False,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="SEASON.pdf",
            help="Also print the season as a PDF: the table, head to head and the ratings.",
            show_default=False,
        ),
    ] = None,
    history: Annotated[
        bool,
        typer.Option("--history", help="Also show each player's rating after every game."),
    ] = False,
    lang: LangOpt = None,
    rule: RuleOpt = None,
) -> None:
    """Standings across all games of the notebooks given, with a rating.

    A player is the same player in every notebook when the names match ignoring spaces,
    case and accents; spellings that differ are reported. Games with errors are not counted;
    unfinished games count for points but not for wins, places or the rating. Games are
    taken in the order of their dates (the Date/Dátum cell), then of the sheets. Exit code 1
    if a game or notebook has errors.

    Example: remi stats 2025.xlsx 2026.xlsx --since 2026-01-01 -o szezon.pdf --lang hu
    """
    from remi_sheet.core.dates import FORMS, parse_option

    chosen: Lang | None = lang.value if lang else None
    shown: Lang = chosen or "en"
    if json_output and csv_output:
        usage_error("json_and_csv", shown)
    if output is not None and output.suffix.lower() != ".pdf":
        usage_error("pdf_suffix", shown, name=output.name)
    limits: dict[str, dt.date | None] = {"--since": None, "--until": None}
    for option, text in (("--since", since), ("--until", until)):
        try:
            limits[option] = parse_option(text) if text is not None else None
        except RemiError:
            params = {"option": option, "forms": FORMS, "value": text}
            usage_error("date_option", shown, **params)
    first, last = limits["--since"], limits["--until"]
    if first is not None and last is not None and first > last:
        usage_error("dates_reversed", shown, since=since, until=until)
    overrides = rule_options(rule, shown)
    read = _read(notebooks, overrides, chosen, json_output)
    code = _show(
        read,
        Options(
            since=first,
            until=last,
            players=[name for name in player or [] if name.strip()],
            sort=sort.value,
            json_output=json_output,
            csv_output=csv_output,
            output=output,
            history=history,
            lang=chosen or read[0].lang,
        ),
    )
    raise typer.Exit(code)


@dataclass(frozen=True, slots=True)
class Options:
    since: dt.date | None
    until: dt.date | None
    players: list[str]
    sort: str
    json_output: bool
    csv_output: bool
    output: Path | None
    history: bool
    lang: Lang


def _read(
    paths: Sequence[Path], overrides: list[tuple[str, str]], chosen: Lang | None, as_json: bool
) -> list[Notebook]:
    """Every notebook given, each once; a file that is no workbook stops the command."""
    from remi_sheet.cli.commands import open_notebook

    seen: set[Path] = set()
    read: list[Notebook] = []
    for path in paths:
        if path.resolve() in seen:
            continue  # the same file twice would count its games twice
        seen.add(path.resolve())
        try:
            read.append(open_notebook(path, overrides, chosen, keep_grids=False))
        except RemiError as stop:
            fail(stop.problem, chosen or "en", as_json)
        except Exception as error:  # noqa: BLE001 - a damaged workbook can fail anywhere
            unexpected(error, path, chosen or "en", as_json)
    return read


def _show(notebooks: Sequence[Notebook], options: Options) -> int:
    from remi_sheet.notebook import season as seasons

    lang = options.lang
    games, problems = _games(notebooks, options)
    season = seasons.compute(games, options.sort)
    problems += season.problems
    if options.players:
        unknown = seasons.unknown_players(season, options.players)
        if unknown:
            players = ", ".join(row.name for row in season.rows) or "—"
            params = {"player": unknown[0], "players": players}
            usage_error("player_unknown", lang, **params)
        season = seasons.only_players(season, options.players)
    files = [str(notebook.path) for notebook in notebooks]
    if options.json_output:
        from remi_sheet.cli.output import print_json

        print_json(season_json(season, problems, files, options))
    elif options.csv_output:
        write_csv(season, sys.stdout)
    console = console_for(options.json_output or options.csv_output)
    if options.csv_output:
        # The CSV holds no problems: say on standard error why the exit code is 1.
        from remi_sheet.cli.output import print_problems

        print_problems(console, list(problems), lang)
    elif not options.json_output:
        _print_terminal(console, season, problems, len(notebooks), options)
    if options.output is not None:
        _print_pdf(season, files, options, console)
    return 1 if has_errors(problems) else 0


def _games(
    notebooks: Sequence[Notebook], options: Options
) -> tuple[list[SeasonGame], list[Problem]]:
    """The season's games of every notebook, in the dates asked for, and what is wrong with
    them: the notebooks' own problems, the games' errors and their dates."""
    from remi_sheet.notebook import season as seasons

    several = len(notebooks) > 1
    games: list[SeasonGame] = []
    problems: list[Problem] = []
    filtered = options.since is not None or options.until is not None
    for source, notebook in enumerate(notebooks):
        wrong_rules = [p for p in notebook.problems if p.severity is Severity.ERROR]
        rules_ok = all(p.code == "no_games" for p in wrong_rules)
        found_problems = list(notebook.problems)
        if not rules_ok:
            found_problems.append(Problem("notebook_not_counted"))
        name = notebook.path.stem if several else None
        found = seasons.gather_games(notebook.games, source, name, rules_ok=rules_ok)
        kept = seasons.within(found, options.since, options.until)
        found_problems += seasons.date_problems(found, filtered=filtered)
        for season_game in kept:
            found_problems += season_game.game.problems
        problems += [_located(problem, notebook, several) for problem in found_problems]
        games += kept
    return games, problems


def _located(problem: Problem, notebook: Notebook, several: bool) -> Problem:
    """With several notebooks a sheet name alone is ambiguous: name the notebook too."""
    if not several and problem.sheet is not None:
        return problem
    where = notebook.path.name if problem.sheet is None else f"{notebook.path.stem} · "
    return dataclasses.replace(problem, sheet=where + (problem.sheet or ""))


# --------------------------------------------------------------------------- numbers


def number(value: float | int | None, lang: Lang, *, minus: str = "-") -> str:
    """A figure as shown to people (`i18n.number`), an empty string for none."""
    return "" if value is None else say_number(value, lang, minus=minus)


def places_text(places: Sequence[int]) -> str:
    """Firsts, seconds, … as "2·1·0"."""
    return "·".join(map(str, places)) if places else ""


def versus_text(ahead: int, behind: int, tied: int = 0) -> str:
    """ "ahead–behind", and "(=n)" for n shared places."""
    return f"{ahead}–{behind}" + (f" (={tied})" if tied else "")


# --------------------------------------------------------------------------- JSON and CSV


def season_json(
    season: Season, problems: Sequence[Problem], files: Sequence[str], options: Options
) -> dict[str, Any]:
    lang = options.lang
    history = season.history
    return {
        "notebooks": list(files),
        "lang": lang,
        "since": options.since.isoformat() if options.since else None,
        "until": options.until.isoformat() if options.until else None,
        "rating_model": "openskill PlackettLuce; rating = mu - 3*sigma, uncertainty = sigma",
        "players": [
            {
                **row.to_json(),
                "rating_history": [
                    {"game": game, "rating": round(value, 3)}
                    for game, value in zip(history.games, history.of(row.name), strict=True)
                    if value is not None
                ],
            }
            for row in season.rows
        ],
        "head_to_head": {
            name: {other: [v.ahead, v.behind] for other, v in versus.items()}
            for name, versus in season.head_to_head.items()
        },
        "head_to_head_ties": {
            name: {other: v.tied for other, v in versus.items()}
            for name, versus in season.head_to_head.items()
        },
        "games": [_game_json(game) for game in season.games],
        "incomplete": [game.label for game in season.incomplete],
        "not_counted": [game.label for game in season.not_counted],
        "problems": [problem.to_json(lang) for problem in problems],
    }


def _game_json(game: SeasonGame) -> dict[str, Any]:
    return {
        "game": game.label,
        "sheet": game.game.sheet,
        "date": game.date.isoformat() if game.date else None,
        "players": list(game.game.players),
        "counted": game.played,
        "complete": game.complete,
        "totals": dict(zip(game.game.players, game.game.score.totals, strict=True)),
        "ranks": dict(zip(game.game.players, game.game.score.ranks, strict=True)),
    }


CSV_COLUMNS = (
    "name",
    "games",
    "complete_games",
    "wins",
    "deals",
    "total",
    "average",
    "average_per_deal",
    "hands",
    "plus200",
    "rating",
    "uncertainty",
    "mu",
    "longest_streak",
    "best_game",
    "best_total",
    "worst_game",
    "worst_total",
)


def csv_header(season: Season) -> list[str]:
    """The CSV columns: `CSV_COLUMNS`, then place_1 … place_6 (more if a game had more)."""
    most = max([6, *(len(row.places) for row in season.rows)])
    return [*CSV_COLUMNS, *(f"place_{place}" for place in range(1, most + 1))]


def write_csv(season: Season, stream: Any) -> None:
    header = csv_header(season)
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(header)
    for row in season.rows:
        data = row.to_json()
        best, worst = data["best_game"] or {}, data["worst_game"] or {}
        data |= {
            "best_game": best.get("game"),
            "best_total": best.get("total"),
            "worst_game": worst.get("game"),
            "worst_total": worst.get("total"),
        }
        places = dict(enumerate(row.places, start=1))
        data |= {
            key: places.get(int(key.removeprefix("place_")), 0)
            for key in header
            if key.startswith("place_")
        }
        writer.writerow(["" if data[key] is None else data[key] for key in header])


# --------------------------------------------------------------------------- terminal


def _print_terminal(
    console: Printer,
    season: Season,
    problems: Sequence[Problem],
    count: int,
    options: Options,
) -> None:
    from remi_sheet.cli import output

    lang = options.lang
    if season.rows:
        console.print(standings_table(season, lang))
        console.print(records_table(season, lang))
        if len(season.rows) > 1:
            console.print(head_to_head_table(season, lang))
            console.print(say("head_to_head_note", lang), markup=False, highlight=False)
        if options.history and season.history.games:
            console.print(history_table(season, lang))
        console.print(say("rating_note", lang), markup=False, highlight=False)
    else:
        console.print(say("no_players", lang), markup=False)
    for key, games in (
        ("incomplete_games", season.incomplete),
        ("not_counted", season.not_counted),
    ):
        if games:
            listed = ", ".join(game.label for game in games)
            console.print(f"{say(key, lang)}: {listed}", markup=False, highlight=False)
    output.print_problems(console, list(problems), lang)
    summary = say(
        "stats_summary",
        lang,
        games=len(season.games),
        notebooks=count,
        counted=len(season.counted),
        complete=len(season.complete),
    )
    console.print(summary, markup=False, highlight=False)


def standings_table(season: Season, lang: Lang) -> Table:
    table = Table(say("season_title", lang))
    headings = (
        "#",
        say("player", lang),
        say("rating", lang),
        say("uncertainty", lang),
        say("games", lang),
        say("complete_games", lang),
        say("wins", lang),
        say("places", lang) + " (1·2·…)",
        say("total", lang),
        say("average", lang),
        say("per_deal", lang),
        say("hands", lang),
        say("plus200", lang),
        say("streak_short", lang),
    )
    for index, heading in enumerate(headings):
        table.add_column(heading, justify="left" if index == 1 else "right")
    for place, row in enumerate(season.rows, start=1):
        table.add_row(f"{place}.", *_cells(row, lang))
    return table


def _cells(row: SeasonRow, lang: Lang, minus: str = "-") -> list[str]:
    standing = row.standing
    return [
        row.name,
        number(row.rating.ordinal, lang, minus=minus),
        number(row.rating.sigma, lang, minus=minus),
        str(standing.games),
        str(standing.complete),
        str(standing.wins),
        places_text(row.places),
        number(standing.total, lang, minus=minus),
        number(standing.average, lang, minus=minus),
        number(row.per_deal, lang, minus=minus),
        str(standing.hands),
        str(standing.plus200),
        str(row.streak),
    ]


def records_table(season: Season, lang: Lang) -> Table:
    table = Table(say("records", lang))
    table.add_column(say("player", lang))
    table.add_column(say("best_game", lang))
    table.add_column(say("worst_game", lang))
    table.add_column(say("streak", lang), justify="right")
    for row in season.rows:
        best = f"{number(row.best.total, lang)} ({row.best.game})" if row.best else "—"
        worst = f"{number(row.worst.total, lang)} ({row.worst.game})" if row.worst else "—"
        table.add_row(row.name, best, worst, str(row.streak))
    return table


def head_to_head_grid(season: Season) -> list[tuple[str, list[str]]]:
    """Each player's row of the head-to-head grid: "ahead–behind" against every player in
    the order of the table, "·" against themselves, "" for players never met."""
    names = [row.name for row in season.rows]
    grid = []
    for name in names:
        versus = season.head_to_head.get(name, {})
        grid.append((name, [_versus_cell(name, other, versus) for other in names]))
    return grid


def _versus_cell(name: str, other: str, versus: Mapping[str, Versus]) -> str:
    if other == name:
        return "·"
    found = versus.get(other)
    return versus_text(found.ahead, found.behind, found.tied) if found else ""


def head_to_head_table(season: Season, lang: Lang) -> Table:
    table = Table(say("head_to_head", lang))
    table.add_column("")
    for row in season.rows:
        table.add_column(row.name, justify="center")
    for name, cells in head_to_head_grid(season):
        table.add_row(name, *cells)
    return table


def history_table(season: Season, lang: Lang) -> Table:
    history = season.history
    table = Table(say("rating_history", lang))
    table.add_column(say("game", lang))
    table.add_column(say("date", lang))
    for name in history.players:
        table.add_column(name, justify="right")
    for index, game in enumerate(history.games):
        date = history.dates[index]
        cells = [number(ratings[index], lang) for ratings in history.ratings]
        table.add_row(game, date.isoformat() if date else "", *cells)
    return table


# --------------------------------------------------------------------------- PDF


@dataclass(frozen=True, slots=True)
class SeasonReport:
    """The season PDF's view model: every value already worded; the template lays it out."""

    lang: Lang
    title: str
    source: str
    t: Mapping[str, str]
    period: str | None
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    records: tuple[tuple[str, str, str], ...]  # player, best game, worst game
    versus_names: tuple[str, ...]
    versus: tuple[tuple[str, tuple[str, ...]], ...]
    chart: Chart | None
    rated_games: tuple[str, ...]  # "1. 2026-11-29 Klub #1", the chart's x axis
    incomplete: tuple[str, ...]
    not_counted: tuple[str, ...]
    summary: str


def season_report(season: Season, files: Sequence[str], options: Options) -> SeasonReport:
    lang = options.lang
    headings = (
        say("player", lang),
        say("rating", lang),
        say("uncertainty", lang),
        say("games", lang),
        say("complete_games", lang),
        say("wins", lang),
        say("places", lang),
        say("total", lang),
        say("average", lang),
        say("per_deal", lang),
        say("hands", lang),
        say("plus200", lang),
        say("streak_short", lang),
    )
    history = season.history
    return SeasonReport(
        lang=lang,
        title=say("season_title", lang),
        source=", ".join(Path(file).name for file in files),
        t=words(lang),
        period=_period(options),
        headings=headings,
        rows=tuple(tuple(_cells(row, lang, MINUS)) for row in season.rows),
        records=tuple(
            (
                row.name,
                f"{number(row.best.total, lang, minus=MINUS)} · {row.best.game}"
                if row.best
                else "—",
                f"{number(row.worst.total, lang, minus=MINUS)} · {row.worst.game}"
                if row.worst
                else "—",
            )
            for row in season.rows
        ),
        versus_names=tuple(row.name for row in season.rows),
        versus=tuple((name, tuple(cells)) for name, cells in head_to_head_grid(season)),
        chart=rating_chart(season) if history.games and history.players else None,
        rated_games=tuple(
            f"{index}. {date.isoformat() + ' ' if date else ''}{game}"
            for index, (game, date) in enumerate(zip(history.games, history.dates, strict=True), 1)
        ),
        incomplete=tuple(game.label for game in season.incomplete),
        not_counted=tuple(game.label for game in season.not_counted),
        summary=say(
            "stats_summary",
            lang,
            games=len(season.games),
            notebooks=len(files),
            counted=len(season.counted),
            complete=len(season.complete),
        ),
    )


def _period(options: Options) -> str | None:
    if options.since is None and options.until is None:
        return None
    first = options.since.isoformat() if options.since else "…"
    last = options.until.isoformat() if options.until else "…"
    return f"{first} – {last}"


def rating_chart(season: Season) -> Chart:
    """Each player's rating from the start (0) through every rated game, on the report's
    line-chart geometry; a game a player sat out has no point, the line goes on."""
    from remi_sheet.report.charts import line_chart

    history = season.history
    values = [[history.start, *ratings] for ratings in history.ratings]
    labels = ["", *(str(index) for index in range(1, len(history.games) + 1))]
    # The geometry is plain arithmetic and draws fractional values as they are; its type
    # says int only because running totals were its first use.
    return line_chart(history.players, cast("list[list[int | None]]", values), labels, height=300)


def _print_pdf(season: Season, files: Sequence[str], options: Options, console: Printer) -> None:
    from remi_sheet.i18n import say
    from remi_sheet.reading import files as filing
    from remi_sheet.report.scorecard import default_template_dir, render_html, render_pdf

    assert options.output is not None
    lang, target = options.lang, options.output
    folder = default_template_dir()
    document = season_report(season, files, options)
    try:
        # render_html is typed for the scorecards; it needs only `t` and the template's names.
        html = render_html(folder, SEASON_TEMPLATE, cast("Any", document))
        refused: list[str] = []
        filing.replace_atomically(
            target, lambda temporary: refused.extend(render_pdf(html, folder, temporary))
        )
        for url in dict.fromkeys(refused):
            error_line(f"{say('severity_warning', lang)}: {say('refused', lang, url=url)}")
    except RemiError as stop:
        error_line(f"{say('severity_error', lang)}: {stop.problem.message(lang)}")
        raise typer.Exit(1) from None
    except OSError as error:
        reason = os_reason(error)
        params = {"path": str(target), "reason": reason}
        fail(Problem("file_write_failed", params=params), lang, json_output=options.json_output)
    console.print(say("written_pdf", lang, path=target), markup=False, highlight=False)
