"""Penance's board: the hex map, both caskets, the hand with each attack's exact odds, piles, SP, Heat, zones.

Every number comes from the engine: the seat's ``view_for`` (spectators: the public view), the map the game
is played on, ``legal_actions()`` and ``preview(action)`` for the seat whose turn it is. Geometry that shades
the map (front arc, reach) is asked of the engine's own ``HexMap``; nothing here decides a rule.
"""

from __future__ import annotations

import math
from typing import Any

from gamewright.games.penance.cards import card_table
from gamewright.games.penance.hexgrid import DIRECTIONS, TERRAIN_NAMES
from gamewright.web.views import events_json, view_for_viewer

TEMPLATE = "penance.html"
SIZE = 20.0  # hex radius in SVG units
ROOT3 = math.sqrt(3)
LOG_LINES = 14
CARD_VERBS = ("play", "react", "scrap", "sacrifice", "purge", "lose", "discard")


def centre(idx: int, cols: int) -> tuple[float, float]:
    """Pixel centre of a hex in odd-row offset layout (the engine's ``offset_to_axial``), pointy-top."""
    row, col = divmod(idx, cols)
    return SIZE * ROOT3 * (col + 0.5 * (row & 1) + 0.5) + 4, SIZE * (1.5 * row + 1) + 4


def corners(x: float, y: float) -> str:
    return " ".join(f"{x + SIZE * math.cos(math.radians(60 * k - 30)):.1f},"
                    f"{y + SIZE * math.sin(math.radians(60 * k - 30)):.1f}" for k in range(6))


def _map(state: Any) -> dict[str, Any]:
    m = state.map
    hexes = []
    for i, t in enumerate(m.terrain):
        x, y = centre(i, m.cols)
        hexes.append({"i": i, "name": m.hex_name(i), "terrain": TERRAIN_NAMES[t], "x": round(x, 1),
                      "y": round(y, 1), "points": corners(x, y)})
    width = SIZE * ROOT3 * (m.cols + 0.5) + 8
    height = SIZE * (1.5 * m.rows + 0.5) + 8
    return {"hexes": hexes, "width": round(width, 1), "height": round(height, 1), "cols": m.cols}


def _casket(state: Any, p: int, side: dict[str, Any]) -> dict[str, Any]:
    m = state.map
    pos = m.parse_hex(side["hex"])
    facing = DIRECTIONS.index(side["facing"])
    x, y = centre(pos, m.cols)
    a = math.radians(60 * facing)
    arc = [h for h in range(len(m.terrain)) if h != pos and m.in_front_arc(pos, facing, h)]
    return {"p": p, "team": state.team[p], "out": bool(side.get("out")), "pos": pos, "x": round(x, 1),
            "y": round(y, 1), "facing": side["facing"],
            "tail_x": round(x + 12 * math.cos(a), 1), "tail_y": round(y + 12 * math.sin(a), 1),
            "nose_x": round(x + SIZE * 0.95 * math.cos(a), 1), "nose_y": round(y + SIZE * 0.95 * math.sin(a), 1),
            "arc": arc}


def _reach(state: Any, pos: int, facing: int, cid: str) -> list[int]:
    """The hexes an attack card reaches from ``pos``: the engine's distances and its front-three hexes."""
    c = card_table()[cid]
    m = state.map
    if c.area == "front3":
        return list(m.front_hexes(pos, facing))
    reach = c.radius if c.area == "radius" else c.range
    return [h for h in range(len(m.terrain)) if h != pos and m.dist[pos][h] <= reach]


def _pct(prob: dict[str, Any]) -> str:
    return f"{100 * prob['float']:.1f}%"


def _hand(state: Any, side: dict[str, Any], legal: list[Any], casket: dict[str, Any]) -> list[dict[str, Any]]:
    table = card_table()
    by_card: dict[int, list[Any]] = {}
    for a in legal:
        if a.kind in CARD_VERBS and a.card >= 0:
            by_card.setdefault(a.card, []).append(a)
    out = []
    for h in side.get("hand", []):
        c = table[h["card"]]
        buttons = []
        for a in by_card.get(h["id"], []):
            pv = state.preview(a)
            b: dict[str, Any] = {"action": a.to_text(), "label": a.to_text(), "kind": a.kind}
            if pv.get("kind") == "attack":
                aim = pv["component"] or "hit-location die"
                if "targets" in pv:  # squads: the enemy (or every enemy of an area attack) it rolls against
                    aim = f"{', '.join(pv['targets'])} {aim}"
                b.update(target=aim, hit=_pct(pv["hit"]), hit_p=pv["hit"]["p"],
                         expected=f"{pv['expected_taken']['float']:.2f}", expected_p=pv["expected_taken"]["p"],
                         tn=pv["tn"], side=pv["side"])
            elif "sp_cost" in pv:
                b["cost"] = pv["sp_cost"]
            buttons.append(b)
        facing = DIRECTIONS.index(casket["facing"])
        out.append({"id": h["id"], "card": h["card"], "name": h["name"], "cost": h["cost"], "kind": c.kind,
                    "text": c.text, "primary": state.slot(h["card"]) == "primary", "reactive": c.reactive,
                    "attack": c.is_attack, "buttons": buttons,
                    "reach": _reach(state, casket["pos"], facing, h["card"]) if c.is_attack else []})
    return out


def _controls(state: Any, legal: list[Any]) -> list[dict[str, Any]]:
    out = []
    for a in legal:
        if a.kind in CARD_VERBS and a.card >= 0:
            continue
        pv = state.preview(a)
        out.append({"action": a.to_text(), "kind": a.kind, "does": pv.get("does", ""), "cost": pv.get("sp_cost")})
    return out


def _side(state: Any, p: int, side: dict[str, Any], mine: bool) -> dict[str, Any]:
    comps = [{"name": k.replace("_", " "), "key": k, **v} for k, v in side["components"].items()]
    return {"p": p, "team": state.team[p], "label": side.get("label", f"P{p + 1}"), "out": side.get("out", ""),
            "extracted": side.get("extracted", False), "class": side["class"], "deck_spec": side["deck_spec"],
            "sp": side["sp"],
            "sp_max": side["sp_max"], "heat": side["heat"], "heat_zone": side["heat_zone"], "deck": side["deck"],
            "hand_size": side["hand_size"],
            "discard": len(side["discard"]), "lost": len(side["graveyard"]), "wounds": side["wounds"],
            "wound_deck": side["wound_deck"], "runes": side["runes"], "components": comps, "mine": mine,
            "revealed": side.get("revealed", []), "hex": side["hex"], "facing": side["facing"]}


def _my_casket(state: Any, seat: int | None) -> int | None:
    """The casket whose hand the seat's page shows: one-on-one the seat's; in squads the one deciding now
    when it is the seat's, else the seat's first still fighting (issue 16: a seat commands its side)."""
    if seat is None or not state.squad:
        return seat
    mine = [c for c, t in enumerate(state.team) if t == seat]
    acting = state.acting_casket
    if acting in mine:
        return int(acting)
    return next((c for c in mine if not state.sides[c].out), mine[0])


def board_context(rt: Any, state: Any, seat: int | None, draft: list[str]) -> dict[str, Any]:
    view = view_for_viewer(state, seat, rt.num_players)
    sides = view["sides"]
    caskets = [_casket(state, p, s) for p, s in enumerate(sides)]
    mine = seat is not None and not state.is_terminal() and state.current_player == seat
    legal = list(state.legal_actions()) if mine else []
    me = _my_casket(state, seat)
    focus = me if me is not None else max(view.get("turn_player", 0), 0)
    hand = _hand(state, sides[me], legal, caskets[me]) if me is not None else []
    seq = rt.head[0]
    log = [e["text"] for k in range(1, seq + 1) for e in events_json(rt.events[k], seat) if e.get("text")]
    return {"pen": {
        "map": _map(state), "caskets": caskets, "arc": caskets[focus]["arc"], "focus": focus,
        "sides": [_side(state, p, s, p == seat) for p, s in enumerate(sides)], "hand": hand,
        "controls": _controls(state, legal), "mine": mine, "pending": view.get("pending"),
        "hand_of": sides[me].get("label", "") if me is not None and state.squad else "",
        "round": view.get("round"), "log": log[-LOG_LINES:][::-1], "seat": seat,
    }}
