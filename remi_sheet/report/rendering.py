"""The scorecard's HTML and PDF: a Jinja2 template from the template folder filled with a
view model (`report.scorecard`, `report.season`), then laid out by WeasyPrint.

- `render_html` is sandboxed, every value auto-escaped, so a player called `<b>Béla</b>`
  prints as typed.
- `render_pdf` lays the whole HTML out in one pass, with a URL fetcher that serves files
  from the template folder and refuses everything else: no network, no other local files.

WeasyPrint is imported inside `render_pdf` only: importing it is slow, and every other
`remi` command would pay for it otherwise.
"""

from __future__ import annotations

import contextlib
import io
import logging
import types
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from remi_sheet.core.problems import RemiError
from remi_sheet.i18n import in_turn, place
from remi_sheet.report import default_template_dir
from remi_sheet.report.scorecard import signed

if TYPE_CHECKING:
    from markupsafe import Markup

    from remi_sheet.report.scorecard import BlankCard, Report

# --------------------------------------------------------------------------- templates


def render_html(folder: Path, name: str, document: Report | BlankCard) -> str:
    """The template `name` of `folder` filled with `document`. A template `folder` does not
    hold is remi's own, so that a folder holding only a club.css restyles the card.
    Every value is escaped and the template runs sandboxed; a broken template raises
    `RemiError` with its line."""
    import jinja2
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    # Absolute, so that template file names in errors and tracebacks are recognised.
    folder = folder.resolve()

    class Loader(jinja2.FileSystemLoader):
        def get_source(self, environment: Any, template: str) -> Any:
            try:
                return super().get_source(environment, template)
            except UnicodeDecodeError:  # named here: the error says no file
                raise RemiError("template_not_text", template=template) from None

    environment = ImmutableSandboxedEnvironment(
        loader=Loader([folder, default_template_dir()]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["signed"] = lambda value: signed(value, document.lang)
    environment.filters["in_turn"] = in_turn
    environment.filters["place"] = lambda value: place(value, document.lang)
    environment.globals["text_of"] = lambda name: _text_of(folder, name)

    try:
        return environment.get_template(name).render(doc=document, t=document.t)
    except jinja2.TemplateSyntaxError as error:
        template = error.filename or error.name or name
        raise RemiError(
            "template_error",
            template=_shown(template, folder),
            line=error.lineno,
            reason=error.message,
        ) from None
    except jinja2.TemplateNotFound as error:
        raise RemiError("template_missing", folder=folder, template=error.name) from None
    except RemiError:
        raise  # said already (`_text_of`)
    except Exception as error:  # noqa: BLE001 - any failure inside a user's template
        where = _template_line(error.__traceback__, folder)
        reason = f"{type(error).__name__}: {error}"
        if where is None:
            raise RemiError("template_error_noline", template=name, reason=reason) from None
        raise RemiError("template_error", template=where[0], line=where[1], reason=reason) from None


def _text_of(folder: Path, name: str) -> Markup:
    """The file `name` of the template folder (else remi's own) as it is, not as a
    template (CSS has `{#` too), or nothing when neither has one: the stylesheets."""
    from markupsafe import Markup

    path = folder / name
    if not path.is_file():
        path = default_template_dir() / name
    if not path.is_file():
        return Markup("")
    try:
        return Markup(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError:
        raise RemiError("template_not_text", template=name) from None
    except OSError as error:
        raise RemiError("file_unreadable", path=str(path)) from error


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
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    path = Path(url2pathname(unquote(parts.path))).resolve()
    root = folder.resolve()
    return path if path.is_relative_to(root) and path.is_file() else None


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
    html: str, folder: Path, target: Path | IO[bytes], css: Sequence[str] = ()
) -> list[str]:
    """Lay `html` out as one PDF document at `target` (a path or a binary file), with the
    stylesheets `css` after the template's; relative links resolve in `folder`. Returns the
    URLs that were refused (anything but a file inside `folder`)."""
    weasyprint = load_weasyprint()
    from weasyprint.urls import URLFetcher, URLFetcherResponse  # type: ignore[import-untyped]

    refused: list[str] = []

    class FolderFetcher(URLFetcher):  # type: ignore[misc]
        """Serves the template folder's files; refuses the network and every other file."""

        def fetch(self, url: str, headers: object = None) -> Any:
            path = inside(url, folder)
            if path is None:
                refused.append(url)
                raise PermissionError(f"outside the template folder: {url}")
            return URLFetcherResponse(url, path.read_bytes(), _content_type(path))

    with _quiet_weasyprint():
        document = weasyprint.HTML(
            string=html, base_url=folder.resolve().as_uri() + "/", url_fetcher=FolderFetcher()
        )
        document.write_pdf(target, stylesheets=[weasyprint.CSS(string=text) for text in css])
    return refused


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
