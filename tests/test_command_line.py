"""A command line remi cannot take: click's refusal, said by the installed `remi` in the
notebook's language (--lang, else the notebook's sheet names), exit 2, never English
inside Hungarian."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
REMI = ROOT / ".venv" / "bin" / "remi"


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    # Help speaks the system's language: this system speaks English.
    english = {"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    return subprocess.run(
        [str(REMI), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
        check=False,
        env={**os.environ, **english},
    )


@pytest.fixture
def klub(tmp_path: Path) -> Path:
    """A Hungarian notebook (its sheets: Szabályok, Összesítő)."""
    path = tmp_path / "klub.xlsx"
    shutil.copyfile(ROOT / "samples" / "klub.xlsx", path)
    return path


@pytest.mark.parametrize(
    ("args", "hungarian", "english"),
    [
        (["check", "{nb}", "--foo"], "Nincs ilyen kapcsoló: --foo.", "No such option: --foo."),
        (
            ["check", "{nb}", "--jsn"],
            "Nincs ilyen kapcsoló: --jsn. Erre gondoltál: --json?",
            "No such option: --jsn. Did you mean --json?",
        ),
        (
            ["new", "uj.xlsx", "-p", "A", "-p", "B", "--games", "0"],
            "A --games értéke 1 és 100 között lehet, nem 0.",
            "Invalid value for --games: 0 is not between 1 and 100.",
        ),
        (
            ["new", "uj.xlsx", "-p", "A", "-p", "B", "--games", "sok"],
            "A --games értéke egész szám legyen, nem 'sok'.",
            "Invalid value for --games: 'sok' is not a whole number.",
        ),
        (
            ["stats", "{nb}", "--sort", "szerencse"],
            "A --sort értéke ezek egyike lehet: place, rating, wins, average, total, games vagy "
            "name; nem 'szerencse'.",
            "Invalid value for --sort: 'szerencse' is not one of place, rating, wins, average, "
            "total, games or name.",
        ),
        (["score", "{nb}", "-o"], "Az -o kapcsoló után meg kell adni az értékét.", "needs a value"),
        (["check", "{nb}", "{nb}"], "Fölösleges argumentum: ", "Got an unexpected extra argument"),
        (["check"], "Hiányzik a FÜZET.xlsx argumentum.", "Missing argument NOTEBOOK.xlsx."),
        (["chek", "{nb}"], "Nincs ilyen parancs: 'chek'. Erre gondoltál: check?", "'chek'"),
    ],
)
def test_a_refused_command_line_speaks_the_notebooks_language(
    klub: Path, args: list[str], hungarian: str, english: str
) -> None:
    typed = [arg.format(nb=klub.name) for arg in args]
    # The notebook named tells the language; a new one's is --lang's.
    hu = [typed[0], "--lang", "hu", *typed[1:]] if typed[0] in ("new", "check") else typed
    said = run(*hu, cwd=klub.parent)
    assert said.returncode == 2
    assert hungarian in said.stderr, said.stderr
    assert "Traceback" not in said.stderr
    assert "Error" not in said.stderr and "Usage" not in said.stderr
    if typed[0] != "chek":  # --lang belongs to the commands, not to remi itself
        told = run(typed[0], "--lang", "en", *typed[1:], cwd=klub.parent)
        assert told.returncode == 2
        assert english in told.stderr, told.stderr


def test_the_usage_lines_words_are_hungarian(klub: Path) -> None:
    said = run("check", klub.name, "--foo", cwd=klub.parent)
    lines = said.stderr.splitlines()
    assert lines[0] == "Használat: remi check [KAPCSOLÓK] FÜZET.xlsx"
    assert lines[1] == "Súgó: remi check -h"
    assert lines[-1] == "Hibás parancssor: Nincs ilyen kapcsoló: --foo."


def test_an_english_refusal_keeps_clicks_shape_with_its_plurals_right(tmp_path: Path) -> None:
    said = run("check", "a.xlsx", "b.xlsx", "c.xlsx", cwd=tmp_path)
    assert said.returncode == 2
    assert said.stderr.splitlines()[:2] == [
        "Usage: remi check [OPTIONS] NOTEBOOK.xlsx",
        "Try 'remi check -h' for help.",
    ]
    assert said.stderr.splitlines()[-1] == (
        "Usage error: Got unexpected extra arguments: b.xlsx c.xlsx"
    )


def test_what_the_commands_exit_with_is_kept(klub: Path) -> None:
    assert run("check", klub.name, cwd=klub.parent).returncode == 0
    assert run("check", "nincs.xlsx", cwd=klub.parent).returncode == 1
    assert run("--version", cwd=klub.parent).returncode == 0
    assert run("check", "-h", cwd=klub.parent).returncode == 0
    bare = run(cwd=klub.parent)
    assert bare.returncode == 2 and "Commands" in bare.stdout + bare.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["check", "--json", "--bogus"], "Hibás parancssor: Nincs ilyen kapcsoló: --bogus"),
        (["check", "--json", "-r", "nincs=1"], "Hibás parancssor: Ismeretlen házszabály: 'nincs'"),
        (["score", "--json", "-o", "ki.csv"], "Hibás parancssor: 'ki.csv' nem lehet"),
    ],
)
def test_a_refusal_asked_for_json_is_a_json_document_too(
    klub: Path, args: list[str], said: str
) -> None:
    """A script that pipes `--json` into a parser gets a document on exit 2 as well."""
    import json

    result = run(args[0], klub, *args[1:], cwd=klub.parent)
    assert result.returncode == 2, result.stderr
    document = json.loads(result.stdout)
    assert document["games"] == []
    (problem,) = document["problems"]
    assert problem["code"] == "usage_error" and problem["severity"] == "error"
    assert problem["message"].startswith(said), problem["message"]
    assert said.split(": ", 1)[1][:12] in result.stderr  # still said on standard error


def test_json_refused_as_an_option_of_its_command_prints_no_document(tmp_path: Path) -> None:
    result = run("new", tmp_path / "uj.xlsx", "--json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
