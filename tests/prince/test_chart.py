"""Charts: the worked chart of the issue, quantization, validation, the tables, the frame of date."""

from __future__ import annotations

import math
import random
from collections import Counter
from datetime import UTC, datetime, timedelta, timezone

import astronomy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.errors import ConfigError
from gamewright.games.prince import tables
from gamewright.games.prince.chart import (
    Moment,
    ascendant_longitude,
    astro_time,
    chart_for,
    chart_signs,
    compute_chart,
    exact_longitudes,
    planet_longitudes,
    planet_longitudes_reference,
    quantize,
    sign_of,
    true_obliquity,
)
from gamewright.games.prince.tables import PLANETS, SIGNS, Stats


def test_issue_chart_2000_london() -> None:
    """Issue 2: 2000-01-01T12:00Z at 51.5°N 0.13°W — ASC Aries, Sun and Mercury in Capricorn in the 10th, diurnal."""
    chart = chart_for("2000-01-01T12:00:00Z", 51.5, -0.13)
    assert SIGNS[chart.asc_sign] == "Aries"
    assert chart.ascendant == pytest.approx(24.0, abs=0.1)
    for name in ("Sun", "Mercury"):
        assert chart.planets[name].sign_name == "Capricorn"
        assert chart.planets[name].house == 10
    assert chart.sect == "day"
    sun = chart.planets["Sun"]
    assert sun.longitude == pytest.approx(280.37, abs=0.01)  # apparent longitude of date
    assert sun.stats == Stats(4, 2, 4, 2)  # issue: Sun in Capricorn, base 3/2/3/2 + earth + cardinal
    assert (sun.dignity, sun.element, sun.modality, sun.sect, sun.in_sect) == (
        "neutral",
        "earth",
        "cardinal",
        "day",
        True,
    )
    assert ("Sun", "Mercury", "conjunction") in chart.aspects


def test_chart_json_shape_exact() -> None:
    data = chart_for("2000-01-01T12:00:00Z", 51.5, -0.13).to_json()
    assert list(data) == ["moment", "ascendant", "sect", "planets", "aspects"]
    assert data["moment"] == {"time": "2000-01-01T12:00:00Z", "lat": 51.5, "lon": -0.13}
    assert set(data["ascendant"]) == {"longitude", "sign"} and data["ascendant"]["sign"] == "Aries"
    assert data["sect"] in ("day", "night")
    assert list(data["planets"]) == list(PLANETS)
    for planet in data["planets"].values():
        assert list(planet) == [
            "longitude",
            "sign",
            "house",
            "dignity",
            "element",
            "modality",
            "sect",
            "in_sect",
            "stats",
        ]
        assert 0 <= planet["longitude"] < 360
        assert planet["sign"] in SIGNS
        assert planet["dignity"] in ("domicile", "exaltation", "neutral", "detriment", "fall")
        assert list(planet["stats"]) == ["damage", "healing", "durability", "luck"]
        assert all(isinstance(v, int) for v in planet["stats"].values())
    assert data["planets"]["Sun"]["stats"] == {"damage": 4, "healing": 2, "durability": 4, "luck": 2}
    for aspect in data["aspects"]:
        assert list(aspect) == ["planets", "aspect"]
        assert aspect["aspect"] in ("conjunction", "sextile", "square", "trine", "opposition")
        a, b = aspect["planets"]
        assert PLANETS.index(a) < PLANETS.index(b)
    assert {"planets": ["Sun", "Mercury"], "aspect": "conjunction"} in data["aspects"]


def test_ascendant_formula_check_value() -> None:
    """ref §1: θ = 0°, φ = 0 gives 90° (0° Cancer) — not the Descendant."""
    assert ascendant_longitude(0.0, 23.44, 0.0) == pytest.approx(90.0)
    assert ascendant_longitude(180.0, 23.44, 0.0) == pytest.approx(270.0)
    # The ascendant rises through the signs as the sky turns (RAMC grows): never the descendant.
    assert ascendant_longitude(90.0, 23.44, 0.0) == pytest.approx(180.0)


def test_ascendant_is_on_the_eastern_horizon() -> None:
    """The ascendant's ecliptic point has altitude 0 and lies east (azimuth < 180°), at many places."""
    rng = random.Random(7)
    for _ in range(40):
        when = datetime(1950, 1, 1, tzinfo=UTC) + timedelta(minutes=5 * rng.randrange(2_000_000))
        lat, lon = round(rng.uniform(-66, 66), 2), round(rng.uniform(-180, 180), 2)
        chart = compute_chart(quantize(when, lat, lon))
        t = astro_time(chart.moment.time)
        eps = math.radians(true_obliquity(t))
        lam = math.radians(chart.ascendant)
        # Ecliptic of date → equator of date.
        ra = math.degrees(math.atan2(math.sin(lam) * math.cos(eps), math.cos(lam))) / 15.0
        dec = math.degrees(math.asin(math.sin(lam) * math.sin(eps)))
        observer = astronomy.Observer(lat, lon, 0.0)
        horizon = astronomy.Horizon(t, observer, ra % 24.0, dec, astronomy.Refraction.Airless)
        assert horizon.altitude == pytest.approx(0.0, abs=1e-6)
        assert 0.0 < horizon.azimuth < 180.0


def test_frame_is_of_date_not_j2000() -> None:
    """Longitudes are of date: 150 years from J2000 they exceed J2000 ecliptic longitudes by ~2.1° of precession."""
    when = datetime(2150, 6, 1, tzinfo=UTC)
    t = astro_time(when)
    ours = planet_longitudes(t)
    assert ours["Sun"] == pytest.approx(astronomy.SunPosition(t).elon, abs=0.001)  # true equinox of date
    assert ours["Moon"] == pytest.approx(astronomy.EclipticGeoMoon(t).lon, abs=0.001)
    j2000 = astronomy.Rotation_EQJ_ECL()  # mean ecliptic and equinox of J2000
    for name in PLANETS:
        vec = astronomy.RotateVector(j2000, astronomy.GeoVector(getattr(astronomy.Body, name), t, True))
        lon_j2000 = math.degrees(math.atan2(vec.y, vec.x)) % 360
        shift = (ours[name] - lon_j2000 + 180) % 360 - 180
        assert shift == pytest.approx(150.4 * 50.29 / 3600, abs=0.03), name  # general precession ≈ 50.29″/yr


def test_fast_longitudes_agree_with_astronomy_engine_geovector() -> None:
    """The exact path (the light-time solver that shares the Earth's position across planets) agrees with
    astronomy-engine's own ``GeoVector(body, t, aberration=True)`` to better than 1e-8° from 1800 to 2199: the
    planets within 1.7e-9° (the Earth's interpolation and the line through two positions of the body), the Moon
    within 6e-14° (its longitude from the theory's mean longitude and Δψ, ``test_moon.py``). A chart's longitudes
    lie within ``sky_table.MAX_ERROR`` (3e-8°) of the exact path (``test_sky_table.py``), its shown figures on it."""
    rng = random.Random(5)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    worst = 0.0
    for _ in range(300):
        t = astro_time(start + timedelta(minutes=rng.randrange(210_000_000)))
        fast, reference = exact_longitudes(t), planet_longitudes_reference(t)
        for name in PLANETS:
            worst = max(worst, abs((fast[name] - reference[name] + 180) % 360 - 180))
    assert worst < 1e-8


def test_chart_signs_agree_with_the_full_chart() -> None:
    """Opponents are read through ``chart_signs``; it gives exactly the full chart's signs, ascendant and sect."""
    rng = random.Random(9)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    for _ in range(60):
        moment = quantize(start + timedelta(minutes=5 * rng.randrange(42_000_000)), rng.uniform(-80, 80), 0)
        chart = compute_chart(moment)
        signs, asc_sign, sect = chart_signs(moment)
        assert signs == tuple(chart.planets[p].sign for p in PLANETS)
        assert (asc_sign, sect) == (chart.asc_sign, chart.sect)


def test_true_obliquity_at_j2000() -> None:
    # Mean obliquity 23°26′21.4″ = 23.4393°, plus nutation in obliquity (−0.0016° on 2000-01-01).
    assert true_obliquity(astro_time(datetime(2000, 1, 1, 12, tzinfo=UTC))) == pytest.approx(23.4377, abs=0.0003)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2000-01-01T12:04:59Z", "2000-01-01T12:00:00Z"),
        ("2000-01-01T12:05:00Z", "2000-01-01T12:05:00Z"),
        ("2000-01-01T12:09:59.999", "2000-01-01T12:05:00Z"),  # no offset: UTC
        ("2000-01-01T13:07:00+01:00", "2000-01-01T12:05:00Z"),
        ("2000-01-01", "2000-01-01T00:00:00Z"),
        ("1999-12-31T23:59:00-00:30", "2000-01-01T00:25:00Z"),
    ],
)
def test_time_floored_to_five_minutes_utc(text: str, expected: str) -> None:
    assert quantize(text, 0, 0).time_text == expected


def test_coordinates_rounded_to_hundredths() -> None:
    moment = quantize("2000-01-01T00:00Z", 51.50499, -0.125)
    assert (moment.lat, moment.lon) == (51.5, -0.13)
    assert (moment.lat_centi, moment.lon_centi) == (5150, -13)
    assert quantize("2000-01-01T00:00Z", 12.345, 0.005).to_json() == {
        "time": "2000-01-01T00:00:00Z",
        "lat": 12.35,
        "lon": 0.01,
    }


def test_same_quantized_moment_same_chart_object() -> None:
    a = chart_for("2000-01-01T12:01:00Z", 51.501, -0.1300001)
    b = chart_for(datetime(2000, 1, 1, 13, 3, tzinfo=timezone(timedelta(hours=1))), 51.5, -0.13)
    assert a is b
    assert Moment.from_json(a.moment.to_json()) == a.moment


def test_extreme_dates_accepted_and_computed() -> None:
    """ref §1 / issue: moments from 1800 to 2199 are accepted and computed."""
    first = chart_for("1800-01-01T00:00:00Z", 40.0, -74.0)
    last = chart_for("2199-12-31T23:59:59Z", -33.87, 151.21)
    assert first.moment.time_text == "1800-01-01T00:00:00Z"
    assert last.moment.time_text == "2199-12-31T23:55:00Z"
    for chart in (first, last):
        assert len(chart.planets) == 7
        assert all(0 <= p.longitude < 360 for p in chart.planets.values())
    # A plausibility anchor: the Sun near 280° at the turn of the year, in both centuries.
    assert first.planets["Sun"].longitude == pytest.approx(280.0, abs=1.5)
    assert last.planets["Sun"].longitude == pytest.approx(280.0, abs=1.5)


@pytest.mark.parametrize(
    ("time", "lat", "lon", "fragment"),
    [
        ("2000-01-01T00:00Z", 91, 0, "latitude"),
        ("2000-01-01T00:00Z", 90, 0, "latitude"),
        ("2000-01-01T00:00Z", -90, 0, "latitude"),
        ("2000-01-01T00:00Z", 89.996, 0, "latitude"),  # rounds to 90.00
        ("2000-01-01T00:00Z", 0, 180.01, "longitude"),
        ("2000-01-01T00:00Z", 0, float("nan"), "longitude"),
        ("2300-01-01T00:00Z", 0, 0, "out of range"),
        ("1799-12-31T23:59:59Z", 0, 0, "out of range"),
        ("2200-01-01T00:00Z", 0, 0, "out of range"),
        ("1800-01-01T00:30+01:00", 0, 0, "out of range"),  # 1799 in UTC
        ("yesterday", 0, 0, "cannot read time"),
        ("2000-13-01", 0, 0, "cannot read time"),
    ],
)
def test_bad_moments_refused(time: str, lat: float, lon: float, fragment: str) -> None:
    with pytest.raises(ConfigError) as info:
        quantize(time, lat, lon)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_boundaries_accepted() -> None:
    assert quantize("2000-01-01T00:00Z", 89.99, 180).lon == -180.0  # one meridian, one identity
    assert quantize("2000-01-01T00:00Z", -89.99, -180).lat == -89.99


def test_sign_of_boundaries() -> None:
    assert sign_of(0.0) == 0
    assert sign_of(29.999999) == 0
    assert sign_of(30.0) == 1
    assert sign_of(359.9999) == 11


def test_houses_sect_and_aspects_consistent() -> None:
    rng = random.Random(11)
    for _ in range(60):
        when = datetime(1900, 1, 1, tzinfo=UTC) + timedelta(minutes=5 * rng.randrange(20_000_000))
        chart = compute_chart(quantize(when, round(rng.uniform(-66, 66), 2), round(rng.uniform(-180, 180), 2)))
        assert chart.asc_sign == int(chart.ascendant // 30)
        for p in chart.planets.values():
            assert p.sign == int(p.longitude // 30)
            assert p.house == (p.sign - chart.asc_sign) % 12 + 1  # ref §1 whole-sign houses
            assert p.stats == tables.BASE_STATS[p.name] + tables.SIGN_BUFF[p.sign]
            assert p.in_sect == (p.sect == chart.sect)
        assert chart.sect == ("day" if chart.planets["Sun"].house >= 7 else "night")  # ref §1 sect
        assert chart.planets["Mercury"].sect == chart.sect
        expected = [
            (a, b, tables.MAJOR_ASPECTS[tables.sign_relationship(chart.planets[a].sign, chart.planets[b].sign)])
            for i, a in enumerate(PLANETS)
            for b in PLANETS[i + 1 :]
            if tables.sign_relationship(chart.planets[a].sign, chart.planets[b].sign) in tables.MAJOR_ASPECTS
        ]
        assert list(chart.aspects) == expected


def test_same_sign_cluster_statistics() -> None:
    """ref §1 sanity check: the largest same-sign cluster is 1 in ~2.5%, 2 ~55%, 3 ~34%, 4 ~7%, 5 ~0.9%."""
    rng = random.Random(1850)
    start = datetime(1850, 1, 1, tzinfo=UTC)
    span_minutes = int((datetime(2050, 12, 31, tzinfo=UTC) - start).total_seconds() // 60)
    n = 3000
    largest: Counter[int] = Counter()
    for _ in range(n):
        when = start + timedelta(minutes=rng.randrange(span_minutes))
        chart = compute_chart(quantize(when, 0.0, 0.0))
        largest[max(Counter(p.sign for p in chart.planets.values()).values())] += 1
    share = {k: largest[k] / n for k in range(1, 8)}
    # A 20,000-chart run of this generator gives 2.6%, 54.4%, 34.7%, 7.3%, 1.1% (5 or more).
    assert 0.01 <= share[1] <= 0.045
    assert 0.50 <= share[2] <= 0.60
    assert 0.29 <= share[3] <= 0.39
    assert 0.045 <= share[4] <= 0.10
    assert 0.002 <= sum(share[k] for k in (5, 6, 7)) <= 0.025


class TestTables:
    def test_dignity_table_and_precedence(self) -> None:
        idx = tables.SIGN_INDEX
        assert tables.dignity("Mercury", idx["Virgo"]) == "domicile"  # domicile beats exaltation
        assert tables.dignity("Mercury", idx["Pisces"]) == "detriment"  # detriment beats fall
        assert tables.dignity("Sun", idx["Aries"]) == "exaltation"
        assert tables.dignity("Saturn", idx["Aries"]) == "fall"
        assert tables.dignity("Mars", idx["Capricorn"]) == "exaltation"
        assert tables.dignity("Moon", idx["Capricorn"]) == "detriment"
        assert tables.dignity("Jupiter", idx["Leo"]) == "neutral"
        counts = Counter(tables.dignity(p, s) for p in PLANETS for s in range(12))
        assert counts == {"domicile": 12, "exaltation": 6, "detriment": 12, "fall": 6, "neutral": 48}

    def test_domicile_and_detriment_are_opposite(self) -> None:
        for planet in PLANETS:
            for sign in range(12):
                if tables.dignity(planet, sign) == "domicile":
                    assert tables.DIGNITY_TABLE[(planet, (sign + 6) % 12)] in ("detriment",)

    def test_worked_stat_profiles(self) -> None:
        """000 §2 "Example effective stat profiles"."""
        idx = tables.SIGN_INDEX
        assert tables.stats_for("Mars", idx["Aries"]) == Stats(6, 1, 2, 1)
        assert tables.stats_for("Saturn", idx["Taurus"]) == Stats(2, 1, 6, 1)
        assert tables.stats_for("Moon", idx["Pisces"]) == Stats(1, 6, 1, 2)
        assert tables.stats_for("Mercury", idx["Libra"]) == Stats(3, 2, 2, 5)

    def test_sign_buffs_table(self) -> None:
        """000 §2 sign table: every sign gives +2; specialists Aries, Taurus, Pisces."""
        for buff in tables.SIGN_BUFF:
            assert buff.damage + buff.healing + buff.durability + buff.luck == 2
        specialists = [SIGNS[i] for i, b in enumerate(tables.SIGN_BUFF) if 2 in (b.damage, b.healing, b.durability)]
        assert specialists == ["Aries", "Taurus", "Pisces"]
        assert tables.SIGN_ELEMENT[tables.SIGN_INDEX["Cancer"]] == "water"
        assert tables.SIGN_MODALITY[tables.SIGN_INDEX["Sagittarius"]] == "mutable"

    def test_relationships_houses_rulers(self) -> None:
        assert tables.sign_relationship(0, 6) == 6
        assert tables.sign_relationship(11, 1) == 2
        assert tables.sign_relationship(3, 10) == 5
        assert [tables.house(s, 3) for s in (3, 2, 9)] == [1, 12, 7]
        assert tables.DOMICILE_RULER[tables.SIGN_INDEX["Leo"]] == "Sun"
        assert tables.DOMICILE_RULER[tables.SIGN_INDEX["Aquarius"]] == "Saturn"
        assert tables.house_ruler(1, tables.SIGN_INDEX["Aries"]) == "Mars"
        assert chart_for("2000-01-01T12:00:00Z", 51.5, -0.13).chart_ruler == "Mars"  # ASC Aries
        assert tables.JOYS["Saturn"] == 12
        assert tables.PLANET_SECT["Mercury"] is None
        assert tables.shared_qualities("fire", "air") == 1
        assert tables.shared_qualities("fire", "water") == 0
        assert tables.shared_qualities("earth", "earth") == 2


@settings(max_examples=150, deadline=None)
@given(
    when=st.datetimes(min_value=datetime(1800, 1, 1), max_value=datetime(2199, 12, 31, 23, 59, 59)),
    lat=st.floats(min_value=-89.99, max_value=89.99),
    lon=st.floats(min_value=-180, max_value=180),
)
def test_quantize_is_idempotent_and_in_range(when: datetime, lat: float, lon: float) -> None:
    moment = quantize(when, lat, lon)
    assert quantize(moment.time, moment.lat, moment.lon) == moment
    assert moment.time <= when.replace(tzinfo=UTC) < moment.time + timedelta(minutes=5)
    assert moment.time.minute % 5 == 0 and moment.time.second == 0
    assert abs(moment.lat - lat) <= 0.005 + 1e-9 and -90 < moment.lat < 90
    assert -180 <= moment.lon < 180


def test_astro_time_is_time_make_bit_for_bit() -> None:
    rng = random.Random(12)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    for _ in range(3000):
        when = start + timedelta(seconds=rng.randrange(400 * 366 * 86400), microseconds=rng.randrange(10**6))
        made = astronomy.Time.Make(when.year, when.month, when.day, when.hour, when.minute,
                                   when.second + when.microsecond / 1e6)
        ours = astro_time(when)
        assert (ours.ut, ours.tt) == (made.ut, made.tt), when
    assert astro_time(datetime(2000, 1, 1, 12, tzinfo=UTC)).ut == 0.0
