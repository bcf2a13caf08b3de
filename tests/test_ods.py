"""A notebook LibreOffice keeps as .ods (its own format): read by `check`, `report` and
`stats` with the same results as the same notebook saved as .xlsx; refused in one line by
the commands that write; and held to the .xlsx's bounds however it is built.

The .ods files are made by LibreOffice itself (`soffice --convert-to ods`), from the
samples and from notebooks `remi new` and `remi score` wrote; the hostile ones are written
part by part. Every command runs as the installed `remi`, as a user runs it.
"""

from __future__ import annotations

import io
import json
import resource
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName

from tests.conftest import ENV, build_notebook, worked_game

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
REMI = shutil.which("remi", path=str(Path(sys.executable).parent))
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"


def run(*args: str | Path, lang: str = "en") -> subprocess.CompletedProcess[str]:
    """The installed `remi ARGS…` with `--lang`, in bounded memory and time: a guard that
    failed shows as a failure, not as a machine brought down."""
    assert REMI, "the package is installed in the test environment"
    return subprocess.run(
        [REMI, *map(str, args), "--lang", lang],
        capture_output=True,
        text=True,
        timeout=180,
        env={**ENV, "PATH": str(Path(sys.executable).parent)},
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)),
        check=False,
    )


def saved_by_libreoffice(folder: Path, kind: str, *paths: Path) -> dict[str, Path]:
    """Each workbook of `paths` opened and saved by LibreOffice as `kind` ("ods", "xlsx"),
    into `folder`: its own file, by name without the ending."""
    assert SOFFICE, "LibreOffice is needed: apt-get install libreoffice-calc-nogui"
    folder.mkdir(parents=True, exist_ok=True)
    profile = (folder.parent / f"profile-{folder.name}").as_uri()  # never a shared lock
    subprocess.run(
        [SOFFICE, f"-env:UserInstallation={profile}", "--headless", "--convert-to", kind,
         "--outdir", str(folder), *map(str, paths)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    made = {path.stem: folder / f"{path.stem}.{kind}" for path in paths}
    assert all(path.exists() for path in made.values()), sorted(folder.iterdir())
    return made


def _rules_renamed(path: Path) -> Path:
    """A notebook whose Rules sheet is called Házirend, found by remi's live name of it
    (`remi_rules`) as a notebook remi made and Excel renamed: opening at 51."""
    book = build_notebook(path, {"Játszma": worked_game()}, {"opening_minimum": 51}, "Házirend")
    workbook = openpyxl.load_workbook(book)
    workbook.defined_names["remi_rules"] = DefinedName(
        "remi_rules", attr_text="'Házirend'!$A$1:$C$100"
    )
    workbook.save(book)
    return book


def _formulas(path: Path) -> Path:
    """The worked game with a formula in an entry cell that LibreOffice computes to
    #DIV/0! (Anna's of deal 2, B3)."""
    rows = worked_game()
    rows[2][1] = "=1/0"
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Game"
    for row in rows:
        sheet.append(row)
    workbook.save(path)
    return path


def _records(path: Path) -> Path:
    return build_notebook(
        path,
        {"Papír": [["Game", "Deal", "Anna", "Béla", "Csaba"], ["G1", 1, "W", 30, "X 45"],
                   ["G1", 2, 40, "H", "K 9 Jo"], ["G2", 1, "W", "X 45", 12]]},
    )  # fmt: skip


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """name → (.xlsx, .ods) of the same notebook: the .ods as LibreOffice saves it, the
    .xlsx as remi or LibreOffice wrote it (where a formula's result matters, LibreOffice's
    own .xlsx, which holds the result its .ods holds)."""
    folder = tmp_path_factory.mktemp("ods")
    xlsx: dict[str, Path] = {}
    for name in ("klub", "hibak"):
        xlsx[name] = Path(shutil.copy(SAMPLES / f"{name}.xlsx", folder / f"{name}.xlsx"))
    scored = shutil.copy(SAMPLES / "klub.xlsx", folder / "scored.xlsx")
    assert run("score", scored, "--live", lang="hu").returncode == 0
    xlsx["scored"] = Path(scored)
    xlsx["records"] = _records(folder / "records.xlsx")
    (folder / "typed").mkdir()
    typed = {
        "renamed": _rules_renamed(folder / "typed" / "renamed.xlsx"),
        "formulas": _formulas(folder / "typed" / "formulas.xlsx"),
    }
    xlsx.update(saved_by_libreoffice(folder / "computed", "xlsx", *typed.values()))
    ods = saved_by_libreoffice(folder / "ods", "ods", *xlsx.values())
    return {name: (xlsx[name], ods[name]) for name in xlsx}


def _json(done: subprocess.CompletedProcess[str], *names: str) -> Any:
    """The JSON document printed, each of `names` (the files given) written as NAME."""
    text = done.stdout
    for name in names:
        text = text.replace(name, "NAME")
    return json.loads(text)


@pytest.mark.parametrize("name", ["klub", "hibak", "scored", "renamed", "formulas"])
def test_check_reads_an_ods_as_its_xlsx(made: dict[str, tuple[Path, Path]], name: str) -> None:
    xlsx, ods = made[name]
    assert zipfile.ZipFile(ods).read("mimetype") == MIMETYPE  # LibreOffice's own format
    from_xlsx, from_ods = run("check", xlsx, "--json"), run("check", ods, "--json")
    assert from_ods.returncode == from_xlsx.returncode, from_ods.stderr
    found = _json(from_ods, str(ods), ods.name)
    assert found == _json(from_xlsx, str(xlsx), xlsx.name)
    # What each notebook holds, so that two empty readings cannot agree.
    games = {game["sheet"]: game for game in found["games"]}
    codes = [problem["code"] for problem in found["problems"]]
    if name in ("klub", "scored"):
        assert from_ods.returncode == 0 and len(games) == 3
        assert games["2026-11-06 #1"]["totals"] == {
            "Kovács Ödön": 170, "Szűcs Réka": 200, "Bíró Győző": 540, "Nagy Erzsébet": 160
        }  # fmt: skip
        assert found["house_rules"] == {"opening_minimum": 51}
        # remi's hidden sheets, kept by LibreOffice, are no games of the scored one
        assert not any(sheet.startswith("_remi") for sheet in games)
    elif name == "hibak":
        assert from_ods.returncode == 1 and "two_winners" in codes
    elif name == "renamed":
        assert found["house_rules"] == {"opening_minimum": 51}  # read from Házirend
    else:  # a formula whose result is an error: its formula told, as an .xlsx's is
        (problem,) = found["problems"]
        assert (problem["code"], problem["cell"]) == ("formula_no_value", "B3")
        assert "(=1/0)" in problem["message"]


def test_report_and_stats_read_an_ods_as_its_xlsx(
    made: dict[str, tuple[Path, Path]], tmp_path: Path
) -> None:
    (klub, klub_ods), (hibak, hibak_ods) = made["klub"], made["hibak"]
    stats_xlsx = run("stats", klub, hibak, "--json")
    stats_ods = run("stats", klub_ods, hibak_ods, "--json")
    assert stats_ods.returncode == stats_xlsx.returncode == 1  # hibak's mistakes
    # (a game is named after its notebook's file, without the .xlsx every notebook has)
    said = _json(stats_ods, str(klub_ods), str(hibak_ods), "klub.ods", "hibak.ods")
    assert said == _json(
        stats_xlsx, str(klub), str(hibak), "klub.xlsx", "hibak.xlsx", "klub", "hibak"
    )
    assert len(said["players"]) >= 4 and said["games"], said
    pages = {}
    for path in (klub, klub_ods):
        html = tmp_path / f"{path.suffix[1:]}.html"
        done = run("report", path, "--html", html)
        assert done.returncode == 0, done.stderr
        pages[path.suffix] = html.read_text(encoding="utf-8").replace(path.name, "NAME")
    assert pages[".ods"] == pages[".xlsx"]
    assert "Nagy Erzsébet" in pages[".ods"]


def test_paper_records_kept_as_ods_are_imported_as_their_xlsx(
    made: dict[str, tuple[Path, Path]], tmp_path: Path
) -> None:
    xlsx, ods = made["records"]
    into = tmp_path / "into.xlsx"
    from_xlsx = run("import", xlsx, "--into", into, "--dry-run", "--json")
    from_ods = run("import", ods, "--into", into, "--dry-run", "--json")
    assert from_ods.returncode == from_xlsx.returncode == 0, from_ods.stderr
    said = _json(from_ods, str(ods), ods.name)
    assert said == _json(from_xlsx, str(xlsx), xlsx.name)
    assert len(said["games"]) == 2


@pytest.mark.parametrize(
    ("lang", "advice"),
    [
        ("en", "save it as .xlsx in LibreOffice (File ▸ Save As ▸ Excel 2007-365)"),
        ("hu", "mentsd .xlsx formátumban a LibreOffice-ban (Fájl ▸ Mentés másként ▸ Excel"),
    ],
)
def test_the_commands_that_write_refuse_an_ods_in_one_line(
    made: dict[str, tuple[Path, Path]], tmp_path: Path, lang: str, advice: str
) -> None:
    ods = Path(shutil.copy(made["klub"][1], tmp_path / "klub.ods"))
    before, stamp = ods.read_bytes(), ods.stat().st_mtime_ns
    records = tmp_path / "papir.csv"
    records.write_text("Game;Deal;Anna;Béla\nG1;1;W;30\n", encoding="utf-8")
    copy = tmp_path / "copy.xlsx"
    commands: list[list[str | Path]] = [
        ["score", ods],
        ["score", ods, "-o", copy],
        ["new", "--add-game", ods],
        ["import", records, "--into", ods],
    ]
    for command in commands:
        done = run(*command, lang=lang)
        assert done.returncode == 1, (command, done.stdout, done.stderr)
        assert advice in done.stderr and str(ods) in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "Traceback" not in done.stdout + done.stderr
    assert ods.read_bytes() == before and ods.stat().st_mtime_ns == stamp
    assert not copy.exists() and sorted(p.name for p in tmp_path.iterdir()) == [
        "klub.ods", "papir.csv"
    ]  # fmt: skip
    # An .ods named as the output of an .xlsx notebook is the wrong ending (exit 2), as a
    # new name would be: the advice to save the notebook as .xlsx would be no help.
    xlsx = Path(shutil.copy(made["klub"][0], tmp_path / "klub.xlsx"))
    for command in (["score", xlsx, "-o", ods], ["import", records, "--into", xlsx, "-o", ods]):
        done = run(*command, lang=lang)
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert advice not in done.stderr and ".xlsx" in done.stderr, done.stderr
    assert ods.read_bytes() == before and ods.stat().st_mtime_ns == stamp


# Hostile and broken .ods files, written part by part as LibreOffice lays one out.
_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3">'
    "<office:body><office:spreadsheet>"
)
_TAIL = "</office:spreadsheet></office:body></office:document-content>"
_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
    '<manifest:file-entry manifest:full-path="/" manifest:media-type="{mime}"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">'
    "{encrypted}</manifest:file-entry></manifest:manifest>"
)
_ENCRYPTED = (
    '<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="x">'
    '<manifest:algorithm manifest:algorithm-name="Blowfish CFB" '
    'manifest:initialisation-vector="x"/></manifest:encryption-data>'
)
_GAME = "".join(
    "<table:table-row>"
    + "".join(
        f'<table:table-cell office:value-type="float" office:value="{v}"><text:p>{v}</text:p>'
        "</table:table-cell>"
        if isinstance(v, int)
        else f'<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>'
        for v in row
    )
    + "</table:table-row>"
    for row in worked_game()
)


def _table(name: str, rows: str) -> str:
    return f'<table:table table:name="{name}">{rows}</table:table>'


def _ods(
    path: Path,
    content: str | bytes,
    *,
    manifest: bool = True,
    encrypted: bool = False,
    patch: Callable[[bytearray, zipfile.ZipInfo], None] | None = None,
) -> Path:
    """An .ods of `content` (content.xml), its manifest, and `patch` applied to the bytes
    of the zip and content.xml's entry."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as book:
        book.writestr("mimetype", MIMETYPE)  # first and stored, as the format wants
        if manifest:
            listed = _MANIFEST.format(mime=MIMETYPE.decode(), encrypted=_ENCRYPTED * encrypted)
            book.writestr("META-INF/manifest.xml", listed, zipfile.ZIP_DEFLATED)
        text = content.encode() if isinstance(content, str) else content
        book.writestr("content.xml", text, zipfile.ZIP_DEFLATED)
    data = bytearray(buffer.getvalue())
    if patch is not None:
        with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
            patch(data, archive.getinfo("content.xml"))
    path.write_bytes(bytes(data))
    return path


def _declare(size: int) -> Callable[[bytearray, zipfile.ZipInfo], None]:
    """content.xml's uncompressed size written as `size` in its local header and its entry
    of the central directory."""

    def patch(data: bytearray, info: zipfile.ZipInfo) -> None:
        entry = data.find(b"PK\x01\x02")
        while int.from_bytes(data[entry + 42 : entry + 46], "little") != info.header_offset:
            entry = data.find(b"PK\x01\x02", entry + 1)
        data[entry + 24 : entry + 28] = size.to_bytes(4, "little")
        data[info.header_offset + 22 : info.header_offset + 26] = size.to_bytes(4, "little")

    return patch


def _laughs() -> str:
    """A billion laughs: nine entities, each ten of the one before."""
    entities = ['<!ENTITY lol0 "lol">']
    for number in range(1, 10):
        before = f"&lol{number - 1};"
        entities.append(f'<!ENTITY lol{number} "{before * 10}">')
    return '<?xml version="1.0"?><!DOCTYPE lolz [' + "".join(entities) + "]>"


_MUCH_TEXT = "x" * 100_000
_HOSTILE: dict[str, tuple[Callable[[Path], Path], str]] = {
    # content.xml packed 1000 to 1: a zip bomb, never inflated
    "zip-bomb": (
        lambda p: _ods(p, _HEAD + _table("Game", _GAME) + " " * (8 << 20) + _TAIL),
        "file_zip_bomb",
    ),
    # declared at 20 KB, inflating to 8 MB: no more than the 20 KB and a byte inflated
    "inflates-past-its-size": (
        lambda p: _ods(
            p, _HEAD + _table("Game", _GAME) + " " * (8 << 20) + _TAIL, patch=_declare(20_000)
        ),
        "file_ods_damaged",
    ),
    # declared past the limit of one part
    "declared-too-big": (
        lambda p: _ods(p, _HEAD + _table("Game", _GAME) + _TAIL, patch=_declare(200 << 20)),
        "file_too_big",
    ),
    "entities": (
        lambda p: _ods(p, _laughs() + _HEAD[_HEAD.index("?>") + 2 :] + "&lol9;" + _TAIL),
        "file_xml_entities",
    ),
    # one value in every cell of a million rows: 16 billion cells to calamine
    "cells-repeated": (
        lambda p: _ods(
            p,
            _HEAD
            + _table(
                "Game",
                _GAME + '<table:table-row table:number-rows-repeated="1000000">'
                '<table:table-cell office:value-type="float" office:value="1" '
                'table:number-columns-repeated="16384"/></table:table-row>',
            )
            + _TAIL,
        ),
        "file_ods_too_big",
    ),
    # 100 KB of text in a thousand cells of each of a thousand rows: 100 GB of copies
    "text-repeated": (
        lambda p: _ods(
            p,
            _HEAD
            + _table(
                "Game",
                _GAME + '<table:table-row table:number-rows-repeated="1000">'
                '<table:table-cell office:value-type="string" '
                f'table:number-columns-repeated="1000"><text:p>{_MUCH_TEXT}</text:p>'
                "</table:table-cell></table:table-row>",
            )
            + _TAIL,
        ),
        "file_ods_too_big",
    ),
    # four billion spaces written as one element
    "spaces": (
        lambda p: _ods(
            p,
            _HEAD
            + _table(
                "Game",
                _GAME + '<table:table-row><table:table-cell office:value-type="string">'
                '<text:p>a<text:s text:c="4000000000"/>b</text:p></table:table-cell>'
                "</table:table-row>",
            )
            + _TAIL,
        ),
        "file_ods_too_big",
    ),
    # a table in a cell, which calamine would read as the rows of the table around it
    "table-in-a-cell": (
        lambda p: _ods(
            p,
            _HEAD
            + _table(
                "Game",
                "<table:table-row><table:table-cell>"
                + _table("Inner", _GAME)
                + "</table:table-cell></table:table-row>",
            )
            + _TAIL,
        ),
        "file_odd",
    ),
    "password": (
        lambda p: _ods(p, _HEAD + _table("Game", _GAME) + _TAIL, encrypted=True),
        "file_encrypted",
    ),
    "no-manifest": (
        lambda p: _ods(p, _HEAD + _table("Game", _GAME) + _TAIL, manifest=False),
        "file_ods_damaged",
    ),
    "broken-xml": (
        lambda p: _ods(p, _HEAD + _table("Game", _GAME) + "<table:table-row>" + _TAIL),
        "file_ods_damaged",
    ),
}


def test_an_ods_written_by_hand_reads_as_libreoffices(tmp_path: Path) -> None:
    """The parts the hostile files are built from make a game that reads: what refuses
    them below is what was added to each."""
    path = _ods(tmp_path / "game.ods", _HEAD + _table("Game", _GAME) + _TAIL)
    done = run("check", path, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    (game,) = json.loads(done.stdout)["games"]
    assert game["totals"] == {"Anna": -30, "Béla": 100, "Csaba": 220}


@pytest.mark.parametrize("form", _HOSTILE, ids=list(_HOSTILE))
def test_a_hostile_or_broken_ods_is_one_line(tmp_path: Path, form: str) -> None:
    make, code = _HOSTILE[form]
    path = make(tmp_path / f"{form}.ods")
    told = run("check", path, "--json")
    assert told.returncode == 1, told.stderr[-2000:]
    (problem,) = json.loads(told.stdout)["problems"]
    assert problem["code"] == code, problem
    reading: list[list[str | Path]] = [
        ["check", path],
        ["report", path, "--html", tmp_path / "x.html"],
    ]
    for command in reading:
        done = run(*command)
        assert done.returncode == 1, done.stderr[-2000:]
        assert "Traceback" not in done.stdout + done.stderr
        (line,) = done.stderr.strip().splitlines()
        assert str(path) in line and line.startswith("error: "), line
    assert not (tmp_path / "x.html").exists()


def test_a_notebook_beside_its_own_ods_is_told_apart_in_stats(tmp_path: Path) -> None:
    # klub.ods beside klub.xlsx: `klub · G1` would name both games (and the warning that
    # they are one game twice would name one twice).
    xlsx = build_notebook(tmp_path / "klub.xlsx", {"G1": worked_game()})
    game = worked_game()
    game[2][1] = 37  # another game of the same players (12 and 14 both score 10)
    (tmp_path / "source").mkdir()
    other = build_notebook(tmp_path / "source" / "klub.xlsx", {"G1": game})
    ods = saved_by_libreoffice(tmp_path / "ods", "ods", other)["klub"]
    done = run("stats", xlsx, ods, "--json")
    labels = [game["game"] for game in json.loads(done.stdout)["games"]]
    assert sorted(labels) == ["klub · G1", "klub.ods · G1"], labels
