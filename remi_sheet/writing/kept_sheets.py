"""Sheets kept byte for byte: the parts of a workbook's sheets that a save does not change,
handed to openpyxl empty and put back as they were after it saved.

openpyxl reads every cell of a workbook it loads and writes every cell back. In a live
notebook of a season that is most of a command's time, though `score` changes only the
Standings and remi's record there, and `new --add-game` and `import` add sheets beside
the others. A sheet remi will not change and that refers to no other part (it has no
relationships: no drawing, comment, link, table or printer settings, which openpyxl would
renumber) is loaded as an empty sheet; after the save its part goes back as it was read,
with the values its formulas last showed. Keeping a part is also the most faithful copy
there is: nothing of it passes through a reader that might drop it.

The kept part names the workbook's cell formats and conditional formats by their places,
and its text by its place in the shared strings. openpyxl writes the formats it read in
their order and appends its own, and writes its own text in the cells (openpyxl 3.1), so
the workbook's shared strings go back beside it as they were read. `restore` checks that
each format's place holds the same look (font, fill, border, number format, alignment,
protection, named style) and raises `CannotKeep` where it does not, or where a part needs
what openpyxl drops (cell metadata), so that the caller loads the workbook whole instead
(`whole_if_needed`).
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

from remi_sheet.reading import compat, package, tolerant
from remi_sheet.reading.contents import Contents
from remi_sheet.reading.grid import EMPTY_SHEET

_STYLES: Final = "xl/styles.xml"  # where openpyxl reads and writes a workbook's formats
_STRINGS: Final = "xl/sharedStrings.xml"
_STRINGS_TYPE: Final = (
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"
)
_STRINGS_CONTENT: Final = (
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
)
_BOOK_RELS: Final = "xl/_rels/workbook.xml.rels"
_TYPES: Final = "[Content_Types].xml"
# What a kept part may not hold: an autofilter, and cell and value metadata (dynamic
# arrays, pictures in cells), whose attributes point into a part openpyxl drops.
_NOT_KEPT: Final = (b"<autoFilter", b' cm="', b' vm="')

T = TypeVar("T")


class CannotKeep(Exception):
    """A kept sheet's part would not mean in the saved workbook what it meant: the workbook
    must be loaded whole."""


def keepable(
    source: Path | Contents,
    titles: Iterable[str],
    fits: Callable[[str, bytes], bool] | None = None,
) -> dict[str, str]:
    """Of the sheets `titles`, those whose part can be kept as it is: title → zip member.
    `fits`: whether a sheet's part (title, its XML) is as the save would leave it (a live
    game's input check as remi makes it now). Not kept either: a sheet with an autofilter
    (its hidden defined name is openpyxl's to write, from the sheet it loaded) or with cell
    metadata (the part its attributes point into is one openpyxl drops). Each part is read
    whole here, which checks it (`compat.part_bytes`): `restore` copies it as it lies."""
    wanted = set(titles)
    if not wanted:
        return {}
    with tolerant.open_zip(source) as archive:
        names = archive.NameToInfo
        if _STYLES not in names:
            return {}
        parts = package.sheet_parts(archive)
        members = list(parts.values())
        found: dict[str, str] = {}
        for title, member in parts.items():
            folder, base = posixpath.split(member)
            if (
                title in wanted
                and member in names
                and members.count(member) == 1
                and posixpath.join(folder, "_rels", base + ".rels") not in names
            ):
                data = compat.part_bytes(archive, member)
                if not any(mark in data for mark in _NOT_KEPT) and (
                    fits is None or fits(title, data)
                ):
                    found[title] = member
    return found


def stubbed(source: Path | Contents, kept: Mapping[str, str]) -> io.BytesIO:
    """The workbook at `source` with the `kept` sheets' parts empty, for openpyxl to load."""
    empty = set(kept.values())
    made = io.BytesIO()
    with tolerant.open_zip(source) as archive, zipfile.ZipFile(made, "w") as out:
        for item in archive.infolist():
            data = EMPTY_SHEET if item.filename in empty else compat.part_bytes(archive, item)
            out.writestr(item.filename, data)  # stored: only openpyxl reads it, at once
    made.seek(0)
    return made


def restore(temporary: Path, source: Path | Contents, kept: Mapping[str, str]) -> None:
    """Put the `kept` sheets' parts of `source` back into the workbook openpyxl saved at
    `temporary`, in place, with the shared strings they read; `CannotKeep` when they would
    not mean there what they meant."""
    if not kept:
        return
    with tolerant.open_zip(source) as old, zipfile.ZipFile(temporary) as new:
        if not _same_looks(old, new):
            raise CannotKeep
        saved = package.sheet_parts(new)
        back = {saved[title]: old.getinfo(member) for title, member in kept.items()}
        parts: dict[str, bytes] = {}
        strings = _strings_part(old)
        if strings is not None:
            if _strings_part(new) is not None or _STRINGS in new.NameToInfo:
                raise CannotKeep  # openpyxl wrote strings of its own there
            parts[_STRINGS] = compat.part_bytes(old, strings)
            parts[_TYPES] = _with_strings_type(compat.part_bytes(new, _TYPES))
            parts[_BOOK_RELS] = _with_strings_relation(compat.part_bytes(new, _BOOK_RELS))
        made = io.BytesIO()
        with zipfile.ZipFile(made, "w", zipfile.ZIP_DEFLATED) as out:
            for item in new.infolist():
                if item.filename in back:
                    compat.copy_part(out, old, back[item.filename], item.filename)
                elif item.filename in parts:
                    out.writestr(item, parts.pop(item.filename))
                else:
                    compat.copy_part(out, new, item, item.filename)
            for name, data in parts.items():
                out.writestr(name, data)
    temporary.write_bytes(made.getbuffer())
    _check_found(temporary, source, kept)


def _check_found(temporary: Path, source: Path | Contents, kept: Mapping[str, str]) -> None:
    """`CannotKeep` unless the saved workbook's own index leads to each kept sheet's part
    as it was read, and to the shared strings it read: the read-back reads no kept sheet's
    cells (`saving._check_readback`), so this is where a part put under the wrong name, or
    strings a reader would not find, shows."""
    with tolerant.open_zip(source) as old, zipfile.ZipFile(temporary) as written:
        found = package.sheet_parts(written)
        strings, wanted = _strings_part(written), _strings_part(old)
        for title, member in kept.items():
            part = found.get(title)
            if part is None or written.getinfo(part).CRC != old.getinfo(member).CRC:
                raise CannotKeep
        if wanted is not None and (
            strings is None or written.getinfo(strings).CRC != old.getinfo(wanted).CRC
        ):
            raise CannotKeep


def _strings_part(archive: zipfile.ZipFile) -> str | None:
    """The zip member of the workbook's shared strings, if it has any: the one its
    relationship names, else the one at the usual place, which calamine and openpyxl read
    without a relationship too."""
    if _BOOK_RELS in archive.NameToInfo:
        for relation in package.elements(
            compat.part_bytes(archive, _BOOK_RELS), _BOOK_RELS, "Relationship"
        ):
            if relation.get("Type", "").endswith("/sharedStrings"):
                target = relation.get("Target", "")
                member = target[1:] if target.startswith("/") else posixpath.join("xl", target)
                member = posixpath.normpath(member)
                if member in archive.NameToInfo:
                    return member
    return _STRINGS if _STRINGS in archive.NameToInfo else None


def _with_strings_type(types: bytes) -> bytes:
    override = f'<Override PartName="/{_STRINGS}" ContentType="{_STRINGS_CONTENT}"/>'
    return _before_last(types, b"</Types>", override.encode())


def _with_strings_relation(relations: bytes) -> bytes:
    number = 1
    while f'Id="rId{number}"'.encode() in relations:
        number += 1
    relation = (
        f'<Relationship Id="rId{number}" Type="{_STRINGS_TYPE}" '
        f'Target="{_STRINGS.removeprefix("xl/")}"/>'
    )
    return _before_last(relations, b"</Relationships>", relation.encode())


def _before_last(xml: bytes, end: bytes, insert: bytes) -> bytes:
    at = xml.rfind(end)
    if at < 0:
        raise CannotKeep
    return xml[:at] + insert + xml[at:]


def whole_if_needed(run: Callable[[bool], T]) -> T:
    """`run(True)`, keeping sheets; `run(False)`, loading the workbook whole, when they
    cannot be kept."""
    try:
        return run(True)
    except CannotKeep:
        return run(False)


def _same_looks(old: zipfile.ZipFile, new: zipfile.ZipFile) -> bool:
    """Whether every cell format and conditional format of `old` is at its place in `new`
    with the same look."""
    before, after = _looks(old), _looks(new)
    return all(after[kind][: len(looks)] == looks for kind, looks in before.items())


def _looks(archive: zipfile.ZipFile) -> dict[str, list[Any]]:
    """The look of each cell format and conditional format of the workbook, by place, as
    openpyxl reads them (what a cell shows, not how the file numbers its parts)."""
    from openpyxl.styles.numbers import BUILTIN_FORMATS
    from openpyxl.styles.stylesheet import Stylesheet
    from openpyxl.xml.functions import fromstring

    sheet = Stylesheet.from_tree(fromstring(compat.part_bytes(archive, _STYLES)))
    named = {style.xfId: style.name for style in sheet.cellStyles.cellStyle}
    custom = sheet.number_formats

    def code(number: int) -> str | None:
        if number >= 164 and number - 164 < len(custom):
            return str(custom[number - 164])
        builtin = BUILTIN_FORMATS.get(number)
        return None if builtin is None else str(builtin)

    def part(items: Any, index: int) -> Any:
        return items[index] if 0 <= index < len(items) else None

    cells = [
        (
            part(sheet.fonts, array.fontId),
            part(sheet.fills, array.fillId),
            part(sheet.borders, array.borderId),
            code(array.numFmtId),
            part(sheet.alignments, array.alignmentId),
            part(sheet.protections, array.protectionId),
            named.get(array.xfId),
            array.quotePrefix,
        )
        for array in sheet.cell_styles
    ]
    return {"cells": cells, "conditional": list(sheet.dxfs)}
