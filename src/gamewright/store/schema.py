"""Every table gamewright stores, on one metadata: what ``migrations/env.py`` migrates and autogenerates against.

Each aggregate declares its tables in its own module of this package (no table lives outside it); importing
them all here registers every table on ``Base.metadata``, so that ``alembic revision --autogenerate`` sees the
whole schema and never proposes to drop a table it was not shown.
"""

from __future__ import annotations

from sqlalchemy import MetaData


def metadata() -> MetaData:
    """The metadata of every table, each table module imported."""
    from gamewright.store import affinity_parties, campaigns, lab_runs, models, web_chat, web_games  # noqa: F401

    return models.Base.metadata
