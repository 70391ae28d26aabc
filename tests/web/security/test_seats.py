"""Seats stay yours (issue 23, finding 3): a seat is claimed the moment its link or token is first used, by a page
or the API; the lobby offers only never-claimed seats of listed games, and taking a seat never replaces a token in
use."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import auth

PENANCE = {"game": "penance", "options": {"decks": "confessor,ironclad"}, "seats": ["human", "human"],
           "listed": True}


def listed_game(client: TestClient, body: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    g = client.post("/api/games", json=body or PENANCE).json()
    return g["id"], [s["token"] for s in g["seats"]]


def offered(client: TestClient, gid: str, seat: int) -> bool:
    client.cookies.clear()
    return f'action="/games/{gid}/take/{seat}"' in client.get("/").text


@pytest.mark.parametrize("use", ["read", "move", "page"])
def test_a_seat_used_through_its_token_is_no_longer_offered_nor_taken(client: TestClient, use: str) -> None:
    gid, (t0, _) = listed_game(client)
    assert offered(client, gid, 0)
    if use == "read":
        assert client.get(f"/api/games/{gid}", headers=auth(t0)).json()["you"] == 0
    elif use == "move":
        assert client.post(f"/api/games/{gid}/actions", headers=auth(t0),
                           json={"action": "keep", "seq": 0}).status_code == 200
    else:
        assert client.get(f"/games/{gid}/join", params={"token": t0}, follow_redirects=False).status_code == 303
    assert not offered(client, gid, 0) and offered(client, gid, 1)
    client.cookies.clear()
    client.get("/")  # a stranger's browser: a fresh CSRF token, no seat
    taken = client.post(f"/games/{gid}/take/0", follow_redirects=False)
    assert taken.status_code == 409 and "taken" in taken.text and f"gw_{gid}" not in taken.cookies
    mine = client.get(f"/api/games/{gid}", headers=auth(t0))  # the real player still holds the seat
    assert mine.status_code == 200 and mine.json()["you"] == 0


def test_a_never_used_seat_of_a_listed_game_can_still_be_taken_once(client: TestClient) -> None:
    gid, (_, t1) = listed_game(client)
    taken = client.post(f"/games/{gid}/take/1", follow_redirects=False)
    assert taken.status_code == 303 and f"gw_{gid}" in taken.cookies
    assert client.get(f"/api/games/{gid}", headers=auth(t1)).status_code == 403  # its unused token is void now
    client.cookies.clear()
    client.get("/")  # another stranger: a fresh CSRF token, no seat
    assert client.post(f"/games/{gid}/take/1").status_code == 409
    assert not offered(client, gid, 1)


def test_take_refusals_say_why(client: TestClient) -> None:
    unlisted, _ = listed_game(client, {**PENANCE, "listed": False})
    refused = client.post(f"/games/{unlisted}/take/1")
    assert refused.status_code == 403 and "not offer its seats" in refused.text
    with_bot, _ = listed_game(client, {**PENANCE, "seats": ["human", "bot:random"]})
    bot = client.post(f"/games/{with_bot}/take/1")
    assert bot.status_code == 409 and "bot" in bot.text
    assert client.post(f"/games/{with_bot}/take/5").status_code == 404


def test_a_characters_link_claims_its_seat(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "affinity", "seats": ["human", "bot:greedy"], "listed": True,
                                        "options": {"party": "combatant,priest", "count": 1}}).json()
    gid, party = g["id"], g["seats"][0]
    assert offered(client, gid, 0)
    character = party["characters"][1]["token"]
    assert client.get(f"/api/games/{gid}", headers=auth(character)).json()["you"] == 0
    assert not offered(client, gid, 0)
    assert client.post(f"/games/{gid}/take/0").status_code == 409
    assert client.get(f"/api/games/{gid}", headers=auth(party["token"])).json()["you"] == 0
