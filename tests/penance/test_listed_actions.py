"""``apply`` takes an action just listed by ``legal_actions`` without validating it again; anything else, and
a listed action once the position has changed, is validated as before."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.actions import act
from gamewright.games.penance.state import Act
from tests.penance.helpers import fresh, place


def test_a_listed_action_applies_and_the_list_is_forgotten() -> None:
    st = fresh()
    legal = st.legal_actions()
    assert st.listed == tuple(legal)
    move = next(a for a in legal if a.kind == "move")
    st.apply(move)
    assert st.listed is None


def test_an_action_listed_for_an_earlier_position_is_validated_again() -> None:
    st = fresh()
    place(st, 0, "H11", "E")
    place(st, 1, "K2", "W")
    st.sides[0].sp = 1
    moves = [a for a in st.legal_actions() if a.kind == "move"]
    assert len(moves) >= 2
    st.apply(moves[0])  # the last SP is spent: no further step is legal
    before = st.to_json()
    with pytest.raises(RuleViolation, match="costs 1 SP and you have 0"):
        st.apply(moves[1])
    assert st.to_json() == before


def test_changing_the_returned_list_changes_nothing() -> None:
    st = fresh()
    legal = st.legal_actions()
    bogus = act("play", 999, 0)
    legal.append(bogus)
    with pytest.raises(RuleViolation, match="not in player 1's hand"):
        st.apply(bogus)


def test_an_equal_action_built_by_hand_is_validated_and_applies_the_same() -> None:
    one, two = fresh(seed=4), fresh(seed=4)
    listed = next(a for a in one.legal_actions() if a.kind == "move")
    two.legal_actions()
    by_hand = Act("move", arg=listed.arg)
    assert by_hand is not listed
    assert [e.text for e in one.apply(listed)] == [e.text for e in two.apply(by_hand)]
    assert one.to_json() == two.to_json()


def test_a_clone_or_a_state_read_back_lists_afresh() -> None:
    st = fresh()
    st.legal_actions()
    assert st.clone().listed is None
    assert type(st).from_json(st.to_json(), st.rules).listed is None
