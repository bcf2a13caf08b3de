"""A workbook file as one read of it took it: every later stage of a command (the sheets'
values, openpyxl's loading for writing, what a save compares) reads these bytes, never the
file again, so that what a person saves meanwhile is never half read."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True, eq=False)
class Contents:
    """The bytes of the workbook file at `path` (its zip made readable, `tolerant.readable`)
    and the file's status when they were read (`files.Identity.of`)."""

    path: Path
    data: bytes
    status: os.stat_result

    def opened(self) -> io.BytesIO:
        return io.BytesIO(self.data)


def path_of(source: Path | Contents) -> Path:
    return source.path if isinstance(source, Contents) else source
