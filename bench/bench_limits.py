"""Bounded work: `remi check` and `remi score --output` on workbooks made to cost the most
a file of at most 30 MB can cost, just under each limit and far past it, each judged
against 60 s and 1 GB (wall time and the child's peak resident memory).

    .venv/bin/python bench/bench_limits.py          # about 5 minutes on the 2-core machine
    .venv/bin/python bench/bench_limits.py --quick  # only the refusals: seconds

The workbooks are written part by part into bench/.cache/ (openpyxl would take longer
than remi over them) and reused. Exit code 1 when a line says FAIL.
"""

from __future__ import annotations

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
VERSION = 1
SECONDS, MEGABYTES, FILE_MB = 60.0, 1024.0, 30.0

sys.path.insert(0, str(HERE.parent))
from remi_sheet.reading import guard, package  # noqa: E402

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_TYPES = (
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'
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
) -> Path:
    """A workbook: a game on its first sheet, `sheets` − 1 one-cell sheets (the last one
    written from `big_sheet` when given), shared strings from `strings`."""
    if path.exists():
        return path
    listed = "".join(
        f'<sheet name="S{i}" sheetId="{i}" r:id="rId{i}"/>' for i in range(1, sheets + 1)
    )
    targets = "".join(
        f'<Relationship Id="rId{i}" Type="{_RELS}/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, sheets + 1)
    )
    if strings is not None:
        targets += (
            f'<Relationship Id="rIdS" Type="{_RELS}/sharedStrings" Target="sharedStrings.xml"/>'
        )
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
        if strings is not None:
            with book.open("xl/sharedStrings.xml", "w", force_zip64=True) as part:
                for piece in strings():
                    part.write(piece)
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


def measure(command: list[str]) -> tuple[float, float, int, str]:
    """Wall seconds, peak MB, exit code and the last line said, of `command` in a child."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        out.seek(0)
        lines = [line for line in out.read().decode(errors="replace").splitlines() if line.strip()]
    said = next((line for line in lines if line.startswith(("error:", "Written:"))), lines[-1])
    return seconds, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), said[:110]


def main() -> int:
    quick = "--quick" in sys.argv
    CACHE.mkdir(exist_ok=True)
    below_rows = package.MAX_WRITTEN_ELEMENTS - 20_000
    # (name, how it is made, exit codes of check and of score: 1 for a refusal)
    cases: list[tuple[str, Callable[[], Path], tuple[int, int]]] = [
        (
            "sheets 20,000",
            lambda: _book(CACHE / f"limits-v{VERSION}-sheets-20000.xlsx", 20_000),
            (1, 1),
        ),
        (
            "strings 10,000,000",
            lambda: _book(CACHE / f"limits-v{VERSION}-strings-10m.xlsx", 2, _strings(10_000_000)),
            (1, 1),
        ),
        (
            "formatted rows 3,000,000",
            lambda: _book(
                CACHE / f"limits-v{VERSION}-rows-3m.xlsx", 2, big_sheet=_formatted_rows(3_000_000)
            ),
            (0, 1),
        ),
        (
            f"sheets {package.MAX_SHEETS:,}",
            lambda: _book(
                CACHE / f"limits-v{VERSION}-sheets-{package.MAX_SHEETS}.xlsx", package.MAX_SHEETS
            ),
            (0, 0),
        ),
        (
            f"strings {guard.MAX_STRINGS:,}",
            lambda: _book(
                CACHE / f"limits-v{VERSION}-strings-{guard.MAX_STRINGS}.xlsx",
                2,
                _strings(guard.MAX_STRINGS),
            ),
            (0, 0),
        ),
        (
            f"formatted rows {below_rows:,}",
            lambda: _book(
                CACHE / f"limits-v{VERSION}-rows-{below_rows}.xlsx",
                2,
                big_sheet=_formatted_rows(below_rows),
            ),
            (0, 0),
        ),
        (
            "long texts 180 MB inflated",
            lambda: _book(
                CACHE / f"limits-v{VERSION}-texts-180.xlsx", 2, big_sheet=_long_texts(180)
            ),
            (0, 0),
        ),
    ]
    failed = False
    print(f"{'workbook':30} {'file':>7} {'command':7} {'s':>6} {'MB':>6}  verdict  what remi said")
    for name, make, codes in cases:
        if quick and codes == (0, 0):
            continue
        path = make()
        size = path.stat().st_size / (1 << 20)
        for command, expected in zip(("check", "score"), codes, strict=True):
            with tempfile.TemporaryDirectory() as folder:
                args = [REMI, command, str(path)]
                if command == "score":
                    args += ["--output", str(Path(folder) / "out.xlsx")]
                seconds, megabytes, code, said = measure(args)
            ok = seconds <= SECONDS and megabytes <= MEGABYTES and size <= FILE_MB
            ok = ok and code == expected
            failed |= not ok
            verdict = "ok" if ok else "FAIL"
            figures = f"{size:6.1f}M {command:7} {seconds:6.1f} {megabytes:6.0f}"
            print(f"{name:30} {figures}  {verdict:7}  {said}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
