"""Penance's board: a whole game against the heuristic bot through the board's buttons in chromium; previews
on the page equal ``state.preview``; no hidden card in another seat's or a spectator's board HTML."""

from __future__ import annotations

import html
import os
import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamewright.games.penance.hexgrid import DIRECTIONS
from tests.web.conftest import ARTIFACTS, Server
from tests.web.test_browser import CHROMIUM, browser, changed  # noqa: F401 - browser is a fixture

BOARD_BUTTON = re.compile(r'<button type="submit" form="pen-act" name="action" value="([^"]*)" data-action="\1"')
SEQ = re.compile(r'data-seq="(\d+)"')
ATTACK = re.compile(r'data-action="([^"]*)" class="pen-act kind-attack[^"]*" '
                    r'data-hit="([^"]*)" data-expected="([^"]*)"')
PROMPT_ORDER = ("keep", "pass", "lose deck")  # the opening hand, a hit, a loss


def pick(page: Any) -> Any:
    """A prompt's first sensible answer; else an attack (its card picked first, which shows its targets); else end.
    Every control returned makes a move (it carries ``data-action``)."""
    prompt = page.locator("#penance-board .pen-prompt")
    if prompt.count():
        for action in PROMPT_ORDER:
            button = prompt.locator(f"[data-action='{action}']")
            if button.count():
                return button.first
        return prompt.locator("[data-action]").first
    attack = page.locator("#penance-board .pen-opts [data-action][data-hit]")
    if attack.count():
        panel = attack.first.locator("xpath=ancestor::div[contains(@class, 'pen-opts')]").get_attribute("id")
        page.locator(f"#card-{panel[len('opts-'):]}").click()  # picking the card opens its targets
        return attack.first
    end = page.locator("#penance-board [data-action='end']")
    return end.first if end.count() else None


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium (/usr/bin/chromium) is not installed")
def test_penance_game_through_the_board(browser: Any, server: Server) -> None:  # noqa: F811 - the fixture
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server.url + "/")
    page.select_option("#seat-1", "bot:heuristic")
    page.fill("input[name=seed]", "7")
    page.uncheck("input[name=listed]")  # a chosen seed: not a listed game (issue 23)
    page.click("#create")
    page.click("#play")
    page.wait_for_selector("#penance-board")
    page.screenshot(path=str(ARTIFACTS / "board_penance_start.png"), full_page=True)
    reach_seen = False
    for i in range(600):
        page.wait_for_selector("#your-turn, #replay-link", timeout=60_000)
        if page.locator("#replay-link").count():
            break
        if i == 12:
            page.screenshot(path=str(ARTIFACTS / "board_penance_middle.png"), full_page=True)
        seq = page.locator("#table").get_attribute("data-seq")
        if not reach_seen and page.locator("label.pen-card[data-lights]").count():
            reach_seen = shows_reach_on_hover(page)
        button = pick(page)
        assert button is not None, "no board button on our turn"
        button.focus()
        page.keyboard.press("Enter")
        changed(page, seq)
    assert page.locator("#replay-link").count() == 1
    assert page.locator("#penance-board").count() == 1
    assert reach_seen, "no attack card was ever in hand"
    page.screenshot(path=str(ARTIFACTS / "board_penance_end.png"), full_page=True)


def shows_reach_on_hover(page: Any) -> bool:
    """Pointing at an attack card draws its reach on the map (site.js; the CSP allows no inline style)."""
    card = page.locator("label.pen-card[data-lights]").first
    reach = card.get_attribute("data-lights")
    try:
        card.hover(timeout=5_000)
    except Exception:  # a live refresh replaced the hand as we pointed: try again on a later turn
        return False
    page.wait_for_function("(id) => { const r = document.getElementById(id);"
                           " return r !== null && getComputedStyle(r).display !== 'none'; }", arg=reach,
                           timeout=5_000)
    page.mouse.move(1, 1)
    return True


CARD_NAME = re.compile(r'class="pen-card [^"]*" id="card-\d+"[^>]*>\s*<span class="chead">.*?'
                       r'<strong class="cname">([^<]*)</strong>', re.S)


def board_of(page: str) -> str:
    start = page.index('id="penance-board"')
    return page[start:page.index("<!-- end of the Penance board -->", start)]


def closer(state: Any, buttons: list[str]) -> str:
    """keep/pass when offered, else a step toward the enemy while SP lasts, else end (the test's own choice)."""
    for b in ("keep", "pass"):
        if b in buttons:
            return b
    me = state.current_player
    here, there = state.sides[me].pos, state.sides[1 - me].pos
    best = ("end", state.map.dist[here][there])
    for b in buttons:
        if b.startswith("move "):
            dest = state.map.neighbors[here][DIRECTIONS.index(b.split()[1])]
            if state.map.dist[dest][there] < best[1]:
                best = (b, state.map.dist[dest][there])
    return best[0] if best[0] in buttons else buttons[0]


def test_previews_and_hidden_cards_over_a_game(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "penance", "seed": 11, "seats": ["human", "human"]}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    platform = client.app.state.platform  # type: ignore[attr-defined]
    game = platform.runtime(gid).game
    checked = moves = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = platform.runtime(gid).head[1]
        if state.is_terminal():
            break
        me = state.current_player
        pages = {}
        for seat in (None, 0, 1):
            client.cookies.clear()
            if seat is not None:
                client.get(f"/games/{gid}/join", params={"token": tokens[seat]})
            pages[seat] = client.get(f"/games/{gid}").text
        page = pages[me]
        # (b) every attack's shown hit chance and expected loss are the engine's exact fractions
        for text, hit, expected in ATTACK.findall(page):
            pv = state.preview(game.parse_action(state, html.unescape(text)))
            assert (pv["hit"]["p"], pv["expected_taken"]["p"]) == (hit, expected)
            checked += 1
        # (c) a seat's board shows its own hand only; a spectator's board shows no hand and no action
        for seat in (0, 1):
            own = sorted(c["name"] for c in state.view_for(seat)["sides"][seat]["hand"])
            assert sorted(html.unescape(n) for n in CARD_NAME.findall(board_of(pages[seat]))) == own
        assert 'class="pen-hand"' not in pages[None] and "data-action" not in board_of(pages[None])
        buttons = [html.unescape(b) for b in BOARD_BUTTON.findall(page)]
        attacks = [html.unescape(a) for a, _, _ in ATTACK.findall(page)]
        choice = attacks[0] if attacks else closer(state, buttons)
        seq = SEQ.search(page)
        assert seq is not None
        client.cookies.clear()
        client.get(f"/games/{gid}/join", params={"token": tokens[me]})
        client.post(f"/games/{gid}/act", data={"action": choice, "seq": seq.group(1), "board": "1"})
        moves += 1
    assert platform.runtime(gid).head[1].is_terminal()
    assert checked > 0 and moves > 10, (checked, moves)
