"""Where training experience comes from: many games stepped side by side, each seen as flat observations and
action masks (NumPy only; the learner in ``lab.train`` turns them into updates).

- ``VectorSource``: a one-seat game's Gymnasium vector environment (Space Prince: ``prince_vector_env`` where it
  exists, else a ``SyncVectorEnv`` of ``gymnasium_env("prince")``), rewarded by the Distance each turn gains.
- ``SeatSource``: a game of two or more seats, the learner in one seat and named agents in the others (Penance:
  ``penance.random``); the learner's seat and the game's own alternation (its decks) change every game. Reward:
  the learner's return at the end, plus a potential-based shaping term from the observation (Penance: the
  enemy's mean component damage minus half the learner's), which leaves the best policy unchanged (Ng et al.
  1999) and tells the learner early that hitting helps; a small cost per decision and a truncated game counted
  as lost, so that stalling (turning on the spot, never closing in) does not pay.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gamewright.core.rng import derive_seed


@dataclass
class Step:
    """One step of every game: what the learner sees next, what the last action earned, and which games ended
    (``valid``: the row was a real decision of the learner — a vector env's autoreset step is not)."""

    obs: np.ndarray  # (N, D) float32
    mask: np.ndarray  # (N, A) int8
    reward: np.ndarray  # (N,) float32
    done: np.ndarray  # (N,) bool: the game ended (or was truncated) after the last action
    valid: np.ndarray  # (N,) bool
    returns: list[float]  # the finished games' scores (Distance; the learner's return)


class VectorSource:
    """A one-seat game's vector environment (``obs="flat"``)."""

    def __init__(self, game: str, num_envs: int, seed: int, options: dict[str, Any], ruleset: str | None,
                 env_options: dict[str, Any] | None = None) -> None:
        import gymnasium

        import gamewright.envs

        self.game = game
        kwargs: dict[str, Any] = {"obs": "flat", "options": options, "ruleset": ruleset, **(env_options or {})}
        self.vector_kind = "sync"
        env: Any = None
        # the game's own vector environment where ``gamewright.envs`` has one (``prince_vector_env``: many runs
        # stepped at once on the batch engine); else a SyncVectorEnv of its Gymnasium environment
        own = getattr(gamewright.envs, f"{game}_vector_env", None)
        if own is not None:
            env = own(num_envs, **kwargs)
            self.vector_kind = f"{game}_vector_env"
        if env is None:
            from gamewright.envs import gymnasium_env

            mode = gymnasium.vector.AutoresetMode.SAME_STEP
            env = gymnasium.vector.SyncVectorEnv([lambda: gymnasium_env(game, **kwargs)] * num_envs,
                                                 autoreset_mode=mode)
        self.env = env
        mode_now = env.metadata.get("autoreset_mode", gymnasium.vector.AutoresetMode.NEXT_STEP)
        self.next_step_reset = str(getattr(mode_now, "value", mode_now)) == "NextStep"
        self.num_envs = num_envs
        self.seed = seed
        self._ended = np.zeros(num_envs, bool)
        self._score = np.zeros(num_envs, np.float64)

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        obs, _ = self.env.reset(seed=int(derive_seed(self.seed, "train-envs") % 2**31))
        self._ended[:] = False
        self._score[:] = 0.0
        return np.asarray(obs["observation"], np.float32), np.asarray(obs["action_mask"], np.int8)

    def step(self, actions: np.ndarray) -> Step:
        obs, reward, terminated, truncated, _ = self.env.step(np.asarray(actions, np.int64))
        done = np.asarray(terminated, bool) | np.asarray(truncated, bool)
        reward = np.asarray(reward, np.float64)
        valid = ~self._ended if self.next_step_reset else np.ones(self.num_envs, bool)
        self._score += np.where(valid, reward, 0.0)
        finished = done & valid
        returns = [float(x) for x in self._score[finished]]
        self._score[finished] = 0.0
        if self.next_step_reset:
            self._ended = finished
        return Step(np.asarray(obs["observation"], np.float32), np.asarray(obs["action_mask"], np.int8),
                    reward.astype(np.float32), finished, valid, returns)


# per game: (weight of the enemy's damage, weight of the learner's own) in the shaping potential; none elsewhere
SHAPING = {"penance": (1.0, 0.0)}
TRAIN_MAX_STEPS = 4000
STEP_COST = {"penance": 0.002}  # per learner decision: ~0.8 over a random game's ~400 decisions


class SeatSource:
    """``num_envs`` games of a several-seat game; the learner in one seat, ``opponents`` in the others."""

    def __init__(self, game: str, num_envs: int, seed: int, options: dict[str, Any], ruleset: str | None,
                 opponents: list[str], previews: bool) -> None:
        from gamewright.core.game import load_game
        from gamewright.envs.observe import Observer
        from gamewright.lab.hooks import metrics_hook

        self.game_name = game
        self.options = dict(options)
        self.ruleset = ruleset
        self.hook = metrics_hook(game)
        self.base = load_game(game, ruleset=ruleset, options=self.options)
        self.seats = self.base.num_players
        self.observer = Observer(game, self.base, "flat", previews=previews)
        # a training game stops at TRAIN_MAX_STEPS (random play ends Penance in ~1,000 actions; a game still going
        # at 4,000 is a stalling policy's, cheaper to cut short as lost than to play out)
        self.max_steps = min(self.observer.max_steps, TRAIN_MAX_STEPS)
        self.opponents = opponents
        self.num_envs = num_envs
        self.seed = seed
        self.shaping = SHAPING.get(game, (0.0, 0.0))
        self.step_cost = STEP_COST.get(game, 0.0)
        table = getattr(self.observer.encoder, "table", None)
        self._damage = None
        if any(self.shaping) and table is not None and "component_damage" in table.offsets:
            field = table.field("component_damage")
            self._damage = (table.offsets["component_damage"], field.shape)
        self._games: dict[tuple[str, ...], Any] = {}
        self.episodes = 0
        self.slots: list[dict[str, Any]] = [{} for _ in range(num_envs)]

    def _game(self, options: dict[str, Any]) -> Any:
        from gamewright.core.game import load_game

        key = tuple(sorted(f"{k}={v}" for k, v in options.items()))
        if key not in self._games:
            self._games[key] = load_game(self.game_name, ruleset=self.ruleset, options=options)
        return self._games[key]

    def _potential(self, obs: np.ndarray) -> float:
        """Φ = a × the enemy's mean component damage − b × the learner's ((a, b) = ``SHAPING``): the learner's side
        comes first on the encoder's casket axis, the enemy's second half."""
        if self._damage is None:
            return 0.0
        offset, shape = self._damage
        damage = obs[offset:offset + int(np.prod(shape))].reshape(shape)
        half = shape[0] // 2
        enemy, own = self.shaping
        return float(enemy * damage[half:].mean() - own * damage[:half].mean())

    def _new_game(self, i: int) -> None:
        from gamewright.agents.registry import make_agent

        index = self.episodes
        self.episodes += 1
        seed = derive_seed(self.seed, f"train-game-{index}")
        options = self.hook.game_options(dict(self.options), index)  # the game's own alternation (Penance: decks)
        learner = (index // 2) % self.seats if self.seats == 2 else index % self.seats  # every seat, every deck
        state = self._game(options).new_initial_state(seed % 2**62)
        others = iter(self.opponents * self.seats)
        agents = {s: make_agent(self.game_name, next(others), derive_seed(seed, f"seat{s}"))
                  for s in range(self.seats) if s != learner}
        self.slots[i] = {"state": state, "learner": learner, "agents": agents, "steps": 0, "potential": 0.0}

    def _advance(self, i: int) -> tuple[float, bool]:
        """Play the others' turns and the learner's forced moves until the learner has a choice or the game ends;
        the reward gathered on the way (the end's return) and whether it ended."""
        slot = self.slots[i]
        state = slot["state"]
        while not state.is_terminal() and slot["steps"] < self.max_steps:
            seat = state.current_player
            if seat != slot["learner"]:
                state.apply(slot["agents"][seat].choose(state))
                slot["steps"] += 1
                continue
            legal = self.observer.catalogue.legal_map(state)
            if len(legal) > 1:
                slot["legal"] = legal
                return 0.0, False
            state.apply(next(iter(legal.values())) if legal else state.legal_actions()[0])
            slot["steps"] += 1
        if state.is_terminal():
            return float(state.returns()[slot["learner"]]), True
        return -1.0, True  # truncated: counted as lost, so that stalling never pays

    def _observe(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        slot = self.slots[i]
        seen = self.observer.observe(slot["state"], slot["learner"], slot["legal"])
        return np.asarray(seen["observation"], np.float32), np.asarray(seen["action_mask"], np.int8)

    def _start(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        while True:
            self._new_game(i)
            _, ended = self._advance(i)
            if not ended:
                obs, mask = self._observe(i)
                self.slots[i]["potential"] = self._potential(obs)
                return obs, mask

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        rows = [self._start(i) for i in range(self.num_envs)]
        return np.stack([r[0] for r in rows]), np.stack([r[1] for r in rows])

    def step(self, actions: np.ndarray) -> Step:
        obs_rows, masks = [], []
        rewards = np.zeros(self.num_envs, np.float32)
        done = np.zeros(self.num_envs, bool)
        returns: list[float] = []
        for i, action in enumerate(np.asarray(actions).tolist()):
            slot = self.slots[i]
            state = slot["state"]
            state.apply(slot["legal"][int(action)])
            slot["steps"] += 1
            reward, ended = self._advance(i)
            if ended:
                final = self.observer.observe(state, slot["learner"], None)["observation"]
                rewards[i] = reward + self._potential(final) - slot["potential"] - self.step_cost
                done[i] = True
                returns.append(reward)
                obs, mask = self._start(i)
            else:
                obs, mask = self._observe(i)
                potential = self._potential(obs)
                rewards[i] = potential - slot["potential"] - self.step_cost
                slot["potential"] = potential
            obs_rows.append(obs)
            masks.append(mask)
        return Step(np.stack(obs_rows), np.stack(masks), rewards, done, np.ones(self.num_envs, bool), returns)
