"""Mean intervals respect what the metric can be (issue 22 item 8): t for any real, Wilson for rates, a seeded
bootstrap for counts and other non-negative values — never "party deaths 0.015 [−0.00687–0.0369]"."""

from __future__ import annotations

from typing import Any

import pytest
from scipy.stats import t

from gamewright.core.game import registered_games
from gamewright.lab.experiments import run
from gamewright.lab.hooks import Kind, mean_of
from gamewright.lab.stats import interval, wilson_interval

NON_NEGATIVE = {"count", "nonnegative", "rate"}


def test_the_audits_party_deaths_stay_at_or_above_zero() -> None:
    # 3 deaths in 200 fights: the normal interval went to −0.00687
    deaths = [1.0] * 3 + [0.0] * 197
    point = mean_of(deaths, Kind.COUNT)
    assert point["value"] == 0.015 and point["kind"] == "count" and point["n"] == 200
    assert 0 <= point["low95"] <= 0.015 < point["high95"]


def test_no_spread_in_a_count_is_not_certainty() -> None:
    # 0 deaths in 20 fights: the exact Poisson interval of a total of 0, [0, 3.689/20]
    point = mean_of([0.0] * 20, Kind.COUNT)
    assert (point["value"], point["low95"]) == (0.0, 0.0)
    assert point["high95"] == pytest.approx(3.6888794541139363 / 20)


def test_the_bootstrap_depends_only_on_the_values() -> None:
    values = [float(v % 7) for v in range(0, 300, 3)]
    first = interval(values, Kind.COUNT)
    assert interval(list(reversed(values)), Kind.COUNT) == first == interval(values, Kind.COUNT)
    assert first[1] < first[0] < first[2]


def test_each_kind_has_its_interval() -> None:
    values = [-2.0, 1.0, 3.5, 0.5, -1.0, 2.0]
    mean, low, high = interval(values, Kind.REAL)
    sd = (sum((v - mean) ** 2 for v in values) / 5) ** 0.5
    assert (low, high) == pytest.approx(t.interval(0.95, 5, loc=mean, scale=sd / 6**0.5))
    assert interval([1.0, 0.0, 0.0, 1.0, 1.0], Kind.RATE) == (0.6, *wilson_interval(3, 5))
    with pytest.raises(ValueError):
        interval([1.0, -1.0], Kind.NONNEGATIVE)


def _intervals(value: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every dict in a result that carries a 95% interval, with where it sits."""
    found = []
    if isinstance(value, dict):
        if {"low95", "high95"} <= value.keys():
            found.append((path, value))
        for key, inner in value.items():
            found += _intervals(inner, f"{path}.{key}")
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += _intervals(inner, f"{path}[{i}]")
    return found


@pytest.mark.parametrize("game", sorted(registered_games()))
def test_no_interval_of_a_non_negative_metric_goes_below_zero(game: str) -> None:
    result = run({"kind": "simulate", "game": game, "games": 12, "seed": 3}, workers=1)
    assert result["length"]["mean_low95"] >= 0
    checked = 0
    for path, point in _intervals(result["metrics"]):
        if "rate" in point or point.get("kind") in NON_NEGATIVE:  # the game's rates and its non-negative means
            assert point["low95"] >= 0, (path, point)
            checked += 1
        if "kind" in point:
            value = point["value"]
            assert point["low95"] <= value <= point["high95"], (path, point)
    assert checked > 0
    for row in result["win_rates"]:
        assert 0 <= row["low95"] <= row["rate"] <= row["high95"] <= 1
