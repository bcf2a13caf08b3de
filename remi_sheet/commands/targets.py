"""Where a command writes, checked before any work starts: no output destroys an input.

Every use case that writes a file checks its target here first: the ending must be that of
what it writes, the target is never one of the command's inputs (through a link or not),
its folder must exist, and a file already there must be of the kind written (a PDF is
never written over a workbook, nor a workbook over a text, and the season's workbook only
over a season's workbook: never over a notebook). A mistake in the names given is an
`ArgumentError` (the command line's own mistake, exit 2); a target that cannot be written
is a `RemiError` (exit 1).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, cast

from remi_sheet.commands.outputs import another_workbook, same_file
from remi_sheet.core.problems import ArgumentError, Problem, RemiError
from remi_sheet.i18n import Lang, Phrase, listed, say
from remi_sheet.reading.files import regular_file
from remi_sheet.reading.ods import is_ods_file

SUFFIXES: Final[dict[str, tuple[str, ...]]] = {
    "workbook": (".xlsx", ".xlsm"),
    "pdf": (".pdf",),
    "html": (".html", ".htm"),
    "season": (".xlsx",),  # the season's workbook: replaces only a season workbook
}
# A kind of file → the key of its name ("an Excel workbook").
KIND_NAMES: Final = {
    "workbook": "kind_workbook",
    "pdf": "kind_pdf",
    "html": "kind_html",
    "season": "kind_season",
}
_HEAD_BYTES: Final = 2048


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a target is refused: `problem`, and whether it is a mistake in the names given
    (`argument`) rather than in the file found there."""

    problem: Problem
    argument: bool = False

    def said_in(self, lang: Lang) -> Problem:
        """The problem, its lists of kinds and endings said in `lang` ("an Excel workbook
        or a PDF")."""
        params = self.problem.params
        if "kinds" not in params:
            return self.problem
        kinds = cast("tuple[str, ...]", params["kinds"])
        suffixes = cast("tuple[str, ...]", params["suffixes"])
        named = listed([say(KIND_NAMES[each], lang) for each in kinds], lang, "or")
        endings = listed(list(suffixes), lang, "or")
        return Problem(
            self.problem.code,
            params={"name": params["name"], "kind": named, "suffixes": endings},
        )


def check_target(
    target: Path,
    kind: str | tuple[str, ...],
    lang: Lang | None = None,
    *,
    inputs: Sequence[Path] = (),
    outputs: Sequence[Path] = (),
    notebook: bool = False,
) -> None:
    """`ArgumentError` or `RemiError` unless `target` may receive a file of `kind`
    (`refusal`); said in `lang` (None: English)."""
    found = refusal(target, kind, inputs=inputs, outputs=outputs, notebook=notebook)
    if found is None:
        return
    problem = found.said_in(lang or "en")
    if found.argument:
        raise ArgumentError(lang or "en", problem.code, **problem.params)
    raise RemiError(problem)


def refusal(
    target: Path,
    kind: str | tuple[str, ...],
    *,
    inputs: Sequence[Path] = (),
    outputs: Sequence[Path] = (),
    notebook: bool = False,
) -> Refusal | None:
    """Why `target` may not receive a file of `kind` (a key of `SUFFIXES`, or several: the
    one whose ending `target` has) written by a command that reads `inputs` and writes
    `outputs` besides; None when it may. `notebook`: `target` is the notebook the command
    writes into (`import --into`), whose .ods is told as a notebook remi only reads; any
    other target's .ods is the wrong ending."""
    try:
        return _refusal(target, kind, inputs, outputs, notebook)
    except RuntimeError:  # Python 3.11 and 3.12 say so of a link that leads to itself
        return Refusal(Problem("output_link_loop", params={"path": str(target)}))
    except OSError as error:  # 3.13 says it with ELOOP
        if error.errno != errno.ELOOP:
            raise
        return Refusal(Problem("output_link_loop", params={"path": str(target)}))


def _refusal(
    target: Path,
    kind: str | tuple[str, ...],
    inputs: Sequence[Path],
    outputs: Sequence[Path],
    notebook: bool,
) -> Refusal | None:
    kinds = (kind,) if isinstance(kind, str) else kind
    suffixes = tuple(suffix for each in kinds for suffix in SUFFIXES[each])
    # The notebook itself named as the output is said as that, whatever its ending.
    for source in inputs:
        if same_file(target, source):
            key = "output_is_input" if target.name == source.name else "output_is_input_linked"
            return _mistake(key, name=target.name, source=source.name)
    if target.suffix.lower() not in suffixes:
        if notebook and is_ods_file(target):  # a notebook kept as .ods: read only
            return Refusal(Problem("file_ods", params={"path": str(target)}))
        return _mistake("output_suffix", name=target.name, kinds=kinds, suffixes=suffixes)
    kind = next(each for each in kinds if target.suffix.lower() in SUFFIXES[each])
    for other in outputs:
        if same_file(target, other):
            return _mistake("outputs_same", name=target.name)
    try:
        real = target.resolve()
        if not real.parent.is_dir():
            return Refusal(Problem("output_folder_missing", params={"path": str(target)}))
        if real.is_dir():
            params = {"path": str(target), "kind": Phrase(KIND_NAMES[kind])}
            return Refusal(Problem("output_is_folder", params=params))
        exists = real.exists()
    except PermissionError:  # a folder on the way that the user may not enter
        return Refusal(Problem("output_folder_closed", params={"path": str(target)}))
    if exists and not regular_file(real):
        # Looked at before anything opens it: opening a pipe waits for a writer for ever,
        # and a device renamed over would be replaced (`/dev/null`, as root).
        return Refusal(Problem("output_not_regular", params={"path": str(target)}))
    if exists and not os.access(real, os.R_OK):
        # Not "of another kind": what it holds cannot be seen (`--into`, a file to replace).
        return Refusal(Problem("file_unreadable", params={"path": str(target)}))
    refused = _other_kind(target, real, kind) if exists else None
    return Refusal(refused) if refused is not None else None


def _mistake(key: str, **params: object) -> Refusal:
    return Refusal(Problem(key, params=params), argument=True)


def _other_kind(target: Path, real: Path, kind: str) -> Problem | None:
    """Why the file at `target` (`real`, its links followed) may not be replaced by a file
    of `kind`: it holds another kind, or, for the season's workbook, a workbook remi did
    not write as a season (a notebook, or anybody's own: never replaced)."""
    if not is_kind(real, kind):
        params = {"path": str(target), "kind": Phrase(KIND_NAMES[kind])}
        return Problem("output_other_kind", params=params)
    return another_workbook(target) if kind == "season" else None


def is_kind(path: Path, kind: str) -> bool:
    """Whether the file at `path` holds a file of `kind` (an empty file holds nothing)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(_HEAD_BYTES)
    except OSError:
        return False
    if not head:
        return True
    if kind == "pdf":
        return head.startswith(b"%PDF")
    if kind in ("workbook", "season"):
        return head.startswith(b"PK\x03\x04")
    text = head.removeprefix(b"\xef\xbb\xbf").lstrip().lower()
    return text.startswith((b"<!doctype html", b"<html"))
