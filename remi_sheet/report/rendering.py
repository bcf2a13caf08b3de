"""The scorecard's HTML and PDF: a Jinja2 template from the template folder filled with a
view model (`report.scorecard`, `report.season`), then laid out by WeasyPrint.

- `render_html` is sandboxed, every value auto-escaped, so a player called `<b>Béla</b>`
  prints as typed.
- `render_pdf` lays the whole HTML out in one pass, with a URL fetcher that serves files
  from the template folder and refuses everything else: no network, no other local files.

A club's template folder is someone else's file, so both read only what lies inside it
(`read_inside`: every path resolved, links followed, regular files of at most
`MAX_FILE_BYTES`), and the work a template can ask for is bounded (`Budget`, the limits
below): each bound ends in one `RemiError` line, with nothing written.

WeasyPrint is imported inside `render_pdf` only: importing it is slow, and every other
`remi` command would pay for it otherwise.
"""

from __future__ import annotations

import contextlib
import io
import logging
import math
import os
import stat
import sys
import time
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.i18n import Phrase, in_turn, place
from remi_sheet.report import default_template_dir
from remi_sheet.report.scorecard import signed

if TYPE_CHECKING:
    from markupsafe import Markup

    from remi_sheet.report.scorecard import BlankCard, Report

# --------------------------------------------------------------------------- bounds

# Every file read from a template folder (a template, club.css, a logo): remi's own
# templates and stylesheet are 25 KB together and a club's logo some 100 KB; a 600 MB
# club.css was read whole.
MAX_FILE_BYTES: Final = 1 << 20
# Items of one range(): the folio pages count to the number of pages (`MAX_PAGES`); a
# scorecard counts deals and players. Nested range(100000) ran until killed.
MAX_RANGE: Final = 10_000
# Characters of HTML one template renders: a 7-deal game makes some 8,300, so this is
# 6,000 games (the most sheets remi reads in a workbook) at once.
MAX_HTML_CHARS: Final = 50_000_000
# Digits of a number `**` makes: CPython prints no int longer than 4,300 digits anyway.
MAX_POWER_DIGITS: Final = 4_300
# Seconds all the template rendering of one command may take together: a 1,000-game
# scorecard renders in some 2 s (its HTML twice: the page, then the PDF's parts).
TEMPLATE_SECONDS: Final = 60.0
# Pages of one PDF: a game takes a page (a long one two or three) and the standings one;
# the bench's 200-game season is 201 pages, so this is five seasons of a weekly club. A
# report of 999 games (1,000 pages) takes 103 s and 575 MB, of 1,999 games 210 s and 1.09
# GB (the joined parts are held until written); 100,000 pages took 1.4 GB, and WeasyPrint's
# time grows with the square of the pages of one layout (1,000 pages 2 s, 5,000 30 s).
MAX_PAGES: Final = 1_000
# What WeasyPrint lays out in one pass (20 games, `paging.PART_GAMES`, or the folio pages),
# in characters and in tags (its memory follows the elements, some 10 KB each): 20 games
# of 7 deals make 170,000 characters and 5,600 tags, of 50 deals and six players 1.1
# million and 46,000. 30,000 paragraphs (60,000 tags) took 580 MB and 13 s; a paragraph of
# 2 million characters 30 s.
MAX_LAYOUT_CHARS: Final = 3_000_000
MAX_LAYOUT_TAGS: Final = 60_000
# Seconds one layout pass may take: the heaviest real one, 20 games of 50 deals and six
# players, takes 12 s, and the folio pages of a 1,000-page report a few; 30,000 tags of
# inline elements run into one word (within the bounds above) took 13 minutes. Bounded
# where the system has interval timers (not on Windows).
LAYOUT_SECONDS: Final = 60.0

_MB: Final = 1 << 20
_PIECE: Final = 1 << 20  # characters of HTML joined at a time, so that chunks do not pile up


@dataclass(slots=True)
class Budget:
    """What one command's templates may still spend: seconds of rendering (the time spent
    inside `render_html`, not the layout's) and pages of the PDF. One budget is shared by
    every template a command renders."""

    seconds: float = TEMPLATE_SECONDS
    pages: int = MAX_PAGES


class _Stopped(Exception):
    """A bound met inside a template (`reason`: a `Phrase`); `render_html` tells it with
    the template's name and line."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.reason = Phrase(key, params)


# --------------------------------------------------------------------------- files


def read_inside(folder: Path, name: str) -> tuple[Path, bytes] | None:
    """The file `name` of `folder` (a resolved folder) and its bytes, or None when there is
    none. `RemiError` when the name leads outside the folder (`..`, an absolute path, a
    link to elsewhere: every link is followed first), when it is no regular file (a pipe
    is never opened: a pipe opened to read waits for a writer for ever), or when it is
    bigger than `MAX_FILE_BYTES` (never read past that)."""
    try:
        path = (folder / name).resolve()
    except (OSError, RuntimeError):  # a loop of links
        raise RemiError("template_not_file", name=name, folder=str(folder)) from None
    if not path.is_relative_to(folder):
        raise RemiError("template_outside", name=name, folder=str(folder))
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise RemiError("file_unreadable", path=str(path)) from error
    if not stat.S_ISREG(found.st_mode):
        raise RemiError("template_not_file", name=name, folder=str(folder))
    if found.st_size > MAX_FILE_BYTES:
        raise _too_big(name, found.st_size)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
        with open(handle, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):  # put there meanwhile
                raise RemiError("template_not_file", name=name, folder=str(folder))
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise RemiError("file_unreadable", path=str(path)) from error
    if len(data) > MAX_FILE_BYTES:  # grown since
        raise _too_big(name, len(data))
    return path, data


def _too_big(name: str, size: int) -> RemiError:
    # Rounded up to a tenth, so that a file just past the limit never reads as the limit.
    shown = math.ceil(size * 10 / _MB) / 10
    return RemiError("template_too_big", name=name, size=shown, limit=MAX_FILE_BYTES // _MB)


# --------------------------------------------------------------------------- templates


def render_html(
    folder: Path, name: str, document: Report | BlankCard, budget: Budget | None = None
) -> str:
    """The template `name` of `folder` filled with `document`. A template `folder` does not
    hold is remi's own, so that a folder holding only a club.css restyles the card.
    Every value is escaped and the template runs sandboxed, within the bounds above and
    `budget` (a fresh one when None); a broken template, or one past a bound, raises
    `RemiError` with its line."""
    import jinja2

    # Absolute, so that template file names in errors and tracebacks are recognised, and
    # links resolved, so that every file read can be held against it.
    folder = folder.resolve()
    budget = budget if budget is not None else Budget()
    started = time.monotonic()
    deadline = started + budget.seconds

    _check_colours(folder)
    environment = _sandbox(folder, deadline)
    environment.filters["signed"] = lambda value: signed(value, document.lang)
    environment.filters["in_turn"] = in_turn
    environment.filters["place"] = lambda value: place(value, document.lang)
    environment.globals["text_of"] = lambda name: _text_of(folder, name)
    environment.globals["css_var"] = _css_var(folder)

    try:
        template = environment.get_template(name)
        return _joined(template.generate(doc=document, t=document.t), deadline)
    except jinja2.TemplateSyntaxError as error:
        template_name = error.filename or error.name or name
        raise RemiError(
            "template_error",
            template=_shown(template_name, folder),
            line=error.lineno,
            reason=error.message,
        ) from None
    except jinja2.TemplateNotFound as error:
        raise RemiError("template_missing", folder=folder, template=error.name) from None
    except RemiError:
        raise  # said already (`_text_of`, the loader)
    except _Stopped as stop:
        where = _template_line(stop.__traceback__, folder)
        if where is None:
            raise RemiError("template_stopped_noline", template=name, reason=stop.reason) from None
        raise RemiError(
            "template_stopped", template=where[0], line=where[1], reason=stop.reason
        ) from None
    except Exception as error:  # noqa: BLE001 - any failure inside a user's template
        where = _template_line(error.__traceback__, folder)
        reason = f"{type(error).__name__}: {error}"
        if where is None:
            raise RemiError("template_error_noline", template=name, reason=reason) from None
        raise RemiError("template_error", template=where[0], line=where[1], reason=reason) from None
    finally:
        budget.seconds -= time.monotonic() - started


def _joined(chunks: Iterator[str], deadline: float) -> str:
    """The rendered `chunks` as one text, stopped past `MAX_HTML_CHARS` or the deadline."""
    pieces: list[str] = []
    waiting: list[str] = []
    size = waited = 0
    try:
        for chunk in chunks:
            size += len(chunk)
            if size > MAX_HTML_CHARS:
                raise _Stopped("bound_output", limit=MAX_HTML_CHARS)
            _in_time(deadline)
            waiting.append(chunk)
            waited += len(chunk)
            if waited > _PIECE:
                pieces.append("".join(waiting))
                waiting, waited = [], 0
    finally:
        if isinstance(chunks, types.GeneratorType):
            chunks.close()
    pieces.append("".join(waiting))
    return "".join(pieces)


def _in_time(deadline: float) -> None:
    if time.monotonic() > deadline:
        raise _Stopped("bound_time", seconds=TEMPLATE_SECONDS)


def _sandbox(folder: Path, deadline: float) -> Any:
    """Jinja's immutable sandbox with remi's bounds: templates read through `read_inside`
    (the folder, then remi's own), `range` of at most `MAX_RANGE` items, `*` and `**`
    making no value past the bounds, and the deadline checked at every step of every loop
    and at every call (a macro calling itself twice goes on for ever without a loop)."""
    import jinja2
    from jinja2 import nodes
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class Loader(jinja2.BaseLoader):
        def get_source(
            self, environment: Any, template: str
        ) -> tuple[str, str, Callable[[], bool]]:
            for where in (folder, default_template_dir()):
                found = read_inside(where, template)
                if found is None:
                    continue
                try:
                    source = found[1].decode("utf-8")
                except UnicodeDecodeError:  # named here: the error says no file
                    raise RemiError("template_not_text", template=template) from None
                # The name as asked, inside the folder: errors name the template so.
                return source, str(where / template), lambda: True
            raise jinja2.TemplateNotFound(template)

    class Sandbox(ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset({"*", "**"})

        def _parse(self, source: str, name: str | None, filename: str | None) -> Any:
            tree = super()._parse(source, name, filename)
            for loop in tree.find_all(nodes.For):
                loop.iter = nodes.Filter(
                    loop.iter, "remi_step", [], [], None, None, lineno=loop.lineno
                )
            tree.set_environment(self)
            return tree

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            if operator == "*":
                _repeat_bound(left, right)
                _repeat_bound(right, left)
            elif operator == "**":
                _power_bound(left, right)
            return super().call_binop(context, operator, left, right)

        def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
            _in_time(deadline)
            return super().call(context, obj, *args, **kwargs)

    @jinja2.pass_context  # never run when a template is compiled: a constant stays a loop
    def step(context: Any, items: Iterable[Any]) -> Iterator[Any]:
        for item in items:
            _in_time(deadline)
            yield item

    environment = Sandbox(
        loader=Loader(),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["remi_step"] = step
    environment.globals["range"] = _range
    return environment


def _range(*args: int) -> range:
    counted = range(*args)
    try:
        count = len(counted)
    except OverflowError:  # past what an index can hold
        count = abs(counted.stop - counted.start) // abs(counted.step)
    if count > MAX_RANGE:
        raise _Stopped("bound_range", count=count, limit=MAX_RANGE)
    return counted


def _repeat_bound(items: Any, times: Any) -> None:
    sequence = isinstance(items, str | list | tuple) and isinstance(times, int)
    made = len(items) * times if sequence else 0
    if made > MAX_HTML_CHARS:
        raise _Stopped("bound_repeat", count=made, limit=MAX_HTML_CHARS)


def _power_bound(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and abs(base) > 1 and exponent > 0:
        digits = math.ceil(exponent * math.log10(abs(base)))
        if digits > MAX_POWER_DIGITS:
            raise _Stopped("bound_power", count=digits, limit=MAX_POWER_DIGITS)


def _text_of(folder: Path, name: str) -> Markup:
    """The file `name` of the template folder (else remi's own) as it is, not as a
    template (CSS has `{#` too), or nothing when neither has one: the stylesheets. Only a
    file inside the folder is read (`read_inside`)."""
    from markupsafe import Markup

    found = read_inside(folder, name) or read_inside(default_template_dir(), name)
    if found is None:
        return Markup("")
    try:
        return Markup(found[1].decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise RemiError("template_not_text", template=name) from None


def _check_colours(folder: Path) -> None:
    """`RemiError` when the folder's club.css gives one of remi's colours a value that is
    no colour: the layout would drop it without a word, and the card come out in other
    colours than the club asked for."""
    from remi_sheet.report.custom_properties import colour_mistakes

    club = str(_text_of(folder, "club.css"))  # nothing without one: remi's has none
    mistakes = colour_mistakes(str(_text_of(folder, "scorecard.css")), club) if club else []
    if mistakes:
        name, value = mistakes[0]
        raise RemiError("template_not_colour", template="club.css", name=name, value=value)


def _css_var(folder: Path) -> Callable[..., str]:
    """The templates' `css_var(name, fallback)`: the value the page's stylesheets
    (scorecard.css, then club.css, as base.html pastes them: `_text_of`) give the custom
    property `name` (`report.custom_properties`), else `fallback`. For the charts' SVG,
    which WeasyPrint styles by its attributes only; read once, when first asked for."""
    from remi_sheet.report.custom_properties import custom_properties

    read: list[dict[str, str]] = []

    def css_var(name: str, fallback: str = "") -> str:
        if not read:
            sheets = (str(_text_of(folder, sheet)) for sheet in ("scorecard.css", "club.css"))
            read.append(custom_properties(*sheets))
        return read[0].get(name, fallback)

    return css_var


def _shown(template: str, folder: Path) -> str:
    path = Path(template)
    return path.name if path.is_relative_to(folder) else template


def _template_line(trace: types.TracebackType | None, folder: Path) -> tuple[str, int] | None:
    """The last template line in `trace`: Jinja rewrites tracebacks so that a frame of
    compiled template code carries the template's file name and line."""
    found = None
    while trace is not None:
        filename = trace.tb_frame.f_code.co_filename
        if filename.startswith(str(folder)):
            found = (Path(filename).name, trace.tb_lineno)
        trace = trace.tb_next
    return found


# --------------------------------------------------------------------------- PDF


def inside(url: str, folder: Path) -> Path | None:
    """The file `url` names when it is a file inside `folder` (symbolic links resolved),
    else None: the only files a template may load."""
    path = _in_folder(url, folder)
    return path if path is not None and path.is_file() else None


def missing_inside(url: str, folder: Path) -> bool:
    """Whether `url` names a file inside `folder` that is not there (a picture the club's
    stylesheet names and nobody copied in)."""
    path = _in_folder(url, folder)
    return path is not None and not path.exists()


def _in_folder(url: str, folder: Path) -> Path | None:
    """The path a `file:` URL names when it lies inside `folder` (links resolved), there
    or not; else None."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    path = Path(url2pathname(unquote(parts.path))).resolve()
    return path if path.is_relative_to(folder.resolve()) else None


def load_weasyprint() -> Any:
    """WeasyPrint, ready to lay out a PDF. It loads Pango (with GLib and HarfBuzz) when it
    is imported; a library the system cannot load is RemiError pango_missing with the
    system's reason, and the banner WeasyPrint prints on its way out is kept off the
    terminal, because remi says what to do itself."""
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            import weasyprint  # type: ignore[import-untyped]
    except OSError as error:
        # cffi adds a second sentence about ctypes.util.find_library: the first one says it.
        reason = str(error).split(".  ")[0].rstrip(".")
        raise RemiError("pango_missing", reason=reason) from None
    return weasyprint


def render_pdf(
    html: str,
    folder: Path,
    target: Path | IO[bytes],
    css: Sequence[str] = (),
    budget: Budget | None = None,
) -> list[str]:
    """Lay `html` out as one PDF document at `target` (a path or a binary file), with the
    stylesheets `css` after the template's; relative links resolve in `folder`. Returns the
    URLs that were refused (anything but a file inside `folder`). At most `budget.pages`
    pages are laid out (`MAX_PAGES` when None), and the budget is charged with them; an
    HTML text past `MAX_LAYOUT_CHARS` or `MAX_LAYOUT_TAGS` is not laid out at all."""
    tags = html.count("<")
    if len(html) > MAX_LAYOUT_CHARS or tags > MAX_LAYOUT_TAGS:
        raise RemiError(
            "layout_too_big",
            chars=len(html),
            tags=tags,
            most_chars=MAX_LAYOUT_CHARS,
            most_tags=MAX_LAYOUT_TAGS,
        )
    budget = budget if budget is not None else Budget()
    weasyprint = load_weasyprint()
    from weasyprint.urls import URLFetcher, URLFetcherResponse  # type: ignore[import-untyped]

    root = folder.resolve()
    refused: list[str] = []
    stopped: list[Problem] = []

    class FolderFetcher(URLFetcher):  # type: ignore[misc]
        """Serves the template folder's files; refuses the network and every other file."""

        def fetch(self, url: str, headers: object = None) -> Any:
            path = inside(url, root)
            if path is None:
                refused.append(url)
                raise PermissionError(f"outside the template folder: {url}")
            try:
                found = read_inside(root, str(path.relative_to(root)))
            except RemiError as stop:
                # WeasyPrint takes a failed fetch for a missing image: remi stops after it.
                stopped.append(stop.problem)
                raise PermissionError(stop.code) from None
            if found is None:
                refused.append(url)
                raise PermissionError(f"gone from the template folder: {url}")
            return URLFetcherResponse(url, found[1], _content_type(path))

    with _quiet_weasyprint(), _pages_at_most(weasyprint, budget.pages):
        with _layout_deadline(LAYOUT_SECONDS):
            document = weasyprint.HTML(
                string=html, base_url=root.as_uri() + "/", url_fetcher=FolderFetcher()
            ).render(stylesheets=[weasyprint.CSS(string=text) for text in css])
        if stopped:
            raise RemiError(stopped[0])
        if len(document.pages) > budget.pages:  # WeasyPrint without the hook of `_pages_at_most`
            raise RemiError("pages_too_many", limit=MAX_PAGES)
        budget.pages -= len(document.pages)
        document.write_pdf(target)
    return refused


class _TooManyPages(Exception):
    pass


@contextmanager
def _layout_deadline(seconds: float) -> Iterator[None]:
    """The layout stopped after `seconds` (`layout_too_slow`), by an interval timer's
    signal: one page can take minutes, so no check between pages would do. The signal
    comes again every second after, should WeasyPrint take it for a failed image and go
    on. Where there is no such timer (Windows) or remi is not the main thread, no bound."""
    import signal
    import threading

    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise RemiError("layout_too_slow", seconds=seconds)

    # The signal may land in a garbage collector's callback or a finaliser, where Python
    # can only print it ("Exception ignored in: …", a traceback under remi's line): such a
    # one is let go quietly, and the next second's signal stops the layout.
    unraisable = sys.unraisablehook

    def quietly(found: Any) -> None:
        if not (
            isinstance(found.exc_value, RemiError) and found.exc_value.code == "layout_too_slow"
        ):
            unraisable(found)

    previous = signal.signal(signal.SIGALRM, expired)
    sys.unraisablehook = quietly
    signal.setitimer(signal.ITIMER_REAL, seconds, 1.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
        sys.unraisablehook = unraisable


@contextmanager
def _pages_at_most(weasyprint: Any, most: int) -> Iterator[None]:
    """WeasyPrint stopped as its layout reaches page `most` + 1 (its memory and time grow
    with the pages, and would before it could be counted): `pages_too_many`. The hook is
    WeasyPrint's page maker, the generator `layout_document` draws its pages from; a
    WeasyPrint without it is bounded by counting the pages after the layout."""
    layout: Any = getattr(weasyprint, "layout", None)
    make_all_pages = getattr(layout, "make_all_pages", None)
    if make_all_pages is None:
        yield
        return

    def bounded(*args: Any, **kwargs: Any) -> Iterator[Any]:
        for number, page in enumerate(make_all_pages(*args, **kwargs), start=1):
            if number > most:
                raise _TooManyPages
            yield page

    layout.make_all_pages = bounded
    try:
        yield
    except _TooManyPages:
        raise RemiError("pages_too_many", limit=MAX_PAGES) from None
    finally:
        layout.make_all_pages = make_all_pages


def _content_type(path: Path) -> dict[str, str]:
    types_by_suffix = {".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png"}
    return {"Content-Type": types_by_suffix.get(path.suffix.lower(), "application/octet-stream")}


@contextmanager
def _quiet_weasyprint() -> Iterator[None]:
    """WeasyPrint logs every refused URL as a warning; remi reports those itself."""
    logger = logging.getLogger("weasyprint")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)
