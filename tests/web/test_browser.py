"""In Debian's chromium: create games from the lobby and play them to the end; two browsers, one hand each.

Screenshots go to tests/artifacts/ (git-ignored, kept by CI as artefacts).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.conftest import ARTIFACTS, CspWatch, Server, WatchedBrowser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="Debian chromium (/usr/bin/chromium) is not installed: apt-get install chromium")


@pytest.fixture
def browser() -> Iterator[Any]:
    playwright = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    csp = CspWatch()  # every page of the test: a console message about the CSP fails it
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield WatchedBrowser(b, csp)
        b.close()
    csp.check()


def changed(page: Any, seq: str | None) -> bool:
    """Wait for the table to move past ``seq``; False if it did not (a live refresh replaced the table as the
    button was clicked, so the click fell on the old one: the caller simply looks again and clicks again)."""
    try:  # a function, not an expression: playwright polls an expression with eval, which the site's CSP refuses
        page.wait_for_function(f"() => document.querySelector('#table').dataset.seq != '{seq}'", timeout=10_000)
        return True
    except Exception:
        return False


def plain_tables(page: Any) -> None:
    """Go to the game's generic page ("Plain tables": its action buttons, the "Any action" box, the raw view)."""
    if "/generic" not in page.url:
        page.click("text=Plain tables")
        page.wait_for_url("**/generic")


def play_to_the_end(page: Any, prefer: str, name: str, max_moves: int = 200) -> None:
    """Click the preferred action (else the first move control) whenever it is our turn, until the result panel
    shows; the generic page's buttons carry ``data-action`` like the boards' move controls."""
    plain_tables(page)
    for i in range(max_moves):
        page.wait_for_selector("#your-turn, #result", timeout=60_000)
        if page.locator("#result").count():
            break
        if i == 2:
            page.screenshot(path=str(ARTIFACTS / f"{name}-middle.png"), full_page=True)
        seq = page.locator("#table").get_attribute("data-seq")
        button = page.locator(f"[data-action='{prefer}']")
        if button.count() == 0:
            button = page.locator("[data-action]")
        button.first.click()
        changed(page, seq)
    assert page.locator("#result").count() == 1 and page.locator("#replay-link").count() == 1
    page.screenshot(path=str(ARTIFACTS / f"{name}-end.png"), full_page=True)


def test_penance_against_the_bot_from_the_lobby(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.screenshot(path=str(ARTIFACTS / "lobby.png"), full_page=True)
    page.select_option("#seat-1", "bot:heuristic")
    page.fill("input[name=seed]", "7")
    page.uncheck("input[name=listed]")  # a chosen seed: not a listed game (issue 23)
    page.click("#create")
    page.screenshot(path=str(ARTIFACTS / "penance-created.png"), full_page=True)
    page.click("#play")
    play_to_the_end(page, "end", "penance")
    assert "The game is over" in page.locator(".status").inner_text()
    assert re.fullmatch(r"You win|You lose — P2 wins|Draw", page.locator("#result-head").inner_text())
    page.click("#replay-link")
    page.click("#next")
    page.screenshot(path=str(ARTIFACTS / "penance-replay.png"), full_page=True)


def test_inclinations_three_seats_one_human_from_the_lobby(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server.url + "/")
    page.select_option("select[name=game]", "inclinations")
    page.wait_for_selector("input[name='opt.round_limit']")
    page.fill("input[name='opt.round_limit']", "2")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "bot:easy-bot")
    page.select_option("#seat-2", "bot:random-bot")
    page.fill("input[name=seed]", "4")
    page.uncheck("input[name=listed]")  # a chosen seed: not a listed game (issue 23)
    page.click("#create")
    page.click("#play")
    plain_tables(page)
    # deploy with a click, then each turn: one planned step (kept as a private draft), then end
    drafts = 0
    for _ in range(80):
        page.wait_for_selector("#your-turn, #result", timeout=60_000)
        if page.locator("#result").count():
            break
        seq = page.locator("#table").get_attribute("data-seq")
        steps = page.locator("button.act[data-action^='allocate']")
        if steps.count():
            steps.first.click()
            try:
                page.wait_for_selector("#draft", timeout=15_000)
            except Exception:
                continue  # a live refresh replaced the table as the button was clicked: look again, click again
            drafts += 1
            if drafts == 2:
                page.screenshot(path=str(ARTIFACTS / "inclinations-draft.png"), full_page=True)
            page.locator("button.act[data-action='end']").click()
        else:
            page.locator("button.act").first.click()
        changed(page, seq)
    page.wait_for_selector("#result #replay-link", timeout=60_000)
    page.screenshot(path=str(ARTIFACTS / "inclinations-end.png"), full_page=True)


def test_two_browsers_each_see_only_their_own_hand(browser: Any, server: Server) -> None:
    g = httpx.post(server.url + "/api/games", json={"game": "penance", "seed": 9, "seats": ["human", "human"]}).json()
    pages = []
    for seat in g["seats"]:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(seat["url"])
        plain_tables(page)  # the raw view (with the hand) is on the generic page only
        pages.append(page)
    spectator = browser.new_context().new_page()
    spectator.goto(g["spectate_url"])
    plain_tables(spectator)
    hands = []
    for i, page in enumerate(pages):
        assert page.locator("th:text-is('hand')").count() == 1
        hands.append(page.locator("th:text-is('hand') + td").inner_text())
        page.screenshot(path=str(ARTIFACTS / f"penance-seat{i + 1}.png"), full_page=True)
    assert hands[0] != hands[1]
    assert spectator.locator("th:text-is('hand')").count() == 0
    # P1 keeps: P2's browser learns of it live (SSE), still without P1's hand
    pages[0].locator("button.act[value='keep']").click()
    pages[1].wait_for_selector("#your-turn", timeout=60_000)
    assert pages[1].locator("th:text-is('hand')").count() == 1
    assert pages[1].locator("th:text-is('hand') + td").inner_text() == hands[1]
    spectator.wait_for_function("() => document.querySelector('#table').dataset.seq == '1'", timeout=60_000)
    assert spectator.locator("th:text-is('hand')").count() == 0
    spectator.screenshot(path=str(ARTIFACTS / "penance-spectator.png"), full_page=True)
