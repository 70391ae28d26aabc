"""A float coordinate quantized as whole hundredths equals the Decimal quantization (half up on its text),
sign of zero included."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.games.prince.chart import _centi, quantize

T = datetime(2000, 1, 1, tzinfo=UTC)


def _decimal_way(lat: float, lon: float) -> tuple[float, float]:
    lat_q, lon_q = _centi(lat, "latitude"), _centi(lon, "longitude")
    return float(lat_q), float(Decimal(-180) if lon_q == Decimal(180) else lon_q)


def _same(a: float, b: float) -> bool:
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


coordinates = st.one_of(
    st.floats(-89.994, 89.994),
    st.decimals("-89.99", "89.99", places=3).map(float),
    st.sampled_from([0.0, -0.0, 0.005, -0.005, 0.0049999, -0.001, 1.005, 2.675, 89.985, -89.985, 1e-7, -1e-7]),
)


@settings(max_examples=3000, deadline=None)
@given(coordinates, st.one_of(st.floats(-180.0, 180.0), st.sampled_from([180.0, -180.0, 179.995, -179.995])))
def test_hundredths_equal_the_decimal_quantization(lat: float, lon: float) -> None:
    moment = quantize(T, lat, lon)
    expected = _decimal_way(lat, lon)
    assert _same(moment.lat, expected[0]) and _same(moment.lon, expected[1]), (lat, lon, moment, expected)
