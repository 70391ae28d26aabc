"""Two ``gamewright serve`` processes on one PostgreSQL: a game whose seats sit on different processes.

Moves go through the database's unique log; updates cross processes by LISTEN/NOTIFY. Skipped unless
GAMEWRIGHT_TEST_POSTGRES_URL names a server (the test makes and drops its own database there).
"""

from __future__ import annotations

import os
import secrets
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.conftest import auth, read_stream

PG_URL = os.environ.get("GAMEWRIGHT_TEST_POSTGRES_URL", "")
pytestmark = pytest.mark.skipif(not PG_URL, reason="GAMEWRIGHT_TEST_POSTGRES_URL is not set")


@pytest.fixture
def fresh_pg() -> Iterator[str]:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = f"gw_web_{secrets.token_hex(4)}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _listen_until_over(base: str, gid: str, token: str, out: list[dict[str, Any]], ready: threading.Event) -> None:
    import json

    with httpx.stream("GET", f"{base}/api/games/{gid}/stream", headers=auth(token), timeout=120) as r:
        ready.set()
        for line in r.iter_lines():
            if line.startswith("data:"):
                out.append(json.loads(line[5:]))
                if out[-1]["terminal"] and out[-1]["seq"] == out[-1]["head"]:
                    return


def test_two_processes_one_game_to_the_end(server_factory: Any, fresh_pg: str) -> None:
    a = server_factory(db=fresh_pg)
    b = server_factory(db=fresh_pg)
    g = httpx.post(f"{a.url}/api/games", json={"game": "inclinations", "seed": 5, "options": {"round_limit": 3},
                                               "seats": ["human", "human"]}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    bases = [a.url, b.url]  # seat 0 plays on process A, seat 1 on process B
    streams: list[list[dict[str, Any]]] = [[], []]
    readies = [threading.Event(), threading.Event()]
    threads = [threading.Thread(target=_listen_until_over, args=(bases[i], gid, tokens[i], streams[i], readies[i]))
               for i in (0, 1)]
    for t in threads:
        t.start()
    assert all(r.wait(30) for r in readies)
    for _ in range(200):
        spectator = httpx.get(f"{bases[1]}/api/games/{gid}").json()
        if spectator["terminal"]:
            break
        mover = spectator["current_player"]
        mine = httpx.get(f"{bases[mover]}/api/games/{gid}", headers=auth(tokens[mover])).json()
        assert mine["seq"] == spectator["seq"]  # both processes agree on the game
        step = next((x for x in mine["legal"] if x.startswith("burn")), None)
        deploying = mine["legal"][0].startswith("deploy")
        action = mine["legal"][mover * 3] if deploying else f"{step}; end" if step else "end"
        r = httpx.post(f"{bases[mover]}/api/games/{gid}/actions", headers=auth(tokens[mover]),
                       json={"action": action, "seq": mine["seq"]})
        assert r.status_code == 200, r.text
    last = spectator["seq"]
    assert spectator["terminal"] and last >= 6
    for t in threads:
        t.join(60)
    for i in (0, 1):  # every update arrived live on both processes, in order, once
        assert [m["seq"] for m in streams[i]] == list(range(1, last + 1))
    assert read_stream(bases[1], gid, tokens[1], 0, last)[-1]["seq"] == last  # and resumes from the log


def test_live_updates_cross_processes(server_factory: Any, fresh_pg: str) -> None:
    a = server_factory(db=fresh_pg)
    b = server_factory(db=fresh_pg)
    g = httpx.post(f"{a.url}/api/games", json={"game": "penance", "seed": 5, "seats": ["human", "human"]}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    received: list[dict[str, Any]] = []
    ready = threading.Event()

    def listen() -> None:
        import json

        with httpx.stream("GET", f"{b.url}/api/games/{gid}/stream", headers=auth(tokens[1]), timeout=60) as r:
            ready.set()
            for line in r.iter_lines():
                if line.startswith("data:"):
                    received.append(json.loads(line[5:]))
                    if len(received) == 3:
                        return

    t = threading.Thread(target=listen)
    t.start()
    assert ready.wait(30)
    for seq, (action, seat) in enumerate((("keep", 0), ("keep", 1), ("end", 0))):
        base = a.url if seat == 0 else b.url
        r = httpx.post(f"{base}/api/games/{gid}/actions", headers=auth(tokens[seat]),
                       json={"action": action, "seq": seq})
        assert r.status_code == 200, r.text
    t.join(60)
    assert [m["seq"] for m in received] == [1, 2, 3]  # moves made on A arrived live on B
