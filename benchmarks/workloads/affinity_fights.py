"""Affinity: greedy-policy party fights per second (the conformance fights, checks included)."""

from __future__ import annotations

from _figures import cpu, figure, sized

from gamewright.games.affinity.conformance import checked_fight, matchups

if __name__ == "__main__":
    pairs = matchups()
    count = sized(150)
    start = cpu()
    for i in range(count):
        level, key = pairs[i % len(pairs)]
        checked_fight(level, key, i)
    figure("affinity_greedy_fights", count / (cpu() - start), "fights/s")
