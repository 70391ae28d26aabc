"""Outside combat: tasks, travel, chases, social duels, rest and healing, data validation."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.rng import Rng, ScriptedRng
from gamewright.games.affinity.character import Sheet, betray_virtue, new_day, new_sheet, spend_affinity
from gamewright.games.affinity.chase import ChaseSetup, chase_odds, outcome, run_chase
from gamewright.games.affinity.data_files import parse_toml, validate_classes, validate_creatures
from gamewright.games.affinity.rest import drink, heal, heal_amount, recover, rest
from gamewright.games.affinity.social import Duel, Side, Speaker
from gamewright.games.affinity.tasks import Roller, group_roll, parse_threshold, pooled_chance
from gamewright.games.affinity.travel import Journey, travel


# --- tasks -------------------------------------------------------------------------------------------------------
def test_penalty_removes_a_safe_die_first_never_below_zero() -> None:
    assert Roller("a", 2, exertion=2, penalty=2).dice() == (0, 2)
    assert Roller("a", 2, exertion=2, penalty=3).dice() == (0, 1)
    assert Roller("a", 1, exertion=0, penalty=5).dice() == (0, 0)


def test_task_difficulties_are_not_action_tiers() -> None:
    # ref §1: no exertion minimum at Expert in threshold mode
    result = group_roll(ScriptedRng(dice=[4]), [Roller("a", 1)], parse_threshold("expert"), 1)
    assert result.success and result.chance == F(1, 2)


def test_group_roll_chance_is_exact() -> None:
    rollers = [Roller("a", 1), Roller("b", 1)]
    assert pooled_chance(rollers, 4, 2) == F(5, 12)


# --- travel ------------------------------------------------------------------------------------------------------
def test_journey_outcomes_and_resolve() -> None:
    j = Journey("medium", "moderate", ["hostile", "weather"], 2)
    assert j.required == 3 and j.threshold == 3
    assert j.outcome_of(3) == ("success", 1)
    assert j.outcome_of(2) == ("partial", -1) and j.outcome_of(1) == ("partial", -1)
    assert j.outcome_of(0) == ("failure", -2)
    j.natures_treaty = True
    assert j.outcome_of(0) == ("failure", -1) and j.outcome_of(2) == ("partial", 0)
    assert sum(j.odds().values()) == 1


def test_journey_support_mounts_supplies() -> None:
    j = Journey("long", "difficult", ["hostile", "weather", "terrain"], 2,
                roles={"scout": "a", "quartermaster": "b", "guard": "c"}, supplies=True, mounts=True)
    assert j.unaddressed() == [] and j.dice() == (6, 0) and j.threshold == 3
    with pytest.raises(ConfigError, match="hurdle"):
        Journey("short", "easy", ["hostile", "weather"], 1).validate()
    out = travel(Rng(1), Journey("short", "easy", ["time"], 2))
    assert out["outcome"] in ("success", "partial", "failure")


# --- chases ------------------------------------------------------------------------------------------------------
def test_chase_outcomes() -> None:
    assert outcome(3, 2) == "escaped"
    assert outcome(2, 3) == "caught"
    assert outcome(2, 2) == "escaped, tracked"
    assert outcome(1, 0) == "escaped, tracked"  # neither reaches the 2 required successes
    assert outcome(0, 2) == "caught"


def test_chase_modifiers_and_odds() -> None:
    setup = ChaseSetup(Roller("lead", 1), Roller("chase", 1), familiar="chase", mount="lead", darkness=True,
                       crowded=True)
    assert setup.dice("lead") == (3, 0)  # 1 + mount 2 + darkness 1 − crowded 1
    assert setup.dice("chase") == (1, 0)  # 1 + familiar 1 − crowded 1
    assert sum(chase_odds(setup).values()) == 1
    assert run_chase(Rng(3), setup)["outcome"] in ("escaped", "caught", "escaped, tracked")


# --- social duels ------------------------------------------------------------------------------------------------
def test_composure_base_and_classes() -> None:
    assert Speaker("a", 1).composure == 2 and Speaker("a", 3).composure == 4
    assert Speaker("a", 1, home_ground=True).composure == 3
    assert Speaker("s", 1, class_key="sovereign").composure_die == 8
    assert Speaker("r", 1, research_hours=5).preparation == 3


def test_assert_damage_margin_capped_plus_stance() -> None:
    a, b = Speaker("A", 2), Speaker("B", 2)
    # A rolls 6,6 (4 successes), B rolls 1,1 (0): margin 4 → min(4, 2) + 1 (Assert) = 3 damage.
    # B defends in Assert: one fewer roll (2 − 1 = 1): 2 fails → 1 die lost, then 2 auto → Composure 3 → 0.
    duel = Duel(a, b, ScriptedRng(dice=[6, 6, 1, 1, 2]))
    entry = duel.play_round(Side("assert"), Side("assert"))
    assert entry["damage"] == 3 and entry["defence"]["rolls"] == [2]
    assert b.composure == 0 and b.stake() == "minor concession" and b.resolve == 5


def test_composure_gone_damage_strikes_resolve_and_total_defeat_ends() -> None:
    a, b = Speaker("A", 3), Speaker("B", 1)
    b.composure = 0
    duel = Duel(a, b, ScriptedRng(dice=[6, 6, 6, 1]))
    entry = duel.play_round(Side("assert"), Side("reason"))
    assert entry["damage"] == 4 and b.resolve == 1 and duel.over and "total defeat" in duel.result
    with pytest.raises(RuleViolation):
        duel.play_round(Side(), Side())


def test_reason_winner_gains_preparation_and_tie_does_nothing() -> None:
    a, b = Speaker("A", 1), Speaker("B", 1)
    duel = Duel(a, b, ScriptedRng(dice=[5, 1, 4, 1, 3]))
    entry = duel.play_round(Side("reason"), Side("assert"))
    assert a.preparation == 1 and "damage" not in entry
    entry = duel.play_round(Side("assert"), Side("assert"))  # A now rolls 2 dice (Preparation applies every round)
    assert len(entry["a"]["faces"]) == 2 and entry["winner"] is None and "damage" not in entry
    assert (a.composure, b.composure) == (2, 2)


def test_discern_rolls_one_fewer_and_sees_composure() -> None:
    a, b = Speaker("A", 2), Speaker("B", 2)
    duel = Duel(a, b, ScriptedRng(dice=[3, 3, 3, 5, 5]))
    entry = duel.play_round(Side("discern"), Side("assert"))
    assert len(entry["a"]["faces"]) == 1 and entry["a"]["sees"] == "3d6"


def test_combatant_warriors_presence() -> None:
    a, b = Speaker("A", 1, class_key="combatant"), Speaker("B", 1, class_key="combatant")
    duel = Duel(a, b, ScriptedRng(dice=[6, 1, 4]))
    entry = duel.play_round(Side("assert"), Side("reason"))
    assert entry["damage"] == 1 + 1 + 1  # margin 2 capped at 1, Assert +1, Warrior's Presence +1
    assert entry["defence"]["cancelled"] == 1  # Composure defends on 4+


def test_counsel_and_champion() -> None:
    a, b = Speaker("A", 1), Speaker("B", 1)
    champ = Speaker("C", 2)
    b.composure = 1
    duel = Duel(a, b, ScriptedRng(dice=[6, 1, 5, 3, 1]))
    entry = duel.play_round(Side("assert"), Side("assert", counsel=2, champion=champ))
    assert entry["defence"]["defender"] == "C"
    assert entry["b"]["counsel"] == {"faces": [3, 1], "restored": 1, "destroyed": 1}


def test_withdraw() -> None:
    duel = Duel(Speaker("A", 1), Speaker("B", 1), Rng(0))
    assert "withdraws" in duel.withdraw("a") and duel.over


# --- rest, healing, potions, Affinity ------------------------------------------------------------------------------
def test_healing_modes_and_cap() -> None:
    assert heal_amount([3, 5], "sum") == 8 and heal_amount([3, 5], "count") == 2
    sheet = new_sheet("K", "priest", 1)
    sheet.hd = 0
    out = heal(sheet, ScriptedRng(dice=[6, 6]), 2, 6)
    assert sheet.hd == 5 and out["restored"] == 5
    sheet.resolve = 3
    drink(sheet, Rng(0), "resolve_elixir")
    assert sheet.resolve == 5
    with pytest.raises(ConfigError):
        drink(sheet, Rng(0), "elixir_of_life")


def test_affinity_spend_and_betray() -> None:
    s = new_sheet("K", "priest", 3)
    s.affinity = 3
    assert spend_affinity(s, 2) == 2 and s.affinity == 1
    with pytest.raises(RuleViolation):
        spend_affinity(s, 2)
    assert betray_virtue(s) == 1 and s.affinity == 0


def test_sheet_validation() -> None:
    with pytest.raises(ConfigError, match="heavy"):
        new_sheet("K", "priest", 5, armour="heavy")
    with pytest.raises(ConfigError, match="two hands"):
        new_sheet("K", "combatant", 1, weapon="greatsword", shield=True)
    with pytest.raises(ConfigError, match="unknown class"):
        new_sheet("K", "bard")
    data = new_sheet("K", "combatant", 2).to_json()
    assert Sheet.from_json(data).armour == "heavy"
    with pytest.raises(ConfigError, match="unknown field"):
        Sheet.from_json({**data, "hp": 3})


def test_every_class_has_a_level_one_kit_and_combatant_progression() -> None:
    from gamewright.games.affinity.character import abilities_at

    for key in ("combatant", "priest", "ranger", "scholar", "weaver", "shaman", "sovereign"):
        sheet = new_sheet("K", key)
        assert "weapon_strike" in sheet.abilities and len(sheet.abilities) >= 2
    assert abilities_at("combatant", 10)[-5:] == ["oath_driven_strike", "hold_the_line", "devastating_assault",
                                                  "legendary_strike", "undeniable_purpose"]


# --- data validation ---------------------------------------------------------------------------------------------
def test_creature_data_errors_are_clear() -> None:
    bad = parse_toml('[creatures.x]\nname = "X"\ntier = "basic"\nhd = 0\nhd_die = 8\nproficiency = 1\n'
                     'resolve = 1\nattacks = [{ name = "Bite", tier = "basic", pool = 2, required = 1, damage = 1 }]\n',
                     "c.toml")
    with pytest.raises(ConfigError, match="c.toml: creature 'x': 'hd' must be at least 1"):
        validate_creatures(bad, "c.toml")
    bad = parse_toml('[creatures.x]\nname = "X"\ntier = "basic"\nhd = 2\nhd_die = 8\nproficiency = 1\n'
                     'resolve = 1\nattacks = [{ name = "Bite", tier = "basic", pool = 2, damage = 1, colour = 3 }]\n',
                     "c.toml")
    with pytest.raises(ConfigError, match="unknown field"):
        validate_creatures(bad, "c.toml")
    with pytest.raises(ConfigError, match="not valid TOML"):
        parse_toml("[x", "c.toml")


def test_class_data_errors_are_clear() -> None:
    with pytest.raises(ConfigError, match="hd_by_level"):
        validate_classes({"hd_by_level": {"tough": [1, 2]}}, "k.toml")


def test_creature_defaults_by_tier_and_action_override() -> None:
    raw = parse_toml('[creatures.x]\nname = "X"\ntier = "expert"\nhd = 9\nhd_die = 10\nproficiency = 4\n'
                     'actions = 3\n'
                     'attacks = [{ name = "Claw", tier = "expert", pool = 8, required = 3, damage = 5 }]\n',
                     "c.toml")
    x = validate_creatures(raw, "c.toml").creatures["x"]
    assert x.resolve == 4 and x.actions == 3 and not x.mindless


def test_reference_creature_table_loaded() -> None:
    from gamewright.games.affinity.data_files import creature_data

    data = creature_data().creatures
    assert len(data) == 13
    assert {k for k, c in data.items() if c.tier == "advanced"} == {
        "veteran_sellsword", "orc_berserker", "bandit_captain", "wight_lord", "ice_wraith"}
    wolf = data["pall_wolf"]
    assert (wolf.hd, wolf.hd_die, wolf.proficiency, wolf.resolve) == (4, 8, 1, 1)
    assert [a.name for a in wolf.attacks] == ["Bite", "Shadowy Lunge"]
    assert data["skeletal_warrior"].mindless and data["ice_wraith"].mindless and data["frostbitten_thrall"].mindless
    assert creature_data().budgets["medium"] == (12, 18)


# --- tasks, travel and chases: limits and outcomes --------------------------------------------------------------------
def test_config_errors_are_config_errors() -> None:
    with pytest.raises(ConfigError):
        Roller("a", -1).dice()


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


# --- social duels: Assert's defence, thresholds by class and evidence -------------------------------------------------
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


# --- healing and rest on a sheet --------------------------------------------------------------------------------------
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
