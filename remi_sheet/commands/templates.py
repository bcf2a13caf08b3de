"""`remi templates`: remi's templates and stylesheet copied into a folder of the user's, to
make a club's own (`--template DIR` of `report` and `stats -o` prints with them).

Nothing is ever written over: a file the folder holds already is left as it is when it is
remi's own, byte for byte; one that differs, or that is no plain file (a link, a folder, a
pipe), stops the copy before anything is written.
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from remi_sheet.core.problems import RemiError


@dataclass(frozen=True, slots=True)
class Copied:
    """What `copy_templates` did in `folder`: the files it wrote (`written`), and those
    that were there already as remi has them (`kept`)."""

    folder: Path
    written: tuple[Path, ...]
    kept: tuple[Path, ...]


def own_templates() -> list[Path]:
    """Every template and stylesheet remi prints with, by name."""
    from remi_sheet.report import default_template_dir

    found = default_template_dir().iterdir()
    return sorted(path for path in found if path.suffix in (".html", ".css") and path.is_file())


def copy_templates(folder: Path) -> Copied:
    """Copy `own_templates` into `folder` (made when missing). `RemiError` when `folder` is
    no folder, when a file of one of their names there differs from remi's or is no plain
    file (then nothing is written), or when the system refuses a write."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise RemiError("templates_not_folder", folder=str(folder)) from None
    except OSError as error:
        raise _failed(folder, error) from None
    if not folder.is_dir():  # a link to a file
        raise RemiError("templates_not_folder", folder=str(folder))
    wanted: list[tuple[Path, bytes]] = []
    kept: list[Path] = []
    differ: list[str] = []
    for own in own_templates():
        target = folder / own.name
        data = own.read_bytes()
        there = _there(target, len(data))
        if there is None:
            wanted.append((target, data))
        elif there == data:
            kept.append(target)
        else:
            differ.append(own.name)
    if differ:
        raise RemiError("templates_differ", folder=str(folder), names=tuple(differ))
    written: list[Path] = []
    for target, data in wanted:
        _write_new(target, data)
        written.append(target)
    return Copied(folder, tuple(written), tuple(kept))


def _there(path: Path, size: int) -> bytes | None:
    """The bytes of the plain file at `path` (at most `size` + 1 of them: enough to tell
    it from remi's), or None when there is none. `RemiError` for anything but a plain file,
    a link too: nothing is read or written through it."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:
        raise RemiError("file_unreadable", path=str(path)) from None
    if not stat.S_ISREG(found.st_mode):
        raise RemiError("templates_not_regular", path=str(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(path, flags | getattr(os, "O_BINARY", 0))
        with open(handle, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):  # put there meanwhile
                raise RemiError("templates_not_regular", path=str(path))
            return file.read(size + 1)
    except OSError:
        raise RemiError("file_unreadable", path=str(path)) from None


def _write_new(path: Path, data: bytes) -> None:
    """`data` as the new file `path`: created only if nothing is there (a file, a link,
    anything put there since it was looked at is never written over or through), flushed
    to disk; a half-written one is removed."""
    try:
        file = open(path, "xb")  # noqa: SIM115 - closed below, removed when the write fails
    except FileExistsError:
        raise RemiError("templates_differ", folder=str(path.parent), names=(path.name,)) from None
    except OSError as error:
        raise _failed(path, error) from None
    try:
        with file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
    except OSError as error:
        with contextlib.suppress(OSError):
            path.unlink()
        raise _failed(path, error) from None


def _failed(path: Path, error: OSError) -> RemiError:
    from remi_sheet.reading import files

    return RemiError(files.write_failed(path, error))
