"""The ascendant's sign without the nutation, where nutation cannot change it: what an opponent's chart needs.

``chart.ascendant_at`` takes the apparent sidereal time (the mean one plus the equation of the equinoxes,
Δψ·cos ε) and the true obliquity (the mean one plus Δε), both from astronomy-engine's IAU 2000B nutation, the
costliest part of an opponent's chart. Here θ and ε are the mean ones and the ascendant's sign is kept only when
it lies further from a sign's edge than twice what the largest nutation could move it to first order (its partial
derivatives in θ and ε at this point); elsewhere, and where the ascendant turns too fast for a linear bound (near
the polar circles), the caller takes the exact path. tests/prince/test_mean_ascendant.py checks the signs and the
margins' slack against ``ascendant_at``.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

from astronomy import astronomy as engine  # its Earth rotation angle and mean obliquity: the exact path's own

# The most astronomy-engine's IAU 2000B series moves each over 1800–2199 (degrees): the sums of its terms'
# amplitudes, 19.1″ for Δψ (so for Δψ·cos ε) and 9.99″ for Δε, rounded up (measured at most 17.35″ and 9.97″).
NUTATION_THETA = 20.0 / 3600.0
NUTATION_EPSILON = 10.5 / 3600.0
# Below this x² + y² (the atan2's arguments) the ascendant's derivatives change too fast for a linear bound.
NEAR_SINGULAR = 0.05


def mean_sidereal_degrees(ut: float, tt: float) -> float:
    """Greenwich mean sidereal time in degrees: the Earth rotation angle plus the IAU 2006 polynomial in TT
    (Capitaine et al. 2003), as astronomy-engine's ``SiderealTime`` sums it, without the equation of the equinoxes."""
    t = tt / 36525.0
    seconds = 0.014506 + ((((-0.0000000368 * t - 0.000029956) * t - 0.00000044) * t + 1.3915817) * t
                          + 4612.156534) * t
    return seconds / 3600.0 + engine._era(SimpleNamespace(ut=ut))


def mean_ascendant(ut: float, tt: float, lat: float, lon: float) -> tuple[float, float] | None:
    """The ascendant (degrees) from the mean θ and ε, and the most the nutation could move it (twice its first-order
    bound); None near a singular point (ref §1 ascendant)."""
    theta = math.radians(mean_sidereal_degrees(ut, tt) + lon)
    eps = math.radians(engine._mean_obliq(tt))
    sin_t, cos_t = math.sin(theta), math.cos(theta)
    sin_e, cos_e = math.sin(eps), math.cos(eps)
    tan_p = math.tan(math.radians(lat))
    y = cos_t
    x = -(sin_t * cos_e + tan_p * sin_e)
    r2 = x * x + y * y
    if r2 < NEAR_SINGULAR:
        return None
    # ∂ASC/∂θ and ∂ASC/∂ε of ASC = atan2(y, x) (dimensionless), times the most nutation moves θ and ε
    d_theta = abs(y * cos_t * cos_e - x * sin_t) / r2
    d_eps = abs(y * (sin_t * sin_e - tan_p * cos_e)) / r2
    margin = 2.0 * (d_theta * NUTATION_THETA + d_eps * NUTATION_EPSILON) + 1e-9
    return math.degrees(math.atan2(y, x)) % 360.0, margin


def mean_ascendant_sign(ut: float, tt: float, lat: float, lon: float) -> int | None:
    """The ascendant's sign (0 = Aries), or None when the exact path must decide it."""
    found = mean_ascendant(ut, tt, lat, lon)
    if found is None:
        return None
    asc, margin = found
    within = asc % 30.0
    if not margin < within < 30.0 - margin:
        return None
    return int(asc // 30.0) % 12
