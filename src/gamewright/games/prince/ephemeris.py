"""astronomy-engine's planets, evaluated in plain floats with its own operations: the exact path of a chart.

``heliocentric`` gives bit for bit what ``astronomy.HelioVector`` gives (the same VSOP87 terms, summed in the
same order with the same float operations, the same rotation to the J2000 equator), without the library's
``Time``, ``Vector`` and generator objects that cost more than the series themselves. ``apparent_geocentric``
is the light-time and aberration method of ``GeoVector(body, t, aberration=True)`` run once per moment for all
the planets (sharing the Earth's position). Tests pin them against the library (tests/prince/test_ephemeris.py,
test_moon.py, test_chart.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import astronomy
from astronomy import astronomy as engine  # its VSOP87 tables and its UT → TT conversion

from gamewright.core.errors import ConfigError

Vec = tuple[float, float, float]
Series = tuple[tuple[tuple[float, float, float], ...], ...]  # per power of t: (amplitude, phase, frequency)

_DAYS_PER_MILLENNIUM = 365250.0
_PI2 = 2.0 * math.pi
# astronomy-engine's body numbers index its VSOP87 models: Mercury 0, Venus 1, Earth 2, Mars 3, Jupiter 4, Saturn 5
VSOP_INDEX: dict[str, int] = {"Mercury": 0, "Venus": 1, "Earth": 2, "Mars": 3, "Jupiter": 4, "Saturn": 5}
_MODELS: tuple[tuple[Series, Series, Series], ...] = tuple(
    tuple(tuple(tuple(series.termList) for series in formula.seriesList)  # type: ignore[misc]
          for formula in (model.lon, model.lat, model.rad))
    for model in engine._vsop
)
_EARTH = VSOP_INDEX["Earth"]

# Earth's heliocentric position is sampled at these offsets (days before the moment) and interpolated for the
# light-time iterations below; the span covers the longest light time of the seven (Saturn, about 0.065 days).
_EARTH_NODES = (-0.05, -0.1)
_LIGHT_TIME_TOLERANCE = 1.0e-9  # days, as astronomy-engine's own light-time solver


def terrestrial(ut: float) -> float:
    """TT of a UT day number, as ``astronomy.Time(ut).tt`` (its Delta T model)."""
    return engine._TerrestrialTime(ut)


def _formula(series: Series, t: float, clamp: bool) -> float:
    """One coordinate: Σ_k t^k Σ A cos(B + C t), each power's increment kept within ±2π for an angle."""
    cos = math.cos
    tpower = 1.0
    coord = 0.0
    for terms in series:
        total = 0.0  # added in order, as the library's ``sum`` adds floats on Python 3.11 (a test pins it)
        for a, b, c in terms:
            total += a * cos(b + c * t)
        increment = tpower * total
        if clamp:
            increment = math.fmod(increment, _PI2)
        coord += increment
        tpower *= t
    return coord


def heliocentric(body: int, tt: float) -> Vec:
    """Heliocentric J2000-equator position (AU) of a VSOP87 body at ``tt`` (days of TT from J2000)."""
    lon_series, lat_series, rad_series = _MODELS[body]
    t = tt / _DAYS_PER_MILLENNIUM
    lon = _formula(lon_series, t, True)
    lat = _formula(lat_series, t, False)
    rad = _formula(rad_series, t, False)
    r_coslat = rad * math.cos(lat)
    x = r_coslat * math.cos(lon)
    y = r_coslat * math.sin(lon)
    z = rad * math.sin(lat)
    # the VSOP87 ecliptic to the J2000 equator: astronomy-engine's own constants
    return (
        x + 0.000000440360 * y - 0.000000190919 * z,
        -0.000000479966 * x + 0.917482137087 * y - 0.397776982902 * z,
        0.397776982902 * y + 0.917482137087 * z,
    )


def earth_interpolator(t: astronomy.Time) -> Callable[[float], Vec]:
    """Earth's heliocentric J2000 position as a quadratic in TT through three exact samples.

    Over 0.1 day the interpolation error is below 1e-10 AU (about 1e-9° as seen from Earth), while it saves
    the fifteen or so Earth evaluations that astronomy-engine's ``GeoVector`` repeats for every planet.
    """
    x0 = t.tt
    x1, x2 = (terrestrial(t.ut + dt) for dt in _EARTH_NODES)
    p0, p1, p2 = (heliocentric(_EARTH, tt) for tt in (x0, x1, x2))
    d0 = (x0 - x1) * (x0 - x2)
    d1 = (x1 - x0) * (x1 - x2)
    d2 = (x2 - x0) * (x2 - x1)

    def earth(tt: float) -> Vec:
        if tt == x0:
            return p0  # the moment itself: the exact sample
        w0 = (tt - x1) * (tt - x2) / d0
        w1 = (tt - x0) * (tt - x2) / d1
        w2 = (tt - x0) * (tt - x1) / d2
        return (
            w0 * p0[0] + w1 * p1[0] + w2 * p2[0],
            w0 * p0[1] + w1 * p1[1] + w2 * p2[1],
            w0 * p0[2] + w1 * p1[2] + w2 * p2[2],
        )

    return earth


def apparent_geocentric(body: int | None, t: astronomy.Time, earth: Callable[[float], Vec]) -> Vec:
    """Light-time and aberration corrected geocentric J2000 position of a VSOP87 planet, or the Sun (None).

    The method of astronomy-engine's ``GeoVector(body, t, aberration=True)``: iterate the light time L, placing
    the body *and* the Earth at t − L (which applies annual aberration to first order), until L changes by less
    than 1e-9 day. The body is evaluated exactly at t and at the first backdated moment and taken on the line
    through them for the remaining iterations, which move L by about a millionth of a day: the error of that
    line is below 1e-11 AU. Agreement with ``GeoVector`` is pinned by a test.
    """
    tt0 = t.tt
    ex, ey, ez = earth(tt0)
    c_auday = astronomy.C_AUDAY
    if body is None:  # the Sun is the heliocentric origin
        bx0 = by0 = bz0 = vx = vy = vz = 0.0
        light = math.sqrt(ex * ex + ey * ey + ez * ez) / c_auday
    else:
        bx0, by0, bz0 = heliocentric(body, tt0)
        dx, dy, dz = bx0 - ex, by0 - ey, bz0 - ez
        light = math.sqrt(dx * dx + dy * dy + dz * dz) / c_auday
        tt1 = terrestrial(t.ut + -light)
        bx1, by1, bz1 = heliocentric(body, tt1)
        span = tt1 - tt0
        vx, vy, vz = (bx1 - bx0) / span, (by1 - by0) / span, (bz1 - bz0) / span
    for _ in range(10):
        back = -light
        ex, ey, ez = earth(tt0 + back)
        dx = bx0 + vx * back - ex
        dy = by0 + vy * back - ey
        dz = bz0 + vz * back - ez
        new_light = math.sqrt(dx * dx + dy * dy + dz * dz) / c_auday
        if abs(new_light - light) < _LIGHT_TIME_TOLERANCE:
            return dx, dy, dz
        light = new_light
    raise ConfigError("the light-time correction did not converge")  # never seen; kept as a clear error


def true_obliquity_cos_sin(t: astronomy.Time) -> tuple[float, float]:
    """cos and sin of the true obliquity of date: the entries of astronomy-engine's ``Rotation_EQD_ECT(t)``,
    from the nutation the ``Time`` keeps (the library's rotation recomputes it each time)."""
    tobl = math.radians(t._etilt().tobl)
    return math.cos(tobl), math.sin(tobl)


def ecliptic_of_date_rows(t: astronomy.Time) -> tuple[float, float, float, float, float, float]:
    """The first two columns of astronomy-engine's ``Rotation_EQJ_ECT(t).rot`` (r00, r10, r20, r01, r11, r21):
    J2000 equator → true ecliptic of date, what a longitude needs. The same products in the same order as the
    library's ``CombineRotation`` of precession, nutation and the obliquity (a test pins them equal)."""
    p = engine._precession_rot(t, engine._PrecessDir.From2000).rot
    n = engine._nutation_rot(t, engine._PrecessDir.From2000).rot
    a = [[n[0][j] * p[i][0] + n[1][j] * p[i][1] + n[2][j] * p[i][2] for j in range(3)] for i in range(3)]
    c, s = true_obliquity_cos_sin(t)
    # columns 0 and 1 of [[1, 0, 0], [0, c, −s], [0, s, c]] applied after a: x stays, y = c·y + s·z
    return (
        1.0 * a[0][0] + 0.0 * a[0][1] + 0.0 * a[0][2],
        1.0 * a[1][0] + 0.0 * a[1][1] + 0.0 * a[1][2],
        1.0 * a[2][0] + 0.0 * a[2][1] + 0.0 * a[2][2],
        0.0 * a[0][0] + c * a[0][1] + s * a[0][2],
        0.0 * a[1][0] + c * a[1][1] + s * a[1][2],
        0.0 * a[2][0] + c * a[2][1] + s * a[2][2],
    )
