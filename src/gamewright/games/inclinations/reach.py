"""Reach: where a ship can get to this turn, and from where another ship can hit it on its coming turn.

Every movement is checked and run by the engine (``validate`` / ``simulate``) on a copy of the ship whose energy
is set to what that movement needs (energy is reconfigured freely at the start of a turn: ref Turn 2). Weapon
reach is the engine's ``out_of_reach``; each weapon is assumed powered, missiles only while ammunition is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamewright.games.inclinations.actions import INTENSITIES, Allocate, Burn, Coast, Rotate, Step, Transfer
from gamewright.games.inclinations.board import FACING_NAME, WELLS, adjustment_range, velocity
from gamewright.games.inclinations.ship import Ship
from gamewright.games.inclinations.turn import TurnRules, simulate, validate
from gamewright.games.inclinations.weapons import DAMAGE, WEAPON_INDEX, out_of_reach

Position = tuple[int, int, int, int]  # well, ring, sector, facing


def _candidates(ship: Ship) -> list[Step]:
    """Every movement step worth asking the engine about (it refuses those the ship cannot make)."""
    low, high = adjustment_range(velocity(ship.well, ship.ring))
    moves: list[Step] = [Coast(False)]
    moves += [Burn(name, adj) for name in INTENSITIES for adj in range(low, high + 1)]
    moves += [Transfer(w) for w in WELLS]
    return moves


def _energy_for(move: Step) -> int:
    if isinstance(move, Burn):
        return INTENSITIES.get(move.intensity, 0)
    return 3 if isinstance(move, Transfer) else 0


def movements(ships: Sequence[Ship], idx: int, tr: TurnRules) -> list[tuple[list[Step], Ship]]:
    """(plan, ship after) for every rotation x movement ``ships[idx]`` can make from where it is now."""
    out: list[tuple[list[Step], Ship]] = []
    start = ships[idx].clone()
    start.energy = [0] * len(start.energy)
    start.used = 0
    for rotate in (False, True):
        for move in _candidates(start):
            plan: list[Step] = []
            if rotate:
                plan += [Allocate("thrusters", 1), Rotate(FACING_NAME[-start.facing])]
            if _energy_for(move):
                plan.insert(0, Allocate("engines", _energy_for(move)))
            plan.append(move)
            work = list(ships)
            work[idx] = start
            if validate(work, idx, plan, tr):
                continue
            work[idx] = start.clone()
            simulate(work, idx, plan, tr, None, None, damage=False, log=False)
            out.append((plan, work[idx]))
    return out


def firing_positions(ship: Ship, moved: list[tuple[list[Step], Ship]]) -> set[Position]:
    """Where a ship may stand when it fires in its turn: before moving (either facing) or after any movement."""
    here = {(ship.well, ship.ring, ship.sector, f) for f in (ship.facing, -ship.facing)}
    return here | {(s.well, s.ring, s.sector, s.facing) for _, s in moved}


def weapons_reaching(shooter: Ship, at: Position, target: Ship) -> list[str]:
    probe = shooter.clone()
    probe.well, probe.ring, probe.sector, probe.facing = at
    return [w for w in WEAPON_INDEX if (w != "missiles" or shooter.ammo > 0) and out_of_reach(w, probe, target) is None]


def _place(ship: Ship, at: Position) -> Ship:
    placed = ship.clone()
    placed.well, placed.ring, placed.sector, placed.facing = at
    return placed


def _where(at: Position) -> dict[str, Any]:
    return {"well": WELLS[at[0]], "ring": at[1], "sector": at[2], "facing": FACING_NAME[at[3]]}


def reach(ships: Sequence[Ship], idx: int, other: int, tr: TurnRules, end: Ship) -> dict[str, Any]:
    """For ``ships[idx]`` (ending this turn as ``end``) against ``ships[other]``:

    ``threats``: the places ``other`` can stand in its coming turn from which it can hit ``end``, with weapons;
    ``moves``: every place ``idx`` can reach this turn, the weapons it can hit ``other`` with from there (``other``
    as it stands now) and the weapons ``other`` could hit it with there in its coming turn.
    """
    me, them = ships[idx], ships[other]
    their_positions = firing_positions(them, movements(ships, other, tr))

    def threats_to(target: Ship) -> list[tuple[Position, list[str]]]:
        found = [(p, weapons_reaching(them, p, target)) for p in sorted(their_positions)]
        return [(p, w) for p, w in found if w]

    moves = []
    for plan, after in movements(ships, idx, tr):
        at = (after.well, after.ring, after.sector, after.facing)
        exposed = sorted({w for _, ws in threats_to(_place(me, at)) for w in ws})
        moves.append({**_where(at), "plan": [s.to_text() for s in plan], "can_hit": weapons_reaching(me, at, them),
                      "exposed": exposed})
    return {
        "ship": me.id, "other": them.id,
        "end": _where((end.well, end.ring, end.sector, end.facing)),
        "threats": [{**_where(p), "weapons": w} for p, w in threats_to(end)],
        "moves": moves,
    }


def mover_positions(ships: Sequence[Ship], movers: Sequence[int], tr: TurnRules) -> dict[int, list[Position]]:
    """Where each of ``movers`` can fire from in its coming turn (computed once, asked of many targets)."""
    return {i: sorted(firing_positions(ships[i], movements(ships, i, tr))) for i in movers}


def threats(ships: Sequence[Ship], target: Ship, positions: dict[int, list[Position]]) -> list[dict[str, Any]]:
    """For each ship in ``positions`` (seats that move before ``target`` does): the most damage its weapons can
    deal to ``target`` where it stands, from anywhere it can fire in its coming turn, and with which weapons."""
    out = []
    for i, places in positions.items():
        shooter = ships[i]
        best: tuple[int, list[str]] = (0, [])
        for at in places:
            weapons = weapons_reaching(shooter, at, target)
            damage = sum(DAMAGE[w] for w in weapons)
            if damage > best[0]:
                best = (damage, weapons)
        out.append({"ship": shooter.id, "damage": best[0], "weapons": best[1]})
    return out
