"""The encoders' field table: its spaces, its flattening (fast path and fallback agree) and its scalings."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.spaces import flatten as gym_flatten  # noqa: E402

from gamewright.envs.encoders.fields import Field, FieldTable, saturate, signed, unit  # noqa: E402


def _table() -> FieldTable:
    return FieldTable([Field("b", (2, 3), "b"), Field("a", (1,), "a", -1.0), Field("c", (4,), "c")])


def test_spaces_keep_the_table_order_and_ranges() -> None:
    table = _table()
    assert list(table.space.spaces) == ["b", "a", "c"]  # not sorted: the documented order
    assert table.size == 11 and table.flat_space.shape == (11,)
    assert table.flat_space.low[6] == -1.0 and table.flat_space.low[0] == 0.0
    with pytest.raises(ValueError):
        FieldTable([Field("x", (1,), "x"), Field("x", (2,), "x")])


def test_flatten_is_gymnasiums_whether_or_not_the_fields_share_a_buffer() -> None:
    table = _table()
    obs = table.blank()
    obs["b"][1, 2] = 0.5
    obs["a"][0] = -0.25
    obs["c"][:] = (0.1, 0.2, 0.3, 0.4)
    fast = table.flatten(obs)
    assert np.array_equal(fast, gym_flatten(table.space, obs))
    copied = {k: v.copy() for k, v in obs.items()}  # no longer views of one buffer: the slow path
    assert np.array_equal(table.flatten(copied), fast)
    obs["c"] = np.zeros(4, np.float32)  # one field replaced: the buffer no longer holds it
    assert np.array_equal(table.flatten(obs), gym_flatten(table.space, obs))
    fast[0] = 9.0
    assert obs["b"][0, 0] == 0.0  # the vector is a copy, never the observation's own buffer


def test_scalings_stay_in_range() -> None:
    assert unit(5, 10) == 0.5 and unit(50, 10) == 1.0 and unit(-3, 10) == 0.0
    assert unit(3, 0) == 1.0 and unit(0, 0) == 0.0
    assert signed(-30, 10) == -1.0 and signed(5, 10) == 0.5
    assert saturate(0, 5) == 0.0 and saturate(5, 5) == 0.5 and 0.99 < saturate(1e6, 5) < 1.0
