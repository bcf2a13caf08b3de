"""Bounded work: `remi check` and `remi score --output` on workbooks made to cost the most
a file of at most 30 MB can cost, just under each limit and far past it, each judged
against 60 s and 1 GB (wall time and the child's peak resident memory).

    .venv/bin/python bench/bench_limits.py          # about 8 minutes on the 2-core machine
    .venv/bin/python bench/bench_limits.py --quick  # only the refusals: seconds
    .venv/bin/python bench/bench_limits.py strings  # only the lines whose name has "strings"

The workbooks are written part by part into bench/.cache/ (openpyxl would take longer
than remi over them) and reused. Exit code 1 when a line says FAIL.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
REMI = str(Path(sys.executable).parent / "remi")
VERSION = 2
SECONDS, MEGABYTES, FILE_MB = 60.0, 1024.0, 30.0

sys.path.insert(0, str(HERE.parent))
from remi_sheet.reading import guard, package  # noqa: E402
from remi_sheet.reading.cells import column_letter  # noqa: E402

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_TYPES = (
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="xml" ContentType="application/xml"/>'
    f'<Override PartName="/xl/workbook.xml" ContentType="{_OFFICE}.sheet.main+xml"/>'
    f'<Override PartName="/xl/sharedStrings.xml" ContentType="{_OFFICE}.sharedStrings+xml"/>'
    "</Types>"
)
_GAME: list[list[object]] = [
    ["Deal", "Anna", "Béla", "Csaba"],
    [1, "H", "27", "X"],
    [2, 12, "W", "K 9 Jo"],
]


def _cell(ref: str, value: object) -> str:
    if isinstance(value, str):
        return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'
    return f'<c r="{ref}"><v>{value}</v></c>'


def _game_sheet() -> bytes:
    rows = "".join(
        f'<row r="{r}">'
        + "".join(_cell("ABCD"[c] + str(r), v) for c, v in enumerate(row))
        + "</row>"
        for r, row in enumerate(_GAME, 1)
    )
    return f'<worksheet xmlns="{_MAIN}"><sheetData>{rows}</sheetData></worksheet>'.encode()


def _book(
    path: Path,
    sheets: int,
    strings: Callable[[], Iterator[bytes]] | None = None,
    big_sheet: Callable[[], Iterator[bytes]] | None = None,
    extra_parts: int = 0,
) -> Path:
    """A workbook: a game on its first sheet, `sheets` − 1 one-cell sheets (the last one
    written from `big_sheet` when given), shared strings from `strings` (an empty part
    when None), and `extra_parts` small parts no sheet uses."""
    if path.exists():
        return path
    listed = "".join(
        f'<sheet name="S{i}" sheetId="{i}" r:id="rId{i}"/>' for i in range(1, sheets + 1)
    )
    targets = "".join(
        f'<Relationship Id="rId{i}" Type="{_RELS}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, sheets + 1)
    )
    targets += f'<Relationship Id="rIdS" Type="{_RELS}/sharedStrings" Target="sharedStrings.xml"/>'
    if strings is None:
        strings = _strings(0)
    small = (
        f'<worksheet xmlns="{_MAIN}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
        "</sheetData></worksheet>"
    )
    partial = path.with_suffix(".part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as book:
        book.writestr("[Content_Types].xml", _TYPES)
        book.writestr(
            "_rels/.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{_RELS}/officeDocument" Target="xl/workbook.xml"/>'
            "</Relationships>",
        )
        book.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{_MAIN}" xmlns:r="{_RELS}"><sheets>{listed}</sheets></workbook>',
        )
        book.writestr(
            "xl/_rels/workbook.xml.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f"{targets}</Relationships>",
        )
        book.writestr("xl/worksheets/sheet1.xml", _game_sheet())
        for i in range(2, sheets + 1):
            name = f"xl/worksheets/sheet{i}.xml"
            if i == sheets and big_sheet is not None:
                with book.open(name, "w", force_zip64=True) as part:
                    for piece in big_sheet():
                        part.write(piece)
            else:
                book.writestr(name, small)
        with book.open("xl/sharedStrings.xml", "w") as part:
            for piece in strings():
                part.write(piece)
        for i in range(extra_parts):
            book.writestr(f"xl/extra/item{i}.xml", f"<item>{i}</item>")
    partial.replace(path)
    return path


def _strings(count: int) -> Callable[[], Iterator[bytes]]:
    def pieces() -> Iterator[bytes]:
        yield f'<sst xmlns="{_MAIN}" count="{count}" uniqueCount="{count}">'.encode()
        for start in range(0, count, 100_000):
            yield b"".join(
                b"<si><t>%d</t></si>" % i for i in range(start, min(count, start + 100_000))
            )
        yield b"</sst>"

    return pieces


def _one_string(size: int) -> Callable[[], Iterator[bytes]]:
    """One shared string of `size` bytes: card-like text (compressed as little as a
    person's), no entry at that length."""

    def pieces() -> Iterator[bytes]:
        rng = random.Random(3)
        yield f'<sst xmlns="{_MAIN}" count="1" uniqueCount="1"><si><t>'.encode()
        yield bytes(rng.choice(b"KDB 9876Jo") for _ in range(size))
        yield b"</t></si></sst>"

    return pieces


def _string_everywhere(rows: int, columns: int) -> Callable[[], Iterator[bytes]]:
    """A sheet whose `rows` × `columns` cells all hold the first shared string, from A1 on:
    every row a table's header could be."""

    def pieces() -> Iterator[bytes]:
        yield f'<worksheet xmlns="{_MAIN}"><sheetData>'.encode()
        letters = [column_letter(c) for c in range(columns)]
        for r in range(1, rows + 1):
            cells = "".join(f'<c r="{letter}{r}" t="s"><v>0</v></c>' for letter in letters)
            yield f'<row r="{r}">{cells}</row>'.encode()
        yield b"</sheetData></worksheet>"

    return pieces


def lying_workbook(path: Path, declared: int, inflated: int) -> Path:
    """A one-game workbook whose shared strings part declares `declared` bytes and
    inflates to `inflated` (the sizes in its headers rewritten after it is written)."""
    if path.exists():
        return path

    def strings() -> Iterator[bytes]:
        yield f'<sst xmlns="{_MAIN}" count="1" uniqueCount="1"><si><t>'.encode()
        for _ in range(inflated >> 20):
            yield b"a" * (1 << 20)
        yield b"</t></si></sst>"

    honest = path.with_suffix(".honest")
    _book(honest, 2, strings)
    data = bytearray(honest.read_bytes())
    honest.unlink()
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        info = archive.getinfo("xl/sharedStrings.xml")
    # The uncompressed size in its entry of the central directory and in its local header.
    entry = data.find(b"PK\x01\x02")
    while int.from_bytes(data[entry + 42 : entry + 46], "little") != info.header_offset:
        entry = data.find(b"PK\x01\x02", entry + 1)
    data[entry + 24 : entry + 28] = declared.to_bytes(4, "little")
    data[info.header_offset + 22 : info.header_offset + 26] = declared.to_bytes(4, "little")
    path.write_bytes(bytes(data))
    return path


def _games_csv(path: Path, games: int) -> Path:
    """Paper records of `games` one-deal games (three players, a hand won)."""
    if not path.exists():
        rows = ["Játszma;Leosztás;Anna;Béla;Csaba"]
        rows += [f"{game};1;-40;{(game % 10) * 20};200" for game in range(1, games + 1)]
        path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _long_name(path: Path) -> Path:
    """A game whose first player's name is 32,767 characters, Excel's most."""
    if not path.exists():
        name = "Béla" + "x" * 32_763
        rows = [["Deal", name, "Anna", "Csaba"], [1, "H", 27, "X"], [2, 12, "W", "K 9 Jo"]]
        import openpyxl

        workbook = openpyxl.Workbook()
        for row in rows:
            workbook.active.append(row)
        workbook.save(path)
    return path


def _formatted_rows(rows: int) -> Callable[[], Iterator[bytes]]:
    """A sheet of `rows` rows with a height and no value: every reader walks them all."""

    def pieces() -> Iterator[bytes]:
        rng = random.Random(1)
        yield f'<worksheet xmlns="{_MAIN}"><sheetData>'.encode()
        for start in range(1, rows + 1, 50_000):
            yield b"".join(
                b'<row r="%d" ht="%d.%d" customHeight="1"/>'
                % (r, rng.randrange(10, 40), rng.randrange(100))
                for r in range(start, min(rows + 1, start + 50_000))
            )
        yield b"</sheetData></worksheet>"

    return pieces


def _long_texts(megabytes: int) -> Callable[[], Iterator[bytes]]:
    """A sheet of long texts near the inflated limit, compressible within the bomb ratio."""

    def pieces() -> Iterator[bytes]:
        rng = random.Random(2)
        # 16 blocks of 1,000 letters: a file of a twelfth of what it inflates to.
        blocks = [bytes(rng.choice(b"abcdefghijklmnop") for _ in range(1_000)) for _ in range(16)]
        yield f'<worksheet xmlns="{_MAIN}"><sheetData>'.encode()
        row, written = 1, 0
        while written < megabytes << 20:
            text = b"".join(rng.choice(blocks) for _ in range(30))
            piece = b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>%s</t></is></c></row>' % (
                row,
                row,
                text,
            )
            yield piece
            row, written = row + 1, written + len(piece)
        yield b"</sheetData></worksheet>"

    return pieces


def measure(command: list[str]) -> tuple[float, float, int, str, int]:
    """Wall seconds, peak MB, exit code, the line that tells the outcome and the bytes
    printed, of `command` in a child."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        out.seek(0)
        printed = out.read().decode(errors="replace")
    lines = [line for line in printed.splitlines() if line.strip()]
    said = next((line for line in lines if line.lstrip().startswith(_TOLD)), lines[-1])
    code = os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_maxrss / 1024, code, said.strip()[:110], len(printed.encode())


_TOLD = ("error:", "Written:", "Error:")


def main() -> int:
    quick = "--quick" in sys.argv
    only = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    CACHE.mkdir(exist_ok=True)
    below_rows = package.MAX_WRITTEN_ELEMENTS - 20_000
    most_games = package.MAX_SHEETS - 1  # and the Rules sheet
    both = ("check", "score")
    # (name, how it is made, the commands run on it, and their exit codes: 1 a refusal)
    cases: list[tuple[str, Callable[[], Path], tuple[str, ...], tuple[int, ...]]] = [
        ("sheets 20,000", lambda: _book(_cached("sheets-20000"), 20_000), both, (1, 1)),
        (
            "strings 10,000,000",
            lambda: _book(_cached("strings-10m"), 2, _strings(10_000_000)),
            both,
            (1, 1),
        ),
        (
            "formatted rows 3,000,000",
            lambda: _book(_cached("rows-3m"), 2, big_sheet=_formatted_rows(3_000_000)),
            both,
            (0, 1),
        ),
        (
            "strings declaring 20 KB, 600 MB",
            lambda: lying_workbook(_cached("lying-600"), 20 << 10, 600 << 20),
            both,
            (1, 1),
        ),
        (
            "import 20,000 one-deal games",
            lambda: _games_csv(_cached("games-20000", ".csv"), 20_000),
            ("import",),
            (1,),
        ),
        (
            f"sheets {package.MAX_SHEETS:,}",
            lambda: _book(_cached(f"sheets-{package.MAX_SHEETS}"), package.MAX_SHEETS),
            both,
            (0, 0),
        ),
        (
            f"strings {guard.MAX_STRINGS:,}",
            lambda: _book(_cached(f"strings-{guard.MAX_STRINGS}"), 2, _strings(guard.MAX_STRINGS)),
            both,
            (0, 0),
        ),
        (
            f"formatted rows {below_rows:,}",
            lambda: _book(_cached(f"rows-{below_rows}"), 2, big_sheet=_formatted_rows(below_rows)),
            both,
            (0, 0),
        ),
        (
            "long texts 180 MB inflated",
            lambda: _book(_cached("texts-180"), 2, big_sheet=_long_texts(180)),
            both,
            (0, 0),
        ),
        (
            "a 1 MB string in 12,000 cells",
            lambda: _book(
                _cached("one-string-1m"), 2, _one_string(1 << 20), _string_everywhere(50, 240)
            ),
            both,
            (0, 1),
        ),
        (
            "zip entries 60,000",
            lambda: _book(_cached("entries-60000"), 2, extra_parts=60_000),
            both,
            (0, 0),
        ),
        (
            f"import {most_games:,} one-deal games",
            lambda: _games_csv(_cached(f"games-{most_games}", ".csv"), most_games),
            ("import",),
            (0,),
        ),
        ("a name of 32,767 characters", lambda: _long_name(_cached("long-name")), both, (0, 0)),
    ]
    failed = False
    print(f"{'input':32} {'file':>7} {'command':7} {'s':>6} {'MB':>6} {'said':>6}  verdict  what")
    for name, make, commands, codes in cases:
        if (quick and 0 in codes) or (only and not any(word in name for word in only)):
            continue
        path = make()
        size = path.stat().st_size / (1 << 20)
        for command, expected in zip(commands, codes, strict=True):
            with tempfile.TemporaryDirectory() as folder:
                args = [REMI, command, str(path)]
                if command == "score":
                    args += ["--output", str(Path(folder) / "out.xlsx")]
                elif command == "import":
                    args += ["--into", str(Path(folder) / "club.xlsx")]
                seconds, megabytes, code, said, printed = measure(args)
            ok = seconds <= SECONDS and megabytes <= MEGABYTES and size <= FILE_MB
            # What a person reads is bounded too: a table of a few games, not a page a name.
            ok = ok and code == expected and (command == "import" or printed <= 64 << 10)
            failed |= not ok
            verdict = "ok" if ok else "FAIL"
            figures = f"{size:6.1f}M {command:7} {seconds:6.1f} {megabytes:6.0f} {printed >> 10:5}K"
            print(f"{name:32} {figures}  {verdict:7}  {said}", flush=True)
    return 1 if failed else 0


def _cached(name: str, suffix: str = ".xlsx") -> Path:
    return CACHE / f"limits-v{VERSION}-{name}{suffix}"


if __name__ == "__main__":
    sys.exit(main())
