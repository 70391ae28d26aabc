"""Movement and rotation (ref §2): 1 SP a hex plus difficult terrain, movement cards, one free rotation a turn,
destroyed legs."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.components import LEGS
from gamewright.games.penance.hexgrid import DIRECTIONS
from gamewright.games.penance.state import Act
from tests.penance.helpers import duel, place, play


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
