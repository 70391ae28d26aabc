"""The planning steps a seat may add to its pending plan: listed directly when built to pass every check, else
validated (a deallocation the plan relies on, a transfer, a railgun shot)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamewright.games.inclinations.actions import (
    INTENSITIES,
    Allocate,
    Burn,
    Coast,
    Deallocate,
    Fire,
    Rotate,
    Step,
    Transfer,
)
from gamewright.games.inclinations.board import (
    FACING_NAME,
    SECTORS,
    WELLS,
    adjustment_range,
    ring_count,
    transfer_route,
    velocity,
)
from gamewright.games.inclinations.ship import ENGINES, MAX_ENERGY, MIN_ENERGY, SCOOP, SUBSYSTEMS, THRUSTERS, Ship
from gamewright.games.inclinations.turn import MOVEMENT_TYPES, TurnRules, simulate, validate
from gamewright.games.inclinations.weapons import WEAPON_INDEX, out_of_reach


def legal_steps(state: Any) -> list[Step]:
    """Every planning step the acting seat may add to its pending plan now (the state's own legal_actions)."""
    me = state.ships[state.current]
    plan = state.plan
    # where the pending plan leaves the ship (without the appended coast)
    work = list(state.ships)
    pend = me.clone()
    work[state.current] = pend
    tactical = [s for s in plan if type(s) is not Allocate and type(s) is not Deallocate]
    energy_only = [s for s in plan if type(s) is Allocate or type(s) is Deallocate]
    _replay_without_coast(work, state.current, energy_only, tactical, state.tr)
    moved = any(type(s) in MOVEMENT_TYPES for s in tactical)
    rotated = any(type(s) is Rotate for s in tactical)
    fired = {s.weapon for s in tactical if type(s) is Fire}
    dealloc_room = list(me.energy)
    for s in plan:
        if type(s) is Deallocate:
            dealloc_room[_sub(s.subsystem)] -= s.amount
    # Steps built to pass every check are listed directly; those whose effect on the rest of the plan is
    # not obvious (a deallocation from a subsystem the plan uses, a transfer, a railgun shot) are validated.
    used_subs = _subsystems_used(tactical)
    sure: list[Step] = []
    check: list[Step] = []
    for i, name in enumerate(SUBSYSTEMS):
        for a in range(1, dealloc_room[i] + 1):
            (check if i in used_subs else sure).append(Deallocate(name, a))
        for a in range(1, min(pend.free, MAX_ENERGY[i] - pend.energy[i]) + 1):
            sure.append(Allocate(name, a))
    if not moved and not rotated and pend.energy[THRUSTERS] >= MIN_ENERGY[THRUSTERS]:
        sure.append(Rotate(FACING_NAME[-pend.facing]))
    if not moved:
        sure.append(Coast(False))
        if pend.energy[SCOOP] >= MIN_ENERGY[SCOOP]:
            sure.append(Coast(True))
        if not pend.is_used(ENGINES):
            low, high = adjustment_range(velocity(pend.well, pend.ring))
            for name, k in INTENSITIES.items():
                if pend.energy[ENGINES] >= k and 1 <= pend.ring + k * pend.facing <= ring_count(pend.well):
                    for adj in range(low, high + 1):
                        if k + abs(adj) <= pend.mass:
                            sure.append(Burn(name, adj))
            if pend.energy[ENGINES] >= 3 and pend.ring == ring_count(pend.well):
                for dest in range(len(WELLS)):
                    route = transfer_route(pend.well, dest)
                    if route is not None and route[0] == pend.sector:
                        check.append(Transfer(WELLS[dest]))
    enemies = [s for s in state.ships if s is not me and s.hull > 0 and s.well == pend.well]
    for weapon, sub in WEAPON_INDEX.items():
        if weapon in fired or pend.energy[sub] < MIN_ENERGY[sub]:
            continue
        if weapon == "missiles" and pend.ammo <= 0:
            continue
        reach = [t.id for t in enemies if out_of_reach(weapon, pend, t) is None]
        if weapon == "laser":
            for mask in range(1, 1 << len(reach)):
                sure.append(Fire("laser", tuple(t for j, t in enumerate(reach) if mask >> j & 1)))
        elif weapon == "railgun":
            for t in reach:
                check.append(Fire("railgun", (t,)))
                check.append(Fire("railgun", (t,), True))
        else:
            sure.extend(Fire("missiles", (t,)) for t in reach)
    sure.extend(c for c in check if not validate(state.ships, state.current, [*plan, c], state.tr))
    return sure



def _subsystems_used(tactical: list[Step]) -> set[int]:
    """Subsystems the planned tactical steps need (a deallocation there could break the plan)."""
    out: set[int] = set()
    for s in tactical:
        if isinstance(s, Rotate):
            out.add(THRUSTERS)
        elif isinstance(s, (Burn, Transfer)):
            out.add(ENGINES)
        elif isinstance(s, Coast) and s.scoop:
            out.add(SCOOP)
        elif isinstance(s, Fire):
            out.add(WEAPON_INDEX.get(s.weapon, -1))
            if s.compensate:
                out.add(ENGINES)
    return out


def _sub(name: str) -> int:
    return SUBSYSTEMS.index(name)


def _replay_without_coast(work: list[Ship], idx: int, energy: Sequence[Step], tactical: Sequence[Step],
                          tr: TurnRules) -> None:
    """Run a valid pending plan on ``work`` without the appended coast, keeping the used flags."""
    me = work[idx]
    if not any(type(s) in MOVEMENT_TYPES for s in tactical):
        # simulate would append a coast; give it explicitly at the end, then undo its drift
        simulate(work, idx, [*energy, *tactical, Coast(False)], tr, None, [], damage=False, log=False)
        me.sector = (me.sector - velocity(me.well, me.ring)) % SECTORS
    else:
        simulate(work, idx, [*energy, *tactical], tr, None, [], damage=False, log=False)
    # used flags are cleared at the end of a simulated turn; rebuild the ones the plan used
    for s in tactical:
        if type(s) is Rotate:
            me.used |= 1 << THRUSTERS
        elif type(s) is Burn or type(s) is Transfer or (type(s) is Fire and s.compensate):
            me.used |= 1 << ENGINES
        elif type(s) is Coast and s.scoop:
            me.used |= 1 << SCOOP
