"""Affinity's board: a whole fight played through the board's confirm buttons; every legal action has exactly
one choice panel, whose odds are ``state.preview``'s exact values; a spectator's board shows no actions or
previews."""

from __future__ import annotations

import html
import re
import time
from fractions import Fraction
from typing import Any

from fastapi.testclient import TestClient

BOARD_BUTTON = re.compile(r'data-action="([^"]*)"')
CONFIRM = re.compile(r'<button type="submit" name="action" value="([^"]*)" data-action="([^"]*)"')
OPTIONS = {"party": "combatant,priest", "count": 1, "level": 3}


def board_of(page: str) -> str:
    start = page.index('<div class="aff-board')
    return page[start:page.index("<!-- the end of the Affinity board -->")]


def check_previews(board: str, state: Any) -> int:
    """Every legal action is one confirm button (its ``data-action`` its exact text, the control itself a submit
    of that text) and the choice panel around it shows the engine's exact success odds, HD burned and expected
    target losses."""
    legal = {a.to_text(): a for a in state.legal_actions()}
    confirms = [html.unescape(a) for a in BOARD_BUTTON.findall(board)]
    assert sorted(confirms) == sorted(legal)  # one control per legal action, no other move control
    for value, action in CONFIRM.findall(board):
        assert value == action
    seen = 0
    for chunk in board.split('<div class="aff-choice" ')[1:]:
        found = BOARD_BUTTON.search(chunk)
        assert found is not None
        p = state.preview(legal[html.unescape(found.group(1))])
        if "success" in p:
            assert f'<span class="p" data-p="{p["success"]["p"]}">' in chunk
        burned = {int(k): Fraction(x["p"]) for k, x in p.get("hd_burned", {}).items()}
        if any(k > 0 for k in burned):
            assert f'data-p="{sum(q for k, q in burned.items() if k > 0)}"' in chunk
        for tg in p.get("targets", []):
            assert f'data-p="{tg["expected_hd_lost"]["p"]}"' in chunk
        seen += 1
    assert seen == len([a for a in legal if a not in ("end", "hold")])
    return seen


def test_a_fight_played_through_the_board(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "affinity", "seed": 5, "seats": ["human", "bot:greedy"],
                                        "options": OPTIONS}).json()
    gid = g["id"]
    spectator = TestClient(client.app)
    client.get(f"/games/{gid}/join", params={"token": g["seats"][0]["token"]})
    platform = client.app.state.platform  # type: ignore[attr-defined]
    page = client.get(f"/games/{gid}").text
    assert '<svg class="aff-map"' in page
    deadline = time.monotonic() + 120
    checked = 0
    while not client.get(f"/api/games/{gid}").json()["terminal"]:
        assert time.monotonic() < deadline, "the fight did not end"
        seen = spectator.get(f"/games/{gid}").text
        assert "data-action" not in board_of(seen) and 'class="aff-choice"' not in seen and 'class="aff-sheets"' in seen
        buttons = [html.unescape(b) for b in BOARD_BUTTON.findall(board_of(page))]
        if not buttons:
            time.sleep(0.05)  # the creatures' bot is moving
            page = client.get(f"/games/{gid}/table", params={"board": "1"}).text
            continue
        seq = re.search(r'data-seq="(\d+)"', page)
        assert seq is not None
        _, state = platform.runtime(gid).head
        if int(seq.group(1)) == platform.runtime(gid).head[0]:
            checked += check_previews(board_of(page), state)
        attacks = [b for b in buttons if b.startswith(("use weapon_strike on 2", "use power_word_smite on 2"))]
        action = attacks[0] if attacks else next((b for b in buttons if b.startswith("move 2")), "end")
        page = client.post(f"/games/{gid}/act", data={"action": action, "seq": seq.group(1), "board": "1"}).text
    assert checked > 0


def test_the_boards_links_open_the_tools_on_the_same_pool_and_defender(client: TestClient) -> None:
    """An action's "odds" link gives the engine's success chance for its pool; a target's "defence" link opens
    the defence tool on that target's layers without an error."""
    g = client.post("/api/games", json={"game": "affinity", "seed": 5, "seats": ["human", "human"],
                                        "options": OPTIONS}).json()
    client.get(f"/games/{g['id']}/join", params={"token": g["seats"][0]["token"]})
    platform = client.app.state.platform  # type: ignore[attr-defined]
    state = platform.runtime(g["id"]).head[1]
    while state.current_player != 0 or not any("targets" in state.preview(a) for a in state.legal_actions()):
        token = g["seats"][state.current_player]["token"]
        step = next((a.to_text() for a in state.legal_actions() if a.verb == "move"), "end")  # close in
        client.post(f"/api/games/{g['id']}/actions", json={"action": step, "seq": platform.runtime(g["id"]).head[0]},
                    headers={"Authorization": f"Bearer {token}"})
        state = platform.runtime(g["id"]).head[1]
    legal = {a.to_text(): a for a in state.legal_actions()}
    board = board_of(client.get(f"/games/{g['id']}").text)
    odds = defence = 0
    for chunk in board.split('<div class="aff-choice" ')[1:]:
        found = BOARD_BUTTON.search(chunk)
        assert found is not None
        p = state.preview(legal[html.unescape(found.group(1))])
        for href in re.findall(r'href="(/tools/affinity/odds\?[^"]+)"', chunk):
            tool = client.get(html.unescape(href))
            assert tool.status_code == 200 and 'role="alert"' not in tool.text
            assert f'id="success" data-p="{p["success"]["p"]}"' in tool.text
            odds += 1
        for href in re.findall(r'href="(/tools/affinity/defend\?[^"]+)"', chunk):
            tool = client.get(html.unescape(href))
            assert tool.status_code == 200 and 'role="alert"' not in tool.text and 'id="odds-lost"' in tool.text
            defence += 1
    assert odds > 0 and defence > 0
