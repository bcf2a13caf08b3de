"""The `remi` program (and `python -m remi_sheet`).

Loading Typer, click and remi's modules makes some 100,000 objects and no garbage, and the
cyclic garbage collector would walk them again and again while they load: about 4 % of a
small notebook's check. It is paused while the command line loads; what was loaded then
goes to the oldest generation, where the commands' own collections leave it be.
"""

from remi_sheet import collector


def main() -> None:
    with collector.paused():
        from remi_sheet.cli import main as run
    run()


if __name__ == "__main__":
    main()
