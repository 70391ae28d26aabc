"""Penance's board in a squad battle (issue 16): four caskets on the map, every side's panel, the acting
casket's hand with its targets; played through the board in chromium against the heuristic bot."""

from __future__ import annotations

import os
from typing import Any

import httpx
import pytest

from tests.web.boards.test_penance_board import pick
from tests.web.conftest import ARTIFACTS, Server
from tests.web.test_browser import CHROMIUM, browser, changed  # noqa: F401 - browser is a fixture

SQUAD = {"game": "penance", "seed": 4, "seats": ["human", "bot:heuristic"],
         "options": {"decks": "confessor/confessor,ironclad/ironclad"}}


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium (/usr/bin/chromium) is not installed")
def test_squad_board_shows_every_casket_and_plays(browser: Any, server: Server) -> None:  # noqa: F811
    g = httpx.post(server.url + "/api/games", json=SQUAD).json()
    page = browser.new_page(viewport={"width": 1280, "height": 1100})
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#penance-board")
    for label in ("P1a", "P1b", "P2a", "P2b"):
        assert page.locator(f"section.pen-side[aria-label='{label} casket']").count() == 1
    assert page.locator("g.casket").count() == 4 and page.locator("g.casket.p1").count() == 2
    attacked = False
    for _ in range(160):
        page.wait_for_selector("#your-turn, #replay-link", timeout=60_000)
        if page.locator("#replay-link").count():
            break
        assert "Your hand — P1" in page.locator("section.pen-hand h3").inner_text()
        if page.locator("button.pen-act[data-hit]").count() and not attacked:
            label = page.locator("button.pen-act[data-hit]").first.get_attribute("aria-label") or ""
            assert "P2" in label  # an attack names the enemy casket it rolls against
            page.screenshot(path=str(ARTIFACTS / "board_penance_squad.png"), full_page=True)
            attacked = True
        seq = page.locator("#table").get_attribute("data-seq")
        button = pick(page)
        assert button is not None, "no board button on our turn"
        button.click()
        changed(page, seq)
    if not attacked:
        page.screenshot(path=str(ARTIFACTS / "board_penance_squad.png"), full_page=True)
    assert page.locator("g.casket").count() == 4
