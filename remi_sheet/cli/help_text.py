"""remi's help, in the language of the one who asks.

The texts are the catalogue's (`i18n.command_help`): a command's own, then each of its
options' and arguments' by the parameter's name. They are put in place when help is asked
for, in the language --lang gives, else the one the named notebook's sheet names show,
else the system's (`LANG`): help is often read before there is any notebook. The words
click and Typer write around them (headings, "[required]", metavars) are said in
Hungarian by whole words: the metavars before click lines the options up by them, the
rest after it has laid the help out.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from remi_sheet.i18n import Lang, say
from remi_sheet.i18n.command_help import (
    COMMAND_HELP_KEYS,
    HELP_WORDS,
    PARAMETER_HELP_KEYS,
    SHARED_PARAMETER_HELP_KEYS,
)
from remi_sheet.report import default_template_dir

if TYPE_CHECKING:
    from remi_sheet.cli.clicks import Command, Context

# Where the language found for help waits in the context (its `meta` is every context's).
HELP_LANG: Final = "remi.help_lang"
HELP_OPTIONS: Final = ("-h", "--help")
_WORDS: Final = sorted(
    HELP_WORDS.values(),
    key=lambda pair: -len(pair[0]),  # the longer first: NAME=VALUE before NAME
)


def _word(text: str) -> re.Pattern[str]:
    """`text` where it stands as a whole word: not inside a longer name (FILENAMES) or a
    file name (NAME.pdf.bak); a bracket or a space at its end bounds it by itself."""
    before = r"(?<![\w.])" if text[0].isalnum() else ""
    after = r"(?!\w|\.\w)" if text[-1].isalnum() or text[-1] == "." else ""
    return re.compile(before + re.escape(text) + after)


@functools.cache
def _words_to(lang: Lang) -> list[tuple[re.Pattern[str], str]]:
    """Each word as the other language writes it, and as `lang` says it."""
    if lang == "hu":
        return [(_word(english), hungarian) for english, hungarian in _WORDS]
    return [(_word(hungarian), english) for english, hungarian in _WORDS]


def wanted(arguments: Sequence[str]) -> bool:
    """Whether the command line `arguments` asks for help (a bare `remi` gets it too)."""
    return not arguments or any(argument in HELP_OPTIONS for argument in arguments)


def language_of(arguments: Sequence[str]) -> Lang:
    """The language help is given in for the command line `arguments` (see the module)."""
    from remi_sheet.cli import language  # it reads workbooks: only when help is asked for

    chosen = language.chosen(arguments)
    if chosen is not None:
        return chosen
    named = language.named_workbooks(arguments)
    return language.sheet_language(named) or language.system_language()


def put_in_place(command: Command, ctx: Context, name: str, lang: Lang) -> None:
    """The help texts of the command `name` and of its parameters, and their metavars
    (which click lines the texts up by), in `lang`."""
    command.help = say(COMMAND_HELP_KEYS[name], lang)
    for parameter in command.get_params(ctx):
        if parameter.metavar:
            parameter.metavar = in_words(parameter.metavar, lang)  # from either language
        key = parameter_key(name, parameter.name) if parameter.name is not None else None
        if key is None:
            continue
        # --template's help says where remi's own templates are, to copy from.
        parameter.help = say(key, lang, templates=str(default_template_dir()))  # type: ignore[attr-defined]


def parameter_key(command: str, parameter: str) -> str | None:
    """The key of the help of the parameter `parameter` (its Python name) of the command
    `command`: the command's own, else the one the commands share (None: it has none)."""
    own = PARAMETER_HELP_KEYS.get((command, parameter))
    return own if own is not None else SHARED_PARAMETER_HELP_KEYS.get(parameter)


def summary(name: str, lang: Lang) -> str:
    """The first paragraph of the command `name`'s help: what `remi --help` lists."""
    return say(COMMAND_HELP_KEYS[name], lang).split("\n\n", 1)[0]


def in_words(text: str, lang: Lang) -> str:
    """`text`, the words click and Typer write (and remi's metavars) said in `lang`."""
    for word, said in _words_to(lang):
        text = word.sub(said, text)
    return text
