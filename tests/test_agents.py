"""The generic agents play every registered game legally through the protocol."""

from __future__ import annotations

import pytest

from gamewright.agents import AGENTS, MonteCarloAgent, RandomAgent
from gamewright.core.game import load_game, registered_games
from gamewright.lab.simulate import play_one, run_batch, summarise
from gamewright.lab.stats import wilson_interval

GAMES = sorted(registered_games())


@pytest.mark.parametrize("name", GAMES)
def test_monte_carlo_agent_chooses_legal_actions(name: str) -> None:
    state = load_game(name).new_initial_state(5)
    agent = MonteCarloAgent(seed=1, rollouts=1, depth=20, max_actions=3)
    for _ in range(5):
        if state.is_terminal():
            break
        action = agent.choose(state)
        assert action in state.legal_actions()
        state.apply(action)


@pytest.mark.parametrize("name", GAMES)
def test_random_batches_are_seeded(name: str) -> None:
    first = [r.returns for r in run_batch(name, 2, seed=3)]
    again = [r.returns for r in run_batch(name, 2, seed=3)]
    assert first == again


def test_summary_and_intervals() -> None:
    game = load_game("prince")
    results = [play_one(game, seed, ["random"]) for seed in range(5)]
    summary = summarise(results, 1)
    assert summary.games == 5
    assert 0.0 <= summary.win_rates[0]["low95"] <= summary.win_rates[0]["rate"] <= summary.win_rates[0]["high95"]
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert set(AGENTS) == {"random", "first", "montecarlo", "ismcts"}
    assert isinstance(AGENTS["random"](0), RandomAgent)
