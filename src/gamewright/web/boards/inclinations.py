"""The Dangerous Inclinations board: the orbital system as the rules document draws it, the ships on it, and the
turn chosen on it — a place to deploy, a place to move to, a ship to fire at — each with its exact preview
(``seen.preview``) in a panel and a confirm control carrying the step's exact text (``data-action``).

The board sees only what the seat may see (``Seen``): the ships from the view, the legal texts and previews on
the seat's own turn, the visible events. Everything else — where another ship can hit the plan's end from, the
moves that need more engine power, the moves to prepare while others play — is worked out from that public data
by the game's pure functions (``games.inclinations.forecast``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamewright.games.inclinations import forecast
from gamewright.games.inclinations.board import PLANET_ANGLE, SECTORS, WELLS
from gamewright.games.inclinations.ship import MAX_ENERGY, MIN_ENERGY, SUBSYSTEMS, Ship
from gamewright.web.boards import Seen
from gamewright.web.boards import inclinations_geometry as geo

TEMPLATE = "inclinations.html"
MOVES = ("coast", "burn", "transfer")
SUMMARY_MOVES = 12  # "since your last turn" reads at most this many moves back
SUBSYSTEM_WORDS = {"engines": "Engines", "thrusters": "Thrusters", "scoop": "Fuel scoop", "laser": "Laser",
                   "railgun": "Railgun", "missiles": "Missiles", "shields": "Shields"}
WELL_WORDS = {"blackhole": "black hole", **{w: w for w in WELLS[1:]}}


# --- words --------------------------------------------------------------------------------------------
def toward(sector: int) -> str:
    """Which way a black-hole sector points, in planets: sector 0 faces alpha and they count clockwise (002
    Planets: alpha at 0°, a planet every 60°, 15° a sector)."""
    by_sector = {angle // 15: name for name, angle in PLANET_ANGLE.items()}
    near = round(sector / 4) * 4 % SECTORS
    if abs(sector - round(sector / 4) * 4) <= 1:
        return f"toward {by_sector[near]}"
    low = (sector // 4) * 4
    return f"between {by_sector[low % SECTORS]} and {by_sector[(low + 4) % SECTORS]}"


def where(place: dict[str, Any]) -> str:
    """A place in words: the well, the ring, the sector (and, in the black hole, which planet it points to)."""
    well, ring, sector = str(place["well"]), int(place["ring"]), int(place["sector"])
    text = f"{WELL_WORDS.get(well, well)} ring {ring}, sector {sector}"
    return f"{text} ({toward(sector)})" if well == "blackhole" else text


def step_words(text: str) -> str:
    """A planning step as a sentence part (the exact text stays on the control's ``data-action``)."""
    words = text.split()
    verb = words[0]
    if verb == "deploy":
        sector = int(words[1])
        return f"Deploy at black hole ring 4, sector {sector} ({toward(sector)})"
    if verb in ("allocate", "deallocate"):
        sub = SUBSYSTEM_WORDS.get(words[1], words[1])
        return f"{'Power' if verb == 'allocate' else 'Unpower'} {sub.lower()}: {'+' if verb == 'allocate' else '−'}" \
               f"{words[2]} energy"
    if verb == "rotate":
        return f"Turn to face {words[1]}"
    if verb == "coast":
        return "Coast and scoop fuel" if "scoop" in words else "Coast (drift along the ring)"
    if verb == "burn":
        adjust = int(words[2]) if len(words) > 2 else 0
        shift = f", {abs(adjust)} sector{'s' if abs(adjust) != 1 else ''} {'on' if adjust > 0 else 'back'}" \
            if adjust else ""
        return f"Burn {words[1]}{shift}"
    if verb == "transfer":
        return f"Transfer to {WELL_WORDS.get(words[1], words[1])}"
    if verb == "fire":
        rest = [w for w in words[2:] if w != "compensate"]
        extra = " (compensating the recoil)" if "compensate" in words else ""
        return f"Fire the {words[1]} at {' and '.join(rest)}{extra}"
    if verb == "end":
        return "End the turn: carry out the plan"
    return text


# --- pieces ---------------------------------------------------------------------------------------------
def _ship(view_ship: dict[str, Any], seat: int, current_id: str | None, viewer: int | None) -> dict[str, Any]:
    alive = not view_ship.get("destroyed") and view_ship["hull"] > 0 and view_ship.get("ring", 0) > 0
    x, y = geo.at(view_ship) if view_ship.get("ring", 0) > 0 else (geo.CENTRE, geo.CENTRE)
    return {**view_ship, "seat": seat, "x": x, "y": y, "points": geo.ship_marker(view_ship) if alive else "",
            "alive": alive, "acting": view_ship["id"] == current_id, "mine": seat == viewer,
            "deployed": view_ship.get("ring", 0) > 0, "shields": view_ship["energy"].get("shields", 0),
            "where": where(view_ship) if view_ship.get("ring", 0) > 0 else "not deployed yet"}


def _pos_id(place: dict[str, Any]) -> str:
    return f"pos-{place['well']}-{place['ring']}-{place['sector']}"


def _place_of(ship: Ship) -> dict[str, Any]:
    return {"well": WELLS[ship.well], "ring": ship.ring, "sector": ship.sector,
            "facing": "prograde" if ship.facing > 0 else "retrograde"}


def _shots(shots: Sequence[dict[str, Any]], targets: dict[str, Any]) -> list[dict[str, Any]]:
    """The preview's shots with their chances (exact values kept for ``pct``) and each target's fate."""
    out = []
    for sh in shots:
        fate = targets.get(sh["target"], {})
        out.append({"weapon": sh["weapon"], "target": sh["target"], "hit": sh["hit"], "crit": sh["crit"],
                    "damage": sh["hull_damage"], "destroyed": fate.get("destroyed")})
    return out


def _last_move(seen: Seen, ships: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The last move drawn: the mover's path (from its movement events), its shots and whom they hit."""
    k = seen.seq
    if k < 1 or k >= len(seen.events):
        return None
    mover = seen.movers[k] if k < len(seen.movers) else -1
    events = seen.events[k]
    if not 0 <= mover < len(ships):
        return None
    ship = ships[mover]
    transfer = next((e for e in events if e["event"] == "transfer"), None)
    well = transfer["from"][0] if transfer else ship["well"]
    route: list[dict[str, Any]] = []
    shots: list[dict[str, Any]] = []
    hit: set[str] = set()
    by_id = {s["id"]: s for s in ships}
    for e in events:
        kind = e["event"]
        if kind == "coast" and e.get("ship") == ship["id"]:
            route.extend([{"well": well, "ring": e["ring"], "sector": e["from"]},
                          {"well": well, "ring": e["ring"], "sector": e["to"]}])
        elif kind == "burn" and e.get("ship") == ship["id"]:
            route.extend([{"well": well, "ring": e["from"][0], "sector": e["from"][1]},
                          {"well": well, "ring": e["to"][0], "sector": e["to"][1]}])
        elif kind == "transfer":
            well = e["to"][0]
            route.extend([{"well": e["from"][0], "ring": e["from"][1], "sector": e["from"][2]},
                          {"well": e["to"][0], "ring": e["to"][1], "sector": e["to"][2]}])
        elif kind == "recoil" and route:
            route.append({**route[-1], "ring": e["to"]})
        elif kind == "fire":
            x1, y1 = geo.at({"well": e["from"][0], "ring": e["from"][1], "sector": e["from"][2]})
            for tid in e["targets"]:
                target = by_id.get(tid)
                if target and target["deployed"]:
                    shots.append({"x1": x1, "y1": y1, "x2": target["x"], "y2": target["y"], "weapon": e["weapon"],
                                  "target": tid})
        elif kind in ("hit", "crit", "heat_damage"):
            hit.add(str(e.get("target") or e.get("ship")))
    deduped = [p for i, p in enumerate(route) if i == 0 or p != route[i - 1]]
    return {"ship": ship["id"], "seat": mover, "path": geo.route_path(deduped) if len(deduped) > 1 else "",
            "shots": shots, "hit": sorted(h for h in hit if h),
            "deployed": any(e["event"] == "deploy" for e in events)}


def _sentences(events: list[dict[str, Any]], mover: dict[str, Any]) -> list[str]:
    """One move's visible events as short sentences: where the mover went, what it fired and what that did."""
    out: list[str] = []
    went: dict[str, Any] | None = None
    well, mover_id = mover["well"], mover["id"]  # a coast or a burn happens in the well the ship is in now
    for e in events:
        kind = e["event"]
        if kind == "deploy":
            out.append(f"deployed at black hole ring {e['ring']}, sector {e['sector']}")
        elif kind == "transfer":
            well = e["to"][0]
            went = {"well": well, "ring": e["to"][1], "sector": e["to"][2]}
        elif kind in ("coast", "burn") and e.get("ship") == mover_id:
            ring, sector = (e["ring"], e["to"]) if kind == "coast" else (e["to"][0], e["to"][1])
            went = {"well": well, "ring": ring, "sector": sector, "burn": kind == "burn"}
        elif kind == "fire":
            out.append(f"fired the {e['weapon']} at {', '.join(e['targets'])}")
        elif kind == "hit":
            shield = f" ({e['absorbed']} taken by shields)" if e.get("absorbed") else ""
            out.append(f"hit {e['target']} for {e['hull_damage']} hull damage{shield}, hull now {e['hull']}")
        elif kind == "miss":
            out.append(f"missed {e['target']}")
        elif kind == "crit":
            lost = f": {e['subsystem']} lost {e['energy']} energy" if e.get("subsystem") else ""
            out.append(f"critical hit on {e['target']}{lost}")
        elif kind == "heat_damage":
            out.append(f"{e['ship']} overheated: {e['damage']} hull damage, hull now {e['hull']}")
        elif kind == "destroyed":
            out.append(f"{e['ship']} was destroyed")
        elif kind == "game_over":
            out.append(str(e.get("text") or "the game is over"))
    if went is not None:
        verb = "burned to" if went.get("burn") else "moved to"
        out.insert(0, f"{verb} {where(went)}")
    return out


def _since_last_turn(seen: Seen, ships: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves made by the others since this seat last acted, each as a few sentences (newest last)."""
    if seen.seat is None:
        return []
    last = max((k for k in range(len(seen.movers)) if seen.movers[k] == seen.seat), default=0)
    first = max(last + 1, seen.seq - SUMMARY_MOVES + 1, 1)
    out = []
    for k in range(first, min(seen.seq, len(seen.events) - 1) + 1):
        mover = seen.movers[k] if k < len(seen.movers) else -1
        if mover == seen.seat or not 0 <= mover < len(ships):
            continue
        said = _sentences(seen.events[k], ships[mover])
        out.append({"ship": ships[mover]["id"], "seat": mover, "said": said or ["stayed on course"]})
    return out


# --- the seat's turn --------------------------------------------------------------------------------------
def _deploy_choices(seen: Seen, me: int) -> list[dict[str, Any]]:
    sectors = [int(t.split()[1]) for t in seen.legal if t.startswith("deploy ")]
    ships = forecast.ships_of(seen.view)
    tr = forecast.turn_rules(seen.view["options"])
    threats = forecast.deploy_threats(ships, me, sectors, tr)
    by_id = {s.id: s for s in ships}
    odds: dict[tuple[str, str], dict[str, Any]] = {}  # the same wherever the ship stands: worked out once
    out = []
    for sector in sectors:
        place = {"well": "blackhole", "ring": 4, "sector": sector, "facing": "prograde"}
        x, y = geo.at(place)
        found = []
        for t in threats[sector]:
            if not t["damage"]:
                continue
            for w in t["weapons"]:
                if (t["ship"], w) not in odds:
                    odds[t["ship"], w] = _incoming(by_id[t["ship"]], forecast.deployed(ships[me], sector), [w], tr)[0]
            found.append({**t, "shots": [odds[t["ship"], w] for w in t["weapons"]]})
        out.append({"id": f"deploy-{sector}", "action": f"deploy {sector}", "x": x, "y": y, "sector": sector,
                    "where": where(place), "threats": found})
    return out


def _energy_rows(seen: Seen, energy: dict[str, int]) -> list[dict[str, Any]]:
    """Each subsystem's energy with the steps that change it (+1, −1, and up to the least it works with)."""
    rows = []
    for i, sub in enumerate(SUBSYSTEMS):
        have = int(energy.get(sub, 0))
        buttons = []
        if f"deallocate {sub} 1" in seen.legal:
            buttons.append({"action": f"deallocate {sub} 1", "label": "−1"})
        if f"allocate {sub} 1" in seen.legal:
            buttons.append({"action": f"allocate {sub} 1", "label": "+1"})
        up = MIN_ENERGY[i] - have
        if up > 1 and f"allocate {sub} {up}" in seen.legal:
            buttons.append({"action": f"allocate {sub} {up}", "label": f"+{up} (to work)"})
        rows.append({"sub": sub, "name": SUBSYSTEM_WORDS[sub], "have": have, "most": MAX_ENERGY[i],
                     "works": have >= MIN_ENERGY[i], "least": MIN_ENERGY[i], "buttons": buttons})
    return rows


def _move_choice(seen: Seen, text: str, start: dict[str, Any]) -> dict[str, Any] | None:
    p = seen.preview(text)
    if not p.get("legal"):
        return None
    end = p["ship"]
    return {"action": text, "words": step_words(text), "heat": end["heat"], "free": end["free"],
            "mass": int(start["mass"]) - int(end["mass"]), "engines": end["energy"]["engines"],
            "shots": _shots(p.get("shots", []), p.get("targets", {})), "place": end,
            "path": geo.route_path(p.get("route", []))}


def _group_places(choices: list[tuple[dict[str, Any], dict[str, Any]]]) -> list[dict[str, Any]]:
    """(place, option) pairs gathered by place: one target on the board per place."""
    places: dict[str, dict[str, Any]] = {}
    for place, option in choices:
        pid = _pos_id(place)
        if pid not in places:
            x, y = geo.at(place)
            places[pid] = {"id": pid, "x": x, "y": y, "where": where(place), "direct": [], "power": [],
                           "path": option.get("path", "")}
        places[pid]["power" if option.get("power") else "direct"].append(option)
    return list(places.values())


def _play_choices(seen: Seen, me: int, ctx: dict[str, Any]) -> None:
    view_me = seen.view["ships"][me]
    end: dict[str, Any] = seen.preview("end") if "end" in seen.legal else {"legal": False, "errors": []}
    ctx["errors"] = end.get("errors", [])
    energy = dict(view_me["energy"])
    if end.get("legal"):
        ship = end["ship"]
        energy = dict(ship["energy"])
        x, y = geo.at(ship)
        ctx["projection"] = {**ship, "x": x, "y": y, "points": geo.ship_marker(ship), "where": where(ship),
                             "path": geo.route_path(end["route"]), "drift": end["drift"],
                             "shots": _shots(end["shots"], end["targets"])}
    ctx["energy"] = _energy_rows(seen, energy)
    # the moves: those legal now, with their previews, and those that need the engines powered first
    pairs: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for text in seen.legal:
        if text.split()[0] in MOVES:
            choice = _move_choice(seen, text, view_me)
            if choice is not None:
                pairs.append((choice["place"], choice))
    direct = {_pos_id(p) for p, _ in pairs}
    ships = forecast.ships_of(seen.view)
    tr = forecast.turn_rules(seen.view["options"])
    plan = forecast.steps_of(seen.view.get("plan", []))
    # the moves a step or two away: more engine power first, or turning round first (a prograde burn from the
    # outermost ring leaves the well: ref Movement), the first of those steps being the confirm control
    for turned in (False, True):
        for option in forecast.move_options(ships, me, plan, tr, turn_around=turned, powered_only=not turned):
            first = option["steps"][0]
            if len(option["steps"]) < 2 or first not in seen.legal:
                continue
            place = _place_of(option["ship"])
            pairs.append((place, {"action": first, "first": [step_words(x) for x in option["steps"][:-1]],
                                  "power": len(option["steps"]) - 1, "words": step_words(option["move"]),
                                  "heat": option["heat"], "mass": option["mass"],
                                  "path": geo.route_path(option["route"]), "direct_here": _pos_id(place) in direct}))
    ctx["places"] = _group_places(pairs)
    # the shots: each fire step with the odds of the shots it adds, gathered by target ship
    before = len(end.get("shots", [])) if end.get("legal") else 0
    fires: dict[str, list[dict[str, Any]]] = {}
    for text in seen.legal:
        if text.startswith("fire "):
            p = seen.preview(text)
            shots = _shots(list(p.get("shots", []))[before:], p.get("targets", {}))
            for target in {s["target"] for s in shots}:
                fires.setdefault(target, []).append({"action": text, "words": step_words(text), "shots": shots})
    ctx["fires"] = fires
    shown = {a["action"] for rows in ctx["energy"] for a in rows["buttons"]}
    shown |= {o["action"] for p in ctx["places"] for o in p["direct"] + p["power"]}
    shown |= {f["action"] for fs in fires.values() for f in fs}
    ctx["more"] = [(t, step_words(t)) for t in seen.legal if t not in shown and t != "end"]
    ctx["reach"], ctx["incoming"] = _reach(ships, me, plan, tr)


def _incoming(shooter: Ship, target: Ship, weapons: Sequence[str], tr: Any) -> list[dict[str, Any]]:
    """The exact odds of each of ``weapons`` fired by ``shooter`` at ``target`` where it stands."""
    out = []
    for weapon in weapons:
        odds = forecast.shot_odds(weapon, shooter, target, tr)
        out.append({"weapon": weapon, "hit": odds["hit"], "crit": odds["crit"], "damage": odds["hull_damage"]})
    return out


def _reach(ships: list[Ship], me: int, plan: list[Any],
           tr: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """For each other ship in play: where it can hit the plan's end from (and with what odds), where we can hit
    it from."""
    threats: list[dict[str, Any]] = []
    strikes: list[dict[str, Any]] = []
    incoming: list[dict[str, Any]] = []
    end = forecast.plan_end(ships, me, plan, tr)
    for other, ship in enumerate(ships):
        if other == me or not ship.ring or ship.hull <= 0:
            continue  # not on the board or out of the game
        found = forecast.reach_after_plan(ships, me, other, plan, tr)
        for t in found["threats"]:
            x, y = geo.at(t)
            threats.append({**t, "ship": ship.id, "x": x, "y": y})
        for m in found["moves"]:
            if m["can_hit"]:
                x, y = geo.at(m)
                strikes.append({**m, "ship": ship.id, "x": x, "y": y})
        weapons = sorted({w for t in found["threats"] for w in t["weapons"]})
        if weapons:
            incoming.append({"ship": ship.id, "seat": other, "shots": _incoming(ship, end, weapons, tr)})
    return {"threats": threats, "strikes": strikes}, incoming


def _prepare_choices(seen: Seen, me: int) -> list[dict[str, Any]]:
    """While the others play: where this seat's ship can go on its coming turn (it does not move before then),
    with the steps that get it there, to be prepared in the page and checked again when the turn comes."""
    ships = forecast.ships_of(seen.view)
    tr = forecast.turn_rules(seen.view["options"])
    pairs = []
    for turned in (False, True):
        for option in forecast.move_options(ships, me, [], tr, turn_around=turned):
            place = _place_of(option["ship"])
            pairs.append((place, {"steps": option["steps"], "words": "; ".join(step_words(s) for s in
                                                                                 option["steps"]),
                                  "heat": option["heat"], "mass": option["mass"],
                                  "path": geo.route_path(option["route"]), "power": 0}))
    return _group_places(pairs)


# --- the board ---------------------------------------------------------------------------------------------
def drawing(view_ships: Sequence[dict[str, Any]], current_id: str | None = None,
            viewer: int | None = None) -> dict[str, Any]:
    """What the orbital drawing (``inclinations_svg.html``) reads, with nothing to choose on it: the wells, the
    transfer arcs and the ships (the what-if tool draws its answers with it too)."""
    return {"wells": geo.wells(), "transfers": geo.transfers(), "size": geo.SIZE,
            "ships": [_ship(s, i, current_id, viewer) for i, s in enumerate(view_ships)],
            "deploys": [], "places": [], "fires": {}, "prepare": [], "last": None, "projection": None,
            "reach": {"threats": [], "strikes": []}}


def board_context(seen: Seen) -> dict[str, Any]:
    view = seen.view
    over = seen.terminal
    current_id = None if over or not 0 <= seen.current < len(view["ships"]) else view["ships"][seen.current]["id"]
    ctx: dict[str, Any] = drawing(view["ships"], current_id, seen.seat)
    ships = ctx["ships"]
    mine = seen.mine and seen.seat is not None
    ctx.update({
        "phase": view["phase"], "round": view["round"], "round_limit": view["options"].get("round_limit"),
        "winner": view.get("winner"), "mine": mine, "seat": seen.seat, "game_id": seen.game_id, "seq": seen.seq,
        "acting": current_id, "terminal": over,
        "plan": [(t, step_words(t)) for t in view.get("plan", [])] if mine else [],
        "draft": "; ".join(seen.draft) if mine else "", "legal": list(seen.legal),  # the seat's own only
        "energy": [], "more": [], "errors": [], "incoming": [],
        "last": _last_move(seen, ships), "since": _since_last_turn(seen, ships),
        "end": "end" in seen.legal,
    })
    if mine:
        assert seen.seat is not None
        if view["phase"] == "deploy":
            ctx["deploys"] = _deploy_choices(seen, seen.seat)
        else:
            _play_choices(seen, seen.seat, ctx)
    elif seen.seat is not None and not over and view["phase"] == "play" and ships[seen.seat]["alive"]:
        ctx["prepare"] = _prepare_choices(seen, seen.seat)
    return ctx


__all__ = ["TEMPLATE", "board_context", "drawing", "step_words", "toward", "where"]
