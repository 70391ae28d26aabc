"""Storage faults: each is one clear ``error:`` line and exit 2, never a traceback or a hang.

Permission faults are made real: when the tests run as root (who may write anywhere), the CLI process runs
without the capabilities that bypass file permissions (``setpriv``), so it meets them as any user would.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from gamewright.store import migrate
from gamewright.store.db import ENV_VAR, reset_engines
from tests.core.backends import fresh_postgres_schema, needs_postgres

DROP_ROOT_POWERS = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"]


def _as_a_user(*args: str, db: str) -> subprocess.CompletedProcess[str]:
    """The CLI as a process for which file permissions hold (also under root)."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: permissions cannot be enforced")
        prefix = DROP_ROOT_POWERS
    return subprocess.run([*prefix, sys.executable, "-m", "gamewright", *args], capture_output=True, text=True,
                          env={**os.environ, ENV_VAR: db}, timeout=60)


def _one_error_line(code: int, err: str, *needles: str) -> None:
    lines = err.strip().splitlines()
    assert code == 2 and lines and lines[-1].startswith("error: "), err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[-1], lines[-1]


def _at_revision(url: str, revision: str) -> None:
    """A database migrated only up to ``revision`` (an older gamewright's)."""
    from alembic import command

    eng = create_engine(url)
    config = migrate._config()
    with eng.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    eng.dispose()


@contextmanager
def _held(lock_file: Path) -> Iterator[None]:
    """Hold a file lock the way another process would (flock on its own descriptor)."""
    fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def test_the_schema_head_is_known_without_alembic() -> None:
    assert migrate.schema_head() == migrate.known_revisions()[0]


def _refused_when_newer(cli, url: str) -> None:  # type: ignore[no-untyped-def]
    """A database a newer gamewright has migrated (a revision this one does not know) is refused untouched."""
    assert cli("prince", "list")[0] == 0
    eng = create_engine(url)
    with eng.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    eng.dispose()
    reset_engines()
    code, _, err = cli("prince", "list")
    _one_error_line(code, err, "revision '9999'", "newer gamewright")


def test_a_database_from_a_newer_version_is_refused(cli, isolated_database: str) -> None:
    _refused_when_newer(cli, isolated_database)


def test_a_current_schema_takes_no_lock(cli, isolated_database: str, tmp_path: Path) -> None:
    assert cli("prince", "list")[0] == 0
    reset_engines()
    with _held(tmp_path / "gamewright-test.db.lock"):
        code, _, err = cli("prince", "list")
    assert code == 0 and err == ""


def test_a_held_migration_lock_says_what_it_waits_for_and_gives_up(
    cli, isolated_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _at_revision(isolated_database, "0001")
    monkeypatch.setattr(migrate, "LOCK_WAIT", 0.5)
    with _held(tmp_path / "gamewright-test.db.lock"):
        code, _, err = cli("prince", "list")
    assert err.startswith(f"waiting for the migration lock {tmp_path / 'gamewright-test.db.lock'}")
    _one_error_line(code, err, "gave up after 0.5 s")
    assert len(err.strip().splitlines()) == 2
    reset_engines()
    assert cli("prince", "list")[0] == 0  # once the lock is free the migration runs


def test_another_users_lock_file(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    _at_revision(f"sqlite:///{db}", "0001")  # needs migrating, so the lock is needed
    lock = tmp_path / "old.db.lock"
    lock.touch()
    lock.chmod(0)
    out = _as_a_user("prince", "list", db=f"sqlite:///{db}")
    _one_error_line(out.returncode, out.stderr, "cannot open the migration lock file", "Permission denied")


@pytest.mark.parametrize("exists", [False, True])
def test_a_read_only_data_directory(cli, tmp_path: Path, exists: bool) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    url = f"sqlite:///{folder / 'g.db'}"
    if exists:
        assert subprocess.run([sys.executable, "-m", "gamewright", "prince", "list"],
                              env={**os.environ, ENV_VAR: url}, capture_output=True).returncode == 0
    folder.chmod(0o555)
    try:
        out = _as_a_user("prince", "list", db=url)
    finally:
        folder.chmod(0o755)
    _one_error_line(out.returncode, out.stderr, "cannot use the database", str(folder))


@pytest.mark.parametrize(
    ("tail", "message"),
    [
        ("afile/g.db", "lies under {tmp}/afile, which is a file, not a directory"),
        ("afile/deeper/g.db", "lies under {tmp}/afile, which is a file"),
        ("missing/deeper/g.db", "the directory {tmp}/missing/deeper for the database"),
        ("adir", "is a directory"),
    ],
)
def test_impossible_paths(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tail: str, message: str) -> None:
    (tmp_path / "afile").write_text("not a directory")
    (tmp_path / "adir").mkdir()
    monkeypatch.setenv(ENV_VAR, f"sqlite:///{tmp_path / tail}")
    reset_engines()
    code, _, err = cli("prince", "list")
    _one_error_line(code, err, message.format(tmp=tmp_path))
    assert not (tmp_path / "missing").exists()  # never created silently at a path the setting names


def test_a_file_that_is_no_database(cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for path in ("/proc/version", str(tmp_path / "notes.txt")):
        Path(tmp_path / "notes.txt").write_text("just some text, long enough to have a header " * 4)
        monkeypatch.setenv(ENV_VAR, f"sqlite:///{path}")
        reset_engines()
        code, _, err = cli("prince", "list")
        _one_error_line(code, err, f"cannot use the database {path}")


def test_the_default_data_directory_is_created(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    reset_engines()
    assert cli("prince", "list")[0] == 0
    assert (tmp_path / "xdg" / "gamewright" / "gamewright.db").is_file()


def test_migrating_keeps_one_active_run_per_prince_and_widens_seeds(isolated_database: str) -> None:
    _migrated_from_0001(isolated_database)


@needs_postgres
def test_migrating_on_postgres(monkeypatch: pytest.MonkeyPatch) -> None:
    with fresh_postgres_schema() as url:
        monkeypatch.setenv(ENV_VAR, url)
        _migrated_from_0001(url)


def _migrated_from_0001(url: str) -> None:
    from gamewright.store import create_game, get_game

    _at_revision(url, "0001")
    eng = create_engine(url)
    with eng.begin() as connection:
        connection.execute(text(
            "INSERT INTO princes (id, name, birth_time, lat_centi, lon_centi, created_at) "
            "VALUES (1, 'Old', '2000-01-01T00:00:00Z', 0, 0, CURRENT_TIMESTAMP)"))
        for run_id in (1, 2, 3):  # two runs left active by an old race, one finished
            connection.execute(text(
                "INSERT INTO prince_runs (id, prince_id, seed, ruleset, options, status, distance, actions, "
                "started_at) VALUES (:id, 1, 7, 'design', '{}', :status, '0', '[]', CURRENT_TIMESTAMP)"),
                {"id": run_id, "status": "lost" if run_id == 2 else "active"})
    eng.dispose()
    reset_engines()
    gid = create_game("demo", 2**63 - 1, {})  # migrates first, then stores a seed wider than 32 bits
    assert get_game(gid).seed == 2**63 - 1
    eng = create_engine(url)
    with eng.begin() as connection:
        rows = connection.execute(text("SELECT id, status FROM prince_runs ORDER BY id")).all()
        assert [tuple(r) for r in rows] == [(1, "abandoned"), (2, "lost"), (3, "active")]
        with pytest.raises(IntegrityError), connection.begin_nested():
            connection.execute(text("UPDATE prince_runs SET status = 'active' WHERE id = 1"))
    eng.dispose()


@needs_postgres
def test_postgres_faults_are_one_line(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    with fresh_postgres_schema() as url:
        monkeypatch.setenv(ENV_VAR, url)
        reset_engines()
        _at_revision(url, "0001")
        monkeypatch.setattr(migrate, "LOCK_WAIT", 0.5)
        holder = create_engine(url)
        with holder.begin() as connection:  # another process migrating: it holds the advisory lock
            connection.execute(text(f"SELECT pg_advisory_xact_lock({migrate.MIGRATION_LOCK_KEY})"))
            code, _, err = cli("prince", "list")
        holder.dispose()
        assert err.startswith("waiting for the migration lock of postgresql+psycopg://")
        _one_error_line(code, err, "gave up after 0.5 s")
        reset_engines()
        _refused_when_newer(cli, url)
