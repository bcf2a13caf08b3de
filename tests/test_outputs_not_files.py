"""An output that is there and is no file (a pipe, a device, through a link or not) is
refused in one line before any work, by every command that writes: never waited on (a
pipe opened to look at it waits for a writer for ever), never replaced (a link to
/dev/null, renamed over as root, replaced the machine's /dev/null). Run as a user runs
remi: the installed command, in a child process with a time limit."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REMI = Path(sys.executable).with_name("remi")
SAMPLE = ROOT / "samples" / "klub.xlsx"
PAPERS = ROOT / "samples" / "papir.csv"


def commands(folder: Path, output: Path) -> dict[str, list[str]]:
    notebook = folder / "klub.xlsx"
    shutil.copy(SAMPLE, notebook)
    return {
        "score -o": ["score", str(notebook), "-o", str(output)],
        "report -o": ["report", str(notebook), "-o", str(output)],
        "report --html": ["report", str(notebook), "--html", str(output)],
        "import --into": ["import", str(PAPERS), "--into", str(output)],
        "new --force": ["new", str(output), "-p", "Anna", "-p", "Béla", "--force"],
        "stats -o": ["stats", str(notebook), "-o", str(output)],
    }


SUFFIX = {
    "score -o": ".xlsx",
    "report -o": ".pdf",
    "report --html": ".html",
    "import --into": ".xlsx",
    "new --force": ".xlsx",
    "stats -o": ".pdf",
}


@pytest.mark.parametrize("command", list(SUFFIX))
@pytest.mark.parametrize("kind", ["pipe", "link to a device"])
def test_an_output_that_is_no_file_is_refused_in_one_line_and_left_as_it_is(
    tmp_path: Path, command: str, kind: str
) -> None:
    output = tmp_path / f"out{SUFFIX[command]}"
    if kind == "pipe":
        os.mkfifo(output)
    else:
        output.symlink_to(os.devnull)
    args = commands(tmp_path, output)[command]
    done = subprocess.run(
        [str(REMI), *args, "--lang", "en"], check=False, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1, (done.stdout, done.stderr)
    said = (done.stdout + done.stderr).strip().splitlines()
    assert len(said) == 1 and "not a file but a pipe, a device or a socket" in said[0], said
    assert "Traceback" not in done.stderr
    if kind == "pipe":
        assert stat.S_ISFIFO(output.lstat().st_mode)
    else:
        assert output.is_symlink() and os.readlink(output) == os.devnull
        assert stat.S_ISCHR(Path(os.devnull).stat().st_mode)
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(".out")]


def test_a_device_named_as_the_output_is_never_replaced(tmp_path: Path) -> None:
    from remi_sheet.core.problems import RemiError
    from remi_sheet.reading.files import replace_atomically

    link = tmp_path / "nul.xlsx"
    link.symlink_to(os.devnull)
    with pytest.raises(RemiError) as refused:
        replace_atomically(link, lambda temporary: temporary.write_bytes(b"PK\x03\x04"))
    assert refused.value.problem.code == "output_not_regular"
    assert stat.S_ISCHR(Path(os.devnull).stat().st_mode)
