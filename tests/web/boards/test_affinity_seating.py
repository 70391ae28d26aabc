"""Affinity's party seat: one link per character; a character's link acts only while that character acts."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

OPTIONS = {"party": "combatant,priest", "count": 1}


def party_turn(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    """The party seat's view once it is the party's turn (the creatures' bot moves first or between)."""
    deadline = time.monotonic() + 60
    while True:
        g = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
        if g["current_player"] == 0 or g["terminal"]:
            return dict(g)
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_each_character_has_a_link_that_acts_only_on_its_own_turn(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "affinity", "seed": 3, "seats": ["human", "bot:greedy"],
                                        "options": OPTIONS}).json()
    gid, party = g["id"], g["seats"][0]
    chars = party["characters"]
    assert [c["character"] for c in chars] == [0, 1] and [c["name"] for c in chars] == ["Combatant 1", "Priest 2"]
    assert len({c["token"] for c in chars} | {party["token"]}) == 3
    assert "characters" not in g["seats"][1]
    view = party_turn(client, gid, party["token"])
    acting = view["view"]["active"]
    idle = 1 - acting
    for c in chars:  # each character's token is a viewer of the party seat
        assert client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {c['token']}"}).json()["you"] == 0
    out_of_turn = client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {chars[idle]['token']}"},
                              json={"action": "end", "seq": view["seq"]})
    assert out_of_turn.status_code == 403 and "character" in out_of_turn.json()["error"]
    assert client.get(f"/api/games/{gid}").json()["seq"] == view["seq"]  # the refusal changed nothing
    on_turn = client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {chars[acting]['token']}"},
                          json={"action": "end", "seq": view["seq"]})
    assert on_turn.status_code == 200


def test_a_characters_link_in_the_browser_pages(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "affinity", "seed": 3, "seats": ["human", "bot:greedy"],
                                        "options": OPTIONS}).json()
    gid, party = g["id"], g["seats"][0]
    view = party_turn(client, gid, party["token"])
    idle = party["characters"][1 - view["view"]["active"]]
    assert client.get(f"/games/{gid}/join", params={"token": idle["token"]}).status_code == 200
    page = client.get(f"/games/{gid}").text
    assert 'id="your-turn"' not in page and "data-action" not in page and 'class="aff-choice"' not in page
    refused = client.post(f"/games/{gid}/act", data={"action": "end", "seq": str(view["seq"]), "board": "1"})
    assert "not this character" in refused.text
    assert client.get(f"/api/games/{gid}").json()["seq"] == view["seq"]
    assert client.get(f"/games/{gid}/join", params={"token": idle["token"] + "x"}).status_code == 403
