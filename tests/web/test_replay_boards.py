"""The replay page draws each game's own board at every step (slider, previous/next links, ← → keys), and a
spectator's live page shows the board with the public view."""

from __future__ import annotations

import os
import re
import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import ARTIFACTS, Server
from tests.web.test_browser import CHROMIUM, browser  # noqa: F401 - browser is a fixture

BOARD = re.compile(r'<section class="board" aria-label="Board">(.*?)</fieldset>', re.S)
GAMES = [  # every seat a bot, options that keep the game short
    ("prince", ["bot:greedy"], {"encounters_per_run": 1}),
    ("inclinations", ["bot:random-bot", "bot:random-bot"], {"round_limit": 2}),
    ("affinity", ["bot:greedy", "bot:greedy"], {"party": "combatant"}),
    ("penance", ["bot:heuristic", "bot:heuristic"], {}),
]


def finished(client: Any, game: str, seats: list[str], options: dict[str, Any]) -> tuple[str, int]:
    """A game played to its end by bots (``client``: the in-process one or an ``httpx.Client`` on a server)."""
    g = client.post("/api/games", json={"game": game, "seed": 3, "seats": seats, "options": options}).json()
    deadline = time.monotonic() + 120
    while not (state := client.get(f"/api/games/{g['id']}").json())["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    return g["id"], int(state["seq"])


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_the_replay_draws_the_board_at_each_step(client: TestClient, game: str, seats: list[str],
                                                 options: dict[str, Any]) -> None:
    gid, last = finished(client, game, seats, options)
    assert last >= 2
    for step in (0, last // 2, last):
        page = client.get(f"/games/{gid}/replay", params={"step": step})
        assert page.status_code == 200
        board = BOARD.search(page.text)
        assert board is not None and "<svg" in board.group(1), f"no board SVG at step {step}"
        assert 'type="range" name="step"' in page.text and f'value="{step}"' in page.text
        links = page.text.split('id="step-form"')
        assert f'<a href="?step={step - 1}"' in links[0] if step > 0 else 'id="prev" aria-disabled' in links[0]
        assert f'<a href="?step={step + 1}"' in links[1] if step < last else 'id="next" aria-disabled' in links[1]
        assert "<fieldset disabled" in page.text  # the board's buttons cannot act on a finished game
    if len(seats) > 1:  # full information: each seat's board may be chosen
        other = client.get(f"/games/{gid}/replay", params={"step": last // 2, "seat": 1}).text
        assert 'name="seat" value="1"' in other and "seat=1" in other.split("id=\"next\"")[0]


def test_a_spectator_watches_the_board_with_the_public_view(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "penance", "seed": 3, "seats": ["human", "bot:heuristic"]}).json()
    page = client.get(f"/games/{g['id']}").text  # no seat cookie: a spectator
    assert "You are watching as a spectator" in page
    assert 'id="penance-board"' in page and "<svg" in page
    assert "Public view" not in page  # the raw view is on the generic page only
    assert "Public view" in client.get(f"/games/{g['id']}/generic").text


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium (/usr/bin/chromium) is not installed")
def test_the_replay_steps_by_keys_in_chromium(browser: Any, server: Server) -> None:  # noqa: F811 - the fixture
    with httpx.Client(base_url=server.url) as http:
        gid, last = finished(http, "penance", ["bot:heuristic", "bot:heuristic"], {})
    middle = last // 2
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(f"{server.url}/games/{gid}/replay?step={middle}")
    page.wait_for_selector("#penance-board")
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(rf"step={middle + 1}"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(rf"step={middle}$"))
    page.locator("#step-slider").fill("0")  # moving the slider goes to its step (site.js: no inline handler)
    page.wait_for_url(re.compile(r"step=0$"))
    page.wait_for_selector("#penance-board")
    page.screenshot(path=str(ARTIFACTS / "replay_penance.png"))
