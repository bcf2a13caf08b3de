"""A long scorecard laid out in parts, so that its memory does not grow with the season.

WeasyPrint holds a document's whole layout until the PDF is written: a 200-game season
took over 800 MB. A report of more than `PART_GAMES` games is laid out a part at a time,
each part's PDF kept as bytes, and the parts joined with pypdf. The page numbers
("12 / 201") and the footer are laid out last, on pages of their own with the same page
rules and nothing else, once the number of pages is known, and drawn over the parts'
pages; so every page reads as a one-pass render would (tests/test_report_parts.py
compares them page for page).
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from remi_sheet.i18n import Lang
from remi_sheet.report.scorecard import Report

PART_GAMES: Final = 20  # games laid out at a time
FOLIO_TEMPLATE: Final = "folios.html"
# A part's pages without the footer, which the folio pages carry.
_NO_FOOTER: Final = (
    "@page { @bottom-left { content: none !important; }"
    " @bottom-right { content: none !important; } }"
)


@dataclass(frozen=True, slots=True)
class Folios:
    """What `folios.html` lays out: `pages` empty pages with the scorecard's footer."""

    lang: Lang
    title: str
    t: object
    pages: int


def parts(report: Report, size: int = PART_GAMES) -> list[Report]:
    """The report as parts of at most `size` games; the standings page comes with the
    last."""
    games = report.games
    if len(games) <= size:
        return [report]
    cuts = [games[start : start + size] for start in range(0, len(games), size)]
    return [
        dataclasses.replace(
            report, games=cut, standings=None if cut is not cuts[-1] else report.standings
        )
        for cut in cuts
    ]


Render = Callable[[str, Path, "io.BytesIO | Path", Sequence[str]], list[str]]


def render_in_parts(
    htmls: Sequence[str],
    folios: Callable[[int], str],
    folder: Path,
    target: Path,
    render: Render,
    done: Callable[[int], None] = lambda parts: None,
) -> list[str]:
    """Lay out each part of `htmls` with `render` (html, folder, target, extra CSS) and
    write them at `target` as one PDF, numbered by the pages `folios(count)` lays out;
    `done(parts)` is told after each part. Returns the URLs refused."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    refused: list[str] = []
    for number, html in enumerate(htmls):
        laid_out = io.BytesIO()
        refused += render(html, folder, laid_out, [_NO_FOOTER])
        part = PdfReader(laid_out)
        if number == 0:
            writer.add_metadata(dict(part.metadata or {}))
        writer.append(part)
        done(number + 1)
    numbered = io.BytesIO()
    refused += render(folios(len(writer.pages)), folder, numbered, [])
    for page, folio in zip(writer.pages, PdfReader(numbered).pages, strict=True):
        page.merge_page(folio)
    with target.open("wb") as out:
        writer.write(out)
    return refused
