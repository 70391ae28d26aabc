"""The packaged Chebyshev table of the seven longitudes: within ``MAX_ERROR`` of the exact path, what its builder
writes, and never the source of a shown figure the exact path would show otherwise."""

from __future__ import annotations

import math
import random
from array import array

import astronomy
import numpy as np

from gamewright.games.prince.chart import (
    DISPLAY_DECIMALS,
    TABLE_MARGIN,
    exact_longitudes,
    planet_longitudes,
)
from gamewright.games.prince.sky_table import MAX_ERROR, BodySeries, pack, table, unpack
from gamewright.games.prince.sky_table_build import LAYOUT, ROUGH_BOUND, _group_segments, rough_cut
from gamewright.games.prince.tables import PLANETS


def _times(count: int, seed: int) -> list[astronomy.Time]:
    rng = random.Random(seed)
    return [astronomy.Time.FromTerrestrialTime(rng.uniform(-73048.5, 73048.5)) for _ in range(count)]


def _difference(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def test_table_longitudes_lie_within_max_error_of_the_exact_path() -> None:
    series = table()
    worst = 0.0
    for t in _times(1500, 3):
        exact = exact_longitudes(t)
        for name in PLANETS:
            value = series[name].longitude(t.tt)
            assert value is not None
            worst = max(worst, _difference(value, exact[name]))
    assert worst < MAX_ERROR / 2  # measured over 100,000 moments: 4.6e-9° (benchmarks/prince_sky_table.py)
    assert MAX_ERROR * 3 < TABLE_MARGIN


def test_the_table_covers_every_birth_moment() -> None:
    first = astronomy.Time.Make(1800, 1, 1, 0, 0, 0).tt
    last = astronomy.Time.Make(2199, 12, 31, 23, 55, 0).tt
    for name, series in table().items():
        assert series.start < first and last < series.start + series.span * series.segments, name
        assert len(series.coefficients) == series.terms * series.segments
        assert series.longitude(series.start - 1.0) is None


def test_every_shown_figure_is_the_exact_paths() -> None:
    """JSON's rounding, the arcminutes of the text and wheel (signs among them): the same from both; where a table
    longitude lies within ``TABLE_MARGIN`` of such an edge the longitude is the exact one itself."""
    computed_exactly = 0
    for t in _times(3000, 4):
        shown, exact = planet_longitudes(t), exact_longitudes(t)
        assert list(shown) == list(PLANETS)
        for name in PLANETS:
            assert round(shown[name], DISPLAY_DECIMALS) == round(exact[name], DISPLAY_DECIMALS), name
            assert math.floor(shown[name] * 60.0) == math.floor(exact[name] * 60.0), name
            assert _difference(shown[name], exact[name]) < MAX_ERROR
            computed_exactly += shown[name] == exact[name]
    assert computed_exactly > 0  # about 0.2% of longitudes: some of the 21,000 here


def test_the_file_holds_what_the_builder_computes() -> None:
    rng = random.Random(6)
    series = table()
    for name in ("Sun", "Moon", "Mercury", "Saturn"):
        layout = LAYOUT[name]
        names = tuple(n for n in PLANETS if LAYOUT[n] == layout)
        segment = rng.randrange(series[name].segments)
        rebuilt = _group_segments(layout, names, segment, segment + 1)[names.index(name)]
        stored = series[name].coefficients[segment * layout[1]:(segment + 1) * layout[1]]
        assert rebuilt == stored.tolist(), name


def test_pack_and_unpack_round_trip() -> None:
    values = array("d", [0.5, -1.25, 3.0e-12, 359.9999, 1.0, 2.0])
    header: dict[str, dict[str, float | int]] = {
        "A": {"start": -4.0, "span": 2.0, "terms": 2, "segments": 2, "offset": 0, "rough_terms": 1,
              "rough_bound": 360.0},
        "B": {"start": 0.0, "span": 8.0, "terms": 2, "segments": 1, "offset": 4},
    }
    back = unpack(pack(header, values))
    assert back["A"] == BodySeries(-4.0, 2.0, 2, 2, values[:4], 1, 360.0)
    assert back["A"].rough_longitude(-0.5) == 3.0e-12
    assert back["B"].coefficients == values[4:]
    # c0 + c1·x on the second segment of A, at its midpoint (x = 0) and three quarters (x = 0.5)
    assert back["A"].longitude(-1.0) == 3.0e-12 and back["A"].longitude(-0.5) == 3.0e-12 + 359.9999 * 0.5


def test_rough_longitudes_stay_within_their_bound() -> None:
    """A rough longitude (the leading terms) lies within ``rough_bound`` of the whole series, and the bound is the
    largest left-out rest of any segment."""
    rng = random.Random(8)
    for name, series in table().items():
        rows = np.array(series.coefficients).reshape(series.segments, series.terms)
        assert (series.rough_terms, series.rough_bound) == rough_cut(rows), name
        assert series.rough_terms < series.terms and series.rough_bound <= ROUGH_BOUND
        for _ in range(300):
            tt = rng.uniform(-73048.5, 73048.5)
            whole, rough = series.longitude(tt), series.rough_longitude(tt)
            assert whole is not None and rough is not None
            assert abs(whole - rough) <= series.rough_bound + 1e-9, name


def test_the_series_is_chebyshevs() -> None:
    """Clenshaw's recurrence gives NumPy's Chebyshev series value."""
    sun = table()["Sun"]
    for u in (0.0, 0.1, 17.5, 4000.73):
        i = int(u)
        coefficients = np.array(sun.coefficients[i * sun.terms:(i + 1) * sun.terms])
        value = sun.longitude(sun.start + u * sun.span)
        assert value is not None
        assert abs(value - np.polynomial.chebyshev.chebval(2.0 * (u - i) - 1.0, coefficients)) < 1e-9
