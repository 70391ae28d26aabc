"""Issue 15 §2, §5: agent specs with parameters, the search agents' determinism, and a strength check at a tiny
budget with a wide margin (the full ladder is ``benchmarks/agents_ladder.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from gamewright.agents.evaluate import evaluate
from gamewright.agents.registry import agent_names, make_agent, parse_spec
from gamewright.agents.search import ISMCTSAgent, MonteCarloAgent, action_key
from gamewright.core.errors import ConfigError
from gamewright.core.game import load_game
from gamewright.core.rng import Rng, derive_seed


def test_specs_take_parameters_in_the_lab_syntax() -> None:
    agent = make_agent("penance", "ismcts:iterations=7:c=0.5:depth=9:widen=1.5:rollout=penance.heuristic", 3)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.c, agent.depth, agent.widen) == (7, 0.5, 9, 1.5)
    assert agent.rollout is not None
    assert make_agent("penance", "ismcts:iterations=7,c=0.5", 3).c == 0.5  # a lone spec may use commas
    mc = make_agent("prince", "montecarlo:rollouts=3:max_actions=2", 1)
    assert isinstance(mc, MonteCarloAgent) and (mc.rollouts, mc.max_actions) == (3, 2)
    assert isinstance(make_agent("affinity", "ismcts", 1), ISMCTSAgent)
    assert isinstance(make_agent("affinity", "affinity.ismcts:iterations=5", 1), ISMCTSAgent)  # as the web names it
    assert "ismcts" in agent_names("inclinations")
    assert parse_spec("ismcts", "ms=250") == {"ms": 250}


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=0", "ismcts:iterations=²", "ismcts:speed=3", "ismcts:iterations", "ismcts:c=fast",
    "ismcts:rollout=nobody", "ismcts:rollout=ismcts", "random:iterations=3", "ismcts:c=1000",
])
def test_bad_specs_are_config_errors(spec: str) -> None:
    with pytest.raises(ConfigError):
        make_agent("penance", spec, 0)


def test_lab_simulate_accepts_a_search_spec(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("lab", "simulate", "affinity", "-n", "2", "--agents", "ismcts:iterations=3:depth=5,random")
    assert code == 0, err


@pytest.mark.parametrize("game", ["affinity", "inclinations", "penance", "prince"])
def test_search_is_reproducible_from_its_seed(game: str) -> None:
    state = load_game(game).new_initial_state(4)
    for spec in ("ismcts:iterations=6:depth=8", "montecarlo:rollouts=1:depth=8"):
        first = [action_key(make_agent(game, spec, s).choose(state)) for s in range(3)]
        again = [action_key(make_agent(game, spec, s).choose(state)) for s in range(3)]
        assert first == again


def test_evaluate_is_a_bounded_lead() -> None:
    for game in ("affinity", "inclinations", "penance"):
        state = load_game(game).new_initial_state(1)
        assert -1.0 <= evaluate(game, state, 0) <= 1.0
        assert evaluate(game, state, 0) == pytest.approx(-evaluate(game, state, 1))
    assert evaluate("prince", load_game("prince").new_initial_state(1), 0) == 0.0  # no measure: a draw


def _wins(game_name: str, spec: str, opponent: str, games: int) -> int:
    """Games won by ``spec`` against ``opponent`` over seeded games, seats alternated."""
    game = load_game(game_name)
    wins = 0
    for g in range(games):
        me = g % 2
        agents = [make_agent(game_name, opponent, derive_seed(g, "r")) for _ in range(2)]
        agents[me] = make_agent(game_name, spec, derive_seed(g, "i"))
        wins += _play_out(game.new_initial_state(g), agents)[me] > 0
    return wins


def _play_out(state: Any, agents: list[Any]) -> list[float]:
    """The returns once ``agents`` (one a seat) have played ``state`` to its end."""
    while not state.is_terminal():
        state.apply(agents[state.current_player].choose(state))
    return list(state.returns())


def test_ismcts_beats_random_clearly() -> None:
    """The party and the creatures are not even, so the yardstick is a random agent in the same seats and fights:
    ismcts at 24 iterations must win at least two fights more of the eight."""
    searched = _wins("affinity", "ismcts:iterations=24:depth=20", "random", 8)
    assert searched >= _wins("affinity", "random", "random", 8) + 2


def test_ismcts_whole_turn_plans_beat_the_hard_bot() -> None:
    """Issue 15 acceptance at a small budget: searching whole-turn plans (20 playouts of at most 100 actions per
    turn) wins at least 6 of 8 games against the hard bot (7 here, where the hard bot itself wins 4 of these 8;
    the 200-game figure comes from ``benchmarks/agents_strength.py``)."""
    assert _wins("inclinations", "ismcts:iterations=20:depth=100", "inclinations.hard-bot", 8) >= 6


PENANCE_DEALS = 32  # the first 32 games ismcts plays seated first in ``benchmarks/agents_strength.py``
DICE_STREAMS = 32  # the heuristic's expected wins on a deal: its games with this many redrawn random streams


def _penance_first_seat_won(agent: str, g: int, dice: int | None = None) -> bool:
    """Whether ``agent`` seated first wins game ``g`` of ``benchmarks/agents_strength.py`` (same deal, same
    seeds) against the heuristic; with ``dice`` the random stream is redrawn once the cards are dealt."""
    state = load_game("penance").new_initial_state(derive_seed(g, "ladder-game"))
    if dice is not None:
        state.rng = Rng(dice)
    agents = [make_agent("penance", agent, derive_seed(g, "ladder0")),
              make_agent("penance", "penance.heuristic", derive_seed(g, "ladder1"))]
    return _play_out(state, agents)[0] > 0


@pytest.mark.slow
def test_ismcts_seated_first_wins_more_penance_deals_than_the_heuristic() -> None:
    """Issue 15 acceptance for Penance at a small budget: ismcts at 40 playouts a decision (``z=2``: the bot's
    choice stands unless a rival beats it by two standard errors) and the heuristic, each seated first against
    the heuristic on the same 32 deals; ismcts must win more of them than the heuristic is expected to.

    The first seat, because Penance favours it strongly and that is where the search gains (at the default 200
    playouts it won 93 of the ladder's 100 first-seat games where the heuristic won 75; seated second 29 against
    20). The heuristic never draws on its stream, so on a deal the dice alone decide its result: its expectation
    is its wins over 32 redrawn dice streams a deal, not its one game with the deal's own dice, whose luck would
    swamp a paired count. Measured with ``benchmarks/penance_first_seat.py`` over the log
    ``benchmarks/results/ismcts40-penance-first-seat-200.txt``: on these 32 deals ismcts won 27 where the
    heuristic is expected to win 24.72 (64 deals: 55 against 49.97; 48: 40 against 37.44); over the ladder's
    first 200 first-seat deals, 174 against 157.66 (200 streams a deal) -- +8.2 points, 3.4 standard errors, the
    first and the second hundred alike. That 200-deal run is the claim; this test is its small, seeded witness,
    sized for the suite's time (about 4.5 s of CPU a deal: 64 deals took a fifth of the whole suite's CPU). At 24
    playouts ismcts won only 72 of the first hundred: below about 40 the search's noisy overrules cost more than
    they find. Should an engine change reshuffle the dice, the margin's standard deviation here is about 2 wins,
    so the test would pass about 92 times in 100 (64 deals: 97)."""
    deals = range(0, 2 * PENANCE_DEALS, 2)
    expected = sum(_penance_first_seat_won("penance.heuristic", g, derive_seed(g, f"dice{r}"))
                   for g in deals for r in range(DICE_STREAMS)) / DICE_STREAMS
    won = sum(_penance_first_seat_won("ismcts:iterations=40:z=2", g) for g in deals)
    assert won > expected, (won, expected)


def test_macro_actions_are_the_default_where_a_game_has_them() -> None:
    plain = make_agent("inclinations", "ismcts:macro=0", 1)
    tuned = make_agent("inclinations", "ismcts", 1)
    assert plain.hooks is None and tuned.hooks is not None
    assert (tuned.iterations, tuned.depth) == (60, 300) and tuned.rollout is not None  # the game's defaults
    assert make_agent("inclinations", "ismcts:iterations=9", 1).iterations == 9  # a spec still overrides them
    assert make_agent("affinity", "ismcts", 1).hooks is None  # no hooks: the plain tree


def test_a_chosen_turn_plan_is_played_out_whole() -> None:
    """The agent picks one candidate plan at the start of its turn and then hands out exactly its steps."""
    from gamewright.games.inclinations import search_hooks

    state = load_game("inclinations").new_initial_state(3)
    bot = make_agent("inclinations", "inclinations.hard-bot", 0)
    while state.phase == "deploy":
        state.apply(bot.choose(state))
    seat = state.current_player
    agent = make_agent("inclinations", "ismcts:iterations=6:depth=30", 5)
    same = make_agent("inclinations", "ismcts:iterations=6:depth=30", 5)  # seeded alike: the agent's candidates
    candidates = {tuple(a.to_text() for a in m) for m in search_hooks.macro_actions(state, seat, same.rng, same._guide)}
    played = []
    while state.current_player == seat and state.phase == "play":
        action = agent.choose(state)
        played.append(action.to_text())
        state.apply(action)
    assert tuple(played) in candidates and played[-1] == "end"


def test_the_bots_choice_stands_when_no_rival_is_better() -> None:
    from gamewright.agents.macro import choose_macro
    from gamewright.agents.search import _random_action
    from gamewright.core.rng import Rng

    state = load_game("penance").new_initial_state(2)
    macros = [[a] for a in state.legal_actions()]
    even = choose_macro(state, state.current_player, macros, 30, Rng(1), None, _random_action, 5,
                        lambda s, seat: 0.0, 0.0)
    assert even == 0
