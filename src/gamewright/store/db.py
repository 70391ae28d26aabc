"""Engine, sessions and automatic migrations.

The database is a SQLite file in the per-user data directory (``platformdirs.user_data_dir("gamewright")``,
e.g. ``~/.local/share/gamewright/gamewright.db`` on Linux) unless ``GAMEWRIGHT_DB`` names any SQLAlchemy URL
(``postgresql+psycopg://user@host/db``). Migrations run on first use, under a file lock so that concurrent
processes never race; SQLite runs in WAL mode with a generous busy timeout.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock
from platformdirs import user_data_dir
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import Session, sessionmaker

from gamewright.core.errors import ConfigError

ENV_VAR = "GAMEWRIGHT_DB"
MIGRATION_LOCK_KEY = 0x67776D  # an arbitrary constant naming gamewright's migration lock on PostgreSQL
_engines: dict[str, Engine] = {}
_sessionmakers: dict[str, sessionmaker[Session]] = {}


def default_sqlite_path() -> Path:
    return Path(user_data_dir("gamewright", appauthor=False)) / "gamewright.db"


def database_url() -> str:
    """The configured database URL; a ``GAMEWRIGHT_DB`` that is not a URL is a clear error."""
    url = os.environ.get(ENV_VAR, "").strip()
    if url:
        try:
            make_url(url)
        except ArgumentError as exc:
            raise ConfigError(
                f"{ENV_VAR}={url!r} is not a database URL; use e.g. sqlite:////absolute/path/gamewright.db "
                "or postgresql+psycopg://user:password@host/dbname"
            ) from exc
        return url
    path = default_sqlite_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


def _sqlite_file(url: str) -> Path | None:
    if not url.startswith("sqlite:///"):
        return None
    tail = url.removeprefix("sqlite:///")
    return None if tail in ("", ":memory:") else Path(tail)


def engine(url: str | None = None) -> Engine:
    """The engine for ``url`` (default: ``database_url()``), migrated to the latest schema."""
    url = url or database_url()
    if url in _engines:
        return _engines[url]
    sqlite_file = _sqlite_file(url)
    if sqlite_file is not None:
        sqlite_file.parent.mkdir(parents=True, exist_ok=True)
        eng = create_engine(url, connect_args={"timeout": 60})
        event.listen(eng, "connect", _sqlite_pragmas)
        event.listen(eng, "begin", _sqlite_begin_immediate)
        with FileLock(str(sqlite_file) + ".lock", timeout=120):
            _migrate(eng)
    else:
        try:
            eng = create_engine(url, pool_pre_ping=True)
        except ImportError as exc:  # the URL names a driver that is not installed
            raise ConfigError(
                f"the database driver for {make_url(url).drivername!r} is not installed ({exc.name}); "
                "for PostgreSQL: pip install 'gamewright[postgres]'"
            ) from exc
        _migrate(eng)
    _engines[url] = eng
    return eng


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
    # Let SQLAlchemy, not the driver, open transactions, so that each one can take the write lock up front.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=60000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin_immediate(connection) -> None:  # type: ignore[no-untyped-def]
    """Every transaction takes the write lock when it begins.

    A deferred transaction that reads and then writes fails at once with "database is locked" when another
    process committed in between (WAL snapshots cannot be upgraded); an immediate one waits its turn under the
    busy timeout instead, so concurrent processes queue rather than fail.
    """
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def _migrate(eng: Engine) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with eng.begin() as connection:
        if connection.dialect.name == "postgresql":
            # One migrating process at a time; the lock is released when this transaction ends.
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@contextmanager
def session_scope(url: str | None = None) -> Iterator[Session]:
    """A transaction: committed when the block ends, rolled back (nothing half-written) on any error."""
    url = url or database_url()
    if url not in _sessionmakers:
        _sessionmakers[url] = sessionmaker(engine(url), expire_on_commit=False)
    session = _sessionmakers[url]()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


def reset_engines() -> None:
    """Forget cached engines (tests switch databases through ``GAMEWRIGHT_DB``)."""
    for eng in _engines.values():
        eng.dispose()
    _engines.clear()
    _sessionmakers.clear()
