"""Space Prince as a ``gymnasium.vector.VectorEnv``: ``num_envs`` runs stepped at once on the NumPy batch engine
(``games.prince.batch``), for training at scale (issue 26).

The single environment (``gymnasium_env("prince")``, ``envs.gym.PrinceEnv``) is the reference: the same
observation space (its ``Observer``'s, ``obs="dict"`` or ``"flat"``), the same ``Discrete(7)`` action (planet ``i``
of ``PLANETS``), ``action_mask`` in the observation (and, for convenience, in ``infos``), the same rewards
(``reward="win"`` or ``"distance"``, ``illegal_reward`` for a refused action, which changes nothing), the same
truncation (``max_steps``, refused actions counted) and the same ``infos`` keys (``distance`` after a legal step,
``illegal`` after a refused one), each with its ``_key`` mask as Gymnasium's vector environments give them.

How it differs from stepping ``num_envs`` single environments, all by design and bounded by tests
(tests/envs/test_prince_vector_env.py):

- Charts come from the batch engine's pool (``batch.pool``: 4,096 charts of seeded birth moments, drawn as the
  scalar engine draws an opponent's), not a fresh ephemeris chart per encounter; the return distribution matches
  the single environment's (a two-sample test in the suite).
- Random numbers come from a counter-based stream per sub-environment (SplitMix64 of its seed and a counter), not
  the scalar engine's streams: sub-environment ``i`` after ``reset(seed=s)`` plays the same runs whatever
  ``num_envs`` is (its seed is ``s + i``), but not the single environment's run for seed ``s + i``.
- The observation of a state is computed from the batch arrays: the same numbers the encoder gives for the
  scalar state the row stands for (``scalar_state(i)``), up to float rounding in the previews (< 1e-6).

Autoreset: ``metadata["autoreset_mode"]`` — ``NEXT_STEP`` by default (Gymnasium's default, as ``SyncVectorEnv``
of the single environment gives): the step after a run ends resets that sub-environment, ignoring its action, with
reward 0. ``autoreset_mode="same_step"`` resets within the ending step instead and puts the last observation in
``infos["final_obs"]`` (and its infos in ``infos["final_info"]``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from gamewright.core.errors import ConfigError
from gamewright.envs.encoders.prince import PAIRS, PREVIEW_COLUMNS, SCORE_SCALE, chart_rows
from gamewright.envs.observe import Observer
from gamewright.games.prince.batch import streams as slot
from gamewright.games.prince.batch.arith import UNIT, row_sum
from gamewright.games.prince.batch.engine import Runs
from gamewright.games.prince.batch.greedy import preview_values
from gamewright.games.prince.batch.pool import ChartPool, chart_pool
from gamewright.games.prince.batch.turn import Rules, Side, resolve
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.resolution_tables import UNLOCK_AT
from gamewright.games.prince.tables import JOYS, PLANETS

VETERAN_ENCOUNTERS = UNLOCK_AT["Saturn"]  # a veteran Prince's cumulative encounters at the start (000 §12)
LAST_UNLOCK = 63  # the encoder's scale for cumulative encounters
DISTANCE_HALF, ILLUMINATION_HALF = 200.0, 2.0  # the encoder's saturations (encoders/prince.py)
CHART_FIELDS = ("sign", "dignity", "sect", "ascendant", "aspect")
JOY_HOUSE = np.array([JOYS[p] - 1 for p in PLANETS])  # 000 §12: each planet's joy house (0-based)
AUTORESET_MODES = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}

# SplitMix64 (Steele, Lea & Flood 2014): state_k = key + k × golden, output = mix(state_k)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
SEED_DOMAIN = np.uint64(0x5EED_0F_5BACE_9417)


def _mix(z: np.ndarray) -> np.ndarray:
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


class Uniforms:
    """One counter-based stream of uniforms per sub-environment: its draws depend only on its seed and how many it
    has drawn, never on the other sub-environments (so on neither ``num_envs`` nor their progress)."""

    def __init__(self, n: int) -> None:
        self.key = np.zeros(n, np.uint64)
        self.counter = np.zeros(n, np.uint64)

    def seed(self, rows: np.ndarray, seeds: np.ndarray) -> None:
        with np.errstate(over="ignore"):
            self.key[rows] = _mix(_mix(seeds.astype(np.uint64) ^ SEED_DOMAIN))
        self.counter[rows] = 0

    def _bits(self, rows: np.ndarray, k: int) -> np.ndarray:
        steps = self.counter[rows, None] + np.arange(1, k + 1, dtype=np.uint64)
        self.counter[rows] += np.uint64(k)
        return _mix(self.key[rows, None] + steps * GOLDEN)

    def float64(self, rows: np.ndarray, k: int) -> np.ndarray:
        """(len(rows), k) uniforms in [0, 1) with 53 random bits."""
        return (self._bits(rows, k) >> np.uint64(11)).astype(np.float64) * 2.0**-53

    def float32(self, rows: np.ndarray, k: int) -> np.ndarray:
        """(len(rows), k) uniforms in [0, 1) with 24 random bits (the batch engine's turn draws)."""
        return ((self._bits(rows, k) >> np.uint64(40)).astype(np.float32) * np.float32(2.0**-24)).astype(np.float32)

    def encounter(self, rows: np.ndarray, number: np.ndarray) -> np.ndarray:
        """``batch.streams.Streams.encounter``'s draws for ``Runs.start_encounter`` (rows are sub-envs)."""
        del number
        return self.float64(rows, slot.ENCOUNTER_SLOTS)


class _ChartTables:
    """Per pool chart, the encoder's chart rows (``chart_rows``, one side's slice of each chart field), its
    planets' houses (−1 without an ascendant) and whether it has an ascendant."""

    def __init__(self, pool: ChartPool) -> None:
        if len(pool.profiles) != pool.size:
            raise ConfigError("the vector environment needs a chart pool that keeps its profiles (batch.pool_of)")
        rows = [chart_rows(p) for p in pool.profiles]
        self.fields = {name: np.stack([r[k].reshape(-1) for r in rows]) for k, name in enumerate(CHART_FIELDS)}
        self.house = np.array([[-1 if p.house(i) is None else p.house(i) - 1 for i in range(7)]  # type: ignore[operator]
                               for p in pool.profiles], np.int64)
        self.has_ascendant = np.array([p.asc_sign is not None for p in pool.profiles])


_TABLES: dict[int, tuple[ChartPool, _ChartTables]] = {}


def chart_tables(pool: ChartPool) -> _ChartTables:
    """``_ChartTables`` of ``pool``, built once per pool (the pool is kept with them, so its id stays its own)."""
    known = _TABLES.get(id(pool))
    if known is None:
        known = _TABLES[id(pool)] = (pool, _ChartTables(pool))
    return known[1]


class PrinceVectorEnv(VectorEnv):  # type: ignore[misc]
    """``num_envs`` Space Prince runs (see the module docstring); options as ``PrinceEnv``'s."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int, ruleset: str | None = None, options: dict[str, Any] | None = None,
                 obs_size: int = 256, reward: str = "win", illegal_reward: float = -0.01,
                 max_steps: int | None = None, render_mode: str | None = None, obs: str = "dict",
                 previews: bool = True, seed: int | None = None, autoreset_mode: str | AutoresetMode = "next_step",
                 pool: ChartPool | None = None) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ConfigError(f"num_envs must be a positive integer, not {num_envs!r}")
        if reward not in ("win", "distance"):
            raise ConfigError(f"reward must be 'win' or 'distance', not {reward!r}")
        if obs == "hash":
            raise ConfigError("the vector environment gives obs='dict' or 'flat' (the hashed view is of the scalar "
                              "state's JSON view): use gymnasium_env('prince', obs='hash')")
        if render_mode is not None:
            raise ConfigError("the vector environment does not render")
        mode = AUTORESET_MODES.get(autoreset_mode, autoreset_mode) if isinstance(autoreset_mode, str) \
            else autoreset_mode
        if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ConfigError(f"autoreset_mode must be one of {', '.join(AUTORESET_MODES)}, not {autoreset_mode!r}")
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self.autoreset_mode = mode
        self.game = PrinceGame(ruleset, options or {})
        self.cfg = self.game.cfg
        self.observer = Observer("prince", self.game, obs, obs_size, previews)
        self.table = self.observer.encoder.table  # type: ignore[attr-defined]
        self.form = obs
        self.previews = previews
        self.reward_kind = reward
        self.illegal_reward = float(illegal_reward)
        self.max_steps = int(self.observer.max_steps if max_steps is None else max_steps)
        self.render_mode = None
        self.num_envs = num_envs
        self.single_observation_space = self.observer.space
        self.single_action_space = spaces.Discrete(len(PLANETS))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.pool = pool if pool is not None else chart_pool()
        self.rules = Rules.of(self.cfg, self.pool)
        self.charts = chart_tables(self.pool)
        self.encounters = int(self.cfg.encounters_per_run)
        n = num_envs
        self.uniforms = Uniforms(n)
        self._seed = seed
        self.runs = Runs(self.rules, self.uniforms, np.arange(n), np.zeros(n, np.int64))  # type: ignore[arg-type]
        self.distance = np.zeros(n, np.int64)
        self.turns = np.zeros(n, np.int64)  # turns played this run (000 §13)
        self.steps = np.zeros(n, np.int64)  # steps taken this run, refused actions included (the truncation's)
        self.deployed = np.zeros((n, 7), bool)  # sent this encounter
        self.illumination = np.zeros((n, 12), np.int64)
        self.joys = np.zeros((n, 7), bool)
        self.cumulative = np.zeros(n, np.int64)
        self.status = np.zeros(n, np.int8)  # 0 active, 1 won, 2 lost
        self._autoreset = np.zeros(n, bool)
        self._started = False

    # ---------------------------------------------------------------------------------------------------------
    # the runs
    # ---------------------------------------------------------------------------------------------------------
    def _new_runs(self, rows: np.ndarray) -> None:
        """Fresh runs in ``rows``: a seeded veteran Prince from the pool and the first encounter (000 §13)."""
        if not len(rows):
            return
        runs = self.runs
        prince = (self.uniforms.float64(rows, 1)[:, 0] * self.pool.size).astype(np.int64)
        runs.player.reset(rows, prince)
        runs.encounter[rows] = 0
        runs.start_encounter(rows)
        for array in (self.distance, self.turns, self.steps, self.illumination, self.joys, self.deployed,
                      self.status):
            array[rows] = 0
        self.cumulative[rows] = VETERAN_ENCOUNTERS

    def _play(self, rows: np.ndarray, planets: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One turn of runs ``rows`` sending ``planets`` (all legal): (score, won, lost) per row. The flow of
        ``PrinceState.apply`` on arrays, as ``batch.engine._play_pass`` plays it."""
        runs = self.runs
        whole = len(rows) == self.num_envs
        player, opponent = (runs.player, runs.opponent) if whole else (runs.player.take(rows),
                                                                       runs.opponent.take(rows))
        draws = self.uniforms.float32(rows, slot.TURN_SLOTS)
        score, _ = resolve(self.rules, player, opponent, planets, runs.current[rows], draws)
        if not whole:
            for mine, part in ((runs.player, player), (runs.opponent, opponent)):
                for name in ("affliction", "combust", "save_used", "carry"):
                    getattr(mine, name)[rows] = getattr(part, name)
        self.distance[rows] += score  # 001 §13: every turn's score
        self.turns[rows] += 1
        runs.turn[rows] += 1
        self.deployed[rows, planets] = True
        # ref §2 defeat_when: every (unlocked) planet combust — for a veteran, all seven either way
        lost = row_sum(player.combust) == 7
        ended = lost.copy()
        going = np.flatnonzero(~lost)
        ended[going] = ~runs.next_opponent_planet(rows[going], draws[going, slot.OPPONENT_DRAW])
        done_rows = rows[ended]
        if self.cfg.metaprogression:
            self._progress(done_rows)
        runs.encounter[done_rows] += 1
        runs.current[done_rows] = -1
        won = ended & ~lost & (runs.encounter[rows] >= self.encounters)
        fresh = rows[ended & ~lost & ~won]
        if len(fresh):
            runs.start_encounter(fresh)
            self.deployed[fresh] = False
        return score, won, lost

    def _progress(self, rows: np.ndarray) -> None:
        """000 §12 / ref §2 at an encounter's end (lost ones too): the cumulative count, one illumination per
        house lit by a planet sent, and each planet whose joy house is lit rejoices (given an ascendant)."""
        if not len(rows):
            return
        self.cumulative[rows] += 1
        chart = self.runs.player.chart[rows]
        house = self.charts.house[chart]
        lit = np.zeros((len(rows), 12), bool)
        r, i = np.nonzero(self.deployed[rows] & (house >= 0))
        lit[r, house[r, i]] = True
        self.illumination[rows] += lit
        joy = self.illumination[rows][:, JOY_HOUSE] > 0
        self.joys[rows] |= joy & self.charts.has_ascendant[chart][:, None]

    # ---------------------------------------------------------------------------------------------------------
    # observations
    # ---------------------------------------------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        """(num_envs, 7) int8: 1 for each planet the run may send (not combust, 000 §11; none once it ended)."""
        return (~self.runs.player.combust & (self.status == 0)[:, None]).astype(np.int8)

    def _features(self) -> np.ndarray:
        """(num_envs, size) float32: the encoder's flat vector of every run, computed from the arrays."""
        n, runs, table = self.num_envs, self.runs, self.table
        out = np.zeros((n, table.size), np.float32)

        def put(name: str, values: np.ndarray) -> None:
            at = table.offsets[name]
            out[:, at:at + table.field(name).size] = values.reshape(n, -1)

        sides = (runs.player, runs.opponent)
        for name in CHART_FIELDS:
            put(name, np.concatenate([self.charts.fields[name][s.chart] for s in sides], axis=1))
        # 000 §11: r = min(1, A / T)
        put("affliction", np.stack([np.minimum(1.0, s.affliction / self.rules.threshold[s.chart]) for s in sides], 1))
        put("combust", np.stack([s.combust for s in sides], 1))
        put("save_used", np.stack([s.save_used for s in sides], 1))
        put("carry", np.stack([np.clip(s.carry / (UNIT / 2), -1.0, 1.0) for s in sides], 1))  # the fraction × 2
        put("active_aspect", np.ones((n, 2, len(PAIRS))))  # a veteran's and every opponent's: all (000 §12)
        put("unlocked", np.ones((n, 7)))
        put("deployed", self.deployed)
        current = np.zeros((n, 7))
        live = np.flatnonzero(runs.current >= 0)
        current[live, runs.current[live]] = 1.0
        put("opponent_planet", current)
        total = runs.weights.sum(axis=1, keepdims=True)
        put("opponent_odds", np.divide(runs.weights, total, out=np.zeros((n, 7)), where=total > 0))
        put("encounter", np.minimum(1.0, runs.encounter / self.encounters))
        put("turn", np.minimum(1.0, runs.turn / 7))
        put("length", np.ones(n))  # 000 §13: seven unlocked planets, seven turns (prebuilt: seven entries)
        put("distance", self.distance / (self.distance + DISTANCE_HALF))
        put("illumination", self.illumination / (self.illumination + ILLUMINATION_HALF))
        put("joys", self.joys)
        put("cumulative", np.minimum(1.0, self.cumulative / LAST_UNLOCK))
        if self.previews:
            put("action_preview", self._previews())
        return out

    def _previews(self) -> np.ndarray:
        """(num_envs, 7, 9): the encoder's ``action_preview`` rows, from ``batch.greedy.preview_values``."""
        runs = self.runs
        mask = self.action_masks().astype(bool)
        out = np.zeros((self.num_envs, 7, len(PREVIEW_COLUMNS)))
        rows = np.flatnonzero(mask.any(axis=1))
        if not len(rows):
            return out
        whole = len(rows) == self.num_envs
        player, opponent = (runs.player, runs.opponent) if whole else (runs.player.take(rows),
                                                                       runs.opponent.take(rows))
        v = preview_values(self.rules, player, opponent, runs.current[rows])
        columns = (np.ones_like(v.expected_score), np.clip(v.expected_score / SCORE_SCALE, 0.0, 1.0),
                   v.sent_combusts, np.minimum(1.0, v.own_combustions), v.spread,
                   np.minimum(1.0, v.opponent_combustions), v.player_crit, v.opponent_crit, v.testimony)
        block = np.clip(np.stack(columns, axis=-1), 0.0, 1.0) * mask[rows][..., None]
        out[rows] = block
        return out

    def _observation(self, flat: np.ndarray, mask: np.ndarray) -> dict[str, Any]:
        if self.form == "flat":
            return {"observation": flat, "action_mask": mask}
        fields = {f.name: flat[:, self.table.offsets[f.name]:self.table.offsets[f.name] + f.size]
                  .reshape(len(flat), *f.shape) for f in self.table.fields}
        return {"observation": fields, "action_mask": mask}

    def _observe(self) -> tuple[dict[str, Any], np.ndarray]:
        mask = self.action_masks()
        return self._observation(self._features(), mask), mask

    # ---------------------------------------------------------------------------------------------------------
    # the VectorEnv API
    # ---------------------------------------------------------------------------------------------------------
    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """New runs in every sub-environment. ``seed``: an int ``s`` seeds sub-environment ``i`` with ``s + i``; a
        list gives each its own (None: keep its stream); None keeps every stream (the first reset then uses the
        constructor's ``seed``, else fresh entropy)."""
        del options
        n = self.num_envs
        if seed is None and not self._started:
            seed = self._seed if self._seed is not None else int(np.random.default_rng().integers(2**63))
        if isinstance(seed, (int, np.integer)):
            seeds: list[int | None] = [int(seed) + i for i in range(n)]
        elif seed is None:
            seeds = [None] * n
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ConfigError(f"reset(seed=…) takes one seed per sub-environment: {n}, not {len(seeds)}")
        given = [i for i, s in enumerate(seeds) if s is not None]
        if given:
            values = [int(seeds[i]) for i in given]  # type: ignore[arg-type]
            if min(values) < 0:
                raise ConfigError("seeds must be non-negative")
            self.uniforms.seed(np.array(given), np.array([v % 2**64 for v in values], np.uint64))
        self._started = True
        self._new_runs(np.arange(n))
        self._autoreset[:] = False
        obs, mask = self._observe()
        return obs, {"action_mask": mask}

    def step(self, actions: Any) -> tuple[dict[str, Any], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._started:
            raise ConfigError("call reset() before step()")
        n = self.num_envs
        actions = np.asarray(actions).reshape(-1)
        if actions.shape != (n,):
            raise ConfigError(f"step takes one action per sub-environment ({n}), not shape {actions.shape}")
        planets = actions.astype(np.int64)
        rewards = np.zeros(n)
        terminated = np.zeros(n, bool)
        restart = np.flatnonzero(self._autoreset) if self.autoreset_mode == AutoresetMode.NEXT_STEP else \
            np.zeros(0, np.int64)
        playing = ~self._autoreset if self.autoreset_mode == AutoresetMode.NEXT_STEP else np.ones(n, bool)
        in_range = (planets >= 0) & (planets < 7)
        legal = playing & in_range & (self.status == 0)
        legal[legal] = ~self.runs.player.combust[np.flatnonzero(legal), planets[legal]]
        illegal = playing & ~legal
        self.steps[playing] += 1
        rewards[illegal] = self.illegal_reward  # a refused action changes nothing (as PrinceEnv)
        rows = np.flatnonzero(legal)
        if len(rows):
            score, won, lost = self._play(rows, planets[rows])
            self.status[rows[won]] = 1
            self.status[rows[lost]] = 2
            terminated[rows] = won | lost
            rewards[rows] = score if self.reward_kind == "distance" else won  # win: returns()[0] at the end
        truncated = playing & (self.steps >= self.max_steps) & ~terminated
        self._new_runs(restart)  # NEXT_STEP: the sub-environments whose run ended last step start again
        infos: dict[str, Any] = {
            "distance": np.where(legal, self.distance, 0), "_distance": legal,
            "illegal": illegal, "_illegal": illegal,
        }
        done = terminated | truncated
        if self.autoreset_mode == AutoresetMode.SAME_STEP and done.any():
            final_obs, final_mask = self._observe()
            ended = np.flatnonzero(done)
            finals = np.empty(n, dtype=object)
            final_infos = np.empty(n, dtype=object)
            for i in ended:
                finals[i] = self._single(final_obs, int(i))
                final_infos[i] = {"distance": int(self.distance[i])} if legal[i] else {"illegal": True}
            infos.update({"final_obs": finals, "_final_obs": done, "final_info": final_infos, "_final_info": done})
            self._new_runs(ended)
            obs, mask = self._observe()
        else:
            obs, mask = self._observe()
            self._autoreset = done
        infos["action_mask"] = mask
        return obs, rewards, terminated, truncated, infos

    def _single(self, obs: dict[str, Any], i: int) -> dict[str, Any]:
        """Sub-environment ``i``'s observation out of a batched one (a copy)."""
        inner = obs["observation"]
        one = inner[i].copy() if self.form == "flat" else {k: v[i].copy() for k, v in inner.items()}
        return {"observation": one, "action_mask": obs["action_mask"][i].copy()}

    # ---------------------------------------------------------------------------------------------------------
    # the scalar state a row stands for
    # ---------------------------------------------------------------------------------------------------------
    def scalar_state(self, i: int) -> Any:
        """The scalar ``PrinceState`` sub-environment ``i``'s run is in (charts, conditions, flow, progress); its
        random streams are fresh (the batch draws cannot be carried over). For validation: the single
        environment's encoder on it gives this environment's observation of row ``i``."""
        from fractions import Fraction

        from gamewright.games.prince.progression import Progress
        from gamewright.games.prince.resolve import SideState
        from gamewright.games.prince.state import PrinceState

        runs = self.runs
        pool = self.pool
        state = PrinceState.start(self.cfg, self.game.rules.to_json(), 0, pool.profiles[int(runs.player.chart[i])],
                                  Progress.veteran())[0]

        def side(s: Side) -> SideState:
            return SideState([int(a) for a in s.affliction[i]], [bool(c) for c in s.combust[i]],
                             [bool(c) for c in s.save_used[i]], [Fraction(int(c), UNIT) for c in s.carry[i]],
                             state.ps.active)

        state.ps, state.os = side(runs.player), side(runs.opponent)
        state.opponent = pool.profiles[int(runs.opponent.chart[i])]
        state.opponent_moment = None
        state.encounter = int(runs.encounter[i])
        state.turn = int(runs.turn[i])
        state.deployed = sum(1 << k for k in range(7) if self.deployed[i, k])
        state.weights = [int(w) for w in runs.weights[i]]
        state.current = int(runs.current[i])
        state.distance = int(self.distance[i])
        state.turns = int(self.turns[i])
        state.status = ("active", "won", "lost")[int(self.status[i])]
        state.progress.encounters = int(self.cumulative[i])
        state.progress.illumination = [int(x) for x in self.illumination[i]]
        state.progress.joys = [p for k, p in enumerate(PLANETS) if self.joys[i, k]]
        state.prebuilt = []  # the view shows only the met opponents' charts (the encoder reads none of it)
        return state
