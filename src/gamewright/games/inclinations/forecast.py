"""What can be worked out from public data alone: the ships as a view shows them, the table's options and a
seat's own plan. Pure functions (no state object): the board draws from them, and the state's own methods
(``deployed_ship``, ``reach``) call the same ones, so the board and the engine cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from gamewright.games.inclinations.actions import (
    INTENSITIES,
    Allocate,
    Burn,
    Coast,
    Deallocate,
    Deploy,
    EndTurn,
    Rotate,
    Step,
    Transfer,
    parse_action,
)
from gamewright.games.inclinations.board import (
    FACING_NAME,
    WELLS,
    adjustment_range,
    velocity,
)
from gamewright.games.inclinations.preview import _shot, route
from gamewright.games.inclinations.reach import mover_positions, reach, threats
from gamewright.games.inclinations.ship import ENGINES, MAX_ENERGY, THRUSTERS, Ship, deployed
from gamewright.games.inclinations.turn import TurnRules, preview, simulate, validate


def ships_of(view: Mapping[str, Any]) -> list[Ship]:
    """The ships of a view (every ship is public: ref Table and players)."""
    return [Ship.from_json(s) for s in view["ships"]]


def turn_rules(options: Mapping[str, Any]) -> TurnRules:
    """The turn's options from the table's options (open to every seat)."""
    from gamewright.games.inclinations.options import resolve

    return TurnRules.from_rules(resolve(dict(options)))


def steps_of(texts: Sequence[str]) -> list[Step]:
    """A plan's steps from their texts (``end`` is not a step)."""
    return [a for a in (parse_action(t) for t in texts) if not isinstance(a, (Deploy, EndTurn))]


def plan_end(ships: Sequence[Ship], idx: int, plan: Sequence[Step], tr: TurnRules) -> Ship:
    """Where ``ships[idx]``'s pending plan, drift included, leaves it (where it stands if the plan is refused)."""
    result = preview(ships, idx, plan, tr)
    return result.ships[idx] if result.ok else ships[idx]


def reach_after_plan(ships: Sequence[Ship], idx: int, other: int, plan: Sequence[Step],
                     tr: TurnRules) -> dict[str, Any]:
    """``reach.reach`` for the acting ship ending where its pending plan leaves it (the state's ``reach``)."""
    return reach(ships, idx, other, tr, plan_end(ships, idx, plan, tr))


def deploy_threats(ships: Sequence[Ship], idx: int, sectors: Sequence[int],
                   tr: TurnRules) -> dict[int, list[dict[str, Any]]]:
    """For each free ``sector``: what the ships already deployed (they move first: ref Table and players) could
    do to ``ships[idx]`` placed there, as the deployment preview reports it (``reach.threats``); the places the
    movers can fire from are worked out once for every sector."""
    movers = [i for i, s in enumerate(ships) if i != idx and s.ring and s.hull > 0]
    positions = mover_positions(ships, movers, tr)
    return {sector: threats(ships, deployed(ships[idx], sector), positions) for sector in sectors}


def shot_odds(weapon: str, shooter: Ship, target: Ship, tr: TurnRules) -> dict[str, Any]:
    """The exact odds of one shot of ``weapon`` from ``shooter`` at ``target`` as they stand (hit, crit, fizzle,
    hull damage given a hit), enumerated by the preview's own resolution (``preview._shot``)."""
    odds, _ = _shot(weapon, shooter, [(Fraction(1), target.clone())], tr)
    return odds


def _move_candidates(ship: Ship) -> list[Step]:
    """Every movement worth asking the engine about from where ``ship`` stands (it refuses the rest)."""
    low, high = adjustment_range(velocity(ship.well, ship.ring))
    moves: list[Step] = [Coast(False), Coast(True)]
    moves += [Burn(name, adj) for name in INTENSITIES for adj in range(low, high + 1)]
    moves += [Transfer(w) for w in WELLS if w != WELLS[ship.well]]
    return moves


def _engines_needed(move: Step) -> int:
    if isinstance(move, Burn):
        return INTENSITIES[move.intensity]  # 002 Burn Requirements
    return 3 if isinstance(move, Transfer) else 0  # 002 Well Transfer Requirements


def move_options(ships: Sequence[Ship], idx: int, plan: Sequence[Step], tr: TurnRules,
                 turn_around: bool = False, powered_only: bool = False) -> list[dict[str, Any]]:
    """Every movement ``ships[idx]`` can add to ``plan`` this turn, with the engine power it must add first: for
    each, ``steps`` (the texts to add: an engine allocation when the engines hold too little, a rotation when
    ``turn_around``, then the move), the ship after (``ship``), its ``route`` and what it costs (``heat``,
    ``mass``, ``power``: energy the steps put into the engines). Each is validated and run by the engine.
    ``powered_only``: only the moves that need more engine power than the plan gives them."""
    base = preview(ships, idx, plan, tr)  # the plan so far must hold
    if not base.ok:
        return []
    if any(isinstance(s, (Coast, Burn, Transfer)) for s in plan):
        return []  # 002 Movement Actions: one movement per turn
    me = ships[idx]
    work = [s.clone() for s in ships]
    energy_steps = [s for s in plan if isinstance(s, (Allocate, Deallocate))]
    simulate(work, idx, energy_steps, tr, None, None, damage=False, log=False, drift=False)
    energy = work[idx].energy  # the subsystems' energy once the plan's allocations are made
    out: list[dict[str, Any]] = []
    for move in _move_candidates(me):
        add: list[Step] = []
        need = _engines_needed(move) - energy[ENGINES]
        if powered_only and need <= 0:
            continue
        if need > 0:
            if energy[ENGINES] + need > MAX_ENERGY[ENGINES]:
                continue
            add.append(Allocate("engines", need))
        if turn_around:
            if energy[THRUSTERS] < 1:  # 002 Rotation: the thrusters need 1 energy
                add.append(Allocate("thrusters", 1))
            add.append(Rotate(FACING_NAME[-me.facing]))
        steps = [*add, move]
        full = [*plan, *steps]
        if validate(ships, idx, full, tr):
            continue
        after = [s.clone() for s in ships]
        events = simulate(after, idx, full, tr, None, None, damage=False, log=True)
        end = after[idx]
        out.append({"steps": [s.to_text() for s in steps], "move": move.to_text(), "ship": end,
                    "route": route(me, events), "heat": end.heat, "mass": me.mass - end.mass,
                    "power": sum(s.amount for s in add if isinstance(s, Allocate))})
    return out


__all__ = ["deploy_threats", "deployed", "move_options", "plan_end", "reach_after_plan", "ships_of", "shot_odds",
           "steps_of", "turn_rules"]
