"""Penance's first seat, where the search gains: an agent's wins seated first against the heuristic, beside what
the heuristic seated first is expected to win on the same deals (issue 15 acceptance, the suite's yardstick).

``python benchmarks/penance_first_seat.py DEALS STREAMS [LOG ...]``: for games 0, 2, ..., 2*DEALS-2 of
``agents_strength.py`` (its first argument seated first), the heuristic's expected wins seated first against the
heuristic: its wins over STREAMS games a deal with the random stream redrawn once the cards are dealt (the
heuristic never draws on its stream, so the dice alone decide). With ``agents_strength.py`` logs, also the logged
agent's wins on the deals they hold and the margin, with the binomial standard error of those wins. Reports,
never asserts.
"""

from __future__ import annotations

import math
import sys

from agents_ladder import play

from gamewright.core.rng import derive_seed

HEURISTIC = "penance.heuristic"


def expected_wins(g: int, streams: int) -> float:
    """The heuristic's mean points seated first on game ``g``'s deal over ``streams`` redrawn dice streams."""
    return sum(play("penance", HEURISTIC, HEURISTIC, g, derive_seed(g, f"dice{r}"))[0]
               for r in range(streams)) / streams


def main() -> None:
    deals, streams = int(sys.argv[1]), int(sys.argv[2])
    logged: dict[int, float] = {}
    for path in sys.argv[3:]:
        with open(path, encoding="utf-8") as log:
            for line in log:
                if line.startswith("game ") and int(line.split()[1]) % 2 == 0:
                    logged[int(line.split()[1])] = float(line.split()[2])
    expected = {g: expected_wins(g, streams) for g in range(0, 2 * deals, 2)}
    print(f"heuristic seated first, {deals} deals: expected {sum(expected.values()):.2f} "
          f"({sum(expected.values()) / deals:.1%}, {streams} dice streams a deal)")
    held = [g for g in expected if g in logged]
    if held:
        won = sum(logged[g] for g in held)
        base = sum(expected[g] for g in held)
        spread = math.sqrt(sum(won / len(held) * (1 - won / len(held)) for _ in held))
        print(f"logged agent on {len(held)} of them: {won:g} ({won / len(held):.1%}), heuristic expected "
              f"{base:.2f}: margin {won - base:+.2f} wins (binomial s.d. of the agent's wins {spread:.2f})")


if __name__ == "__main__":
    main()
