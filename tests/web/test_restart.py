"""Persistence: SIGKILL the server mid-game, start it again — every accepted move is there and play goes on."""

from __future__ import annotations

import httpx

from tests.web.conftest import Server, auth


def test_sigkill_restart_resumes_every_accepted_move(server_factory, isolated_database: str) -> None:  # type: ignore[no-untyped-def]
    first: Server = server_factory()
    base = first.url
    g = httpx.post(f"{base}/api/games", json={"game": "penance", "seed": 3, "seats": ["human", "human"]}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    accepted = []
    for _ in range(12):
        spectator = httpx.get(f"{base}/api/games/{gid}").json()
        mover = spectator["current_player"]
        mine = httpx.get(f"{base}/api/games/{gid}", headers=auth(tokens[mover])).json()
        action = next((a for a in mine["legal"] if a.startswith("move")), mine["legal"][0])
        r = httpx.post(f"{base}/api/games/{gid}/actions", headers=auth(tokens[mover]),
                       json={"action": action, "seq": mine["seq"]})
        assert r.status_code == 200
        accepted.append((mover, action))
    before = {t: httpx.get(f"{base}/api/games/{gid}", headers=auth(t)).json() for t in tokens}
    first.kill()  # SIGKILL: no shutdown code runs
    second = server_factory(port=first.port)
    after = {t: httpx.get(f"{second.url}/api/games/{gid}", headers=auth(t)).json() for t in tokens}
    assert after == before  # same seq, same views, same legal moves
    assert after[tokens[0]]["seq"] == len(accepted)
    spectator = httpx.get(f"{second.url}/api/games/{gid}").json()
    mover = spectator["current_player"]
    legal = after[tokens[mover]]["legal"]
    r = httpx.post(f"{second.url}/api/games/{gid}/actions", headers=auth(tokens[mover]),
                   json={"action": legal[0], "seq": len(accepted)})
    assert r.status_code == 200 and r.json()["seq"] == len(accepted) + 1
