"""Where an attack comes from (004 §2, ref §2, §4): the weapon side, no reactive cards against sides 3–5, the
front 180° of ranged attacks (adjacent pistol shots included), and line of sight."""

from __future__ import annotations

import json

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.components import CHASSIS, HEAD
from gamewright.games.penance.state import Act
from tests.penance.helpers import ATTACK, duel, event, faces, hand_card, place, play, script


def test_ref4_weapon_side_is_the_right_and_adds_one_damage() -> None:
    """ref §2: "the weapon side is the right (side 2)"; 004 §2: "Weapon-Side (Hex 2): +0 (but +1 damage if hit)"."""
    st = duel(hand=["faithful_thrust"])
    e = st.sides[1]
    right = st.map.neighbors[e.pos][(e.facing + 1) % 6]  # clockwise from the facing: the casket's right
    st.sides[0].pos = right
    script(st, ATTACK[2], ATTACK[3], *faces(*["shield"] * 5))
    a = event(play(st, "faithful_thrust", CHASSIS), "attack").data
    assert (a["side"], a["tn"], a["damage"]) == (2, 5, 5)


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


def test_004_2_pistol_card_at_range_1_needs_the_front_arc() -> None:
    """RULINGS 004 §2: a card's range makes it ranged; adjacent pistols still need the front 180°."""
    st = duel("confessor:D,ironclad", hand=["quick_shot"])
    place(st, 0, "H11", "W")  # the enemy at I11 is behind P1
    assert not any(a.kind == "play" for a in st.legal_actions())
    with pytest.raises(RuleViolation, match="front 180"):
        play(st, "quick_shot", HEAD)


def test_ref4_line_of_sight_blocked_by_walls_and_forest() -> None:
    """ref §4: "Line of sight: hex-centre to hex-centre, blocked by walls and heavy terrain.\""""
    st = duel("confessor:D,ironclad", hand=["quick_shot"])
    place(st, 0, "H5", "E")
    place(st, 1, "J4", "W")  # the wall at I4–I5 stands between
    with pytest.raises(RuleViolation, match="line of sight"):
        play(st, "quick_shot", CHASSIS)
