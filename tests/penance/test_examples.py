"""The document's worked examples (004 §2 step 2, §12 Round 1), as the reference rules them."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.attack import target_number
from gamewright.games.penance.components import AP, CHASSIS, RIGHT_ARM, STRUCTURE
from gamewright.games.penance.state import Act
from tests.penance.helpers import ATTACK, DEFENSE, fresh, hand_card, place, script, set_hand


def test_section_2_to_hit_example() -> None:
    """Medium range +1, attacker moved 4 hexes (+2 by the table, ref §2), defender moved 2 (+1), shield side
    (+1): the example needs 10+, not 9+."""
    tn, parts = target_number(5, 4, 2, 6)
    assert tn == 10
    assert parts["range"] == 1 and parts["attacker_moved"] == 2 and parts["defender_moved"] == 1
    assert parts["side"] == 1


def _kinds(events: list, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def test_section_12_example_combat_sequence_round_1() -> None:
    st = fresh("confessor,ironclad")
    a, b = st.sides
    place(st, 0, "F11", "E")
    place(st, 1, "I11", "W")
    set_hand(st, 0, ["desperate_lunge", "faithful_thrust", "faithful_thrust", "righteous_cleave",
                     "survey_the_field", "feint"],
             top=["emergency_vent", "overextend", "rally_cry", "retreat", "sensor_sweep"])
    set_hand(st, 1, ["hammer_strike", "advance", "ground_slam", "survey_the_field", "feint", "overextend"],
             top=["rally_cry", "retreat"])
    script(st, ATTACK[3], ATTACK[4],
           *(DEFENSE[f] for f in ("shield", "critical", "heat", "flesh", "flesh")),
           ATTACK[5], ATTACK[3],
           *(DEFENSE[f] for f in ("shield", "critical", "critical", "heat", "pierce", "flesh", "flesh")),
           3, 3)

    # --- Player A: refresh to 6 SP, Desperate Lunge (1 SP) 2 hexes toward the enemy
    assert a.sp == 6
    st.apply(Act("play", hand_card(st, 0, "desperate_lunge")))
    st.apply(Act("move", arg=0))
    st.apply(Act("move", arg=0))
    assert a.moved == 2 and st.map.dist[a.pos][b.pos] == 1
    # Faithful Thrust (2 SP) at the right arm: 5 + moved 2 (+1) + front (+0) = 6+; 3 + 4 = 7, a Strong Hit
    ev = st.apply(Act("play", hand_card(st, 0, "faithful_thrust"), RIGHT_ARM))
    (atk,) = _kinds(ev, "attack")
    assert (atk.data["tn"], atk.data["sum"], atk.data["tier"], atk.data["damage"]) == (6, 7, "strong", 5)
    assert atk.data["side"] == 1
    # the Ironclad may spend a Rune as its reactive; in the example it plays none
    assert st.current_player == 1 and st.todo[-1][0] == "react"
    ev = st.apply(Act("pass"))
    (dfn,) = _kinds(ev, "defense")
    assert (dfn.data["blocked"], dfn.data["taken"], dfn.data["component_damage"], dfn.data["heat"]) == (1, 4, 1, 1)
    assert b.heat == 1
    # B discards 4: two from hand (one a primary weapon card), two from the deck
    st.apply(Act("lose", hand_card(st, 1, "ground_slam")))
    st.apply(Act("lose", hand_card(st, 1, "survey_the_field")))
    st.apply(Act("lose"))
    ev = st.apply(Act("lose"))
    assert len(b.piles.grave) == 4
    assert b.comp[RIGHT_ARM] == 2  # 1 from CRITICAL + 1 from the primary card
    assert st.zone(1, RIGHT_ARM) == AP  # a Vanguard arm's AP zone is 0-4 (ref §3)
    assert not _kinds(ev, "major_wound")  # 4 < 7, the Vanguard threshold
    # A has 3 SP left and passes; the draw phase brings the hand back to 6
    assert a.sp == 3
    ev = st.apply(Act("end"))
    assert [e.data["count"] for e in _kinds(ev, "draw") if e.data["player"] == 0] == [2]
    assert len(a.piles.hand) == 6

    # --- Player B: refresh to 4 SP at 1 Heat (safe); Advance (2 SP), move 2 hexes
    assert st.current_player == 1 and b.sp == 4 and b.heat == 1
    st.apply(Act("play", hand_card(st, 1, "advance")))
    st.apply(Act("move", arg=0))
    st.apply(Act("move", arg=3))
    assert b.moved == 2 and b.sp == 2
    # Hammer Strike (3 SP) after Advance (2 SP) is 5 SP from a 4 SP maximum: refused (ref §2)
    before = st.to_json()
    with pytest.raises(RuleViolation, match="costs 3 SP and you have 2"):
        st.apply(Act("play", hand_card(st, 1, "hammer_strike"), RIGHT_ARM))
    assert st.to_json() == before
    # reproduce the example's attack resolution anyway: grant the missing SP
    b.sp = 3
    ev = st.apply(Act("play", hand_card(st, 1, "hammer_strike"), RIGHT_ARM))
    (atk,) = _kinds(ev, "attack")
    # 5 + moved 2 (+1) + A moved 2 on its turn (+1) + front = 7+ (ref §2); 5 + 3 = 8, still a Strong Hit
    assert (atk.data["tn"], atk.data["sum"], atk.data["tier"], atk.data["damage"]) == (7, 8, "strong", 7)
    (dfn,) = _kinds(ev, "defense")
    assert (dfn.data["blocked"], dfn.data["taken"], dfn.data["component_damage"], dfn.data["heat"]) == (1, 6, 2, 1)
    assert dfn.data["pierce"] is True
    assert a.heat == 1
    # A discards 6: three from hand (two Penitent Blades), three from the deck
    st.apply(Act("lose", hand_card(st, 0, "faithful_thrust")))
    st.apply(Act("lose", hand_card(st, 0, "righteous_cleave")))
    st.apply(Act("lose", hand_card(st, 0, "survey_the_field")))
    st.apply(Act("lose"))
    st.apply(Act("lose"))
    ev = st.apply(Act("lose"))
    assert a.comp[RIGHT_ARM] == 4  # 2 CRITICAL + 2 primary cards
    # a Scout arm at 4 is in its Structure zone (3-4), not destroyed (ref §2 on the example)
    assert st.zone(0, RIGHT_ARM) == STRUCTURE and not a.destroyed[RIGHT_ARM]
    assert not a.wounds
    # 6 damage taken is a Major Wound for a Scout (3+): a DAMAGED card joins A's discard pile
    assert len(_kinds(ev, "major_wound")) == 1
    assert a.piles.cards[a.piles.discard[-1]] == "damaged"
    # B has 0 SP; its turn ends and it draws back up to its hand size: 4 cards (ref §2)
    assert b.sp == 0
    ev = st.apply(Act("end"))
    assert [e.data["count"] for e in _kinds(ev, "draw") if e.data["player"] == 1][0] == 4
    assert not st.invariant_violations()


def _p2_to_act(st) -> None:  # type: ignore[no-untyped-def]
    """Skip to P2's action phase of round 1 (P1's turn already over)."""
    st.todo = [["round_end"], ["turn_end", 1], ["main", 1]]
    st.turn_player = 1


def test_section_1_three_piles_example() -> None:
    """Play Faithful Thrust → discard pile; hit for 5 → 5 cards to the graveyard; an empty deck reshuffles the
    discard pile, the graveyard stays apart (004 §1, §4)."""
    st = fresh()
    a = st.sides[0]
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    st.sides[1].runes = 0
    set_hand(st, 0, ["faithful_thrust"])
    set_hand(st, 1, ["feint"])
    script(st, ATTACK[0], ATTACK[1])  # 1: a miss, the card is spent all the same
    st.apply(Act("play", hand_card(st, 0, "faithful_thrust"), RIGHT_ARM))
    thrust = a.piles.discard[-1]
    assert a.piles.cards[thrust] == "faithful_thrust" and not a.piles.grave
    # the enemy hits for 5: five cards from deck and hand to the Damage Graveyard
    _p2_to_act(st)
    place(st, 1, "I11", "W")
    set_hand(st, 0, ["feint", "rally_cry"])
    set_hand(st, 1, ["crushing_blow"])
    script(st, ATTACK[2], ATTACK[3], *[DEFENSE["flesh"]] * 5)
    st.apply(Act("play", hand_card(st, 1, "crushing_blow"), CHASSIS))
    st.apply(Act("lose", hand_card(st, 0, "rally_cry")))
    for _ in range(4):
        st.apply(Act("lose"))
    grave = list(a.piles.grave)
    assert len(grave) == 5 and thrust not in grave
    # later the deck is empty: the discard pile becomes the new deck; the graveyard does not come back
    a.piles.discard += a.piles.deck
    a.piles.deck = []
    st.rng.push_uniforms(*[0.5] * 40)
    ev: list = []
    st._draw(0, 1, ev)
    assert [e.kind for e in ev][:1] == ["reshuffle"] and not a.piles.discard
    assert a.piles.grave == grave and thrust in a.piles.deck + a.piles.hand


def test_section_1_damaged_card_example_flow() -> None:
    """004 §1 "Example Flow" as the reference rules it: a Major Wound adds DAMAGED to the discard pile; at the
    reshuffle it is drawn; it stays in hand at the end of a round; purged, it rolls the Damage Die (2, System
    Glitch: -1 SP next turn) and goes to the graveyard — and the hand stays at 5 (no extra draw)."""
    st = fresh()
    a = st.sides[0]
    pl = a.piles
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    set_hand(st, 0, ["feint", "rally_cry", "survey_the_field", "retreat", "sensor_sweep", "overextend"])
    st.apply(Act("play", hand_card(st, 0, "feint")))
    st.apply(Act("end"))
    # Round 1, the Ironclad hits the Confessor for 7: Major Wound (a Scout's is 3+); no weapon card is lost
    set_hand(st, 0, ["rally_cry", "survey_the_field", "retreat", "sensor_sweep", "overextend", "emergency_vent"],
             top=["breathe_the_core", "desperate_lunge", "brace_for_impact"])
    set_hand(st, 1, ["hammer_strike"])
    script(st, ATTACK[3], ATTACK[4], *[DEFENSE["flesh"]] * 7, 6, 1, 6, 1, 2, 6, 1)
    st.apply(Act("play", hand_card(st, 1, "hammer_strike"), CHASSIS))
    for cid in ("rally_cry", "survey_the_field", "retreat", "sensor_sweep"):
        st.apply(Act("lose", hand_card(st, 0, cid)))
    for _ in range(3):
        ev = st.apply(Act("lose"))
    assert len(pl.grave) == 7 and any(e.kind == "major_wound" for e in ev) and not a.wounds
    damaged = pl.discard[-1]
    assert pl.cards[damaged] == "damaged" and pl.discard.index(damaged) == 1
    # the deck runs out in the draw phase (cards played earlier, not shown): 3 left for a refill of 6, so the
    # discard pile is reshuffled into a new deck — DAMAGED and all
    pl.discard += pl.deck[:-3]
    del pl.deck[:-3]
    n = len(pl.discard) + len(pl.hand)
    st.rng.push_uniforms(1.5 / n, *[0.99] * (n - 2))  # this shuffle puts the DAMAGED card on top
    ev = st.apply(Act("end"))
    assert any(e.kind == "reshuffle" and e.data["player"] == 0 for e in ev)
    assert damaged in pl.hand and len(pl.hand) == 6
    # Round 2: the Confessor plays cards; at the end of the round the DAMAGED card stays in hand
    assert st.current_player == 0 and st.round == 2
    st.apply(Act("end"))
    st.rng.push_uniforms(*[0.5] * 40)
    st.apply(Act("end"))
    assert st.round == 3 and damaged in pl.hand and len(pl.hand) == 6
    # Round 3: purge it — Damage Die 2, System Glitch; the card is gone for good; the hand stays at 5
    ev = st.apply(Act("purge", damaged))
    assert [e.data["roll"] for e in ev if e.kind == "damage_die"] == [2]
    assert damaged in pl.grave and len(pl.hand) == 5 and a.sp_loss_next == 1
    st.apply(Act("end"))
    st.apply(Act("end"))
    assert st.current_player == 0 and a.sp == st.sp_max(0) - 1  # -1 SP at the start of the next turn


def test_section_2_step_4_defense_example() -> None:
    """Take 6 damage → 6 defense dice: 2 blocks, 1 CRITICAL, 1 HEAT, 1 PIERCE (and a FLESH WOUND) → discard 4,
    +1 Component Damage, +1 Heat, no reactive cards."""
    st = fresh("ironclad,confessor")
    d = st.sides[1]
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    set_hand(st, 0, ["hammer_strike"])
    set_hand(st, 1, ["deflect", "feint", "retreat", "rally_cry"])
    script(st, ATTACK[2], ATTACK[3],
           *(DEFENSE[f] for f in ("shield", "absorb", "critical", "heat", "pierce", "flesh")))
    st.apply(Act("play", hand_card(st, 0, "hammer_strike"), CHASSIS))
    ev = st.apply(Act("pass"))
    (dfn,) = _kinds(ev, "defense")
    assert len(dfn.data["faces"]) == 6
    assert (dfn.data["blocked"], dfn.data["taken"], dfn.data["component_damage"], dfn.data["heat"]) == (2, 4, 1, 1)
    assert dfn.data["pierce"] and d.heat == 1
    assert st.todo[-1][:3] == ["loss", 1, 4]
    for _ in range(4):
        st.apply(Act("lose", d.piles.hand[0]) if d.piles.hand else Act("lose"))
    assert d.comp[CHASSIS] == 1 and len(d.piles.grave) == 4


def test_section_2_step_5_split_example() -> None:
    """Take 5 damage → discard 3 from hand + 2 from the deck top to the Damage Graveyard."""
    st = fresh("ironclad,confessor")
    d = st.sides[1]
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    set_hand(st, 0, ["crushing_blow"])
    set_hand(st, 1, ["feint", "retreat", "rally_cry", "sensor_sweep"], top=["overextend", "survey_the_field"])
    script(st, ATTACK[2], ATTACK[3], *[DEFENSE["flesh"]] * 5)
    st.apply(Act("play", hand_card(st, 0, "crushing_blow"), CHASSIS))
    for cid in ("feint", "retreat", "rally_cry"):
        st.apply(Act("lose", hand_card(st, 1, cid)))
    st.apply(Act("lose"))
    st.apply(Act("lose"))
    lost = [d.piles.cards[i] for i in d.piles.grave]
    assert lost == ["feint", "retreat", "rally_cry", "overextend", "survey_the_field"]
    assert [d.piles.cards[i] for i in d.piles.hand] == ["sensor_sweep"]


def test_section_3_example_progression() -> None:
    """A Warden's right arm at 3/8 takes 4 Component Damage: 3 (AP) → 4, 5 (Structure) → 6, 7 (Pilot
    Exposure, +1 Wound each): 7/8, +2 Pilot Wounds, not destroyed."""
    from gamewright.games.penance.components import CLASSES, EXPOSURE, apply_component_damage

    arm = CLASSES["warden"].zones[RIGHT_ARM]
    assert [arm.zone(v) for v in range(3, 8)] == [AP, STRUCTURE, STRUCTURE, EXPOSURE, EXPOSURE]
    assert apply_component_damage(arm, 3, 4) == (7, 2, False)
    st = fresh()
    s = st.sides[1]
    s.cls_name = "warden"
    s.comp[RIGHT_ARM] = 3
    ev: list = []
    st._component_damage(1, RIGHT_ARM, 4, ev)
    assert s.comp[RIGHT_ARM] == 7 and len(s.wounds) == 2 and not s.destroyed[RIGHT_ARM]
