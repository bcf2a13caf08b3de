"""Makes the bundled sample notebooks, typed the way a club really types them.

    python samples/make_samples.py        # rewrites samples/klub.xlsx and samples/hibak.xlsx

`tests/test_samples.py` rebuilds them in a temporary folder and checks that the committed
files hold the same cells, so the samples cannot drift from this script; it also compares
`remi check --json` of each with the golden file beside it.
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Font

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from remi_sheet.core.rules import RULES, HouseRules, value_text  # noqa: E402
from remi_sheet.i18n import say  # noqa: E402

Rows = list[list[Any]]

KLUB: dict[str, tuple[dict[str, Any], Rows]] = {
    "2026-11-06 #1": (
        {"Dátum": dt.date(2026, 11, 6), "Helyszín": "Kovácsék, Szeged"},
        [
            ["Leosztás", "Kovács Ödön", "Szűcs Réka", "Bíró Győző", "Nagy Erzsébet"],
            [1, "H", "27", "X", "K 9 Jo"],
            [2, "12", "w", "x 45", "3"],
            [3, "K♠ 7♥ 3♦", "X 55", "W", "0"],
            [4, "x", "44", "Jo Jo A", "kézből"],
            [5, "W", "D B 10", "5", "x 12"],
            [6, "-20", "30", "0", "50"],
            [7, "8", "H", "X", "33"],
        ],
    ),
    "2026-11-06 #2": (
        {"Dátum": dt.date(2026, 11, 6), "Helyszín": "Kovácsék, Szeged"},
        [
            ["Leosztás", "Kovács Ödön", "Szűcs Réka", "Bíró Győző", "Nagy Erzsébet"],
            [1, "W", "4", "15", "25"],
            [2, "X", "H", "19", "X"],
            [3, "2 3 4", "Á Á", "W", "X 38"],
            [4, "10", "nyert", "Jo", "14"],
            [5, "K D", "X", "H", "6"],
            [6, "W", 35.0, " 21 ", "7"],
            [7, "40", "20", "-20", "60"],
        ],
    ),
    "2026-11-13 #1": (
        {"Dátum": "2026. 11. 13.", "Helyszín": "Klubhelyiség"},
        [
            ["Leosztás", "Szűcs Réka", "Bíró Győző", "Nagy Erzsébet"],
            [1, "33", "H", "x"],
            [2, "W", "B♣ 9♣", "Q Q 2"],
            [3, "X 70", "5", "W"],
            [4],
            [5],
            [6],
            [7],
        ],
    ),
}

HIBAK: dict[str, tuple[dict[str, Any], Rows]] = {
    "2026-11-20 #1": (
        {"Dátum": dt.date(2026, 11, 20)},
        [
            ["Leosztás", "Kovács Ödön", "Szűcs Réka", "Bíró Győző"],
            [1, "H", "W", "12"],  # two winners
            [2, "W", "X", "30"],  # X without points after a normal win
            [3, "-20", "35", "40"],  # a paper score that cannot be: not a multiple of ten
            [4, "W", "K 7 Z", "3"],  # Z is no card
            [5],
            [6],
            [7],
        ],
    ),
    "2026-11-20 #2": (
        {"Dátum": dt.date(2026, 11, 20)},
        [
            ["Leosztás", "Kovács Ödön", "Szűcs Réka", "Bíró Győző"],
            [1, "-20", "200", "10"],  # +200 without a hand
            [2, "W", "", "10"],  # a forgotten cell
            [3, "4", "190", "H"],  # more card points than 14 cards can be worth
            [4],
            [5],
            [6],
            [7],
        ],
    ),
    "2026-11-20 #3": (
        {"Dátum": dt.date(2026, 11, 20)},
        [
            ["Leosztás", "Kovács Ödön", "Szűcs Réka", "Bíró Győző"],
            [1, "W", "20", "30"],
            [2, "H", "X", "40"],
            [3],
            [4],
            [5],
            [6],
            [7],
        ],
    ),
}

RULE_VALUES = {"opening_minimum": 51}


def build(path: Path, games: dict[str, tuple[dict[str, Any], Rows]]) -> None:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, (notes, rows) in games.items():
        sheet = book.create_sheet(name)
        for key, value in notes.items():
            sheet.append([key, value])
            if isinstance(value, dt.date):
                sheet.cell(sheet.max_row, 2).number_format = "yyyy. mm. dd."
        sheet.append([])
        header = sheet.max_row + 1
        for row in rows:
            sheet.append(row)
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str):
                    cell.data_type = "s"
        for cell in sheet[header]:
            cell.font = Font(bold=True)
        sheet.column_dimensions["A"].width = 11
        for letter in "BCDE":
            sheet.column_dimensions[letter].width = 15
    rules = book.create_sheet("Szabályok")
    rules.append(["Szabály", "Érték", "Magyarázat"])
    defaults = HouseRules()
    for spec in RULES:
        value = RULE_VALUES.get(spec.name, getattr(defaults, spec.name))
        shown = value if isinstance(value, int) and not isinstance(value, bool) else None
        if shown is None:  # a word: igen/nem, tízesre, lappont, as remi new writes it
            word = value if value is not None else say(f"rulevalue_{spec.word}", "en")
            shown = value_text(word, "hu")
        name, help_text = say(f"rulename_{spec.name}", "hu"), say(f"rulehelp_{spec.name}", "hu")
        rules.append([name, shown, help_text])
    rules.column_dimensions["A"].width = 24
    rules.column_dimensions["C"].width = 70
    book.save(path)


def main(folder: Path = HERE) -> None:
    build(folder / "klub.xlsx", KLUB)
    build(folder / "hibak.xlsx", HIBAK)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
