"""How far ``rough_sky``'s cheap longitudes (each tier) stray from the exact ones over 1800–2199, per body, against
the margins ``chart_signs`` keeps (a sign is read off a rough longitude only further than its margin from an edge).

    python benchmarks/prince_rough_sky.py [moments]      # default 20000
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the shared check lives with the tests

from tests.prince.rough_sky_check import worst_differences  # noqa: E402

from gamewright.games.prince.rough_sky import MARGIN, TIERS  # noqa: E402

if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    for tier in TIERS:
        for name, diff in worst_differences(n, tier=tier).items():
            margin = MARGIN[tier]["Moon" if name == "Moon" else "planet"]
            print(f"{tier:6} {name:8} worst {diff:.5f}°  margin {margin}°  ({margin / diff:.1f}× the worst)")
