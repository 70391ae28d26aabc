"""Every row of the Damage Die (004 §1), the Wound cards (004 §5) and the Strain table (004 §7; ref §2),
and the Suffering Die (004 §6)."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.components import CHASSIS, HEAD, LEFT_ARM, LEGS, RIGHT_ARM
from gamewright.games.penance.dice import strain_result
from gamewright.games.penance.state import Act, PenanceState
from tests.penance.helpers import ATTACK, DEFENSE, duel, faces, fresh, hand_card, place, play, script, set_hand


def _with_damaged(st, p: int = 0) -> int:  # type: ignore[no-untyped-def]
    pl = st.sides[p].piles
    inst = pl.add_damaged()
    pl.discard.remove(inst)
    pl.hand.append(inst)
    return inst


def _end_turns_to(st, p: int) -> list:  # type: ignore[no-untyped-def]
    """End turns until it is ``p``'s action phase again; returns every event."""
    events = []
    while not (st.todo[-1][0] == "main" and st.current_player == p and events):
        top = st.todo[-1]
        if top[0] == "main":
            events += st.apply(Act("end"))
        elif top[0] == "loss":
            events += st.apply(Act("lose"))
        else:
            events += st.apply(st.legal_actions()[0])
    return events


# --- Damage Die --------------------------------------------------------------------------------------------
def test_damage_die_1_minor_strain_gains_heat() -> None:
    st = fresh()
    inst = _with_damaged(st)
    script(st, 1)
    st.apply(Act("purge", inst))
    assert st.sides[0].heat == 1
    assert inst in st.sides[0].piles.grave


def test_damage_die_2_system_glitch_costs_sp_next_turn() -> None:
    st = fresh()
    inst = _with_damaged(st)
    script(st, 2, 6, 1)  # damage die, then round 2 initiative
    st.apply(Act("sacrifice", inst))
    assert inst in st.sides[0].piles.discard
    assert st.sides[0].sp == 6
    _end_turns_to(st, 0)
    assert st.sides[0].sp == 5


def test_damage_die_3_internal_bleeding_discards_next_turn() -> None:
    st = fresh()
    inst = _with_damaged(st)
    script(st, 3, 6, 1)
    st.apply(Act("purge", inst))
    grave = len(st.sides[0].piles.grave)
    st.apply(Act("end"))
    st.apply(Act("end"))  # P2's turn, then the round ends; round 2 begins with P1
    assert st.todo[-1][:2] == ["loss", 0] and st.todo[-1][2] == 1
    st.apply(Act("lose"))
    assert len(st.sides[0].piles.grave) == grave + 1


def test_damage_die_4_structural_weakness_next_attack_adds_component_damage() -> None:
    st = fresh()
    inst = _with_damaged(st)
    script(st, 4)
    st.apply(Act("purge", inst))
    assert st.sides[0].struct_weak == 1
    # P2 hits P1: one extra Component Damage on the targeted component
    st.todo = [["round_end"], ["turn_end", 1], ["main", 1]]
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    set_hand(st, 1, ["hammer_strike"])
    set_hand(st, 0, ["feint"])
    st.sides[1].sp = 4
    script(st, ATTACK[3], ATTACK[3], *[DEFENSE["shield"]] * 6)
    st.apply(Act("play", hand_card(st, 1, "hammer_strike"), HEAD))
    assert st.sides[0].comp[HEAD] == 1 and st.sides[0].struct_weak == 0


def test_damage_die_5_critical_malfunction_wounds_the_pilot() -> None:
    st = fresh()
    inst = _with_damaged(st)
    top = st.sides[0].wound_deck[-1]
    script(st, 5, 1)
    st.apply(Act("purge", inst))
    assert st.sides[0].wounds == [top]


def test_damage_die_6_adrenaline_surge_gains_sp() -> None:
    st = fresh()
    inst = _with_damaged(st)
    script(st, 6)
    st.apply(Act("purge", inst))
    assert st.sides[0].sp == 7


def test_damaged_card_lost_to_damage_rolls_the_damage_die() -> None:
    st = fresh()
    inst = _with_damaged(st)
    st.sides[0].piles.hand = [inst]
    st._harm(0, 1)
    script(st, 1)
    st.apply(Act("lose", inst))
    assert st.sides[0].heat == 1


# --- Wound cards -------------------------------------------------------------------------------------------
def _wound(st, wid: str, p: int = 0) -> list:  # type: ignore[no-untyped-def]
    s = st.sides[p]
    s.wound_deck.remove(wid)
    s.wound_deck.append(wid)
    events: list = []
    st._wound(p, 1, events)
    st._advance(events)
    return events


def test_wound_concussion_minus_one_sp_max() -> None:
    st = fresh()
    _wound(st, "concussion")
    assert st.sp_max(0) == 5


def test_wound_broken_finger_bans_a_universal_card() -> None:
    st = fresh()
    script(st, 8)  # d10 = 8: the 8th universal card, Feint
    _wound(st, "broken_finger")
    assert st.sides[0].banned == "feint"
    set_hand(st, 0, ["feint"])
    with pytest.raises(RuleViolation, match="Broken Finger"):
        st.apply(Act("play", hand_card(st, 0, "feint")))


def test_wound_internal_bleeding_discards_at_each_round_start() -> None:
    st = fresh()
    _wound(st, "internal_bleeding")
    script(st, 6, 1)
    st.apply(Act("end"))
    st.apply(Act("end"))
    assert st.todo[-1][:3] == ["loss", 0, 1]


def test_wound_dislocated_shoulder_minus_two_damage() -> None:
    st = fresh()
    _wound(st, "dislocated_shoulder")
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    st.sides[1].runes = 0
    set_hand(st, 0, ["faithful_thrust"])
    set_hand(st, 1, ["feint"])
    script(st, ATTACK[3], ATTACK[2], *[DEFENSE["shield"]] * 2)
    ev = st.apply(Act("play", hand_card(st, 0, "faithful_thrust"), CHASSIS))
    assert next(e for e in ev if e.kind == "attack").data["damage"] == 2  # 4 - 2


def test_wound_cracked_rib_adds_heat() -> None:
    st = fresh()
    _wound(st, "cracked_rib")
    st._gain_heat(0, 1, [], "test")
    assert st.sides[0].heat == 2


def test_wound_shattered_hand_minus_two_sp_max() -> None:
    st = fresh()
    _wound(st, "shattered_hand")
    assert st.sp_max(0) == 4


def test_wound_spinal_trauma_movement_costs_more() -> None:
    st = fresh()
    _wound(st, "spinal_trauma")
    place(st, 0, "B11", "E")
    st.apply(Act("move", arg=0))
    assert st.sides[0].sp == 4


def test_wound_ruptured_organ_discards_five() -> None:
    st = fresh()
    _wound(st, "ruptured_organ")
    assert st.todo[-1][:3] == ["loss", 0, 5]


def test_wound_ptsd_no_attacks_from_behind() -> None:
    st = fresh()
    _wound(st, "ptsd")
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "E")  # P1 stands at P2's rear
    set_hand(st, 0, ["faithful_thrust"])
    with pytest.raises(RuleViolation, match="PTSD"):
        st.apply(Act("play", hand_card(st, 0, "faithful_thrust"), CHASSIS))


@pytest.mark.parametrize(("roll", "sp"), [(1, 5), (2, 5), (3, 6)])
def test_wound_dissociation_rolls_each_turn(roll: int, sp: int) -> None:
    st = fresh()
    _wound(st, "dissociation")
    script(st, 6, 1, roll)  # round 2 initiative, then the Dissociation roll
    st.apply(Act("end"))
    st.apply(Act("end"))
    assert st.current_player == 0 and st.sides[0].sp == sp


def test_ten_wounds_kill_the_pilot() -> None:
    st = fresh()
    for w in ("concussion", "cracked_rib", "shattered_hand", "spinal_trauma", "ptsd", "dissociation",
              "internal_bleeding", "dislocated_shoulder", "ruptured_organ"):
        _wound(st, w)
        st.todo = [t for t in st.todo if t[0] != "loss"]
    assert not st.over
    _wound(st, "broken_finger") if st.sides[0].wound_deck == ["broken_finger"] else None
    assert st.over and st.winner == 1 and "pilot dies" in st.end_reason


# --- Strain ------------------------------------------------------------------------------------------------
def test_strain_table_rows() -> None:
    assert [strain_result(t) for t in (1, 5, 6, 8, 9, 11, 12, 16)] == [
        "heat", "heat", "sp", "sp", "damage", "damage", "component", "component"]


def _strain(heat: int, *dice: int):  # type: ignore[no-untyped-def]
    st = fresh()
    st.sides[0].heat = heat
    st.sides[0].acted = True  # not a passed turn (that would vent 1 Heat)
    script(st, 6, 1, *dice)
    st.apply(Act("end"))
    ev = st.apply(Act("end"))
    return st, ev


def test_strain_6_to_8_loses_one_sp() -> None:
    st, ev = _strain(5, 1)  # 1 + 5 = 6
    assert any(e.kind == "strain" and e.data["result"] == "sp" for e in ev)
    assert st.sides[0].sp == 5


def test_strain_9_to_11_takes_two_damage() -> None:
    st, ev = _strain(5, 4)  # 9
    assert st.todo[-1][:3] == ["loss", 0, 2]


def test_strain_12_plus_destroys_a_random_component() -> None:
    st, ev = _strain(6, 6, 6)  # 12, hit location 6 = legs
    assert st.sides[0].destroyed[LEGS]
    assert not st.sides[0].wounds  # legs: no destruction wound


def test_strain_at_10_heat_skips_the_roll() -> None:
    st, ev = _strain(10, 3)  # no strain roll: hit location 3 = right arm
    (strain,) = [e for e in ev if e.kind == "strain"]
    assert strain.data["roll"] is None and strain.data["result"] == "component"
    assert st.sides[0].destroyed[RIGHT_ARM] and len(st.sides[0].wounds) == 1


# --- Suffering Die -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("roll", "loss", "next_dmg", "turn_dmg", "heat"),
    [(1, 0, 3, 0, 0), (2, 2, 3, 0, 0), (3, 1, 3, 1, 0), (4, 1, 5, 0, 1), (5, 3, 6, 0, 0), (6, 1, 3, 0, 0)],
)
def test_suffering_die_rows_through_blood_offering(roll: int, loss: int, next_dmg: int, turn_dmg: int,
                                                   heat: int) -> None:
    from gamewright.games.penance import make_game

    st = make_game(options={"decks": "confessor,ironclad", "blood_offering": "suffering_die"}).new_initial_state(0)
    st.apply(Act("keep"))
    st.apply(Act("keep"))
    st.todo = [["round_end"], ["turn", 1], ["turn_end", 0], ["main", 0]]
    set_hand(st, 0, ["blood_offering"])
    pl = st.sides[0].piles
    pl.discard.append(pl.deck.pop(0))
    deck_before = len(pl.deck)
    rolls = [roll] if roll != 6 else [roll]
    script(st, *rolls)
    if roll == 6:
        st.rng.push_uniforms(*[0.5] * 40)  # the recovered card is shuffled into the deck
    st.apply(Act("play", hand_card(st, 0, "blood_offering")))
    s = st.sides[0]
    assert (s.next_dmg, s.turn_dmg, s.heat) == (next_dmg, turn_dmg, heat)
    # the hand is empty, so the self-harm comes off the top of the deck into the graveyard
    assert len(pl.grave) == loss
    assert len(pl.deck) == deck_before - loss + (1 if roll == 6 else 0)


# --- Damage Die 4: Structural Weakness waits for the next attack that hits --------------------------------------------
def _damaged_on_top(st: PenanceState, p: int) -> int:
    pl = st.sides[p].piles
    inst = pl.add_damaged()
    pl.discard.remove(inst)
    pl.deck.append(inst)
    return inst


def test_ref1_execution_is_the_next_attack_for_structural_weakness() -> None:
    """004 §1 Damage Die 4: "Next attack against you: +1 Component Damage" (RULINGS: the next attack that hits you).
    An EXECUTION hits: it uses up the Structural Weakness; the attack after it does not get the +1."""
    st = duel(hand=["faithful_thrust", "faithful_thrust"])
    e = st.sides[1]
    e.struct_weak = 1
    script(st, ATTACK[5], ATTACK[5])
    play(st, "faithful_thrust", HEAD)
    assert e.struct_weak == 0
    script(st, ATTACK[2], ATTACK[3], *faces(*["shield"] * 4))
    play(st, "faithful_thrust", LEFT_ARM)
    assert e.comp[LEFT_ARM] == 0


def test_004_1_damage_die_4_structural_weakness_waits_for_the_next_attack_that_hits() -> None:
    """004 §1 Damage Die 4: "Next attack against you: +1 Component Damage" — not the attack whose loss rolled it."""
    st = duel(hand=["faithful_thrust", "faithful_thrust"])
    e = st.sides[1]
    for _ in range(4):  # no weapon cards among the losses: their Component Damage would blur the count
        _damaged_on_top(st, 1)
    # a hit for 4 (TN 5, 3 + 3): four FLESH WOUNDs; four DAMAGED cards lost, Damage Dice 4 then Minor Strain
    script(st, ATTACK[3], ATTACK[3], *[DEFENSE["flesh"]] * 4, 4, 1, 1, 1)
    play(st, "faithful_thrust", HEAD)
    for _ in range(4):
        st.apply(Act("lose"))
    assert e.comp[HEAD] == 0 and e.struct_weak == 1  # the causing attack does not spend it
    script(st, ATTACK[3], ATTACK[3], *[DEFENSE["shield"]] * 4)
    play(st, "faithful_thrust", LEFT_ARM)
    assert e.comp[LEFT_ARM] == 1 and e.struct_weak == 0  # the next hit does


def test_004_1_damage_die_4_survives_an_execution_s_forced_losses() -> None:
    """004 §1 Damage Die 4 rolled while an EXECUTION's forced losses resolve belongs to the next attack."""
    st = duel(hand=["faithful_thrust", "faithful_thrust"])
    e = st.sides[1]
    _damaged_on_top(st, 1)
    script(st, ATTACK[5], ATTACK[5], 4)
    play(st, "faithful_thrust", HEAD)
    assert e.destroyed[HEAD] and e.struct_weak == 1
    script(st, ATTACK[3], ATTACK[3], *[DEFENSE["shield"]] * 4)
    play(st, "faithful_thrust", LEFT_ARM)
    assert e.comp[LEFT_ARM] == 1 and e.struct_weak == 0
