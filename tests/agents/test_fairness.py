"""Issue 15 §1, §4: ``resample`` keeps the seat's view and redraws the rest; every agent decides on the view only.

Two agents seeded alike, one given the true state and one a resampled twin (same ``view_for``), must choose the
same action, for every agent on every game over 200 states each.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from gamewright.agents.registry import agent_names, make_agent
from gamewright.agents.search import action_key
from gamewright.core.capabilities import SelfChecking
from gamewright.core.game import load_game
from gamewright.core.rng import Rng

GAMES = ("affinity", "inclinations", "penance", "prince")
STATES = 200
SEARCH = {"ismcts": "ismcts:iterations=3:depth=6", "montecarlo": "montecarlo:rollouts=1:depth=6:max_actions=3"}
TREE = "ismcts:macro=0:iterations=3:depth=6"  # the plain tree where a game's macro-actions are the default


@cache
def sample_states(game: str) -> tuple[Any, ...]:
    """200 states met along random games (several seeds), each with a seat to move."""
    g = load_game(game)
    rng = Rng(f"fair/{game}")
    out: list[Any] = []
    seed = 0
    while len(out) < STATES:
        state = g.new_initial_state(seed)
        seed += 1
        for step in range(400):
            if state.is_terminal() or len(out) >= STATES:
                break
            if step % 3 == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return tuple(out)


def _agent_specs(game: str) -> list[str]:
    return [*(SEARCH.get(name, name) for name in agent_names(game)), TREE]


@pytest.mark.parametrize("game", GAMES)
def test_resample_keeps_the_view_and_is_determined_by_view_and_rng(game: str) -> None:
    differs = 0
    for i, state in enumerate(sample_states(game)):
        seat = state.current_player
        twin = state.resample(seat, Rng(i))
        assert twin.view_for(seat) == state.view_for(seat)
        assert state.to_json() == state.clone().to_json(), "resample must leave the state alone"
        # equal views and equal rng states give identical states
        assert twin.resample(seat, Rng(1000 + i)).to_json() == state.resample(seat, Rng(1000 + i)).to_json()
        differs += twin.to_json() != state.resample(seat, Rng(5000 + i)).to_json()
        if isinstance(twin, SelfChecking):
            assert twin.invariant_violations() == []
    assert differs == STATES  # the random stream alone is always redrawn


@pytest.mark.parametrize("game", GAMES)
def test_resampled_twins_are_playable(game: str) -> None:
    rng = Rng(f"play/{game}")
    for i, state in enumerate(sample_states(game)[::10]):
        twin = state.resample(state.current_player, Rng(i))
        for _ in range(30):
            if twin.is_terminal():
                break
            twin.apply(rng.choice(twin.legal_actions()))


def test_penance_hidden_cards_are_redrawn_and_sensor_sweep_kept() -> None:
    hands, decks = set(), set()
    state = sample_states("penance")[40]
    seat = state.current_player
    for i in range(30):
        twin = state.resample(seat, Rng(i))
        other = twin.sides[1 - seat].piles
        hands.add(tuple(sorted(other.cards[c] for c in other.hand)))
        decks.add(tuple(twin.sides[seat].piles.deck))
        assert twin.sides[seat].piles.hand == state.sides[seat].piles.hand
        assert sorted(twin.sides[seat].wound_deck) == sorted(state.sides[seat].wound_deck)
    assert len(hands) > 1 and len(decks) > 1


@pytest.mark.parametrize("game", GAMES)
def test_every_agent_decides_on_the_view_only(game: str) -> None:
    states = sample_states(game)
    for spec in _agent_specs(game):
        for i, state in enumerate(states):
            seat = state.current_player
            twin = state.resample(seat, Rng(f"twin{i}"))
            mine = make_agent(game, spec, 17 + i).choose(state)
            theirs = make_agent(game, spec, 17 + i).choose(twin)
            assert action_key(mine) == action_key(theirs), (spec, i)


def test_inclinations_hidden_plan_is_redrawn_for_the_other_seat_only() -> None:
    state = next(s for s in sample_states("inclinations") if s.phase == "play" and s.plan)
    mover = state.current_player
    assert state.resample(mover, Rng(1)).plan == state.plan
    other = 1 - mover
    plans = {tuple(a.to_text() for a in state.resample(other, Rng(i)).plan) for i in range(30)}
    assert len(plans) > 1


def test_prince_future_opponents_are_redrawn() -> None:
    from gamewright.games.prince.game import PrinceGame

    state = PrinceGame("design", {"opponent_draws": "prebuilt"}).new_initial_state(3)
    sequences = {tuple(state.resample(0, Rng(i)).prebuilt[0][2]) for i in range(20)}
    assert len(sequences) > 1
    assert all(seq[state.position - 1] == state.current for seq in sequences)
