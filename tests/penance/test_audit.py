"""Adversarial audit: one scenario per rule most likely to go wrong, worked out by hand from rules/004 and the
reference (which overrides it). Each test quotes the rule it checks."""

from __future__ import annotations

import json

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import Rng
from gamewright.games.penance import make_game
from gamewright.games.penance.attack import resolve_defense
from gamewright.games.penance.components import CHASSIS, CLASSES, HEAD, LEFT_ARM, LEGS, RIGHT_ARM
from gamewright.games.penance.dice import attack_tier
from gamewright.games.penance.hexgrid import DIRECTIONS
from gamewright.games.penance.piles import DAMAGED
from gamewright.games.penance.state import Act
from tests.penance.helpers import ATTACK, DEFENSE, fresh, hand_card, place, script, set_hand


def duel(decks: str = "confessor,ironclad", hand=(), enemy=("feint",), top=()):  # type: ignore[no-untyped-def]
    """P1 at H11 facing E, P2 adjacent at I11 facing W (P1 is on P2's front), P1 to act, no Runes."""
    st = fresh(decks)
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    st.sides[0].runes = st.sides[1].runes = 0
    set_hand(st, 0, list(hand))
    set_hand(st, 1, list(enemy), top=list(top))
    for s in st.sides:
        s.wound_deck = ["ptsd"] * 10  # a wound deck with no side effects, so only the counts matter
    return st


def play(st, cid: str, comp: int = -1, p: int = 0):  # type: ignore[no-untyped-def]
    return st.apply(Act("play", hand_card(st, p, cid), comp))


def faces(*names: str) -> list[int]:
    return [DEFENSE[n] for n in names]


def event(evs, kind: str):  # type: ignore[no-untyped-def]
    return next(e for e in evs if e.kind == kind)


def lose_from_deck(st, n: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        st.apply(Act("lose"))


def damaged_in(st, p: int) -> int:  # type: ignore[no-untyped-def]
    pl = st.sides[p].piles
    return sum(1 for i in pl.discard if pl.cards[i] == DAMAGED)


# --- ref §1 "Hit and tier" ---------------------------------------------------------------------------------
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


# --- ref §1 EXECUTION ---------------------------------------------------------------------------------------
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


def test_ref2_execution_on_the_chassis_gives_three_wounds_then_the_save() -> None:
    """ref §2: "EXECUTION … only its destruction wounds apply (chassis: +3, not +1 and +3)"; ref §3: then an
    ejection save (1d6: 1–2 +2 more Wounds) and the casket is inert."""
    st = duel(hand=["faithful_thrust"])
    script(st, ATTACK[5], ATTACK[5], 2)
    play(st, "faithful_thrust", CHASSIS)
    assert len(st.sides[1].wounds) == 3 + 2 and st.is_terminal() and st.winner == 0
    st2 = duel(hand=["faithful_thrust"])
    script(st2, ATTACK[5], ATTACK[5], 3)
    play(st2, "faithful_thrust", CHASSIS)
    assert len(st2.sides[1].wounds) == 3 and st2.winner == 0


# --- ref §1 CATASTROPHIC FAILURE --------------------------------------------------------------------------------
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


# --- ref §1 Critical, ref §2 Flat Defense ---------------------------------------------------------------------
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


# --- ref §1 PIERCE ------------------------------------------------------------------------------------------------
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


# --- ref §2 where damage comes from ---------------------------------------------------------------------------
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


# --- ref §2 Major Wound ---------------------------------------------------------------------------------------
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


# --- ref §3 components ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cls", sorted(CLASSES))
@pytest.mark.parametrize("comp", [HEAD, LEFT_ARM, RIGHT_ARM, LEGS])
def test_ref3_exposure_wounds_per_point_and_destruction(cls: str, comp: int) -> None:
    """ref §3: "Each point of Component Damage that lands on a value inside the exposure range adds +1 Pilot Wound;
    overage past the HP adds nothing. Destruction: +1 Wound (not legs)\"."""
    st = duel()
    s = st.sides[1]
    s.cls_name = cls
    z = s.cls.zones[comp]
    events: list = []
    exposure = z.hp - z.structure_max
    st._component_damage(1, comp, min(z.structure_max, z.hp - 1), events)  # the top of Structure: no wound
    assert len(s.wounds) == 0 and not s.destroyed[comp]
    if exposure:
        st._component_damage(1, comp, 1, events)  # the first point inside the exposure range
        assert len(s.wounds) == 1
    st._component_damage(1, comp, 50, events)  # to destruction, overage ignored
    assert s.destroyed[comp] and s.comp[comp] == z.hp
    assert len(s.wounds) == exposure + (0 if comp == LEGS else 1)


@pytest.mark.parametrize("cls", sorted(CLASSES))
def test_ref3_chassis_exposure_then_three_wounds_and_the_ejection_save(cls: str) -> None:
    """ref §3: "chassis +3 Wounds then an ejection save (1d6: 1–2 +2 more Wounds) and the casket is inert.\""""
    st = duel()
    s = st.sides[1]
    s.cls_name = cls
    z = s.cls.zones[CHASSIS]
    s.comp[CHASSIS] = z.structure_max
    script(st, 1)
    st._component_damage(1, CHASSIS, z.hp - z.structure_max, [])
    assert s.destroyed[CHASSIS] and st.is_terminal() and st.winner == 0
    assert len(s.wounds) == min(10, (z.hp - z.structure_max) + 3 + 2)


def test_ref2_neural_feedback_once_when_the_total_reaches_15() -> None:
    """ref §2: "+1 Pilot Wound the first time the total Component Damage over all components reaches 15.\""""
    st = duel()
    s = st.sides[1]  # Vanguard: AP zones only here, so every wound below is neural feedback
    s.comp = [3, 4, 4, 3, 0]
    st._component_damage(1, LEGS, 3, [])  # 14 → 17 in one attack
    assert len(s.wounds) == 1
    st._component_damage(1, LEGS, 1, [])
    assert len(s.wounds) == 1


# --- 004 §7 Strain ----------------------------------------------------------------------------------------------
def _start_turn(st, heat: int, *dice: int):  # type: ignore[no-untyped-def]
    s = st.sides[0]
    s.heat = heat
    st.todo = [["round_end"], ["turn", 1], ["turn", 0]]
    script(st, *dice)
    return _advance(st)


def _advance(st):  # type: ignore[no-untyped-def]
    events: list = []
    st._advance(events)
    return events


@pytest.mark.parametrize(("heat", "roll", "result"), [(5, 1, "sp"), (5, 3, "sp"), (5, 4, "damage"),
                                                      (6, 6, "component"), (9, 3, "component")])
def test_ref2_strain_rows(heat: int, roll: int, result: str) -> None:
    """ref §2 Strain: "1d6 + Heat: … 6–8 −1 SP this turn; 9–11 take 2 damage (discard 2); 12+ a random component
    (hit-location die) is destroyed.\""""
    st = duel()
    ev = _start_turn(st, heat, roll, 6)  # hit location 6 = legs (no wound)
    strain = event(ev, "strain").data
    assert strain["total"] == heat + roll and strain["result"] == result
    s = st.sides[0]
    if result == "sp":
        assert s.sp == 6 - 1
    elif result == "damage":
        assert len(s.piles.grave) == 2  # an empty hand: both from the deck
    else:
        assert s.destroyed[LEGS]


def test_ref2_strain_at_10_heat_skips_the_roll() -> None:
    """ref §2: "At 10+ Heat the roll is skipped and the 12+ result applies.\""""
    st = duel()
    ev = _start_turn(st, 10, 1)  # the only die used is the hit location: head
    assert event(ev, "strain").data["roll"] is None and st.sides[0].destroyed[HEAD]


def test_ref3_a_damaged_head_heats_after_the_strain_check() -> None:
    """ref §4: "Refresh (SP to max; Strain if Heat ≥ 5; start-of-turn effects)": a head in Structure (+1 Heat per
    turn) at 4 Heat reaches 5 after the check, so no Strain is rolled this turn."""
    st = duel()
    st.sides[0].comp[HEAD] = 2  # Scout head: Structure 2–4
    ev = _start_turn(st, 4)
    assert not [e for e in ev if e.kind == "strain"] and st.sides[0].heat == 5


# --- 004 §4 reshuffle, ref §4 hands ---------------------------------------------------------------------------
def test_ref2_reshuffle_adds_no_damaged_card() -> None:
    """ref §2: "Reshuffle: no Damage card is added on reshuffle (§4's explicit NOTE)\"."""
    st = duel(hand=["survey_the_field"])
    pl = st.sides[0].piles
    pl.discard += pl.deck
    pl.deck = []
    total = len(pl.cards)
    play(st, "survey_the_field")
    assert len(pl.cards) == total and DAMAGED not in pl.cards and len(pl.hand) == 1


def test_ref4_round_end_discards_hands_except_damaged_then_refills() -> None:
    """ref §4 / ref §2 Hands: "at the end of a round every hand is discarded except DAMAGED cards, then every casket
    draws back to its hand size.\""""
    st = duel(hand=["feint", "bash"])
    pl = st.sides[0].piles
    dmg = pl.add_damaged()
    pl.discard.remove(dmg)
    pl.hand.append(dmg)
    st.todo = [["round_end"]]
    script(st, 3, 1)  # next round's initiative: P1 6, P2 0
    _advance(st)
    assert dmg in pl.hand and len(pl.hand) == 6 and len(st.sides[1].piles.hand) == 6
    assert {pl.cards[i] for i in pl.discard} >= {"feint", "bash"}


# --- ref §4 facing --------------------------------------------------------------------------------------------
def test_ref4_weapon_side_is_the_right_and_adds_one_damage() -> None:
    """ref §2: "the weapon side is the right (side 2)"; 004 §2: "Weapon-Side (Hex 2): +0 (but +1 damage if hit)"."""
    st = duel(hand=["faithful_thrust"])
    e = st.sides[1]
    right = st.map.neighbors[e.pos][(e.facing + 1) % 6]  # clockwise from the facing: the casket's right
    st.sides[0].pos = right
    script(st, ATTACK[2], ATTACK[3], *faces(*["shield"] * 5))
    a = event(play(st, "faithful_thrust", CHASSIS), "attack").data
    assert (a["side"], a["tn"], a["damage"]) == (2, 5, 5)


def test_ref2_boundary_counts_as_the_side_better_for_the_defender() -> None:
    """ref §2: "an attacker exactly on a boundary between two sides counts as the side better for the defender.\""""
    m = make_game().new_initial_state(0).map
    e7 = m.parse_hex("E7")
    # F8 is on the boundary of E7's sides 1 and 2 (facing E): front (TN +0, no +1 damage) is better
    assert m.side_of(e7, 0, m.parse_hex("F8")) == 1
    # facing NE, F8 is between the weapon side (2) and its flank (3): side 2
    assert m.side_of(e7, 5, m.parse_hex("F8")) == 2
    # facing SW, F8 sits between the shield side (6) and the shield flank (5): side 6 (+1 TN)
    assert m.side_of(e7, 2, m.parse_hex("F8")) == 6


def test_ref4_no_reactive_cards_against_sides_3_to_5() -> None:
    """ref §4: "reactive cards cannot be played against attacks from sides 3–5" (Runes included, ref §2)."""
    for facing_offset, side in ((2, 3), (3, 4), (4, 5)):
        st = duel("confessor,ironclad:B", hand=["faithful_thrust"], enemy=["wall_of_iron"])
        e = st.sides[1]
        e.runes = 3
        st.sides[0].pos = st.map.neighbors[e.pos][(e.facing + facing_offset) % 6]
        script(st, ATTACK[3], ATTACK[4], *faces(*["shield"] * 8))
        ev = play(st, "faithful_thrust", CHASSIS)
        assert event(ev, "attack").data["side"] == side
        assert st.todo[-1][0] != "react" and event(ev, "defense")
        with pytest.raises(RuleViolation):
            st.apply(Act("react", hand_card(st, 1, "wall_of_iron")))


# --- ref §4 arcs, line of sight ----------------------------------------------------------------------------------
def test_ref4_ranged_attacks_only_in_the_front_180() -> None:
    """ref §4: "Ranged attacks need the target in the attacker's front 180°; melee (range 1) may hit any adjacent
    hex." A target exactly on the arc's edge counts as outside it (the boundary favours the defender, ref §2)."""
    st = duel("confessor:D,ironclad", hand=["quick_shot", "faithful_thrust"])
    place(st, 0, "E7", "E")
    place(st, 1, "C7", "W")  # behind: out of the arc
    before = json.dumps(st.to_json(), sort_keys=True)
    with pytest.raises(RuleViolation, match="front 180"):
        play(st, "quick_shot", CHASSIS)
    place(st, 1, "E9", "W")  # straight below, exactly 90° off the facing
    with pytest.raises(RuleViolation, match="front 180"):
        play(st, "quick_shot", CHASSIS)
    place(st, 1, "C7", "W")
    assert json.dumps(st.to_json(), sort_keys=True) == before
    place(st, 1, "F9", "W")  # in the arc
    script(st, ATTACK[2], ATTACK[3], *faces(*["shield"] * 8))
    assert event(play(st, "quick_shot", CHASSIS), "attack").data["range"] == 2
    place(st, 1, "D7", "W")  # adjacent, behind: melee is fine
    script(st, ATTACK[2], ATTACK[3], *faces(*["shield"] * 8))
    assert event(play(st, "faithful_thrust", CHASSIS), "attack").data["range"] == 1


def test_ref4_line_of_sight_blocked_by_walls_and_forest() -> None:
    """ref §4: "Line of sight: hex-centre to hex-centre, blocked by walls and heavy terrain.\""""
    st = duel("confessor:D,ironclad", hand=["quick_shot"])
    place(st, 0, "H5", "E")
    place(st, 1, "J4", "W")  # the wall at I4–I5 stands between
    with pytest.raises(RuleViolation, match="line of sight"):
        play(st, "quick_shot", CHASSIS)


# --- ref §2 movement --------------------------------------------------------------------------------------------
def test_ref2_movement_sp_and_difficult_terrain() -> None:
    """ref §2: "Movement: 1 SP per hex (+1 per hex of difficult terrain)"; movement cards "replace the per-hex SP
    cost for their own hexes (terrain surcharges still add)\"."""
    st = duel(hand=["desperate_lunge"])
    s = st.sides[0]
    place(st, 0, "E10", "E")  # F10 to the east is rubble
    st.apply(Act("move", arg=DIRECTIONS.index("E")))
    assert s.sp == 6 - 2 and s.moved == 1
    st2 = duel(hand=["desperate_lunge"])
    place(st2, 0, "E10", "E")
    play(st2, "desperate_lunge", p=0)
    st2.apply(Act("move", arg=DIRECTIONS.index("E")))
    assert st2.sides[0].sp == 6 - 1 - 1  # the card's 1 SP and the rubble's +1


def test_ref2_one_free_rotation_then_one_sp_each() -> None:
    """ref §2: "One free rotation to any facing per turn; each further rotation 1 SP.\""""
    st = duel()
    s = st.sides[0]
    st.apply(Act("rotate", arg=3))
    assert s.sp == 6
    st.apply(Act("rotate", arg=2))
    assert s.sp == 5
    s.sp = 0
    with pytest.raises(RuleViolation, match="1 SP"):
        st.apply(Act("rotate", arg=1))


# --- ref §4 victory ---------------------------------------------------------------------------------------------
def test_ref4_victory_when_deck_and_discard_are_empty() -> None:
    """ref §4: "Victory: the enemy casket's deck and discard are both empty, its pilot dies (10 wounds), or its
    chassis is destroyed.\""""
    st = duel(hand=["faithful_thrust"], enemy=["feint"])
    e = st.sides[1].piles
    e.removed += e.deck[:-4] + e.discard
    e.deck = e.deck[-4:]
    e.discard = []
    script(st, ATTACK[2], ATTACK[3], *faces(*["flesh"] * 4))
    play(st, "faithful_thrust", HEAD)
    lose_from_deck(st, 4)
    assert st.is_terminal() and st.winner == 0 and "deck and discard" in st.end_reason


# --- robustness ------------------------------------------------------------------------------------------------
def test_odd_actions_are_refused_cleanly() -> None:
    """Any action outside the legal ranges is a RuleViolation and changes nothing."""
    st = duel(hand=["faithful_thrust"])
    before = json.dumps(st.to_json(), sort_keys=True)
    for a in (Act("play", hand_card(st, 0, "faithful_thrust"), 7), Act("rotate", arg=9), Act("move", arg=-4),
              Act("react", -5), Act("lose", -3), Act("bogus")):
        with pytest.raises(RuleViolation):
            st.apply(a)
        assert json.dumps(st.to_json(), sort_keys=True) == before


def test_random_odd_actions_never_raise_anything_else() -> None:
    """Fuzz: random actions interleaved with random legal play raise only RuleViolation, and a refused action
    leaves the state unchanged."""
    kinds = ("play", "move", "rotate", "lose", "react", "sacrifice", "purge", "scrap", "discard", "end", "keep",
             "mulligan", "rune", "pass")
    game = make_game(options={"decks": "confessor:D:absolution+crusaders_vow,ironclad:C"})
    for seed in range(3):
        st = game.new_initial_state(seed)
        r = Rng(seed + 100)
        for _ in range(600):
            if st.is_terminal():
                break
            if r.die(3) == 1:
                a = Act(kinds[r.die(len(kinds)) - 1], r.die(60) - 4, r.die(11) - 3)
                before = json.dumps(st.to_json(), sort_keys=True)
                try:
                    st.apply(a)
                except RuleViolation:
                    assert json.dumps(st.to_json(), sort_keys=True) == before
            else:
                st.apply(r.choice(st.legal_actions()))
            assert not st.invariant_violations()


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


def test_ref2_destroyed_legs_cost_three_more_and_allow_two_hexes() -> None:
    """ref §2: "Destroyed legs: movement costs +3 SP per hex, at most 2 hexes per turn"; structure +1 per hex."""
    st = duel()
    s = st.sides[0]
    place(st, 0, "B12", "E")
    s.comp[LEGS] = 3  # Scout legs: Structure 3–10
    st.apply(Act("move", arg=DIRECTIONS.index("E")))
    assert s.sp == 6 - 2
    st2 = duel()
    s2 = st2.sides[0]
    place(st2, 0, "B12", "E")
    s2.destroyed[LEGS] = True
    s2.sp = 10
    st2.apply(Act("move", arg=DIRECTIONS.index("E")))
    st2.apply(Act("move", arg=DIRECTIONS.index("E")))
    assert s2.sp == 10 - 8
    with pytest.raises(RuleViolation, match="at most 2"):
        st2.apply(Act("move", arg=DIRECTIONS.index("E")))


def test_ref2_head_penalties_raise_the_tn_of_ranged_attacks_only() -> None:
    """ref §3 / ref §2: head in Structure "−1 ranged" = TN +1 for its ranged attacks; destroyed head TN +2."""
    for comp_dmg, destroyed, extra in ((2, False, 1), (0, True, 2)):
        st = duel("confessor:D,ironclad", hand=["quick_shot", "faithful_thrust"])
        s = st.sides[0]
        s.comp[HEAD], s.destroyed[HEAD] = comp_dmg, destroyed
        place(st, 1, "J11", "W")  # range 2, front
        script(st, ATTACK[5], ATTACK[4], *faces(*["shield"] * 8))
        assert event(play(st, "quick_shot", CHASSIS), "attack").data["tn"] == 5 + extra
        place(st, 1, "I11", "W")
        script(st, ATTACK[5], ATTACK[4], *faces(*["shield"] * 8))
        assert event(play(st, "faithful_thrust", CHASSIS), "attack").data["tn"] == 5


def test_ref4_line_along_a_hex_edge_is_blocked_only_by_both_sides() -> None:
    """ref §4 "Line of sight: hex-centre to hex-centre" (RULINGS: a line exactly along an edge is clear when either
    hex beside it is clear). H5 → I6 is adjacent; D3 → E4 grazes the forest at D4 along an edge."""
    m = make_game().new_initial_state(0).map
    a, b = m.parse_hex("D3"), m.parse_hex("E4")
    assert m._trace(a, b, 1e-6) != m._trace(a, b, -1e-6)  # the two sides of the edge differ
    assert m.line_of_sight(a, b)


def test_ref4_victory_when_the_pilot_dies() -> None:
    """ref §4: "Victory: … its pilot dies (10 wounds)\"."""
    st = duel()
    s = st.sides[1]
    s.wounds, s.wound_deck = ["ptsd"] * 9, ["ptsd"]
    st._wound(1, 1, [])
    assert st.is_terminal() and st.winner == 0 and "pilot" in st.end_reason
