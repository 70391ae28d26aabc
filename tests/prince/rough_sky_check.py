"""How far ``rough_sky``'s cheap longitudes stray from the exact ones over 1800–2199, per body; shared by
tests/prince/test_rough_sky.py and benchmarks/prince_rough_sky.py."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from gamewright.games.prince.chart import astro_time, planet_longitudes, quantize
from gamewright.games.prince.rough_sky import rough_longitudes
from gamewright.games.prince.tables import PLANETS


def worst_differences(count: int, seed: int = 5, tier: str = "fine") -> dict[str, float]:
    """Each body's largest |rough − exact| longitude (degrees) of a tier over ``count`` seeded moments."""
    rng = random.Random(seed)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    minutes = int((datetime(2200, 1, 1, tzinfo=UTC) - start).total_seconds() // 60)
    worst = dict.fromkeys(PLANETS, 0.0)
    for _ in range(count):
        moment = quantize(start + timedelta(minutes=rng.randrange(minutes)), rng.uniform(-66, 66),
                          rng.uniform(-180, 180))
        exact = planet_longitudes(astro_time(moment.time))
        for name, rough in zip(PLANETS, rough_longitudes(astro_time(moment.time), PLANETS, tier), strict=True):
            worst[name] = max(worst[name], abs((rough - exact[name] + 180.0) % 360.0 - 180.0))
    return worst
