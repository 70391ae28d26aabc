"""The generic page plays every game to the end: a button's action posted through the page, until the result."""

from __future__ import annotations

import html
import re
import time

import pytest
from fastapi.testclient import TestClient

BUTTON = re.compile(r'<button type="submit" name="action" value="([^"]*)" class="act" data-action="[^"]*">')


@pytest.mark.parametrize(("game", "seats", "options", "prefer"), [
    ("prince", ["human"], {}, None),
    ("affinity", ["human", "bot:greedy"], {"party": "combatant"}, "end"),
    ("penance", ["human", "bot:heuristic"], {}, "end"),
    ("inclinations", ["human", "bot:random-bot"], {"round_limit": 2}, "end"),
])
def test_the_generic_page_plays_a_game_to_the_end(client: TestClient, game: str, seats: list[str],
                                                  options: dict[str, object], prefer: str | None) -> None:
    g = client.post("/api/games", json={"game": game, "seed": 3, "seats": seats, "options": options}).json()
    gid = g["id"]
    client.get(f"/games/{gid}/join", params={"token": g["seats"][0]["token"]})
    deadline = time.monotonic() + 120
    page = client.get(f"/games/{gid}/generic").text
    assert "Your view" in page and "<table" in page
    while "The game is over" not in page:
        assert time.monotonic() < deadline, "the game did not end"
        buttons = [html.unescape(b) for b in BUTTON.findall(page)]
        if not buttons:
            time.sleep(0.05)  # a bot is moving
            page = client.get(f"/games/{gid}/table").text
            continue
        seq = re.search(r'data-seq="(\d+)"', page)
        assert seq is not None
        action = prefer if prefer in buttons else buttons[0]
        page = client.post(f"/games/{gid}/act", data={"action": action, "seq": seq.group(1)}).text
        assert 'class="error"' not in page or "stale" in page
    assert client.get(f"/games/{gid}/replay", params={"step": 1}).status_code == 200
