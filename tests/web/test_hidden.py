"""Hidden information over whole games, on every channel: API views, pages, the live stream and the log.

Penance: a hand and the deck order reach only their owner (spectators see no hand). Inclinations: a pending
plan (posted step by step through the API, or kept as a page draft) reaches nobody else.
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from gamewright.core.rng import Rng
from tests.web.conftest import Server, auth, csrf_headers, read_stream


def _play_all(base: str, gid: str, tokens: list[str | None], pick: Any, check: Any) -> int:
    """Play to the end through the API (bot seats, token None, move on the server), checking every viewer's
    answer after every seq; returns the final seq."""
    rng = Rng(3)
    for _ in range(3000):
        views = [httpx.get(f"{base}/api/games/{gid}", headers=auth(t)).json() if t else None for t in tokens]
        spectator = httpx.get(f"{base}/api/games/{gid}").json()
        check(views, spectator)
        if spectator["terminal"]:
            return int(spectator["seq"])
        mover = spectator["current_player"]
        mine = views[mover] if 0 <= mover < len(views) else None
        if mine is None or not mine["legal"] or mine["seq"] != spectator["seq"]:
            time.sleep(0.05)  # a bot's turn
            continue
        r = httpx.post(f"{base}/api/games/{gid}/actions", headers=auth(tokens[mover]),
                       json={"action": pick(rng, mine["legal"]), "seq": mine["seq"]})
        assert r.status_code in (200, 409), r.text
        for e in r.json().get("events", []):
            assert e.get("event") != "draw" or e.get("player") == mover
    raise AssertionError("the game did not end")


def _penance_check(views: list[dict[str, Any] | None], spectator: dict[str, Any]) -> None:
    for me, v in enumerate(views):
        if v is None:
            continue
        sides = v["view"]["sides"]
        assert "hand" in sides[me] and "hand" not in sides[1 - me]
        assert all(isinstance(s["deck"], int) for s in sides)  # a count, never the order
        if not spectator["terminal"]:
            assert "seed" not in v and "seed" not in v["view"]
    assert all("hand" not in s and isinstance(s["deck"], int) for s in spectator["view"]["sides"])


def _hand_rows(html: str) -> int:
    return len(re.findall(r'<th scope="row">hand</th>', html))


@pytest.mark.parametrize("human", [0, 1])
def test_penance_hands_and_deck_order_over_a_whole_game(server: Server, human: int) -> None:
    base = server.url
    seats = ["bot:heuristic", "bot:heuristic"]
    seats[human] = "human"
    g = httpx.post(f"{base}/api/games", json={"game": "penance", "seed": 11, "seats": seats}).json()
    gid = g["id"]
    tokens: list[str | None] = [s["token"] for s in g["seats"]]
    cookie = dict(httpx.get(f"{base}/games/{gid}/join", params={"token": tokens[human]}).cookies)
    checked_pages = 0

    def check(views: list[dict[str, Any] | None], spectator: dict[str, Any]) -> None:
        nonlocal checked_pages
        _penance_check(views, spectator)
        if spectator["seq"] % 10 == 0:  # pages: own hand only, none for spectators
            # the raw view, on the generic page only
            assert _hand_rows(httpx.get(f"{base}/games/{gid}/generic", cookies=cookie).text) == 1
            assert _hand_rows(httpx.get(f"{base}/games/{gid}/generic").text) == 0
            checked_pages += 1

    def pick(rng: Rng, legal: list[str]) -> str:  # mostly passive, so that the bot ends the game soon
        plays = [a for a in legal if a != "end"]
        return rng.choice(plays) if plays and ("end" not in legal or rng.random() < 0.2) else "end"

    last = _play_all(base, gid, tokens, pick, check)
    assert checked_pages >= 2
    # the stream, replayed from the start for each viewer: draws only to their owner
    for viewer, token in ((human, tokens[human]), (None, None)):
        messages = read_stream(base, gid, token, 0, last)
        assert [m["seq"] for m in messages] == list(range(1, last + 1))
        draws = 0
        for m in messages:
            for e in m["events"]:
                if e["event"] == "draw":
                    assert viewer is not None and e["player"] == viewer
                    draws += 1
                assert "private" not in e or e["private"] == viewer
        assert draws > 0 or viewer is None
    log = httpx.get(f"{base}/api/games/{gid}/log").json()
    assert len(log["actions"]) == last and log["seed"] == 11


def test_inclinations_pending_plans_stay_private(server: Server) -> None:
    base = server.url
    g = httpx.post(f"{base}/api/games", json={"game": "inclinations", "seed": 5, "options": {"round_limit": 2},
                                              "seats": ["human", "human", "human"]}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    pending_seen = 0

    def check(views: list[dict[str, Any]], spectator: dict[str, Any]) -> None:
        nonlocal pending_seen
        mover = spectator["current_player"]
        for me, v in enumerate(views):
            if me != mover:
                assert v["view"]["plan"] == []
        assert not spectator["view"].get("plan")
        if views[mover]["view"]["plan"] if 0 <= mover < 3 else False:
            pending_seen += 1

    def pick(rng: Rng, legal: list[str]) -> str:  # one step per move: plans stay pending across seqs
        steps = [a for a in legal if a != "end"]
        return rng.choice(steps) if steps and rng.random() < 0.6 else "end" if "end" in legal else rng.choice(legal)

    last = _play_all(base, gid, tokens, pick, check)
    assert pending_seen > 5
    for token in (tokens[1], None):
        for m in read_stream(base, gid, token, 0, last):
            for e in m["events"]:
                assert e["event"] != "turn" or m["seat"] is not None  # an executed plan is public; steps send nothing


def test_a_page_draft_is_seen_by_its_seat_only(server: Server) -> None:
    base = server.url
    g = httpx.post(f"{base}/api/games", json={"game": "inclinations", "seed": 5,
                                              "seats": ["human", "human"]}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    for seat in (0, 1):  # deployment: each deploy is a whole move
        state = httpx.get(f"{base}/api/games/{gid}", headers=auth(tokens[seat])).json()
        httpx.post(f"{base}/api/games/{gid}/actions", headers=auth(tokens[seat]),
                   json={"action": state["legal"][seat * 5], "seq": state["seq"]})
    c0 = dict(httpx.get(f"{base}/games/{gid}/join", params={"token": tokens[0]}).cookies)
    c1 = dict(httpx.get(f"{base}/games/{gid}/join", params={"token": tokens[1]}).cookies)
    state = httpx.get(f"{base}/api/games/{gid}", headers=auth(tokens[0])).json()
    step = next(a for a in state["legal"] if a.startswith("allocate"))
    r = httpx.post(f"{base}/games/{gid}/act", cookies=c0, headers=csrf_headers(c0),
                   data={"action": step, "seq": str(state["seq"])})
    assert f'id="draft">{step}<' in r.text  # kept in the page, not posted
    after = httpx.get(f"{base}/api/games/{gid}", headers=auth(tokens[1])).json()
    assert after["seq"] == state["seq"] and after["view"]["plan"] == []
    other = httpx.get(f"{base}/games/{gid}", cookies=c1).text  # the other seat's page: no trace of the draft
    assert f'id="draft">{step}<' not in other
    assert not re.search(r'name="draft"[^>]*value="[^"]*' + re.escape(step), other)
    assert not re.search(r'id="draft-field"[^>]*value="[^"]*' + re.escape(step), other)
    done = httpx.post(f"{base}/games/{gid}/act", cookies=c0, headers=csrf_headers(c0),
                      data={"action": "end", "draft": step, "seq": str(state["seq"])})
    assert done.status_code == 200
    final = httpx.get(f"{base}/api/games/{gid}", headers=auth(tokens[1])).json()
    assert final["seq"] == state["seq"] + 1  # the whole plan: one seq
    log = read_stream(base, gid, tokens[1], state["seq"], final["seq"])
    assert log[0]["events"][0]["event"] == "turn" and log[0]["events"][0]["plan"] == [step]
