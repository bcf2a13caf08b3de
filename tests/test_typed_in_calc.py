"""The live notebook typed into in LibreOffice Calc itself, over UNO (`tests.calc`), as a
person types: each entry with `setFormula` (`27` a number, `H` text), the input check asked
through LibreOffice's own validity check (the one typing runs), the values computed read
back. openpyxl never runs an input check, and calamine reads an error as an empty cell:
nothing here reads the cells any other way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from remi_sheet.core.entries import parse_entry
from remi_sheet.core.problems import RemiError
from remi_sheet.core.rules import HouseRules
from remi_sheet.notebook.loading import load_notebook
from remi_sheet.notebook.sheets import Grids
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


def _check_findings(path: Path) -> tuple[bool, list[str]]:
    """Whether the notebook's values show remi's cells untouched (`planning.untouched`),
    and the codes of what remi check finds typed over, looking at every formula."""
    from remi_sheet.commands.opening import open_notebook
    from remi_sheet.reading.grid import FormulaProbe
    from remi_sheet.writing import planning, writeback

    notebook = open_notebook(path, [], None, grids=Grids.IF_WRITTEN)
    plan = planning.plan(notebook, notebook.lang)
    probe = FormulaProbe(path)
    try:
        untouched = planning.untouched(notebook, plan, probe)
    finally:
        probe.close()
    return untouched, [problem.code for problem in writeback.typed_over(notebook, plan)]


def _two_deals_typed(tmp_path: Path, calc: Any, lang: str) -> tuple[str, Path]:
    """A one-game notebook `remi new` made, two deals typed into it in LibreOffice and
    saved by it: the game's sheet and the file typed."""
    path = new_notebook(tmp_path / "klub.xlsx", lang, "--games", "1")
    game = load_notebook(path).games[0].sheet
    deals = [["H", "27", "X", "K 9 Jo"], ["12", "W", "3", "X 45"]]
    cells = [
        (game, address(5 + row, 1 + column), text)
        for row, deal in enumerate(deals)
        for column, text in enumerate(deal)
    ]
    typed = tmp_path / "typed.xlsx"
    calc.type(path, cells, save=typed)
    return game, typed


def test_check_trusts_the_values_of_a_notebook_typed_in_libreoffice_only_when_they_show_remis_cells(
    tmp_path: Path, calc: Any
) -> None:
    game, typed = _two_deals_typed(tmp_path, calc, "hu")
    # The typed game changes the standings: not up to date, yet nothing of remi's touched.
    assert _check_findings(typed) == (True, [])
    checked = remi("check", typed)
    assert checked.exit_code == 0, checked.output

    # remi's deal number typed over with another, or with itself; an error value typed where the
    # standings will grow (calamine reads it as an empty cell): the values cannot vouch,
    # and the look at every formula finds each.
    from remi_sheet.commands.opening import open_notebook
    from remi_sheet.writing import planning

    notebook = open_notebook(typed, [], None, grids=Grids.IF_WRITTEN)
    plan = planning.plan(notebook, notebook.lang)
    standings = plan.standings_sheet
    new_cell = min(set(plan.sheets[standings]) - set(plan.record[standings]))
    for name, (sheet, cell, text), code in [
        ("number", (game, "I6", "5"), "area_formula_edited"),
        # the very number it showed: only the formulas' count tells (a hidden helper's
        # status, `W` over a formula showing `W`, alike)
        ("same number", (game, "I6", "1"), "area_formula_edited"),
        # a formula of the person's own over remi's: no formula of remi's moved by rows
        ("formula", (game, "I6", "=ROWS($A$6:A6)+1"), "area_formula_edited"),
        ("error", (standings, address(*new_cell), "=1/0"), "area_occupied"),
    ]:
        changed = tmp_path / f"{name}.xlsx"
        calc.type(typed, [(sheet, cell, text)], save=changed, check=False)
        untouched, found = _check_findings(changed)
        assert not untouched and found == [code], (name, found)
        result = remi("check", changed)
        assert result.exit_code == 1 and f"{sheet}!{cell}" in result.stdout.replace("'", "")

    # A formula of the person's own beside remi's (a sum in a free cell): one formula more
    # than remi wrote, each of remi's still there; the values vouch as before.
    own = tmp_path / "own.xlsx"
    calc.type(typed, [(game, "D2", "=1+1")], save=own, check=False)
    assert _check_findings(own) == (True, [])


def _totals_above_the_names(calc: Any, path: Path, sheet: str) -> tuple[list[Any], list[Any]]:
    """The players' totals and places as LibreOffice computes them, in B3:G4."""
    (rows,) = calc.read(path, [(sheet, "B3:G4")])
    return [value for _, value in rows[0]], [value for _, value in rows[1]]


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_latecomer_typed_in_a_free_column_is_scored_totalled_and_ranked_in_his_column(
    tmp_path: Path, calc: Any, lang: str
) -> None:
    path = new_notebook(tmp_path / "klub.xlsx", lang, "--games", "1")
    sheet = load_notebook(path).games[0].sheet
    deals = [["W", "27", "K 9 Jo", "12", "5"], ["H", "3", "X 45", "0", "D B Á"]]
    cells = [(sheet, "F5", "Ede")] + [
        (sheet, address(5 + row, 1 + column), text)
        for row, deal in enumerate(deals)
        for column, text in enumerate(deal)
    ]
    saved = tmp_path / "typed.xlsx"
    typed, _ = calc.type(path, cells, save=saved)
    assert all(shown.valid is True for shown in typed)  # his entries pass the input check
    game = load_notebook(saved).games[0]
    assert game.players == ("Anna", "Béla", "Csaba", "Dóra", "Ede") and not game.problems
    totals, places = _totals_above_the_names(calc, saved, sheet)
    assert totals[:5] == list(game.score.totals) and totals[5] in ("", None)
    assert places[:5] == list(game.score.ranks) and places[5] in ("", None)
    checked = remi("check", saved)
    assert checked.exit_code == 0, checked.output


def test_a_game_of_more_names_than_max_players_shows_no_totals_live_as_check_refuses_it(
    tmp_path: Path, calc: Any
) -> None:
    path = new_notebook(tmp_path / "klub.xlsx", "en", "--games", "1", "-r", "max_players=4")
    sheet = load_notebook(path).games[0].sheet
    deal = ["W", "27", "K 9 Jo", "12", "5"]
    cells = [(sheet, "F5", "Ede")] + [
        (sheet, address(5, 1 + column), text) for column, text in enumerate(deal)
    ]
    saved = tmp_path / "typed.xlsx"
    calc.type(path, cells, save=saved, check=False)
    totals, places = _totals_above_the_names(calc, saved, sheet)
    # waiting for the header to be put right, as every score of the game
    assert set(totals + places) == {"…", ""}, (totals, places)
    checked = remi("check", saved)
    assert checked.exit_code == 1 and "5 players" in checked.stdout, checked.stdout


def test_score_puts_right_the_input_check_and_paint_an_older_remi_made(
    tmp_path: Path, calc: Any
) -> None:
    import openpyxl
    from openpyxl.formatting.rule import FormulaRule
    from openpyxl.styles import PatternFill
    from openpyxl.worksheet.datavalidation import DataValidation

    from remi_sheet.writing.live_area import live_columns

    path = new_notebook(tmp_path / "klub.xlsx", "hu", "--games", "1")
    game = load_notebook(path).games[0]
    # As the remi before this one wrote them: an input check of AND (an error, a refusal,
    # for every text), paint reading helper columns that have moved since; and a club's
    # own check on the date and colour on the place, which stay.
    book = openpyxl.load_workbook(path)
    sheet = book[game.sheet]
    (check,) = sheet.data_validations.dataValidation
    check.formula1 = (
        "OR(AND(ISNUMBER(B6),B6=INT(B6)),AND(ISTEXT(B6),SUMPRODUCT((remi_pos<=LEN(B6))"
        "*ISERROR(FIND(MID(UPPER(B6),remi_pos,1),remi_alphabet)))=0))"
    )
    own = DataValidation(type="date", allow_blank=True)
    own.add("B1")
    sheet.add_data_validation(own)
    for formatting in sheet.conditional_formatting:
        for rule, old in zip(formatting.rules, ['AW6="E"', '$P6="E"'], strict=True):
            rule.formula = [old]
    yellow = PatternFill("solid", fgColor="FFFF00")
    sheet.conditional_formatting.add("B2", FormulaRule(formula=['B2="Klub"'], fill=yellow))
    book.save(path)
    refused, _ = calc.type(path, [(game.sheet, "B6", "H")])
    assert refused[0].valid is False  # what clubs saw: every code refused

    scored = remi("score", path)
    assert scored.exit_code == 0, scored.output
    sheet = openpyxl.load_workbook(path)[game.sheet]
    checks = {str(check.sqref): check.formula1 for check in sheet.data_validations.dataValidation}
    assert checks["B6:G12"].startswith("IF(ISNUMBER(B6)") and checks["B1"] is None
    columns = live_columns(game)
    painted = {
        (str(formatting.sqref), rule.formula[0])
        for formatting in sheet.conditional_formatting
        for rule in formatting.rules
    }
    assert painted == {
        ("B6:G12", f'{address(5, columns.helper("kind", 0))}="E"'),
        ("B6:G12", f'${address(5, columns.status)}="E"'),
        ("B2", 'B2="Klub"'),
    }
    typed, _ = calc.type(path, [(game.sheet, "B6", "H"), (game.sheet, "C6", "K 9 Jo")])
    assert [shown.valid for shown in typed] == [True, True]
    before = path.read_bytes()
    assert remi("score", path).exit_code == 0 and path.read_bytes() == before


def test_the_totals_above_the_names_are_written_again_when_their_area_is_deleted(
    tmp_path: Path, calc: Any
) -> None:
    # "Clear columns I:CF" done as Delete Columns: the totals and places above the names
    # refer to the area deleted (#REF!). They are remi's formulas broken by a deletion, no
    # cell a person typed: score writes them again, and a second score changes nothing.
    game, typed = _two_deals_typed(tmp_path, calc, "en")
    assert remi("score", typed).exit_code == 0
    from remi_sheet.commands.opening import open_notebook
    from remi_sheet.reading.cells import column_number
    from remi_sheet.writing import planning

    notebook = open_notebook(typed, [], None)
    first, last = planning.plan(notebook, notebook.lang).areas[game].split(":")
    deleted = tmp_path / "deleted.xlsx"
    count = column_number(last) - column_number(first) + 1
    calc.delete_columns(typed, game, column_number(first), deleted, count=count)
    assert "#REF!" in str(calc.read(deleted, [(game, "B3:E4")]))
    scored = remi("score", deleted)
    assert scored.exit_code == 0, scored.output
    totals, places = _totals_above_the_names(calc, deleted, game)
    checked = json.loads(remi("check", deleted, "--json").stdout)["games"][0]["totals"]
    assert totals[:4] == list(checked.values()) and places[:4] == [1, 2, 4, 3], totals
    before = deleted.read_bytes()
    again = remi("score", deleted)
    assert again.exit_code == 0 and deleted.read_bytes() == before
