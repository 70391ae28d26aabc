"""In Debian's chromium: the Inclinations board by keys (a place on the board, its panel, undo), a move prepared
while the other seat plays and applied when the turn comes (a step no longer legal is refused in words), and the
what-if page."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.web.conftest import ARTIFACTS, Server
from tests.web.shots import element_shot
from tests.web.table_play import create_table, mark_table, wait_table_swap
from tests.web.test_browser import browser  # noqa: F401 - the fixture is used by name

pytestmark = pytest.mark.skipif(not __import__("os").path.exists("/usr/bin/chromium"),
                                reason="Debian chromium (/usr/bin/chromium) is not installed")


def board_shot(page: Any, name: str) -> None:
    element_shot(page, "#incl-board", ARTIFACTS / f"board_inclinations_{name}.png")


def press(page: Any, selector: str, until: str | None = None) -> None:
    """Enter on a control that changes the table (keys, not only the mouse: every control is focusable), and
    wait for the new table (and ``until``, a selector, when given); a live refresh may replace the table just
    as the key is pressed, so the press fell on the old one: look again and press again."""
    for _ in range(3):
        mark_table(page)
        page.locator(selector).first.focus()
        page.keyboard.press("Enter")
        if wait_table_swap(page, 10_000):
            if until is None:
                return
            try:
                page.wait_for_selector(until, timeout=5_000, state="attached")
                return
            except Exception:
                continue
    raise AssertionError(f"pressing {selector} changed nothing")


def api_move(server: Server, game: dict[str, Any], seat: int, action: str) -> None:
    token = game["seats"][seat]["token"]
    seq = httpx.get(f"{server.url}/api/games/{game['id']}", headers={"authorization": f"Bearer {token}"}).json()["seq"]
    r = httpx.post(f"{server.url}/api/games/{game['id']}/actions", json={"action": action, "seq": seq},
                   headers={"authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text


def test_against_the_easy_bot_by_keys_on_the_board(browser: Any, server: Server) -> None:  # noqa: F811
    game = create_table(server, "inclinations", ["human", "bot:easy-bot"], {"round_limit": 3})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(game["seats"][0]["url"])
    page.wait_for_selector("#incl-board")
    board_shot(page, "start")
    # deploy: a place on ring 4 by keys opens its panel (nothing moves yet), then its confirm control
    page.locator("#incl-board g.incl-target").nth(5).focus()
    page.keyboard.press("Enter")
    panel = page.locator("#incl-panel .incl-choice:not([hidden])")
    assert panel.count() == 1 and "Deploy at black hole ring 4" in panel.inner_text()
    press(page, "#incl-panel .incl-choice:not([hidden]) [data-action^='deploy ']")
    for turn in range(12):
        page.wait_for_selector("#your-turn, #replay-link", timeout=60_000)
        if page.locator("#replay-link").count():
            break
        press(page, "#incl-board .incl-energy [data-action^='allocate']", "#incl-plan li")  # a step joins the plan
        assert page.locator("#incl-plan li").count() == 1
        if turn == 0:
            board_shot(page, "middle")
            press(page, "#incl-undo", "p#incl-plan")
            assert page.locator("#incl-plan li").count() == 0
        press(page, "#incl-board [data-action='end']")
    page.wait_for_selector("#replay-link", timeout=60_000)
    board_shot(page, "end")
    status = page.locator(".incl-status").inner_text()  # the last round, or an earlier end (a random secret seed)
    assert "Round 3 of 3" in status or "the game is over" in status, status


def test_a_move_prepared_while_the_other_plays_is_applied_when_the_turn_comes(browser: Any,  # noqa: F811
                                                                            server: Server) -> None:
    game = create_table(server, "inclinations", ["human", "human"], {"round_limit": 5})
    api_move(server, game, 0, "deploy 0")
    api_move(server, game, 1, "deploy 3")  # P1 plays first: P2 prepares meanwhile
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(game["seats"][1]["url"])
    page.wait_for_selector("#incl-board")
    assert page.locator("#your-turn").count() == 0
    # a place P2's ship can reach next turn (a burn, with the engine power it needs) is prepared in the page
    button = page.locator("#incl-panel .incl-prepare[data-steps*='burn']").first
    steps = json.loads(button.get_attribute("data-steps"))
    choice = button.evaluate("e => e.closest('.incl-choice').id").removeprefix("incl-choice-")
    page.locator(f"#incl-board g.incl-target[data-choice='{choice}']").click()
    button.click()
    assert page.locator("#incl-prepared").is_visible()
    assert "; ".join(steps) in page.locator("#incl-prepared-steps").inner_text()
    assert page.locator("#incl-prepared-path").get_attribute("d")
    page.screenshot(path=str(ARTIFACTS / "board_inclinations_prepared.png"))
    api_move(server, game, 0, "end")  # P1's turn ends: the page updates to P2's turn
    page.wait_for_selector("#your-turn", timeout=30_000)
    page.locator("#incl-prepared-apply").click()
    page.wait_for_function("(n) => (document.querySelector('#incl-board').dataset.draft || '')"
                           ".split(';').filter(s => s.trim()).length === n", arg=len(steps), timeout=30_000)
    assert page.locator("#incl-board").get_attribute("data-draft") == "; ".join(steps)
    # the board's script writes the message when htmx loads the last step's table, which may come after its draft shows
    page.wait_for_function("() => document.querySelector('#incl-prepared-msg').textContent.includes('Applied')",
                           timeout=30_000)
    assert "Applied the prepared steps" in page.locator("#incl-prepared-msg").inner_text()
    # a prepared step that is no longer legal is refused in words, and nothing after it is applied
    page.evaluate("""(key) => localStorage.setItem(key, JSON.stringify({steps: ["transfer alpha"], path: "",
                     label: "", seq: "0", offered: null}))""", f"incl-prepared:{game['id']}:1")
    press(page, "#incl-undo")
    for _ in steps[1:]:
        press(page, "#incl-undo")
    page.locator("#incl-prepared-apply").click()
    assert "Not applied: \u201ctransfer alpha\u201d is not a legal step now" in \
        page.locator("#incl-prepared-msg").inner_text()
    assert page.locator("#incl-board").get_attribute("data-draft") == ""


def test_the_what_if_page_runs_the_example_and_keeps_it_in_the_url(browser: Any, server: Server) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1100, "height": 1400})
    page.goto(server.url + "/tools/inclinations/turn")
    page.locator("#run").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/tools/inclinations/turn?**")
    assert page.locator("#answer").count() == 1
    page.screenshot(path=str(ARTIFACTS / "board_inclinations_whatif.png"), full_page=True)


def test_axe_finds_nothing_serious_on_the_turn_and_while_waiting(browser: Any, server: Server) -> None:  # noqa: F811
    from tests.web.test_accessibility import AXE, RULES

    game = create_table(server, "inclinations", ["human", "human"], {"to_hit": "d10"})
    api_move(server, game, 0, "deploy 0")
    api_move(server, game, 1, "deploy 2")
    for seat in (0, 1):  # P1 on its turn with a place's panel open; P2 waiting, preparing
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(game["seats"][seat]["url"])
        page.wait_for_selector("#incl-board")
        page.locator("#incl-board g.incl-target").first.click()
        assert page.locator("#incl-panel .incl-choice:not([hidden])").count() == 1
        page.evaluate(AXE.read_text(encoding="utf-8"))
        found = page.evaluate(
            "(rules) => axe.run(document, {runOnly: {type: 'rule', values: rules}}).then(r => r.violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ': ' + "
            "v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))", RULES)
        assert found == [], (seat, found)
        page.close()


def test_the_last_move_is_animated_unless_motion_is_reduced_or_skipped(browser: Any, server: Server) -> None:  # noqa: F811
    game = create_table(server, "inclinations", ["human", "human"], {})
    api_move(server, game, 0, "deploy 0")
    api_move(server, game, 1, "deploy 12")
    api_move(server, game, 0, "allocate engines 1; burn light +1; end")
    animation = "() => getComputedStyle(document.querySelector('.incl-lastpath')).animationName"
    for motion, expected in (("no-preference", "incl-draw"), ("reduce", "none")):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
        page = context.new_page()
        page.goto(game["seats"][1]["url"])
        page.wait_for_selector("#incl-board .incl-lastpath", state="attached")
        assert page.evaluate(animation) == expected, motion
        if motion == "no-preference":  # the page's "skip animation" control puts skip-motion on the body
            page.evaluate("() => document.body.classList.add('skip-motion')")
            assert page.evaluate(animation) == "none"
            page.screenshot(path=str(ARTIFACTS / "board_inclinations_lastmove.png"))
        context.close()
