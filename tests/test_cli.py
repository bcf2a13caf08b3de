"""`remi check` and `remi score` as users run them: exit codes, messages, what is written."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.conftest import build_notebook, fresh_python, remi, remi_json, worked_game

Make = Callable[..., Path]


def typed_cells(path: Path) -> dict[tuple[str, str], Any]:
    """Every cell that is not remi's (by style), as openpyxl sees it."""
    book = openpyxl.load_workbook(path)
    return {
        (sheet.title, cell.coordinate): cell.value
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if cell.value is not None and not str(cell.style).startswith("remi ")
    }


def two_games() -> dict[str, list[list[Any]]]:
    return {
        "2026-11-29 #1": worked_game(),
        "2026-11-29 #2": [["Deal", "Anna", "Béla", "Dénes"], [1, "W", "Z", 3]],
    }


def test_check_reports_each_problem_and_exits_1(notebook: Make) -> None:
    result = remi("check", notebook(two_games()))
    assert result.exit_code == 1
    assert "2026-11-29 #2!C2: Béla has 'Z' in deal 1, which is not an entry." in result.stdout
    assert "2 games, 4 deals checked: 1 error, 0 warnings." in result.stdout


def test_check_of_a_clean_notebook_exits_0(notebook: Make) -> None:
    result = remi("check", notebook({"g": worked_game()}))
    assert result.exit_code == 0, result.stdout
    assert "1 game, 3 deals checked: no errors." in result.stdout


def test_check_writes_nothing(notebook: Make) -> None:
    path = notebook(two_games())
    before = path.read_bytes()
    remi("check", path)
    assert path.read_bytes() == before


def test_check_json(notebook: Make) -> None:
    code, document = remi_json("check", notebook(two_games()))
    assert code == 1
    first, second = document["games"]
    assert first["sheet"] == "2026-11-29 #1"
    assert first["players"] == ["Anna", "Béla", "Csaba"]
    assert first["deals"][0] == {
        "deal": 1,
        "row": 2,
        "scores": {"Anna": -40, "Béla": 60, "Csaba": 200},
        "running": {"Anna": -40, "Béla": 60, "Csaba": 200},
        "winner": "Anna",
        "hand": True,
        "typed_scores": False,
    }
    assert first["totals"] == {"Anna": -30, "Béla": 100, "Csaba": 220}
    assert first["complete"] is False
    assert second["deals"] == [] and second["errors"] == 1
    assert document["problems"] == [
        {
            "file": None,  # the notebook read: the only one
            "sheet": "2026-11-29 #2",
            "cell": "C2",
            "line": None,
            "severity": "error",
            "code": "entry_unknown",
            "message": "Béla has 'Z' in deal 1, which is not an entry. Type H (hand), W (win), "
            "X (not laid down), card points (33) or cards (K 7 3).",
        }
    ]


def test_check_json_knows_no_running_totals_past_a_deal_not_scored(notebook: Make) -> None:
    game = [["Deal", "Anna", "Béla", "Csaba"], [1, "H", "27", "X"], [2, "W", "W", 5]]
    game += [[3, 12, "W", "K 9 Jo"], [4], [5], [6], [7]]
    _, document = remi_json("check", notebook({"g": game}))
    first, third = document["games"][0]["deals"]
    assert first["running"] == first["scores"] == {"Anna": -40, "Béla": 60, "Csaba": 200}
    assert third["deal"] == 3 and third["scores"] == {"Anna": 10, "Béla": -20, "Csaba": 40}
    assert third["running"] is None  # not deal 1 + deal 3: deal 2 counts, unknown


def test_check_json_knows_no_running_totals_from_a_deal_with_an_error_on_its_row(
    notebook: Make,
) -> None:
    # Deal 2's number typed wrong: scored, but an error the live sheet shows as such.
    game = [["Deal", "Anna", "Béla"], [1, "W", 10], ["2.5", 20, "W"], [3, "W", 30]]
    _, document = remi_json("check", notebook({"g": game}))
    first, second, third = document["games"][0]["deals"]
    assert first["running"] == {"Anna": -20, "Béla": 10}
    assert second["running"] is None and third["running"] is None


def test_every_deal_past_the_games_length_is_told(notebook: Make) -> None:
    game = [["Deal", "Anna", "Béla"], *[[n, "W", 10] for n in range(1, 6)]]
    code, document = remi_json("check", notebook({"g": game}), "-r", "deals_per_game=3")
    assert code == 1 and document["games"][0]["played"] == 5
    told = [(p["cell"], p["code"]) for p in document["problems"]]
    assert told == [("A5", "too_many_deals"), ("A6", "too_many_deals")]


def test_lang_option_switches_messages(notebook: Make) -> None:
    result = remi("check", notebook(two_games()), "--lang", "hu")
    assert "Béla cellájában az 1. leosztásban 'Z' áll, ez nem értelmezhető." in result.stdout
    assert "2 játszma, 4 leosztás ellenőrizve: 1 hiba" in result.stdout


def test_score_writes_the_area_and_standings(notebook: Make, tmp_path: Path) -> None:
    path = notebook(two_games())
    out = tmp_path / "out.xlsx"
    before = path.read_bytes()
    result = remi("score", path, "--output", out)
    assert result.exit_code == 1  # the second game has an error
    assert path.read_bytes() == before
    book = openpyxl.load_workbook(out)
    game = book["2026-11-29 #1"]
    # Typed columns A–D, one empty column, then remi's area from F.
    assert game["E1"].value is None
    assert game["F1"].value == "remi ▸ scores"
    assert [game.cell(1, c).value for c in range(7, 13)] == ["Anna", "Σ", "Béla", "Σ", "Csaba", "Σ"]
    assert [game.cell(2, c).value for c in range(6, 13)] == [1, -40, -40, 60, 60, 200, 200]
    assert [game.cell(4, c).value for c in range(6, 13)] == [3, 0, -30, 60, 100, -20, 220]
    assert game["F9"].value == "Total"
    assert [game.cell(9, c).value for c in (7, 9, 11)] == [-30, 100, 220]
    assert [game.cell(10, c).value for c in (7, 9, 11)] == [1, 2, 3]
    assert game["G2"].font.b  # a hand is marked in bold, not by colour alone
    broken = book["2026-11-29 #2"]
    assert broken["F2"].value == "Not scored: 1 error, see remi check"
    assert broken["G2"].value is None
    standings = book["Standings"]
    rows = [[c.value for c in row] for row in standings.iter_rows(min_row=3, max_row=6)]
    assert rows[0][:7] == ["Rank", "Player", "Games", "Complete", "Wins", "Deals", "Total"]
    assert rows[1][:7] == [1, "Anna", 1, 0, 0, 3, -30]
    assert standings["A8"].value.startswith("Order: most wins, then the lowest average")
    # Which games it counts, as remi score read them (it holds values)
    assert standings["A2"].value.startswith("1 game counted, 0 of them complete, up to the")
    # The places and the rating said under it (A9–A12), then the games unfinished and
    # those not counted.
    assert standings["A14"].value.startswith("Not finished")
    assert standings["A15"].value == "2026-11-29 #1"
    assert standings["A17"].value == "Not counted (errors)"
    assert standings["A18"].value == "2026-11-29 #2"


def test_score_never_changes_a_typed_cell(notebook: Make, tmp_path: Path) -> None:
    path = notebook(two_games(), rules={"opening_minimum": 51})
    typed = typed_cells(path)
    remi("score", path)
    assert typed_cells(path) == typed


def test_second_score_changes_nothing(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    assert remi("score", path).exit_code == 0
    first = path.read_bytes()
    stamp = path.stat().st_mtime_ns
    result = remi("score", path)
    assert result.exit_code == 0
    assert "Nothing to change" in result.stdout
    assert path.read_bytes() == first and path.stat().st_mtime_ns == stamp


@pytest.mark.parametrize(
    ("header", "told"),
    [(None, "game_header_lost"), ("Lesotás", "sheet_unknown_header")],  # told once, not twice
)
def test_a_scored_game_whose_header_is_gone_is_told_not_dropped_silently(
    notebook: Make, header: str | None, told: str
) -> None:
    second = [["Deal", "Anna", "Béla", "Dénes"], [1, "W", 10, 30]]
    path = notebook({"2026-11-29 #1": worked_game(), "2026-11-29 #2": second})
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    typed = book["2026-11-29 #1"]["A1"].value
    book["2026-11-29 #1"]["A1"] = header  # cleared, or mistyped
    book.save(path)
    for command in ("check", "score"):
        code, document = remi_json(command, path)
        assert code == 0
        assert [game["sheet"] for game in document["games"]] == ["2026-11-29 #2"]
        lost = [(p["sheet"], p["code"], p["severity"]) for p in document["problems"]]
        assert lost == [("2026-11-29 #1", told, "warning")]
    book = openpyxl.load_workbook(path)
    book["2026-11-29 #1"]["A1"] = typed
    book.save(path)
    code, document = remi_json("check", path)
    assert code == 0 and document["problems"] == []
    assert [game["sheet"] for game in document["games"]] == ["2026-11-29 #1", "2026-11-29 #2"]


def test_score_updates_after_a_new_deal(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    remi("score", path)
    book = openpyxl.load_workbook(path)
    book["g"]["A5"] = 4
    book["g"]["B5"], book["g"]["C5"], book["g"]["D5"] = "W", 10, 20
    book.save(path)
    remi("score", path)
    game = openpyxl.load_workbook(path)["g"]
    assert [game.cell(5, c).value for c in range(6, 13)] == [4, -20, -50, 10, 110, 20, 240]
    assert [game.cell(9, c).value for c in (7, 9, 11)] == [-50, 110, 240]


def test_fixing_an_error_replaces_the_not_scored_note(notebook: Make) -> None:
    path = notebook({"g": [["Deal", "A", "B"], [1, "W", "Z"]]})
    remi("score", path)
    assert openpyxl.load_workbook(path)["g"]["E2"].value.startswith("Not scored")
    book = openpyxl.load_workbook(path)
    book["g"]["C2"] = 12
    book.save(path)
    assert remi("score", path).exit_code == 0
    game = openpyxl.load_workbook(path)["g"]
    assert [game.cell(2, c).value for c in range(5, 10)] == [1, -20, -20, 10, 10]


def test_score_then_check_gives_the_same_numbers(notebook: Make, tmp_path: Path) -> None:
    path = notebook(two_games())
    out = tmp_path / "scored.xlsx"
    _, before = remi_json("check", path)
    remi("score", path, "-o", out)
    _, after = remi_json("check", out)
    assert after["games"] == before["games"]
    assert after["problems"] == before["problems"]


def test_typing_into_remis_area_is_reported_not_overwritten(notebook: Make) -> None:
    path = notebook({"g": worked_game()})
    remi("score", path)
    book = openpyxl.load_workbook(path)
    book["g"]["H3"] = "my note"
    book["g"]["H3"].style = "Normal"
    book.save(path)
    result = remi("score", path)
    assert result.exit_code == 1
    assert "g!H3" in result.stdout and "my note" in result.stdout
    assert openpyxl.load_workbook(path)["g"]["H3"].value == "my note"


def test_notes_beside_the_table_push_the_area_right(notebook: Make) -> None:
    rows = worked_game()
    rows[0] += [None, "Megjegyzés"]
    rows[1] += [None, "Anna hand-elt!"]
    path = notebook({"g": rows})
    remi("score", path)
    game = openpyxl.load_workbook(path)["g"]
    assert game["F2"].value == "Anna hand-elt!"
    assert game["H1"].value == "remi ▸ scores"


def test_a_persons_standings_sheet_is_not_overwritten(notebook: Make) -> None:
    path = notebook({"g": worked_game(), "Standings": [["My own table"]]})
    result = remi("score", path)
    assert result.exit_code == 1
    assert "Standings!A1" in result.stdout
    assert openpyxl.load_workbook(path)["Standings"]["A1"].value == "My own table"


def test_check_says_first_that_score_would_leave_a_persons_standings_sheet_alone(
    notebook: Make,
) -> None:
    path = notebook({"g": worked_game(), "Standings": [["My own table"]]})
    check = remi("check", path)
    line = "error: Standings!A1: A sheet called 'Standings' exists but was not written by remi"
    assert check.exit_code == 1
    assert line in check.stdout
    assert line in remi("score", path).stdout
    blank = notebook({"g": worked_game(), "Standings": [[" "]]}, name="blank.xlsx")
    assert remi("check", blank).exit_code == remi("score", blank).exit_code == 1
    # An empty sheet of that name is no one's table: score writes the standings there.
    empty = notebook({"g": worked_game(), "Standings": [[]]})
    assert "Standings!A1" not in remi("check", empty).stdout
    assert remi("score", empty).exit_code == 0


def test_hungarian_notebook_gets_hungarian_area(notebook: Make) -> None:
    rows = worked_game()
    rows[0][0] = "Leosztás"
    path = notebook({"g": rows})
    remi("score", path)
    book = openpyxl.load_workbook(path)
    assert book["g"]["F1"].value == "remi ▸ pontok"
    assert book["g"]["F9"].value == "Összesen"
    assert "Összesítő" in book.sheetnames


def test_names_that_look_like_formulas_are_written_as_text(notebook: Make) -> None:
    rows = [["Deal", "=1+1", "+cmd|' /C calc'!A0"], [1, "W", 10]]
    path = notebook({"g": rows})
    remi("score", path)
    standings = openpyxl.load_workbook(path)["Standings"]
    names = {standings["B4"].value, standings["B5"].value}
    assert names == {"=1+1", "+cmd|' /C calc'!A0"}
    assert {standings["B4"].data_type, standings["B5"].data_type} == {"s"}


def test_wrong_house_rules_write_nothing(notebook: Make) -> None:
    path = notebook({"g": worked_game()}, rules={"jokers": 99})
    before = path.read_bytes()
    result = remi("score", path)
    assert result.exit_code == 1
    assert "Rules!B2" in result.stdout
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "missing.xlsx", "File not found"),
        (lambda d: d, "is a folder, not a workbook"),
        (lambda d: _write(d / "empty.xlsx", b""), "the file is empty"),
        (lambda d: _write(d / "text.xlsx", b"Deal;Anna\n1;W\n"), "not a zip-based Office file"),
        (
            lambda d: _write(d / "card.pdf", b"%PDF-1.7\n%\xb5\xed\xae\xfb\n" + bytes(range(256))),
            "is not an Excel workbook (.xlsx): it is a PDF (remi report prints one from the "
            "notebook)",
        ),
        (
            lambda d: _write(d / "old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600),
            "old Excel 97",
        ),
        (
            lambda d: _write(
                d / "locked.xlsx",
                b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
                + b"\0" * 600
                + "EncryptionInfo".encode("utf-16-le"),
            ),
            "protected by a password",
        ),
        (lambda d: _write(d / "cut.xlsx", b"PK\x03\x04" + b"\0" * 40), "zip archive is damaged"),
        (
            lambda d: _zip(
                d / "calc.ods", {"mimetype": "application/vnd.oasis.opendocument.spreadsheet"}
            ),
            "OpenDocument",
        ),
        (
            lambda d: _zip(d / "doc.xlsx", {"word/document.xml": "<w/>"}),
            "no workbook part (xl/workbook.xml)",
        ),
        (
            lambda d: _write(d / "papir.csv", b"Game;Deal;A;B\nG1;1;W;5\n"),
            "is a text (CSV) file, not a workbook: to bring the games in it into a notebook, "
            "run remi import",
        ),
    ],
)
@pytest.mark.parametrize("command", ["check", "score"])
def test_bad_files_are_one_clear_line(
    tmp_path: Path, make: Callable[[Path], Path], message: str, command: str
) -> None:
    result = remi(command, make(tmp_path))
    assert result.exit_code == 1
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_broken_sheet_inside_a_good_zip_is_one_clear_line(notebook: Make, tmp_path: Path) -> None:
    import zipfile

    good = notebook({"g": worked_game()})
    bad = tmp_path / "bad.xlsx"
    with zipfile.ZipFile(good) as source, zipfile.ZipFile(bad, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename.startswith("xl/worksheets/"):
                data = data[: len(data) // 2]
            target.writestr(item, data)
    result = remi("check", bad)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "error: g: The sheet cannot be read" in result.stdout


def test_unreadable_file(notebook: Make, monkeypatch: pytest.MonkeyPatch) -> None:
    path = notebook({"g": worked_game()})
    path.chmod(0)
    if os.geteuid() == 0:
        # Root reads every file; make the refusal happen the way an ordinary user meets it.
        def refuse(self: Path, *args: Any, **kwargs: Any) -> Any:
            raise PermissionError(13, "Permission denied", str(self))

        monkeypatch.setattr(Path, "open", refuse)
    result = remi("check", path)
    assert result.exit_code == 1 and "permission denied" in result.stderr


def test_no_path_is_refused_by_click_for_being_unreadable() -> None:
    """click's own check says "Path 'x' is not readable" in English, exit 2, with no --json:
    remi says it of the file itself, exit 1 (above). A user reads what root always can."""
    import typer

    from remi_sheet.cli import app as cli
    from remi_sheet.cli.app import _COMMANDS

    group = typer.main.get_command(cli.app)
    paths = [
        parameter
        for name in _COMMANDS
        for parameter in group.get_command(None, name).params  # type: ignore[attr-defined]
        if hasattr(parameter.type, "readable")
    ]
    assert len(paths) >= 10  # the notebooks, records, outputs and the template folder
    assert not [parameter.name for parameter in paths if parameter.type.readable]


def test_remis_locks_are_in_a_folder_of_the_users_own(tmp_path: Path) -> None:
    from remi_sheet.reading.files import lock_path

    folder = lock_path(tmp_path / "k.xlsx").parent
    assert folder.name == f"remi-sheet-locks-{os.getuid()}"
    assert folder.stat().st_mode & 0o077 == 0  # no one else may make or take a lock there


def test_json_on_a_bad_file(tmp_path: Path) -> None:
    code, document = remi_json("check", tmp_path / "nope.xlsx")
    assert code == 1
    assert document["problems"][0]["code"] == "file_missing"


@pytest.mark.parametrize(
    "args",
    [
        ["check"],
        ["check", "x.xlsx", "--bogus"],
        ["check", "x.xlsx", "--rule", "nonsense"],
        ["check", "x.xlsx", "--rule", "jokers=99"],
        ["check", "x.xlsx", "--lang", "de"],
        ["frobnicate"],
    ],
)
def test_command_line_mistakes_exit_2(args: list[str]) -> None:
    result = remi(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_rule_option_overrides(notebook: Make) -> None:
    path = notebook({"g": [["Deal", "A", "B"], [1, "H", 33]]})
    _, document = remi_json("check", path, "--rule", "round_before_doubling=no")
    assert document["games"][0]["totals"] == {"A": -40, "B": 70}
    assert document["house_rules"] == {"round_before_doubling": False}


def test_help_lists_the_commands_with_examples() -> None:
    result = remi("--help")
    assert result.exit_code == 0
    for command in ("check", "score"):
        assert command in result.stdout
        assert "Example:" in remi(command, "--help").stdout


def test_help_builds_no_command_and_check_builds_only_itself() -> None:
    probe = (
        "import sys\n"
        "from remi_sheet.cli import app as cli\n"
        "built = []\n"
        "function = cli.command_function\n"
        "cli.command_function = lambda name: built.append(name) or function(name)\n"
        "sys.argv = ['remi', *sys.argv[1:]]\n"
        "try:\n"
        "    cli.main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "names = ('report', 'meld', 'import_records', 'stats')\n"
        "commands = {'remi_sheet.cli.' + n for n in names}\n"
        "print(built, sorted(m for m in sys.modules if m in commands), file=sys.stderr)\n"
    )

    def built(*args: str) -> str:
        return fresh_python(probe, *args).stderr.strip().splitlines()[-1]

    assert built("--help") == "[] []"
    assert built("check", "--help") == "['check'] []"
    assert built("stats", "--help") == "['stats'] ['remi_sheet.cli.stats']"


@pytest.mark.parametrize(
    ("typed", "meant"), [("chek", "check"), ("stat", "stats"), ("reprt", "report")]
)
def test_a_mistyped_command_gets_a_suggestion(typed: str, meant: str) -> None:
    result = remi(typed)
    assert result.exit_code == 2
    assert f"Did you mean '{meant}'?" in result.output


@pytest.mark.parametrize("command", ["check", "report", "meld", "import", "stats"])
def test_command_help_offers_no_shell_completion(command: str) -> None:
    result = remi(command, "--help")
    assert result.exit_code == 0
    assert "Usage: remi " + command in result.stdout
    assert "completion" not in result.stdout


def test_installed_remi_runs_as_a_subprocess(notebook: Make, tmp_path: Path) -> None:
    executable = shutil.which("remi", path=str(Path(sys.executable).parent))
    assert executable, "remi is not installed in this environment"
    path = notebook({"g": worked_game()})
    out = tmp_path / "out.xlsx"
    done = subprocess.run(
        [executable, "score", str(path), "-o", str(out), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"][0]["totals"] == {"Anna": -30, "Béla": 100, "Csaba": 220}
    missing = subprocess.run(
        [executable, "check", str(tmp_path / "nope.xlsx")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert missing.returncode == 1
    assert missing.stderr.startswith("error: File not found")
    usage = subprocess.run([executable, "check"], capture_output=True, text=True, check=False)
    assert usage.returncode == 2


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _zip(path: Path, members: dict[str, str]) -> Path:
    import zipfile

    with zipfile.ZipFile(path, "w") as archive:
        for name, text in members.items():
            archive.writestr(name, text)
    return path


def test_formulas_keep_their_saved_results_through_score(tmp_path: Path) -> None:
    import xlsxwriter

    path = tmp_path / "formulas.xlsx"
    book = xlsxwriter.Workbook(path)
    sheet = book.add_worksheet("g")
    sheet.write_row(0, 0, ["Deal", "Anna", "Béla"])
    sheet.write_row(1, 0, [1, "W"])
    sheet.write_formula(1, 2, "=20+13", None, 33)
    sheet.write_formula(2, 0, '="2"', None, "2")
    sheet.write_formula(2, 1, '=IF(TRUE,"H","W")', None, "H")
    sheet.write_formula(2, 2, "=10+10", None, 20)
    notes = book.add_worksheet("Notes")
    notes.write_formula(0, 0, "=1=1", None, True)
    book.close()
    _, before = remi_json("check", path)
    assert remi("score", path).exit_code == 0
    _, after = remi_json("check", path)
    assert after["problems"] == [] and after["games"] == before["games"]
    assert after["games"][0]["totals"] == {"Anna": -60, "Béla": 70}
    assert openpyxl.load_workbook(path)["g"]["C2"].value == "=20+13"
    values = openpyxl.load_workbook(path, data_only=True)
    assert values["g"]["C2"].value == 33 and values["g"]["B3"].value == "H"
    assert values["Notes"]["A1"].value is True


def test_a_reader_that_goes_away_is_not_the_workbooks_fault(notebook: Make) -> None:
    executable = shutil.which("remi", path=str(Path(sys.executable).parent))
    assert executable, "remi is not installed in this environment"
    path = notebook({"g": worked_game()})
    with subprocess.Popen(
        [executable, "check", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # like `remi check … | head -0`
        error = process.stderr.read().decode()
        code = process.wait()
    assert code == 1
    assert "Excel" not in error
    assert "Traceback" not in error


@pytest.mark.parametrize("closed", [1, 2])
def test_remi_runs_with_standard_output_or_error_closed(closed: int) -> None:
    """As from cron or with `>&-`: Python starts with that stream None."""
    executable = shutil.which("remi", path=str(Path(sys.executable).parent))
    assert executable, "remi is not installed in this environment"
    done = subprocess.run(
        [executable, "--help"],
        stdout=subprocess.DEVNULL if closed == 2 else None,
        stderr=subprocess.PIPE if closed == 1 else subprocess.DEVNULL,
        preexec_fn=lambda: os.close(closed),
        check=False,
    )
    assert done.returncode == 0
    assert b"Traceback" not in (done.stderr or b"")


def test_version_and_short_help_are_conventional() -> None:
    from remi_sheet import __version__

    version = remi("--version")
    assert version.exit_code == 0 and version.stdout.strip() == f"remi-sheet {__version__}"
    for args in (["-h"], ["check", "-h"], ["report", "-h"]):
        short = remi(*args)
        assert short.exit_code == 0 and "Usage: remi" in short.stdout
    assert "--install-completion" in remi("--help").stdout


def test_a_part_of_remi_that_will_not_load_is_not_blamed_on_the_notebook(
    notebook: Make, monkeypatch: pytest.MonkeyPatch
) -> None:
    from remi_sheet.cli import commands

    def broken(*_: object, **__: object) -> int:
        raise ImportError("cannot import name 'listed' from 'remi_sheet.i18n'")

    monkeypatch.setattr(commands, "run_check", broken)
    result = remi("check", notebook({"g": worked_game()}))
    assert result.exit_code == 1
    assert "remi could not load a part of itself" in result.stderr
    assert "not an Excel workbook" not in result.stderr


def test_score_output_naming_the_notebook_itself_is_refused_with_the_way_to_do_it(
    notebook: Make, tmp_path: Path
) -> None:
    path = notebook({"g": worked_game()})
    link = tmp_path / "link.xlsx"
    link.symlink_to(path)
    before = path.read_bytes()
    for output in (path, link, tmp_path / "." / path.name):
        result = remi("score", path, "-o", output)
        assert result.exit_code == 2
        assert "is the notebook itself (the same file): leave out --output" in result.output
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.bak"))


def test_score_output_holding_another_notebook_is_refused_and_left_as_it_was(
    notebook: Make, tmp_path: Path
) -> None:
    path = notebook({"g": worked_game()})
    other = build_notebook(tmp_path / "masik.xlsx", {"Kedd": worked_game()})
    before = other.read_bytes()
    result = remi("score", path, "-o", other, "--no-backup", "--lang", "en")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        f"error: {other} already holds another notebook (notebook.xlsx has no sheet Kedd): "
        "remi does not write over it. Name another file, or move that one away first."
    )
    assert other.read_bytes() == before and not list(tmp_path.glob("*.bak"))
    # What score wrote there before (the notebook's sheets and remi's own) is written again.
    scored = tmp_path / "pontozva.xlsx"
    assert remi("score", path, "-o", scored).exit_code == 0
    book = openpyxl.load_workbook(path)
    book["g"]["B5"], book["g"]["C5"], book["g"]["D5"] = "W", 10, 20  # deal 4, typed since
    book.save(path)
    assert remi("score", path, "-o", scored).exit_code == 0


def test_a_renamed_standings_sheet_is_remis_still(notebook: Make) -> None:
    # Its rating chart is remi's to rebuild, not a person's chart that a save would lose:
    # every score was refused, and --force made a second standings sheet beside it.
    path = notebook({"G1": worked_game(), "G2": worked_game()})
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    book["Standings"].title = "Table"
    book.save(path)
    assert remi("score", path).exit_code == 0
    assert openpyxl.load_workbook(path).sheetnames.count("Standings") == 0
    again = remi("score", path, "--lang", "en")
    assert again.exit_code == 0 and "Nothing to change" in again.stdout
    # Deleted then, it is made anew under its own name, before remi's hidden record.
    book = openpyxl.load_workbook(path)
    del book["Table"]
    book.save(path)
    assert remi("score", path).exit_code == 0
    assert openpyxl.load_workbook(path).sheetnames == ["G1", "G2", "Standings", "_remi_state"]
    # The sheet the notebook opens at stays the one it was.
    book = openpyxl.load_workbook(path)
    del book["Standings"]
    book.move_sheet("_remi_state", offset=-1)
    book.active = book["G2"]
    book.save(path)
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["G1", "Standings", "_remi_state", "G2"]
    assert book.active.title == "G2"


def _scored_and_duplicated(notebook: Make, note: str | None = None) -> Path:
    """A notebook of one game, scored, its sheet then duplicated as Excel does ("G1 (2)"),
    with `note` typed over G3 of the copy's area."""
    path = notebook({"G1": worked_game()})
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    copy = book.copy_worksheet(book["G1"])
    copy.title = "G1 (2)"
    if note is not None:
        copy["G3"] = note
    book.save(path)
    return path


def test_a_game_sheet_duplicated_after_a_score_is_scored_and_told_as_a_copy(
    notebook: Make,
) -> None:
    # Duplicated in Excel with remi's area on it: the area is remi's (the copy takes the
    # record of the sheet it was copied from), not typing in remi's cells; the game it
    # holds twice is said.
    path = _scored_and_duplicated(notebook)
    code, document = remi_json("score", path)
    assert code == 0, document["problems"]
    said = [(p["sheet"], p["code"], p["severity"]) for p in document["problems"]]
    assert said == [("G1 (2)", "game_copy", "warning")]
    assert document["left_alone"] == []


def test_a_duplicated_sheet_of_the_clubs_usual_players_is_adopted(tmp_path: Path) -> None:
    # Three games of the same three: their records are alike in every value a live area
    # holds (names, labels, deal numbers). Any of them is the copy's.
    path = tmp_path / "k.xlsx"
    names = ["-p", "Anna", "-p", "Béla", "-p", "Csaba"]
    assert remi("new", path, "--games", "3", *names, "--lang", "hu").exit_code == 0
    book = openpyxl.load_workbook(path)
    for points, sheet in zip((27, 37, 47), book.worksheets[:3], strict=False):
        sheet["B6"], sheet["C6"], sheet["D6"] = "H", points, "X"
    book.save(path)
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    book.copy_worksheet(book["Játszma 3"]).title = "Játszma 4"
    book.save(path)
    code, document = remi_json("check", path)
    # the copy counts twice, and the live Standings leave it out until a score links it
    found = [p["code"] for p in document["problems"]]
    assert found == ["game_copy", "live_game_unlinked"], document["problems"]
    assert code == 0
    assert remi("score", path).exit_code == 0
    _, document = remi_json("check", path)
    assert [p["code"] for p in document["problems"]] == ["game_copy"]


def test_last_weeks_sheet_copied_with_one_player_sitting_in_is_adopted(tmp_path: Path) -> None:
    # The club's live sheet copied for the next game, Raj typed in for Csaba before remi
    # scored it: the copied area is remi's, and is scored in place, where it stood.
    path = tmp_path / "k.xlsx"
    names = ["-p", "Anna", "-p", "Béla", "-p", "Csaba"]
    assert remi("new", path, *names, "--lang", "en").exit_code == 0
    book = openpyxl.load_workbook(path)
    sheet = book.worksheets[0]
    sheet["B6"], sheet["C6"], sheet["D6"] = "H", 27, "X"
    book.save(path)
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    copy = book.copy_worksheet(book.worksheets[0])
    copy.title = "Next week"
    copy["D5"], copy["B6"], copy["C6"], copy["D6"] = "Raj", 30, "W", 12
    area = next(cell.column for cell in copy[5] if cell.value == "remi ▸ scores")
    book.save(path)
    code, document = remi_json("score", path)
    assert code == 0, document["problems"]
    assert document["left_alone"] == []
    scored = openpyxl.load_workbook(path)["Next week"]
    assert scored.cell(5, area).value == "remi ▸ scores"
    assert [cell.column for cell in scored[5] if cell.value == "remi ▸ scores"] == [area]


def test_a_duplicated_sheet_keeps_what_a_person_typed_over_its_copied_area(
    notebook: Make,
) -> None:
    # The copy takes the record of the sheet it was copied from: a note typed over a cell
    # of the copied area (it keeps remi's style) is a person's, reported, never overwritten.
    path = _scored_and_duplicated(notebook, note="Anna arrived late")
    code, document = remi_json("score", path)
    assert code == 1
    assert [(p["sheet"], p["cell"]) for p in document["problems"] if p["severity"] == "error"] == [
        ("G1 (2)", "G3")
    ]
    assert openpyxl.load_workbook(path)["G1 (2)"]["G3"].value == "Anna arrived late"


def test_a_persons_own_sheet_in_remis_styles_is_not_taken_for_remis(notebook: Make) -> None:
    # Styles picked from the notebook's gallery make no cell remi's once remi keeps a record.
    path = notebook({"G1": worked_game()})
    assert remi("score", path).exit_code == 0
    book = openpyxl.load_workbook(path)
    sheet = book.create_sheet("Notes")
    sheet["A1"], sheet["A2"] = "Béla owes 500 Ft", "Anna brings cake"
    sheet["A1"].style = sheet["A2"].style = "remi heading"
    book.save(path)
    assert remi("score", path).exit_code == 0
    kept = openpyxl.load_workbook(path)["Notes"]
    assert (kept["A1"].value, kept["A2"].value) == ("Béla owes 500 Ft", "Anna brings cake")


def test_a_sheet_copied_from_another_notebook_is_one_line_and_left_alone(
    notebook: Make, tmp_path: Path
) -> None:
    # Its area is remi's in the other notebook's record, not in this one's. As it came,
    # it holds what remi writes there, and is scored; a cell of it changed since, and
    # whether a person typed there cannot be told. One line says what to clear.
    here = notebook({"G1": worked_game()})
    other_game = [["Deal", "Dóra", "Ede", "Feri"], [1, "W", 10, 20], [2, 30, "H", "X"]]
    there = build_notebook(tmp_path / "other.xlsx", {"Other": other_game})
    for path in (here, there):
        assert remi("score", path).exit_code == 0
    book, other = openpyxl.load_workbook(here), openpyxl.load_workbook(there)
    copied = book.create_sheet("Copied")
    for row in other["Other"].iter_rows():
        for cell in row:
            if cell.value is not None:
                copied.cell(cell.row, cell.column, cell.value).style = cell.style
    book.save(here)
    assert remi_json("check", here)[0] == 0  # just what remi would write: in no one's way
    copied["H2"], copied["J3"] = 999, "javítva"
    book.save(here)
    code, document = remi_json("score", here)
    assert code == 1
    errors = [p for p in document["problems"] if p["severity"] == "error"]
    assert [(p["sheet"], p["code"]) for p in errors] == [("Copied", "area_from_elsewhere")]
    assert document["left_alone"] == ["Copied"]
    # To an --output file: written once; run again, that file already holds it all.
    out = tmp_path / "out.xlsx"
    assert remi_json("score", here, "-o", out)[1]["outcome"] == "written"
    again = remi("score", here, "-o", out)
    assert again.exit_code == 1
    assert f"Nothing to change: {out} already holds these scores." in again.output
    assert "Nothing written" not in again.output


def test_a_live_sheet_copied_from_another_notebook_is_cleared_with_its_helpers(
    tmp_path: Path,
) -> None:
    # A live area brings its hidden helper columns: the columns to clear are all of them,
    # or the new area would be written past those left behind.
    here, there = tmp_path / "here.xlsx", tmp_path / "there.xlsx"
    for path, names in ((here, ["Anna", "Béla", "Csaba"]), (there, ["Dóra", "Ede", "Feri"])):
        assert remi("new", path, *(f"-p{name}" for name in names), "--lang", "en").exit_code == 0
        book = openpyxl.load_workbook(path)
        book.worksheets[0]["B6"], book.worksheets[0]["C6"] = "H", "X"
        book.worksheets[0]["D6"] = "X"
        book.save(path)
        assert remi("score", path).exit_code == 0
    book, other = openpyxl.load_workbook(here), openpyxl.load_workbook(there)
    copied = book.create_sheet("Copied")
    for row in other.worksheets[0].iter_rows():
        for cell in row:
            if cell.value is not None:
                copied.cell(cell.row, cell.column, cell.value).style = cell.style
    copied["K6"] = 999  # in the copied area: Dóra's running total
    book.save(here)
    result = remi("score", here)
    assert result.exit_code == 1
    assert "Clear columns I:CF of this sheet" in result.stdout, result.stdout


def test_hungarian_messages_write_cards_with_hungarian_letters(notebook: Make) -> None:
    game = [["Leosztás", "Anna", "Béla", "Csaba"], [1, "W", "D♦ D♦ D♦", "X"]]
    game += [[2, "W", "Á Á Á Á Á", "Á Á Á Á"], [3], [4], [5], [6], [7]]
    path = notebook({"g": game})
    hungarian = remi("check", path, "--lang", "hu").stdout
    assert "Béla kezében 3 × D♦ maradt az 1. leosztásban: 2 csomagban" in hungarian, hungarian
    assert "9 × Á van" in hungarian, hungarian
    english = remi("check", path, "--lang", "en").stdout
    assert "Béla has 3 × Q♦ left in hand in deal 1: 2 packs" in english, english
    assert "the As in" in english, english


def test_the_standings_order_sentence_reads_from_its_start(notebook: Make) -> None:
    # A sentence far wider than column A, centred there, lost its start off the left edge.
    path = notebook({"G1": worked_game()})
    assert remi("score", path, "--lang", "en").exit_code == 0
    sheet = openpyxl.load_workbook(path)["Standings"]
    (cell,) = [c for row in sheet.iter_rows() for c in row if str(c.value).startswith("Order:")]
    assert cell.style == "remi note" and cell.alignment.horizontal == "left"


@pytest.mark.parametrize(("lang", "said"), [("hu", "Megszakítva."), ("en", "Stopped.")])
def test_ctrl_c_is_one_line_in_the_language_asked_for(
    lang: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import typer

    from remi_sheet.cli import app

    def interrupted(**_: object) -> None:
        raise typer.Abort

    monkeypatch.setattr(app, "app", interrupted)
    monkeypatch.setattr(sys, "argv", ["remi", "check", "klub.xlsx", "--lang", lang])
    with pytest.raises(SystemExit) as stopped:
        app.main()
    assert stopped.value.code == 1
    assert capsys.readouterr().err == said + "\n"


def test_a_second_score_output_of_a_workbook_without_document_properties_changes_nothing(
    tmp_path: Path,
) -> None:
    """openpyxl gives a workbook that has no docProps/core.xml a time of making on every
    save: a second `--output` a second later rewrote the same scores."""
    import time
    import zipfile

    made = build_notebook(tmp_path / "made.xlsx", {"Game": worked_game()})
    bare = tmp_path / "bare.xlsx"
    with zipfile.ZipFile(made) as source, zipfile.ZipFile(bare, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "docProps/core.xml":
                continue
            if item.filename in ("_rels/.rels", "[Content_Types].xml"):
                data = data.replace(b"/docProps/core.xml", b"/docProps/none.xml")
            target.writestr(item, data)
    out = tmp_path / "out.xlsx"
    assert remi("score", bare, "-o", out).exit_code == 0
    written = out.read_bytes()
    time.sleep(1.1)  # the next save's own time is another second
    again = remi("score", bare, "-o", out)
    assert again.exit_code == 0, again.output
    assert "Nothing to change" in again.output
    assert out.read_bytes() == written
