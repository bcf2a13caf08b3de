"""The bad-input corpus: every file in `tests/corpus/` gets exactly the problems listed for it
in `expected.json`, from the library and from `remi check`, and never a traceback.

The corpus is made by `tests/corpus/make_corpus.py`; the last test proves that the committed
files are what that script makes, so the expectations cannot drift from their script.
"""

from __future__ import annotations

import json
import resource
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from remi_sheet.cli.app import app
from remi_sheet.core.problems import RemiError
from remi_sheet.notebook.loading import load_notebook
from remi_sheet.reading import files

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
CASES: list[dict[str, Any]] = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
MEMORY = 1_500_000_000  # bytes: a child that needs more has a bug
Found = list[tuple[str | None, str | None, str]]
# A reader may refuse a damaged file with its own error (calamine's XmlError, zipfile's
# BadZipFile); these are bugs wherever they come from.
PYTHON_BUGS = (
    ArithmeticError,
    AssertionError,
    AttributeError,
    LookupError,
    NameError,
    RecursionError,
    TypeError,
)

# The same steps as `remi check`, printed as JSON by a child process, for the files that may
# bring a process down (native aborts, memory blow-ups).
_CHILD = """
import json, sys
from pathlib import Path
from remi_sheet.reading import files
from remi_sheet.notebook.loading import load_notebook
path = Path(sys.argv[1])
problem = files.sniff(path)
problems = [problem] if problem else load_notebook(path).all_problems()
print(json.dumps([[p.sheet, p.cell, p.code] for p in problems]))
"""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _child(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limit_memory,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", **ENV},
        check=False,
    )


def expected(case: dict[str, Any]) -> Found:
    return [(p["sheet"], p["cell"], p["code"]) for p in case["problems"]]


def found_in_process(path: Path, case: dict[str, Any]) -> Found:
    """What the library reports, the way `remi check` asks it: `sniff`, then `load_notebook`.
    Only a `damaged` file may make a reader raise, and only with the reader's own error (the
    command line turns that into the file-level problem), never with a Python bug's."""
    problem = files.sniff(path)
    if problem is not None and problem.code == "file_ods":  # `check` reads one, as it is
        try:
            notebook = load_notebook(path)
        except RemiError as error:
            return [(error.problem.sheet, error.problem.cell, error.code)]
        return [(p.sheet, p.cell, p.code) for p in notebook.all_problems()]
    if problem is not None:
        return [(problem.sheet, problem.cell, problem.code)]
    try:
        notebook = load_notebook(path)
    except Exception as error:
        if case.get("damaged") and not isinstance(error, PYTHON_BUGS):
            return [(None, None, "file_not_xlsx")]
        raise
    return [(p.sheet, p.cell, p.code) for p in notebook.all_problems()]


def found_in_child(path: Path) -> Found:
    result = _child("-c", _CHILD, str(path))
    assert result.returncode == 0, result.stderr[-2000:]
    return [tuple(item) for item in json.loads(result.stdout)]  # type: ignore[misc]


def _param(case: dict[str, Any]) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if case.get("xfail") else []
    return pytest.param(case, id=case["file"], marks=marks)


def test_the_corpus_is_big_enough() -> None:
    """At least 60 bad files, and every problem code a notebook can produce among them."""
    assert len(CASES) >= 60
    codes = {problem["code"] for case in CASES for problem in case["problems"]}
    wanted = {
        *("entry_unknown", "entry_not_whole", "entry_boolean", "entry_date"),
        *("points_negative", "points_too_high", "cards_too_many", "cards_too_many_jokers"),
        *("cards_too_many_copies", "entry_missing", "row_mixed", "no_winner", "two_winners"),
        *("x_without_points", "score_bad_winner", "score_200_without_hand", "score_not_ten"),
        *("score_too_high", "score_after_hand", "score_impossible", "players_too_few"),
        *("players_too_many", "player_duplicate", "deal_number_wrong", "deal_after_gap"),
        *("too_many_deals", "formula_no_value", "formula_error", "total_mismatch"),
        *("rule_unknown", "rule_bad_choice", "rule_bad_bool", "rule_bad_number"),
        *("rule_out_of_range", "rule_wins_equal", "rule_low_ace", "no_games"),
        *("file_not_xlsx", "file_xls", "file_ods_damaged", "file_encrypted", "file_missing"),
        *("file_is_dir", "file_too_big", "file_zip_bomb", "sheet_too_big"),
    }
    assert wanted <= codes, sorted(wanted - codes)


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_corpus_case(case: dict[str, Any]) -> None:
    """The file gets exactly its listed problems, in order, from the library; `remi check`
    (plain and `--json`) exits with the listed code, reports the same problems and prints
    no traceback."""
    path = CORPUS / case["file"]
    assert path.exists() == (case["problems"][0]["code"] != "file_missing")
    if case.get("isolate"):
        assert found_in_child(path) == expected(case)
        result = _child("-m", "remi_sheet", "check", "--json", str(path))
        assert "Traceback" not in result.stdout + result.stderr
        assert result.returncode == case["exit"], result.stderr[-2000:]
        document = json.loads(result.stdout)
    else:
        assert found_in_process(path, case) == expected(case)
        runner = CliRunner()
        plain = runner.invoke(app, ["check", str(path)], env=ENV)
        assert "Traceback" not in plain.output
        assert plain.exit_code == case["exit"], plain.output
        result = runner.invoke(app, ["check", "--json", str(path)], env=ENV)
        assert result.exit_code == case["exit"], result.output
        document = json.loads(result.stdout)
    reported = [(p["sheet"], p["cell"], p["code"]) for p in document["problems"]]
    assert reported == expected(case)


def test_the_corpus_is_what_its_script_makes(tmp_path: Path) -> None:
    """Regenerating the corpus gives the same expectations and byte-identical files."""
    script = runpy.run_path(str(CORPUS / "make_corpus.py"))
    made = script["main"](tmp_path)
    assert made == CASES
    assert (tmp_path / "expected.json").read_bytes() == (CORPUS / "expected.json").read_bytes()
    for case in CASES:
        fresh, committed = tmp_path / case["file"], CORPUS / case["file"]
        if fresh.is_file():
            assert fresh.read_bytes() == committed.read_bytes(), case["file"]
        else:
            assert fresh.is_dir() == committed.is_dir(), case["file"]
    extra = {p.name for p in CORPUS.iterdir()} - {p.name for p in tmp_path.iterdir()}
    assert extra <= {"make_corpus.py", "__pycache__"}, sorted(extra)
