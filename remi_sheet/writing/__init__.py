"""What remi writes into a workbook (its areas, live formulas, the Standings sheet, a new
notebook, filed paper records) and saving it so that nothing is lost.

Imports `notebook`, `reading`, `core` and `i18n`; never `report` or `cli`.
"""
