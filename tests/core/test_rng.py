from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamewright.core.rng import Rng, ScriptedRng, ScriptExhausted


@given(st.integers(min_value=0, max_value=2**63))
def test_same_seed_same_stream(seed: int) -> None:
    a, b = Rng(seed), Rng(seed)
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]


def test_split_streams_are_independent_of_parent_draws() -> None:
    a, b = Rng(42), Rng(42)
    b.random()
    assert a.split("opponents").random() == b.split("opponents").random()
    assert a.split("x").random() != a.split("y").random()


def test_dice_and_choices_in_range() -> None:
    rng = Rng(1)
    rolls = rng.dice(1000, 6)
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(0 <= rng.randint(3, 5) - 3 <= 2 for _ in range(100))
    assert rng.weighted_choice(["a", "b"], [0, 1]) == "b"
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10))


def test_state_round_trips_through_json() -> None:
    rng = Rng(9)
    rng.random()
    saved = json.loads(json.dumps(rng.get_state()))
    expected = [rng.random() for _ in range(3)]
    other = Rng(0)
    other.set_state(saved)
    assert [other.random() for _ in range(3)] == expected
    clone = rng.clone()
    assert clone.random() == rng.random()


def test_scripted_dice_and_uniforms() -> None:
    rng = ScriptedRng([0.5, 0.25], dice=[6, 1])
    assert rng.die(6) == 6
    assert rng.die(6) == 1
    assert rng.random() == 0.5
    assert rng.die(4) == 2  # from the uniform 0.25
    with pytest.raises(ScriptExhausted):
        rng.random()
    with pytest.raises(ValueError):
        ScriptedRng(dice=[7]).die(6)
    with pytest.raises(ValueError):
        ScriptedRng([1.0])


def test_scripted_last_value_repeats_when_asked() -> None:
    rng = ScriptedRng([0.1, 0.99], repeat_last=True)
    assert [rng.random() for _ in range(4)] == [0.1, 0.99, 0.99, 0.99]
