"""The command line: one Typer sub-app per game (prince, inclinations, affinity, penance)."""
