"""Issue 10 §2: rules fixes, each test named after the rule it restores."""

from __future__ import annotations

from gamewright.core.game import load_game
from gamewright.core.rng import Rng
from gamewright.games.affinity import rest as rr
from gamewright.games.affinity.character import new_sheet
from gamewright.games.affinity.combat import Act, CombatState, build_fight, fighter_from_sheet
from gamewright.games.affinity.combat_fighters import sheet_after_fight


def _first_pc_turn(state: CombatState) -> CombatState:
    while state.current_player != 0:
        state.apply(next(a for a in state.legal_actions() if a.verb == "end"))
    return state


def test_003_movement_in_combat_dash_and_forced_march_roll_proficiency_plus_exertion() -> None:
    """Dash and Forced March roll Proficiency + Exertion: long range (−1d6) is a weapon rule, and a Dash's target
    is always farther than its reach of 1, so a level-1 Dash without exertion used to roll no dice."""
    for seed in range(6):
        state = _first_pc_turn(load_game("affinity").new_initial_state(seed))
        f = state.fighters[state.active]
        for ability in ("dash", "forced_march"):
            acts = [a for a in state.legal_actions() if a.ability == ability]
            for act in acts:
                pv = state.preview(act)
                assert pv["dice"]["safe"] + pv["dice"]["exertion"] == f.prof + act.exertion
                assert not any("long range" in t["why"] for t in pv["dice"]["terms"])
        dash = next(a for a in state.legal_actions() if a.ability == "dash" and a.exertion == 0)
        roll = next(e for e in state.clone().apply(dash) if e.kind == "roll")
        assert len(roll.data["faces"]) == f.prof == 1


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


def test_dash_preview_is_legal_and_exact_at_level_one() -> None:
    state = _first_pc_turn(load_game("affinity").new_initial_state(1))
    dash = next(a for a in state.legal_actions() if a.ability == "dash" and a.exertion == 0)
    pv = state.preview(dash)
    assert pv["success"]["p"] == "5/6"  # one die at 2+, one success needed
    assert isinstance(dash, Act)
