"""Tables and messages: Rich on a terminal, plain aligned text when piped."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from rich.console import Console

from remi_sheet.cli.output import standings_table
from remi_sheet.cli.printing import (
    PlainConsole,
    Table,
    console_for,
    error_line,
    is_terminal,
    print_table,
    width,
)
from remi_sheet.core.standings import Standing


def scores() -> Table:
    table = Table("Összesítő")
    table.add_column("Játékos")
    table.add_column("Pont", justify="right")
    table.add_column("Jel", justify="center")
    table.add_row("Győző", "120", "·")
    table.add_row("Ödön Árpád", "-40", "H", style="red")
    table.add_row("李小龍", "5", "")
    return table


def test_plain_table_lines_up_accents_and_wide_characters() -> None:
    assert scores().lines() == [
        "Összesítő",
        "Játékos     Pont  Jel",
        "Győző        120   ·",
        "Ödön Árpád   -40   H",
        "李小龍         5",
    ]


def test_width_counts_terminal_columns() -> None:
    assert width("Győző") == 5
    assert width("Go\u0308ze") == 4  # a combining diaeresis takes no column
    assert width("李小龍") == 6
    assert width("") == 0


def test_a_table_without_rows_still_has_its_headings() -> None:
    table = Table("")
    table.add_column("A")
    table.add_column("Bb", justify="right")
    assert table.lines() == ["A  Bb"]


def test_rich_draws_the_same_cells() -> None:
    console = Console(file=io.StringIO(), width=60, color_system=None)
    console.print(scores())
    drawn = console.file.getvalue()  # type: ignore[attr-defined]
    assert drawn.startswith("Összesítő")
    for cell in ("Játékos", "Győző", "Ödön Árpád", "-40", "李小龍"):
        assert cell in drawn
    assert "│" in drawn


def _standings() -> Table:
    rows = [
        Standing("Nagy Erzsébet", 12, 11, 4, 84, 2730, 2921, 10, 12, rank=1),
        Standing("Kiss-Szabó Krisztina", 12, 12, 3, 84, -1250, -1251, 7, 20, rank=2),
    ]
    return standings_table(rows, "hu")


@pytest.mark.parametrize("room", [140, 80, 60, 30])
def test_a_narrow_terminal_never_cuts_a_figure_short(room: int) -> None:
    """At 80 columns the Hungarian headings are too long for a boxed table: it loses its
    inner lines, then takes the short headings; narrower still, plain lines the terminal
    wraps. Rich would have cut them to "Hely…" and the figures to "2…"."""
    console = Console(file=io.StringIO(), width=room, color_system=None)
    print_table(console, _standings())
    drawn = console.file.getvalue()  # type: ignore[attr-defined]
    assert "…" not in drawn
    for figure in ("2730", "265,5", "-1250", "-104,3", "84", "20"):
        assert figure in drawn, (room, drawn)
    lines = drawn.splitlines()
    if room >= 80:
        assert max(map(width, lines)) <= room
    else:  # the plain lines, each whole, for the terminal to wrap
        assert lines[1].split() == [
            "#",
            "Játékos",
            *["Játszma", "Bef.", "Győz.", "Leoszt."],
            *["Össz.", "Átlag", "Kéz", "+200"],
        ]
    if room == 80:
        assert "Győz." in drawn and "Nagy Erzsébet" in drawn  # the short headings, compact
    if room == 140:
        assert "Átlag" in drawn and "Győzelmek" in drawn and "┃" in drawn


def test_plain_console_writes_to_the_stream_of_the_moment(
    capsys: pytest.CaptureFixture[str],
) -> None:
    PlainConsole().print("[red]as typed[/red]", markup=True)
    PlainConsole(stderr=True).print("to stderr")
    PlainConsole().print(scores())
    out, err = capsys.readouterr()
    assert out.startswith("[red]as typed[/red]\nÖsszesítő\n")
    assert out.endswith("李小龍         5\n\n")
    assert err == "to stderr\n"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_rich_and_a_pipe_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert isinstance(console_for(json_output=False), PlainConsole)
    monkeypatch.setattr(sys, "stdout", _Tty())
    assert isinstance(console_for(json_output=False), Console)
    # With --json, standard output carries the document: the rest goes to standard error.
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    chosen = console_for(json_output=True)
    assert isinstance(chosen, PlainConsole)
    assert chosen.stderr
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert is_terminal(io.StringIO())
    closed = io.StringIO()
    closed.close()
    monkeypatch.delenv("FORCE_COLOR")
    assert not is_terminal(closed)


def test_piped_check_does_not_load_rich(tmp_path: Path) -> None:
    from tests.conftest import build_notebook, fresh_python

    path = build_notebook(tmp_path / "n.xlsx", {"G": [["Deal", "Anna", "Béla"], [1, "W", 10]]})
    probe = (
        "import sys\n"
        "from remi_sheet.cli.app import main\n"
        "sys.argv = ['remi', 'check', sys.argv[1]]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('rich' in sys.modules, file=sys.stderr)\n"
    )
    done = fresh_python(probe, path)
    assert done.stderr.strip() == "False"
    assert "Anna" in done.stdout
    assert "│" not in done.stdout


def test_a_row_may_leave_cells_empty_as_rich_allows() -> None:
    table = Table("T")
    table.add_column("A")
    table.add_column("B", justify="right")
    table.add_row(None, "1")
    table.add_row("x")
    assert table.lines() == ["T", "A  B", "   1", "x"]


def test_tty_compatible_decides_before_force_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    assert not is_terminal(_Tty())
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.delenv("FORCE_COLOR")
    assert is_terminal(io.StringIO())
    monkeypatch.delenv("TTY_COMPATIBLE")
    monkeypatch.setenv("FORCE_COLOR", "")
    assert not is_terminal(io.StringIO())


def test_error_lines_leave_control_characters_out(capsys: pytest.CaptureFixture[str]) -> None:
    error_line("error: bad\rname\x1b[2J\tthere\x07")
    assert capsys.readouterr().err == "error: badname[2J\tthere\n"


def test_a_table_with_an_empty_heading_is_drawn_on_a_terminal() -> None:
    """The head-to-head table's corner has no heading: measuring it crashed stats."""
    table = Table("Egymás ellen")
    table.add_column("")
    table.add_column("Anna", justify="center")
    table.add_row("Béla", "1–0")
    for room in (80, 10):
        console = Console(file=io.StringIO(), width=room, color_system=None)
        print_table(console, table)
        assert "1–0" in console.file.getvalue()  # type: ignore[attr-defined]
