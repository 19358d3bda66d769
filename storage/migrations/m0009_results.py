"""Placeholder for s6-table's m0009_results, so that m0010 has an unbroken numbering on this branch until that lands.

Main's file replaces it on merge (take theirs); it must never reach a database."""

STATEMENTS = ("SELECT 1",)
POSTGRES = ("SELECT 1",)
