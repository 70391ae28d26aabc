"""How far ``sky_table``'s longitudes lie from the exact path's, and how often a chart falls back to it.

``python benchmarks/prince_sky_table.py [MOMENTS=40000]``: random moments (seeded) uniform over 1800–2199 in TT and,
for each body, the largest difference between ``sky_table`` and ``chart.exact_longitudes`` and the share of
moments where ``chart.planet_longitudes`` computes the body exactly (within ``TABLE_MARGIN`` of a shown edge).
Reports, never asserts (tests/prince/test_sky_table.py keeps a smaller sample within ``MAX_ERROR``).
"""

from __future__ import annotations

import random
import sys

import astronomy

from gamewright.games.prince.chart import TABLE_MARGIN, _normalise, clear_of_display_edges, exact_longitudes
from gamewright.games.prince.sky_table import MAX_ERROR, table
from gamewright.games.prince.tables import PLANETS


def main(moments: int) -> None:
    rng = random.Random(20261126)
    series = table()
    worst = dict.fromkeys(PLANETS, 0.0)
    exact_share = dict.fromkeys(PLANETS, 0)
    for _ in range(moments):
        t = astronomy.Time.FromTerrestrialTime(rng.uniform(-73048.5, 73048.5))
        exact = exact_longitudes(t)
        for name in PLANETS:
            value = series[name].longitude(t.tt)
            assert value is not None
            worst[name] = max(worst[name], abs((value - exact[name] + 180.0) % 360.0 - 180.0))
            exact_share[name] += not clear_of_display_edges(_normalise(value), TABLE_MARGIN)
    print(f"{moments} moments; MAX_ERROR {MAX_ERROR:g}°, TABLE_MARGIN {TABLE_MARGIN:g}°")
    for name in PLANETS:
        print(f"{name:8} largest difference {worst[name]:.2e}°  computed exactly {exact_share[name] / moments:.3%}")
    print(f"largest of all {max(worst.values()):.2e}°")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40000)
