"""Pieces every bot plans with: where to deploy, the energy steps to a target allocation, the movements."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import (
    ALLOCATIONS,
    BURNS,
    COAST,
    DEALLOCATIONS,
    INTENSITIES,
    TRANSFERS,
    Deploy,
    Step,
)
from gamewright.games.inclinations.board import (
    BH_VELOCITY,
    PLANET_VELOCITY,
    SECTORS,
    WELL_VELOCITIES,
    WELLS,
    adjustment_range,
    ring_count,
    transfer_route,
    velocity,
)
from gamewright.games.inclinations.ship import Ship


def checked_plan(state: Any, plan: list[Step]) -> list[Step]:
    """``plan`` if it passes validation on the ships as they stand, else a plain coast ([]; it should not
    happen). With no pending plan the state checks it (``check_turn``) and keeps it checked, so the plan played
    next is not validated again (a bot's turn is validated once)."""
    if state.plan:  # validated on its own, as ever (the bots plan from the ships, not from a pending plan)
        from gamewright.games.inclinations.turn import validate

        return [] if validate(state.ships, state.current, plan, state.tr) else plan
    return [] if state.check_turn(plan) else plan


def deploy_choice(state: Any, rng: Rng) -> Deploy:
    """ref Further rulings: bots deploy on a free sector at random."""
    return rng.choice(state.legal_actions())


def safe_deploy(state: Any, rng: Rng) -> Deploy:
    """A free sector where the ships already deployed (they move first) can deal the least damage in their coming
    turn (the engine's reach, as the deploy preview reports it); ties at random."""
    from gamewright.games.inclinations.reach import mover_positions, threats

    choices = state.legal_actions()
    movers = [i for i, s in enumerate(state.ships) if i != state.current and s.ring]
    if not movers:
        return deploy_choice(state, rng)
    positions = mover_positions(state.ships, movers, state.tr)
    scored = [(sum(t["damage"] for t in threats(state.ships, state.deployed_ship(a), positions)), a)
              for a in choices]
    low = min(score for score, _ in scored)
    return rng.choice([a for score, a in scored if score == low])


def energy_steps(ship: Ship, target: Sequence[int]) -> list[Step]:
    """Deallocations then allocations that turn ``ship.energy`` into ``target``."""
    steps: list[Step] = []
    allocations: list[Step] = []
    for i, have in enumerate(ship.energy):
        want = target[i]
        if have > want:
            steps.append(DEALLOCATIONS[i][have - want])
        elif have < want:
            allocations.append(ALLOCATIONS[i][want - have])
    steps += allocations
    return steps


# one group of movements that end on the same ring: (well, ring, engines needed, moves), each move (step, sector
# shift, mass cost) ending on sector (start + shift) % SECTORS, ``start`` being where the ship drifts to
MoveGroup = tuple[int, int, int, tuple[tuple[Step, int, int], ...]]


@cache
def _burns(name: str, ring_velocity: int) -> tuple[tuple[Step, int, int], ...]:
    """A burn intensity's (step, sector adjustment, mass cost) for every adjustment of the ring's range (002
    Sector Adjustment: 1 mass per sector), in adjustment order."""
    low, high = adjustment_range(ring_velocity)
    k = INTENSITIES[name]
    return tuple((BURNS[name, adj], adj, k + abs(adj)) for adj in range(low, high + 1))


@cache
def _drift_groups(well: int, ring: int, facing: int, mass: int) -> tuple[MoveGroup, ...]:
    """The coast, and each burn intensity's sector adjustments the reaction mass pays for (002 Burn; 002 Sector
    Adjustment: 1 mass per sector); the same from every sector of the ring."""
    v = velocity(well, ring)
    low, high = adjustment_range(v)
    rings = ring_count(well)
    groups: list[MoveGroup] = [(well, ring, 0, _COAST_ONLY)]
    for name, k in INTENSITIES.items():
        dest = ring + k * facing
        # the adjustments with k + |adj| <= mass: one run of the adjustment range
        first, last = max(low, k - mass), min(high, mass - k)
        if 1 <= dest <= rings and first <= last:
            groups.append((well, dest, k, _burns(name, v)[first - low:last - low + 1]))
    return tuple(groups)


_COAST_ONLY = ((COAST, 0, 0),)
# by ring velocity: the most reaction mass a burn there can cost (more mass gives the same movements)
_MOST_MASS = {v: max(INTENSITIES.values()) + max(-adjustment_range(v)[0], adjustment_range(v)[1])
              for v in {*BH_VELOCITY[1:], *PLANET_VELOCITY[1:]}}


def movement_groups(ship: Ship, facing: int, transfer_mass: int) -> tuple[int, Sequence[MoveGroup]]:
    """Every movement the ship could make facing ``facing``, grouped by the ring they end on: the coast, each
    burn intensity's adjustments, each well transfer; with the sector the ship drifts to (``start``).

    ``transfer_mass``: the option well_transfer_mass (ref Movement), the reaction mass a well transfer costs."""
    return _movement_groups(ship.well, ship.ring, ship.sector, facing, ship.mass, transfer_mass)


@cache  # a pure function of its few small integers (at most 7 wells x 5 rings x 24 sectors x 2 x 11 masses)
def _movement_groups(well: int, ring: int, sector: int, facing: int, mass: int,
                     transfer_mass: int) -> tuple[int, tuple[MoveGroup, ...]]:
    v = WELL_VELOCITIES[well][ring]
    start = (sector + v) % SECTORS
    groups = _drift_groups(well, ring, facing, min(mass, _MOST_MASS[v]))
    if ring == ring_count(well) and mass >= transfer_mass:
        transfers: list[MoveGroup] = []
        for dest in range(len(WELLS)):
            route = transfer_route(well, dest)
            if route is not None and route[0] == sector:  # instantaneous, no drift: shifted back from ``start``
                transfers.append((dest, route[1], 3, ((TRANSFERS[dest], route[2] - start, transfer_mass),)))
        if transfers:
            groups = (*groups, *transfers)
    return start, groups


def movement_options(ship: Ship, facing: int, transfer_mass: int) -> list[tuple[Step, int, int, int, int, int]]:
    """(step, well, ring, sector, engines needed, mass cost) for every movement the ship could make."""
    start, groups = movement_groups(ship, facing, transfer_mass)
    return [(step, well, ring, (start + shift) % SECTORS, engines, cost)
            for well, ring, engines, moves in groups for step, shift, cost in moves]
