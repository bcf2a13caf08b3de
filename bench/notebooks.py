"""Seeded, realistic score notebooks of N games for the benchmarks, cached in bench/.cache/.

Each game is one sheet named like `2026-01-01 #1` in the notebook layout of the README:
`Dátum` and `Helyszín` rows, an empty row, the header `Leosztás` + 3-5 Hungarian player
names, then 7 deal rows. Every deal has exactly one winner (`H` about one deal in six, else
`W`); the losers hold card points as numbers, card lists (`K 9 Jo`, `K♠ 7♥ 3♦`), `X` (after
a hand) or `X 45` / `X K D 5`; about one deal in twelve is a paper-style score row
(`-20, 30, 0, 50`) that obeys the rules. A `Szabályok` sheet ends the workbook. Every
notebook passes `remi check` with exit code 0 (`--check` verifies that).

The same (games, seed) always gives the same cells, and the same bytes (xlsxwriter's
creation date is fixed). Files are written with xlsxwriter (fast), atomically, and reused
when present; `VERSION` is part of the file name, so changing the generator makes new files.

    .venv/bin/python bench/notebooks.py 1 500 5000 [--check]   # make (and check) them
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
VERSION = 1
SEED = 20260101
DEALS = 7

MEMBERS = (
    "Kovács Ödön",
    "Szűcs Réka",
    "Bíró Győző",
    "Nagy Erzsébet",
    "Tóth Ágnes",
    "Horváth Árpád",
    "Kiss Éva",
    "Szabó Iván",
    "Varga Zsófia",
    "Farkas Lőrinc",
    "Papp Gergő",
    "Takács Dóra",
    "Juhász Bence",
    "Mészáros Júlia",
    "Oláh Ottó",
    "Fekete Tünde",
)
PLACES = ("Kovácsék, Szeged", "Klubhelyiség", "Bíróék, Hódmezővásárhely", "Nagyék, Makó")
# Card tokens a player writes; distinct tokens never make a third copy or too many jokers.
RANK_TOKENS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "B", "D", "Á")
SUITS = ("♠", "♣", "♥", "♦")
RULES = (
    ("Szabály", "Érték"),
    ("opening_minimum", 51),
    ("jokers", 4),
    ("deals_per_game", DEALS),
    ("round_before_doubling", "igen"),
)


def path_for(games: int, seed: int = SEED) -> Path:
    return CACHE / f"notebook-{games}-s{seed}-v{VERSION}.xlsx"


def ensure(games: int, seed: int = SEED) -> Path:
    """The cached notebook of `games` games, made first if it is not there yet."""
    path = path_for(games, seed)
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".xlsx", dir=CACHE)
        os.close(handle)
        try:
            write(Path(name), games, seed)
            os.replace(name, path)
        finally:
            if os.path.exists(name):
                os.unlink(name)
    return path


def _cards(rng: random.Random) -> str:
    count = rng.choice((1, 2, 2, 3, 3, 4))
    if rng.random() < 0.25:  # with suits: distinct (rank, suit) pairs
        ranks = rng.sample(RANK_TOKENS[:13], count)
        return " ".join(rank + rng.choice(SUITS) for rank in ranks)
    tokens = rng.sample(RANK_TOKENS, count)
    if rng.random() < 0.3:
        tokens[-1] = "Jo"
    return " ".join(tokens)


def _points(rng: random.Random) -> int:
    return int(rng.triangular(0, 120, 12))


def _loser(rng: random.Random, hand: bool) -> object:
    roll = rng.random()
    if roll < 0.55:
        return _points(rng)  # a number cell
    if roll < 0.62:
        return str(_points(rng))  # typed as text
    if roll < 0.80:
        return _cards(rng)
    if hand and roll < 0.90:
        return rng.choice(("X", "x"))
    if rng.random() < 0.7:
        return f"X {max(_points(rng), 5)}"
    return "X " + _cards(rng)


def _score_row(rng: random.Random, players: int) -> list[object]:
    """A paper-style row of scores the rules allow."""
    winner = rng.randrange(players)
    hand = rng.random() < 1 / 6
    row: list[object] = []
    for index in range(players):
        if index == winner:
            score = -40 if hand else -20
        elif hand:
            score = 200 if rng.random() < 0.2 else 20 * rng.randint(0, 12)
        else:
            score = 10 * rng.randint(0, 12)
        row.append(score)
    if rng.random() < 0.5:
        row = [str(value) for value in row]
    return row


def _deal(rng: random.Random, players: int) -> list[object]:
    if rng.random() < 1 / 12:
        return _score_row(rng, players)
    winner = rng.randrange(players)
    hand = rng.random() < 1 / 6
    return [
        (rng.choice(("H", "H", "kézből")) if hand else rng.choice(("W", "W", "W", "w", "nyert")))
        if index == winner
        else _loser(rng, hand)
        for index in range(players)
    ]


Game = tuple[str, dt.date, str, list[str], list[list[object]]]


def games(count: int, seed: int = SEED) -> Iterator[Game]:
    """(sheet name, date, place, players, deal rows) of each game, in order."""
    rng = random.Random(f"{seed}:{count}")
    day = dt.date(2026, 1, 1)
    number = 0
    for _ in range(count):
        number += 1
        if number > 4:
            day += dt.timedelta(days=rng.choice((1, 2, 3, 7)))
            number = 1
        players = rng.sample(MEMBERS, rng.choice((3, 4, 4, 4, 5)))
        rows = [_deal(rng, len(players)) for _ in range(DEALS)]
        yield f"{day.isoformat()} #{number}", day, rng.choice(PLACES), players, rows


def write(path: Path, count: int, seed: int = SEED) -> None:
    import xlsxwriter

    book = xlsxwriter.Workbook(str(path), {"strings_to_numbers": False})
    book.set_properties({"created": dt.datetime(2026, 1, 1), "author": "remi-sheet bench"})
    date_format = book.add_format({"num_format": "yyyy. mm. dd."})
    bold = book.add_format({"bold": True})
    for name, day, place, players, rows in games(count, seed):
        sheet = book.add_worksheet(name)
        sheet.write_string(0, 0, "Dátum")
        sheet.write_datetime(0, 1, dt.datetime.combine(day, dt.time()), date_format)
        sheet.write_string(1, 0, "Helyszín")
        sheet.write_string(1, 1, place)
        sheet.write_row(3, 0, ["Leosztás", *players], bold)
        for offset, row in enumerate(rows, start=1):
            sheet.write_number(3 + offset, 0, offset)
            for column, value in enumerate(row, start=1):
                if isinstance(value, str):
                    sheet.write_string(3 + offset, column, value)
                else:
                    sheet.write_number(3 + offset, column, value)
        sheet.set_column(0, 0, 11)
        sheet.set_column(1, len(players), 15)
    rules = book.add_worksheet("Szabályok")
    for number, values in enumerate(RULES):
        rules.write_row(number, 0, values)
    book.close()


def player_counts(count: int, seed: int = SEED) -> list[int]:
    """The number of players of each game (what `remi score` writes depends on it)."""
    return [len(players) for _, _, _, players, _ in games(count, seed)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="*", default=[1, 500, 5000])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--check", action="store_true", help="run `remi check` on each")
    options = parser.parse_args()
    remi = Path(sys.executable).with_name("remi")
    failed = False
    for count in options.games:
        start = time.perf_counter()
        path = ensure(count, options.seed)
        made = time.perf_counter() - start
        line = f"{count:5} games: {path} ({path.stat().st_size / 1e6:.1f} MB, {made:.1f} s)"
        if options.check:
            done = subprocess.run(
                [str(remi), "check", str(path)], capture_output=True, text=True, check=False
            )
            line += f"; remi check exit {done.returncode}"
            if done.returncode:
                failed = True
                print(done.stdout[-3000:], done.stderr[-3000:], file=sys.stderr)
        print(line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
