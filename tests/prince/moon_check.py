"""How far the fast Moon (``moon.apparent_longitude``) strays from astronomy-engine's ``GeoMoon`` rotated to the
true ecliptic of date over 1800–2199; shared by tests/prince/test_moon.py and benchmarks/prince_moon.py."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime, timedelta

import astronomy

from gamewright.games.prince.chart import astro_time
from gamewright.games.prince.moon import apparent_longitude


def moon_differences(count: int, seed: int = 5) -> list[float]:
    """|fast − GeoMoon| longitude (degrees) at ``count`` seeded 5-minute moments."""
    rng = random.Random(seed)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    buckets = int((datetime(2200, 1, 1, tzinfo=UTC) - start).total_seconds() // 300)
    out = []
    for _ in range(count):
        t = astro_time(start + timedelta(minutes=5 * rng.randrange(buckets)))
        vec = astronomy.RotateVector(astronomy.Rotation_EQJ_ECT(t), astronomy.GeoMoon(t))
        exact = math.degrees(math.atan2(vec.y, vec.x)) % 360.0
        out.append(abs((apparent_longitude(t) - exact + 180.0) % 360.0 - 180.0))
    return out
