"""A command reads the notebook once: the bytes read, sniffed and checked once are what
every later stage reads (the sheets' values, openpyxl's loading for writing, what the save
compares), so that a file saved meanwhile is never half read, and a big notebook is not
read ten times. Counted with an audit hook in a real `remi` process."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"

# Runs `remi ARGS…` in this very process, counting every open of the notebook's file for
# reading (the audit event "open" with a mode that reads), and prints the count last.
COUNTING = """
import json, os, sys
target = os.path.realpath(sys.argv[1])
opened = []
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        mode = args[1] or "r"
        if os.path.realpath(os.fsdecode(args[0])) == target and ("r" in mode or "+" in mode):
            opened.append(mode)
sys.addaudithook(hook)
from remi_sheet.cli.app import main
sys.argv = ["remi", *sys.argv[2:]]
try:
    main()
except SystemExit as ended:
    code = ended.code
print(json.dumps({"opens": len(opened), "code": code}))
"""


def _opens(notebook: Path, *args: str) -> tuple[int, int]:
    done = subprocess.run(
        [str(PYTHON), "-c", COUNTING, str(notebook), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "REMI_LOCK_SECONDS": "5"},
    )
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    counted = json.loads(done.stdout.strip().splitlines()[-1])
    return counted["opens"], counted["code"]


@pytest.mark.parametrize(
    ("command", "most"),
    [
        # the read, and the backup copy of the file before it is replaced
        (["score", "{notebook}"], 2),
        (["score", "{notebook}", "--output", "{folder}/out.xlsx"], 1),
        (["check", "{notebook}"], 1),
        # and a look at its sheets' names, for the language of what is said before it is
        # read (the command line's own mistakes)
        (["report", "{notebook}", "--html", "{folder}/klub.html"], 2),
        (["stats", "{notebook}"], 2),
    ],
)
def test_a_command_reads_the_notebook_once(tmp_path: Path, command: list[str], most: int) -> None:
    notebook = tmp_path / "klub.xlsx"
    shutil.copy(ROOT / "samples" / "klub.xlsx", notebook)
    args = [part.format(notebook=notebook, folder=tmp_path) for part in command]
    opens, code = _opens(notebook, *args)
    assert code in (0, None), code
    assert 1 <= opens <= most, f"{command}: the notebook opened {opens} times"
    if command[0] == "score":
        written = tmp_path / ("out.xlsx" if "--output" in command else "klub.xlsx")
        done = subprocess.run(
            [str(ROOT / ".venv" / "bin" / "remi"), "check", str(written), "--json"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert json.loads(done.stdout)["games"], "the scored notebook reads back"
