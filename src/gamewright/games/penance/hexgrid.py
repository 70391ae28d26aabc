"""The hex battlefield (ref §4): offset rows over axial coordinates, facing, the six sides, range, line of
sight and terrain.

Hexes are indexed ``row * cols + col``. Directions are clockwise on screen: 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from importlib import resources

from gamewright.core.errors import ConfigError

DIRECTIONS = ("E", "SE", "SW", "W", "NW", "NE")
AXIAL_STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
SIDE_NAMES = ("front", "weapon", "weapon-flank", "rear", "shield-flank", "shield")  # sides 1..6 (ref §4)
# Order used when an attacker sits exactly on a boundary: the side better for the defender wins (ref §2).
DEFENDER_PREFERENCE = {6: 0, 1: 1, 2: 2, 3: 3, 5: 3, 4: 4}  # a defender's sides, best to show an attacker first

OPEN, RUBBLE, FOREST, WALL, WATER = ".", "r", "f", "#", "~"
TERRAIN_NAMES = {OPEN: "open", RUBBLE: "rubble", FOREST: "forest", WALL: "wall", WATER: "water"}
COVER = {OPEN: "none", RUBBLE: "light", FOREST: "heavy", WALL: "none", WATER: "none"}  # 004 §2 terrain
DIFFICULT = frozenset((RUBBLE, FOREST))
BLOCKS_LOS = frozenset((FOREST, WALL))  # ref §4: walls and heavy terrain


def offset_to_axial(row: int, col: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _pixel(q: float, r: float) -> tuple[float, float]:
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def _cube_round(x: float, z: float) -> tuple[int, int]:
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return rx, rz


class _Walk:
    """A breadth-first walk from goal hexes, kept part-way: the distances found so far (in the order a queue
    visits them), the last ring reached and its distance."""

    __slots__ = ("out", "frontier", "step", "stop")

    def __init__(self, goals: tuple[int, ...], blocked: int | tuple[int, ...]) -> None:
        self.out = {h: 0 for h in goals}
        self.frontier = list(goals)
        self.step = 0
        self.stop = blocked if isinstance(blocked, tuple) else (blocked,)

    def extend(self, steps: list[tuple[int, ...]], wanted: tuple[int, ...] | None) -> None:
        """One ring at a time until every ``wanted`` hex is reached or blocked (None: the whole map)."""
        out, stop, frontier, step = self.out, self.stop, self.frontier, self.step
        while frontier:
            if wanted is not None:
                for h in wanted:
                    if h not in out and h not in stop:
                        break
                else:
                    break  # every wanted hex has its distance (or is a blocked one, which never gets one)
            step += 1
            ring = []
            for h in frontier:
                for n in steps[h]:  # the passable neighbours of each hex
                    if n not in out and n not in stop:
                        out[n] = step
                        ring.append(n)
            frontier = ring
        self.frontier, self.step = frontier, step


class HexMap:
    """A fixed battlefield: terrain per hex, neighbours, distances and cached line of sight."""

    __slots__ = ("name", "rows", "cols", "terrain", "axial", "neighbors", "dist", "deploy", "_index", "_los",
                 "_sides", "_walks", "open_neighbors", "water", "_rings", "_arcs", "exits")

    def __init__(self, name: str, rows: list[str], deploy: list[list[int]]) -> None:
        if not rows or any(len(row) != len(rows[0]) for row in rows):
            raise ConfigError(f"map {name!r}: every row must have the same length")
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch not in TERRAIN_NAMES:
                    raise ConfigError(f"map {name!r}: unknown terrain {ch!r} at row {r}, column {c}")
        self.name = name
        self.rows, self.cols = len(rows), len(rows[0])
        self.terrain = [ch for row in rows for ch in row]
        self.axial = [offset_to_axial(i // self.cols, i % self.cols) for i in range(len(self.terrain))]
        self._index = {ax: i for i, ax in enumerate(self.axial)}
        self.neighbors = [
            tuple(self._index.get((q + dq, r + dr), -1) for dq, dr in AXIAL_STEPS) for q, r in self.axial
        ]
        # every pair's ``axial_distance``, its formula written out: the table is n² entries, built on first use
        self.dist = [[(abs(qa - qb) + abs(ra - rb) + abs(qa + ra - qb - rb)) // 2 for qb, rb in self.axial]
                     for qa, ra in self.axial]
        self.deploy = []
        for spot in deploy:
            if len(spot) != 3 or not (0 <= spot[0] < self.rows and 0 <= spot[1] < self.cols and 0 <= spot[2] < 6):
                raise ConfigError(f"map {name!r}: deployment {spot} must be [row, col, facing 0-5] on the map")
            idx = spot[0] * self.cols + spot[1]
            if self.terrain[idx] == WALL:
                raise ConfigError(f"map {name!r}: deployment {spot} is inside a wall")
            self.deploy.append((idx, spot[2]))
        self._los: dict[tuple[int, int], bool] = {}
        # the map never changes, so pure functions of it are computed once per argument tuple
        self._sides: dict[tuple[int, int, int], int] = {}
        self._walks: dict[tuple[tuple[int, ...], int | tuple[int, ...]], _Walk] = {}
        self.water = tuple(h for h, t in enumerate(self.terrain) if t == WATER)
        self._arcs: dict[tuple[int, int, int], bool] = {}
        self._rings: dict[tuple[int, int], tuple[int, ...]] = {}
        # each hex's neighbours on the map and not walls, in direction order
        self.open_neighbors = [tuple(n for n in nb if n >= 0 and self.terrain[n] != WALL) for nb in self.neighbors]
        # each hex's steps onto the map and not into a wall: (direction, hex, difficult terrain +1 SP)
        self.exits = [tuple((d, n, 1 if self.terrain[n] in DIFFICULT else 0) for d, n in enumerate(nb)
                            if n >= 0 and self.terrain[n] != WALL) for nb in self.neighbors]

    # --- naming --------------------------------------------------------------------------------------
    def hex_name(self, idx: int) -> str:
        return f"{chr(ord('A') + idx % self.cols)}{idx // self.cols + 1}"

    def parse_hex(self, text: str) -> int:
        text = text.strip().upper()
        try:
            col = ord(text[0]) - ord("A")
            row = int(text[1:]) - 1
        except (IndexError, ValueError) as exc:
            raise ConfigError(f"{text!r} is not a hex name like C7") from exc
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise ConfigError(f"hex {text} is off the map")
        return row * self.cols + col

    # --- movement and terrain ------------------------------------------------------------------------
    def passable(self, idx: int) -> bool:
        return idx >= 0 and self.terrain[idx] != WALL

    def walk_distances(self, goals: tuple[int, ...], blocked: int | tuple[int, ...],
                       wanted: tuple[int, ...] | None = None) -> dict[int, int]:
        """Walking distance (in hexes) to the nearest goal, around walls and the ``blocked`` hex or hexes
        (breadth-first), for every hex that can reach a goal — or, given ``wanted``, at least for those of the
        ``wanted`` hexes that can (the walk stops at the ring where it has met them all; a hex left out is farther
        than every one given, or cut off). Cached and extended on demand: callers must not change the dict."""
        walk = self._walks.get((goals, blocked))
        if walk is None:
            if len(self._walks) >= 8192:  # bounded memory (each entry is up to one int per hex)
                self._walks.clear()
            walk = self._walks[(goals, blocked)] = _Walk(goals, blocked)
        if walk.frontier:
            walk.extend(self.open_neighbors, wanted)
        return walk.out

    def ring(self, centre: int, radius: int) -> tuple[int, ...]:
        """The passable hexes exactly ``radius`` from ``centre``, in index order (cached)."""
        key = (centre, radius)
        found = self._rings.get(key)
        if found is None:
            found = self._rings[key] = tuple(h for h in range(len(self.terrain))
                                             if self.dist[h][centre] == radius and self.passable(h))
        return found

    def cover(self, idx: int) -> str:
        return COVER[self.terrain[idx]]

    # --- geometry ------------------------------------------------------------------------------------
    def _angle(self, frm: int, to: int) -> float:
        q0, r0 = self.axial[frm]
        q1, r1 = self.axial[to]
        x0, y0 = _pixel(q0, r0)
        x1, y1 = _pixel(q1, r1)
        return math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360.0  # clockwise on screen (y grows down)

    def side_of(self, defender: int, facing: int, attacker: int) -> int:
        """Which of the defender's sides (1 front … 6 shield side) the attacker stands on (ref §4)."""
        key = (defender, facing, attacker)
        side = self._sides.get(key)
        if side is None:
            side = self._sides[key] = self._side_of(defender, facing, attacker)
        return side

    def _side_of(self, defender: int, facing: int, attacker: int) -> int:
        rel = (self._angle(defender, attacker) - 60.0 * facing) % 360.0
        sector = rel / 60.0
        frac = sector - math.floor(sector)
        if abs(frac - 0.5) < 1e-7:  # exactly on a boundary: the side better for the defender
            a = int(math.floor(sector)) % 6 + 1
            b = (int(math.floor(sector)) + 1) % 6 + 1
            return min((a, b), key=lambda s: (DEFENDER_PREFERENCE[s], s))
        return int(round(sector)) % 6 + 1

    def in_front_arc(self, attacker: int, facing: int, target: int) -> bool:
        """Ranged attacks need the target in the attacker's front 180° (ref §4). A target exactly on the arc's
        edge (the boundary of the attacker's sides 2/3 or 5/6) is outside it: boundaries favour the defender
        (ref §2 "Facing geometry"; RULINGS)."""
        key = (attacker, facing, target)
        inside = self._arcs.get(key)
        if inside is None:
            rel = (self._angle(attacker, target) - 60.0 * facing + 180.0) % 360.0 - 180.0
            inside = self._arcs[key] = abs(rel) < 90.0 - 1e-7
        return inside

    def front_hexes(self, idx: int, facing: int) -> tuple[int, ...]:
        """The adjacent hexes on sides 6, 1 and 2 (ref §2 "Ranges")."""
        nb = self.neighbors[idx]
        return tuple(h for h in (nb[(facing - 1) % 6], nb[facing], nb[(facing + 1) % 6]) if h >= 0)

    def line_of_sight(self, a: int, b: int) -> bool:
        """Hex-centre to hex-centre; walls and heavy terrain between the two block it (ref §4).

        A line running exactly along hex edges is clear when either side of it is clear.
        """
        if a == b or self.dist[a][b] <= 1:
            return True
        key = (a, b) if a < b else (b, a)
        hit = self._los.get(key)
        if hit is None:
            hit = self._trace(key[0], key[1], 1e-6) or self._trace(key[0], key[1], -1e-6)
            self._los[key] = hit
        return hit

    def _trace(self, a: int, b: int, nudge: float) -> bool:
        (q0, r0), (q1, r1) = self.axial[a], self.axial[b]
        n = self.dist[a][b]
        for i in range(1, n):
            t = i / n
            q = q0 + (q1 - q0) * t + nudge
            r = r0 + (r1 - r0) * t + nudge
            idx = self._index.get(_cube_round(q, r), -1)
            if idx >= 0 and idx not in (a, b) and self.terrain[idx] in BLOCKS_LOS:
                return False
        return True

    def render(self, marks: dict[int, str]) -> list[str]:
        """Rows of text; odd rows shifted half a hex. ``marks`` puts a 3-character label on a hex."""
        lines = ["     " + "".join(f"{chr(ord('A') + c):<4}" for c in range(self.cols))]
        for r in range(self.rows):
            cells = []
            for c in range(self.cols):
                idx = r * self.cols + c
                cells.append(f"{marks.get(idx, ' ' + self.terrain[idx] + ' '):<4}")
            lines.append(f"{r + 1:>3}  " + ("  " if r & 1 else "") + "".join(cells))
        return lines


@cache
def load_map(name: str = "default") -> HexMap:
    if name != "default":
        raise ConfigError(f"unknown map {name!r}; the only map is 'default'")
    try:
        data = tomllib.loads(resources.files(__package__).joinpath("data/map.toml").read_text(encoding="utf-8"))
        return HexMap(str(data["name"]), list(data["rows"]), list(data["deploy"]))
    except (KeyError, TypeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"penance map file data/map.toml is malformed: {exc}") from exc
