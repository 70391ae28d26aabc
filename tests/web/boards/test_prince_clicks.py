"""A whole Space Prince run played by clicks only, as a new player would: through the seat's invite link, at
desktop (1280×800) and phone (390×844) size, with reduced motion. Each turn one selecting click (a card, or the
planet on the wheel — they alternate) and one click on the chosen planet's Send button, the control that carries
``data-action``.

Options: the defaults. A run is three encounters of seven turns (fewer if it is lost), so at most 21 turns — 42
clicks with the selecting ones — well inside the 120 the acceptance allows; nothing needs shortening.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import CspWatch, Server
from tests.web.table_play import (
    DESKTOP,
    MAX_CLICKS,
    OVER,
    PHONE,
    create_table,
    number_problems,
    play_by_clicks,
    snake_keys,
    view_of,
)
from tests.web.test_browser import ARGS, CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium is not installed")

# The table frame on main still draws the generic action buttons and the "Any action" box above the board and the
# raw view below it (the "shell" helper moves them to the Plain tables page). While they are there, the page-level
# checks of the board's top edge, the page's height, its numbers and its snake_case keys measure that frame, not
# this board: those problems are set aside ONLY while the old frame is on the page (so they apply in full as soon as
# it is gone), and the same checks are made on the board itself (``board_problems``) without any allowance.
OLD_FRAME = "#action-buttons, .typed, section.view"
FRAME_PROBLEMS = ("the board starts at", "the page is", "unreadable numbers in the visible text",
                  "of the view's snake_case keys in the visible text")
WHEELS_WITHIN = 600  # px below the board's top edge: both wheels (desktop) or your wheel (phone) end above this


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = {**os.environ, "GAMEWRIGHT_DB": f"sqlite:///{tmp_path_factory.mktemp('clicks') / 'prince.db'}"}
    running = Server(env, bot_delay="0.1").start()
    yield running
    running.stop()


def board_problems(page: Any, view: dict[str, Any], size: tuple[int, int]) -> list[str]:
    """The acceptance checks, made on the board alone: readable numbers, few snake_case keys, its width, and the
    wheels near its top (both on a desktop, yours on a phone) so they are in the first screen under a short frame."""
    got = page.evaluate("""() => {
        const b = document.querySelector('#board'), top = b.getBoundingClientRect().top;
        const bottom = (sel) => { const e = document.querySelector(sel);
                                  return e ? e.getBoundingClientRect().bottom - top : null; };
        return {text: b.innerText, width: b.getBoundingClientRect().width,
                you: bottom('#you-wheel svg'), opp: bottom('#opp-wheel svg')};
    }""")
    problems = [f"board: unreadable numbers {bad[:5]}" for bad in [number_problems(got["text"])] if bad]
    shown = sorted(k for k in snake_keys(view) if re.search(rf"\b{re.escape(k)}\b", got["text"]))
    if len(shown) > 3:
        problems.append(f"board: {len(shown)} snake_case keys shown: {shown}")
    least = 300 if size[0] < 600 else 250
    if got["width"] < least:
        problems.append(f"board: {got['width']:.0f}px wide (needs {least})")
    wheels = [got["you"]] if size[0] < 600 else [got["you"], got["opp"]]
    if any(w is None or w > WHEELS_WITHIN for w in wheels):
        problems.append(f"board: the wheels end {wheels}px below the board's top (at most {WHEELS_WITHIN})")
    return problems


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_whole_run_by_clicks(browser_factory: Any, server: Server, size: tuple[int, int]) -> None:
    game = create_table(server, "prince", ["human"])
    seat = game["seats"][0]
    selecting = 0
    board_checks: list[str] = []

    def choose(page: Any) -> Any:
        """Choose the card with the lowest burn-out risk — by its card, or by its planet on the wheel on every
        other turn — and hand back that planet's Send button."""
        nonlocal selecting
        if selecting % 5 == 0:  # now and then, the board itself is checked as it stands
            board_checks.extend(board_problems(page, view_of(server, game["id"], seat["token"]), size))
        risks = page.locator(".pb-card .pc-risk").all_inner_texts()
        best = min(range(len(risks)), key=lambda k: float(re.sub(r"[^\d.]", "", risks[k]) or 0))
        planet = page.locator(".pb-card").nth(best).get_attribute("data-planet")
        where = f"#card-{planet}" if selecting % 2 == 0 else f"#you-wheel .pl.pick[data-planet='{planet}']"
        page.locator(where).click()
        selecting += 1
        send = page.locator(f"#pv-{planet} [data-action]")
        send.wait_for(state="visible", timeout=10_000)
        assert page.locator("[data-action]:visible").count() == 1  # the chosen planet's button, nothing else
        return send

    context = browser_factory(size)
    page = context.new_page()
    page.goto(seat["url"])
    run = play_by_clicks(page, server, game["id"], seat["token"], "prince", size, choose)
    old_frame = page.locator(OLD_FRAME).count() > 0
    problems = [p for p in run.problems if not (old_frame and any(f in p for f in FRAME_PROBLEMS))]
    assert run.finished, f"the run did not end in {run.clicks} clicks ({run.seconds:.0f} s)"
    assert run.clicks + selecting <= MAX_CLICKS, f"{run.clicks} moves + {selecting} selecting clicks"
    assert problems == []
    assert board_checks == []
    assert run.percent_seen
    assert page.locator("#prince-run").inner_text() in ("won", "lost")
    assert page.locator(OVER).count() >= 1


@pytest.fixture
def browser_factory() -> Iterator[Any]:
    """A chromium context of a given size with reduced motion, watched for CSP refusals."""
    playwright = pytest.importorskip("playwright.sync_api")
    csp = CspWatch()
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

        def make(size: tuple[int, int]) -> Any:
            return csp.watch(browser.new_context(viewport={"width": size[0], "height": size[1]},
                                                 reduced_motion="reduce"))

        yield make
        browser.close()
    csp.check()
