"""An Inclinations seat's draft plan is private: it travels in POST bodies only, never in a URL (where logs,
history and Referer headers would keep it)."""

from __future__ import annotations

import html

from fastapi.testclient import TestClient


def test_a_draft_travels_only_in_post_bodies(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "inclinations", "seed": 5, "seats": ["human", "human"]}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    for seat in (0, 1):  # deployment: each deploy is a whole move
        state = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        client.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {tokens[seat]}"},
                    json={"action": state["legal"][seat * 5], "seq": state["seq"]})
    client.get(f"/games/{gid}/join", params={"token": tokens[0]})
    state = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    step = next(a for a in state["legal"] if a.startswith("allocate"))
    shown = f'id="draft">{html.escape(step)}<'
    page = client.post(f"/games/{gid}/act", data={"action": step, "seq": str(state["seq"])}).text
    assert shown in page  # the step waits in the page's draft

    live = client.get(f"/games/{gid}").text
    assert f'hx-post="/games/{gid}/table' in live and f'hx-get="/games/{gid}/table' not in live
    assert 'hx-include="#draft-field, #shown-table"' in live  # the live refresh posts the draft back

    refreshed = client.post(f"/games/{gid}/table", data={"draft": step}).text
    assert shown in refreshed
    assert shown not in client.get(f"/games/{gid}/table", params={"draft": step}).text  # a URL carries no draft
