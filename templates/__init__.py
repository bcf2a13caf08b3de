"""The scorecard templates of `remi report`, installed as the package `remi_sheet.templates`.

This file makes the folder a regular package: `importlib.resources.files()` then gives a
real folder both from an installed wheel and from an editable install (setuptools cannot map
a namespace package nested in another package in editable mode).
"""
