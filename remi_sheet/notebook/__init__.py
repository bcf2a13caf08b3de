"""A score notebook read and checked (its games, house rules and problems), old paper
records read and checked, and a season across games and notebooks.

Imports `reading`, `core` and `i18n`; writes nothing.
"""
