"""Space Prince chart speed: uncached and cached charts per second, SVG wheels per second, and the seven
longitudes by the shared-Earth light-time solver against astronomy-engine's ``GeoVector`` (reports only)."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta

from gamewright.games.prince.chart import (
    astro_time,
    compute_chart,
    planet_longitudes,
    planet_longitudes_reference,
    quantize,
)
from gamewright.games.prince.svg import chart_svg


def main(n: int = 2000) -> None:
    rng = random.Random(1)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    moments = [
        quantize(start + timedelta(minutes=5 * rng.randrange(40_000_000)), rng.uniform(-80, 80), rng.uniform(-180, 180))
        for _ in range(n)
    ]
    uncached = compute_chart.__wrapped__
    t0 = time.perf_counter()
    charts = [uncached(m) for m in moments]
    t1 = time.perf_counter()
    for m in moments:
        compute_chart(m)
    t2 = time.perf_counter()
    for m in moments:
        compute_chart(m)
    t3 = time.perf_counter()
    for chart in charts[:200]:
        chart_svg(chart)
    t4 = time.perf_counter()
    print(f"charts (uncached): {n / (t1 - t0):,.0f}/s ({(t1 - t0) / n * 1000:.2f} ms each)")
    print(f"charts (cache warm): {n / (t3 - t2):,.0f}/s (first pass {n / (t2 - t1):,.0f}/s)")
    print(f"SVG wheels: {200 / (t4 - t3):,.0f}/s")
    times = [astro_time(m.time) for m in moments]
    for fn in (planet_longitudes, planet_longitudes_reference):
        t5 = time.perf_counter()
        for t in times:
            fn(t)
        print(f"{fn.__name__}: {(time.perf_counter() - t5) / n * 1e6:.0f} µs per moment")


if __name__ == "__main__":
    main()
