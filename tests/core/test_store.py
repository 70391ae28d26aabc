from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import inspect

from gamewright.core.errors import Conflict, NotFound
from gamewright.store import create_game, get_game, get_record, list_games, list_records, put_record, update_game
from gamewright.store.db import engine, reset_engines, session_scope


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


def test_engines_can_be_reset_while_other_threads_open_sessions(tmp_path: Path) -> None:
    # a server's bot thread may open sessions while the process forgets its engines (tests switching databases)
    urls = [f"sqlite:///{tmp_path / f'db{i}.db'}" for i in range(4)]
    for url in urls:
        engine(url)  # migrate once, outside the race
    stop = threading.Event()
    errors: list[BaseException] = []

    def open_sessions() -> None:
        try:
            while not stop.is_set():
                for url in urls:
                    with session_scope(url):
                        pass
        except BaseException as exc:  # pragma: no cover - only on failure
            errors.append(exc)

    workers = [threading.Thread(target=open_sessions) for _ in range(3)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, so that a reset meets a session being opened
    for worker in workers:
        worker.start()
    try:
        for _ in range(200):
            reset_engines()
    finally:
        stop.set()
        for worker in workers:
            worker.join()
        sys.setswitchinterval(interval)
    assert errors == []


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


def test_update_record_reads_and_writes_in_one_transaction() -> None:
    from gamewright.store import edit_records, update_record

    put_record("sheet", "Ana", {"level": 1})
    assert update_record("sheet", "Ana", lambda doc: {**doc, "level": doc["level"] + 1}) == {"level": 2}
    with pytest.raises(RuntimeError), edit_records("sheet", ["Ana"]) as docs:
        docs["Ana"]["level"] = 99
        raise RuntimeError("an error inside the block writes nothing")
    assert get_record("sheet", "Ana") == {"level": 2}
    with pytest.raises(NotFound, match="'Nobody'"), edit_records("sheet", ["Ana", "Nobody"]):
        pass


def test_a_save_onto_a_log_that_moved_on_is_a_conflict() -> None:
    gid = create_game("demo", 1, {})
    update_game(gid, actions=["a"], base=0)
    with pytest.raises(Conflict, match="changed by another process"):
        update_game(gid, actions=["b"], base=0)  # built on the empty log, but "a" is stored now
    with pytest.raises(Conflict):
        update_game(gid, actions=["x", "y"])  # the stored log is not a beginning of this one
    update_game(gid, actions=["a", "b"], base=1, status="finished")
    assert get_game(gid).actions == ["a", "b"]
    with pytest.raises(NotFound):
        get_game(2**63)  # beyond any id column: simply not found


def test_a_fight_does_not_overwrite_a_sheet_changed_meanwhile(cli) -> None:
    from gamewright.app.affinity_sheets import load_sheet, write_back

    assert cli("affinity", "character", "new", "Bram", "--class", "combatant")[0] == 0
    sheet = load_sheet("Bram")
    loaded = [sheet.to_json()]
    assert cli("affinity", "character", "level-up", "Bram")[0] == 0  # another command, while the fight ran
    sheet.hd = 0
    with pytest.raises(Conflict, match="Bram's stored sheet changed"):
        write_back([sheet], loaded)
    stored = get_record("affinity-character", "Bram")
    assert stored["level"] == 2 and stored["hd"] > 0
