"""Affinity's board: a whole fight played through the board's buttons; every preview shown equals
``state.preview``; a spectator's board shows no actions or previews."""

from __future__ import annotations

import html
import re
import time
from typing import Any

from fastapi.testclient import TestClient

BOARD_BUTTON = re.compile(r'form="action-buttons" name="action" value="([^"]*)" class="board-act">')
LEVEL = re.compile(r'data-pos="\d+" data-action="([^"]*)"')
OPTIONS = {"party": "combatant,priest", "count": 1, "level": 3}


def board_of(page: str) -> str:
    start = page.index('<div class="aff-board"')
    return page[start:page.index('<aside class="happened"')]  # the board ends where "What happened" begins


def check_previews(board: str, state: Any) -> int:
    """Every level's shown success odds, HD burned and expected target losses are the engine's."""
    legal = {a.to_text(): a for a in state.legal_actions()}
    seen = 0
    for chunk in board.split('<div class="level" ')[1:]:
        found = LEVEL.match(chunk)
        assert found is not None
        text, body = html.unescape(found.group(1)), chunk
        p = state.preview(legal[text])
        if "success" in p:
            assert f'class="odds">success <span class="p" data-p="{p["success"]["p"]}"' in body
        for k, x in p.get("hd_burned", {}).items():
            assert f'data-k="{k}" data-p="{x["p"]}"' in body
        for tg in p.get("targets", []):
            assert f'data-p="{tg["expected_hd_lost"]["p"]}"' in body
        seen += 1
    assert seen == len(legal)
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
    while "The game is over" not in page:
        assert time.monotonic() < deadline, "the fight did not end"
        seen = spectator.get(f"/games/{gid}").text
        assert "board-act" not in seen and 'class="level"' not in seen and 'class="aff-fighters"' in seen
        buttons = [html.unescape(b) for b in BOARD_BUTTON.findall(page)]
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
