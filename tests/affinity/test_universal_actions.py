"""The universal actions of a fight (ref §1; 003 Movement in Combat): Help's dice count at the recipient's
threshold, Defend lasts until the next turn, Dash and Forced March roll Proficiency + Exertion.

Party (helpers.scenario): 0 Combatant "Bram", 1 Priest, 2 Ranger, 3 Weaver; creatures from index 4."""

from __future__ import annotations

from gamewright.core.game import load_game
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat import Act, CombatState

from .helpers import scenario, turn_of


def _first_pc_turn(state: CombatState) -> CombatState:
    while state.current_player != 0:
        state.apply(next(a for a in state.legal_actions() if a.verb == "end"))
    return state


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


def test_dash_preview_is_legal_and_exact_at_level_one() -> None:
    state = _first_pc_turn(load_game("affinity").new_initial_state(1))
    dash = next(a for a in state.legal_actions() if a.ability == "dash" and a.exertion == 0)
    pv = state.preview(dash)
    assert pv["success"]["p"] == "5/6"  # one die at 2+, one success needed
    assert isinstance(dash, Act)
