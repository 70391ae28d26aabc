"""Natal charts: the quantized birth moment, real planetary positions, ascendant, houses, sect and aspects.

Positions are apparent geocentric ecliptic longitudes of date (true equinox and ecliptic of date), from
astronomy-engine (ref §1): its VSOP87 planets and Moon theory, with its light-time and aberration method run
here once per moment for all seven bodies (sharing the Earth's position), then one rotation to the frame of date;
the series are summed by ``ephemeris`` (bit for bit the library's) and the Moon's longitude by ``moon``.
Charts are immutable and cached: the same quantized moment always gives the same ``Chart`` object.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache, lru_cache
from typing import Any

import astronomy

from gamewright.core.errors import ConfigError
from gamewright.games.prince import sky_table
from gamewright.games.prince.ephemeris import (
    VSOP_INDEX,
    apparent_geocentric,
    earth_interpolator,
    ecliptic_of_date_rows,
    terrestrial,
    true_obliquity_cos_sin,
)
from gamewright.games.prince.mean_ascendant import mean_ascendant_sign
from gamewright.games.prince.moon import apparent_longitude
from gamewright.games.prince.tables import (
    ASPECT_OF_SIGNS,
    PLANETS,
    SIGN_ELEMENT,
    SIGN_MODALITY,
    SIGNS,
    Stats,
    chart_sect_from_sun_house,
    dignity,
    house,
    house_ruler,
    planet_sect,
    stats_for,
)

# ref §1 "Validation": timestamps from 1800-01-01 to 2199-12-31 UTC.
EARLIEST = datetime(1800, 1, 1, tzinfo=UTC)
LATEST_EXCLUSIVE = datetime(2200, 1, 1, tzinfo=UTC)
BUCKET_MINUTES = 5  # ref §1: time floored to a 5-minute bucket
_CENTI = Decimal("0.01")
DISPLAY_DECIMALS = 4  # longitudes in JSON; signs always come from the unrounded value
# The fast Moon (``moon.apparent_longitude``) stands for GeoMoon's only this far (degrees) from an edge of a shown
# figure: over 1000 times the largest difference between the two measured over 1800–2199 (5.7e-14°,
# benchmarks/prince_moon.py), so every shown figure is the one GeoMoon gives.
MOON_MARGIN = 1e-10
# A table longitude (``sky_table``) stands for the exact one only this far (degrees) from an edge of a shown figure:
# over 3 times the most the table differs from the exact path (``sky_table.MAX_ERROR``).
TABLE_MARGIN = 1e-7

_BODIES: dict[str, astronomy.Body] = {name: getattr(astronomy.Body, name) for name in PLANETS}


@dataclass(frozen=True, slots=True)
class Moment:
    """A quantized birth moment: UTC time floored to 5 minutes, latitude and longitude in hundredths."""

    time: datetime
    lat: float
    lon: float

    @property
    def time_text(self) -> str:
        return self.time.strftime("%Y-%m-%dT%H:%M:%SZ")

    @property
    def lat_centi(self) -> int:
        return round(self.lat * 100)

    @property
    def lon_centi(self) -> int:
        return round(self.lon * 100)

    def to_json(self) -> dict[str, Any]:
        return {"time": self.time_text, "lat": self.lat, "lon": self.lon}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Moment:
        return quantize(data["time"], data["lat"], data["lon"])

    def __str__(self) -> str:
        return f"{self.time_text} {self.lat:+.2f} {self.lon:+.2f}"


def parse_time(text: str) -> datetime:
    """An ISO 8601 timestamp as an aware UTC datetime; no offset means UTC (ref §2 further rulings)."""
    cleaned = text.strip()
    if cleaned.endswith(("z", "Z")):
        cleaned = cleaned[:-1] + "+00:00"
    try:
        value = datetime.fromisoformat(cleaned)
    except ValueError as exc:
        raise ConfigError(
            f"cannot read time {text!r}: use ISO 8601 such as 2000-01-01T12:00:00Z (no offset means UTC)"
        ) from exc
    return _as_utc(value)


def _as_utc(value: datetime) -> datetime:
    if value.tzinfo is None or value.utcoffset() is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def _centi(value: float, what: str) -> Decimal:
    """Round a coordinate to 0.01° (half away from zero) as an exact decimal."""
    try:
        number = Decimal(str(value))
    except InvalidOperation as exc:
        raise ConfigError(f"{what} must be a number of degrees (got {value!r})") from exc
    if not number.is_finite():
        raise ConfigError(f"{what} must be a finite number of degrees (got {value!r})")
    if abs(number) > 1000:  # far outside any coordinate: refused here, before quantize overflows its precision
        span = "strictly between -90 and 90" if what == "latitude" else "between -180 and 180"
        raise ConfigError(f"{what} {value} is out of range: it must be {span} degrees")
    return number.quantize(_CENTI, rounding=ROUND_HALF_UP)


def _hundredths(value: float, what: str) -> Decimal | int:
    """``_centi(value)``; a plain float's as whole hundredths, rounded half up on its shortest text (its
    ``str``, which ``_centi`` reads too) without building Decimals: an opponent's moment is made every
    encounter. NaN and infinities take ``_centi``'s path (and its error)."""
    if type(value) is float:
        # On the float itself when it lies clear of a half hundredth: its shortest text is within 1e-9 of it
        # (|value| < 1e5), so the text rounds the same way (tests/prince/test_quantize_fast.py).
        x = value * 100.0 if value >= 0.0 else value * -100.0
        if x < 1e7 and abs(x % 1.0 - 0.5) > 1e-6:
            q = int(x + 0.5)
            return -q if value < 0.0 else q
        text = repr(value)
        whole, dot, frac = text.partition(".")
        if dot and whole.lstrip("-").isdigit() and frac.isdigit() and len(whole) <= 5:
            q = int(whole.lstrip("-") + (frac + "00")[:2]) + (len(frac) > 2 and frac[2] >= "5")
            return -q if whole.startswith("-") else q
    return _centi(value, what)


def _degrees_of(q: Decimal | int, negative_zero: bool) -> float:
    """The float of a quantized coordinate, as ``float(Decimal)`` gives it (``-0.00`` stays ``-0.0``)."""
    if isinstance(q, Decimal):
        return float(q)
    return -0.0 if q == 0 and negative_zero else q / 100


def quantize(time: datetime | str, lat: float, lon: float) -> Moment:
    """Validate a birth moment and quantize it (ref §1 "Quantization and identity", "Validation")."""
    when = parse_time(time) if isinstance(time, str) else _as_utc(time)
    if not EARLIEST <= when < LATEST_EXCLUSIVE:
        raise ConfigError(
            f"time {when.strftime('%Y-%m-%dT%H:%M:%SZ')} is out of range: birth moments run from "
            "1800-01-01 to 2199-12-31 UTC"
        )
    return quantize_place(when.replace(second=0, microsecond=0) - timedelta(minutes=when.minute % BUCKET_MINUTES),
                          lat, lon)


def quantize_place(floored: datetime, lat: float, lon: float) -> Moment:
    """``quantize``'s latitude and longitude, at an aware UTC time already floored to its bucket and in range
    (an opponent's moment is drawn that way: ``encounter.random_moment``)."""
    lat_h = _hundredths(lat, "latitude")
    lon_h = _hundredths(lon, "longitude")
    if isinstance(lat_h, int) and isinstance(lon_h, int) and -9000 < lat_h < 9000 and -18000 <= lon_h < 18000:
        return Moment(floored, _degrees_of(lat_h, math.copysign(1.0, lat) < 0),
                      _degrees_of(lon_h, math.copysign(1.0, lon) < 0))
    lat_q = _centi(lat, "latitude")
    lon_q = _centi(lon, "longitude")
    # ref §2 further rulings: latitude strictly between -90 and 90 (the ascendant is undefined at the poles).
    if not Decimal(-90) < lat_q < Decimal(90):
        raise ConfigError(f"latitude {lat} is out of range: it must be strictly between -90 and 90 degrees")
    # ref §1: longitude in [-180, 180], east positive.
    if not Decimal(-180) <= lon_q <= Decimal(180):
        raise ConfigError(f"longitude {lon} is out of range: it must be between -180 and 180 degrees (east positive)")
    if lon_q == Decimal(180):  # the same meridian as -180: one identity, one chart (RULINGS)
        lon_q = Decimal(-180)
    return Moment(floored, float(lat_q), float(lon_q))


@dataclass(frozen=True, slots=True)
class Placement:
    """One planet in a chart."""

    name: str
    longitude: float  # apparent geocentric ecliptic longitude of date, degrees in [0, 360)
    sign: int  # 0 = Aries … 11 = Pisces
    sign_name: str
    house: int  # whole-sign house 1..12
    dignity: str
    element: str
    modality: str
    sect: str  # the planet's team: "day" | "night" (Mercury joins the chart's sect)
    in_sect: bool  # its team is the chart's sect
    stats: Stats  # base + sign buffs

    def to_json(self) -> dict[str, Any]:
        return {
            "longitude": round(self.longitude, DISPLAY_DECIMALS),
            "sign": self.sign_name,
            "house": self.house,
            "dignity": self.dignity,
            "element": self.element,
            "modality": self.modality,
            "sect": self.sect,
            "in_sect": self.in_sect,
            "stats": self.stats.to_json(),
        }


@dataclass(frozen=True)
class Chart:
    """A natal chart. Treat ``planets`` as read-only: charts are cached and shared."""

    moment: Moment
    ascendant: float
    asc_sign: int
    sect: str  # "day" (diurnal) | "night" (nocturnal)
    planets: dict[str, Placement]
    aspects: tuple[tuple[str, str, str], ...]  # (planet, planet, kind), pairs in PLANETS order, major only

    @property
    def asc_sign_name(self) -> str:
        return SIGNS[self.asc_sign]

    @property
    def chart_ruler(self) -> str:
        """The domicile ruler of the ascendant's sign, which rules house 1 (000 §10, ref §1)."""
        return house_ruler(1, self.asc_sign)

    def house_rulers(self) -> dict[int, str]:
        """Each whole-sign house's ruler: the domicile ruler of its sign (000 §10)."""
        return {h: house_ruler(h, self.asc_sign) for h in range(1, 13)}

    def aspect_between(self, a: str, b: str) -> str | None:
        """The major aspect between two planets of this chart, or None."""
        return ASPECT_OF_SIGNS[self.planets[a].sign][self.planets[b].sign]

    def to_json(self) -> dict[str, Any]:
        return {
            "moment": self.moment.to_json(),
            "ascendant": {"longitude": round(self.ascendant, DISPLAY_DECIMALS), "sign": SIGNS[self.asc_sign]},
            "sect": self.sect,
            "planets": {name: self.planets[name].to_json() for name in PLANETS},
            "aspects": [{"planets": [a, b], "aspect": kind} for a, b, kind in self.aspects],
        }


def sign_of(longitude: float) -> int:
    """floor(longitude / 30), Aries = 0 … Pisces = 11 (ref §1)."""
    return int(longitude // 30.0) % 12


def _normalise(degrees: float) -> float:
    value = degrees % 360.0
    return 0.0 if value >= 360.0 else value


def ascendant_longitude(ramc_deg: float, obliquity_deg: float, lat_deg: float) -> float:
    """ASC = atan2(cos θ, −(sin θ·cos ε + tan φ·sin ε)) in [0, 360) (ref §1; θ = 0, φ = 0 gives 90°)."""
    theta = math.radians(ramc_deg)
    eps = math.radians(obliquity_deg)
    phi = math.radians(lat_deg)
    asc = math.atan2(math.cos(theta), -(math.sin(theta) * math.cos(eps) + math.tan(phi) * math.sin(eps)))
    return _normalise(math.degrees(asc))


_J2000_ORDINAL = datetime(2000, 1, 1).toordinal()


def astro_time(when: datetime) -> astronomy.Time:
    """astronomy-engine's time (UT) for an aware UTC datetime."""
    return astronomy.Time(universal_days(when))


def universal_days(when: datetime) -> float:
    """``astronomy.Time.Make(...).ut`` of an aware datetime: its day count (days from 2000-01-01 in the Gregorian
    calendar, as the proleptic ordinal gives it) and its sum, the same float operations in order."""
    utc = when if when.tzinfo is UTC else when.astimezone(UTC)
    seconds = utc.second + utc.microsecond / 1e6
    days = utc.toordinal() - _J2000_ORDINAL
    return (days - 0.5) + (utc.hour / 24.0) + (utc.minute / 1440.0) + (seconds / 86400.0)


def true_obliquity(t: astronomy.Time) -> float:
    """True obliquity of the ecliptic of date, in degrees (from the equator-of-date → ecliptic rotation)."""
    c, s = true_obliquity_cos_sin(t)
    return math.degrees(math.atan2(s, c))


def planet_longitudes(t: astronomy.Time) -> dict[str, float]:
    """Apparent geocentric ecliptic longitudes of date (true equinox), in degrees [0, 360) (ref §1).

    Each is read off ``sky_table`` (Chebyshev series fitted to ``exact_longitudes``) when it lies further than
    ``TABLE_MARGIN`` from every edge where a shown figure changes, and computed by ``exact_longitudes`` otherwise:
    every figure shown (the JSON's 1e-4°, the text's and wheel's arcminutes, signs, houses, aspects) is the one
    the exact path gives, while the longitude itself may differ from it by up to ``sky_table.MAX_ERROR``.
    """
    series = sky_table.table()
    tt = t.tt
    read: dict[str, float] = {}
    for name in PLANETS:
        value = series[name].longitude(tt)
        if value is not None:
            value = _normalise(value)
            if clear_of_display_edges(value, TABLE_MARGIN):
                read[name] = value
    if len(read) == len(PLANETS):
        return read
    exact = exact_longitudes(t, tuple(name for name in PLANETS if name not in read))
    return {name: read[name] if name in read else exact[name] for name in PLANETS}


def exact_longitudes(t: astronomy.Time, names: tuple[str, ...] = PLANETS) -> dict[str, float]:
    """The exact path of ``names``' longitudes: astronomy-engine's method, run once per moment.

    Positions are light-time and aberration corrected in the J2000 equator (EQJ), as astronomy-engine's
    ``GeoVector(..., aberration=True)`` gives them; one EQJ → true-ecliptic-of-date rotation (precession +
    nutation), computed once per moment, brings the Sun and planets to the frame of date (only the x and y rows
    of the rotation are needed for a longitude). The Moon's longitude comes from ``moon.apparent_longitude``
    (the same theory as ``GeoMoon``, within float rounding of it) when it lies further than ``MOON_MARGIN``
    from every edge a shown figure rounds at, else from ``GeoMoon`` rotated like the others.
    """
    longitudes: dict[str, float] = {}
    rows: tuple[float, ...] = ()
    earth = None
    for name in names:
        if name == "Moon":
            longitudes[name] = moon_longitude(t)
            continue
        if earth is None:
            rows, earth = ecliptic_of_date_rows(t), earth_interpolator(t)
        longitudes[name] = _of_date(rows, apparent_geocentric(VSOP_INDEX.get(name), t, earth))
    return longitudes


def _of_date(rows: tuple[float, ...], position: tuple[float, float, float]) -> float:
    """The ecliptic longitude of date (degrees) of a J2000-equator position, given ``ecliptic_of_date_rows``."""
    r00, r10, r20, r01, r11, r21 = rows
    x, y, z = position
    return _normalise(math.degrees(math.atan2(r01 * x + r11 * y + r21 * z, r00 * x + r10 * y + r20 * z)))


def moon_longitude(t: astronomy.Time, margin: float = MOON_MARGIN) -> float:
    """The Moon's apparent longitude of date: ``moon.apparent_longitude`` further than ``margin`` from every edge
    of a shown figure, else ``GeoMoon`` (geocentric already: no light-time iteration) rotated to the frame of
    date."""
    fast = apparent_longitude(t)
    if clear_of_display_edges(fast, margin):
        return fast
    m = astronomy.GeoMoon(t)
    return _of_date(ecliptic_of_date_rows(t), (m.x, m.y, m.z))


def clear_of_display_edges(longitude: float, margin: float) -> bool:
    """Whether ``longitude`` lies further than ``margin`` degrees from every edge where a figure shown of it
    changes: the half-way points of the JSON's 1e-4° (``DISPLAY_DECIMALS``) and the whole arcminutes the text
    and the wheel floor to (every sign's edge among them, so its sign, house, dignity and aspects too)."""
    scale = 10.0**DISPLAY_DECIMALS
    rounded = (longitude * scale) % 1.0
    minutes = (longitude * 60.0) % 1.0
    return abs(rounded - 0.5) > margin * scale and margin * 60.0 < minutes < 1.0 - margin * 60.0


def planet_longitudes_reference(t: astronomy.Time) -> dict[str, float]:
    """The same longitudes straight from astronomy-engine's ``GeoVector`` (slower; kept to check the fast path)."""
    rot = astronomy.Rotation_EQJ_ECT(t)
    longitudes: dict[str, float] = {}
    for name, body in _BODIES.items():
        vec = astronomy.RotateVector(rot, astronomy.GeoVector(body, t, True))
        longitudes[name] = _normalise(math.degrees(math.atan2(vec.y, vec.x)))
    return longitudes


def ascendant_at(t: astronomy.Time, lat: float, lon: float) -> float:
    """The ascendant: θ = RAMC = 15·GAST + east longitude, ε = true obliquity, φ = latitude (ref §1)."""
    ramc = 15.0 * astronomy.SiderealTime(t) + lon
    return ascendant_longitude(ramc, true_obliquity(t), lat)


def _sky(moment: Moment) -> tuple[float, dict[str, float]]:
    """The ascendant and the seven longitudes of a quantized moment."""
    t = astro_time(moment.time)
    return ascendant_at(t, moment.lat, moment.lon), planet_longitudes(t)


@lru_cache(maxsize=8192)
def chart_signs(moment: Moment) -> tuple[tuple[int, ...], int, str]:
    """What play needs of a chart (an opponent's): the seven signs in PLANETS order, the ascendant's sign and
    the sect — the same values ``compute_chart`` gives, without building the full chart (cached).

    A sign is read off the table's rough longitude (its leading terms, within ``rough_bound`` of the table's)
    when that lies further than ``rough_bound + TABLE_MARGIN`` from the sign's edges, and the ascendant's from
    the mean sidereal time and obliquity when nutation cannot move it across an edge (``mean_ascendant``);
    otherwise from ``planet_longitudes`` and ``ascendant_at``, as a full chart's (RULINGS: Space Prince,
    opponents' signs)."""
    ut = universal_days(moment.time)
    tt = terrestrial(ut)
    asc_sign = mean_ascendant_sign(ut, tt, moment.lat, moment.lon)
    signs = _sign_reader().signs(tt)
    if asc_sign is None or signs is None:
        t = astronomy.Time(ut)
        if asc_sign is None:
            asc_sign = sign_of(ascendant_at(t, moment.lat, moment.lon))
        if signs is None:
            longitudes = planet_longitudes(t)
            signs = tuple(sign_of(longitudes[name]) for name in PLANETS)
    return signs, asc_sign, chart_sect_from_sun_house(house(signs[0], asc_sign))  # PLANETS[0] is the Sun


@cache
def _sign_reader() -> sky_table.SignReader:
    """The seven bodies' rough signs, each deciding further than its ``rough_bound + TABLE_MARGIN`` from an edge."""
    series = sky_table.table()
    bodies = [series[name] for name in PLANETS]
    return sky_table.SignReader(bodies, [body.rough_bound + TABLE_MARGIN for body in bodies])


@lru_cache(maxsize=8192)
def compute_chart(moment: Moment) -> Chart:
    """The chart of a quantized moment (cached; charts are immutable)."""
    asc, longitudes = _sky(moment)
    return chart_of_sky(moment, asc, longitudes)


def chart_of_sky(moment: Moment, asc: float, longitudes: dict[str, float]) -> Chart:
    """The chart of an ascendant and seven longitudes (``compute_chart``'s sky, or positions standing in for a
    chart known only by its signs, as a board draws it)."""
    asc_sign = sign_of(asc)
    signs = tuple(sign_of(longitudes[name]) for name in PLANETS)
    # ref §1 / 000 §4a: diurnal when the Sun is in houses 7–12.
    sect = chart_sect_from_sun_house(house(signs[0], asc_sign))
    planets = {
        name: Placement(name, longitudes[name], *_placed(name, sign, asc_sign, sect))
        for name, sign in zip(PLANETS, signs, strict=True)
    }
    return Chart(moment, asc, asc_sign, sect, planets, _aspects(signs))


@lru_cache(maxsize=2048)
def _placed(name: str, sign: int, asc_sign: int, sect: str) -> tuple[Any, ...]:
    """Everything of a ``Placement`` but its name and longitude: it depends on signs alone (cached)."""
    team = planet_sect(name, sect)
    return (sign, SIGNS[sign], house(sign, asc_sign), dignity(name, sign), SIGN_ELEMENT[sign],
            SIGN_MODALITY[sign], team, team == sect, stats_for(name, sign))


_PAIRS = tuple((i, j) for i in range(7) for j in range(i + 1, 7))


def _aspects(signs: tuple[int, ...]) -> tuple[tuple[str, str, str], ...]:
    """The major aspects among seven signs, pairs in PLANETS order (ref §1: sign-based, no orbs)."""
    return tuple((PLANETS[i], PLANETS[j], kind) for i, j in _PAIRS
                 if (kind := ASPECT_OF_SIGNS[signs[i]][signs[j]]) is not None)


def chart_for(time: datetime | str, lat: float, lon: float) -> Chart:
    """Quantize and compute in one step."""
    return compute_chart(quantize(time, lat, lon))
