"""A PettingZoo AEC environment for any game (issue 15 §4).

Agents are ``player_0`` … ``player_{n-1}`` (seat order). Each observation is a dict: ``observation``, built from
``view_for(seat)`` (and the seat's own previews on its turn) by the game's encoder — a ``Dict`` of bounded fields
(``obs="dict"``, the default), their flat vector (``obs="flat"``) or the hashed view (``obs="hash"``; see
``observe``) — and ``action_mask``, an int8 vector over the game's catalogue (1 = legal now; all 0 for a seat not
on move). Actions are ``Discrete(size)`` indices into the catalogue. Rewards are the game's ``returns()`` at the
end (win +1, loss −1; Space Prince 1 for a won run); a game still running after ``max_steps`` actions (default:
the game's encoder's, chosen so random play rarely reaches it) is truncated.
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv

from gamewright.core.game import load_game
from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng
from gamewright.envs.observe import Observer


class GameAECEnv(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "gamewright_v0", "is_parallelizable": False}

    def __init__(self, game: str, ruleset: str | None = None, options: dict[str, Any] | None = None,
                 obs_size: int = 256, max_steps: int | None = None, render_mode: str | None = None,
                 obs: str = "dict", previews: bool = True) -> None:
        super().__init__()
        self.game_name = game
        self.game = load_game(game, ruleset=ruleset, options=options or {})
        self.metadata = {**self.metadata, "name": f"gamewright_{game}_v0"}
        self.render_mode = render_mode
        self.obs_size = obs_size
        self.observer = Observer(game, self.game, obs, obs_size, previews)
        self.max_steps = self.observer.max_steps if max_steps is None else max_steps
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        self.catalogue = self.observer.catalogue
        obs_space = self.observer.space
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.catalogue.size) for a in self.possible_agents}
        self._seeds = Rng(0)
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(seed)
        self.state = self.game.new_initial_state(self._seeds.randint(0, SEED_MAX))
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal: dict[int, Any] = self.catalogue.legal_map(self.state)
        self._seen: tuple[tuple[int, int], dict[str, Any]] | None = None
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        key = (self.steps, seat)
        if self._seen is None or self._seen[0] != key:  # previews are costly: one observation per seat and step
            on_move = not self.state.is_terminal() and seat == self.state.current_player and not self.truncations[agent]
            self._seen = (key, self.observer.observe(self.state, seat, self._legal if on_move else None))
        return self._seen[1]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._legal:
            raise ValueError(f"action {action!r} is not legal for {agent} (see the action_mask)")
        self.state.apply(self._legal[int(action)])
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, a in enumerate(self.agents):
                self.rewards[a] = float(returns[i])
                self.terminations[a] = True
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            if self.steps >= self.max_steps:
                self.truncations = {a: True for a in self.agents}
                self._seen = None
            else:
                self._legal = self.catalogue.legal_map(self.state)
                self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()

    def action_text(self, index: int) -> str:
        """What catalogue index ``index`` means: the same in every state (a game with no catalogue of its own: the
        ``index``-th legal action now)."""
        texts = getattr(self.catalogue, "texts", None)
        if texts is not None:
            return str(texts[index]) if 0 <= index < len(texts) else ""
        from gamewright.agents.search import action_key

        return action_key(self._legal[index]) if index in self._legal else ""

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return f"{self.game_name} step {self.steps}: {self.agent_selection} to move"

    def close(self) -> None:
        pass
