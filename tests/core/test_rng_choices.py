"""``weighted_choices`` makes exactly the picks of as many ``weighted_choice`` calls, from the same draws."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.rng import Rng, ScriptedRng

weights = st.lists(st.one_of(st.integers(0, 9), st.floats(0, 5)), min_size=1, max_size=9).filter(
    lambda ws: sum(ws) > 0
)


@settings(max_examples=300, deadline=None)
@given(weights, st.integers(0, 2**32), st.integers(0, 12))
def test_choices_equal_repeated_choice(ws: list[float], seed: int, count: int) -> None:
    items = list(range(len(ws)))
    one, many = Rng(seed), Rng(seed)
    assert many.weighted_choices(items, ws, count) == [one.weighted_choice(items, ws) for _ in range(count)]
    assert one.random() == many.random()


def test_edges_of_the_draw_pick_as_weighted_choice_does() -> None:
    ws = [0, 2, 0, 1, 0]
    draws = [0.0, 0.6666666666666666, 1.0 - 2**-53, 0.5]
    assert ScriptedRng(draws).weighted_choices(list("abcde"), ws, 4) == [
        ScriptedRng([d]).weighted_choice(list("abcde"), ws) for d in draws
    ]
