"""A whole game played by clicks in Debian's chromium, as a new player would, and the checks a table must pass.

Each game's test (``tests/web/boards/test_<game>_clicks.py``) starts a real ``gamewright serve`` with bots at
``--bot-delay 0.1``, creates a game through the API (one human seat, the rest bots), opens the human seat's
invite link in a browser with reduced motion at desktop (1280×800) and phone (390×844) size, and clicks its way
to the end: whenever it is the human's turn it clicks a control that carries ``data-action`` (the exact
interface: the action's text as in the API's legal list), chosen by the game's own ``choose`` (default: the
first one shown), after any selecting clicks the game needs. At start, middle and end the page is checked
(``table_problems``) and photographed into ``tests/artifacts/``.

Page ids the table keeps for these tests: ``#table`` (its ``data-seq`` the moves made), ``#your-turn`` on the
human's turn, ``#board`` the board's drawing, ``#result`` the result panel (words) with ``#rematch`` and
``#back-to-lobby``, ``#rules-link`` the rules link in the header.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.web.conftest import ARTIFACTS, Server

DESKTOP = (1280, 800)
PHONE = (390, 844)
MAX_CLICKS = 120
CLICK_SECONDS = 180
BIG_FRACTION = re.compile(r"(?<![\w/])(\d+)\s*/\s*(\d+)(?![\w/])")
LONG_NUMBER = re.compile(r"\d[\d.,]*\d|\d")

OVER = "#result, #replay-link"  # the result panel (the table's older end line: the replay link)
Chooser = Callable[[Any], Any]  # page -> the locator to click (a [data-action] control), after any selecting


def create_table(server: Server, game: str, seats: list[str], options: dict[str, Any] | None = None,
                 **extra: Any) -> dict[str, Any]:
    """A new game through the API (a random secret seed); its answer with every seat's invite link."""
    body = {"game": game, "seats": seats, "options": options or {}, **extra}
    r = httpx.post(server.url + "/api/games", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return dict(r.json())


def snake_keys(view: Any) -> set[str]:
    """Every snake_case key anywhere in a view."""
    found: set[str] = set()
    if isinstance(view, dict):
        for k, v in view.items():
            if "_" in str(k).strip("_"):
                found.add(str(k))
            found |= snake_keys(v)
    elif isinstance(view, list):
        for v in view:
            found |= snake_keys(v)
    return found


def number_problems(text: str) -> list[str]:
    """Fractions with a denominator over 100 and numbers of more than 8 significant digits in ``text``."""
    problems = [m.group(0) for m in BIG_FRACTION.finditer(text) if int(m.group(2)) > 100]
    for m in LONG_NUMBER.finditer(text):
        digits = re.sub(r"\D", "", m.group(0)).lstrip("0")
        if len(digits) > 8:
            problems.append(m.group(0))
    return problems


@dataclass
class PageFacts:
    """What a check reads off the page as it is shown."""

    text: str
    scroll_width: int
    client_width: int
    height: int
    board_top: float | None
    board_width: float | None

    @classmethod
    def read(cls, page: Any) -> PageFacts:
        got = page.evaluate("""() => {
            const b = document.querySelector('#board');
            const r = b ? b.getBoundingClientRect() : null;
            return {text: document.body.innerText, sw: document.documentElement.scrollWidth,
                    cw: document.documentElement.clientWidth, h: document.documentElement.scrollHeight,
                    top: r ? r.top + window.scrollY : null, w: r ? r.width : null};
        }""")
        return cls(got["text"], got["sw"], got["cw"], got["h"], got["top"], got["w"])


def table_problems(page: Any, view: dict[str, Any], size: tuple[int, int], max_screens: int = 4,
                   expect_percent: bool = False) -> list[str]:
    """Everything the acceptance list asks of a board page, as a list of plain problems (empty: all hold)."""
    width, height = size
    facts = PageFacts.read(page)
    problems = []
    if facts.scroll_width > facts.client_width + 1:
        problems.append(f"horizontal overflow: {facts.scroll_width}px wide on a {facts.client_width}px screen")
    if facts.board_top is None:
        problems.append("no #board on the page")
    else:
        if facts.board_top >= height:
            problems.append(f"the board starts at {facts.board_top:.0f}px, below the first screen ({height}px)")
        least = 300 if width < 600 else 250
        if (facts.board_width or 0) < least:
            problems.append(f"the board is {facts.board_width:.0f}px wide (needs {least})")
    if width >= 1000 and facts.height > max_screens * height:
        problems.append(f"the page is {facts.height}px tall ({facts.height / height:.1f} screens, max {max_screens})")
    bad_numbers = number_problems(facts.text)
    if bad_numbers:
        where = [facts.text[max(0, facts.text.find(b) - 60):facts.text.find(b) + len(b) + 20] for b in bad_numbers[:3]]
        problems.append(f"unreadable numbers in the visible text: {bad_numbers[:5]} (in: {where})")
    shown_keys = sorted(k for k in snake_keys(view) if re.search(rf"\b{re.escape(k)}\b", facts.text))
    if len(shown_keys) > 3:
        problems.append(f"{len(shown_keys)} of the view's snake_case keys in the visible text: {shown_keys[:8]}")
    if expect_percent and not re.search(r"\d%", facts.text):
        problems.append("no percentage shown on the human's turn")
    return problems


def first_action(page: Any) -> Any:
    """The first visible control that makes a move."""
    return page.locator("[data-action]:visible").first


@dataclass
class ClickRun:
    """One game played by clicks: its counts and the problems found on the way."""

    clicks: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    percent_seen: bool = False
    finished: bool = False


def mark_table(page: Any) -> None:
    """Remember the table element shown now, so ``wait_table_swap`` can tell when a new one replaced it."""
    page.evaluate("() => { window.__shownTable = document.querySelector('#table'); }")


def wait_table_swap(page: Any, timeout_ms: int = 15_000) -> bool:
    """Wait until the table marked by ``mark_table`` was replaced (a move, a plan step or a live refresh); a
    function, not an expression: playwright evaluates an expression with eval, which the site's CSP refuses."""
    try:
        page.wait_for_function("() => document.querySelector('#table') !== window.__shownTable", timeout=timeout_ms)
        return True
    except Exception:
        return False


def view_of(server: Server, game_id: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{server.url}/api/games/{game_id}", headers={"authorization": f"Bearer {token}"}, timeout=30)
    return dict(r.json().get("view") or {})


def click_chosen(page: Any, choose: Chooser) -> bool:
    """Choose a control and click it; False when a live refresh replaced the table between the two, so that
    the chosen element is no longer in the page (nothing was clicked then: the caller looks again)."""
    target = choose(page)
    mark_table(page)
    try:
        target.scroll_into_view_if_needed()
        target.click()
    except Exception as exc:  # playwright's Error: the element left the DOM as the board was redrawn
        if "not attached to the DOM" not in str(exc):
            raise
        return False
    return True


def play_by_clicks(page: Any, server: Server, game_id: str, token: str, name: str, size: tuple[int, int],
                   choose: Chooser = first_action, max_screens: int = 4) -> ClickRun:
    """Click to the end of the game (or ``MAX_CLICKS``); check the page at start, middle and end."""
    run = ClickRun()
    start = time.monotonic()
    tag = f"{name}-{'phone' if size[0] < 600 else 'desktop'}"
    shots = {0: "start", 6: "middle"}
    while run.clicks < MAX_CLICKS and time.monotonic() - start < CLICK_SECONDS:
        page.wait_for_selector(f"#your-turn, {OVER}", timeout=60_000)
        if page.locator(OVER).count():
            run.finished = True
            break
        mine_view = view_of(server, game_id, token)
        if run.clicks in shots:
            page.screenshot(path=str(ARTIFACTS / f"{tag}-{shots[run.clicks]}.png"))
            run.problems += [f"{shots[run.clicks]}: {p}" for p in
                             table_problems(page, mine_view, size, max_screens, expect_percent=False)]
        run.percent_seen = run.percent_seen or bool(re.search(r"\d%", page.locator("body").inner_text()))
        if not click_chosen(page, choose):
            continue  # the table changed under the choice (a live refresh): look at the new one
        run.clicks += 1
        wait_table_swap(page)
    run.seconds = time.monotonic() - start
    if run.finished:
        page.screenshot(path=str(ARTIFACTS / f"{tag}-end.png"))
        run.problems += [f"end: {p}" for p in table_problems(page, view_of(server, game_id, token), size,
                                                             max_screens)]
        run.problems += [f"end: {p}" for p in ending_problems(page, server, game_id)]
    return run


RESULT_WORDS = re.compile(r"\b(You win|You lose|wins|Draw|win)\b")
RULES_WORDS = 600


def ending_problems(page: Any, server: Server, game_id: str) -> list[str]:
    """At the end: a result in words, a Rules link to a page of at least 600 words, and a Rematch that opens a new
    game's table (pressed last: it leaves the finished page)."""
    problems = []
    if not page.locator("#result").count():
        return ["no result panel (#result)"]
    if not RESULT_WORDS.search(page.locator("#result").inner_text()):
        problems.append(f"the result is not in words: {page.locator('#result').inner_text()[:120]!r}")
    href = page.locator("#rules-link").get_attribute("href") or ""
    rules = httpx.get(server.url + href, timeout=30)
    words = len(re.sub(r"<[^>]+>", " ", rules.text.split("<main", 1)[-1]).split())
    if rules.status_code != 200 or words < RULES_WORDS:
        problems.append(f"the Rules link {href!r} gave {rules.status_code} with {words} words (needs {RULES_WORDS})")
    if not page.locator("#rematch").count():
        return [*problems, "no Rematch (#rematch)"]
    finished_page = page.url
    page.locator("#rematch").click()
    try:
        page.wait_for_url(re.compile(r"/games/(?!" + re.escape(game_id) + r")[0-9a-f]+"), timeout=30_000)
        page.wait_for_selector("#table", timeout=30_000)
    except Exception:
        problems.append(f"Rematch did not open a new game (still at {page.url})")
    page.goto(finished_page)  # back to the finished game, where the caller may look further
    page.wait_for_selector("#result", timeout=30_000)
    return problems
