"""The live formulas of `remi new`, computed by a real spreadsheet: LibreOffice Calc, headless.

Notebooks made by `remi new` (with each house-rule variant) are filled the way people type,
converted by LibreOffice (which computes every formula, since openpyxl saves none of their
results), and every computed cell is compared with the Python engine. A formula may show
the marker "remi score" where only remi can score (card lists, paper score rows, mistakes),
but never a number the engine does not give; after `remi score` every number is there.
`.ci/run` installs LibreOffice (Debian's libreoffice-calc-nogui).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from python_calamine import CalamineWorkbook

from remi_sheet.core.entries import Number, parse_entry
from remi_sheet.core.problems import RemiError
from remi_sheet.core.scoring import DealScore, score_row
from remi_sheet.notebook.loading import Notebook, load_notebook
from remi_sheet.reading.cells import address
from remi_sheet.writing.formulas import MARKER, handles
from remi_sheet.writing.new_notebook import HEADER_ROW
from tests.conftest import remi

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
PLAYERS = ["Anna", "Béla", "Csaba"]
FIRST_ROW = HEADER_ROW + 1  # 0-based row of deal 1

GAMES: list[list[list[Any]]] = [
    [
        ["H", "27", "X"],
        [12, "W", "K 9 Jo"],
        ["3", "X 55", "W"],
        ["w", 33, "x 45"],
        ["hand", 0, "x"],
        ["Kézből", "4", "5"],
        ["nyert", "14", "15"],
    ],
    [
        ["W", 25, 33],
        ["W", 35, 38],
        ["W", 45, 105],
        ["H", 25, 33],
        ["H", 35, 38],
        ["H", 45, "X 105"],
        ["H", 180, 0],
    ],
    [
        ["W", 12, "X K Q 5"],
        ["KÉZ", "X 44", 7],
        ["WIN", "D B Á", "2 3"],
        [" W ", " 33 ", 7],
        ["W", "33", "X 180"],
        ["H", "X 3", "170"],
        ["W", "Jo Jo", 5],
    ],
    [["H", "W", 3], [3, 4, 5], ["W", "X", 5]],
    [["W", "Z", 3]],
    [["W", 190, 3]],
    [["W", -5, 3]],
    [["W", 10, None]],
    [[-20, 30, 0], ["-40", "200", "60"], ["W", "30,0", 5]],
    [[-20, 35, 0]],
    [["W", "1.000", 3]],
    [["W", 33.5, 3]],
    [["W", 10, 20], [None, None, None], ["W", 5, 5]],
]

VARIANTS = [
    [],
    ["-r", "round_before_doubling=false"],
    ["-r", "rounding=none", "-r", "hand_multiplier=3"],
    [
        "-r",
        "rounding=none",
        "-r",
        "round_before_doubling=false",
        "-r",
        "hand_win=-50",
        "-r",
        "not_down_after_hand=150",
        "-r",
        "jokers=2",
        "-r",
        "ace_value=11",
    ],
]


def fill(path: Path, games: list[list[list[Any]]]) -> None:
    book = openpyxl.load_workbook(path)
    for sheet, rows in zip(book.worksheets, games, strict=False):
        for offset, row in enumerate(rows):
            for column, value in enumerate(row):
                cell = sheet.cell(FIRST_ROW + offset + 1, 2 + column, value)
                if isinstance(value, str):
                    cell.data_type = "s"
    book.save(path)


def calculated(path: Path, folder: Path) -> dict[str, list[list[Any]]]:
    """Every sheet's values as LibreOffice computes them."""
    assert SOFFICE, "LibreOffice is needed: apt-get install libreoffice-calc-nogui"
    out = folder / "calc"
    # A private profile: parallel or earlier runs must not share LibreOffice's lock.
    profile = (folder / "profile").as_uri()
    subprocess.run(
        [
            SOFFICE,
            f"-env:UserInstallation={profile}",
            "--headless",
            "--convert-to",
            "xlsx",
            "--outdir",
            str(out),
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    with CalamineWorkbook.from_path(str(out / path.name)) as book:
        return {
            name: book.get_sheet_by_name(name).to_python(skip_empty_area=False)
            for name in book.sheet_names
        }


def value(rows: list[list[Any]], row: int, column: int) -> Any:
    try:
        found = rows[row][column]
    except IndexError:
        return None
    return None if found == "" else found


def refused(game: Any, row: int, index: int) -> bool:
    """True when a problem names this player's cell in `row`, or the row as a whole."""
    cells = {problem.cell for problem in game.problems if problem.sheet == game.sheet}
    player_cell = address(row, game.layout.player_column(index))
    return player_cell in cells or address(row, game.layout.deal_column) in cells


def alone(game: Any, row: int, typed: Sequence[Any], index: int, notebook: Notebook) -> int:
    """The score of one entry in a refused deal, scored as if the refused ones were 0."""
    entries: list[Any] = []
    for other, value in enumerate(typed):
        try:
            entry = parse_entry(value, notebook.rules)
        except RemiError:
            entry = None
        entries.append(Number(0) if entry is None or refused(game, row, other) else entry)
    result = score_row(entries, notebook.rules)
    assert isinstance(result, DealScore), result
    return result.scores[index]


def compare(  # noqa: PLR0912 - one readable walk over every computed cell
    notebook: Notebook, sheets: dict[str, list[list[Any]]], *, scored: bool
) -> int:
    """Check every computed cell against the engine; the number of numbers compared."""
    compared = 0
    for game in notebook.games:
        rows = sheets[game.sheet]
        area = game.layout.area_column
        deals = {deal.row: deal for deal in game.deals}
        running = dict(zip((deal.row for deal in game.deals), game.score.running, strict=True))
        intact = True  # every deal so far was scored by the engine
        for deal_row in game.layout.rows:
            deal = deals.get(deal_row.row)
            intact = intact and (deal is not None or not deal_row.played)
            for index in range(len(PLAYERS)):
                shown = value(rows, deal_row.row, area + 1 + 2 * index)
                so_far = value(rows, deal_row.row, area + 2 + 2 * index)
                where = f"{game.sheet} row {deal_row.row + 1} player {index}"
                if not deal_row.played:
                    assert shown is None and so_far is None, where
                    continue
                if deal is None:
                    # The engine refuses the deal: the cells it names, or the whole row for
                    # a row-level mistake, show the marker; any other cell may show its own
                    # score (a winner's −20 stays −20), but no running total does.
                    if refused(game, deal_row.row, index):
                        assert shown == MARKER, f"{where}: engine refuses, formula {shown}"
                    elif shown != MARKER:
                        expected = alone(game, deal_row.row, deal_row.cells, index, notebook)
                        assert shown == expected, f"{where}: {shown}, engine {expected}"
                    assert so_far == MARKER, where
                    continue
                entry = deal_row.cells[index]
                expected = deal.score.scores[index]
                if shown == MARKER:
                    assert not scored or game.has_errors, f"{where}: marker after remi score"
                    assert not handles(entry) or deal.score.typed, f"{where}: {entry!r}"
                else:
                    assert shown == expected, f"{where}: {entry!r} → {shown}, engine {expected}"
                    compared += 1
                if so_far != MARKER:
                    assert intact and so_far == running[deal_row.row][index], where
        total_row = game.layout.end_row + 1
        for index in range(len(PLAYERS)):
            total = value(rows, total_row, area + 1 + 2 * index)
            place = value(rows, total_row + 1, area + 1 + 2 * index)
            if total != MARKER:
                assert not game.has_errors and total == game.score.totals[index], game.sheet
                compared += 1
            if place != MARKER:
                assert not game.has_errors and place == game.score.ranks[index], game.sheet
            if scored and not game.has_errors:
                assert total == game.score.totals[index] and place == game.score.ranks[index]
    return compared


@pytest.mark.parametrize(
    "variant", VARIANTS, ids=["defaults", "double-first", "exact-x3", "exact-late-custom"]
)
def test_live_formulas_agree_with_the_engine(tmp_path: Path, variant: list[str]) -> None:
    path = tmp_path / "live.xlsx"
    names = [part for name in PLAYERS for part in ("-p", name)]
    made = remi("new", path, *names, "--games", str(len(GAMES)), *variant)
    assert made.exit_code == 0, made.output
    fill(path, GAMES)
    notebook = load_notebook(path)
    before = compare(notebook, calculated(path, tmp_path / "typed"), scored=False)
    assert before > 40
    remi("score", path)
    rescored = load_notebook(path)
    after = compare(rescored, calculated(path, tmp_path / "scored"), scored=True)
    assert after > before  # the card lists and paper rows now show their numbers too
    assert remi("score", path).stdout.count("Nothing to change") == 1


def test_a_fresh_notebook_reads_back_and_scores_itself_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "new.xlsx"
    assert remi("new", path, "-p", "Ödön", "-p", "Győző", "--lang", "hu").exit_code == 0
    notebook = load_notebook(path)
    assert [game.players for game in notebook.games] == [("Ödön", "Győző")]
    assert notebook.lang == "hu" and notebook.all_problems() == []
    result = remi("score", path)
    assert "Nincs mit változtatni" in result.stdout
    sheets = calculated(path, tmp_path)
    game = notebook.games[0]
    total_row, area = game.layout.end_row + 1, game.layout.area_column
    assert [value(sheets[game.sheet], total_row, area + 1 + 2 * i) for i in range(2)] == [0, 0]
    assert [value(sheets[game.sheet], total_row + 1, area + 1 + 2 * i) for i in range(2)] == [1, 1]


def saved_by_libreoffice(path: Path, folder: Path) -> Path:
    """The workbook at `path` opened and saved as .xlsx by LibreOffice (which spells some
    formulas its own way: `TRUE()` for `TRUE`), put back in its place."""
    assert SOFFICE, "LibreOffice is needed: apt-get install libreoffice-calc-nogui"
    out = folder / "saved"
    profile = (folder / "profile").as_uri()
    subprocess.run(
        [SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--convert-to", "xlsx",
         "--outdir", str(out), str(path)],
        check=True, capture_output=True, timeout=180,
    )  # fmt: skip
    shutil.move(out / path.name, path)
    return path


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_notebook_saved_by_libreoffice_is_scored_again_and_again(
    tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "klub.xlsx"
    names = [part for name in PLAYERS for part in ("-p", name)]
    assert remi("new", path, *names, "--games", "2", "--lang", lang).exit_code == 0
    fill(path, [GAMES[0][:3], [["W", "K 9 Jo", 12], [-20, 30, 0]]])
    for round_ in range(3):
        saved_by_libreoffice(path, tmp_path / f"round{round_}")
        scored = remi("score", path, "--lang", "en")
        assert scored.exit_code == 0, scored.output
        assert "error:" not in scored.stdout and "no errors" in scored.stdout
        notebook = load_notebook(path)
        assert [game.score.totals for game in notebook.games] == [(-30, 100, 220), (-40, 70, 10)]
    check = remi("check", path, "--lang", "en")
    assert check.exit_code == 0 and "no errors" in check.stdout
