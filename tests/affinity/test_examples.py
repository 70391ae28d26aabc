"""Every worked example of rules/003, one test each, named after its section.

Printed values are asserted where they agree with the rules; where the reference rules otherwise (older HD
tables, the older defence model, the older rest text), the test asserts the reference's reading and says so.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import ScriptedRng
from gamewright.games.affinity import pools
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.character import (
    gain_affinity,
    level_up,
    max_hd,
    new_sheet,
    proficiency,
    share_affinity,
)
from gamewright.games.affinity.combat import Act
from gamewright.games.affinity.data_files import class_data
from gamewright.games.affinity.defence import parse_layers, resolve_defence, scripted_roller
from gamewright.games.affinity.rest import recover, rest, wake
from gamewright.games.affinity.tasks import Roller, extended_task, group_roll
from gamewright.games.affinity.travel import Journey

from .helpers import adjacent, scenario, turn_of


def test_level_proficiency_table() -> None:
    # 003 "Level": Proficiency = half level rounded up
    assert [proficiency(lv) for lv in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_hd_pool_by_level_table() -> None:
    # 003 "HD Pool by Level" (ref §1: this table stands; the 3/3/3 one is superseded)
    assert [max_hd("combatant", lv) for lv in range(1, 11)] == [5, 7, 9, 11, 13, 15, 17, 19, 21, 23]
    assert [max_hd("priest", lv) for lv in range(1, 11)] == [5, 7, 8, 10, 12, 13, 15, 17, 18, 20]
    assert [max_hd("weaver", lv) for lv in range(1, 11)] == [4, 5, 6, 8, 9, 11, 12, 14, 15, 17]
    dice = {k: c.hd_die for k, c in class_data().classes.items()}
    assert dice == {"combatant": 10, "sovereign": 10, "ranger": 8, "priest": 8, "scholar": 8, "weaver": 6,
                    "shaman": 6}


def test_character_sheet_notation() -> None:
    # 003 "Character Sheet Notation": individual dice per layer and the defence pool outermost first. The
    # document's "7d10 at level 3" and "3d8 armour" come from older tables; a wounded level-3 Combatant at 7 HD
    # in medium armour with a shield prints the same way.
    sheet = new_sheet("Kael", "combatant", 3, armour="medium")
    sheet.hd = 7
    text = sheet.notation()
    assert "Hit Dice: 7d10 (1d10, 1d10, 1d10, 1d10, 1d10, 1d10, 1d10)" in text
    assert "Armor: 2d8 (1d8, 1d8)" in text
    assert "Shield: 1d12 (1d12)" in text
    assert ("Total Defense Pool: [1d12] → [1d8, 1d8] → [1d10, 1d10, 1d10, 1d10, 1d10, 1d10, 1d10]") in text
    assert "(shield)" in text and "(armor layer)" in text and "(body layer)" in text


def test_hit_dice_are_dice_pools_example() -> None:
    # 003 "CRITICAL: Hit Dice Are DICE POOLS": 7d10 → take 3 HD damage → might become 4d10
    layers = parse_layers("body:7d10")
    res = resolve_defence(layers, 1, 3, scripted_roller([2]))
    assert layers[0].count == 4 and res.lost == 3


def test_example_defense_sequence() -> None:
    # ref §1 rules it: 4d10 body, 3 dice lost (the document's 3d10 / 4 lost destroys two dice for one point)
    layers = parse_layers("armor:2d8,body:5d10")
    res = resolve_defence(layers, 2, 4, scripted_roller([6, 3]))
    assert [la.count for la in layers] == [0, 4] and res.lost == 3


def test_rest_example() -> None:
    # 003 "Rest" example: Level 5 Combatant (Prof 3) at 2 HD, 3 Resolve → 5 HD, 4 Resolve, War Cries back.
    # The document's "11 max" is the older table; the HD table gives 13 (ref §1).
    sheet = new_sheet("Kael", "combatant", 5)
    sheet.hd, sheet.resolve = 2, 3
    sheet.uses_spent = {"rally": 3}
    out = rest(sheet)
    assert (sheet.hd, sheet.resolve, sheet.hd_max) == (5, 4, 13) and out["hd"] == [2, 5]
    assert sheet.uses_spent == {}


def test_rest_twice_a_day_only() -> None:
    sheet = new_sheet("Kael", "combatant", 5)
    rest(sheet)
    rest(sheet)
    with pytest.raises(RuleViolation, match="2 Rests per day"):
        rest(sheet)


def test_recover_example() -> None:
    # 003 "Recover" example: at 5 HD, 4 Resolve → all HD, Resolve 5. ref §1: the armour layer's dice return,
    # nothing is re-rolled into points (the document's "rolls 6+5 = 11 temp HD" is older); max HD 13, not 11.
    sheet = new_sheet("Kael", "combatant", 5, armour="medium")
    sheet.hd, sheet.resolve, sheet.armour_dice = 5, 4, 0
    recover(sheet)
    assert (sheet.hd, sheet.resolve, sheet.armour_dice) == (13, 5, 2)


def test_damage_calculation_example() -> None:
    # 003 "Damage Calculation" example: Prof 3, heavy weapon 2 HD / 2 required, 8 successes → 5 HD
    assert pools.damage(2, 8, 2, 3) == 5


def test_damage_formula_level_ten_cap() -> None:
    # 003 "Damage Calculation Formula": Proficiency 5 adds at most +5
    assert pools.damage(1, 20, 1, 5) == 6


def test_exertion_budget_example() -> None:
    # 003 "Exertion Budget" example: Level 5 (Prof 3): each action 3 Proficiency + up to 3 exertion dice;
    # 12d6 over two actions; after an Expert action the other must be Basic or Advanced.
    state = scenario(level=5, creature="veteran_sellsword")
    adjacent(state, 0, 4)
    turn_of(state, 0)
    strikes = [a for a in state.legal_actions() if a.ability == "weapon_strike"]
    assert sorted({a.exertion for a in strikes}) == [0, 1, 2, 3]
    state.rng = ScriptedRng(dice=[6, 6, 6, 6, 6, 6, 5])  # the last die: the maximum-exertion Resolve check
    events = state.apply(Act("use", "hold_the_line", -1, 3))
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.data["faces"]) == 6  # 3 Proficiency + 3 exertion
    tiers = {class_data().abilities[a.ability].tier for a in state.legal_actions() if a.verb == "use"}
    assert not tiers & {"expert", "legendary", "ultimate"}
    # the second action: another 3 Proficiency + 3 exertion dice, 12d6 over the turn
    state.rng = ScriptedRng(dice=[6] * 6 + [1] * 40)  # then defence rolls and the knockdown contest
    events = state.apply(Act("use", "oath_driven_strike", 4, 3))
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.data["faces"]) == 6


def test_exertion_minimums() -> None:
    assert pools.MIN_EXERTION == {"basic": 0, "advanced": 0, "expert": 1, "legendary": 2, "ultimate": 3}
    state = scenario(level=5, creature="veteran_sellsword")
    turn_of(state, 0)
    holds = [a for a in state.legal_actions() if a.ability == "hold_the_line"]
    assert min(a.exertion for a in holds) == 1


def test_defense_dice_by_proficiency_example() -> None:
    # 003 "How Many Dice You Roll": Level 5 Combatant rolls 3d10, Level 5 Weaver 3d6 (capacity = Proficiency)
    state = scenario(level=5, creature="veteran_sellsword")
    assert state.fighters[0].prof == 3 and state.fighters[0].hd_die == 10
    assert state.fighters[3].prof == 3 and state.fighters[3].hd_die == 6


def test_example_defense_with_armor() -> None:
    # 003 "Example Defense with Armor": ref §1 calls it an older model (roll the armour layer, then the body);
    # one die per point from the outermost layer instead: see test_defence for the full reading.
    layers = parse_layers("shield:1d12,armor:2d10,body:13d10")
    res = resolve_defence(layers, 3, 4, scripted_roller([7, 3, 5]))
    assert res.cancelled == 2 and res.lost == 2 and [la.count for la in layers] == [0, 1, 13]


def test_travel_threshold_mode_example() -> None:
    # 003 "Example: Travel (Threshold Mode)": Advanced 3+, 5 required; Ranger 3, Fighter 1, Cleric 2 → 6,
    # success with one extra. ref §1: the pooled travel example is a group roll.
    ranger = Roller("Ranger", 3, exertion=2, bonus=2)  # Nature's Treaty +2d6
    fighter = Roller("Fighter", 3, exertion=1)
    cleric = Roller("Cleric", 3)
    dice = [3, 4, 5, 1, 2, 2, 2] + [3, 2, 2, 2] + [4, 5, 1]
    result = group_roll(ScriptedRng(dice=dice), [ranger, fighter, cleric], 3, 5)
    assert [r.successes for r in result.rolls] == [3, 1, 2]
    assert result.successes == 6 and result.success and result.extra == 1


def test_crafting_threshold_mode_example() -> None:
    # 003 "Example: Crafting": Expert 4+, 6 successes over 3 days: 2, 3, 2 → complete on day 3
    smith = Roller("Smith", 2)
    dice = [4, 5] + [6, 4] + [5, 4]
    result = extended_task(ScriptedRng(dice=dice), smith, 4, 6, 3)
    assert result.days == [2, 3, 2] and result.success


def test_journey_hurdle_without_guard_example() -> None:
    # 003 "Hurdle Complications": navigator in hostile territory without a Guard rolls −1d6
    bare = Journey("short", "moderate", ["hostile"], 2)
    guarded = Journey("short", "moderate", ["hostile"], 2, roles={"guard": "Bram"})
    assert bare.dice() == (1, 0)
    assert guarded.dice() == (3, 0)  # Guard addresses the hurdle and adds its support die


def test_broken_warrior_example() -> None:
    # 003 "Example: The Broken Warrior": 8 HD, 1 Resolve, forced check rolls 3 → 0 Resolve, unconscious, not dying
    f = SimpleNamespace(resolve=1, resolve_max=5, hd=8, mindless=False, status=rs.OK, checked_round=0,
                        stabilized=False, steadfast=False, communing=False)
    rs.resolve_check(f, ScriptedRng(dice=[3]), 1, rs.ENEMY_EFFECT)
    assert f.resolve == 0 and f.hd == 8 and f.status == rs.COLLAPSED
    # "Will wake in 0-2 days with 1 Resolve": a stored sheet in the same state
    sheet = new_sheet("Kael", "combatant", 4)
    sheet.hd, sheet.resolve = 8, 0
    assert sheet.status == "collapsed" and "COLLAPSED" in sheet.notation()
    wake(sheet)
    assert (sheet.hd, sheet.resolve, sheet.status) == (8, 1, "ok")


def test_bleeding_hero_example() -> None:
    # 003 "Example: The Bleeding Hero": Priest at 0 HD, 3 Resolve; struck, rolls 4 → 2; next round 6 → 3;
    # healed 2 HD → conscious at 2 HD, 3 Resolve.
    state = scenario()
    priest = state.fighters[1]
    priest.hd, priest.resolve = 0, 3
    rs.update_status(priest)
    assert priest.status == rs.DYING
    rs.resolve_check(priest, ScriptedRng(dice=[4]), 1, rs.HIT_AT_ZERO)
    assert priest.resolve == 2
    rs.resolve_check(priest, ScriptedRng(dice=[6]), 2, rs.DYING_ROUND)
    assert priest.resolve == 3
    state._heal(priest, 2)
    assert (priest.hd, priest.resolve, priest.status) == (2, 3, rs.OK)


def test_stabilize_action_reference_reading() -> None:
    # 003 "Stabilizing the Dying": Basic 2+, 1 required, touch (ref §1; the older block's "Req 2" is superseded)
    ab = class_data().abilities["stabilize"]
    assert (ab.tier, ab.required, ab.range) == ("basic", 1, 5)


def test_affinity_dice_examples() -> None:
    # 003 "Affinity Dice Mechanics": Proficiency 3 → at most 3 gained a day; Level 5 → store at most 5
    a = new_sheet("Ana", "priest", 5)
    for _ in range(3):
        gain_affinity(a)
    with pytest.raises(RuleViolation, match="per day"):
        gain_affinity(a)
    a.affinity_gained_today = 0
    gain_affinity(a)
    gain_affinity(a)
    assert a.affinity == 5
    a.affinity_gained_today = 0
    with pytest.raises(RuleViolation, match="cap"):
        gain_affinity(a)
    b = new_sheet("Bo", "ranger", 1)
    share_affinity(a, b, 1)
    assert (a.affinity, b.affinity) == (4, 1)
    with pytest.raises(RuleViolation, match="Level cap"):
        share_affinity(a, b, 1)


def test_natures_treaty_skill_example() -> None:
    # 003 "How Skills Work" example: Ranger rolls Proficiency + exertion + 2d6 Nature's Treaty; the 2d6 never burn
    ranger = Roller("Ranger", 3, exertion=1, bonus=2)
    assert ranger.dice() == (5, 1)


def test_level_up_adds_dice_and_abilities() -> None:
    sheet = new_sheet("Kael", "combatant", 2)
    gained = level_up(sheet)
    assert sheet.level == 3 and sheet.hd == 9 and any("Oath-Driven Strike" in g for g in gained)


def test_standard_move_split_example() -> None:
    # 003 "Movement in Combat": "Move 5 yards, attack, move 5 yards" — free movement splits around actions
    state = scenario(count=2)
    bram, a, b = state.fighters[0], state.fighters[4], state.fighters[5]
    bram.x, bram.y = 0, 0
    a.x, a.y = 2, 0
    b.x, b.y = 3, 3
    turn_of(state, 0, dice=[2, 1])
    events = state.apply(Act("use", "weapon_strike", 4))
    assert events[0].kind == "move" and events[0].data["yards"] == 5 and bram.move_left == 1
    events = state.apply(Act("move", target=5))
    assert events[0].data["yards"] == 5 and bram.move_left == 0


def test_held_actions_basic_only_at_count_zero() -> None:
    # 003 "Held Actions": with no trigger, held actions serve only Basic actions at initiative count 0
    from gamewright.games.affinity.combat import HOLD

    state = scenario(level=5, creature="veteran_sellsword", count=1)
    for f in state.fighters:
        f.x, f.y = (0, 0) if f.side == 0 else (1, 0)
    first = state.order[0]
    turn_of(state, first)
    state.apply(HOLD)
    assert state.fighters[first].held == 2
    while state.active != first:
        state.apply(Act("end"))
    assert state.held_phase and state.fighters[first].actions_left == 2
    holder = state.fighters[first]
    tiers = {state._spec(holder, a.ability).tier for a in state.legal_actions() if a.verb == "use"}
    assert tiers == {"basic"} and HOLD not in state.legal_actions()
    state.apply(Act("end"))
    assert not state.held_phase and state.round == 2
