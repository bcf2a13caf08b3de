"""Speed and memory of `remi check` and `remi score` against bare reads and writes of the
same notebooks, judged by the targets of the performance issue.

Every measured command runs in a fresh child process, as a user runs it: remi through the
installed `.venv/bin/remi`, the baseline as a small `python -c` script doing the same I/O
with the bare library. remi and its baseline alternate (the order flips every repetition);
the medians are compared. Peak memory is each child's own max RSS (`os.wait4`).

    .venv/bin/python bench/bench_core.py            # everything (~4 min on 2 cores)
    .venv/bin/python bench/bench_core.py --quick    # only the 1- and 500-game parts (~1 min)

One line per target: `name  remi=…s  bare=…s  ratio=…  target ≤…  PASS|FAIL`; lines marked
`info` are not judged. Exit code 1 when any line FAILs or a measured command fails (an
ERROR line with the end of its output; the other lines are still measured).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import notebooks  # noqa: E402

BIN = Path(sys.executable).parent
PYTHON = str(BIN / "python")
REMI = str(BIN / "remi")
DEALS = notebooks.DEALS
PACKAGE = HERE.parent / "remi_sheet"

# --- the bare baselines: the same I/O as remi, nothing else -------------------------------

IMPORT_TYPER = "import typer"

CALAMINE_READ = """
import sys
from python_calamine import CalamineWorkbook
with CalamineWorkbook.from_path(sys.argv[1]) as book:
    for name in book.sheet_names:
        book.get_sheet_by_name(name).to_python()
"""

# openpyxl load + write remi's cells + save. Per game an area of 1 + 2 x players columns by
# deals + 3 rows (header, deals, Total, Rank) one column right of the typed table, then a
# standings sheet of 16 players x 9 columns; every written cell gets one named style, as
# remi's cells do.
OPENPYXL_WRITE = """
import sys
import openpyxl
from openpyxl.styles import Font, NamedStyle, PatternFill
source, target, deals = sys.argv[1], sys.argv[2], int(sys.argv[3])
book = openpyxl.load_workbook(source)
grey = PatternFill("solid", fgColor="EEEEEE")
book.add_named_style(NamedStyle("bench", font=Font(bold=True), fill=grey))
games = [sheet for sheet in book.worksheets if sheet.title != "Szabályok"]
for sheet in games:
    players = sheet.max_column - 1
    first = players + 3                       # 1-based: one empty column after the table
    for row in range(4, 4 + deals + 3):       # header row 4, deals, Total, Rank
        for column in range(first, first + 1 + 2 * players):
            cell = sheet.cell(row, column)
            cell.value = row * column
            cell.style = "bench"
standings = book.create_sheet("Összesítő")
for row in range(1, 20):
    for column in range(1, 10):
        cell = standings.cell(row, column)
        cell.value = row * column
        cell.style = "bench"
book.save(target)
"""


# --- running one command -------------------------------------------------------------------


class CommandFailed(Exception):
    """A measured command exited non-zero: the bench cannot judge that line."""


@dataclass
class Run:
    seconds: float
    max_rss_mb: float


def run(command: list[str]) -> Run:
    """Run `command` in a fresh child; its wall time and its own peak resident memory."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            out.seek(0)
            err.seek(0)
            tail = (out.read()[-2000:] + err.read()[-2000:]).decode(errors="replace")
            raise CommandFailed(f"exit {child.returncode}: {' '.join(command)}\n{tail}")
    return Run(seconds, usage.ru_maxrss / 1024)  # ru_maxrss is in KB on Linux


@dataclass
class Pair:
    """Alternating repetitions of remi's command and its baseline."""

    remi: list[Run] = field(default_factory=list)
    bare: list[Run] = field(default_factory=list)

    @property
    def remi_s(self) -> float:
        return statistics.median(r.seconds for r in self.remi)

    @property
    def bare_s(self) -> float:
        return statistics.median(r.seconds for r in self.bare)

    @property
    def ratio(self) -> float:
        return self.remi_s / self.bare_s

    @property
    def remi_mb(self) -> float:
        return max(r.max_rss_mb for r in self.remi)


def compare(
    remi: list[str],
    bare: list[str] | None,
    repeat: int,
    warm_up: bool = True,
    after: list[str] | None = None,
) -> Pair:
    """`repeat` alternating runs of both (remi first, then baseline first, ...); `after` is a
    file to delete after each run (an output)."""
    pair = Pair()
    commands = [(remi, pair.remi)] + ([(bare, pair.bare)] if bare else [])

    def once(command: list[str], into: list[Run] | None) -> None:
        result = run(command)
        for path in after or []:
            Path(path).unlink(missing_ok=True)
        if into is not None:
            into.append(result)

    if warm_up:
        for command, _ in commands:
            once(command, None)
    for index in range(repeat):
        for command, into in commands if index % 2 == 0 else commands[::-1]:
            once(command, into)
    return pair


# --- reporting -----------------------------------------------------------------------------

failures: list[str] = []


def verdict(name: str, ok: bool, judged: bool) -> str:
    if not judged:
        return "info"
    if not ok:
        failures.append(name)
    return "PASS" if ok else "FAIL"


def line(name: str, pair: Pair, limit: float, judged: bool = True, extra: str = "") -> None:
    print(
        f"{name:22} remi={pair.remi_s:.3f}s  bare={pair.bare_s:.3f}s  ratio={pair.ratio:.2f}  "
        f"target ≤{limit:g}×  {verdict(name, pair.ratio <= limit, judged)}{extra}",
        flush=True,
    )


def main() -> int:  # noqa: PLR0912, PLR0915 - one straight list of measurements
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the 1- and 500-game parts")
    parser.add_argument("--small-repeat", type=int, default=7, help="runs of 1/500-game parts")
    # The check of 5,000 games (~1 s a run) moves with the machine's speed: more runs for its
    # median. The score (~30 s a run, 1.0x against 1.15x) needs fewer.
    parser.add_argument("--big-repeat", type=int, default=11, help="runs of the 5,000-game check")
    parser.add_argument("--score-repeat", type=int, default=3, help="runs of the 5,000-game score")
    parser.add_argument(
        "--with-score", action="store_true", help="also the 5,000-game score (~3 min; info)"
    )
    options = parser.parse_args()
    started = time.perf_counter()
    sizes = [1, 500] if options.quick else [1, 500, 5000]
    books = {n: notebooks.ensure(n) for n in sizes}
    rows = {n: n * DEALS for n in sizes}
    print(
        f"remi-sheet core bench: {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {platform.machine()}; notebooks "
        + ", ".join(f"{n} games ({books[n].stat().st_size / 1e6:.2f} MB)" for n in sizes),
        flush=True,
    )
    small, big = options.small_repeat, options.big_repeat
    # A user's first run leaves remi's bytecode behind; an environment with
    # PYTHONDONTWRITEBYTECODE (or a read-only checkout) would compile it on every run and
    # measure the compiler. Compile it once, as that first run would.
    subprocess.run([PYTHON, "-m", "compileall", "-q", str(PACKAGE)], check=True)
    work = Path(tempfile.mkdtemp(prefix="remi-bench-"))
    try:
        out = str(work / "scored.xlsx")
        bare_out = str(work / "bare.xlsx")

        def check(n: int, *more: str) -> list[str]:
            return [REMI, "check", str(books[n]), *more]

        def calamine(n: int, with_typer: bool = False) -> list[str]:
            script = (IMPORT_TYPER + "\n" if with_typer else "") + CALAMINE_READ
            return [PYTHON, "-c", script, str(books[n])]

        def score(n: int) -> list[str]:
            return [REMI, "score", str(books[n]), "--output", out]

        def openpyxl_write(n: int) -> list[str]:
            return [PYTHON, "-c", OPENPYXL_WRITE, str(books[n]), bare_out, str(DEALS)]

        def measure(name: str, *args: object, **kwargs: object) -> Pair | None:
            """`compare(...)`, or None (and an ERROR line) when a command fails."""
            try:
                return compare(*args, **kwargs)  # type: ignore[arg-type]
            except CommandFailed as error:
                failures.append(name)
                print(f"{name:22} ERROR {error}", flush=True)
                return None

        # Start-up: what a 1-game notebook costs over Python + Typer (+ the bare read).
        pair = measure("startup --help", [REMI, "--help"], [PYTHON, "-c", IMPORT_TYPER], small)
        if pair:
            line("startup --help", pair, 1.5)
        check_1 = measure("startup check 1 game", check(1), calamine(1, with_typer=True), small)
        if check_1:
            line("startup check 1 game", check_1, 1.5)
        score_1 = measure("score 1 game", score(1), None, small, after=[out])

        # 500 games: a quick proxy for the 5,000-game targets, and the base of the growth.
        check_500 = measure("check 500 games", check(500), calamine(500), small)
        if check_500:
            speed = rows[500] / check_500.remi_s
            line("check 500 games", check_500, 4, extra=f"  {speed:,.0f} deal rows/s")
        score_500 = measure(
            "score 500 games", score(500), openpyxl_write(500), small, after=[out, bare_out]
        )
        if score_500:
            line("score 500 games", score_500, 1.15, judged=False)

        if not options.quick:
            check_5k = measure("check 5000 games", check(5000), calamine(5000), big)
            if check_5k:
                speed = rows[5000] / check_5k.remi_s
                line("check 5000 games", check_5k, 4, extra=f"  {speed:,.0f} deal rows/s")
                mb = check_5k.remi_mb
                ok = verdict("peak memory check", mb <= 150, True)
                print(f"{'peak memory check 5000':22} remi={mb:.0f}MB  target ≤150MB  {ok}")
            # --json of 5,000 games against the same check without it.
            json_5k = measure("check --json 5000", check(5000, "--json"), check(5000), small)
            if json_5k:
                line("check --json 5000", json_5k, 1.2)
                mb = json_5k.remi_mb
                ok = verdict("peak memory --json", mb <= 150, True)
                print(f"{'peak memory --json 5000':22} remi={mb:.0f}MB  target ≤150MB  {ok}")
        score_5k = None
        if not options.quick and options.with_score:
            score_5k = measure(
                "score 5000 games",
                score(5000),
                openpyxl_write(5000),
                options.score_repeat,
                warm_up=False,
                after=[out, bare_out],
            )
            if score_5k:
                line("score 5000 games", score_5k, 1.15, judged=False)
                print(
                    f"{'peak memory score 5000':22} remi={score_5k.remi_mb:.0f}MB  "
                    f"(bare openpyxl={max(r.max_rss_mb for r in score_5k.bare):.0f}MB)  info"
                )
        if not options.quick:
            for name, one, five_hundred, five_thousand in (
                ("growth check", check_1, check_500, check_5k),
                ("growth score", score_1, score_500, score_5k),
            ):
                if not (one and five_hundred and five_thousand):
                    print(f"{name:22} not measured")
                    continue
                # Time per game beyond the fixed cost of a 1-game notebook.
                per_500 = (five_hundred.remi_s - one.remi_s) / 499
                per_5k = (five_thousand.remi_s - one.remi_s) / 4999
                growth = per_5k / per_500
                print(
                    f"{name:22} per game: 500={per_500 * 1000:.2f}ms  5000={per_5k * 1000:.2f}ms  "
                    f"ratio={growth:.2f}  target ≤1.3×  {verdict(name, growth <= 1.3, True)}"
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    took = time.perf_counter() - started
    summary = f"FAIL: {', '.join(failures)}" if failures else "all PASS"
    print(f"{summary}  ({took:.0f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
