"""Space Prince: charts from birth moments per second, uncached (each moment computed once)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from _figures import cpu, figure, sized

from gamewright.games.prince.chart import compute_chart, quantize

if __name__ == "__main__":
    rng = random.Random(1)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    n = sized(1500)
    moments = [quantize(start + timedelta(minutes=5 * rng.randrange(40_000_000)), rng.uniform(-80, 80),
                        rng.uniform(-180, 180)) for _ in range(n)]
    uncached = getattr(compute_chart, "__wrapped__", compute_chart)
    uncached(quantize("2000-01-01T12:00:00Z", 0.0, 0.0))  # once per process, untimed: data a revision loads lazily
    t0 = cpu()
    for m in moments:
        uncached(m)
    figure("prince_charts", n / (cpu() - t0), "charts/s")
