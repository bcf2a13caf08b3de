"""`remi report`: the PDF scorecard, read back as text, and the rules it must keep.

The PDFs are checked through the text pypdf extracts (names, totals, ranks, Hungarian
glyphs), never through pixels, so that the tests need no poppler and no reference images.
"""

from __future__ import annotations

import datetime as dt
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from pypdf import PdfReader

from remi_sheet.i18n import Lang
from remi_sheet.report import default_template_dir
from remi_sheet.report.rendering import inside
from tests.conftest import build_notebook, fresh_python, remi, worked_game

Sheet = tuple[Sequence[Sequence[Any]], dt.date | None, str | None]

# A complete game, worked out by hand with the default rules (RULES.md):
#   deal 1: H 27 X 14      → −40  60 200  20
#   deal 2: 12 W "K 9 Jo" 33 → 10 −20  40  30
#   deal 3: 3 "X 55" W 8   →   0  60 −20  10
#   deal 4: W 22 41 5      → −20  20  40  10
#   deal 5: 17 H 30 X      →  40 −40  60 200
#   deal 6: 45 8 12 W      →  50  10  10 −20
#   deal 7: X 19 H 25      → 200  40 −40  60
#   totals                   240 130 290 310 → places 2, 1, 3, 4
FULL_GAME = [
    ["Leosztás", "Anna", "Béla", "Győző", "Őrsi Ödön"],
    [1, "H", 27, "X", 14],
    [2, 12, "W", "K 9 Jo", 33],
    [3, 3, "X 55", "W", 8],
    [4, "W", 22, 41, 5],
    [5, 17, "H", 30, "X"],
    [6, 45, 8, 12, "W"],
    [7, "X", 19, "H", 25],
]
# The worked game of RULES.md, three deals of seven: −30, 100, 220 (Hungarian headings).
WORKED_GAME = [["Leosztás", *worked_game()[0][1:]], *worked_game()[1:]]
# Anna −20 + 20 = 0, Béla 20 + 20 = 40, Csaba 20 − 20 = 0: Anna and Csaba share first place.
TIED_GAME = [["Leosztás", "Anna", "Béla", "Csaba"], [1, "W", 20, 20], [2, 20, 20, "W"]]
BROKEN_GAME = [["Leosztás", "Anna", "Béla"], [1, "W", "W"], [2, 10, "W"]]


def make_notebook(
    path: Path, sheets: dict[str, Sheet], rules: dict[str, Any] | None = None
) -> Path:
    """An .xlsx with one game sheet per entry: rows typed from the top, a Date and a Place
    row above the header when given, text kept as text."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, (rows, date, place) in sheets.items():
        sheet = book.create_sheet(name)
        if date is not None:
            sheet.append(["Dátum", date])
        if place is not None:
            sheet.append(["Helyszín", place])
        for row in rows:
            sheet.append(list(row))
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str):
                    cell.data_type = "s"
    if rules:
        sheet = book.create_sheet("Rules")
        for key, value in rules.items():
            sheet.append([key, value])
    book.save(path)
    return path


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """The report's sample: a complete game, the worked game, a tie."""
    return make_notebook(
        tmp_path / "klub.xlsx",
        {
            "Klub #1": (FULL_GAME, dt.date(2026, 11, 29), "Kőbánya, Fűzfa utca 8."),
            "Klub #2": (WORKED_GAME, dt.date(2026, 11, 30), None),
            "Döntetlen": (TIED_GAME, None, None),
        },
    )


def pages(pdf: Path) -> list[str]:
    """Each page's text, with runs of white space made one space."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages]


def copy_templates(tmp_path: Path) -> Path:
    folder = tmp_path / "my-templates"
    shutil.copytree(default_template_dir(), folder, ignore=shutil.ignore_patterns("__*"))
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# ------------------------------------------------------------------ the sample, two languages


def test_a_report_made_again_from_the_same_notebook_leaves_its_files_alone(
    club: Path, tmp_path: Path
) -> None:
    """A second run on unchanged input changes nothing: the PDF and the page there hold
    these very bytes, so neither is replaced (its time kept) nor backed up, and remi says
    so; a changed notebook writes them anew."""
    pdf, page = tmp_path / "card.pdf", tmp_path / "card.html"
    assert remi("report", club, "-o", pdf, "--html", page, "--lang", "en").exit_code == 0
    times = {path: path.stat().st_mtime_ns for path in (pdf, page)}
    again = remi("report", club, "-o", pdf, "--html", page, "--lang", "en")
    assert again.exit_code == 0, again.output
    assert f"Nothing to change: {pdf} already holds this." in again.stdout
    assert f"Nothing to change: {page} already holds this." in again.stdout
    assert {path: path.stat().st_mtime_ns for path in (pdf, page)} == times
    assert sorted(path.name for path in tmp_path.iterdir()) == ["card.html", "card.pdf", club.name]
    other = remi("report", club, "-o", pdf, "--html", page, "--lang", "hu")
    assert other.exit_code == 0 and f"Kiírva: {pdf}" in other.stdout
    assert (tmp_path / "card.pdf.bak").exists() and (tmp_path / "card.html.bak").exists()


def test_english_report_shows_totals_ranks_and_names(club: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "card.pdf"
    result = remi("report", club, "-o", pdf, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert f"Written: {pdf}" in result.stdout
    first, second, tied, standings = pages(pdf)  # one page a game, then the standings

    assert "Klub #1" in first
    assert "Date: 2026-11-29 · Place: Kőbánya, Fűzfa utca 8." in first
    assert "Anna Béla Győző Őrsi Ödön" in first
    assert "7. 200 240 40 130 −40 290 60 310" in first  # the last deal: score, Σ per player
    assert "Total 240 130 290 310" in first
    assert "Rank 2nd ★ 1st 3rd 4th" in first
    assert "7/7 deals · complete" in first
    assert "Winner: Béla" in first

    assert "Total −30 100 220" in second
    assert "Rank ★ 1st 2nd 3rd" in second
    assert "3/7 deals · not finished" in second
    assert "Leading: Anna" in second

    assert "Rank ★ 1st (tied) 3rd ★ 1st (tied)" in tied
    assert "2/7 deals" in tied

    assert "Standings" in standings
    assert "Games: 3" in standings
    # Most wins first: Béla won the only complete game. The tie was not finished: no wins,
    # and no average for Csaba, who played no complete game; the averages are of the one
    # complete game (Anna's 210 in all three games is 240 in the complete one).
    assert "1st Béla 3 1 1 12 270 130.0 1 0 2nd Anna 3 1 0 12 210 240.0 2 1" in standings
    assert "5th Csaba 2 0 0 5 220 — 0 1" in standings
    assert "Order: most wins, then the lowest average per complete game" in standings


def test_hungarian_report_uses_hungarian_words_and_glyphs(club: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "lap.pdf"
    result = remi("report", club, "-o", pdf, "--lang", "hu")
    assert result.exit_code == 0, result.output
    assert f"Kiírva: {pdf}" in result.stdout
    first, second, _, standings = pages(pdf)
    assert "Dátum: 2026. 11. 29. · Helyszín: Kőbánya, Fűzfa utca 8." in first
    assert "Győző Őrsi Ödön" in first  # ő, Ő, ű survive the fonts and the text layer
    assert "Összesen 240 130 290 310" in first
    assert "Helyezés 2. ★ 1. 3. 4." in first
    assert "7/7 leosztás · kész" in first
    assert "Győztes: Béla" in first
    assert "Összesen −30 100 220" in second
    assert "3/7 leosztás · nincs befejezve" in second
    assert "Összesítő" in standings
    assert "Átlag befejezett játszmánként" in standings
    assert "Sorrend: több győzelem, majd kisebb átlag befejezett játszmánként" in standings


def test_notebook_language_is_the_default(club: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "lap.pdf"
    assert remi("report", club, "-o", pdf).exit_code == 0
    assert "Összesen 240 130 290 310" in pages(pdf)[0]


def test_chosen_games_only_and_no_standings_for_one(club: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "one.pdf"
    result = remi("report", club, "-o", pdf, "--game", "Klub #2", "--lang", "en")
    assert result.exit_code == 0, result.output
    (only,) = pages(pdf)
    assert "Total −30 100 220" in only


def test_unknown_game_is_a_usage_error(club: Path, tmp_path: Path) -> None:
    result = remi("report", club, "-o", tmp_path / "x.pdf", "--game", "Nope", "--lang", "en")
    assert result.exit_code == 2
    assert "No game sheet called 'Nope'. The games are: Klub #1, Klub #2, Döntetlen." in (
        result.stderr
    )
    assert not (tmp_path / "x.pdf").exists()


def test_house_rules_that_differ_are_in_a_footnote(tmp_path: Path) -> None:
    path = make_notebook(
        tmp_path / "r.xlsx", {"G": (WORKED_GAME, None, None)}, rules={"opening_minimum": 51}
    )
    pdf = tmp_path / "r.pdf"
    assert remi("report", path, "-o", pdf, "--lang", "en").exit_code == 0
    assert (
        "House rules differing from the defaults: opening_minimum = 51 (default: 50)"
        in (pages(pdf)[0])
    )


def test_deals_per_game_decides_completeness(tmp_path: Path) -> None:
    path = make_notebook(tmp_path / "r.xlsx", {"G": (WORKED_GAME[:4], None, None)})
    pdf = tmp_path / "r.pdf"
    assert remi("report", path, "-o", pdf, "-r", "deals_per_game=3", "--lang", "en").exit_code == 0
    assert "3/3 deals · complete" in pages(pdf)[0]
    assert "Winner: Anna" in pages(pdf)[0]


def test_a_date_or_place_stored_as_a_number_is_printed_as_the_language_writes_it(
    tmp_path: Path,
) -> None:
    path = make_notebook(tmp_path / "n.xlsx", {"Kedd": (WORKED_GAME, 12.5, 3.0)})
    pdf = tmp_path / "n.pdf"
    assert remi("report", path, "-o", pdf, "--lang", "hu").exit_code == 0
    assert "Dátum: 12,5 · Helyszín: 3" in pages(pdf)[0]


# ------------------------------------------------------------------ errors in the notebook


def test_broken_game_lists_its_problems_instead_of_numbers(tmp_path: Path) -> None:
    path = make_notebook(
        tmp_path / "b.xlsx",
        {"Good": (WORKED_GAME, None, None), "Bad": (BROKEN_GAME, None, None)},
    )
    pdf = tmp_path / "b.pdf"
    result = remi("report", path, "-o", pdf, "--lang", "en")
    assert result.exit_code == 1
    assert "Bad!C2: Deal 1 has two winners (Anna and Béla)" in result.stdout
    assert "Printed with errors instead of scores: 1 game." in result.stdout
    good, bad, standings = pages(pdf)
    assert "Total −30 100 220" in good
    assert "This game has an error and is not scored" in bad
    assert "C2 Deal 1 has two winners (Anna and Béla): only one player can go out." in bad
    assert "Total" not in bad and "Rank" not in bad
    assert "Not counted (errors): Bad" in standings


def test_a_long_list_of_errors_starts_under_the_games_title(tmp_path: Path) -> None:
    """Twenty-five errors do not fit on one page: they begin on the game's page and go on
    to the next (the whole box went to the next page, the first left with its title)."""
    header = ["Leosztás", "Anna", "Béla", "Csaba", "Dóra", "Ede", "Feri"]
    rows = [header] + [[deal, "W", "X", "X", "X", "X", 20] for deal in range(1, 8)]
    path = make_notebook(tmp_path / "e.xlsx", {"Sok hiba": (rows, None, None)})
    pdf = tmp_path / "e.pdf"
    assert remi("report", path, "-o", pdf, "--lang", "en").exit_code == 1
    first, second = pages(pdf)
    assert "Sok hiba" in first and "This game has errors and is not scored" in first
    assert "C2 Béla: X without card points" in first
    assert "F8 Ede: X without card points" in second


def test_a_game_played_to_a_limit_is_one_page_and_its_blank_card_has_its_rows(
    tmp_path: Path,
) -> None:
    names = ["Anna", "Béla", "Csaba", "Dóra"]
    deals = [
        [deal, *(["W", 10, 20, 30] if deal % 2 else [20, "W", 10, 0])] for deal in range(1, 21)
    ]
    rules = {"game_end": "limit", "points_limit": 1000}
    path = make_notebook(
        tmp_path / "l.xlsx", {"Ötszázig": ([["Leosztás", *names], *deals], None, None)}, rules
    )
    pdf = tmp_path / "l.pdf"
    assert remi("report", path, "-o", pdf, "--lang", "en").exit_code == 0, pdf
    (page,) = pages(pdf)  # twenty deals, the chart and the house rules' note on one page
    assert "20." in page and "Running totals".upper() in page.upper()
    blank = tmp_path / "blank.pdf"
    assert remi("report", "--blank", path, "-o", blank, "--lang", "en").exit_code == 0
    (card,) = pages(blank)  # a game sheet of such a notebook has twenty rows: so has its card
    assert "20." in card and "21." not in card


def test_head_to_head_of_a_dozen_players_is_a_landscape_page(tmp_path: Path) -> None:
    names = [f"{family} {given}" for family in ("Nagy", "Kiss", "Tóth") for given in "ABCD"]
    games = {
        f"Klub #{number}": (
            [["Leosztás", *names[number * 4 : number * 4 + 4]], *FULL_GAME[1:]],
            None,
            None,
        )
        for number in range(3)
    }
    path = make_notebook(tmp_path / "s.xlsx", games)
    pdf = tmp_path / "s.pdf"
    assert remi("stats", path, "-o", pdf, "--lang", "en").exit_code == 0
    reader = PdfReader(pdf)
    (versus,) = [page for page in reader.pages if "Head to head" in page.extract_text()]
    assert versus.mediabox.width > versus.mediabox.height  # every column across the page
    assert names[-1] in " ".join(versus.extract_text().split())
    # Every page of the season in one orientation: it turned to portrait on page 2.
    assert len(reader.pages) > 1
    assert all(page.mediabox.width > page.mediabox.height for page in reader.pages)


def test_wrong_house_rules_print_nothing(tmp_path: Path) -> None:
    path = make_notebook(
        tmp_path / "r.xlsx", {"G": (WORKED_GAME, None, None)}, rules={"opening_minimum": "sok"}
    )
    result = remi("report", path, "-o", tmp_path / "r.pdf", "--lang", "en")
    assert result.exit_code == 1
    assert "Nothing printed: fix the error above first." in result.stdout
    assert not (tmp_path / "r.pdf").exists()


def test_missing_notebook_is_one_clear_line(tmp_path: Path) -> None:
    result = remi("report", tmp_path / "nincs.xlsx", "-o", tmp_path / "x.pdf", "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: File not found:")
    assert "Traceback" not in result.output


def test_notebook_or_blank_is_needed(tmp_path: Path) -> None:
    result = remi("report", "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert "Give the notebook to print, or --blank" in result.stderr


# ------------------------------------------------------------------ escaping and file access


def test_values_are_escaped_and_print_as_typed(tmp_path: Path) -> None:
    rows = [["Deal", "<b>Béla</b>", "Anna & <i>Co</i>"], [1, "W", 12]]
    path = make_notebook(tmp_path / "e.xlsx", {"<script>x": (rows, None, "<img src=x>")})
    pdf, html = tmp_path / "e.pdf", tmp_path / "e.html"
    result = remi("report", path, "-o", pdf, "--html", html, "--lang", "en")
    assert result.exit_code == 0, result.output
    source = html.read_text(encoding="utf-8")
    assert "&lt;b&gt;Béla&lt;/b&gt;" in source
    assert "Anna &amp; &lt;i&gt;Co&lt;/i&gt;" in source
    assert "&lt;script&gt;x" in source
    assert "<b>Béla" not in source and "<script>" not in source and "<img src=x>" not in source
    (text,) = pages(pdf)
    assert "<b>Béla</b> Anna & <i>Co</i>" in text
    assert "<script>x" in text
    assert "Place: <img src=x>" in text


def test_only_files_inside_the_template_folder_are_allowed(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    (folder / "img").mkdir(parents=True)
    (folder / "img" / "logo.svg").write_text("<svg/>")
    secret = tmp_path / "secret.css"
    secret.write_text("body {}")
    (folder / "link.css").symlink_to(secret)
    assert inside((folder / "img" / "logo.svg").as_uri(), folder) == folder / "img" / "logo.svg"
    assert inside(folder.as_uri() + "/img/../img/logo.svg", folder) is not None
    assert inside(folder.as_uri() + "/../secret.css", folder) is None
    assert inside(secret.as_uri(), folder) is None
    assert inside((folder / "link.css").as_uri(), folder) is None  # a link out of the folder
    assert inside("file:///etc/passwd", folder) is None
    assert inside("file://otherhost" + str(folder / "img" / "logo.svg"), folder) is None
    assert inside("http://127.0.0.1/x.png", folder) is None
    assert inside("https://example.com/x.css", folder) is None
    assert inside("data:text/css,body{}", folder) is None
    assert inside((folder / "missing.css").as_uri(), folder) is None


@pytest.fixture
def web() -> Iterator[tuple[str, list[str]]]:
    """A local web server that records every request made to it."""
    requests: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            requests.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "text/css")
            self.end_headers()
            self.wfile.write(b'body::after { content: "FROM-THE-NETWORK"; }')

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", requests
    finally:
        server.shutdown()
        server.server_close()


def test_renderer_loads_nothing_outside_the_template_folder(
    club: Path, tmp_path: Path, web: tuple[str, list[str]]
) -> None:
    url, requests = web
    folder = copy_templates(tmp_path)
    (folder / "extra.css").write_text('body::before { content: "INSIDE-LOADED"; }')
    outside = tmp_path / "outside.css"
    outside.write_text('body::after { content: "OUTSIDE-LOADED"; }')
    edit(
        folder / "base.html",
        "</head>",
        '<link rel="stylesheet" href="extra.css">'
        '<link rel="stylesheet" href="missing.css">'
        '<link rel="stylesheet" href="../outside.css">'
        f'<link rel="stylesheet" href="{outside.as_uri()}">'
        f'<link rel="stylesheet" href="{url}/net.css">'
        '<link rel="stylesheet" href="data:text/css,body::after{content:%22DATA-LOADED%22}">'
        '</head><body><img src="file:///etc/hostname" alt="">',
    )
    pdf = tmp_path / "c.pdf"
    result = remi("report", club, "-o", pdf, "--template", folder, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert requests == []
    text = " ".join(pages(pdf))
    assert "INSIDE-LOADED" in text
    assert "OUTSIDE-LOADED" not in text and "FROM-THE-NETWORK" not in text
    assert "DATA-LOADED" not in text
    for refused in (outside.as_uri(), f"{url}/net.css", "file:///etc/hostname"):
        said = f"warning: Not loaded: {refused} (a template may only use files inside its"
        assert said in result.stderr
    # A file the template names that is not in its folder is said to be missing there.
    missing = (folder / "missing.css").resolve().as_uri()
    said = f"warning: Not loaded: {missing}: there is no such file in the template's folder."
    assert said in result.stderr
    assert "Total 240 130 290 310" in text


# ------------------------------------------------------------------ templates


def test_template_syntax_error_names_template_and_line(club: Path, tmp_path: Path) -> None:
    folder = copy_templates(tmp_path)
    lines = (folder / "scorecard.html").read_text(encoding="utf-8").splitlines()
    lines.insert(5, "{% for game in %}")
    (folder / "scorecard.html").write_text("\n".join(lines), encoding="utf-8")
    pdf = tmp_path / "c.pdf"
    result = remi("report", club, "-o", pdf, "--template", folder, "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: The template scorecard.html, line 6: ")
    assert "Traceback" not in result.output
    assert not pdf.exists()


def test_error_in_an_imported_template_names_that_one(club: Path, tmp_path: Path) -> None:
    folder = copy_templates(tmp_path)
    edit(folder / "parts.html", "{% macro sample(series) -%}", "{% macro sample(series) -%}{{ }")
    result = remi("report", club, "-o", tmp_path / "c.pdf", "--template", folder, "--lang", "en")
    assert result.exit_code == 1
    assert re.match(r"error: The template parts\.html, line \d+: ", result.stderr)


def test_unknown_name_in_a_template_names_the_line(club: Path, tmp_path: Path) -> None:
    folder = copy_templates(tmp_path)
    edit(folder / "scorecard.html", "<h1>{{ game.sheet }}</h1>", "<h1>{{ game.nickname }}</h1>")
    result = remi("report", club, "-o", tmp_path / "c.pdf", "--template", folder, "--lang", "hu")
    assert result.exit_code == 1
    assert re.match(
        r"hiba: Hibás sablon: scorecard\.html, \d+\. sor; a Jinja sablonmotor angol "
        r"hibaüzenete: „.*nickname.*”",
        result.stderr,
    )


def test_templates_run_sandboxed(club: Path, tmp_path: Path) -> None:
    folder = copy_templates(tmp_path)
    edit(folder / "scorecard.html", "<h1>{{ game.sheet }}</h1>", "{{ doc.__class__.__mro__ }}")
    result = remi("report", club, "-o", tmp_path / "c.pdf", "--template", folder, "--lang", "en")
    assert result.exit_code == 1
    assert "scorecard.html" in result.stderr


def test_missing_template_folder_is_a_usage_error(club: Path, tmp_path: Path) -> None:
    result = remi("report", club, "-o", tmp_path / "c.pdf", "--template", tmp_path / "nope")
    assert result.exit_code == 2
    assert "does not exist or is not a folder" in result.stderr


def test_a_club_css_comes_after_remis_stylesheet(club: Path, tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "club.css").write_text("h1 { color: #123456; }\n", encoding="utf-8")
    html, pdf = tmp_path / "c.html", tmp_path / "c.pdf"
    result = remi("report", club, "-o", pdf, "--html", html, "--template", folder)
    assert result.exit_code == 0, result.output
    page = html.read_text(encoding="utf-8")
    own = (default_template_dir() / "scorecard.css").read_text(encoding="utf-8")
    assert page.index(own.strip()[:200]) < page.index("h1 { color: #123456; }")  # remi's kept
    assert page.count('<section class="page') == 4  # remi's own scorecard.html laid it out
    assert len(pages(pdf)) == 4
    plain = remi("report", club, "--html", tmp_path / "plain.html").exit_code
    assert plain == 0 and "#123456" not in (tmp_path / "plain.html").read_text(encoding="utf-8")


def test_the_stylesheets_are_pasted_as_they_are_not_read_as_templates(
    club: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "club.css").write_text("@media print{#nav{display:none}}", encoding="utf-8")
    html = tmp_path / "c.html"
    assert remi("report", club, "--html", html, "--template", folder).exit_code == 0
    assert "@media print{#nav{display:none}}" in html.read_text(encoding="utf-8")
    (folder / "scorecard.css").write_text("@media print{#footer{display:none}}", "utf-8")
    assert remi("report", club, "--html", html, "--template", folder).exit_code == 0
    assert "@media print{#footer{display:none}}" in html.read_text(encoding="utf-8")
    (folder / "scorecard.css").unlink()
    (folder / "club.css").write_bytes(b"h1 { color: \xe9 }")  # Latin-1, not UTF-8
    result = remi("report", club, "--html", html, "--template", folder, "--lang", "hu")
    assert result.exit_code == 1
    assert result.stderr == (
        "hiba: A club.css sablon nem UTF-8 szöveg: mentsd el UTF-8 kódolással a szerkesztődben.\n"
    )
    # A template Jinja itself reads (not a stylesheet pasted in): the same line.
    (folder / "club.css").unlink()
    (folder / "scorecard.html").write_bytes(b"\xff\xfe<h1>")
    result = remi("report", club, "--html", html, "--template", folder, "--lang", "hu")
    assert result.exit_code == 1
    assert result.stderr.startswith("hiba: A scorecard.html sablon nem UTF-8 szöveg")
    # One it includes: that one is named.
    (folder / "scorecard.html").unlink()
    (folder / "base.html").write_bytes("<h1>Bíró</h1>".encode("cp1250"))
    result = remi("report", club, "--html", html, "--template", folder, "--lang", "hu")
    assert result.exit_code == 1
    assert result.stderr.startswith("hiba: A base.html sablon nem UTF-8 szöveg")


def test_a_template_folder_that_cannot_be_read_is_refused(
    club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "closed"
    folder.mkdir()
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode: Path(path) != folder and real_access(path, mode)
    )
    result = remi("report", club, "-o", tmp_path / "c.pdf", "--template", folder)
    assert result.exit_code == 2  # not remi's own templates in its place, silently
    assert "may not be read by you" in result.stderr


def test_a_stylesheet_of_remis_name_replaces_remis(club: Path, tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "scorecard.css").write_text("h1 { color: #654321; }\n", encoding="utf-8")
    html = tmp_path / "c.html"
    assert remi("report", club, "--html", html, "--template", folder).exit_code == 0
    page = html.read_text(encoding="utf-8")
    own = (default_template_dir() / "scorecard.css").read_text(encoding="utf-8")
    assert "#654321" in page and own.strip()[:200] not in page


def test_a_template_named_nowhere_says_which(club: Path, tmp_path: Path) -> None:
    folder = copy_templates(tmp_path)
    scorecard = folder / "scorecard.html"
    text = scorecard.read_text(encoding="utf-8").replace('"parts.html"', '"mine.html"')
    scorecard.write_text(text, encoding="utf-8")
    result = remi("report", club, "-o", tmp_path / "c.pdf", "--template", folder, "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: The template mine.html is neither in the template folder {folder} "
        "nor among remi's.\n"
    )
    assert not (tmp_path / "c.pdf").exists()


def test_html_is_written_and_everything_is_one_document(
    club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import weasyprint  # type: ignore[import-untyped]

    made: list[object] = []
    original = weasyprint.HTML

    def counting(*args: Any, **kwargs: Any) -> Any:
        made.append(kwargs.get("base_url"))
        return original(*args, **kwargs)

    monkeypatch.setattr(weasyprint, "HTML", counting)
    html = tmp_path / "c.html"
    result = remi("report", club, "-o", tmp_path / "c.pdf", "--html", html)
    assert result.exit_code == 0, result.output
    assert len(made) == 1  # three games and the standings, laid out in one pass
    assert html.read_text(encoding="utf-8").count('<section class="page') == 4


# ------------------------------------------------------------------ printing without Pango

# Loaded first by every Python started with this folder on PYTHONPATH: cffi cannot load
# GLib or Pango, as on a Windows or macOS machine without them. WeasyPrint's own import
# then runs as it does there (its banner, then the OSError).
NO_PANGO = """
import cffi

_real = cffi.FFI.dlopen


def dlopen(self, name, *args, **kwargs):
    if any(part in str(name) for part in ("gobject", "pango", "harfbuzz", "fontconfig")):
        raise OSError(
            f"cannot load library '{name}': {name}: cannot open shared object file: No such "
            f"file or directory.  Additionally, ctypes.util.find_library() did not manage "
            f"to locate a library called '{name}'"
        )
    return _real(self, name, *args, **kwargs)


cffi.FFI.dlopen = dlopen
"""

# A browser for webbrowser (BROWSER=…): it notes the page it was asked to open.
BROWSER = """#!/bin/sh
printf '%s\n' "$1" >> "$(dirname "$0")/opened.txt"
"""


def without_pango(tmp_path: Path) -> dict[str, str]:
    """The environment of a `remi` whose WeasyPrint cannot load Pango, with a browser that
    only notes what it opens."""
    shim = tmp_path / "no-pango"
    shim.mkdir()
    (shim / "sitecustomize.py").write_text(NO_PANGO, encoding="utf-8")
    browser = shim / "browser"
    browser.write_text(BROWSER, encoding="utf-8")
    browser.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "DISPLAY"}}
    return {**env, "PYTHONPATH": str(shim), "BROWSER": f"{browser} %s", "NO_COLOR": "1"}


def remi_process(env: dict[str, str], *args: str | Path) -> subprocess.CompletedProcess[str]:
    command = Path(sys.executable).parent / "remi"
    return subprocess.run(
        [command, *map(str, args)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("lang", "said", "hint", "offer"),
    [
        (
            "en",
            "error: A PDF needs the Pango library, and WeasyPrint cannot load it on this "
            "computer (cannot load library 'libgobject-2.0-0': libgobject-2.0-0: cannot open "
            "shared object file: No such file or directory).",
            "Linux: install your distribution's Pango package (Debian, Ubuntu: apt install",
            "Without Pango: --html {html} --open instead of -o writes the same scorecard",
        ),
        (
            "hu",
            "hiba: A PDF-hez a Pango programkönyvtár kell, és a WeasyPrint nem tudja betölteni "
            "ezen a gépen (cannot load library 'libgobject-2.0-0': ",
            "Linux: telepítsd a disztribúciód Pango csomagját",
            "Pango nélkül: a -o helyett --html {html} --open ugyanezt a lapot weboldalként",
        ),
    ],
)
def test_without_pango_remi_says_so_and_prints_through_the_browser(
    club: Path, tmp_path: Path, lang: str, said: str, hint: str, offer: str
) -> None:
    env = without_pango(tmp_path)
    before = club.read_bytes()
    pdf, html = tmp_path / "klub.pdf", tmp_path / "klub.html"
    result = remi_process(env, "report", club, "-o", pdf, "--lang", lang)
    assert result.returncode == 1, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == said or lines[0].startswith(said)
    assert lines[1].startswith(hint)
    assert lines[2].startswith(offer.format(html=html))
    assert len(lines) == 3 and result.stdout == ""  # WeasyPrint's banner is kept off
    assert "WeasyPrint could not import" not in result.stdout + result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["klub.xlsx", "no-pango"]
    assert club.read_bytes() == before

    result = remi_process(env, "report", club, "--html", html, "--open", "--lang", lang)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert str(html) in result.stdout
    assert not pdf.exists()
    opened = (tmp_path / "no-pango" / "opened.txt").read_text(encoding="utf-8").split()
    assert opened == [html.resolve().as_uri()]
    page = html.read_text(encoding="utf-8")
    assert page.count('<section class="page') == 4  # three games and the standings
    assert "@page" in page and "<style>" in page  # the print layout travels with the page
    assert "Őrsi Ödön" in page and "Kőbánya, Fűzfa utca 8." in page
    assert club.read_bytes() == before


def test_the_season_pdf_says_the_same_without_pango(club: Path, tmp_path: Path) -> None:
    result = remi_process(without_pango(tmp_path), "stats", club, "-o", tmp_path / "s.pdf")
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert lines[-2].startswith("hiba: A PDF-hez a Pango programkönyvtár kell")
    assert lines[-1].startswith("Linux: telepítsd a disztribúciód Pango csomagját")
    assert "WeasyPrint could not import" not in result.stdout
    assert not (tmp_path / "s.pdf").exists()


def test_the_season_pdf_without_pango_is_the_one_json_document(club: Path, tmp_path: Path) -> None:
    # The file is written before the season is shown: its failure is all stdout carries.
    pdf = tmp_path / "s.pdf"
    result = remi_process(without_pango(tmp_path), "stats", club, "-o", pdf, "--json")
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert [problem["code"] for problem in document["problems"]] == ["pango_missing"]
    assert "players" not in document
    assert result.stderr.startswith("Linux: telepítsd a disztribúciód Pango csomagját")
    assert not pdf.exists()


def test_a_blank_card_prints_through_the_browser_too(club: Path, tmp_path: Path) -> None:
    env = without_pango(tmp_path)
    html = tmp_path / "ures.html"
    result = remi_process(env, "report", "--blank", club, "--html", html)
    assert result.returncode == 0, result.stderr
    page = html.read_text(encoding="utf-8")
    assert "Römi pontozólap" in page and "Csaba" in page  # the last game's players
    assert not (tmp_path / "no-pango" / "opened.txt").exists()  # opened only when asked


def test_open_opens_the_pdf_and_says_when_no_browser_starts(club: Path, tmp_path: Path) -> None:
    env = without_pango(tmp_path)
    env.pop("PYTHONPATH")  # Pango is there: the PDF is written
    pdf = tmp_path / "klub.pdf"
    result = remi_process(env, "report", club, "-o", pdf, "--open", "--lang", "en")
    assert result.returncode == 0, result.stderr
    assert f"Opened in the browser: {pdf}" in result.stdout
    opened = (tmp_path / "no-pango" / "opened.txt").read_text(encoding="utf-8").split()
    assert opened == [pdf.resolve().as_uri()]
    html = tmp_path / "klub.html"
    env["BROWSER"] = "false"  # a browser that does not start
    result = remi_process(env, "report", club, "--html", html, "--open", "--lang", "hu")
    assert result.returncode == 0, result.stderr
    assert result.stderr == f"figyelmeztetés: Nem indult el böngésző; nyisd meg magad: {html}\n"
    assert html.exists()


@pytest.mark.parametrize(
    ("platform", "start"),
    [("win32", "Windows: "), ("cygwin", "Windows: "), ("darwin", "macOS: "), ("linux", "Linux:")],
)
def test_the_way_to_pango_is_the_systems(platform: str, start: str) -> None:
    from remi_sheet.commands.lines import pango_help

    for lang in ("en", "hu"):
        assert pango_help(lang, platform).startswith(start)  # type: ignore[arg-type]
    assert "pacman -S mingw-w64-ucrt-x86_64-pango" in pango_help("en", "win32")
    assert "pipx install . or uv tool install ." in pango_help("en", "win32")
    for lang in ("en", "hu"):
        # The one-click GTK3 runtime first, in the folder WeasyPrint looks in; then MSYS2.
        windows = pango_help(lang, "win32")  # type: ignore[arg-type]
        assert windows.index("GTK3") < windows.index("MSYS2")
        assert "tschoonj/GTK-for-Windows-Runtime-Environment-Installer" in windows
        assert "C:\\Program Files\\GTK3-Runtime Win64" in windows
    assert "brew install pango" in pango_help("hu", "darwin")


def test_a_report_needs_somewhere_to_go(club: Path) -> None:
    result = remi("report", club)
    assert result.exit_code == 2
    assert "-o CARD.pdf, or --html CARD.html --open" in result.stderr


# ------------------------------------------------------------------ the blank card


def test_blank_card_has_a_row_per_deal_and_the_legend(tmp_path: Path) -> None:
    pdf = tmp_path / "blank.pdf"
    result = remi("report", "--blank", "-p", "Anna", "-p", "Béla", "-p", "Őrsi Ödön", "-o", pdf)
    assert result.exit_code == 0, result.output
    (text,) = pages(pdf)
    assert "Rummy scorecard" in text
    assert "Anna Béla Őrsi Ödön" in text
    assert "1. 2. 3. 4. 5. 6. 7. Total Rank" in text
    assert "HOW TO SCORE" in text  # a small heading, in capitals
    assert "H — went out all at once from hand: −40" in text
    assert "W — went out, had laid down before: −20" in text
    assert "×2 for those who had laid down, 200 for those who had not" in text
    assert "7 deals; the lowest total wins" in text
    assert "multiplied first" not in text and "normal win" not in text  # the defaults


def test_blank_card_tells_the_house_rules_that_change_a_losers_score(tmp_path: Path) -> None:
    pdf = tmp_path / "blank.pdf"
    result = remi(
        "report", "--blank", "-p", "Anna", "-p", "Béla", "-o", pdf, "--lang", "hu",
        "-r", "not_down_after_normal=100", "-r", "round_before_doubling=no",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    (text,) = pages(pdf)
    assert "Hand után előbb szorzunk (×2), aztán kerekítünk" in text
    assert "Normál nyerés után: aki nem rakott le, annak 100" in text


def test_blank_card_follows_house_rules_and_language(tmp_path: Path) -> None:
    pdf = tmp_path / "blank.pdf"
    result = remi(
        "report", "--blank", "-p", "Anna", "-p", "Béla", "-o", pdf,
        "-r", "deals_per_game=5", "-r", "hand_win=-50", "--lang", "hu",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    (text,) = pages(pdf)
    assert "Römi pontozólap" in text
    assert "1. 2. 3. 4. 5. Összesen Helyezés" in text
    assert "kézből (egyszerre) rakott ki: −50" in text
    assert "5 leosztás; a legkisebb összpontszám nyer" in text
    assert "leosztások száma = 5 (alap: 7)" in text and "deals_per_game" not in text


def test_blank_card_for_a_notebook_takes_the_last_games_players_and_rules(
    tmp_path: Path,
) -> None:
    notebook = make_notebook(
        tmp_path / "klub.xlsx",
        {
            "2026-01-08 #1": (FULL_GAME, dt.date(2026, 1, 8), None),
            "2026-01-15 #1": (TIED_GAME, dt.date(2026, 1, 15), None),
        },
        {"deals_per_game": 5, "hand_win": -50},
    )
    before = notebook.read_bytes()
    pdf = tmp_path / "blank.pdf"
    result = remi("report", "--blank", notebook, "-o", pdf)
    assert result.exit_code == 0, result.output
    (text,) = pages(pdf)
    assert "Römi pontozólap" in text  # the notebook's language
    assert "Anna Béla Csaba" in text and "Győző" not in text
    assert "1. 2. 3. 4. 5. Összesen Helyezés" in text
    assert "kézből (egyszerre) rakott ki: −50" in text
    assert notebook.read_bytes() == before
    result = remi("report", "--blank", notebook, "-p", "Ödön", "-p", "Zsű", "-o", pdf)
    assert result.exit_code == 0, result.output
    (text,) = pages(pdf)
    assert "Ödön Zsű" in text and "Anna" not in text


@pytest.mark.parametrize("deals", [7, 12, 20, 25])
def test_blank_card_with_six_long_names_is_one_page(tmp_path: Path, deals: int) -> None:
    """Up to 25 deals, with names wrapping to four lines and a footnote of two: 12 deals at
    the roomy row height and 20 with wrapped names each once ran to a second page."""
    names = [f"{n} Szentgyörgyi-Kővári Őrsike" for n in ("Első", "Második", "Harmadik")]
    names += ["Bartholomew Featherstonehaugh", "Zsű", "Anna"]
    pdf = tmp_path / "blank.pdf"
    args = [a for name in names for a in ("-p", name)]
    rules = ["-r", f"deals_per_game={deals}", "-r", "opening_minimum=51", "-r", "ace_value=11"]
    assert remi("report", "--blank", *args, *rules, "-o", pdf).exit_code == 0
    printed = pages(pdf)
    assert len(printed) == 1
    assert f"{deals}." in printed[0] and f"{deals + 1}." not in printed[0]


def test_a_footnote_never_has_a_page_of_its_own(tmp_path: Path) -> None:
    """30 deals fill the blank card's page: the rules footnote went on alone to the next."""
    rules = ["-r", "deals_per_game=30", "-r", "opening_minimum=51", "-r", "ace_value=11"]
    pdf = tmp_path / "blank.pdf"
    assert remi("report", "--blank", "-p", "Anna", "-p", "Béla", *rules, "-o", pdf).exit_code == 0
    printed = pages(pdf)
    assert len(printed) == 2 and "30." in printed[0]
    footnote = next(page for page in printed if "House rules differing" in page)
    assert "HOW TO SCORE" in footnote.upper()  # with the legend it belongs to


@pytest.mark.parametrize("deals", [16, 20])
def test_a_long_game_of_six_long_names_stays_on_its_page(tmp_path: Path, deals: int) -> None:
    """Names wrapping to four lines, a place of two and a footnote of two take room the
    chart gives up: the footnote once ran on to a page of its own."""
    names = ["Kovácsné Szabó Erzsébet Mária", "Nagy-Bereczki Győző Ferenc", "Bíró Anna"]
    names += ["Szűcs Réka Katalin", "Tóth Ágnes", "Mészáros-Kiss Júlia"]
    rows: list[list[object]] = [["Deal", *names]]
    for deal in range(1, deals + 1):
        row: list[object] = [deal, *(str((deal * 7 + seat * 13) % 90) for seat in range(6))]
        row[1 + deal % 6] = "W"
        rows.append(row)
    place = "Kovácsék nyári háza, Balatonfüred, Petőfi Sándor utca 112., a diófa alatt"
    rules = {"deals_per_game": deals, "opening_minimum": 51, "ace_value": 11, "hand_win": -50}
    path = make_notebook(tmp_path / "n.xlsx", {"G": (rows, dt.date(2026, 11, 20), place)}, rules)
    pdf = tmp_path / "n.pdf"
    assert remi("report", path, "-o", pdf).exit_code == 0
    (page,) = pages(pdf)
    assert "Mészáros-Kiss" in page and "ace_value" in page.replace(" ", "")


def test_blank_card_needs_players(tmp_path: Path) -> None:
    result = remi("report", "--blank", "-p", "Anna", "-o", tmp_path / "b.pdf")
    assert result.exit_code == 2
    assert "--blank needs 2 to 6 players" in result.stderr
    result = remi("report", "--player", "Anna", "-o", tmp_path / "b.pdf")
    assert result.exit_code == 2


# ------------------------------------------------------------------ fitting and speed


def test_six_players_with_long_names_fit_one_page(tmp_path: Path) -> None:
    names = ["Szentgyörgyi-Kővári Őrsike", "Bartholomew Featherstonehaugh", "Űrhajós Ödön Ferenc"]
    names += ["Anna", "Béla", "Zsófi"]
    rows = [["Deal", *names]] + [
        [n, *(["H" if i == n % 6 else 30 for i in range(6)])] for n in range(1, 8)
    ]
    path = make_notebook(tmp_path / "six.xlsx", {"Hat": (rows, None, None)})
    pdf = tmp_path / "six.pdf"
    assert remi("report", path, "-o", pdf, "--lang", "en").exit_code == 0
    (text,) = pages(pdf)
    assert "7/7 deals · complete" in text


def test_six_players_and_fifteen_deals_keep_their_chart_on_the_page(tmp_path: Path) -> None:
    """A long game of a full table (15 deals, six players) prints on one page, its chart
    under its table, names broken only at their spaces and hyphens."""
    names = ["Szentgyörgy-völgyi Erzsébet", "Kovács-Nagy Ödön Bendegúz", "Árvíztűrő Ödön"]
    names += ["Bíró Győző", "Szűcs Réka", "Nagy Anna"]
    rows = [["Leosztás", *names]] + [
        [n, *(["W" if i == n % 6 else 10 * (i + 1) for i in range(6)])] for n in range(1, 16)
    ]
    path = make_notebook(tmp_path / "six.xlsx", {"Hat": (rows, None, None)})
    pdf = tmp_path / "six.pdf"
    result = remi("report", path, "-o", pdf, "-r", "deals_per_game=15", "-r", "packs=3")
    assert result.exit_code == 0, result.output
    (text,) = pages(pdf)
    assert "15/15 leosztás · kész" in text and "Állás leosztásonként".upper() in text.upper()
    assert "Erzsé-" not in text and "Bende-" not in text


def test_long_games_repeat_the_header_on_every_page(tmp_path: Path) -> None:
    # Fifty deals of six long names: past one page however low the rows are.
    names = ["Dr. Kovácsné Szabó Erzsébet", "Bíró Győző Ödönné", "Őrsi Ödön"]
    names += ["Nagy-Varga Zsuzsanna Mária", "Kis Pál", "Ifj. Horváth-Lengyel Bence"]
    rows = [["Deal", *names]] + [[n, "W", 10, 20, 30, 40, 50] for n in range(1, 51)]
    path = make_notebook(tmp_path / "long.xlsx", {"Long": (rows, None, None)})
    pdf = tmp_path / "long.pdf"
    result = remi("report", path, "-o", pdf, "-r", "deals_per_game=50", "--lang", "en")
    assert result.exit_code == 0, result.output
    texts = pages(pdf)
    assert len(texts) >= 2
    assert all("pts Σ pts Σ pts Σ pts Σ pts Σ pts Σ" in text for text in texts[:2])
    assert "Total −1000 500 1000 1500 2000 2500" in " ".join(texts)


def test_a_game_of_twenty_five_deals_and_six_long_names_stays_on_its_page(
    tmp_path: Path,
) -> None:
    names = ["Dr. Kovácsné Szabó Erzsébet", "Bíró Győző Ödönné", "Őrsi Ödön"]
    names += ["Nagy-Varga Zsuzsanna Mária", "Kis Pál", "Ifj. Horváth-Lengyel Bence"]
    rows = [["Deal", *names]] + [[n, "W", 10, 20, 30, 40, 50] for n in range(1, 26)]
    path = make_notebook(tmp_path / "l.xlsx", {"Long": (rows, "2026-11-01", "Szeged")})
    pdf = tmp_path / "l.pdf"
    result = remi("report", path, "-o", pdf, "-r", "deals_per_game=25", "-r", "packs=3")
    assert result.exit_code == 0, result.output
    (page,) = pages(pdf)  # the table, its chart and the rules' footnote on one page
    assert "Total −500 250 500 750 1000 1250" in page and "packs = 3" in page


def test_weasyprint_is_not_imported_at_start_up() -> None:
    code = (
        "import sys, remi_sheet.cli.app;"
        "print(sorted(m for m in ('weasyprint', 'jinja2', 'remi_sheet.report.scorecard') "
        "if m in sys.modules))"
    )
    assert fresh_python(code).stdout.strip() == "[]"


def test_the_help_ends_with_an_example() -> None:
    result = remi("report", "--help")
    assert result.exit_code == 0
    assert "Example: remi report club.xlsx -o club.pdf" in result.stdout


def test_a_player_keeps_one_line_style_on_every_chart(club: Path) -> None:
    """The game charts draw each player as the standings chart does, whatever the order of
    the players on each game's sheet (the club's Anna is second on one, first on another)."""
    from remi_sheet.notebook.loading import load_notebook
    from remi_sheet.report.scorecard import build_report

    notebook = load_notebook(club)
    report = build_report(notebook, notebook.games, club.name)
    assert report.standings is not None and report.standings.chart is not None
    looks = {s.name: (s.colour, s.dash, s.marker) for s in report.standings.chart.series}
    seen = 0
    for page in report.games:
        assert page.chart is not None
        for series in page.chart.series:
            assert (series.colour, series.dash, series.marker) == looks[series.name], page.sheet
            seen += 1
    assert seen == 4 + 3 + 3
    # In at least one game a player stands elsewhere than in the standings.
    orders = [[s.name for s in page.chart.series] for page in report.games if page.chart]
    assert any(order != [n for n in looks if n in order] for order in orders)


@pytest.mark.parametrize(("lang", "shown"), [("en", "2026-04-03"), ("hu", "2026. 04. 03.")])
def test_a_date_typed_as_text_is_printed_as_remi_read_it(
    notebook: Callable[..., Path], lang: Lang, shown: str
) -> None:
    """`03/04/2026` is 3 April to remi and 4 March to some readers: the card prints the
    date remi took, in the language's style, not the text again."""
    from remi_sheet.notebook.loading import load_notebook
    from remi_sheet.report.scorecard import build_report

    game = [["Date", "03/04/2026"], [], ["Deal", "Anna", "Béla"], [1, "W", 10]]
    loaded = load_notebook(notebook({"G": game}), lang=lang)
    (page,) = build_report(loaded, loaded.games, "club.xlsx").games
    assert page.date == shown


def test_an_unknown_game_is_told_with_every_game_named(notebook: Callable[..., Path]) -> None:
    # The list was one value, cut at 120 characters: the names to choose from were lost.
    sheets = {f"2026-10-{day:02d} #1": worked_game() for day in range(1, 16)}
    result = remi("report", notebook(sheets), "-g", "Nincs", "-o", "x.pdf", "--lang", "en")
    assert result.exit_code == 2
    assert "2026-10-15 #1." in result.output and "…" not in result.output


def test_a_game_not_played_yet_is_printed_with_its_players(tmp_path: Path) -> None:
    """Its page said only "No deals played yet.": whose game it is was not on it."""
    empty = [["Leosztás", "Anna", "Béla", "Őrsi Ödön"], [1], [2]]
    path = make_notebook(tmp_path / "e.xlsx", {"Jövő hét": (empty, None, None)})
    pdf = tmp_path / "e.pdf"
    assert remi("report", path, "-o", pdf).exit_code == 0
    (page,) = pages(pdf)
    assert "Még nincs lejátszott leosztás." in page
    assert "Játékosok: Anna, Béla, Őrsi Ödön" in page


def test_a_game_not_started_gets_no_page_but_a_line_on_the_standings(tmp_path: Path) -> None:
    """The game `new --add-game` just made is listed as not started, not printed as an
    empty page; alone, it keeps its page."""
    import remi_sheet

    path = build_notebook(tmp_path / "k.xlsx", {"Monday": worked_game()})
    remi_sheet.add_game(path, day=None)
    page = tmp_path / "card.html"
    done = remi_sheet.scorecard(path, html=page)
    text = page.read_text(encoding="utf-8")
    added = done.games[-1].sheet
    assert len(done.games) == 2 and "No deals played yet" not in text
    assert f"Not started yet (no deal typed):</b> {added}" in text
    alone = remi_sheet.scorecard(path, html=page, games=[added])
    assert alone.ok and "No deals played yet" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_paper_note_is_printed_on_its_games_page(tmp_path: Path, lang: str) -> None:
    """A note filed from paper (`Megjegyzés`) stands beside its deal on the sheet and is
    printed on the game's page, with its deal's number."""
    import remi_sheet

    records = tmp_path / "papir.csv"
    records.write_text(
        "Játszma;Leosztás;Anna;Béla;Csaba;Megjegyzés\n"
        "1;1;-40;60;200;Kati néninél\n"
        "1;2;10;-20;40;\n"
        "1;3;0;50;-20;<b>késő</b>\n",
        encoding="utf-8",
    )
    notebook = tmp_path / "klub.xlsx"
    assert remi_sheet.import_records(records, notebook, lang=lang).written
    (game,) = remi_sheet.check(notebook).notebook.games
    assert game.notes == ((1, "Kati néninél"), (3, "<b>késő</b>"))
    page = tmp_path / "card.html"
    remi_sheet.scorecard(notebook, html=page)
    text = page.read_text(encoding="utf-8")
    heading = "Megjegyzések" if lang == "hu" else "Notes"
    assert f"<b>{heading}:</b> 1. Kati néninél; 3. &lt;b&gt;késő&lt;/b&gt;</p>" in text


def test_a_failure_after_the_notebook_is_read_is_remis_not_the_notebooks(
    club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A layout that fails (a club's own stylesheet, say): no advice to save the notebook
    # again, which was read whole; one line, exit 1, nothing written.
    from remi_sheet.report import rendering

    def broken(*_args: object, **_kwargs: object) -> list[str]:
        raise ValueError("Layout went wrong")

    monkeypatch.setattr(rendering, "render_pdf", broken)
    pdf = tmp_path / "k.pdf"
    for command in (["report", club, "-o", pdf], ["stats", club, "-o", pdf]):
        result = remi(*command, "--lang", "en")
        assert result.exit_code == 1, result.output
        said = result.stderr
        assert "remi failed after reading its input (ValueError: Layout went wrong)" in said
        assert "could not be read" not in said and "Traceback" not in said
        assert not pdf.exists()
