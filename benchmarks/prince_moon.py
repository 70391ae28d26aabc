"""How far the fast Moon (``moon.apparent_longitude``: the theory's mean longitude + the nutation in longitude)
strays from astronomy-engine's ``GeoMoon`` rotated to the true ecliptic of date over 1800–2199, against the margin
``chart.MOON_MARGIN`` within which a chart takes GeoMoon's instead, and how often that happens.

    python benchmarks/prince_moon.py [moments]      # default 40000
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the shared check lives with the tests

from tests.prince.moon_check import moon_differences  # noqa: E402

from gamewright.games.prince.chart import MOON_MARGIN  # noqa: E402

if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40000
    diffs = moon_differences(n)
    worst = max(diffs)
    print(f"{n} moments: worst |fast − GeoMoon| {worst:.3g}°, mean {sum(diffs) / n:.3g}°; "
          f"margin {MOON_MARGIN}° ({MOON_MARGIN / worst:.3g}× the worst)")
