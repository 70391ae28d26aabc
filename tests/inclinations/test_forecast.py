"""The pure functions the board draws from agree with the state's own answers, from the public view alone."""

from __future__ import annotations

import random

from gamewright.games.inclinations import forecast
from gamewright.games.inclinations.actions import Deploy, EndTurn, parse_action
from gamewright.games.inclinations.board import WELLS
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.whatif import EXAMPLE, parse_scenario


def playing(seed: int) -> object:
    game = InclinationsGame(options={"players": 3, "to_hit": "d10"})
    state = game.state_from_ships(parse_scenario({**EXAMPLE, "ships": [
        *EXAMPLE["ships"], {"id": "P3", "ring": 5, "sector": 9}]})["ships"], seed=seed)
    return state


def test_reach_and_deployment_read_from_the_view_match_the_state() -> None:
    state = InclinationsGame(options={"players": 3}).new_initial_state(4)
    state.apply(Deploy(5))
    view = state.view_for(1)
    ships, tr = forecast.ships_of(view), forecast.turn_rules(view["options"])
    got = forecast.deploy_threats(ships, 1, [0, 7, 13], tr)
    for sector in (0, 7, 13):
        assert got[sector] == state.preview(Deploy(sector))["threats"]
        assert forecast.deployed(ships[1], sector) == state.deployed_ship(Deploy(sector))
    rng = random.Random(2)
    state = playing(3)
    for _ in range(4):
        for _ in range(3):
            steps = [a for a in state.legal_actions() if not isinstance(a, EndTurn)]
            state.apply(rng.choice(steps))
        view = state.view_for(state.current)
        ships, tr = forecast.ships_of(view), forecast.turn_rules(view["options"])
        plan = forecast.steps_of(view["plan"])
        for other in range(3):
            if other != state.current:
                assert forecast.reach_after_plan(ships, state.current, other, plan, tr) == state.reach(other)
        state.apply(EndTurn())


def test_each_move_option_is_legal_and_ends_where_the_preview_says() -> None:
    state = playing(5)
    view = state.view_for(0)
    ships, tr = forecast.ships_of(view), forecast.turn_rules(view["options"])
    options = forecast.move_options(ships, 0, [], tr)
    assert any(o["power"] for o in options) and any(o["move"] == "coast" for o in options)
    for o in options:
        probe = state.clone()
        for text in o["steps"]:
            assert text in [a.to_text() for a in probe.legal_actions()], (text, o["steps"])
            probe.apply(parse_action(text))
        end = probe.preview(EndTurn())["ship"]
        assert (end["well"], end["ring"], end["sector"]) == (WELLS[o["ship"].well], o["ship"].ring, o["ship"].sector)
        assert end["heat"] == o["ship"].heat
    turned = forecast.move_options(ships, 0, [], tr, turn_around=True)
    assert turned and all(any(s.startswith("rotate") for s in o["steps"]) for o in turned)
