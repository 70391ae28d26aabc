"""The plain-float planets are astronomy-engine's, bit for bit: the same VSOP87 terms, summed the same way."""

from __future__ import annotations

import astronomy
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.games.prince.ephemeris import VSOP_INDEX, heliocentric, terrestrial

# 1800-01-01 … 2200-01-01 in days of UT from J2000
UT_DAYS = st.floats(min_value=-73_050.0, max_value=73_051.0, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(UT_DAYS)
def test_heliocentric_is_astronomy_engines_helio_vector(ut: float) -> None:
    t = astronomy.Time(ut)
    assert terrestrial(ut) == t.tt
    for name, index in VSOP_INDEX.items():
        vec = astronomy.HelioVector(getattr(astronomy.Body, name), t)
        assert heliocentric(index, t.tt) == (vec.x, vec.y, vec.z), name
