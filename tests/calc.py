"""LibreOffice Calc for the tests, the program people type in: one running LibreOffice per
test session, driven over UNO by `calc_uno.py` under the Python that has LibreOffice's
`uno` module. `.ci/run` installs LibreOffice and python3-uno."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Debian's Python, which python3-uno installs the `uno` module for.
UNO_PYTHON = os.environ.get("REMI_UNO_PYTHON", "/usr/bin/python3")
_DRIVER = Path(__file__).with_name("calc_uno.py")


@dataclass(frozen=True, slots=True)
class Shown:
    """A cell as LibreOffice shows it after typing: whether its input check lets it in, and
    what it holds (`kind`: value, text, formula, empty or error)."""

    valid: bool
    kind: str
    value: Any


def shown(answer: list[Any]) -> tuple[str, Any]:
    kind, value = answer
    return kind, value


class Calc:
    """A running LibreOffice, asked one job at a time (`calc_uno` says which)."""

    def __init__(self) -> None:
        soffice = shutil.which("soffice") or shutil.which("libreoffice")
        assert soffice, "LibreOffice is needed: apt-get install libreoffice-calc-nogui"
        assert Path(UNO_PYTHON).exists(), f"{UNO_PYTHON} is needed, with python3-uno"
        self.process = subprocess.Popen(
            [UNO_PYTHON, str(_DRIVER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env={**os.environ, "SOFFICE": soffice},
        )
        ready = self._answer()
        assert ready.get("ready"), ready

    def _answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "LibreOffice's driver stopped"
        answer: dict[str, Any] = json.loads(line)
        assert "failed" not in answer, answer["failed"]
        return answer

    def ask(self, job: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        return self._answer()

    def type(
        self,
        file: Path,
        cells: list[tuple[str, str, str]],
        *,
        ranges: list[tuple[str, str]] | None = None,
        save: Path | None = None,
        check: bool = True,
    ) -> tuple[list[Shown], list[list[list[Any]]]]:
        """Type each (sheet, cell, text) as a person does, in one sitting; what each cell
        shows (whether its input check lets it in: unless `check` is false, every cell
        is), and the `ranges` as computed after it. `save`: stored there as .xlsx."""
        job: dict[str, Any] = {
            "op": "type",
            "file": str(file),
            "cells": [list(c) for c in cells],
            "check": check,
        }
        if ranges:
            job["ranges"] = [list(r) for r in ranges]
        if save is not None:
            job["save"] = str(save)
        answer = self.ask(job)
        typed = [Shown(valid, kind, value) for valid, kind, value in answer["cells"]]
        return typed, answer.get("ranges", [])

    def read(self, file: Path, ranges: list[tuple[str, str]]) -> list[list[list[Any]]]:
        """The `ranges` as LibreOffice computes them, each a list of rows of [kind, value]."""
        found: list[list[list[Any]]] = self.ask(
            {"op": "read", "file": str(file), "ranges": [list(r) for r in ranges]}
        )["ranges"]
        return found

    def delete_rows(self, file: Path, sheet: str, row: int, save: Path, count: int = 1) -> None:
        """Delete `count` whole rows from `row` (1-based) of `sheet`, saved at `save`."""
        job = {"op": "delete_rows", "file": str(file), "sheet": sheet, "row": row}
        self.ask({**job, "count": count, "save": str(save)})

    def insert_rows(self, file: Path, sheet: str, row: int, save: Path, count: int = 1) -> None:
        """Insert `count` empty whole rows above `row` (1-based) of `sheet`, saved at
        `save`."""
        job = {"op": "delete_rows", "file": str(file), "sheet": sheet, "row": row}
        self.ask({**job, "count": count, "save": str(save), "insert": True})

    def copy_and_clear(self, file: Path, sheet: str, source: str, target: str, save: Path) -> None:
        """Copy the cells `source` ("D5:D12") of `sheet` to `target` ("C5") and clear them
        where they were, saved at `save`."""
        job = {"op": "copy_and_clear", "file": str(file), "sheet": sheet}
        self.ask({**job, "source": source, "target": target, "save": str(save)})

    def cut_and_paste(self, file: Path, sheet: str, source: str, target: str, save: Path) -> None:
        """Cut the cells `source` ("A9:G9") of `sheet` and paste them at `target` ("A11"),
        saved at `save`."""
        job = {"op": "cut_and_paste", "file": str(file), "sheet": sheet}
        self.ask({**job, "source": source, "target": target, "save": str(save)})

    def copy_sheet(self, file: Path, sheet: str, name: str, save: Path) -> None:
        """Copy `sheet` as `name`, right after it (Move or Copy Sheet), saved at `save`."""
        self.ask(
            {"op": "copy_sheet", "file": str(file), "sheet": sheet, "name": name, "save": str(save)}
        )

    def delete_columns(
        self, file: Path, sheet: str, column: int, save: Path, count: int = 1
    ) -> None:
        """Delete `count` whole columns from `column` (1-based) of `sheet`, saved at `save`."""
        job = {"op": "delete_rows", "file": str(file), "sheet": sheet, "row": column}
        self.ask({**job, "count": count, "save": str(save), "columns": True})

    def seconds(self, file: Path, repeat: int = 1) -> list[float]:
        """How long LibreOffice takes to open `file` and recalculate it, each time."""
        found: list[float] = self.ask({"op": "time", "file": str(file), "repeat": repeat})[
            "seconds"
        ]
        return found

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            try:
                self.process.stdin.write(json.dumps({"op": "quit"}) + "\n")
                self.process.stdin.close()
                self.process.wait(timeout=60)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
