"""The turn on whole units of 1/2560 gives exactly what the step-by-step ``Fraction`` turn gives: same result
JSON and text, same draws, same sides after, under every option — carries off the lattice (a scenario's 1/3)
included."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.rng import Rng
from gamewright.games.prince.options import OPTIONS, config_for
from gamewright.games.prince.resolve import ALL_ASPECTS, SideState, profile_for, resolve_turn
from gamewright.games.prince.run_events import turn_text
from gamewright.games.prince.tables import PLANETS

from .reference_turn import reference_turn

CARRIES = [Fraction(0), Fraction(1, 2), Fraction(-1, 2), Fraction(3, 8), Fraction(-7, 40), Fraction(1, 3),
           Fraction(-2, 7), Fraction(1)]

option_values = st.fixed_dictionaries(
    {o.name: st.sampled_from(o.choices) for o in OPTIONS if o.choices}
    | {o.name: st.booleans() for o in OPTIONS if isinstance(o.default, bool)}
)
sides = st.tuples(
    st.lists(st.integers(0, 40), min_size=7, max_size=7),
    st.lists(st.booleans(), min_size=7, max_size=7),
    st.lists(st.booleans(), min_size=7, max_size=7),
    st.lists(st.sampled_from(CARRIES), min_size=7, max_size=7),
    st.one_of(st.just(ALL_ASPECTS), st.integers(0, ALL_ASPECTS)),
)
charts = st.tuples(st.lists(st.integers(0, 11), min_size=7, max_size=7), st.sampled_from(["day", "night"]))


def _side(values: tuple) -> SideState:
    affliction, combust, saves, carry, active = values
    return SideState(list(affliction), list(combust), list(saves), list(carry), active)


def _snapshot(state: SideState) -> tuple:
    return state.affliction, state.combust, state.save_used, [str(c) for c in state.carry], state.active


@settings(max_examples=400, deadline=None)
@given(option_values, charts, charts, sides, sides, st.integers(0, 6), st.integers(0, 6), st.integers(0, 2**32))
def test_units_turn_equals_the_fraction_turn(options, mine, theirs, my_side, their_side, pi, oi, seed) -> None:
    _, cfg = config_for("design", options)
    profiles = (profile_for(tuple(mine[0]), mine[1], 0), profile_for(tuple(theirs[0]), theirs[1], 3))
    a = (_side(my_side), _side(their_side))
    b = (_side(my_side), _side(their_side))
    rng_a, rng_b = Rng(seed), Rng(seed)
    fast = resolve_turn(cfg, profiles, a, (pi, oi), rng_a)
    slow = reference_turn(cfg, profiles, b, (pi, oi), rng_b)
    assert fast.to_json() == slow.to_json()
    assert fast.chances == slow.chances and fast.score == slow.score
    assert turn_text(PLANETS[pi], PLANETS[oi], fast) == turn_text(PLANETS[pi], PLANETS[oi], slow)
    assert [_snapshot(s) for s in a] == [_snapshot(s) for s in b]
    assert [type(c) for s in a for c in s.carry] == [Fraction] * 14
    assert rng_a.random() == rng_b.random()  # the same number of draws
