"""Every bad request a clear 4xx (issue 23, finding 5), never a 500: non-ASCII tokens on an Affinity game, JSON
numbers of thousands of digits, a what-if scenario nested thousands deep or a seed of thousands of digits; and a
database that cannot store a move (a full disk, a failing database) is a 503 with a message, the move not played."""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, select

from gamewright.store.db import ENV_VAR, engine, reset_engines, session_scope
from gamewright.store.web_games import WebAction
from gamewright.web.app import create_app
from tests.web.conftest import auth, site_client

AFFINITY = {"game": "affinity", "seed": 3, "seats": ["human", "bot:greedy"],
            "options": {"party": "combatant,priest", "count": 1}}
PENANCE = {"game": "penance", "seed": 7, "options": {"decks": "confessor,ironclad"}, "seats": ["human", "human"]}


@pytest.fixture
def plain() -> Iterator[TestClient]:
    """A client that shows a server error as the 500 a browser would get (not as a raised exception)."""
    with site_client(create_app(), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("token", ["é", "ünïcode-tøken", "\u2603" * 30])
def test_a_non_ascii_token_on_an_affinity_game_is_refused(plain: TestClient, token: str) -> None:
    gid = plain.post("/api/games", json=AFFINITY).json()["id"]
    bearer = {"Authorization": f"Bearer {token}".encode()}
    assert plain.get(f"/api/games/{gid}", headers=bearer).status_code == 403
    act = plain.post(f"/api/games/{gid}/actions", headers=bearer, json={"action": "end", "seq": 0})
    assert act.status_code == 403 and "error" in act.json()
    assert plain.get(f"/api/games/{gid}/stream", headers=bearer).status_code == 403
    join = plain.get(f"/games/{gid}/join", params={"token": token})
    assert join.status_code == 403 and "no seat" in join.text
    cookie = {"Cookie": f"gw_{gid}={token}".encode()}  # a stale or forged cookie: the page shows a spectator
    page = plain.get(f"/games/{gid}", headers=cookie)
    assert page.status_code == 200 and "spectator" in page.text
    assert plain.post(f"/games/{gid}/act", headers=cookie, data={"action": "end", "seq": "0"}).status_code == 403


def test_json_integers_of_thousands_of_digits_are_400(plain: TestClient) -> None:
    huge = "9" * 5000
    for body in (f'{{"game": "penance", "seed": {huge}, "seats": ["human", "human"]}}',
                 f'{{"game": "penance", "seats": ["human", "human"], "options": {{"x": {huge}}}}}',
                 f"[{huge}]", f'{{"game": "penance", "seed": 1e{huge}}}', '{"seed": NaN}'):
        r = plain.post("/api/games", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] and "\n" not in r.json()["error"]
    g = plain.post("/api/games", json=PENANCE).json()
    token = g["seats"][0]["token"]
    r = plain.post(f"/api/games/{g['id']}/actions", headers={**auth(token), "Content-Type": "application/json"},
                   content=f'{{"action": "keep", "seq": {huge}}}')
    assert r.status_code == 400 and "error" in r.json()
    assert plain.get(f"/api/games/{g['id']}").json()["seq"] == 0
    assert plain.post(f"/games/{g['id']}/take/{huge}").status_code in (400, 404)


@pytest.mark.parametrize("fmt", ["json", "html"])
def test_the_prince_turn_refuses_deep_scenarios_and_huge_seeds(plain: TestClient, fmt: str) -> None:
    from gamewright.games.prince.scenario import example_text

    for params in ({"scenario": "[" * 5000 + "]" * 5000}, {"scenario": '{"x": ' + "[" * 900 + "]" * 900 + "}"},
                   {"scenario": example_text(), "seed": "7" * 5000},
                   {"scenario": example_text(), "seed": "9" * 25},
                   {"scenario": '{"seed": ' + "9" * 5000 + "}"}):
        r = plain.get("/tools/prince/turn", params={**params, "format": fmt})
        assert r.status_code == 400, (params.get("seed", "")[:10], r.text[:200])
        if fmt == "json":
            assert r.json()["error"]
        else:
            assert 'id="error"' in r.text


# --- a database that cannot store a move ------------------------------------------------------------------------
def game_at_seq0(client: TestClient) -> tuple[str, str]:
    g = client.post("/api/games", json=PENANCE).json()
    return g["id"], g["seats"][0]["token"]


def stored_moves(gid: str) -> list[int]:
    with session_scope() as s:
        return list(s.scalars(select(WebAction.seq).where(WebAction.game_id == gid)))


def assert_refused_and_not_played(client: TestClient, gid: str, token: str) -> None:
    r = client.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": "keep", "seq": 0})
    assert r.status_code == 503 and "not played" in r.json()["error"] and r.headers["retry-after"]
    client.cookies.set(f"gw_{gid}", token)
    page = client.post(f"/games/{gid}/act", data={"action": "keep", "seq": "0"})
    client.cookies.clear()
    assert page.status_code == 503 and "not played" in page.text and "<html" in page.text.lower()


def test_a_failing_database_is_503_and_the_move_is_not_played(plain: TestClient, isolated_database: str) -> None:
    gid, token = game_at_seq0(plain)
    failing = {"on": True}

    def fail_inserts(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if failing["on"] and statement.lstrip().upper().startswith("INSERT INTO WEB_ACTIONS"):
            raise sqlite3.OperationalError("disk I/O error")  # what the driver raises; SQLAlchemy wraps it

    eng = engine(isolated_database)
    event.listen(eng, "before_cursor_execute", fail_inserts)
    try:
        assert_refused_and_not_played(plain, gid, token)
        assert stored_moves(gid) == [] and plain.get(f"/api/games/{gid}").json()["seq"] == 0
    finally:
        event.remove(eng, "before_cursor_execute", fail_inserts)
    ok = plain.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": "keep", "seq": 0})
    assert ok.status_code == 200 and stored_moves(gid) == [1]


@contextlib.contextmanager
def small_disk(where: Path) -> Iterator[Path]:
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(where)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here: {done.stderr.decode().strip()[:80]}")
    try:
        yield where
    finally:
        reset_engines()
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(disk: Path) -> Path:
    filler = disk / "filler"
    with open(filler, "wb") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
def test_a_full_disk_is_503_and_the_move_is_not_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with small_disk(tmp_path / "disk") as disk:
        monkeypatch.setenv(ENV_VAR, f"sqlite:///{disk / 'full.db'}")
        reset_engines()
        with site_client(create_app(), raise_server_exceptions=False) as client:
            gid, token = game_at_seq0(client)
            filler = fill(disk)
            assert_refused_and_not_played(client, gid, token)
            assert client.get(f"/api/games/{gid}").json()["seq"] == 0
            filler.unlink()  # room again: the very same move lands, as seq 1
            ok = client.post(f"/api/games/{gid}/actions", headers=auth(token), json={"action": "keep", "seq": 0})
            assert ok.status_code == 200 and ok.json()["seq"] == 1
            assert stored_moves(gid) == [1]
