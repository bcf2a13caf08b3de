"""The scorecard's web page (`remi report --html`) on a phone, opened in a real browser.

The installed `remi` writes the page; Debian's Chromium (headless) opens it at a phone's
width, 390 CSS pixels, and at an A4 page's, 794. Chromium's window is never narrower than
500 pixels, so the page is opened in a frame of the width asked for, inside a page of the
test's own: a frame is a window of its own for the page, its media queries and its
scrolling. A script there measures the page once it has loaded and writes what it found
into the title, which `--dump-dom` hands back. Without Chromium the test fails: `.ci/run`
installs it (`apt-get install chromium`).

What a reader of the page on a phone needs: the charts' labels at a size that reads, a date
on one line, every figure of a table there to be seen (a table fits, or it scrolls in its
box, all the way to its last column), and a box that scrolls saying so: its content fades
out on the side there is more to scroll to. The fading is the screen's only; the printed
page has none (the PDF itself is compared by hand, page by page: see the report).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import build_notebook

ROOT = Path(__file__).resolve().parent.parent
PHONE = 390
A4 = 794  # 210 mm at 96 pixels an inch
VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">'

# What the page holds at the frame's width, once loaded: how wide the page is (it scrolls
# sideways when wider than the frame), the tables that scroll inside themselves, the size
# each chart and its labels are drawn at, the date and place under the title. Then each
# box that scrolls (`div.scroll`, around a table or a chart) as it is, and scrolled to its
# end: how wide it is inside, where its cells end, on which side its content fades out (the
# hint that it scrolls). Last, the page as printed: the stylesheet's `@media screen` rules
# set aside and its `@media print` ones taken, as a printer reads it.
#
# Headless Chromium draws a frame once a page has loaded, but none when a script scrolls it
# later; a box's fading, tied to its scrolling, is brought up to date when a frame is drawn.
# So the page is opened twice, side by side: in frame `page` as it loads, in frame `end`
# with every box scrolled to its end as soon as it has loaded, before that first frame.
MEASURE = """
const settled = () => new Promise(done => setTimeout(done, 100));
const loaded = (id, first) => new Promise(done => {
  const frame = document.getElementById(id);
  frame.addEventListener('load', () => {
    first(frame.contentDocument);
    done(frame.contentDocument);
  });
});
// The sides of a box its content fades out on: the transparent ends of its mask's gradient.
const fading = box => {
  const mask = getComputedStyle(box).maskImage;
  if (!mask.startsWith('linear-gradient(')) return [];
  const stops = mask.slice(16, -1).split(/,(?![^(]*\\))/).map(stop => stop.trim());
  const way = stops[0].startsWith('to ') ? stops.shift() : 'to bottom';
  const clear = stop => stop.startsWith('rgba(0, 0, 0, 0)') || stop.startsWith('transparent');
  const ends = {'to right': ['left', 'right'], 'to left': ['right', 'left']}[way] || [];
  return ends.filter((side, at) => clear(at ? stops[stops.length - 1] : stops[0]));
};
const toEnd = page => {
  for (const box of page.querySelectorAll('.scroll')) box.scrollLeft = box.scrollWidth;
};
Promise.all([loaded('page', () => {}), loaded('end', toEnd)]).then(async ([page, end]) => {
  await settled();
  const scrollers = [...page.querySelectorAll('.scroll')];
  const found = {
    width: page.documentElement.scrollWidth,
    frame: page.documentElement.clientWidth,
    scrolling: scrollers.filter(e => e.scrollWidth > e.clientWidth + 1).length,
    overflow: [...new Set(scrollers.map(e => getComputedStyle(e).overflowX))],
    charts: [...page.querySelectorAll('svg.plot')].map(svg => {
      const box = svg.getBoundingClientRect(), drawn = svg.viewBox.baseVal;
      const shown = svg.closest('.chart').getBoundingClientRect();
      return [box.width, box.height, drawn.width, drawn.height, shown.width];
    }),
    labels: [...page.querySelectorAll('svg.plot text')].map(
      text => text.getBoundingClientRect().height),
    meta: [...page.querySelectorAll('.meta > span')].map(span => ({
      text: span.textContent,
      height: span.getBoundingClientRect().height,
      line: parseFloat(getComputedStyle(span).lineHeight),
      values: [...span.querySelectorAll('b')].map(b => b.getClientRects().length),
    })),
    boxes: scrollers.map(box => ({
      what: box.closest('.chart') ? 'chart' : box.closest('.standings') ? 'standings' : 'game',
      inside: box.scrollWidth,
      shown: box.clientWidth,
      right: box.getBoundingClientRect().right,
      // Where each cell (or the chart) ends, from the left of what the box scrolls.
      ends: [...box.querySelectorAll('td, th, svg.plot')].map(cell =>
        cell.getBoundingClientRect().right - box.getBoundingClientRect().left + box.scrollLeft),
      // Cells whose content is wider than they are: cut, or run into the next.
      spilling: [...box.querySelectorAll('td, th')].filter(
        cell => cell.scrollWidth > cell.clientWidth + 1).map(cell => cell.textContent),
      fades: fading(box),
    })),
  };
  [...end.querySelectorAll('.scroll')].forEach((box, at) => {
    const last = [...box.querySelectorAll('tr > :last-child, svg.plot')].map(
      cell => cell.getBoundingClientRect().right);
    Object.assign(found.boxes[at], {
      endFades: fading(box),
      // Scrolled to its end, the last cell of every row is in sight.
      lastShown: Math.max(...last) <= box.getBoundingClientRect().left + box.clientWidth + 0.5,
    });
  });
  // As printed: the rules for screens set aside, those for print taken.
  for (const sheet of page.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!rule.media) continue;
      const media = rule.media.mediaText;
      rule.media.mediaText =
        /\\bscreen\\b/.test(media) ? 'not all' : media.replace(/\\bprint\\b/g, 'all');
    }
  }
  found.printed = scrollers.map(box => fading(box));
  document.title = JSON.stringify(found);
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
    document = html.escape(page.read_text(encoding="utf-8"), quote=True)
    frame = (
        "<!DOCTYPE html><html><head><title>not measured</title></head>"
        '<body style="margin:0;display:flex">'
        + "".join(
            f'<iframe id="{name}" style="width:{width}px;height:844px;border:0;flex:none" '
            f'srcdoc="{document}"></iframe>'
            for name in ("page", "end")
        )
        + f"<script>{MEASURE}</script></body></html>"
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
            f"--window-size={2 * width + 40},900",  # the two frames side by side
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


Seen = Callable[[str, int], dict[str, Any]]


def _stale(box: dict[str, Any]) -> bool:
    """A box measured at its end whose fading was not brought up to date."""
    return bool(box.get("lastShown")) and "right" in box.get("endFades", [])


@pytest.fixture(scope="module")
def seen(pages: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Seen:
    """What a page shows at a width, measured once for all the tests that ask."""
    folder = tmp_path_factory.mktemp("frames")
    found: dict[tuple[str, int], dict[str, Any]] = {}

    def at(name: str, width: int) -> dict[str, Any]:
        if (name, width) not in found:
            measured = opened(pages[name], width, folder)
            # On a busy machine Chromium may draw its first frame of `end` before the
            # script has scrolled its boxes, and never again (`MEASURE`): a box scrolled
            # to its last column then still fades on the right. Opened again, up to twice.
            for _ in range(2):
                if not any(_stale(box) for box in measured["boxes"]):
                    break
                measured = opened(pages[name], width, folder)
            found[name, width] = measured
        return found[name, width]

    return at


@pytest.mark.parametrize("name", ["club", "six", "blank"])
def test_the_page_says_it_is_laid_out_for_the_devices_width(
    pages: dict[str, Path], name: str
) -> None:
    assert VIEWPORT in pages[name].read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["club", "six", "blank"])
def test_on_a_phone_the_page_never_scrolls_sideways_its_wide_tables_do(
    seen: Seen, name: str
) -> None:
    found = seen(name, PHONE)
    assert found["frame"] == PHONE
    assert found["width"] <= PHONE, found
    # Every table stands in a box that scrolls sideways; six players' figures do not fit
    # 390 pixels, and their table scrolls there, not the page, nor is it squeezed.
    assert found["overflow"] == ["auto"], found
    if name == "six":
        assert found["scrolling"] >= 1, found
    assert found["charts"] or name == "blank"
    for width, height, drawn_width, drawn_height, shown in found["charts"]:
        assert shown <= PHONE - 20  # the page's own margins beside it
        # Whole, not squashed: as high for its width as it was drawn.
        assert height == pytest.approx(width * drawn_height / drawn_width, abs=2)


@pytest.mark.parametrize("name", ["club", "six"])
def test_on_a_phone_a_charts_labels_read(seen: Seen, name: str) -> None:
    # Shrunk to the phone's width, a chart's figures were 5 pixels high: it is drawn no
    # smaller than they read at, and scrolls in its box instead (the page does not).
    found = seen(name, PHONE)
    assert found["labels"], found
    assert min(found["labels"]) >= 8, found["labels"]
    charts = [box for box in found["boxes"] if box["what"] == "chart"]
    assert len(charts) == len(found["charts"]) and found["width"] <= PHONE
    assert all(box["right"] <= PHONE for box in charts), charts


def test_on_a_phone_a_date_stays_on_one_line(seen: Seen) -> None:
    found = seen("club", PHONE)
    assert {"Dátum: 2026. 11. 06.", "Helyszín: Kovácsék, Szeged", "Játszmák: 3"} <= {
        meta["text"] for meta in found["meta"]
    }
    for meta in found["meta"]:
        assert meta["height"] < 1.5 * meta["line"], meta  # "Dátum: 2026. 11." / "06."
        assert meta["values"] == [1], meta


def test_on_a_phone_four_players_game_fits(seen: Seen) -> None:
    # Four pixels too wide, the sample's games scrolled and read as cut: "10(" for 100.
    found = seen("club", PHONE)
    games = [box for box in found["boxes"] if box["what"] == "game"]
    assert len(games) == 3
    for box in games:
        assert box["inside"] <= box["shown"], box


@pytest.mark.parametrize("width", [PHONE, A4])
@pytest.mark.parametrize("name", ["club", "six", "blank"])
def test_every_figure_of_a_table_can_be_seen(seen: Seen, name: str, width: int) -> None:
    found = seen(name, width)
    assert found["boxes"]
    for box in found["boxes"]:
        assert box["right"] <= width, box  # the box itself is on the page
        assert max(box["ends"]) <= box["inside"] + 0.5, box  # scrolling reaches every cell
        assert box["spilling"] == [], box  # no figure wider than its cell
        assert box["lastShown"], box  # scrolled to its end, its last column is in sight
        assert "right" not in box["endFades"], box  # and not faded out


@pytest.mark.parametrize("width", [PHONE, A4])
@pytest.mark.parametrize("name", ["club", "six", "blank"])
def test_a_box_that_scrolls_says_so_on_screen_and_not_on_paper(
    seen: Seen, name: str, width: int
) -> None:
    found = seen(name, width)
    for box in found["boxes"]:
        # More to the right: the content fades out there. A box that fits has no fade,
        # which would hide its last column for nothing.
        assert box["fades"] == (["right"] if box["inside"] > box["shown"] else []), box
    # Printed, no box fades.
    assert found["printed"] == [[] for _ in found["boxes"]], found["printed"]


def test_on_a_phone_the_standings_say_that_more_columns_follow(seen: Seen) -> None:
    # Ten columns do not fit a phone: the total and the average are to the right, and the
    # table's edge fades out to say so.
    found = seen("club", PHONE)
    (standings,) = [box for box in found["boxes"] if box["what"] == "standings"]
    assert standings["inside"] > standings["shown"], standings
    assert standings["fades"] == ["right"], standings
    assert standings["endFades"] == ["left"] and standings["lastShown"], standings


@pytest.mark.parametrize("name", ["club", "six", "blank"])
def test_at_an_a4_pages_width_nothing_scrolls(seen: Seen, name: str) -> None:
    found = seen(name, A4)
    assert found["width"] <= A4, found
    if name != "six":  # the sample's four and a blank card's six fit an A4 page's width
        assert found["scrolling"] == 0, found
