"""One ship's turn: the start-of-turn heat step, validation of a planned turn, execution and preview.

A plan is a list of steps (energy, rotation, movement, weapons). ``validate`` walks the plan against a copy of
the acting ship and lists every error without drawing dice; ``execute`` runs a validated plan on the real ships
(all or nothing: it refuses an invalid plan before touching anything); ``preview`` runs it on copies without
dice and returns the resulting ships or the errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gamewright.core.errors import RuleViolation
from gamewright.core.game import Event
from gamewright.games.inclinations.actions import (
    COAST,
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
    FACINGS,
    SECTORS,
    WELL_INDEX,
    WELL_VELOCITIES,
    WELLS,
    adjustment_range,
    ring_count,
    transfer_route,
)
from gamewright.games.inclinations.events import LazyTextEvent
from gamewright.games.inclinations.ship import (
    DISSIPATION,
    ENGINES,
    MAX_ENERGY,
    MAX_MASS,
    MIN_ENERGY,
    SCOOP,
    SUB_INDEX,
    THRUSTERS,
    Ship,
)
from gamewright.games.inclinations.weapons import WEAPON_INDEX, out_of_reach, shoot

MOVEMENT_TYPES = (Coast, Burn, Transfer)


@dataclass(frozen=True, slots=True)
class TurnRules:
    """The options a turn reads, unpacked once (the hot loop reads plain attributes)."""

    d10: bool = False
    deplete: bool = True
    transfer_mass: int = 0

    @classmethod
    def from_rules(cls, rules: Any) -> TurnRules:
        return cls(rules.to_hit == "d10", bool(rules.shields_deplete), int(rules.well_transfer_mass))


@dataclass(slots=True)
class Preview:
    """The outcome of a planned turn that was not committed: errors, or the ships afterwards."""

    ok: bool
    errors: list[str]
    ships: list[Ship] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def start_of_turn(ship: Ship, log: bool = True) -> list[Event]:
    """ref Turn 1 / 002 Heat Dissipation: heat above dissipation becomes hull damage, then heat resets. ``log``
    false: no events built."""
    events: list[Event] = []
    if ship.heat > DISSIPATION:
        damage = ship.heat - DISSIPATION
        ship.hull = max(0, ship.hull - damage)
        if log:
            events.append(LazyTextEvent("heat_damage", {"ship": ship.id, "heat": ship.heat, "damage": damage,
                                                        "hull": ship.hull},
                                        "{} overheats: heat {} > {}, {} hull damage, hull now {}", ship.id, ship.heat,
                                        DISSIPATION, damage, ship.hull))
            if ship.hull == 0:
                events.append(LazyTextEvent("destroyed", {"ship": ship.id}, "{} is destroyed by its own heat", ship.id))
    ship.heat = 0
    return events


def _phases(plan: Sequence[Step], drift: bool) -> tuple[list[Deallocate], list[Allocate], list[Step]]:
    """The plan's deallocations, its allocations, and its tactical sequence (the non-energy steps), each in plan
    order, read in one pass; a coast ends the tactical sequence when no movement was planned."""
    deallocations: list[Deallocate] = []
    allocations: list[Allocate] = []
    tactical: list[Step] = []
    moved = False
    for s in plan:
        if type(s) is Deallocate:
            deallocations.append(s)
        elif type(s) is Allocate:
            allocations.append(s)
        else:
            tactical.append(s)
            if type(s) in MOVEMENT_TYPES:
                moved = True
    if drift and not moved:
        tactical.append(COAST)  # ref Turn 3: orbital drift cannot be prevented
    return deallocations, allocations, tactical


def simulate(
    ships: list[Ship], idx: int, plan: Sequence[Step], tr: TurnRules, rng: Any,
    errors: list[str] | None, damage: bool, log: bool, drift: bool = True,
) -> list[Event]:
    """Run a plan on ``ships`` in place. With ``errors`` a list, rule breaches are collected and skipped.

    ``damage`` false (validation) leaves other ships alone; ``rng`` None resolves shots without dice.
    ``drift`` false: no coast is added when the plan has no movement (a plan still being written; the pending
    steps' used flags are then kept too).
    """
    me = ships[idx]
    events: list[Event] = []
    # who was alive at the start and who is who: read by shots only, and the first shot comes before any damage
    alive_at_start: dict[str, bool] = {}
    by_id: dict[str, Ship] = {}

    def err(step: Step, why: str, rule: str) -> None:
        if errors is None:
            raise RuleViolation(step.to_text(), why, rule)
        errors.append(f"{step.to_text()}: {why} ({rule})")

    deallocations, allocations, tactical = _phases(plan, drift)
    # ref Turn 2: deallocations first, then allocations (a deliberate departure from the document's order)
    for cut in deallocations:
        sub = SUB_INDEX.get(cut.subsystem, -1)
        if sub < 0:
            err(cut, f"unknown subsystem {cut.subsystem!r}", "ref Ship")
        elif cut.amount < 1:
            err(cut, "the amount must be at least 1", "002 Validation")
        elif cut.amount > me.energy[sub]:
            err(cut, f"{cut.subsystem} holds only {me.energy[sub]} energy; cannot deallocate {cut.amount}",
                "002 Validation")
        else:
            me.energy[sub] -= cut.amount
            if log:
                events.append(LazyTextEvent("deallocate", {"ship": me.id, "subsystem": cut.subsystem,
                                                           "amount": cut.amount},
                                            "{} takes {} energy from {}", me.id, cut.amount, cut.subsystem))
    for put in allocations:
        sub = SUB_INDEX.get(put.subsystem, -1)
        free = me.free
        if sub < 0:
            err(put, f"unknown subsystem {put.subsystem!r}", "ref Ship")
        elif put.amount < 1:
            err(put, "the amount must be at least 1", "002 Validation")
        elif put.amount > free:
            err(put, f"the reactor has only {free} free energy", "002 Validation")
        elif me.energy[sub] + put.amount > MAX_ENERGY[sub]:
            err(put, f"{put.subsystem} takes at most {MAX_ENERGY[sub]} energy and holds {me.energy[sub]}",
                "002 Validation")
        else:
            me.energy[sub] += put.amount
            if log:
                events.append(LazyTextEvent("allocate", {"ship": me.id, "subsystem": put.subsystem,
                                                         "amount": put.amount},
                                            "{} puts {} energy into {}", me.id, put.amount, put.subsystem))

    moved = False
    rotated = False
    fired: set[str] = set()
    for step in tactical:
        if isinstance(step, Rotate):
            # 002 Rotation Requirements; ref Turn 3: at most one rotation, before movement
            if moved:
                err(step, "rotation must come before the movement action", "002 Tactical Action Sequencing")
            elif rotated:
                err(step, "only one rotation per turn", "002 Tactical Action Sequencing")
            elif step.facing not in FACINGS:
                err(step, "facing must be prograde or retrograde", "002 Ship Facing")
            elif not me.usable(THRUSTERS):
                err(step, "the maneuvering thrusters need at least 1 energy", "002 Rotation")
            elif me.is_used(THRUSTERS):
                err(step, "the maneuvering thrusters were already used this turn", "002 Rotation")
            elif FACINGS[step.facing] == me.facing:
                err(step, f"the ship already faces {step.facing}", "002 Rotation Requirements")
            else:
                rotated = True
                me.facing = FACINGS[step.facing]
                me.used |= 1 << THRUSTERS
                me.heat += me.energy[THRUSTERS]
                if log:
                    events.append(LazyTextEvent("rotate", {"ship": me.id, "facing": step.facing,
                                                           "heat": me.energy[THRUSTERS]},
                                                "{} turns to face {}", me.id, step.facing))
        elif isinstance(step, MOVEMENT_TYPES):
            if moved:
                err(step, "only one movement action (coast, burn or well transfer) per turn",
                    "002 Movement Actions")
                continue
            moved = True
            if isinstance(step, Coast):
                _coast(me, step, err, events, log)
            elif isinstance(step, Burn):
                _burn(me, step, err, events, log)
            else:
                _transfer(me, step, tr, err, events, log)
        elif isinstance(step, Fire):
            if not by_id:
                for s in ships:
                    alive_at_start[s.id] = s.hull > 0
                    by_id[s.id] = s
            _fire(me, step, tr, rng, by_id, alive_at_start, fired, err, events, damage, log)
        else:  # pragma: no cover - plans hold only steps
            raise TypeError(f"not a turn step: {step!r}")
    if drift:
        me.used = 0  # ref Turn 4: clear the used-this-turn flags
    return events


def _coast(me: Ship, step: Coast, err: Any, events: list[Event], log: bool) -> None:
    v = WELL_VELOCITIES[me.well][me.ring]
    if step.scoop:  # 002 Fuel Scoop: coast only, scoop powered at 3, not used this turn
        if not me.usable(SCOOP):
            err(step, f"the fuel scoop needs 3 energy; it holds {me.energy[SCOOP]}", "002 Fuel Scoop")
            return
        if me.is_used(SCOOP):
            err(step, "the fuel scoop was already used this turn", "002 Fuel Scoop")
            return
    old = me.sector
    me.sector = (me.sector + v) % SECTORS  # ref Board: drift always increases the sector by the velocity
    if log:
        events.append(LazyTextEvent("coast", {"ship": me.id, "ring": me.ring, "from": old, "to": me.sector},
                                    "{} coasts {} sector{} on ring {} to sector {}", me.id, v, "s" if v > 1 else "",
                                    me.ring, me.sector))
    if step.scoop:
        gained = min(MAX_MASS, me.mass + v) - me.mass  # 002 Fuel Scoop: velocity, capped at 10
        me.mass += gained
        me.used |= 1 << SCOOP
        me.heat += me.energy[SCOOP]
        if log:
            events.append(LazyTextEvent("scoop", {"ship": me.id, "mass": gained, "heat": me.energy[SCOOP]},
                                        "{} scoops {} reaction mass (mass {})", me.id, gained, me.mass))


def _burn(me: Ship, step: Burn, err: Any, events: list[Event], log: bool) -> None:
    if step.scoop:
        err(step, "the fuel scoop works only while coasting, not during a burn", "002 Fuel Scoop")
        return
    if step.intensity not in INTENSITIES:
        err(step, "burn intensity must be light, medium or heavy", "002 Burn")
        return
    k = INTENSITIES[step.intensity]
    v = WELL_VELOCITIES[me.well][me.ring]
    low, high = adjustment_range(v)
    cost = k + abs(step.adjust)  # 002 Sector Adjustment: 1 mass per sector of adjustment
    dest = me.ring + k * me.facing  # 002 Direction: prograde outward, retrograde inward
    rings = ring_count(me.well)
    if me.used >> ENGINES & 1:
        err(step, "the engines were already used this turn (railgun recoil compensation)", "ref Weapons/Railgun")
    elif me.energy[ENGINES] < k:
        err(step, f"a {step.intensity} burn needs at least {k} energy in the engines; they hold "
                  f"{me.energy[ENGINES]}", "002 Burn Requirements")
    elif not low <= step.adjust <= high:
        err(step, f"on a ring of velocity {v} the sector adjustment must be between {low} and +{high}",
            "002 Sector Adjustment")
    elif me.mass < cost:
        err(step, f"needs {cost} reaction mass ({k} for the burn + {abs(step.adjust)} for the adjustment); "
                  f"the ship has {me.mass}", "002 Burn Requirements")
    elif not 1 <= dest <= rings:
        err(step, f"a {step.intensity} {FACING_NAME[me.facing]} burn from ring {me.ring} would reach ring {dest}; "
                  f"the {WELLS[me.well]} has rings 1-{rings}", "002 Burn Requirements; ref Movement")
    else:
        old_ring, old_sector = me.ring, me.sector
        drifted = (me.sector + v) % SECTORS  # ref Movement: drift on the current ring, change ring, adjust
        me.ring = dest
        me.sector = (drifted + step.adjust) % SECTORS
        me.mass -= cost
        me.used |= 1 << ENGINES
        me.heat += me.energy[ENGINES]
        if log:
            events.append(LazyTextEvent("burn", {"ship": me.id, "intensity": step.intensity, "adjust": step.adjust,
                                                 "from": [old_ring, old_sector], "to": [me.ring, me.sector],
                                                 "mass": cost, "heat": me.energy[ENGINES]},
                                        "{} burns {} ({:+d}) from ring {} sector {} to ring {} sector {}, {} mass",
                                        me.id, step.intensity, step.adjust, old_ring, old_sector, me.ring, me.sector,
                                        cost))


def _transfer(me: Ship, step: Transfer, tr: TurnRules, err: Any, events: list[Event], log: bool) -> None:
    dest = WELL_INDEX.get(step.destination)
    if dest is None:
        err(step, f"unknown well {step.destination!r}", "002 Well Transfer")
        return
    route = transfer_route(me.well, dest)
    rings = ring_count(me.well)
    if dest == me.well:
        err(step, f"the ship is already in the {WELLS[dest]} well", "002 Well Transfer")
    elif route is None:
        err(step, f"transfers run between the black hole and a planet; from {WELLS[me.well]} the only "
                  "transfer is to the blackhole", "002 Transfer Sectors")
    elif me.ring != rings:
        err(step, f"a well transfer leaves from the outermost ring ({rings}); the ship is on ring {me.ring}",
            "002 Well Transfer Requirements")
    elif me.sector != route[0]:
        err(step, f"the transfer to {step.destination} leaves from sector {route[0]} of ring {rings}; the ship is "
                  f"at sector {me.sector}", "002 Transfer Sectors")
    elif me.is_used(ENGINES):
        err(step, "the engines were already used this turn (railgun recoil compensation)", "ref Weapons/Railgun")
    elif me.energy[ENGINES] < 3:
        err(step, f"a well transfer needs engines at 3; they hold {me.energy[ENGINES]}",
            "002 Well Transfer Requirements")
    elif me.mass < tr.transfer_mass:
        err(step, f"a well transfer costs {tr.transfer_mass} reaction mass; the ship has {me.mass}",
            "ref Movement (well_transfer_mass)")
    else:
        old = (me.well, me.ring, me.sector)
        me.well, me.ring, me.sector = dest, route[1], route[2]  # instantaneous; facing kept; no drift
        me.mass -= tr.transfer_mass
        me.used |= 1 << ENGINES
        me.heat += me.energy[ENGINES]
        if log:
            events.append(LazyTextEvent("transfer", {"ship": me.id, "from": [WELLS[old[0]], old[1], old[2]],
                                                     "to": [WELLS[dest], me.ring, me.sector],
                                                     "heat": me.energy[ENGINES]},
                                        "{} transfers from {} R{} S{} to {} R{} S{}", me.id, WELLS[old[0]], old[1],
                                        old[2], WELLS[dest], me.ring, me.sector))


def _fire(
    me: Ship, step: Fire, tr: TurnRules, rng: Any, by_id: dict[str, Ship], alive_at_start: dict[str, bool],
    fired: set[str], err: Any, events: list[Event], damage: bool, log: bool,
) -> None:
    weapon = step.weapon
    sub = WEAPON_INDEX.get(weapon)
    if sub is None:
        err(step, "weapon must be laser, railgun or missiles", "002 Weapon Types")
        return
    if weapon in fired:
        err(step, f"the {weapon} has already fired this turn", "002 Multiple Weapon Firing")
        return
    if me.energy[sub] < MIN_ENERGY[sub]:  # not usable
        err(step, f"the {weapon} needs at least {MIN_ENERGY[sub]} energy to fire; it holds {me.energy[sub]}",
            "002 Combat Mechanics")
        return
    if weapon == "missiles" and me.ammo <= 0:
        err(step, "no missiles left", "ref Further rulings")
        return
    targets = step.targets
    if not targets:
        err(step, "name at least one target", "ref Further rulings")
        return
    if weapon != "laser" and len(targets) != 1:
        err(step, f"the {weapon} takes exactly one target", "ref Weapons")
        return
    if len(targets) > 1 and len(set(targets)) != len(targets):
        err(step, "a target is named twice", "ref Further rulings")
        return
    if step.compensate and weapon != "railgun":
        err(step, "only the railgun has recoil to compensate", "ref Weapons/Railgun")
        return
    for tid in targets:
        target = by_id.get(tid)
        if target is None:
            err(step, f"there is no ship {tid}", "ref Table and players")
            return
        if target is me:
            err(step, "a ship cannot target itself", "ref Destruction")
            return
        if not alive_at_start[tid]:
            err(step, f"{tid} is already destroyed", "ref Destruction")
            return
        why = out_of_reach(weapon, me, target)
        if why is not None:
            err(step, why, "002 Combat Mechanics; ref Weapons")
            return
    recoil_ring = me.ring
    if weapon == "railgun":
        if step.compensate:  # ref Weapons/Railgun: 1 mass, engine heat, engines >= 1 and unused
            if me.is_used(ENGINES):
                err(step, "compensating recoil needs the engines, already used this turn", "ref Weapons/Railgun")
                return
            if not me.usable(ENGINES):
                err(step, "compensating recoil needs at least 1 energy in the engines", "ref Weapons/Railgun")
                return
            if me.mass < 1:
                err(step, "compensating recoil costs 1 reaction mass; the ship has none", "ref Weapons/Railgun")
                return
        else:
            recoil_ring = me.ring + me.facing  # ref Weapons/Railgun: one ring in the facing direction
            if not 1 <= recoil_ring <= ring_count(me.well):
                err(step, f"the recoil would push the ship from ring {me.ring} out of the {WELLS[me.well]} well; "
                          "compensate or rotate first", "ref Weapons/Railgun")
                return
    # legal: fire
    fired.add(weapon)
    me.used |= 1 << sub
    me.heat += me.energy[sub]  # 002 Heat Generation: heat = allocated energy
    if weapon == "missiles":
        me.ammo -= 1
    if log:
        events.append(LazyTextEvent("fire", {"ship": me.id, "weapon": weapon, "targets": list(targets),
                                             "from": [WELLS[me.well], me.ring, me.sector], "heat": me.energy[sub]},
                                    _fire_text, me.id, weapon, targets, me.ring, me.sector))
    if damage:
        for tid in targets:
            events.extend(shoot(weapon, me, by_id[tid], rng, tr.d10, tr.deplete, log))
    if weapon == "railgun":
        if step.compensate:
            me.mass -= 1
            me.used |= 1 << ENGINES
            me.heat += me.energy[ENGINES]
            if log:
                events.append(LazyTextEvent("compensate", {"ship": me.id, "mass": 1, "heat": me.energy[ENGINES]},
                                            "{} compensates the recoil (1 mass)", me.id))
        else:
            old = me.ring
            me.ring = recoil_ring
            if log:
                events.append(LazyTextEvent("recoil", {"ship": me.id, "from": old, "to": me.ring},
                                            "recoil pushes {} from ring {} to ring {}", me.id, old, me.ring))


def _fire_text(ship: str, weapon: str, targets: Sequence[str], ring: int, sector: int) -> str:
    return f"{ship} fires {weapon} at {', '.join(targets)} from ring {ring} sector {sector}"


# --- public API ------------------------------------------------------------------------------------------
def validate(ships: Sequence[Ship], idx: int, plan: Sequence[Step], tr: TurnRules) -> list[str]:
    """Every rule the plan breaks, as player-readable messages (no dice drawn, nothing changed)."""
    work = list(ships)
    work[idx] = ships[idx].clone()
    errors: list[str] = []
    simulate(work, idx, plan, tr, None, errors, damage=False, log=False)
    return errors


def play_unlogged(ships: list[Ship], idx: int, plan: Sequence[Step], tr: TurnRules, rng: Any) -> list[str]:
    """Validate the plan on the acting ship itself and play it, building no events: the errors (the ship put
    back as it was, nothing changed), or [] once played. Validation leaves the other ships alone and moves the
    acting ship as the plan does (its own changes never depend on dice: energy, facing, movement, heat,
    ammunition, recoil); then every shot is rolled in plan order, as ``simulate`` rolls them (ref Weapons/Crit
    draw order)."""
    me = ships[idx]
    before = me.clone()
    errors: list[str] = []
    try:
        simulate(ships, idx, plan, tr, None, errors, damage=False, log=False)
    except BaseException:
        me.become(before)
        raise
    if errors:
        me.become(before)
        return errors
    by_id = None
    for step in plan:
        if type(step) is Fire:
            if by_id is None:
                by_id = {s.id: s for s in ships}
            for tid in step.targets:
                shoot(step.weapon, me, by_id[tid], rng, tr.d10, tr.deplete, False)
    return errors


def execute(ships: list[Ship], idx: int, plan: Sequence[Step], tr: TurnRules, rng: Any, *,
            validated: bool = False) -> list[Event]:
    """Validate (unless the caller just did), then run the plan for real (all or nothing). Raises RuleViolation
    listing the errors."""
    if not validated:
        errors = validate(ships, idx, plan, tr)
        if errors:
            raise RuleViolation("the planned turn", "; ".join(errors), "")
    return simulate(ships, idx, plan, tr, rng, None, damage=True, log=True)


def preview(ships: Sequence[Ship], idx: int, plan: Sequence[Step], tr: TurnRules) -> Preview:
    """The resulting ships (no crits; under d10 every shot hits) or the errors; never changes ``ships``."""
    errors = validate(ships, idx, plan, tr)
    if errors:
        return Preview(False, errors)
    work = [s.clone() for s in ships]
    events = simulate(work, idx, plan, tr, None, None, damage=True, log=True)
    return Preview(True, [], work, events)
