"""Engine, sessions and automatic migrations.

The database is a SQLite file in the per-user data directory (``platformdirs.user_data_dir("gamewright")``,
e.g. ``~/.local/share/gamewright/gamewright.db`` on Linux) unless ``GAMEWRIGHT_DB`` names any SQLAlchemy URL
(``postgresql+psycopg://user@host/db``). Migrations run on first use when the schema is behind (see
``migrate``); SQLite runs in WAL mode with a generous busy timeout, and every transaction takes its write lock
before its first read, so each ``session_scope`` is atomic against other processes.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from gamewright.core.errors import ConfigError, NotFound
from gamewright.store.migrate import ensure_schema

ENV_VAR = "GAMEWRIGHT_DB"
_engines: dict[str, Engine] = {}
_sessionmakers: dict[str, sessionmaker[Session]] = {}
# Server threads (bot turns, streams) open sessions while the main thread may reset the cache; one lock keeps
# the two dicts whole and makes each URL's engine (and its one migration) be built exactly once.
_cache_lock = threading.RLock()


def default_sqlite_path() -> Path:
    return Path(user_data_dir("gamewright", appauthor=False)) / "gamewright.db"


def database_url() -> str:
    """The configured database URL; a ``GAMEWRIGHT_DB`` that is not a URL is a clear error. Touches no file."""
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
    return f"sqlite:///{default_sqlite_path()}"


def safe_url(url: str) -> str:
    """The URL as it may be shown: without its password."""
    return make_url(url).render_as_string(hide_password=True)


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None: another database, or SQLite in memory)."""
    return _sqlite_file(url)


def _sqlite_file(url: str) -> Path | None:
    if not url.startswith("sqlite:///"):
        return None
    tail = url.removeprefix("sqlite:///").split("?", 1)[0]
    return None if tail in ("", ":memory:") else Path(tail)


def engine(url: str | None = None) -> Engine:
    """The engine for ``url`` (default: ``database_url()``), migrated to the latest schema.

    Every storage fault met on the way (a missing or read-only directory, a file that is no database, a
    database from a newer version, a migration lock held too long) is a ``ConfigError``: one line, exit 2.
    """
    url = url or database_url()
    cached = _engines.get(url)
    if cached is not None:
        return cached
    with _cache_lock:
        cached = _engines.get(url)
        if cached is None:
            cached = _engines[url] = _build_engine(url)
        return cached


def _build_engine(url: str) -> Engine:
    sqlite_file = _sqlite_file(url)
    if sqlite_file is not None:
        _prepare_directory(sqlite_file)
        eng = create_engine(url, connect_args={"timeout": 60})
        event.listen(eng, "connect", _sqlite_pragmas)
        event.listen(eng, "begin", _sqlite_begin_immediate)
        where = str(sqlite_file)
    else:
        try:
            eng = create_engine(url, pool_pre_ping=True)
        except ImportError as exc:  # the URL names a driver that is not installed
            raise ConfigError(
                f"the database driver for {make_url(url).drivername!r} is not installed ({exc.name}); "
                "for PostgreSQL: pip install 'gamewright[postgres]'"
            ) from exc
        where = safe_url(url)
    try:
        ensure_schema(eng, where, sqlite_file)
    except DBAPIError as exc:
        eng.dispose()
        reason = " ".join(str(exc.orig).split()) or type(exc.orig).__name__
        hint = _sqlite_hint(sqlite_file, reason) if sqlite_file is not None else ""
        raise ConfigError(f"cannot use the database {where}: {reason}{hint}") from None
    except BaseException:
        eng.dispose()
        raise
    return eng


def _prepare_directory(sqlite_file: Path) -> None:
    """Create the user's own data directory when missing; any other directory must already exist."""
    parent = sqlite_file.parent
    if sqlite_file.is_dir():
        raise ConfigError(f"the database path {sqlite_file} is a directory; name a file in it")
    if parent.is_dir():
        return
    if sqlite_file == default_sqlite_path():
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(f"cannot create the data directory {parent}: {exc.strerror}") from None
        return
    blocker = next((p for p in (parent, *parent.parents) if p.exists()), None)
    if blocker is not None and not blocker.is_dir():
        raise ConfigError(f"the database path {sqlite_file} lies under {blocker}, which is a file, not a directory")
    raise ConfigError(
        f"the directory {parent} for the database {sqlite_file} does not exist; create it first "
        f"(gamewright creates only its own data directory, {default_sqlite_path().parent})"
    )


def _sqlite_hint(sqlite_file: Path, reason: str) -> str:
    if "unable to open" in reason or "readonly" in reason:
        return f" (check that you may read and write {sqlite_file} and its directory {sqlite_file.parent})"
    if "not a database" in reason:
        return " (that file is not a SQLite database)"
    return ""


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
    # Let SQLAlchemy, not the driver, open transactions, so that each one can take the write lock up front.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=60000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_begin_immediate(connection) -> None:  # type: ignore[no-untyped-def]
    """Every transaction takes the write lock when it begins, before its first read.

    This is what makes a read-modify-write atomic on SQLite: no other process can commit between the read and
    the write. (A deferred transaction that reads and then writes fails at once with "database is locked" when
    another process committed in between, as WAL snapshots cannot be upgraded; an immediate one waits its turn
    under the busy timeout instead.)
    """
    connection.exec_driver_sql("BEGIN IMMEDIATE")


@contextmanager
def session_scope(url: str | None = None) -> Iterator[Session]:
    """A transaction: committed when the block ends, rolled back (nothing half-written) on any error."""
    url = url or database_url()
    maker = _sessionmakers.get(url)
    if maker is None:
        with _cache_lock:
            maker = _sessionmakers.get(url)
            if maker is None:
                maker = _sessionmakers[url] = sessionmaker(engine(url), expire_on_commit=False)
    session = maker()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


@contextmanager
def locked_scope(model: type[Any], key: Any, missing: str) -> Iterator[tuple[Session, Any]]:
    """A transaction that first locks one row, found by primary key, for the rest of the transaction.

    The primitive of every read-modify-write: PostgreSQL gets ``SELECT … FOR UPDATE`` (other writers of the
    row wait until this transaction ends); on SQLite the transaction's ``BEGIN IMMEDIATE`` already holds the
    database's write lock. Yields the session and the row; ``NotFound(missing)`` when there is no such row.
    """
    with session_scope() as session:
        row = session.get(model, key, with_for_update=True, populate_existing=True)
        if row is None:
            raise NotFound(missing)
        yield session, row


def reset_engines() -> None:
    """Forget cached engines (tests switch databases through ``GAMEWRIGHT_DB``)."""
    with _cache_lock:
        engines = list(_engines.values())
        _engines.clear()
        _sessionmakers.clear()
    for eng in engines:
        eng.dispose()
