"""The printable scorecard: a view model of the notebook, its charts, and the templates
rendered to HTML and PDF.

Imports `notebook`, `reading`, `core` and `i18n`; never `writing` or `cli`.
"""
