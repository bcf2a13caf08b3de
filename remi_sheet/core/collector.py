"""Python's cyclic garbage collector, paused while remi builds big, long-lived object graphs.

Reading a notebook makes millions of cells, entries and scores; openpyxl makes millions of
cells and styles. All of them stay alive until the command ends, and almost none form
cycles, yet the collector walks every one of them again each time enough new objects have
been made: a quarter of reading a big notebook, a tenth of scoring one. Reference counting
frees everything as usual while it is paused.

The `remi` program leaves with `os._exit`, which hands all memory back at once; freeing a
big notebook object by object when a command is done with it only delays that
(`keep_until_exit`).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

# What is kept alive until the process ends; None unless the `remi` program leaves with
# `os._exit` (as a library, remi frees what it made as usual).
_kept: list[object] | None = None


def freed_at_exit() -> None:
    """Called by the `remi` program, which leaves with `os._exit`: from now on
    `keep_until_exit` keeps what it is given."""
    global _kept  # noqa: PLW0603 - one switch for the whole process
    if _kept is None:
        _kept = []


def keep_until_exit(thing: object) -> None:
    """Keep `thing` alive until the process ends, when the program leaves with `os._exit`:
    freeing a big notebook cell by cell is work the system does at once."""
    if _kept is not None:
        _kept.append(thing)


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """The collector off inside; afterwards everything alive goes straight to the oldest
    generation (frozen, then thawed there), so that the next young collection does not
    walk it all either. Garbage among it is still found by the next full collection."""
    if not gc.isenabled():
        yield  # paused already, by whoever will resume it
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        gc.enable()
