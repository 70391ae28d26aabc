"""Rematch: a finished game's seat starts a new game with the same game, ruleset, options, seats, bots and timer,
a new secret seed and new tokens; each seat's page of the old game offers only its own new link, a spectator a
link to watch; a second press joins the same rematch. The old game's live stream tells its pages."""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Any

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from gamewright.store.web_games import WebGame, WebSeat
from tests.web.conftest import Server, auth, csrf_headers
from tests.web.test_result_panel import play_out, seat_client

THREE = {"game": "inclinations", "seed": 7, "seats": ["human", "human", "bot:easy-bot"], "timer": 600,
         "options": {"round_limit": 1, "to_hit": "d10"}}
LINK = re.compile(r'href="/games/([0-9a-f]{16})/join\?token=([^"]+)" id="rematch-link"')


def finished(client: TestClient, body: dict[str, Any]) -> tuple[str, list[str | None]]:
    g = client.post("/api/games", json=body).json()
    tokens = [s["token"] for s in g["seats"]]
    play_out(client, g["id"], tokens)
    return g["id"], tokens


def row_and_seats(client: TestClient, gid: str) -> tuple[WebGame, list[WebSeat]]:
    platform = client.app.state.platform  # type: ignore[attr-defined]
    with platform.session() as s:
        return s.get(WebGame, gid), list(s.scalars(select(WebSeat).where(WebSeat.game_id == gid)
                                                   .order_by(WebSeat.seat)))


def press(browser: TestClient, gid: str) -> str:
    """Press Rematch on the old game's page; the new game's id the browser was sent to."""
    r = browser.post(f"/games/{gid}/rematch", follow_redirects=False)
    assert r.status_code == 303, r.text
    found = re.fullmatch(r"/games/([0-9a-f]{16})", r.headers["location"])
    assert found is not None
    return found.group(1)


def test_rematch_same_table_new_seed_new_tokens(client: TestClient) -> None:
    gid, tokens = finished(client, THREE)
    seats = [seat_client(client, gid, t) if t else None for t in tokens]
    first, second = seats[0], seats[1]
    assert first is not None and second is not None
    for browser in (first, second):
        browser.get("/healthz")
        browser.headers.update(csrf_headers(browser.cookies))
    new_id = press(first, gid)
    assert new_id != gid
    old, old_seats = row_and_seats(client, gid)
    new, new_seats = row_and_seats(client, new_id)
    assert (new.game, new.ruleset, new.options, new.timer) == (old.game, old.ruleset, old.options, old.timer)
    assert [(s.kind, s.bot) for s in new_seats] == [(s.kind, s.bot) for s in old_seats]
    assert new.seed != old.seed and not new.seed_given and not new.listed
    assert all(a.token_hash != b.token_hash for a, b in zip(old_seats, new_seats, strict=True) if a.kind == "human")
    # the one who pressed holds their own seat of the new game, by a cookie of the new game
    page = first.get(f"/games/{new_id}").text
    assert "You hold seat <strong>P1</strong>" in page
    # the old tokens open nothing in the new game
    for token in tokens[:2]:
        assert client.get(f"/api/games/{new_id}", headers=auth(token)).status_code == 403
    # each seat's old page offers its own new link, and only that one
    links = {}
    for seat, browser in enumerate((first, second)):
        old_page = browser.get(f"/games/{gid}").text
        assert "A rematch has started — your seat:" in old_page
        found = LINK.findall(old_page)
        assert len(found) == 1 and found[0][0] == new_id
        links[seat] = found[0][1]
    assert links[0] != links[1] and not set(links.values()) & set(tokens)
    for seat, token in links.items():
        assert client.get(f"/api/games/{new_id}", headers=auth(token)).json()["you"] == seat
        other = links[1 - seat]
        assert other not in (first if seat == 0 else second).get(f"/games/{gid}").text
    spectator = TestClient(client.app).get(f"/games/{gid}").text
    assert f'href="/games/{new_id}" id="rematch-watch"' in spectator and "join?token" not in spectator
    # a second press (the other seat, or the same one again) joins the same rematch: no third game
    assert press(second, gid) == new_id
    assert press(first, gid) == new_id
    assert "You hold seat <strong>P2</strong>" in second.get(f"/games/{new_id}").text
    platform = client.app.state.platform  # type: ignore[attr-defined]
    with platform.session() as s:
        assert s.scalar(select(func.count()).select_from(WebGame)) == 2


def test_a_chosen_seed_is_never_the_rematchs(client: TestClient) -> None:
    gid, tokens = finished(client, {"game": "prince", "seed": 11, "seats": ["human"],
                                    "options": {"encounters_per_run": 1}})
    browser = seat_client(client, gid, tokens[0] or "")
    browser.get("/healthz")
    browser.headers.update(csrf_headers(browser.cookies))
    new_id = press(browser, gid)
    new, _ = row_and_seats(client, new_id)
    assert new.seed != 11 and not new.seed_given and "Open seed" not in browser.get(f"/games/{new_id}").text


def test_only_a_seat_of_a_finished_game_starts_a_rematch(client: TestClient) -> None:
    g = client.post("/api/games", json=THREE).json()
    gid = g["id"]
    browser = seat_client(client, gid, g["seats"][0]["token"])
    browser.get("/healthz")
    browser.headers.update(csrf_headers(browser.cookies))
    assert browser.post(f"/games/{gid}/rematch", follow_redirects=False).status_code == 409  # not over yet
    play_out(client, gid, [s["token"] for s in g["seats"]])
    assert client.post(f"/games/{gid}/rematch", follow_redirects=False).status_code == 403  # a spectator
    assert client.get(f"/games/{gid}").text.count('id="rematch"') == 0


def test_the_old_pages_hear_of_the_rematch_live(server: Server) -> None:
    """The old game's stream sends one ``rematch`` event (no token in it) when the rematch starts; the page's
    live refresh then redraws the table, which offers each seat its own link."""
    g = httpx.post(server.url + "/api/games", json={"game": "prince", "seats": ["human"],
                                                    "options": {"encounters_per_run": 1}}).json()
    gid, token = g["id"], g["seats"][0]["token"]
    with httpx.Client(base_url=server.url) as http:
        while not (game := http.get(f"/api/games/{gid}", headers=auth(token)).json())["terminal"]:
            http.post(f"/api/games/{gid}/actions", headers=auth(token),
                      json={"action": game["legal"][0], "seq": game["seq"]})
        heard: list[dict[str, Any]] = []

        def listen() -> None:
            with httpx.stream("GET", f"{server.url}/api/games/{gid}/stream", headers=auth(token),
                              timeout=60) as r:
                kind = ""
                for line in r.iter_lines():
                    if line.startswith("event:"):
                        kind = line[6:].strip()
                    elif line.startswith("data:") and kind == "rematch":
                        heard.append(json.loads(line[5:]))
                        return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        time.sleep(0.5)  # the stream is usually open by now; if not, it finds the rematch as it opens
        http.get(f"/games/{gid}/join", params={"token": token})
        r = http.post(f"/games/{gid}/rematch", headers=csrf_headers(http.cookies), follow_redirects=False)
        assert r.status_code == 303
        listener.join(timeout=60)
    new_id = r.headers["location"].rsplit("/", 1)[1]
    assert heard == [{"game": gid, "rematch": new_id}]
    assert token not in json.dumps(heard)


def test_two_presses_at_once_make_one_rematch(client: TestClient) -> None:
    from gamewright.web.service import Viewer

    gid, tokens = finished(client, THREE)
    platform = client.app.state.platform  # type: ignore[attr-defined]
    got: list[str] = []
    presses = [threading.Thread(target=lambda seat=seat: got.append(
        platform.rematch(gid, Viewer(seat, tokens[seat]))[0])) for seat in (0, 1, 0, 1)]
    for t in presses:
        t.start()
    for t in presses:
        t.join(timeout=120)
    assert len(got) == 4 and len(set(got)) == 1
    with platform.session() as s:
        assert s.scalar(select(func.count()).select_from(WebGame)) == 2


def test_a_characters_own_link_leads_to_the_same_character(client: TestClient) -> None:
    """Affinity's party shares a seat: a character's link in the old game is offered that character's link in
    the rematch (it acts only on that character's turns), never the party seat's own."""
    g = client.post("/api/games", json={"game": "affinity", "seed": 5, "seats": ["human", "human"],
                                        "options": {"party": "combatant,priest"}}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    play_out(client, gid, tokens, prefer=None)
    character = g["seats"][0]["characters"][1]
    browser = seat_client(client, gid, character["token"])
    browser.get("/healthz")
    browser.headers.update(csrf_headers(browser.cookies))
    new_id = press(browser, gid)
    found = LINK.findall(browser.get(f"/games/{gid}").text)
    assert len(found) == 1 and found[0][0] == new_id
    link = found[0][1]
    platform = client.app.state.platform  # type: ignore[attr-defined]
    assert platform.viewer(new_id, link).character == character["character"]  # that character, in the new game
    party = LINK.findall(seat_client(client, gid, tokens[0] or "").get(f"/games/{gid}").text)
    assert party and party[0][1] != link and platform.viewer(new_id, party[0][1]).character is None
