"""Space Prince's board: the Prince's wheel beside the opponent's, a button per planet to send with its preview,
the aspect lines a send would fire (glowing on hover/focus) and the last turn's propagation played in order.

Every number comes from the engine: the seat's view (a spectator's: the public view), ``legal_actions`` and
``preview``; the wheels are ``games/prince/svg.py``'s.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from gamewright.core.game import events_for
from gamewright.games.prince.chart import EARLIEST, Chart, Moment, chart_of_sky, compute_chart
from gamewright.games.prince.svg import PLANET_GLYPHS, WheelLook, WheelProgress, chart_svg
from gamewright.games.prince.tables import PLANETS, SIGNS
from gamewright.web.views import view_for_viewer

TEMPLATE = "prince.html"
SIDES = {"player": "you", "opponent": "opp"}  # preview/event side → the wheel's id prefix


def sign_chart(chart_json: dict[str, Any]) -> Chart:
    """A chart known by its signs only (the view's ``{"signs", "asc_sign"}``): each planet placed inside its sign,
    neighbours in one sign spread apart. Whole-sign houses and sign aspects are exact; degrees are not shown."""
    signs = {p: SIGNS.index(s) for p, s in chart_json["signs"].items()}
    longitudes: dict[str, float] = {}
    for sign in set(signs.values()):
        here = [p for p in PLANETS if signs[p] == sign]
        for k, p in enumerate(here):
            longitudes[p] = sign * 30 + 30 * (k + 1) / (len(here) + 1)
    asc_sign = SIGNS.index(chart_json["asc_sign"]) if chart_json.get("asc_sign") else 0
    return chart_of_sky(Moment(EARLIEST, 0.0, 0.0), asc_sign * 30 + 15.0, longitudes)


def aspect_id(prefix: str, a: str, b: str) -> str:
    """The id ``chart_svg`` gives the a–b aspect line (pairs in PLANETS order)."""
    p1, p2 = sorted((a, b), key=PLANETS.index)
    return f"{prefix}-aspect-{p1}-{p2}"


def _chances(by_planet: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"planet": p, "p": c} for p, c in by_planet.items()]


def _changes(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"delta": f"{r['delta']:+d}", "p": {"p": r["p"], "float": r["float"]}} for r in rows]


def send_option(state: Any, action: Any) -> dict[str, Any]:
    """One planet's button: its preview as shown, and the aspect lines its propagation would fire."""
    pv = state.preview(action)
    sent, against = pv["action"], pv["opponent_planet"]
    change = pv["affliction_change"]
    acting = {"player": sent, "opponent": against}
    spread = {side: [p for p in change[side] if p != acting[side]] for side in ("player", "opponent")}
    fires = [aspect_id(SIDES[side], acting[side], p) for side in spread for p in spread[side]]
    return {
        "text": action.to_text(), "planet": sent, "glyph": PLANET_GLYPHS[sent], "against": against,
        "polarity": pv["polarity"],
        "take": _changes(change["player"].get(sent, [])),
        "deal": _changes(change["opponent"].get(against, [])),
        "crit": pv["crit_chance"],
        "combustion": {side: _chances(pv["combustion"][side]) for side in ("player", "opponent")},
        "spread": spread, "propagation_risk": pv["propagation_risk"],
        "expected": pv["expected_score"]["value"], "fires": fires,
    }


def last_turn(rt: Any, seat: int | None) -> dict[str, Any] | None:
    """The latest move's turn event as this viewer may see it: its propagation steps, in order, as line ids."""
    turns = [e for e in events_for(rt.events[-1], seat) if e.kind == "turn"] if len(rt.events) > 1 else []
    if not turns:
        return None
    data = turns[-1].data
    steps = [
        {"line": aspect_id(SIDES[s["side"]], s["from"], s["to"]), "text": f"{s['from']} → {s['to']} ({s['aspect']})",
         "side": s["side"]}
        for s in data.get("propagation", [])
    ]
    return {"text": turns[-1].text, "steps": steps}


def _side(view_side: dict[str, Any], unlocked: list[str] | None) -> list[dict[str, Any]]:
    return [
        {"planet": p, "glyph": PLANET_GLYPHS[p], "affliction": view_side["affliction"][p],
         "combust": p in view_side["combust"], "locked": unlocked is not None and p not in unlocked}
        for p in PLANETS
    ]


def board_context(rt: Any, state: Any, seat: int | None, draft: list[str]) -> dict[str, Any]:
    view = state.view_for(seat) if seat is not None else view_for_viewer(state, None, rt.num_players)
    progress = view["progress"]
    wheel_progress = WheelProgress(
        frozenset(view["unlocked"]),
        frozenset(frozenset(pair) for pair in progress["active_aspects"]),
        tuple(int(progress["illumination"][str(h)]) for h in range(1, 13)),
    )
    player = view["player"]
    you = chart_svg(
        sign_chart(player["chart"]), "Your Prince", wheel_progress,
        WheelLook("you", inline=True, degrees=False, combust=frozenset(player["combust"]),
                  subtitle=f"{'diurnal (day)' if player['chart']['sect'] == 'day' else 'nocturnal (night)'} · "
                           f"ASC {player['chart']['asc_sign']} · whole-sign houses"),
    )
    opp = view["opponent"]
    opp_svg = None
    if opp.get("moment"):
        opp_svg = chart_svg(
            compute_chart(Moment.from_json(opp["moment"])), f"Opponent · encounter {view['encounter'] + 1}", None,
            WheelLook("opp", inline=True, combust=frozenset(opp["combust"])),
        )
    mine = seat is not None and not state.is_terminal() and state.current_player == seat
    options = [send_option(state, a) for a in state.legal_actions()] if mine else []
    return {
        "prince": {
            "you_svg": Markup(you), "opp_svg": Markup(opp_svg) if opp_svg else None,
            "you": _side(player, view["unlocked"]), "opp": _side(opp, None),
            "current": view["current"], "encounter": view["encounter"] + 1, "turn": view["turn"],
            "distance": view["distance"], "status": view["status"], "options": options,
            "last": last_turn(rt, seat), "mine": mine,
        }
    }
