"""Opponents' moments and planet draws take shorter paths to the same values: ``random_moment`` is ``quantize``
of its three draws, ``draw_opponent_planet`` is ``Rng.choice``/``Rng.weighted_choice`` over the planets left."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.rng import Rng, ScriptedRng
from gamewright.games.prince.chart import quantize
from gamewright.games.prince.encounter import _SPAN_SECONDS, OPPONENT_START, draw_opponent_planet, random_moment


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**63 - 1))
def test_random_moment_is_quantize_of_its_draws(seed: int) -> None:
    fast, reference = Rng(seed), Rng(seed)
    moment = random_moment(fast)
    seconds = int(reference.random() * _SPAN_SECONDS)
    lat = -66 + 132 * reference.random()
    lon = -180 + 360 * reference.random()
    expected = quantize(OPPONENT_START + timedelta(seconds=seconds), lat, lon)
    assert moment == expected
    assert (moment.time_text, repr(moment.lat), repr(moment.lon)) == (
        expected.time_text, repr(expected.lat), repr(expected.lon))
    assert moment.time.tzinfo == expected.time.tzinfo


def _reference_draw(rng: Any, weights: list[int], combust: list[bool]) -> int | None:
    candidates = [o for o in range(7) if not combust[o]]
    if not candidates:
        return None
    cw = [weights[o] for o in candidates]
    if sum(cw) == 0:
        return rng.choice(candidates)
    return rng.weighted_choice(candidates, cw)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=7, max_size=7), st.lists(st.booleans(), min_size=7, max_size=7),
       st.integers(0, 2**32))
def test_opponent_draw_is_weighted_choice_over_the_planets_left(weights: list[int], combust: list[bool],
                                                                seed: int) -> None:
    fast, reference = Rng(seed), Rng(seed)
    assert draw_opponent_planet(fast, weights, combust) == _reference_draw(reference, weights, combust)
    assert fast.random() == reference.random()


def test_opponent_draw_at_the_edges_of_the_target() -> None:
    weights, combust = [0, 2, 0, 1, 3, 0, 1], [False, False, True, False, False, False, True]
    for u in (0.0, 1 / 6, 2 / 6, 0.5, 5 / 6, 1.0 - 2**-53):
        assert draw_opponent_planet(ScriptedRng([u]), weights, combust) == _reference_draw(
            ScriptedRng([u]), weights, combust)
