"""A club's season, end to end: every command after every other, nothing lost between them.

The story, in Hungarian and in English: the club makes its notebook on its first game night
and types three deals; LibreOffice saves it; `remi score`. The game goes on, Béla's 8 is
typed as a W (two winners), `check` finds it, it is fixed, LibreOffice saves, `score`. Next
week's game is added with `new --add-game` and typed; the paper records of October come
in from a Windows-1250 CSV; `score`; the scorecard is printed (PDF and HTML) and the
season too (`stats`, `--csv`, `-o`); and a `report -o` pointed at the notebook is refused.

After every step: the exit code, the lines printed for each game, every cell a person (or
the paper records) typed, unchanged, and one standings order in every output.

Every number below is worked out by hand from the rules (RULES.md), never by the engine.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from pypdf import PdfReader

from remi_sheet.reading.grid import Grid
from remi_sheet.writing.ownership import read_record
from tests.test_live import saved_by_libreoffice

REMI = Path(sys.executable).parent / "remi"
PLAYERS = ["Anna", "Béla", "Győző", "Őrsi Ödön"]

# The first game night, 2026-11-05, as typed (numbers as numbers, codes as text), with
# each deal's scores worked out by hand:
#   1: H 27 X 14        → −40  60 200  20
#   2: 12 W "K 9 Jo" 33 →  10 −20  40  30
#   3: 3 "X 55" W 8     →   0  60 −20  10    after three deals: −30 100 220 60
#   4: W 22 41 5        → −20  20  40  10
#   5: 17 H 30 X        →  40 −40  60 200
#   6: 45 8 12 W        →  50  10  10 −20
#   7: X 19 H 25        → 200  40 −40  60    totals 240 130 290 310: Béla wins
FIRST_NIGHT: list[list[Any]] = [
    ["H", 27, "X", 14],
    [12, "W", "K 9 Jo", 33],
    [3, "X 55", "W", 8],
    ["W", 22, 41, 5],
    [17, "H", 30, "X"],
    [45, 8, 12, "W"],
    ["X", 19, "H", 25],
]
# The second night, 2026-11-12: the same deals, each player holding the hand of the one
# before them at the table, so Anna 310, Béla 240, Győző 130, Őrsi Ödön 290: Győző wins.
SECOND_NIGHT = [[row[3], row[0], row[1], row[2]] for row in FIRST_NIGHT]

# October's paper records: scores, not codes, and a Total row each.
#   Papír #1 (Anna, Béla, Győző, Kovács Ödön): 240 130 290 310, Béla wins;
#   Papír #2 (Anna, Győző, Őrsi Ödön): 20 210 280, Anna wins.
PAPER_1 = [
    [-40, 60, 200, 20],
    [10, -20, 40, 30],
    [0, 60, -20, 10],
    [-20, 20, 40, 10],
    [40, -40, 60, 200],
    [50, 10, 10, -20],
    [200, 40, -40, 60],
]
PAPER_2 = [
    [-20, 30, 50],
    [40, -20, 10],
    [10, 60, -20],
    [-40, 120, 200],
    [30, -20, 20],
    [-20, 10, 40],
    [20, "30,0", -20],  # written so on paper
]
# The season: wins first (Béla 2, Anna 1, Győző 1, the others 0), then the lowest
# average per complete game: Béla (130 + 130 + 240) / 3 = 166.7; Anna
# (240 + 20 + 240 + 310) / 4 = 202.5 before Győző (290 + 210 + 290 + 130) / 4 = 230;
# Őrsi Ödön (280 + 310 + 290) / 3 = 293.3 before Kovács Ödön 310. By the lowest total it
# would be another order: Kovács Ödön 310, Béla 500, Anna 810, Őrsi Ödön 880, Győző 920.
SEASON_ORDER = ["Béla", "Anna", "Győző", "Őrsi Ödön", "Kovács Ödön"]

WORDS: dict[str, dict[str, str]] = {
    "hu": {
        "deals": "{played}/7 leosztás",
        "won": "nyert: {who}",
        "leads": "vezet: {who}",
        "not_scored": "nincs pontozva: 1 hiba, az első: {cell}",
        "two_winners": "6. leosztásnak két nyerője van (Béla és Őrsi Ödön)",
        "rank": "Helyezés",
        "standings": "Összesítő",
        "rules": "Szabályok",
        "paper": "Papír",
        "header": "Játszma;Dátum;Leosztás",
        "total": "Összesen",
        "date_1": "2026. 10. 01.",
        "date_2": "2026. 10. 08.",
        "created": "Elkészült: klub.xlsx, 1 játszmalappal.",
        "added": "Új játszmalap: '2026-11-12 #1' (klub.xlsx).",
        "filed": "2 játszma felvéve (Papír #1, Papír #2). Kiírva: klub.xlsx.",
        "written": "Kiírva: klub.xlsx",
        "refused": "Hibás parancssor: 'klub.xlsx' éppen az a fájl, amelyet ez a parancs olvas",
    },
    "en": {
        "deals": "{played}/7 deals",
        "won": "won by {who}",
        "leads": "{who} leading",
        "not_scored": "not scored: 1 error, first at {cell}",
        "two_winners": "Deal 6 has two winners (Béla and Őrsi Ödön)",
        "rank": "Rank",
        "standings": "Standings",
        "rules": "Rules",
        "paper": "Paper",
        "header": "Game;Date;Deal",
        "total": "Total",
        "date_1": "2026-10-01",
        "date_2": "2026-10-08",
        "created": "Created klub.xlsx with 1 game sheet.",
        "added": "Added the game sheet '2026-11-12 #1' to klub.xlsx.",
        "filed": "2 games filed (Paper #1, Paper #2). Written: klub.xlsx.",
        "written": "Written: klub.xlsx",
        "refused": "Usage error: 'klub.xlsx' is the file this command reads",
    },
}


class Season:
    """One club's folder, the notebook in it, and what a person has typed there so far."""

    def __init__(self, folder: Path, lang: str) -> None:
        self.folder = folder
        self.lang = lang
        self.words = WORDS[lang]
        self.path = folder / "klub.xlsx"
        self.typed: dict[tuple[str, str], Any] = {}
        self.saves = 0

    def remi(self, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
        """`remi ARGS…` as the user runs it in the club's folder, with the exit code asked."""
        env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
        result = subprocess.run(
            [REMI, *args], cwd=self.folder, env=env, capture_output=True, text=True,
            timeout=120, check=False,
        )  # fmt: skip
        assert result.returncode == code, (args, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr
        return result

    def type_deals(self, sheet: str, first: int, rows: list[list[Any]]) -> None:
        """Type `rows` from deal `first` on, as a person types them, and remember them."""
        book = openpyxl.load_workbook(self.path)
        for offset, row in enumerate(rows):
            for column, value in enumerate(row, start=2):
                cell = book[sheet].cell(5 + first + offset, column)
                cell.value = value
                self.typed[(sheet, cell.coordinate)] = value
        book.save(self.path)

    def saved_by_libreoffice(self) -> None:
        self.saves += 1
        saved_by_libreoffice(self.path, self.folder.parent / f"{self.lang}-save{self.saves}")

    def remember(self, sheet: str) -> None:
        """Every cell of `sheet` left of remi's area, as it stands now: what the person
        (or the paper records) typed there."""
        self.typed.update(typed_area(self.path, sheet))

    def nothing_typed_changed(self) -> None:
        book = openpyxl.load_workbook(self.path)
        now = {key: book[key[0]][key[1]].value for key in self.typed}
        assert now == self.typed
        for sheet in {sheet for sheet, _ in self.typed}:
            assert typed_area(self.path, sheet, book) == {
                key: value for key, value in self.typed.items() if key[0] == sheet
            }

    def line(self, sheet: str, played: int, verdict: str, who: str, totals: list[int]) -> str:
        words = self.words
        players = self.players(sheet)
        shown = ", ".join(f"{name} {total}" for name, total in zip(players, totals, strict=True))
        return (
            f"{sheet}: {words['deals'].format(played=played)}, "
            f"{words[verdict].format(who=who)}; {shown}"
        )

    def players(self, sheet: str) -> list[str]:
        book = openpyxl.load_workbook(self.path, read_only=True)
        header = 5 if sheet.startswith("2026") else 3  # remi new's sheets; imported ones
        row = next(book[sheet].iter_rows(min_row=header, max_row=header, values_only=True))
        book.close()
        names = list(row[1:])
        return [str(name) for name in names[: names.index(None)]]  # remi's area after a gap

    def game_lines(self, stdout: str) -> list[str]:
        return [line for line in stdout.splitlines() if re.match(r"^(2026-|Pap)", line)]

    def standings_sheet(self) -> list[str]:
        sheet = openpyxl.load_workbook(self.path, data_only=True)[self.words["standings"]]
        rows = list(sheet.iter_rows(values_only=True))
        start = next(i for i, row in enumerate(rows) if row[0] == self.words["rank"]) + 1
        names = []
        for row in rows[start:]:
            if not isinstance(row[0], int):
                break
            names.append(row[1])
        return names


def typed_area(
    path: Path, sheet: str, book: openpyxl.Workbook | None = None
) -> dict[tuple[str, str], Any]:
    """The cells of a game sheet from column A to its last player, but for remi's own (its
    players' totals above the names, its legend under the deals): the empty header cell
    after the names says where remi's area begins."""
    book = book or openpyxl.load_workbook(path)
    cells = book[sheet]
    header = next(
        row for row in cells.iter_rows(max_row=10) if str(row[0].value) in {"Leosztás", "Deal"}
    )
    values = [cell.value for cell in header] + [None]
    last = values.index(None)  # remi's area begins after an empty column
    remis = set()
    if "_remi_state" in book.sheetnames:
        rows = [list(row) for row in book["_remi_state"].iter_rows(values_only=True)]
        remis = set((read_record(Grid("_remi_state", rows)) or {}).get(sheet, {}))
    return {
        (sheet, cell.coordinate): cell.value
        for row in cells.iter_rows(max_col=last)
        for cell in row
        if cell.value is not None and (cell.row - 1, cell.column - 1) not in remis
    }


def terminal_order(stdout: str, rank: str) -> list[str]:
    """The players of the first standings table printed, top to bottom."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(rank)) + 1
    names = []
    for line in lines[start:]:
        found = re.match(r"^\s*\d+\s+(\S+(?: \S+)*)\s{2,}", line)
        if not found:
            break
        names.append(found.group(1))
    return names


def pdf_order(page: str) -> list[str]:
    """The players of a standings page by the place their row begins with (`1. Béla …`,
    `1st Béla …`)."""
    found = re.findall(r"(?:^|\s)(\d)(?:\.|st|nd|rd|th)? (" + "|".join(SEASON_ORDER) + r")\b", page)
    return [name for _, name in sorted(found, key=lambda item: int(item[0]))]


def paper_records(lang: str) -> bytes:
    words = WORDS[lang]
    paper = words["paper"]
    lines = [f"{words['header']};Anna;Béla;Győző;Kovács Ödön;Őrsi Ödön"]
    for number, row in enumerate(PAPER_1, start=1):
        name, date = (f"{paper} #1", words["date_1"]) if number == 1 else ("", "")
        lines.append(";".join([name, date, str(number), *map(str, row), ""]))
    lines.append(f";;{words['total']};240;130;290;310;")
    for number, row in enumerate(PAPER_2, start=1):
        name, date = (f"{paper} #2", words["date_2"]) if number == 1 else ("", "")
        anna, gyozo, orsi = map(str, row)
        lines.append(";".join([name, date, str(number), anna, "", gyozo, "", orsi]))
    lines.append(f";;{words['total']};20;;210;;280")
    return ("\r\n".join(lines) + "\r\n").encode("cp1250")


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_a_clubs_season_end_to_end(tmp_path: Path, lang: str) -> None:
    folder = tmp_path / "klub"
    folder.mkdir()
    season = Season(folder, lang)
    words = season.words
    first, second = "2026-11-05 #1", "2026-11-12 #1"

    # The first game night: a notebook, three deals, saved by LibreOffice, scored.
    made = season.remi("new", "klub.xlsx", *[a for p in PLAYERS for a in ("-p", p)],
                       "--date", "2026-11-05", "--lang", lang)  # fmt: skip
    assert made.stdout.startswith(words["created"])
    season.remember(first)
    assert season.typed[(first, "B1")] == dt.datetime(2026, 11, 5)
    season.type_deals(first, 1, FIRST_NIGHT[:3])
    season.saved_by_libreoffice()
    season.nothing_typed_changed()
    scored = season.remi("score", "klub.xlsx")
    assert season.game_lines(scored.stdout) == [
        season.line(first, 3, "leads", "Anna", [-30, 100, 220, 60])
    ]
    assert words["written"] in scored.stdout
    assert terminal_order(scored.stdout, words["rank"]) == season.standings_sheet()
    season.nothing_typed_changed()

    # The game goes on; Béla's 8 in deal 6 is typed as a W: two winners, the second (E11)
    # is the error.
    season.type_deals(first, 4, [*FIRST_NIGHT[3:5], [45, "W", 12, "W"], FIRST_NIGHT[6]])
    checked = season.remi("check", "klub.xlsx", code=1)
    assert season.game_lines(checked.stdout)[0].startswith(
        f"{first}: {words['deals'].format(played=7)}, {words['not_scored'].format(cell='E11')}"
    )
    assert any(
        "E11" in line and words["two_winners"] in line for line in checked.stdout.splitlines()
    )
    season.nothing_typed_changed()
    season.type_deals(first, 6, [FIRST_NIGHT[5]])
    season.saved_by_libreoffice()
    season.nothing_typed_changed()
    scored = season.remi("score", "klub.xlsx")
    assert season.game_lines(scored.stdout) == [
        season.line(first, 7, "won", "Béla", [240, 130, 290, 310])
    ]
    assert terminal_order(scored.stdout, words["rank"]) == ["Béla", "Anna", "Győző", "Őrsi Ödön"]
    assert season.standings_sheet() == ["Béla", "Anna", "Győző", "Őrsi Ödön"]
    season.nothing_typed_changed()

    # The next week: a game sheet of its own, the same players, typed.
    added = season.remi("new", "--add-game", "klub.xlsx", "--date", "2026-11-12")
    assert added.stdout.strip() == words["added"]  # the last game is finished: no warning
    season.remember(second)
    season.type_deals(second, 1, SECOND_NIGHT)
    season.nothing_typed_changed()

    # October's paper records, from a Windows-1250 CSV.
    (folder / "papir.csv").write_bytes(paper_records(lang))
    imported = season.remi("import", "papir.csv", "--into", "klub.xlsx")
    assert "Windows-1250" in imported.stdout and words["filed"] in imported.stdout
    paper_1, paper_2 = f"{words['paper']} #1", f"{words['paper']} #2"
    book = openpyxl.load_workbook(season.path)
    assert book.sheetnames == [
        paper_1, paper_2, first, second, words["rules"], words["standings"], "_remi_live",
        "_remi_state",
    ]  # fmt: skip
    assert book[paper_2]["B2"].value == dt.datetime(2026, 10, 8)
    season.nothing_typed_changed()
    season.remember(paper_1)
    season.remember(paper_2)
    assert season.typed[(paper_2, "C10")] == 30  # 30,0 on paper

    # Everything scored: four lines, one order.
    scored = season.remi("score", "klub.xlsx")
    assert season.game_lines(scored.stdout) == [
        season.line(paper_1, 7, "won", "Béla", [240, 130, 290, 310]),
        season.line(paper_2, 7, "won", "Anna", [20, 210, 280]),
        season.line(first, 7, "won", "Béla", [240, 130, 290, 310]),
        season.line(second, 7, "won", "Győző", [310, 240, 130, 290]),
    ]
    assert terminal_order(scored.stdout, words["rank"]) == SEASON_ORDER
    assert season.standings_sheet() == SEASON_ORDER
    season.nothing_typed_changed()
    scored_bytes = season.path.read_bytes()

    # The scorecard, as a PDF and as a page for the browser.
    season.remi("report", "klub.xlsx", "-o", "klub.pdf", "--html", "klub.html")
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(folder / "klub.pdf").pages]
    assert len(pages) == 5  # four games, then the standings
    assert pdf_order(pages[-1]) == SEASON_ORDER, pages[-1]
    assert (folder / "klub.html").read_text(encoding="utf-8").count('<section class="page') == 5
    season.remi("report", "klub.xlsx", "--html", "lap.html")
    assert (folder / "lap.html").read_text(encoding="utf-8").count('<section class="page') == 5

    # The season's standings: on the terminal, as CSV, as a PDF.
    stats = season.remi("stats", "klub.xlsx")
    assert terminal_order(stats.stdout, words["rank"]) == SEASON_ORDER
    table = list(csv.DictReader(io.StringIO(season.remi("stats", "klub.xlsx", "--csv").stdout)))
    assert [row["name"] for row in table] == SEASON_ORDER
    assert [row["rank"] for row in table] == ["1", "2", "3", "4", "5"]
    assert [row["wins"] for row in table] == ["2", "1", "1", "0", "0"]
    assert [row["average"] for row in table] == ["166.7", "202.5", "230", "293.3", "310"]
    season.remi("stats", "klub.xlsx", "-o", "szezon.pdf")
    first_page = " ".join(PdfReader(folder / "szezon.pdf").pages[0].extract_text().split())
    assert pdf_order(first_page) == SEASON_ORDER

    # A report pointed at the notebook is refused, and the notebook is as it was.
    files = sorted(path.name for path in folder.iterdir())
    refused = season.remi("report", "klub.xlsx", "-o", "klub.xlsx", code=2)  # its language
    assert refused.stderr.startswith(words["refused"])
    season.remi("report", "klub.xlsx", "--html", "klub.xlsx", code=2)
    assert season.path.read_bytes() == scored_bytes
    assert sorted(path.name for path in folder.iterdir()) == files
    season.nothing_typed_changed()
    assert season.remi("check", "klub.xlsx").stdout.count(": 7/") == 4
