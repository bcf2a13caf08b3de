"""The one way bad input is reported: a `Problem` that points at a sheet and cell.

Nothing in remi-sheet raises for a user's mistake. Readers and checks return problems; the
command line prints all of them and sets the exit status from their severities. A problem
carries a message key and its parameters, so that it can be told in Hungarian or English.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from remi_sheet.i18n import Lang, say


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong (or doubtful) in the input, with where it is and a message code."""

    code: str
    sheet: str | None = None
    cell: str | None = None
    severity: Severity = Severity.ERROR
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def message(self, lang: Lang) -> str:
        return say(self.code, lang, **self.params)

    def to_json(self, lang: Lang) -> dict[str, Any]:
        return {
            "sheet": self.sheet,
            "cell": self.cell,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message(lang),
        }


@dataclass(frozen=True, slots=True)
class Issue:
    """A problem found by the pure core, located by player position (None: the whole row)."""

    code: str
    player: int | None = None
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


def has_errors(problems: list[Problem]) -> bool:
    return any(p.severity is Severity.ERROR for p in problems)


class CodedError(ValueError):
    """A mistake in what the user gave, told by a message key of `messages` (`code`) and
    the parameters its message needs; the pure modules raise their own kinds of it."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class FileProblem(Exception):
    """The file itself cannot be used (missing, a folder, not a workbook): nothing to check."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.code)
        self.problem = problem
