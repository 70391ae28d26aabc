"""Resolve: stage penalties, check triggers, one check per round, collapse, dying, death, Stabilize, Rush, Steady."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import ScriptedRng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.character import conformance_party, new_sheet
from gamewright.games.affinity.combat import Act, build_fight, fighter_from_creature, fighter_from_sheet, npc_actions
from gamewright.games.affinity.data_files import creature
from gamewright.games.affinity.rest import rest

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


# --- triggers, collapse and dying, scenario by scenario (003 "Losing Resolve", ref §1) --------------------------------
def _checks(events):
    return [e for e in events if e.kind == "resolve"]


def test_heavy_loss_counts_burns_and_damage_in_the_round() -> None:
    """003 "Losing Resolve": lose ≥ Proficiency + 1 HD in a round (ref: body HD lost to damage and burns)."""
    state = scenario(level=3)  # Bram: Proficiency 2, so 3 HD in a round
    bram = state.fighters[0]
    bram.layers = []
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[1, 1, 1])  # 2 proficiency 1s (safe) and 1 exertion 1: a miss, 1 HD burned
    events = state.apply(Act("use", "weapon_strike", 4, 1))
    assert bram.hd == 8 and _checks(events) == []
    # the goblin: 6, 6 → 4 successes → 1 + 1 = 2; Bram's two rolls 2, 3 fail → 2 more body HD: 3 in the round
    turn_of(state, 4, dice=[6, 6, 2, 3, 3])
    events = state.apply(Act("use", "knife", 0))
    checks = _checks(events)
    assert [c.data["reason"] for c in checks] == [rs.HEAVY_LOSS] and bram.hd == 6 and bram.resolve == 4


def test_maximum_exertion_means_one_action_at_proficiency() -> None:
    """ref §1: "maximum exertion" is one action using exertion = Proficiency (two actions of 1 at Prof 2 are not)."""
    state = scenario(level=3)
    bram = state.fighters[0]
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[2, 2, 2, 2, 2, 2])  # Rally (3+): all 2s → failure, no burns
    state.apply(Act("use", "rally", 1, 1))
    events = state.apply(Act("use", "rally", 1, 1))
    assert _checks(events) == [] and bram.resolve == 5
    state.round += 1
    turn_of(state, 0, dice=[1, 1, 1, 1, 4])  # a miss with exertion 2 = Proficiency (2 HD burned, not 3)
    events = state.apply(Act("use", "weapon_strike", 4, 2))
    assert [c.data["reason"] for c in _checks(events)] == [rs.MAX_EXERTION] and bram.resolve == 4


def test_failed_expert_action_by_a_creature_forces_a_check() -> None:
    """003 "Losing Resolve": you fail an Expert+ action. Orc Berserker Reckless Assault E 7d6/r3, all misses."""
    state = scenario(level=5, creature="orc_berserker")
    orc = state.fighters[4]
    assert orc.resolve == 4 and rs.can_initiate_expert(orc)
    adjacent(state, 4, 0)
    turn_of(state, 4, dice=[1, 2, 3, 1, 2, 3, 1, 2])
    events = state.apply(Act("use", "reckless_assault", 0))
    checks = _checks(events)
    assert [c.data["reason"] for c in checks] == [rs.FAILED_EXPERT] and orc.resolve == 3
    assert not rs.can_initiate_expert(orc)  # creature stage 5 − (4 − 3) = 4: no more Expert+


def test_one_check_per_round_and_the_dying_end_of_round_check() -> None:
    """003: at most 1 Resolve check per round; dying: a check at the end of each round (ref: it is that round's one)."""
    state = scenario()
    weaver = state.fighters[3]
    weaver.layers = []
    weaver.hd, weaver.resolve = 0, 3
    rs.update_status(weaver)
    assert weaver.status == rs.DYING
    adjacent(state, 4, 3)
    # hit at 0 HD: knife 2, 1 → 1 damage, the d6 body is empty (overflow); check 4 → Resolve 2
    turn_of(state, 4, dice=[2, 1, 4])
    events = state.apply(Act("use", "knife", 3))
    assert [c.data["reason"] for c in _checks(events)] == [rs.HIT_AT_ZERO] and weaver.resolve == 2
    events = []
    state.rng = ScriptedRng(dice=[1])
    state._end_round(events)
    assert _checks(events) == [] and weaver.resolve == 2  # the round already had its check
    events = []
    state.rng = ScriptedRng(dice=[2])
    state._end_round(events)
    assert [c.data["reason"] for c in _checks(events)] == [rs.DYING_ROUND] and weaver.resolve == 1
    events = []
    state.rng = ScriptedRng(dice=[3])
    state._end_round(events)
    assert weaver.resolve == 0 and weaver.status == rs.DEAD  # 0 HD and 0 Resolve


def test_collapsed_characters_make_no_resolve_checks() -> None:
    """003 "Collapse": 0 Resolve with HD > 0 — unconscious, not dying; while unconscious do not make Resolve checks."""
    state = scenario(level=3)
    bram = state.fighters[0]
    bram.layers = []
    bram.resolve = 0
    rs.update_status(bram)
    assert bram.status == rs.COLLAPSED
    adjacent(state, 4, 0)
    # knife 6, 6 → 2 damage; one defence roll (Proficiency 2 − 2 at stage 0, at least 1): 1 fails, the second
    # point is automatic → 2 body HD; twice: 4 ≥ Proficiency + 1, yet no check while collapsed
    events = []
    for _ in range(2):
        turn_of(state, 4, dice=[6, 6, 1, 6])
        events += state.apply(Act("use", "knife", 0))
    assert _checks(events) == []
    assert bram.status == rs.COLLAPSED and bram.resolve == 0 and bram.hd == 5


def test_collapsed_character_brought_to_zero_hd_dies() -> None:
    """ref §1: a collapsed character brought to 0 HD dies (0 HD and 0 Resolve)."""
    state = scenario()
    weaver = state.fighters[3]
    weaver.layers = []
    weaver.hd, weaver.resolve = 1, 0
    rs.update_status(weaver)
    adjacent(state, 4, 3)
    turn_of(state, 4, dice=[2, 1, 2])
    state.apply(Act("use", "knife", 3))
    assert weaver.hd == 0 and weaver.status == rs.DEAD


def test_initiative_does_not_wake_a_collapsed_character() -> None:
    """ref §1 Initiative: +1 Resolve for a non-surprised roll; 003 Collapse: the unconscious take no part."""
    party = conformance_party(1)
    party[0].resolve = 0  # collapsed on the stored sheet
    party[1].resolve = 3
    state, _ = build_fight(party, "goblin_skulker", 1, 7)
    assert state.fighters[0].status == rs.COLLAPSED and state.fighters[0].resolve == 0
    assert state.fighters[1].resolve == 4


def test_stabilize_makes_the_next_check_this_round_a_five() -> None:
    """003 "Stabilize" (Basic 2+, 1 success, touch): the target's next Resolve check this round counts as a 5."""
    state = scenario()
    weaver = state.fighters[3]
    weaver.layers = []
    weaver.hd, weaver.resolve = 0, 1
    rs.update_status(weaver)
    bram = state.fighters[0]
    bram.x, bram.y = weaver.x, weaver.y + 1
    turn_of(state, 0, dice=[1])  # a 1 fails Basic 2+: not stabilized
    state.apply(Act("use", "stabilize", 3))
    assert not weaver.stabilized
    turn_of(state, 0, dice=[2])
    state.apply(Act("use", "stabilize", 3))
    assert weaver.stabilized
    adjacent(state, 4, 3)
    turn_of(state, 4, dice=[2, 1])  # hit at 0 HD: the check counts as a 5 (no die)
    events = state.apply(Act("use", "knife", 3))
    check = _checks(events)[0]
    assert check.data["how"] == "stabilized" and weaver.resolve == 1 and weaver.status == rs.DYING
    events = []
    state._end_round(events)
    assert _checks(events) == [] and not weaver.stabilized


def test_reduced_to_zero_mid_action_finishes_it_then_falls() -> None:
    """ref §1: a character reduced to 0 mid-action finishes that action, then falls (dying: 0 HD, Resolve > 0)."""
    state = scenario()
    bram = state.fighters[0]
    bram.hd = 1
    adjacent(state, 0, 4)
    # proficiency 6 + exertion 1 (burns the last HD) → 2 successes → 1 + 1 = 2 damage; the goblin's d6 rolls 2
    turn_of(state, 0, dice=[6, 1, 2, 5, 5])
    events = state.apply(Act("use", "weapon_strike", 4, 1))
    hit = next(e for e in events if e.kind == "damage")
    assert hit.data["who"] == 4 and hit.data["damage"] == 2 and state.fighters[4].hd == 0
    assert bram.hd == 0 and bram.status == rs.DYING and bram.resolve == 5
    assert state.is_terminal() and state.returns() == [1.0, -1.0]  # three of the party are still up


# --- Rush, Steady, NPC actions, creature stages -----------------------------------------------------------------------
def test_rush_and_steady_once_per_rest_and_reset_by_a_rest() -> None:
    """ref §1: Rush and Steady once per rest; 003 Rest resets short-rest abilities."""
    sheet = new_sheet("Bram", "combatant", 3)
    sheet.uses_spent = {"rush": 1, "steady": 1}
    f = fighter_from_sheet(sheet, 0)
    assert f.uses["rush"] == 0 and f.uses["steady"] == 0
    rest(sheet)
    assert sheet.uses_spent == {}
    f = fighter_from_sheet(sheet, 0)
    assert f.uses["rush"] == 1 and f.uses["steady"] == 1


def test_npc_action_counts_by_tier() -> None:
    """ref §1 NPCs: Trivial 1, Basic 1–2 (1 by ruling), Advanced 2, Legendary/Ultimate 2 + ceil(party/2)."""
    state = scenario(creature="frostbitten_thrall")
    assert state.fighters[4].actions_per_turn == 1
    assert scenario(creature="goblin_skulker").fighters[4].actions_per_turn == 1
    assert scenario(creature="goblin_skulker", options={"basic_actions": 2}).fighters[4].actions_per_turn == 2
    assert scenario(level=5, creature="bandit_captain").fighters[4].actions_per_turn == 2
    vet = creature("veteran_sellsword")
    assert fighter_from_creature(vet, 0, 1, 3).actions_per_turn == 2


def test_creature_resolve_stage_counts_only_resolve_lost() -> None:
    """ref §1: a creature's stage is 5 − (listed − current); Weakened (stage 2) Advanced+ need +1 success."""
    state = scenario(level=5, creature="orc_berserker")
    orc = state.fighters[4]  # listed 4
    adjacent(state, 4, 0)
    turn_of(state, 4)
    assert any(a.ability == "reckless_assault" for a in state.legal_actions())
    orc.resolve = 3
    assert not any(a.ability == "reckless_assault" for a in state.legal_actions())
    assert rs.defence_penalty(orc) == 0
    orc.resolve = 2
    assert rs.defence_penalty(orc) == 1 and rs.extra_required(orc, "advanced") == 0
    orc.resolve = 1
    assert rs.extra_required(orc, "advanced") == 1 and rs.defence_penalty(orc) == 1
    adjacent(state, 4, 0)
    turn_of(state, 4, dice=[3, 3, 3, 3, 1] + [1] * 10)  # Greataxe A r2 → needs 3 at stage 2: 4 successes hit
    events = state.apply(Act("use", "greataxe", 0))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["required"] == 3 and roll.data["success"]
    assert next(e for e in events if e.kind == "damage").data["damage"] == 4 + 1
