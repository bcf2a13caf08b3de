"""`remi report`: the printable scorecard of a notebook's games (a PDF, an HTML page or
both), or a blank card for paper; written whole or not at all."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from remi_sheet.commands.opening import notebook_problems, open_notebook
from remi_sheet.commands.targets import check_target
from remi_sheet.core.problems import ArgumentError, Problem, RemiError, has_errors
from remi_sheet.i18n import Lang
from remi_sheet.notebook.sheets import Grids

if TYPE_CHECKING:
    import io

    from remi_sheet.notebook.games import Game
    from remi_sheet.notebook.loading import Notebook
    from remi_sheet.report.rendering import Budget
    from remi_sheet.report.scorecard import BlankCard, Report

# What a long report calls as it is laid out: the games done, of how many.
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Targets:
    """Where a report goes: the PDF and/or the HTML page, whether a file replaced is kept
    as NAME.bak, and the template folder (None: remi's own)."""

    output: Path | None = None
    html: Path | None = None
    backup: bool = True
    template: Path | None = None


@dataclass(frozen=True)
class Printed:
    """What `scorecard` or `blank` did: the problems of the games printed (nothing is
    printed when the house rules are wrong: `printed` False), the addresses a page asked
    for and was refused, and the files written."""

    lang: Lang
    problems: list[Problem] = field(default_factory=list)
    games: Sequence[Game] = ()
    printed: bool = True
    refused: list[str] = field(default_factory=list)
    html: Path | None = None
    pdf: Path | None = None
    # Of those, the files that held these very bytes already: left as they were.
    unchanged: tuple[Path, ...] = ()

    @property
    def ok(self) -> bool:
        return self.printed and not has_errors(self.problems)


def scorecard(
    path: Path | str,
    output: Path | str | None = None,
    html: Path | str | None = None,
    *,
    games: Sequence[str] = (),
    rules: Sequence[tuple[str, str]] = (),
    lang: Lang | None = None,
    template: Path | str | None = None,
    backup: bool = True,
) -> Printed:
    """The scorecard of the notebook at `path` (its games named in `games`, else all) as a
    PDF at `output` and/or a page at `html`; `template`: a club's template folder."""
    targets = Targets(_path(output), _path(html), backup, _path(template))
    _check_targets(targets, [Path(path)], lang)
    notebook = open_notebook(Path(path), rules, lang, grids=Grids.NONE)
    return scorecard_of(notebook, targets, games)


def scorecard_of(
    notebook: Notebook,
    targets: Targets,
    sheets: Sequence[str] = (),
    progress: Progress | None = None,
) -> Printed:
    """`scorecard` of a notebook read."""
    from remi_sheet.report.scorecard import REPORT_TEMPLATE, build_report

    lang = notebook.lang
    if has_errors(notebook.problems):
        # Wrong house rules (or no game at all) make every number wrong: print nothing.
        return Printed(lang, list(notebook.problems), printed=False)
    games = _chosen_games(notebook, sheets, lang)
    document = build_report(notebook, games, notebook.path.name)
    refused, unchanged = _render(document, REPORT_TEMPLATE, targets, progress)
    problems = notebook_problems(notebook, games)
    return Printed(lang, problems, games, True, refused, targets.html, targets.output, unchanged)


def blank(
    players: Sequence[str],
    output: Path | str | None = None,
    html: Path | str | None = None,
    *,
    notebook: Path | str | None = None,
    rules: Sequence[tuple[str, str]] = (),
    lang: Lang | None = None,
    template: Path | str | None = None,
    backup: bool = True,
) -> Printed:
    """A blank card for paper, for `players` (none: the last game's of `notebook`), by the
    house rules of `notebook` or `rules`."""
    targets = Targets(_path(output), _path(html), backup, _path(template))
    _check_targets(targets, [Path(notebook)] if notebook else [], lang)
    read = open_notebook(Path(notebook), rules, lang, grids=Grids.NONE) if notebook else None
    return blank_of(read, players, targets, rules, lang)


def blank_of(
    notebook: Notebook | None,
    players: Sequence[str],
    targets: Targets,
    overrides: Sequence[tuple[str, str]] = (),
    lang: Lang | None = None,
) -> Printed:
    """`blank` of a notebook read, or of none (`overrides` then the house rules)."""
    from remi_sheet.notebook.loading import read_rules
    from remi_sheet.report.scorecard import BLANK_TEMPLATE, blank_card

    if notebook is not None:
        rules, problems, lang = notebook.rules, notebook.problems, notebook.lang
        problems = [p for p in problems if p.code != "no_games"]  # a blank card needs none
        if not players and notebook.games:
            # The next game night is usually the last one's table again.
            players = notebook.games[-1].players
    else:
        dated, problems, _ = read_rules([], overrides)
        rules = dated.start
        lang = lang or "en"
    if problems:
        raise RemiError(problems[0])
    names = [name.strip() for name in players if name.strip()]
    if not 2 <= len(names) <= rules.max_players:
        raise ArgumentError(lang, "blank_needs_players", most=rules.max_players)
    card = blank_card(names, rules, lang)
    refused, unchanged = _render(card, BLANK_TEMPLATE, targets, None)
    return Printed(lang, [], (), True, refused, targets.html, targets.output, unchanged)


def _check_targets(targets: Targets, inputs: Sequence[Path], lang: Lang | None) -> None:
    """`targets.check_target` of the PDF and the page: neither over a file of another
    kind, an input, or each other."""
    if targets.output is not None:
        check_target(targets.output, "pdf", lang, inputs=inputs)
    if targets.html is not None:
        outputs = [targets.output] if targets.output is not None else []
        check_target(targets.html, "html", lang, inputs=inputs, outputs=outputs)


def _path(value: Path | str | None) -> Path | None:
    return Path(value) if value is not None else None


def _chosen_games(notebook: Notebook, sheets: Sequence[str], lang: Lang) -> list[Game]:
    """The games named, in the order given; all of them when none is named."""
    from remi_sheet.core.text import fold

    if not sheets:
        return list(notebook.games)
    by_name = {fold(game.sheet): game for game in notebook.games}
    chosen = []
    for sheet in sheets:
        found = by_name.get(fold(sheet))
        if found is None:
            # A tuple is said item by item: a joined text would be cut like any one value.
            names = tuple(game.sheet for game in notebook.games)
            raise ArgumentError(lang, "game_unknown", sheet=sheet, games=names)
        chosen.append(found)
    return chosen


def _render(
    document: Report | BlankCard, name: str, targets: Targets, progress: Progress | None
) -> tuple[list[str], tuple[Path, ...]]:
    """Fill the template, lay the PDF out, and write the HTML when asked; a file replaced
    is kept as NAME.bak unless `backup` is false, and every file is written whole or not
    at all. Without Pango (`RemiError` "pango_missing") nothing is written, nor for a
    template past a bound (`report.rendering`): the HTML is written once the PDF is laid
    out. The addresses a page asked for and was refused, each once; and the files that
    held these very bytes already, left as they were (no backup made either)."""
    from remi_sheet.reading import files
    from remi_sheet.report import default_template_dir
    from remi_sheet.report.rendering import MAX_PAGES, Budget, load_weasyprint, render_html
    from remi_sheet.report.scorecard import Report

    folder = targets.template or default_template_dir()
    output, html = targets.output, targets.html
    # A game takes a page at least, the standings one: refused before any work.
    least = (
        len(document.games) + (document.standings is not None)
        if isinstance(document, Report)
        else 0
    )
    if output is not None and least > MAX_PAGES:
        raise RemiError("pages_too_many", limit=MAX_PAGES)
    budget = Budget()
    text = render_html(folder, name, document, budget)
    if output is not None:
        try:
            load_weasyprint()
        except RemiError as stop:
            # The same page as a web page needs no Pango: where it would be written.
            page = html or output.with_suffix(".html")
            params = {**stop.problem.params, "html": str(page)}
            raise RemiError(Problem("pango_missing", params=params)) from None
    refused: list[str] = []
    unchanged: list[Path] = []

    def write_html() -> None:
        assert html is not None
        if not files.replace_atomically(
            html,
            lambda temporary: _write_text(temporary, text),
            before=files.backup_first(html) if targets.backup else None,
            same=files.same_bytes,
        ):
            unchanged.append(html)

    def lay_out(temporary: Path) -> None:
        refused.extend(_lay_out(document, name, folder, text, temporary, budget, progress))
        if html is not None:
            write_html()  # the PDF laid out: it is written right after

    try:
        # A backup is kept once the new file is sure to replace the old (a failed render
        # leaves both as they were); a new file gets the usual permissions there too.
        if output is None:
            write_html()
        elif not files.replace_atomically(
            output,
            lay_out,
            before=files.backup_first(output) if targets.backup else None,
            same=files.same_bytes,
        ):
            unchanged.append(output)
    except OSError as error:
        target = Path(error.filename) if error.filename else (output or html or Path())
        raise RemiError(files.write_failed(target, error)) from None
    return list(dict.fromkeys(refused)), tuple(unchanged)


def _write_text(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _lay_out(
    document: Report | BlankCard,
    name: str,
    folder: Path,
    text: str,
    target: Path,
    budget: Budget | None = None,
    progress: Progress | None = None,
) -> list[str]:
    """The PDF of `text` at `target`, a long scorecard laid out in parts (`paging`), every
    template and page charged to `budget` (a fresh one when None); the URLs refused."""
    from remi_sheet.report import paging
    from remi_sheet.report.rendering import MAX_PAGES, Budget, render_html, render_pdf
    from remi_sheet.report.scorecard import Report

    budget = budget if budget is not None else Budget()

    pieces = paging.parts(document) if isinstance(document, Report) else []
    if len(pieces) < 2:
        return render_pdf(text, folder, target, budget=budget)
    assert isinstance(document, Report)
    whole = document

    numbered: list[int] = []  # the pages the folio pass lays out, one over each part's page

    def folios(pages: int) -> str:
        numbered.append(pages)
        footer = paging.Folios(whole.lang, whole.title, whole.t, pages)
        return render_html(folder, paging.FOLIO_TEMPLATE, cast("Any", footer), budget)

    def render(html: str, folder: Path, target: io.BytesIO | Path, css: Sequence[str]) -> list[str]:
        if not numbered:
            return render_pdf(html, folder, target, css, budget)
        # The folio pages lie over the parts' pages, not counted again: a pass of its own.
        own = Budget(pages=MAX_PAGES)
        refused = render_pdf(html, folder, target, css, own)
        if MAX_PAGES - own.pages != numbered[0]:  # a club's folios.html, say
            raise RemiError(
                "folio_pages",
                template=paging.FOLIO_TEMPLATE,
                count=MAX_PAGES - own.pages,
                pages=numbered[0],
            )
        return refused

    total = sum(len(piece.games) for piece in pieces)

    def told(parts: int) -> None:
        if progress is not None:
            progress(sum(len(piece.games) for piece in pieces[:parts]), total)

    told(0)
    htmls = [render_html(folder, name, piece, budget) for piece in pieces]
    return paging.render_in_parts(htmls, folios, folder, target, render, told)
