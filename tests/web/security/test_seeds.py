"""Fair seeds (issue 23, finding 1): a chosen seed is open information, shown to every seat and spectator from the
first move; a listed game cannot have one; a random seed (from which seed + public moves would rebuild every hand)
stays out of every view, page, stream and log until the game is over."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from gamewright.core.rng import derive_seed
from gamewright.store.db import session_scope
from gamewright.store.web_games import WebGame
from tests.web.conftest import auth

PENANCE = {"game": "penance", "options": {"decks": "confessor,ironclad"}, "seats": ["human", "human"]}


def pages_as(client: TestClient, gid: str, token: str | None) -> list[str]:
    """The board page, the plain page and the live table fragment, as the holder of ``token`` (None: a spectator)."""
    client.cookies.clear()
    if token is not None:
        assert client.get(f"/games/{gid}/join", params={"token": token}, follow_redirects=False).status_code == 303
    out = [client.get(f"/games/{gid}").text, client.get(f"/games/{gid}/generic").text,
           client.get(f"/games/{gid}/table").text]
    client.cookies.clear()
    return out


def test_a_seed_chosen_through_the_api_is_shown_to_every_seat_and_spectator(client: TestClient) -> None:
    g = client.post("/api/games", json={**PENANCE, "seed": 7}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    for token in (*tokens, None):
        doc = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        assert doc["seed_chosen"] == {"by": None, "seed": 7}
        assert "seed" not in doc  # the game's own "seed" field still comes only at the end
        for page in pages_as(client, gid, token):
            assert "seed chosen by the API: 7" in page


def test_a_seed_chosen_in_the_lobby_names_its_chooser_for_the_other_seat(client: TestClient) -> None:
    form = {"game": "penance", "seat.0": "human", "seat.1": "human", "seed": "7", "opt.decks": "confessor,ironclad"}
    created = client.post("/games", data=form)  # not listed: the box is left unticked
    assert created.status_code == 200
    gid = created.text.split("/games/")[1][:16]
    other = re.findall(r"join\?token=([\w-]+)", created.text)[1]
    client.cookies.clear()
    for token in (other, None):  # the second seat, and a spectator
        assert client.get(f"/api/games/{gid}", headers=auth(token)).json()["seed_chosen"] == {"by": 0, "seed": 7}
        for page in pages_as(client, gid, token):
            assert "seed chosen by P1: 7" in page
    assert "seed chosen by P1: 7" in client.get("/").text  # the lobby says so too


def test_a_listed_game_cannot_have_a_chosen_seed(client: TestClient) -> None:
    refused = client.post("/api/games", json={**PENANCE, "seed": 7, "listed": True})
    assert refused.status_code == 400 and "listed game cannot have a chosen seed" in refused.json()["error"]
    form = {"game": "penance", "seat.0": "human", "seat.1": "human", "seed": "7", "listed": "on",
            "opt.decks": "confessor,ironclad"}
    page = client.post("/games", data=form)
    assert page.status_code == 400 and "listed game cannot have a chosen seed" in page.text
    with session_scope() as s:
        assert s.scalars(select(WebGame)).all() == []  # nothing was created
    assert client.post("/api/games", json={**PENANCE, "listed": True}).status_code == 201  # a random seed is fine


def _secrets_of(seed: int) -> list[str]:
    return [str(seed), str(derive_seed(seed, "root"))]


def _no_seed(text: str, seed: int) -> None:
    assert not any(secret in text for secret in _secrets_of(seed))
    assert "seed chosen" not in text


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_a_random_seed_never_reaches_a_viewer_before_the_end(client: TestClient) -> None:
    """The seed-rebuild attack needs the seed (or the random stream's state): neither is in any view, page, stream
    message or log of a random-seed game while it is being played."""
    g = client.post("/api/games", json={**PENANCE, "listed": True}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    with session_scope() as s:
        row = s.get(WebGame, gid)
        assert row is not None and not row.seed_given
        seed = int(row.seed)
    for _ in range(8):  # a few moves, looking everywhere after each
        docs = [client.get(f"/api/games/{gid}", headers=auth(t)).json() for t in (*tokens, None)]
        for doc in docs:
            assert not _keys(doc) & {"seed", "rng", "seed_chosen"}
            _no_seed(str(doc), seed)
        for token in (*tokens, None):
            for page in pages_as(client, gid, token):
                _no_seed(page, seed)
        assert client.get(f"/api/games/{gid}/log").status_code == 403
        assert client.get(f"/games/{gid}/replay").status_code == 403
        mover = docs[0]["current_player"]
        if docs[0]["terminal"] or mover < 0:
            break
        legal = docs[mover]["legal"]
        action = "end" if "end" in legal else legal[0]
        moved = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[mover]),
                            json={"action": action, "seq": docs[mover]["seq"]})
        assert moved.status_code == 200
        _no_seed(moved.text, seed)
    assert "seed_chosen" not in client.get(f"/api/games/{gid}").json()
