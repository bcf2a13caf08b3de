"""The game itself: text as people type it, house rules, cards, entries, scoring, melds,
standings, dates and the problems found in what was typed.

Pure: no files, no terminal. Imports only `i18n`.
"""
