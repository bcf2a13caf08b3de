"""Makes samples/papir.csv: a club's paper score sheets from 1998, typed in on an old Windows
machine (Windows-1250, `;` separated, CRLF), and samples/papir.import.txt, what
`remi import papir.csv --into regi.xlsx` says about them.

    python samples/make_papir.py        # rewrites both files

What the records hold, on purpose: five games with different players, scores as the paper had
them (one game typed with entry codes instead), a game name in quotes because it holds a
`;`, game names written on a game's first row only, a decimal comma (`30,0`), one player's
name damaged by an earlier round trip through the wrong encoding ("KovĂĄcs Ă–dĂ¶n"), one
paper total that was mis-added and one impossible score (a 200 in a deal nobody won by hand).
`tests/test_import_cli.py` rebuilds both and compares them with the committed files.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

PLAYERS = [
    "KovĂĄcs Ă–dĂ¶n",  # "Kovács Ödön", once saved as UTF-8 and opened as Latin-2
    "Szűcs Réka",
    "Bíró Győző",
    "Nagy Erzsébet",
    "Tóth Ármin",
    "Fehér Lőrinc",
]

# game → (players, deals, paper totals: None to add them up, or the paper's own numbers)
Deal = list[str]
GAMES: list[tuple[str, list[str], list[Deal], list[int] | None]] = [
    (
        "1998-11-07 #1",
        ["KovĂĄcs Ă–dĂ¶n", "Szűcs Réka", "Bíró Győző", "Nagy Erzsébet"],
        [
            ["-40", "60", "200", "80"],
            ["10", "-20", "40", "0"],
            ["0", "50", "-20", "30"],
            ["200", "-40", "120", "200"],
            ["-20", "30,0", "10", "60"],
            ["40", "20", "-20", "10"],
            ["30", "0", "60", "-20"],
        ],
        None,
    ),
    (
        "1998-11-07 #2",
        ["KovĂĄcs Ă–dĂ¶n", "Szűcs Réka", "Bíró Győző", "Nagy Erzsébet"],
        [
            ["-20", "40", "30", "10"],
            ["20", "-20", "0", "50"],
            ["200", "40", "-40", "60"],
            ["10", "10", "20", "-20"],
            ["-20", "70", "40", "30"],
            ["60", "-20", "10", "0"],
            ["0", "30", "-20", "40"],
        ],
        [250, 150, 50, 170],  # Bíró's column adds up to 40: the paper says 50
    ),
    (
        "1998-11-14 #1",
        ["Szűcs Réka", "Bíró Győző", "Tóth Ármin"],
        [
            ["-20", "30", "50"],
            ["60", "-40", "200"],
            ["10", "-20", "20"],
            ["40", "200", "-20"],  # 200 without a hand (−40) in the deal: impossible
            ["-40", "120", "200"],
            ["30", "0", "-20"],
            ["-20", "40", "10"],
        ],
        None,
    ),
    (
        "1998-11-21 #1",
        ["KovĂĄcs Ă–dĂ¶n", "Nagy Erzsébet", "Tóth Ármin", "Fehér Lőrinc"],
        [
            ["30", "-20", "10", "40"],
            ["-40", "200", "60", "100"],
            ["0", "20", "-20", "30"],
            ["50", "10", "30", "-20"],
            ["-20", "0", "40", "20"],
            ["80", "-40", "200", "40"],
            ["10", "30", "-20", "0"],
        ],
        None,
    ),
    (
        "1998-11-21 #2; döntő",
        ["KovĂĄcs Ă–dĂ¶n", "Szűcs Réka", "Fehér Lőrinc"],
        [
            ["H", "27", "X"],
            ["12", "W", "K 9 Jo"],
            ["3", "X 55", "W"],
            ["W", "8", "D B 10"],
            ["X", "H", "44"],
        ],
        [150, 70, 330],  # this page was typed with entry codes; its totals add up
    ),
]


def quoted(value: str) -> str:
    return f'"{value}"' if ";" in value or '"' in value else value


def lines() -> list[str]:
    out = [";".join(["Játszma", "Leosztás", *PLAYERS])]
    for name, players, deals, paper in GAMES:
        for number, deal in enumerate(deals, start=1):
            cells = dict(zip(players, deal, strict=True))
            # The game's name on its first row only, as on the paper.
            first = quoted(name) if number == 1 else ""
            out.append(";".join([first, str(number), *(cells.get(p, "") for p in PLAYERS)]))
        totals = paper if paper is not None else _sums(deals)
        cells = {p: str(t) for p, t in zip(players, totals, strict=True)}
        out.append(";".join(["", "Összesen", *(cells.get(p, "") for p in PLAYERS)]))
    return out


def _sums(deals: list[Deal]) -> list[int]:
    return [
        sum(int(float(v.replace(",", "."))) for v in column) for column in zip(*deals, strict=True)
    ]


def import_text(csv_path: Path) -> str:
    """What `remi import papir.csv --into regi.xlsx` prints, run in a scratch folder."""
    from typer.testing import CliRunner

    from remi_sheet.cli.app import app

    folder = Path(tempfile.mkdtemp())
    try:
        shutil.copy(csv_path, folder / "papir.csv")
        here = Path.cwd()
        os.chdir(folder)
        try:
            result = CliRunner().invoke(
                app,
                ["import", "papir.csv", "--into", "regi.xlsx"],
                env={"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"},
            )
        finally:
            os.chdir(here)
        return result.stdout
    finally:
        shutil.rmtree(folder)


def main(folder: Path = HERE) -> None:
    csv_path = folder / "papir.csv"
    csv_path.write_bytes(("\r\n".join(lines()) + "\r\n").encode("cp1250"))
    (folder / "papir.import.txt").write_text(import_text(csv_path), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
