"""Exact expectations the policies use: damage distributions of attack pools and dice destroyed by layered defence.

Everything is cached: a fight asks the same few questions thousands of times.
"""

from __future__ import annotations

from functools import cache

from gamewright.games.affinity.pools import DEFENCE_TARGET, pool_joint

# A target's dice, outermost first: (sides, count, survives on) for each non-empty layer, body last.
LayerKey = tuple[tuple[int, int, int], ...]


@cache
def damage_dist(safe: int, exertion: int, threshold: int, required: int, base: int, cap: int
                ) -> tuple[tuple[tuple[int, float], ...], float, float]:
    """(damage → chance on success, chance of success, expected HD burned) for an attack pool.

    003 "Damage Calculation": base + each success beyond the required, the bonus capped at Proficiency."""
    joint = pool_joint(max(0, safe), max(0, exertion), threshold)
    dist: dict[int, float] = {}
    p_ok = burn = 0.0
    for (succ, burned), p in joint.items():
        pf = float(p)
        burn += burned * pf
        if succ >= required:
            p_ok += pf
            dmg = base + min(succ - required, cap)
            dist[dmg] = dist.get(dmg, 0.0) + pf
    return tuple(sorted(dist.items())), p_ok, burn


def expected_damage(safe: int, exertion: int, threshold: int, required: int, base: int, cap: int
                    ) -> tuple[float, float, float]:
    """(expected damage, chance of success, expected HD burned)."""
    dist, p_ok, burn = damage_dist(safe, exertion, threshold, required, base, cap)
    return sum(d * p for d, p in dist), p_ok, burn


@cache
def _lost(left: int, rolls: int, layers: LayerKey) -> float:
    """ref §1 Defence: one die per point from the outermost layer; rolled (5+ keeps it) while rolls last."""
    if left <= 0 or not layers:
        return 0.0
    if rolls <= 0:
        return float(min(left, sum(c for _, c, _ in layers)))
    sides, count, survive = layers[0]
    after = ((sides, count - 1, survive),) + layers[1:] if count > 1 else layers[1:]
    keep = max(0, sides - survive + 1) / sides
    return keep * _lost(left - 1, rolls - 1, layers) + (1 - keep) * (1 + _lost(left - 1, rolls - 1, after))


@cache
def expected_lost(damage: int, capacity: int, bonus: int, layers: LayerKey) -> float:
    """Expected dice destroyed by ``damage`` after ``bonus`` extra d6 (each 5+ cancels a point) and the rolls."""
    if damage <= 0 or not layers:
        return 0.0
    p = (7 - DEFENCE_TARGET) / 6
    total = 0.0
    # the number of extra d6 that come up 5+ is binomial; they cancel at most the damage
    prob = (1 - p) ** bonus
    for k in range(bonus + 1):
        total += prob * _lost(damage - min(k, damage), capacity, layers)
        if k < bonus:
            prob = prob * (bonus - k) / (k + 1) * p / (1 - p)
    return total
