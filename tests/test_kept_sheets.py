"""Sheets a save does not change go back byte for byte (`writing.kept_sheets`): a live
notebook typed and saved in LibreOffice, scored, added to and imported into, keeps every
game sheet as LibreOffice saved it, with the values its formulas showed; where a part
cannot be kept, the workbook is loaded whole and saved as before."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.comments import Comment

from remi_sheet.reading import package
from remi_sheet.writing import kept_sheets
from tests.conftest import build_notebook, fresh_python, remi, worked_game
from tests.parts import patched
from tests.test_typed_in_calc import new_notebook

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
DEALS = [["H", "27", "X", "K 9 Jo"], ["12", "W", "3", "X 45"], ["kézből", "5", "0", "D B Á"]]


def sheet_bytes(path: Path) -> dict[str, bytes]:
    """Each sheet's part, by title."""
    with zipfile.ZipFile(path) as archive:
        return {
            title: archive.read(member) for title, member in package.sheet_parts(archive).items()
        }


def checked(path: Path) -> dict[str, Any]:
    """`remi check --json` of `path`, without the file's name."""
    result = remi("check", path, "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    document.pop("notebook", None)
    return document


@pytest.fixture(scope="module")
def typed(tmp_path_factory: pytest.TempPathFactory, calc: Any) -> Path:
    """A `remi new` notebook of three games, two of them typed and saved in LibreOffice."""
    folder = tmp_path_factory.mktemp("kept")
    path = new_notebook(folder / "klub.xlsx", "hu", "--games", "3")
    cells = [
        (f"Játszma {game}", f"{'BCDE'[column]}{6 + row}", text)
        for game in (1, 2)
        for row, deal in enumerate(DEALS)
        for column, text in enumerate(deal)
    ]
    saved = folder / "typed.xlsx"
    calc.type(path, cells, save=saved)
    return saved


def test_score_keeps_the_game_sheets_libreoffice_saved_and_writes_the_standings(
    tmp_path: Path, typed: Path, calc: Any
) -> None:
    out = tmp_path / "out.xlsx"
    result = remi("score", typed, "-o", out)
    assert result.exit_code == 0, result.output
    before, after = sheet_bytes(typed), sheet_bytes(out)
    games = [title for title in before if title.startswith("Játszma")]
    assert len(games) == 3
    for title in games:
        assert after[title] == before[title], title  # as LibreOffice saved it, results and all
    assert after["Összesítő"] != before["Összesítő"]  # the typed games now stand there
    # The text of the kept sheets (LibreOffice's shared strings) and the scores read alike.
    assert checked(out) == checked(typed)
    (standings,) = calc.read(out, [("Összesítő", "A1:D12")])
    (game,) = calc.read(out, [("Játszma 1", "A3:E4")])
    (computed,) = calc.read(typed, [("Játszma 1", "A3:E4")])
    assert game == computed  # the live totals and places, calculated by LibreOffice
    names = [value for row in standings for _, value in row]
    assert {"Anna", "Béla", "Csaba", "Dóra"} <= set(names)
    # A second run on what it wrote changes nothing.
    again = tmp_path / "again.xlsx"
    assert remi("score", out, "-o", again).exit_code == 0
    assert sheet_bytes(again) == sheet_bytes(out)


def test_where_the_formats_would_move_the_workbook_is_loaded_whole(
    tmp_path: Path, typed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = tmp_path / "kept.xlsx"
    assert remi("score", typed, "-o", kept).exit_code == 0
    monkeypatch.setattr(kept_sheets, "_same_looks", lambda old, new: False)
    whole = tmp_path / "whole.xlsx"
    result = remi("score", typed, "-o", whole)
    assert result.exit_code == 0, result.output
    rewritten = sheet_bytes(whole)
    assert rewritten["Játszma 1"] != sheet_bytes(typed)["Játszma 1"]  # openpyxl wrote it
    assert checked(whole) == checked(kept)


def test_add_game_and_import_keep_the_sheets_already_there(tmp_path: Path, typed: Path) -> None:
    before = sheet_bytes(typed)
    added = tmp_path / "added.xlsx"
    added.write_bytes(typed.read_bytes())
    result = remi("new", "--add-game", added, "--no-backup")
    assert result.exit_code == 0, result.output
    after = sheet_bytes(added)
    assert len(after) == len(before) + 1
    for title in ("Játszma 1", "Játszma 2", "Játszma 3"):
        assert after[title] == before[title], title
    papers = tmp_path / "papir.csv"
    lines = (SAMPLES / "papir.csv").read_bytes().splitlines(keepends=True)
    papers.write_bytes(b"".join(lines[:9]))  # the sample's first game
    imported = remi("import", papers, "--into", added, "--no-backup")
    assert imported.exit_code == 0, imported.output
    now = sheet_bytes(added)
    for title, data in after.items():
        if title != "_remi_state":
            assert now[title] == data, title
    assert remi("check", added).exit_code == 0


def test_a_sheet_with_parts_of_its_own_or_cell_metadata_is_loaded_whole(tmp_path: Path) -> None:
    path = new_notebook(tmp_path / "klub.xlsx", "en", "--games", "2")
    workbook = openpyxl.load_workbook(path)
    workbook["Game 1"]["J1"].comment = Comment("a note", "Anna")  # a comments part
    workbook.save(path)
    assert set(kept_sheets.keepable(path, ["Game 1", "Game 2"])) == {"Game 2"}

    # Cell metadata (a dynamic array) points into a part openpyxl drops: kept, it would
    # point nowhere, so the sheet is written whole and the attribute goes with the part.
    patched(path, "Game 2", b'<c r="A1"', b'<c r="A1" cm="1"')
    result = remi("new", "--add-game", path, "--no-backup")
    assert result.exit_code == 0, result.output
    assert b'cm="1"' not in sheet_bytes(path)["Game 2"]
    assert remi("check", path).exit_code == 0


def test_add_game_loaded_whole_after_a_kept_sheet_fails_completes_the_rules_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second attempt starts from the notebook as read: the Rules rows the first one
    added are added again, not taken for the sheet's own."""
    path = tmp_path / "klub.xlsx"
    build_notebook(path, {"Game 1": worked_game()}, {"opening_minimum": 51})
    tried: list[bool] = []
    monkeypatch.setattr(kept_sheets, "_same_looks", lambda old, new: tried.append(True) and False)
    result = remi("new", "--add-game", path, "--no-backup")
    assert tried  # the first attempt kept Game 1, and gave it up
    assert result.exit_code == 0, result.output
    assert remi("check", path).exit_code == 0
    rules = openpyxl.load_workbook(path)["Rules"]
    names = [row[0].value for row in rules.iter_rows(min_row=2)]
    assert names.count("opening_minimum") == 1 and len(names) > 5


def test_a_live_game_with_an_older_remis_input_check_is_loaded_and_put_right(
    tmp_path: Path,
) -> None:
    path = new_notebook(tmp_path / "klub.xlsx", "en", "--games", "2")
    older = b"<formula1>OR(AND(ISNUMBER(B6),B6=INT(B6)),remi_old=1)</formula1>"
    with zipfile.ZipFile(path) as archive:
        member = package.sheet_parts(archive)["Game 1"]
        check = re.search(rb"<formula1>.*?</formula1>", archive.read(member))
    assert check is not None
    patched(path, "Game 1", check[0], older)
    out = tmp_path / "out.xlsx"  # (in place, a notebook that shows all remi wrote is left)
    assert remi("score", path, "-o", out).exit_code == 0
    after = sheet_bytes(out)
    assert older not in after["Game 1"] and b"<formula1>IF(ISNUMBER(B6)" in after["Game 1"]
    assert after["Game 2"] == sheet_bytes(path)["Game 2"]  # as it was: kept


def test_a_clubs_own_game_made_live_keeps_the_deal_numbers_it_typed(tmp_path: Path) -> None:
    rows = [["Deal", "Anna", "Béla"], *[[n, "W", 10] for n in (8, 9, 10)]]
    path = build_notebook(tmp_path / "klub.xlsx", {"Game": rows})
    assert remi("score", path, "--live").exit_code == 0
    result = remi("score", path)
    assert result.exit_code == 0, result.output
    sheet = openpyxl.load_workbook(path)["Game"]
    assert [sheet.cell(row, 1).value for row in (2, 3, 4)] == [8, 9, 10]


def test_shared_strings_without_their_relationship_go_back_with_the_kept_sheets(
    tmp_path: Path, typed: Path
) -> None:
    """calamine and openpyxl read `xl/sharedStrings.xml` where the workbook's relationships
    do not name it: the kept sheets' text points into it all the same."""
    path = tmp_path / "klub.xlsx"
    data = io.BytesIO()
    with zipfile.ZipFile(typed) as source, zipfile.ZipFile(data, "w") as out:
        for item in source.infolist():
            part = source.read(item)
            if item.filename == "xl/_rels/workbook.xml.rels":
                part = re.sub(rb"<Relationship [^>]*sharedStrings[^>]*/>", b"", part)
                assert b"sharedStrings" not in part
            out.writestr(item, part)
    path.write_bytes(data.getvalue())
    before = checked(path)
    assert remi("score", path).exit_code == 0
    after = checked(path)
    assert [game["sheet"] for game in after["games"]] == [game["sheet"] for game in before["games"]]
    assert [game["players"] for game in after["games"]] == [g["players"] for g in before["games"]]


def test_a_sheet_with_an_autofilter_is_loaded_whole(tmp_path: Path) -> None:
    path = new_notebook(tmp_path / "klub.xlsx", "en", "--games", "2")
    patched(path, "Game 2", b"</sheetData>", b'</sheetData><autoFilter ref="A5:D12"/>')
    assert set(kept_sheets.keepable(path, ["Game 1", "Game 2"])) == {"Game 1"}


def test_the_record_keeps_the_digest_of_each_formula_it_wrote(typed: Path) -> None:
    """Reading a formula into tokens is most of remi's own time in a save: the record keeps
    each formula text's digest, and a later run finds it there instead of reading the
    formula again; a damaged entry is passed over."""
    probe = (
        "import sys\n"
        "from pathlib import Path\n"
        "from remi_sheet.notebook.loading import load_notebook\n"
        "from remi_sheet.writing import ownership, planning, writeback\n"
        "notebook = load_notebook(Path(sys.argv[1]))\n"
        "plan = planning.plan(notebook, notebook.lang)\n"
        "for game in notebook.games:\n"
        "    assert writeback._values(plan.sheets[game.sheet]) == plan.record[game.sheet]\n"
        "print(ownership.formula_tokens.cache_info().misses, '[formulas]' in plan.record)\n"
    )
    assert fresh_python(probe, typed).stdout.split() == ["0", "False"]
    from remi_sheet.writing import ownership

    ownership._learn({"d": {"x": 5, "y": "not a digest", "z": "ƒ0123"}})
    assert ownership._KNOWN.get("x") is None and ownership._KNOWN.get("y") is None
    assert ownership._KNOWN.get("z") == "ƒ0123"
