"""remi-sheet: the score notebook for Hungarian rummy (römi).

The package is built in layers; a layer imports only the layers below it:

    i18n      every word and message, in English and Hungarian
    core      the game: cards, entries, house rules, scoring, melds, standings (pure)
    reading   workbook files: checked, then read as grids of cell values
    notebook  a notebook's games, paper records and a season, read and checked
    writing   what remi writes into a workbook, and saving it safely
    report    the printable scorecard
    cli       the `remi` command

`writing` and `report` stand side by side: neither imports the other. `tests/test_layers.py`
reads the imports and keeps it so.
"""

__version__ = "0.1.0"
