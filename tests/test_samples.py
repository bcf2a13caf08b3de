"""The bundled samples: made by their script, and their `--json` output kept as golden files.

Regenerate the golden files on purpose only: `REMI_REGENERATE=1 pytest tests/test_samples.py`.
"""

from __future__ import annotations

import difflib
import json
import os
import runpy
from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner

from remi_sheet.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def cells(path: Path) -> dict[tuple[str, str], object]:
    book = openpyxl.load_workbook(path)
    return {
        (sheet.title, cell.coordinate): cell.value
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if cell.value is not None
    }


@pytest.mark.parametrize("name", ["klub.xlsx", "hibak.xlsx"])
def test_samples_are_what_the_script_makes(tmp_path: Path, name: str) -> None:
    script = runpy.run_path(str(SAMPLES / "make_samples.py"))
    script["main"](tmp_path)
    assert cells(SAMPLES / name) == cells(tmp_path / name)


@pytest.mark.parametrize(("name", "exit_code"), [("klub", 0), ("hibak", 1)])
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_golden_json(monkeypatch: pytest.MonkeyPatch, name: str, exit_code: int, lang: str) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["check", f"samples/{name}.xlsx", "--json", "--lang", lang])
    assert result.exit_code == exit_code
    actual = json.dumps(json.loads(result.stdout), ensure_ascii=False, indent=2) + "\n"
    golden = SAMPLES / f"{name}.check.{lang}.json"
    if os.environ.get("REMI_REGENERATE"):
        golden.write_text(actual, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True), str(golden), "remi check --json"
        )
    )
    assert not diff, diff


def test_klub_sample_numbers() -> None:
    """The sample's totals, worked out by hand from the typed rows in make_samples.py."""
    document = json.loads((SAMPLES / "klub.check.hu.json").read_text(encoding="utf-8"))
    totals = {game["sheet"]: game["totals"] for game in document["games"]}
    assert totals["2026-11-06 #1"] == {
        "Kovács Ödön": 170,
        "Szűcs Réka": 200,
        "Bíró Győző": 540,
        "Nagy Erzsébet": 160,
    }
    assert totals["2026-11-06 #2"] == {
        "Kovács Ödön": 260,
        "Szűcs Réka": 220,
        "Bíró Győző": 20,
        "Nagy Erzsébet": 370,
    }
    assert totals["2026-11-13 #1"] == {"Szűcs Réka": 110, "Bíró Győző": -10, "Nagy Erzsébet": 200}
    assert [game["complete"] for game in document["games"]] == [True, True, False]
    assert document["house_rules"] == {"opening_minimum": 51}
