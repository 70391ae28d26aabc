"""The heuristic bot (easy / medium / hard): a one-turn lookahead over every rotation x movement, with each
weapon fired where it does the most.

Scores: damage dealt (after shields, with a kill bonus) - heat beyond dissipation - distance to the next shot -
low reaction mass, plus shields from the energy left over. The turn is planned on plain numbers: shot values
per target, heat penalties and position values are worked out once per turn and looked up per option; the
floating-point sums are made in one fixed order, so a seed gives the same plans on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import COAST, COAST_SCOOP, ROTATE, Deploy, Fire, Step
from gamewright.games.inclinations.board import BLACKHOLE, PROGRADE, RETROGRADE, SECTORS, ring_count, velocity
from gamewright.games.inclinations.bot_moves import deploy_choice, energy_steps, movement_options, safe_deploy
from gamewright.games.inclinations.bot_tables import INF, approach_table, transfer_distance
from gamewright.games.inclinations.ship import (
    DISSIPATION,
    ENGINES,
    LASER,
    MAX_ENERGY,
    MISSILES,
    RAILGUN,
    REACTOR,
    SCOOP,
    SHIELDS,
    THRUSTERS,
    Ship,
)
from gamewright.games.inclinations.weapons import (
    DAMAGE,
    LASER_SECTORS,
    MISSILE_RINGS,
    MISSILE_SECTORS,
    RAILGUN_REACH,
)

Shots = tuple[float, tuple[str, ...]]  # (value, target ids)
NO_SHOTS: Shots = (0.0, ())
# how one weapon sees one target: the spots (ring * SECTORS + sector) it hits it from, the value of a hit, and
# that hit as Shots
Aim = tuple[frozenset[int], float, Shots]
# a target as the planner sees it: id, hull, then an Aim per weapon kind (laser, missiles, railgun facing
# prograde, railgun facing retrograde)
Target = tuple[str, int, tuple[Aim, ...]]
LASER_KIND, MISSILES_KIND = 0, 1
RAIL_KIND = {PROGRADE: 2, RETROGRADE: 3}


@dataclass(frozen=True)
class Level:
    heat_budget: int  # heat this turn the bot accepts before counting the excess as damage
    heat_cost: float  # how much each point of heat over the budget weighs against damage dealt
    tables: bool  # plan approach with exact distance tables (else a rough distance)
    flee: bool  # take a well transfer away when beaten
    noise: float  # random tie-breaking / sloppiness
    position_weight: float
    trade_heat: bool = False  # accept some heat damage for damage dealt while the hull is healthy
    shield_headroom: bool = False  # power only the shields the ship's heat can still absorb
    safe_deploy: bool = False  # deploy out of the arcs of the ships already on the board


LEVELS = {
    "easy": Level(heat_budget=7, heat_cost=1.5, tables=False, flee=False, noise=3.0, position_weight=0.4),
    "medium": Level(heat_budget=5, heat_cost=2.0, tables=True, flee=False, noise=1.0, position_weight=0.8,
                    trade_heat=True),
    "hard": Level(heat_budget=5, heat_cost=2.0, tables=True, flee=True, noise=0.05, position_weight=1.0,
                  trade_heat=True, shield_headroom=True, safe_deploy=True),
}


def shot_value(weapon: str, target: Ship) -> float:
    """Hull damage, shield points at 0.4, and 6 for a kill."""
    dmg = DAMAGE[weapon]
    absorbed = min(dmg, target.energy[SHIELDS])
    hull = dmg - absorbed
    value = hull + 0.4 * absorbed
    if hull >= target.hull:
        value += 6.0  # a kill
    return value


@cache
def firing_spots(ring: int, sector: int) -> tuple[frozenset[int], ...]:
    """Where (ring * SECTORS + sector, in the same well) a weapon hits a target at (ring, sector) from: the
    laser, missiles, the railgun facing prograde, facing retrograde. The reach of ``in_reach``, turned round."""
    laser = frozenset(r * SECTORS + (sector + d) % SECTORS for r in (ring - 1, ring + 1)
                      for d in range(-LASER_SECTORS, LASER_SECTORS + 1))
    missiles = frozenset(r * SECTORS + (sector + d) % SECTORS
                         for r in range(ring - MISSILE_RINGS, ring + MISSILE_RINGS + 1)
                         for d in range(-MISSILE_SECTORS, MISSILE_SECTORS + 1))
    # a shooter ``a`` sectors behind the target along its facing (1 <= a <= 6) on the same ring
    rail = {f: frozenset(ring * SECTORS + (sector - f * a) % SECTORS for a in range(1, RAILGUN_REACH + 1))
            for f in (PROGRADE, RETROGRADE)}
    return laser, missiles, rail[PROGRADE], rail[RETROGRADE]


def _target(e: Ship) -> Target:
    laser, missiles, rail_pro, rail_retro = firing_spots(e.ring, e.sector)
    aims: list[Aim] = []
    for spots, weapon in ((laser, "laser"), (missiles, "missiles"), (rail_pro, "railgun"), (rail_retro, "railgun")):
        value = shot_value(weapon, e)
        aims.append((spots, value, (sum([value]) if weapon == "laser" else value, (e.id,))))
    return (e.id, e.hull, tuple(aims))


def _laser_shots(spot: int, targets: list[Target]) -> Shots:
    """The broadside hits every target in reach at once: the sum of their values (in seat order)."""
    if len(targets) == 1:
        aim = targets[0][2][LASER_KIND]
        return aim[2] if spot in aim[0] else NO_SHOTS
    values = []
    ids = []
    for t in targets:
        aim = t[2][LASER_KIND]
        if spot in aim[0]:
            values.append(aim[1])
            ids.append(t[0])
    return (sum(values), tuple(ids)) if ids else NO_SHOTS


def _single_shot(kind: int, spot: int, targets: list[Target]) -> Shots:
    """Missiles or railgun: the target in reach worth the most (ties: the weaker hull, then seat order)."""
    best: Aim | None = None
    best_key = (0.0, 0)
    for t in targets:
        aim = t[2][kind]
        if spot in aim[0] and (best is None or (aim[1], -t[1]) > best_key):
            best, best_key = aim, (aim[1], -t[1])
    return NO_SHOTS if best is None else best[2]


def best_volley(lv: float, mv: float, rail: float, base: int, compensate: bool,
                penalty: list[float]) -> tuple[float, int, int]:
    """(score, weapon mask, energy) of the best set of weapons to fire (mask bits: laser 1, missiles 2, railgun
    4); equal scores go to the larger mask. Heat equals the energy spent here."""
    if lv <= 0 and mv <= 0 and rail <= 0:  # nothing in reach: only holding fire
        return 0.0 - penalty[base], 0, base
    best = (0.0 - penalty[base], 0, base)
    for mask in range(1, 8):
        value = 0.0
        energy = base
        if mask & 1:
            if lv <= 0:
                continue
            value += lv
            energy += 2
        if mask & 2:
            if mv <= 0:
                continue
            value += mv - 0.8  # ammunition is finite
            energy += 2
        if mask & 4:
            if rail <= 0:
                continue
            value += rail
            energy += 5 if compensate else 4
        if energy > REACTOR:
            continue
        score = value - penalty[energy]
        if score >= best[0]:
            best = (score, mask, energy)
    return best


class HeuristicBot:
    """One-turn lookahead over every rotation x movement, with each weapon fired where it does the most."""

    def __init__(self, level: str, rng: Rng) -> None:
        self.level_name = level
        self.kind = f"{level}-bot"
        self.level = LEVELS[level]
        self.rng = rng
        self._penalty_key: tuple[Level, int] | None = None
        self._penalty_lists: tuple[list[float], list[float]] = ([], [])

    def deploy(self, state: Any) -> Deploy:
        if self.level.safe_deploy:
            return safe_deploy(state, self.rng)
        return deploy_choice(state, self.rng)

    # --- evaluation --------------------------------------------------------------------------------
    def _penalties(self, hull: int) -> tuple[list[float], list[float]]:
        """The heat penalty by heat 0..REACTOR, and the score of firing nothing at that heat (kept per hull)."""
        key = (self.level, hull)
        if self._penalty_key != key:
            penalty = [self._heat_penalty(heat, hull) for heat in range(REACTOR + 1)]
            self._penalty_key, self._penalty_lists = key, (penalty, [0.0 - p for p in penalty])
        return self._penalty_lists

    def _heat_penalty(self, heat: int, hull: int) -> float:
        """Heat over dissipation is hull damage at the start of the next turn; never cook the ship."""
        level = self.level
        excess = heat - DISSIPATION
        if excess >= hull:
            return 100.0
        budget = level.heat_budget
        if level.trade_heat:  # a healthy hull can pay a little heat for a bigger volley
            budget += min(3, max(0, (hull - 4) // 2))
        penalty = max(0, heat - budget) * level.heat_cost
        if excess > 0 and heat <= budget:
            penalty += 0.6 * excess
        return penalty

    def _exposure(self, well: int, ring: int, sector: int, enemies: list[Ship]) -> int:
        """How many enemies could shoot at this position in their coming turn (before or after moving)."""
        planet = well != BLACKHOLE
        count = 0
        for e in enemies:
            if e.well == well:
                kind = 0 if e.ammo > 0 else 1
                if approach_table(planet, ring, kind)[e.ring][(e.sector - sector) % SECTORS] == 0:
                    count += 1
        return count

    def _position_scorer(self, me: Ship, enemies: list[Ship], fleeing: bool) -> Callable[[int, int, int], float]:
        """How good it is to end the turn at (well, ring, sector): near the next shot, or (fleeing) far away."""
        if fleeing:  # open the range, and head for a well with no enemy in it
            def away(well: int, ring: int, sector: int) -> float:
                if not any(e.well == well for e in enemies):
                    return 8.0
                if well == BLACKHOLE:
                    safe = [p for p in range(1, 7) if all(e.well != p for e in enemies)]
                    best: float = min((transfer_distance(well, ring, sector, p) for p in safe), default=INF)
                else:
                    best = transfer_distance(well, ring, sector, BLACKHOLE)
                return -0.3 * min(best, 30) - 2.0 * self._exposure(well, ring, sector, enemies)
            return away
        tables = self.level.tables
        kind = 0 if me.ammo > 0 else 1
        # per enemy: its well, its ring, where it drifts to (the distance is measured from there), and with
        # tables the turns-to-a-shot table against it
        aims = [(e.well, e.ring, e.sector + velocity(e.well, e.ring),
                 approach_table(e.well != BLACKHOLE, e.ring, kind) if tables else None) for e in enemies]
        crowd = tables and len(enemies) > 1

        def near(well: int, ring: int, sector: int) -> float:
            best: float = INF
            for e_well, e_ring, drift, table in aims:
                if e_well != well:
                    dist: float = transfer_distance(well, ring, sector, e_well) + 3
                elif table is not None:
                    dist = table[ring][(sector - drift) % SECTORS]
                else:
                    ds = (sector - drift) % SECTORS
                    ds = min(ds, SECTORS - ds)
                    dist = abs(ring - e_ring) + max(0, ds - 3) / 3
                best = min(best, dist)
            value = -float(min(best, 40))
            if crowd:  # in a crowd, prefer being reachable by fewer guns
                value -= 0.3 * max(0, self._exposure(well, ring, sector, enemies) - 1)
            return value
        return near

    def choose_turn(self, state: Any) -> list[Step]:
        """The best plan found; a plan validation refuses (it should not happen) becomes a plain coast."""
        from gamewright.games.inclinations.turn import validate

        plan = self.build_turn(state)
        return [] if validate(state.ships, state.current, plan, state.tr) else plan

    def build_turn(self, state: Any) -> list[Step]:
        me: Ship = state.ships[state.current]
        level = self.level
        enemies = [s for s in state.ships if s is not me and s.hull > 0]
        fleeing = level.flee and me.hull <= 3 and any(
            e.well == me.well and e.hull >= me.hull + 5 for e in enemies)
        by_well: dict[int, list[Target]] = {}
        for e in enemies:
            by_well.setdefault(e.well, []).append(_target(e))
        has_ammo = me.ammo > 0
        in_well = by_well.get(me.well)
        pre_laser = pre_missiles = NO_SHOTS
        if in_well:
            pre_laser = _laser_shots(me.ring * SECTORS + me.sector, in_well)
            if has_ammo:
                pre_missiles = _single_shot(MISSILES_KIND, me.ring * SECTORS + me.sector, in_well)
        pre_lv, pre_mv = pre_laser[0], pre_missiles[0]
        penalty, idle = self._penalties(me.hull)
        volleys: dict[tuple[float, float, float, int, bool], tuple[float, int, int]] = {}
        position_value = self._position_scorer(me, enemies, fleeing)
        exposures: dict[int, int] = {}
        weight = level.position_weight
        noise = level.noise
        headroom = level.shield_headroom
        random = self.rng.random
        scoop_velocity = velocity(me.well, me.ring)
        mass = me.mass
        best_score = -1e9
        best: tuple[Any, ...] | None = None
        for facing in (me.facing, -me.facing):
            rotation = 0 if facing == me.facing else 1
            rail_kind = RAIL_KIND[facing]
            for step, well, ring, sector, engines, mass_cost in movement_options(me, facing, state.tr.transfer_mass):
                base = engines + rotation
                targets = by_well.get(well)
                compensate = False
                if targets is None:  # nobody to shoot at after the movement
                    post_laser = post_missiles = rail = NO_SHOTS
                    lv, mv = pre_lv, pre_mv
                else:
                    spot = ring * SECTORS + sector
                    if len(targets) == 1:
                        laser_aim, missiles_aim = targets[0][2][0], targets[0][2][1]
                        rail_aim = targets[0][2][rail_kind]
                        post_laser = laser_aim[2] if spot in laser_aim[0] else NO_SHOTS
                        post_missiles = missiles_aim[2] if has_ammo and spot in missiles_aim[0] else NO_SHOTS
                        rail = rail_aim[2] if spot in rail_aim[0] else NO_SHOTS
                    else:
                        post_laser = _laser_shots(spot, targets)
                        post_missiles = _single_shot(MISSILES_KIND, spot, targets) if has_ammo else NO_SHOTS
                        rail = _single_shot(rail_kind, spot, targets)
                    # railgun after the movement: recoil (if it stays in the well) or compensation on a coast
                    if rail[1] and not 1 <= ring + facing <= ring_count(well):
                        compensate = True
                        if engines or mass - mass_cost < 1:
                            rail = NO_SHOTS
                    lv = post_laser[0] if post_laser[0] > pre_lv else pre_lv
                    mv = post_missiles[0] if post_missiles[0] > pre_mv else pre_mv
                if lv <= 0 and mv <= 0 and rail[0] <= 0:  # nothing to fire at
                    shot_score, mask, energy = idle[base], 0, base
                else:
                    key = (lv, mv, rail[0], base, compensate)
                    volley = volleys.get(key)
                    if volley is None:
                        volley = volleys[key] = best_volley(lv, mv, rail[0], base, compensate, penalty)
                    shot_score, mask, energy = volley
                end_ring = ring + facing if mask & 4 and not compensate else ring
                score = shot_score
                score += weight * position_value(well, end_ring, sector)
                mass_end = mass - mass_cost - (1 if mask & 4 and compensate else 0)
                heat = energy
                scoop = False
                if step is COAST and energy <= 2 and mass_end < 6:  # room for the scoop's 3 heat (at most 5)
                    gain = min(10, mass_end + scoop_velocity) - mass_end
                    if gain:
                        scoop = True
                        mass_end += gain
                        energy += 3
                        heat += 3
                if mass_end < 5:  # low reaction mass
                    score -= (5 - mass_end) * 0.6
                shields = min(MAX_ENERGY[SHIELDS], REACTOR - energy)
                if headroom:
                    # ref Weapons/Shields: an absorbed point is a point of heat, and past dissipation heat is hull
                    # damage at the next turn anyway (002 Heat Dissipation); a crit on full shields turns them
                    # all into heat. Shields beyond the heat headroom protect nothing.
                    shields = min(shields, max(0, DISSIPATION - heat))
                    # and shields are worth more where enemies can shoot next turn
                    where = (well * 8 + end_ring) * SECTORS + sector
                    exposure = exposures.get(where)
                    if exposure is None:
                        exposure = exposures[where] = self._exposure(well, end_ring, sector, enemies)
                    score += 0.3 * min(shields, 3 * exposure)
                score += 0.15 * shields
                if noise:
                    score += random() * noise
                if score > best_score:
                    best_score = score
                    best = (facing, step, engines, scoop, mask, compensate, post_laser, post_missiles, rail[1],
                            shields)
        if best is None:
            return []
        facing, step, engines, scoop, mask, compensate, post_laser, post_missiles, rail_ids, shields = best
        return self._build(me, facing, step, engines, scoop, mask, compensate,
                           (pre_laser, post_laser, pre_missiles, post_missiles), rail_ids, shields)

    def _build(self, me: Ship, facing: int, step: Step, engines: int, scoop: bool, mask: int,
               compensate: bool, fire: tuple[Shots, Shots, Shots, Shots], rail_targets: tuple[str, ...],
               shields: int) -> list[Step]:
        """The plan: energy to exactly what the turn uses, rotation, each weapon before or after the movement
        (before when it does as much there), the movement, the railgun last. ``fire``: the laser's shots before
        and after the movement, then the missiles'."""
        target = [0] * 7
        target[ENGINES] = max(engines, 1 if compensate else 0)
        rotating = facing != me.facing
        target[THRUSTERS] = 1 if rotating else 0
        target[SCOOP] = 3 if scoop else 0
        target[LASER] = 2 if mask & 1 else 0
        target[MISSILES] = 2 if mask & 2 else 0
        target[RAILGUN] = 4 if mask & 4 else 0
        target[SHIELDS] = shields
        plan = energy_steps(me, target)
        if rotating:
            plan.append(ROTATE[facing])
        after: list[Step] = []
        for bit, weapon, before, later in ((1, "laser", fire[0], fire[1]), (2, "missiles", fire[2], fire[3])):
            if mask & bit:
                if before[0] >= later[0]:
                    plan.append(Fire(weapon, before[1]))
                else:
                    after.append(Fire(weapon, later[1]))
        plan.append(COAST_SCOOP if scoop else step)
        plan.extend(after)
        if mask & 4:
            plan.append(Fire("railgun", rail_targets, compensate))
        return plan
