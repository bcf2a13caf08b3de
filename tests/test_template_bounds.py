"""A club's template folder (`remi report --template DIR`) is someone else's file: it reads
only files inside it (paths resolved, links followed, plain files of at most
`MAX_FILE_BYTES`), and what its templates ask for is bounded (items of a range, characters
of HTML, pages, time). Each refusal is one line naming the file or the bound, exit 1,
nothing written, nothing of a file outside the folder shown. Run as a user runs remi: the
installed command, in a child process with a time limit (an unbounded template ran until
killed)."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from remi_sheet.core.problems import RemiError
from remi_sheet.report import default_template_dir
from remi_sheet.report.rendering import (
    MAX_FILE_BYTES,
    MAX_HTML_CHARS,
    MAX_LAYOUT_TAGS,
    MAX_PAGES,
    MAX_RANGE,
    Budget,
    render_html,
)
from remi_sheet.report.scorecard import BlankCard

ROOT = Path(__file__).resolve().parent.parent
REMI = Path(sys.executable).with_name("remi")
SAMPLE = ROOT / "samples" / "klub.xlsx"
SECRET = "TOPSECRET-a7f3c9"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A notebook, a secret beside the template folder, and the (empty) template folder."""
    shutil.copy(SAMPLE, tmp_path / "klub.xlsx")
    (tmp_path / "secret.txt").write_text(f"body {{ }} /* {SECRET} */\n", encoding="utf-8")
    made = tmp_path / "club-templates"
    made.mkdir()
    return made


def report(
    folder: Path, *, lang: str = "en", pdf: bool = True, html: bool = True
) -> subprocess.CompletedProcess[str]:
    """`remi report klub.xlsx -o out.pdf --html out.html --template FOLDER` beside it."""
    work = folder.parent
    args = [str(REMI), "report", str(work / "klub.xlsx"), "--template", str(folder)]
    if pdf:
        args += ["-o", str(work / "out.pdf")]
    if html:
        args += ["--html", str(work / "out.html")]
    return subprocess.run(
        [*args, "--lang", lang], check=False, capture_output=True, text=True, timeout=60
    )


def refused(done: subprocess.CompletedProcess[str], folder: Path) -> str:
    """The one line a refusal says, once it is sure nothing was written and nothing of the
    secret was shown."""
    said = (done.stdout + done.stderr).strip().splitlines()
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert len(said) == 1, said
    assert "Traceback" not in done.stderr
    assert SECRET not in done.stdout + done.stderr
    work = folder.parent
    assert not [path.name for path in work.iterdir() if "out" in path.name]  # nor a temporary
    kept = [
        path
        for path in work.rglob("*")
        if stat.S_ISREG(path.lstat().st_mode) and path.name != "secret.txt"
    ]
    for path in kept:  # the notebook and the templates: nothing was copied into them
        assert SECRET not in path.read_text(encoding="utf-8", errors="replace"), path
    return said[0]


def scorecard(folder: Path, text: str) -> None:
    (folder / "scorecard.html").write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- inside the folder


def test_text_of_a_file_above_the_folder_is_refused(folder: Path) -> None:
    scorecard(folder, '<style>{{ text_of("../secret.txt") }}</style>')
    line = refused(report(folder), folder)
    assert line == (
        f"error: ../secret.txt leads outside the template folder {folder}: a template may "
        "only read files inside its own folder."
    )


def test_text_of_an_absolute_path_is_refused(folder: Path) -> None:
    secret = folder.parent / "secret.txt"
    scorecard(folder, f'<style>{{{{ text_of("{secret}") }}}}</style>')
    line = refused(report(folder), folder)
    assert line.startswith(f"error: {secret} leads outside the template folder {folder}")


def test_a_club_css_linked_to_a_file_outside_is_refused(folder: Path) -> None:
    (folder / "club.css").symlink_to(folder.parent / "secret.txt")
    line = refused(report(folder, lang="hu"), folder)
    assert line == (
        f"hiba: A club.css fájl a {folder} sablonmappán kívülre mutat: a sablon csak a saját "
        "mappájában lévő fájlokat olvashatja."
    )


def test_a_template_linked_to_a_file_outside_is_refused(folder: Path) -> None:
    (folder / "scorecard.html").symlink_to(folder.parent / "secret.txt")
    line = refused(report(folder), folder)
    assert line.startswith(f"error: scorecard.html leads outside the template folder {folder}")


def test_an_include_above_the_folder_is_refused(folder: Path) -> None:
    scorecard(folder, '{% include "../secret.txt" %}')
    line = refused(report(folder), folder)
    assert line.startswith(f"error: ../secret.txt leads outside the template folder {folder}")


def test_a_pipe_in_the_folder_is_never_opened(folder: Path) -> None:
    os.mkfifo(folder / "club.css")  # opened to read, it would wait for a writer for ever
    line = refused(report(folder), folder)
    assert line == (
        f"error: club.css in the template folder {folder} is not a plain file but a pipe, a "
        "device or a folder: remi reads only plain files there."
    )
    assert stat.S_ISFIFO((folder / "club.css").lstat().st_mode)


def test_a_link_inside_the_folder_is_followed(folder: Path) -> None:
    (folder / "styles").mkdir()
    (folder / "styles" / "colours.css").write_text("h1 { color: #0a0b0c; }", encoding="utf-8")
    (folder / "club.css").symlink_to(Path("styles") / "colours.css")
    done = report(folder)
    assert done.returncode == 0, done.stderr
    assert "#0a0b0c" in (folder.parent / "out.html").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- file sizes


def test_an_oversized_club_css_is_not_read(folder: Path) -> None:
    with (folder / "club.css").open("w", encoding="utf-8") as css:
        css.write("/* " + "x" * (2 * MAX_FILE_BYTES) + " */\n")  # 2 MB; 600 MB was read whole
    line = refused(report(folder), folder)
    assert line == (
        "error: club.css in the template folder is 2.1 MB, more than the 1 MB remi reads from "
        "one template file."
    )


def test_a_club_css_of_the_limit_is_read(folder: Path) -> None:
    tail = " */ h1 { color: #0d0e0f; }"
    text = "/* " + "x" * (MAX_FILE_BYTES - 3 - len(tail)) + tail
    (folder / "club.css").write_text(text, encoding="utf-8")
    assert (folder / "club.css").stat().st_size == MAX_FILE_BYTES
    done = report(folder, pdf=False)
    assert done.returncode == 0, done.stderr
    assert "#0d0e0f" in (folder.parent / "out.html").read_text(encoding="utf-8")


def test_an_oversized_image_is_not_read(folder: Path) -> None:
    (folder / "img").mkdir()
    (folder / "img" / "logo.png").write_bytes(b"\x89PNG" + b"\0" * (3 * MAX_FILE_BYTES))
    scorecard(
        folder,
        '{% extends "base.html" %}{% block body %}<img src="img/logo.png">{% endblock %}',
    )
    line = refused(report(folder, lang="hu"), folder)
    assert line == (
        "hiba: Az img/logo.png fájl a sablonmappában 3,1 MB, több, mint a remi által egy "
        "sablonfájlból olvasott 1 MB."
    )


# --------------------------------------------------------------------------- rendering


def test_a_nested_range_is_stopped(folder: Path) -> None:
    scorecard(
        folder,
        "<p>\n{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}",
    )
    line = refused(report(folder), folder)
    assert line == (
        f"error: The template scorecard.html, line 2: range() of 100000 items, more than the "
        f"{MAX_RANGE} a template may count; remi stopped it, nothing was written."
    )


def test_html_past_its_bound_is_stopped(folder: Path) -> None:
    scorecard(folder, '{% for i in range(10000) %}{{ "x" * 5001 }}{% endfor %}')
    line = refused(report(folder, pdf=False), folder)
    assert line == (
        f"error: The template scorecard.html: it made more than {MAX_HTML_CHARS} characters "
        "of HTML, far more than any scorecard; remi stopped it, nothing was written."
    )


@pytest.mark.parametrize(
    ("expression", "said"),
    [
        ('"x" * 100000000', "a repetition (*) of 100000000 items"),
        ("10 ** 100000", "a power (**) of some 100000 digits"),
    ],
)
def test_a_value_too_big_to_make_is_stopped(folder: Path, expression: str, said: str) -> None:
    scorecard(folder, f"{{{{ {expression} }}}}")
    line = refused(report(folder, pdf=False), folder)
    assert line.startswith(f"error: The template scorecard.html, line 1: {said}, more than")


def test_many_pages_are_refused(folder: Path) -> None:
    scorecard(
        folder,
        f'{{% for i in range({MAX_PAGES + 1}) %}}<section style="break-after: page">'
        "{{ i }}</section>{% endfor %}",
    )
    line = refused(report(folder), folder)
    assert line == (
        f"error: The PDF would have more than {MAX_PAGES} pages, far more than a season's "
        "scorecard: nothing was written. Print fewer games at a time (--game), or check the "
        "template."
    )


def test_html_too_big_to_lay_out_is_refused_before_the_layout(folder: Path) -> None:
    rows = MAX_LAYOUT_TAGS // 600 + 1  # 600 tags a row of 100 paragraphs
    scorecard(
        folder,
        f"{{% for i in range({rows}) %}}{{% for j in range(100) %}}<p>a</p><p>b</p><p>c</p>"
        "{% endfor %}{% endfor %}",
    )
    line = refused(report(folder), folder)
    assert line.startswith("error: The HTML the template made is too big to lay out at once: ")
    assert f"{MAX_LAYOUT_TAGS} tags remi lays out in one pass" in line


def test_footer_pages_that_do_not_match_the_pages_are_one_line(folder: Path) -> None:
    """A scorecard of more than 20 games is laid out in parts and numbered by the footer
    pages of folios.html, one over each page: a club's that lays out another number (it
    ended in a traceback) is one line."""
    from tests.test_report import FULL_GAME, make_notebook

    sheets = {f"Game {number:02}": (FULL_GAME, None, None) for number in range(1, 23)}
    make_notebook(folder.parent / "klub.xlsx", sheets)
    (folder / "folios.html").write_text("<p>one page</p>", encoding="utf-8")
    line = refused(report(folder), folder)
    assert line == (
        "error: The template folios.html laid out 1 page of footers for a scorecard of 23: it "
        "must lay out one for each page (range(doc.pages), as remi's own does); nothing was "
        "written."
    )


def test_a_template_running_past_its_time_is_stopped(tmp_path: Path) -> None:
    """The time bound, a minute for real, given a tenth of a second here: three loops of a
    thousand steps each go on for minutes, and nothing else bounds them."""
    folder = tmp_path / "t"
    folder.mkdir()
    looped = "{% for i in range(1000) %}{% for j in range(1000) %}{% for k in range(1000) %}"
    (folder / "scorecard.html").write_text(
        f"\n\n{looped}{{% endfor %}}{{% endfor %}}{{% endfor %}}", encoding="utf-8"
    )
    card = _blank_card()
    with pytest.raises(RemiError) as stopped:
        render_html(folder, "scorecard.html", card, Budget(seconds=0.1))
    assert stopped.value.code == "template_stopped"
    assert stopped.value.params["template"] == "scorecard.html"
    assert stopped.value.params["line"] == 3
    assert stopped.value.params["reason"].key == "bound_time"
    assert render_html(default_template_dir(), "blank.html", card, Budget()).startswith("<!")


def _blank_card() -> BlankCard:
    from remi_sheet.core.rules import HouseRules
    from remi_sheet.report.scorecard import blank_card

    return blank_card(["Anna", "Béla"], HouseRules(), "en")


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer (Windows)")
def test_a_layout_running_past_its_time_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The layout's time bound, a minute for real, given a second here: 12,000 inline
    elements run into one word take WeasyPrint a minute and a half on one page, so no
    bound on pages or size stops them."""
    from remi_sheet.report import rendering

    monkeypatch.setattr(rendering, "LAYOUT_SECONDS", 1.0)
    before = signal.getsignal(signal.SIGALRM)
    html = "<p>" + "<b>x</b><i>y</i>" * 6_000 + "</p>"
    started = time.monotonic()
    with pytest.raises(RemiError) as stopped:
        rendering.render_pdf(html, tmp_path, tmp_path / "out.pdf")
    assert stopped.value.code == "layout_too_slow"
    assert time.monotonic() - started < 15
    assert not (tmp_path / "out.pdf").exists()
    assert signal.getsignal(signal.SIGALRM) == before  # put back as it was
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
