"""In Debian's chromium: a two-seat Inclinations game against the easy bot, played through the board's buttons."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import ARTIFACTS, Server
from tests.web.shots import element_shot
from tests.web.test_browser import browser, changed  # noqa: F401 - the fixture is used by name

pytestmark = pytest.mark.skipif(not __import__("os").path.exists("/usr/bin/chromium"),
                                reason="Debian chromium (/usr/bin/chromium) is not installed")


def board_shot(page: Any, name: str) -> None:
    element_shot(page, "#incl-board", ARTIFACTS / f"board_inclinations_{name}.png")


def click_and_wait(page: Any, selector: str, nth: int = 0) -> None:
    """Press Enter on a board button and wait for the table to change (a live refresh may replace the table just
    as the key is pressed, so the press fell on the old one: then look the button up again and press again)."""
    for _ in range(3):
        seq = page.locator("#table").get_attribute("data-seq")
        plan = page.locator("#incl-plan").inner_text() if page.locator("#incl-plan").count() else None
        page.locator(selector).nth(nth).focus()
        page.keyboard.press("Enter")  # keys, not only the mouse: every control is a focusable button
        try:
            page.wait_for_function(
                "([seq, plan]) => { const t = document.querySelector('#table');"
                " const p = document.querySelector('#incl-plan');"
                " return t.dataset.seq != seq || (p ? p.innerText : null) != plan; }", arg=[seq, plan], timeout=10_000)
            return
        except Exception:
            if page.locator(selector).count() <= nth:
                return
    raise AssertionError(f"pressing {selector} changed nothing")


def test_two_seats_against_the_easy_bot_through_the_board(browser: Any, server: Server) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1100, "height": 1400})
    page.goto(server.url + "/")
    page.select_option("select[name=game]", "inclinations")
    page.wait_for_selector("input[name='opt.round_limit']")
    page.fill("input[name='opt.round_limit']", "3")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "bot:easy-bot")
    page.select_option("#seat-2", "none")
    page.fill("input[name=seed]", "5")
    page.uncheck("input[name=listed]")  # a chosen seed: not a listed game (issue 23)
    page.click("#create")
    page.click("#play")
    page.wait_for_selector("#incl-board")
    board_shot(page, "start")
    for turn in range(20):
        page.wait_for_selector("#your-turn, #replay-link", timeout=60_000)
        if page.locator("#replay-link").count():
            break
        deploy = page.locator("button.incl-act[value^='deploy']")
        if deploy.count():
            click_and_wait(page, "button.incl-act[value^='deploy']", deploy.count() // 2)
            continue
        # a plan: power the engines and the laser, burn if the engines allow, fire if anything is in reach
        for prefix in ("allocate engines", "allocate laser", "burn", "fire"):
            if page.locator(f"button.incl-act[value^='{prefix}']").count():
                click_and_wait(page, f"button.incl-act[value^='{prefix}']")
        assert page.locator("#incl-projection").count() == 1
        if turn == 2:
            board_shot(page, "middle")
        if page.locator("#incl-undo").count() and turn == 1:
            click_and_wait(page, "#incl-undo")
        click_and_wait(page, "#incl-execute")
    page.wait_for_selector("#replay-link", timeout=60_000)
    board_shot(page, "end")
    assert re.search(r"Round \d+ of 3", page.locator(".incl-status").inner_text())


def test_the_what_if_page_runs_the_example_and_keeps_it_in_the_url(browser: Any, server: Server) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1100, "height": 1400})
    page.goto(server.url + "/tools/inclinations/turn")
    page.locator("#run").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**scenario=**")
    assert page.locator("#answer").count() == 1
    page.screenshot(path=str(ARTIFACTS / "board_inclinations_whatif.png"), full_page=True)
