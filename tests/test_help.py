"""remi's help in the language of the one who asks: every text from the catalogue, the
words around them (headings, usage, metavars) said too, the columns still lined up."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from remi_sheet.cli import app as cli
from remi_sheet.cli import help_text, language
from remi_sheet.i18n import LANGS, TEXTS, Lang, say
from remi_sheet.i18n.command_help import COMMAND_HELP_KEYS
from remi_sheet.report import default_template_dir
from tests.conftest import build_notebook, remi

COMMANDS = list(cli._COMMANDS)
HUNGARIAN = {"LANG": "hu_HU.UTF-8"}
# What would be English inside Hungarian help.
ENGLISH = (
    "Usage",
    "Options",
    "Arguments",
    "Commands",
    "[required]",
    "[default",
    "Show this",
    "exit.",
)


def _keys(name: str) -> list[str | None]:
    """The catalogue keys the help of the command `name` (or "remi") reads (None: a
    parameter with no help)."""
    group = typer.main.get_command(cli.app)
    command = group if name == "remi" else group.get_command(None, name)  # type: ignore[attr-defined]
    assert command is not None
    keys = [COMMAND_HELP_KEYS.get(name)]
    for parameter in command.params:
        assert parameter.name is not None
        keys.append(help_text.parameter_key(name, parameter.name))
    return keys


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name", ["remi", *COMMANDS])
def test_every_command_and_option_has_its_help_in_both_languages(name: str) -> None:
    for key in _keys(name):
        assert key is not None, f"a help of {name} without a key: add it to i18n/command_help.py"
        assert key in TEXTS, f"no help text {key}: add it to i18n/command_help.py"
        english, hungarian = TEXTS[key]
        assert english and hungarian and english != hungarian


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", COMMANDS)
def test_a_commands_help_says_the_catalogues_texts(name: str, lang: Lang) -> None:
    result = remi(name, "--help", "--lang", lang)
    assert result.exit_code == 0
    shown = _flat(result.stdout)
    for key in _keys(name):
        assert key is not None
        said = say(key, lang, templates=str(default_template_dir()))
        for paragraph in said.split("\n\n"):
            assert _flat(paragraph) in shown, key
    if lang == "hu":
        assert not [word for word in ENGLISH if word in result.stdout], result.stdout
        assert "Használat: remi " + name in result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_remi_help_lists_each_commands_first_paragraph(lang: Lang) -> None:
    result = remi("--help", env=HUNGARIAN if lang == "hu" else None)
    assert result.exit_code == 0
    listed = _flat(result.stdout)
    for name in COMMANDS:
        assert f"{name} {help_text.summary(name, lang)}" in listed
    assert ("Parancsok:" in result.stdout) == (lang == "hu")


def test_hungarian_help_keeps_its_columns_lined_up() -> None:
    # The metavars are said before click lines the options up: each option's text starts
    # where the others' do.
    for name in COMMANDS:
        shown = remi(name, "--help", "--lang", "hu").stdout
        options = shown.split("Kapcsolók:\n", 1)[1].splitlines()
        starts = {
            match.start(2)
            for line in options
            if (match := re.match(r"(  -\S.*?  +)(\S)", line)) and len(match[1]) < 40
        }
        assert len(starts) == 1, (name, shown)
        assert "NÉV=ÉRTÉK" in shown or name == "report" or "--rule" not in shown


def test_the_help_language_is_lang_then_the_notebooks_then_the_systems(tmp_path: Path) -> None:
    english = build_notebook(tmp_path / "en.xlsx", {"g": [["Deal", "A", "B"]]}, {})
    hungarian = build_notebook(
        tmp_path / "hu.xlsx", {"g": [["Leosztás", "A", "B"]]}, {}, rules_sheet="Szabályok"
    )

    def heading(*args: str | Path, env: dict[str, str] | None = None) -> str:
        return str(remi(*args, env=env).output).split(" remi ", 1)[0]

    assert heading("check", "--help") == "Usage:"
    assert heading("check", "--help", env=HUNGARIAN) == "Használat:"
    assert heading("check", hungarian, "--help") == "Használat:"
    assert heading("check", english, "--help", env=HUNGARIAN) == "Usage:"
    assert heading("check", hungarian, "--help", "--lang", "en") == "Usage:"
    assert heading("check", "--lang=hu", "-h") == "Használat:"
    assert heading(env=HUNGARIAN) == "Használat:"  # a bare `remi` gets help too


def test_lang_before_the_command_is_the_commands_language(tmp_path: Path) -> None:
    english = build_notebook(tmp_path / "en.xlsx", {"g": [["Deal", "A", "B"], [1, "W", 5]]}, {})
    assert remi("--lang", "hu", "--help").output.startswith("Használat: remi ")
    result = remi("--lang", "hu", "check", english)
    assert result.exit_code == 0
    assert result.stdout.endswith("1 játszma, 1 leosztás ellenőrizve: nincs hiba.\n")
    own = remi("--lang", "hu", "check", english, "--lang", "en")
    assert own.stdout.endswith("1 game, 1 deal checked: no errors.\n")  # the command's own wins
    assert "[alapból" not in remi("--lang", "hu", "check", "--help").stdout


def test_one_command_helps_in_hungarian_then_in_english_again() -> None:
    # A command is built once per process and its metavars are said in place: asked for
    # English after Hungarian, they are English again.
    from remi_sheet.cli.clicks import Context

    group = typer.main.get_command(cli.app)
    command = group.get_command(None, "new")  # type: ignore[attr-defined]
    shown = {}
    for lang in ("hu", "en", "hu"):
        context = Context(command, info_name="new")
        context.meta[help_text.HELP_LANG] = lang
        shown[lang] = command.get_help(context)
    assert "-p, --player NÉV" in shown["hu"] and "NAME" not in shown["hu"]
    assert "-p, --player NAME" in shown["en"] and "NÉV" not in shown["en"]


@pytest.mark.parametrize("name", COMMANDS)
def test_hungarian_help_on_a_narrow_terminal_has_no_english_where_click_breaks_lines(
    name: str,
) -> None:
    for columns in ("50", "64", "80"):
        result = remi(name, "--help", "--lang", "hu", env={"COLUMNS": columns})
        assert result.exit_code == 0
        assert not [word for word in ENGLISH if word in result.stdout], (columns, result.stdout)


@pytest.mark.parametrize(
    ("text", "lang", "said"),
    [
        ("-r, --rule NAME=VALUE", "hu", "-r, --rule NÉV=ÉRTÉK"),
        ("--player NAME", "hu", "--player NÉV"),
        ("NOTEBOOK.xlsx...", "hu", "FÜZET.xlsx..."),
        ("the NAME.pdf.bak file", "hu", "the NAME.pdf.bak file"),  # no word of its own
        ("FILENAMES", "hu", "FILENAMES"),
        ("[default: 1]", "hu", "[alapból: 1]"),
        ("-r NÉV=ÉRTÉK", "en", "-r NAME=VALUE"),
        ("Usage: x", "en", "Usage: x"),
    ],
)
def test_the_words_around_are_said_whole(text: str, lang: Lang, said: str) -> None:
    assert help_text.in_words(text, lang) == said


@pytest.mark.parametrize(
    ("environment", "lang"),
    [
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LC_ALL": "hu_HU", "LANG": "en_US.UTF-8"}, "hu"),
        ({"LANGUAGE": "en", "LC_ALL": "hu_HU"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_the_systems_language(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], lang: Lang
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert language.system_language() == lang


def test_a_mistake_before_any_notebook_is_read_speaks_the_systems_language(
    tmp_path: Path,
) -> None:
    # A mistyped notebook name shows no sheet names: a Hungarian system is told in Hungarian.
    missing = tmp_path / "klubb.xlsx"
    said = remi("check", missing, env={"LANG": "hu_HU.UTF-8"})
    assert said.exit_code == 1 and said.output.startswith("hiba: A fájl nem található")
    assert remi("check", missing).output.startswith("error: File not found")
    melded = remi("meld", "8♣ 9♣", env={"LANG": "hu_HU.UTF-8"}).stdout
    assert "egy lerakásban legalább 3 lap van" in melded


def test_a_refused_command_line_speaks_as_the_help_it_points_to() -> None:
    remi_path = Path(sys.executable).with_name("remi")
    environment = {**os.environ, "LANG": "hu_HU.UTF-8", "LANGUAGE": "", "LC_ALL": ""}
    said = subprocess.run(
        [str(remi_path), "check"], capture_output=True, text=True, env=environment, check=False
    )
    assert said.returncode == 2
    assert said.stderr.splitlines()[:2] == [
        "Használat: remi check [KAPCSOLÓK] FÜZET.xlsx",
        "Súgó: remi check -h",
    ]
