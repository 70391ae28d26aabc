"""Issue 15 §4: PettingZoo AEC environments for every game and a Gymnasium environment for Space Prince pass the
libraries' own checkers; the stable catalogues cover every legal action met in play."""

from __future__ import annotations

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from gamewright.agents.search import action_key  # noqa: E402
from gamewright.core.errors import ConfigError  # noqa: E402
from gamewright.core.game import load_game  # noqa: E402
from gamewright.core.rng import Rng  # noqa: E402
from gamewright.envs import gymnasium_env, pettingzoo_env  # noqa: E402
from gamewright.envs.catalogue import catalogue_for  # noqa: E402

GAMES = ("affinity", "inclinations", "penance", "prince")


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game: str) -> None:
    api_test(pettingzoo_env(game, max_steps=300), num_cycles=60)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game: str) -> None:
    seed_test(lambda: pettingzoo_env(game, max_steps=200), num_cycles=40)


def test_gymnasium_check_env() -> None:
    check_env(gymnasium_env("prince"), skip_render_check=True)
    check_env(gymnasium_env("prince", reward="distance"), skip_render_check=True)
    check_env(gymnasium_env("prince", obs="flat"), skip_render_check=True)
    check_env(gymnasium_env("prince", obs="hash"), skip_render_check=True)


def test_gymnasium_env_is_prince_only() -> None:
    with pytest.raises(ConfigError):
        gymnasium_env("penance")


@pytest.mark.parametrize("game", GAMES)
def test_stable_catalogue_covers_every_legal_action(game: str) -> None:
    g = load_game(game)
    cat = catalogue_for(game, g.num_players)
    index = set(cat.texts)  # type: ignore[union-attr]
    rng = Rng(f"cat/{game}")
    for seed in range(4):
        state = g.new_initial_state(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert {action_key(a) for a in legal} <= index
            state.apply(rng.choice(legal))


def test_random_agent_training_loop() -> None:
    """The README's loop: a masked random agent through the AEC API to the end of a game."""
    env = pettingzoo_env("penance")
    env.reset(seed=42)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        legal = np.flatnonzero(obs["action_mask"])
        action = None if terminated or truncated else int(rng.choice(legal))
        env.step(action)
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
