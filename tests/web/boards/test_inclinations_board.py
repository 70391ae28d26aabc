"""The Inclinations board's numbers are the engine's (preview, reach) and other seats never see a pending plan."""

from __future__ import annotations

import html
import random
import re
from types import SimpleNamespace
from typing import Any

from gamewright.games.inclinations.actions import EndTurn, Fire
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.whatif import EXAMPLE, parse_scenario
from gamewright.web.boards import board_for
from gamewright.web.pages import templates


def render(state: Any, seat: int | None, players: int = 2) -> str:
    rt = SimpleNamespace(name="inclinations", num_players=players, game=None)
    board = board_for(rt, state, seat, [a.to_text() for a in getattr(state, "plan", [])])
    assert board is not None
    return str(templates.env.get_template(board["template"]).render(t={"board": board, "id": "g"}))


def plan_some(state: Any, rng: random.Random) -> None:
    """Up to six legal steps, a fire whenever one is legal (so shots and odds show)."""
    for _ in range(6):
        steps = [a for a in state.legal_actions() if not isinstance(a, EndTurn)]
        if not steps:
            return
        fires = [a for a in steps if isinstance(a, Fire)]
        arm = [a for a in steps if a.to_text().startswith(("allocate laser", "allocate railgun"))]
        state.apply(fires[0] if fires else arm[0] if arm and rng.random() < 0.5 else rng.choice(steps))


def test_shown_numbers_are_the_previews_and_plans_stay_private() -> None:
    rng = random.Random(3)
    # the what-if example's ships: close enough to shoot from the first turn
    game = InclinationsGame(options={"players": 2, "round_limit": 6, "to_hit": "d10"})
    state = game.state_from_ships(parse_scenario(EXAMPLE)["ships"], seed=7)
    shots_seen = 0
    while not state.is_terminal():
        if state.phase == "deploy":
            state.apply(rng.choice(state.legal_actions()))
            continue
        plan_some(state, rng)
        me = state.current
        page = render(state, me)
        preview = state.preview(EndTurn())
        if preview["legal"]:
            end = preview["ship"]
            shown = html.unescape(re.search(r'<span class="incl-end">([^<]*)</span>', page).group(1))
            assert shown == f"{end['well']} ring {end['ring']} sector {end['sector']} {end['facing']}"
            assert f'<span class="incl-end-heat">{end["heat"]}</span>' in page
            hits = re.findall(r'<span class="incl-hit">([^<]*)</span>', page)
            crits = re.findall(r'<span class="incl-crit">([^<]*)</span>', page)
            assert hits == [s["hit"]["p"] for s in preview["shots"]]
            assert crits == [s["crit"]["p"] for s in preview["shots"]]
            shots_seen += len(hits)
        for a in state.legal_actions():
            assert f'value="{html.escape(a.to_text())}"' in page
        # another seat and a spectator: the ships, and nothing of the pending plan
        for viewer in (1 - me, None):
            other = render(state, viewer)
            assert 'id="incl-plan"' not in other and "incl-projection" not in other and "incl-act\"" not in other
            assert "incl-threat" not in other and "incl-strike" not in other
            for step in state.plan:
                assert f">{step.to_text()}" not in other
        state.apply(EndTurn())
    assert shots_seen > 0
    assert "incl-act\"" not in render(state, 0)


def test_a_deploying_game_shows_its_buttons_to_the_seat_only() -> None:
    state = InclinationsGame(options={"players": 2}).new_initial_state(1)
    page = render(state, 0)
    assert page.count('class="incl-act"') == len(state.legal_actions())
    assert 'class="incl-act"' not in render(state, 1) and 'class="incl-act"' not in render(state, None)


def test_a_route_is_drawn_along_the_ring_where_the_ship_coasts() -> None:
    from gamewright.web.boards import inclinations_geometry as geo

    coast = [{"well": "blackhole", "ring": 3, "sector": 0}, {"well": "blackhole", "ring": 3, "sector": 4}]
    path = geo.route_path(coast)
    x, y = geo.at(coast[1])
    radius = geo.ring_radius(geo.WELL_INDEX["blackhole"], 3)
    assert path.startswith("M") and f"A{radius:.1f},{radius:.1f} 0 0 1 {x:.1f},{y:.1f}" in path  # clockwise
    burn = [coast[0], {"well": "blackhole", "ring": 4, "sector": 3}]
    assert " Q" in geo.route_path(burn) and " A" not in geo.route_path(burn)
    assert geo.route_path(coast[:1]) == "" and geo.route_path([coast[0], coast[0]]) == ""
