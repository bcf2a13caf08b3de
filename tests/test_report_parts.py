"""A long scorecard laid out in parts (report/paging.py) reads as the one-pass layout does,
page for page: the games, the standings, the footer and every page's number of the whole."""

from __future__ import annotations

import datetime as dt
import itertools
import tempfile
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from remi_sheet.commands.report import _lay_out
from remi_sheet.notebook.loading import load_notebook
from remi_sheet.report import default_template_dir, paging
from remi_sheet.report.rendering import render_html, render_pdf
from remi_sheet.report.scorecard import Report, build_report
from tests.conftest import remi
from tests.test_report import FULL_GAME, TIED_GAME, WORKED_GAME, make_notebook, pages


def test_parts_hold_every_game_once_and_the_standings_last() -> None:
    report = _report_of(7)
    cut = paging.parts(report, 3)
    assert [len(part.games) for part in cut] == [3, 3, 1]
    assert [game for part in cut for game in part.games] == list(report.games)
    assert [part.standings is not None for part in cut] == [False, False, True]
    assert paging.parts(report, 7) == [report]


def test_a_report_in_parts_reads_as_one_laid_out_at_once(tmp_path: Path) -> None:
    report = _report_of(5)
    folder = default_template_dir()
    whole = tmp_path / "whole.pdf"
    render_pdf(render_html(folder, "scorecard.html", report), folder, whole)
    joined = tmp_path / "parts.pdf"
    htmls = [render_html(folder, "scorecard.html", part) for part in paging.parts(report, 2)]

    def folios(count: int) -> str:
        footer = paging.Folios(report.lang, report.title, report.t, count)
        return render_html(folder, paging.FOLIO_TEMPLATE, footer)  # type: ignore[arg-type]

    assert paging.render_in_parts(htmls, folios, folder, joined, render_pdf) == []
    assert len(pages(whole)) == 6
    assert pages(joined) == pages(whole)
    assert "4 / 6" in pages(joined)[3]
    parts_pdf, whole_pdf = PdfReader(joined), PdfReader(whole)
    assert parts_pdf.metadata == whole_pdf.metadata  # title, creator
    assert [item.title for item in parts_pdf.outline] == [  # type: ignore[union-attr]
        item.title  # type: ignore[union-attr]
        for item in whole_pdf.outline
    ]


def test_remi_report_of_a_long_season_is_numbered_through(tmp_path: Path) -> None:
    games = paging.PART_GAMES + 2
    path = _notebook(tmp_path, games)
    result = remi("report", path, "-o", tmp_path / "season.pdf", "--lang", "en")
    assert result.exit_code == 0, result.output
    printed = pages(tmp_path / "season.pdf")
    assert len(printed) == games + 1
    for number, text in enumerate(printed, start=1):
        assert f"{number} / {games + 1}" in text, (number, text[-60:])
    assert f"Game {paging.PART_GAMES + 1:02}" in printed[paging.PART_GAMES]
    assert "Standings" in printed[-1]


@pytest.mark.parametrize("terminal", ["1", "0"])
def test_a_long_report_tells_a_terminal_how_far_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, terminal: str
) -> None:
    """A season takes a minute or two to lay out: a terminal is told the games done after
    each part, on one line of standard error; a pipe or a file gets nothing of it."""
    in_parts = paging.parts
    monkeypatch.setattr(paging, "parts", lambda report: in_parts(report, 2))
    path = _notebook(tmp_path, 3)
    env = {"TTY_COMPATIBLE": terminal}
    result = remi("report", path, "-o", tmp_path / "s.pdf", "--lang", "en", env=env)
    assert result.exit_code == 0, result.output
    told = "\rLaying out the scorecard: 0 of 3 games…\rLaying out the scorecard: 2 of 3 games…"
    told += "\rLaying out the scorecard: 3 of 3 games…\n"
    assert result.stderr == (told if terminal == "1" else "")


def test_a_template_folder_without_footer_pages_takes_remis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of remi's templates made before folios.html existed is numbered through."""
    in_parts = paging.parts
    monkeypatch.setattr(paging, "parts", lambda report: in_parts(report, 2))
    report = _report_of(3)
    folder = tmp_path / "templates"
    folder.mkdir()
    for source in default_template_dir().iterdir():
        if source.is_file() and source.name != paging.FOLIO_TEMPLATE:
            (folder / source.name).write_bytes(source.read_bytes())
    target = tmp_path / "old.pdf"
    text = render_html(folder, "scorecard.html", report)
    assert _lay_out(report, "scorecard.html", folder, text, target) == []
    printed = pages(target)
    assert [f"{number} / 4" in text for number, text in enumerate(printed, 1)] == [True] * 4


def _notebook(folder: Path, games: int) -> Path:
    rows = (FULL_GAME, WORKED_GAME, TIED_GAME)
    sheets = {
        f"Game {number:02}": (rows[number % 3], dt.date(2026, 1, 1) + dt.timedelta(number), None)
        for number in range(1, games + 1)
    }
    return make_notebook(folder / "season.xlsx", sheets)


def _report_of(games: int) -> Report:
    with tempfile.TemporaryDirectory() as folder:
        notebook = load_notebook(_notebook(Path(folder), games))
        return build_report(notebook, notebook.games, "season.xlsx")


@pytest.mark.parametrize("points", [8, 21, 62, 70])
def test_a_charts_axis_labels_never_crowd_the_last_one(points: int) -> None:
    from remi_sheet.report.charts import line_chart

    labels = ["", *(str(n) for n in range(1, points))]
    chart = line_chart(["A"], [list(range(points))], labels)
    ticks = [tick.at for tick in chart.x_ticks]
    gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
    assert chart.x_ticks[-1].label == labels[-1]
    assert min(gaps) >= max(gaps[:-1] or gaps) * 0.99  # the last gap no narrower than the rest


def test_a_line_starts_right_before_the_first_game_played() -> None:
    from remi_sheet.report.charts import joined, line_chart

    assert joined([None, None, 5, None, 7], 0) == [None, None, 0, 5, None, 7]
    assert joined([3, 4], 0) == [0, 3, 4]
    labels = ["", "1", "2", "3", "4", "5"]
    early, late = line_chart(
        ["Anna", "Csilla"],
        [joined([1, 2, 3, 4, 5], 0), joined([None, None, None, 9, 2], 0)],
        labels,
    ).series
    assert early.path.startswith("M44,") and not late.path.startswith("M44,")
    assert len(late.path.split(" ")) == 3  # from before game 4, through games 4 and 5
    assert joined([None, None], 0) == [None, None, None]
    chart = line_chart(["Anna", "Dóra"], [joined([1, 2], 0), joined([None, None], 0)], labels[:3])
    assert [line.name for line in chart.series] == ["Anna"]  # Dóra has no line, no key


@pytest.mark.parametrize(("points", "marked"), [(8, 7), (40, 14)])
def test_every_marker_is_drawn_once_and_the_line_end_always(points: int, marked: int) -> None:
    """The markers of a line are one path, one shape per marked point: a short line marks
    every point after the start, a long one every few and its end; none is drawn twice."""
    from remi_sheet.report.charts import line_chart

    labels = ["", *(str(n) for n in range(1, points))]
    (line,) = line_chart(["A"], [list(range(points))], labels, most_marks=13).series
    starts = [part for part in line.marks.split(" ") if part.startswith("M")]
    assert len(starts) == len(set(starts)) == marked
    end_x, end_y = line.path.split(" ")[-1].removeprefix("L").split(",")
    assert starts[-1] == f"M{round(float(end_x) - 3.3, 2):g},{end_y}"  # a circle, from its left


def test_a_long_place_wraps_beside_the_status_badge_never_under_it(tmp_path: Path) -> None:
    """A limit game's badge is some 60 mm wide; it once stood over a long place's words."""
    import weasyprint

    # Short words: every line of the place runs as far right as it may.
    place = "Kovácsék háza, Balatonfüred, " + " ".join(["Fő utca 1."] * 12)
    sheets = {"G": (WORKED_GAME, dt.date(2026, 1, 1), place)}
    path = make_notebook(tmp_path / "n.xlsx", sheets, {"game_end": "limit", "points_limit": 900})
    notebook = load_notebook(path)
    report = build_report(notebook, notebook.games, "n.xlsx")
    folder = default_template_dir()
    html = render_html(folder, "scorecard.html", report)
    laid_out = weasyprint.HTML(string=html, base_url=folder.as_uri() + "/").render()
    boxes = list(laid_out.pages[0]._page_box.descendants())  # WeasyPrint's laid-out boxes

    def classed(name: str) -> Any:
        def has(box: Any) -> bool:
            element = getattr(box, "element", None)  # an element without children is falsy
            return element is not None and name in element.get("class", "").split()

        return next(box for box in boxes if has(box))

    badge, meta = classed("status"), classed("meta")
    assert "900" in "".join(b.text for b in badge.descendants() if hasattr(b, "text"))
    words = [b for b in meta.descendants() if getattr(b, "text", "").strip()]
    assert "Balatonfüred" in "".join(b.text for b in words), [b.text for b in words]
    top, bottom = badge.position_y, badge.position_y + badge.margin_height()
    beside = [b for b in words if b.position_y < bottom and b.position_y + b.height > top]
    assert beside, "the badge stands level with the date and place"
    for box in beside:
        assert box.position_x + box.width <= badge.position_x, box.text


def test_no_two_lines_of_a_chart_look_alike_and_a_tie_hides_none() -> None:
    from remi_sheet.report.charts import line_chart, style

    # Up to 36 players, no two share a colour and a dash, nor a dash and a marker.
    looks = [style(index) for index in range(36)]
    assert len({(colour, dash) for colour, dash, _ in looks}) == 36
    assert len({(dash, marker) for _, dash, marker in looks}) == 36
    # A game's players keep their colours of the report, unless one on its chart has it:
    # the standings' first keeps it, the other takes one none of them has.
    labels = ["", "1", "2"]
    chart = line_chart(
        ["A", "B", "C"], [[0, 10, 20], [0, 10, 20], [0, 5, 9]], labels, styles=[6, 0, 1]
    )
    colours = [line.colour for line in chart.series]
    assert len(set(colours)) == 3 and colours[1] == style(0)[0] and colours[2] == style(1)[0]
    # A and B tied after every deal: B is drawn a little higher, not over A (the start,
    # everybody's 0, is shared).
    a, b, _ = (line.path.split(" ") for line in chart.series)
    assert a[0] == b[0] and all(pa != pb for pa, pb in zip(a[1:], b[1:], strict=True))


def test_a_game_played_to_a_limit_charts_the_deals_it_has(tmp_path: Path) -> None:
    rows = [["Deal", "Anna", "Béla"], [1, "W", 10], [2, 20, "W"], [3, "W", 30]]
    rules = {"game_end": "limit", "points_limit": 500}
    notebook = load_notebook(make_notebook(tmp_path / "l.xlsx", {"G": (rows, None, None)}, rules))
    (page,) = build_report(notebook, notebook.games, "l.xlsx").games
    assert page.chart is not None and page.chart.x_ticks[-1].label == "3"  # not 7
