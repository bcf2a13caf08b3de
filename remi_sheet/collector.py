"""Python's cyclic garbage collector, paused while remi builds big, long-lived object graphs.

Reading a notebook makes millions of cells, entries and scores; openpyxl makes millions of
cells and styles. All of them stay alive until the command ends, and almost none form
cycles, yet the collector walks every one of them again each time enough new objects have
been made: a quarter of reading a big notebook, a tenth of scoring one. Reference counting
frees everything as usual while it is paused.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


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
