"""Table talk in two real browsers (Debian chromium, issue 28): the two seats of a 2-human Penance game, each through
its own invite link — one at desktop size, one at phone size. A message from one seat reaches the other's page live
(no reload, the table untouched), markup in it is shown as text, presence changes when a seat's page closes, no
horizontal overflow on the phone, and axe-core finds no serious or critical violation on the page with the chat.
Screenshots: tests/artifacts/chat-{desktop,phone}.png, and the phone's panel (chat-phone-panel.png; after P1
left: chat-phone-left.png)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.web.conftest import ARTIFACTS, Server
from tests.web.test_accessibility import violations
from tests.web.test_browser import browser  # noqa: F401 - a fixture

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
MARKUP = "<b>bold?</b> & <script>alert('x')</script> <img src=x onerror=alert(1)>"
WAIT = 60_000  # ms: generous, the machine may be busy; nothing here asserts timing


def seat_page(chromium: Any, url: str, viewport: dict[str, int]) -> Any:
    context = chromium.new_context(viewport=viewport, reduced_motion="reduce")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#chat #chat-form")
    return page


def presence(page: Any, seat: int, state: str) -> None:
    """Wait until the page's panel shows ``seat`` in ``state`` (here, gone, away, bot, open)."""
    page.wait_for_selector(f'#presence li[data-seat="{seat}"][data-presence="{state}"]', timeout=WAIT)


def test_two_seats_talk_live_and_see_each_other_come_and_go(browser: Any, server: Server) -> None:  # noqa: F811
    created = httpx.post(server.url + "/api/games", timeout=30, json={
        "game": "penance", "seed": 7, "options": {"decks": "confessor,ironclad"}, "seats": ["human", "human"]})
    assert created.status_code == 201, created.text
    seats = created.json()["seats"]
    one = seat_page(browser, seats[0]["url"], DESKTOP)
    two = seat_page(browser, seats[1]["url"], PHONE)
    presence(one, 1, "here")  # each sees the other at the table
    presence(two, 0, "here")

    two.evaluate("() => { window.gwNotReloaded = true; document.querySelector('#table').dataset.gwMark = 'kept'; }")
    one.fill("#chat-text", MARKUP)
    one.click("#chat-send")
    said = two.locator("#chat-log li .said").filter(has_text="bold?")
    said.wait_for(timeout=WAIT)
    assert said.inner_text() == MARKUP  # the markup is text: nothing of it became an element
    assert two.locator("#chat-log b, #chat-log script, #chat-log img").count() == 0
    assert two.locator("#chat-log li .who").last.inner_text() == "P1:"
    assert two.evaluate("() => window.gwNotReloaded === true")  # live: no page reload
    assert two.evaluate("() => document.querySelector('#table').dataset.gwMark") == "kept"  # the table untouched
    one.locator("#chat-log li.mine .said").filter(has_text="bold?").wait_for(timeout=WAIT)  # the sender's own log
    assert one.input_value("#chat-text") == ""

    two.fill("#chat-text", "hello from the phone")
    two.press("#chat-text", "Enter")
    one.locator("#chat-log li .said").filter(has_text="hello from the phone").wait_for(timeout=WAIT)
    two.locator("#chat-log li.mine .said").filter(has_text="hello from the phone").wait_for(timeout=WAIT)
    two.fill("#chat-text", "z" * 501)
    two.click("#chat-send")
    two.wait_for_selector("#chat-error", timeout=WAIT)
    assert "at most 500 characters" in two.inner_text("#chat-error")
    assert two.input_value("#chat-text") == "z" * 501  # kept, to be shortened
    two.fill("#chat-text", "")

    word = "w" * 500  # one unbroken word of the longest length: it wraps inside the panel, on the phone too
    sent = httpx.post(f"{server.url}/api/games/{created.json()['id']}/chat", json={"text": word}, timeout=30,
                      headers={"Authorization": f"Bearer {seats[0]['token']}"})
    assert sent.status_code == 201
    two.locator("#chat-log li .said").filter(has_text=word).wait_for(timeout=WAIT)

    one.screenshot(path=str(ARTIFACTS / "chat-desktop.png"), full_page=True)
    two.screenshot(path=str(ARTIFACTS / "chat-phone.png"), full_page=True)
    two.locator("#chat").screenshot(path=str(ARTIFACTS / "chat-phone-panel.png"))
    overflow = two.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the phone page is {overflow} px wider than the screen"
    panel = two.locator("#chat").bounding_box()
    assert panel is not None and panel["x"] >= 0 and panel["x"] + panel["width"] <= PHONE["width"]

    one.context.close()  # seat P1's page closes: its stream ends
    presence(two, 0, "gone")
    assert "not here" in two.locator('#presence li[data-seat="0"]').inner_text()
    two.locator("#chat").screenshot(path=str(ARTIFACTS / "chat-phone-left.png"))

    assert violations(two, two.url) == []  # axe on the game page with the chat and its messages
    desktop = browser.new_page(viewport=DESKTOP)
    assert violations(desktop, server.url + f"/games/{created.json()['id']}") == []  # a spectator's page
