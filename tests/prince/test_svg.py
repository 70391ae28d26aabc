"""The chart wheel: well-formed SVG with 12 sign sectors, 7 planets, aspect lines and a legend."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime, timedelta
from xml.etree import ElementTree

import pytest

from gamewright.games.prince.chart import chart_for, compute_chart, quantize
from gamewright.games.prince.svg import CX, CY, R_ASPECT, R_HOUSE_INNER, chart_svg, layout_labels
from gamewright.games.prince.tables import PLANETS, SIGNS

NS = {"svg": "http://www.w3.org/2000/svg"}


def _by_class(root: ElementTree.Element, cls: str) -> list[ElementTree.Element]:
    return [el for el in root.iter() if el.get("class") == cls]


def test_wheel_structure() -> None:
    chart = chart_for("2000-01-01T12:00:00Z", 51.5, -0.13)
    root = ElementTree.fromstring(chart_svg(chart, "Ada & <Co>").encode("utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    sectors = _by_class(root, "sign-sector")
    assert [s.get("data-sign") for s in sectors] == list(SIGNS)
    assert len(_by_class(root, "house")) == 12
    planets = _by_class(root, "planet")
    assert [p.get("data-planet") for p in planets] == list(PLANETS)
    assert [g.text for g in _by_class(root, "planet-name")] == list(PLANETS)
    lines = _by_class(root, "aspect")
    assert [(tuple(line.get("data-planets", "").split()), line.get("data-aspect")) for line in lines] == [
        ((a, b), kind) for a, b, kind in chart.aspects
    ]
    colours = {line.get("data-aspect"): line.get("stroke") for line in lines}
    assert len(set(colours.values())) == len(colours)  # each kind its own colour
    assert len(_by_class(root, "legend-line")) == 5
    title = _by_class(root, "title")[0]
    assert title.text == "Ada & <Co>"  # escaped in the file, intact when parsed
    assert any((el.text or "") == "ASC" for el in _by_class(root, "asc-label"))


def test_ascendant_drawn_at_nine_o_clock() -> None:
    chart = chart_for("2000-01-01T12:00:00Z", 51.5, -0.13)
    root = ElementTree.fromstring(chart_svg(chart).encode("utf-8"))
    horizon = _by_class(root, "horizon")[0]
    x1, y1 = float(horizon.get("x1", 0)), float(horizon.get("y1", 0))
    assert x1 < CX and y1 == pytest.approx(CY)


def test_houses_follow_the_ascendant_sign() -> None:
    """Whole-sign houses: house 1 is drawn over the ascendant's sign, house 10 over the sign 9 further on."""
    chart = chart_for("2000-01-01T12:00:00Z", 51.5, -0.13)
    root = ElementTree.fromstring(chart_svg(chart).encode("utf-8"))
    sectors = {s.get("data-sign"): s.get("d") for s in _by_class(root, "sign-sector")}
    houses = {h.get("data-house"): h.get("d") for h in _by_class(root, "house")}

    def first_point(path: str | None) -> tuple[float, float]:
        x, y = (path or "").split()[1].split(",")
        return float(x), float(y)

    def bearing(path: str | None) -> float:
        x, y = first_point(path)
        return math.degrees(math.atan2(CY - y, x - CX)) % 360

    assert bearing(houses["1"]) == pytest.approx(bearing(sectors["Aries"]), abs=0.01)
    assert bearing(houses["10"]) == pytest.approx(bearing(sectors["Capricorn"]), abs=0.01)


@pytest.mark.parametrize("seed", range(3))
def test_planet_labels_never_overlap(seed: int) -> None:
    rng = random.Random(seed)
    start = datetime(1900, 1, 1, tzinfo=UTC)
    for _ in range(80):
        moment = quantize(start + timedelta(minutes=5 * rng.randrange(20_000_000)), rng.uniform(-60, 60), 0)
        chart = compute_chart(moment)
        boxes = layout_labels(chart)
        names = list(boxes)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                assert not boxes[a].overlaps(boxes[b], margin=0), (moment, a, b)
            for x, y in boxes[a].corners():
                assert R_ASPECT <= math.hypot(x - CX, y - CY) <= R_HOUSE_INNER


def test_tight_cluster_still_readable() -> None:
    """1962-02-04: all seven planets within a few degrees of each other; labels still separate."""
    chart = chart_for("1962-02-04T06:00:00Z", -33.87, 151.21)
    assert len({p.sign for p in chart.planets.values()}) == 1
    boxes = layout_labels(chart)
    names = list(boxes)
    assert all(not boxes[a].overlaps(boxes[b], margin=0) for i, a in enumerate(names) for b in names[i + 1 :])
    root = ElementTree.fromstring(chart_svg(chart).encode("utf-8"))
    assert len(_by_class(root, "aspect")) == 21  # every pair conjunct
