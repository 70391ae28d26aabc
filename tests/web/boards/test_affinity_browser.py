"""In Debian's chromium: the party's two characters played by two browsers (one link each) through the board,
the creatures by the greedy bot, to the end of the fight. Screenshots: tests/artifacts/board_affinity_*.png."""

from __future__ import annotations

import contextlib
import os
import time
from typing import Any

import httpx
import pytest

from tests.web.conftest import ARTIFACTS, Server
from tests.web.shots import element_shot
from tests.web.test_browser import CHROMIUM, browser  # noqa: F401 - the same chromium fixture

ATTACKS = ".aff-group[data-key='weapon_strike'], .aff-group[data-key='power_word_smite']"
CONFIRM = ".aff-choice:not([hidden]) [data-action]"
OVER = "#result, #replay-link"  # the result panel (the table's older end line: the replay link)

PlaywrightError = pytest.importorskip("playwright.sync_api").Error
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="Debian chromium (/usr/bin/chromium) is not installed: apt-get install chromium")


def shot(page: Any, when: str) -> None:
    element_shot(page, "section.board", ARTIFACTS / f"board_affinity_{when}.png")


def press(page: Any, locator: Any) -> None:
    locator.focus()
    page.keyboard.press("Enter")


def take_turn(page: Any, turn: int) -> None:
    """One action on the board, by the keyboard: an attack on the wolf (#2) — its line opened, the wolf chosen,
    one exertion die on odd turns, the confirm button pressed — else a step toward it, else the end of the turn."""
    seq = page.locator("#table").get_attribute("data-seq")
    attack = page.locator(ATTACKS)
    move = page.locator(".aff-group[data-key='move']")
    group = attack.first if attack.count() else move if move.count() else None
    if group is not None and "2" in (group.get_attribute("data-targets") or "").split():
        press(page, group.locator("> summary"))
        wolf = group.locator(".aff-set[data-set='target'][data-value='2']")
        if wolf.count():
            press(page, wolf)
        exert = group.locator(".aff-set[data-set='exertion'][data-value='1']")
        if turn % 2 and exert.count():
            press(page, exert)
        confirm = group.locator(CONFIRM)
        action = confirm.get_attribute("data-action") or ""
        assert action.startswith(("use weapon_strike on 2", "use power_word_smite on 2", "move 2")), action
        assert ("exert 1" in action) == bool(turn % 2 and exert.count())
        press(page, confirm)
    else:
        page.locator("[data-action='end']").click()
    with contextlib.suppress(Exception):  # a live refresh replaced the table as we clicked: the caller looks again
        page.wait_for_function(f"() => document.querySelector('#table').dataset.seq != '{seq}'", timeout=10_000)


def test_two_characters_in_two_browsers_fight_through_the_board(browser: Any, server: Server) -> None:  # noqa: F811
    g = httpx.post(server.url + "/api/games", json={
        "game": "affinity", "seed": 5, "seats": ["human", "bot:greedy"],
        "options": {"party": "combatant,priest", "count": 1, "level": 3}}).json()
    pages = []
    for c in g["seats"][0]["characters"]:
        page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
        page.goto(c["url"])
        pages.append(page)
    pages[0].wait_for_selector("svg.aff-map")
    shot(pages[0], "start")
    deadline = time.monotonic() + 240
    turns = 0
    while not pages[0].locator(OVER).count():
        assert time.monotonic() < deadline, "the fight did not end"
        acted = False
        for i, page in enumerate(pages):
            if page.locator("#aff-board [data-action]").count():
                assert pages[1 - i].locator("[data-action]").count() == 0  # only the acting character's page
                if turns == 1:
                    shot(page, "middle")
                try:
                    take_turn(page, turns)
                except PlaywrightError:
                    continue  # a live refresh swapped the table under the click: look again
                turns += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(100)
    assert turns >= 2
    pages[1].wait_for_selector(OVER, timeout=60_000)
    shot(pages[0], "end")
    assert pages[0].locator("#aff-board [data-action]").count() == 0
