"""Big notebooks are read by a second process while this one checks: the notebook that comes
out must be the very one a plain in-process read gives, for every file of the test corpus
and the samples, and a reading process that fails must change nothing but the time taken."""

from __future__ import annotations

import errno
import gc
import multiprocessing
import os
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import openpyxl
import pytest

from remi_sheet import files, grid, reading_process
from remi_sheet.notebook import Notebook, load_notebook
from remi_sheet.problems import FileProblem, Problem

ROOT = Path(__file__).resolve().parent.parent
# Every workbook of the corpus and the samples whose sheets get read at all (the others are
# refused by `files.sniff` before any reading starts).
BOOKS = [
    path
    for path in sorted((ROOT / "tests" / "corpus").glob("*.xlsx"))
    + sorted((ROOT / "samples").glob("*.xlsx"))
    if files.sniff(path) is None
]


def _outcome(path: Path) -> Notebook | tuple[str, str]:
    """The notebook, or what stopped it (an exception's kind and text)."""
    try:
        return load_notebook(path)
    except FileProblem as error:
        return ("FileProblem", repr(error.problem))
    except Exception as error:  # noqa: BLE001 - the same failure both ways is what counts
        return (type(error).__name__, str(error))


def _both(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", 1 << 60)
    alone = _outcome(path)
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", 0)
    return alone, _outcome(path)


@pytest.mark.parametrize("path", BOOKS, ids=lambda path: path.name)
def test_a_second_process_reads_the_same_notebook(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    alone, parallel = _both(path, monkeypatch)
    assert parallel == alone


# The corpus files refused for their zip (sizes, entities, no workbook part, an .ods…):
# `remi check` leaves those checks to the reading, which must make them both ways.
ZIP_REFUSED = [
    path
    for path in sorted((ROOT / "tests" / "corpus").glob("*.xlsx"))
    if files.sniff(path, package_checks=False) is None and files.sniff(path) is not None
]


def test_the_corpus_has_zip_level_refusals() -> None:
    assert len(ZIP_REFUSED) >= 5


@pytest.mark.parametrize("path", ZIP_REFUSED, ids=lambda path: path.name)
def test_reading_refuses_what_the_zip_checks_refuse(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = ("FileProblem", repr(files.sniff(path)))
    alone, parallel = _both(path, monkeypatch)
    assert alone == parallel == expected


def test_reading_begins_at_once_and_stops_when_dropped_unasked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`begin_reading` forks and returns without waiting for the reading process (which
    opens and checks the zip there); dropped uncalled, as after a Ctrl-C while the
    checking code loads, it stops that process."""
    path = _big_notebook(tmp_path, 3)

    def slow(*_: Any) -> Any:  # the reading process, forked with this in place
        time.sleep(60)
        yield "done", None

    monkeypatch.setattr(reading_process, "_messages", slow)
    started = time.monotonic()
    begun = grid.begin_reading(path, parallel=True)
    assert time.monotonic() - started < 10
    assert [child.name for child in multiprocessing.active_children()] == ["remi-reader"]
    del begun
    gc.collect()
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("parallel", [False, True])
def test_no_temporary_folder_is_left_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parallel: bool
) -> None:
    """calamine opens a link in a temporary folder; read, dropped unread or killed early,
    the reading leaves none behind."""
    path = _big_notebook(tmp_path, 3)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", 0 if parallel else 1 << 60)
    assert len(load_notebook(path).games) == 3
    begun = grid.begin_reading(path, parallel=parallel)
    del begun  # dropped at once: the reading process is killed wherever it is
    gc.collect()
    assert list(temporary.iterdir()) == []


def test_without_a_temporary_folder_the_file_is_not_read_by_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _big_notebook(tmp_path, 3)

    def no_link(*_: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "symlink", no_link)
    for parallel in (0, 1 << 60):
        monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", parallel)
        with pytest.raises(FileProblem) as refused:
            load_notebook(path)
        assert refused.value.problem.code == "file_no_temporary_folder"
        assert "No space left on device" in refused.value.problem.message("en")


def test_a_begun_reading_gives_its_sheets_once(tmp_path: Path) -> None:
    begun = grid.begin_reading(_big_notebook(tmp_path, 3), parallel=True)
    sheets = begun()
    with pytest.raises(RuntimeError):
        begun()
    assert len(list(sheets.items)) == 4  # nothing stolen by the second call


def test_a_refused_zip_is_refused_by_the_reading_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The zip is opened and checked where the sheets are read: a refused one is reported
    as `files.sniff` reports it, and its reading process is gone."""
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", 0)
    forked = _forks_counted(monkeypatch)
    for path in ZIP_REFUSED:
        with pytest.raises(FileProblem) as refused:
            load_notebook(path)
        assert refused.value.problem == files.sniff(path)
    assert len(forked) == len(ZIP_REFUSED)
    assert multiprocessing.active_children() == []


def _big_notebook(tmp_path: Path, games: int) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for number in range(1, games + 1):
        sheet = book.create_sheet(f"Game {number}")
        sheet.append(["Deal", "Anna", "Béla", "Csilla"])
        sheet.append([1, "W", 25 + number % 40, "K♠ 7♥ 3♦"])
        sheet.append([2, 12, "H", "X"])
    rules = book.create_sheet("Rules")
    rules.append(["Rule", "Value"])
    rules.append(["opening_minimum", 51])
    path = tmp_path / "big.xlsx"
    book.save(path)
    return path


def test_a_big_notebook_is_read_by_a_second_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _big_notebook(tmp_path, 20)
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", path.stat().st_size)
    forked = _forks_counted(monkeypatch)
    notebook = load_notebook(path)
    assert forked == [1]
    assert len(notebook.games) == 20
    assert notebook.rules.opening_minimum == 51  # the Rules sheet, last in the book, came first
    assert list(notebook.grids) == [f"Game {n}" for n in range(1, len(notebook.games) + 1)] + [
        "Rules"
    ]
    assert [game.sheet for game in notebook.games] == list(notebook.grids)[:-1]
    # Deal 1: -20, 26 → 30, K♠ 7♥ 3♦ → 20. Deal 2 after a hand: 12 → 10 × 2, -40, X → 200.
    assert notebook.games[0].score.totals == (-20 + 20, 30 - 40, 20 + 200)


def test_the_first_and_the_last_batches_are_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checking starts after a few sheets, and what is left to check once the reading
    process is done is a few sheets too."""
    path = _big_notebook(tmp_path, 20)  # 21 sheets with the Rules
    monkeypatch.setattr(reading_process, "_FIRST_BATCH", 2)
    monkeypatch.setattr(reading_process, "_BATCH", 5)
    messages = list(reading_process._messages(path, frozenset(), frozenset()))
    assert [kind for kind, _ in messages] == ["names"] + ["items"] * 8 + ["done"]
    sizes = [len(cast(list[Any], payload)) for kind, payload in messages if kind == "items"]
    assert sizes == [2, 5, 5, 2, 2, 2, 2, 1]


@pytest.mark.parametrize("parallel", [False, True])
def test_the_zip_checked_is_the_zip_calamine_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parallel: bool
) -> None:
    """A file put in the notebook's place after its zip was checked (the size guard's
    checks included) is not what calamine reads: it reads the file that was checked."""
    path = _big_notebook(tmp_path, 3)
    (tmp_path / "other").mkdir()
    other = _big_notebook(tmp_path / "other", 5)
    opening = grid._open

    def then_replaced(where: Path, *rest: Any) -> Any:
        opened = opening(where, *rest)
        os.replace(other, where)
        return opened

    monkeypatch.setattr(grid, "_open", then_replaced)
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", 0 if parallel else 1 << 60)
    notebook = load_notebook(path)
    assert [game.sheet for game in notebook.games] == ["Game 1", "Game 2", "Game 3"]


def _forks_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets a 1 each time a reading process is started."""
    forked: list[int] = []
    starting = reading_process.start

    def spy(*args: Any) -> Any:
        forked.append(1)
        return starting(*args)

    monkeypatch.setattr(reading_process, "start", spy)
    return forked


def _failing_reader(after: int | None, how: str) -> Callable[..., None]:
    """A reading process that sends the sheets' names and `after` items (None: not even the
    names), then fails as `how` says."""

    def reader(
        sending: Any,
        receiving: Any,
        path: Path,
        whole: frozenset[str],
        first: frozenset[str],
        *_: object,
    ) -> None:
        receiving.close()
        reading = grid.read_items(path, whole, first)
        if after is not None:
            sending.send(("names", next(reading)))
            sending.send(("items", [next(reading) for _ in range(after)]))
        if how == "dies":
            os._exit(3)  # as if killed: no word of it through the pipe
        sending.send(("failed", None))
        sending.close()

    return reader


@pytest.mark.parametrize("how", ["says so", "dies"])
@pytest.mark.parametrize("after", [None, 0, 5])
def test_a_failing_reading_process_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str, after: int | None
) -> None:
    path = _big_notebook(tmp_path, 12)
    alone, _ = _both(path, monkeypatch)
    monkeypatch.setattr(reading_process, "_reader", _failing_reader(after, how))
    assert _outcome(path) == alone


def test_the_file_problem_found_by_the_reading_process_is_raised_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = ROOT / "tests" / "corpus" / "bug-sheet-too-big-guard-bypassed.xlsx"
    alone, parallel = _both(path, monkeypatch)
    assert parallel == alone


@pytest.mark.parametrize(
    ("lacking", "error"),
    [("fork", errno.EAGAIN), ("SharedChecks", errno.ENOMEM)],
    ids=["no process", "no shared memory"],
)
def test_without_what_a_reading_process_needs_the_notebook_is_read_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lacking: str, error: int
) -> None:
    """No process to be had (a limit on processes, or on memory), or no memory to share
    with it: read here, and nothing left behind."""
    path = _big_notebook(tmp_path, 12)
    alone, _ = _both(path, monkeypatch)

    def refused(*_: object) -> None:
        raise OSError(error, os.strerror(error))

    monkeypatch.setattr(os if lacking == "fork" else reading_process, lacking, refused)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    forked = _forks_counted(monkeypatch)
    assert _outcome(path) == alone
    assert forked == [1]  # asked for, and none started
    assert multiprocessing.active_children() == []
    assert list(temporary.iterdir()) == []


def test_sheets_dropped_unread_stop_their_reading_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _big_notebook(tmp_path, 12)
    names = (["Game 1", "Game 2"], ["Game 1", "Game 2"], 0)

    def slow(*_: Any) -> Any:  # the reading process, forked with this in place: still reading
        yield "names", names
        time.sleep(60)
        yield "done", None

    monkeypatch.setattr(reading_process, "_messages", slow)
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", 0)
    sheets = grid.read_sheets(path)
    assert sheets.names == names[0]
    assert [child.name for child in multiprocessing.active_children()] == ["remi-reader"]
    del sheets
    gc.collect()
    assert multiprocessing.active_children() == []


def test_a_reading_process_outlives_no_killed_remi(tmp_path: Path) -> None:
    """SIGKILL leaves no atexit handler to stop the reading process: it must notice by
    itself that nobody listens any more, and end."""
    path = _big_notebook(tmp_path, 500)  # some 300 KB: read by a second process
    assert path.stat().st_size >= grid.PARALLEL_FROM_BYTES
    remi = Path(sys.executable).parent / "remi"
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    environment = {**os.environ, "TMPDIR": str(temporary)}
    run = subprocess.Popen(
        [str(remi), "check", str(path)], stdout=subprocess.DEVNULL, env=environment
    )
    children: list[str] = []
    deadline = time.monotonic() + 20
    while not children and run.poll() is None and time.monotonic() < deadline:
        children = _children(run.pid)
    run.kill()
    run.wait()
    assert children, "remi ended before its reading process could be seen"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(Path(f"/proc/{pid}").exists() for pid in children):
        time.sleep(0.05)
    alive = [pid for pid in children if _alive(pid)]
    assert alive == []
    assert list(temporary.iterdir()) == []  # nor the folder of calamine's link


def _children(parent: int) -> list[str]:
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            if f"\nPPid:\t{parent}\n" in status.read_text():
                found.append(status.parent.name)
        except OSError:
            continue  # ended while being looked at
    return found


def _alive(pid: str) -> bool:
    """A process that exists and is not a zombie waiting for its (dead) parent's reaper."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def test_a_rules_sheet_that_holds_a_game_is_a_game_in_its_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = openpyxl.Workbook()
    rules = book.active
    assert rules is not None
    rules.title = "Szabályok"
    rules.append(["Leosztás", "Anna", "Béla"])
    rules.append([1, "W", 30])
    game = book.create_sheet("Játszma 1")
    game.append(["Leosztás", "Anna", "Béla"])
    game.append([1, 12, "H"])
    path = tmp_path / "rules-game.xlsx"
    book.save(path)
    alone, parallel = _both(path, monkeypatch)
    assert parallel == alone
    assert isinstance(alone, Notebook)
    assert [game.sheet for game in alone.games] == ["Szabályok", "Játszma 1"]
    assert alone.lang == "hu"


def test_a_program_with_threads_reads_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lock held by another thread at a fork stays held in the child: no fork then."""
    path = _big_notebook(tmp_path, 12)
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", 0)
    forked = _forks_counted(monkeypatch)
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        notebook = load_notebook(path)
    finally:
        release.set()
        other.join()
    assert forked == []
    assert len(notebook.games) == 12
    load_notebook(path)
    assert forked == [1]  # alone again: forks


def test_an_interrupt_while_waiting_for_the_names_stops_the_reading_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """remi leaves without the interpreter's exit handlers: a Ctrl-C before the reading
    process's first word must stop that process itself."""
    path = _big_notebook(tmp_path, 3)

    def slow(*_: Any) -> Any:  # the reading process, forked with this in place
        time.sleep(60)
        yield "done", None

    def interrupted(_: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(reading_process, "_messages", slow)
    monkeypatch.setattr(reading_process, "_receive", interrupted)
    with pytest.raises(KeyboardInterrupt):
        grid.read_sheets(path, parallel=True)
    assert multiprocessing.active_children() == []


def _quiet(calls: int | None = None) -> Callable[[], bool]:
    """Says a message came after `calls` questions (None: never)."""
    left = [calls]

    def ready() -> bool:
        if left[0] is None:
            return False
        left[0] -= 1
        return left[0] < 0

    return ready


def _members(path: Path) -> dict[str, str]:
    """Each sheet's part, as the reading finds them."""
    opened = grid._open(path)
    opened.archive.close()
    return opened.members


def _helped(
    path: Path, ready: Callable[[], bool] | None = None, entries: Callable[..., Any] | None = None
) -> tuple[reading_process.SharedChecks, list[str]]:
    """The size checks a checking process does for the notebook at `path` while nothing
    comes (`ready`; default: nothing ever), and the parts they are numbered by; `entries`
    changes the parts' zip entries as the reading process tells them."""
    checks = reading_process.SharedChecks()
    parts = list(_members(path).values())
    with path.open("rb") as source, zipfile.ZipFile(source) as archive:
        told = reading_process._parts(archive, parts)
        helper = reading_process._Helper(archive, checks)
        helper.start([entries(part) for part in told] if entries else told)
        helper.help_until(ready or _quiet())
    return checks, parts


def _partnered(path: Path, checks: reading_process.SharedChecks) -> list[object]:
    """Every item of a reading that takes the size checks in `checks` as done."""
    told: list[list[str]] = []
    partner = reading_process.Partner(checks, lambda _, parts: told.append(parts))
    items = list(
        grid.read_items(path, frozenset(), frozenset(), partner=partner, source=path.open("rb"))
    )
    assert told == [list(_members(path).values())]
    return items


def _extents_counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A list that gets the part of each size check the reading does."""
    counted: list[str] = []
    extent = grid.package.extent

    def spy(archive: Any, member: str) -> Any:
        counted.append(member)
        return extent(archive, member)

    monkeypatch.setattr(grid.package, "extent", spy)
    return counted


@pytest.mark.parametrize("path", BOOKS, ids=lambda path: path.name)
def test_size_checks_done_by_the_checking_process_change_nothing(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A part the checking process passed is read without being checked again, as it would
    have been read after its own checks; a part that failed them is checked, and reported,
    by the reading process."""
    try:
        alone = list(grid.read_items(path, frozenset(), frozenset()))
    except FileProblem:
        return  # refused for its zip: no part is checked by size
    except Exception as error:  # noqa: BLE001 - a sheet calamine fails on: the same failure
        alone = [type(error)]
    monkeypatch.setattr(reading_process, "_LEFT_AHEAD", -1)  # every part, to the first
    checks, parts = _helped(path)
    passed = {parts[n] for n in range(len(parts)) if checks.reading(n) is not None}
    checked_there = _extents_counted(monkeypatch)
    try:
        partnered = _partnered(path, checks)
    except Exception as error:  # noqa: BLE001
        partnered = [type(error)]
    assert partnered == alone
    assert not passed & set(checked_there)
    members = _members(path)
    for item in alone[1:]:
        if (
            isinstance(item, Problem) and item.sheet in members
        ):  # refused for its size: by the reading process
            assert members[cast(str, item.sheet)] in checked_there


def test_a_big_notebook_is_size_checked_by_the_checking_process_when_it_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _big_notebook(tmp_path, 40)
    checks, parts = _helped(path)
    # From the last part down, leaving those just ahead of the reading process (at 0).
    verdicts = [checks.reading(number) for number in range(len(parts))]
    left = reading_process._LEFT_AHEAD + 1
    assert verdicts == [None] * left + [False] * (len(parts) - left)
    checked_there = _extents_counted(monkeypatch)
    assert _partnered(path, checks) == list(grid.read_items(path, frozenset(), frozenset()))
    assert len(checked_there) == left + len(parts)  # those left, then every part alone


def test_the_checking_process_stops_checking_when_a_message_comes(tmp_path: Path) -> None:
    path = _big_notebook(tmp_path, 40)
    checks, parts = _helped(path, _quiet(calls=5))
    assert [n for n in range(len(parts)) if checks.reading(n) is not None] == list(
        range(len(parts) - 5, len(parts))
    )


def test_the_checking_process_leaves_the_parts_just_ahead_of_the_reading_process(
    tmp_path: Path,
) -> None:
    path = _big_notebook(tmp_path, 40)
    checks = reading_process.SharedChecks()
    checks.reading(30)  # the reading process is at part 30
    parts = list(_members(path).values())
    with path.open("rb") as source, zipfile.ZipFile(source) as archive:
        helper = reading_process._Helper(archive, checks)
        helper.start(reading_process._parts(archive, parts))
        helper.help_until(_quiet())
    first = 30 + reading_process._LEFT_AHEAD + 1
    assert [n for n in range(len(parts)) if checks.reading(n) is not None] == list(
        range(first, len(parts))
    )


def test_parts_read_in_pieces_are_left_to_the_reading_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _big_notebook(tmp_path, 40)
    monkeypatch.setattr(grid.package, "_CHUNK", 64)  # every part is bigger
    checks, parts = _helped(path)
    assert all(checks.reading(n) is None for n in range(len(parts)))


def test_size_checks_marked_before_a_fork_are_seen_after_it() -> None:
    checks = reading_process.SharedChecks()
    pid = os.fork()
    if pid == 0:  # the reading process's side: waits for the mark, then tells what it saw
        deadline = time.monotonic() + 10
        while checks.memory[8 + 3] == 0 and time.monotonic() < deadline:
            time.sleep(0.001)
        os._exit(10 + int(bool(checks.reading(3))))
    checks.passed(3, formulas=True)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 11
    assert checks.position() == 3  # where the reading process is, seen here too


def test_a_part_whose_zip_entry_differs_is_not_checked_here(tmp_path: Path) -> None:
    """A file rewritten in place between the two processes' readings of its directory: a
    part the checking process's zip gives otherwise than the reading process's is left to
    the reading process (here, every entry told with another CRC)."""
    path = _big_notebook(tmp_path, 40)

    def rewritten(part: Any) -> Any:
        return (*part[:4], part[4] ^ 1, *part[5:])

    checks, parts = _helped(path, entries=rewritten)
    assert all(checks.reading(number) is None for number in range(len(parts)))


def test_every_book_reads_the_same_with_the_size_checks_shared_through_a_fork(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The corpus and the samples through a real reading process whose calamine opens the
    book late, with the checking process checking every part it can meanwhile."""
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", 1 << 60)
    alone = [_outcome(path) for path in BOOKS]
    here = os.getpid()
    opening = grid._calamine

    def late(*args: Any) -> Any:
        if os.getpid() != here:
            time.sleep(0.05)
        return opening(*args)

    marked: list[int] = []
    passing = reading_process.SharedChecks.passed

    def counted(self: Any, number: int, formulas: bool) -> None:
        marked.append(number)
        passing(self, number, formulas)

    monkeypatch.setattr(grid, "_calamine", late)
    monkeypatch.setattr(reading_process, "_LEFT_AHEAD", -1)
    monkeypatch.setattr(reading_process.SharedChecks, "passed", counted)
    monkeypatch.setattr(grid, "PARALLEL_FROM_BYTES", 0)
    assert [_outcome(path) for path in BOOKS] == alone
    assert len(marked) > len(BOOKS)  # most books had parts checked here
    assert multiprocessing.active_children() == []
