"""Space Prince's board: played to the end in Debian chromium through the board only (a card, a planet on the
wheel or the keyboard chooses; the chosen planet's button sends), previews as the engine says in readable
numbers, the last turn drawn on the wheels, motion that can be skipped, nothing hidden on the page."""

from __future__ import annotations

import inspect
import os
import re
from fractions import Fraction
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from gamewright.core.game import load_game
from gamewright.web.boards import prince as board
from gamewright.web.views import events_json
from tests.web import test_browser
from tests.web.conftest import ARTIFACTS, Server
from tests.web.shots import element_shot
from tests.web.table_play import number_problems
from tests.web.test_accessibility import AXE, RULES

CHROMIUM = test_browser.CHROMIUM
browser = test_browser.browser  # the shared chromium fixture
needs_chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                    reason="Debian chromium (/usr/bin/chromium) is not installed")

SHORT = {"encounters_per_run": 1}
OVER = "#result, #replay-link"  # the result panel (the table's older end line: the replay link)
EXACT = re.compile(r'title="[^"]*?(-?\d+(?:/\d+)?)(?: ≈ [^"]*)?"')  # numbers.exact_text ending a title


def create(post: Any, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    r = post("/api/games", json={"game": "prince", "seats": ["human"], "seed": seed, "options": options})
    assert r.status_code == 201, r.text
    return dict(r.json())


def seat_page(client: TestClient, game: dict[str, Any]) -> str:
    client.get(game["seats"][0]["url"].replace("http://testserver", ""))
    return client.get(f"/games/{game['id']}").text


def exact(span: str) -> Fraction:
    """The exact value a readable number carries in its title."""
    m = EXACT.search(span)
    assert m is not None, span
    return Fraction(m.group(1))


def panel(html: str, planet: str) -> str:
    return html.split(f'<section class="pv" id="pv-{planet}"', 1)[1].split("</section>", 1)[0]


# --- in chromium ------------------------------------------------------------------------------------------------
@needs_chromium
def test_a_run_played_through_the_board_by_cards_the_wheel_and_the_keyboard(browser: Any, server: Server) -> None:
    game = create(lambda path, json: httpx.post(server.url + path, json=json), 11, SHORT)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(game["seats"][0]["url"])
    for move in range(60):
        page.wait_for_selector(f"#prince-cards, {OVER}", timeout=60_000)
        if page.locator(OVER).count():
            break
        seq = page.locator("#table").get_attribute("data-seq")
        legal = httpx.get(f"{server.url}/api/games/{game['id']}",
                          headers={"authorization": f"Bearer {game['seats'][0]['token']}"}).json()["legal"]
        # the exact interface: one move control per legal planet, its data-action the API's text; nothing else
        actions = page.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
        assert sorted(actions) == sorted(legal)
        assert page.locator(".pb-card [data-action], .pl [data-action]").count() == 0
        assert page.locator(".pv:visible").count() == 0  # nothing chosen yet: no preview open
        if move == 0:
            element_shot(page, "#prince-board", ARTIFACTS / "board_prince_start.png")
        how = move % 3
        if how == 0:  # a card chooses, its panel opens, its button sends
            card = page.locator(".pb-card").first
            planet = card.get_attribute("data-planet")
            card.click()
        elif how == 1:  # a planet on your wheel chooses its card
            mark = page.locator("#you-wheel .pl.pick").last
            planet = mark.get_attribute("data-planet")
            mark.click()
            assert page.locator(f"#pick-{planet}").is_checked()
        else:  # the keyboard: the cards are a radio group, Tab reaches the chosen planet's button
            page.locator(".pick-input").first.focus()
            page.keyboard.press("ArrowDown")
            planet = page.locator(".pick-input:checked").get_attribute("value")
        page.wait_for_selector(f"#pv-{planet}", state="visible", timeout=5_000)
        lights = (page.locator(f"#card-{planet}").get_attribute("data-lights") or "").split()
        lit = page.evaluate("(ids) => ids.every(id => document.getElementById(id).classList.contains('lit-pick'))",
                            lights)
        assert lit, "the chosen planet's lines are not lit"
        assert page.locator(f"#you-wheel .pl.picked[data-planet='{planet}']").count() == 1
        if move == 0:  # the chosen planet's panel open: still no serious or critical axe finding
            page.evaluate(AXE.read_text(encoding="utf-8"))  # through the driver: the CSP allows no inline script
            found = page.evaluate(
                "(rules) => axe.run(document, {runOnly: {type: 'rule', values: rules}}).then(r => r.violations"
                ".filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ': ' + "
                "v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))", RULES)
            assert found == []
        send = page.locator(f"#send-{planet}")
        if how == 2:
            page.keyboard.press("Tab")
            assert page.evaluate("() => document.activeElement.id") == f"send-{planet}"
            page.keyboard.press("Enter")
        else:
            send.click()
        if not test_browser.changed(page, seq):
            continue  # a live refresh replaced the table as the button was pressed: look again
        if move == 1:
            element_shot(page, "#prince-board", ARTIFACTS / "board_prince_middle.png")
    assert page.locator(OVER).count() >= 1
    assert page.locator("#prince-run").inner_text() in ("won", "lost")
    assert page.locator("#prince-board .prince-last").count() == 1
    element_shot(page, "#prince-board", ARTIFACTS / "board_prince_end.png")


@needs_chromium
def test_the_last_turn_moves_only_when_motion_is_welcome(browser: Any, server: Server) -> None:
    game = create(lambda path, json: httpx.post(server.url + path, json=json), 4, SHORT)
    token = game["seats"][0]["token"]
    r = httpx.post(f"{server.url}/api/games/{game['id']}/actions", headers={"authorization": f"Bearer {token}"},
                   json={"action": "Sun", "seq": 0})
    assert r.status_code == 200, r.text
    name = "() => getComputedStyle(document.querySelector('#you-wheel .aspect.fired')).animationName"
    for motion, skip, expected in (("no-preference", False, "prince-fire"), ("no-preference", True, "none"),
                                   ("reduce", False, "none")):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
        page = context.new_page()
        page.goto(game["seats"][0]["url"])
        page.wait_for_selector("#you-wheel .aspect.fired")
        if skip:  # the page's "skip animation" control sets this class on <body>
            page.evaluate("() => document.body.classList.add('skip-motion')")
        assert page.evaluate(name) == expected, (motion, skip)
        # whatever the motion, the last move stays drawn: the planet sent, the planets hit, the lines it lit
        assert page.locator("#you-wheel .pl.sent[data-planet='Sun']").count() == 1
        context.close()


# --- the page as served -----------------------------------------------------------------------------------------
def test_the_board_reads_what_the_seat_sees() -> None:
    assert list(inspect.signature(board.board_context).parameters) == ["seen"]


def test_previews_on_the_board_equal_the_engines(client: TestClient) -> None:
    game = create(client.post, 4, SHORT)
    html = seat_page(client, game)
    state = load_game("prince", options=SHORT).new_initial_state(4)
    previews = [state.preview(a) for a in state.legal_actions()]
    assert re.findall(r'<label class="pb-card" id="card-(\w+)"', html) == [p["action"] for p in previews]
    for p in previews:
        planet = p["action"]
        block = panel(html, planet)
        assert f'data-action="{planet}"' in block
        for cls, rows in (("take", p["affliction_change"]["player"][planet]),
                          ("deal", p["affliction_change"]["opponent"][p["opponent_planet"]])):
            cell = block.split(f'class="{cls}">', 1)[1].split("</span>;", 1)[0] if cls == "take" else \
                block.split(f'class="{cls}">', 1)[1].split("</li>", 1)[0]
            got = [(c.replace("±", "+").replace("−", "-"), exact(s))
                   for c, s in re.findall(r'([+−±]\d+) \((<span class="num"[^>]*>)', cell)]
            assert got == [(f"{r['delta']:+d}", Fraction(r["p"])) for r in rows]
        crit = block.split("Critical hit:", 1)[1].split("</li>", 1)[0]
        assert [exact(s) for s in re.findall(r'<span class="num"[^>]*>', crit)] == [
            Fraction(p["crit_chance"][side]["p"]) for side in ("player", "opponent")]
        burns = [(side, name, exact(span)) for side, name, span in re.findall(
            r'class="burn" data-side="(\w+)" data-planet="(\w+)">\w+ (<span class="num"[^>]*>)', block)]
        assert burns == [(side, name, Fraction(c["p"])) for side in ("player", "opponent")
                         for name, c in p["combustion"][side].items()]
        assert exact(block.split('class="risk">', 1)[1]) == Fraction(p["propagation_risk"]["p"])
        assert exact(block.split('class="expected">', 1)[1]) == Fraction(p["expected_score"]["value"])
        card = html.split(f'id="card-{planet}"', 1)[1].split("</label>", 1)[0]
        assert exact(card.split('class="pc-score"', 1)[1]) == Fraction(p["expected_score"]["value"])
        assert exact(card.split('class="pc-risk', 1)[1]) == board.burn_risk(p)


def test_the_burn_risk_is_the_chance_that_any_of_yours_burns() -> None:
    """At least the likeliest single burn-out and the spread's risk, at most their sum; exactly the one chance
    when only one of your planets can burn (checked over the turns of a few seeded runs)."""
    checked = single = 0
    for seed in range(3):
        state = load_game("prince", options=SHORT).new_initial_state(seed)
        while not state.is_terminal() and checked < 60:
            legal = state.legal_actions()
            for action in legal:
                pv = state.preview(action)
                risk = board.burn_risk(pv)
                mine = [Fraction(c["p"]) for c in pv["combustion"]["player"].values()]
                assert max(mine, default=Fraction(0)) <= risk <= min(Fraction(1), sum(mine))
                assert Fraction(pv["propagation_risk"]["p"]) <= risk
                if len(mine) == 1:
                    assert risk == mine[0]
                    single += 1
                checked += 1
            state.apply(legal[seed % len(legal)])
    assert checked >= 60 and single > 0


def test_the_numbers_on_the_board_are_readable(client: TestClient) -> None:
    game = create(client.post, 4, {})
    token = game["seats"][0]["token"]
    for seq, planet in enumerate(("Mars", "Moon", "Saturn")):  # a few turns in: afflictions, crits, burn-outs
        client.post(f"/api/games/{game['id']}/actions", headers={"authorization": f"Bearer {token}"},
                    json={"action": planet, "seq": seq})
    html = seat_page(client, game)
    section = html.split('id="prince-board"', 1)[1].split('<section class="view"', 1)[0]
    words = re.sub(r"<[^>]+>", " ", re.sub(r"<(title|script|style)\b.*?</\1>", " ", section, flags=re.S))
    assert number_problems(words) == []
    assert re.search(r"\d%", words), "no percentage on the seat's turn"
    assert "101757450922979054194941" not in words


def test_the_last_turn_is_drawn_on_the_wheels(client: TestClient) -> None:
    game = create(client.post, 4, SHORT)
    token = game["seats"][0]["token"]
    r = client.post(f"/api/games/{game['id']}/actions", headers={"authorization": f"Bearer {token}"},
                    json={"action": "Moon", "seq": 0})
    assert r.status_code == 200
    html = seat_page(client, game)
    state = load_game("prince", options=SHORT).new_initial_state(4)
    events = events_json(state.apply(next(a for a in state.legal_actions() if a.to_text() == "Moon")), 0)
    turn = next(e for e in events if e["event"] == "turn")
    lines = [board.aspect_id(board.SIDES[s["side"]], s["from"], s["to"]) for s in turn["propagation"]]
    fired = [(line, int(step)) for step, line in re.findall(r'class="aspect fired f(\d+)" id="([\w-]+)"', html)]
    assert sorted(fired, key=lambda f: f[1]) == [(line, k) for k, line in enumerate(lines)]
    assert re.search(r'<g class="pl[^"]*\bsent\b[^"]*" data-planet="Moon" data-side="you"', html)
    assert re.search(rf'<g class="pl[^"]*\bsent\b[^"]*" data-planet="{turn["opponent_planet"]}" data-side="opp"', html)
    for side, prefix in (("player", "you"), ("opponent", "opp")):
        wheel = html.split(f'id="{prefix}-wheel"', 1)[1].split("</figure>", 1)[0]
        deltas: dict[str, int] = {turn["direct"][side]["planet"]: turn["direct"][side]["delta"]}
        for s in turn["propagation"]:
            if s["side"] == side:
                deltas[s["to"]] = deltas.get(s["to"], 0) + s["delta"]
        shown = {planet: int(text.replace("−", "-")) for planet, text in re.findall(
            r'<g class="pl-delta \w+" data-planet="(\w+)">.*?>([+−]\d+)</text>', wheel)}
        assert shown == {planet: delta for planet, delta in deltas.items() if delta}
        for planet, delta in shown.items():
            assert re.search(rf'<g class="pl[^"]*\b{"hit" if delta > 0 else "healed"}\b[^"]*" data-planet="{planet}"',
                             wheel)
    assert "Last turn:" in html and "you sent" in html


def test_no_future_opponent_on_the_board_for_the_player_or_a_spectator(client: TestClient) -> None:
    options = {"encounters_per_run": 2, "opponent_draws": "prebuilt"}
    game = create(client.post, 9, options)
    built = load_game("prince", options=options).new_initial_state(9).to_json()["prebuilt"]
    secrets = [built[1]["moment"]["time"], " ".join(built[0]["sequence"])]
    client.get(game["seats"][0]["url"].replace("http://testserver", ""))
    seat_cookies = dict(client.cookies)
    for _ in range(40):
        page = client.get(f"/games/{game['id']}").text
        client.cookies.clear()
        public = client.get(f"/games/{game['id']}").text
        client.cookies.update(seat_cookies)
        assert 'id="prince-board"' in public and "data-action" not in public.split('id="prince-board"', 1)[1]
        if 'id="prince-encounter">1<' not in page:
            break  # the second encounter has begun: its opponent is met
        for text in (page, public):
            for secret in secrets:
                assert secret not in text
        seq = re.search(r'name="seq" value="(\d+)"', page)
        action = re.search(r'data-action="(\w+)"', page.split('id="prince-board"', 1)[1])
        assert seq is not None and action is not None
        client.post(f"/games/{game['id']}/act",
                    data={"seq": seq.group(1), "board": "1", "draft": "", "action": action.group(1)})
    else:
        pytest.fail("the first encounter never ended")


def test_a_minted_princes_board_offers_only_its_open_planets(client: TestClient, cli: Any) -> None:
    """A freshly minted Prince has the Moon alone: one card, its other planets drawn faded (locked)."""
    from tests.prince.test_persistence import MINT

    assert cli(*MINT)[0] == 0
    r = client.post("/api/games", json={"game": "prince", "prince": "Ada", "seats": ["human"], "seed": 7})
    assert r.status_code == 201, r.text
    html = seat_page(client, r.json())
    assert re.findall(r'id="card-(\w+)"', html) == ["Moon"]
    wheel = html.split('id="you-wheel"', 1)[1].split("</figure>", 1)[0]
    locked = re.findall(r'<g class="pl[^"]*\blocked\b[^"]*" data-planet="(\w+)"', wheel)
    assert sorted(locked) == ["Jupiter", "Mars", "Mercury", "Saturn", "Sun", "Venus"]
    assert re.search(r'<g class="pl pick[^"]*" data-planet="Moon"', wheel)
