"""Text from a file is text everywhere: control characters from a cell, a player's name or
a sheet's name never reach the terminal raw, a message stays one line, a long value is cut
(whole in --json), and a CSV cell never starts like a formula."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import openpyxl
import pytest

from tests.conftest import build_notebook, remi, remi_json, worked_game

ESCAPES = "\x1b]0;owned\x07\x1b[2J"
# As Excel writes them into a workbook (XML cannot hold them raw): calamine decodes them.
WRITTEN = "_x001B_]0;owned_x0007__x001B_[2J"


def _with_escapes(path: Path) -> Path:
    """The workbook at `path` with every "ESC" of its sheets' text made Excel's escapes."""
    with zipfile.ZipFile(path) as old:
        parts = {item.filename: old.read(item) for item in old.infolist()}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, data.replace(b"ESC", WRITTEN.encode()))
    return path


def test_control_characters_in_a_cell_are_shown_as_escapes(tmp_path: Path) -> None:
    rows = worked_game()
    rows[1][2] = "ZESC\nerror: forged"
    path = _with_escapes(build_notebook(tmp_path / "k.xlsx", {"Game\nTwo": rows}))
    result = remi("check", path)
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x07" not in result.output
    lines = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    assert len(lines) == 1  # the forged line stays inside the real one
    assert "Game\\nTwo!C2: Béla has 'Z\\x1b]0;owned\\x07\\x1b[2J error: forged'" in lines[0]


def test_a_players_name_with_escapes_is_shown_as_escapes(tmp_path: Path) -> None:
    rows = worked_game()
    rows[0][1] = "AnnaESC"
    path = _with_escapes(build_notebook(tmp_path / "k.xlsx", {"Game": rows}))
    result = remi("check", path)
    assert "\x1b" not in result.output
    assert "Anna\\x1b]0;owned" in result.stdout


def test_a_long_value_is_cut_in_the_message_and_whole_in_json(tmp_path: Path) -> None:
    rows = worked_game()
    rows[1][2] = "Z" * 5_000_000
    path = build_notebook(tmp_path / "k.xlsx", {"Game": rows})
    result = remi("check", path)
    line = next(line for line in result.stdout.splitlines() if line.startswith("error:"))
    assert len(line) < 400 and "…" in line
    _, document = remi_json("check", path)
    assert document["problems"][0]["code"] == "entry_unknown"


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x","y")', "+1", "-A1", "@SUM(A1)"])
def test_csv_cells_never_start_like_a_formula(tmp_path: Path, name: str) -> None:
    rows = worked_game()
    rows[0][1] = name
    path = build_notebook(tmp_path / "k.xlsx", {"Game": rows})
    result = remi("stats", path, "--csv")
    cells = [cell for row in csv.reader(io.StringIO(result.stdout)) for cell in row]
    assert "'" + name in cells
    assert name not in cells


MARKUP_NAMES = ["[link=http://evil.example]Béla[/link]", "[bold red]Anna[/]", "Kiss Béla [vendég]"]


def _on_a_terminal(*args: str, columns: int = 220) -> tuple[int, str]:
    """`remi ARGS…` run as a person runs it in a terminal (a pseudo-terminal as its
    output, wide enough for Rich's boxed tables): its exit code and all it wrote."""
    import os
    import pty
    import select
    import subprocess
    import sys

    remi_command = Path(sys.executable).with_name("remi")
    master, slave = pty.openpty()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("TTY_COMPATIBLE", "FORCE_COLOR", "NO_COLOR")
    }
    env |= {"COLUMNS": str(columns), "LINES": "60", "TERM": "xterm-256color"}
    child = subprocess.Popen(
        [str(remi_command), *args], stdin=slave, stdout=slave, stderr=slave, env=env
    )
    os.close(slave)
    out = b""
    try:
        while select.select([master], [], [], 60)[0]:
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # the child closed its end
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(master)
    return child.wait(timeout=60), out.decode("utf-8", "replace")


@pytest.mark.parametrize("command", ["check", "score", "stats"])
def test_names_like_rich_markup_are_shown_as_typed_on_a_terminal(
    tmp_path: Path, command: str
) -> None:
    game = [["Deal", *MARKUP_NAMES, "[/bold]"], [1, "W", 10, 20, 30], [2, 5, "W", 7, 8]]
    path = build_notebook(tmp_path / "klub.xlsx", {"Kedd": game})
    code, shown = _on_a_terminal(command, str(path), "--lang", "en")
    assert code == 0 and "Traceback" not in shown, shown
    assert "\x1b[" in shown  # a terminal indeed: Rich's colours and boxes
    assert "\x1b]8;" not in shown  # no hyperlink
    for name in [*MARKUP_NAMES, "[/bold]"]:
        assert name in shown, name
    assert "could not be read" not in shown


def test_a_line_of_the_notebooks_text_is_no_emoji_code_on_a_terminal(tmp_path: Path) -> None:
    # Rich draws `:smile:` as an emoji in any text it is handed as a string.
    book = openpyxl.Workbook()
    book.active.title = "Kedd"
    for row in [["Deal", "Anna :smile:", "Béla"], [1, "W", 30]]:
        book.active.append(row)
    rules = book.create_sheet("Rules")
    for row in [["Rule", "Value"], [], ["Agreements"], ["coffee :coffee: first"]]:
        rules.append(row)
    path = tmp_path / "klub.xlsx"
    book.save(path)
    for command in ("check", "stats", "score"):
        code, shown = _on_a_terminal(command, str(path), "--lang", "en")
        assert code == 0 and "\x1b[" in shown, shown
        assert "Anna :smile:" in shown, command
        assert "coffee :coffee: first" in shown or command == "stats"  # it says no agreements
        assert "☕" not in shown and "😄" not in shown


def test_a_name_of_32767_characters_is_cut_in_every_table(tmp_path: Path) -> None:
    name = "Béla" + "x" * 32_763
    game = [["Deal", name, "Anna", "Csaba"], [1, "W", 10, 20], [2, 5, "W", 7]]
    path = build_notebook(tmp_path / "klub.xlsx", {"Kedd": game})
    for command in ("check", "stats"):
        result = remi(command, path, "--lang", "en")
        assert result.exit_code == 0 and len(result.stdout) < 8_000, (command, len(result.stdout))
        assert "Bélaxxx" in result.stdout and "…" in result.stdout
    _code, document = remi_json("check", path)
    assert name in str(document)  # whole in --json
