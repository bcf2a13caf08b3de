"""Paper records as text: a CSV file's bytes decoded (charset-normalizer, kept to the encodings
Hungarian machines write and leaning to the Hungarian code pages), split into rows with the
line each starts on, and names damaged by an earlier wrong decoding ("KovĂĄcs") repaired
with ftfy and a few re-decodings of remi's own. Pure: bytes in, rows out."""

from __future__ import annotations

import contextlib
import csv
import io
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from remi_sheet.core.problems import Problem, RemiError, Severity
from remi_sheet.core.text import fold
from remi_sheet.i18n import Lang, Phrase, say
from remi_sheet.notebook.layout import (
    HEADER_ROWS,
    HEADER_WORDS,
    filled,
)
from remi_sheet.reading.cells import CellValue, address

MAX_BYTES: Final = 16 << 20  # years of paper records are a few hundred kilobytes


NAME_MOST: Final = 60


GAME_WORDS: Final[dict[str, Lang]] = {"game": "en", "jatszma": "hu", "parti": "hu"}


_DELIMITERS: Final = (";", ",", "\t")
# A delimiter → the key of its name ("separated by semicolons").
DELIMITER_NAMES: Final = {";": "delimiter_;", ",": "delimiter_,", "\t": "delimiter_\t"}


# What charset-normalizer may choose from: what Hungarian machines write. Left to itself it
# calls a Windows-1250 file DOS Latin-2 (cp852), which turns every "á" into "ß".
ENCODINGS: Final = ("utf_8", "utf_16", "utf_32", "cp1250", "iso8859_2", "cp1252", "latin_1")


_MESS_MOST: Final = 0.5  # charset-normalizer's threshold of "chaos" in a text


_UNICODE: Final = frozenset({"ascii", "utf_8", "utf_16", "utf_32"})


# Hungarian letters sit at the same bytes in both, so either reads a Hungarian file right.
_HUNGARIAN_CODE_PAGES: Final = ("cp1250", "iso8859_2")


_LABELS: Final = {
    "ascii": "UTF-8",
    "utf_8": "UTF-8",
    "utf_8_sig": "UTF-8 (BOM)",  # the same in both languages
    "utf_16": "UTF-16",
    "utf_32": "UTF-32",
    "cp1250": "Windows-1250",
    "iso8859_2": "ISO-8859-2 (Latin-2)",
    "cp1252": "Windows-1252",
    "latin_1": "ISO-8859-1 (Latin-1)",
}


_SEPARATOR_LINE: Final = re.compile(r'"?sep=(.)"?')  # Excel's hint on a CSV's first line


_HUNGARIAN_LETTERS: Final = frozenset("áéíóöőúüűÁÉÍÓÖŐÚÜŰ")


_BIDI_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


# Byte-level re-readings of a damaged name: (first codec, fallback codec) per character.
_REENCODINGS: Final = (
    ("iso8859_2", "sloppy-windows-1250"),
    ("sloppy-windows-1250", "iso8859_2"),
    ("latin_1", "sloppy-windows-1252"),
    ("sloppy-windows-1252", "latin_1"),
)


# Latin-2 text read as Latin-1 differs only in ő ű Ő Ű (shown as õ û Õ Û).
_LATIN2_AS_LATIN1: Final = (("latin_1", "iso8859_2"), ("sloppy-windows-1252", "cp1250"))


@dataclass(frozen=True, slots=True)
class Place:
    """Where a value stands in the records: file name and line, or sheet and cell."""

    sheet: str
    cell: str | None
    line: int | None = None

    def problem(
        self, code: str, params: dict[str, object], severity: Severity = Severity.ERROR
    ) -> Problem:
        """A problem here."""
        return Problem(code, self.sheet, self.cell, severity, params, self.line)

    def where(self) -> str | Phrase:
        """This place, as a message's parameter says it: a cell, or a line."""
        if self.line is not None:
            return Phrase("line", {"line": self.line})
        return self.cell or ""

    def shown(self, lang: Lang) -> str:
        if self.line is not None:
            return f"{self.sheet}, {say('line', lang, line=self.line)}"
        return f"{self.sheet}!{self.cell}"


@dataclass(frozen=True, slots=True)
class Table:
    """The rows of one CSV file or one sheet, with where each came from."""

    sheet: str
    rows: Sequence[Sequence[CellValue]]
    lines: Sequence[int] | None = None  # the CSV line each row starts on
    # What an empty-looking cell of a sheet holds: ("f", formula) for a formula without a
    # saved result, ("e", text) for an error value, else None (`grid.FormulaProbe.kind`).
    formula: Callable[[int, int], tuple[str, str] | None] | None = None

    def value(self, row: int, column: int) -> CellValue:
        cells = self.rows[row]
        value = cells[column] if column < len(cells) else None
        return None if value == "" else value

    def formula_in(self, row: int, column: int) -> tuple[str, str] | None:
        """("f", formula) or ("e", error) when the empty cell holds one, else None."""
        return self.formula(row, column) if self.formula is not None else None

    def place(self, row: int, column: int) -> Place:
        if self.lines is not None:
            line = self.lines[row]
            return Place(self.sheet, None, line)
        return Place(self.sheet, address(row, column))


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    encoding: str  # the codec's name, e.g. "cp1250"
    label: str  # what a user calls it, e.g. "Windows-1250"


def decode(data: bytes, encoding: str | None = None, path: str = "") -> Decoded:
    """The text of a CSV file: in `encoding` if given, else as charset-normalizer finds it,
    preferring Windows-1250 and ISO-8859-2 among single-byte encodings."""
    if len(data) > MAX_BYTES:
        raise RemiError("records_too_big", path=path, size=len(data), limit=MAX_BYTES)
    if encoding is not None:
        return _decode_as(data, encoding, path)
    if data.startswith(b"\xef\xbb\xbf"):
        return Decoded(data[3:].decode("utf_8", errors="strict"), "utf_8_sig", _LABELS["utf_8_sig"])
    with contextlib.suppress(UnicodeDecodeError):
        # Text in a single-byte code page is hardly ever valid UTF-8 by chance, while UTF-8
        # is nearly always valid Windows-1250 too, which the detector then may choose. A NUL
        # is UTF-16 without its mark.
        text = data.decode("utf_8")
        if "\x00" not in text:
            return Decoded(text, "utf_8", _LABELS["utf_8"])
    from charset_normalizer import from_bytes

    # A file of names and numbers is little text to judge by: at the detector's default
    # (0.2) a Windows-1250 file with "Őri Ülkü" among its names counts as too messy to be
    # text at all. Binary data stays far above 0.5.
    found = from_bytes(data, cp_isolation=list(ENCODINGS), threshold=_MESS_MOST)
    best = found.best()
    if best is None:
        return _single_byte(data, path)
    chosen = best.encoding
    if chosen not in _UNICODE:
        chosen = _prefer_hungarian(data, [match.encoding for match in found])
    if chosen in _HUNGARIAN_CODE_PAGES:
        chosen = _lettered(data, chosen)
    chosen = "utf_8" if chosen == "ascii" else chosen
    text = data.decode(chosen).removeprefix("\ufeff")
    return Decoded(text, chosen, _LABELS.get(chosen, chosen))


def _single_byte(data: bytes, path: str) -> Decoded:
    """The file in a Hungarian code page when it reads as text in one (no control
    characters but tabs and line ends), for what the detector cannot place; else
    `RemiError`."""
    for encoding in _HUNGARIAN_CODE_PAGES:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if all(ch in "\t\r\n" or unicodedata.category(ch) != "Cc" for ch in text):
            return Decoded(text, encoding, _LABELS[encoding])
    # A printed scorecard given for the records it was printed from: said as that.
    raise RemiError("records_pdf" if data.startswith(b"%PDF") else "records_not_text", path=path)


def _decode_as(data: bytes, encoding: str, path: str) -> Decoded:
    import codecs

    name = codecs.lookup(encoding).name.replace("-", "_")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        raise RemiError(
            "records_wrong_encoding",
            path=path,
            encoding=encoding,
            byte=f"0x{data[error.start]:02X}",
            line=data.count(b"\n", 0, error.start) + 1,
            column=error.start - data.rfind(b"\n", 0, error.start),
        ) from None
    return Decoded(text.removeprefix("\ufeff"), name, _LABELS.get(name, encoding))


def _prefer_hungarian(data: bytes, ranked: Sequence[str]) -> str:
    """The detector cannot tell single-byte code pages apart by a few accented names; a
    Hungarian tool's files are far more likely Windows-1250 than Windows-1252 or Latin-1."""
    for encoding in ranked:
        if encoding in _HUNGARIAN_CODE_PAGES:
            return encoding
    for encoding in _HUNGARIAN_CODE_PAGES:
        try:
            data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return encoding
    return ranked[0]


def _lettered(data: bytes, chosen: str) -> str:
    """Of the two Hungarian code pages, the one that reads as a letter more of the bytes
    that are a letter in one and a sign in the other: Hungarian's own letters sit alike in
    both, and a name with Š or Ž (Latin-2's 0xA9 and 0xAE, Windows-1250's © and ®) tells
    them apart where the detector cannot. A byte after 0xC3 or 0xC5 is left out: it is the
    second half of a UTF-8 letter read wrong (`Ă©` is a broken é, for the repair to mend).
    A tie keeps `chosen`."""
    votes = dict.fromkeys(_HUNGARIAN_CODE_PAGES, 0)
    telling = {}  # byte → the one code page that reads it as a letter
    for byte in range(0x80, 0x100):
        lettered = [c for c in votes if bytes([byte]).decode(c, errors="replace").isalpha()]
        if len(lettered) == 1:
            telling[byte] = lettered[0]
    for found in re.finditer(rb"[\x80-\xff]", data):
        at = found.start()
        code = telling.get(data[at])
        if code is not None and not (at and data[at - 1] in (0xC3, 0xC5)):
            votes[code] += 1
    best = max(votes.values())
    return chosen if votes[chosen] == best else max(votes, key=votes.__getitem__)


def split_csv(text: str, sheet: str) -> tuple[Table, str, list[Problem]]:
    """The rows of a CSV text, its delimiter, and a problem when quoting breaks off."""
    delimiter, skipped = sniff_delimiter(text)
    if skipped:
        text = text.split("\n", 1)[1] if "\n" in text else ""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[tuple[str, ...]] = []
    lines: list[int] = []
    problems: list[Problem] = []
    start = 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as error:
            line = start + skipped
            problems.append(
                Problem("records_csv_broken", sheet, params={"detail": str(error)}, line=line)
            )
            break
        rows.append(tuple(row))
        lines.append(start + skipped)
        start = reader.line_num + 1
    if rows and text.count('"') % 2 and any("\n" in cell for cell in rows[-1]):
        # A quote never closed swallows the rest of the file into one cell; Python's csv
        # says nothing about it.
        problems.append(Problem("records_csv_quote", sheet, line=lines[-1]))
        del rows[-1], lines[-1]
    return Table(sheet, rows, lines), delimiter, problems


def sniff_delimiter(text: str) -> tuple[str, int]:
    """The delimiter (`;`, `,` or tab) and whether an Excel `sep=` line comes first.

    The header row is known: it has a Game and a Deal column. The delimiter is the one that
    splits a line of the first rows into such a header with the most columns; csv.Sniffer
    guesses only when no delimiter finds one."""
    head = text.splitlines()[: HEADER_ROWS + 1]
    if head and (hint := _SEPARATOR_LINE.fullmatch(head[0].strip())):
        return hint[1], 1
    best: tuple[int, str] | None = None
    for delimiter in _DELIMITERS:
        try:
            rows = list(csv.reader(io.StringIO("\n".join(head)), delimiter=delimiter))
        except csv.Error:
            continue
        for row in rows:
            if header_columns(row) is not None and (best is None or len(row) > best[0]):
                best = (len(row), delimiter)
    if best is not None:
        return best[1], 0
    try:
        return csv.Sniffer().sniff("\n".join(head), delimiters="".join(_DELIMITERS)).delimiter, 0
    except csv.Error:
        return ";", 0


def header_columns(row: Sequence[CellValue]) -> tuple[int, int] | None:
    """(Game column, Deal column) when `row` is the records' header row."""
    game = deal = None
    for column, value in enumerate(row):
        if not filled(value):
            continue
        key = fold(str(value)).rstrip(":")
        if key in GAME_WORDS and game is None:
            game = column
        elif key in HEADER_WORDS and deal is None:
            deal = column
    return (game, deal) if game is not None and deal is not None else None


def repair_text(text: str) -> str:
    """`text` with the damage of an earlier wrong decoding undone ("KovĂĄcs Ă–dĂ¶n" →
    "Kovács Ödön", "GyĹ‘zĹ‘" → "Győző", "Gõz" → "Gőz"), else `text` itself.

    ftfy's `fix_encoding` knows UTF-8 read as Latin-1, Windows-1252 and Windows-1250, but
    leaves short Hungarian names alone ("ZsĂłfi") and mistakes UTF-8 read as Latin-2 for
    Windows-1250 ("Kovåcs"). So its answer is one candidate among re-readings of the bytes;
    the one kept has the least of ftfy's badness, then the fewest letters outside ASCII and
    the Hungarian alphabet, and only when that is less than the original's."""
    current = text
    for _ in range(3):  # text damaged twice is repaired twice
        if current.isascii():
            break
        best = min(_candidates(current), key=_damage, default=current)
        if _damage(best) >= _damage(current):
            break
        current = best
    return current


def _candidates(text: str) -> list[str]:
    import ftfy

    found = [ftfy.fix_encoding(text)]
    for first, second in _REENCODINGS:
        data = _reencode(text, first, second)
        if data is not None:
            with contextlib.suppress(UnicodeDecodeError):
                found.append(data.decode("utf_8"))
    for first, second in _LATIN2_AS_LATIN1:
        data = _reencode(text, first, first)
        if data is not None:
            found.append(data.decode(second, errors="replace"))
    return [candidate for candidate in found if candidate != text and "\ufffd" not in candidate]


def _reencode(text: str, first: str, second: str) -> bytes | None:
    import ftfy.bad_codecs  # noqa: F401 - registers the sloppy-windows-125x codecs

    out = bytearray()
    for char in text:
        try:
            out += char.encode(first)
        except UnicodeEncodeError:
            try:
                out += char.encode(second)
            except UnicodeEncodeError:
                return None
    return bytes(out)


def _damage(text: str) -> tuple[int, int]:
    from ftfy.badness import badness

    foreign = sum(1 for ch in text if not ch.isascii() and ch not in _HUNGARIAN_LETTERS)
    return badness(text), foreign


def name_refusal(repaired: str, name: str) -> tuple[str, dict[str, object]] | None:
    """Why a name cannot go into a notebook: `control` or `too_long` (the problem's code is
    `records_check`'s `NAME_REFUSED` or `GAME_NAME_REFUSED` of it), and its parameters.
    `repaired` is the text as typed, repaired but with its spaces as they were (a tab in a
    name is refused), `name` the name cleaned. The repaired text is judged: UTF-8 read as
    Latin-2 turns "Ö" into "Ă" and the control character U+0096, which the repair takes
    away again."""
    controls = [ch for ch in repaired if unicodedata.category(ch) == "Cc" or ch in _BIDI_CONTROLS]
    if controls:
        # Shown as typed: every text is shown with its control characters as escapes.
        found = ", ".join(dict.fromkeys(f"U+{ord(ch):04X}" for ch in controls))
        return "control", {"shown": f"'{repaired[:NAME_MOST]}'", "found": found}
    if len(name) > NAME_MOST:
        return "too_long", {"shown": name[:30], "length": len(name), "most": NAME_MOST}
    return None
