"""Shared helpers: notebooks built cell by cell, the way people type them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

# openpyxl writes through lxml when it is installed, and lxml is a test dependency (for the
# tests that run remi with it): the suite runs openpyxl as a plain install does, without.
os.environ.setdefault("OPENPYXL_LXML", "False")
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from typer.testing import CliRunner

from remi_sheet.cli.app import app

Rows = Sequence[Sequence[Any]]
# Captured output is plain text; should anything draw with Rich, it neither wraps nor colours.
# Help speaks the system's language (`cli.help_text`): the tests' system speaks English.
ENV = {
    "COLUMNS": "200",
    "NO_COLOR": "1",
    "TERM": "dumb",
    "LANG": "C.UTF-8",
    "LANGUAGE": "",
    "LC_ALL": "",
    "LC_MESSAGES": "",
}


# The real `remi` processes the tests start speak the system's language before they read a
# notebook: the tests' system speaks English, whatever the machine's locale.
os.environ.update({key: ENV[key] for key in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")})


def remi(*args: str | Path, env: dict[str, str] | None = None) -> Any:
    """`remi ARGS…` through Typer's test runner."""
    return CliRunner().invoke(app, [str(a) for a in args], env={**ENV, **(env or {})})


def fresh_python(code: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """`code` run by a Python of its own, as a command starts: what it imports is its own."""
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True, check=True
    )


def remi_json(*args: str | Path) -> tuple[int, dict[str, Any]]:
    """`remi ARGS… --json`: the exit code and the document printed."""
    result = remi(*args, "--json")
    return result.exit_code, json.loads(result.stdout)


def build_notebook(
    path: Path,
    sheets: Mapping[str, Rows],
    rules: Mapping[str, Any] | None = None,
    rules_sheet: str = "Rules",
) -> Path:
    """An .xlsx at `path` with one sheet per entry of `sheets`, rows typed from A1 (text as
    text, never as a formula), and a Rules sheet when `rules` is given."""
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for name, rows in sheets.items():
        sheet = workbook.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str):
                    cell.data_type = "s"  # typed text stays text, even "=1+1"
    if rules is not None:
        sheet = workbook.create_sheet(rules_sheet)
        sheet.append(["Rule", "Value"])
        for key, value in rules.items():
            sheet.append([key, value])
    workbook.save(path)
    return path


def worked_game() -> list[list[Any]]:
    """The worked game of RULES.md: totals −30, 100, 220."""
    return [
        ["Deal", "Anna", "Béla", "Csaba"],
        [1, "H", "27", "X"],
        [2, 12, "W", "K 9 Jo"],
        [3, "3", "X 55", "W"],
        [4],
        [5],
        [6],
        [7],
    ]


@pytest.fixture
def notebook(tmp_path: Path) -> Callable[..., Path]:
    def make(
        sheets: Mapping[str, Rows],
        rules: Mapping[str, Any] | None = None,
        name: str = "notebook.xlsx",
        **kwargs: Any,
    ) -> Path:
        return build_notebook(tmp_path / name, sheets, rules, **kwargs)

    return make


@pytest.fixture(scope="session")
def calc() -> Any:
    """LibreOffice Calc, running for the whole session, typed into over UNO (`tests.calc`)."""
    from tests.calc import Calc

    running = Calc()
    yield running
    running.close()
