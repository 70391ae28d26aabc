"""The fast Moon is astronomy-engine's lunar theory: its mean longitude bit for bit, its apparent longitude within
float rounding of ``GeoMoon`` rotated to the true ecliptic of date, far inside ``chart.MOON_MARGIN``."""

from __future__ import annotations

import math
import random
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import astronomy
from astronomy import astronomy as engine

from gamewright.games.prince.chart import MOON_MARGIN, astro_time, clear_of_display_edges, moon_longitude
from gamewright.games.prince.ephemeris import ecliptic_of_date_rows, true_obliquity_cos_sin
from gamewright.games.prince.moon import SOLAR_TERMS, mean_longitude

from .moon_check import moon_differences


def _library_solar_terms() -> list[tuple[float, int, int, int, int]]:
    """The longitude's solar terms as astronomy-engine's ``_CalcMoon`` source sums them (``z = ex[p][1] * …``
    then ``DLAM += coefficient * z.imag``)."""
    source = Path(engine.__file__).read_text(encoding="utf-8")
    body = source[source.index("def _CalcMoon("):source.index("def ADDN(")]
    terms = []
    for m in re.finditer(r"z = ((?:ex\[-?\d+\]\[\d\](?: \* )?)+)\n\s+DLAM\s+\+= (\S+) \* z\.imag", body):
        index = [0, 0, 0, 0]
        for power, argument in re.findall(r"ex\[(-?\d+)\]\[(\d)\]", m.group(1)):
            index[int(argument) - 1] = int(power)
        terms.append((float(m.group(2)), index[0], index[1], index[2], index[3]))
    return terms


def test_solar_terms_are_the_librarys() -> None:
    assert list(SOLAR_TERMS) == _library_solar_terms()
    assert len(SOLAR_TERMS) == 104


def _times(count: int, seed: int) -> list[astronomy.Time]:
    rng = random.Random(seed)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    return [astro_time(start + timedelta(minutes=5 * rng.randrange(42_000_000))) for _ in range(count)]


def test_mean_longitude_is_the_librarys_bit_for_bit() -> None:
    for t in _times(300, 1):
        assert mean_longitude(t.tt) == engine._CalcMoon(t).geo_eclip_lon


def test_apparent_longitude_is_geomoon_within_float_rounding() -> None:
    worst = max(moon_differences(2000, seed=2))
    assert worst < MOON_MARGIN / 100  # measured over 40,000 moments: 5.7e-14°


def test_the_shared_rotation_is_the_librarys() -> None:
    for t in _times(200, 3):
        rot = astronomy.Rotation_EQJ_ECT(t).rot
        assert ecliptic_of_date_rows(t) == (rot[0][0], rot[1][0], rot[2][0], rot[0][1], rot[1][1], rot[2][1])
        obl = astronomy.Rotation_EQD_ECT(t).rot
        assert true_obliquity_cos_sin(t) == (obl[1][1], obl[2][1])


def test_near_an_edge_the_moon_is_geomoons() -> None:
    """Within the margin of a shown figure's edge the chart takes GeoMoon rotated to the frame of date, exactly
    as before the fast Moon (a margin wider than the JSON's step makes every moment such a case)."""
    assert not clear_of_display_edges(120.00005, MOON_MARGIN)  # a JSON half-way point
    assert not clear_of_display_edges(29.999999999999, MOON_MARGIN)  # a sign's edge (and an arcminute's)
    assert not clear_of_display_edges(0.0, MOON_MARGIN)
    assert not clear_of_display_edges(17.5 + 1e-11, MOON_MARGIN)  # an arcminute (17°30′)
    assert clear_of_display_edges(120.00002, MOON_MARGIN)
    for t in _times(50, 4):
        rot = astronomy.Rotation_EQJ_ECT(t)
        vec = astronomy.RotateVector(rot, astronomy.GeoMoon(t))
        exact = math.degrees(math.atan2(vec.y, vec.x)) % 360.0
        assert moon_longitude(t, margin=1e-3) == exact
        assert abs(moon_longitude(t) - exact) < 1e-12
