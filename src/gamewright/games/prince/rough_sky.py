"""The seven longitudes to a few hundredths of a degree, cheaply: enough for their signs away from a boundary.

Play reads only an opponent's signs (``chart.chart_signs``). These longitudes come from astronomy-engine's own
VSOP87 series cut to their largest terms (the cut's size is bounded term by term), light time and aberration
to first order (the body at t − L, the Earth's motion over L from a circular orbit) and, for the Moon, the
leading periodic terms of its longitude (Meeus, *Astronomical Algorithms* ch. 47). Two tiers: "coarse" keeps
fewer terms and adds the general precession in longitude; "fine" keeps more and rotates exactly to the true
ecliptic of date. ``chart_signs`` takes a sign from a tier only when every longitude lies further than the
tier's ``MARGIN`` from a sign's edge, trying coarse, then fine, then the exact chart. Each margin is several
times the largest difference from the exact longitudes measured over 1800–2199 (benchmarks/prince_rough_sky.py;
tests/prince/test_rough_sky.py keeps it under half the margin), so the signs are the exact chart's signs.
"""

from __future__ import annotations

import math
from functools import cache

import astronomy
from astronomy import astronomy as engine  # astronomy-engine's VSOP87 tables: the exact path's own data

# Two tiers: "coarse" is tried first (fewer terms, precession by formula); within its margin of a sign's edge
# "fine" decides; within fine's margin the exact chart does. Degrees from a sign's edge:
MARGIN: dict[str, dict[str, float]] = {
    "coarse": {"planet": 0.3, "Moon": 0.25},
    "fine": {"planet": 0.03, "Moon": 0.2},
}
TIERS = ("coarse", "fine")
MILLENNIA_SPAN = 0.2  # 1800–2200 lies within 0.2 millennia of J2000
# the most each body's dropped terms may add up to: longitude (radians), latitude (radians: it barely moves a
# longitude, through the small tilt between the J2000 ecliptic and the ecliptic of date), radius (AU: a far
# planet's error in AU is a smaller angle seen from the Earth)
DROP: dict[str, dict[str, tuple[float, float, float]]] = {
    "fine": {
        "Earth": (3e-5, 3e-3, 3e-5),
        "Mercury": (4e-5, 3e-3, 4e-5),
        "Venus": (4e-5, 3e-3, 3e-5),
        "Mars": (6e-5, 3e-3, 1e-4),
        "Jupiter": (1.5e-4, 3e-3, 6e-4),
        "Saturn": (2e-4, 3e-3, 1.5e-3),
    },
    "coarse": {
        "Earth": (4e-4, 3e-2, 4e-4),
        "Mercury": (6e-4, 3e-2, 6e-4),
        "Venus": (5e-4, 3e-2, 4e-4),
        "Mars": (8e-4, 3e-2, 1.5e-3),
        "Jupiter": (1.5e-3, 3e-2, 6e-3),
        "Saturn": (2e-3, 3e-2, 1.2e-2),
    },
}
# IAU 2006 general precession in longitude: arcseconds per Julian century (and per century squared)
_PRECESSION = (5028.796195, 1.1054348)
_DAYS_PER_MILLENNIUM = 365250.0
_VSOP_INDEX = {"Mercury": 0, "Venus": 1, "Earth": 2, "Mars": 3, "Jupiter": 4, "Saturn": 5}
Terms = tuple[tuple[int, int, float, float, float], ...]  # (coordinate 0 lon / 1 lat / 2 radius, power, A, B, C)


@cache
def truncated_series(body: str, tier: str = "fine") -> tuple[Terms, tuple[float, float, float]]:
    """The kept terms of a body's VSOP87 series, and the largest total the dropped ones can reach per coordinate
    over 1800–2200 (Σ |A| × 0.2^power): the smallest terms are dropped while that total stays within ``DROP``."""
    model = engine._vsop[_VSOP_INDEX[body]]
    kept: list[tuple[int, int, float, float, float]] = []
    dropped = [0.0, 0.0, 0.0]
    for c, formula in enumerate((model.lon, model.lat, model.rad)):
        terms = [(abs(a) * MILLENNIA_SPAN**k, k, a, b, freq) for k, series in enumerate(formula.seriesList)
                 for a, b, freq in series.termList]
        terms.sort()
        budget = DROP[tier][body][c]
        for size, k, a, b, freq in terms:
            if dropped[c] + size <= budget:
                dropped[c] += size
            else:
                kept.append((c, k, a, b, freq))
    kept.sort(key=lambda term: (term[0], term[1]))
    return tuple(kept), (dropped[0], dropped[1], dropped[2])


@cache
def _vsop_to_eqj() -> tuple[tuple[float, float, float], ...]:
    """astronomy-engine's rotation from the VSOP87 ecliptic to the J2000 equator (EQJ), read off its own function."""
    columns = [engine._VsopRotate(engine._TerseVector(*unit)) for unit in ((1, 0, 0), (0, 1, 0), (0, 0, 1))]
    return (
        (columns[0].x, columns[1].x, columns[2].x),
        (columns[0].y, columns[1].y, columns[2].y),
        (columns[0].z, columns[1].z, columns[2].z),
    )


@cache
def mean_motion(body: str) -> float:
    """A body's mean motion in radians per day: the constant term of its longitude's first-power series."""
    series = engine._vsop[_VSOP_INDEX[body]].lon.seriesList[1].termList
    return max(abs(a) for a, _b, freq in series if freq == 0.0) / _DAYS_PER_MILLENNIUM


def _position(terms: Terms, tt: float) -> tuple[float, float, float]:
    """Heliocentric VSOP87-ecliptic x, y, z (AU) of the kept terms at ``tt`` (days of TT from J2000)."""
    t = tt / _DAYS_PER_MILLENNIUM
    powers = (1.0, t, t * t, t * t * t, t**4, t**5)
    coords = [0.0, 0.0, 0.0]
    cos = math.cos
    for c, k, a, b, freq in terms:
        coords[c] += powers[k] * a * cos(b + freq * t)
    lon, lat, rad = coords
    r_cos = rad * math.cos(lat)
    return r_cos * math.cos(lon), r_cos * math.sin(lon), rad * math.sin(lat)


def _moon_longitude(tt: float) -> float:
    """Geocentric ecliptic longitude of the Moon, mean equinox of date, degrees (Meeus ch. 47, leading terms)."""
    t = tt / 36525.0
    d = math.radians(297.8501921 + 445267.1114034 * t - 0.0018819 * t * t)
    m = math.radians(357.5291092 + 35999.0502909 * t - 0.0001536 * t * t)
    mp = math.radians(134.9633964 + 477198.8675055 * t + 0.0087414 * t * t)
    f = math.radians(93.2720950 + 483202.0175233 * t - 0.0036539 * t * t)
    mean = 218.3164477 + 481267.88123421 * t - 0.0015786 * t * t
    e = 1.0 - 0.002516 * t  # the Sun's eccentricity shrinking: terms in M are scaled by it
    sin = math.sin
    total = (
        6.288774 * sin(mp)
        + 1.274027 * sin(2 * d - mp)
        + 0.658314 * sin(2 * d)
        + 0.213618 * sin(2 * mp)
        - 0.185116 * e * sin(m)
        - 0.114332 * sin(2 * f)
        + 0.058793 * sin(2 * d - 2 * mp)
        + 0.057066 * e * sin(2 * d - m - mp)
        + 0.053322 * sin(2 * d + mp)
        + 0.045758 * e * sin(2 * d - m)
        - 0.040923 * e * sin(m - mp)
        - 0.034720 * sin(d)
        - 0.030383 * e * sin(m + mp)
        + 0.015327 * sin(2 * d - 2 * f)
        - 0.012528 * sin(mp + 2 * f)
        + 0.010980 * sin(mp - 2 * f)
        + 0.010675 * sin(4 * d - mp)
        + 0.010034 * sin(3 * mp)
        + 0.008548 * sin(4 * d - 2 * mp)
        - 0.007888 * e * sin(2 * d + m - mp)
        - 0.006766 * e * sin(2 * d + m)
        - 0.005163 * sin(d - mp)
    )
    return (mean + total) % 360.0


def rough_longitudes(t: astronomy.Time, names: tuple[str, ...], tier: str = "fine") -> tuple[float, ...]:
    """Apparent geocentric ecliptic longitudes of date (degrees) of ``names`` (PLANETS order), roughly.

    "fine" rotates exactly to the true ecliptic of date; "coarse" adds the general precession in longitude to
    the J2000 ecliptic longitude (nutation and the ecliptic's own motion stay inside its margin)."""
    tt = t.tt
    if tier == "fine":
        rot = astronomy.Rotation_EQJ_ECT(t).rot
        v = _vsop_to_eqj()
        # one matrix from the VSOP87 ecliptic to the true ecliptic of date; only its x and y rows are needed
        rows = [[sum(rot[m][i] * v[m][j] for m in range(3)) for j in range(3)] for i in range(2)]
        shift = 0.0
    else:
        rows = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
        centuries = tt / 36525.0
        shift = (_PRECESSION[0] + _PRECESSION[1] * centuries) * centuries / 3600.0
    ex, ey, ez = _position(truncated_series("Earth", tier)[0], tt)
    earth_n = mean_motion("Earth")
    vx, vy = -earth_n * ey, earth_n * ex  # the Earth's velocity, from a circular orbit
    out = []
    for name in names:
        if name == "Moon":
            out.append(_moon_longitude(tt))  # of date already; nutation (|Δψ| < 0.005°) is inside the margin
            continue
        if name == "Sun":
            bx = by = bz = 0.0
            light = math.sqrt(ex * ex + ey * ey + ez * ez) / astronomy.C_AUDAY
        else:
            bx, by, bz = _position(truncated_series(name, tier)[0], tt)
            dx, dy, dz = bx - ex, by - ey, bz - ez
            light = math.sqrt(dx * dx + dy * dy + dz * dz) / astronomy.C_AUDAY
            n = mean_motion(name) * light  # the body where the light left it, moved back along a circle
            bx, by = bx + n * by, by - n * bx
        # the Earth backdated by the light time as well: annual aberration to first order
        x, y, z = bx - (ex - vx * light), by - (ey - vy * light), bz - ez
        lx = rows[0][0] * x + rows[0][1] * y + rows[0][2] * z
        ly = rows[1][0] * x + rows[1][1] * y + rows[1][2] * z
        out.append((math.degrees(math.atan2(ly, lx)) + shift) % 360.0)
    return tuple(out)
