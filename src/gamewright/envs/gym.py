"""A single-agent Gymnasium environment for a Space Prince run (issue 15 §4).

Observation: a dict like the AEC one (``observation`` float32 vector hashed from ``view_for(0)``, ``action_mask``
int8 over the 7 planets). Action: ``Discrete(7)``, planet ``i`` of ``PLANETS`` (Sun … Saturn). An illegal planet
(locked or combust) changes nothing and earns ``illegal_reward``. Reward: ``"win"`` gives 1 when the run is won;
``"distance"`` gives the Distance gained by each turn (a dense signal). ``max_steps`` truncates.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from gamewright.core.errors import ConfigError
from gamewright.core.game import load_game
from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng
from gamewright.envs.catalogue import catalogue_for
from gamewright.envs.observation import encode_view, observation_space


class PrinceEnv(gym.Env):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, ruleset: str | None = None, options: dict[str, Any] | None = None, obs_size: int = 256,
                 reward: str = "win", illegal_reward: float = -0.01, max_steps: int = 500,
                 render_mode: str | None = None) -> None:
        if reward not in ("win", "distance"):
            raise ConfigError(f"reward must be 'win' or 'distance', not {reward!r}")
        self.game = load_game("prince", ruleset=ruleset, options=options or {})
        self.catalogue = catalogue_for("prince", 1)
        self.obs_size = obs_size
        self.reward_kind = reward
        self.illegal_reward = illegal_reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = observation_space(obs_size, self.catalogue.size)
        self.action_space = spaces.Discrete(self.catalogue.size)
        self._seeds = Rng(0)
        self.state: Any = None

    def _obs(self) -> dict[str, np.ndarray]:
        mask = np.zeros(self.catalogue.size, dtype=np.int8)
        if not self.state.is_terminal():
            mask[list(self.catalogue.legal_map(self.state))] = 1
        return {"observation": encode_view(self.state.view_for(0), self.obs_size), "action_mask": mask}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = Rng(seed)
        self.state = self.game.new_initial_state(self._seeds.randint(0, SEED_MAX))
        self.steps = 0
        return self._obs(), {}

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict]:
        legal = self.catalogue.legal_map(self.state)
        self.steps += 1
        truncated = self.steps >= self.max_steps
        if int(action) not in legal:
            return self._obs(), self.illegal_reward, False, truncated, {"illegal": True}
        before = self.state.distance
        self.state.apply(legal[int(action)])
        done = self.state.is_terminal()
        if self.reward_kind == "distance":
            reward = float(self.state.distance - before)
        else:
            reward = float(self.state.returns()[0]) if done else 0.0
        return self._obs(), reward, done, truncated and not done, {"distance": self.state.distance}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return f"Space Prince: Distance {self.state.distance}, {self.state.status}"
