"""The live notebook typed into in LibreOffice Calc itself, over UNO (`tests.calc`), as a
person types: each entry with `setFormula` (`27` a number, `H` text), the input check asked
through LibreOffice's own validity check (the one typing runs), the values computed read
back. openpyxl never runs an input check, and calamine reads an error as an empty cell:
nothing here reads the cells any other way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from remi_sheet.core.entries import parse_entry
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.notebook.loading import load_notebook
from remi_sheet.reading.cells import address
from tests.conftest import remi
from tests.live_cases import every_spelling

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def new_notebook(path: Path, lang: str, *extra: str) -> Path:
    names = [part for name in PLAYERS for part in ("-p", name)]
    made = remi("new", path, *names, "--lang", lang, *extra)
    assert made.exit_code == 0, made.output
    return path


def entry_cells(path: Path, count: int) -> list[tuple[str, str]]:
    """`count` entry cells of the notebook's games, row by row."""
    cells = []
    for game in load_notebook(path).games:
        for deal_row in game.layout.rows:
            for index in range(len(game.players)):
                cells.append((game.sheet, address(deal_row.row, game.layout.player_column(index))))
    assert len(cells) >= count, "make the notebook larger"
    return cells[:count]


def reads(value: Any) -> bool:
    try:
        return parse_entry(value, HouseRules()) is not None
    except RemiError:
        return False


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_spelling_remi_reads_is_let_in_by_libreoffices_input_check(
    tmp_path: Path, calc: Any, lang: str
) -> None:
    spellings = every_spelling()
    path = new_notebook(tmp_path / "klub.xlsx", lang, "--games", "4", "--deals", "50")
    cells = entry_cells(path, len(spellings))
    saved = tmp_path / "saved.xlsx"
    typed, _ = calc.type(
        path,
        [(sheet, cell, text) for (sheet, cell), text in zip(cells, spellings, strict=True)],
        save=saved,
    )
    # What LibreOffice stored is what remi reads: judged by what remi reads there.
    stored = load_notebook(saved)
    grids = {game.sheet: game for game in stored.games}
    read = 0
    for (sheet, cell), text, shown in zip(cells, spellings, typed, strict=True):
        game = grids[sheet]
        row = next(
            r
            for r in game.layout.rows
            if any(
                address(r.row, game.layout.player_column(i)) == cell
                for i in range(len(game.players))
            )
        )
        column = next(
            i
            for i in range(len(game.players))
            if address(row.row, game.layout.player_column(i)) == cell
        )
        value = row.cells[column]
        if reads(value):
            read += 1
            assert shown.valid is True, f"{cell} {text!r} (stored {value!r}) refused"
    assert read >= 0.8 * len(spellings)


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_what_no_entry_holds_is_refused_where_it_is_typed(
    tmp_path: Path, calc: Any, lang: str
) -> None:
    path = new_notebook(tmp_path / "klub.xlsx", lang)
    refused = ["33.5", "Ω", "K 9 ?", "W!", "=1/0", "K%", "12,5%"]
    let_in = ["H", "27", "K♠♠", "KD"]  # characters of entries: let in, painted red
    texts = refused + let_in
    cells = entry_cells(path, len(texts))
    typed, _ = calc.type(
        path, [(sheet, cell, text) for (sheet, cell), text in zip(cells, texts, strict=True)]
    )
    assert [shown.valid for shown in typed] == [False] * len(refused) + [True] * len(let_in)
