"""Regression tests for issue 10 §2's Penance fixes, each named after the rule it restores."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance import make_game
from gamewright.games.penance.components import HEAD, LEFT_ARM, LEGS
from gamewright.games.penance.state import Act, PenanceState
from tests.penance.helpers import ATTACK, DEFENSE, hand_card, place, script
from tests.penance.test_audit import duel, play


def _damaged_on_top(st: PenanceState, p: int) -> int:
    pl = st.sides[p].piles
    inst = pl.add_damaged()
    pl.discard.remove(inst)
    pl.deck.append(inst)
    return inst


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


def test_004_2_pistol_card_at_range_1_needs_the_front_arc() -> None:
    """RULINGS 004 §2: a card's range makes it ranged; adjacent pistols still need the front 180°."""
    st = duel("confessor:D,ironclad", hand=["quick_shot"])
    place(st, 0, "H11", "W")  # the enemy at I11 is behind P1
    assert not any(a.kind == "play" for a in st.legal_actions())
    with pytest.raises(RuleViolation, match="front 180"):
        play(st, "quick_shot", HEAD)


def test_004_2_pistol_card_at_range_1_takes_the_head_damage_penalty() -> None:
    """ref §2/§3: a damaged head is TN +1 for ranged attacks — adjacent pistol shots included."""
    st = duel("confessor:D,ironclad", hand=["quick_shot"])
    st.sides[0].comp[HEAD] = st.sides[0].cls.zones[HEAD].ap_max + 1  # in Structure
    script(st, ATTACK[0], ATTACK[1])
    attack = next(e for e in play(st, "quick_shot", HEAD) if e.kind == "attack")
    assert attack.data["tn_parts"]["other"] == 1 and attack.data["tn"] == 6


def test_004_9_defeat_the_moment_deck_and_discard_are_empty() -> None:
    """004 §9 "deck empty + discard empty": defeated at once, before the attack's end step can add a Major
    Wound's DAMAGED card to the discard pile."""
    st = duel(hand=["faithful_thrust"])
    pl = st.sides[1].piles
    pl.grave += pl.deck[:-3] + pl.discard
    del pl.deck[:-3]
    pl.discard = []
    script(st, ATTACK[5], ATTACK[5])  # EXECUTION: 6 damage forced from the deck, a Major Wound for a Vanguard
    events = play(st, "faithful_thrust", HEAD)
    assert st.is_terminal() and st.winner == 0 and "deck and discard" in st.end_reason
    assert sum(1 for e in events if e.kind == "lose") == 3
    assert not any(e.kind == "major_wound" for e in events)


def _random_location_duel() -> PenanceState:
    st = duel(hand=["faithful_thrust", "faithful_thrust"])
    st.rules = make_game(options={"hit_location": "random"}).rules
    return st


def test_ref2_hit_location_random_uses_the_table() -> None:
    """ref §2: random hit location 1d6: 1 head, 2 left arm, 3 right arm, 4-5 chassis, 6 legs."""
    st = _random_location_duel()
    plays = [a for a in st.legal_actions() if a.kind == "play"]
    assert plays and all(a.arg == -1 for a in plays)
    with pytest.raises(RuleViolation, match="hit-location die"):
        st.apply(Act("play", hand_card(st, 0, "faithful_thrust"), HEAD))
    st.sides[1].destroyed[HEAD] = True
    script(st, ATTACK[5], ATTACK[5], 1, 6)  # head is destroyed: the die is rolled again, legs
    events = st.apply(Act("play", hand_card(st, 0, "faithful_thrust")))
    assert st.sides[1].destroyed[LEGS]
    assert next(e for e in events if e.kind == "attack").data["component"] == LEGS


def test_ref2_hit_location_default_is_the_attacker_s_choice() -> None:
    st = duel(hand=["faithful_thrust"])
    assert {a.arg for a in st.legal_actions() if a.kind == "play"} == {0, 1, 2, 3, 4}
