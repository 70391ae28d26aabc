"""Adversarial audit: one scenario per rule most likely to go wrong, worked out by hand from 003 and the reference.

Party (helpers.scenario): 0 Combatant "Bram", 1 Priest, 2 Ranger, 3 Weaver; creatures from index 4.
"""

from __future__ import annotations

import json
import random

import pytest

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.rng import ScriptedRng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.character import conformance_party, new_day, new_sheet
from gamewright.games.affinity.chase import outcome
from gamewright.games.affinity.combat import Act, build_fight, fighter_from_creature, fighter_from_sheet, parse_act
from gamewright.games.affinity.data_files import creature
from gamewright.games.affinity.defence import Layer, resolve_defence, scripted_roller
from gamewright.games.affinity.pools import count_successes, damage
from gamewright.games.affinity.rest import heal, recover, rest
from gamewright.games.affinity.social import Duel, Side, Speaker
from gamewright.games.affinity.tasks import Roller, group_roll
from gamewright.games.affinity.travel import Journey

from .helpers import adjacent, scenario, turn_of

AUTO = ("--policy", "auto")  # the duel runs itself; without --policy a stance is declared each round


def _checks(events):
    return [e for e in events if e.kind == "resolve"]


def _exertions(state, ability: str) -> set[int]:
    return {a.exertion for a in state.legal_actions() if a.verb == "use" and a.ability == ability and not a.affinity}


# --- exertion -------------------------------------------------------------------------------------------------------
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


# --- successes and damage -------------------------------------------------------------------------------------------
def test_six_is_two_successes_on_actions_but_one_on_defence() -> None:
    """003 "Success Rules": a 6 is 2 successes (also at Ultimate 6); "Armor, Spells": no explosion on defence."""
    assert count_successes([6], 6) == 2 and count_successes([5, 6, 1], 5) == 3 and count_successes([1, 1], 2) == 0
    res = resolve_defence([Layer("body", 12, 3)], 2, 3, scripted_roller([12, 12]))
    assert (res.cancelled, res.lost) == (2, 1)  # each 12 cancels only one point
    res = resolve_defence([Layer("body", 10, 3)], 1, 3, scripted_roller([6, 6, 10]), bonus_dice=2)
    assert (res.cancelled, res.lost) == (3, 0)  # a 6 on a "+N defence" d6 cancels one point, not two


def test_damage_bonus_capped_at_proficiency_base_never() -> None:
    """003 "Damage Calculation": heavy weapon, Proficiency 3, 8 successes → 2 + min(6, 3) = 5 HD."""
    assert damage(2, 8, 2, 3) == 5 and damage(2, 1, 2, 3) == 0 and damage(2, 2, 2, 3) == 2
    state = scenario(level=5, creature="veteran_sellsword")
    adjacent(state, 0, 4)
    # shortsword (1 HD, r1): 3 proficiency 6s = 6 successes → 1 + min(5, 3) = 4; the Sellsword rolls 1s on defence
    turn_of(state, 0, dice=[6, 6, 6] + [1] * 10)
    events = state.apply(Act("use", "weapon_strike", 4, 0))
    dmg = next(e for e in events if e.kind == "damage")
    assert dmg.data["damage"] == 4


# --- defence --------------------------------------------------------------------------------------------------------
def test_defence_capacity_with_stage_and_analyze_never_below_one() -> None:
    """ref §1 Defence: DC = Proficiency (≥ 1); Resolve stages and Analyze take rolls away, never below 1 die."""
    state = scenario(level=5, creature="veteran_sellsword")
    vet = state.fighters[4]  # Proficiency 3, listed Resolve 3
    assert state.incoming(vet, 4, "slashing", False)[1] == 3
    vet.resolve = 1  # stage 5 − (3 − 1) = 3, Shaken: −1
    assert state.incoming(vet, 4, "slashing", False)[1] == 2
    vet.analysed = 0  # Analyze: −1 more
    assert state.incoming(vet, 4, "slashing", False)[1] == 1
    vet.resolve = 0  # stage 2 (−1) and Analyze (−1) from 3 → 1
    assert state.incoming(vet, 4, "slashing", False)[1] == 1
    bram = state.fighters[0]
    bram.resolve = 1  # Staggering −2 from Proficiency 3
    assert state.incoming(bram, 4, "slashing", False)[1] == 1


def test_plus_n_defence_dice_rolled_first_failures_cost_nothing() -> None:
    """ref §1 "Defence dice from effects": Defend's +2d6 are rolled first; each 5+ cancels, a failure costs nothing."""
    state = scenario()
    bram = state.fighters[0]
    turn_of(state, 0)
    state.apply(Act("use", "defend"))
    assert bram.defend_bonus == 2
    adjacent(state, 4, 0)
    # knife 2, 2 → 2 successes → 1 + min(1, 1) = 2 damage; extra d6 1 (nothing), 5 (cancels); shield d12 3 → lost
    turn_of(state, 4, dice=[2, 2, 1, 5, 3])
    events = state.apply(Act("use", "knife", 0))
    dmg = next(e for e in events if e.kind == "damage")
    assert dmg.data["bonus_rolls"] == [1, 5] and dmg.data["rolls"] == [3]
    assert (dmg.data["cancelled"], dmg.data["lost"]) == (1, 1)
    assert [la.count for la in bram.layers] == [0, 2] and bram.hd == 5


def test_minus_n_defence_dice_swarm_vs_area() -> None:
    """ref §4 Wolf Pack: +2d6 defence vs single targets, −2 defence dice vs area (never below 1 roll)."""
    state = scenario(creature="wolf_pack")
    pack = state.fighters[4]
    _, cap, bonus, _ = state.incoming(pack, 2, "slashing", False)
    assert (cap, bonus) == (1, 2)
    _, cap, bonus, _ = state.incoming(pack, 2, "fire", True)
    assert (cap, bonus) == (1, 0)


# --- Resolve triggers -----------------------------------------------------------------------------------------------
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


# --- Rush, Steady, NPCs, creature stages ----------------------------------------------------------------------------
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


# --- healing and rest -----------------------------------------------------------------------------------------------
def test_healing_sum_or_count_never_above_maximum() -> None:
    """ref §1 Healing dice: sum (default) or count; 003 Healing: never above the level's maximum."""
    sheet = new_sheet("Bram", "combatant", 1)
    sheet.hd = 1
    out = heal(sheet, ScriptedRng(dice=[8, 8]), 2, 8, "sum")
    assert out["restored"] == 4 and sheet.hd == 5
    sheet.hd = 1
    out = heal(sheet, ScriptedRng(dice=[8, 8]), 2, 8, "count")
    assert out["restored"] == 2 and sheet.hd == 3
    sheet.hd, sheet.resolve = 0, 2  # dying: any healing brings it back
    heal(sheet, ScriptedRng(dice=[1]), 1, 6, "sum")
    assert sheet.status == "ok"


def test_rest_twice_a_day_recover_full() -> None:
    """003 Rest: +Proficiency HD, +1 Resolve, max 2 per day, armour only with mending; Recover: everything back."""
    sheet = new_sheet("Bram", "combatant", 5)  # Proficiency 3, 13 HD
    sheet.hd, sheet.resolve, sheet.armour_dice = 2, 3, 0
    out = rest(sheet)
    assert out["hd"] == [2, 5] and out["resolve"] == [3, 4] and sheet.armour_dice == 0
    rest(sheet)
    before = sheet.to_json()
    with pytest.raises(RuleViolation, match="2 Rests per day"):
        rest(sheet)
    assert sheet.to_json() == before
    new_day(sheet)
    rest(sheet, mend=True)
    assert sheet.armour_dice == sheet.armour_max
    sheet.armour_dice, sheet.shield_dice = 0, 0
    recover(sheet)
    assert (sheet.hd, sheet.resolve, sheet.armour_dice, sheet.shield_dice) == (13, 5, 2, 1)


# --- outside combat -------------------------------------------------------------------------------------------------
def test_social_assert_defends_with_one_fewer_roll_and_tie_does_nothing() -> None:
    """ref §1 Social duels: Assert's −1 when defending is one fewer Composure roll; a tie does nothing."""
    a, b = Speaker("A", 3), Speaker("B", 3)
    # A (reason) rolls 3 dice: 6, 6, 6 = 6; B (assert) 3 dice: 1, 1, 2 = 0 → A wins by 6 but Reason deals no damage
    duel = Duel(a, b, ScriptedRng(dice=[6, 6, 6, 1, 1, 2]))
    duel.play_round(Side("reason"), Side("assert"))
    assert a.preparation == 1 and b.composure == 4
    # A assert (4 dice: 6 6 6 6 = 8) vs B assert (2 2 2 = 0): damage min(8, 3) + 1 = 4; B asserted: 2 rolls
    duel.rng = ScriptedRng(dice=[6, 6, 6, 6, 2, 2, 2, 5, 5])
    entry = duel.play_round(Side("assert"), Side("assert"))
    assert entry["damage"] == 4 and entry["defence"]["rolls"] == [5, 5]
    assert b.composure == 2 and b.resolve == 5
    # a tie: nothing changes
    duel.rng = ScriptedRng(dice=[3, 1, 1, 1, 3, 1, 1])
    entry = duel.play_round(Side("assert"), Side("assert"))
    assert entry["winner"] is None and "damage" not in entry and (a.composure, b.composure) == (4, 2)


def test_chase_required_successes_and_tie() -> None:
    """003 Chase: both roll at 3+ needing 2; Lead wins → escape, Chase wins → caught, tie → escaped but tracked."""
    assert outcome(1, 0) == "escaped, tracked"  # below 2 counts as 0 (RULINGS)
    assert outcome(2, 1) == "escaped" and outcome(2, 3) == "caught" and outcome(3, 3) == "escaped, tracked"


def test_travel_outcomes_and_natures_treaty() -> None:
    """003 Journey: success +1 Resolve; within 1–2 partial −1; missed by 3+ failure −2; Nature's Treaty −1 loss."""
    j = Journey("long", "moderate", ["hostile", "weather", "terrain"], 2)
    assert j.required == 4
    assert [j.outcome_of(s) for s in (4, 3, 2, 1)] == [("success", 1), ("partial", -1), ("partial", -1),
                                                        ("failure", -2)]
    j.natures_treaty = True
    assert j.outcome_of(2) == ("partial", 0) and j.outcome_of(0) == ("failure", -1)


def test_task_and_travel_exertion_at_most_proficiency() -> None:
    """003 "Exertion Budget": each roll's exertion is at most Proficiency, in threshold mode too."""
    with pytest.raises(RuleViolation, match="at most Proficiency"):
        group_roll(ScriptedRng(dice=[]), [Roller("a", 1, exertion=2)], 3, 1)
    with pytest.raises(RuleViolation, match="at most Proficiency"):
        Journey("short", "easy", ["hostile"], 1, navigator_exertion=2).validate()
    result = group_roll(ScriptedRng(dice=[3, 1]), [Roller("a", 1, exertion=1)], 3, 1)
    assert result.rolls[0].burned == 1


# --- robustness -----------------------------------------------------------------------------------------------------
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


def test_cli_refuses_odd_inputs_in_one_line(cli) -> None:
    for args in (["odds", "--dice", "100000", "--threshold", "3", "--json"],
                 ["duel", "--policy", "auto", "--a", "x:1:wizard", "--json"],
                 ["duel", "--policy", "auto", "--a", "x:1:2:3"],
                 ["task", "--threshold", "3", "--difficulty", "1", "--proficiency", "1", "--exertion", "3"],
                 ["travel", "--proficiency", "1", "--exertion", "2"],
                 ["chase", "--lead", "1", "--lead-exertion", "2"]):
        code, out, err = cli("affinity", *args)
        assert code == 2, (args, out)
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_config_errors_are_config_errors() -> None:
    with pytest.raises(ConfigError):
        Roller("a", -1).dice()


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


def test_help_dice_count_at_the_recipients_threshold() -> None:
    """ref §1 Help: the helper's rolled dice join the ally's next roll and count at the recipient's threshold."""
    state = scenario()
    bram, ilse = state.fighters[0], state.fighters[1]
    turn_of(state, 1, dice=[2])  # Help (Basic): the face 2
    state.apply(Act("use", "help", 0))
    assert bram.help_faces == [2]
    turn_of(state, 0, dice=[3])  # Rally (Advanced 3+, r2): own 3 plus the helper's 2 → 1 success at 3+
    events = state.apply(Act("use", "rally", 1))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["faces"] == [3, 2] and roll.data["successes"] == 1 and not roll.data["success"]
    assert bram.help_faces == [] and ilse.rally_dice == 0


def test_initiative_exertion_never_lifts_a_dying_character_off_zero() -> None:
    """ref §1 Initiative: exertion dice may be added (burning on 1s); "0 HD" stays 0 HD for the unconscious."""
    for seed in range(20):
        party = conformance_party(5)
        party[3].hd, party[3].resolve = 0, 2  # the Weaver's sheet is dying
        state, _ = build_fight(party, "veteran_sellsword", 2, seed, {"initiative_exertion": 3})
        weaver = state.fighters[3]
        assert weaver.hd == 0 and weaver.status == rs.DYING and weaver.resolve == 2
        assert state.invariant_violations() == []


def test_malformed_stored_sheets_give_one_line_errors(cli) -> None:
    """Stored sheets are data: a wrong type in any field is a clear error, never a traceback."""
    from gamewright.games.affinity.character import RECORD_KIND
    from gamewright.store import get_record, put_record

    code, _, err = cli("affinity", "character", "new", "Bram", "--class", "combatant")
    assert code == 0, err
    good = get_record(RECORD_KIND, "Bram")
    for field, value in (("hd", "x"), ("level", None), ("uses_spent", {"rush": "1"}), ("way_nodes", [1]),
                         ("name", 3), ("shield", 1), ("resolve", True), ("class_key", "wizard"), ("temp_hd", -1),
                         ("rests_today", -1)):
        put_record(RECORD_KIND, "Bram", {**good, field: value}, replace=True)
        for args in (("character", "show", "Bram"), ("rest", "Bram"), ("fight", "--sheets", "Bram", "--policy",
                                                                          "greedy", "--json")):
            code, _, err = cli("affinity", *args)
            assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, (field, args, err)
    put_record(RECORD_KIND, "Bram", {**good, "temp_hd": 2, "temp_sides": 0}, replace=True)
    code, _, err = cli("affinity", "character", "show", "Bram")
    assert code == 2 and "temporary HD" in err


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


def test_social_threshold_class_base_then_evidence_steps() -> None:
    """003 Social Duels: base Advanced 3+; Sovereign Assert / Scholar Reason at 2+; evidence shifts one step."""
    duel = Duel(Speaker("S", 2, class_key="sovereign"), Speaker("C", 2, class_key="scholar"), ScriptedRng(dice=[]))
    sov, sch = duel.a, duel.b
    assert duel.threshold(sov, Side("assert")) == 2 and duel.threshold(sov, Side("reason")) == 3
    assert duel.threshold(sov, Side("assert", evidence=1)) == 3  # contradicted: one step harder than its 2+
    assert duel.threshold(sov, Side("assert", evidence=-1)) == 2  # never easier than 2+
    assert duel.threshold(sch, Side("reason", evidence=1)) == 3 and duel.threshold(sch, Side("discern")) == 3
    assert duel.threshold(sch, Side("assert", evidence=1)) == 4
    assert duel.threshold(sch, Side("assert", evidence=-1)) == 2


def test_sharing_affinity_dice_with_yourself_is_refused(cli) -> None:
    """003 Sharing Affinity Dice: transfer to an ally; a self-share must not lose the dice."""
    assert cli("affinity", "character", "new", "Bram", "--class", "combatant", "--level", "3")[0] == 0
    assert cli("affinity", "character", "affinity", "Bram", "gain")[0] == 0
    code, _, err = cli("affinity", "character", "affinity", "Bram", "share", "--to", "Bram", "--count", "1")
    assert code == 2 and "not yourself" in err
    code, out, _ = cli("affinity", "character", "show", "Bram", "--json")
    assert code == 0 and json.loads(out)["affinity"] == 1


# --- audit follow-ups: duel write-back, Defend, Rally, Battlefield Awareness -----------------------------------------
def test_exertion_dice_duel_save_writes_burns_and_resolve_back(cli) -> None:
    """003 Exertion Dice: "exertion always costs" — 1s on exertion dice burn HD, in a social duel as in a fight;
    `duel --save` writes the burns and the lost Resolve back to stored sheets like `fight --save`."""
    for name, cls in (("Bram", "combatant"), ("Ilse", "priest")):
        assert cli("affinity", "character", "new", name, "--class", cls, "--level", "3")[0] == 0
    before = {n: json.loads(cli("affinity", "character", "show", n, "--json")[1]) for n in ("Bram", "Ilse")}
    args = ("affinity", "duel", *AUTO, "--a", "Bram", "--b", "Ilse", "--exertion-a", "2", "--exertion-b", "2",
            "--seed", "3", "--json")
    code, out, _ = cli(*args)  # without --save the sheets stay as they were
    assert code == 0
    assert all(json.loads(cli("affinity", "character", "show", n, "--json")[1]) == before[n] for n in before)
    code, out, _ = cli(*args, "--save")
    assert code == 0
    doc = json.loads(out)
    for key, name in (("a", "Bram"), ("b", "Ilse")):
        burned = sum(r[key]["burned"] for r in doc["rounds"])
        after = json.loads(cli("affinity", "character", "show", name, "--json")[1])
        assert burned > 0 and doc[key]["resolve"] < 5
        assert after["hd"] == before[name]["hd"] - burned and after["resolve"] == doc[key]["resolve"]
    code, _, err = cli("affinity", "duel", *AUTO, "--a", "Bram", "--b", "Bram", "--save")
    assert code == 2 and "two different" in err


def test_universal_actions_defend_ends_at_the_next_turn_even_unconscious() -> None:
    """ref §1 Universal actions: "Defend — one action, +2d6 defence dice (d6, 5+) until your next turn"; "Order is
    fixed for the combat" and "Unconscious characters defend normally": the bonus holds while Bram lies dying, and
    ends when his place in the order comes round, though he cannot act there."""
    state = scenario()
    bram = state.fighters[0]
    turn_of(state, 0)
    state.apply(Act("use", "defend"))
    assert bram.defend_bonus == 2
    bram.hd, bram.status = 0, rs.DYING
    assert bram.defend_bonus == 2  # still defending normally until his next turn
    state.turn_pos = state.order.index(0) - 1  # the slot before his
    state._next_turn([])
    assert bram.defend_bonus == 0 and state.active != 0


def test_combatant_rally_die_is_spent_by_the_next_action_rolled_or_not() -> None:
    """ref §3 Combatant: War Cry: Rally → "one ally within 30 yd +1d6 safe on its next action" (not "next roll", the
    word Help uses): an action with no roll, such as Defend, uses the die up."""
    state = scenario()
    ilse = state.fighters[1]
    turn_of(state, 0, dice=[6])  # Advanced 3+, r2: a 6 is 2 successes
    state.apply(Act("use", "rally", 1))
    assert ilse.rally_dice == 1
    turn_of(state, 1)
    state.apply(Act("use", "defend"))
    assert ilse.rally_dice == 0
    adjacent(state, 1, 4)
    turn_of(state, 1, dice=[2, 2, 2])
    events = state.apply(Act("use", "weapon_strike", 4))
    assert len(next(e for e in events if e.kind == "roll").data["faces"]) == 1  # Proficiency 1, no rally die


def test_combatant_battlefield_awareness_on_disengage() -> None:
    """ref §3 Combatant: Battlefield Awareness "+1d6 safe on positioning/tactics rolls"; 003 Movement in Combat:
    Disengage is "Move up to 10 yards while focusing on defensive positioning" — the Combatant rolls one more safe die
    there, and nowhere else in a fight."""
    state = scenario()
    turn_of(state, 0, dice=[3, 3])  # Proficiency 1 + Battlefield Awareness 1 at 3+: 2 successes, r2 → success
    events = state.apply(Act("use", "disengage"))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["faces"] == [3, 3] and roll.data["success"]
    turn_of(state, 1, dice=[3])  # the Priest has no such passive: one die, a failure
    events = state.apply(Act("use", "disengage"))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["faces"] == [3] and not roll.data["success"]
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[2, 2])
    events = state.apply(Act("use", "weapon_strike", 4))
    assert len(next(e for e in events if e.kind == "roll").data["faces"]) == 1  # an attack is no positioning roll
