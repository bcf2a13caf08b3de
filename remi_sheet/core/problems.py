"""The one way bad input is told: a `Problem` that points at where it is.

A problem carries a message key and its parameters, so that it can be said in Hungarian or
English, and its place: a sheet and cell of a workbook, or a file and line of a text file
(`sheet` then holds the file's name, which `--json` gives as the `file`). The pure core
finds problems without knowing where the cells are (a deal row's problem names its player
by position, `params["player"]`); the reader that knows the sheet puts them in place
(`at`).

Nothing in remi-sheet raises for a user's mistake in what it checks: checks return problems,
the command line prints all of them and sets the exit status from their severities. What
stops a piece of work altogether (a file that cannot be read, a value the core cannot use)
is raised as the one kind, `RemiError`, which carries its problem to the command line.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from remi_sheet.i18n import Lang, say
from remi_sheet.i18n.game import IN_DEAL_KEYS


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


# A severity → the key of its word, as a problem's line starts with it ("error: …").
SEVERITY_NAMES: Final = {Severity.ERROR: "severity_error", Severity.WARNING: "severity_warning"}


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong (or doubtful) in the input, where it is, and a message key."""

    code: str
    sheet: str | None = None  # a sheet's name, or a text file's
    cell: str | None = None
    severity: Severity = Severity.ERROR
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    line: int | None = None  # a line of a text file
    # The notebook the sheet is in, where several are read at once (`remi stats a b`).
    file: str | None = None

    def message(self, lang: Lang) -> str:
        """What the problem says in `lang`. At a player's cell of a deal (its parameters
        name the player and the deal) a cell that cannot be read is told with both, as
        every other problem of a deal row is (`IN_DEAL_KEYS`); its code stays the same."""
        key = self.code
        if "player" in self.params and "deal" in self.params:
            key = IN_DEAL_KEYS.get(key, key)
        return say(key, lang, **self.params)

    def at(
        self, sheet: str | None, cell: str | None = None, line: int | None = None, **params: Any
    ) -> Problem:
        """The same problem, put in its place (and with more parameters)."""
        return dataclasses.replace(
            self, sheet=sheet, cell=cell, line=line, params={**self.params, **params}
        )

    def to_json(self, lang: Lang) -> dict[str, Any]:
        # A text file's line: a script finds the file under "file", as the spec's keys say.
        text = self.line is not None and self.cell is None and self.file is None
        return {
            "file": self.sheet if text else self.file,
            "sheet": None if text else self.sheet,
            "cell": self.cell,
            "line": self.line,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message(lang),
        }


def has_errors(problems: list[Problem]) -> bool:
    return any(p.severity is Severity.ERROR for p in problems)


def error_count(problems: Sequence[Problem]) -> int:
    """How many of `problems` are errors."""
    return sum(p.severity is Severity.ERROR for p in problems)


class RemiError(Exception):
    """What stops a piece of work: a file that cannot be used, a value the core cannot
    read. It carries its `problem`; the command line tells it in one line.

    `RemiError("card_unknown", token="Z")` for a problem without a place yet,
    `RemiError(problem)` for one that has its place.
    """

    def __init__(self, problem: Problem | str, /, **params: Any) -> None:
        if isinstance(problem, str):
            problem = Problem(problem, params=params)
        super().__init__(problem.code)
        self.problem = problem

    @property
    def code(self) -> str:
        return self.problem.code

    @property
    def params(self) -> dict[str, Any]:
        return self.problem.params


class ArgumentError(RemiError):
    """A mistake in the arguments given (not in a file): the command line says it as its
    own mistake, in `lang`, the language of the notebook it concerns."""

    def __init__(self, lang: Lang, code: str, /, **params: object) -> None:
        super().__init__(code, **params)
        self.lang = lang
