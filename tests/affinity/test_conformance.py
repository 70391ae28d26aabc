"""Conformance: 1,000 seeded fights end cleanly; protocol checks over random playouts (a refused action changes
nothing, JSON round trips, malformed states refused)."""

from __future__ import annotations

import json
import random

import pytest

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.game import CHANCE, TERMINAL, load_game, registered_games
from gamewright.core.rng import Rng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat import Act, parse_act
from gamewright.lab.affinity_conformance import matchups, run_conformance

from .helpers import scenario


def test_one_thousand_seeded_fights() -> None:
    """Level-1 party of four vs every creature, level 5 vs Advanced: no exception, dice counts never negative,
    nobody acts while unconscious, the dead stay dead (checked on every step inside ``checked_fight``)."""
    assert len(matchups()) == 18
    summary = run_conformance(1000, seed=0)
    assert summary["fights"] == 1000
    assert summary["violations"] == 0, summary["problems"]
    assert sum(r["fights"] for r in summary["matchups"]) == 1000
    assert {(r["level"], r["creature"]) for r in summary["matchups"]} == set(matchups())


def test_registered() -> None:
    assert "affinity" in registered_games()


def _random_playout(seed: int, options: dict | None = None) -> None:
    game = load_game("affinity", options=options)
    state = game.new_initial_state(seed)
    rng = Rng(f"playout-{seed}")
    dead: set[int] = set()
    steps = 0
    while not state.is_terminal():
        assert state.current_player in (0, 1)
        actor = state.fighters[state.active]
        assert actor.status == rs.OK, "nobody acts while unconscious"
        actions = state.legal_actions()
        assert actions
        act = rng.choice(actions)
        assert game.parse_action(state, act.to_text()) == act
        state.apply(act)
        assert state.invariant_violations() == []
        for f in state.fighters:
            assert f.idx not in dead or f.status == rs.DEAD
            if f.status == rs.DEAD:
                dead.add(f.idx)
        steps += 1
        assert steps < 20_000
    assert state.current_player == TERMINAL and state.legal_actions() == []
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("seed", range(30))
def test_random_playouts(seed: int) -> None:
    creatures = ["pall_wolf", "wolf_pack", "bandit_captain", "ice_wraith", "skeletal_warrior", "veteran_sellsword"]
    options = {"creature": creatures[seed % len(creatures)], "level": 1 + (seed % 10),
               "free_strikes": seed % 2 == 0, "healing": "count" if seed % 3 else "sum",
               "party": "combatant,priest,ranger,weaver" if seed % 4 else "scholar,shaman,sovereign,combatant"}
    _random_playout(seed, options)


def test_json_round_trip_and_replay() -> None:
    game = load_game("affinity", options={"creature": "sellsword"})
    state = game.new_initial_state(11)
    rng = Rng(5)
    actions = []
    for _ in range(40):
        if state.is_terminal():
            break
        data = json.loads(json.dumps(state.to_json()))
        assert game.state_from_json(data).to_json() == state.to_json()
        act = rng.choice(state.legal_actions())
        actions.append(act)
        state.apply(act)
    replay = game.new_initial_state(11)
    for act in actions:
        replay.apply(game.parse_action(replay, act.to_text()))
    assert replay.to_json() == state.to_json()
    clone = state.clone()
    assert clone.to_json() == state.to_json()


def test_illegal_action_leaves_state_unchanged() -> None:
    game = load_game("affinity")
    state = game.new_initial_state(3)
    before = state.to_json()
    for bad in (Act("use", "fireball", 4), Act("use", "weapon_strike", 99), Act("use", "weapon_strike", 4, 9),
                Act("fly"), Act("move", target=state.active)):
        with pytest.raises(RuleViolation):
            state.apply(bad)
        assert state.to_json() == before
    with pytest.raises(RuleViolation):
        game.parse_action(state, "dance wildly")


def test_view_hides_only_the_random_stream() -> None:
    state = load_game("affinity").new_initial_state(0)
    view = state.view_for(0)
    assert "rng" not in view and view["fighters"] == state.to_json()["fighters"]
    assert state.current_player != CHANCE


def test_greedy_policy_plays_sensibly() -> None:
    """The greedy party sweeps a weak medium encounter and clearly outplays random choices."""
    from gamewright.games.affinity.policies import GreedyPolicy, RandomPolicy
    from gamewright.lab.affinity_conformance import checked_fight

    greedy = sum(checked_fight(1, "pall_wolf", s, GreedyPolicy(), GreedyPolicy()).winner == 0 for s in range(40))
    rand = sum(checked_fight(1, "pall_wolf", s, RandomPolicy(s), GreedyPolicy()).winner == 0 for s in range(40))
    assert greedy >= 36 and rand < greedy


def test_greedy_party_keeps_its_ground_and_focuses() -> None:
    """While the foes close in the party shoots rather than walks; every shot of a turn goes to one target."""
    from gamewright.games.affinity.policies import GreedyPolicy

    state = load_game("affinity", options={"creature": "orc_raider"}).new_initial_state(3)
    policy = GreedyPolicy()
    targets: set[int] = set()
    while state.round == 1 and not state.is_terminal():
        act = policy.choose(state)
        if state.current_player == 0:
            assert act.verb != "move"
            if act.verb == "use" and act.target >= 4:
                targets.add(act.target)
        state.apply(act)
    assert len(targets) == 1


def test_apply_only_raises_rule_violation_and_leaves_state_unchanged() -> None:
    """Any action text or object: RuleViolation or success; a refused action changes nothing."""
    rnd = random.Random(5)
    words = ["use", "on", "exert", "affinity", "move", "share", "to", "end", "hold", "weapon_strike", "knife",
             "rush", "steady", "defend", "-1", "0", "1", "2", "4", "99", "x", "stabilize", "hold_the_line"]
    for seed in range(6):
        state = scenario(level=1 + 2 * (seed % 3), seed=seed)
        for _ in range(300):
            if state.is_terminal():
                break
            text = " ".join(rnd.choice(words) for _ in range(rnd.randint(0, 6)))
            try:
                act = parse_act(text)
            except RuleViolation:
                continue
            before = json.dumps(state.to_json(), sort_keys=True)
            try:
                state.apply(act)
            except RuleViolation:
                assert json.dumps(state.to_json(), sort_keys=True) == before
            assert state.invariant_violations() == []
            if rnd.random() < 0.5 and not state.is_terminal():
                state.apply(rnd.choice(state.legal_actions()))
        with pytest.raises(RuleViolation):
            state.apply("use weapon_strike")


def test_state_from_json_round_trips_and_rejects_malformed_states() -> None:
    """Protocol: ``state_from_json(s.to_json())`` round-trips; a malformed document is a ConfigError, not a crash."""
    import copy

    from gamewright.core.game import load_game

    game = load_game("affinity")
    rnd = random.Random(11)
    state = game.new_initial_state(4)
    for _ in range(40):
        data = state.to_json()
        assert game.state_from_json(data).to_json() == data
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    base = game.new_initial_state(2).to_json()
    mutations = [("order", [0, 0]), ("active", 99), ("fighters", []), ("round", "x"), ("winner", 7)]
    for key, value in mutations:
        with pytest.raises(ConfigError):
            game.state_from_json({**base, key: value})
    for field, value in (("hd", "x"), ("status", "asleep"), ("layers", [{"label": "a"}]), ("uses", {"rush": -1}),
                         ("help_faces", [7]), ("weapon", "spoon"), ("actions_left", -2)):
        data = copy.deepcopy(base)
        data["fighters"][0][field] = value
        with pytest.raises(ConfigError):
            game.state_from_json(data)
    data = copy.deepcopy(base)
    data["fighters"][data["active"]]["actions_left"] = 0  # the acting fighter must have an action to take
    with pytest.raises(ConfigError):
        game.state_from_json(data)
    with pytest.raises(ConfigError):
        game.state_from_json([])
