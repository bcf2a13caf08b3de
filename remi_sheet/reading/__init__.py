"""Workbook files: looked at before any library opens them, their zip checked, then each
sheet read as a grid of cell values (python-calamine, or openpyxl's streaming reader for a
sheet calamine should not be trusted with).

Imports `core` and `i18n`.
"""
