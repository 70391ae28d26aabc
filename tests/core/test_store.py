from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import inspect

from gamewright.core.errors import Conflict, NotFound
from gamewright.store import create_game, get_game, get_record, list_games, list_records, put_record, update_game
from gamewright.store.db import engine


def test_schema_is_migrated_on_first_use() -> None:
    tables = set(inspect(engine()).get_table_names())
    assert {"princes", "prince_progress", "prince_runs", "saved_games", "records", "alembic_version"} <= tables


def test_saved_game_round_trip() -> None:
    gid = create_game("demo", 7, {"seats": 2})
    update_game(gid, actions=["a", "b"], status="finished", result={"winner": 0})
    row = get_game(gid)
    assert (row.seed, row.actions, row.status, row.result) == (7, ["a", "b"], "finished", {"winner": 0})
    assert [r.id for r in list_games("demo")] == [gid]
    with pytest.raises(NotFound):
        get_game(gid + 1)


def test_records_refuse_duplicates_unless_replacing() -> None:
    put_record("sheet", "Ana", {"level": 1})
    with pytest.raises(Conflict):
        put_record("sheet", "Ana", {"level": 2})
    put_record("sheet", "Ana", {"level": 2}, replace=True)
    assert get_record("sheet", "Ana") == {"level": 2}
    assert list_records("sheet") == [("Ana", {"level": 2})]


def test_concurrent_first_use_migrates_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    code = "from gamewright.store import put_record; import sys; put_record('k', sys.argv[1], {})"
    env = {"GAMEWRIGHT_DB": url, "PATH": ""}
    procs = [subprocess.Popen([sys.executable, "-c", code, f"n{i}"], env=env) for i in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    check = "from gamewright.store import list_records; print(len(list_records('k')))"
    out = subprocess.run([sys.executable, "-c", check], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "4"


@pytest.mark.parametrize(
    ("url", "message"),
    [("/tmp/not-a-url", "is not a database URL"), ("mysql://user@host/db", "driver for 'mysql' is not installed")],
)
def test_a_bad_database_setting_is_one_line(cli, monkeypatch: pytest.MonkeyPatch, url: str, message: str) -> None:
    from gamewright.store.db import ENV_VAR, reset_engines

    monkeypatch.setenv(ENV_VAR, url)
    reset_engines()
    code, _, err = cli("prince", "list")
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err
