"""Affinity's board: the battle map, each fighter's HD pool, Resolve, conditions, marks and defence layers, and
every legal action with its exact preview (``state.preview``), exertion picked with a slider among the levels the
engine lists. Built from ``view_for`` (spectators: the public view); previews only on the viewer's own turn."""

from __future__ import annotations

import math
from typing import Any

from gamewright.games.affinity.reach import reach_map
from gamewright.web.views import view_for_viewer

TEMPLATE = "affinity.html"
CELL = 44  # SVG units per square
SIDES = ("party", "creatures")
# flags on a fighter's sheet that the board names as conditions (the engine's own field names)
CONDITIONS = ("prone", "stunned", "stabilized", "communing", "steadfast", "oath_ready", "exerted_turn")
COUNTERS = ("defend_bonus", "ward_bonus", "rally_dice", "affinity", "held", "purpose_rounds", "htl_rounds")


def fighter_card(f: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    marks = []
    if f.get("mark", -1) >= 0:
        marks.append(f"marks {names.get(f['mark'], f['mark'])}")
    if f.get("analysed", -1) >= 0:
        marks.append(f"analysed {names.get(f['analysed'], f['analysed'])}")
    return {
        "idx": f["idx"], "name": f["name"], "side": SIDES[f["side"]], "side_no": f["side"], "key": f["key"],
        "hd": f["hd"], "hd_max": f["hd_max"], "hd_die": f["hd_die"], "resolve": f["resolve"],
        "resolve_max": f["resolve_max"], "mindless": f["mindless"], "status": f["status"],
        "layers": f["layers"], "conditions": [c.replace("_", " ") for c in CONDITIONS if f.get(c)],
        "counters": [(c.replace("_", " "), f[c]) for c in COUNTERS if f.get(c)], "marks": marks,
        "pending": f.get("pending", ""), "x": f["x"], "y": f["y"], "actions_left": f["actions_left"],
        "move_left": f["move_left"],
    }


def _between(a: dict[str, Any], b: dict[str, Any], trim: float = 15) -> dict[str, float]:
    """A link from token ``a`` to token ``b``, cut short at both ends (drawn under the tokens)."""
    dx, dy = b["cx"] - a["cx"], b["cy"] - a["cy"]
    length = math.hypot(dx, dy) or 1.0
    k = min(trim, length / 2 - 1) / length
    return {"x1": round(a["cx"] + dx * k, 1), "y1": round(a["cy"] + dy * k, 1),
            "x2": round(b["cx"] - dx * k, 1), "y2": round(b["cy"] - dy * k, 1)}


def battle_map(cards: list[dict[str, Any]], active: int, reach: dict[str, Any]) -> dict[str, Any]:
    """Tokens, the acting fighter's reach and the melee zones, all from the engine (``reach_map``); the map
    grows to show every square free movement reaches, and attack reach is drawn where it falls on the map."""
    xs = [c["x"] for c in cards] + [s[0] for s in reach["move"]]
    ys = [c["y"] for c in cards] + [s[1] for s in reach["move"]]
    x0, y0 = min(xs) - 1, min(ys) - 1
    cols, rows = max(xs) - x0 + 2, max(ys) - y0 + 2

    def cells(squares: list[list[int]]) -> list[dict[str, int]]:
        return [{"x": x, "y": y, "px": (x - x0) * CELL, "py": (y - y0) * CELL} for x, y in squares
                if 0 <= x - x0 < cols and 0 <= y - y0 < rows]

    shared: dict[tuple[int, int], list[int]] = {}  # fighters may share a square: fan them out to stay visible
    for c in cards:
        shared.setdefault((c["x"], c["y"]), []).append(c["idx"])
    tokens = []
    for c in cards:
        here = shared[(c["x"], c["y"])]
        shift = (here.index(c["idx"]) * 2 - (len(here) - 1)) * 10
        tokens.append({**c, "cx": (c["x"] - x0) * CELL + CELL // 2, "cy": (c["y"] - y0) * CELL + CELL // 2 + shift,
                       "active": c["idx"] == active, "stacked": len(here) > 1})
    at = {t["idx"]: t for t in tokens}
    links = [{"a": a, "b": b, **_between(at[a], at[b])} for a, b in reach["engaged"]]
    return {"width": cols * CELL, "height": rows * CELL, "cell": CELL, "cols": range(cols + 1),
            "rows": range(rows + 1), "tokens": tokens, "attack": cells(reach["attack"]),
            "move": cells(reach["move"]), "threatened": cells(reach["threatened"]), "links": links,
            "attack_radius": reach["attack_radius"], "move_squares": reach["move_squares"]}


def action_groups(state: Any) -> list[dict[str, Any]]:
    """Legal actions grouped by everything but exertion: one control per group, one preview per exertion level."""
    groups: dict[tuple[Any, ...], dict[str, Any]] = {}
    for act in state.legal_actions():
        key = (act.verb, act.ability, act.target, act.affinity)
        text = act.to_text()
        if key not in groups:
            groups[key] = {"id": f"g{len(groups)}", "verb": act.verb, "ability": act.ability, "target": act.target,
                           "levels": []}
        groups[key]["levels"].append({"exertion": act.exertion, "action": text, "preview": state.preview(act)})
    out = list(groups.values())
    for g in out:
        g["levels"].sort(key=lambda lv: lv["exertion"])
        g["title"] = g["levels"][0]["preview"].get("ability", {}).get("name") or g["levels"][0]["action"]
    return out


def board_context(rt: Any, state: Any, seat: int | None, draft: list[str]) -> dict[str, Any]:
    view = state.view_for(seat) if seat is not None else view_for_viewer(state, None, rt.num_players)
    names = {f["idx"]: f["name"] for f in view["fighters"]}
    cards = [fighter_card(f, names) for f in view["fighters"]]
    mine = seat is not None and not state.is_terminal() and state.current_player == seat
    return {"round": view["round"], "active": view["active"], "active_name": names[view["active"]],
            "winner": view["winner"], "fighters": cards, "map": battle_map(cards, view["active"], reach_map(state)),
            "names": names, "groups": action_groups(state) if mine else []}
