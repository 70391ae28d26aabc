"""The Moon's apparent ecliptic longitude of date in plain floats: astronomy-engine's lunar theory for the
longitude alone.

astronomy-engine's ``GeoMoon`` (the Improved Lunar Ephemeris of 1954 after E. W. Brown, as Montenbruck and Pfleger
give it in *Astronomy on the Personal Computer*) sums the Moon's longitude, latitude and distance in the mean
ecliptic of date and rotates the vector to the J2000 equator; a chart rotates it back to the true ecliptic of
date. Together those rotations take the mean ecliptic of date to the true one, which is a turn about the ecliptic's
pole by the nutation in longitude Δψ, so the longitude alone is the theory's mean longitude + Δψ and the
latitude and distance sums (about half the theory) are not needed. Here the longitude's terms are summed in the
library's order with its constants (``SOLAR_TERMS`` is checked against its source by a test); the result agrees
with the rotated ``GeoMoon`` to float rounding, and ``chart`` uses it only where that cannot change a figure it
shows (``chart.MOON_MARGIN``).
"""

from __future__ import annotations

import math

import astronomy

_PI2 = 2.0 * math.pi
_ARC = 3600.0 * 180.0 / math.pi  # arcseconds per radian

# The solar perturbations of the longitude: (arcseconds, p, q, r, s) for arcseconds × Im(E_l^p E_l'^q E_F^r E_D^s),
# E_x the complex exponential of an argument (with its eccentricity factor), in the library's order.
SOLAR_TERMS: tuple[tuple[float, int, int, int, int], ...] = (
    (13.902, 0, 0, 0, 4),
    (0.403, 0, 0, 0, 3),
    (2369.912, 0, 0, 0, 2),
    (-125.154, 0, 0, 0, 1),
    (1.979, 1, 0, 0, 4),
    (191.953, 1, 0, 0, 2),
    (-8.466, 1, 0, 0, 1),
    (22639.500, 1, 0, 0, 0),
    (18.609, 1, 0, 0, -1),
    (-4586.465, 1, 0, 0, -2),
    (3.215, 1, 0, 0, -3),
    (-38.428, 1, 0, 0, -4),
    (-0.393, 1, 0, 0, -6),
    (-0.289, 0, 1, 0, 4),
    (-24.420, 0, 1, 0, 2),
    (18.023, 0, 1, 0, 1),
    (-668.146, 0, 1, 0, 0),
    (0.560, 0, 1, 0, -1),
    (-165.145, 0, 1, 0, -2),
    (-1.877, 0, 1, 0, -4),
    (0.213, 2, 0, 0, 4),
    (14.387, 2, 0, 0, 2),
    (-0.586, 2, 0, 0, 1),
    (769.016, 2, 0, 0, 0),
    (1.750, 2, 0, 0, -1),
    (-211.656, 2, 0, 0, -2),
    (1.225, 2, 0, 0, -3),
    (-30.773, 2, 0, 0, -4),
    (-0.570, 2, 0, 0, -6),
    (-2.921, 1, 1, 0, 2),
    (1.267, 1, 1, 0, 1),
    (-109.673, 1, 1, 0, 0),
    (-205.962, 1, 1, 0, -2),
    (0.233, 1, 1, 0, -3),
    (-4.391, 1, 1, 0, -4),
    (0.283, 1, -1, 0, 4),
    (14.577, 1, -1, 0, 2),
    (147.687, 1, -1, 0, 0),
    (-1.089, 1, -1, 0, -1),
    (28.475, 1, -1, 0, -2),
    (-0.276, 1, -1, 0, -3),
    (0.636, 1, -1, 0, -4),
    (-0.189, 0, 2, 0, 2),
    (-7.486, 0, 2, 0, 0),
    (-8.096, 0, 2, 0, -2),
    (-5.741, 0, 0, 2, 2),
    (0.255, 0, 0, 2, 1),
    (-411.608, 0, 0, 2, 0),
    (0.584, 0, 0, 2, -1),
    (-55.173, 0, 0, 2, -2),
    (0.254, 0, 0, 2, -3),
    (0.025, 0, 0, 2, -4),
    (1.060, 3, 0, 0, 2),
    (36.124, 3, 0, 0, 0),
    (-13.193, 3, 0, 0, -2),
    (-1.187, 3, 0, 0, -4),
    (-0.293, 3, 0, 0, -6),
    (-0.290, 2, 1, 0, 2),
    (-7.649, 2, 1, 0, 0),
    (-8.627, 2, 1, 0, -2),
    (-2.740, 2, 1, 0, -4),
    (1.181, 2, -1, 0, 2),
    (9.703, 2, -1, 0, 0),
    (-0.352, 2, -1, 0, -1),
    (-2.494, 2, -1, 0, -2),
    (0.360, 2, -1, 0, -4),
    (-1.167, 1, 2, 0, 0),
    (-7.412, 1, 2, 0, -2),
    (-0.311, 1, 2, 0, -4),
    (0.757, 1, -2, 0, 2),
    (2.580, 1, -2, 0, 0),
    (2.533, 1, -2, 0, -2),
    (-0.344, 0, 3, 0, -2),
    (-0.992, 1, 0, 2, 2),
    (-45.099, 1, 0, 2, 0),
    (-0.179, 1, 0, 2, -2),
    (-0.301, 1, 0, 2, -4),
    (-6.382, 1, 0, -2, 2),
    (39.528, 1, 0, -2, 0),
    (9.366, 1, 0, -2, -2),
    (0.202, 1, 0, -2, -4),
    (0.415, 0, 1, 2, 0),
    (-2.152, 0, 1, 2, -2),
    (-1.440, 0, 1, -2, 2),
    (0.384, 0, 1, -2, -2),
    (1.938, 4, 0, 0, 0),
    (-0.952, 4, 0, 0, -2),
    (-0.551, 3, 1, 0, 0),
    (-0.482, 3, 1, 0, -2),
    (0.681, 3, -1, 0, 0),
    (-0.297, 2, 2, 0, -2),
    (0.254, 2, -2, 0, -2),
    (-0.250, 1, 3, 0, -2),
    (-3.996, 2, 0, 2, 0),
    (0.557, 2, 0, 2, -2),
    (-0.459, 2, 0, -2, 2),
    (-1.298, 2, 0, -2, 0),
    (0.538, 2, 0, -2, -2),
    (0.263, 1, 1, 2, 0),
    (0.426, 1, 1, -2, -2),
    (-0.304, 1, -1, 2, 0),
    (-0.372, 1, -1, -2, 2),
    (0.418, 0, 0, 4, 0),
    (-0.330, 3, 0, 2, 0),
)
# The longitude's planetary terms: (arcseconds, phase, rate) of arcseconds × sin 2π(phase + rate T), T in centuries.
PLANETARY_TERMS: tuple[tuple[float, float, float], ...] = (
    (0.82, 0.7736, -62.5512), (0.31, 0.0466, -125.1025), (0.35, 0.5785, -25.1042), (0.66, 0.4591, 1335.8075),
    (0.64, 0.3130, -91.5680), (1.14, 0.1480, 1331.2898), (0.21, 0.5918, 1056.5859), (0.44, 0.5784, 1322.8595),
    (0.24, 0.2275, -5.7374), (0.28, 0.2965, 2.6929), (0.33, 0.3132, 6.3368),
)
# Long-period terms S1…S7 of the mean arguments: sin 2π(phase + rate T)
_LONG_PERIOD: tuple[tuple[float, float], ...] = (
    (0.19833, 0.05611), (0.27869, 0.04508), (0.16827, -0.36903), (0.34734, -5.37261), (0.10498, -5.37899),
    (0.42681, -0.41855), (0.14943, -5.37511),
)


def _sine(phase: float) -> float:
    return math.sin(_PI2 * phase)


def _frac(x: float) -> float:
    return x - math.floor(x)


def _powers(factor: float, angle: float, top: int) -> list[complex]:
    """(factor·e^{i angle})^j for j = 0 … top, then j = −top … −1 (so a negative j indexes from the end)."""
    first = complex(factor * math.cos(angle), factor * math.sin(angle))
    powers = [complex(1, 0), first]
    for _ in range(2, top + 1):
        powers.append(powers[-1] * first)
    return powers + [z.conjugate() for z in reversed(powers[1:])]


def mean_longitude(tt: float) -> float:
    """The Moon's geocentric ecliptic longitude, mean equinox and ecliptic of date, radians in [0, 2π)."""
    t = tt / 36525
    t2 = t * t
    s1, s2, s3, s4, s5, s6, s7 = (_sine(phase + rate * t) for phase, rate in _LONG_PERIOD)
    dl0 = 0.84 * s1 + 0.31 * s2 + 14.27 * s3 + 7.26 * s4 + 0.28 * s5 + 0.24 * s6
    dl = 2.94 * s1 + 0.31 * s2 + 14.27 * s3 + 9.34 * s4 + 1.12 * s5 + 0.83 * s6
    dls = -6.40 * s1 - 1.89 * s6
    df = 0.21 * s1 + 0.31 * s2 + 14.27 * s3 - 88.70 * s4 - 15.30 * s5 + 0.24 * s6 - 1.86 * s7
    dd = dl0 - dls
    dgam = (-3332e-9 * _sine(0.59734 - 5.37261 * t) - 539e-9 * _sine(0.35498 - 5.37899 * t)
            - 64e-9 * _sine(0.39943 - 5.37511 * t))
    l0 = _PI2 * _frac(0.60643382 + 1336.85522467 * t - 0.00000313 * t2) + dl0 / _ARC
    anomaly = _PI2 * _frac(0.37489701 + 1325.55240982 * t + 0.00002565 * t2) + dl / _ARC
    sun_anomaly = _PI2 * _frac(0.99312619 + 99.99735956 * t - 0.00000044 * t2) + dls / _ARC
    node = _PI2 * _frac(0.25909118 + 1342.22782980 * t - 0.00000892 * t2) + df / _ARC
    elongation = _PI2 * _frac(0.82736186 + 1236.85308708 * t - 0.00000397 * t2) + dd / _ARC
    e1 = _powers(1.000002208, anomaly, 4)
    e2 = _powers(0.997504612 - 0.002495388 * t, sun_anomaly, 3)
    e3 = _powers(1.000002708 + 139.978 * dgam, node, 4)
    e4 = _powers(1.0, elongation, 6)
    dlam = 0.0
    for c, p, q, r, s in SOLAR_TERMS:
        dlam += c * (e1[p] * e2[q] * e3[r] * e4[s]).imag
    planetary = 0.0
    for c, phase, rate in PLANETARY_TERMS:
        planetary += c * _sine(phase + rate * t)
    dlam += planetary
    return _PI2 * _frac((l0 + dlam / _ARC) / _PI2)


def apparent_longitude(t: astronomy.Time) -> float:
    """The Moon's geocentric ecliptic longitude, true equinox and ecliptic of date, degrees in [0, 360)."""
    value = (math.degrees(mean_longitude(t.tt)) + t._etilt().dpsi / 3600.0) % 360.0
    return 0.0 if value >= 360.0 else value
