"""remi as a library: the README's example runs as written, and a use case prints nothing,
never exits, and raises `RemiError` for a file that is no notebook."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

import remi_sheet
from tests.conftest import build_notebook, worked_game

ROOT = Path(__file__).resolve().parent.parent


def test_the_readmes_library_example_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## As a library", 1)[1]
    (example,) = re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.DOTALL)
    done = subprocess.run(
        [sys.executable, "-c", example],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("games, errors:") and len(lines) == 7
    # The summary line `remi check` prints, in the language asked for.
    assert lines[4].startswith("3 játszma") and "hiba" in lines[4]
    assert lines[5] in ("written /tmp/klub-scored.xlsx", "unchanged /tmp/klub-scored.xlsx")
    assert "nem" in lines[-1].lower() or "nincs" in lines[-1].lower()  # said in Hungarian


def test_check_says_nothing_and_gives_what_it_found(capsys: pytest.CaptureFixture[str]) -> None:
    checked = remi_sheet.check(ROOT / "samples" / "klub.xlsx")
    assert checked.ok and len(checked.notebook.games) == 3
    wrong = remi_sheet.check(ROOT / "samples" / "hibak.xlsx", lang="hu")
    assert not wrong.ok
    assert {"two_winners", "score_not_ten"} <= {problem.code for problem in wrong.problems}
    assert capsys.readouterr() == ("", "")


def test_score_writes_and_says_what_became_of_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "scored.xlsx"
    first = remi_sheet.score(ROOT / "samples" / "klub.xlsx", output=out)
    assert first.ok and first.written.outcome == "written" and first.told == "written"
    assert remi_sheet.check(out).ok
    again = remi_sheet.score(ROOT / "samples" / "klub.xlsx", output=out)
    assert again.written.outcome == "unchanged"  # the output already holds it all
    wrong = remi_sheet.score(ROOT / "samples" / "hibak.xlsx", output=tmp_path / "h.xlsx")
    assert not wrong.ok
    other = tmp_path / "other.xlsx"
    remi_sheet.score(ROOT / "samples" / "hibak.xlsx", output=other)
    with pytest.raises(remi_sheet.RemiError) as raised:  # another notebook is never replaced
        remi_sheet.score(ROOT / "samples" / "klub.xlsx", output=other)
    assert raised.value.problem.code == "output_other_notebook"
    assert capsys.readouterr() == ("", "")


def test_new_and_add_game_make_a_notebook_score_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = remi_sheet.new(tmp_path / "club.xlsx", ["Anna", "Béla", "Csaba"], games=2, lang="hu")
    assert remi_sheet.check(path).ok
    with pytest.raises(remi_sheet.RemiError) as raised:  # never over a notebook unasked
        remi_sheet.new(path, ["Anna", "Béla"])
    assert raised.value.problem.code == "new_exists"
    added = remi_sheet.add_game(path, day=dt.date(2026, 12, 5))
    assert added.ok and added.lang == "hu"
    assert [problem.code for problem in added.problems] == ["last_game_not_started"]
    checked = remi_sheet.check(path)
    assert len(checked.notebook.games) == 3 and added.sheet in checked.notebook.sheet_names
    with pytest.raises(remi_sheet.RemiError):  # a player named twice: the argument's mistake
        remi_sheet.add_game(path, ["Anna", "Anna"])
    assert capsys.readouterr() == ("", "")


def test_import_records_files_the_good_games_and_says_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    into = tmp_path / "club.xlsx"
    papers = ROOT / "samples" / "papir.csv"
    dry = remi_sheet.import_records(papers, into, options=remi_sheet.ImportOptions(dry_run=True))
    assert not into.exists() and not dry.written
    done = remi_sheet.import_records(papers, into)
    assert done.written and into.exists()
    filed = [p.sheet for p in done.placements if p.status == "filed"]
    assert filed and set(filed) <= set(remi_sheet.check(into).notebook.sheet_names)
    again = remi_sheet.import_records(papers, into)
    assert not again.written and all(p.status != "filed" for p in again.placements)
    assert capsys.readouterr() == ("", "")


def test_stats_gives_the_season_and_its_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    klub = ROOT / "samples" / "klub.xlsx"
    found = remi_sheet.stats([klub, klub])  # one file named twice is counted once
    assert found.ok and found.season.rows and len(found.notebooks) == 1
    names = [row.name for row in found.season.rows]
    only = remi_sheet.stats([klub], players=[names[0]])
    assert [row.name for row in only.season.rows] == [names[0]]
    with pytest.raises(remi_sheet.RemiError) as raised:
        remi_sheet.stats([klub], players=["Nobody Here"])
    assert raised.value.problem.code == "player_unknown"
    pdf = tmp_path / "season.pdf"
    assert remi_sheet.season_pdf(found, pdf, "hu").refused == []
    assert pdf.read_bytes().startswith(b"%PDF")
    assert capsys.readouterr() == ("", "")


def test_scorecard_and_blank_write_what_they_say(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    klub = ROOT / "samples" / "klub.xlsx"
    games = remi_sheet.check(klub).notebook.games
    page = tmp_path / "card.html"
    done = remi_sheet.scorecard(klub, html=page, games=[games[0].sheet])
    assert done.ok and done.html == page and done.pdf is None and len(done.games) == 1
    assert games[0].sheet in page.read_text(encoding="utf-8")
    with pytest.raises(remi_sheet.ArgumentError) as raised:
        remi_sheet.scorecard(klub, html=page, games=["No such game"])
    assert raised.value.problem.code == "game_unknown"
    pdf = tmp_path / "blank.pdf"
    card = remi_sheet.blank(["Anna", "Béla", "Csaba"], pdf, lang="hu")
    assert card.pdf == pdf and pdf.read_bytes().startswith(b"%PDF")
    with pytest.raises(remi_sheet.ArgumentError):
        remi_sheet.blank(["Anna"], pdf)
    assert capsys.readouterr() == ("", "")


def test_no_command_writes_over_a_file_of_another_kind_nor_over_its_input(
    tmp_path: Path,
) -> None:
    """As the command line refuses them, the library does: the file there is left as it
    was, and no backup is made of it."""
    klub = tmp_path / "klub.xlsx"
    klub.write_bytes((ROOT / "samples" / "klub.xlsx").read_bytes())
    rules = tmp_path / "rules.pdf"
    rules.write_bytes(b"%PDF-1.4 the club's own rules")
    named_pdf = tmp_path / "card.pdf"
    named_pdf.write_bytes(klub.read_bytes())  # a workbook, named like a PDF
    papers = ROOT / "samples" / "papir.csv"
    found = remi_sheet.stats([klub])
    refused: list[tuple[Callable[[], object], type[Exception], str]] = [
        (lambda: remi_sheet.score(klub, output=rules), remi_sheet.ArgumentError, "output_suffix"),
        (lambda: remi_sheet.scorecard(klub, output=klub), remi_sheet.ArgumentError,
         "output_is_input"),
        (lambda: remi_sheet.scorecard(klub, output=named_pdf), remi_sheet.RemiError,
         "output_other_kind"),
        (lambda: remi_sheet.blank(["Anna", "Béla"], html=rules), remi_sheet.ArgumentError,
         "output_suffix"),
        (lambda: remi_sheet.import_records(papers, rules), remi_sheet.ArgumentError,
         "output_suffix"),
        (lambda: remi_sheet.season_pdf(found, named_pdf, "en"), remi_sheet.RemiError,
         "output_other_kind"),
        (lambda: remi_sheet.season_workbook(found, klub, "en"), remi_sheet.ArgumentError,
         "output_is_input"),
        (lambda: remi_sheet.new_from(klub, klub), remi_sheet.ArgumentError, "output_is_input"),
    ]  # fmt: skip
    before = {path: path.read_bytes() for path in (klub, rules, named_pdf)}
    for call, kind, code in refused:
        with pytest.raises(kind) as raised:
            call()
        assert raised.value.problem.code == code, code
    assert {path: path.read_bytes() for path in before} == before
    left = sorted(path.name for path in tmp_path.iterdir())
    assert left == ["card.pdf", "klub.xlsx", "rules.pdf"]  # no backup of any
    # A workbook of another program named as the notebook to make, with --force: refused.
    not_ours = tmp_path / "new.xlsx"
    not_ours.write_bytes(b"Name,Phone\nAnna,123\n")
    with pytest.raises(remi_sheet.RemiError) as raised:
        remi_sheet.new(not_ours, ["Anna", "Béla"], force=True)
    assert raised.value.problem.code == "output_other_kind"
    assert not_ours.read_bytes() == b"Name,Phone\nAnna,123\n"


def test_every_command_tells_the_notebooks_names_alike(tmp_path: Path) -> None:
    """One list of whole-notebook checks: a name typed two ways is told by check, score and
    report alike."""
    game = worked_game()
    other = [["Deal", "Anna", "Bela", "Csaba"], *game[1:]]
    path = build_notebook(tmp_path / "k.xlsx", {"Game 1": game, "Game 2": other})
    told = {
        "check": remi_sheet.check(path).problems,
        "score": remi_sheet.score(path, output=tmp_path / "out.xlsx").problems,
        "report": remi_sheet.scorecard(path, html=tmp_path / "card.html").problems,
    }
    for command, problems in told.items():
        assert [p.code for p in problems if p.code == "name_spellings"] == ["name_spellings"], (
            command
        )


def test_a_file_that_is_no_notebook_raises_remi_error(tmp_path: Path) -> None:
    text = tmp_path / "notes.xlsx"
    text.write_text("not a workbook", encoding="utf-8")
    for path in (text, tmp_path / "missing.xlsx", tmp_path):
        with pytest.raises(remi_sheet.RemiError) as raised:
            remi_sheet.check(path)
        assert raised.value.problem.message("en")


def test_meld_checks_melds_and_finds_a_hands_openings(capsys: pytest.CaptureFixture[str]) -> None:
    laid = remi_sheet.meld(["8♣ 9♣ 10♣", "9♠ 9♣ Jo"])
    assert laid.ok and laid.report is not None and laid.report.opens
    assert laid.to_json("en")["total"] == 54
    alone = remi_sheet.meld("8♣ 9♣ 10♣")  # one text is one meld, not a card a character
    assert alone.ok and alone.report is not None and alone.report.total == 27
    unread = remi_sheet.meld(["8♣ 9x"])  # the input's mistake is the outcome's, as a problem
    assert not unread.ok and [error.code for error in unread.errors] == ["card_unknown"]
    hand = remi_sheet.meld(hand="10♠ J♠ Q♠ K♠ A♥ A♦ A♣ 2♥ 3♥ Jo", every=True)
    assert hand.ok and hand.best is not None and hand.best.opens and hand.others is not None
    assert hand.to_json("hu")["alternatives_count"] == hand.count
    with pytest.raises(ValueError):
        remi_sheet.meld(["8♣ 9♣ 10♣"], hand="2♥ 3♥ 4♥")
    assert capsys.readouterr() == ("", "")


def test_an_outcomes_json_is_what_remi_json_prints(tmp_path: Path) -> None:
    """`to_json`, written by `documents.write_json`, is byte for byte the `--json` output."""
    import io
    import shutil

    from typer.testing import CliRunner

    from remi_sheet.cli.app import app
    from remi_sheet.commands.documents import write_json

    for sample in ("klub.xlsx", "hibak.xlsx", "papir.csv"):
        shutil.copy(ROOT / "samples" / sample, tmp_path / sample)
    klub, hibak, papir = (str(tmp_path / name) for name in ("klub.xlsx", "hibak.xlsx", "papir.csv"))
    dry = remi_sheet.ImportOptions(dry_run=True)
    melds = ["8♣ 9♣ 10♣", "Jo 9♣ 10♣", "9♠ 9♠ 9♥"]
    out = tmp_path / "out.xlsx"
    outcomes: dict[tuple[str, ...], Callable[[], Mapping[str, object]]] = {
        ("check", hibak, "--lang", "hu"): lambda: remi_sheet.check(hibak, lang="hu").to_json(),
        ("score", klub, "-o", str(out)): lambda: remi_sheet.score(klub, output=out).to_json(),
        ("import", papir, "--into", klub, "--dry-run"): lambda: remi_sheet.import_records(
            papir, klub, options=dry
        ).to_json(),
        ("stats", klub, hibak, "--lang", "en"): lambda: remi_sheet.stats(
            [klub, hibak], lang="en"
        ).to_json(),
        ("stats", klub): lambda: remi_sheet.stats([klub]).to_json(),
        ("meld", *melds, "--lang", "hu"): lambda: remi_sheet.meld(melds).to_json("hu"),
        ("meld", *melds, "--lang", "en"): lambda: remi_sheet.meld(melds).to_json(),
    }
    for arguments, outcome in outcomes.items():
        printed = CliRunner().invoke(app, [*arguments, "--json"], env={"COLUMNS": "200"})
        out.unlink(missing_ok=True)  # score's output written anew by the library
        written = io.StringIO()
        write_json(outcome(), written.write)
        assert printed.stdout == written.getvalue(), arguments


_LOADED = "import sys, remi_sheet; print(sorted(m for m in sys.modules if 'remi_sheet.' in m))"


def test_the_package_imports_no_layer_until_asked() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _LOADED], check=False, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stdout.strip() == "[]"
