"""The JSON API as an exact interface: shapes, status codes, the documented check order, and refusals."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import auth

PENANCE = {"game": "penance", "ruleset": None, "options": {"decks": "confessor,ironclad"}, "seed": 7,
           "seats": ["human", "human"], "timer": None}


def create(client: TestClient, body: dict[str, Any] | None = None) -> dict[str, Any]:
    r = client.post("/api/games", json=body or PENANCE)
    assert r.status_code == 201, r.text
    return r.json()


def test_create_answers_one_invite_per_human_seat(client: TestClient) -> None:
    g = create(client, {**PENANCE, "seats": ["human", "bot:random"]})
    assert set(g) >= {"id", "game", "seats", "spectate_url"} and g["game"] == "penance"
    human, bot = g["seats"]
    assert human["seat"] == 0 and human["kind"] == "human" and len(human["token"]) >= 32
    assert human["url"].endswith(f"/games/{g['id']}/join?token={human['token']}")
    assert bot["kind"] == "bot" and bot["token"] is None


def test_get_game_shape_for_seat_and_spectator(client: TestClient) -> None:
    g = create(client)
    t0 = g["seats"][0]["token"]
    mine = client.get(f"/api/games/{g['id']}", headers=auth(t0)).json()
    assert {"id", "game", "seq", "current_player", "terminal", "returns", "you", "view", "legal"} <= set(mine)
    assert mine["you"] == 0 and mine["seq"] == 0 and mine["returns"] is None and mine["legal"] == ["keep", "mulligan"]
    assert "seed" not in mine and "seed" not in str(mine["view"])
    spectator = client.get(f"/api/games/{g['id']}").json()
    assert spectator["you"] is None and spectator["legal"] == []
    assert all("hand" not in side for side in spectator["view"]["sides"])


@pytest.mark.parametrize(("body", "fragment"), [
    ({**PENANCE, "game": "chess"}, "unknown game"),
    ({**PENANCE, "options": {"nope": 1}}, "unknown penance option"),
    ({**PENANCE, "seats": ["human", "bot:deep-blue"]}, "unknown bot"),
    ({**PENANCE, "seats": ["human"]}, "2 seat"),
    ({"game": "inclinations", "options": {"players": 4}, "seats": ["human", "human"]}, "conflicts"),
    ({**PENANCE, "seed": -1}, "seed"),
    ({**PENANCE, "timer": 0}, "timer"),
])
def test_create_refusals_are_400_with_one_line(client: TestClient, body: dict[str, Any], fragment: str) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert fragment in r.json()["error"] and "\n" not in r.json()["error"]


def test_seats_set_the_players_of_inclinations(client: TestClient) -> None:
    g = create(client, {"game": "inclinations", "seats": ["human", "bot:easy-bot", "bot:easy-bot"], "seed": 1})
    view = client.get(f"/api/games/{g['id']}").json()["view"]
    assert len(view["ships"]) == 3


def test_a_move_lands_and_the_check_order_holds(client: TestClient) -> None:
    g = create(client)
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    url = f"/api/games/{gid}/actions"
    # token first: a bad token with a bad body and a stale seq is still 403
    assert client.post(url, headers=auth("forged"), content=b"{").status_code == 403
    assert client.post(url, content=b"x" * 70_000).status_code == 403  # spectator, oversized body
    as_json = {**auth(t0), "Content-Type": "application/json"}
    assert client.post(url, headers=as_json, content=b"x" * 70_000).status_code == 413
    assert client.post(url, headers=as_json, content=b"{not json").status_code == 400
    assert client.post(url, headers=auth(t0), json={"action": "keep"}).status_code == 400
    assert client.post(url, headers=auth(t1), json={"action": "keep", "seq": 5}).status_code == 409  # seq before turn
    assert client.post(url, headers=auth(t1), json={"action": "keep", "seq": 0}).status_code == 403  # not P2's turn
    bad = client.post(url, headers=auth(t0), json={"action": "fly to the moon", "seq": 0})
    assert bad.status_code == 422 and "unknown action" in bad.json()["error"]
    ok = client.post(url, headers=auth(t0), json={"action": "keep", "seq": 0})
    assert ok.status_code == 200 and ok.json()["seq"] == 1
    assert ok.json()["events"][0]["event"] == "mulligan"
    assert client.post(url, headers=auth(t0), json={"action": "keep", "seq": 0}).status_code == 409


def test_security_refusals_change_nothing(client: TestClient) -> None:
    g = create(client)
    other = create(client)
    gid, t0 = g["id"], g["seats"][0]["token"]
    url = f"/api/games/{gid}/actions"
    assert client.get(f"/api/games/{gid}", headers=auth(other["seats"][0]["token"])).status_code == 403
    assert client.post(url, headers=auth(other["seats"][0]["token"]),
                       json={"action": "keep", "seq": 0}).status_code == 403
    assert client.post(url, json={"action": "keep", "seq": 0}).status_code == 403
    assert client.post(url, headers=auth(t0), json={"action": "<script>alert(1)</script>", "seq": 0}).status_code == 422
    for path in ("/api/games/..%2F..%2Fetc", "/api/games/" + "a" * 200, "/api/games/ABCDEF0123456789",
                 "/api/games/%00", "/games/..%2Fhealthz", "/api/games/0123456789abcdef"):
        r = client.get(path)
        assert r.status_code == 404, path
    assert client.get(f"/api/games/{gid}", headers=auth(t0)).json()["seq"] == 0
    assert client.get(f"/api/games/{gid}/log").status_code == 403  # before the end
    assert client.get("/healthz").status_code == 200


def test_names_and_actions_are_shown_as_text(client: TestClient) -> None:
    g = create(client)
    gid, t0 = g["id"], g["seats"][0]["token"]
    client.get(f"/games/{gid}/join", params={"token": t0})
    client.post(f"/games/{gid}/name", data={"name": "<script>alert('x')</script>"})
    page = client.get(f"/games/{gid}").text
    assert "<script>alert" not in page and "&lt;script&gt;alert" in page
    r = client.post(f"/games/{gid}/act", data={"action": "<script>boom()</script>", "seq": "0"})
    assert "<script>boom" not in r.text and "&lt;script&gt;boom" in r.text


def test_racing_moves_exactly_one_lands(client: TestClient) -> None:
    g = create(client)
    gid, t0 = g["id"], g["seats"][0]["token"]
    barrier = threading.Barrier(20)
    codes: list[int] = []

    def post() -> None:
        barrier.wait()
        r = client.post(f"/api/games/{gid}/actions", headers=auth(t0), json={"action": "keep", "seq": 0})
        codes.append(r.status_code)

    threads = [threading.Thread(target=post) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200] + [409] * 19
    seat1 = g["seats"][1]["token"]
    assert client.post(f"/api/games/{gid}/actions", headers=auth(seat1),
                       json={"action": "resign-not-a-move", "seq": 1}).status_code == 422
    from gamewright.store.db import session_scope
    from gamewright.store.web_games import WebAction

    with session_scope() as s:
        seqs = [a.seq for a in s.query(WebAction).filter_by(game_id=gid).order_by(WebAction.seq)]
    assert seqs == [1]


def test_log_after_the_end_lists_every_move(client: TestClient) -> None:
    g = create(client, {**PENANCE, "seats": ["human", "bot:heuristic"]})
    gid, t0 = g["id"], g["seats"][0]["token"]
    deadline = time.monotonic() + 120  # by time, not by polls: the bot plays on the server's own thread
    while time.monotonic() < deadline:
        state = client.get(f"/api/games/{gid}", headers=auth(t0)).json()
        if state["terminal"]:
            break
        if state["legal"]:
            action = "end" if "end" in state["legal"] else state["legal"][0]
            client.post(f"/api/games/{gid}/actions", headers=auth(t0), json={"action": action, "seq": state["seq"]})
        else:
            time.sleep(0.02)
    assert state["terminal"] and state["returns"] is not None and state["seed"] == 7
    log = client.get(f"/api/games/{gid}/log").json()
    assert [a["seq"] for a in log["actions"]] == list(range(1, state["seq"] + 1))
    assert {a["seat"] for a in log["actions"]} == {0, 1}
    assert client.get(f"/games/{gid}/replay", params={"step": 3}).status_code == 200


def test_lobby_creates_a_game_and_a_listed_open_seat_can_be_joined(client: TestClient) -> None:
    form = {"game": "penance", "seat.0": "human", "seat.1": "human", "listed": "on",  # listed: a random seed
            "opt.decks": "confessor,ironclad"}
    created = client.post("/games", data=form)
    assert created.status_code == 200 and "Invite link" in created.text
    gid = created.text.split("/games/")[1][:16]
    assert client.get(f"/games/{gid}").text.count("You hold seat") == 1  # the creator holds P1
    client.cookies.clear()
    lobby = client.get("/").text
    assert f'action="/games/{gid}/take/1"' in lobby and f'action="/games/{gid}/take/0"' not in lobby
    taken = client.post(f"/games/{gid}/take/1", follow_redirects=False)
    assert taken.status_code == 303 and f"gw_{gid}" in taken.cookies
    assert "You hold seat <strong>P2</strong>" in client.get(f"/games/{gid}").text
    assert client.post(f"/games/{gid}/take/1").status_code == 409  # taken now


@pytest.mark.parametrize("game", ["penance", "inclinations", "prince", "affinity"])
def test_the_lobby_form_offers_each_games_options_and_bots(client: TestClient, game: str) -> None:
    from gamewright.agents.registry import game_bot_names

    form = client.get("/lobby/form", params={"game": game})
    assert form.status_code == 200
    assert all(f'value="bot:{bot}"' in form.text for bot in game_bot_names(game))
    assert client.get("/lobby/form", params={"game": "../etc"}).status_code == 404
