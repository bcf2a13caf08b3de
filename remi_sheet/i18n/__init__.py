"""Every word and message a user can see, in English and Hungarian, by key.

Imports nothing else of remi-sheet: every other layer may use it.
"""
