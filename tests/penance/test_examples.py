"""The document's worked examples (004 §2 step 2, §12 Round 1), as the reference rules them."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.attack import target_number
from gamewright.games.penance.components import AP, RIGHT_ARM, STRUCTURE
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
