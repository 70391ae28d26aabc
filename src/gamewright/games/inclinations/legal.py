"""The planning steps a seat may add to its pending plan: listed directly when built to pass every check, else
validated (a deallocation the plan relies on, a transfer, a railgun shot)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamewright.games.inclinations.actions import (
    ALLOCATIONS,
    BURNS,
    COAST,
    COAST_SCOOP,
    DEALLOCATIONS,
    INTENSITIES,
    ROTATE,
    TRANSFERS,
    Allocate,
    Burn,
    Coast,
    Deallocate,
    Fire,
    Rotate,
    Step,
    Transfer,
    fire,
)
from gamewright.games.inclinations.board import (
    WELLS,
    adjustment_range,
    ring_count,
    transfer_route,
    velocity,
)
from gamewright.games.inclinations.ship import ENGINES, MAX_ENERGY, MIN_ENERGY, SCOOP, SUBSYSTEMS, THRUSTERS
from gamewright.games.inclinations.turn import MOVEMENT_TYPES, TurnRules, simulate, validate
from gamewright.games.inclinations.weapons import WEAPON_INDEX, in_reach


class Pending:
    """Where the pending plan leaves the acting ship (its movement, if any, done; no drift added), and what the
    plan has used: built by replaying the plan once, then moved on one appended step at a time."""

    __slots__ = ("plan", "length", "work", "idx", "tactical", "dealloc_room", "ok")

    def __init__(self, state: Any) -> None:
        me = state.ships[state.current]
        plan = state.plan
        self.plan, self.length, self.idx = plan, len(plan), state.current
        self.work = list(state.ships)
        self.work[state.current] = me.clone()
        self.tactical = [s for s in plan if type(s) is not Allocate and type(s) is not Deallocate]
        self.dealloc_room = list(me.energy)
        for s in plan:
            if type(s) is Deallocate:
                self.dealloc_room[_sub(s.subsystem)] -= s.amount
        energy_only = [s for s in plan if type(s) is Allocate or type(s) is Deallocate]
        # a ship restored with used flags set is left to full validation (its flags would not be rebuilt)
        self.ok = self._run([*energy_only, *self.tactical], state.tr) and not me.used

    def matches(self, state: Any) -> bool:
        """Does this still describe ``state``'s pending plan?"""
        return state.plan is self.plan and len(state.plan) == self.length and self.idx == state.current

    def take(self, step: Step, tr: TurnRules) -> None:
        """Move on by ``step``, just appended to the plan after passing validation."""
        self.length += 1
        energy = self.work[self.idx].energy
        if type(step) is Deallocate:  # energy moves before any tactical step: only the amounts change
            self.dealloc_room[_sub(step.subsystem)] -= step.amount
            energy[_sub(step.subsystem)] -= step.amount
        elif type(step) is Allocate:
            energy[_sub(step.subsystem)] += step.amount
        else:
            self.tactical.append(step)
            self.ok = self._run([step], tr) and self.ok

    def _run(self, steps: Sequence[Step], tr: TurnRules) -> bool:
        """Run ``steps`` on the ship (no drift added), its used flags those the whole plan has used."""
        me = self.work[self.idx]
        errors: list[str] = []
        simulate(self.work, self.idx, steps, tr, None, errors, damage=False, log=False, drift=False)
        me.used = 0
        for s in self.tactical:
            if type(s) is Rotate:
                me.used |= 1 << THRUSTERS
            elif type(s) is Burn or type(s) is Transfer or (type(s) is Fire and s.compensate):
                me.used |= 1 << ENGINES
            elif type(s) is Coast and s.scoop:
                me.used |= 1 << SCOOP
        return not errors


def legal_steps(state: Any, pending: Pending) -> list[Step]:
    """Every planning step the acting seat may add to its pending plan now (the state's own legal_actions), with
    ``pending`` current for the plan (and valid: a plan restored from JSON may not be)."""
    me = state.ships[state.current]
    plan = state.plan
    pend = pending.work[pending.idx]
    tactical = pending.tactical
    moved = rotated = False
    fired: set[str] = set()
    for s in tactical:  # one pass: what the plan has done so far
        if type(s) is Fire:
            fired.add(s.weapon)
        elif type(s) is Rotate:
            rotated = True
        elif type(s) in MOVEMENT_TYPES:
            moved = True
    dealloc_room = pending.dealloc_room
    # Steps built to pass every check are listed directly; those whose effect on the rest of the plan is
    # not obvious (a deallocation from a subsystem the plan uses, a transfer, a railgun shot) are validated.
    used_subs = _subsystems_used(tactical)
    sure: list[Step] = []
    check: list[Step] = []
    free = pend.free
    energy = pend.energy
    for i in range(len(SUBSYSTEMS)):
        room = dealloc_room[i]
        if room > 0:
            (check if i in used_subs else sure).extend(
                DEALLOCATIONS[i][1:room + 1] if room <= MAX_ENERGY[i] else _built(Deallocate, i, room))
        room = MAX_ENERGY[i] - energy[i]
        if room > free:
            room = free
        if room > 0:
            sure.extend(ALLOCATIONS[i][1:room + 1] if room <= MAX_ENERGY[i] else _built(Allocate, i, room))
    if not moved and not rotated and energy[THRUSTERS] >= MIN_ENERGY[THRUSTERS]:
        sure.append(ROTATE[-pend.facing])
    if not moved:
        sure.append(COAST)
        if energy[SCOOP] >= MIN_ENERGY[SCOOP]:
            sure.append(COAST_SCOOP)
        if not pend.is_used(ENGINES):
            low, high = adjustment_range(velocity(pend.well, pend.ring))
            for name, k in INTENSITIES.items():
                if energy[ENGINES] >= k and 1 <= pend.ring + k * pend.facing <= ring_count(pend.well):
                    sure.extend(BURNS[name, adj] for adj in range(low, high + 1) if k + abs(adj) <= pend.mass)
            if energy[ENGINES] >= 3 and pend.ring == ring_count(pend.well):
                for dest in range(len(WELLS)):
                    route = transfer_route(pend.well, dest)
                    if route is not None and route[0] == pend.sector:
                        check.append(TRANSFERS[dest])
    enemies = [s for s in state.ships if s is not me and s.hull > 0 and s.well == pend.well]
    for weapon, sub in WEAPON_INDEX.items():
        if weapon in fired or energy[sub] < MIN_ENERGY[sub]:
            continue
        if weapon == "missiles" and pend.ammo <= 0:
            continue
        reach = [t.id for t in enemies if in_reach(sub, pend.ring, pend.sector, pend.facing, t.ring, t.sector)]
        if weapon == "laser":
            for mask in range(1, 1 << len(reach)):
                sure.append(fire("laser", tuple(t for j, t in enumerate(reach) if mask >> j & 1)))
        elif weapon == "railgun":
            for t in reach:
                check.append(fire("railgun", (t,)))
                check.append(fire("railgun", (t,), True))
        else:
            sure.extend(fire("missiles", (t,)) for t in reach)
    refused: set[str] = set()  # subsystems a deallocation already broke the plan for: a larger one does too
    for c in check:
        if type(c) is Deallocate:
            if c.subsystem in refused:
                continue
            if validate(state.ships, state.current, [*plan, c], state.tr):
                refused.add(c.subsystem)
                continue
        elif validate(state.ships, state.current, [*plan, c], state.tr):
            continue
        sure.append(c)
    return sure


def _built(kind: type[Allocate] | type[Deallocate], sub: int, most: int) -> list[Step]:
    """``kind`` of 1..``most`` energy for ``sub``, past its maximum (which a ship restored from JSON may hold);
    below it the shared values serve."""
    return [kind(SUBSYSTEMS[sub], a) for a in range(1, most + 1)]


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
