"""Charts against an independent ephemeris: skyfield with the DE421 file from skyfield-data (no network).

Skyfield's apparent positions (light time, aberration, deflection) are taken in its true ecliptic and
equinox of date; its ascendant comes from its own GAST and true obliquity through the textbook formula.
"""

from __future__ import annotations

import math
import random
import warnings
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pytest

from gamewright.games.prince.chart import compute_chart, quantize
from gamewright.games.prince.tables import PLANETS

N_MOMENTS = 400  # issue: ≥ 300 random moments, 1900–2050 (DE421's span), |lat| ≤ 80
BOUNDARY = 0.05  # degrees: bodies this close to a sign boundary are not compared
SKYFIELD_NAMES = {
    "Sun": "sun",
    "Moon": "moon",
    "Mercury": "mercury",
    "Venus": "venus",
    "Mars": "mars",
    "Jupiter": "jupiter barycenter",
    "Saturn": "saturn barycenter",
}


@pytest.fixture(scope="module")
def sky() -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # skyfield-data warns that its bundled IERS table has aged
        from skyfield.api import Loader
        from skyfield_data import get_skyfield_data_path

        load = Loader(get_skyfield_data_path(), verbose=False)
        return {"ts": load.timescale(builtin=True), "eph": load("de421.bsp")}


def skyfield_moments() -> list[Any]:
    """The compared moments: seeded, 1900–2050, |lat| ≤ 80 (tests/prince/test_speed_identity.py uses them too)."""
    rng = random.Random(20000101)
    start = datetime(1900, 1, 1, tzinfo=UTC)
    span = int((datetime(2050, 12, 31, 23, 59, tzinfo=UTC) - start).total_seconds())
    return [
        quantize(start + timedelta(seconds=rng.randrange(span)), rng.uniform(-80, 80), rng.uniform(-180, 180))
        for _ in range(N_MOMENTS)
    ]


@pytest.fixture(scope="module")
def moments() -> list[Any]:
    return skyfield_moments()


def _skyfield_positions(sky: dict[str, Any], moments: list[Any]) -> tuple[dict[str, np.ndarray], np.ndarray]:
    from skyfield.framelib import ecliptic_frame
    from skyfield.nutationlib import earth_tilt

    ts, eph = sky["ts"], sky["eph"]
    # The moment is Universal Time (astronomy-engine's input); skyfield's ``utc`` before 1972 is atomic-based.
    t = ts.ut1(
        [m.time.year for m in moments],
        [m.time.month for m in moments],
        [m.time.day for m in moments],
        [m.time.hour for m in moments],
        [m.time.minute for m in moments],
        [0 for _ in moments],
    )
    earth = eph["earth"]
    observer = earth.at(t)
    longitudes = {}
    for name in PLANETS:
        apparent = observer.observe(eph[SKYFIELD_NAMES[name]]).apparent()
        _lat, lon, _dist = apparent.frame_latlon(ecliptic_frame)
        longitudes[name] = lon.degrees % 360.0
    # Ascendant from skyfield's GAST and true obliquity (ref §1's formula, written out independently).
    true_obliquity = np.radians(earth_tilt(t)[1])
    lat = np.radians([m.lat for m in moments])
    ramc = np.radians(t.gast * 15.0 + np.array([m.lon for m in moments]))
    y = np.cos(ramc)
    x = -(np.sin(ramc) * np.cos(true_obliquity) + np.tan(lat) * np.sin(true_obliquity))
    asc = np.degrees(np.arctan2(y, x)) % 360.0
    return longitudes, asc


def _near_boundary(longitude: float) -> bool:
    within = longitude % 30.0
    return within < BOUNDARY or within > 30.0 - BOUNDARY


def test_signs_agree_with_skyfield(sky: dict[str, Any], moments: list[Any]) -> None:
    """Issue 2: the sign of every planet and of the ascendant agrees for ≥ 300 random moments."""
    longitudes, asc = _skyfield_positions(sky, moments)
    compared = skipped = 0
    worst: dict[str, float] = {}
    for i, moment in enumerate(moments):
        chart = compute_chart(moment)
        pairs = [(name, chart.planets[name].longitude, float(longitudes[name][i])) for name in PLANETS]
        pairs.append(("Ascendant", chart.ascendant, float(asc[i])))
        for name, ours, theirs in pairs:
            diff = abs((ours - theirs + 180.0) % 360.0 - 180.0)
            worst[name] = max(worst.get(name, 0.0), diff)
            if _near_boundary(theirs):
                skipped += 1
                continue
            compared += 1
            assert int(ours // 30) == int(theirs // 30), (name, moment, ours, theirs)
    assert compared >= 300 * 8 * 0.95
    assert skipped < compared * 0.02
    # Beyond signs, the longitudes agree within 30″ (ascendant 18″; both engines read the moment as UT1).
    for name, diff in worst.items():
        print(f"{name}: worst difference {diff * 3600:.1f}″")
        assert diff < (1 / 120 if name != "Ascendant" else 0.005), (name, diff)


def test_frame_of_date_matches_skyfield(sky: dict[str, Any]) -> None:
    """Pin the frame: ours matches skyfield's true ecliptic of date, not its J2000 ecliptic (~0.7° apart in 2050)."""
    from skyfield.framelib import ecliptic_frame, ecliptic_J2000_frame

    moment = quantize("2050-06-01T00:00:00Z", 0, 0)
    t = sky["ts"].ut1(2050, 6, 1)
    apparent = sky["eph"]["earth"].at(t).observe(sky["eph"]["sun"]).apparent()
    of_date = apparent.frame_latlon(ecliptic_frame)[1].degrees
    j2000 = apparent.frame_latlon(ecliptic_J2000_frame)[1].degrees
    ours = compute_chart(moment).planets["Sun"].longitude
    assert abs(of_date - j2000) > 0.6
    assert ours == pytest.approx(of_date, abs=0.005)
    assert math.isfinite(ours)
