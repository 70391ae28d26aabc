"""The same storage against a real PostgreSQL server, when one is given.

Set ``GAMEWRIGHT_TEST_POSTGRES_URL`` (e.g. ``postgresql+psycopg://gw:gw@localhost/gamewright_test``, with
``pip install -e ".[postgres]"``) to run these; without it they are skipped.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

from gamewright.core.errors import Conflict
from gamewright.store import create_game, get_game, get_record, put_record, update_game
from gamewright.store.db import ENV_VAR, reset_engines
from tests.core.backends import fresh_postgres_schema

URL = os.environ.get("GAMEWRIGHT_TEST_POSTGRES_URL", "")
pytestmark = pytest.mark.skipif(not URL, reason="GAMEWRIGHT_TEST_POSTGRES_URL is not set")


@pytest.fixture(autouse=True)
def postgres(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test in a fresh schema: runs never meet each other's tables or schema revisions."""
    with fresh_postgres_schema() as url:
        monkeypatch.setenv(ENV_VAR, url)
        reset_engines()
        yield


def test_saved_games_and_records_on_postgres() -> None:
    gid = create_game("demo", 3, {"seats": 2})
    update_game(gid, actions=["x"], status="finished")
    assert get_game(gid).actions == ["x"]
    name = f"sheet-{uuid.uuid4().hex[:8]}"
    put_record("sheet", name, {"level": 1})
    with pytest.raises(Conflict):
        put_record("sheet", name, {"level": 2})
    assert get_record("sheet", name) == {"level": 1}


def test_prince_identity_is_enforced_on_postgres() -> None:
    from gamewright.app import princes
    from gamewright.games.prince.chart import quantize

    suffix = uuid.uuid4().int % 10_000
    moment = quantize("1950-01-01T00:00:00Z", (suffix % 8000) / 100, 0)
    princes.mint(f"pg-{suffix}", moment)
    with pytest.raises(Conflict):
        princes.mint(f"pg-{suffix}-again", moment)


def test_concurrent_first_use_migrates_once_on_postgres() -> None:
    """Processes that meet an empty database at once: one migrates, the others wait for it (advisory lock)."""
    import subprocess
    import sys

    from sqlalchemy import create_engine, text

    schema = f"race_{uuid.uuid4().hex[:10]}"
    admin = create_engine(URL)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = f"{URL}{'&' if '?' in URL else '?'}options=-csearch_path%3D{schema}"
    code = "from gamewright.store import put_record; import sys; put_record('k', sys.argv[1], {})"
    try:
        procs = [
            subprocess.Popen([sys.executable, "-c", code, f"n{i}"], env={**os.environ, "GAMEWRIGHT_DB": url})
            for i in range(4)
        ]
        assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
        with admin.begin() as connection:
            assert connection.execute(text(f'SELECT count(*) FROM "{schema}".records')).scalar() == 4
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
