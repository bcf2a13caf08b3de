"""The two readers give the same notebook: every workbook of the corpus and the samples, and
notebooks remi has written, read with calamine wherever the guard clears a sheet and read
with the streaming reader throughout, come out as the same games, problems, house rules,
language and grids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from remi_sheet.core.problems import RemiError
from remi_sheet.notebook.loading import load_notebook
from remi_sheet.reading import files, guard
from tests.conftest import build_notebook, remi, worked_game

ROOT = Path(__file__).resolve().parent.parent
BOOKS = [
    path
    for path in sorted((ROOT / "tests" / "corpus").glob("*.xlsx"))
    + sorted((ROOT / "samples").glob("*.xlsx"))
    if files.sniff(path) is None
]


def _model(path: Path) -> Any:
    try:
        notebook = load_notebook(path)
    except RemiError as stop:
        return ("refused", stop.problem.code)
    return (
        [(g.sheet, g.players, g.score, g.played, g.layout) for g in notebook.games],
        [(p.sheet, p.cell, p.code, p.params) for p in notebook.all_problems()],
        notebook.rules,
        notebook.lang,
        {name: [list(row) for row in grid.rows] for name, grid in notebook.grids.items()},
    )


def _both(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    fast = _model(path)
    monkeypatch.setattr(guard, "calamine_may_read", lambda xml: False)
    return fast, _model(path)


def _trimmed(model: Any) -> Any:
    """Grids without the empty cells at the ends of rows and the empty rows at the end,
    which calamine pads a grid with and the streaming reader leaves out."""
    if model[0] == "refused":
        return model
    grids = {}
    for name, rows in model[4].items():
        cut = [list(row) for row in rows]
        for row in cut:
            while row and row[-1] == "":
                row.pop()
        while cut and not cut[-1]:
            cut.pop()
        grids[name] = cut
    return (*model[:4], grids)


@pytest.mark.parametrize("path", BOOKS, ids=lambda path: path.name)
def test_both_readers_read_the_same_notebook(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, streamed = _both(path, monkeypatch)
    assert _trimmed(streamed) == _trimmed(fast)


@pytest.mark.parametrize("kind", ["new", "scored"])
def test_both_readers_read_what_remi_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    if kind == "new":
        path = tmp_path / "new.xlsx"
        assert remi("new", path, "-p", "Anna", "-p", "Béla", "--lang", "hu").exit_code == 0
    else:
        path = build_notebook(tmp_path / "k.xlsx", {"Game": worked_game()})
        assert remi("score", path).exit_code == 0
    fast, streamed = _both(path, monkeypatch)
    assert _trimmed(streamed) == _trimmed(fast)
