"""Class abilities in a fight and on the sheet (ref §3): the Combatant's War Cry rally die, Battlefield
Awareness and Oath Absolute (once per long rest), and the Weaver's spell layer (option ``magical_armor``)."""

from __future__ import annotations

from gamewright.core.game import load_game
from gamewright.core.rng import Rng
from gamewright.games.affinity import rest as rr
from gamewright.games.affinity.character import new_sheet
from gamewright.games.affinity.combat import Act, build_fight, fighter_from_sheet
from gamewright.games.affinity.combat_fighters import sheet_after_fight

from .helpers import adjacent, scenario, turn_of


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


def test_ref3_combatant_10_oath_absolute_once_per_long_rest() -> None:
    """Oath Absolute is spent on the sheet like Undeniable Purpose: a short Rest does not bring it back, a
    Recover does."""
    sheet = new_sheet("Vow", "combatant", 10)
    fighter = fighter_from_sheet(sheet, 0)
    assert fighter.oath_ready
    fighter.oath_ready = False  # the Oath fired in this fight
    sheet_after_fight(sheet, fighter)
    assert sheet.uses_spent["oath_absolute"] == 1
    rr.rest(sheet)
    assert not fighter_from_sheet(sheet, 0).oath_ready  # a second saved fight after a short Rest: no Oath
    rr.recover(sheet)
    assert fighter_from_sheet(sheet, 0).oath_ready


def test_ref3_combatant_10_oath_absolute_fires_in_a_fight_and_is_recorded() -> None:
    sheet = new_sheet("Vow", "combatant", 10)
    sheet.hd = 1
    state, _ = build_fight([sheet], "orc_berserker", 3, 5, {"magical_armor": False})
    rng = Rng(2)
    while not state.is_terminal() and state.fighters[0].oath_ready:
        acts = state.legal_actions()
        state.apply(next((a for a in acts if a.verb == "end"), rng.choice(acts)) if state.current_player == 0
                    else rng.choice([a for a in acts if a.verb != "end"] or acts))
    assert not state.fighters[0].oath_ready
    sheet_after_fight(sheet, state.fighters[0])
    assert sheet.uses_spent.get("oath_absolute") == 1


def test_ref3_weaver_magical_armor_false_removes_the_spell_layer_for_the_default_party() -> None:
    for magical in (True, False):
        state = load_game("affinity", options={"magical_armor": magical}).new_initial_state(0)
        weaver = next(f for f in state.fighters if f.key == "weaver")
        assert any(la.label == "spell" for la in weaver.layers) is magical
