"""Where a command writes, checked before any work starts: no output destroys an input.

Every command that writes a file checks its target here first: the ending must be that of
what it writes, the target is never one of the command's inputs (through a link or not),
its folder must exist, and a file already there must be of the kind written (a PDF is
never written over a workbook, nor a workbook over a text, and the season's workbook only
over a season's workbook: never over a notebook). A mistake in the names given is
a command-line mistake (exit 2); a target that cannot be written is one clear line (exit 1).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from remi_sheet.cli import language
from remi_sheet.cli.options import fail, usage_error
from remi_sheet.commands.outputs import another_notebook, another_workbook, same_file
from remi_sheet.core.problems import Problem
from remi_sheet.i18n import Lang, Phrase, listed, say
from remi_sheet.reading.files import regular_file
from remi_sheet.reading.ods import is_ods_file
from remi_sheet.reading.sheet_names import workbook_sheet_names

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


def check_target(
    target: Path,
    kind: str | tuple[str, ...],
    lang: Lang | None,
    *,
    inputs: Sequence[Path] = (),
    outputs: Sequence[Path] = (),
    json_output: bool = False,
    lang_from: Sequence[Path] = (),
) -> None:
    """Stop unless `target` may receive a file of `kind` (a key of `SUFFIXES`, or several:
    the one whose ending `target` has) written by a command that reads `inputs` and writes
    `outputs` besides. Without --lang (`lang` None) a refusal speaks the language of the
    notebook among `inputs`, `target` and `lang_from`, as the command would once it had
    read it."""
    kinds = (kind,) if isinstance(kind, str) else kind
    suffixes = tuple(suffix for each in kinds for suffix in SUFFIXES[each])

    def said() -> Lang:  # only when refusing: it may open the notebook's zip
        return language.said(lang, *inputs, target, *lang_from)

    # The notebook itself named as the output is said as that, whatever its ending.
    for source in inputs:
        if same_file(target, source):
            key = "output_is_input" if target.name == source.name else "output_is_input_linked"
            usage_error(key, said(), name=target.name, source=source.name)
    if target.suffix.lower() not in suffixes:
        if "workbook" in kinds and is_ods_file(target):  # a notebook kept as .ods: read only
            fail(Problem("file_ods", params={"path": str(target)}), said(), json_output)
        speaking = said()
        named = listed([say(KIND_NAMES[each], speaking) for each in kinds], speaking, "or")
        usage_error(
            "output_suffix", speaking, name=target.name, kind=named,
            suffixes=listed(list(suffixes), speaking, "or"),
        )  # fmt: skip
    kind = next(each for each in kinds if target.suffix.lower() in SUFFIXES[each])
    for other in outputs:
        if same_file(target, other):
            usage_error("outputs_same", said(), name=target.name)
    try:
        real = target.resolve()
        if not real.parent.is_dir():
            problem = Problem("output_folder_missing", params={"path": str(target)})
            fail(problem, said(), json_output)
        if real.is_dir():
            params = {"path": str(target), "kind": Phrase(KIND_NAMES[kind])}
            fail(Problem("output_is_folder", params=params), said(), json_output)
        exists = real.exists()
    except PermissionError:  # a folder on the way that the user may not enter
        fail(Problem("output_folder_closed", params={"path": str(target)}), said(), json_output)
    if exists and not regular_file(real):
        # Looked at before anything opens it: opening a pipe waits for a writer for ever,
        # and a device renamed over would be replaced (`/dev/null`, as root).
        fail(Problem("output_not_regular", params={"path": str(target)}), said(), json_output)
    if exists and not os.access(real, os.R_OK):
        # Not "of another kind": what it holds cannot be seen (`--into`, a file to replace).
        fail(Problem("file_unreadable", params={"path": str(target)}), said(), json_output)
    refused = _other_kind(target, real, kind) if exists else None
    if refused is not None:
        fail(refused, said(), json_output)


def _other_kind(target: Path, real: Path, kind: str) -> Problem | None:
    """Why the file at `target` (`real`, its links followed) may not be replaced by a file
    of `kind`: it holds another kind, or, for the season's workbook, a workbook remi did
    not write as a season (a notebook, or anybody's own: never replaced)."""
    if not is_kind(real, kind):
        params = {"path": str(target), "kind": Phrase(KIND_NAMES[kind])}
        return Problem("output_other_kind", params=params)
    return another_workbook(target) if kind == "season" else None


def refuse_another_notebook(
    target: Path, source: Path, lang: Lang | None, *, json_output: bool = False
) -> None:
    """Stop when the workbook at `target`, where the scored `source` is to be written, is
    another notebook (`another_notebook`)."""
    if target.exists() and not same_file(target, source):
        # A list that cannot be read here (damaged, or over a megabyte) refuses nothing:
        # the target is replaced as before, its old version kept as a backup.
        ours = workbook_sheet_names(source)
        problem = another_notebook(target, source.name, ours) if ours else None
        if problem is not None:
            fail(problem, language.said(lang, source, target), json_output)


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
