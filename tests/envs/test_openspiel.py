"""Issue 26, OpenSpiel interop: each game registers as a pyspiel Python game, passes OpenSpiel's own random
simulation test, shows the envs' encoder as its tensors, refuses an illegal id without a trace, and is played by
OpenSpiel's Python ``MCTSBot`` and ``ISMCTSBot`` through ``evaluate_bots``.

Kept cheap: short truncations (``max_steps``) and a handful of simulations per move."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra (open-spiel) is not installed")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from gamewright.core.game import load_game  # noqa: E402
from gamewright.core.limits import SEED_MAX  # noqa: E402
from gamewright.core.rng import Rng  # noqa: E402
from gamewright.envs import openspiel as gos  # noqa: E402
from gamewright.envs.catalogue import catalogue_for  # noqa: E402
from gamewright.envs.observe import Observer  # noqa: E402

GAMES = ("prince", "inclinations", "affinity", "penance")
IMPERFECT = pyspiel.GameType.Information.IMPERFECT_INFORMATION
PERFECT = pyspiel.GameType.Information.PERFECT_INFORMATION
# what each game tells OpenSpiel (see the module's docstring for why)
EXPECTED = {
    "prince": (IMPERFECT, pyspiel.GameType.Utility.GENERAL_SUM, 1),
    "inclinations": (IMPERFECT, pyspiel.GameType.Utility.GENERAL_SUM, 2),
    "affinity": (PERFECT, pyspiel.GameType.Utility.ZERO_SUM, 2),
    "penance": (IMPERFECT, pyspiel.GameType.Utility.ZERO_SUM, 2),
}
# short games: a Space Prince observation previews every planet (tens of ms), the others' are cheap
SHORT = {"prince": 8, "inclinations": 40, "affinity": 40, "penance": 40}
STREAMS = {"prince": ("seed", "rng", "orng"), "inclinations": ("rng",), "affinity": ("rng",), "penance": ("rng",)}


def short_game(game: str, **params: Any) -> Any:
    return pyspiel.load_game(gos.PREFIX + game, {"max_steps": SHORT[game], "seed": 5, **params})


def random_states(game: Any, seed: int, steps: int) -> list[Any]:
    """A random playout through pyspiel: each state met (clones), the last one where it ended or stopped."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    seen = [state.clone()]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
        seen.append(state.clone())
    return seen


def without_streams(game: str, data: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in data.items() if k not in STREAMS[game]}, sort_keys=True, default=str)


@pytest.mark.parametrize("game", GAMES)
def test_registered_by_its_exact_name_with_an_honest_type(game: str) -> None:
    name = "gamewright_" + game
    assert name in pyspiel.registered_names()
    loaded = pyspiel.load_game(name)
    t = loaded.get_type()
    assert t.short_name == name
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.provides_information_state_tensor and t.provides_observation_tensor
    information, utility, players = EXPECTED[game]
    assert (t.information, t.utility, loaded.num_players()) == (information, utility, players)
    engine = load_game(game)
    observer = Observer(game, engine, obs="flat")
    assert loaded.num_distinct_actions() == catalogue_for(game, engine.num_players, engine).size
    assert loaded.max_game_length() == observer.max_steps
    assert loaded.observation_tensor_shape() == [observer.encoder.flat_space.shape[0]]
    assert loaded.information_state_tensor_shape() == loaded.observation_tensor_shape()
    assert loaded.max_chance_outcomes() == 0
    assert pyspiel.load_game(name, {"max_steps": 17}).max_game_length() == 17


def test_parameters_reach_the_engine() -> None:
    six = pyspiel.load_game("gamewright_inclinations", {"players": 3, "options": "to_hit=d10;round_limit=50"})
    assert six.num_players() == 3
    rules = six.setup.engine.rules
    assert (rules.to_hit, rules.round_limit) == ("d10", 50)
    proto = pyspiel.load_game("gamewright_prince", {"ruleset": "prototype"})
    assert proto.setup.engine.new_initial_state(1).cfg.prebuilt


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_random_simulation(game: str) -> None:
    """OpenSpiel's own checks of a game, as its python/games tests run them."""
    pyspiel.random_sim_test(short_game(game), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game", ("affinity", "prince"))
def test_random_playouts_reach_the_engines_end(game: str) -> None:
    """Whole games (no truncation reached) through pyspiel; the returns are the engine's."""
    loaded = pyspiel.load_game(gos.PREFIX + game, {"seed": 11, "previews": False})
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=False, verbose=False)
    final = random_states(loaded, 3, loaded.max_game_length())[-1]
    assert final.is_terminal() and final.inner.is_terminal()
    assert final.returns() == [float(r) for r in final.inner.returns()]


def engine_text(state: Any) -> str:
    return json.dumps(state.inner.to_json(), sort_keys=True, default=str)


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_games(game: str) -> None:
    """The ``seed`` parameter fixes the stream of initial states (a clone takes no seed from it), so equal
    seeds and equal actions replay a game."""
    one, two, other = short_game(game), short_game(game), short_game(game, seed=6)
    first = one.new_initial_state()
    first.clone()
    second = one.new_initial_state()
    assert engine_text(first) == engine_text(two.new_initial_state())
    assert engine_text(second) == engine_text(two.new_initial_state())
    a, b = random_states(one, 1, 12)[-1], random_states(two, 1, 12)[-1]
    assert a.history() == b.history() and engine_text(a) == engine_text(b)
    assert engine_text(first) != engine_text(other.new_initial_state())


def test_seed_stream_of_initial_states() -> None:
    """The k-th fresh state of a game loaded with ``seed`` takes the k-th draw of ``Rng(seed)``."""
    loaded = short_game("penance")
    seeds = Rng(5)
    for _ in range(2):
        state = loaded.new_initial_state()
        expected = load_game("penance").new_initial_state(seeds.randint(0, SEED_MAX))
        assert engine_text(state) == json.dumps(expected.to_json(), sort_keys=True, default=str)


@pytest.mark.parametrize("game", GAMES)
def test_tensors_are_the_envs_encoder(game: str) -> None:
    """Both tensors, for every player, are the encoder's flat vector of ``view_for(player)`` (with the player's
    previews on its turn), and the observer's named fields are the encoder's fields."""
    loaded = short_game(game)
    setup = loaded.setup
    encoder = setup.encoder
    observation = make_observation(loaded)
    for state in random_states(loaded, 2, 6 if game == "prince" else 30)[::3]:
        inner = state.inner
        for player in range(loaded.num_players()):
            view = inner.view_for(player)
            previews: dict[int, Any] = {}
            if not state.is_terminal() and player == state.current_player():
                legal = setup.catalogue.legal_map(inner)
                previews = {i: inner.preview(legal[i]) for i in encoder.previews_wanted(view, sorted(legal))}
            fields = encoder.encode(view, previews)
            expected = encoder.flatten(fields)
            assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), expected)
            assert np.array_equal(np.asarray(state.information_state_tensor(player), np.float32), expected)
            observation.set_from(state, player)
            assert list(observation.dict) == list(fields)
            for name, values in fields.items():
                assert np.array_equal(observation.dict[name], values)
            assert json.loads(state.observation_string(player)) == json.loads(gos.canonical(view))


@pytest.mark.parametrize("game", GAMES)
def test_illegal_action_is_refused_and_leaves_the_state(game: str) -> None:
    loaded = short_game(game)
    state = random_states(loaded, 4, 3)[-1]
    legal = state.legal_actions()
    # an id of the catalogue that is not legal now (where there is one) and an id past the catalogue
    refused = [a for a in range(loaded.num_distinct_actions()) if a not in legal][:1] + [loaded.num_distinct_actions()]

    def snapshot() -> tuple[Any, ...]:
        return (state.history(), state.move_number(), state.legal_actions(), state.current_player(),
                json.dumps(state.inner.to_json(), sort_keys=True, default=str))

    before = snapshot()
    for action in refused:
        with pytest.raises(ValueError, match="not legal"):
            state.apply_action(action)
        assert snapshot() == before
    assert [state.action_to_string(a) for a in legal] == [setup_text(loaded, a) for a in legal]


def setup_text(loaded: Any, action: int) -> str:
    return str(loaded.setup.catalogue.texts[action])


@pytest.mark.parametrize("game", GAMES)
def test_clone_is_independent(game: str) -> None:
    state = random_states(short_game(game), 7, 2)[-1]
    twin = state.clone()
    text = json.dumps(state.inner.to_json(), sort_keys=True, default=str)
    twin.apply_action(twin.legal_actions()[0])
    assert json.dumps(state.inner.to_json(), sort_keys=True, default=str) == text
    assert len(twin.history()) == len(state.history()) + 1


@pytest.mark.parametrize("game", GAMES)
def test_resample_keeps_the_information_state(game: str) -> None:
    """``resample_from_infostate`` (the engine's ``resample``) gives a twin the player cannot tell apart; only an
    imperfect-information game ever hides more than its random streams."""
    params = {"ruleset": "prototype"} if game == "prince" else {}
    loaded = short_game(game, **params)
    hidden = False
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in random_states(loaded, 8, SHORT[game]):
        if state.is_terminal():
            continue
        for player in range(loaded.num_players()):
            twin = state.resample_from_infostate(player, sampler)
            assert twin.information_state_string(player) == state.information_state_string(player)
            assert twin.history() == state.history()
            hidden |= without_streams(game, twin.inner.to_json()) != without_streams(game, state.inner.to_json())
    assert hidden == (loaded.get_type().information == IMPERFECT)


def mcts_bot(loaded: Any, seed: int) -> Any:
    rs = np.random.RandomState(seed)
    return mcts.MCTSBot(loaded, uct_c=2.0, max_simulations=3, evaluator=mcts.RandomRolloutEvaluator(1, rs),
                        random_state=rs)


@pytest.mark.parametrize("game", GAMES)
def test_mcts_bots_play_through_evaluate_bots(game: str) -> None:
    loaded = short_game(game, previews=False)
    bots = [mcts_bot(loaded, seat) for seat in range(loaded.num_players())]
    returns = evaluate_bots(loaded.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == loaded.num_players()
    assert all(loaded.min_utility() <= r <= loaded.max_utility() for r in returns)


@pytest.mark.parametrize("game", [g for g in GAMES if EXPECTED[g][0] == IMPERFECT])
def test_ismcts_bots_play_through_evaluate_bots(game: str) -> None:
    loaded = short_game(game, previews=False)
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [gos.ISMCTSBot(loaded, rollouts, 2.0, 3, random_state=np.random.RandomState(seat))
            for seat in range(loaded.num_players())]
    assert all(isinstance(b, ismcts.ISMCTSBot) for b in bots)
    returns = evaluate_bots(loaded.new_initial_state(), bots, np.random.RandomState(0))
    assert len(returns) == loaded.num_players()
    assert all(loaded.min_utility() <= r <= loaded.max_utility() for r in returns)


def test_openspiels_own_ismcts_bot_steps_on_penance() -> None:
    """The unchanged Python bot, played the way OpenSpiel's own test plays it (``step`` then ``apply_action``)."""
    loaded = short_game("penance", max_steps=12, previews=False)
    bot = ismcts.ISMCTSBot(loaded, mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)), 2.0, 4,
                           random_state=np.random.RandomState(3))
    state = loaded.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.move_number() == 12 or state.inner.is_terminal()


def test_only_the_seats_own_view_is_observed() -> None:
    """A public-only observer would need a different view: an imperfect-information game refuses to fake one."""
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match="own view"):
        make_observation(short_game("penance"), public)
    assert make_observation(short_game("affinity"), public) is not None  # perfect information: the view is public
    assert make_observation(short_game("penance"), pyspiel.IIGObservationType(perfect_recall=True)) is not None
