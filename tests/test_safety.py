"""Nothing lost, nothing let in: backups, locks, read-back, what openpyxl cannot keep, and
hostile files."""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import time
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlsxwriter
from filelock import FileLock

from remi_sheet.reading.contents import Contents, path_of
from remi_sheet.writing import formula_results
from tests.conftest import build_notebook, remi, remi_json, worked_game

Make = Callable[..., Path]
REMI = shutil.which("remi", path=str(Path(sys.executable).parent))


def test_writing_in_place_keeps_a_backup(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    before = path.read_bytes()
    assert remi("score", path).exit_code == 0
    assert Path(f"{path}.bak").read_bytes() == before
    assert path.read_bytes() != before


@pytest.mark.parametrize("fresh", [True, False], ids=["made by remi new", "scores to write"])
def test_an_output_over_another_notebook_is_refused_and_left_as_it_was(
    notebook: Make, tmp_path: Path, fresh: bool
) -> None:
    """`score -o` onto last season's notebook, a slip of the name: refused, that notebook
    left as it was, also when the notebook scored has nothing to write (fresh from `remi
    new`) and would be copied."""
    if fresh:
        path = tmp_path / "klub.xlsx"
        assert remi("new", path, "-p", "Anna", "-p", "Béla").exit_code == 0
    else:
        path = notebook({"g": worked_game()})
    other = notebook({"tavaly": worked_game()}, name="tavaly.xlsx")
    before = other.read_bytes()
    for backup in ("--backup", "--no-backup"):
        result = remi("score", path, "-o", other, backup)
        assert result.exit_code == 1
        assert "tavaly.xlsx already holds another notebook" in result.stderr
        assert other.read_bytes() == before and not Path(f"{other}.bak").exists()


@pytest.mark.parametrize("fresh", [True, False], ids=["made by remi new", "scores to write"])
def test_a_second_score_to_the_same_output_changes_nothing(
    notebook: Make, tmp_path: Path, fresh: bool
) -> None:
    """`score -o` run again on an unchanged notebook leaves the output as it was: not saved
    anew (its time of saving would differ), no .bak of it."""
    if fresh:
        path = tmp_path / "klub.xlsx"
        assert remi("new", path, "-p", "Anna", "-p", "Béla").exit_code == 0
    else:
        path = notebook({"g": worked_game()})
    out = tmp_path / "out.xlsx"
    code, first = remi_json("score", path, "-o", out)
    assert code == 0 and first["outcome"] == "written"
    before, when = out.read_bytes(), out.stat().st_mtime_ns
    time.sleep(1.1)  # a save a second later says so in its docProps/core.xml
    code, second = remi_json("score", path, "-o", out)
    assert code == 0 and second["outcome"] == "unchanged" and second["written"] is None
    assert out.read_bytes() == before and out.stat().st_mtime_ns == when
    assert not Path(f"{out}.bak").exists()
    if not fresh:  # a deal changed: the output is written, the one before kept
        book = openpyxl.load_workbook(path)
        book["g"]["B5"], book["g"]["C5"], book["g"]["D5"] = "W", 30, 10  # deal 4
        book.save(path)
        code, third = remi_json("score", path, "-o", out)
        assert third["outcome"] == "written", third
        assert Path(f"{out}.bak").read_bytes() == before


def test_text_typed_partly_bold_keeps_its_runs(tmp_path: Path) -> None:
    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont

    path = tmp_path / "klub.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla").exit_code == 0
    book = openpyxl.load_workbook(path)
    game = book.worksheets[0]
    game["B6"], game["C6"] = "H", 27
    note = CellRichText(["Next week: ", TextBlock(InlineFont(b=True, color="FF0000"), "Béla")])
    game["A14"] = note
    book["Rules"].cell(book["Rules"].max_row + 1, 1, note)  # an agreement
    book.save(path)
    for command in (["score", path], ["new", "--add-game", path]):
        assert remi(*command).exit_code == 0
        after = openpyxl.load_workbook(path, rich_text=True)
        for cell in (after.worksheets[0]["A14"], after["Rules"].cell(after["Rules"].max_row, 1)):
            assert isinstance(cell.value, CellRichText), (command, cell.coordinate)
            assert cell.value[1].font.b and cell.value[1].text == "Béla"
    # One of remi's own headings made partly bold is still remi's: its text is unchanged.
    book = openpyxl.load_workbook(path, rich_text=True)
    heading = next(c for c in book.worksheets[0][5] if str(c.value).startswith("remi ▸"))
    text = str(heading.value)
    heading.value = CellRichText([TextBlock(InlineFont(b=True), text[:4]), text[4:]])
    book.worksheets[0]["C6"] = 33  # something for remi to write
    book.save(path)
    result = remi("score", path)
    assert result.exit_code == 0, result.output


def test_a_persons_print_setup_stays_theirs(notebook: Make, tmp_path: Path) -> None:
    """remi sets a game sheet to print one page across once, when it first writes there,
    unless a person scaled it; after that the setup is the person's."""
    path = notebook({"mine": worked_game(), "untouched": worked_game()})
    book = openpyxl.load_workbook(path)
    book["mine"].page_setup.orientation = "portrait"
    book["mine"].page_setup.scale = 80
    book.save(path)
    assert remi("score", path).exit_code == 0
    after = openpyxl.load_workbook(path)
    mine, untouched = after["mine"], after["untouched"]
    assert (mine.page_setup.orientation, mine.page_setup.scale) == ("portrait", 80)
    assert not mine.sheet_properties.pageSetUpPr.fitToPage
    assert untouched.page_setup.orientation == "landscape"
    assert untouched.sheet_properties.pageSetUpPr.fitToPage
    assert (untouched.page_setup.fitToWidth, untouched.page_setup.fitToHeight) == (1, 0)
    # Turned to portrait by a person after that: the next score that writes keeps it.
    untouched.page_setup.orientation = "portrait"
    untouched["C2"] = 34
    after.save(path)
    assert remi("score", path).exit_code == 0
    assert openpyxl.load_workbook(path)["untouched"].page_setup.orientation == "portrait"


def test_a_sheet_saved_by_libreoffice_is_set_up_to_print_at_its_first_score(
    notebook: Make, tmp_path: Path
) -> None:
    # LibreOffice writes portrait, scale 100 and no fitting on a sheet nobody set up.
    path = notebook({"g": worked_game()})
    book = openpyxl.load_workbook(path)
    sheet = book["g"]
    sheet.page_setup.orientation, sheet.page_setup.scale = "portrait", 100
    sheet.page_setup.fitToWidth = sheet.page_setup.fitToHeight = 1
    sheet.sheet_properties.pageSetUpPr.fitToPage = False
    book.save(path)
    assert remi("score", path).exit_code == 0
    scored = openpyxl.load_workbook(path)["g"]
    assert scored.page_setup.orientation == "landscape"
    assert scored.sheet_properties.pageSetUpPr.fitToPage


def test_no_backup(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    assert remi("score", path, "--no-backup").exit_code == 0
    assert not Path(f"{path}.bak").exists()


def test_no_temporary_files_are_left_behind(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    remi("score", path)
    names = sorted(p.name for p in path.parent.iterdir() if not p.name.endswith(".remi-lock"))
    assert names == ["notebook.xlsx", "notebook.xlsx.bak"]


@pytest.mark.parametrize(
    ("lock", "program"),
    [
        ("~$notebook.xlsx", "Excel"),
        ("~$tebook.xlsx", "Excel"),
        (".~lock.notebook.xlsx#", "LibreOffice"),
    ],
)
def test_refuses_to_write_a_workbook_open_in_a_spreadsheet(
    notebook: Make, lock: str, program: str
) -> None:
    path = notebook({"g": worked_game()})
    (path.parent / lock).write_text("someone")
    before = path.read_bytes()
    result = remi("score", path)
    assert result.exit_code == 1
    assert f"is open in {program}" in result.stderr
    assert path.read_bytes() == before
    out = path.parent / "copy.xlsx"
    assert remi("score", path, "-o", out).exit_code == 0 and out.exists()
    # `new --add-game` has no --output: it only says to close the notebook.
    added = remi("new", "--add-game", path)
    assert added.exit_code == 1 and f"is open in {program}" in added.stderr
    assert "--output" not in added.stderr and path.read_bytes() == before


def test_an_output_open_in_a_spreadsheet_is_not_replaced(notebook: Make, tmp_path: Path) -> None:
    """What `score -o`, `import -o` and `new --force` would replace is refused while
    LibreOffice has it open, as the notebook itself is; a lock left behind is told."""
    path = notebook({"g": worked_game()})
    out = tmp_path / "out.xlsx"
    shutil.copy(path, out)  # a copy to score into: no other notebook, which is refused first
    (tmp_path / ".~lock.out.xlsx#").write_text("someone")
    before = out.read_bytes()
    papers = tmp_path / "papir.csv"
    papers.write_text("Game;Deal;Anna;Béla\nPapír;1;-20;30\n", encoding="utf-8")
    for command in (
        ["score", path, "-o", out],
        ["import", papers, "--into", path, "-o", out],
        ["new", out, "-p", "Anna", "-p", "Béla", "--force"],
    ):
        result = remi(*command)
        assert result.exit_code == 1, (command, result.output)
        assert "out.xlsx is open in LibreOffice (.~lock.out.xlsx# exists)" in result.stderr
        assert "If it is open nowhere, LibreOffice stopped without closing it: delete" in (
            result.stderr
        )
        assert out.read_bytes() == before


def test_two_remis_take_turns(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    from remi_sheet.reading.files import lock_path

    with FileLock(lock_path(path)):
        started = time.monotonic()
        result = remi("score", path, env={"REMI_LOCK_SECONDS": "0.5"})
        waited = time.monotonic() - started
    assert result.exit_code == 1
    assert "Another remi is writing" in result.stderr and "waited 0.5 s" in result.stderr
    assert waited >= 0.5
    with FileLock(lock_path(path)):
        hungarian = remi("score", path, "--lang", "hu", env={"REMI_LOCK_SECONDS": "0,5"})
    assert "0,5 mp-et vártunk rá" in hungarian.stderr


def test_a_lock_wait_that_is_no_number_is_said_as_such(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    before = path.read_bytes()
    papers = Path(__file__).parent.parent / "samples" / "papir.csv"
    for command in (["score", path], ["import", papers, "--into", path]):
        result = remi(*command, env={"REMI_LOCK_SECONDS": "abc"})
        assert result.exit_code == 1
        assert result.stderr.strip() == (
            "error: REMI_LOCK_SECONDS is 'abc', not a number of seconds: set it to one "
            "(such as 30), or unset it."
        )
    # What Python's float would take, but no one means as seconds.
    for text in ("1_0", "inf", "1e3", "-5", "nan"):
        result = remi("score", path, env={"REMI_LOCK_SECONDS": text})
        assert result.exit_code == 1, text
        assert f"REMI_LOCK_SECONDS is '{text}'" in result.stderr, text
    assert path.read_bytes() == before


def test_concurrent_runs_both_finish_and_agree(notebook: Make) -> None:
    assert REMI
    path = notebook({"g": worked_game()})
    runs = [
        subprocess.Popen(
            [REMI, "score", str(path), "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        for _ in range(3)
    ]
    for run in runs:
        run.wait(timeout=60)
    assert [run.returncode for run in runs] == [0, 0, 0]
    result = remi("check", path)
    assert result.exit_code == 0


def test_a_write_that_does_not_read_back_is_not_put_in_place(
    notebook: Make, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = notebook({"g": worked_game()})
    before = path.read_bytes()
    mend = formula_results.mend

    def damage(saved: Path, results: Any, *shared: Any) -> None:
        mend(saved, results, *shared)
        book = openpyxl.load_workbook(saved)
        book["g"]["C3"] = "Z"  # a typed cell changed behind remi's back
        book.save(saved)

    monkeypatch.setattr(formula_results, "mend", damage)
    result = remi("score", path)
    assert result.exit_code == 1
    assert "g!C3" in result.stdout and "did not read back" in result.stdout
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir() if "remi-tmp" in p.name] == []


def _png() -> bytes:
    """A 1×1 grey PNG, so that the test needs no image library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00\x80"))
        + chunk(b"IEND", b"")
    )


PNG = _png()


def _rich_workbook(path: Path, add: Callable[[Any, Any, Path], None]) -> Path:
    book = xlsxwriter.Workbook(path)
    sheet = book.add_worksheet("g")
    for row, values in enumerate(worked_game()):
        sheet.write_row(row, 0, values)
    add(book, sheet, path.parent)
    book.close()
    return path


def _image(book: Any, sheet: Any, folder: Path) -> None:
    image = folder / "dot.png"
    image.write_bytes(PNG)
    sheet.insert_image("H12", str(image))


def _shape(book: Any, sheet: Any, folder: Path) -> None:
    sheet.insert_textbox("H12", "Jó játékot!")


def _chart(book: Any, sheet: Any, folder: Path) -> None:
    chart = book.add_chart({"type": "line"})
    chart.add_series({"values": "=g!$B$2:$B$4"})
    sheet.insert_chart("H12", chart)


def _comment(book: Any, sheet: Any, folder: Path) -> None:
    sheet.write_comment("B2", "Anna hand-elt!", {"font_name": "Courier", "bold": True})


def _validation_ext(book: Any, sheet: Any, folder: Path) -> None:
    sheet.add_sparkline("H2", {"range": "g!B2:D2"})


@pytest.mark.parametrize(
    ("add", "lost"),
    [
        (_shape, "drawings and shapes"),
        (_chart, "charts"),
        (_comment, "comments"),
        (_validation_ext, "Excel 2010+ extensions"),
    ],
)
def test_what_openpyxl_cannot_keep_stops_an_in_place_write(
    tmp_path: Path, add: Callable[[Any, Any, Path], None], lost: str
) -> None:
    path = _rich_workbook(tmp_path / "rich.xlsx", add)
    before = path.read_bytes()
    result = remi("score", path)
    assert result.exit_code == 1
    assert "would lose or change" in result.stdout and lost in result.stdout
    assert path.read_bytes() == before
    out = tmp_path / "copy.xlsx"
    copied = remi("score", path, "--output", out)
    assert copied.exit_code == 0 and out.exists()
    assert "lacks what openpyxl cannot keep" in copied.stdout
    forced = remi("score", path, "--force")
    assert forced.exit_code == 0
    assert Path(f"{path}.bak").read_bytes() == before


@pytest.mark.parametrize("add", [_comment, _chart])
def test_what_remi_saved_once_with_force_stops_it_no_more(
    tmp_path: Path, add: Callable[[Any, Any, Path], None]
) -> None:
    """Comments and charts openpyxl has written already come out of its next save the same:
    the next week's score writes in place without --force, the comment's text kept."""
    path = _rich_workbook(tmp_path / "rich.xlsx", add)
    assert remi("score", path, "--force").exit_code == 0
    book = openpyxl.load_workbook(path)
    book["g"]["A5"], book["g"]["B5"], book["g"]["C5"], book["g"]["D5"] = 4, "W", 10, 20
    book.save(path)
    result = remi("score", path)
    assert result.exit_code == 0, result.stdout
    assert "would lose or change" not in result.stdout
    if add is _comment:
        assert openpyxl.load_workbook(path)["g"]["B2"].comment.text == "Anna hand-elt!"


def _plain_comment(book: Any, sheet: Any, folder: Path) -> None:
    sheet.write_comment("B2", "Anna hand-elt!")  # xlsxwriter's box: 128 × 74 pixels


def _shown_comment(book: Any, sheet: Any, folder: Path) -> None:
    sheet.write_comment("B2", "Anna hand-elt!", {"visible": True, "x_scale": 1.125})


@pytest.mark.parametrize("add", [_plain_comment, _shown_comment])
def test_a_comments_box_of_its_own_size_or_shown_always_stops_an_in_place_write(
    tmp_path: Path, add: Callable[[Any, Any, Path], None]
) -> None:
    path = _rich_workbook(tmp_path / "noted.xlsx", add)
    result = remi("score", path)
    assert result.exit_code == 1 and "comments" in result.stdout, result.stdout


def test_comments_libreoffice_saved_as_openpyxl_wrote_them_need_no_force(tmp_path: Path) -> None:
    """LibreOffice writes the box and font openpyxl gave a comment in its own words: the
    look is the same, and the club's every save in LibreOffice asked for --force."""
    from tests.test_live import saved_by_libreoffice

    path = build_notebook(tmp_path / "klub.xlsx", {"g": worked_game()})
    book = openpyxl.load_workbook(path)
    book["g"]["B2"].comment = openpyxl.comments.Comment("Anna késett", "Klub")
    book.save(path)
    assert remi("score", path).exit_code == 0
    for round_ in range(2):
        saved_by_libreoffice(path, tmp_path / f"round{round_}")
        book = openpyxl.load_workbook(path)
        for column, value in enumerate([4 + round_, "W", 10, 20], start=1):
            book["g"].cell(5 + round_, column).value = value
        book.save(path)
        saved_by_libreoffice(path, tmp_path / f"again{round_}")
        result = remi("score", path)
        assert result.exit_code == 0, result.stdout
        assert openpyxl.load_workbook(path)["g"]["B2"].comment.text == "Anna késett"
    # Made bold, the same comment is a look that would be lost.
    book = openpyxl.load_workbook(path)
    for column, value in enumerate([6, "W", 10, 20], start=1):
        book["g"].cell(7, column).value = value
    book.save(path)
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    [name] = [name for name in parts if name.startswith("xl/comments")]
    bold = b"<text><r><rPr><b/></rPr><t>Anna k\xc3\xa9sett</t></r></text>"
    parts[name] = parts[name].replace(b"<text><t>Anna k\xc3\xa9sett</t></text>", bold)
    assert bold in parts[name]
    with zipfile.ZipFile(path, "w") as archive:
        for part, data in parts.items():
            archive.writestr(part, data)
    result = remi("score", path)
    assert result.exit_code == 1 and "comments" in result.stdout, result.stdout


def test_a_picture_beside_the_table_pushes_remis_area_right_of_it(tmp_path: Path) -> None:
    """Written under a picture, remi's cells would be hidden by it."""

    def logo(book: Any, sheet: Any, folder: Path) -> None:
        (folder / "logo.png").write_bytes(PNG)
        sheet.insert_image("F1", str(folder / "logo.png"), {"x_scale": 200, "y_scale": 60})

    path = _rich_workbook(tmp_path / "logo.xlsx", logo)  # over F1 to I4
    assert remi("score", path).exit_code == 0
    header = [cell.value for cell in openpyxl.load_workbook(path)["g"][1]]
    assert header.index("remi ▸ scores") == 10  # K: after I, and a column between
    with zipfile.ZipFile(path) as archive:
        assert any(name.startswith("xl/media/") for name in archive.namelist())
    again = remi("score", path)
    assert again.exit_code == 0 and "Nothing to change" in again.stdout


def test_the_empty_drawing_libreoffice_writes_for_an_autofilter_loses_nothing(
    tmp_path: Path,
) -> None:
    from tests.test_live import saved_by_libreoffice

    def autofilter(book: Any, sheet: Any, folder: Path) -> None:
        sheet.autofilter("A1:D4")

    path = saved_by_libreoffice(_rich_workbook(tmp_path / "szurt.xlsx", autofilter), tmp_path)
    with zipfile.ZipFile(path) as archive:
        assert any(name.startswith("xl/drawings/") for name in archive.namelist())
    result = remi("score", path)
    assert result.exit_code == 0, result.stdout
    assert openpyxl.load_workbook(path)["g"].auto_filter.ref == "A1:D4"


def test_images_are_kept(tmp_path: Path) -> None:
    """openpyxl keeps images when Pillow is installed, and WeasyPrint brings Pillow."""
    path = _rich_workbook(tmp_path / "picture.xlsx", _image)
    assert remi("score", path).exit_code == 0
    with zipfile.ZipFile(path) as archive:
        assert any(name.startswith("xl/media/") for name in archive.namelist())


def _macro_workbook(folder: Path) -> Path:
    """The worked game in an .xlsm with a (stand-in) VBA project, as xlsxwriter makes it."""
    path = folder / "macro.xlsm"
    book = xlsxwriter.Workbook(path)
    sheet = book.add_worksheet("g")
    for row, values in enumerate(worked_game()):
        sheet.write_row(row, 0, values)
    project = folder / "vbaProject.bin"
    project.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504)
    book.add_vba_project(str(project))
    book.close()
    return path


def test_vba_in_xlsm_is_kept(tmp_path: Path) -> None:
    path = _macro_workbook(tmp_path)
    result = remi("score", path)
    assert result.exit_code == 0, result.stdout
    with zipfile.ZipFile(path) as archive:
        assert "xl/vbaProject.bin" in archive.namelist()


def test_typing_over_a_remi_cell_keeps_what_was_typed(notebook: Make) -> None:
    """Excel keeps a cell's style when somebody types into it: the record, not the style,
    tells remi that the cell is no longer its own."""
    path = notebook({"g": worked_game()})
    remi("score", path)
    book = openpyxl.load_workbook(path)
    book["g"]["G9"] = "-30 (javítva)"  # remi's Total cell, still in remi's style
    book.save(path)
    checked = remi("check", path)  # check says what score will refuse, before it does
    assert checked.exit_code == 1 and "g!G9" in checked.stdout
    result = remi("score", path)
    assert result.exit_code == 1
    assert "g!G9" in result.stdout and "typed over the -30" in result.stdout
    assert openpyxl.load_workbook(path)["g"]["G9"].value == "-30 (javítva)"
    book = openpyxl.load_workbook(path)
    book["g"]["G9"] = None  # cleared: remi may write it again
    book.save(path)
    assert remi("check", path).exit_code == 0
    assert remi("score", path).exit_code == 0
    assert openpyxl.load_workbook(path)["g"]["G9"].value == -30


def test_a_row_deleted_across_remis_area_of_values_is_one_problem_not_one_per_cell(
    tmp_path: Path,
) -> None:
    # Values move with the row as they are; live formulas are re-pointed by the program
    # (tests/test_live.py has LibreOffice delete and insert rows for real).
    live = False
    path = tmp_path / "k.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla", "-p", "Csaba").exit_code == 0
    book = openpyxl.load_workbook(path)
    for row in range(6, 13):
        for column, value in zip("BCD", ("H", 27, "X") if row % 2 else (20, "W", 5), strict=True):
            book.worksheets[0][f"{column}{row}"] = value
    book.save(path)
    assert remi("score", path, *([] if live else ["-r", "opening_minimum=50"])).exit_code == 0
    book = openpyxl.load_workbook(path)
    book.worksheets[0].delete_rows(9)  # deal 4, across the whole sheet
    book.save(path)

    def game() -> list[tuple[Any, ...]]:
        return list(openpyxl.load_workbook(path).worksheets[0].iter_rows(values_only=True))

    before = game()
    for command in ("check", "score"):
        result = remi(command, path)
        assert result.exit_code == 1
        errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
        moved = [line for line in errors if "hold what remi wrote in other rows" in line]
        assert len(moved) == 1 and not [line for line in errors if "typed over" in line]
        assert re.search(
            r"!I9: Columns I:\w+ hold what remi wrote .* in \d+ cells? of remi's", moved[0]
        )
    assert game() == before  # the sheet left alone


def _anna_wins_every_deal(folder: Path, live: bool) -> Path:
    """A notebook of Anna and Béla, Anna winning all 7 deals, scored live or as values."""
    path = folder / "k.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla").exit_code == 0
    book = openpyxl.load_workbook(path)
    for row in range(6, 13):
        book.worksheets[0][f"B{row}"], book.worksheets[0][f"C{row}"] = "W", 10 * row
    book.save(path)
    assert remi("score", path, *([] if live else ["-r", "opening_minimum=50"])).exit_code == 0
    return path


@pytest.mark.parametrize("live", [False, True], ids=["values", "live formulas"])
def test_cells_typed_over_by_hand_are_each_told_not_taken_for_moved_rows(
    tmp_path: Path, live: bool
) -> None:
    path = _anna_wins_every_deal(tmp_path, live)
    book = openpyxl.load_workbook(path)
    game = book.worksheets[0]
    # Anna's running totals (-20, -40, …): "corrected" by hand, with values the column
    # holds in other rows, or formulas where remi's are.
    typed = ["=-40+0", "=SUM(B6:C6)", "=1"] if live else [-20, 10, -20]
    # K: her running totals beside her scores; in a live area they stand after every slot's
    # score, each row's an array formula in P
    column = "P" if live else "K"
    for cell, value in zip(list(game[column][6:9]), typed, strict=True):  # deals 2-4
        cell.value = value
    book.save(path)
    result = remi("score", path)
    errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    assert result.exit_code == 1
    assert len(errors) == 3 and "other rows" not in result.stdout, result.stdout


@pytest.mark.parametrize("gap", [0, 3])
def test_a_row_like_remis_own_typed_below_its_area_is_the_persons(tmp_path: Path, gap: int) -> None:
    # Under remi's Rank row, a person copies its Total row (their own paper totals): remi's
    # rows are all where it wrote them, so this is no row of remi's pushed down.
    path = _anna_wins_every_deal(tmp_path, live=False)
    book = openpyxl.load_workbook(path)
    game = book.worksheets[0]
    total = next(row for row in game.iter_rows() if "Total" in [c.value for c in row])
    below = total[0].row + 2 + gap
    for cell in total:
        if cell.value is not None:
            game.cell(below, cell.column, cell.value)
    game.cell(11, 3, 120)  # and corrects deal 7, so that there is something to write
    book.save(path)
    typed = [cell.value for cell in game[below]]
    result = remi("score", path)
    assert result.exit_code == 0, result.output
    assert [cell.value for cell in openpyxl.load_workbook(path).worksheets[0][below]] == typed


def test_a_column_retyped_one_row_off_is_told_cell_by_cell(tmp_path: Path) -> None:
    # Copied from a printout one line off: each value is remi's from the row below.
    path = _anna_wins_every_deal(tmp_path, live=False)
    book = openpyxl.load_workbook(path)
    game = book.worksheets[0]
    column = [game.cell(row, 11).value for row in range(6, 13)]  # K: Anna's running totals
    for row in range(6, 9):
        game.cell(row, 11).value = column[row - 5]
    book.save(path)
    errors = [line for line in remi("score", path).stdout.splitlines() if "error:" in line]
    assert len(errors) == 3 and "other rows" not in " ".join(errors), errors


def test_rows_inserted_on_the_standings_sheet_are_one_problem(notebook: Make) -> None:
    path = notebook({"g": worked_game(), "h": worked_game()})
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    book["Standings"].insert_rows(3)
    book.save(path)
    result = remi("score", path)
    errors = [line for line in result.stdout.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "The sheet is remi's own: delete it" in errors[0], errors


def test_check_and_score_agree_on_a_live_formula_typed_over(tmp_path: Path) -> None:
    path = tmp_path / "k.xlsx"
    assert remi("new", path, "-p", "Anna", "-p", "Béla").exit_code == 0
    book = openpyxl.load_workbook(path)
    game = book.worksheets[0]
    game["B6"], game["C6"] = "H", 27
    book.save(path)
    assert remi("check", path).exit_code == remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    score_cell = next(c for c in book.worksheets[0][6] if str(c.value).startswith("=IF("))
    score_cell.value = -40  # a person "fixes" remi's score by hand
    book.save(path)
    checked, scored = remi("check", path), remi("score", path)
    assert checked.exit_code == scored.exit_code == 1
    for result in (checked, scored):
        assert f"!{score_cell.coordinate}: Something was typed over remi's formula" in result.stdout


def test_check_of_a_notebook_score_would_not_change_does_not_open_it_to_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing can be typed over where every cell holds what score would write: check
    says so without loading the workbook with openpyxl (a 5,000-game notebook took half a
    minute and 600 MB)."""
    from remi_sheet.writing import writeback

    path = tmp_path / "klub.xlsx"
    shutil.copyfile(Path(__file__).parent.parent / "samples" / "klub.xlsx", path)
    assert remi("score", path).exit_code == 0

    def opened(*_: object) -> list[object]:
        raise AssertionError("the workbook was opened to look for typed-over cells")

    monkeypatch.setattr(writeback, "typed_over", opened)
    checked = remi("check", path)
    assert checked.exit_code == 0, checked.output


def test_a_pasted_remi_cell_is_a_persons_cell(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    remi("score", path)
    book = openpyxl.load_workbook(path)
    book["g"]["B12"] = -30
    book["g"]["B12"].style = "remi heading"  # pasted with remi's look
    book["g"]["A12"] = "Anna összesen:"
    book.save(path)
    book = openpyxl.load_workbook(path)
    book["g"]["C5"], book["g"]["A5"], book["g"]["B5"], book["g"]["D5"] = 10, 4, "W", 5
    book.save(path)
    assert remi("score", path).exit_code == 0
    assert openpyxl.load_workbook(path)["g"]["B12"].value == -30


def test_merged_cells_in_remis_way_are_reported(notebook: Make, tmp_path: Path) -> None:
    path = notebook({"g": worked_game()})
    assert remi("score", path).exit_code == 0  # remi's area: from column F
    book = openpyxl.load_workbook(path)
    book["g"].merge_cells("G3:H3")
    book.save(path)
    result = remi("score", path, "-o", tmp_path / "out.xlsx")
    assert result.exit_code == 1
    assert "g!G3" in result.stdout and "G3:H3" in result.stdout
    assert "Traceback" not in result.output


def test_a_merged_note_beside_a_new_table_puts_remis_area_after_it(tmp_path: Path) -> None:
    path = tmp_path / "ma.xlsx"
    book, sheet = _xlsxwriter_game(path)
    sheet.merge_range("F1:H3", "big note", None)
    book.close()
    assert remi("score", path).exit_code == 0
    scored = openpyxl.load_workbook(path)["G1"]
    assert scored["J1"].value == "remi ▸ scores" and scored["F1"].value == "big note"


def test_a_persons_sheet_named_in_another_case_is_left_alone(notebook: Make) -> None:
    path = notebook({"g": worked_game(), "standings": [["Mine"]]})
    for _ in range(2):
        result = remi("score", path)
        assert result.exit_code == 1
        assert "standings!A1" in result.stdout
    book = openpyxl.load_workbook(path)
    assert [s for s in book.sheetnames if s != "_remi_state"] == ["g", "standings"]
    assert book["standings"]["A1"].value == "Mine"


def test_the_record_is_very_hidden(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    remi("score", path)
    book = openpyxl.load_workbook(path)
    assert book["_remi_state"].sheet_state == "veryHidden"
    assert book.sheetnames == ["g", "Standings", "_remi_state"]


def test_macro_workbook_to_plain_output_drops_the_macros_and_says_so(tmp_path: Path) -> None:
    path = _macro_workbook(tmp_path)
    out = tmp_path / "plain.xlsx"
    result = remi("score", path, "-o", out)
    assert result.exit_code == 0
    assert "VBA macros" in result.stdout
    with zipfile.ZipFile(out) as archive:
        assert "xl/vbaProject.bin" not in archive.namelist()
        assert b"macroEnabled" not in archive.read("[Content_Types].xml")


def test_a_symbolic_link_stays_a_link(notebook: Make) -> None:
    real = notebook({"g": worked_game()})
    link = real.parent / "link.xlsx"
    link.symlink_to(real)
    assert remi("score", link).exit_code == 0
    assert link.is_symlink()
    assert openpyxl.load_workbook(real)["g"]["F1"].value == "remi ▸ scores"


def test_a_new_output_file_gets_ordinary_permissions(notebook: Make, tmp_path: Path) -> None:
    path = notebook({"g": worked_game()})
    out = tmp_path / "new.xlsx"
    previous = os.umask(0o022)
    try:
        assert remi("score", path, "-o", out).exit_code == 0
    finally:
        os.umask(previous)
    assert out.stat().st_mode & 0o777 == 0o644


def test_output_must_be_a_workbook_name(notebook: Make, tmp_path: Path) -> None:
    path = notebook({"g": worked_game()})
    result = remi("score", path, "-o", tmp_path / "out.csv")
    assert result.exit_code == 2


def test_written_is_not_claimed_when_nothing_was_written(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    remi("score", path)
    book = openpyxl.load_workbook(path)
    book["g"]["H3"] = "note"
    book["g"]["H3"].style = "Normal"
    book.save(path)
    before = path.read_bytes()
    result = remi("score", path)
    assert "Written" not in result.stdout and "Nothing written" in result.stdout
    assert path.read_bytes() == before


# --- hostile files -------------------------------------------------------------------------


def _run_bounded(
    *args: str, seconds: int = 60, memory_mb: int = 1500
) -> subprocess.CompletedProcess[str]:
    assert REMI
    limit = memory_mb << 20

    def limits() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return subprocess.run(
        [REMI, *args],
        capture_output=True,
        text=True,
        timeout=seconds,
        preexec_fn=limits,
        check=False,
    )


def _replace_part(source: Path, target: Path, name: str, data: bytes) -> Path:
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            new.writestr(item.filename, data if item.filename == name else old.read(item))
    return target


LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'.encode()
        for i in range(1, 10)
    )
    + b"]>"
)


@pytest.mark.parametrize("command", ["check", "score"])
@pytest.mark.parametrize("part", ["xl/worksheets/sheet1.xml", "xl/workbook.xml"])
def test_billion_laughs(tmp_path: Path, command: str, part: str) -> None:
    good = build_notebook(tmp_path / "good.xlsx", {"g": worked_game()})
    with zipfile.ZipFile(good) as archive:
        xml = archive.read(part).split(b"?>", 1)[-1]
    opening = xml.index(b">") + 1  # inside the root element
    bomb = (
        LAUGHS
        + xml[:opening]
        + b"<!-- &lol9; -->"
        + xml[opening:].replace(b"<sheetData>", b"<sheetData>&lol9;", 1)
    )
    path = _replace_part(good, tmp_path / "laughs.xlsx", part, bomb)
    done = _run_bounded(command, str(path))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_zip_bomb_is_refused_before_inflating(tmp_path: Path) -> None:
    good = build_notebook(tmp_path / "good.xlsx", {"g": worked_game()})
    padding = b"<!-- " + b" " * (64 << 20) + b" -->"
    with zipfile.ZipFile(good) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml")
    path = _replace_part(
        good,
        tmp_path / "bomb.xlsx",
        "xl/worksheets/sheet1.xml",
        sheet.replace(b"<sheetData>", padding + b"<sheetData>", 1),
    )
    assert path.stat().st_size < 1 << 20
    done = _run_bounded("check", str(path), memory_mb=800)
    assert done.returncode == 1
    assert "zip bomb" in done.stderr and "xl/worksheets/sheet1.xml" in done.stderr


@pytest.mark.parametrize("cells", [["XFD1048576"], ["A1048576"], ["XFD1"], ["A1", "XFD3"]])
@pytest.mark.parametrize("command", ["check", "score"])
def test_sheets_reaching_far_are_read_with_bounded_memory(
    tmp_path: Path, cells: list[str], command: str
) -> None:
    """A note far away is no reason to refuse a notebook: the sheet is read (by the
    streaming reader when calamine would build a grid out to it) in bounded memory."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "far"
    for cell in cells:
        sheet[cell] = "x"
    good = book.create_sheet("g")
    for row in worked_game():
        good.append(row)
    path = tmp_path / "far.xlsx"
    book.save(path)
    started = time.monotonic()
    done = _run_bounded(command, str(path), "--lang", "en", memory_mb=1000)
    assert time.monotonic() - started < 30
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 game, 3 deals checked: no errors." in done.stdout


def _xlsb_record(kind: int, payload: bytes = b"") -> bytes:
    """One record of an .xlsb part: its type and size as variable-length numbers."""
    head = bytes([kind]) if kind < 0x80 else bytes([(kind & 0x7F) | 0x80, kind >> 7])
    size, length = len(payload), b""
    while True:
        size, byte = size >> 7, size & 0x7F
        length += bytes([byte | (0x80 if size else 0)])
        if not size:
            return head + length + payload


def _xlsb_text(text: str) -> bytes:
    return struct.pack("<I", len(text)) + text.encode("utf-16-le")


@pytest.mark.parametrize("name", ["book.xlsx", "book.XLSX", "book"])
def test_a_binary_workbook_beside_a_broken_one_is_not_read(tmp_path: Path, name: str) -> None:
    """calamine reads a file by what it holds and, when its .xlsx parts fail, tries the
    other formats: a binary (.xlsb) sheet reaching XFD1048576 beside unreadable .xlsx
    styles made it abort. remi refuses a file that holds two workbooks."""
    good = build_notebook(tmp_path / "good.xlsx", {"g": worked_game()})
    cell = lambda column: _xlsb_record(0x02, struct.pack("<IIi", column, 0, 1 << 2 | 2))  # noqa: E731
    row = lambda number: _xlsb_record(0x00, struct.pack("<I", number) + bytes(8))  # noqa: E731
    far = _xlsb_record(0x94, bytes(16)) + _xlsb_record(0x91) + row(0) + cell(0)
    far += row(1048575) + cell(16383) + _xlsb_record(0x92)
    workbook = _xlsb_record(0x9C, struct.pack("<II", 0, 1) + _xlsb_text("rId1") + _xlsb_text("g"))
    path = tmp_path / name
    with zipfile.ZipFile(good) as old, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            broken = b"<styleSheet><numFmts count='1'><numFmt numFmtId='x' formatCode='0'/>"
            new.writestr(
                item.filename, broken if item.filename == "xl/styles.xml" else old.read(item)
            )
        new.writestr(
            "xl/_rels/workbook.bin.rels",
            b'<Relationships><Relationship Id="rId1" Target="worksheets/far.bin"/></Relationships>',
        )
        new.writestr("xl/workbook.bin", workbook + _xlsb_record(0x90) + _xlsb_record(0x9D))
        new.writestr("xl/worksheets/far.bin", far)
    done = _run_bounded("check", str(path), "--lang", "en", memory_mb=1000)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "two workbooks in one file" in done.stderr


def test_kill_at_any_moment_leaves_the_old_or_the_new_file(tmp_path: Path) -> None:
    """SIGKILL `remi score` at 50 moments spread over a whole run and beyond: the workbook is always
    either the original or the complete new version, and `remi check` reads it."""
    assert REMI
    games = {f"Game {n}": worked_game() for n in range(40)}
    original = build_notebook(tmp_path / "original.xlsx", games)
    path = tmp_path / "notebook.xlsx"
    # The same command as the killed runs, timed twice and the slower one kept: a fresh machine's
    # first runs vary, and the moments must reach past the end of a whole run.
    durations = []
    for _ in range(2):
        shutil.copyfile(original, path)
        started = time.monotonic()
        subprocess.run([REMI, "score", str(path), "--no-backup"], check=True, capture_output=True)
        durations.append(time.monotonic() - started)
    duration = max(durations)
    versions = {original.read_bytes(): "original"}
    outcomes: list[str] = []
    moments = [duration * 1.5 * (moment + 0.5) / 50 for moment in range(50)]
    # A run slower than both timed ones would leave only originals; later moments then follow,
    # up to three times the timed run, until one run has finished.
    late = [duration * (1.5 + 0.15 * step) for step in range(1, 11)]
    for delay in moments + late:
        if delay in late and "new" in outcomes:
            break
        shutil.copyfile(original, path)
        run = subprocess.Popen(
            [REMI, "score", str(path), "--no-backup"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        run.kill()
        run.wait()
        data = path.read_bytes()
        if data not in versions:
            check = subprocess.run(
                [REMI, "check", str(path), "--json"], capture_output=True, text=True, check=False
            )
            assert check.returncode == 0, check.stdout
            with zipfile.ZipFile(path) as archive:
                assert archive.testzip() is None
            versions[data] = "new"
        outcomes.append(versions[data])
        leftovers = [p for p in tmp_path.iterdir() if "remi-tmp" in p.name]
        for leftover in leftovers:  # a killed run cannot clean up; the next run must not mind
            leftover.unlink()
    assert "original" in outcomes and "new" in outcomes, outcomes
    os.sync()


def test_the_standings_chart_is_remis_own_and_does_not_stop_a_write(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    shutil.copyfile(Path(__file__).parent.parent / "samples" / "klub.xlsx", path)
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    (chart,) = book["Összesítő"]._charts
    assert chart.tagname == "lineChart" and len(chart.series) == 4
    third = book.worksheets[2]
    third["B8"], third["C8"], third["D8"] = "W", 12, 3
    book.save(path)
    result = remi("score", path)
    assert result.exit_code == 0, result.stdout
    assert "Kiírva" in result.stdout
    assert remi("score", path).stdout.count("Nincs mit változtatni") == 1


def test_the_standings_chart_may_go_when_no_game_is_left_to_draw(tmp_path: Path) -> None:
    """A scored notebook whose only game gets a mistake: its chart has nothing left to draw
    and goes with its drawing; that is remi's own, no loss to refuse the write for."""
    path = tmp_path / "k.xlsx"
    names = ["-p", "Anna", "-p", "Béla", "-p", "Csaba"]
    assert remi("new", path, *names, "--deals", "1", "--lang", "hu").exit_code == 0
    book = openpyxl.load_workbook(path)
    game = book.worksheets[0]
    header = next(row for row in range(1, 10) if game.cell(row, 1).value == "Leosztás")
    for column, typed in enumerate(["H", "27", "X"], start=2):
        game.cell(header + 1, column, typed).data_type = "s"
    book.save(path)
    assert remi("score", path).exit_code == 0
    assert any(name.startswith("xl/drawings/") for name in zipfile.ZipFile(path).namelist())
    book = openpyxl.load_workbook(path)
    book.worksheets[0].cell(header + 1, 3, "W")  # a second winner
    book.save(path)
    result = remi("score", path)
    assert result.exit_code == 1  # the mistake, said; the notebook written all the same
    assert "Kiírva" in result.stdout and "elveszítene" not in result.stdout, result.stdout
    assert not any(name.startswith("xl/drawings/") for name in zipfile.ZipFile(path).namelist())
    assert remi("score", path).stdout.count("Nincs mit változtatni") == 1


def test_what_would_be_lost_is_named_in_the_notebooks_language(tmp_path: Path) -> None:
    path = _rich_workbook(tmp_path / "rich.xlsx", _shape)
    result = remi("score", path, "--lang", "hu")
    assert result.exit_code == 1
    assert "rajzok és alakzatok" in result.stdout and "drawings" not in result.stdout


def test_a_notebook_with_more_games_than_rows_remi_reads_per_sheet(tmp_path: Path) -> None:
    """remi's record and Standings sheet grow a row per game: they are read whole, so that
    the 600th game is as much remi's as the first, and a second run changes nothing."""
    from remi_sheet.reading.grid import READ_ROWS

    games = {f"G{n}": [["Deal", "A", "B"], [1, "W", 10]] for n in range(READ_ROWS + 100)}
    path = build_notebook(tmp_path / "big.xlsx", games)
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path, read_only=True)
    assert book["_remi_state"].max_row == READ_ROWS + 102  # title, games, Standings
    book.close()
    second = remi("score", path)
    assert second.exit_code == 0 and "Nothing to change" in second.stdout


@pytest.mark.parametrize(
    "reference",
    ["r='XFD1048576'", 'r = "XFD1048576"', "r='xfd1048576'", 'r="A1048576"'],
)
def test_far_cells_written_any_way_xml_allows_are_read_safely(
    tmp_path: Path, reference: str
) -> None:
    """Quotes either way and spaces around "=" are XML; calamine reads them, so the guard
    must not clear such a sheet for it, or one cell would make calamine allocate billions:
    the streaming reader reads it."""
    good = build_notebook(tmp_path / "good.xlsx", {"far": [["x"]], "g": worked_game()})
    with zipfile.ZipFile(good) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml")
    far = f'<row r="2"><c {reference} t="inlineStr"><is><t>far</t></is></c></row>'.encode()
    bad = _replace_part(
        good,
        tmp_path / "far.xlsx",
        "xl/worksheets/sheet1.xml",
        sheet.replace(b"</sheetData>", far + b"</sheetData>", 1),
    )
    done = _run_bounded("check", str(bad), "--lang", "en", memory_mb=1000)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 game, 3 deals checked: no errors." in done.stdout


def test_a_binary_workbook_is_told_as_one(tmp_path: Path) -> None:
    path = tmp_path / "book.xlsx"
    with zipfile.ZipFile(path, "w") as book:
        book.writestr("[Content_Types].xml", "<Types/>")
        book.writestr("xl/workbook.bin", b"\x83\x01\x00")
    result = remi("check", path)
    assert result.exit_code == 1
    assert "is an Excel binary workbook (.xlsb)" in result.stderr


def test_the_file_checked_is_the_file_calamine_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file put in the notebook's place after its zip was opened and checked is not what
    calamine reads: it reads the very file that was checked."""
    from remi_sheet.notebook.loading import load_notebook
    from remi_sheet.reading import grid

    path = build_notebook(tmp_path / "k.xlsx", {"Game 1": worked_game()})
    other = build_notebook(tmp_path / "other.xlsx", {"Other": worked_game(), "More": worked_game()})
    opening = grid._open

    def then_replaced(where: Path, *rest: Any) -> Any:
        opened = opening(where, *rest)
        os.replace(other, where)
        return opened

    monkeypatch.setattr(grid, "_open", then_replaced)
    assert [game.sheet for game in load_notebook(path).games] == ["Game 1"]


def test_nothing_of_remis_is_left_beside_the_notebook(tmp_path: Path) -> None:
    path = build_notebook(tmp_path / "k.xlsx", {"g": worked_game()})
    stale = tmp_path / ".k.abcd1234.remi-tmp.xlsx"  # as a killed run leaves it
    stale.write_bytes(b"half a workbook")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    fresh = tmp_path / ".k.efgh5678.remi-tmp.xlsx"  # another remi writing right now
    fresh.write_bytes(b"being written")
    assert remi("score", path).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["k.xlsx", "k.xlsx.bak", fresh.name]
    )


def test_a_notebook_saved_meanwhile_by_another_program_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from remi_sheet.writing import saving

    path = build_notebook(tmp_path / "k.xlsx", {"g": worked_game()})
    other = tmp_path / "other.xlsx"
    build_notebook(other, {"g": worked_game(), "note": [["saved by Excel meanwhile"]]})
    saved = other.read_bytes()
    checking = saving._check_readback

    def then_saved_elsewhere(*args: Any) -> None:
        checking(*args)
        path.write_bytes(saved)  # another program saves the notebook while remi works

    monkeypatch.setattr(saving, "_check_readback", then_saved_elsewhere)
    result = remi("score", path, "--no-backup")
    assert result.exit_code == 1
    assert "was saved by another program while remi worked" in result.output
    assert path.read_bytes() == saved
    # With a backup asked for: the write refused keeps the older backup as it was.
    path.write_bytes(other.read_bytes())
    backup = tmp_path / "k.xlsx.bak"
    backup.write_bytes(b"last week's notebook")
    assert remi("score", path).exit_code == 1
    assert backup.read_bytes() == b"last week's notebook"


def test_a_notebook_saved_while_remi_keeps_its_backup_is_not_renamed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A phone's sync saves the notebook while the backup is flushed to a slow disk: the
    # last moment before remi's file takes the notebook's place.
    from remi_sheet.reading import files

    path = build_notebook(tmp_path / "k.xlsx", {"g": worked_game()})
    other = build_notebook(tmp_path / "o.xlsx", {"g": worked_game(), "n": [["phone"]]})
    saved = other.read_bytes()
    backing_up = files.keep_backup  # what `files.backup_first` calls before the rename

    def then_synced(target: Path) -> None:
        backing_up(target)
        (tmp_path / "synced").write_bytes(saved)
        os.replace(tmp_path / "synced", path)  # as sync clients save: a rename over it

    monkeypatch.setattr(files, "keep_backup", then_synced)
    result = remi("score", path)
    assert result.exit_code == 1, result.output
    assert "was saved by another program while remi worked" in result.output
    assert path.read_bytes() == saved


@pytest.mark.parametrize("saved", ["half", "other"])
def test_a_notebook_saved_over_in_place_meanwhile_is_said_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, saved: str
) -> None:
    """Another program writes the very file (not a new one renamed over it) while remi
    works: what remi then reads back fails, and the message is that, not a damaged file."""
    from remi_sheet.writing import writeback

    path = build_notebook(tmp_path / "k.xlsx", {"g": worked_game()})
    other = build_notebook(tmp_path / "o.xlsx", {"g": worked_game(), "n": [["typed"]]})
    content = other.read_bytes()
    if saved == "half":
        content = content[: len(content) // 2]
    opening = writeback.open_workbook

    def saved_over(source: Path | Contents, target: Path, kept: Any = None) -> Any:
        path_of(source).write_bytes(content)  # the same file, written over in place
        return opening(source, target, kept)

    monkeypatch.setattr(writeback, "open_workbook", saved_over)
    result = remi("score", path)
    assert result.exit_code == 1, result.output
    assert "was saved by another program while remi worked" in result.output
    assert "not an Excel workbook" not in result.output + result.stderr
    assert path.read_bytes() == content


def test_a_pipe_named_like_a_notebook_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "k.xlsx"
    os.mkfifo(fifo)
    done = subprocess.run(
        [REMI, "check", str(fifo)], capture_output=True, text=True, timeout=20, check=False
    )
    assert done.returncode == 1
    assert "is not a file" in done.stderr


@pytest.mark.parametrize(
    ("failure", "english", "hungarian"),
    [
        (28, "the disk is full", "betelt a lemez"),  # ENOSPC
        (13, "permission denied", "nincs jogosultság"),  # EACCES
    ],
)
def test_a_refused_write_is_one_line_and_the_notebook_is_kept(
    notebook: Make, monkeypatch: pytest.MonkeyPatch, failure: int, english: str, hungarian: str
) -> None:
    path = notebook({"g": worked_game()})
    before = path.read_bytes()

    def refuse(*_: object) -> None:
        raise OSError(failure, os.strerror(failure))

    monkeypatch.setattr(os, "replace", refuse)
    for lang, reason in (("en", english), ("hu", hungarian)):
        result = remi("score", path, "--lang", lang)
        assert result.exit_code == 1
        said = [line for line in result.output.splitlines() if reason in line]
        assert len(said) == 1 and str(path.name) in said[0]
        assert "Traceback" not in result.output
        assert path.read_bytes() == before
        assert not [p for p in path.parent.iterdir() if "remi-tmp" in p.name]


def test_an_unreadable_notebook_is_one_line(
    notebook: Make, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = notebook({"g": worked_game()})
    real_open = Path.open

    def refuse(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.name == path.name:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refuse)
    monkeypatch.setattr("builtins.open", lambda *a, **k: refuse(Path(a[0]), *a[1:], **k))
    result = remi("check", path, "--lang", "hu")
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1
    assert "nincs jogosultság" in result.output


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize(
    "command",
    [
        ["check", "{path}"],
        ["check", "--json", "{path}"],
        ["stats", "{path}"],
        ["stats", "--csv", "{path}"],
        ["meld", "8♣ 9♣ 10♣"],  # commands that read no notebook, and click's own printing
        ["meld", "--hand", "8♣ 9♣ 10♣ K♠ K♥ K♦"],
        ["--help"],
        ["--version"],
    ],
)
def test_an_output_that_cannot_be_written_is_one_line(notebook: Make, command: list[str]) -> None:
    path = notebook({"g": worked_game()})
    assert REMI is not None
    arguments = [argument.format(path=path) for argument in command]
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [REMI, *arguments], check=False, stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 1
    assert done.stderr == "error: The output could not be written: the disk is full.\n"


def test_score_json_with_standard_error_closed_prints_one_document(tmp_path: Path) -> None:
    """A cron job's `remi score … --json 2>&-`: the lines for a person go nowhere, and the
    document is the only thing on standard output (they failed as a damaged workbook)."""
    path = tmp_path / "klub.xlsx"
    shutil.copyfile(Path(__file__).parent.parent / "samples" / "klub.xlsx", path)
    assert REMI is not None
    for outcome in ("written", "unchanged"):
        line = f'"{REMI}" score "{path}" --json 2>&-'
        done = subprocess.run(line, check=False, shell=True, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout
        assert json.loads(done.stdout)["outcome"] == outcome


def test_the_standings_sheet_shows_its_figures_to_the_decimals_every_table_does(
    tmp_path: Path,
) -> None:
    path = tmp_path / "klub.xlsx"
    shutil.copyfile(Path(__file__).parent.parent / "samples" / "klub.xlsx", path)
    assert remi("score", path).exit_code == 0
    sheet = openpyxl.load_workbook(path)["Összesítő"]
    heading = {sheet.cell(3, column).value: column for column in range(1, 20)}
    shown = {
        name: sheet.cell(4, heading[name]).number_format
        for name in ("Átlag befejezett játszmánként", "Értékszám", "±", "Összesen")
    }
    assert shown == {
        "Átlag befejezett játszmánként": "0.0",
        "Értékszám": "0.00",
        "±": "0.00",
        "Összesen": "General",
    }
    before = path.read_bytes()
    assert remi("score", path).exit_code == 0 and path.read_bytes() == before


def test_a_value_under_a_merged_cell_is_a_loss_openpyxl_would_make(tmp_path: Path) -> None:
    """LibreOffice and xlsxwriter keep text under a merged cell; openpyxl drops it. remi
    names it among what a save would lose (it said 'did not read back … please report')."""
    path = tmp_path / "hm.xlsx"
    book, sheet = _xlsxwriter_game(path)
    sheet.write("G3", "hidden under the merge")
    sheet.merge_range("F3:G3", "note", None)
    book.close()
    before = path.read_bytes()
    refused = remi("score", path)
    assert refused.exit_code == 1 and path.read_bytes() == before
    assert "values hidden under merged cells (G1!G3)" in refused.stdout
    copy = tmp_path / "copy.xlsx"
    warned = remi("score", path, "-o", copy)
    assert warned.exit_code == 0 and "values hidden under merged cells" in warned.stdout
    assert openpyxl.load_workbook(copy)["G1"]["F3"].value == "note"
    assert remi("score", path, "--force").exit_code == 0


def test_a_users_drawing_lost_beside_remis_chart_is_still_a_loss(tmp_path: Path) -> None:
    """openpyxl numbers drawings anew: a person's text box on a game sheet (drawing1) and
    remi's rating chart on the Standings sheet (drawing2) come out as one drawing1, the
    chart's. The text box is lost all the same, and said so."""
    scored = tmp_path / "klub.xlsx"
    shutil.copyfile(Path(__file__).parent.parent / "samples" / "klub.xlsx", scored)
    assert remi("score", scored).exit_code == 0
    box = tmp_path / "box.xlsx"
    book = xlsxwriter.Workbook(str(box))
    book.add_worksheet("g").insert_textbox("H12", "Jó játékot!")
    book.close()
    shape = zipfile.ZipFile(box).read("xl/drawings/drawing1.xml")
    parts = _parts(scored)
    standings_rels = next(
        name
        for name, data in parts.items()
        if name.startswith("xl/worksheets/_rels/") and b"drawing1.xml" in data
    )
    parts["xl/drawings/drawing2.xml"] = parts.pop("xl/drawings/drawing1.xml")
    parts["xl/drawings/_rels/drawing2.xml.rels"] = parts.pop("xl/drawings/_rels/drawing1.xml.rels")
    parts[standings_rels] = parts[standings_rels].replace(b"drawing1.xml", b"drawing2.xml")
    parts["xl/drawings/drawing1.xml"] = shape
    parts["xl/worksheets/_rels/sheet1.xml.rels"] = (
        b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        b'<Relationship Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        b'relationships/drawing" Target="/xl/drawings/drawing1.xml" Id="rIdD"/></Relationships>'
    )
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    if "xmlns:r=" not in sheet[: sheet.index(">", sheet.index("<worksheet"))]:
        relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        sheet = sheet.replace("<worksheet ", f'<worksheet xmlns:r="{relationships}" ', 1)
    parts["xl/worksheets/sheet1.xml"] = sheet.replace(
        "</worksheet>", '<drawing r:id="rIdD"/></worksheet>'
    ).encode()
    types = parts["[Content_Types].xml"].decode()
    override = '<Override PartName="/xl/drawings/drawing2.xml" ContentType="application/vnd.'
    override += 'openxmlformats-officedocument.drawing+xml"/>'
    parts["[Content_Types].xml"] = types.replace("</Types>", override + "</Types>").encode()
    path = tmp_path / "shape.xlsx"
    _write_parts(path, parts)
    before = path.read_bytes()
    result = remi("score", path, "--live")
    assert result.exit_code == 1, result.stdout
    assert "rajzok és alakzatok" in result.stdout and path.read_bytes() == before


def test_a_renamed_sheet_with_one_of_remis_cells_typed_over_is_told_that_one_cell(
    tmp_path: Path,
) -> None:
    """The record is found under the old name by the cells that still agree: the one typed
    over is named (not every cell of remi's area), and once cleared the sheet is scored."""
    path = build_notebook(tmp_path / "k.xlsx", {"g": worked_game()})
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    sheet = book["g"]
    marker = next(c for c in sheet[1] if str(c.value).startswith("remi ▸"))
    typed = sheet.cell(3, marker.column + 1)
    assert isinstance(typed.value, int | float)
    typed.value = 999
    sheet.title = "First night"
    book.save(path)
    refused = remi("score", path)
    assert refused.exit_code == 1
    problems = [line for line in refused.stdout.splitlines() if line.startswith("error:")]
    assert problems == [problems[0]] and f"First night!{typed.coordinate}" in problems[0]
    book = openpyxl.load_workbook(path)
    book["First night"][typed.coordinate] = None
    book.save(path)
    assert remi("score", path).exit_code == 0
    assert remi("check", path).exit_code == 0


def test_a_notebook_scored_before_a_style_was_added_gets_it_on_the_next_run(
    tmp_path: Path,
) -> None:
    path = tmp_path / "klub.xlsx"
    shutil.copyfile(Path(__file__).parent.parent / "samples" / "klub.xlsx", path)
    assert remi("score", path).exit_code == 0
    parts = _parts(path)
    styles = parts["xl/styles.xml"].decode()  # as remi wrote before it had these two
    styles = styles.replace('name="remi tenths"', 'name="old a"')
    parts["xl/styles.xml"] = styles.replace('name="remi hundredths"', 'name="old b"').encode()
    _write_parts(path, parts)
    result = remi("score", path)
    assert result.exit_code == 0 and "Kiírva" in result.stdout, result.stdout
    assert "remi tenths" in openpyxl.load_workbook(path).named_styles
    assert "Nincs mit változtatni" in remi("score", path).stdout


def _parts(path: Path) -> dict[str, bytes]:
    """The parts of the workbook at `path`, by name."""
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _write_parts(path: Path, parts: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def _xlsxwriter_game(path: Path) -> tuple[Any, Any]:
    """A workbook xlsxwriter writes at `path`, its sheet G1 holding a three-deal game: more
    to be added to the sheet before the book is closed."""
    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("G1")
    sheet.write_row("A1", ["Deal", "Anna", "Bob", "Cecil"])
    for index, row in enumerate([["H", 27, "X"], [12, "W", "K 9 Jo"], [3, "X 55", "W"]]):
        sheet.write_row(index + 1, 0, [index + 1, *row])
    return book, sheet
