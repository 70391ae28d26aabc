"""The three weapons: ranges and arcs, and how a hit lands (shields, hull, critical hits)."""

from __future__ import annotations

from typing import Any

from gamewright.core.game import Event
from gamewright.games.inclinations.board import FACING_NAME, SECTORS, WELLS, sector_distance
from gamewright.games.inclinations.events import LazyTextEvent
from gamewright.games.inclinations.ship import LASER, MISSILES, RAILGUN, SHIELDS, SUBSYSTEMS, Ship

WEAPON_INDEX = {"laser": LASER, "railgun": RAILGUN, "missiles": MISSILES}
DAMAGE = {"laser": 2, "railgun": 4, "missiles": 3}  # 002 Weapon Types
CRIT_CHANCE = 0.10  # 002 Critical Hits: 10% per hit
CRIT_FACES = 1  # ... drawn as one face of a d10
RAILGUN_REACH = 6  # 002 Railgun: 6 sectors in facing direction
LASER_SECTORS = 2  # 002 Broadside Laser: ±2 sectors
MISSILE_RINGS = 2  # 002 Missiles: ±2 rings, ±3 sectors
MISSILE_SECTORS = 3


def in_reach(sub: int, ring: int, sector: int, facing: int, target_ring: int, target_sector: int) -> bool:
    """Whether the weapon of subsystem ``sub`` at (ring, sector, facing) reaches a target in the same well (the
    rules ``out_of_reach`` explains; this answers without building its text)."""
    dr = target_ring - ring
    if sub == RAILGUN:  # ref Weapons: same ring only, 1..6 sectors ahead in the facing direction
        return dr == 0 and 1 <= ((target_sector - sector) * facing) % SECTORS <= RAILGUN_REACH
    ds = (target_sector - sector) % SECTORS
    if ds > SECTORS // 2:
        ds = SECTORS - ds
    if sub == LASER:  # ref Weapons: broadside = the adjacent rings only; ±2 sectors
        return (dr == 1 or dr == -1) and ds <= LASER_SECTORS
    return -MISSILE_RINGS <= dr <= MISSILE_RINGS and ds <= MISSILE_SECTORS  # missiles: ±2 rings, ±3 sectors


def out_of_reach(weapon: str, me: Ship, target: Ship) -> str | None:
    """Why ``target`` cannot be hit by ``weapon`` from where ``me`` is now, or None when it can."""
    sub = WEAPON_INDEX.get(weapon, MISSILES)
    if target.well == me.well and in_reach(sub, me.ring, me.sector, me.facing, target.ring, target.sector):
        return None
    tid = target.id
    if target.well != me.well:  # ref Board: different wells cannot target each other
        return (f"{tid} is in another gravity well ({WELLS[target.well]}); ships in different wells cannot fire "
                "at each other")
    dr = abs(target.ring - me.ring)
    if sub == LASER:
        if dr == 0:
            return f"{tid} is on your own ring; the broadside laser fires only at the adjacent rings (out of arc)"
        if dr > 1:
            return f"{tid} is {dr} rings away; the broadside laser reaches only the adjacent rings (out of range)"
        ds = sector_distance(target.sector, me.sector)
        return f"{tid} is {ds} sectors away; the broadside laser reaches 2 sectors (out of range)"
    if sub == RAILGUN:
        if dr != 0:
            return f"{tid} is on ring {target.ring}; the railgun fires only along its own ring (out of arc)"
        ahead = ((target.sector - me.sector) * me.facing) % SECTORS
        if ahead == 0:
            return f"{tid} shares your sector; the railgun fires 1-6 sectors ahead (out of arc)"
        if ahead > SECTORS // 2:
            return (f"{tid} is behind you (facing {FACING_NAME[me.facing]}); the railgun fires only ahead "
                    "(out of arc)")
        return f"{tid} is {ahead} sectors ahead; the railgun reaches 6 sectors (out of range)"
    if dr > MISSILE_RINGS:
        return f"{tid} is {dr} rings away; missiles reach 2 rings (out of range)"
    return f"{tid} is {sector_distance(target.sector, me.sector)} sectors away; missiles reach 3 sectors (out of range)"


def _verb(weapon: str, verb: str) -> str:
    """'the laser hits', 'the missiles hit'."""
    if weapon == "missiles":
        return verb
    return verb + ("es" if verb.endswith("s") else "s")


def resolve_hit(
    weapon: str, attacker: Ship, target: Ship, rng: Any, d10: bool, deplete: bool, log: bool
) -> list[Event]:
    """One shot at one live target. ``rng`` None: a preview (every shot hits, no crit, no draw).

    ref Weapons/Crit draw order: u (d10: hit or miss) -> shields absorb -> hull -> on a crit draw v -> next.
    """
    events: list[Event] = []
    hit, crit = True, False
    roll = None
    if rng is not None:
        # one uniform draw u as a d10 (floor(10u) + 1), so a preview can list the faces exactly
        face = rng.die(10)
        if d10:  # ref Weapons/Hits option to_hit=d10: 1 misses, 2-9 hit, 10 hits and crits
            roll = face
            hit, crit = roll != 1, roll == 10
        else:  # 002 Critical Hits: 10% per hit (u < 0.1, the d10's face 1)
            crit = face <= CRIT_FACES
    if not hit:
        if log:
            events.append(LazyTextEvent("miss", {"ship": attacker.id, "weapon": weapon, "target": target.id,
                                                 "roll": roll},
                                        "{}'s {} {} {} (d10 rolled 1)", attacker.id, weapon, _verb(weapon, "miss"),
                                        target.id))
        return events
    damage = DAMAGE[weapon]
    absorbed = min(damage, target.energy[SHIELDS])  # ref Weapons/Shields
    if absorbed:
        target.heat += absorbed
        if deplete:
            target.energy[SHIELDS] -= absorbed
    hull_damage = damage - absorbed
    target.hull = max(0, target.hull - hull_damage)  # ref Destruction: never below 0
    if log:
        data = {"ship": attacker.id, "weapon": weapon, "target": target.id, "damage": damage, "absorbed": absorbed,
                "hull_damage": hull_damage, "hull": target.hull}
        if rng is None:
            data["random"] = True  # ref Further rulings: a preview marks outcomes that dice could change
        if roll is not None:
            data["roll"] = roll
        events.append(LazyTextEvent("hit", data, "{}'s {} {} {}: {} damage, {} absorbed by shields, hull now {}",
                                    attacker.id, weapon, _verb(weapon, "hit"), target.id, damage, absorbed,
                                    target.hull))
    if crit:
        powered = target.powered_list()
        # ref Weapons/Crit draw order: v is drawn even when nothing is powered (a one-face draw then)
        pick = rng.choice(powered) if powered else rng.die(1)
        if powered:  # 002 Critical Hits: a random powered subsystem is unpowered, its energy becomes heat
            sub = pick  # v: powered[floor(v * count)]
            lost = target.energy[sub]
            target.energy[sub] = 0
            target.heat += lost
            if log:
                events.append(LazyTextEvent("crit", {"target": target.id, "subsystem": SUBSYSTEMS[sub], "energy": lost},
                                            "critical hit on {}: {} loses {} energy as heat", target.id,
                                            SUBSYSTEMS[sub], lost))
        elif log:
            events.append(LazyTextEvent("crit", {"target": target.id, "subsystem": None, "energy": 0},
                                        "critical hit on {}: nothing powered, no effect", target.id))
    if target.hull == 0 and log:
        events.append(LazyTextEvent("destroyed", {"ship": target.id}, "{} is destroyed", target.id))
    return events


def shoot(weapon: str, attacker: Ship, target: Ship, rng: Any, d10: bool, deplete: bool,
          log: bool) -> list[Event]:
    """One shot at one named target: it fizzles if the target was destroyed earlier this turn, else it lands."""
    if target.hull <= 0:  # ref Further rulings: destroyed earlier this turn -> fizzles, no draw
        if not log:
            return []
        return [LazyTextEvent("fizzle", {"ship": attacker.id, "weapon": weapon, "target": target.id},
                              "the {} shot at {} fizzles: already destroyed", weapon, target.id)]
    return resolve_hit(weapon, attacker, target, rng, d10, deplete, log)
