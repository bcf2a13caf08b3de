"""What an index shows of remi-sheet: its licence, said as an SPDX expression with the file
beside it, and install lines that name the distribution (`remi` is another project's)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

# An install from an index naming `remi` alone: `pip install remi`, `pipx install remi`,
# `uv tool install remi`, `py -m pip install --user remi`. `remi-sheet`, `remi_sheet` and
# `remi[...]` of a clone (`.`) are not matched; `pip install remi==0.1` is.
FROM_AN_INDEX = re.compile(
    r"\b(?:pip3?|pipx|uv\s+(?:tool|pip))\s+install\s+(?:--?[\w-]+\s+)*remi(?![\w-])"
)


def test_the_licence_is_an_spdx_expression_with_its_file() -> None:
    assert PROJECT["license"] == "MIT"  # a string, not the old {text = …} table
    assert PROJECT["license-files"] == ["LICENSE"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License")
    assert "Copyright (c) 2026 the remi-sheet authors" in licence
    # Forbidden beside an SPDX expression: setuptools refuses to build with one.
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]


def test_the_index_page_says_where_and_for_whom() -> None:
    assert PROJECT["name"] == "remi-sheet"
    assert {
        "Environment :: Console",
        "Natural Language :: Hungarian",
        "Natural Language :: English",
        "Operating System :: OS Independent",
        "Topic :: Games/Entertainment",
    } <= set(PROJECT["classifiers"])
    versions = {c for c in PROJECT["classifiers"] if re.fullmatch(r".*Python :: 3\.\d+", c)}
    assert versions == {f"Programming Language :: Python :: 3.{minor}" for minor in (11, 12, 13)}
    assert set(PROJECT["urls"]) == {"Homepage", "Documentation", "Issues"}
    assert PROJECT["urls"]["Documentation"].endswith("/docs")


@pytest.mark.parametrize(
    ("line", "wrong"),
    [
        ("pip install remi", True),
        ("pipx install remi", True),
        ("uv tool install remi", True),
        ("py -m pip install --user remi", True),
        ("pip install remi==0.1.0", True),
        ("pipx install remi-sheet", False),
        ("uv tool install remi-sheet", False),
        ("pip install .", False),
        ("pipx install . # then run remi", False),
    ],
)
def test_an_install_of_another_project_is_recognised(line: str, wrong: bool) -> None:
    assert bool(FROM_AN_INDEX.search(line)) is wrong


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: path.name)
def test_the_docs_install_remi_sheet_from_an_index(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert not FROM_AN_INDEX.findall(text), f"{doc.name}: name the distribution, remi-sheet"
