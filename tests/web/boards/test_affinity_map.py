"""Affinity's battle map: the acting fighter's attack and movement reach and the melee zones drawn on the page
are exactly the engine's answer (``games.affinity.reach.reach_map``), the same for a seat and a spectator; the
engine's own move previews end inside the movement reach it reports."""

from __future__ import annotations

import os
import re
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from gamewright.games.affinity import make_game
from gamewright.games.affinity.reach import reach_map
from tests.web.boards.test_affinity import OPTIONS, board_of
from tests.web.conftest import ARTIFACTS, Server
from tests.web.test_browser import CHROMIUM, browser  # noqa: F401 - the same chromium fixture

GROUP = re.compile(r'<g class="(reach attack|reach move|zone threat)">(.*?)</g>', re.S)
SQ = re.compile(r'data-sq="(-?\d+),(-?\d+)"')
PAIR = re.compile(r'data-pair="(\d+)-(\d+)"')


def drawn(board: str) -> dict[str, set[tuple[int, int]]]:
    return {name: {(int(x), int(y)) for x, y in SQ.findall(body)} for name, body in GROUP.findall(board)}


def on_map(state: Any, squares: list[list[int]], reach: dict[str, Any]) -> set[tuple[int, int]]:
    """The part of ``squares`` inside the drawn map: one square around every token and every move square."""
    xs = [f.x for f in state.fighters] + [s[0] for s in reach["move"]]
    ys = [f.y for f in state.fighters] + [s[1] for s in reach["move"]]
    return {(x, y) for x, y in squares if min(xs) - 1 <= x <= max(xs) + 1 and min(ys) - 1 <= y <= max(ys) + 1}


def close_in(state: Any) -> str:
    """A step toward an enemy while one is out of melee, else the end of the turn."""
    return next((a.to_text() for a in state.legal_actions() if a.verb == "move"), "end")


def play(state: Any, game: Any, steps: int) -> None:
    for _ in range(steps):
        state.apply(game.parse_action(state, close_in(state)))


def test_reach_map_counts_squares_like_the_engine() -> None:
    game = make_game(None, OPTIONS)
    state = game.new_initial_state(5)
    for _ in range(12):
        reach = reach_map(state)
        f = state.fighters[state.active]
        move = {tuple(s) for s in reach["move"]}
        assert reach["move_squares"] == f.move_left
        assert move == {(f.x + dx, f.y + dy) for dx in range(-f.move_left, f.move_left + 1)
                        for dy in range(-f.move_left, f.move_left + 1) if (dx, dy) != (0, 0)}
        for act in state.legal_actions():  # where the engine says a move ends lies inside the movement reach
            to = state.preview(act).get("move", {}).get("to")
            if to is not None:
                assert tuple(to) in move
        for e in state.fighters:  # every enemy a usable attack names without moving is inside attack reach
            if max(abs(e.x - f.x), abs(e.y - f.y)) <= reach["attack_radius"] and e.side != f.side:
                assert [e.x, e.y] in reach["attack"]
        for a, b in reach["engaged"]:
            fa, fb = state.fighters[a], state.fighters[b]
            assert fa.side != fb.side and max(abs(fa.x - fb.x), abs(fa.y - fb.y)) <= 1
        play(state, game, 1)
    assert reach_map(state)["engaged"], "the party and the wolf end this script in melee"


def test_the_map_shows_the_engines_reach_to_a_seat_and_a_spectator(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "affinity", "seed": 5, "seats": ["human", "human"],
                                        "options": OPTIONS}).json()
    gid = g["id"]
    spectator = TestClient(client.app)
    client.get(f"/games/{gid}/join", params={"token": g["seats"][0]["token"]})
    platform = client.app.state.platform  # type: ignore[attr-defined]
    checked = engaged = 0
    for _ in range(10):
        _, state = platform.runtime(gid).head
        reach = reach_map(state)
        mine = board_of(client.get(f"/games/{gid}").text)
        public = board_of(spectator.get(f"/games/{gid}").text)
        for board in (mine, public):
            seen = drawn(board)
            assert seen["reach attack"] == on_map(state, reach["attack"], reach)
            assert seen["reach move"] == {tuple(s) for s in reach["move"]}
            assert seen["zone threat"] == on_map(state, reach["threatened"], reach)
            assert {(int(a), int(b)) for a, b in PAIR.findall(board)} == {tuple(p) for p in reach["engaged"]}
            assert "aff-legend" in board and "<title>" in board
        assert drawn(mine) == drawn(public)
        engaged += bool(reach["engaged"])
        checked += 1
        text = close_in(state)
        seq = platform.runtime(gid).head[0]
        token = g["seats"][state.current_player]["token"]
        r = client.post(f"/api/games/{gid}/actions", json={"action": text, "seq": seq},
                        headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
    assert checked == 10 and engaged > 0


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium (/usr/bin/chromium) is not installed")
def test_the_map_in_chromium(browser: Any, server: Server) -> None:  # noqa: F811
    """Screenshot tests/artifacts/board_affinity_map.png: the party's turn with the wolf engaged. The server's
    game is replayed on a local state of the same seed to choose each step."""
    g = httpx.post(server.url + "/api/games", json={"game": "affinity", "seed": 5, "seats": ["human", "human"],
                                                     "options": OPTIONS}).json()
    game = make_game(None, OPTIONS)
    state = game.new_initial_state(5)
    seq = 0
    while not (reach_map(state)["engaged"] and state.current_player == 0):
        text = close_in(state)
        token = g["seats"][state.current_player]["token"]
        r = httpx.post(f"{server.url}/api/games/{g['id']}/actions", json={"action": text, "seq": seq},
                       headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        seq = r.json()["seq"]
        state.apply(game.parse_action(state, text))
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    page.goto(g["seats"][0]["characters"][state.active]["url"])
    page.wait_for_selector("svg.aff-map g.zone.engaged line", state="attached")  # a level line has no height
    reach = reach_map(state)
    assert page.locator("svg.aff-map g.reach.move circle").count() == len(reach["move"])
    assert page.locator("svg.aff-map g.zone.engaged line").count() == len(reach["engaged"])
    page.locator(".aff-key > summary").click()  # the map's key opens on demand
    top, legend = page.locator("svg.aff-map").bounding_box(), page.locator(".aff-legend").bounding_box()
    assert top is not None and legend is not None and legend["y"] > top["y"]  # the key shown under the map
    page.locator(".aff-field").screenshot(path=str(ARTIFACTS / "board_affinity_map.png"))  # map, story and key
