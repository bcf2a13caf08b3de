"""The `remi` program (and `python -m remi_sheet`).

Loading Typer, click and remi's modules makes some 100,000 objects and no garbage, and the
cyclic garbage collector would walk them again and again while they load: about 4 % of a
small notebook's check. It is paused while the command line loads; what was loaded then
goes to the oldest generation, where the commands' own collections leave it be.

When the command is done, the program leaves at once, its output flushed: tearing down
the interpreter would free every object one by one (the modules, and a big notebook's
million cells: 35 ms for 5,000 games), only for the system to take the memory back anyway.
Every command has closed its files, released its lock and stopped its reading process by
then.
"""

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from remi_sheet import collector

# The options of `remi check` (a test keeps them equal to the command's own): those that
# take a value, and the flag.
CHECK_VALUED: Final = frozenset({"--lang", "--rule", "-r"})
CHECK_FLAGS: Final = frozenset({"--json"})


def checked_notebook(args: Sequence[str]) -> Path | None:
    """The notebook of a `remi check` command line (the arguments after the program's
    name), or None when it is another command, or not plain enough to be sure."""
    if not args or args[0] != "check":
        return None
    notebooks = []
    rest = iter(args[1:])
    for arg in rest:
        if arg in CHECK_VALUED:
            next(rest, None)
        elif arg.startswith("-"):
            known = arg in CHECK_FLAGS or arg.partition("=")[0] in CHECK_VALUED
            if not known and not (arg.startswith("-r") and not arg.startswith("--")):
                return None  # --help, "--", a mistake: Typer's to answer, at its pace
        else:
            notebooks.append(arg)
    return Path(notebooks[0]) if len(notebooks) == 1 else None


def main() -> None:
    early = checked_notebook(sys.argv[1:])
    with collector.paused():
        if early is not None:
            # A big notebook's reading process starts now, and opens and checks the zip
            # while Typer and the checking code load (`notebook_sheets.begin` takes it over).
            from remi_sheet import notebook_sheets

            notebook_sheets.begin_early(early)
        from remi_sheet.cli import main as run
    collector.freed_at_exit()
    try:
        run()
        code: object = 0
    except SystemExit as stop:
        code = stop.code
    finally:
        if early is not None:
            notebook_sheets.drop_early()
    if not isinstance(code, int | None):
        raise SystemExit(code)  # a message for standard error: Python prints it
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:  # None: started with that descriptor closed (cron, 2>&-)
                stream.flush()
    except (OSError, ValueError):  # a reader that went away: as Python says it, on the way out
        raise SystemExit(code) from None
    os._exit(code or 0)


if __name__ == "__main__":
    main()
