"""Dice pools (003 Success Rules, Damage Calculation): successes and damage, and exact odds against independent
values, icepool, and sampling."""

from __future__ import annotations

import math
from fractions import Fraction as F

import icepool
import pytest

from gamewright.core.rng import Rng
from gamewright.games.affinity import pools
from gamewright.games.affinity.combat import Act
from gamewright.games.affinity.defence import Layer, resolve_defence, scripted_roller
from gamewright.games.affinity.pools import count_successes, damage

from .helpers import adjacent, scenario, turn_of


def test_reference_anchors() -> None:
    assert pools.prob_success(1, 0, 2, 1) == F(5, 6)
    assert pools.prob_success(2, 0, 2, 1) == F(35, 36)
    assert pools.prob_success(2, 0, 2, 2) == F(3, 4)
    assert pools.prob_success(2, 0, 4, 2) == F(5, 12)
    assert pools.prob_success(2, 0, 4, 3) == F(5, 36)
    assert pools.successes_dist(2, 0, 4)[4] == F(1, 36)


def test_designer_per_die_expectations() -> None:
    expected = {2: F(1), 3: F(5, 6), 4: F(2, 3), 5: F(1, 2), 6: F(1, 3)}
    for threshold, value in expected.items():
        assert pools.expected_per_die(threshold) == value
    assert [round(float(pools.expected_per_die(t)), 3) for t in range(2, 7)] == [1.0, 0.833, 0.667, 0.5, 0.333]


def test_six_counts_two_even_at_ultimate() -> None:
    dist = pools.successes_dist(1, 0, 6)
    assert dict(dist.items()) == {0: F(5, 6), 2: F(1, 6)}


def test_exertion_burns_are_binomial_and_safe_dice_never_burn() -> None:
    joint = pools.pool_joint(3, 2, 4)
    burn = joint.marginal(1)
    assert burn[0] == F(25, 36) and burn[1] == F(10, 36) and burn[2] == F(1, 36)
    assert pools.pool_joint(5, 0, 2).marginal(1) == pools.pool_joint(0, 0, 2).marginal(1)


def test_issue_example_numbers() -> None:
    out = pools.odds(0, 2, 4, 1)
    assert out["at_least"] == {0: F(1), 1: F(3, 4), 2: F(5, 12), 3: F(5, 36), 4: F(1, 36)}
    assert out["expected"] == F(4, 3)
    assert out["success"] == F(3, 4)


def test_defence_survival_per_die() -> None:
    assert [pools.defence_survival(s) for s in (4, 6, 8, 10, 12)] == [0, F(1, 3), F(1, 2), F(3, 5), F(2, 3)]


def _icepool_joint(safe: int, ex: int, threshold: int) -> dict[tuple[int, int], F]:
    """An independent oracle: encode (successes, burned) as successes * 100 + burned and sum with icepool."""
    def score(face: int, exertion: bool) -> int:
        succ = 2 if face == 6 else (1 if face >= threshold else 0)
        return succ * 100 + (1 if exertion and face == 1 else 0)

    total = icepool.Die([0])
    if safe:
        total = total + safe @ icepool.d6.map(lambda f: score(f, False))
    if ex:
        total = total + ex @ icepool.d6.map(lambda f: score(f, True))
    return {(o // 100, o % 100): F(total.probability(o)) for o in total.outcomes()}


def test_agrees_with_icepool_on_random_pools() -> None:
    rng = Rng("icepool")
    for _ in range(40):
        safe, ex, threshold = rng.randint(0, 6), rng.randint(0, 5), rng.randint(2, 6)
        if safe + ex == 0:
            continue
        ours = dict(pools.pool_joint(safe, ex, threshold).items())
        assert ours == _icepool_joint(safe, ex, threshold), (safe, ex, threshold)


@pytest.mark.parametrize(("safe", "ex", "threshold"), [(2, 0, 4), (1, 2, 3), (3, 3, 5), (0, 4, 2), (5, 1, 6)])
def test_sampled_rolls_within_four_standard_errors(safe: int, ex: int, threshold: int) -> None:
    n = 20_000
    rng = Rng(f"sample-{safe}-{ex}-{threshold}")
    counts: dict[int, int] = {}
    burns: dict[int, int] = {}
    for _ in range(n):
        s, b, _ = pools.roll_pool(rng, safe, ex, threshold)
        counts[s] = counts.get(s, 0) + 1
        burns[b] = burns.get(b, 0) + 1
    exact = pools.odds(safe, ex, threshold)
    for k, p in exact["at_least"].items():
        observed = sum(c for s, c in counts.items() if s >= k) / n
        se = math.sqrt(float(p) * (1 - float(p)) / n) or 1 / n
        assert abs(observed - float(p)) <= 4 * se + 1e-12, (k, observed, float(p))
    for k, p in exact.get("burn", {}).items():
        se = math.sqrt(float(p) * (1 - float(p)) / n) or 1 / n
        assert abs(burns.get(k, 0) / n - float(p)) <= 4 * se + 1e-12


def test_designer_grid_sorted_by_difficulty() -> None:
    rows = pools.designer_grid()
    assert len(rows) == 10 * 5 * 5
    chances = [r["success"] for r in rows]
    assert chances == sorted(chances, reverse=True)


def test_damage_bonus_capped_at_proficiency() -> None:
    # 003 "Damage Calculation" example: Proficiency 3, heavy weapon (2 base, 2 required), 8 successes → 5 HD.
    assert pools.damage(2, 8, 2, 3) == 5
    assert pools.damage(2, 1, 2, 3) == 0
    assert pools.damage(10, 30, 1, 5) == 15  # base never capped, bonus at most Proficiency 5


def test_defence_distribution_matches_monte_carlo_and_sums_to_one() -> None:
    from gamewright.games.affinity.defence import Layer, resolve_defence

    layers = [(12, 1), (8, 2), (10, 5)]
    dist = pools.defence_distribution(layers, 2, 4)
    assert sum(dist.values()) == 1
    rng = Rng("defence")
    n = 20_000
    counts: dict[int, int] = {}
    for _ in range(n):
        built = [Layer(str(i), s, c) for i, (s, c) in enumerate(layers)]
        lost = resolve_defence(built, 2, 4, rng.die).lost
        counts[lost] = counts.get(lost, 0) + 1
    for k, p in dist.marginal(0).items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts.get(k, 0) / n - float(p)) <= 4 * se


def test_bad_threshold_is_a_clear_error() -> None:
    from gamewright.core.errors import ConfigError

    with pytest.raises(ConfigError, match="threshold"):
        pools.odds(1, 0, 7)


def test_six_is_two_successes_on_actions_but_one_on_defence() -> None:
    """003 "Success Rules": a 6 is 2 successes (also at Ultimate 6); "Armor, Spells": no explosion on defence."""
    assert count_successes([6], 6) == 2 and count_successes([5, 6, 1], 5) == 3 and count_successes([1, 1], 2) == 0
    res = resolve_defence([Layer("body", 12, 3)], 2, 3, scripted_roller([12, 12]))
    assert (res.cancelled, res.lost) == (2, 1)  # each 12 cancels only one point
    res = resolve_defence([Layer("body", 10, 3)], 1, 3, scripted_roller([6, 6, 10]), bonus_dice=2)
    assert (res.cancelled, res.lost) == (3, 0)  # a 6 on a "+N defence" d6 cancels one point, not two


def test_damage_bonus_capped_at_proficiency_base_never() -> None:
    """003 "Damage Calculation": heavy weapon, Proficiency 3, 8 successes → 2 + min(6, 3) = 5 HD."""
    assert damage(2, 8, 2, 3) == 5 and damage(2, 1, 2, 3) == 0 and damage(2, 2, 2, 3) == 2
    state = scenario(level=5, creature="veteran_sellsword")
    adjacent(state, 0, 4)
    # shortsword (1 HD, r1): 3 proficiency 6s = 6 successes → 1 + min(5, 3) = 4; the Sellsword rolls 1s on defence
    turn_of(state, 0, dice=[6, 6, 6] + [1] * 10)
    events = state.apply(Act("use", "weapon_strike", 4, 0))
    dmg = next(e for e in events if e.kind == "damage")
    assert dmg.data["damage"] == 4
