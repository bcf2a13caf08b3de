"""What saving a workbook with openpyxl would lose or rebuild, found by comparing the
.xlsx package with its re-saved copy part by part (the catalogue's `lost_*` and
`rebuilt_*` names)."""

from __future__ import annotations

import posixpath
import zipfile
from collections import Counter
from collections.abc import Collection, Iterable
from typing import Final

from remi_sheet.i18n import Phrase
from remi_sheet.reading import compat, package

# What openpyxl cannot keep, by the zip parts that hold it (the catalogue's names of it).
_FEATURES: Final[tuple[tuple[str, str], ...]] = (
    ("xl/media/", "lost_images"),
    ("xl/drawings/", "lost_drawings"),
    ("xl/charts/", "lost_charts"),
    ("xl/chartsheets/", "lost_chart_sheets"),
    ("xl/pivotTables/", "lost_pivot_tables"),
    ("xl/pivotCache/", "lost_pivot_tables"),
    ("xl/slicers/", "lost_slicers"),
    ("xl/slicerCaches/", "lost_slicers"),
    ("xl/timelines/", "lost_timelines"),
    ("xl/timelineCaches/", "lost_timelines"),
    ("xl/externalLinks/", "lost_external_links"),
    ("xl/vbaProject.bin", "lost_macros"),
    ("xl/ctrlProps/", "lost_form_controls"),
    ("xl/activeX/", "lost_activex"),
    ("xl/threadedComments/", "lost_threaded_comments"),
    ("xl/persons/", "lost_threaded_comments"),
    ("xl/comments", "lost_comments"),
    ("customXml/", "lost_custom_xml"),
    ("xl/queryTables/", "lost_query_tables"),
    ("xl/connections.xml", "lost_connections"),
)
# The kinds in the order the table names them: a message lists them so, run after run.
_FEATURE_ORDER: Final = {feature: place for place, (_, feature) in enumerate(_FEATURES)}
# Parts openpyxl writes anew in its own way, under its own names, with nothing lost: the
# workbook's structure, its sheets, styles, strings, theme and properties.
_REWRITTEN: Final = (
    "[Content_Types].xml",
    "_rels/",
    "docProps/",
    "xl/_rels/",
    "xl/workbook.xml",
    "xl/worksheets/",
    "xl/styles.xml",
    "xl/sharedStrings.xml",
    "xl/theme/",
    "xl/calcChain.xml",  # a cache Excel rebuilds on its own
    "xl/printerSettings/",  # printer-driver settings; the page set-up itself is kept
)
# Kept, but rewritten in openpyxl's own way: the user would see them change.
_REBUILT: Final[tuple[tuple[str, str], ...]] = (
    ("xl/charts/", "rebuilt_charts"),
    ("xl/comments", "rebuilt_comments"),
)


def attached(archive: zipfile.ZipFile, member: str) -> set[str]:
    """Every part hanging off the part `member` through relationships (a sheet's drawing,
    the drawing's charts, the charts' styles), followed to the end, and the relationship
    parts that tie them."""
    found: set[str] = set()
    pending = [member]
    while pending:
        part = pending.pop()
        folder, name = posixpath.split(part)
        rels = posixpath.join(folder, "_rels", f"{name}.rels")
        if rels not in archive.NameToInfo:
            continue
        found.add(rels)
        for rel in package.elements(compat.part_bytes(archive, rels), rels, "Relationship"):
            target = rel.get("Target", "")
            if not target or rel.get("TargetMode") == "External":
                continue
            base = "" if target.startswith("/") else folder
            resolved = posixpath.normpath(posixpath.join(base, target.lstrip("/")))
            if resolved not in found:
                found.add(resolved)
                pending.append(resolved)
    return found


def losses(
    before: zipfile.ZipFile,
    after: zipfile.ZipFile,
    own: str | None = None,
    copied: Collection[str] = (),
) -> list[Phrase]:
    """What the workbook `before` lost or had rebuilt when openpyxl saved it as `after`, each
    as the catalogue names it; the sheets' parts `copied` into `after` as they were
    (`kept_sheets`) lost nothing of their own.

    What hangs off a sheet (drawings, charts, pictures, comments) is compared sheet by
    sheet, by kind and number: openpyxl numbers those parts anew, so a name alone proves
    nothing. What hangs off remi's own sheet `own` does not count: its rating chart is
    redrawn, or goes with the last complete game. The other parts are compared by name.
    """
    sheets_before, sheets_after = package.sheet_parts(before), package.sheet_parts(after)
    found: list[Phrase] = []
    hanging: set[str] = set()
    for title, member in sheets_before.items():
        had = attached(before, member) if member in before.NameToInfo else set()
        hanging |= had
        had = {part for part in had if not _empty_drawing(before, part)}
        if title == own:
            continue
        later = sheets_after.get(title)
        has = attached(after, later) if later in after.NameToInfo else set()
        kinds, kept = _kinds(had), _kinds(has)
        for kind, count in sorted(kinds.items(), key=lambda item: _FEATURE_ORDER[item[0]]):
            if kept[kind] < count:
                found.append(Phrase(kind))
            elif kind in _REBUILT_KINDS and _rebuilt(before, had, after, has, kind):
                found.append(Phrase(_REBUILT_KINDS[kind]))
    saved = set(after.namelist())
    for name in sorted(set(before.namelist()) - hanging):
        if name in saved:
            rebuilt = _feature(name, _REBUILT)
            if rebuilt:
                found.append(Phrase(rebuilt))
        elif not name.startswith(_REWRITTEN) and not name.endswith("/"):
            feature = _feature(name, _FEATURES)
            found.append(Phrase(feature) if feature else Phrase("lost_part", {"part": name}))
    sheets = (
        compat.part_bytes(before, member)
        for member in sheets_before.values()
        if member not in copied
    )
    if any(b"<extLst" in xml for xml in sheets):
        found.append(Phrase("lost_extensions"))
    # Pivot tables have two kinds of part, comments may be both: each is said once, in
    # the order found, de-duplicated in one pass (a workbook may hold 60,000 parts).
    unique = {(phrase.key, repr(sorted(phrase.params.items()))): phrase for phrase in found}
    return list(unique.values())


# What openpyxl keeps of a kind, rewritten in its own way.
_REBUILT_KINDS: Final = {"lost_charts": "rebuilt_charts", "lost_comments": "rebuilt_comments"}


def _rebuilt(
    before: zipfile.ZipFile, had: set[str], after: zipfile.ZipFile, has: set[str], kind: str
) -> bool:
    """Whether a sheet's parts of `kind` look different once openpyxl has written them."""
    from remi_sheet.reading import comments  # only a save asks

    if kind == "lost_comments" and comments.look_kept(before, had):
        return False  # each written anew, as it was: LibreOffice's words for openpyxl's look
    # Written as openpyxl writes them already (remi saved the file before, or a script made
    # it), they come out the same: nothing is lost.
    return _written(before, had, kind) != _written(after, has, kind)


def _written(archive: zipfile.ZipFile, parts: Iterable[str], kind: str) -> list[bytes]:
    """The bytes of the parts of `kind` among `parts`, with a sheet's legacy drawings (a
    comment's box is drawn there), in no particular order of their names."""
    return sorted(
        compat.part_bytes(archive, part)
        for part in parts
        if "/_rels/" not in part and (_feature(part, _FEATURES) == kind or part.endswith(".vml"))
    )


def _empty_drawing(archive: zipfile.ZipFile, part: str) -> bool:
    """A drawing part that anchors nothing: LibreOffice writes one for a sheet with an
    AutoFilter. openpyxl drops it, and nothing is lost."""
    if not part.startswith("xl/drawings/") or not part.endswith(".xml") or "/_rels/" in part:
        return False
    return part in archive.NameToInfo and b"Anchor" not in compat.part_bytes(archive, part)


def _kinds(parts: Iterable[str]) -> Counter[str]:
    """How many parts of each kind (`_FEATURES`) are among `parts`, their ties not counted."""
    return Counter(
        kind
        for part in parts
        if "/_rels/" not in part and (kind := _feature(part, _FEATURES)) is not None
    )


def _feature(name: str, table: tuple[tuple[str, str], ...]) -> str | None:
    for prefix, feature in table:
        if name.startswith(prefix):
            return feature
    return None
