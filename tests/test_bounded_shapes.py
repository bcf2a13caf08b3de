"""Bounded work on the shapes a hostile or odd file can take beyond the counted limits
(`test_bounded`): one long shared string in thousands of cells, a part that inflates past
the size it declares, many parts no sheet uses, more games to import than a notebook
holds. Each is answered without the work growing with the text's copies or the square of
the count. (Timed in bench/bench_limits.py; these assert what decides the bound.)"""

from __future__ import annotations

import io
import random
import shutil
import subprocess
import sys
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from openpyxl.utils import get_column_letter

from bench.bench_limits import lying_workbook
from remi_sheet.reading import compat, guard, losses, package
from remi_sheet.reading.grid import read_grids
from tests.conftest import build_notebook, remi, worked_game
from tests.parts import patched, sheet_xml
from tests.test_bounded import _MAIN, _workbook

REMI = Path(sys.executable).parent / "remi"


def _strings(*texts: str) -> bytes:
    items = "".join(f"<si><t>{text}</t></si>" for text in texts)
    count = len(texts)
    return f'<sst xmlns="{_MAIN}" count="{count}" uniqueCount="{count}">{items}</sst>'.encode()


def _with_sheet(path: Path, sheet: bytes, strings: bytes) -> Path:
    """A workbook of a game on its first sheet and `sheet` as its second."""
    _workbook(path, 2, strings)
    data = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as out:
        for item in source.infolist():
            part = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                part = _GAME
            elif item.filename == "xl/worksheets/sheet2.xml":
                part = sheet
            elif item.filename == "[Content_Types].xml":  # openpyxl finds the strings so
                strings_type = f"{_OFFICE}.sharedStrings+xml"
                override = (
                    f'<Override PartName="/xl/sharedStrings.xml" ContentType="{strings_type}"/>'
                )
                part = part.replace(b"</Types>", override.encode() + b"</Types>")
            out.writestr(item.filename, part)
    path.write_bytes(data.getvalue())
    return path


_OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_GAME = sheet_xml([["Deal", "Anna", "Béla", "Csaba"], [1, "H", "27", "X"], [2, 12, "W", "K 9 Jo"]])


def _everywhere(rows: int, columns: int) -> bytes:
    """A sheet whose every cell holds the first shared string."""
    letters = [get_column_letter(c + 1) for c in range(columns)]
    body = "".join(
        f'<row r="{r}">' + "".join(f'<c r="{x}{r}" t="s"><v>0</v></c>' for x in letters) + "</row>"
        for r in range(1, rows + 1)
    )
    return f'<worksheet xmlns="{_MAIN}"><sheetData>{body}</sheetData></worksheet>'.encode()


def test_one_long_string_in_many_cells_is_read_as_one_text(tmp_path: Path) -> None:
    """calamine gives every cell its own copy of a shared string: 1 MB in 12,000 cells is
    12 GB. Such a sheet goes to the streaming reader, whose cells share one copy."""
    long = "K9Jo" * 25_000  # 100,000 characters
    path = _with_sheet(tmp_path / "s.xlsx", _everywhere(30, 30), _strings(long))
    assert guard.longest_string(_strings(long)) > len(long)
    assert not guard.copies_fit(_everywhere(30, 30), guard.longest_string(_strings(long)))
    (_, grid), problems = read_grids(path)
    assert problems == []
    cells = [value for row in grid.rows for value in row]
    assert len(cells) == 900 and cells[0] == long
    assert all(value is cells[0] for value in cells)  # one text, not 900 copies
    # A sheet of short strings stays calamine's.
    assert guard.copies_fit(_everywhere(30, 30), guard.longest_string(_strings("W", "K 9")))


def test_one_long_string_in_many_cells_is_checked_and_refused_for_writing(tmp_path: Path) -> None:
    rng = random.Random(1)
    long = "".join(rng.choice("KDB 9876Jo") for _ in range(1 << 20))  # packed as typed text
    path = _with_sheet(tmp_path / "s.xlsx", _everywhere(50, 240), _strings(long))
    assert remi("check", path).exit_code == 0
    before = path.read_bytes()
    for lang, words in (("en", "was not written: its cells would hold"), ("hu", "nem készült el")):
        result = remi("score", path, "--lang", lang)
        assert result.exit_code == 1, result.stdout
        said = result.stdout + result.stderr
        lines = [line for line in said.splitlines() if words in line]
        assert len(lines) == 1 and "S2" in lines[0] and "Traceback" not in said
    assert path.read_bytes() == before


def test_a_part_inflating_past_its_declared_size_is_never_inflated_whole(tmp_path: Path) -> None:
    path = lying_workbook(tmp_path / "lying.xlsx", 20 << 10, 60 << 20)
    with zipfile.ZipFile(path) as archive:
        tracemalloc.start()
        with pytest.raises(zipfile.BadZipFile, match="inflates past its declared size"):
            compat.part_bytes(archive, "xl/sharedStrings.xml")
        with pytest.raises(zipfile.BadZipFile, match="inflates past its declared size"):
            compat.part_bytes(archive, archive.getinfo("xl/sharedStrings.xml"))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert peak < 4 << 20  # the declared 20 KB and a byte, not the 60 MB
    for command in ("check", "score"):
        result = remi(command, path)
        assert result.exit_code == 1 and "Traceback" not in result.stderr


def test_many_parts_no_sheet_uses_are_told_once_each(tmp_path: Path) -> None:
    """The loss list is made in one pass (it was de-duplicated against itself)."""
    path = build_notebook(tmp_path / "k.xlsx", {"Game 1": worked_game()})
    data = io.BytesIO()
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(data, "w") as out:
        for item in source.infolist():
            out.writestr(item, source.read(item))
        for i in range(3_000):
            out.writestr(f"xl/extra/item{i}.xml", f"<item>{i}</item>")
    before = zipfile.ZipFile(io.BytesIO(data.getvalue()))
    after = zipfile.ZipFile(path)
    found = losses.losses(before, after)
    parts = [phrase.params["part"] for phrase in found if phrase.key == "lost_part"]
    assert len(parts) == len(set(parts)) == 3_000
    assert parts[:2] == ["xl/extra/item0.xml", "xl/extra/item1.xml"]


def test_an_import_of_more_games_than_a_notebook_holds_is_refused_before_writing(
    tmp_path: Path,
) -> None:
    games = package.MAX_SHEETS  # and the new notebook's Rules sheet: one too many
    rows = ["Game;Deal;Anna;Béla;Csaba"]
    rows += [f"{game};1;-40;{(game % 10) * 20};200" for game in range(1, games + 1)]
    records = tmp_path / "paper.csv"
    records.write_text("\n".join(rows) + "\n", encoding="utf-8")
    notebook = tmp_path / "club.xlsx"
    done = subprocess.run(
        [str(REMI), "import", str(records), "--into", str(notebook), "--lang", "en"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout[-500:]
    said = [line for line in done.stdout.splitlines() if "more than the" in line]
    assert len(said) == 1
    assert f"{games} games to file would make" in said[0] and f"{games + 1} sheets" in said[0]
    assert not notebook.exists()
    # A list of thousands of games in one line is cut, and says how many more.
    summary = done.stdout.splitlines()[-1]
    assert f"and {games - 30} more" in summary and len(summary) < 400


def test_a_sheet_put_back_as_it_was_loses_nothing_of_its_own(tmp_path: Path) -> None:
    """Extensions (`<extLst>`) in a sheet openpyxl rewrote are lost; in one `kept_sheets`
    put back byte for byte they are not, and are not said to be."""
    path = build_notebook(tmp_path / "k.xlsx", {"Game 1": worked_game()})
    extended = Path(shutil.copy(path, tmp_path / "extended.xlsx"))
    patched(extended, "Game 1", b"</worksheet>", b"<extLst/></worksheet>")
    before, after = zipfile.ZipFile(extended), zipfile.ZipFile(path)
    member = package.sheet_parts(after)["Game 1"]
    assert [phrase.key for phrase in losses.losses(before, after)] == ["lost_extensions"]
    assert losses.losses(before, after, copied={member}) == []
