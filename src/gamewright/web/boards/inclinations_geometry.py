"""Where things sit on the drawn orbital board: the black hole in the middle, the six planets round it.

Only drawing coordinates live here; rings, sectors, planet angles and transfer sectors come from the engine's
``games.inclinations.board``.
"""

from __future__ import annotations

import math
from functools import cache

from gamewright.games.inclinations.board import (
    BLACKHOLE,
    PLANET_ANGLE,
    SECTORS,
    WELL_INDEX,
    WELLS,
    ring_count,
    transfer_table,
)

SIZE = 1000
CENTRE = SIZE / 2
PLANET_DISTANCE = 385.0
BH_RING_STEP, BH_RING_BASE = 40.0, 55.0
PLANET_RING_STEP, PLANET_RING_BASE = 24.0, 20.0


def well_centre(well: int) -> tuple[float, float]:
    if well == BLACKHOLE:
        return CENTRE, CENTRE
    angle = math.radians(PLANET_ANGLE[WELLS[well]])  # 002 Planets: alpha at 0° on top, angles clockwise
    return CENTRE + PLANET_DISTANCE * math.sin(angle), CENTRE - PLANET_DISTANCE * math.cos(angle)


def ring_radius(well: int, ring: int) -> float:
    if well == BLACKHOLE:
        return BH_RING_BASE + BH_RING_STEP * ring
    return PLANET_RING_BASE + PLANET_RING_STEP * ring


def sector_angle(sector: int) -> float:
    """Sector 0 of every ring points up, the way the black hole's sector 0 faces (alpha, on top); sectors count
    clockwise, the prograde direction (002 Automatic Orbital Movement)."""
    return 2 * math.pi * sector / SECTORS


def point(well: int, ring: int, sector: int) -> tuple[float, float]:
    cx, cy = well_centre(well)
    r, a = ring_radius(well, ring), sector_angle(sector)
    return round(cx + r * math.sin(a), 1), round(cy - r * math.cos(a), 1)


def at(where: dict[str, object]) -> tuple[float, float]:
    return point(WELL_INDEX[str(where["well"])], int(str(where["ring"])), int(str(where["sector"])))


def ship_marker(where: dict[str, object], size: float = 17.0) -> str:
    """A triangle at the ship's place, pointing along its facing (prograde: the way sectors count up)."""
    x, y = at(where)
    a = sector_angle(int(str(where["sector"])))
    sign = 1 if where["facing"] == "prograde" else -1
    tx, ty = math.cos(a) * sign, math.sin(a) * sign  # tangent of the ring, the way the ship faces
    nx, ny = math.sin(a), -math.cos(a)
    tip = (x + tx * size, y + ty * size)
    left = (x - tx * size * 0.6 + nx * size * 0.6, y - ty * size * 0.6 + ny * size * 0.6)
    right = (x - tx * size * 0.6 - nx * size * 0.6, y - ty * size * 0.6 - ny * size * 0.6)
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in (tip, left, right))


@cache  # the drawing never changes: built once (the templates only read it)
def wells() -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for i, name in enumerate(WELLS):
        cx, cy = well_centre(i)
        rings = [{"ring": r, "r": ring_radius(i, r)} for r in range(1, ring_count(i) + 1)]
        outer = ring_count(i)
        ticks = []
        for s in range(SECTORS):
            x1, y1 = point(i, 1, s)
            x2, y2 = point(i, outer, s)
            ticks.append({"sector": s, "x1": x1, "y1": y1, "x2": x2, "y2": y2})
        labels = [{"sector": s, "x": point(i, outer, s)[0] + (math.sin(sector_angle(s)) * 14),
                   "y": point(i, outer, s)[1] - (math.cos(sector_angle(s)) * 14) + 4}
                  for s in range(0, SECTORS, 6 if i else 3)]
        out.append({"name": name, "x": round(cx, 1), "y": round(cy, 1), "rings": rings, "ticks": ticks,
                    "core": 14.0 if i else 40.0, "labels": labels})
    return out


def _bent(a: tuple[float, float], b: tuple[float, float], bend: float) -> str:
    """The quadratic curve's part of a path from ``a`` to ``b``, bowed to one side by ``bend`` of its length."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    return f"Q{mx - dy * bend:.1f},{my + dx * bend:.1f} {b[0]:.1f},{b[1]:.1f}"


def arc(a: tuple[float, float], b: tuple[float, float], bend: float) -> str:
    return f"M{a[0]:.1f},{a[1]:.1f} " + _bent(a, b, bend)


def route_path(route: list[dict[str, object]]) -> str:
    """An SVG path through a turn's route (the preview's places, start first): along the ring where the ship
    coasts on it (prograde, the way sectors count: clockwise), bowed where it changes ring, and bowed more where
    it transfers to another well; "" when it does not move."""
    points = [at(place) for place in route]
    parts = [f"M{points[0][0]:.1f},{points[0][1]:.1f}"] if points else []
    for n in range(1, len(route)):
        a, b, p, q = route[n - 1], route[n], points[n - 1], points[n]
        if p == q:
            continue
        if a["well"] == b["well"] and a["ring"] == b["ring"]:
            r = ring_radius(WELL_INDEX[str(a["well"])], int(str(a["ring"])))
            steps = (int(str(b["sector"])) - int(str(a["sector"]))) % SECTORS
            parts.append(f"A{r:.1f},{r:.1f} 0 {int(2 * steps > SECTORS)} 1 {q[0]:.1f},{q[1]:.1f}")
        else:
            parts.append(_bent(p, q, 0.25 if a["well"] != b["well"] else 0.15))
    return " ".join(parts) if len(parts) > 1 else ""


@cache  # as wells()
def transfers() -> list[dict[str, object]]:
    """002 Transfer Sectors: every outbound and return leg of the engine's table as an arc."""
    out: list[dict[str, object]] = []
    for row in transfer_table():
        planet = WELL_INDEX[row["planet"]]
        r1, s1, r2, s2 = row["outbound"]
        out.append({"kind": "outbound", "planet": row["planet"], "from": (r1, s1), "to": (r2, s2),
                    "d": arc(point(BLACKHOLE, r1, s1), point(planet, r2, s2), 0.25)})
        r1, s1, r2, s2 = row["return"]
        out.append({"kind": "return", "planet": row["planet"], "from": (r1, s1), "to": (r2, s2),
                    "d": arc(point(planet, r1, s1), point(BLACKHOLE, r2, s2), 0.25)})
    return out
