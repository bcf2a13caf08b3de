"""A big notebook read by a second process while this one checks the sheets read so far.

Reading (the size checks of `package`, then calamine) and checking take about as long as
each other, so a forked process reads the sheets (`grid.read_items`) and sends them here
in batches, and both cores are busy. While this process has no sheet to check, it does
size checks of the reading process's, from the end of the workbook (`_Helper`), and tells
it so through memory both see (`SharedChecks`). Whatever goes wrong in the reading
process, the sheets it did not send are read here, where the problem is reported.
"""

from __future__ import annotations

import contextlib
import gc
import mmap
import select
import shutil
import signal
import struct
import sys
import threading
import weakref
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final, NamedTuple, cast

from remi_sheet import package
from remi_sheet.grid import Grid, Sheets, read_here, read_items
from remi_sheet.problems import FileProblem, Problem

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

_FIRST_BATCH: Final = 8  # sheets in the first and the last messages: checking starts soon
_BATCH: Final = 50  # sheets in each message between


def can_fork() -> bool:
    # Only where forking is the normal way to start a process: elsewhere (macOS, Windows)
    # a fresh interpreter would have to start and import everything again. And only with
    # no other thread running: a lock another thread held at the fork would stay held in
    # the child for ever (a program that uses remi as a library may have threads).
    return sys.platform.startswith("linux") and threading.active_count() == 1


def start(path: Path, whole: frozenset[str], first: frozenset[str]) -> Callable[[], Sheets] | None:
    """A forked process reading the sheets (`grid.read_items`) and sending them here in
    batches, begun; None when no such process can start."""
    import multiprocessing

    if multiprocessing.current_process().daemon:
        return None  # a daemonic process may not start others
    import tempfile

    context = multiprocessing.get_context("fork")
    with contextlib.ExitStack() as undo:  # all of it, unless the process starts
        try:
            # Made and removed here: the reading process may be killed while its link is
            # there.
            folder = tempfile.mkdtemp(prefix="remi-")
            undo.callback(shutil.rmtree, folder, ignore_errors=True)
            source = _opened(path)
            if source is not None:
                undo.callback(source.close)
            checks = SharedChecks()
            undo.callback(checks.memory.close)
            receiving, sending = context.Pipe(duplex=False)
            undo.callback(receiving.close)
            _widen(receiving)
            reader = context.Process(
                target=_reader,
                args=(sending, receiving, path, whole, first, folder, source, checks),
                name="remi-reader",
                daemon=True,
            )
            try:
                with _interrupts_held():
                    reader.start()
            finally:
                sending.close()  # the reading process's end
        except OSError:  # no process to be had (a limit on processes, files or memory)
            return None  # read here, where any problem is reported
        undo.pop_all()
    return _Begun(_Reading(reader, receiving, folder, source, checks), path, whole, first)


def _opened(path: Path) -> IO[bytes] | None:
    """The file, opened once before the fork: both processes read this very file, whatever
    is put at `path` meanwhile. None: the reading process opens it by its name, and
    reports what is wrong with it."""
    try:
        return open(path, "rb")  # closed by _close
    except OSError:
        return None


def _again(source: IO[bytes] | None) -> IO[bytes] | None:
    """The open file `source` opened once more, to be read apart from it (its own place in
    the file), through /proc (Linux, where processes fork, has it); None without /proc."""
    if source is None:
        return None
    try:
        return open(f"/proc/self/fd/{source.fileno()}", "rb")
    except (OSError, ValueError):  # no /proc, or `source` closed
        return None


def _widen(receiving: Connection) -> None:
    """The pipe made to hold 1 MiB (Linux allows that much without privileges): the parts'
    list, a few hundred KB for thousands of sheets, and the batches go through without the
    reading process waiting for the checking one to make room."""
    import fcntl  # only where processes fork (Linux)

    with contextlib.suppress(OSError, AttributeError):
        fcntl.fcntl(receiving.fileno(), fcntl.F_SETPIPE_SZ, 1 << 20)


class _Reading(NamedTuple):
    """A reading process, the pipe it sends on, the temporary folder it may use, the file it
    reads as opened here (None: it opens it by its name) and the size checks it shares."""

    process: BaseProcess
    receiving: Connection
    folder: str
    source: IO[bytes] | None
    checks: SharedChecks


# The first bytes of the shared memory: where the reading process is (a part's number).
_POSITION: Final = struct.Struct("<q")
_SHARED_PARTS: Final = 1 << 16  # the parts whose size checks can be shared
_UNCHECKED: Final = 0
_PASSED: Final = 1
_PASSED_WITH_FORMULAS: Final = 2
# Parts the checking process leaves to the reading process ahead of where it is: both
# checking the same part wastes the time of one check, nothing more.
_LEFT_AHEAD: Final = 16


class SharedChecks:
    """The size checks the two processes of a parallel reading share, in memory both see:
    the number of the part the reading process is at, and a byte per part (by its number in
    what `Partner.tell` sent) for the checks the checking process did while it had no sheet
    to check. A part that failed them is left unmarked: the reading process checks it
    again, and reports what it finds."""

    __slots__ = ("memory",)

    def __init__(self) -> None:
        self.memory = mmap.mmap(-1, _POSITION.size + _SHARED_PARTS)  # shared, not copied

    def reading(self, number: int) -> bool | None:
        """Tells that the reading process is at part `number`; whether the part holds
        formulas if it passed the checks here, None if it was not checked here."""
        _POSITION.pack_into(self.memory, 0, number)
        if not 0 <= number < _SHARED_PARTS:
            return None
        verdict = self.memory[_POSITION.size + number]
        return None if verdict == _UNCHECKED else verdict == _PASSED_WITH_FORMULAS

    def position(self) -> int:
        return int(_POSITION.unpack_from(self.memory, 0)[0])

    def passed(self, number: int, formulas: bool) -> None:
        if 0 <= number < _SHARED_PARTS:
            self.memory[_POSITION.size + number] = _PASSED_WITH_FORMULAS if formulas else _PASSED


class Partner(NamedTuple):
    """The reading process's side of the shared size checks."""

    checks: SharedChecks
    # Sends the sheets' parts, in workbook order, as its zip read them (`_parts`).
    tell: Callable[[zipfile.ZipFile, list[str]], object]


# A part as a zip's directory gives it: name, where its entry is, its sizes, CRC, method
# and flags. The checking process checks a part only where its own zip gives the same: a
# file rewritten in place between the two processes' readings of its directory could
# otherwise have one part checked and another one read.
_Part = tuple[str, int, int, int, int, int, int]


def _parts(archive: zipfile.ZipFile, parts: list[str]) -> list[_Part | None]:
    return [
        _entry(archive.NameToInfo[part]) if part in archive.NameToInfo else None for part in parts
    ]


def _entry(info: zipfile.ZipInfo) -> _Part:
    return (
        info.filename,
        info.header_offset,
        info.compress_size,
        info.file_size,
        info.CRC,
        info.compress_type,
        info.flag_bits,
    )


class _Helper:
    """The checking process's side: while it has no sheet to check, it checks the size of
    parts from the end of the workbook, for the reading process to skip; only parts read in
    one piece (`package.in_one_piece`). Its zip is of the file opened before the fork, which
    the reading process opened again to move through it on its own."""

    __slots__ = ("archive", "checks", "next", "parts")

    def __init__(self, archive: zipfile.ZipFile, checks: SharedChecks) -> None:
        self.archive = archive
        self.checks = checks
        self.parts: list[_Part | None] = []
        self.next = -1

    @classmethod
    def open(cls, reading: _Reading) -> _Helper | None:
        if reading.source is None:
            return None
        try:
            return cls(zipfile.ZipFile(reading.source), reading.checks)
        except Exception:  # noqa: BLE001 - the reading process finds and reports it
            return None

    def start(self, parts: list[_Part | None]) -> None:
        self.parts = parts
        self.next = min(len(parts), _SHARED_PARTS) - 1

    def help_until(self, ready: Callable[[], bool]) -> None:
        """Checks parts until `ready` says a message came, or none is left to check."""
        while not ready():
            number = self.next
            if number < 0 or number <= self.checks.position() + _LEFT_AHEAD:
                return
            self.next -= 1
            part = self.parts[number]
            info = self.archive.NameToInfo.get(part[0]) if part else None
            if info is None or _entry(info) != part or not package.in_one_piece(self.archive, info):
                continue  # the reading process's, like any part that fails
            try:
                found = package.extent(self.archive, info.filename)
                package.check_extent("", found)
            except Exception:  # noqa: BLE001 - see above
                continue
            self.checks.passed(number, found.formulas)

    def close(self) -> None:
        self.archive.close()  # the file stays open: `_close` closes it


class _Begun:
    """A started reading process; called, it waits for the names of the sheets and gives
    the `Sheets` it sends, or reads them here if it failed before it could tell which."""

    __slots__ = ("__weakref__", "_stopping", "_taken", "first", "path", "reading", "whole")

    def __init__(
        self, reading: _Reading, path: Path, whole: frozenset[str], first: frozenset[str]
    ) -> None:
        self.reading = reading
        self.path, self.whole, self.first = path, whole, first
        # Stopped if this is dropped uncalled (an interrupt while the caller goes on), and
        # at exit: remi leaves without the exit handlers that would stop a daemon.
        self._stopping = weakref.finalize(self, _stop, reading)
        self._taken = False

    def __call__(self) -> Sheets:
        if self._taken:  # the first call's `Sheets` reads the messages this one would steal
            raise RuntimeError("the sheets of this reading were taken already")
        self._taken = True
        receiving = self.reading.receiving
        helper = None
        try:
            # Still opening and checking the zip: there is time for a zip of its own here.
            helper = None if receiving.poll() else _Helper.open(self.reading)
            kind, payload = _receive(receiving)
            if kind == "parts":
                if helper is not None:
                    helper.start(cast("list[_Part | None]", payload))
                    helper.help_until(_ready(receiving))
                kind, payload = _receive(receiving)
        except BaseException:  # Ctrl-C while waiting: the reading process must not outlive this
            if helper is not None:
                helper.close()
            self._stopping()
            raise
        if kind != "names":
            if helper is not None:
                helper.close()
            # Read here from the file the reading process read, whatever is at the path now.
            again = None if kind == "file" else _again(self.reading.source)
            self._stopping()
            if kind == "file":
                raise FileProblem(cast(Problem, payload))
            return read_here(self.path, self.whole, self.first, again)
        self._stopping.detach()
        names, order, leading = cast("tuple[list[str], list[str], int]", payload)
        items = _received(self.reading, self.path, self.whole, self.first, helper)
        # Also stopped when the items are dropped unread, and at exit.
        weakref.finalize(items, _stop, self.reading)
        return Sheets(names, order, leading, items)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C ignored while the reading process starts: it inherits that, and so never
    prints a traceback of its own (the checking process stops it and says "Aborted!")."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers belong to the main thread
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _received(
    reading: _Reading,
    path: Path,
    whole: frozenset[str],
    first: frozenset[str],
    helper: _Helper | None = None,
) -> Iterator[Grid | Problem]:
    """The items the reading process sends. If it fails for any reason but the file's own
    problem, the sheets it did not send are read here, so that whatever went wrong happens
    again where it can be reported. `helper`: size checks done here while none came."""
    received = 0
    ready = _ready(reading.receiving)
    again = None
    try:
        while True:
            if helper is not None:
                helper.help_until(ready)
            kind, payload = _receive(reading.receiving)
            if kind == "items":
                items = cast("list[Grid | Problem]", payload)
                yield from items
                received += len(items)
            elif kind == "file":
                raise FileProblem(cast(Problem, payload))
            elif kind == "done":
                return
            else:
                break
        # The rest is read here, from the file the reading process read (its first sheets
        # came from it), whatever is at the path now.
        again = _again(reading.source)
    finally:
        if helper is not None:
            helper.close()
        _stop(reading)
    rest = read_items(path, whole, first, source=again)
    next(rest)
    for index, item in enumerate(rest):
        if index >= received:
            yield cast("Grid | Problem", item)


def _ready(receiving: Connection) -> Callable[[], bool]:
    """Whether a message (or the end) waits on `receiving`: asked of the system directly,
    as `Connection.poll` costs some 4 µs, a tenth of a size check."""
    waiting = select.poll()
    waiting.register(receiving.fileno(), select.POLLIN)
    return lambda: bool(waiting.poll(0))


def _receive(receiving: Connection) -> tuple[str, object]:
    try:
        return cast("tuple[str, object]", receiving.recv())
    except EOFError:  # the process ended without a word: killed, or out of memory
        return "failed", None


def _stop(reading: _Reading) -> None:
    """Stops the reading process, done or not: it only reads, so nothing is lost."""
    reading.process.kill()
    reading.process.join()
    _close(reading)


def _close(reading: _Reading) -> None:
    reading.receiving.close()
    shutil.rmtree(reading.folder, ignore_errors=True)
    if reading.source is not None:
        reading.source.close()
    reading.checks.memory.close()


def _reader(
    sending: Connection,
    receiving: Connection,
    path: Path,
    whole: frozenset[str],
    first: frozenset[str],
    folder: str,
    source: IO[bytes] | None = None,
    checks: SharedChecks | None = None,
) -> None:
    """The reading process: sends `_messages` until they end or nobody listens."""
    # Only the checking process may hold the pipe's reading end: when it is gone, sending
    # fails here at once instead of waiting for a reader forever.
    receiving.close()
    # It may have been started with the collector running; what it makes forms no cycles,
    # and a collection here would walk everything it was forked with.
    gc.disable()
    partner = own = None
    if source is not None and checks is not None:
        # The same file, opened again to move through it apart from the checking process.
        own = _again(source)
        if own is not None:
            partner = Partner(
                checks, lambda archive, parts: sending.send(("parts", _parts(archive, parts)))
            )
        source.close()  # this process's copy: the checking process's stays open
    try:
        for message in _messages(path, whole, first, folder, partner, own):
            sending.send(message)
    except OSError:
        pass  # the pipe is closed: the checking process has stopped listening
    finally:
        sending.close()
        if own is not None:
            own.close()
        # Gone already once calamine opened the book; not if this stopped before (a killed
        # checking process, which cannot remove it any more).
        shutil.rmtree(folder, ignore_errors=True)


def _messages(
    path: Path,
    whole: frozenset[str],
    first: frozenset[str],
    folder: str | None = None,
    partner: Partner | None = None,
    source: IO[bytes] | None = None,
) -> Iterator[tuple[str, object]]:
    """("names", (names, order, leading)), then ("items", [...]) batches and ("done", None); or
    ("file", problem) for the file's own problem; or ("failed", None) for anything else.
    With a `partner`, ("parts", [...]) comes first, sent by `Partner.tell`."""
    try:
        reading = read_items(path, whole, first, folder, partner, source)
        head = next(reading)
        yield "names", head
        left = len(cast("tuple[list[str], list[str], int]", head)[1])
        batch: list[object] = []
        size = _FIRST_BATCH
        for item in reading:
            batch.append(item)
            left -= 1
            if len(batch) >= size:
                yield "items", batch
                # Small batches at the end as at the start: the checking process checks the
                # last one after this process is done, alone.
                batch, size = [], _BATCH if left > 2 * _BATCH else _FIRST_BATCH
        yield "items", batch
        yield "done", None
    except FileProblem as problem:
        yield "file", problem.problem
    except Exception:  # noqa: BLE001 - reading it again here reports it
        yield "failed", None
