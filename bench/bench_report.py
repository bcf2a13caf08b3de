"""Benchmark of `remi report`: time per page against a bare WeasyPrint page, and memory.

Generates seeded notebooks (50 and 200 games), then measures, each command a fresh process:

- time per page: `remi report NOTEBOOK -o OUT.pdf` of 50 games (reading and checking the
  workbook, filling the templates, laying the PDF out), against bare WeasyPrint rendering
  a plain one-table A4 page per game of the same deals (a fresh Python that imports
  WeasyPrint and writes the PDF), alternating and flipping the order each round; medians.
  Target: at most 1.3x a bare page.
- peak memory (the child's maximum resident set, `os.wait4`) of `remi report` of 200 games.
  Target: at most 400 MB.

Usage: .venv/bin/python bench/bench_report.py [--games 50] [--big 200] [--rounds 5] [--seed 2026]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import openpyxl

TIME_TARGET = 1.3  # remi's time per page against a bare one-table page
MEMORY_TARGET = 400  # MB, the peak of a 200-game report
NAMES = [
    "Anna", "Béla", "Csaba", "Dóra", "Győző", "Őrsi Ödön", "Szűcs Réka",
    "Kovács Ödön", "Nagy Erzsébet", "Tóth Ünige",
]  # fmt: skip
CARDS = ["2", "5", "7", "9", "10", "J", "Q", "K", "A", "Jo"]

BARE = """
import sys
import openpyxl
import weasyprint
notebook, out = sys.argv[1:]
book = openpyxl.load_workbook(notebook, read_only=True)
pages = []
for sheet in book.worksheets:
    rows = sheet.iter_rows(values_only=True)
    cells = "".join("<tr>" + "".join(f"<td>{v or ''}</td>" for v in row) + "</tr>" for row in rows)
    pages.append(f"<section><h1>{sheet.title}</h1><table>{cells}</table></section>")
css = "@page { size: A4; margin: 15mm; } section { break-after: page; }"
css += " td { border: 1px solid #999; padding: 2mm; }"
html = f"<html><head><style>{css}</style></head><body>{''.join(pages)}</body></html>"
weasyprint.HTML(string=html).write_pdf(out)
"""


def deal(rng: random.Random, players: int) -> list[Any]:
    """One valid deal row: a winner (H or W) and what the others had left."""
    winner = rng.randrange(players)
    hand = rng.random() < 0.2
    cells: list[Any] = []
    for index in range(players):
        if index == winner:
            cells.append("H" if hand else "W")
        elif hand and rng.random() < 0.25:
            cells.append("X")
        elif rng.random() < 0.15:
            cells.append(" ".join(rng.choice(CARDS) for _ in range(rng.randint(1, 4))))
        elif not hand and rng.random() < 0.1:
            cells.append(f"X {rng.randint(20, 120)}")
        else:
            cells.append(rng.randint(0, 90))
    return cells


def make_notebook(path: Path, games: int, seed: int) -> None:
    rng = random.Random(seed)
    book = openpyxl.Workbook()
    book.remove(book.active)
    for number in range(1, games + 1):
        sheet = book.create_sheet(f"Game {number:03d}")
        players = rng.sample(NAMES, rng.randint(3, 6))
        sheet.append(["Date", f"2026-{1 + number % 12:02d}-{1 + number % 28:02d}"])
        sheet.append(["Place", rng.choice(["Kőbánya", "Szeged", "Győr", "Pécs"])])
        sheet.append([])
        sheet.append(["Deal", *players])
        for row in range(1, 8):
            sheet.append([row, *deal(rng, len(players))])
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str):
                    cell.data_type = "s"
    book.save(path)


def remi_command() -> list[str]:
    script = Path(sys.executable).with_name("remi")
    return [str(script)] if script.exists() else [sys.executable, "-m", "remi_sheet"]


def page_count(pdf: Path) -> int:
    from pypdf import PdfReader

    return len(PdfReader(pdf).pages)


def timed(command: list[str]) -> tuple[float, float]:
    """Wall-clock seconds and peak resident memory (MB) of one run of `command`."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{command[0]} failed: exit {child.returncode}")
    return elapsed, usage.ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--big", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="remi-bench-") as folder:
        work = Path(folder)
        notebook, big = work / "bench.xlsx", work / "big.xlsx"
        make_notebook(notebook, options.games, options.seed)
        make_notebook(big, options.big, options.seed)
        report = [*remi_command(), "report", str(notebook), "-o", str(work / "remi.pdf")]
        bare = [sys.executable, "-c", BARE, str(notebook), str(work / "bare.pdf")]
        timed(report)  # warms the disk caches and the fonts of both
        timed(bare)
        remi_times: list[float] = []
        bare_times: list[float] = []
        for round_ in range(options.rounds):
            # Alternate which goes first, so that neither always runs on a warmer machine.
            pair = [(report, remi_times), (bare, bare_times)]
            for command, times in pair if round_ % 2 == 0 else reversed(pair):
                times.append(timed(command)[0])
            print(
                f"round {round_ + 1}: remi report {remi_times[-1]:.2f} s, "
                f"bare WeasyPrint {bare_times[-1]:.2f} s",
                flush=True,
            )
        remi_pages, bare_pages = page_count(work / "remi.pdf"), page_count(work / "bare.pdf")
        seconds, peak = timed([*remi_command(), "report", str(big), "-o", str(work / "big.pdf")])
        big_pages = page_count(work / "big.pdf")

    remi_page = statistics.median(remi_times) / remi_pages
    bare_page = statistics.median(bare_times) / bare_pages
    ratio = remi_page / bare_page
    time_verdict = "PASS" if ratio <= TIME_TARGET else "FAIL"
    memory_verdict = "PASS" if peak <= MEMORY_TARGET else "FAIL"
    print(
        f"{options.games} games: remi {remi_pages} pages, bare {bare_pages} pages, "
        f"medians of {options.rounds}"
    )
    print(f"remi report per page:     {remi_page * 1000:.0f} ms")
    print(f"bare WeasyPrint per page: {bare_page * 1000:.0f} ms")
    print(f"time per page: {ratio:.2f}x (target <= {TIME_TARGET}x) {time_verdict}")
    print(
        f"{options.big} games ({big_pages} pages): {seconds:.1f} s, peak {peak:.0f} MB "
        f"(target <= {MEMORY_TARGET} MB) {memory_verdict}"
    )
    return 0 if time_verdict == memory_verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
