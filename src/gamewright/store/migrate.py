"""Bringing a database to the current schema, and only when it needs it.

The current revision is read first, without any lock: a database already at the head (every command but the
first) is used at once, so a held or impossible lock never delays it. A database that needs migrating is
migrated by one process at a time, under a lock file next to a SQLite database or an advisory lock on
PostgreSQL; a process that finds the lock held says on stderr what it waits for and gives up after
``LOCK_WAIT`` seconds with one line. A database written by a newer gamewright (a revision this version does
not know) is refused before anything touches it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from filelock import FileLock, Timeout
from sqlalchemy import Connection, Engine, inspect, text

if TYPE_CHECKING:
    from alembic.config import Config

from gamewright.core.errors import ConfigError

VERSIONS = Path(__file__).parent / "migrations" / "versions"
MIGRATION_LOCK_KEY = 0x67776D  # an arbitrary constant naming gamewright's migration lock on PostgreSQL
LOCK_WAIT = 60.0  # seconds a process waits for another one's migration before it gives up
_POLL = 0.2


def _config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(VERSIONS.parent))
    return config


@cache
def schema_head() -> str:
    """The newest revision, from the file names alone (``NNNN_what.py`` holds revision ``"NNNN"``, each revising
    the one before; a test checks this against Alembic): knowing it needs no Alembic import."""
    return max(p.name.split("_", 1)[0] for p in VERSIONS.glob("[0-9][0-9][0-9][0-9]_*.py"))


@cache
def known_revisions() -> tuple[str, frozenset[str]]:
    """The head revision this version of gamewright migrates to, and every revision it knows."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(_config())
    return script.get_current_head() or "", frozenset(rev.revision for rev in script.walk_revisions())


def current_revision(connection: Connection) -> str | None:
    """The revision the database is at (None when empty), read with plain SQL: no Alembic import, no lock."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    rows = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    return rows[0] if len(rows) == 1 else ",".join(sorted(rows)) or None


def ensure_schema(eng: Engine, where: str, sqlite_file: Path | None) -> None:
    """Migrate ``eng`` to the head if, and only if, it is behind; refuse a database from a newer version."""
    with eng.connect() as connection:
        current = current_revision(connection)
    if current == schema_head():
        return
    head, known = known_revisions()
    if current == head:
        return
    if current is not None and current not in known:
        raise ConfigError(
            f"the database {where} has schema revision {current!r}, written by a newer gamewright than this "
            f"one (which knows up to {head!r}); upgrade gamewright, or point GAMEWRIGHT_DB at another database"
        )
    if sqlite_file is not None:
        with _file_lock(sqlite_file, where):
            _upgrade(eng)
    else:
        _upgrade(eng, advisory_lock=where)


def _upgrade(eng: Engine, advisory_lock: str = "") -> None:
    from alembic import command

    config = _config()
    with eng.begin() as connection:
        if advisory_lock:  # held until this transaction ends
            _wait_for(lambda: bool(connection.exec_driver_sql(
                f"SELECT pg_try_advisory_xact_lock({MIGRATION_LOCK_KEY})").scalar()),
                f"the migration lock of {advisory_lock} (PostgreSQL advisory lock {MIGRATION_LOCK_KEY})")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")  # from wherever another process left it: a no-op at the head


@contextmanager
def _file_lock(sqlite_file: Path, where: str) -> Iterator[None]:
    path = f"{sqlite_file}.lock"
    try:  # open it ourselves first: filelock retries some errors (a missing or read-only directory) until timeout
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o644))
    except OSError as exc:
        raise ConfigError(
            f"cannot open the migration lock file {path}: {exc.strerror}; the database {where} needs migrating "
            "and only a user who may write its directory can do it"
        ) from None
    lock = FileLock(path)
    what = f"the migration lock {path} (another gamewright process is migrating {where})"
    _wait_for(lambda: _try(lock), what)
    try:
        yield
    finally:
        lock.release()


def _try(lock: FileLock) -> bool:
    try:
        lock.acquire(timeout=0)
    except Timeout:
        return False
    return True


def _wait_for(attempt: Callable[[], bool], what: str) -> None:
    """Take a lock at once, or say what we are waiting for and keep trying for ``LOCK_WAIT`` seconds."""
    if attempt():
        return
    sys.stderr.write(f"waiting for {what}…\n")
    sys.stderr.flush()
    deadline = time.monotonic() + LOCK_WAIT
    while time.monotonic() < deadline:
        time.sleep(_POLL)
        if attempt():
            return
    raise ConfigError(f"gave up after {LOCK_WAIT:g} s waiting for {what}; try again when it has finished")
