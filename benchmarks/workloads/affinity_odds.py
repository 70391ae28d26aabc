"""Affinity: 450 exact joint (successes, burns) distributions, cold caches, against icepool in the same run.

The 450 queries: safe dice 0-9 × exertion dice 0-8 × success threshold 2-6. Both sides give exact
probabilities (ours as Fractions; icepool's converted to Fractions)."""

from __future__ import annotations

from fractions import Fraction

from _figures import cpu, figure

from gamewright.games.affinity import pools

QUERIES = [(safe, ex, th) for safe in range(10) for ex in range(9) for th in range(2, 7)]


def ours() -> float:
    for value in vars(pools).values():  # cold: every cache of the module emptied
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()
    start = cpu()
    for safe, ex, th in QUERIES:
        dict(pools.pool_joint(safe, ex, th).items())
    return cpu() - start


def with_icepool() -> float:
    import icepool

    start = cpu()
    for safe, ex, th in QUERIES:
        def score(face: int, exertion: bool, th: int = th) -> int:
            succ = 2 if face == 6 else (1 if face >= th else 0)
            return succ * 100 + (1 if exertion and face == 1 else 0)

        total = icepool.Die([0])
        if safe:
            total = total + safe @ icepool.d6.map(lambda f: score(f, False))
        if ex:
            total = total + ex @ icepool.d6.map(lambda f: score(f, True))
        {(o // 100, o % 100): Fraction(total.probability(o)) for o in total.outcomes()}
    return cpu() - start


if __name__ == "__main__":
    a = ours()
    figure("affinity_450_joint_ours", a, "s")
    try:
        b = with_icepool()
    except ImportError:
        pass
    else:
        figure("affinity_450_joint_icepool", b, "s")
        figure("affinity_450_joint_icepool_over_ours", b / a, "x")
