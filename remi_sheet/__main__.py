"""The `remi` program (and `python -m remi_sheet`).

Loading Typer, click and remi's modules makes some 100,000 objects and no garbage, and the
cyclic garbage collector would walk them again and again while they load. It is paused
while the command line loads; what was loaded then goes to the oldest generation, where the
commands' own collections leave it be.

When the command is done, the program leaves at once, its output flushed: tearing down
the interpreter would free every object one by one (the modules, and a big notebook's
million cells), only for the system to take the memory back anyway. Every command has
closed its files and released its lock by then.
"""

import os
import sys

from remi_sheet.core import collector


def main() -> None:
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:  # started with that descriptor closed (cron, 2>&-)
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    with collector.paused():
        from remi_sheet.cli.app import main as run
    collector.freed_at_exit()
    try:
        run()
        code: object = 0
    except SystemExit as stop:
        code = stop.code
    if not isinstance(code, int | None):
        raise SystemExit(code)  # a message for standard error: Python prints it
    try:
        for stream in (sys.stdout, sys.stderr):
            stream.flush()
    except (OSError, ValueError):  # a reader that went away: as Python says it, on the way out
        raise SystemExit(code) from None
    os._exit(code or 0)


if __name__ == "__main__":
    main()
