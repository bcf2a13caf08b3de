"""LibreOffice Calc driven over UNO, as a person types in it: a helper the tests run with the
Python that has LibreOffice's `uno` module (Debian's /usr/bin/python3 with python3-uno), not
with the project's own. It reads one job a line on standard input (JSON) and answers each
with one line of JSON.

Jobs (`op`):

- `type`: open `file`, type each `cells` entry `[sheet, "B5", "text as typed"]` with
  `XCell.setFormula` (what a person's typing does: `27` becomes a number, `H` text, `=1+1` a
  formula), recalculate, ask LibreOffice's own validity check (`XSheetAuditing.showInvalid`,
  Detective ▸ Mark Invalid Data) which cells it refuses (unless `check` is false), and
  answer each cell's kind, value and text as LibreOffice shows it; `ranges` adds every
  listed `[sheet, "A1:Z40"]` range as computed; `save` stores the document to that path
  as .xlsx.
- `read`: open `file`, recalculate, answer the `ranges` as computed.
- `delete_rows`: delete (or with `insert`, insert) whole rows or `columns`, and save.
- `copy_and_clear`: copy a sheet's `source` cells to `target`, clear the source, and save.
- `copy_sheet`: copy a `sheet` as `name`, right after it, and save.
- `cut_and_paste`: move a sheet's `source` cells to `target`, and save.
- `time`: open `file` and recalculate everything `repeat` times; the seconds of each.
- `quit`.

A cell's answer is `[valid, kind, value]`: `kind` is "value", "text", "formula", "empty" or
"error" (a formula whose result is an error: LibreOffice's own `#VALUE!`, never an empty
cell), `value` the number or the text shown.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import uno  # type: ignore[import-not-found]
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]
from com.sun.star.table.CellContentType import (  # type: ignore[import-not-found]
    EMPTY,
    FORMULA,
    TEXT,
)

_XLSX = "Calc Office Open XML"
# com.sun.star.sheet.CellFlags: VALUE, DATETIME, STRING and FORMULA: what Delete clears
_CONTENTS = 1 | 2 | 4 | 16


def _property(name: str, value: Any) -> Any:
    found = PropertyValue()
    found.Name = name
    found.Value = value
    return found


class Calc:
    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="remi-calc-"))
        pipe = f"remi_calc_{os.getpid()}"
        self.process = subprocess.Popen(
            [
                os.environ.get("SOFFICE", "soffice"),
                f"-env:UserInstallation={(self.folder / 'profile').as_uri()}",
                "--headless",
                "--invisible",
                "--norestore",
                "--nologo",
                f"--accept=pipe,name={pipe};urp;",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local
        )
        deadline = time.monotonic() + 120
        while True:
            try:
                context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:  # the bridge's own NoConnectException, until it listens
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.2)
        self.desktop = context.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", context
        )

    def open(self, file: str) -> Any:
        url = uno.systemPathToFileUrl(str(Path(file).resolve()))
        return self.desktop.loadComponentFromURL(url, "_blank", 0, (_property("Hidden", True),))

    def type(self, job: dict[str, Any]) -> dict[str, Any]:
        document = self.open(job["file"])
        try:
            typed = []
            for sheet_name, where, text in job["cells"]:
                cell = document.Sheets.getByName(sheet_name).getCellRangeByName(where)
                cell.setFormula(text)
                typed.append((sheet_name, cell))
            document.calculateAll()
            checked = job.get("check", True)
            refused = self.refused(document, {name for name, _ in typed}) if checked else set()
            answer: dict[str, Any] = {"cells": []}
            for sheet_name, cell in typed:
                address = cell.CellAddress
                valid = (sheet_name, address.Column, address.Row) not in refused
                answer["cells"].append([valid, *self.shown(cell)])
            if job.get("ranges"):
                answer["ranges"] = self.ranges(document, job["ranges"])
            if job.get("save"):
                self.store(document, job["save"])
            return answer
        finally:
            document.close(True)

    def refused(self, document: Any, sheets: set[str]) -> set[tuple[str, int, int]]:
        """The cells LibreOffice's validity check marks invalid, on `sheets`: it draws a
        circle round each one, anchored to the cell."""
        found = set()
        for name in sheets:
            sheet = document.Sheets.getByName(name)
            sheet.clearArrows()
            sheet.showInvalid()
            page = sheet.DrawPage
            for index in range(page.Count):
                shape = page.getByIndex(index)
                if shape.ShapeType != "com.sun.star.drawing.EllipseShape":
                    continue
                anchor = shape.Anchor.CellAddress
                found.add((name, anchor.Column, anchor.Row))
            sheet.clearArrows()
        return found

    @staticmethod
    def shown(cell: Any) -> list[Any]:
        kind = cell.Type
        if kind == EMPTY:
            return ["empty", None]
        if kind == FORMULA:
            if cell.getError():
                return ["error", cell.getString()]
            # com.sun.star.sheet.FormulaResult: VALUE 1, STRING 2, ERROR 4
            number = cell.FormulaResultType2 == 1
            return ["formula", cell.getValue() if number else cell.getString()]
        if kind == TEXT:
            return ["text", cell.getString()]
        return ["value", cell.getValue()]

    def ranges(self, document: Any, ranges: list[list[str]]) -> list[list[list[Any]]]:
        found = []
        for sheet_name, where in ranges:
            block = document.Sheets.getByName(sheet_name).getCellRangeByName(where)
            rows = block.Rows.Count
            columns = block.Columns.Count
            found.append(
                [
                    [self.shown(block.getCellByPosition(c, r)) for c in range(columns)]
                    for r in range(rows)
                ]
            )
        return found

    def read(self, job: dict[str, Any]) -> dict[str, Any]:
        document = self.open(job["file"])
        try:
            document.calculateAll()
            return {"ranges": self.ranges(document, job["ranges"])}
        finally:
            document.close(True)

    @contextlib.contextmanager
    def changed(self, job: dict[str, Any]) -> Iterator[Any]:
        """The document `file`, for a change as a person makes it; then recalculated and
        saved as .xlsx at `save`, and closed whatever happens."""
        document = self.open(job["file"])
        try:
            yield document
            document.calculateAll()
            self.store(document, job["save"])
        finally:
            document.close(True)

    @staticmethod
    def store(document: Any, path: str) -> None:
        url = uno.systemPathToFileUrl(str(Path(path).resolve()))
        document.storeToURL(url, (_property("FilterName", _XLSX),))

    def delete_rows(self, job: dict[str, Any]) -> dict[str, Any]:
        """Delete whole rows (or with `columns`, whole columns) of a sheet, as a person does
        (the headers' Delete Rows, Delete Columns), or with `insert` insert empty ones
        before the row (Insert Rows Above)."""
        with self.changed(job) as document:
            sheet = document.Sheets.getByName(job["sheet"])
            lines = sheet.Columns if job.get("columns") else sheet.Rows
            if job.get("insert"):
                lines.insertByIndex(job["row"] - 1, job.get("count", 1))
            else:
                lines.removeByIndex(job["row"] - 1, job.get("count", 1))
        return {}

    def copy_and_clear(self, job: dict[str, Any]) -> dict[str, Any]:
        """Copy the cells `source` of a sheet to `target` and clear them where they were,
        as a person copies and pastes, then presses Delete."""
        with self.changed(job) as document:
            sheet = document.Sheets.getByName(job["sheet"])
            source = sheet.getCellRangeByName(job["source"])
            target = sheet.getCellRangeByName(job["target"]).getCellAddress()
            sheet.copyRange(target, source.getRangeAddress())
            source.clearContents(_CONTENTS)
        return {}

    def cut_and_paste(self, job: dict[str, Any]) -> dict[str, Any]:
        """Cut the cells `source` of a sheet and paste them at `target`, as a person moves a
        row of cells."""
        with self.changed(job) as document:
            sheet = document.Sheets.getByName(job["sheet"])
            source = sheet.getCellRangeByName(job["source"]).getRangeAddress()
            sheet.moveRange(sheet.getCellRangeByName(job["target"]).getCellAddress(), source)
        return {}

    def copy_sheet(self, job: dict[str, Any]) -> dict[str, Any]:
        """Copy the sheet `sheet` as `name`, right after it (Move or Copy Sheet ▸ Copy)."""
        with self.changed(job) as document:
            sheets = document.Sheets
            position = list(sheets.ElementNames).index(job["sheet"]) + 1
            sheets.copyByName(job["sheet"], job["name"], position)
        return {}

    def time(self, job: dict[str, Any]) -> dict[str, Any]:
        seconds, opening = [], []
        for _ in range(job.get("repeat", 1)):
            start = time.perf_counter()
            document = self.open(job["file"])
            opened = time.perf_counter()
            document.calculateAll()
            seconds.append(time.perf_counter() - start)
            opening.append(opened - start)
            document.close(True)
        return {"seconds": seconds, "opening": opening}

    def quit(self) -> None:
        # LibreOffice may be gone already: the bridge then raises its own kind of error.
        with contextlib.suppress(Exception):
            self.desktop.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def main() -> None:
    calc = Calc()
    print(json.dumps({"ready": True}), flush=True)
    try:
        for line in sys.stdin:
            job = json.loads(line)
            if job["op"] == "quit":
                break
            try:
                answer = getattr(calc, job["op"])(job)
            except Exception as error:  # noqa: BLE001 - the test reads it as a failure, with its reason
                answer = {"failed": f"{type(error).__name__}: {error}"}
            print(json.dumps(answer), flush=True)
    finally:
        calc.quit()


if __name__ == "__main__":
    main()
