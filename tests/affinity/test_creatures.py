"""Creature traits and conditions in combat (ref §4, ref §1 Conditions), with scripted dice."""

from __future__ import annotations

from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat import Act

from .helpers import adjacent, scenario, turn_of


def _damage(events):
    return [e for e in events if e.kind == "damage"]


def test_parry_halves_and_costs_an_action() -> None:
    # ref §1 Conditions: a reaction uses one of the creature's actions for the round; 003 Triggered Actions:
    # only a creature that has not acted this round may react
    state = scenario(level=5, creature="bandit_captain")
    state.order = [0, 4, 1, 2, 3]  # the captain acts after Bram
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[6, 6, 6, 1, 1])
    events = state.apply(Act("use", "weapon_strike", 4))
    dmg = _damage(events)[0]
    assert dmg.data["damage"] == 2 and "parried" in dmg.text  # 1 + 3 bonus = 4, halved
    captain = state.fighters[4]
    assert captain.parry_debt == 1 and captain.layers[0].count == 0
    state.rng.push_dice(2, 1, 1, 1)
    events = state.apply(Act("use", "weapon_strike", 4))
    assert "parried" not in _damage(events)[0].text  # once per round


def test_drain_heals_half_the_dice_destroyed() -> None:
    state = scenario(creature="wight_lord")
    bram, wight = state.fighters[0], state.fighters[4]
    bram.layers = []
    wight.hd = 5
    adjacent(state, 4, 0)
    turn_of(state, 4, dice=[6, 6, 6, 1, 1, 1, 1, 5])
    events = state.apply(Act("use", "draining_blade", 0))
    assert _damage(events)[0].data["lost"] == 5 and wight.hd == 7
    assert bram.status == rs.DYING


def test_swarm_gets_two_extra_defence_dice_against_single_targets() -> None:
    state = scenario(creature="wolf_pack")
    adjacent(state, 2, 4)
    turn_of(state, 2, dice=[3, 5])
    dmg = _damage(state.apply(Act("use", "weapon_strike", 4)))[0]
    assert dmg.data["bonus_rolls"] == [5] and dmg.data["cancelled"] == 1


def test_pack_bite_hits_everyone_within_ten_yards() -> None:
    state = scenario(creature="wolf_pack")
    for i in range(4):
        state.fighters[i].x, state.fighters[i].y = 0, i
        state.fighters[i].layers = []
    pack = state.fighters[4]
    pack.x, pack.y = 1, 0
    turn_of(state, 4, dice=[2, 2, 2, 2] + [1] * 40)
    events = state.apply(Act("use", "pack_bite", 0))
    assert sorted(e.data["who"] for e in _damage(events)) == [0, 1, 2]  # y = 3 is 15 yd away


def test_skeleton_resists_piercing_and_takes_more_from_bludgeoning() -> None:
    state = scenario(creature="skeletal_warrior")
    adjacent(state, 2, 4)
    turn_of(state, 2, dice=[3, 2, 2, 1])
    dmg = _damage(state.apply(Act("use", "weapon_strike", 4)))[0]
    assert dmg.data["bonus_rolls"] == [2, 2]
    adjacent(state, 1, 4)
    turn_of(state, 1, dice=[2, 1, 1])
    dmg = _damage(state.apply(Act("use", "weapon_strike", 4)))[0]
    assert dmg.data["damage"] == 2 and dmg.data["type"] == "bludgeoning"


def test_ice_wraith_halves_physical_damage() -> None:
    state = scenario(creature="ice_wraith")
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[6, 1])
    dmg = _damage(state.apply(Act("use", "weapon_strike", 4)))[0]
    assert dmg.data["damage"] == 1  # 2 piercing, halved
    adjacent(state, 3, 4)
    turn_of(state, 3, dice=[6, 1, 1])
    dmg = _damage(state.apply(Act("use", "force_bolt", 4)))[0]
    assert dmg.data["damage"] == 2  # force is not halved


def test_second_wind_once_per_combat() -> None:
    state = scenario(level=5, creature="veteran_sellsword")
    vet = state.fighters[4]
    vet.hd = 3
    turn_of(state, 4, dice=[8, 8])
    state.apply(Act("use", "second_wind"))
    assert vet.hd == 7 and vet.heal_used
    assert not any(a.ability == "second_wind" for a in state.legal_actions())


def test_second_wind_count_healing_option() -> None:
    state = scenario(level=5, creature="veteran_sellsword", options={"healing": "count"})
    vet = state.fighters[4]
    vet.hd = 3
    turn_of(state, 4, dice=[8, 8])
    state.apply(Act("use", "second_wind"))
    assert vet.hd == 5


def test_ally_near_the_target_and_below_half_bonus_dice() -> None:
    state = scenario(creature="pall_wolf", count=2)
    adjacent(state, 0, 4)
    w2 = state.fighters[5]
    w2.x, w2.y = state.fighters[0].x, state.fighters[0].y + 1
    turn_of(state, 4, dice=[1, 1, 1])
    roll = next(e for e in state.apply(Act("use", "bite", 0)) if e.kind == "roll")
    assert len(roll.data["faces"]) == 3
    state = scenario(creature="orc_raider")
    raider = state.fighters[4]
    raider.hd = 1
    adjacent(state, 0, 4)
    turn_of(state, 4, dice=[1, 1, 1, 1])
    roll = next(e for e in state.apply(Act("use", "axe", 0)) if e.kind == "roll")
    assert len(roll.data["faces"]) == 4


def test_shield_bash_pushes_and_sellsword_shield_die() -> None:
    state = scenario(creature="sellsword")
    adjacent(state, 0, 4)
    bram = state.fighters[0]
    x0 = bram.x
    turn_of(state, 4, dice=[2, 2, 6])
    events = state.apply(Act("use", "shield_bash", 0))
    assert any(e.kind == "push" for e in events) and bram.x == x0 - 1
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[2, 1, 1])
    dmg = _damage(state.apply(Act("use", "weapon_strike", 4)))[0]
    assert dmg.data["bonus_rolls"] == [1]  # the shield's +1d6 defence


def test_free_strikes_option() -> None:
    state = scenario(count=2, options={"free_strikes": True})
    bram, a, b = state.fighters[0], state.fighters[4], state.fighters[5]
    bram.x, bram.y, a.x, a.y, b.x, b.y = 0, 0, 1, 0, 0, 4
    bram.layers = []
    turn_of(state, 0, dice=[1, 1, 1, 1])
    events = state.apply(Act("move", target=5))
    assert any(e.kind == "free_strike" and e.data["who"] == 4 for e in events)
    state2 = scenario(count=2)
    f2 = state2.fighters
    f2[0].x, f2[0].y, f2[4].x, f2[4].y, f2[5].x, f2[5].y = 0, 0, 1, 0, 0, 4
    turn_of(state2, 0)
    assert not any(e.kind == "free_strike" for e in state2.apply(Act("move", target=5)))


def _start_turn_of(state, idx: int) -> list:
    events: list = []
    state.turn_pos = state.order.index(idx) - 1  # -1 wraps to the end of the round
    if state.turn_pos < 0:
        state.turn_pos = len(state.order) - 1
        state.round -= 1  # the wrap ends a round; keep the count
    state._next_turn(events)
    return events


def test_stunned_loses_its_turn() -> None:
    state = scenario()
    gob = state.fighters[4]
    gob.stunned = True
    events = _start_turn_of(state, 4)
    assert any(e.kind == "stunned" for e in events) and not gob.stunned and state.active != 4


def test_prone_costs_half_the_movement_to_stand() -> None:
    state = scenario()
    bram = state.fighters[0]
    bram.prone = bram.prone_bonus = True
    _start_turn_of(state, 0)
    assert state.active == 0 and bram.move_left == 1 and not bram.prone and not bram.prone_bonus


def test_prone_gives_only_the_next_attack_a_die() -> None:
    # ref §1 Conditions: prone gives the next attack against it +1d6
    state = scenario()
    gob = state.fighters[4]
    gob.prone = gob.prone_bonus = True
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[1, 1])
    events = state.apply(Act("use", "weapon_strike", 4))
    assert len(next(e for e in events if e.kind == "roll").data["faces"]) == 2  # Proficiency 1 + the prone die
    assert gob.prone and not gob.prone_bonus
    state.rng.push_dice(1)
    events = state.apply(Act("use", "weapon_strike", 4))
    assert len(next(e for e in events if e.kind == "roll").data["faces"]) == 1


def test_no_parry_after_the_captain_has_acted_this_round() -> None:
    state = scenario(level=5, creature="bandit_captain")
    state.order = [4, 0, 1, 2, 3]  # the captain has had its turn this round
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[6, 6, 6] + [1] * 6)
    events = state.apply(Act("use", "weapon_strike", 4))
    dmg = _damage(events)[0]
    assert dmg.data["damage"] == 4 and "parried" not in dmg.text
    assert state.fighters[4].parry_debt == 0
