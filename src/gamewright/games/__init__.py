"""The four games: prince, inclinations, affinity, penance."""
