"""A club's look everywhere: `remi templates DIR` copies remi's templates out, `report` and
`stats -o` print with `--template DIR`, and a club.css of custom properties restyles the
whole card, its charts too (their SVG takes the colours from the stylesheets).

The PDFs are read through pypdf: a colour the page paints is an `r g b RG` (stroke) or
`rg` (fill) operator of the page's content.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from remi_sheet.report import charts, default_template_dir
from remi_sheet.report.custom_properties import NAMES, SERIES, colour_mistakes, custom_properties
from tests.conftest import remi

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "samples" / "klub.xlsx"
OWN = sorted(p.name for p in default_template_dir().iterdir() if p.suffix in (".html", ".css"))
# Three lines restyle the card: the first player's lines red, the title and the marks green,
# a serif font.
CLUB_CSS = """:root { --series-1: #ff0000; --accent: #006633;
  --font: "DejaVu Serif", serif; }
"""
RED, GREEN = (1.0, 0.0, 0.0), (0.0, 0.4, 0.2)


def painted(pdf: Path) -> set[tuple[float, ...]]:
    """Every colour the PDF's pages paint with, strokes and fills."""
    found: set[tuple[float, ...]] = set()
    for page in PdfReader(pdf).pages:
        content = page.get_contents()
        assert content is not None
        text = content.get_data().decode("latin-1")
        for match in re.finditer(r"([\d.]+) ([\d.]+) ([\d.]+) (?:RG|rg)\b", text):
            found.add(tuple(round(float(value), 3) for value in match.groups()))
    return found


def fonts(pdf: Path) -> set[str]:
    names = set()
    for page in PdfReader(pdf).pages:
        resources: Any = page["/Resources"]
        for font in resources["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


@pytest.fixture
def club_look(tmp_path: Path) -> Path:
    folder = tmp_path / "klub-kulso"
    folder.mkdir()
    (folder / "club.css").write_text(CLUB_CSS, encoding="utf-8")
    return folder


# ------------------------------------------------------------------ remi templates


def test_templates_copies_every_template_and_stylesheet_remi_prints_with(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "look"
    result = remi("templates", folder, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in folder.iterdir()) == OWN
    assert {"scorecard.css", "scorecard.html", "season.html", "parts.html"} <= set(OWN)
    for name in OWN:
        assert (folder / name).read_bytes() == (default_template_dir() / name).read_bytes()
    lines = result.stdout.splitlines()
    assert lines[:-1] == [f"Written: {folder / name}" for name in OWN]
    assert lines[-1].startswith(f"remi's {len(OWN)} files are in {folder}: {len(OWN)} written, 0")
    assert f"--template {folder}" in lines[-1]
    # Again: nothing to write, nothing written over.
    again = remi("templates", folder, "--lang", "hu")
    assert again.exit_code == 0
    assert again.stdout.startswith(f"A remi {len(OWN)} fájlja itt van: {folder}; 0 kiírva, ")


def test_the_copy_prints_as_remis_own(tmp_path: Path) -> None:
    folder = tmp_path / "look"
    assert remi("templates", folder).exit_code == 0
    theirs, own = tmp_path / "theirs.html", tmp_path / "own.html"
    assert remi("report", CLUB, "--html", theirs, "--template", folder).exit_code == 0
    assert remi("report", CLUB, "--html", own).exit_code == 0
    assert theirs.read_text(encoding="utf-8") == own.read_text(encoding="utf-8")


def test_a_file_there_that_differs_is_never_written_over(tmp_path: Path) -> None:
    folder = tmp_path / "look"
    folder.mkdir()
    (folder / "scorecard.css").write_text("h1 { color: #063; }\n", encoding="utf-8")
    (folder / "base.html").write_text("mine", encoding="utf-8")
    result = remi("templates", folder, "--lang", "en")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"error: {folder} already holds base.html, scorecard.css unlike remi's: remi writes "
        "over nothing, so nothing was written. Move them aside, or copy into another folder.\n"
    )
    assert (folder / "scorecard.css").read_text(encoding="utf-8") == "h1 { color: #063; }\n"
    assert sorted(path.name for path in folder.iterdir()) == ["base.html", "scorecard.css"]


@pytest.mark.parametrize("kind", ["link", "folder", "pipe"])
def test_no_file_there_but_a_plain_one_is_written_over_or_through(
    tmp_path: Path, kind: str
) -> None:
    folder = tmp_path / "look"
    folder.mkdir()
    elsewhere = tmp_path / "elsewhere.html"
    elsewhere.write_bytes((default_template_dir() / "parts.html").read_bytes())
    there = folder / "parts.html"
    if kind == "link":
        there.symlink_to(elsewhere)  # to a file that is even remi's own
    elif kind == "folder":
        there.mkdir()
    else:
        if not hasattr(os, "mkfifo"):
            pytest.fail("a pipe needs os.mkfifo (not on Windows)")
        os.mkfifo(there)  # opened to be read, it would wait for a writer for ever
    result = remi("templates", folder, "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {there} is not a plain file but a link, a folder, a pipe or a device: remi "
        "writes over nothing, so nothing was written.\n"
    )
    assert [path.name for path in folder.iterdir()] == ["parts.html"]
    assert elsewhere.read_bytes() == (default_template_dir() / "parts.html").read_bytes()


def test_a_file_named_as_the_folder_is_one_line(tmp_path: Path) -> None:
    file = tmp_path / "look"
    file.write_text("x", encoding="utf-8")
    result = remi("templates", file, "--lang", "hu")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"hiba: A {file} fájl, nem mappa")
    assert file.read_text(encoding="utf-8") == "x"


# ------------------------------------------------------------------ the club's look


def test_a_three_line_club_css_restyles_the_whole_card_and_its_charts(
    club_look: Path, tmp_path: Path
) -> None:
    pdf, page = tmp_path / "c.pdf", tmp_path / "c.html"
    plain = tmp_path / "plain.pdf"
    result = remi("report", CLUB, "-o", pdf, "--html", page, "--template", club_look)
    assert result.exit_code == 0, result.output
    assert remi("report", CLUB, "-o", plain).exit_code == 0
    colours = painted(pdf)
    assert RED in colours  # the first player's chart lines and markers
    assert GREEN in colours  # the title's rule, the badge, the hands (var(--accent))
    assert RED not in painted(plain) and GREEN not in painted(plain)
    assert {"DejaVu-Serif", "DejaVu-Serif-Bold"} <= fonts(pdf)
    assert "DejaVu-Serif" not in fonts(plain)
    # The charts take it in their SVG's attributes, which WeasyPrint and a browser read alike.
    text = page.read_text(encoding="utf-8")
    assert 'stroke="#ff0000"' in text and 'fill="#ff0000"' in text
    assert 'font-family="&#34;DejaVu Serif&#34;, serif"' in text


def test_the_season_pdf_takes_the_template_folder_too(club_look: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "szezon.pdf"
    result = remi("stats", CLUB, "-o", pdf, "--template", club_look, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert RED in painted(pdf) and GREEN in painted(pdf)
    assert "DejaVu-Serif" in fonts(pdf)
    # A season.html of the club's own replaces remi's.
    (club_look / "season.html").write_text(
        '{% extends "base.html" %}{% block body %}<h1>Klub szezon</h1>{% endblock %}', "utf-8"
    )
    assert remi("stats", CLUB, "-o", pdf, "--template", club_look).exit_code == 0
    pages = PdfReader(pdf).pages
    assert len(pages) == 1 and "Klub szezon" in pages[0].extract_text()


def test_stats_checks_the_template_folder_as_report_does(tmp_path: Path) -> None:
    pdf = tmp_path / "szezon.pdf"
    missing = remi("stats", CLUB, "-o", pdf, "--template", tmp_path / "nope", "--lang", "en")
    assert missing.exit_code == 2
    assert "The template folder" in missing.stderr and "does not exist or is not a folder" in (
        missing.stderr
    )
    alone = remi("stats", CLUB, "--template", tmp_path, "--lang", "en")
    assert alone.exit_code == 2
    assert "--template lays out the season's PDF: give it with -o SEASON.pdf." in alone.stderr
    assert not pdf.exists()


def test_remis_stylesheet_declares_what_the_charts_draw_with() -> None:
    """scorecard.css and charts.COLOURS say the same colours: without a club.css, or with
    a scorecard.css of a club's that declares none, the charts look alike."""
    own = custom_properties((default_template_dir() / "scorecard.css").read_text("utf-8"))
    assert set(NAMES) <= own.keys()
    assert [own[f"--series-{n}"] for n in range(1, SERIES + 1)] == list(charts.COLOURS)
    assert own["--font"].startswith('"DejaVu Sans"')


# ------------------------------------------------------------------ reading the properties


@pytest.mark.parametrize(
    ("sheets", "expected"),
    [
        ([":root { --a: #111; }", ":root { --a: red }"], {"--a": "red"}),  # later wins
        (["html{--a:1px;--b : x y ;}"], {"--a": "1px", "--b": "x y"}),
        ([":root, .x { --a: blue !important; }"], {"--a": "blue"}),
        ([".card { --a: red; }"], {}),  # not the page as a whole
        (["@media screen { :root { --a: red; } }"], {}),  # not everywhere
        (["/* :root { --a: red; } */ :root { --b: 1; }"], {"--b": "1"}),
        ([':root { --f: "a;b}", serif; --g: 2 }'], {"--f": '"a;b}", serif', "--g": "2"}),
        ([":root { --a: var(--b); --b: #123; }"], {"--a": "#123", "--b": "#123"}),
        ([":root { --a: var(--none, var(--b)); --b: 3 }"], {"--a": "3", "--b": "3"}),
        ([":root { --a: var(--a); --b: var(--none); }"], {}),  # a loop, nothing to take
        (["@import url(x.css); :root { --a: 1 }"], {"--a": "1"}),
        ([":root { color: red; --a: 1; }", "h1 { --a: 2 }"], {"--a": "1"}),
    ],
)
def test_custom_properties_are_read_as_the_cascade_takes_them(
    sheets: list[str], expected: dict[str, str]
) -> None:
    assert custom_properties(*sheets) == expected


def test_a_broken_stylesheet_reads_as_far_as_it_goes() -> None:
    assert custom_properties(":root { --a: 1; } :root { --b: (", "") == {"--a": "1"}
    # Stray brackets are part of the next rule's selector, which is then no selector: a
    # browser drops that rule, and so does remi.
    assert custom_properties("}}} :root { --a: 1 } html { --b: 2 }") == {"--b": "2"}


@pytest.mark.parametrize(
    ("club", "mistakes"),
    [
        (":root { --accent: #063; --series-2: rebeccapurple; --font: Bogus; }", []),
        (":root { --accent: oklch(50% 0.1 30); --shade: var(--ink); }", []),
        (":root { --accent: #0q6633; }", [("--accent", "#0q6633")]),
        (":root { --series-1: gren; }", [("--series-1", "gren")]),
        (":root { --ink: var(--nobody); }", [("--ink", "var(--nobody)")]),
        # a block left open at the end, as CSS closes it
        (":root { --accent: #0q6633;", [("--accent", "#0q6633")]),
        (".card { --accent: nonsense; }", []),  # not the page's: no colour of remi's
        (
            ":root { --accent: " + "(" * 3_000 + ")" * 3_000 + "; }",
            [("--accent", "(" * 3_000 + ")" * 3_000)],
        ),
    ],
)
def test_a_club_colour_that_is_no_colour_is_found(
    club: str, mistakes: list[tuple[str, str]]
) -> None:
    own = (default_template_dir() / "scorecard.css").read_text("utf-8")
    assert colour_mistakes(own, club) == mistakes


def test_a_club_colour_that_is_no_colour_stops_the_report_in_one_line(tmp_path: Path) -> None:
    """The layout would drop it without a word, and print the card in colours the club
    did not ask for: one line naming the file, the property and the value, nothing
    written."""
    folder = tmp_path / "klub"
    folder.mkdir()
    (folder / "club.css").write_text(":root {\n  --accent: #0q6633;\n}\n", encoding="utf-8")
    pdf = tmp_path / "c.pdf"
    result = remi("report", CLUB, "-o", pdf, "--template", folder, "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "error: club.css: --accent is '#0q6633', which is no colour: write a colour as "
        "#063, #006633, rgb(0 102 51) or a colour's name (darkgreen)."
    ]
    assert not pdf.exists()


def test_a_club_css_cannot_make_the_reading_run_away() -> None:
    """A club.css is someone else's file (up to 1 MB): its values cannot grow past a few
    thousand characters each, nor var() nest or chain for ever."""
    big = ":root { --series-1: #f00; }\n" + ".x { color: red; }\n" * 50_000
    doubling = "".join(f"--v{n}: var(--v{n + 1}) var(--v{n + 1});" for n in range(40))
    nested = "var(--x, " * 2_000 + "red" + ")" * 2_000
    started = time.monotonic()
    assert custom_properties(big) == {"--series-1": "#f00"}
    grown = custom_properties(f":root {{ {doubling} --v40: #abcdef; }}")
    assert "--v0" not in grown and grown["--v39"] == "#abcdef #abcdef"
    assert max(map(len, grown.values())) <= 4096
    assert custom_properties(f":root {{ --a: {nested}; }}") == {}
    assert time.monotonic() - started < 5
