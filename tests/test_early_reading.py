"""`remi check` of a big notebook starts its reading process before Typer loads: the
program guesses the notebook from the command line, and the command takes that reading
over when it names the same file. A wrong guess may only cost time, never change what the
command does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup, TyperOption

from remi_sheet import __main__ as program
from remi_sheet import cli, grid, notebook_sheets
from tests.test_parallel_reading import _big_notebook

# Prints a line for each reading process started and each one stopped, then runs remi.
SPIED = """
import sys
def spy(event, args):
    if event in ("os.fork", "os.kill"):
        print(event, file=sys.stderr, flush=True)
sys.addaudithook(spy)
sys.argv = ["remi", *sys.argv[1:]]
from remi_sheet.__main__ import main
main()
"""


@pytest.mark.parametrize(
    ("args", "guess"),
    [
        (["check", "a.xlsx"], "a.xlsx"),
        (["check", "--json", "a.xlsx"], "a.xlsx"),
        (["check", "a.xlsx", "--lang", "hu", "-r", "jokers=2"], "a.xlsx"),
        (["check", "--lang", "hu", "a.xlsx", "--rule", "jokers=2"], "a.xlsx"),
        (["check", "--lang=en", "-rjokers=2", "--rule=jokers=2", "a.xlsx"], "a.xlsx"),
        (["check", "-r", "a.xlsx", "b.xlsx"], "b.xlsx"),  # a.xlsx is the rule's value
        (["check"], None),
        (["check", "a.xlsx", "b.xlsx"], None),
        (["check", "--help", "a.xlsx"], None),
        (["check", "--", "-a.xlsx"], None),
        (["check", "--jsn", "a.xlsx"], None),
        (["check", "--json=1", "a.xlsx"], None),
        (["score", "a.xlsx"], None),
        (["report", "a.xlsx", "-o", "a.pdf"], None),
        ([], None),
    ],
)
def test_the_notebook_of_a_check_is_guessed_only_when_plain(
    args: list[str], guess: str | None
) -> None:
    assert program.checked_notebook(args) == (Path(guess) if guess else None)


def test_the_guess_knows_every_option_of_check() -> None:
    group = typer.main.get_command(cli.app)
    assert isinstance(group, TyperGroup)
    command = group.get_command(typer.Context(group), "check")
    assert command is not None
    options = [param for param in command.params if isinstance(param, TyperOption)]
    valued = {name for option in options if not option.is_flag for name in option.opts}
    flags = {name for option in options if option.is_flag for name in option.opts}
    assert valued == program.CHECK_VALUED
    assert flags - {"--help"} == program.CHECK_FLAGS


def _remi(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    temporary = tmp_path / "tmp"
    temporary.mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-c", SPIED, *args],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "TMPDIR": str(temporary)},
        timeout=120,
    )


def test_the_early_reading_is_the_one_the_check_uses(tmp_path: Path) -> None:
    path = _big_notebook(tmp_path, 500)
    assert path.stat().st_size >= grid.PARALLEL_FROM_BYTES
    run = _remi(["check", str(path), "--json", "--lang", "hu"], tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stderr.count("os.fork") == 1  # begun before Typer loaded, and taken over
    assert run.stderr.count("os.kill") == 1  # stopped when its sheets were all read
    result = json.loads(run.stdout)
    assert len(result["games"]) == 500
    assert result["problems"] == []
    assert result["lang"] == "hu"
    assert list((tmp_path / "tmp").iterdir()) == []


def test_a_command_line_mistake_stops_the_early_reading(tmp_path: Path) -> None:
    path = _big_notebook(tmp_path, 500)
    run = _remi(["check", str(path), "--lang", "xx"], tmp_path)
    assert run.returncode == 2
    assert "--lang" in run.stderr
    assert run.stderr.count("os.fork") == 1
    assert run.stderr.count("os.kill") == 1  # begun, then stopped before the program left
    assert list((tmp_path / "tmp").iterdir()) == []


def test_a_file_that_cannot_be_a_workbook_is_not_begun_early(tmp_path: Path) -> None:
    path = tmp_path / "big.xlsx"
    path.write_bytes(b"not a zip " * 100_000)
    run = _remi(["check", str(path)], tmp_path)
    assert run.returncode == 1
    assert "os.fork" not in run.stderr
    assert "big.xlsx" in run.stderr + run.stdout


def test_an_early_reading_of_another_file_is_not_taken(tmp_path: Path) -> None:
    first = _big_notebook(tmp_path, 300)
    other = tmp_path / "other.xlsx"
    other.write_bytes(first.read_bytes())
    notebook_sheets.begin_early(first)
    try:
        early = notebook_sheets._early
        assert early is not None
        assert early[0] == first
        taken = notebook_sheets.begin(other)
        assert taken is not early[1]
        assert notebook_sheets._early is early  # still waiting for its own file
        assert len(taken().names) == 301
        assert notebook_sheets.begin(first) is early[1]
        assert notebook_sheets._early is None
        assert len(early[1]().names) == 301
    finally:
        notebook_sheets.drop_early()
