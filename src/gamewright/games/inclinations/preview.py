"""``preview(action)``: what an action will do before it is applied (issue 10 §1, an exact interface).

The projection of the acting ship (ring, sector, facing, heat, energy, mass) is deterministic: the plan is run on
copies by the same ``simulate`` that executes it. The shots are random: each is resolved by the same ``shoot``
that executes it, driven by a stream that answers every draw with each of its faces in turn, so every outcome is
enumerated with its exact probability. Shots at different targets are independent (a shot changes only its
target), so each target keeps its own distribution. A target's destruction is then read after everything ``end``
resolves: the turn passes on through the next seats' start-of-turn heat steps (002 Heat Dissipation), where the
heat of absorbed damage and of critical hits (002 Critical Hits: "can cascade heat damage") can finish a ship, and
those steps depend on the targets jointly (a ship destroyed there passes the turn on to the next seat's heat step),
so they are run by the state's own turn passing on every combination of the targets' outcomes. Nothing here
touches the state or its random stream.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from gamewright.core.dice import fraction_text
from gamewright.core.errors import RuleViolation
from gamewright.core.game import Event
from gamewright.games.inclinations.actions import Deploy, EndTurn, Step
from gamewright.games.inclinations.board import FACING_NAME, WELLS
from gamewright.games.inclinations.reach import mover_positions, threats
from gamewright.games.inclinations.ship import REACTOR, SUBSYSTEMS, Ship
from gamewright.games.inclinations.turn import MOVEMENT_TYPES, TurnRules, simulate, start_of_turn, validate
from gamewright.games.inclinations.weapons import shoot

T = TypeVar("T")
Distribution = list[tuple[Fraction, Ship]]


class FaceRng:
    """A random stream for enumeration: draw i takes face ``script[i]`` (face 0 past the script's end) and every
    draw's number of faces is recorded. Resolution draws only dice and choices, so faces are its outcomes."""

    def __init__(self, script: Sequence[int]) -> None:
        self.script = script
        self.picks: list[int] = []
        self.sizes: list[int] = []

    def _pick(self, faces: int) -> int:
        depth = len(self.picks)
        face = self.script[depth] if depth < len(self.script) else 0
        self.picks.append(face)
        self.sizes.append(faces)
        return face

    def die(self, sides: int) -> int:
        return self._pick(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self._pick(len(items))]


def outcomes(run: Callable[[FaceRng], T]) -> list[tuple[Fraction, T]]:
    """Every outcome of ``run`` over all faces of all its draws, with its exact probability (depth first)."""
    out: list[tuple[Fraction, T]] = []
    stack: list[list[int]] = [[]]
    while stack:
        script = stack.pop()
        rng = FaceRng(script)
        result = run(rng)
        p = Fraction(1)
        for n in rng.sizes:
            p /= n
        out.append((p, result))
        for depth in range(len(script), len(rng.sizes)):  # the draws that took face 0 by default branch here
            stack.extend([*rng.picks[:depth], face] for face in range(1, rng.sizes[depth]))
    return out


def prob(value: Fraction) -> dict[str, Any]:
    return {"p": fraction_text(value), "float": float(value)}


def _merge(dist: list[tuple[Fraction, Ship]]) -> Distribution:
    merged: dict[Any, tuple[Fraction, Ship]] = {}
    for p, ship in dist:
        key = ship.key()
        old = merged.get(key)
        merged[key] = (old[0] + p, old[1]) if old else (p, ship)
    return list(merged.values())


def _shot(weapon: str, me: Ship, dist: Distribution, tr: TurnRules) -> tuple[dict[str, Any], Distribution]:
    """One shot at a target whose state follows ``dist``: its exact odds and the target's new distribution."""
    hit = crit = fizzle = Fraction(0)
    hull_damage: dict[int, Fraction] = {}
    absorbed: dict[int, Fraction] = {}
    after: list[tuple[Fraction, Ship]] = []
    for p, target in dist:
        def run(rng: FaceRng, target: Ship = target) -> tuple[list[Event], Ship]:
            copy = target.clone()
            return shoot(weapon, me, copy, rng, tr.d10, tr.deplete, True), copy

        for q, (events, copy) in outcomes(run):
            w = p * q
            after.append((w, copy))
            for e in events:
                if e.kind == "hit":
                    hit += w
                    hull_damage[e.data["hull_damage"]] = hull_damage.get(e.data["hull_damage"], Fraction(0)) + w
                    absorbed[e.data["absorbed"]] = absorbed.get(e.data["absorbed"], Fraction(0)) + w
                elif e.kind == "crit":
                    crit += w
                elif e.kind == "fizzle":
                    fizzle += w
    odds = {
        "weapon": weapon, "hit": prob(hit), "crit": prob(crit), "fizzle": prob(fizzle),
        "hull_damage": _range(hull_damage), "absorbed": _range(absorbed),
    }
    return odds, _merge(after)


def _range(dist: dict[int, Fraction]) -> dict[str, Any]:
    """min, max and the exact distribution of a damage figure given that the shot lands."""
    total = sum(dist.values(), Fraction(0))
    if not total:
        return {"min": 0, "max": 0, "given_hit": {}}
    return {"min": min(dist), "max": max(dist),
            "given_hit": {str(k): prob(v / total) for k, v in sorted(dist.items())}}


def ship_view(ship: Ship) -> dict[str, Any]:
    return {"id": ship.id, "well": WELLS[ship.well], "ring": ship.ring, "sector": ship.sector,
            "facing": FACING_NAME[ship.facing], "heat": ship.heat, "mass": ship.mass, "ammo": ship.ammo,
            "hull": ship.hull, "energy": dict(zip(SUBSYSTEMS, ship.energy, strict=True)),
            "free": REACTOR - sum(ship.energy)}


def route(start: Ship, events: Sequence[Event]) -> list[dict[str, Any]]:
    """Where the ship stands when its turn begins and after each of its movements in order (coasts, burns,
    transfers, the drift's coast among them: ref Turn 3), read off the events of ``simulate``."""
    well = WELLS[start.well]
    points = [{"well": well, "ring": start.ring, "sector": start.sector}]
    for e in events:
        if e.kind == "coast":
            points.append({"well": well, "ring": e.data["ring"], "sector": e.data["to"]})
        elif e.kind == "burn":
            points.append({"well": well, "ring": e.data["to"][0], "sector": e.data["to"][1]})
        elif e.kind == "transfer":
            well = e.data["to"][0]
            points.append({"well": well, "ring": e.data["to"][1], "sector": e.data["to"][2]})
    return points


# the ships once the executed turn passes on (each ship given as the shots left it): the state's own turn passing
PassTurn = Callable[[list[Ship]], list[Ship]]


def _after_end(work: Sequence[Ship], dists: dict[str, Distribution], pass_turn: PassTurn) -> dict[str, Distribution]:
    """Each target's distribution once the turn has passed on: the shots' outcomes at different targets are
    independent, the heat steps are not (whose turn comes next depends on who is destroyed), so every combination
    of the targets' (hull, heat) -- all the turn passing reads of them -- is run through ``pass_turn``."""
    collapsed: dict[str, list[tuple[Fraction, Ship]]] = {}
    for tid, dist in dists.items():
        by_hull_heat: dict[tuple[int, int], tuple[Fraction, Ship]] = {}
        for p, ship in dist:
            key = (ship.hull, ship.heat)
            old = by_hull_heat.get(key)
            by_hull_heat[key] = (old[0] + p, old[1]) if old else (p, ship)
        collapsed[tid] = list(by_hull_heat.values())
    targeted = [s.id for s in work if s.id in collapsed]
    after: dict[str, list[tuple[Fraction, Ship]]] = {tid: [] for tid in targeted}
    combos: list[tuple[Fraction, dict[str, Ship]]] = [(Fraction(1), {})]
    for tid in targeted:
        combos = [(p * q, {**chosen, tid: ship}) for p, chosen in combos for q, ship in collapsed[tid]]
    for p, chosen in combos:
        ships = [chosen.get(s.id, s).clone() for s in work]
        for ship in pass_turn(ships):
            if ship.id in after:
                after[ship.id].append((p, ship))
    return {tid: _merge(dist) for tid, dist in after.items()}


def plan_preview(ships: Sequence[Ship], idx: int, plan: Sequence[Step], tr: TurnRules,
                 pass_turn: PassTurn) -> dict[str, Any]:
    """The projection of a plan and the exact odds of its shots; ``legal`` false with the errors if refused.
    ``pass_turn``: the state's own passing of the turn once it is executed (``InclinationsState.pass_turn``)."""
    errors = validate(ships, idx, plan, tr)
    if errors:
        return {"legal": False, "errors": errors}
    work = [s.clone() for s in ships]
    me = work[idx]
    events = simulate(work, idx, plan, tr, None, None, damage=False, log=True)  # dice-free: no shot resolves
    cooled = me.clone()
    start_of_turn(cooled)  # heat above dissipation: hull damage at the ship's next turn
    projected = ship_view(me)
    projected["hull_damage_next_turn"] = me.hull - cooled.hull
    dists: dict[str, Distribution] = {s.id: [(Fraction(1), s.clone())] for s in ships if s.id != me.id}
    shots: list[dict[str, Any]] = []
    for e in events:
        if e.kind != "fire":
            continue
        for tid in e.data["targets"]:
            odds, dists[tid] = _shot(e.data["weapon"], me, dists[tid], tr)
            shots.append({"target": tid, **odds})
    shot_at = list(dict.fromkeys(s["target"] for s in shots))
    ended: dict[str, Distribution] = {}
    if shot_at:
        ended = _after_end(work, {tid: dists[tid] for tid in shot_at}, pass_turn)
    targets = {}
    for tid in shot_at:
        dist = dists[tid]
        hulls = [ship.hull for _, ship in dist]
        heats = [ship.heat for _, ship in dist]
        final = [ship.hull for _, ship in ended[tid]]
        # destroyed: by the end of everything ``end`` resolves, the heat steps of the turn passing on included
        destroyed = sum((p for p, ship in ended[tid] if ship.hull <= 0), Fraction(0))
        by_shots = sum((p for p, ship in dist if ship.hull <= 0), Fraction(0))
        targets[tid] = {"hull": {"min": min(hulls), "max": max(hulls)}, "destroyed": prob(destroyed),
                        "heat": {"min": min(heats), "max": max(heats)},
                        "hull_after_end": {"min": min(final), "max": max(final)},
                        "destroyed_by_shots": prob(by_shots)}
    return {"legal": True, "errors": [], "ship": projected, "route": route(ships[idx], events),
            "drift": not any(type(s) in MOVEMENT_TYPES for s in plan),  # ref Turn 3: a coast is appended
            "shots": shots, "targets": targets}


def preview_action(state: Any, action: Any, text: str, problem: str | None) -> dict[str, Any]:
    """The engine's answer for ``state.preview(action)`` (the state checks types; this never raises)."""
    out: dict[str, Any] = {"action": text, "legal": False, "errors": [], "phase": state.phase}
    if state.is_terminal():
        out["errors"] = ["the game is over"]
        return out
    me = state.ships[state.current]
    out["seat"] = me.id
    if problem is not None:
        out["errors"] = [problem]
        return out
    if state.phase == "deploy":
        if type(action) is not Deploy:
            out["errors"] = ["the deployment phase needs a deploy action"]
            return out
        try:
            placed = state.deployed_ship(action)
        except RuleViolation as exc:
            out["errors"] = [exc.why]
            return out
        # the ships already deployed move first (ref Table and players: seat order): what they can do to it
        movers = [i for i, s in enumerate(state.ships) if i != state.current and s.ring]
        out.update(legal=True, ship=ship_view(placed), shots=[], targets={},
                   threats=threats(state.ships, placed, mover_positions(state.ships, movers, state.tr)))
        return out
    if type(action) is Deploy:
        out["errors"] = ["deployment is over"]
        return out
    plan = list(state.plan) if type(action) is EndTurn else [*state.plan, action]
    out["plan"] = [s.to_text() for s in plan]
    out["executes"] = type(action) is EndTurn
    out.update(plan_preview(state.ships, state.current, plan, state.tr, state.pass_turn))
    return out
