"""Affinity: greedy-policy party fights per second (the conformance fights, checks included)."""

from __future__ import annotations

from _figures import cpu, figure, sized

try:  # the module's path since the lab took the conformance batch; then the older one, so both revisions run
    from gamewright.lab.affinity_conformance import checked_fight, matchups
except ImportError:
    from gamewright.games.affinity.conformance import checked_fight, matchups  # type: ignore[no-redef]

if __name__ == "__main__":
    pairs = matchups()
    count = sized(150)
    start = cpu()
    for i in range(count):
        level, key = pairs[i % len(pairs)]
        checked_fight(level, key, i)
    figure("affinity_greedy_fights", count / (cpu() - start), "fights/s")
