"""Resolve: stage penalties, check triggers, one check per round, collapse, dying, death, Stabilize, Rush, Steady."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import ScriptedRng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat import Act, npc_actions

from .helpers import adjacent, scenario, turn_of


def holder(resolve: int = 5, resolve_max: int = 5, hd: int = 5, mindless: bool = False) -> SimpleNamespace:
    return SimpleNamespace(resolve=resolve, resolve_max=resolve_max, hd=hd, mindless=mindless, status=rs.OK,
                           checked_round=0, stabilized=False, steadfast=False, communing=False)


# --- stage penalties (003 "The Resolve Stages") -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("resolve", "expert", "extra", "defence"),
    [(5, True, 0, 0), (4, False, 0, 0), (3, False, 0, 1), (2, False, 1, 1), (1, False, 1, 2)],
)
def test_stage_penalties(resolve: int, expert: bool, extra: int, defence: int) -> None:
    f = holder(resolve)
    assert rs.can_initiate_expert(f) is expert
    assert rs.extra_required(f, "advanced") == extra
    assert rs.extra_required(f, "basic") == 0
    assert rs.defence_penalty(f) == defence


def test_creature_stage_counts_only_resolve_lost() -> None:
    # ref §1: a creature's stage is 5 − (listed − current)
    veteran = holder(resolve=3, resolve_max=3)
    assert rs.stage(veteran) == 5 and rs.can_initiate_expert(veteran)
    veteran.resolve = 2
    assert rs.stage(veteran) == 4 and not rs.can_initiate_expert(veteran)
    veteran.resolve = 0
    assert rs.stage(veteran) == 2 and rs.extra_required(veteran, "expert") == 1


def test_defence_never_below_one_die_in_combat() -> None:
    state = scenario(level=1)
    bram = state.fighters[0]
    bram.resolve = 1  # Staggering: two fewer defence dice, but at least one
    bram.layers = []
    turn_of(state, 4, dice=[6, 6, 1, 2, 5, 5, 5])
    adjacent(state, 4, 0)
    events = state.apply(Act("use", "knife", 0))
    damage = next(e for e in events if e.kind == "damage")
    assert len(damage.data["rolls"]) == 1


def test_defence_penalty_reduces_rolls_at_proficiency_three() -> None:
    state = scenario(level=5, creature="veteran_sellsword")
    bram = state.fighters[0]
    bram.layers = []
    bram.resolve = 3  # Shaken: one fewer
    turn_of(state, 4, dice=[6, 6, 6, 6, 6] + [1, 1, 1, 1, 1, 1, 1, 1] + [5])
    adjacent(state, 4, 0)
    events = state.apply(Act("use", "bastard_sword", 0))
    damage = next(e for e in events if e.kind == "damage")
    assert len(damage.data["rolls"]) == 2  # Proficiency 3 − 1


# --- the check itself --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("face", "after"), [(1, 2), (4, 2), (5, 3), (6, 4)])
def test_check_faces(face: int, after: int) -> None:
    f = holder(3)
    out = rs.resolve_check(f, ScriptedRng(dice=[face]), 1, rs.ENEMY_EFFECT)
    assert out is not None and f.resolve == after


def test_a_six_never_raises_above_the_maximum() -> None:
    f = holder(5)
    rs.resolve_check(f, ScriptedRng(dice=[6]), 1, rs.ENEMY_EFFECT)
    assert f.resolve == 5
    wolf = holder(1, 1)
    rs.resolve_check(wolf, ScriptedRng(dice=[6]), 1, rs.ENEMY_EFFECT)
    assert wolf.resolve == 1


def test_one_check_per_round_unit() -> None:
    f = holder(5)
    rng = ScriptedRng(dice=[2, 2])
    assert rs.resolve_check(f, rng, 1, rs.HEAVY_LOSS) is not None
    assert rs.resolve_check(f, rng, 1, rs.MAX_EXERTION) is None
    assert f.resolve == 4
    assert rs.resolve_check(f, rng, 2, rs.MAX_EXERTION) is not None
    assert f.resolve == 3


def test_mindless_creatures_are_immune() -> None:
    f = holder(0, 0, mindless=True)
    assert rs.resolve_check(f, ScriptedRng(dice=[]), 1, rs.ENEMY_EFFECT) is None


# --- triggers in combat ------------------------------------------------------------------------------------------
def _resolve_events(events):
    return [e for e in events if e.kind == "resolve"]


def test_trigger_maximum_exertion_and_one_check_per_round() -> None:
    state = scenario()
    adjacent(state, 0, 4)
    bram = state.fighters[0]
    # prof die 1, exertion die 1 (burns): a miss with exertion = Proficiency → check (die 3: 5 → 4)
    turn_of(state, 0, dice=[1, 1, 3])
    events = state.apply(Act("use", "weapon_strike", 4, 1))
    checks = _resolve_events(events)
    assert [c.data["reason"] for c in checks] == [rs.MAX_EXERTION]
    assert bram.resolve == 4 and bram.hd == 4
    # the same round: another max exertion and a second burn (2 HD lost ≥ Proficiency + 1) → no second check
    state.rng = ScriptedRng(dice=[1, 1])
    events = state.apply(Act("use", "weapon_strike", 4, 1))
    assert _resolve_events(events) == []
    assert bram.resolve == 4 and bram.hd == 3


def test_trigger_heavy_loss_in_a_round() -> None:
    state = scenario()
    bram = state.fighters[0]
    bram.layers = []
    adjacent(state, 4, 0)
    # goblin knife: faces 6,6 → 4 successes, 1 + 1 = 2 damage; Bram's defence 1 fails, 2nd point auto → 2 lost
    turn_of(state, 4, dice=[6, 6, 2, 1])
    events = state.apply(Act("use", "knife", 0))
    assert [c.data["reason"] for c in _resolve_events(events)] == [rs.HEAVY_LOSS]
    assert bram.hd == 3 and bram.resolve == 4


def test_trigger_failed_expert_action() -> None:
    state = scenario(level=5, creature="veteran_sellsword")
    bram = state.fighters[0]
    assert "hold_the_line" in bram.abilities
    turn_of(state, 0, dice=[1, 2, 3, 2, 5])
    events = state.apply(Act("use", "hold_the_line", -1, 1))
    checks = _resolve_events(events)
    assert [c.data["reason"] for c in checks] == [rs.FAILED_EXPERT] and checks[0].data["face"] == 5


def test_expert_ban_below_full_resolve_and_once_per_turn() -> None:
    state = scenario(level=5, creature="veteran_sellsword")
    bram = state.fighters[0]
    turn_of(state, 0)
    bram.resolve = 4
    assert not any(a.ability == "hold_the_line" for a in state.legal_actions())
    with pytest.raises(RuleViolation, match="too low"):
        state.apply(Act("use", "hold_the_line", -1, 1))
    bram.resolve = 5
    state.rng = ScriptedRng(dice=[6, 6, 6, 6])
    state.apply(Act("use", "hold_the_line", -1, 1))
    assert not any(a.ability in ("hold_the_line", "devastating_assault") for a in state.legal_actions())


def test_weakened_needs_one_more_success_on_advanced() -> None:
    state = scenario()
    bram = state.fighters[0]
    bram.resolve = 2
    turn_of(state, 0, dice=[6])
    events = state.apply(Act("use", "rally", 1, 0))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["required"] == 3 and not roll.data["success"]


def test_drop_to_zero_dying_hit_at_zero_and_end_of_round() -> None:
    state = scenario()
    weaver = state.fighters[3]
    weaver.layers = []
    weaver.hd = 1
    adjacent(state, 4, 3)
    # knife 1 success → 1 damage; defence 2 fails → 0 HD: dying, check (4 → Resolve 5 → 4)
    turn_of(state, 4, dice=[2, 1, 2, 4])
    events = state.apply(Act("use", "knife", 3))
    assert weaver.status == rs.DYING
    assert [c.data["reason"] for c in _resolve_events(events)] == [rs.ZERO_HD]
    # next round: hit while at 0 HD → check
    state.round += 1
    turn_of(state, 4, dice=[2, 1, 3])
    events = state.apply(Act("use", "knife", 3))
    assert [c.data["reason"] for c in _resolve_events(events)] == [rs.HIT_AT_ZERO]
    assert weaver.resolve == 3
    # the end-of-round check is skipped when the round already had its check
    events = []
    state.rng = ScriptedRng(dice=[1])
    state._end_round(events)
    assert _resolve_events(events) == []
    # a fresh round: the dying check at its end
    state.rng = ScriptedRng(dice=[2])
    events = []
    state._end_round(events)
    assert [c.data["reason"] for c in _resolve_events(events)] == [rs.DYING_ROUND]
    assert weaver.resolve == 2


def test_stabilize_counts_as_a_five() -> None:
    state = scenario()
    weaver = state.fighters[3]
    weaver.hd, weaver.resolve = 0, 1
    rs.update_status(weaver)
    bram = state.fighters[0]
    bram.x, bram.y = weaver.x, weaver.y + 1
    turn_of(state, 0, dice=[3])
    state.apply(Act("use", "stabilize", 3))
    assert weaver.stabilized
    events: list = []
    state._end_round(events)
    check = _resolve_events(events)[0]
    assert check.data["face"] == 5 and check.data["how"] == "stabilized" and weaver.resolve == 1
    assert weaver.status == rs.DYING


def test_enemy_effect_forces_a_check() -> None:
    state = scenario(creature="ice_wraith")
    bram = state.fighters[0]
    adjacent(state, 4, 0)
    # Chilling Touch: 1 success (1 damage), shield roll 6 cancels, the check rolls 2
    turn_of(state, 4, dice=[2, 1, 1, 10, 2])
    events = state.apply(Act("use", "chilling_touch", 0))
    assert [c.data["reason"] for c in _resolve_events(events)] == [rs.ENEMY_EFFECT]
    assert bram.resolve == 4


def test_collapse_is_unconscious_not_dying_and_then_death_at_zero_hd() -> None:
    state = scenario()
    bram = state.fighters[0]
    bram.resolve = 1
    rs.resolve_check(bram, ScriptedRng(dice=[3]), 9, rs.ENEMY_EFFECT)  # The Broken Warrior
    assert bram.status == rs.COLLAPSED and bram.hd > 0
    # 003 "Collapse": while unconscious you do not make Resolve checks (a 6 cannot wake you)
    assert rs.resolve_check(bram, ScriptedRng(dice=[6]), 10, rs.ENEMY_EFFECT) is None
    assert bram.status == rs.COLLAPSED and bram.resolve == 0
    bram.layers = []
    bram.hd = 1
    bram.status = rs.COLLAPSED
    bram.resolve = 0
    adjacent(state, 4, 0)
    turn_of(state, 4, dice=[2, 1, 1])
    state.apply(Act("use", "knife", 0))
    assert bram.status == rs.DEAD


def test_rush_and_steady_change_resolve_without_a_check() -> None:
    state = scenario(level=5, creature="veteran_sellsword")
    bram = state.fighters[0]
    bram.hd = 5
    turn_of(state, 0, dice=[])
    events = state.apply(Act("use", "rush"))
    assert bram.resolve == 4 and bram.hd == 8 and _resolve_events(events) == []
    events = state.apply(Act("use", "steady"))
    assert bram.resolve == 5 and bram.hd == 5 and _resolve_events(events) == []
    turn_of(state, 0)
    assert not any(a.ability in ("rush", "steady") for a in state.legal_actions())  # once per rest


def test_npc_action_counts() -> None:
    assert npc_actions("trivial", 4) == 1
    assert npc_actions("basic", 4) == 2 and npc_actions("basic", 4, 1) == 1
    assert npc_actions("advanced", 4) == 2 and npc_actions("expert", 4) == 2
    assert npc_actions("legendary", 5) == 5 and npc_actions("mythical", 4) == 6



@pytest.mark.parametrize("mindless", [False, True])
def test_which_status_fits_hd_and_resolve(mindless: bool) -> None:
    fits = {rs.OK: lambda hd, r: hd > 0 and (r > 0 or mindless),
            rs.COLLAPSED: lambda hd, r: hd > 0 and r == 0 and not mindless,
            rs.DYING: lambda hd, r: hd == 0 and r > 0 and not mindless,
            rs.DEAD: lambda hd, r: hd == 0,  # death may come with Resolve left (failed dying checks)
            "bogus": lambda hd, r: False}
    for hd in range(3):
        for resolve in range(3):
            for status, rule in fits.items():
                f = SimpleNamespace(hd=hd, resolve=resolve, mindless=mindless, status=status)
                assert rs.status_fits(f) == rule(hd, resolve), (hd, resolve, status)
                reachable = not (mindless and resolve == 0 and hd > 0)  # the mindless never lose Resolve
                if reachable and status == rs.update_status(SimpleNamespace(hd=hd, resolve=resolve,
                                                                            mindless=mindless, status=rs.OK,
                                                                            communing=False)):
                    assert rs.status_fits(f)  # what update_status gives always fits
