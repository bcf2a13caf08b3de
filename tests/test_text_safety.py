"""Text from a file is text everywhere: control characters from a cell, a player's name or
a sheet's name never reach the terminal raw, a message stays one line, a long value is cut
(whole in --json), and a CSV cell never starts like a formula."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

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
    assert "Game\\nTwo!C2: 'Z\\x1b]0;owned\\x07\\x1b[2J error: forged'" in lines[0]


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
