"""An attack resolved as the reference rules it (ref §1, §2): the tier from the raw sum, EXECUTION, CATASTROPHIC
FAILURE, critical hits and PIERCE against flat Defense, reactive cards and Runes, where the damage comes from,
Major Wounds, and the hit location."""

from __future__ import annotations

import json

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance import make_game
from gamewright.games.penance.attack import resolve_defense
from gamewright.games.penance.components import CHASSIS, HEAD, LEFT_ARM, LEGS
from gamewright.games.penance.dice import attack_tier
from gamewright.games.penance.state import Act, PenanceState
from tests.penance.helpers import ATTACK, damaged_in, duel, event, faces, hand_card, lose_from_deck, place, play, script


def _random_location_duel() -> PenanceState:
    st = duel(hand=["faithful_thrust", "faithful_thrust"])
    st.rules = make_game(options={"hit_location": "random"}).rules
    return st


def test_ref1_tier_from_the_raw_sum_against_a_lowered_tn() -> None:
    """ref §1: "The tier comes from the raw sum: 5–6 hit, 7–8 strong … Any sum of 1–6 that meets a lowered TN is a
    plain hit." A rear attack (TN 5 − 2 = 3) rolling 1 + 2 hits for the card's damage, no tier bonus."""
    st = duel(hand=["faithful_thrust"])
    place(st, 1, "I11", "E")  # P1 (to the west) is now on P2's rear
    script(st, ATTACK[1], ATTACK[2], *faces(*["flesh"] * 6))
    ev = play(st, "faithful_thrust", CHASSIS)
    a = event(ev, "attack").data
    assert (a["tn"], a["sum"], a["tier"], a["damage"]) == (3, 3, "hit", 6)  # 4 + Faithful Thrust's rear +2
    st2 = duel(hand=["faithful_thrust"])
    place(st2, 1, "I11", "E")
    script(st2, ATTACK[0], ATTACK[2])
    assert event(play(st2, "faithful_thrust", CHASSIS), "attack").data["tier"] == "miss"  # 2 < 3


def test_ref1_tn_above_10_is_met_only_by_execution(cli) -> None:  # type: ignore[no-untyped-def]
    """ref §1: "A TN above 10 can only be met by EXECUTION." (9 never reaches it; double DEATH BLOW always hits.)"""
    assert attack_tier(4, 5, 11) == "miss" and attack_tier(5, 5, 11) == "execution"
    assert attack_tier(5, 5, 99) == "execution" and attack_tier(0, 0, -5) == "catastrophic"
    base = ["penance", "attack", "--card", "Faithful Thrust", "--attacker", "scout", "--defender", "vanguard",
            "--range", "1", "--moved", "7", "--defender-moved", "7", "--side", "shield", "--cover", "heavy", "--json"]
    miss = json.loads(cli(*base, "--attack-dice", "4,5")[1])
    assert miss["tn"] == 5 + 3 + 3 + 1 + 2 and miss["tier"] == "miss" and miss["damage"] == 0
    exe = json.loads(cli(*base, "--attack-dice", "5,5")[1])
    assert exe["tier"] == "execution" and exe["damage"] == 6 and exe["taken"] == 6


def test_ref1_execution_bypasses_defense_shields_and_reactives() -> None:
    """ref §1: EXECUTION "bypasses all Defense, shields and reactive cards, destroys the targeted component
    outright; the card's damage still applies and the defender must discard it from the deck." ref §2: "only its
    destruction wounds apply"."""
    st = duel("confessor,ironclad:B", hand=["faithful_thrust"], enemy=["wall_of_iron", "feint"])
    e = st.sides[1]
    e.runes, e.def_turn, e.scrap_armor = 3, 2, 1
    e.comp[HEAD] = 2
    deck = len(e.piles.deck)
    hand = list(e.piles.hand)
    script(st, ATTACK[5], ATTACK[5])
    ev = play(st, "faithful_thrust", HEAD)
    assert not [x for x in ev if x.kind in ("react", "defense")]
    assert st.current_player == 0 and st.todo[-1][0] == "main"  # no reactive window was opened
    assert len(e.piles.deck) == deck - 6 and e.piles.hand == hand and e.runes == 3  # 4 + 2, all from the deck
    assert e.destroyed[HEAD] and e.comp[HEAD] == 2 and len(e.wounds) == 1  # the destruction wound only


def test_ref1_catastrophic_failure_jams_heats_and_weakens_the_next_attack() -> None:
    """ref §1: double JAM: "always a miss, discard every primary-weapon card in hand, +2 Heat, the next attack deals
    −2 damage." Secondary weapon cards stay; the penalty is used by the next attack only."""
    st = duel("confessor:D,ironclad", hand=["faithful_thrust", "faithful_thrust", "righteous_cleave", "quick_shot",
                                            "quick_shot", "feint"])
    s = st.sides[0]
    pl = s.piles
    script(st, ATTACK[0], ATTACK[0])
    ev = play(st, "faithful_thrust", CHASSIS)
    assert event(ev, "attack").data["tier"] == "catastrophic" and s.heat == 2
    assert sorted(pl.cards[i] for i in pl.hand) == ["feint", "quick_shot", "quick_shot"]
    assert sorted(pl.cards[i] for i in pl.discard) == ["faithful_thrust", "faithful_thrust", "righteous_cleave"]
    script(st, ATTACK[2], ATTACK[3])
    assert event(play(st, "quick_shot", CHASSIS), "attack").data["damage"] == 0  # 2 − 2
    script(st, ATTACK[2], ATTACK[3], *faces("flesh", "flesh"))
    assert event(play(st, "quick_shot", CHASSIS), "attack").data["damage"] == 2  # used up


def test_ref1_critical_bypasses_one_defense() -> None:
    """ref §1: "9 critical (+2 damage, bypass 1 Defense)"; ref §2: "bypass … N Defense removes N points" of flat
    Defense. Hunker Down's +2 Defense stops only 1 of a critical hit."""
    st = duel(hand=["faithful_thrust"])
    st.sides[1].def_turn = 2
    script(st, ATTACK[4], ATTACK[5], *faces(*["flesh"] * 6))
    d = event(play(st, "faithful_thrust", CHASSIS), "defense").data
    assert (d["blocked"], d["taken"]) == (1, 5)
    st2 = duel(hand=["faithful_thrust"])
    st2.sides[1].def_turn = 2
    script(st2, ATTACK[3], ATTACK[4], *faces(*["flesh"] * 5))
    assert event(play(st2, "faithful_thrust", CHASSIS), "defense").data["taken"] == 3  # strong: 5 − 2


def test_ref2_flat_defense_after_the_dice_with_no_minimum() -> None:
    """ref §2: flat Defense is "subtracted after the defense dice … Damage can reach 0; there is no minimum." The
    dice are rolled for the full damage; the Defense comes off what they let through, never below 0."""
    st = duel(hand=["faithful_thrust"])
    st.sides[1].def_turn = 3
    script(st, ATTACK[2], ATTACK[3], *faces("shield", "shield", "flesh", "flesh"))
    d = event(play(st, "faithful_thrust", CHASSIS), "defense").data
    assert len(d["faces"]) == 4 and d["taken"] == 0 and d["blocked"] == 4
    assert st.current_player == 0 and st.todo[-1][0] == "main"  # nothing to lose, no Major Wound
    assert resolve_defense(["flesh"], flat_defense=5).taken == 0


def test_ref1_pierce_cancels_a_reactive_already_played() -> None:
    """ref §1: PIERCE: "no reactive cards against this attack — a reactive already played is cancelled, the card
    still spent"; ref §2: "the points the reactive removed are taken without defense dice"."""
    st = duel(hand=["faithful_thrust"], enemy=["brace_for_impact", "feint"])
    script(st, ATTACK[3], ATTACK[4], *faces("pierce", "flesh", "shield"))
    play(st, "faithful_thrust", CHASSIS)  # strong: 5 damage
    ev = st.apply(Act("react", hand_card(st, 1, "brace_for_impact")))
    d = event(ev, "defense").data
    assert len(d["faces"]) == 3 and d["pierce"] and d["taken"] == 2 + 2
    pl = st.sides[1].piles
    assert "brace_for_impact" in [pl.cards[i] for i in pl.discard]


def test_ref2_flat_defense_also_meets_the_points_a_pierce_brings_back() -> None:
    """ref §2: flat Defense is subtracted after the dice from the damage taken; a PIERCE makes the reactive's points
    taken. Wall of Iron (−3) then PIERCE: 1 die taken + 3 returned = 4, less Hunker Down's 2 = 2 (RULINGS)."""
    st = duel("confessor,ironclad:B", hand=["faithful_thrust"], enemy=["wall_of_iron"])
    st.sides[1].def_turn = 2
    script(st, ATTACK[3], ATTACK[4], *faces("pierce", "shield"))
    play(st, "faithful_thrust", CHASSIS)
    d = event(st.apply(Act("react", hand_card(st, 1, "wall_of_iron"))), "defense").data
    assert d["taken"] == 2 and st.sides[1].heat == 1  # the reactive's Heat is still gained


def test_ref2_a_rune_is_the_one_reactive_and_a_pierce_cancels_it() -> None:
    """ref §2: "Runic Armor's spend counts as the one reactive card of that attack"; RULINGS: "a PIERCE cancels its
    +2 Defense, the Rune still spent"."""
    st = duel("confessor,ironclad:B", hand=["faithful_thrust"], enemy=["wall_of_iron"])
    e = st.sides[1]
    e.runes = 2
    script(st, ATTACK[3], ATTACK[4], *faces("pierce", "flesh", "flesh", "shield", "shield"))
    play(st, "faithful_thrust", CHASSIS)
    d = event(st.apply(Act("rune")), "defense").data
    assert d["taken"] == 3 and e.runes == 1  # no +2 Defense
    assert "wall_of_iron" in [e.piles.cards[i] for i in e.piles.hand]  # no second reactive was offered
    st2 = duel("confessor,ironclad:B", hand=["faithful_thrust"], enemy=["wall_of_iron"])
    st2.sides[1].runes = 2
    script(st2, ATTACK[3], ATTACK[4], *faces("flesh", "flesh", "flesh", "shield", "shield"))
    play(st2, "faithful_thrust", CHASSIS)
    assert event(st2.apply(Act("rune")), "defense").data["taken"] == 1  # 3 − 2


def test_ref2_hand_and_deck_split_primary_cards_add_component_damage() -> None:
    """ref §2: "the defender chooses how many cards come from hand and how many from the top of the deck … Every
    primary-weapon card so discarded adds +1 Component Damage to the targeted component" (secondary cards add
    none: the reference names the primary weapon only)."""
    st = duel("confessor,ironclad:B", hand=["faithful_thrust"], enemy=["hammer_strike", "ground_slam", "advance"],
              top=["crushing_blow", "feint"])
    e = st.sides[1]
    script(st, ATTACK[3], ATTACK[4], *faces("critical", "flesh", "flesh", "shield", "heat"))
    d = event(play(st, "faithful_thrust", LEFT_ARM), "defense").data
    assert d["taken"] == 4 and e.heat == 1
    st.apply(Act("lose", hand_card(st, 1, "hammer_strike")))
    st.apply(Act("lose", hand_card(st, 1, "advance")))
    lose_from_deck(st, 2)  # Crushing Blow, then Feint
    assert e.comp[LEFT_ARM] == 1 + 2 and [e.piles.cards[i] for i in e.piles.hand] == ["ground_slam"]
    assert damaged_in(st, 1) == 0  # 4 < a Vanguard's 7


@pytest.mark.parametrize(("cls", "threshold"), [("scout", 3), ("warden", 5), ("vanguard", 7), ("colossus", 9)])
def test_ref2_major_wound_threshold_by_class(cls: str, threshold: int) -> None:
    """ref §2: "Major Wound: by casket class on the final damage of one attack — Scout 3+, Warden 5+, Vanguard 7+,
    Colossus 9+ — adds one DAMAGED card to the discard pile.\""""
    for taken, major in ((threshold - 1, 0), (threshold, 1)):
        st = duel(hand=["faithful_thrust"])
        st.sides[1].cls_name = cls
        st.sides[0].next_dmg = taken - 4  # a plain hit of Faithful Thrust is 4
        script(st, ATTACK[2], ATTACK[3], *faces(*["flesh"] * taken))
        play(st, "faithful_thrust", CHASSIS)
        lose_from_deck(st, taken)
        assert damaged_in(st, 1) == major, (cls, taken)


def test_ref2_major_wound_counts_the_points_a_pierce_brought_back() -> None:
    """ref §2: Major Wound "on the final damage of one attack": a Scout braced from 5 to 3 dice, then hit by PIERCE,
    takes 1 + 2 = 3 ≥ 3 (a Major Wound); without the PIERCE it takes 1 (none)."""
    for first, major in (("pierce", 1), ("flesh", 0)):
        st = duel("ironclad,confessor", hand=["crushing_blow"], enemy=["brace_for_impact"])
        script(st, ATTACK[2], ATTACK[3], *faces(first, "shield", "shield"))  # a plain hit: 5 damage
        play(st, "crushing_blow", CHASSIS)
        d = event(st.apply(Act("react", hand_card(st, 1, "brace_for_impact"))), "defense").data
        assert d["taken"] == (3 if major else 1)
        assert damaged_in(st, 1) == major  # the empty hand made the losses come from the deck at once


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
