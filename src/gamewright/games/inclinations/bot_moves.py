"""Pieces every bot plans with: where to deploy, the energy steps to a target allocation, the movements."""

from __future__ import annotations

from collections.abc import Sequence
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
from gamewright.games.inclinations.board import SECTORS, WELLS, adjustment_range, ring_count, transfer_route, velocity
from gamewright.games.inclinations.ship import SUBSYSTEMS, Ship


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
    energy = ship.energy
    for i in range(len(SUBSYSTEMS)):
        if energy[i] > target[i]:
            steps.append(DEALLOCATIONS[i][energy[i] - target[i]])
    for i in range(len(SUBSYSTEMS)):
        if energy[i] < target[i]:
            steps.append(ALLOCATIONS[i][target[i] - energy[i]])
    return steps


def movement_options(ship: Ship, facing: int, transfer_mass: int) -> list[tuple[Step, int, int, int, int, int]]:
    """(step, well, ring, sector, engines needed, mass cost) for every movement the ship could make.

    ``transfer_mass``: the option well_transfer_mass (ref Movement), the reaction mass a well transfer costs."""
    v = velocity(ship.well, ship.ring)
    out: list[tuple[Step, int, int, int, int, int]] = [
        (COAST, ship.well, ship.ring, (ship.sector + v) % SECTORS, 0, 0)
    ]
    low, high = adjustment_range(v)
    rings = ring_count(ship.well)
    for name, k in INTENSITIES.items():
        dest = ship.ring + k * facing
        if not 1 <= dest <= rings:
            continue
        for adj in range(low, high + 1):
            cost = k + abs(adj)
            if cost <= ship.mass:
                out.append((BURNS[name, adj], ship.well, dest, (ship.sector + v + adj) % SECTORS, k, cost))
    if ship.ring == rings and ship.mass >= transfer_mass:
        for dest in range(len(WELLS)):
            route = transfer_route(ship.well, dest)
            if route is not None and route[0] == ship.sector:
                out.append((TRANSFERS[dest], dest, route[1], route[2], 3, transfer_mass))
    return out
