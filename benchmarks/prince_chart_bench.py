"""Space Prince chart speed: uncached and cached charts per second, SVG wheels per second, and the seven
longitudes from the table, by the shared-Earth light-time solver and by astronomy-engine's ``GeoVector`` (reports
only).

Rates are per CPU-second of this process (``time.process_time``): other work on the machine changes them
much less than it changes wall-clock rates (a busy machine still slows them somewhat)."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta

from gamewright.games.prince.chart import (
    astro_time,
    compute_chart,
    exact_longitudes,
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
    t0 = time.process_time()
    charts = [uncached(m) for m in moments]
    t1 = time.process_time()
    for m in moments:
        compute_chart(m)
    t2 = time.process_time()
    for m in moments:
        compute_chart(m)
    t3 = time.process_time()
    for chart in charts[:200]:
        chart_svg(chart)
    t4 = time.process_time()
    print(f"charts (uncached): {n / (t1 - t0):,.0f}/s ({(t1 - t0) / n * 1000:.2f} ms each)")
    print(f"charts (cache warm): {n / (t3 - t2):,.0f}/s (first pass {n / (t2 - t1):,.0f}/s)")
    print(f"SVG wheels: {200 / (t4 - t3):,.0f}/s")
    times = [astro_time(m.time) for m in moments]
    for fn in (planet_longitudes, exact_longitudes, planet_longitudes_reference):
        t5 = time.process_time()
        for t in times:
            fn(t)
        print(f"{fn.__name__}: {(time.process_time() - t5) / n * 1e6:.0f} µs per moment")


if __name__ == "__main__":
    main()
