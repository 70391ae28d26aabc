"""Illegal plans from the issue: rejected with the right message, nothing changes (State API and preview)."""

import json

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.inclinations.actions import Allocate, Burn, Deallocate, Rotate, Transfer, parse_action

from .helpers import ship, state

CASES = [
    # (name, ships, plan, message fragment)
    ("over-allocation", [ship(laser=4, railgun=4)], ["allocate shields 3"], "only 2 free energy"),
    ("over the subsystem max", [ship()], ["allocate thrusters 2"], "at most 1"),
    ("deallocating more than held", [ship(shields=1)], ["deallocate shields 2"], "holds only 1"),
    ("fire out of range", [ship(ring=3, sector=0, missiles=2), ship("P2", ring=3, sector=6)],
     ["fire missiles P2"], "out of range"),
    ("fire out of arc", [ship(ring=3, sector=5, railgun=4), ship("P2", ring=3, sector=3)],
     ["fire railgun P2"], "out of arc"),
    ("fire at another well", [ship(ring=5, sector=0, laser=2), ship("P2", well="beta", ring=3, sector=0)],
     ["fire laser P2"], "another gravity well"),
    ("second movement action", [ship(engines=1)], ["coast", "burn light 0"], "only one movement action"),
    ("rotation after movement", [ship(thrusters=1)], ["coast", "rotate retrograde"],
     "rotation must come before the movement"),
    ("burn without mass", [ship(engines=1, mass=0)], ["burn light 0"], "needs 1 reaction mass"),
    ("burn without mass for the adjustment", [ship(engines=1, mass=2)], ["burn light +2"], "needs 3 reaction mass"),
    ("burn without engine energy", [ship()], ["burn light 0"], "needs at least 1 energy in the engines"),
    ("burn leaving the well", [ship(ring=5, engines=1)], ["burn light 0"], "would reach ring 6"),
    ("transfer from the wrong ring", [ship(ring=4, sector=20, engines=3)], ["transfer alpha"], "outermost ring"),
    ("transfer from the wrong sector", [ship(ring=5, sector=21, engines=3)], ["transfer alpha"],
     "leaves from sector 20"),
    ("scooping while burning", [ship(engines=1, scoop=3)], ["burn light 0 scoop"], "only while coasting"),
    ("scoop with a burn as a second movement", [ship(engines=1, scoop=3)], ["coast scoop", "burn light 0"],
     "only one movement action"),
    ("using a subsystem below its minimum", [ship(ring=3, laser=1), ship("P2", ring=4)], ["fire laser P2"],
     "needs at least 2 energy"),
]


@pytest.mark.parametrize(("name", "ships", "plan", "fragment"), CASES, ids=[c[0] for c in CASES])
def test_illegal_plan_rejected_and_state_unchanged(name, ships, plan, fragment):
    ships = list(ships)
    if len(ships) == 1:
        ships.append(ship("P2", ring=1, sector=12))
    st = state(*ships)
    before = st.to_json()
    # the whole plan, previewed: errors, no commit
    result = st.preview_plan([parse_action(t) for t in plan])
    assert not result.ok and any(fragment in e for e in result.errors), result.errors
    assert st.to_json() == before
    # step by step: the offending step raises and leaves the state as it was
    with pytest.raises(RuleViolation) as info:
        for text in plan:
            st.apply(parse_action(text))
    assert fragment in str(info.value)
    assert [a.to_text() for a in st.plan] == [parse_action(t).to_text() for t in plan[: len(st.plan)]]
    # the whole turn at once is rejected too
    fresh = state(*ships)
    with pytest.raises(RuleViolation):
        fresh.play_turn([parse_action(t) for t in plan])
    assert fresh.to_json() == before


def test_a_rejected_turn_consumes_no_draws():
    st = state(ship(ring=3, sector=0, missiles=2), ship("P2", ring=3, sector=9))
    rng_before = st.rng.get_state()
    with pytest.raises(RuleViolation):
        st.play_turn([parse_action("fire missiles P2")])
    assert st.rng.get_state() == rng_before


def test_ref_validation_refused_steps_leave_state_unchanged():
    """ref Ship: over-allocation, over-maximum and over-deallocation are refused; the state is unchanged."""
    st = state(ship(ring=3, railgun=4, laser=4), ship("P2", ring=1, sector=12))
    before = json.dumps(st.to_json(), sort_keys=True)
    for action in (Allocate("shields", 3), Allocate("thrusters", 2), Deallocate("engines", 1),
                   Rotate("prograde"), Transfer("alpha"), Burn("light", 0), Allocate("bogus", 1),
                   Deallocate("warp", 2)):
        with pytest.raises(RuleViolation):
            st.apply(action)
        assert json.dumps(st.to_json(), sort_keys=True) == before
