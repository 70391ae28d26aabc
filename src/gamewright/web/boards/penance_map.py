"""Penance's map as the board draws it: hex geometry in SVG units, the terrain layers (built once per map), the
front arc's outline, an attack card's reach, and the last moves (each casket's path, each attack's line and where
it hit) read from the events the viewer may see. Geometry comes from the engine's ``HexMap``."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from markupsafe import Markup

from gamewright.games.penance.cards import card_table
from gamewright.games.penance.hexgrid import DIRECTIONS, TERRAIN_NAMES, HexMap, load_map
from gamewright.web.boards import Seen

SIZE = 20.0  # hex radius in SVG units
ROOT3 = math.sqrt(3)
RECENT_MOVES = 16  # at most this many moves are drawn as "the last move"
HIT_TIERS = frozenset(("hit", "strong", "critical", "execution"))
TERRAIN_LETTERS = {"rubble": "r", "forest": "F", "wall": "#", "water": "~"}
SNAKE = re.compile(r"\b([a-z]+(?:_[a-z]+)+)\b")  # a data name inside an engine's line ("at left_arm")
MOVE_TEXT = re.compile(r"\bmoves (E|SE|SW|W|NW|NE) to\b")


def words(key: str) -> str:
    """A data name as a person writes it: ``left_arm`` → ``left arm``."""
    return key.replace("_", " ")


# --- geometry ---------------------------------------------------------------------------------------------
def centre(idx: int, cols: int) -> tuple[float, float]:
    """Pixel centre of a hex in odd-row offset layout (the engine's ``offset_to_axial``), pointy-top."""
    row, col = divmod(idx, cols)
    return SIZE * ROOT3 * (col + 0.5 * (row & 1) + 0.5) + 4, SIZE * (1.5 * row + 1) + 4


def corner(x: float, y: float, k: int, scale: float = 1.0) -> tuple[float, float]:
    """Corner ``k`` of a pointy-top hex: corner k and k+1 bound the edge facing direction k (E, SE, … NE)."""
    a = math.radians(60 * k - 30)
    return x + SIZE * scale * math.cos(a), y + SIZE * scale * math.sin(a)


def corners(x: float, y: float, scale: float = 1.0) -> str:
    return " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in (corner(x, y, k, scale) for k in range(6)))


def hex_xy(m: HexMap, idx: int) -> tuple[float, float]:
    x, y = centre(idx, m.cols)
    return round(x, 1), round(y, 1)


@lru_cache(maxsize=8)
def map_drawing(name: str) -> dict[str, Any]:
    """The map's drawing, the same on every page: each hex's centre and corners, and the terrain layers (the hexes
    and their letters) as ready markup."""
    m = load_map(name)
    hexes: list[dict[str, Any]] = []
    for i, t in enumerate(m.terrain):
        x, y = hex_xy(m, i)
        hexes.append({"i": i, "name": m.hex_name(i), "terrain": TERRAIN_NAMES[t], "x": x, "y": y,
                      "points": corners(x, y)})
    polygons = "".join(f'<polygon points="{h["points"]}" class="hex t-{h["terrain"]}"><title>{h["name"]}: '
                       f'{h["terrain"]}</title></polygon>' for h in hexes)
    letters = "".join(f'<text x="{h["x"]}" y="{h["y"] + 4}" class="tmark{" on-wall" if h["terrain"] == "wall" else ""}"'
                      f'>{TERRAIN_LETTERS[h["terrain"]]}</text>' for h in hexes if h["terrain"] in TERRAIN_LETTERS)
    return {"hexes": hexes, "width": round(SIZE * ROOT3 * (m.cols + 0.5) + 8, 1),
            "height": round(SIZE * (1.5 * m.rows + 0.5) + 8, 1), "cols": m.cols,
            "polygons": Markup(polygons), "letters": Markup(letters)}  # noqa: S704 - built from the map's own data


def arc_edges(m: HexMap, arc: set[int]) -> list[tuple[float, float, float, float]]:
    """The outline of a set of hexes inside the map: each edge of one of them whose neighbour across it is on the map
    and not in the set."""
    out = []
    for h in sorted(arc):
        x, y = centre(h, m.cols)
        for d, n in enumerate(m.neighbors[h]):
            if n < 0 or n in arc:  # the map's own edge needs no line
                continue
            (x1, y1), (x2, y2) = corner(x, y, d, 0.96), corner(x, y, d + 1, 0.96)
            out.append((round(x1, 1), round(y1, 1), round(x2, 1), round(y2, 1)))
    return out


def reach(m: HexMap, pos: int, facing: int, cid: str) -> list[int]:
    """The hexes an attack card reaches from ``pos``: the engine's distances and its front-three hexes."""
    c = card_table()[cid]
    if c.area == "front3":
        return list(m.front_hexes(pos, facing))
    far = c.radius if c.area == "radius" else c.range
    return [h for h in range(len(m.terrain)) if h != pos and m.dist[pos][h] <= far]


# --- the last moves, drawn on the map ----------------------------------------------------------------------------
def recent_moves(seen: Seen) -> range:
    """The moves drawn as "the last move": the latest run of moves by one seat and the run before it (so a seat's
    page shows the enemy's whole turn and what its own last decisions did), at most ``RECENT_MOVES``; for a
    spectator the last three."""
    n = len(seen.events) - 1
    if n < 1:
        return range(0)
    if seen.seat is None or len(seen.movers) <= n:
        return range(max(1, n - 2), n + 1)
    k, runs = n, 0
    while k >= 1 and runs < 2:
        who = seen.movers[k]
        while k >= 1 and seen.movers[k] == who:
            k -= 1
        runs += 1
    return range(max(1, k + 1, n - RECENT_MOVES + 1), n + 1)


def casket_of(e: dict[str, Any]) -> int:
    c = e.get("casket", e.get("player", -1))
    return c if isinstance(c, int) else -1


def last_moves(seen: Seen, m: HexMap, caskets: list[dict[str, Any]]) -> dict[str, Any]:
    """What the last moves did, as the map draws it: each casket's path, each attack's line and flash, the cards
    played and a few short lines of words."""
    paths: dict[int, list[int]] = {}
    strikes: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    n = len(caskets)
    for k in recent_moves(seen):
        for e in seen.events[k]:
            kind, c = e.get("event", e.get("kind")), casket_of(e)
            if kind in ("move", "push") and 0 <= c < n and isinstance(e.get("to"), int):
                last = lines[-1] if lines else None
                if kind == "move" and last is not None and last["kind"] == "move" and last["casket"] == c:
                    last.update(count=last["count"] + 1, to=e["to"])  # a run of steps reads as one line
                elif kind == "move":
                    lines.append({"kind": "move", "casket": c, "count": 1, "to": e["to"]})
                else:
                    lines.append({"kind": "push", "text": e.get("text", "")})
                path = paths.setdefault(c, [])
                found = MOVE_TEXT.search(str(e.get("text", "")))
                if not path and kind == "move" and found:
                    back = m.neighbors[e["to"]][(DIRECTIONS.index(found.group(1)) + 3) % 6]
                    if back >= 0:
                        path.append(back)
                path.append(e["to"])
            elif kind == "attack" and 0 <= c < n:
                t = e.get("target", 1 - c if n == 2 else -1)
                if isinstance(t, int) and 0 <= t < n:
                    a, d = caskets[c], caskets[t]
                    tier = str(e.get("tier", ""))
                    strikes.append({"x1": a["x"], "y1": a["y"], "x2": d["x"], "y2": d["y"], "hit": tier in HIT_TIERS,
                                    "tier": tier, "words": (f"{tier.upper()} {e.get('damage', 0)}"
                                                            if tier in HIT_TIERS else tier.upper()),
                                    "tx": d["x"], "ty": round(d["y"] - 17, 1)})
                lines.append({"kind": "attack", "text": e.get("text", "")})
            elif kind == "lose" and 0 <= c < n:  # a run of lost cards reads as one line
                last = lines[-1] if lines else None
                if last is not None and last["kind"] == "lose" and last["casket"] == c:
                    last["count"] += 1
                else:
                    lines.append({"kind": "lose", "casket": c, "count": 1})
            elif kind in ("play", "defense", "react", "destroyed", "out", "victory", "extract", "withdraw",
                          "mulligan", "catastrophe", "execution", "major_wound"):
                lines.append({"kind": kind, "text": e.get("text", "")})
    for x in lines:
        if x["kind"] == "lose":
            x["text"] = f"{caskets[x['casket']]['label']} lost {x['count']} card{'s' if x['count'] != 1 else ''}"
        elif x["kind"] == "move":
            x["text"] = (f"{caskets[x['casket']]['label']} moved {x['count']} hex{'es' if x['count'] != 1 else ''} to "
                         f"{m.hex_name(x['to'])}")
    trails = []
    for c, path in paths.items():
        pts = [hex_xy(m, h) for h in path]
        if len(pts) == 1:  # pushed or moved with no known start: mark where it arrived
            trails.append({"team": caskets[c]["team"], "points": "", "end": pts[0]})
        else:
            trails.append({"team": caskets[c]["team"], "points": " ".join(f"{x},{y}" for x, y in pts),
                           "end": pts[-1]})
    shown = [{**x, "text": SNAKE.sub(lambda w: words(w.group(1)), str(x["text"]))} for x in lines if x["text"]]
    return {"trails": trails, "strikes": strikes[-4:], "lines": shown[-8:]}
