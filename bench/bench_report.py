"""Benchmark of `remi report`: how much does remi add to WeasyPrint's own layout time?

Generates a seeded 100-game notebook, then times, alternately and in separate processes:

- `remi report NOTEBOOK -o OUT.pdf`, as a user runs it (reading and checking the workbook,
  filling the templates, laying the PDF out), and
- bare WeasyPrint rendering the very HTML that remi printed (written once with `--html`),
  started the same way (a fresh Python that imports WeasyPrint and writes the PDF).

It prints the median of each and their ratio; the target is at most 1.2×.

Usage: .venv/bin/python bench/bench_report.py [--games 100] [--rounds 5] [--seed 2026]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import openpyxl

TARGET = 1.2
NAMES = [
    "Anna", "Béla", "Csaba", "Dóra", "Győző", "Őrsi Ödön", "Szűcs Réka",
    "Kovács Ödön", "Nagy Erzsébet", "Tóth Ünige",
]  # fmt: skip
CARDS = ["2", "5", "7", "9", "10", "J", "Q", "K", "A", "Jo"]

BARE = """
import sys
import weasyprint
html, base, out = sys.argv[1:]
with open(html, encoding="utf-8") as source:
    weasyprint.HTML(string=source.read(), base_url=base).write_pdf(out)
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


def page_count(pdf: Path) -> str:
    try:
        from pypdf import PdfReader
    except ImportError:  # pypdf comes with the test extra only
        return "?"
    return str(len(PdfReader(pdf).pages))


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    options = parser.parse_args()

    from remi_sheet.report.scorecard import default_template_dir

    with tempfile.TemporaryDirectory(prefix="remi-bench-") as folder:
        work = Path(folder)
        notebook = work / "bench.xlsx"
        make_notebook(notebook, options.games, options.seed)
        html = work / "bench.html"
        report = [*remi_command(), "report", str(notebook), "-o", str(work / "remi.pdf")]
        # A first run writes the HTML for the bare rendering and warms the disk caches.
        subprocess.run([*report, "--html", str(html)], check=True, stdout=subprocess.DEVNULL)
        base = default_template_dir().resolve().as_uri() + "/"
        bare = [sys.executable, "-c", BARE, str(html), base, str(work / "bare.pdf")]

        remi_times: list[float] = []
        bare_times: list[float] = []
        for round_ in range(options.rounds):
            # Alternate which goes first, so that neither always runs on a warmer machine.
            pair = [(report, remi_times), (bare, bare_times)]
            for command, times in pair if round_ % 2 == 0 else reversed(pair):
                times.append(timed(command))
            print(
                f"round {round_ + 1}: remi report {remi_times[-1]:.2f} s, "
                f"bare WeasyPrint {bare_times[-1]:.2f} s",
                flush=True,
            )
        pages = page_count(work / "remi.pdf")

    remi_median = statistics.median(remi_times)
    bare_median = statistics.median(bare_times)
    ratio = remi_median / bare_median
    verdict = "PASS" if ratio <= TARGET else "FAIL"
    print(f"{options.games} games, {pages} pages, {options.rounds} rounds (medians)")
    print(f"remi report:     {remi_median:.2f} s")
    print(f"bare WeasyPrint: {bare_median:.2f} s")
    print(f"ratio: {ratio:.3f}× (target ≤ {TARGET}×) {verdict}")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
