"""``prince_vector_env``: the vectorized Space Prince against the single Gymnasium environment it stands for.

Spaces equal, masks never empty on a live run, observations inside the space, every row's observation equal to
the single environment's encoder on the scalar state the row stands for (``scalar_state``), autoreset (both
modes) and truncation, refused actions, seeding, and the episode return distribution under random legal actions
(a two-sample test against the single environment, fixed seeds, so it is deterministic).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
from gymnasium.vector import AutoresetMode  # noqa: E402
from scipy import stats  # noqa: E402

from gamewright.core.errors import ConfigError  # noqa: E402
from gamewright.envs import gymnasium_env, prince_vector_env  # noqa: E402
from gamewright.envs.observe import Observer  # noqa: E402

VARIANTS: list[tuple[str | None, dict[str, Any]]] = [
    (None, {}),
    ("prototype", {}),
    ("design", {"rounding": "carry", "sect": "durability", "opponent_draws": "prebuilt", "crit": "prototype",
                "encounters_per_run": 4}),
]


def random_legal(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    """A uniformly random legal planet per row (planet 0 where none is: a row about to reset)."""
    return np.argmax(rng.random(mask.shape) * mask, axis=1)


@pytest.mark.parametrize("obs", ["dict", "flat"])
@pytest.mark.parametrize(("ruleset", "options"), VARIANTS[:2])
def test_spaces_are_the_single_environments(obs: str, ruleset: str | None, options: dict[str, Any]) -> None:
    env = prince_vector_env(3, ruleset=ruleset, options=options, obs=obs)
    single = gymnasium_env("prince", ruleset=ruleset, options=options, obs=obs)
    assert env.single_observation_space == single.observation_space
    assert env.single_action_space == single.action_space
    assert env.max_steps == single.max_steps
    assert env.num_envs == 3
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP


@pytest.mark.parametrize("obs", ["dict", "flat"])
def test_masks_are_never_empty_and_observations_stay_in_the_space(obs: str) -> None:
    env = prince_vector_env(64, obs=obs, seed=1)
    rng = np.random.default_rng(2)
    observation, info = env.reset()
    assert env.observation_space.contains(observation)
    ended = np.zeros(64, bool)  # NEXT_STEP: the rows whose run ended last step (their mask is empty)
    for _ in range(120):
        mask = observation["action_mask"]
        assert np.array_equal(info["action_mask"], mask)
        assert (mask[~ended].sum(axis=1) > 0).all()
        assert (mask[ended] == 0).all()
        observation, _, terminated, truncated, info = env.step(random_legal(rng, mask))
        assert env.observation_space.contains(observation)
        ended = terminated | truncated


@pytest.mark.parametrize(("ruleset", "options"), VARIANTS, ids=["design", "prototype", "mixed"])
def test_every_row_is_the_single_environments_observation_of_its_state(ruleset: str | None,
                                                                       options: dict[str, Any]) -> None:
    """Drive runs on the vector env; at each step rebuild each row's scalar state and encode it as the single
    environment does (its ``Observer``, previews included): the vectors are equal (float32, to 1e-6)."""
    env = prince_vector_env(5, ruleset=ruleset, options=options, obs="flat", seed=3)
    observer = Observer("prince", env.game, "flat")
    rng = np.random.default_rng(4)
    observation, _ = env.reset()
    seen_terminal = 0
    for _ in range(28):
        for i in range(env.num_envs):
            state = env.scalar_state(i)
            legal = {} if state.is_terminal() else observer.catalogue.legal_map(state)
            seen_terminal += state.is_terminal()
            expected = observer.observe(state, 0, legal or None)
            assert np.array_equal(expected["action_mask"], observation["action_mask"][i])
            np.testing.assert_allclose(observation["observation"][i], expected["observation"], rtol=0, atol=1e-6)
        observation, *_ = env.step(random_legal(rng, observation["action_mask"]))
    assert seen_terminal  # the ends of runs were compared too


def play_until_a_run_ends(env: Any) -> tuple[Any, ...]:
    """Random legal steps (a fixed stream) until some run ends; the last step's five results."""
    rng = np.random.default_rng(6)
    observation, _ = env.reset()
    for _ in range(40):
        observation, reward, terminated, truncated, info = env.step(random_legal(rng, observation["action_mask"]))
        if terminated.any():
            break
    return observation, reward, terminated, truncated, info


def test_next_step_autoreset_restarts_the_run_on_the_following_step() -> None:
    env = prince_vector_env(32, reward="distance", obs="flat", seed=5)
    distance = env.table.offsets["distance"]
    observation, reward, terminated, truncated, info = play_until_a_run_ends(env)
    ended = np.flatnonzero(terminated)
    assert len(ended)
    assert not truncated.any()
    assert (observation["action_mask"][ended] == 0).all()  # the final observation: nothing left to send
    assert (info["distance"][ended] > 0).all()
    observation, reward, terminated, truncated, info = env.step(np.zeros(32, np.int64))
    assert (reward[ended] == 0).all() and not terminated[ended].any() and not truncated[ended].any()
    assert not info["_distance"][ended].any() and not info["illegal"][ended].any()  # the action was ignored
    assert (observation["observation"][ended, distance] == 0).all()
    assert (observation["action_mask"][ended].sum(axis=1) == 7).all()  # a fresh run: every planet may go
    assert (env.steps[ended] == 0).all()


def test_same_step_autoreset_hands_back_the_final_observation() -> None:
    env = prince_vector_env(32, reward="win", obs="flat", seed=5, autoreset_mode="same_step")
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    observation, reward, terminated, truncated, info = play_until_a_run_ends(env)
    ended = np.flatnonzero(terminated)
    assert len(ended)
    assert np.array_equal(info["_final_obs"], terminated | truncated)
    for i in ended:
        assert info["final_obs"][i]["action_mask"].sum() == 0
        assert info["final_info"][i]["distance"] > 0
        assert reward[i] in (0.0, 1.0)
        assert observation["action_mask"][i].sum() == 7  # already the next run
    assert not info["_final_obs"][np.flatnonzero(~terminated)].any()


def test_a_refused_action_changes_nothing_and_truncation_counts_it() -> None:
    env = prince_vector_env(4, obs="flat", max_steps=3, seed=8)
    observation, _ = env.reset()
    before = observation["observation"].copy()
    for step in (1, 2, 3):
        observation, reward, terminated, truncated, info = env.step(np.array([-1, 7, 99, -5]))
        assert np.array_equal(observation["observation"], before)
        assert np.allclose(reward, -0.01)
        assert info["illegal"].all() and not info["_distance"].any()
        assert not terminated.any()
        assert truncated.all() == (step == 3)
    observation, reward, terminated, truncated, _ = env.step(np.zeros(4, np.int64))  # NEXT_STEP: the reset
    assert (reward == 0).all() and not truncated.any()
    assert (env.steps == 0).all()


def test_sending_a_combust_planet_is_refused() -> None:
    env = prince_vector_env(64, seed=9)
    rng = np.random.default_rng(10)
    observation, _ = env.reset()
    for _ in range(12):
        observation, *_ = env.step(random_legal(rng, observation["action_mask"]))
    mask = observation["action_mask"]
    rows = np.flatnonzero((mask == 0).any(axis=1) & (mask == 1).any(axis=1))
    assert len(rows)
    actions = random_legal(rng, mask)
    actions[rows] = np.argmin(mask[rows], axis=1)  # a combust planet
    distance = env.distance.copy()
    _, reward, _, _, info = env.step(actions)
    assert info["illegal"][rows].all() and np.allclose(reward[rows], -0.01)
    assert np.array_equal(env.distance[rows], distance[rows])


def run(env: Any, seed: int | None, steps: int, action_seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(action_seed)
    observation, _ = env.reset(seed=seed)
    trace = [observation["observation"].copy()]
    for _ in range(steps):
        observation, reward, *_ = env.step(random_legal(rng, observation["action_mask"]))
        trace += [observation["observation"].copy(), reward.copy()]
    return trace


def test_seeding_is_reproducible_and_each_sub_environment_has_its_own_seed() -> None:
    one, two = (run(prince_vector_env(8, obs="flat"), 42, 30) for _ in range(2))
    assert all(np.array_equal(a, b) for a, b in zip(one, two, strict=True))
    other = run(prince_vector_env(8, obs="flat"), 43, 30)
    assert not all(np.array_equal(a, b) for a, b in zip(one, other, strict=True))
    # sub-env i of reset(seed=s) is seed s + i whatever num_envs is: the same run with the same actions
    wide, narrow = prince_vector_env(5, obs="flat"), prince_vector_env(2, obs="flat")
    wide.reset(seed=100)
    narrow.reset(seed=[103, 104])
    rng = np.random.default_rng(11)
    for _ in range(40):
        mask = wide.action_masks()
        actions = random_legal(rng, mask)
        a, *_ = wide.step(actions)
        b, *_ = narrow.step(actions[3:])
        assert np.array_equal(a["observation"][3:], b["observation"])
    # the constructor's seed is the first reset's
    first = prince_vector_env(3, obs="flat", seed=7).reset()[0]["observation"]
    assert np.array_equal(first, prince_vector_env(3, obs="flat").reset(seed=7)[0]["observation"])


def test_bad_options_are_refused() -> None:
    with pytest.raises(ConfigError):
        prince_vector_env(0)
    with pytest.raises(ConfigError):
        prince_vector_env(2, obs="hash")
    with pytest.raises(ConfigError):
        prince_vector_env(2, reward="score")
    with pytest.raises(ConfigError):
        prince_vector_env(2, autoreset_mode="disabled")


SINGLE_EPISODES = 300
VECTOR_EPISODES = 2000
ALPHA = 1e-3  # per test; the seeds are fixed, so the verdict is deterministic


def test_episode_returns_match_the_single_environment() -> None:
    """Random legal play, reward="distance" (an episode's return is its final Distance): the vector env's returns
    and the single env's come from one distribution (two-sample Kolmogorov–Smirnov and Mann–Whitney), and so do
    the win rates (Fisher's exact test). Previews off on both sides: they change the observation, not the play."""
    single = gymnasium_env("prince", reward="distance", previews=False)
    rng = np.random.default_rng(12)
    single.reset(seed=13)
    single_returns, single_wins = [], 0
    for _ in range(SINGLE_EPISODES):
        observation, _ = single.reset()
        total, done = 0.0, False
        while not done:
            observation, reward, terminated, truncated, _ = single.step(
                int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            total += reward
            done = terminated or truncated
        single_returns.append(total)
        single_wins += single.state.status == "won"
    env = prince_vector_env(VECTOR_EPISODES, reward="distance", previews=False, seed=14)
    observation, _ = env.reset()
    totals = np.zeros(VECTOR_EPISODES)
    finished = np.zeros(VECTOR_EPISODES, bool)
    vector_returns, vector_wins = [], 0
    while not finished.all():
        observation, reward, terminated, truncated, _ = env.step(random_legal(rng, observation["action_mask"]))
        totals += reward
        first = (terminated | truncated) & ~finished
        vector_returns += totals[first].tolist()
        vector_wins += int(np.count_nonzero(first & (env.status == 1)))
        finished |= terminated | truncated
    assert not np.any(np.asarray(vector_returns) < 0)
    assert stats.ks_2samp(single_returns, vector_returns).pvalue > ALPHA
    assert stats.mannwhitneyu(single_returns, vector_returns).pvalue > ALPHA
    table = [[single_wins, SINGLE_EPISODES - single_wins], [vector_wins, VECTOR_EPISODES - vector_wins]]
    assert stats.fisher_exact(table).pvalue > ALPHA
