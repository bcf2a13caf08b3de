"""Workbooks other programs wrote (`tests/foreign/`: python-calamine's test files, and the
files Excel made that XlsxWriter compares its own with):
each is refused in one line or read, and with a game sheet added to it at the zip level,
every other part as it was, the game is scored, both readers read the same notebook, and
`remi score --output` writes it (then leaves it alone) or refuses it in one line."""

from __future__ import annotations

import json
import posixpath
import re
import zipfile
from pathlib import Path

import pytest

from remi_sheet.notebook.loading import load_notebook
from tests.conftest import remi, worked_game
from tests.parts import sheet_xml
from tests.test_readers import _both, _trimmed

FOREIGN = Path(__file__).resolve().parent / "foreign"
BOOKS = sorted(p for p in FOREIGN.glob("*/*") if p.suffix in (".xlsx", ".xlsm"))
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
GAME = "Remi game"

# Files no game sheet can be added to: not a zip, a damaged one, no package relationships.
UNPACKABLE = {"pass_protected.xlsx", "issue252.xlsx", "issue_530.xlsx"}
# What remi cannot save safely (openpyxl cannot load the file, or what it would write does
# not read back as the file read): refused in one line, nothing written.
NOT_SAVED = {
    "empty_s_attribute.xlsx": "file_read_failed",
    "issue_419.xlsx": "file_read_failed",
    "pivots.xlsx": "file_read_failed",
    "minimal_package.xlsx": "file_workbook_elsewhere",
    "strict_iso_paths.xlsx": "file_strict",
}


def with_game(source: Path, target: Path) -> Path:
    """`source` with the worked game's sheet added: the workbook part lists it, its
    relationships and the content types name it; no other byte of any part changes."""
    with zipfile.ZipFile(source) as archive:
        parts = {item.filename: archive.read(item) for item in archive.infolist()}
    office = re.search(
        rb'<Relationship\b[^>]*?Type="[^"]*/officeDocument"[^>]*>', parts["_rels/.rels"]
    )
    assert office is not None
    found = re.search(rb'Target="/?([^"]*)"', office[0])
    assert found is not None
    book = found[1].decode()
    folder, name = posixpath.split(book)
    rels = posixpath.join(folder, "_rels", f"{name}.rels")
    xml = parts[book].decode("utf-8")
    prefix = re.search(r"<((?:[\w.-]+:)?)sheets\b", xml)
    assert prefix is not None
    close = f"</{prefix[1]}sheets>"
    entry = f'<{prefix[1]}sheet xmlns:rr="{_REL}" name="{GAME}" sheetId="9999" rr:id="rIdRemi"/>'
    parts[book] = xml.replace(close, entry + close, 1).encode("utf-8")
    relationship = (
        f'<Relationship Id="rIdRemi" Type="{_REL}/worksheet" Target="worksheets/remi_game.xml"/>'
    )
    parts[rels] = re.sub(
        rb"</(?:\w+:)?Relationships>", lambda end: relationship.encode() + end[0], parts[rels]
    )
    member = posixpath.join(folder, "worksheets", "remi_game.xml")
    parts[member] = sheet_xml(worked_game()[:4])
    override = f'<Override PartName="/{member}" ContentType="{_SHEET_TYPE}"/></Types>'
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>", override.encode(), 1
    )
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for part, data in parts.items():
            archive.writestr(part, data)
    return target


def test_the_foreign_files_are_all_there() -> None:
    assert len(BOOKS) >= 170
    assert (FOREIGN / "calamine" / "LICENSE-MIT.md").is_file()
    assert (FOREIGN / "xlsxwriter" / "LICENSE.txt").is_file()


@pytest.mark.parametrize("path", BOOKS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_foreign_workbook_as_it_is_is_read_or_refused_in_one_line(path: Path) -> None:
    result = remi("check", path, "--lang", "en")
    assert result.exit_code == 1, result.output  # none of them holds a game sheet
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) <= 2, result.output
    assert lines[0].startswith("error: "), result.output


ADDABLE = [path for path in BOOKS if path.name not in UNPACKABLE]


@pytest.mark.parametrize("path", ADDABLE, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_game_added_to_a_foreign_workbook_is_read_alike_by_both_readers(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = with_game(path, tmp_path / path.name)
    if path.name == "minimal_package.xlsx":
        fast, streamed = _both(book, monkeypatch)
        assert fast == streamed == ("refused", "file_workbook_elsewhere")
        return
    (game,) = load_notebook(book).games
    assert (game.sheet, game.score.totals) == (GAME, (-30, 100, 220))
    fast, streamed = _both(book, monkeypatch)
    assert _trimmed(streamed) == _trimmed(fast)


@pytest.mark.parametrize("path", ADDABLE, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_game_added_to_a_foreign_workbook_is_scored_or_refused_in_one_line(
    path: Path, tmp_path: Path
) -> None:
    book = with_game(path, tmp_path / path.name)
    before = book.read_bytes()
    out = tmp_path / "scored.xlsx"
    result = remi("score", book, "--output", out, "--json")
    assert "Traceback" not in result.output
    assert book.read_bytes() == before
    problems = {p["code"] for p in json.loads(result.stdout)["problems"]}
    if path.name in NOT_SAVED:
        assert result.exit_code == 1, result.output
        assert NOT_SAVED[path.name] in problems, problems
        assert not out.exists()
        return
    assert result.exit_code == 0, result.output
    (game,) = load_notebook(out).games
    assert game.score.totals == (-30, 100, 220)
    written = out.read_bytes()
    again = remi("score", book, "--output", out)
    assert again.exit_code == 0, again.output
    assert out.read_bytes() == written  # the second run changes nothing
