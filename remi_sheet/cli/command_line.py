"""What a command line remi cannot take gets: click's refusal, said in the notebook's language.

click (inside Typer) speaks English only, with its own plurals ("argument(s)"). Its
refusals carry what they are about (the option, the parameter and its type), so each kind
is said through the catalogue; one it does not tell apart keeps click's words. The
language is the help's (`help_text.language_of`): --lang when the line gives it, else the
one the named notebook's sheet names show, else the system's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NoReturn

from remi_sheet.cli import help_text

# click's exception classes are how a refusal says its kind.
from remi_sheet.cli.clicks import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from remi_sheet.cli.printing import error_line
from remi_sheet.i18n import Lang, listed, say

if TYPE_CHECKING:
    from remi_sheet.cli.clicks import Parameter

_NOT_IN_RANGE: Final = re.compile(r"(.+) is not in the range ")
_NOT_ONE_OF: Final = re.compile(r"'(.*)' is not one of ", re.DOTALL)
_NOT_VALID: Final = re.compile(r"'(.*)' is not a valid (int range|integer|int|float range|float)")
_EXTRA: Final = re.compile(r"Got unexpected extra argument\(s\) \((.*)\)", re.DOTALL)
_NO_COMMAND: Final = re.compile(r"No such command '(.*)'\.(?: Did you mean (.*)\?)?", re.DOTALL)


def refuse(error: UsageError, arguments: Sequence[str]) -> NoReturn:
    """Say why the command line `arguments` was refused, with the command's usage and
    where its help is, on standard error; exit 2 as click does."""
    if isinstance(error, NoArgsIsHelpError):
        error.show()  # the bare command: its help, as click gives it
        raise SystemExit(2)
    lang = help_text.language_of(arguments)  # as the help it points to speaks
    context = error.ctx
    if context is not None:
        error_line(help_text.in_words(context.get_usage(), lang))
        if context.command.get_help_option(context) is not None:
            help_line = f"{context.command_path} {context.help_option_names[0]}"
            error_line(say("cli_try_help", lang, command=help_line) + "\n")
    text = message(error, lang)
    # Said as remi's own command-line mistakes are, and as the --json document says it.
    error_line(say("usage_error", lang, message=text))
    if not (isinstance(error, NoSuchOption) and error.option_name == "--json"):
        from remi_sheet.cli.output import print_refusal_json

        print_refusal_json(text, lang, arguments)
    raise SystemExit(2)


def message(error: UsageError, lang: Lang) -> str:
    """What `error` says, in `lang`."""
    if isinstance(error, NoSuchOption):
        text = say("cli_no_such_option", lang, option=error.option_name)
        return text + _suggested(sorted(error.possibilities or ()), lang)
    if isinstance(error, BadOptionUsage):
        if error.message.endswith("does not take a value."):
            return say("cli_option_takes_no_value", lang, option=error.option_name)
        if " requires " in error.message:
            return say("cli_option_needs_value", lang, option=error.option_name)
    if isinstance(error, MissingParameter) and error.param is not None:
        argument = error.param.param_type_name == "argument"
        key = "cli_missing_argument" if argument else "cli_missing_option"
        return say(key, lang, name=_name(error.param, lang))
    if isinstance(error, BadParameter) and error.param is not None:
        return _bad_value(error, error.param, lang)
    extra = _EXTRA.fullmatch(error.message)
    if extra:
        words = extra[1].split(" ")
        key = "cli_extra_argument" if len(words) == 1 else "cli_extra_arguments"
        return say(key, lang, arguments=extra[1])
    unknown = _NO_COMMAND.fullmatch(error.message)
    if unknown:
        suggestions = re.findall(r"'([^']*)'", unknown[2] or "")
        return say("cli_no_such_command", lang, command=unknown[1]) + _suggested(suggestions, lang)
    if error.message == "Missing command.":
        return say("cli_missing_command", lang)
    return error.format_message()


def _bad_value(error: BadParameter, param: Parameter, lang: Lang) -> str:
    name, kind = _name(param, lang), param.type
    low, high = getattr(kind, "min", None), getattr(kind, "max", None)
    found = _NOT_IN_RANGE.match(error.message)
    if found and low is not None and high is not None:
        return say("cli_not_in_range", lang, name=name, value=found[1], low=low, high=high)
    found = _NOT_ONE_OF.match(error.message)
    choices = getattr(kind, "choices", None)
    if found and choices:
        shown = listed([str(getattr(choice, "value", choice)) for choice in choices], lang, "or")
        return say("cli_not_a_choice", lang, name=name, value=found[1], choices=shown)
    found = _NOT_VALID.match(error.message)
    if found:
        whole = found[2].startswith("int")
        key = "cli_not_a_whole_number" if whole else "cli_not_a_number"
        return say(key, lang, name=name, value=found[1])
    return say("cli_bad_value", lang, name=name, detail=error.message)


def _name(param: Parameter, lang: Lang) -> str:
    """An option by its longest name (--games), an argument as the usage line in `lang`
    shows it (NOTEBOOK.xlsx, FÜZET.xlsx)."""
    if param.param_type_name == "argument":
        # "NOTEBOOK.xlsx..." (one or more) is named as one: a sentence ends after it.
        name = (param.metavar or (param.name or "").upper()).removesuffix("...")
        return help_text.in_words(name, lang)
    return max(param.opts, key=len) if param.opts else (param.name or "")


def _suggested(choices: Sequence[str], lang: Lang) -> str:
    if not choices:
        return ""
    return " " + say("cli_did_you_mean", lang, choices=listed(choices, lang, "or"))
