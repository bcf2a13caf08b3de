"""The system's language on Windows, which sets no LANG: Windows is asked for the language
of its own menus (GetUserDefaultUILanguage), here a stand-in for kernel32 on any system."""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from remi_sheet.cli import language
from remi_sheet.i18n import Lang
from tests.conftest import remi

VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
HUNGARIAN, US_ENGLISH, NO_SUCH_LANGUAGE = 0x040E, 0x0409, 0x7ABC


def on_windows(monkeypatch: pytest.MonkeyPatch, code: int | None) -> None:
    """Windows whose user sees menus in the language `code` (a LANGID), with no locale
    variable set; None: a ctypes without windll."""
    for variable in VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    if code is None:
        monkeypatch.delattr(ctypes, "windll", raising=False)
        return
    kernel32 = SimpleNamespace(GetUserDefaultUILanguage=lambda: code)
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel32), raising=False)


@pytest.mark.parametrize(
    ("code", "lang"),
    [(HUNGARIAN, "hu"), (US_ENGLISH, "en"), (NO_SUCH_LANGUAGE, "en"), (None, "en")],
)
def test_windows_says_its_users_language(
    monkeypatch: pytest.MonkeyPatch, code: int | None, lang: Lang
) -> None:
    on_windows(monkeypatch, code)
    assert language.system_language() == lang


def test_windows_names_the_language_as_a_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    on_windows(monkeypatch, HUNGARIAN)
    assert language.windows_language() == "hu_HU"
    on_windows(monkeypatch, NO_SUCH_LANGUAGE)
    assert language.windows_language() is None


@pytest.mark.parametrize(
    ("environment", "lang"),
    [
        ({"LANG": "en_US.UTF-8"}, "en"),  # the environment wins over Windows
        ({"LANGUAGE": "en", "LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "hu"),  # the C locale names no language: Windows is asked
        ({"LC_ALL": "POSIX"}, "hu"),
        ({"LANG": ""}, "hu"),
    ],
)
def test_a_language_the_environment_names_wins(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], lang: Lang
) -> None:
    on_windows(monkeypatch, HUNGARIAN)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert language.system_language() == lang


def test_only_windows_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    on_windows(monkeypatch, HUNGARIAN)
    monkeypatch.setattr(sys, "platform", "linux")  # a windll here would be no one's
    assert language.system_language() == "en"


def test_a_hungarian_windows_user_is_told_in_hungarian(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The tests' environment sets LANG=C.UTF-8, as a terminal on Windows may: no language.
    on_windows(monkeypatch, HUNGARIAN)
    said = remi("check", tmp_path / "klubb.xlsx")
    assert said.exit_code == 1 and said.output.startswith("hiba: A fájl nem található")
    assert "Használat: remi check" in remi("check", "--help").output
    on_windows(monkeypatch, US_ENGLISH)
    assert remi("check", tmp_path / "klubb.xlsx").output.startswith("error: File not found")
