"""Space Prince's board: played to the end in Debian chromium through the board only, previews as the engine says,
nothing hidden on the page."""

from __future__ import annotations

import os
import re
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from gamewright.core.game import load_game
from tests.web import test_browser
from tests.web.conftest import ARTIFACTS, Server
from tests.web.shots import element_shot

CHROMIUM = test_browser.CHROMIUM
browser = test_browser.browser  # the shared chromium fixture

SHORT = {"encounters_per_run": 1}


def create(post: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    r = post("/api/games", json={"game": "prince", "seats": ["human"], "seed": seed, "options": options})
    assert r.status_code == 201, r.text
    return dict(r.json())


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium (/usr/bin/chromium) is not installed")
def test_a_run_played_through_the_board_with_clicks_and_keys(browser: Any, server: Server) -> None:
    game = create(lambda path, json: httpx.post(server.url + path, json=json), 11, SHORT)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(game["seats"][0]["url"])
    for move in range(60):
        page.wait_for_selector("#prince-sends, #replay-link", timeout=60_000)
        if page.locator("#replay-link").count():
            break
        if move == 0:
            element_shot(page, "#prince-board", ARTIFACTS / "board_prince_start.png")
        seq = page.locator("#table").get_attribute("data-seq")
        first = page.locator("button.send").first
        if move % 2:  # keyboard: focus the button, its lines glow, Enter sends it
            first.focus()
            page.wait_for_function("""() => { const b = document.querySelector('button.send');
                const lines = b.dataset.lights.split(' ').filter(Boolean).map(id => document.getElementById(id));
                return document.activeElement === b && lines.every(l => l && l.classList.contains('lit-focus')); }""",
                                   timeout=5_000)  # the lines the focused button would fire glow (site.js)
            page.keyboard.press("Enter")
        else:
            first.click()
        if not test_browser.changed(page, seq):
            continue  # a live refresh replaced the table as the button was pressed: look again
        if move == 1:
            page.wait_for_timeout(900)  # part way through the propagation animation
            element_shot(page, "#prince-board", ARTIFACTS / "board_prince_middle.png")
    assert page.locator("#replay-link").count() == 1
    assert page.locator("#prince-board .prince-last").count() == 1
    element_shot(page, "#prince-board", ARTIFACTS / "board_prince_end.png")


def _exact(html: str, cls: str) -> list[str]:
    return re.findall(rf'class="{cls}" data-p="([^"]+)"', html)


def _texts(html: str, cls: str) -> list[str]:
    return [re.sub(r"\s+", " ", m).strip() for m in re.findall(rf'class="{cls}"[^>]*>(.*?)</span>', html, re.S)]


def test_previews_on_the_board_equal_the_engines(client: TestClient) -> None:
    game = create(client.post, 4, SHORT)
    client.get(game["seats"][0]["url"].replace("http://testserver", ""))
    html = client.get(f"/games/{game['id']}").text
    state = load_game("prince", options=SHORT).new_initial_state(4)
    previews = [state.preview(a) for a in state.legal_actions()]
    assert _exact(html, "crit-player") == [p["crit_chance"]["player"]["p"] for p in previews]
    assert _exact(html, "crit-opponent") == [p["crit_chance"]["opponent"]["p"] for p in previews]
    assert _texts(html, "expected") == [p["expected_score"]["value"] for p in previews]
    assert _exact(html, "risk") == [p["propagation_risk"]["p"] for p in previews]
    blocks = re.findall(r'<span class="pv" id="pv-(\w+)">(.*?)</button>', html, re.S)
    assert [planet for planet, _ in blocks] == [p["action"] for p in previews]
    for p, (_, block) in zip(previews, blocks, strict=True):
        deal = block.split('class="deal"')[1].split('class="row"')[0]
        rows = p["affliction_change"]["opponent"][p["opponent_planet"]]
        assert re.findall(r'([+-]\d+) \(<span class="p" data-p="([^"]+)"', deal) == [
            (f"{r['delta']:+d}", r["p"]) for r in rows]
        burns = re.findall(r'class="burn" data-side="(\w+)" data-planet="(\w+)">\w+ <span class="p" data-p="([^"]+)"',
                           block)
        assert burns == [(side, planet, c["p"]) for side in ("player", "opponent")
                         for planet, c in p["combustion"][side].items()]


def test_no_future_opponent_on_the_board_for_the_player_or_a_spectator(client: TestClient) -> None:
    options = {"encounters_per_run": 2, "opponent_draws": "prebuilt"}
    game = create(client.post, 9, options)
    built = load_game("prince", options=options).new_initial_state(9).to_json()["prebuilt"]
    secrets = [built[1]["moment"]["time"], " ".join(built[0]["sequence"])]
    client.get(game["seats"][0]["url"].replace("http://testserver", ""))
    seat_cookies = dict(client.cookies)
    for _ in range(40):
        page = client.get(f"/games/{game['id']}").text
        client.cookies.clear()
        public = client.get(f"/games/{game['id']}").text
        client.cookies.update(seat_cookies)
        assert 'id="prince-board"' in public and "button class=\"send\"" not in public
        if 'id="prince-encounter">1<' not in page:
            break  # the second encounter has begun: its opponent is met
        for text in (page, public):
            for secret in secrets:
                assert secret not in text
        seq = re.search(r'name="seq" value="(\d+)"', page)
        action = re.search(r'value="(\w+)" id="send-', page)
        assert seq is not None and action is not None
        client.post(f"/games/{game['id']}/act",
                    data={"seq": seq.group(1), "board": "1", "draft": "", "action": action.group(1)})
    else:
        pytest.fail("the first encounter never ended")
