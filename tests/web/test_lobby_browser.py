"""The lobby and the creation page in Debian's chromium, on a phone (390×844) and a desktop (1280×800): no
horizontal overflow, controls a thumb can hit, every option's description visible (Advanced opened), the loopback
warning in words, each invite link's QR code drawn and its Copy button copying it; axe-core finds no serious or
critical violation on the creation page. Screenshots: tests/artifacts/lobby-*.png, created-*.png."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import ARTIFACTS, CspWatch, Server
from tests.web.test_accessibility import AXE, RULES
from tests.web.test_browser import ARGS, CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium is not installed")
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
# controls in the page's main part shorter than 44 px (a checkbox counts by its label's row)
SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    'main select, main input:not([type=hidden]):not([type=checkbox]), main button, main summary, main label.check'))
  .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 43.5)
  .map(e => (e.id || e.name || e.textContent).trim().slice(0, 40))"""


@pytest.fixture(scope="module")
def server_module(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = {**os.environ, "GAMEWRIGHT_DB": f"sqlite:///{tmp_path_factory.mktemp('lobby') / 'lobby.db'}"}
    server = Server(env).start()  # on 127.0.0.1: the pages warn that links stay on this computer
    yield server
    server.stop()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    playwright = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    csp = CspWatch()
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser, csp
        browser.close()
    csp.check()


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_and_the_creation_page(chromium: Any, server_module: Server, size: str) -> None:
    browser, csp = chromium
    width, height = SIZES[size]
    context = csp.watch(browser.new_context(viewport={"width": width, "height": height}))
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_module.url)
    page = context.new_page()
    page.goto(server_module.url + "/")
    assert page.locator("#local-only").is_visible()
    assert "only work on this computer" in page.locator("#local-only").inner_text()
    page.screenshot(path=str(ARTIFACTS / f"lobby-{size}.png"), full_page=True)
    assert page.evaluate(OVERFLOW) <= 0
    assert page.evaluate(SMALL_TARGETS) == []
    for game in ("penance", "inclinations", "prince", "affinity"):  # every game's form: descriptions in view
        if page.eval_on_selector("#game", "e => e.value") != game:  # reselecting the shown game would fetch its
            page.select_option("#game", game)  # form again, and that late swap would close Advanced under us
        page.wait_for_selector(f"#game-form [data-game={game}]")
        if page.locator("#advanced").count():
            page.click("#advanced summary")
        notes = page.locator("#game-form .field .note")
        assert notes.count() > 0 and all(notes.nth(i).is_visible() for i in range(notes.count())), game
        assert page.evaluate(OVERFLOW) <= 0, game
        if game == "affinity":
            page.screenshot(path=str(ARTIFACTS / f"lobby-{size}-affinity-advanced.png"), full_page=True)
    page.select_option("#game", "penance")
    page.wait_for_selector("#game-form [data-game=penance]")
    page.select_option("#seat-1", "human")  # two links to send
    page.click("#create")
    page.wait_for_selector("#invite-1")
    assert "These links only work on this computer" in page.locator("#local-only").inner_text()
    page.screenshot(path=str(ARTIFACTS / f"created-{size}.png"), full_page=True)
    assert page.evaluate(OVERFLOW) <= 0
    assert page.evaluate(SMALL_TARGETS) == []
    for seat in (0, 1):
        qr = page.locator(f"#invite-{seat} figure.qr svg")
        box = qr.bounding_box()
        assert qr.is_visible() and box is not None and box["width"] >= 120 and box["height"] >= 120
    link = page.locator("#link-1").input_value()
    assert link.startswith(server_module.url + "/games/") and "join?token=" in link
    page.click("#invite-1 button.copy")
    page.wait_for_function("() => document.querySelector('#copied-1').textContent.length > 0")
    assert page.locator("#copied-1").inner_text() == "Copied"
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    context.close()


def axe_here(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now (a POST's answer cannot be reloaded)."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("(rules) => axe.run(document, {runOnly: {type: 'rule', values: rules}})"
                          ".then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')"
                          ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))",
                          RULES)
    return list(found)


def test_the_open_lobby_form_and_the_creation_page_pass_axe(chromium: Any, server_module: Server) -> None:
    browser, csp = chromium
    page = csp.watch(browser.new_page(viewport={"width": 1280, "height": 800}))
    page.goto(server_module.url + "/")
    page.click("#advanced summary")  # the rule variants' fields too
    assert axe_here(page) == []
    page.select_option("#seat-1", "human")
    page.click("#create")
    page.wait_for_selector("#invite-1")
    page.click("#invite-spectators summary")  # the spectators' QR code
    assert axe_here(page) == []
    page.close()
