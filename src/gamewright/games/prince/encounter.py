"""Opponents: seeded birth moments, real charts, and the weighted draws of opponent planets.

All of it draws from the run's *opponent* stream, never the turn stream (ref §2 further rulings), so a turn's
draws stay: player crit, opponent crit, combustion checks.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from gamewright.games.prince.chart import BUCKET_MINUTES, Moment, chart_signs, quantize_place
from gamewright.games.prince.resolve import Profile, profile_for
from gamewright.games.prince.tables import ASPECT_OF_SIGNS

# ref §2 "Opponents": uniform time 1900-01-01 … 2099-12-31 UTC, latitude in [-66, 66], longitude in [-180, 180].
OPPONENT_START = datetime(1900, 1, 1, tzinfo=UTC)
OPPONENT_END = datetime(2100, 1, 1, tzinfo=UTC)
_SPAN_SECONDS = int((OPPONENT_END - OPPONENT_START).total_seconds())
_BUCKET_SECONDS = BUCKET_MINUTES * 60
SEQUENCE_LENGTH = 7  # 001 §12: all planets unlocked, sequence length 7


def random_moment(rng: Any) -> Moment:
    """A seeded pseudo-random birth moment: three draws (time, latitude, longitude)."""
    draw = rng.draws() if hasattr(rng, "draws") else rng.random
    seconds = int(draw() * _SPAN_SECONDS)
    lat = -66 + 132 * draw()
    lon = -180 + 360 * draw()
    # quantize(OPPONENT_START + seconds, lat, lon): the span starts on a bucket's edge and lies in range, so the
    # time is floored on the offset itself
    return quantize_place(OPPONENT_START + timedelta(seconds=seconds - seconds % _BUCKET_SECONDS), lat, lon)


def profile_of_moment(moment: Moment) -> Profile:
    """The opponent's chart, from the quantized moment through the real ephemeris (cached)."""
    signs, asc_sign, sect = chart_signs(moment)
    return profile_for(signs, sect, asc_sign)


# ref §1: whether two signs stand in a major relationship (0, 2, 3, 4 or 6 signs apart)
_MAJOR: tuple[tuple[bool, ...], ...] = tuple(tuple(kind is not None for kind in row) for row in ASPECT_OF_SIGNS)


def cross_weights(player: Profile, opponent: Profile, player_planets: list[int]) -> list[int]:
    """N for each opponent planet: its major sign relationships with the given player planets (000 §13)."""
    by_sign = _weights_by_sign(tuple(player.signs[p] for p in player_planets))
    return [by_sign[s] for s in opponent.signs]


@lru_cache(maxsize=4096)
def _weights_by_sign(mine: tuple[int, ...]) -> tuple[int, ...]:
    """For each of the twelve signs, how many of the signs ``mine`` stand in a major relationship with it."""
    return tuple(sum(map(_MAJOR[sign].__getitem__, mine)) for sign in range(12))


def draw_opponent_planet(rng: Any, weights: list[int], combust: list[bool]) -> int | None:
    """One weighted draw over non-combust opponent planets (ref §2): weight-0 planets never appear, all-zero
    weights draw uniformly, and None means no opponent planet is left (the encounter ends early)."""
    total = 0
    left = False
    for o in range(7):
        if not combust[o]:
            total += weights[o]
            left = True
    if not left:
        return None
    if total == 0:
        return rng.choice([o for o in range(7) if not combust[o]])
    # ``rng.weighted_choice`` over the planets left, inline (a draw every turn): the same draw, the same running
    # total, the first planet whose running total exceeds the target
    target = rng.random() * total
    running = 0.0
    last = -1
    for o in range(7):
        if combust[o]:
            continue
        w = weights[o]
        running += w
        if target < running and w > 0:
            return o
        if w > 0:
            last = o
    return last  # weighted_choice's fallback (float rounding): the last planet with a positive weight


def prebuilt_sequence(rng: Any, player: Profile, opponent: Profile) -> list[int]:
    """ref §3: 7 draws with replacement, weight max(1, N), N counted against all seven player planets."""
    by_sign = _prebuilt_weights_by_sign(player.signs)
    return rng.weighted_choices(_PLANET_NUMBERS, [by_sign[s] for s in opponent.signs], SEQUENCE_LENGTH)


_PLANET_NUMBERS = tuple(range(7))


@lru_cache(maxsize=4096)
def _prebuilt_weights_by_sign(signs: tuple[int, ...]) -> tuple[int, ...]:
    """For each of the twelve signs, max(1, N) with N counted against all seven of ``signs`` (ref §3)."""
    return tuple(max(1, n) for n in _weights_by_sign(signs))
