"""Live notebooks against plain ones: what a club's season costs in the notebook `remi new`
makes, typed in LibreOffice, beside the same games in a plain workbook.

The live notebook is made as a club makes it: `remi new --games 50`, then every game's
date, place, players (three to five: a fifth name typed into a free column, a fourth
cleared) and deals typed in LibreOffice over UNO, as a person types them, and saved by
LibreOffice. The plain notebook holds the very same games (`notebooks.py`, 50 games),
scored by `remi score` as a club without live formulas keeps it. Every remi command runs
as a fresh process, the live and the plain one alternating (`bench_core.compare`).
LibreOffice's own time to open and recalculate each is measured in one running
LibreOffice.

    .venv/bin/python bench/bench_live.py            # about 4 minutes on 2 cores

One line per target, as `bench_core.py` prints them; exit code 1 when any line FAILs.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import bench_core  # noqa: E402
import notebooks  # noqa: E402
from bench_core import PACKAGE, PYTHON, REMI, compare, failures, line, verdict  # noqa: E402

from tests.calc import Calc  # noqa: E402

GAMES = 50
SLOTS = 6


def live_notebook(calc: Calc, folder: Path, games: int) -> Path:
    """`remi new` of `games` games, every cell of the plain notebook's games typed into it
    in LibreOffice, saved by LibreOffice."""
    made = folder / "made.xlsx"
    names = [part for name in notebooks.MEMBERS[:4] for part in ("-p", name)]
    command = [REMI, "new", str(made), "--games", str(games), *names, "--lang", "hu"]
    subprocess.run([*command, "-r", "opening_minimum=51"], check=True, capture_output=True)
    cells: list[tuple[str, str, str]] = []
    for number, (_, day, place, players, rows) in enumerate(notebooks.games(games), start=1):
        sheet = f"Játszma {number}"
        cells += [(sheet, "B1", day.isoformat()), (sheet, "B2", place)]
        for slot in range(SLOTS):
            name = players[slot] if slot < len(players) else ""
            cells.append((sheet, f"{'BCDEFG'[slot]}5", name))
        for offset, row in enumerate(rows):
            for slot, value in enumerate(row):
                cells.append((sheet, f"{'BCDEFG'[slot]}{6 + offset}", str(value)))
    live = folder / "live.xlsx"
    calc.type(made, cells, save=live, check=False)
    return live


def in_libreoffice(calc: Calc, live: Path, plain: Path, repeat: int) -> None:
    """LibreOffice's time to open and recalculate each, alternating; medians compared."""
    times: dict[Path, list[float]] = {live: [], plain: []}
    calc.seconds(live)  # warm-up
    calc.seconds(plain)
    for index in range(repeat):
        for path in (live, plain) if index % 2 == 0 else (plain, live):
            times[path] += calc.seconds(path)
    mine, bare = statistics.median(times[live]), statistics.median(times[plain])
    ratio = mine / bare
    print(
        f"{'LibreOffice open+calc':22} live={mine:.3f}s  plain={bare:.3f}s  ratio={ratio:.2f}  "
        f"target ≤2.5×  {verdict('LibreOffice open+calc', ratio <= 2.5, True)}",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each command")
    options = parser.parse_args()
    started = time.perf_counter()
    subprocess.run([PYTHON, "-m", "compileall", "-q", str(PACKAGE)], check=True)
    work = Path(tempfile.mkdtemp(prefix="remi-bench-live-"))
    calc = Calc()
    try:
        # The plain notebook as a club keeps one: its games typed, scored by `remi score`.
        plain = work / "plain.xlsx"
        subprocess.run(
            [REMI, "score", str(notebooks.ensure(GAMES)), "-o", str(plain)],
            check=True,
            capture_output=True,
        )
        live = live_notebook(calc, work, GAMES)
        print(
            f"remi-sheet live bench: {GAMES} games; live {live.stat().st_size / 1e6:.2f} MB "
            f"(typed and saved in LibreOffice), plain {plain.stat().st_size / 1e6:.2f} MB",
            flush=True,
        )
        # Three games of paper records: the sample's first (its others are there to show
        # its errors, which an import refuses), under three names.
        papers = work / "papir3.csv"
        lines = (HERE.parent / "samples" / "papir.csv").read_bytes().splitlines(keepends=True)
        first = b"".join(lines[1:9])
        games = [first.replace(b"#1;", f"#{n};".encode(), 1) for n in (1, 2, 3)]
        papers.write_bytes(lines[0] + b"".join(games))
        repeat = options.repeat

        def both(name: str, command: list[str], after: list[str] | None = None) -> None:
            """`command` with NOTEBOOK and OUT in it, on the live notebook and the plain."""
            mine = [part.replace("NOTEBOOK", str(live)) for part in command]
            bare = [part.replace("NOTEBOOK", str(plain)) for part in command]
            try:
                pair = compare(mine, bare, repeat, after=after)
            except bench_core.CommandFailed as error:
                failures.append(name)
                print(f"{name:22} ERROR {error}", flush=True)
                return
            line(name, pair, 1.5)

        both("check", [REMI, "check", "NOTEBOOK"])
        out = str(work / "out.xlsx")
        both("score -o", [REMI, "score", "NOTEBOOK", "-o", out], after=[out])
        # Not judged: beside the same games typed in a plain workbook and not scored yet,
        # as every game night's score follows the typing (the judged line's plain notebook
        # is scored already, so its score only copies it).
        typed = str(notebooks.ensure(GAMES))
        pair = compare(
            [REMI, "score", str(live), "-o", out], [REMI, "score", typed, "-o", out], repeat,
            after=[out],
        )  # fmt: skip
        line("score -o (both typed)", pair, 1.5, judged=False)
        copy = str(work / "copy.xlsx")
        both(
            "new --add-game",
            ["sh", "-c", f"cp NOTEBOOK {copy} && exec {REMI} new --add-game {copy} --no-backup"],
            after=[copy],
        )
        pdf = str(work / "blank.pdf")
        both("report --blank", [REMI, "report", "--blank", "NOTEBOOK", "-o", pdf], after=[pdf])
        both(
            "import 3 games",
            [
                "sh",
                "-c",
                f"cp NOTEBOOK {copy} && exec {REMI} import {papers} --into {copy} --no-backup",
            ],
            after=[copy],
        )
        in_libreoffice(calc, live, plain, repeat)
    finally:
        calc.close()
        shutil.rmtree(work, ignore_errors=True)
    took = time.perf_counter() - started
    summary = f"FAIL: {', '.join(failures)}" if failures else "all PASS"
    print(f"{summary}  ({took:.0f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
