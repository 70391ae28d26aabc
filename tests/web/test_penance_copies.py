"""Issue 22 §1 through the HTTP API: a web client that sends a second copy's card number plays that card at the
casket it names (never at another casket, its own ally included), and one aimed at its ally is refused."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.components import COMPONENTS
from gamewright.games.penance.state import Act, PenanceState
from tests.web.conftest import auth

DECKS = "confessor/confessor,ironclad/ironclad"
SEED = 19


def _second_copy(st: PenanceState) -> tuple[Act, int] | None:
    """A listed single-target attack by a casket with another copy of that card in hand: (the play, the copy)."""
    if st.todo[-1][0] != "main":
        return None
    pl = st.sides[st.todo[-1][1]].piles
    for a in st.legal_actions():
        if a.kind == "play" and a.target >= 0 and card_table()[pl.cards[a.card]].is_attack:
            for i in pl.hand:
                if i != a.card and pl.cards[i] == pl.cards[a.card]:
                    return a, i
    return None


def _counts(view: dict[str, Any]) -> list[int]:
    return [s["deck"] + len(s["discard"]) + s["hand_size"] for s in view["view"]["sides"]]


def test_a_second_copy_sent_over_the_api_hits_the_enemy_it_names(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "penance", "seed": SEED, "seats": ["human", "human"],
                                        "options": {"decks": DECKS}}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    url = f"/api/games/{gid}/actions"
    mirror = make_game(options={"decks": DECKS}).new_initial_state(SEED)  # the same battle, to pick moves by
    bots = [make_bot("heuristic", 0), make_bot("heuristic", 1)]
    for _ in range(400):
        found = _second_copy(mirror)
        if found:
            break
        seat = mirror.current_player
        a = bots[seat].choose(mirror)
        seq = client.get(f"/api/games/{gid}").json()["seq"]
        r = client.post(url, headers=auth(tokens[seat]), json={"action": a.to_text(), "seq": seq})
        assert r.status_code == 200, r.text
        mirror.apply(a)
    assert found, "the heuristic bots never held two copies of an attack in reach"
    listed, copy = found
    p = mirror.todo[-1][1]
    seat = mirror.team[p]
    ally = next(c for c in range(len(mirror.sides)) if mirror.team[c] == seat and c != p)
    before = client.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()
    hand = next(s["hand"] for i, s in enumerate(before["view"]["sides"]) if i == p)
    assert {h["id"] for h in hand} >= {listed.card, copy}  # the API's battle is the mirror's
    at = COMPONENTS[listed.arg]
    refused = client.post(url, headers=auth(tokens[seat]),
                          json={"action": f"play {copy} at {at} on {ally + 1}", "seq": before["seq"]})
    assert refused.status_code == 422 and "enemy" in refused.json()["error"]
    assert client.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json() == before
    r = client.post(url, headers=auth(tokens[seat]),
                    json={"action": f"play {copy} at {at} on {listed.target + 1}", "seq": before["seq"]})
    assert r.status_code == 200, r.text
    attacks = [e for e in r.json()["events"] if e["event"] == "attack"]
    assert [e["target"] for e in attacks] == [listed.target]
    after = client.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()
    assert _counts(after)[ally] == _counts(before)[ally]
    expected = mirror.clone()
    expected.apply(listed)  # the same as playing the listed copy at the same enemy
    assert after["view"] == expected.view_for(seat)
