"""click as Typer carries it inside (`typer._click`, Typer 0.26 to 0.28): the one module of
remi that reaches it.

Typer exports none of these. remi needs click's refusal kinds to say a refused command
line in the notebook's language (`command_line`), and click's command, context and help
formatter types for the help in the asker's language (`help_text`, `app`).
`tests/test_compat.py` imports every name here, so a Typer that moves them fails there
first, not in a user's refused command line.
"""

from typer._click import Command, Context, HelpFormatter, Parameter
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    ClickException,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)

__all__ = [
    "BadOptionUsage",
    "BadParameter",
    "ClickException",
    "Command",
    "Context",
    "HelpFormatter",
    "MissingParameter",
    "NoArgsIsHelpError",
    "NoSuchOption",
    "Parameter",
    "UsageError",
]
