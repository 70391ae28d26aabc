"""The Inclinations board: its numbers are the engine's previews, every legal step has its exact-text control
(moves chosen on the orbital board), other seats never see a pending plan, and the last move is drawn."""

from __future__ import annotations

import html
import inspect
import random
import re
from types import SimpleNamespace
from typing import Any

from gamewright.games.inclinations.actions import Deploy, EndTurn, Fire, parse_action
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.whatif import EXAMPLE, parse_scenario
from gamewright.web.boards import board_for, board_module
from gamewright.web.boards.inclinations import where
from gamewright.web.numbers import percent
from gamewright.web.pages import templates


class Table:
    """A game as the web keeps it: the state, each move's events and who made it."""

    def __init__(self, state: Any, players: int) -> None:
        self.state, self.name, self.num_players, self.game, self.game_id = state, "inclinations", players, None, "g"
        self.seq, self.events, self.movers = 0, [[]], [-1]

    def move(self, action: Any) -> None:
        seat = self.state.current_player
        self.events.append(self.state.apply(action))
        self.movers.append(seat)
        self.seq += 1

    def render(self, seat: int | None) -> str:
        board = board_for(self, self.state, seat, [a.to_text() for a in getattr(self.state, "plan", [])])
        assert board is not None
        request = SimpleNamespace(scope={})  # csrf_field reads the request
        return str(templates.env.get_template(board["template"]).render(t={"board": board, "id": "g"},
                                                                         request=request))


def actions_in(page: str) -> set[str]:
    return {html.unescape(a) for a in re.findall(r'data-action="([^"]*)"', page)}


def plan_some(state: Any, rng: random.Random) -> None:
    """Up to six legal steps, a fire whenever one is legal (so shots and odds show)."""
    for _ in range(6):
        steps = [a for a in state.legal_actions() if not isinstance(a, EndTurn)]
        if not steps:
            return
        fires = [a for a in steps if isinstance(a, Fire)]
        arm = [a for a in steps if a.to_text().startswith(("allocate laser", "allocate railgun"))]
        state.apply(fires[0] if fires else arm[0] if arm and rng.random() < 0.5 else rng.choice(steps))


def test_the_board_reads_a_seen_never_the_state() -> None:
    module = board_module("inclinations")
    assert list(inspect.signature(module.board_context).parameters) == ["seen"]


def test_shown_numbers_are_the_previews_and_plans_stay_private() -> None:
    rng = random.Random(3)
    # the what-if example's ships: close enough to shoot from the first turn
    game = InclinationsGame(options={"players": 2, "round_limit": 6, "to_hit": "d10"})
    table = Table(game.state_from_ships(parse_scenario(EXAMPLE)["ships"], seed=7), 2)
    state = table.state
    shots_seen = 0
    while not state.is_terminal():
        if state.phase == "deploy":
            table.move(rng.choice(state.legal_actions()))
            continue
        plan_some(state, rng)
        me = state.current
        page = table.render(me)
        legal = {a.to_text() for a in state.legal_actions()}
        assert actions_in(page) == legal  # every legal step has its control, and no control is anything else
        preview = state.preview(EndTurn())
        if preview["legal"]:
            end = preview["ship"]
            shown = html.unescape(re.search(r'<span class="incl-end">([^<]*)</span>', page).group(1))
            assert shown == where(end)
            assert f'<span class="incl-end-heat">{end["heat"]}</span>' in page
            planner = page.split('aria-label="Your plan"')[1]
            hits = re.findall(r'<span class="incl-hit"><span class="num" tabindex="0" title="([^"]*)">([^<]*)</span>',
                              planner)
            assert [h[1] for h in hits][:len(preview["shots"])] == [percent(s["hit"]) for s in preview["shots"]]
            shots_seen += len(preview["shots"])
        for text in legal:  # each move's own panel: its preview's heat
            if text.split()[0] in ("coast", "burn", "transfer"):
                p = state.preview(parse_action(text))
                block = page.split(f'data-action="{text}"')[0].rsplit('<div class="incl-option">', 1)[1]
                assert f'<span class="incl-opt-heat">{p["ship"]["heat"]}</span>' in block
        # another seat and a spectator: the ships, and nothing of the pending plan
        for viewer in (1 - me, None):
            other = table.render(viewer)
            assert 'id="incl-plan"' not in other and "incl-projection" not in other and "data-action" not in other
            assert "incl-threat" not in other and "incl-strike" not in other
            assert 'data-draft=""' in other and "data-step=" not in other
            if len(state.plan) > 1:  # (one step's text may be one of the viewer's own prepared moves)
                assert "; ".join(a.to_text() for a in state.plan) not in other
        table.move(EndTurn())
    assert shots_seen > 0
    assert "data-action" not in table.render(0)


def test_deployment_is_chosen_on_ring_4_and_each_place_is_in_words() -> None:
    table = Table(InclinationsGame(options={"players": 2}).new_initial_state(1), 2)
    table.move(Deploy(4))
    page = table.render(1)
    legal = [a.to_text() for a in table.state.legal_actions()]
    targets = re.findall(r'class="incl-target" data-choice="deploy-(\d+)"', page)
    assert sorted(int(t) for t in targets) == sorted(int(t.split()[1]) for t in legal)
    assert actions_in(page) == set(legal)
    # the list's buttons say where each place is; the panel names who could reach it, with the odds
    assert ">Deploy at black hole ring 4, sector 16 (toward epsilon)<" in page
    panel = page.split('id="incl-choice-deploy-6"')[1].split("</div>")[0]
    threats = table.state.preview(Deploy(6))["threats"]
    assert [t for t in threats if t["damage"]] and "P1 could reach a place to hit you here" in panel
    assert re.search(r"hits <span class=\"num\"[^>]*>\d+(\.\d)?%</span>", panel)
    for viewer in (0, None):
        assert "data-action" not in table.render(viewer) and "incl-choice-deploy" not in table.render(viewer)


def test_the_last_move_is_drawn_and_summed_up_since_the_seats_last_turn() -> None:
    game = InclinationsGame(options={"players": 2, "to_hit": "d10"})
    table = Table(game.state_from_ships(parse_scenario(EXAMPLE)["ships"], seed=7), 2)
    for text in ("allocate engines 1", "allocate laser 1", "fire laser P2", "burn light -1"):
        table.state.apply(parse_action(text))
    table.move(EndTurn())
    page = table.render(1)
    assert re.search(r'<path d="M[^"]+" pathLength="1" class="incl-lastpath incl-seat0"/>', page)
    assert 'class="incl-lastshot incl-laser"' in page
    since = html.unescape(page.split('class="incl-since"')[1].split("</details>")[0])
    assert "P1</strong> burned to black hole ring 4" in since and "fired the laser at P2" in since
    assert "hit P2" in since or "missed P2" in since


def test_while_others_play_a_seat_can_prepare_its_next_move() -> None:
    game = InclinationsGame(options={"players": 2})
    table = Table(game.state_from_ships(parse_scenario(EXAMPLE)["ships"], seed=7), 2)
    page = table.render(1)  # P1 is playing: P2 prepares
    assert "data-action" not in page
    prepared = [html.unescape(s) for s in re.findall(r'class="incl-prepare" data-steps="([^"]*)"', page)]
    assert prepared and any("burn" in s for s in prepared) and 'id="incl-prepared"' in page
    assert 'class="incl-prepare"' not in table.render(None)  # a spectator has no ship to prepare


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
