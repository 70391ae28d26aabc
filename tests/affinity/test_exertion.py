"""Exertion (003 "Exertion Minimums", "Exertion Budget"; ref §1 Initiative): the minimum for each action tier,
a budget of at most Proficiency for each action, one Expert-or-higher action a turn, the same cap on tasks
and journeys, and initiative exertion that never lifts a dying character off 0 HD."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import ScriptedRng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.character import conformance_party
from gamewright.games.affinity.combat import Act, build_fight
from gamewright.games.affinity.tasks import Roller, group_roll
from gamewright.games.affinity.travel import Journey

from .helpers import adjacent, scenario, turn_of


def _exertions(state, ability: str) -> set[int]:
    return {a.exertion for a in state.legal_actions() if a.verb == "use" and a.ability == ability and not a.affinity}


def test_exertion_minimums_per_tier() -> None:
    """003 "Exertion Minimums": Basic 0, Advanced 0, Expert 1, Legendary 2, Ultimate 3 (each ≤ Proficiency)."""
    state = scenario(level=5, creature="veteran_sellsword")  # Bram: Proficiency 3
    adjacent(state, 0, 4)
    turn_of(state, 0)
    assert _exertions(state, "weapon_strike") == {0, 1, 2, 3}
    assert _exertions(state, "rally") == {0, 1, 2, 3}
    assert _exertions(state, "hold_the_line") == {1, 2, 3}
    before = state.to_json()
    with pytest.raises(RuleViolation, match="exertion must be 1..3"):
        state.apply(Act("use", "hold_the_line", -1, 0))
    assert state.to_json() == before
    state = scenario(level=7, creature="veteran_sellsword")  # Proficiency 4: Legendary Strike needs 2
    adjacent(state, 0, 4)
    turn_of(state, 0)
    assert _exertions(state, "legendary_strike") == {2, 3, 4}


def test_exertion_budget_is_per_action_and_at_most_proficiency() -> None:
    """003 "Exertion Budget": each action gets an independent pool = Proficiency; unused exertion does not carry."""
    state = scenario(level=5, creature="veteran_sellsword")
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[2, 2, 2, 2, 2, 2] + [1] * 12)
    before = state.to_json()
    with pytest.raises(RuleViolation):
        state.apply(Act("use", "weapon_strike", 4, 4))
    assert state.to_json() == before
    state.apply(Act("use", "rally", 1, 3))  # 6 dice at 3+: all 2s, a failure with no burn
    assert state.active == 0 and _exertions(state, "weapon_strike") == {0, 1, 2, 3}


def test_one_expert_or_higher_action_per_turn() -> None:
    """003 "Exertion Budget": only 1 action may be Expert tier or higher per turn; the other Basic or Advanced."""
    state = scenario(level=5, creature="veteran_sellsword")
    bram = state.fighters[0]
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[6, 6, 6, 6] + [3] * 30)
    state.apply(Act("use", "hold_the_line", -1, 1))
    assert bram.expert_used and state.active == 0
    legal = {a.ability for a in state.legal_actions() if a.verb == "use"}
    assert "devastating_assault" not in legal and "weapon_strike" in legal and "rally" in legal
    with pytest.raises(RuleViolation, match="one Expert"):
        state.apply(Act("use", "devastating_assault", 4, 1))


def test_task_and_travel_exertion_at_most_proficiency() -> None:
    """003 "Exertion Budget": each roll's exertion is at most Proficiency, in threshold mode too."""
    with pytest.raises(RuleViolation, match="at most Proficiency"):
        group_roll(ScriptedRng(dice=[]), [Roller("a", 1, exertion=2)], 3, 1)
    with pytest.raises(RuleViolation, match="at most Proficiency"):
        Journey("short", "easy", ["hostile"], 1, navigator_exertion=2).validate()
    result = group_roll(ScriptedRng(dice=[3, 1]), [Roller("a", 1, exertion=1)], 3, 1)
    assert result.rolls[0].burned == 1


def test_initiative_exertion_never_lifts_a_dying_character_off_zero() -> None:
    """ref §1 Initiative: exertion dice may be added (burning on 1s); "0 HD" stays 0 HD for the unconscious."""
    for seed in range(20):
        party = conformance_party(5)
        party[3].hd, party[3].resolve = 0, 2  # the Weaver's sheet is dying
        state, _ = build_fight(party, "veteran_sellsword", 2, seed, {"initiative_exertion": 3})
        weaver = state.fighters[3]
        assert weaver.hd == 0 and weaver.status == rs.DYING and weaver.resolve == 2
        assert state.invariant_violations() == []
