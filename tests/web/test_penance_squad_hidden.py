"""Hidden information in a Penance squad battle over the API (issue 16): a seat sees the hands of all its
caskets and none of the enemy's; a spectator sees no hand; a draw reaches only the drawing casket's seat."""

from __future__ import annotations

from fastapi.testclient import TestClient

from gamewright.core.rng import Rng
from tests.web.conftest import auth

SQUAD = {"game": "penance", "seed": 6, "seats": ["human", "human"],
         "options": {"decks": "confessor/confessor,ironclad/ironclad"}}


def test_squad_hands_reach_only_their_side(client: TestClient) -> None:
    g = client.post("/api/games", json=SQUAD).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    rng = Rng(2)
    for _ in range(120):
        views = [client.get(f"/api/games/{gid}", headers=auth(t)).json() for t in tokens]
        spectator = client.get(f"/api/games/{gid}").json()
        for seat, v in enumerate(views):
            sides = v["view"]["sides"]
            assert [("hand" in s) for s in sides] == [s["team"] == seat for s in sides]
        assert all("hand" not in s for s in spectator["view"]["sides"])
        if spectator["terminal"]:
            break
        mover = spectator["current_player"]
        legal = views[mover]["legal"]
        r = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[mover]),
                        json={"action": rng.choice(legal), "seq": views[mover]["seq"]})
        assert r.status_code == 200, r.text
        for e in r.json().get("events", []):
            assert e.get("event") != "draw" or e.get("player") == mover
