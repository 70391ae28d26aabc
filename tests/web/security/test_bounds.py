"""Bounds on use (issue 23, finding 6): game creations per address, moves per seat, open live streams per address
and per game, games in progress, and the expiry of untouched games. Past a bound: 429 with Retry-After, and
nothing changed; the defaults are stated in ``serve --help`` and leave room for benchmarks/web_load.py."""

from __future__ import annotations

import contextlib
import json
import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from gamewright.store.db import session_scope
from gamewright.store.web_games import WebAction, WebGame
from gamewright.web.app import create_app
from gamewright.web.bounds import Bounds, RateLimit, TooMany
from tests.web.conftest import auth, site_client

PENANCE = {"game": "penance", "options": {"decks": "confessor,ironclad"}, "seats": ["human", "human"]}
BENCHMARK = Path(__file__).resolve().parents[3] / "benchmarks" / "web_load.py"


def games_stored() -> int:
    with session_scope() as s:
        return int(s.scalar(select(func.count()).select_from(WebGame)) or 0)


def assert_429(r: httpx.Response, as_json: bool = True) -> None:
    assert r.status_code == 429, r.text[:200]
    assert int(r.headers["retry-after"]) >= 1
    if as_json:
        assert r.json()["error"]
    else:
        assert "too many" in r.text.lower() or "limit" in r.text


def test_creations_per_address_past_the_default_are_429_and_create_nothing() -> None:
    with site_client(create_app()) as client:
        assert all(client.post("/api/games", json=PENANCE).status_code == 201 for _ in range(30))
        assert_429(client.post("/api/games", json=PENANCE))
        form = {"game": "penance", "seat.0": "human", "seat.1": "human", "opt.decks": "confessor,ironclad"}
        assert_429(client.post("/games", data=form), as_json=False)
        assert games_stored() == 30


def test_moves_per_seat_past_the_bound_are_429_and_not_played() -> None:
    with site_client(create_app(bounds=Bounds(moves_per_minute=3))) as client:
        g = client.post("/api/games", json={**PENANCE, "seed": 7}).json()
        gid, (t0, t1) = g["id"], [s["token"] for s in g["seats"]]
        url = f"/api/games/{gid}/actions"
        assert client.post(url, headers=auth(t0), json={"action": "keep", "seq": 0}).status_code == 200
        assert client.post(url, headers=auth(t0), json={"action": "keep", "seq": 0}).status_code == 409  # counted
        assert client.post(url, headers=auth(t0), json={"action": "keep", "seq": 1}).status_code == 403  # counted
        assert_429(client.post(url, headers=auth(t0), json={"action": "keep", "seq": 1}))
        assert client.post(url, headers=auth(t1), json={"action": "keep", "seq": 1}).status_code == 200  # its own
        with session_scope() as s:
            assert list(s.scalars(select(WebAction.seq).where(WebAction.game_id == gid))) == [1, 2]


def test_the_window_slides() -> None:
    now = [0.0]
    limit = RateLimit(2, 60.0, clock=lambda: now[0])
    limit.hit("a", "things")
    now[0] = 30.0
    limit.hit("a", "things")
    limit.hit("b", "things")  # another key has its own window
    with pytest.raises(TooMany) as refused:
        limit.hit("a", "things")
    assert refused.value.retry_after == 30
    now[0] = 60.5  # the first event has left the window
    limit.hit("a", "things")
    with pytest.raises(TooMany):
        limit.hit("a", "things")


def test_games_in_progress_past_the_cap_are_429_until_one_expires() -> None:
    client = site_client(create_app(bounds=Bounds(active_games=2)))  # not started: no background sweep here
    first = client.post("/api/games", json=PENANCE).json()["id"]
    assert client.post("/api/games", json=PENANCE).status_code == 201
    assert_429(client.post("/api/games", json=PENANCE))
    assert games_stored() == 2
    with session_scope() as s:  # nobody has moved in the first game for 31 days
        s.execute(update(WebGame).where(WebGame.id == first).values(moved_at=datetime.now(UTC) - timedelta(days=31)))
    assert client.post("/api/games", json=PENANCE).status_code == 201  # the full site swept it first
    assert client.get(f"/api/games/{first}").status_code == 404 and games_stored() == 2


def _aged(client: TestClient, days: int, finished: bool) -> str:
    gid = str(client.post("/api/games", json=PENANCE).json()["id"])
    with session_scope() as s:
        s.execute(update(WebGame).where(WebGame.id == gid).values(
            moved_at=datetime.now(UTC) - timedelta(days=days), status="finished" if finished else "active"))
    return gid


def test_untouched_games_expire_and_finished_ones_are_kept_longer() -> None:
    app = create_app(bounds=Bounds(idle_days=30, finished_days=365))
    client = site_client(app)  # not started: no background sweep runs while the games are aged by hand
    idle = _aged(client, 31, finished=False)
    recent = _aged(client, 29, finished=False)
    replayable = _aged(client, 300, finished=True)
    old = _aged(client, 366, finished=True)
    assert sorted(app.state.platform.expire()) == sorted([idle, old])
    for gid, status in ((idle, 404), (old, 404), (recent, 200), (replayable, 200)):
        assert client.get(f"/api/games/{gid}").status_code == status


def test_the_server_sweeps_expired_games_when_it_starts() -> None:
    with site_client(create_app()) as client:
        old = _aged(client, 400, finished=True)
    with site_client(create_app()) as client:
        deadline = time.monotonic() + 30
        while client.get(f"/api/games/{old}").status_code != 404:
            assert time.monotonic() < deadline
            time.sleep(0.1)


def test_open_streams_per_game_and_per_address(server_factory: Any) -> None:
    server = server_factory(args=("--streams-per-game", "2", "--streams-per-address", "3"))
    ids = [httpx.post(server.url + "/api/games", json=PENANCE).json()["id"] for _ in range(2)]
    with httpx.Client(timeout=30) as c, contextlib.ExitStack() as stack:
        def open_stream(gid: str) -> httpx.Response:
            return stack.enter_context(c.stream("GET", f"{server.url}/api/games/{gid}/stream"))

        assert [open_stream(ids[0]).status_code for _ in range(2)] == [200, 200]
        refused = open_stream(ids[0])
        assert_429(httpx.Response(refused.status_code, headers=refused.headers, content=refused.read()))
        assert open_stream(ids[1]).status_code == 200  # a third stream from this address, on another game
        assert open_stream(ids[1]).status_code == 429  # a fourth: past the address's bound
    with httpx.Client(timeout=30) as c:  # every stream above closed: their slots came back
        deadline = time.monotonic() + 30
        while True:
            with c.stream("GET", f"{server.url}/api/games/{ids[0]}/stream") as r:
                if r.status_code == 200:
                    break
            assert time.monotonic() < deadline
            time.sleep(0.2)


def test_serve_help_states_every_default_and_bad_bounds_are_one_line(cli: Any) -> None:
    code, out, _ = cli("serve", "--help")
    text = " ".join(out.split())
    assert code == 0
    for phrase in ("30 games created per minute per client address", "120 moves per minute per seat",
                   "200 open live streams per address and 50 per game", "1000 games in progress",
                   "untouched for 30 days", "365 days"):
        assert phrase in text, phrase
    code, _, err = cli("serve", "--idle-days", "0")
    assert code == 2 and "--idle-days" in err and err.count("\n") == 1
    code, _, err = cli("serve", "--idle-days", "400")  # finished games must be kept at least as long
    assert code == 2 and "--finished-days" in err


def test_the_load_benchmarks_default_run_stays_within_the_default_bounds() -> None:
    source = BENCHMARK.read_text()
    default = {name: int(value) for name, value in re.findall(r'"--(\w+)", type=int, default=(\d+)', source)}
    bounds = Bounds()
    viewers, games = default["viewers"], default["games"]
    assert "127.0.0.1" in source  # every viewer and every game come from one address
    assert viewers <= bounds.streams_per_address and -(-viewers // games) <= bounds.streams_per_game
    assert games <= bounds.creations_per_minute and games <= bounds.active_games
    # each seat posts one move per Inclinations round, and a round takes more than half a second with 20 games
    assert default["rounds"] + 2 <= bounds.moves_per_minute


def test_an_expired_prince_table_gives_its_prince_back(cli: Any) -> None:
    from tests.prince.test_persistence import MINT

    assert cli(*MINT)[0] == 0
    app = create_app()
    client = site_client(app)  # not started: the test sweeps by hand
    game = client.post("/api/games", json={"game": "prince", "prince": "Ada", "seats": ["human"]}).json()
    with session_scope() as s:
        s.execute(update(WebGame).where(WebGame.id == game["id"])
                  .values(moved_at=datetime.now(UTC) - timedelta(days=31)))
    assert app.state.platform.expire() == [game["id"]]
    code, out, err = cli("prince", "history", "Ada", "--json")
    assert code == 0 and [r["status"] for r in json.loads(out)["runs"]] == ["abandoned"]
    again = client.post("/api/games", json={"game": "prince", "prince": "Ada", "seats": ["human"]})
    assert again.status_code == 201  # the Prince is free for a new run
