"""The Dangerous Inclinations board: the orbital system as the rules document draws it, the ships on it, and a
plan builder whose buttons are the engine's legal steps, with the pending plan's projection, the places the other
ships can hit the plan's end from, and the exact hit/crit odds of every shot (all from ``state.preview``/``reach``).
"""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import RuleViolation
from gamewright.games.inclinations.actions import EndTurn, Fire
from gamewright.web.boards import inclinations_geometry as geo
from gamewright.web.views import view_for_viewer

TEMPLATE = "inclinations.html"
VERB_ORDER = ("deploy", "allocate", "deallocate", "rotate", "coast", "burn", "transfer", "fire")


def _ship(view_ship: dict[str, Any], current: str | None) -> dict[str, Any]:
    x, y = geo.at(view_ship)
    alive = not view_ship.get("destroyed") and view_ship["hull"] > 0 and view_ship.get("ring", 0) > 0
    return {**view_ship, "x": x, "y": y, "points": geo.ship_marker(view_ship) if alive else "",
            "alive": alive, "acting": view_ship["id"] == current}


def _fire_odds(state: Any, action: Any) -> list[dict[str, Any]]:
    """The shots a fire step adds to the plan, with their exact odds (the preview's last shots)."""
    before = len(state.preview(EndTurn()).get("shots", []))
    return list(state.preview(action).get("shots", []))[before:]


def _reach(state: Any, me: int) -> dict[str, Any]:
    """For each other ship in play: where it can hit the plan's end from, where we can hit it from."""
    threats: list[dict[str, Any]] = []
    strikes: list[dict[str, Any]] = []
    for other, ship in enumerate(state.ships):
        if other == me:
            continue
        try:
            found = state.reach(other)
        except RuleViolation:
            continue  # not on the board or out of the game
        for t in found["threats"]:
            x, y = geo.at(t)
            threats.append({**t, "ship": ship.id, "x": x, "y": y})
        for m in found["moves"]:
            if m["can_hit"]:
                x, y = geo.at(m)
                strikes.append({**m, "ship": ship.id, "x": x, "y": y})
    return {"threats": threats, "strikes": strikes}


def board_context(rt: Any, state: Any, seat: int | None, draft: list[str]) -> dict[str, Any]:
    view = view_for_viewer(state, seat, rt.num_players)
    terminal = bool(state.is_terminal())
    mine = seat is not None and not terminal and state.current_player == seat
    current_id = None if terminal else view["ships"][state.current_player]["id"]
    ships = [_ship(s, current_id) for s in view["ships"]]
    ctx: dict[str, Any] = {
        "wells": geo.wells(), "transfers": geo.transfers(), "ships": ships, "size": geo.SIZE,
        "phase": view["phase"], "round": view["round"], "round_limit": view["options"].get("round_limit"),
        "winner": view.get("winner"), "mine": mine, "plan": list(view.get("plan", [])) if mine else [],
        "groups": [], "projection": None, "reach": {"threats": [], "strikes": []}, "fire": {}, "errors": [],
    }
    if not mine or seat is None:
        return ctx
    legal = state.legal_actions()
    by_verb: dict[str, list[str]] = {}
    for a in legal:
        text = a.to_text()
        by_verb.setdefault(text.split()[0], []).append(text)
        if isinstance(a, Fire):
            ctx["fire"][text] = _fire_odds(state, a)
    ctx["groups"] = [(v, by_verb[v]) for v in VERB_ORDER if v in by_verb]
    ctx["end"] = "end" if "end" in by_verb else None
    if view["phase"] == "play":
        preview = state.preview(EndTurn())
        ctx["errors"] = preview.get("errors", [])
        if preview.get("legal"):
            end = preview["ship"]
            x, y = geo.at(end)
            ctx["projection"] = {
                **end, "x": x, "y": y, "points": geo.ship_marker(end),
                "path": geo.route_path(preview["route"]),
                "drift": preview["drift"], "shots": preview["shots"], "targets": preview["targets"],
            }
        ctx["reach"] = _reach(state, seat)
    return ctx
