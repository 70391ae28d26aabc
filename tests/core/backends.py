"""Test helpers: a fresh PostgreSQL schema per test, and CLI processes released at one instant.

PostgreSQL tests run when ``GAMEWRIGHT_TEST_POSTGRES_URL`` names a server; each test gets its own schema (through
the connection's ``search_path``), dropped afterwards, so runs never meet each other's tables or revisions.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

POSTGRES_URL = os.environ.get("GAMEWRIGHT_TEST_POSTGRES_URL", "")
needs_postgres = pytest.mark.skipif(not POSTGRES_URL, reason="GAMEWRIGHT_TEST_POSTGRES_URL is not set")
BACKENDS = ["sqlite", pytest.param("postgresql", marks=needs_postgres)]


@contextmanager
def fresh_postgres_schema() -> Iterator[str]:
    """A database URL whose tables live in a new, empty schema (dropped when the block ends)."""
    from sqlalchemy import create_engine, text

    schema = f"gwtest_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES_URL)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield f"{POSTGRES_URL}{'&' if '?' in POSTGRES_URL else '?'}options=-csearch_path%3D{schema}"
    finally:
        from gamewright.store.db import reset_engines

        reset_engines()
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@contextmanager
def backend_url(backend: str, sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Point ``GAMEWRIGHT_DB`` (for this process and the processes it starts) at the backend under test."""
    from gamewright.store.db import ENV_VAR, reset_engines

    if backend == "sqlite":
        yield sqlite_url
        return
    with fresh_postgres_schema() as url:
        monkeypatch.setenv(ENV_VAR, url)
        reset_engines()
        yield url


# Each racer imports the CLI and opens (migrates) the database, says it is ready, then waits for the start file:
# the work itself starts in every process at one instant.
_RACER = """
import os, sys, time
from gamewright.cli.main import run
from gamewright.store.db import engine
engine()
start, ready = sys.argv[1], sys.argv[2]
open(ready, "w").close()
while not os.path.exists(start):
    time.sleep(0.001)
sys.exit(run(sys.argv[3:]))
"""


@dataclass(frozen=True)
class Outcome:
    code: int
    out: str
    err: str


def race(work: Path, commands: list[list[str]], stdin: str = "") -> list[Outcome]:
    """Run each CLI command in its own process, all released together; their exit codes and output."""
    work.mkdir(parents=True, exist_ok=True)
    start = work / "start"
    (work / "stdin").write_text(stdin)
    procs = []
    for i, args in enumerate(commands):
        with open(work / "stdin") as given, open(work / f"out{i}", "w") as out, open(work / f"err{i}", "w") as err:
            procs.append(subprocess.Popen(
                [sys.executable, "-c", _RACER, str(start), str(work / f"ready{i}"), *args],
                stdin=given, stdout=out, stderr=err, env=dict(os.environ),
            ))
    deadline = time.monotonic() + 120
    while not all((work / f"ready{i}").exists() for i in range(len(commands))):
        failed = [i for i, p in enumerate(procs) if p.poll() is not None]
        if failed or time.monotonic() > deadline:
            for p in procs:
                p.kill()
            why = (work / f"err{failed[0]}").read_text() if failed else "not ready within 120 s"
            raise AssertionError(f"a racer failed before the start: {why}")
        time.sleep(0.01)
    start.touch()
    codes = [p.wait(timeout=120) for p in procs]
    return [Outcome(code, (work / f"out{i}").read_text(), (work / f"err{i}").read_text())
            for i, code in enumerate(codes)]
