"""Single-agent Gymnasium environments for one-seat games (issue 15 §4); Space Prince's adds a dense reward.

Observation: a dict like the AEC one (``observation`` from ``view_for(0)`` and the seat's previews by the game's
encoder: ``obs="dict"`` fields, ``"flat"`` vector or ``"hash"`` hashed view; ``action_mask`` int8 over the game's
action catalogue). Action: ``Discrete(size)``, an index into the catalogue (Space Prince: planet ``i`` of
``PLANETS``, Sun … Saturn). An illegal index changes nothing and earns ``illegal_reward``. Reward: the seat's return
when the game ends (Space Prince: 1 for a won run); Space Prince's ``"distance"`` gives the Distance gained by each
turn instead (a dense signal). ``max_steps`` (default: the game's encoder's) truncates, refused actions included.
"""

from __future__ import annotations

import copy
from typing import Any

import gymnasium as gym
from gymnasium import spaces

from gamewright.core.errors import ConfigError
from gamewright.core.game import load_game
from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng
from gamewright.envs.observe import Observer

GENERIC_MAX_STEPS = 500  # a one-seat game whose encoder names no truncation of its own


class SingleSeatEnv(gym.Env):  # type: ignore[misc]
    """Any game played by one seat, as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, ruleset: str | None = None, options: dict[str, Any] | None = None,
                 obs_size: int = 256, illegal_reward: float = -0.01, max_steps: int | None = None,
                 render_mode: str | None = None, obs: str = "dict", previews: bool = True) -> None:
        self.game_name = game
        self.game = load_game(game, ruleset=ruleset, options=options or {})
        if self.game.num_players != 1:
            raise ConfigError(f"a single-agent Gymnasium environment needs a one-seat game; {game} has "
                              f"{self.game.num_players} seats: use pettingzoo_env")
        self.observer = Observer(game, self.game, obs, obs_size, previews)
        self.catalogue = self.observer.catalogue
        self.obs_size = obs_size
        self.illegal_reward = illegal_reward
        if max_steps is None:
            max_steps = self.observer.max_steps if self.observer.own_encoder else GENERIC_MAX_STEPS
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = self.observer.space
        self.action_space = spaces.Discrete(self.catalogue.size)
        self._seeds = Rng(0)
        self.state: Any = None
        self._seen: dict[str, Any] | None = None
        self._legal: dict[int, Any] = {}

    def _obs(self) -> dict[str, Any]:
        """The observation of the state as it is now, kept until an action changes it (a refused action shows it
        again, as a copy: previews are costly to redo)."""
        if self._seen is None:
            self._legal = {} if self.state.is_terminal() else self.catalogue.legal_map(self.state)
            self._seen = self.observer.observe(self.state, 0, self._legal or None)
            return self._seen
        return copy.deepcopy(self._seen)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = Rng(seed)
        self.state = self.game.new_initial_state(self._seeds.randint(0, SEED_MAX))
        self.steps = 0
        self._seen = None
        return self._obs(), {}

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict]:
        legal = self._legal
        self.steps += 1
        truncated = self.steps >= self.max_steps
        if int(action) not in legal:
            return self._obs(), self.illegal_reward, False, truncated, {"illegal": True}
        before = self._progress()
        self.state.apply(legal[int(action)])
        self._seen = None
        done = self.state.is_terminal()
        reward = self._reward(before, done)
        return self._obs(), reward, done, truncated and not done, self._info()

    def _progress(self) -> Any:
        return None

    def _reward(self, before: Any, done: bool) -> float:
        del before
        return float(self.state.returns()[0]) if done else 0.0

    def _info(self) -> dict[str, Any]:
        return {}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return f"{self.game_name} step {self.steps}"


class PrinceEnv(SingleSeatEnv):
    """A Space Prince run; ``reward="distance"`` pays the Distance each turn gains."""

    def __init__(self, ruleset: str | None = None, options: dict[str, Any] | None = None, obs_size: int = 256,
                 reward: str = "win", illegal_reward: float = -0.01, max_steps: int | None = None,
                 render_mode: str | None = None, obs: str = "dict", previews: bool = True) -> None:
        if reward not in ("win", "distance"):
            raise ConfigError(f"reward must be 'win' or 'distance', not {reward!r}")
        super().__init__("prince", ruleset, options, obs_size, illegal_reward, max_steps, render_mode, obs, previews)
        self.reward_kind = reward

    def _progress(self) -> Any:
        return self.state.distance

    def _reward(self, before: Any, done: bool) -> float:
        if self.reward_kind == "distance":
            return float(self.state.distance - before)
        return super()._reward(before, done)

    def _info(self) -> dict[str, Any]:
        return {"distance": self.state.distance}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return f"Space Prince: Distance {self.state.distance}, {self.state.status}"
