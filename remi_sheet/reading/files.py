"""Opening and replacing workbook files without surprises.

`sniff` looks at a path before any spreadsheet library touches it, so that a missing file,
a folder, an old `.xls`, an `.ods` (which only the reading commands read, `grid`) or a
password-protected workbook is one clear problem rather than a library's traceback.
`replace_atomically` writes through a temporary file in the same folder, so that the
workbook on disk is always the old one or the complete new one.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import re
import stat
import zipfile
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final, NamedTuple

from remi_sheet.core.problems import Problem, RemiError
from remi_sheet.i18n import Phrase
from remi_sheet.reading import ods, package, tolerant
from remi_sheet.reading.contents import Contents

_ZIP = b"PK\x03\x04"
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # compound file: .xls, or an encrypted .xlsx
_ENCRYPTED_STREAM = "EncryptionInfo".encode("utf-16-le")
# The first record of an Excel 2.x–4.x worksheet saved bare, without a compound file: a
# BOF record (0x0009, 0x0209, 0x0409), then its length.
_OLD_BIFF: Final = tuple(
    bytes([9, version, length, 0]) for version in (0, 2, 4) for length in (4, 6)
)


def is_old_excel(head: bytes) -> bool:
    """Whether a file starting with `head` is an .xls: a compound file or a bare BIFF one."""
    return head.startswith((_OLE, *_OLD_BIFF))


def sniff(path: Path, *, package_checks: bool = True) -> Problem | None:
    """A problem when `path` cannot be an .xlsx workbook we can read, else None.

    `package_checks`: also open the zip and check it (`check_archive`). A caller that reads
    the workbook with `grid.read_sheets` can leave that out: it checks the zip it opens, in
    the process that reads, and a big notebook's zip is not opened twice.
    """
    shown = str(path)
    try:
        problem = path_problem(path)
        if problem is not None:
            return problem
        with path.open("rb") as handle:
            head = handle.read(8)
            # The stream directory of a compound file can sit anywhere in it.
            rest = handle.read(64 << 20) if head == _OLE else b""
    except PermissionError:
        return Problem("file_unreadable", params={"path": shown})
    except OSError as error:
        return Problem("file_not_xlsx", params={"path": shown, "reason": os_reason(error)})
    problem = _head_problem(path, head, rest)
    if problem is not None or not package_checks:
        return problem
    try:
        with tolerant.open_zip(path) as archive:
            return check_archive(archive, path)
    except DAMAGED_ZIP as error:
        return damaged(path, error)


def path_problem(path: Path) -> Problem | None:
    """A problem when there is no file at `path` to read (missing, a folder, a pipe), told
    from the file system alone: nothing is opened."""
    shown = str(path)
    try:
        if not path.exists():
            return Problem("file_missing", params={"path": shown})
        if path.is_dir():
            return elsewhere(path) or Problem("file_is_dir", params={"path": shown})
        if not path.is_file():  # a FIFO or a device would make reading it wait for ever
            return Problem("file_not_regular", params={"path": shown})
    except PermissionError:
        return Problem("file_unreadable", params={"path": shown})
    except OSError as error:
        return Problem("file_not_xlsx", params={"path": shown, "reason": os_reason(error)})
    return None


def read_workbook(path: Path, *, package_checks: bool = False) -> Contents:
    """The file at `path` read once, whole, after `sniff`'s looks at it: every later stage
    of the command reads these bytes. `package_checks`: the zip's too, as `sniff` makes
    them, for a command that writes (reading checks the zip it reads, but reads an .ods,
    which no command writes). `RemiError` for a file that is no workbook remi reads, or
    too big to read."""
    shown = str(path)
    problem = path_problem(path)
    if problem is not None:
        raise RemiError(problem)
    try:
        with path.open("rb") as handle:
            status = os.fstat(handle.fileno())
            if not stat.S_ISREG(status.st_mode):  # replaced by a pipe since it was looked at
                raise RemiError(Problem("file_not_regular", params={"path": shown}))
            if status.st_size > package.MAX_FILE_BYTES:
                size, limit = package.mb(status.st_size), package.mb(package.MAX_FILE_BYTES)
                params = {"path": shown, "part": path.name, "size": size, "limit": limit}
                raise RemiError(Problem("file_too_big", params=params))
            data = handle.read(package.MAX_FILE_BYTES + 1)
    except PermissionError:
        raise RemiError(Problem("file_unreadable", params={"path": shown})) from None
    except OSError as error:
        reason = os_reason(error)
        raise RemiError(
            Problem("file_not_xlsx", params={"path": shown, "reason": reason})
        ) from None
    problem = _head_problem(path, data[:8], data[8:] if data[:8] == _OLE else b"")
    if problem is not None:
        raise RemiError(problem)
    contents = Contents(path, tolerant.readable(data), status)
    if package_checks:
        try:
            with tolerant.open_zip(contents) as archive:
                problem = check_archive(archive, path)
        except DAMAGED_ZIP as error:
            problem = damaged(path, error)
        if problem is not None:
            raise RemiError(problem)
    return contents


def _head_problem(path: Path, head: bytes, rest: bytes) -> Problem | None:
    """A problem when a file that starts with `head` (an OLE file's `rest` after it) is no
    zip a workbook can be: an .xls, an encrypted workbook, a CSV, empty, another kind."""
    shown = str(path)
    if head == _OLE:
        code = "file_encrypted" if _ENCRYPTED_STREAM in rest else "file_xls"
        return Problem(code, params={"path": shown})
    if is_old_excel(head):
        return Problem("file_xls", params={"path": shown})
    if not head.startswith(_ZIP):
        found = elsewhere(path)
        if found is not None:
            return found
        if head and path.suffix.lower() in (".csv", ".tsv", ".txt"):
            return Problem("file_csv", params={"path": shown})  # paper records, or an export
        kind = "reason_empty" if not head else "reason_pdf" if head.startswith(b"%PDF") else ""
        reason = Phrase(kind or "reason_not_zip")
        return Problem("file_not_xlsx", params={"path": shown, "reason": reason})
    return None


# Google Drive's shortcuts to a spreadsheet online, as its desktop client leaves them.
_SHORTCUTS: Final = frozenset({".gsheet", ".gsheets"})


def elsewhere(path: Path) -> Problem | None:
    """A spreadsheet that is not in the file at `path` as a workbook is, with how to get
    one: a Numbers document saved as a package (a folder, on a Mac), or a Google Drive
    shortcut (a few bytes of JSON naming the sheet online). None for anything else."""
    shown = str(path)
    if path.is_dir():
        is_numbers = path.suffix.lower() == ".numbers"
        return Problem("file_numbers", params={"path": shown}) if is_numbers else None
    if path.suffix.lower() in _SHORTCUTS:
        return Problem("file_gsheet", params={"path": shown})
    return None


# What zipfile raises for a damaged archive.
DAMAGED_ZIP: Final = (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError)


def damaged(path: Path, error: Exception, part: str | None = None) -> Problem:
    """The problem of a workbook whose zip is damaged (`part`: in that part of it)."""
    reason = Phrase("reason_part_damaged", {"part": part}) if part else Phrase("reason_zip_damaged")
    return Problem(
        "file_not_xlsx", params={"path": str(path), "reason": reason, "detail": str(error)}
    )


def refused(path: Path, error: RemiError) -> Problem:
    """The problem of a workbook over a limit of `package`'s (sizes, entities, extent)."""
    return Problem(error.code, params={"path": str(path), **error.params})


def check_archive(archive: zipfile.ZipFile, path: Path, own_sheets: int = 0) -> Problem | None:
    """A problem when the open zip `archive` (of `path`) is no workbook that can be read
    safely: over the size limits, declaring XML entities, an .ods, no workbook part."""
    shown = str(path)
    try:
        names = set(archive.namelist())
        # What kind of file it is comes first: an .ods, even one with bytes after its end,
        # or an .xlsb is told as one, whatever else is odd about it.
        if ods.is_ods(archive):  # remi reads one (`grid`), and writes none
            return Problem("file_ods", params={"path": shown})
        if _binary_workbook(archive, names):
            return Problem("file_xlsb", params={"path": shown})
        if "Index/Document.iwa" in names or "Index.zip" in names:  # Numbers, as one file
            return Problem("file_numbers", params={"path": shown})
        if any(item.flag_bits & 0x1 for item in archive.infolist()):
            # A zip with a password on its parts (zip -P, 7-Zip): no program opens it as a
            # workbook; Excel's own password makes an OLE file (`sniff`).
            return Problem("file_encrypted", params={"path": shown})
        package.check_end(archive)
        package.check_names(archive)
        package.check_sizes(archive)
        package.check_no_dtd(archive)
        package.check_sheet_count(archive, own_sheets)
    except RemiError as error:
        return refused(path, error)
    except DAMAGED_ZIP as error:
        return damaged(path, error)
    # calamine reads a file it is handed by what it holds: the parts of another kind of
    # workbook beside an .xlsx's (a binary .xlsb's, an .ods's) could be read instead of it.
    folded = {name.casefold() for name in names}
    other = sorted(folded & {"xl/workbook.bin", "content.xml"})
    if other and "xl/workbook.xml" in names:
        reason = Phrase("reason_two_workbooks", {"part": other[0]})
        return Problem("file_odd", params={"path": shown, "reason": reason})
    if "xl/workbook.bin" in folded:
        return Problem("file_xlsb", params={"path": shown})
    if "xl/workbook.xml" in names and "xl/_rels/workbook.xml.rels" not in names:
        reason = Phrase("reason_no_rels")
        return Problem("file_not_xlsx", params={"path": shown, "reason": reason})
    if "xl/workbook.xml" not in names:
        elsewhere = _workbook_elsewhere(archive, names)
        if elsewhere is not None:
            return Problem("file_workbook_elsewhere", params={"path": shown, "part": elsewhere})
        reason = Phrase("reason_no_workbook")
        return Problem("file_not_xlsx", params={"path": shown, "reason": reason})
    return None


_BINARY_MAIN: Final = re.compile(
    rb"""Target\s*=\s*["'][^"']*\.bin["']|application/vnd\.ms-excel\.sheet\.binary""", re.IGNORECASE
)


def _binary_workbook(archive: zipfile.ZipFile, names: set[str]) -> bool:
    """True for an .xlsb: its main part, by the package's relationships or content types,
    is a binary workbook, and no xl/workbook.xml stands beside it."""
    if "xl/workbook.xml" in names:
        return False  # two workbooks in one: `check_archive` refuses it as odd
    for name in ("_rels/.rels", "[Content_Types].xml"):
        if name in names:
            with archive.open(name) as part:
                head = part.read(1 << 16)
            if name == "_rels/.rels":
                main = _main_relationship(head)
                if main and _BINARY_MAIN.search(main):
                    return True
            elif _BINARY_MAIN.search(head):
                return True
    return False


def _main_relationship(rels: bytes) -> bytes | None:
    """The package's relationship to its main part (the workbook), as written."""
    found = re.search(rb"""<[^>]*/officeDocument["'][^>]*>""", rels)
    return found[0] if found else None


def _workbook_elsewhere(archive: zipfile.ZipFile, names: set[str]) -> str | None:
    """The workbook part's name when the package puts it elsewhere than xl/workbook.xml
    (Excel reads it there; calamine, which remi reads with, does not)."""
    if "_rels/.rels" not in names:
        return None
    with archive.open("_rels/.rels") as part:
        main = _main_relationship(part.read(1 << 16))
    target = re.search(rb"""Target\s*=\s*["']([^"']*)["']""", main) if main else None
    if target is None:
        return None
    name = target[1].decode("utf-8", "replace").lstrip("/")
    return name if name in names and name != "xl/workbook.xml" else None


_OS_REASONS: Final = {
    errno.ENOSPC: "reason_disk_full",
    errno.EDQUOT: "reason_disk_full",
    errno.EACCES: "reason_permission",
    errno.EPERM: "reason_permission",
    errno.ENOENT: "reason_folder_missing",
    errno.EROFS: "reason_read_only_disk",
    errno.EISDIR: "reason_is_folder",
    errno.ENAMETOOLONG: "reason_name_too_long",
}


def os_reason(error: OSError) -> Phrase:
    """Why the system refused, said in the user's language where remi knows the reason
    (a full disk, no permission, …), else in the system's own words."""
    key = _OS_REASONS.get(error.errno or 0)
    if key is not None:
        return Phrase(key)
    return Phrase("reason_os", {"detail": error.strerror or str(error)})


def open_elsewhere(path: Path, *, copy: bool = True) -> Problem | None:
    """A problem when Excel or LibreOffice has the workbook open (their lock files exist);
    `copy`: the command can write a copy instead (`--output`), and the problem says so."""
    folder, name = path.parent, path.name
    candidates = [
        (folder / f"~${name}", "Excel"),
        (folder / f"~${name[2:]}", "Excel"),  # Excel drops the first two letters of long names
        (folder / f".~lock.{name}#", "LibreOffice"),
    ]
    for lock, program in candidates:
        if lock.exists():
            return Problem(
                "file_open_elsewhere" if copy else "file_open_elsewhere_close",
                params={"path": str(path), "lock": lock.name, "program": program},
            )
    return None


def read_only(path: Path, *, copy: bool = True) -> Problem | None:
    """A problem when the user may not change the workbook (remi could still replace it by
    renaming, which would be going behind the file's owner's back); `copy` as in
    `open_elsewhere`."""
    if os.access(path, os.W_OK) and _owner_may_write(path):
        return None
    return Problem("file_read_only" if copy else "file_read_only_kept", params={"path": str(path)})


def _owner_may_write(path: Path) -> bool:
    """Whether the file's own permissions let its owner write it: a file made read-only
    (`chmod a-w`, Windows' read-only mark) says "do not change" to root too, whom
    `os.access` lets write anything."""
    try:
        return bool(path.stat().st_mode & stat.S_IWUSR)
    except OSError:
        return True  # gone or unreachable: the write says so in its own words


LOCK_SECONDS: Final = 30.0  # how long remi waits for another remi writing the same file


def lock_seconds() -> float:
    """How long to wait for another remi's lock: REMI_LOCK_SECONDS, else `LOCK_SECONDS`."""
    text = os.environ.get("REMI_LOCK_SECONDS", "").strip()
    if not text:
        return LOCK_SECONDS
    # Digits with one decimal comma or point: `float` would take "1_0", "inf" and "1e9".
    if not re.fullmatch(r"\d+(?:[.,]\d*)?|[.,]\d+", text):
        raise RemiError("lock_seconds_wrong", value=text)
    return float(text.replace(",", "."))


@contextlib.contextmanager
def exclusive(path: Path, seconds: float | None = None) -> Iterator[None]:
    """Hold remi's own lock on `path`, so that two remi processes write it one at a time,
    waiting `seconds` (`lock_seconds` when None) for another's.

    The lock file lives in the system's temporary folder, named after the notebook's real
    path, not beside the shared notebook: nothing of remi's is left there. (Another machine's
    remi on a shared drive is kept from losing an update by `Identity` instead.)"""
    from filelock import FileLock, Timeout

    seconds = lock_seconds() if seconds is None else seconds
    lock = FileLock(lock_path(path))
    try:
        lock.acquire(timeout=seconds)
    except Timeout:
        raise RemiError(
            Problem("file_busy", params={"path": str(path), "seconds": seconds})
        ) from None
    try:
        yield
    finally:
        lock.release()


class Identity(NamedTuple):
    """What tells a file apart from the same file saved again: its inode, size and time."""

    inode: int
    size: int
    modified: int  # nanoseconds

    @classmethod
    def of(cls, status: os.stat_result) -> Identity:
        return cls(status.st_ino, status.st_size, status.st_mtime_ns)


_TEMPORARY: Final = ".remi-tmp"
_STALE_SECONDS: Final = 600  # a temporary file this old is a killed run's, not a running one's


def lock_path(path: Path) -> Path:
    """The lock file of the notebook at `path`, in the system's temporary folder: in a folder
    of the user's own, which no other user of the machine can fill or take (one made by the
    first user would be closed to everyone else)."""
    import hashlib
    import tempfile

    user = f"-{os.getuid()}" if hasattr(os, "getuid") else ""
    locks = Path(tempfile.gettempdir()) / f"remi-sheet-locks{user}"
    with contextlib.suppress(FileExistsError):  # a file or a link there: refused below
        locks.mkdir(mode=0o700)
    _check_lock_folder(locks)
    return locks / f"{hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:32]}.lock"


def _check_lock_folder(locks: Path) -> None:
    """`RemiError` unless `locks` is a folder (not a link) of the user's own that nobody
    else may write in. One another user made first (the name is known) could hold or fake
    every lock of remi's; a private folder made anew for the run instead would be one no
    other remi looks in, and two remis would no longer take turns: remi refuses."""
    if not hasattr(os, "getuid"):
        return  # Windows: the temporary folder is the user's own
    status = os.lstat(locks)
    if (
        stat.S_ISDIR(status.st_mode)
        and status.st_uid == os.getuid()
        and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    ):
        return
    raise RemiError(Problem("lock_folder_unsafe", params={"path": str(locks)}))


def regular_file(path: Path) -> bool:
    """Whether `path` (its links followed) is a regular file: no pipe, device, socket or
    folder, which no write of remi's may open or replace."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def same_bytes(new: Path, old: Path) -> bool:
    """Whether the file at `old` holds the very bytes just written at `new` (a page or a
    PDF made again from the same notebook): then it is left as it is."""
    import filecmp

    try:
        return filecmp.cmp(new, old, shallow=False)
    except OSError:
        return False


def replace_atomically(
    path: Path,
    write: Callable[[Path], None],
    *,
    expected: Identity | None = None,
    before: Callable[[], None] | None = None,
    same: Callable[[Path, Path], bool] | None = None,
) -> bool:
    """Call `write(temporary)` and move the result onto `path` in one rename; False when
    `same(temporary, path)` says the file there already holds it: then nothing is moved.

    The temporary file sits in the same folder as the real file (a rename is atomic only
    within one file system; a symbolic link is followed, so the link stays a link) and is
    flushed to disk before the rename, so that a crash at any moment leaves either the old
    file or the new one. A new file gets the permissions the umask gives; a replaced one
    keeps its own. `expected`: the file as it was read; when another program has saved it
    since, nothing is renamed over it (a `RemiError` says so). `before`: what to do once
    the new file is sure to replace the old one, just before it does (keep a backup: a
    refused write leaves an older backup as it was). Temporary files a killed run left
    beside the file are removed.
    """
    import tempfile  # only writing needs it; `remi check` starts without

    real = path.resolve()
    if real.exists() and not regular_file(real):
        # `check_target` refused it before any work; a pipe or device put there since is
        # never replaced either.
        raise RemiError(Problem("output_not_regular", params={"path": str(path)}))
    folder = real.parent
    suffix = f"{_TEMPORARY}{real.suffix}"  # openpyxl judges a file by its suffix
    _remove_stale(folder, f".{real.stem}.", suffix)
    try:
        handle, name = tempfile.mkstemp(
            prefix=f".{real.stem}.", suffix=f".{writer_tag()}{suffix}", dir=folder
        )
    except OSError as error:
        raise _write_failed(path, error) from None
    os.close(handle)
    temporary = Path(name)
    try:
        write(temporary)
        if same is not None and real.exists() and same(temporary, real):
            return False  # a second run on unchanged input changes nothing
        with temporary.open("rb+") as written:
            os.fsync(written.fileno())
        os.chmod(temporary, real.stat().st_mode & 0o7777 if real.exists() else _new_file_mode())
        _unchanged(real, path, expected)
        if before is not None:
            before()
            # The backup takes its time (a copy, flushed to a slow synced disk): a save
            # that lands meanwhile must not be renamed over either.
            _unchanged(real, path, expected)
        os.replace(temporary, real)
        _fsync_folder(folder)
    except OSError as error:  # a full disk, a folder made read-only meanwhile, …
        raise _write_failed(path, error) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
    return True


def _unchanged(real: Path, path: Path, expected: Identity | None) -> None:
    """A `RemiError` when the file at `real` (`path` as the user gave it) is no longer the
    one that was read (`expected`; None: nothing to compare)."""
    if expected is not None and Identity.of(real.stat()) != expected:
        raise RemiError(Problem("file_changed_meanwhile", params={"path": str(path)}))


def _write_failed(path: Path, error: OSError) -> RemiError:
    return RemiError(write_failed(path, error))


def write_failed(path: Path, error: OSError) -> Problem:
    """Why `path` could not be written; "the original is unchanged" only where there is one."""
    code = "file_write_failed" if path.exists() else "file_write_failed_new"
    return Problem(code, params={"path": str(path), "reason": os_reason(error)})


def writer_tag(pid: int | None = None) -> str:
    """What a temporary file's name says of the run writing it: this machine (a digest of
    its name, as a shared folder may be written from several) and the process `pid` (this
    one when None)."""
    import hashlib
    import socket

    host = hashlib.sha256(socket.gethostname().encode()).hexdigest()[:8]
    return f"{host}-{os.getpid() if pid is None else pid}"


_WRITER: Final = re.compile(r"\.(?P<host>[0-9a-f]{8})-(?P<pid>[0-9]{1,9})$")


def _remove_stale(folder: Path, prefix: str, suffix: str) -> None:
    """Remove the temporary files beside the file that a killed run left: those of a process
    of this machine that has ended, and any of another machine (or of an older remi, whose
    names say no process) untouched for `_STALE_SECONDS`."""
    import time

    now = time.time()
    with contextlib.suppress(OSError):
        for found in folder.glob(f"{glob.escape(prefix)}*{glob.escape(suffix)}"):
            with contextlib.suppress(OSError):
                if _ended(found.name[: -len(suffix)]) or (
                    now - found.stat().st_mtime > _STALE_SECONDS
                ):
                    found.unlink()


def _ended(stem: str) -> bool:
    """Whether the temporary file named `stem` (its suffix taken off) was written by a
    process of this machine that has ended."""
    tag = _WRITER.search(stem)
    if tag is None or os.name != "posix":  # on Windows, os.kill would end the process
        return False
    host, _ = writer_tag().split("-")
    pid = int(tag["pid"])
    if tag["host"] != host or pid == os.getpid() or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # another user's process: alive
        return False
    return False


def backup_first(path: Path) -> Callable[[], None]:
    """What `replace_atomically` calls `before` it replaces `path`: the file there kept as
    NAME.bak (`keep_backup`), when there is one (the notebook written in place, or an older
    copy); a failed write leaves an older backup as it was."""

    def back_up() -> None:
        if path.exists():
            keep_backup(path)

    return back_up


def keep_backup(path: Path) -> None:
    """Keep the file at `path` as NAME.bak (replacing an older one), written atomically, before
    `path` itself is replaced."""
    import shutil

    def copy(temporary: Path) -> None:
        shutil.copyfile(path, temporary)

    replace_atomically(backup_path(path), copy)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _new_file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _fsync_folder(folder: Path) -> None:
    # The rename itself is durable only once the folder's entry is on disk.
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
