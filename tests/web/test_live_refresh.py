"""The live refresh redraws the table only when it changed: a table carries the digest of its own HTML, the
page posts it back with each refresh, and an unchanged table answers 204 (htmx then swaps nothing). So the
refresh that follows your own move leaves alone what you selected since; any change — a move, a draft step, a
rematch offer — still redraws."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

SHOWN = re.compile(r'<input type="hidden" id="shown-table" name="shown" value="([0-9a-f]*)">')


def _shown(html: str) -> str:
    found = SHOWN.findall(html)
    assert len(found) == 1, found
    return found[0]


def test_an_unchanged_table_is_not_sent_again(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "prince", "seats": ["human"], "seed": 2}).json()
    gid, token = g["id"], g["seats"][0]["token"]
    client.get(f"/games/{gid}/join", params={"token": token})
    first = client.post(f"/games/{gid}/table?board=1", data={"draft": ""})
    digest = _shown(first.text)
    assert first.status_code == 200 and digest
    same = client.post(f"/games/{gid}/table?board=1", data={"draft": "", "shown": digest})
    assert same.status_code == 204 and same.content == b""
    # another page kind, or no digest (a page just loaded), is sent in full
    assert client.post(f"/games/{gid}/table", data={"draft": "", "shown": digest}).status_code == 200
    assert client.post(f"/games/{gid}/table?board=1", data={"draft": ""}).status_code == 200
    # a move changes the table: the refresh after it draws the new one, whose digest the move's answer carries
    state = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
    moved = client.post(f"/games/{gid}/act", data={"action": state["legal"][0], "seq": state["seq"], "board": "1"})
    assert moved.status_code == 200
    after = client.post(f"/games/{gid}/table?board=1", data={"draft": "", "shown": digest})
    assert after.status_code == 200 and _shown(after.text) != digest
    assert client.post(f"/games/{gid}/table?board=1",
                       data={"draft": "", "shown": _shown(moved.text)}).status_code == 204


def test_a_draft_step_redraws(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "inclinations", "seats": ["human", "human"], "seed": 2}).json()
    gid, token = g["id"], g["seats"][0]["token"]
    client.get(f"/games/{gid}/join", params={"token": token})
    digest = _shown(client.post(f"/games/{gid}/table", data={"draft": ""}).text)
    assert client.post(f"/games/{gid}/table", data={"draft": "", "shown": digest}).status_code == 204
    assert client.post(f"/games/{gid}/table", data={"draft": "allocate engines", "shown": digest}).status_code == 200


def test_the_page_posts_the_digest_back_with_its_live_refresh(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "penance", "seats": ["human", "human"]}).json()
    client.get(f"/games/{g['id']}/join", params={"token": g["seats"][0]["token"]})
    page = client.get(f"/games/{g['id']}").text
    live = page[page.index('<div id="live"'):]
    assert 'hx-include="#draft-field, #shown-table"' in live[:live.index(">")]
    assert _shown(page) == ""  # the page's first table: its first refresh draws in full
