"""The frame every board sits in, in Debian's chromium at desktop (1280×800) and phone (390×844) size: a one-line
header with a menu, the board first, a short "What happened", the result in words and a Rematch that lands on
the new game; no page overflows a phone's width because of the frame; "Skip animation" is remembered.

Screenshots: tests/artifacts/shell-{desktop,phone}-{start,end,rematch}.png and shell-phone-{page}.png."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.web.conftest import ARTIFACTS, CspWatch, Server, WatchedBrowser
from tests.web.table_play import DESKTOP, PHONE, create_table, mark_table, wait_table_swap
from tests.web.test_accessibility import TOOLS, violations
from tests.web.test_browser import ARGS, CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium is not installed")
HEADER_MAX = 56
PREFER = ("end", "keep")  # Penance: keep the hand, then end each turn — a short game against the bot


@pytest.fixture
def browser() -> Iterator[Any]:
    playwright = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    csp = CspWatch()
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield WatchedBrowser(b, csp)
        b.close()
    csp.check()


def frame_facts(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("""() => {
        const h = document.querySelector('header.site').getBoundingClientRect();
        const small = [...document.querySelectorAll('header.site a, header.site button, header.site summary')]
            .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
            .map(e => e.textContent.trim());
        return {header: h.height, sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth,
                height: document.documentElement.scrollHeight, small: small};
    }"""))


def frame_problems(page: Any, size: tuple[int, int]) -> list[str]:
    facts = frame_facts(page)
    problems = []
    if facts["header"] > HEADER_MAX:
        problems.append(f"the header is {facts['header']:.0f}px tall")
    if facts["sw"] > facts["cw"] + 1:
        problems.append(f"horizontal overflow: {facts['sw']}px on a {facts['cw']}px screen")
    if facts["small"]:
        problems.append(f"header targets under 44px: {facts['small']}")
    return problems


def move_control(page: Any) -> Any | None:
    """The control to click now: the preferred action if shown, else the first move control (None: none)."""
    for action in PREFER:
        found = page.locator(f'[data-action="{action}"]:visible')
        if found.count():
            return found.first
    found = page.locator("[data-action]:visible")
    return found.first if found.count() else None


def play_to_the_end(page: Any, server: Server, game_id: str) -> int:
    """Click moves until the result panel shows: on the board when it carries move controls, else on the generic
    page ("Plain tables"). Returns the clicks made."""
    clicks = 0
    while clicks < 200:
        page.wait_for_selector("#your-turn, #result", timeout=60_000)
        if page.locator("#result").count():
            return clicks
        target = move_control(page)
        if target is None:  # this board has no [data-action] controls yet: its generic page has
            assert "/generic" not in page.url, "the generic page offers no move control"
            page.goto(f"{server.url}/games/{game_id}/generic")
            continue
        mark_table(page)
        try:
            target.scroll_into_view_if_needed(timeout=10_000)
            target.click(timeout=10_000)
        except Exception as exc:  # playwright's Error: a live refresh replaced the table as we clicked
            if "not attached" not in str(exc) and "Timeout" not in str(exc):
                raise
            continue  # look again, click again
        clicks += 1
        wait_table_swap(page)
    raise AssertionError("the game did not end in 200 clicks")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_game_to_its_result_and_a_rematch(browser: Any, server_factory: Callable[..., Server],
                                            size: tuple[int, int]) -> None:
    server = server_factory(bot_delay="0.1")
    tag = "phone" if size == PHONE else "desktop"
    g = create_table(server, "penance", ["human", "bot:heuristic"])
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(g["seats"][0]["url"])
    page.wait_for_selector("#board")
    page.screenshot(path=str(ARTIFACTS / f"shell-{tag}-start.png"))
    assert frame_problems(page, size) == []
    top = page.evaluate("() => document.querySelector('#board').getBoundingClientRect().top + window.scrollY")
    assert top < size[1] / 2, f"the board starts {top:.0f}px down"
    assert page.locator("#action-text").count() == 0 and page.locator("button.act").count() == 0  # /generic only
    happened = page.locator("#happened")
    assert happened.evaluate("d => d.open") == (size == DESKTOP)  # beside the board; closed under it on a phone
    # the menu holds the other links
    page.locator("#site-menu > summary").click()
    assert page.locator("#site-menu nav a[href='/']").is_visible()
    page.screenshot(path=str(ARTIFACTS / f"shell-{tag}-menu.png"))
    page.keyboard.press("Escape")
    assert not page.locator("#site-menu nav").is_visible()

    clicks = play_to_the_end(page, server, g["id"])
    assert clicks > 0
    page.goto(f"{server.url}/games/{g['id']}")  # the board page with its result panel
    result = page.locator("#result")
    result.wait_for()
    page.screenshot(path=str(ARTIFACTS / f"shell-{tag}-end.png"))
    page.screenshot(path=str(ARTIFACTS / f"shell-{tag}-end-full.png"), full_page=True)
    assert re.match(r"(You win|You lose — P2 wins|Draw)", page.locator("#result-head").inner_text())
    assert page.locator("#replay-link").is_visible() and page.locator("#back-to-lobby").is_visible()
    assert "Result: P1" not in page.locator("body").inner_text()
    assert frame_problems(page, size) == []
    if size == DESKTOP:
        height = frame_facts(page)["height"]
        assert height <= 4 * size[1], f"the finished board page is {height}px tall"
        assert violations(page, page.url) == []  # axe: the result panel has no serious or critical violation

    # Rematch: a new game, this seat's own link, and the board of the new game; a spectator's page of the old
    # game hears of it live (the stream's "rematch" event redraws its table) and offers a link to watch
    watcher = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    watcher.goto(g["spectate_url"])
    watcher.wait_for_selector("#result")
    assert watcher.locator("#rematch").count() == 0
    page.locator("#rematch").click()
    page.wait_for_url(re.compile(r"/games/[0-9a-f]{16}$"))
    new_id = page.url.rsplit("/", 1)[1]
    assert new_id != g["id"]
    page.wait_for_selector("#board")
    assert "You hold seat" in page.locator(".seat-line").inner_text()
    page.screenshot(path=str(ARTIFACTS / f"shell-{tag}-rematch.png"))
    old = httpx.get(f"{server.url}/api/games/{new_id}", headers={"authorization": f"Bearer {g['seats'][0]['token']}"})
    assert old.status_code == 403  # the old token opens nothing in the new game
    watcher.wait_for_selector("#rematch-watch", timeout=60_000)
    assert watcher.locator("#rematch-watch").get_attribute("href") == f"/games/{new_id}"
    assert "join?token" not in watcher.content()
    watcher.screenshot(path=str(ARTIFACTS / f"shell-{tag}-spectator-rematch.png"))
    context.close()


def test_skip_animation_is_remembered(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto(server.url + "/")
    skip = page.locator("#skip-motion")
    assert skip.is_visible() and skip.get_attribute("aria-pressed") == "false"
    skip.click()
    assert page.evaluate("() => document.body.classList.contains('skip-motion')")
    page.reload()
    assert page.evaluate("() => document.body.classList.contains('skip-motion')")
    assert page.locator("#skip-motion").get_attribute("aria-pressed") == "true"
    # under it, nothing moves: every animation and transition is off
    assert page.evaluate("""() => { const el = document.createElement('div'); el.style.transition = 'opacity 2s';
        el.style.animation = 'x 2s'; document.body.append(el); const cs = getComputedStyle(el);
        return [cs.animationName, cs.transitionDuration]; }""") == ["none", "0s"]


def test_the_frame_fits_a_phone(browser: Any, server: Server) -> None:
    g = httpx.post(server.url + "/api/games", json={"game": "prince", "seats": ["bot:greedy"],
                                                    "options": {"encounters_per_run": 1}}).json()
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    page.goto(f"{server.url}/games/{g['id']}")
    page.wait_for_selector("#result", timeout=60_000)  # the bot plays the run out
    pages = {"lobby": "/", "rules": "/rules/penance", "rules-index": "/rules", "game": f"/games/{g['id']}",
             "generic": f"/games/{g['id']}/generic", "replay": f"/games/{g['id']}/replay?step=1",
             **{"tool-" + path.strip("/").replace("/", "-"): path for path in TOOLS}}
    found = {}
    for name, path in pages.items():
        page.goto(server.url + path)
        page.screenshot(path=str(ARTIFACTS / f"shell-phone-{name}.png"))
        problems = frame_problems(page, PHONE)
        if problems:
            found[name] = problems
    assert found == {}
