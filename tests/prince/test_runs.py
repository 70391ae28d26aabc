"""Runs: seeded replay, JSON round trips, refusals that change nothing, and 1,000 random playouts per ruleset."""

from __future__ import annotations

import json

import pytest

from gamewright.core.errors import GamewrightError, RuleViolation
from gamewright.core.game import load_game
from gamewright.core.rng import Rng
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.policies import GreedyPolicy, RandomPolicy
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.tables import PLANETS
from tests.prince.support import I


def _snap(state) -> str:  # noqa: ANN001
    return json.dumps(state.to_json(), sort_keys=True)


def _play(game: PrinceGame, seed: int, choose) -> tuple[list[str], list[dict]]:  # noqa: ANN001
    state = game.new_initial_state(seed)
    texts, events = [], []
    while not state.is_terminal():
        action = choose(state)
        texts.append(action.to_text())
        events.extend(e.to_json() for e in state.apply(action))
    return texts, events


@pytest.mark.parametrize("ruleset", ["design", "prototype"])
def test_a_seeded_run_replays_identically_from_its_seed_and_choices(ruleset: str) -> None:
    game = PrinceGame(ruleset)
    policy = RandomPolicy(9)
    texts, events = _play(game, 77, policy.choose)
    state = game.new_initial_state(77)
    replayed = []
    for text in texts:
        replayed.extend(e.to_json() for e in state.apply(game.parse_action(state, text)))
    assert replayed == events
    # and the same seed draws the same opponents regardless of the choices made
    other = game.new_initial_state(77)
    assert other.opponent_moment == game.new_initial_state(77).opponent_moment


@pytest.mark.parametrize("ruleset", ["design", "prototype"])
def test_state_json_round_trip_and_resume_mid_run(ruleset: str) -> None:
    game = PrinceGame(ruleset)
    state = game.new_initial_state(3)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert _snap(copy) == _snap(state)
    # both continue identically
    while not state.is_terminal():
        a = state.legal_actions()[-1]
        assert [e.to_json() for e in state.apply(a)] == [e.to_json() for e in copy.apply(a)]
    assert _snap(copy) == _snap(state)


def test_refusals_of_combust_locked_and_unknown_planets_change_nothing() -> None:
    game = PrinceGame("design", progress=Progress(encounters=1))  # Moon and Mercury unlocked
    state = game.new_initial_state(6)
    state.ps.combust[PLANETS.index("Mercury")] = True
    before = _snap(state)
    with pytest.raises(RuleViolation, match="combust"):
        state.apply(game.parse_action(state, "Mercury"))
    with pytest.raises(RuleViolation, match="locked"):
        state.apply(game.parse_action(state, "Saturn"))
    with pytest.raises(RuleViolation, match="no such planet"):
        state.apply(game.parse_action(state, "Pluto"))
    with pytest.raises(GamewrightError):
        game.parse_action(state, "")
    assert _snap(state) == before
    assert [a.planet for a in state.legal_actions()] == ["Moon"]


def test_registered_game_and_greedy_policy_play_to_the_end() -> None:
    game = load_game("prince", ruleset="prototype")
    for seed in range(5):
        texts, events = _play(game, seed, GreedyPolicy().choose)
        assert events[-1]["event"] == "run_end"


def _conformance(game: PrinceGame, seeds: range) -> dict[str, int]:
    outcomes = {"won": 0, "lost": 0}
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        for _ in range(200):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            action = rng.choice(legal)
            pi = PLANETS.index(action.planet)
            oi = state.current
            # never let a combust planet act: neither the player's choice nor the opponent's draw
            assert not state.ps.combust[pi] and state.unlocked[pi]
            assert not state.os.combust[oi]
            state.apply(action)
            assert state.invariant_violations() == []
            assert min(state.ps.affliction) >= 0 and min(state.os.affliction) >= 0
        assert state.is_terminal()
        outcomes[state.status] += 1
    return outcomes


@pytest.mark.parametrize("ruleset", ["design", "prototype"])
def test_conformance_1000_random_runs_never_raise_go_negative_or_let_combust_act(ruleset: str) -> None:
    total = {"won": 0, "lost": 0}
    # design: a spread of Princes, from brand new to veteran; prototype: every planet is open anyway
    levels = [Progress(), Progress(encounters=3), Progress(encounters=15), Progress.veteran()]
    for n, progress in enumerate(levels):
        game = PrinceGame(ruleset, progress=progress)
        for k, v in _conformance(game, range(n * 250, (n + 1) * 250)).items():
            total[k] += v
    assert total["won"] + total["lost"] == 1000


def test_13_refused_actions_leave_the_state_unchanged() -> None:
    """Issue 3: choosing a combust or locked planet, or a name that does not exist, is refused and changes
    nothing; apply of anything raises only RuleViolation."""
    game = PrinceGame("design", progress=Progress(encounters=1))
    state = game.new_initial_state(1)
    state.ps.combust[I("Mercury")] = True
    before = _snap(state)
    for bad in ("Mercury", "Saturn", "Pluto", "", None, 3, "moon "):
        with pytest.raises(RuleViolation):
            from gamewright.games.prince.state import Deploy

            state.apply(Deploy(bad))  # type: ignore[arg-type]
        assert _snap(state) == before
    for text in ("Pluto", "", "  "):
        with pytest.raises(RuleViolation):
            game.parse_action(state, text)
