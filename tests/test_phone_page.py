"""The scorecard's web page (`remi report --html`) on a phone, opened in a real browser.

The installed `remi` writes the page; Debian's Chromium (headless) opens it at a phone's
width, 390 CSS pixels, and at an A4 page's, 794. Chromium's window is never narrower than
500 pixels, so the page is opened in a frame of the width asked for, inside a page of the
test's own: a frame is a window of its own for the page, its media queries and its
scrolling. A script there measures the page once it has loaded and writes what it found
into the title, which `--dump-dom` hands back. Without Chromium the test fails: `.ci/run`
installs it (`apt-get install chromium`).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import build_notebook

ROOT = Path(__file__).resolve().parent.parent
PHONE = 390
A4 = 794  # 210 mm at 96 pixels an inch
VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'

# What the page holds at the frame's width, once loaded: how wide the page is (it scrolls
# sideways when wider than the frame), the tables that scroll inside themselves, and the
# size each chart is drawn at.
MEASURE = """
const frame = document.getElementById('page');
frame.addEventListener('load', () => {
  const page = frame.contentDocument;
  const scrollers = [...page.querySelectorAll('.scroll')];
  document.title = JSON.stringify({
    width: page.documentElement.scrollWidth,
    frame: page.documentElement.clientWidth,
    scrolling: scrollers.filter(e => e.scrollWidth > e.clientWidth + 1).length,
    overflow: [...new Set(scrollers.map(e => getComputedStyle(e).overflowX))],
    charts: [...page.querySelectorAll('svg.plot')].map(svg => {
      const box = svg.getBoundingClientRect(), drawn = svg.viewBox.baseVal;
      return [box.width, box.height, drawn.width, drawn.height];
    }),
  });
});
"""


def _remi(*args: str | Path) -> None:
    """The installed `remi`, as a user runs it."""
    executable = shutil.which("remi", path=str(Path(sys.executable).parent))
    assert executable, "remi is not installed in this environment"
    done = subprocess.run(
        [executable, *map(str, args)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "no Chromium: apt-get install chromium (.ci/run installs it)"
    return found


def opened(page: Path, width: int, folder: Path) -> dict[str, Any]:
    """What `MEASURE` finds of `page` opened in a frame `width` pixels wide."""
    frame = (
        "<!DOCTYPE html><html><head><title>not measured</title></head>"
        '<body style="margin:0">'
        f'<iframe id="page" style="width:{width}px;height:844px;border:0" '
        f'srcdoc="{html.escape(page.read_text(encoding="utf-8"), quote=True)}"></iframe>'
        f"<script>{MEASURE}</script></body></html>"
    )
    holder = folder / f"{page.stem}-{width}.html"
    holder.write_text(frame, encoding="utf-8")
    done = subprocess.run(
        [
            _chromium(),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",  # a phone's scroll bars take no room
            f"--user-data-dir={folder / 'profile'}",
            f"--window-size={max(width + 40, 500)},900",
            "--run-all-compositor-stages-before-draw",
            "--virtual-time-budget=2000",
            "--dump-dom",
            holder.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    title = re.search(r"<title>(.*?)</title>", done.stdout, re.DOTALL)
    assert title is not None and title[1] != "not measured", done.stderr[-2000:]
    measured: dict[str, Any] = json.loads(html.unescape(title[1]))
    return measured


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The web pages `remi report --html` writes: the sample club's scorecard, a game of
    six long names over twelve deals, and a blank card for six."""
    folder = tmp_path_factory.mktemp("pages")
    names = ["Kovácsné Szabó Erzsébet", "Bíró Győző", "Őrsi Ödön", "Nagy-Tóth Réka"]
    names += ["Fülöp Ábel", "Szűcs Zsuzsanna"]
    deals: list[list[Any]] = [
        [deal, *["W" if seat == deal % 6 else 10 * ((deal + seat) % 9) for seat in range(6)]]
        for deal in range(1, 13)
    ]
    game = {"Nagy játszma": [["Leosztás", *names], *deals]}
    six = build_notebook(folder / "hatan.xlsx", game, {"deals_per_game": 12})
    made = {
        "club": folder / "klub.html",
        "six": folder / "hatan.html",
        "blank": folder / "ures.html",
    }
    _remi("report", ROOT / "samples" / "klub.xlsx", "--html", made["club"])
    _remi("report", six, "--html", made["six"])
    _remi("report", "--blank", *[f"--player={name}" for name in names], "--html", made["blank"])
    return made


@pytest.mark.parametrize("name", ["club", "six", "blank"])
def test_the_page_says_it_is_laid_out_for_the_devices_width(
    pages: dict[str, Path], name: str
) -> None:
    assert VIEWPORT in pages[name].read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["club", "six", "blank"])
def test_on_a_phone_the_page_never_scrolls_sideways_its_wide_tables_do(
    pages: dict[str, Path], name: str, tmp_path: Path
) -> None:
    found = opened(pages[name], PHONE, tmp_path)
    assert found["frame"] == PHONE
    assert found["width"] <= PHONE, found
    # Every table stands in a box that scrolls sideways; six players' figures do not fit
    # 390 pixels, and their table scrolls there, not the page, nor is it squeezed.
    assert found["overflow"] == ["auto"], found
    if name == "six":
        assert found["scrolling"] >= 1, found
    assert found["charts"] or name == "blank"
    for width, height, drawn_width, drawn_height in found["charts"]:
        assert width <= PHONE - 20  # the page's own margins beside it
        # Shrunk whole, not squashed: as high for its width as it was drawn.
        assert height == pytest.approx(width * drawn_height / drawn_width, abs=2)


@pytest.mark.parametrize("name", ["club", "six", "blank"])
def test_at_an_a4_pages_width_nothing_scrolls(
    pages: dict[str, Path], name: str, tmp_path: Path
) -> None:
    found = opened(pages[name], A4, tmp_path)
    assert found["width"] <= A4, found
    if name != "six":  # the sample's four and a blank card's six fit an A4 page's width
        assert found["scrolling"] == 0, found
