"""Property tests (hypothesis): defence conservation and pool identities."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.rng import Rng
from gamewright.games.affinity import pools
from gamewright.games.affinity.defence import Layer, resolve_defence

layer_st = st.lists(st.tuples(st.sampled_from([4, 6, 8, 10, 12]), st.integers(0, 6)), min_size=1, max_size=5)


@settings(max_examples=150, deadline=None)
@given(layers=layer_st, capacity=st.integers(1, 5), damage=st.integers(0, 25), seed=st.integers(0, 10_000),
       bonus=st.integers(0, 3))
def test_defence_conserves_damage_and_never_goes_negative(layers, capacity, damage, seed, bonus) -> None:
    built = [Layer(f"l{i}", s, c) for i, (s, c) in enumerate(layers)]
    total = sum(c for _, c in layers)
    res = resolve_defence(built, capacity, damage, Rng(seed).die, bonus)
    assert all(la.count >= 0 for la in built)
    assert res.cancelled + res.lost + res.overflow == damage
    assert res.lost == total - sum(la.count for la in built)
    assert len(res.rolls) <= capacity and len(res.bonus_rolls) <= bonus
    if res.overflow:
        assert all(la.count == 0 for la in built)
    # outer layers empty before inner ones lose dice
    lost = [c - la.count for (_, c), la in zip(layers, built, strict=True)]
    for i in range(len(built) - 1):
        if lost[i + 1]:
            assert built[i].count == 0


@settings(max_examples=60, deadline=None)
@given(safe=st.integers(0, 6), ex=st.integers(0, 4), threshold=st.integers(2, 6))
def test_pool_identities(safe, ex, threshold) -> None:
    joint = pools.pool_joint(safe, ex, threshold)
    assert sum(joint.values()) == 1
    assert joint.marginal(0).mean() == (safe + ex) * pools.expected_per_die(threshold)
    assert joint.marginal(1).mean() == pools.burn_dist(ex).mean()
    assert max(k[0] for k in joint) == 2 * (safe + ex)
