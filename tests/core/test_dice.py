"""The exact-probability module against known values and against icepool on randomised pools."""

from __future__ import annotations

import random
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamewright.core import dice
from gamewright.core.rng import Rng


def _icepool_dist(die: icepool.Die) -> dict[int, Fraction]:
    return dict(zip(die.outcomes(), die.probabilities(), strict=True))


def test_two_d6_known_values() -> None:
    two = dice.die(6) + dice.die(6)
    assert two[7] == Fraction(1, 6)
    assert two.prob_at_least(11) == Fraction(1, 12)
    assert two.mean() == 7
    assert two.variance() == Fraction(35, 6)


def test_count_is_binomial() -> None:
    hits = dice.count(dice.die(6), 2, lambda face: face >= 4)
    assert hits == dice.Dist({0: 1, 1: 2, 2: 1})
    assert dice.count(dice.die(6), 0, lambda face: True) == dice.constant(0)


def test_keep_highest_of_3d6() -> None:
    kept = dice.keep_highest_sum([dice.die(6)] * 3, 2)
    assert kept[12] == Fraction(16, 216)
    assert kept[2] == Fraction(1, 216)


def test_custom_faces_and_joint_tally() -> None:
    custom = dice.faces([0, 0, 1, 2])
    assert custom[0] == Fraction(1, 2)
    joint = dice.tally([dice.die(6)] * 2, lambda f: (int(f >= 4), int(f == 1)))
    assert joint[(0, 2)] == Fraction(1, 36)
    assert sum(joint.values()) == 1
    assert joint.marginal(0) == dice.count(dice.die(6), 2, lambda f: f >= 4)


def test_invalid_distributions_are_refused() -> None:
    with pytest.raises(ValueError):
        dice.Dist({1: -1, 2: 2})
    with pytest.raises(ValueError):
        dice.die(0)
    with pytest.raises(ValueError):
        dice.keep([dice.die(6)], 2)


def _random_pool(rng: random.Random) -> tuple[list[dice.Dist], list[icepool.Die]]:
    ours: list[dice.Dist] = []
    theirs: list[icepool.Die] = []
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.5:
            sides = rng.choice([2, 4, 6, 8, 10, 12])
            ours.append(dice.die(sides))
            theirs.append(icepool.d(sides))
        else:
            values = [rng.randint(-2, 5) for _ in range(rng.randint(1, 6))]
            ours.append(dice.faces(values))
            theirs.append(icepool.Die(values))
    return ours, theirs


@pytest.mark.parametrize("case", range(120))
def test_agrees_with_icepool_on_random_pools(case: int) -> None:
    rng = random.Random(case)
    ours, theirs = _random_pool(rng)
    # sums
    assert dict(dice.pool_sum(ours)) == _icepool_dist(icepool.reduce(lambda a, b: a + b, theirs))
    # keep highest / lowest k
    k = rng.randint(1, len(ours))
    pool = icepool.Pool(theirs)
    assert dict(dice.keep_highest_sum(ours, k)) == _icepool_dist(pool.highest(k).sum())
    assert dict(dice.keep_lowest_sum(ours, k)) == _icepool_dist(pool.lowest(k).sum())
    # counts of faces at or above a threshold
    threshold = rng.randint(0, 6)
    ours_count = dice.tally(ours, lambda face: int(face >= threshold))
    theirs_count = icepool.reduce(lambda a, b: a + b, [d.map(lambda f: int(f >= threshold)) for d in theirs])
    assert dict(ours_count) == _icepool_dist(theirs_count)


@given(st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=4), st.integers(0, 10_000))
def test_sampling_stays_in_support(sides: list[int], seed: int) -> None:
    pool = dice.pool_sum(dice.die(s) for s in sides)
    value = pool.sample(Rng(seed))
    assert value in pool


def test_sampled_sums_agree_with_exact_within_four_standard_errors() -> None:
    pool = dice.pool_sum([dice.die(6), dice.die(8)])
    rng = Rng(7)
    n = 20_000
    samples = [rng.die(6) + rng.die(8) for _ in range(n)]
    for value, p in pool.items():
        observed = samples.count(value) / n
        stderr = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(observed - float(p)) < 4 * stderr


def test_fraction_text_is_exact() -> None:
    assert dice.fraction_text(Fraction(5, 12)) == "5/12"
    assert dice.fraction_text(Fraction(1)) == "1/1"


@given(st.lists(st.integers(0, 10**20), min_size=1, max_size=12), st.booleans())
def test_counts_of_ways_give_the_same_distribution_as_weights(counts: list[int], joint: bool) -> None:
    outcomes = [(i % 5, i // 5) for i in range(len(counts))] if joint else [i - 3 for i in range(len(counts))]
    ways = dict(zip(reversed(outcomes), counts, strict=True))
    total = sum(counts)
    if total == 0:
        return
    expected = dice.Dist(ways)
    built = dice.Dist.from_ways(ways.items(), total)
    assert list(built.items()) == list(expected.items())  # same order, same exact values
    assert dice.Dist.from_ways(sorted(ways.items()), total, ordered=True) == expected


def test_counts_of_ways_are_checked() -> None:
    with pytest.raises(ValueError):
        dice.Dist.from_ways([(1, 2), (2, 3)], 6)  # do not sum to the total
    with pytest.raises(ValueError):
        dice.Dist.from_ways([(1, -1), (2, 7)], 6)
    with pytest.raises(ValueError):
        dice.Dist.from_ways([], 0)
    assert dict(dice.Dist.from_ways([(0, 0), (1, 6)], 6).items()) == {1: Fraction(1)}
