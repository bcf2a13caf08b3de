"""What a write keeps safe when the world around it moves (issue 38, parts 5 and 7): an import
refuses a notebook saved meanwhile, two writers of one output take turns, remi's lock folder
is its user's own, a read-only notebook stays so even for root, a killed run's temporary file
goes at once, a full disk is one line, a person's own sheet named like remi's record is kept,
and a stored workbook is scored and read again."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.conftest import build_notebook, remi, remi_json, worked_game
from tests.test_import_into import COMPLETE, RECORDS
from tests.test_import_into import records as records_file

SAVED_MEANWHILE = "was saved by another program while remi worked"


def records(path: Path) -> Path:
    """Paper records of two good games, for the notebooks below (three deals a game)."""
    return records_file(path, RECORDS[:7])


def _other_save(tmp_path: Path) -> bytes:
    """What another program saves over the notebook while remi works: another workbook."""
    other = build_notebook(
        tmp_path / "other.xlsx", {"g": COMPLETE, "note": [["saved by Excel meanwhile"]]}
    )
    return other.read_bytes()


# --- A. `import --into` refuses a notebook another program saved while it worked


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_import_refuses_a_notebook_saved_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The save lands after remi's file was read back, just before the rename (as in
    `test_safety`'s score test): remi renames nothing over it, with or without a backup."""
    from remi_sheet.writing import saving

    notebook = build_notebook(tmp_path / "klub.xlsx", {"g": COMPLETE}, {"deals_per_game": 3})
    saved = _other_save(tmp_path)
    checking = saving._check_readback

    def then_saved_elsewhere(*args: Any) -> None:
        checking(*args)
        (tmp_path / "synced").write_bytes(saved)
        os.replace(tmp_path / "synced", notebook)  # a new file: its inode and time are others

    monkeypatch.setattr(saving, "_check_readback", then_saved_elsewhere)
    papers = records(tmp_path / "papir.csv")
    result = remi("import", papers, "--into", notebook, "--no-backup", "--lang", lang)
    assert result.exit_code == 1, result.output
    said = {
        "en": f"{notebook} {SAVED_MEANWHILE}: remi wrote nothing over it.",
        "hu": f"{notebook} fájlt egy másik program elmentette, amíg a remi dolgozott",
    }[lang]
    assert len([line for line in result.output.splitlines() if said in line]) == 1
    assert "Traceback" not in result.output
    assert notebook.read_bytes() == saved
    # With a backup asked for, an older backup stays as it was.
    notebook.write_bytes(build_notebook(tmp_path / "again.xlsx", {"g": COMPLETE}).read_bytes())
    backup = tmp_path / "klub.xlsx.bak"
    backup.write_bytes(b"last week's notebook")
    assert remi("import", papers, "--into", notebook).exit_code == 1
    assert backup.read_bytes() == b"last week's notebook"
    assert notebook.read_bytes() == saved


def test_import_says_a_notebook_saved_over_in_place_meanwhile_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program writes the very file while remi loads it to write: what remi reads
    back differs, and the line says the notebook was saved meanwhile, not a read-back."""
    from remi_sheet.writing import saving

    notebook = build_notebook(tmp_path / "klub.xlsx", {"g": COMPLETE}, {"deals_per_game": 3})
    saved = _other_save(tmp_path)
    opening = saving.open_workbook

    def saved_over(source: Path, target: Path, kept: Any = None) -> Any:
        source.write_bytes(saved)
        return opening(source, target, kept)

    monkeypatch.setattr(saving, "open_workbook", saved_over)
    code, document = remi_json("import", records(tmp_path / "papir.csv"), "--into", notebook)
    assert code == 1 and document["written"] is False
    codes = [problem["code"] for problem in document["problems"]]
    assert "file_changed_meanwhile" in codes and "readback_failed" not in codes
    assert notebook.read_bytes() == saved


# --- B. Two writers of one output take turns


@pytest.mark.parametrize("meanwhile", ["another notebook", "the same notebook"])
def test_a_second_score_into_one_output_refuses_the_first_ones_notebook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, meanwhile: str
) -> None:
    """`score A -o OUT` and `score B -o OUT` at once: both find no OUT when their command
    lines are checked; B's remi takes the lock first and writes OUT. A's, once it holds the
    lock, sees B's notebook there and refuses it as another notebook. What an earlier score
    of the same notebook wrote is written again, as ever."""
    from remi_sheet.reading import files

    first = build_notebook(tmp_path / "a.xlsx", {"Hétfő": worked_game()})
    second = build_notebook(tmp_path / "b.xlsx", {"Kedd": worked_game()})
    other = second if meanwhile == "another notebook" else first
    out = tmp_path / "out.xlsx"
    locking = files.exclusive
    raced: list[bool] = []

    def the_other_first(path: Path) -> Any:
        if not raced:
            raced.append(True)
            assert remi("score", other, "-o", out, "--no-backup").exit_code == 0
        return locking(path)

    monkeypatch.setattr(files, "exclusive", the_other_first)
    assert not out.exists()
    result = remi("score", first, "-o", out, "--no-backup")
    assert raced
    if meanwhile == "the same notebook":
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == (
        f"error: {out} already holds another notebook (a.xlsx has no sheet Kedd): remi does "
        "not write over it. Name another file, or move that one away first."
    )
    assert "Kedd" in openpyxl.load_workbook(out).sheetnames


def test_two_real_scores_into_one_output_one_wins(tmp_path: Path) -> None:
    """Two `remi` processes at once: whichever writes first, the other refuses its notebook
    (before its work or under the lock); never both written, the second over the first."""
    remi_program = shutil.which("remi", path=str(Path(sys.executable).parent))
    assert remi_program
    notebooks = [
        build_notebook(tmp_path / f"{name}.xlsx", {name: worked_game()})
        for name in ("Hetfo", "Kedd")
    ]
    out = tmp_path / "out.xlsx"
    runs = [
        subprocess.Popen(
            [remi_program, "score", str(path), "-o", str(out), "--no-backup"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for path in notebooks
    ]
    done = []
    for run in runs:
        _, stderr = run.communicate(timeout=120)
        done.append((run.returncode, stderr))
    assert sorted(code for code, _ in done) == [0, 1], done
    refused = next(stderr for code, stderr in done if code == 1)
    assert "already holds another notebook" in refused
    winner = next(path for path, (code, _) in zip(notebooks, done, strict=True) if code == 0)
    assert openpyxl.load_workbook(out).sheetnames[0] == winner.stem


# --- C. remi's lock folder is its user's own


@pytest.fixture
def lock_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A temporary folder of the test's own, where remi makes its lock folder."""
    home = tmp_path / "tmp"
    home.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(home))
    return home / f"remi-sheet-locks-{os.getuid()}"


@pytest.mark.parametrize("found", ["another user's", "a link", "open to all", "a file"])
def test_a_lock_folder_not_of_ones_own_is_refused(
    tmp_path: Path, lock_home: Path, found: str
) -> None:
    notebook = build_notebook(tmp_path / "klub.xlsx", {"g": worked_game()})
    before = notebook.read_bytes()
    if found == "a link":
        mine = tmp_path / "elsewhere"
        mine.mkdir(mode=0o700)
        lock_home.symlink_to(mine)
    elif found == "a file":
        lock_home.write_text("not a folder")
    else:
        lock_home.mkdir(mode=0o700)
        if found == "another user's":
            if os.getuid() != 0:
                pytest.skip("giving a folder to another user takes root")
            os.chown(lock_home, 4242, -1)  # made first by someone else
        else:
            os.chmod(lock_home, 0o777)
    for lang, said in (
        ("en", f"remi's lock folder {lock_home} is not a folder of your own"),
        ("hu", f"A remi zárolási mappája ({lock_home}) nem a saját"),
    ):
        for command in (["score", notebook], ["import", records(tmp_path / "p.csv")]):
            if command[0] == "import":
                command += ["--into", notebook]
            result = remi(*command, "--lang", lang)
            assert result.exit_code == 1, result.output
            assert result.stderr.strip().startswith(f"{'error' if lang == 'en' else 'hiba'}: ")
            assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1
            assert notebook.read_bytes() == before


def test_a_lock_folder_of_ones_own_is_used(tmp_path: Path, lock_home: Path) -> None:
    notebook = build_notebook(tmp_path / "klub.xlsx", {"g": worked_game()})
    assert remi("score", notebook).exit_code == 0
    status = os.lstat(lock_home)
    assert stat.S_ISDIR(status.st_mode) and status.st_mode & 0o077 == 0


# --- D. A read-only notebook is not replaced, by root either


@pytest.mark.parametrize(
    "command",
    [
        ["score", "{nb}"],
        ["import", "{papers}", "--into", "{nb}"],
        ["new", "{nb}", "-p", "Anna", "-p", "Béla", "--force"],
        ["new", "--add-game", "{nb}"],
    ],
    ids=["score", "import", "new --force", "new --add-game"],
)
def test_a_read_only_notebook_is_kept_even_for_root(tmp_path: Path, command: list[str]) -> None:
    """Made read-only by its owner (no write bit): root, whom `os.access` lets write, is
    refused too. (The tests run as root here; as a user, the same is refused anyway.)"""
    notebook = build_notebook(tmp_path / "klub.xlsx", {"g": COMPLETE}, {"deals_per_game": 3})
    papers = records(tmp_path / "papir.csv")
    os.chmod(notebook, 0o444)
    before = notebook.read_bytes()
    line = [part.format(nb=notebook, papers=papers) for part in command]
    for lang, said in (("en", "is read-only for you"), ("hu", "számodra csak olvasható")):
        result = remi(*line, "--lang", lang)
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output
        assert len([text for text in result.output.splitlines() if said in text]) == 1
        assert notebook.read_bytes() == before
        assert stat.S_IMODE(notebook.stat().st_mode) == 0o444
    assert not (tmp_path / "klub.xlsx.bak").exists()


# --- E. A killed run's temporary file goes at once


def test_a_killed_runs_temporary_file_is_removed_at_once(tmp_path: Path) -> None:
    """A temporary file whose process (of this machine) has ended is removed by the next
    run, however fresh; one of a process still running (or of another machine) is not."""
    from remi_sheet.reading.files import writer_tag

    notebook = build_notebook(tmp_path / "k.xlsx", {"g": worked_game()})
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a run that has ended (killed, or the machine restarted)
    killed = tmp_path / f".k.abcd1234.{writer_tag(gone.pid)}.remi-tmp.xlsx"
    killed.write_bytes(b"half a workbook")
    running = tmp_path / f".k.efgh5678.{writer_tag(os.getpid())}.remi-tmp.xlsx"
    running.write_bytes(b"being written")
    elsewhere = tmp_path / f".k.ijkl9012.00000000-{gone.pid}.remi-tmp.xlsx"
    elsewhere.write_bytes(b"another machine's, being written")
    assert remi("score", notebook).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["k.xlsx", "k.xlsx.bak", running.name, elsewhere.name]
    )


def test_a_temporary_file_names_its_writer(tmp_path: Path) -> None:
    from remi_sheet.reading.files import replace_atomically, writer_tag

    seen: list[str] = []

    def write(temporary: Path) -> None:
        seen.append(temporary.name)
        temporary.write_bytes(b"x")

    assert replace_atomically(tmp_path / "k.txt", write)
    assert seen[0].startswith(".k.") and seen[0].endswith(f".{writer_tag()}.remi-tmp.txt")


# --- F. A full disk is one line, nothing under it

# `remi` with every file written in one folder failing as on a full disk once it holds
# `REMI_TEST_ROOM` bytes: ENOSPC, as the system says it.
_FULL_DISK = """
import builtins, errno, io, os, sys

folder = os.environ["REMI_TEST_FULL"]
room = int(os.environ["REMI_TEST_ROOM"])
real_open = io.open


class Full:
    def __init__(self, handle):
        self._handle = handle
        self._written = 0

    def write(self, data):
        self._written += len(data)
        if self._written > room:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return self._handle.write(data)

    def __getattr__(self, name):
        return getattr(self._handle, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._handle.close()


def full_open(file, mode="r", *args, **kwargs):
    handle = real_open(file, mode, *args, **kwargs)
    writing = any(letter in mode for letter in "wax+")
    if writing and isinstance(file, (str, os.PathLike)):
        if os.path.abspath(file).startswith(folder + os.sep):
            return Full(handle)
    return handle


io.open = builtins.open = full_open
sys.argv = ["remi", *sys.argv[1:]]
from remi_sheet.__main__ import main

main()
"""


@pytest.mark.parametrize(
    "command",
    [
        ["score", "{nb}"],
        ["score", "{nb}", "-o", "{out}"],
        ["import", "{papers}", "--into", "{nb}"],
        ["new", "{new}", "-p", "Anna", "-p", "Béla"],
    ],
    ids=["score", "score -o", "import", "new"],
)
def test_a_full_disk_is_one_line_and_nothing_under_it(tmp_path: Path, command: list[str]) -> None:
    folder = tmp_path / "disk"
    folder.mkdir()
    notebook = build_notebook(folder / "klub.xlsx", {"g": COMPLETE}, {"deals_per_game": 3})
    papers = records(tmp_path / "papir.csv")
    before = notebook.read_bytes()
    names = {
        "nb": notebook,
        "out": folder / "out.xlsx",
        "papers": papers,
        "new": folder / "uj.xlsx",
    }
    line = [part.format(**names) for part in command]
    env = {**os.environ, "REMI_TEST_FULL": str(folder), "REMI_TEST_ROOM": "3000"}
    done = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, *line, "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "Exception ignored" not in said and "Traceback" not in said, said
    assert len([text for text in said.splitlines() if "the disk is full" in text]) == 1, said
    assert notebook.read_bytes() == before
    assert sorted(path.name for path in folder.iterdir()) == ["klub.xlsx"]


# --- G. A person's own sheet named like remi's record is kept


def test_a_persons_own_sheet_named_like_remis_record_is_kept(tmp_path: Path) -> None:
    notebook = build_notebook(
        tmp_path / "klub.xlsx",
        {"g": worked_game(), "_remi_state": [["Notes of my own"], ["keep these"]]},
    )
    before = notebook.read_bytes()
    for lang, said in (
        ("en", "has a sheet of its own called '_remi_state', the name remi keeps its record"),
        ("hu", "saját '_remi_state' nevű lapot tartalmaz"),
    ):
        result = remi("score", notebook, "--lang", lang)
        assert result.exit_code == 1, result.output
        assert len([line for line in result.output.splitlines() if said in line]) == 1
        assert "Traceback" not in result.output
        assert notebook.read_bytes() == before
    added = remi("new", "--add-game", notebook)
    assert added.exit_code == 1 and "'_remi_state'" in added.stderr
    assert notebook.read_bytes() == before
    # `check` says what `score` would refuse.
    code, document = remi_json("check", notebook)
    assert code == 1 and "record_not_ours" in [p["code"] for p in document["problems"]]
    sheet = openpyxl.load_workbook(notebook)["_remi_state"]
    assert sheet.sheet_state == "visible" and sheet["A2"].value == "keep these"


def test_remis_own_record_shown_by_a_person_is_still_remis(tmp_path: Path) -> None:
    """A record LibreOffice saved only hidden, or a person showed: remi's, hidden again."""
    notebook = build_notebook(tmp_path / "klub.xlsx", {"g": worked_game()})
    assert remi("score", notebook).exit_code == 0
    book = openpyxl.load_workbook(notebook)
    book["_remi_state"].sheet_state = "visible"
    book.save(notebook)
    assert remi("score", notebook).exit_code == 0
    assert openpyxl.load_workbook(notebook)["_remi_state"].sheet_state == "veryHidden"


# --- H. A stored workbook is scored, and what remi writes, remi reads again


def _stored(source: Path, target: Path) -> Path:
    with zipfile.ZipFile(source) as packed, zipfile.ZipFile(target, "w") as stored:
        for item in packed.infolist():
            stored.writestr(item.filename, packed.read(item), zipfile.ZIP_STORED)
    return target


def test_a_stored_workbook_is_scored_and_its_output_read_again(tmp_path: Path) -> None:
    """A notebook saved without compression, a long text repeated in it: deflate packs that
    part past the zip-bomb ratio. remi's own temporary file is not taken for a bomb, and the
    file it writes (in place or a copy) is read again by the next run."""
    notes = [["x" * 30_000 + str(row)] for row in range(40)]  # 1.2 MB, ~600:1 deflated
    packed = build_notebook(tmp_path / "packed.xlsx", {"g": worked_game(), "notes": notes})
    notebook = _stored(packed, tmp_path / "klub.xlsx")
    out = tmp_path / "out.xlsx"
    result = remi("score", notebook, "-o", out)
    assert result.exit_code == 0, result.output
    assert "zip bomb" not in result.output
    assert remi("check", out).exit_code == 0
    assert remi("score", notebook).exit_code == 0
    assert remi("check", notebook).exit_code == 0
    assert remi("score", notebook).exit_code == 0  # its own file, read again: nothing new
    # The rule for a file remi is given stays: the same part deflated that far is refused.
    refused = remi("check", packed)
    assert refused.exit_code == 1 and "looks like a zip bomb" in refused.stderr
