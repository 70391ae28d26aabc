"""Observations made for learning: each game's encoder stays inside its declared spaces over 10,000 random steps, is a
function of the seat's view (and its own previews) alone, keeps each action id's meaning in every state, and is
documented field by field (its module's table and the environments page)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.spaces import flatten as gym_flatten  # noqa: E402

from gamewright.agents.search import action_key  # noqa: E402
from gamewright.core.game import load_game  # noqa: E402
from gamewright.core.rng import Rng  # noqa: E402
from gamewright.envs import pettingzoo_env  # noqa: E402
from gamewright.envs.catalogue import TextCatalogue, catalogue_for  # noqa: E402
from gamewright.envs.encoders import Encoder, encoder_for  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("affinity", "inclinations", "penance", "prince")
# configurations whose shapes differ from the default: squads, a larger table, a larger fight, carried fractions
CONFIGS = [(g, {}) for g in GAMES] + [
    ("penance", {"decks": "confessor/confessor,ironclad/ironclad"}),
    ("inclinations", {"players": 4}),
    ("affinity", {"level": 5, "count": 6}),
    ("prince", {"rounding": "carry", "opponent_draws": "prebuilt", "unlocks": "all"}),
]
MODULES = {"affinity": "affinity", "inclinations": "inclinations", "penance": "penance", "prince": "prince"}
STEPS = 10_000  # each game's default configuration
OTHER_STEPS = 2_500  # each further configuration
PREVIEW_EVERY = {"prince": 97, "penance": 23}  # previews are costly (Prince: 7 exact previews a turn): a sample


def _setup(game: str, options: dict[str, Any]) -> tuple[Any, TextCatalogue, Encoder]:
    g = load_game(game, options=options)
    catalogue = catalogue_for(game, g.num_players, g)
    assert isinstance(catalogue, TextCatalogue)
    encoder = encoder_for(game, g, catalogue.texts)
    assert encoder is not None, f"{game} names no encoder in its manifest"
    return g, catalogue, encoder


def _random_states(g: Any, steps: int, label: str) -> Iterator[Any]:
    """``steps`` states of random play (new games as they end), each before its action is chosen."""
    rng = Rng(f"encoders/{label}")
    seed = 0
    state = g.new_initial_state(seed)
    for _ in range(steps):
        while state.is_terminal():
            seed += 1
            state = g.new_initial_state(seed)
        yield state
        state.apply(rng.choice(state.legal_actions()))


def _previews(state: Any, seat: int, catalogue: TextCatalogue, encoder: Encoder) -> dict[int, dict[str, Any]]:
    legal = catalogue.legal_map(state)
    wanted = encoder.previews_wanted(state.view_for(seat), list(legal))
    return {i: state.preview(legal[i]) for i in wanted}


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=lambda x: str(x) if x else "default")
def test_encoder_stays_in_its_spaces_over_random_play(game: str, options: dict[str, Any]) -> None:
    """10,000 random steps (2,500 in the further configurations): every observation lies in the flat ``Box``
    (the same bounds as the ``Dict``, checked on a sample), ``flatten`` is gymnasium's own flattening of the
    ``Dict``, and its size never changes. Previews enter on a sample of steps (every step where they are cheap)."""
    g, catalogue, encoder = _setup(game, options)
    every = PREVIEW_EVERY.get(game, 1)
    size = encoder.flat_space.shape[0]
    steps = OTHER_STEPS if options else STEPS
    for step, state in enumerate(_random_states(g, steps, f"{game}/{options}")):
        seat = state.current_player
        previews = _previews(state, seat, catalogue, encoder) if step % every == 0 else {}
        obs = encoder.encode(state.view_for(seat), previews)
        flat = encoder.flatten(obs)
        assert flat.shape == (size,) and flat.dtype == np.float32
        assert encoder.flat_space.contains(flat), _outside(encoder, obs)
        if step % 100 == 0:
            assert encoder.space.contains(obs), _outside(encoder, obs)
            assert np.array_equal(gym_flatten(encoder.space, obs), flat)
            other = (seat + 1) % g.num_players  # a seat off its turn sees the same kind of observation
            assert encoder.flat_space.contains(encoder.flatten(encoder.encode(state.view_for(other))))


def _outside(encoder: Encoder, obs: dict[str, np.ndarray]) -> str:
    bad = [name for name, box in encoder.space.spaces.items() if not box.contains(obs[name])]
    return f"fields outside their range or shape: {bad}"


def test_previews_are_clipped_into_range() -> None:
    """A preview's numbers beyond the documented scales (an 80-damage attack, a huge expected score) stay in
    [0, 1]: the per-action columns are clipped, never out of their space."""
    for game, action_id, preview in (
        ("prince", 0, {"action": "Sun", "legal": True, "expected_score": {"float": 1e9},
                       "combustion": {"player": {p: {"float": 1.0} for p in ("Sun", "Moon", "Mars")},
                                      "opponent": {"Moon": {"float": 1.0}, "Sun": {"float": 1.0}}},
                       "propagation_risk": {"float": 1.0}, "crit_chance": {"player": 1.0, "opponent": 2.0},
                       "polarity": "testimony"}),
        ("penance", 0, {"legal": True, "kind": "attack", "hit": {"float": 1.0}, "expected_taken": {"float": 80.0},
                        "tiers": {"critical": {"float": 0.7}, "execution": {"float": 0.6},
                                  "catastrophic": {"float": 0.1}}}),
    ):
        g, catalogue, encoder = _setup(game, {})
        state = g.new_initial_state(0)
        obs = encoder.encode(state.view_for(state.current_player), {action_id: preview})
        assert encoder.space.contains(obs)
        assert obs["action_preview"][action_id].max() == 1.0 and obs["action_preview"].min() >= 0.0


@pytest.mark.parametrize("game", GAMES)
def test_observation_is_a_function_of_the_view(game: str) -> None:
    """A state and its ``resample``d twin (hidden cards, opponents to come and random stream redrawn: the seat's
    view is equal by construction) give equal observations, previews included — the encoder sees nothing else."""
    g, catalogue, encoder = _setup(game, {})
    checked = 0
    for step, state in enumerate(_random_states(g, 1500, f"twin/{game}")):
        if step % 25:
            continue
        seat = state.current_player
        twin = state.resample(seat, Rng(f"twin/{game}/{step}"))
        assert twin.view_for(seat) == state.view_for(seat)
        mine = encoder.encode(state.view_for(seat), _previews(state, seat, catalogue, encoder))
        theirs = encoder.encode(twin.view_for(seat), _previews(twin, seat, catalogue, encoder))
        assert all(np.array_equal(mine[k], theirs[k]) for k in mine), game
        for other in range(g.num_players):  # and off its turn, for every seat
            if other != seat:
                a, b = encoder.encode(state.view_for(other)), encoder.encode(twin.view_for(other))
                assert all(np.array_equal(a[k], b[k]) for k in a) or state.view_for(other) != twin.view_for(other)
        checked += 1
    assert checked >= 50


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=lambda x: str(x) if x else "default")
def test_action_ids_are_stable(game: str, options: dict[str, Any]) -> None:
    """The same action text has the same id in every state: each legal action's id names its text, every legal
    action has one, and a catalogue built again (another environment of the configuration) is the same list."""
    g, catalogue, _ = _setup(game, options)
    again = pettingzoo_env(game, options=options, obs="hash")
    assert again.catalogue.texts == catalogue.texts  # type: ignore[union-attr]
    assert len(set(catalogue.texts)) == catalogue.size
    seen: dict[str, int] = {}
    for state in _random_states(g, 2000, f"ids/{game}/{options}"):
        legal = catalogue.legal_map(state)
        assert len(legal) == len(state.legal_actions()), "a legal action has no id"
        for i, action in legal.items():
            text = action_key(action)
            assert catalogue.texts[i] == text == again.action_text(i)
            assert seen.setdefault(text, i) == i
    assert len(seen) > 5


def test_affinity_ids_name_ability_target_and_exertion() -> None:
    """Affinity's ids are fixed by (ability, target slot, exertion, Affinity dice), not by a place in the legal
    list: an id means one text whatever else is legal."""
    env = pettingzoo_env("affinity", options={"level": 5}, obs="hash")
    texts = env.catalogue.texts
    assert texts[:2] == ["end", "hold"]
    strike = texts.index("use weapon_strike on 4 exert 2")
    assert env.action_text(strike) == "use weapon_strike on 4 exert 2"
    assert texts.index("use weapon_strike on 4") < strike < texts.index("use weapon_strike on 5")


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=lambda x: str(x) if x else "default")
def test_masks_are_never_empty_on_a_live_seat(game: str, options: dict[str, Any]) -> None:
    """Through the AEC environment, random play to the end of several games: the agent on move always has a legal
    action, and a seat not on move has none."""
    env = pettingzoo_env(game, options=options, previews=False)
    rng = np.random.default_rng(0)
    for seed in range(2):
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=1500):
            obs, _, terminated, truncated, _ = env.last()
            live = not (terminated or truncated)
            assert obs["action_mask"].sum() > 0 if live else obs["action_mask"].sum() == 0
            for other in env.agents:
                if other != agent:
                    assert env.observe(other)["action_mask"].sum() == 0
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))) if live else None)


@pytest.mark.parametrize("game", GAMES)
def test_observation_forms(game: str) -> None:
    """``obs="dict"`` (the default) gives the encoder's fields, ``"flat"`` its vector, ``"hash"`` the hashed view;
    the default truncation is the encoder's."""
    forms = {form: pettingzoo_env(game, obs=form, previews=False) for form in ("dict", "flat", "hash")}
    encoder = forms["dict"].observer.encoder
    assert forms["dict"].max_steps == encoder.max_steps > 0
    for form, env in forms.items():
        env.reset(seed=3)
        agent = env.agent_selection
        obs = env.observe(agent)
        assert env.observation_space(agent).contains(obs), form
    assert set(forms["dict"].observe(forms["dict"].agent_selection)["observation"]) == set(encoder.space.spaces)
    assert forms["flat"].observation_space("player_0")["observation"] == encoder.flat_space
    assert forms["hash"].observation_space("player_0")["observation"].shape == (256,)


# --- the documentation ---------------------------------------------------------------------------------------
ROW = re.compile(r"^\| `(\w+)` \| \(([^)]*)\) \| ([^|]+) \|", re.MULTILINE)


@pytest.mark.parametrize("game", GAMES)
def test_the_encoders_table_documents_every_field(game: str) -> None:
    """The encoder module's docstring table lists its fields in order, with their shapes (numbers where fixed,
    a letter where the configuration sets them) and their ranges."""
    _, _, encoder = _setup(game, {})
    doc = importlib.import_module(f"gamewright.envs.encoders.{MODULES[game]}").__doc__ or ""
    rows = ROW.findall(doc)
    fields = encoder.table.fields  # type: ignore[attr-defined]
    assert [name for name, _, _ in rows] == [f.name for f in fields]
    for (name, shape, span), f in zip(rows, fields, strict=True):
        dims = [d.strip() for d in shape.split(",") if d.strip()]
        assert len(dims) == len(f.shape), name
        assert all(not d.isdigit() or int(d) == n for d, n in zip(dims, f.shape, strict=True)), name
        assert ("−1" in span) == (f.low == -1.0), name


def test_the_environments_page_lists_every_field() -> None:
    page = (ROOT / "docs" / "research" / "environments.md").read_text(encoding="utf-8")
    assert '{{ results_table("env_sizes") }}' in page
    section = page[page.index("## Observations"):]
    for game in GAMES:
        _, _, encoder = _setup(game, {})
        missing = [f.name for f in encoder.table.fields  # type: ignore[attr-defined]
                   if f"`{f.name}`" not in section]
        assert not missing, f"{game}: {missing}"


def test_a_refused_action_shows_the_same_observation_again() -> None:
    """Gymnasium's Space Prince: an action that is not legal changes nothing — the observation shown again (the
    previews are not redone) equals the one before, and is a copy the caller may change."""
    from gamewright.envs import gymnasium_env

    env = gymnasium_env("prince")
    rng = np.random.default_rng(1)
    for seed in range(20):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            refused = np.flatnonzero(obs["action_mask"] == 0)
            if len(refused):
                again, reward, terminated, _, info = env.step(int(refused[0]))
                assert info == {"illegal": True} and reward == env.illegal_reward and not terminated
                assert all(np.array_equal(again["observation"][k], obs["observation"][k]) for k in obs["observation"])
                again["observation"]["distance"][0] = 0.5
                assert env.step(int(refused[0]))[0]["observation"]["distance"][0] != 0.5 or \
                    obs["observation"]["distance"][0] == 0.5
                return
            obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done = terminated or truncated
    pytest.fail("no run met a combust planet")
