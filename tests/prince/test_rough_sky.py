"""The cheap longitudes behind an opponent's signs stay well inside the margins ``chart_signs`` keeps, so the
signs it reads off them are the exact chart's (the exact ones decide within a margin of a sign's edge)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from gamewright.games.prince.chart import Moment, chart_signs, compute_chart, quantize
from gamewright.games.prince.rough_sky import DROP, MARGIN, TIERS, truncated_series

from .rough_sky_check import worst_differences


def test_rough_longitudes_stay_within_half_their_margin() -> None:
    for tier in TIERS:
        for name, diff in worst_differences(1000, seed=11, tier=tier).items():
            margin = MARGIN[tier]["Moon" if name == "Moon" else "planet"]
            assert diff < margin / 2, (tier, name, diff)


def test_the_dropped_terms_stay_within_their_budgets() -> None:
    for tier in TIERS:
        for body, budget in DROP[tier].items():
            kept, dropped = truncated_series(body, tier)
            assert kept and all(0 <= d <= b for d, b in zip(dropped, budget, strict=True)), (tier, body)


def _moments(count: int) -> list[Moment]:
    rng = random.Random(7)
    start = datetime(1800, 1, 1, tzinfo=UTC)
    return [quantize(start + timedelta(minutes=5 * rng.randrange(42_000_000)), rng.uniform(-66, 66),
                     rng.uniform(-180, 180)) for _ in range(count)]


def test_signs_equal_the_full_charts_signs() -> None:
    for moment in _moments(400):
        signs, asc_sign, sect = getattr(chart_signs, "__wrapped__", chart_signs)(moment)
        chart = getattr(compute_chart, "__wrapped__", compute_chart)(moment)
        assert signs == tuple(p.sign for p in chart.planets.values())
        assert (asc_sign, sect) == (chart.asc_sign, chart.sect)


def test_a_longitude_at_a_signs_edge_is_decided_exactly() -> None:
    """A moment whose Moon sits within the margin of a sign's edge: the exact longitude gives the sign."""
    for moment in _moments(3000):
        chart = getattr(compute_chart, "__wrapped__", compute_chart)(moment)
        within = chart.planets["Moon"].longitude % 30.0
        if min(within, 30.0 - within) < MARGIN["fine"]["Moon"] / 4:
            signs = getattr(chart_signs, "__wrapped__", chart_signs)(moment)[0]
            assert signs[1] == chart.planets["Moon"].sign
            return
    raise AssertionError("no moment with the Moon near a sign's edge")
