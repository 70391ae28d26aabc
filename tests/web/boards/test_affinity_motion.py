"""Affinity's board reads what the seat sees, not the state: its reading of the legal texts is the engine's, the
last moves it draws start and end where the fighters really stood, and their motion plays only when the
browser allows motion (never under reduced motion or the page's "skip animation", body.skip-motion)."""

from __future__ import annotations

import os
from typing import Any

import httpx
import pytest

from gamewright.core.rng import Rng
from gamewright.games.affinity import make_game
from gamewright.web.boards import seen_by
from gamewright.web.boards.affinity import board_context, parse_choice, shown_moves
from gamewright.web.runtime import new_runtime
from tests.web.conftest import Server
from tests.web.test_browser import ARGS, CHROMIUM

OPTIONS = {"party": "combatant,priest,ranger", "count": 2, "level": 3}


def test_the_board_reads_every_legal_text_as_the_engine_does() -> None:
    game = make_game(None, OPTIONS)
    state = game.new_initial_state(4)
    rng = Rng(4)
    texts = 0
    for _ in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        for act in legal:
            text = act.to_text()
            mine = parse_choice(text)
            engine = game.parse_action(state, text)
            assert (mine.verb, mine.ability, mine.target, mine.exertion, mine.affinity) == (
                engine.verb, engine.ability, engine.target, engine.exertion, engine.affinity), text
            texts += 1
        state.apply(rng.choice(legal))
    assert texts > 200
    assert parse_choice("share 2 to 1") == ("share", "", 1, 0, 2)
    assert parse_choice("use x on 3 exert 1 affinity 2") == ("use", "x", 3, 1, 2)
    assert parse_choice("something new").verb == "something new"  # kept whole, never a crash


def test_the_paths_drawn_start_and_end_where_the_fighters_stood() -> None:
    rt = new_runtime("motion", "affinity", None, OPTIONS, 6)
    rng = Rng(6)
    where = [{f.idx: (f.x, f.y) for f in rt.state.fighters}]  # where[k]: before move k + 1
    drawn = 0
    for _ in range(80):
        if rt.state.is_terminal():
            break
        nxt = rt.state.clone()
        seat = nxt.current_player
        moves = [a for a in nxt.legal_actions() if a.verb == "move"]
        act = moves[0] if moves and rng.random() < 0.5 else rng.choice(nxt.legal_actions())
        events = nxt.apply(act)
        rt.install(nxt, events, seat)
        where.append({f.idx: (f.x, f.y) for f in nxt.fighters})
        for viewer in (0, 1, None):
            last = board_context(seen_by(rt, rt.state, viewer, []))["last"]
            for p in last["paths"]:
                assert p["from"] == where[p["move"] - 1][p["who"]], (p, rt.seq)
                assert p["to"] == where[p["move"]][p["who"]]
                drawn += 1
    assert drawn > 10


def test_a_spectator_sees_the_last_turn_and_a_seat_what_came_since_its_own_move() -> None:
    rt = new_runtime("motion", "affinity", None, OPTIONS, 2)
    rng = Rng(2)
    for _ in range(30):
        nxt = rt.state.clone()
        seat = nxt.current_player
        rt.install(nxt, nxt.apply(rng.choice(nxt.legal_actions())), seat)
        if rt.state.is_terminal():
            break
        for viewer in (0, 1):
            shown = shown_moves(seen_by(rt, rt.state, viewer, []))
            assert shown and shown[-1] == rt.seq
            movers = [rt.movers[k] for k in shown]
            assert viewer not in movers[1:]  # back to the viewer's own latest move, no further
        public = shown_moves(seen_by(rt, rt.state, None, []))
        assert len({rt.movers[k] for k in public}) == 1  # the last mover's moves only


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium is not installed")
def test_the_last_attack_moves_only_when_motion_is_allowed(server: Server) -> None:
    """After an attack the arrow is drawn and the hit flashed on the map in every case; it animates under
    prefers-reduced-motion: no-preference, and not under reduce nor with body.skip-motion."""
    playwright = pytest.importorskip("playwright.sync_api")
    g = httpx.post(server.url + "/api/games", json={"game": "affinity", "seed": 5, "seats": ["human", "human"],
                                                     "options": {"party": "combatant,priest", "count": 1,
                                                                 "level": 3}}).json()
    game = make_game(None, {"party": "combatant,priest", "count": 1, "level": 3})
    state = game.new_initial_state(5)
    seq = 0
    for _ in range(40):  # close in, then strike until an attack shows on the map
        legal = [a.to_text() for a in state.legal_actions()]
        text = next((t for t in legal if t.startswith(("use weapon_strike", "use bite", "use power_word_smite"))),
                    next((t for t in legal if t.startswith("move")), "end"))
        r = httpx.post(f"{server.url}/api/games/{g['id']}/actions", json={"action": text, "seq": seq},
                       headers={"Authorization": f"Bearer {g['seats'][state.current_player]['token']}"})
        assert r.status_code == 200, r.text
        seq = r.json()["seq"]
        state.apply(game.parse_action(state, text))
        if text.startswith("use"):
            break
    assert text.startswith("use")

    def animation(motion: str, skip: bool) -> dict[str, Any]:
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                page = browser.new_context(reduced_motion=motion).new_page()
                page.goto(g["seats"][0]["url"])
                page.wait_for_selector("svg.aff-map .aff-shot", state="attached")
                if skip:
                    page.evaluate("() => document.body.classList.add('skip-motion')")
                return dict(page.evaluate("""() => ({
                    shot: getComputedStyle(document.querySelector('.aff-shot')).animationName,
                    shown: document.querySelectorAll('.aff-shot').length,
                    flash: document.querySelectorAll('.token.struck .flash').length})"""))
            finally:
                browser.close()

    moving = animation("no-preference", False)
    assert moving["shot"] != "none" and moving["shown"] >= 1
    for still in (animation("reduce", False), animation("no-preference", True)):
        assert still["shot"] == "none" and still["shown"] == moving["shown"] and still["flash"] == moving["flash"]
