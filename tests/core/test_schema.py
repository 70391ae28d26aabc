"""The schema has one home: every table is declared in ``gamewright.store``, the migrations see every one of them,
and a database migrated from nothing is exactly what the tables declare (Alembic's autogenerate finds no
difference), on SQLite and, when ``GAMEWRIGHT_TEST_POSTGRES_URL`` is set, on PostgreSQL."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gamewright
from tests.core.backends import BACKENDS, backend_url

SOURCE = Path(gamewright.__file__).resolve().parent
STORE = SOURCE / "store"


def declared_tables() -> dict[str, Path]:
    """Every ``__tablename__ = "…"`` in the package's source: the table's name → the file declaring it."""
    found: dict[str, Path] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    targets = item.targets if isinstance(item, ast.Assign) else []
                    if any(isinstance(t, ast.Name) and t.id == "__tablename__" for t in targets):
                        assert isinstance(item, ast.Assign) and isinstance(item.value, ast.Constant)
                        found[str(item.value.value)] = path
    return found


def test_every_table_is_declared_in_the_store() -> None:
    tables = declared_tables()
    assert {"princes", "web_games", "lab_runs", "penance_campaigns", "affinity_parties"} <= set(tables)
    assert {name: str(path) for name, path in tables.items() if STORE not in path.parents} == {}


def test_the_migrations_see_every_table() -> None:
    """The metadata ``migrations/env.py`` hands to Alembic holds every table, in a fresh interpreter (where no
    other module has been imported to register one)."""
    probe = "from gamewright.store.schema import metadata; print(sorted(metadata().tables))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=dict(os.environ),
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert ast.literal_eval(done.stdout.strip()) == sorted(declared_tables())
    env = (STORE / "migrations" / "env.py").read_text(encoding="utf-8")
    assert "target_metadata=metadata()" in env


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_migrated_database_is_exactly_the_declared_tables(
    backend: str, isolated_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Migrated from nothing by the project's own path (``store.db.engine`` → ``migrate.ensure_schema``), the
    database has every table, column, type, index and constraint the models declare, and nothing else."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from gamewright.store.db import engine
    from gamewright.store.migrate import current_revision, schema_head
    from gamewright.store.schema import metadata

    with backend_url(backend, isolated_database, monkeypatch), engine().connect() as connection:
        assert current_revision(connection) == schema_head()
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, metadata()) == []
