"""remi-sheet: the score notebook for Hungarian rummy (römi)."""

__version__ = "0.1.0"
