"""No output destroys an input: every command that writes checks its target first (the
right ending, never an input, never over a file of another kind, a folder that exists), and
a file of the same kind it replaces is kept as NAME.bak."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import build_notebook, remi, worked_game


@pytest.fixture
def notebook(tmp_path: Path) -> Path:
    return build_notebook(tmp_path / "k.xlsx", {"Game": worked_game()})


@pytest.mark.parametrize(
    "args",
    [
        ["report", "{nb}", "-o", "{nb}"],
        ["report", "{nb}", "-o", "{dir}/card.pdf", "--html", "{nb}"],
        ["report", "{nb}", "--blank", "-p", "A", "-p", "B", "-o", "{nb}"],
        ["stats", "{nb}", "-o", "{nb}"],
        ["import", "{nb}", "--into", "{nb}"],
    ],
    ids=["report -o", "report --html", "report --blank -o", "stats -o", "import --into"],
)
def test_an_output_onto_the_notebook_is_refused_and_the_notebook_kept(
    notebook: Path, args: list[str]
) -> None:
    before = notebook.read_bytes()
    shown = [arg.format(nb=notebook, dir=notebook.parent) for arg in args]
    result = remi(*shown)
    assert result.exit_code == 2, result.output
    assert notebook.read_bytes() == before
    assert result.stderr.count("\n") == 1


def test_an_output_through_a_link_to_the_notebook_is_refused(notebook: Path) -> None:
    link = notebook.parent / "card.pdf"
    link.symlink_to(notebook)
    before = notebook.read_bytes()
    result = remi("report", notebook, "-o", link)
    assert result.exit_code == 2
    assert "'card.pdf' is the same file as 'k.xlsx', which this command reads" in result.stderr
    assert notebook.read_bytes() == before


@pytest.mark.parametrize(
    "args",
    [["score", "{nb}", "-o", "{loop}"], ["new", "{loop}", "-p", "A", "-p", "B"]],
    ids=["score -o", "new"],
)
def test_an_output_that_is_a_link_to_itself_is_one_line(notebook: Path, args: list[str]) -> None:
    loop = notebook.parent / "loop.xlsx"
    loop.symlink_to(loop.name)
    result = remi(*[arg.format(nb=notebook, loop=loop) for arg in args])
    assert result.exit_code == 1, result.output
    assert "loop.xlsx is a link that leads back to itself" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_the_pdf_and_the_page_in_one_file_are_refused_as_that(notebook: Path) -> None:
    # Not as "what this command reads": the PDF is not read, it is the other output.
    pdf, page = notebook.parent / "card.pdf", notebook.parent / "card.html"
    page.symlink_to(pdf)
    result = remi("report", notebook, "-o", pdf, "--html", page)
    assert result.exit_code == 2
    assert result.stderr == (
        "Usage error: -o and --html both name 'card.html': give each its own file.\n"
    )
    assert not pdf.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["report", "{nb}", "-o", "{dir}/card.txt"], "'card.txt' cannot receive a PDF"),
        (["score", "{nb}", "-o", "{dir}/notes.txt"], "cannot receive an Excel workbook"),
        (["new", "{dir}/new.pdf", "-p", "A", "-p", "B"], "cannot receive an Excel workbook"),
    ],
)
def test_an_output_of_the_wrong_ending_is_refused(
    notebook: Path, args: list[str], message: str
) -> None:
    result = remi(*(arg.format(nb=notebook, dir=notebook.parent) for arg in args))
    assert result.exit_code == 2
    assert message in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["report", "{nb}", "-o", "{dir}/d.pdf"], "d.pdf is a folder, not a PDF"),
        (["report", "{nb}", "--html", "{dir}/d.html"], "d.html is a folder, not an HTML page"),
        (["stats", "{nb}", "-o", "{dir}/d.pdf", "--lang", "hu"], "d.pdf egy mappa, nem PDF"),
        (["score", "{nb}", "-o", "{dir}/d.xlsx"], "d.xlsx is a folder, not an Excel workbook"),
    ],
)
def test_an_output_that_is_a_folder_is_named_for_what_was_to_be_written(
    notebook: Path, args: list[str], message: str
) -> None:
    for name in ("d.pdf", "d.html", "d.xlsx"):
        (notebook.parent / name).mkdir()
    result = remi(*(arg.format(nb=notebook, dir=notebook.parent) for arg in args))
    assert result.exit_code == 1
    assert message in result.stderr, result.stderr


def test_a_file_of_another_kind_is_never_written_over(notebook: Path) -> None:
    notes = notebook.parent / "notes.pdf"
    notes.write_text("my notes", encoding="utf-8")
    result = remi("report", notebook, "-o", notes)
    assert result.exit_code == 1
    assert "already exists and is not a PDF" in result.stderr
    assert notes.read_text(encoding="utf-8") == "my notes"
    other = notebook.parent / "other.xlsx"
    other.write_text("not a workbook", encoding="utf-8")
    assert remi("new", other, "-p", "A", "-p", "B", "--force").exit_code == 1
    assert other.read_text(encoding="utf-8") == "not a workbook"


@pytest.mark.parametrize("command", ["report", "score", "stats"])
def test_a_missing_folder_is_one_clear_line(notebook: Path, command: str) -> None:
    suffix = ".xlsx" if command == "score" else ".pdf"
    target = notebook.parent / "no such folder" / f"out{suffix}"
    result = remi(command, notebook, "-o", target)
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"error: Cannot write {target}: its folder does not exist. Create the folder, or "
        "name a file in a folder that exists."
    ]


def test_a_pdf_replaced_is_kept_as_bak(notebook: Path) -> None:
    card = notebook.parent / "card.pdf"
    assert remi("report", notebook, "-o", card, "--lang", "en").exit_code == 0
    first = card.read_bytes()
    # Another language: another PDF (the same one again would leave the file alone).
    assert remi("report", notebook, "-o", card, "--lang", "hu").exit_code == 0
    assert (notebook.parent / "card.pdf.bak").read_bytes() == first
    second = card.read_bytes()
    assert second != first
    assert remi("report", notebook, "-o", card, "--no-backup", "--lang", "en").exit_code == 0
    assert (notebook.parent / "card.pdf.bak").read_bytes() == first  # not made again


def test_a_notebook_replaced_by_new_is_kept_as_bak(tmp_path: Path) -> None:
    path = tmp_path / "k.xlsx"
    assert remi("new", path, "-p", "A", "-p", "B").exit_code == 0
    first = path.read_bytes()
    assert remi("new", path, "-p", "C", "-p", "D", "--force").exit_code == 0
    assert (tmp_path / "k.xlsx.bak").read_bytes() == first


READ = "éppen az a fájl, amelyet ez a parancs olvas"  # the notebook named as the output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["report", "{nb}", "-o", "{nb}"], f"Hibás parancssor: 'klub.xlsx' {READ}"),
        (["report", "{nb}", "--html", "{nb}"], f"Hibás parancssor: 'klub.xlsx' {READ}"),
        (["stats", "{nb}", "-o", "{nb}"], f"Hibás parancssor: 'klub.xlsx' {READ}"),
        (["score", "{nb}", "-o", "{dir}/x.pdf"], "Hibás parancssor: 'x.pdf' nem lehet Excel"),
        (["report", "{nb}", "-o", "{dir}/x.htm"], "Hibás parancssor: 'x.htm' nem lehet PDF"),
        (
            ["report", "{nb}", "--html", "{dir}/x"],
            "Hibás parancssor: 'x' nem lehet HTML-oldal: adj meg egy .html vagy .htm végű fájlt.",
        ),
        (["import", "{dir}/p.csv", "--into", "{dir}/p.csv"], "Usage error: 'p.csv' is the file"),
        (["report", "{nb}", "-o", "{nb}", "--lang", "en"], "Usage error: 'klub.xlsx' is the file"),
        (["check", "{nb}", "-r", "foo=1"], "Hibás parancssor: Ismeretlen házszabály: 'foo'"),
        (["stats", "{nb}", "--since", "tegnap"], "Hibás parancssor: A --since dátumot vár"),
        (["report", "{nb}"], "Hibás parancssor: Add meg, hová nyomtasson"),
    ],
)
def test_a_refusal_speaks_the_notebooks_language(
    tmp_path: Path, args: list[str], said: str
) -> None:
    """Before the notebook is read, its Szabályok sheet says it is Hungarian (for a wrong
    output, option or rule alike); a CSV says nothing (English), and --lang wins."""
    notebook = tmp_path / "klub.xlsx"
    assert remi("new", notebook, "-p", "Anna", "-p", "Béla", "--lang", "hu").exit_code == 0
    (tmp_path / "p.csv").write_text("Játszma;Leosztás;Anna;Béla\n", encoding="utf-8")
    result = remi(*[arg.format(nb=notebook, dir=tmp_path) for arg in args])
    assert result.exit_code == 2
    assert result.stderr.startswith(said)


def test_a_write_that_fails_says_the_original_is_unchanged_only_where_there_is_one(
    tmp_path: Path,
) -> None:
    import errno

    from remi_sheet.reading.files import write_failed

    refused = OSError(errno.EROFS, "Read-only file system")
    there = tmp_path / "there.pdf"
    there.write_bytes(b"%PDF")
    assert "original file is unchanged" in write_failed(there, refused).message("en")
    new = write_failed(tmp_path / "new.pdf", refused)
    assert new.message("en").endswith("Nothing was written.")
    assert "Semmi sem íródott ki" in new.message("hu")


def test_an_output_behind_a_folder_that_cannot_be_entered_is_one_line(
    notebook: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    closed = notebook.parent / "closed"
    real_is_dir = Path.is_dir

    def is_dir(self: Path) -> bool:  # as a folder of mode 000 answers an ordinary user
        if self == closed.resolve() or closed.resolve() in self.parents:
            raise PermissionError(13, "Permission denied", str(self))
        return real_is_dir(self)

    monkeypatch.setattr(Path, "is_dir", is_dir)
    result = remi("score", notebook, "-o", closed / "out.xlsx")
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: Cannot write {closed / 'out.xlsx'}: a folder on its way may not be opened "
        "by you.\n"
    )


def test_a_target_that_cannot_be_read_is_said_so(
    notebook: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    papers = notebook.parent / "papir.csv"
    papers.write_text("Game;Deal;Anna;Béla\nPapír;1;-20;30\n", encoding="utf-8")
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode: Path(path) != notebook and real_access(path, mode)
    )
    result = remi("import", papers, "--into", notebook)
    assert result.exit_code == 1
    assert "Cannot read" in result.stderr and "permission denied" in result.stderr
