"""What the `remi` command line says: usage mistakes, and the lines around a command's work."""

from __future__ import annotations

from typing import Final

CLI_MESSAGES: Final[dict[str, tuple[str, str]]] = {}

CATALOGUES: Final = (CLI_MESSAGES,)
