"""The heuristic bot (easy / medium / hard): a one-turn lookahead over every rotation x movement, with each
weapon fired where it does the most.

Scores: damage dealt (after shields, with a kill bonus) - heat beyond dissipation - distance to the next shot -
low reaction mass, plus shields from the energy left over (see bot_scoring). Movements come in groups ending on
one ring; a movement from which no weapon reaches anyone after moving scores with its group's volley (the shots
before moving) and the ring's position values. The hard level also weighs the railgun fired before moving (then a
coast), for a target that moving would take out of its reach. The sums are made in one fixed order, so a seed gives
the same plans on every run.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import COAST, COAST_SCOOP, ROTATE, Deploy, Step, fire
from gamewright.games.inclinations.board import SECTORS, WELL_VELOCITIES, ring_count
from gamewright.games.inclinations.bot_moves import (
    checked_plan,
    deploy_choice,
    energy_steps,
    movement_groups,
    safe_deploy,
)
from gamewright.games.inclinations.bot_scoring import (
    LEVELS,
    MISSILES_KIND,
    NO_SHOTS,
    RAIL_KIND,
    RING_BITS,
    Level,
    Row,
    Shots,
    Target,
    Volley,
    best_volley,
    exposure,
    heat_penalties,
    hot_spots,
    laser_shots,
    make_target,
    position_rows,
    single_shot,
)
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

SHIELDS_LEFT = tuple(min(MAX_ENERGY[SHIELDS], REACTOR - energy) for energy in range(REACTOR + 1))  # by energy used
# best_volley's answers by heat penalties, then by (laser, missiles, railgun values, base energy, compensate)
VolleysByKey = dict[tuple[float, float, float, int, bool], Volley]
VOLLEYS: dict[tuple[float, ...], VolleysByKey] = {}
# by heat penalties, then by the values of the laser and missiles before moving: by base energy, the quiet volley
# (the best from where the ship stands), its shields and their score
Quiet = tuple[float, int, int, int, float]
QuietsByShots = dict[tuple[float, float], list[Quiet | None]]
QUIETS: dict[tuple[float, ...], QuietsByShots] = {}
# by (id of the level, hull): the level (its id is not reused while it is kept here), its heat penalties and their
# volleys (a Level hashes every field; this is looked up every turn)
PENALTIES: dict[tuple[int, int], tuple[Level, tuple[float, ...], VolleysByKey, QuietsByShots]] = {}


class HeuristicBot:
    """One-turn lookahead over every rotation x movement, with each weapon fired where it does the most."""

    def __init__(self, level: str, rng: Rng) -> None:
        self.level_name = level
        self.kind = f"{level}-bot"
        self.level: Level = LEVELS[level]
        self.rng = rng

    def deploy(self, state: Any) -> Deploy:
        if self.level.safe_deploy:
            return safe_deploy(state, self.rng)
        return deploy_choice(state, self.rng)

    def choose_turn(self, state: Any) -> list[Step]:
        """The best plan found; a plan validation refuses (it should not happen) becomes a plain coast. The state
        checks the plan (``check_turn``) and keeps it checked: played next, it is not validated again."""
        return checked_plan(state, self.build_turn(state))

    def build_turn(self, state: Any) -> list[Step]:
        me: Ship = state.ships[state.current]
        level = self.level
        enemies = [s for s in state.ships if s is not me and s.hull > 0]
        fleeing = level.flee and me.hull <= 3 and any(
            e.well == me.well and e.hull >= me.hull + 5 for e in enemies)
        by_well: dict[int, list[Target]] = {}
        for e in enemies:
            by_well.setdefault(e.well, []).append(make_target(e))
        has_ammo = me.ammo > 0
        here = me.ring * SECTORS + me.sector
        in_well = by_well.get(me.well)
        pre_laser = pre_missiles = NO_SHOTS
        if in_well:
            pre_laser = laser_shots(here, in_well)
            if has_ammo:
                pre_missiles = single_shot(MISSILES_KIND, here, in_well)
        pre_lv, pre_mv = pre_laser[0], pre_missiles[0]
        held_penalty = PENALTIES.get((id(level), me.hull))
        if held_penalty is None or held_penalty[0] is not level:
            penalty = heat_penalties(level, me.hull)
            # best volleys are kept per heat penalties (a pure function of both)
            held_penalty = PENALTIES[id(level), me.hull] = (level, penalty, VOLLEYS.setdefault(penalty, {}),
                                                            QUIETS.setdefault(penalty, {}))
        _, penalty, volleys, quiets = held_penalty
        row_of, alone = position_rows(level, me, enemies, fleeing)
        alone_well, alone_rows, alone_offset = alone if alone is not None else (-1, (), 0)
        # per base energy (rotation and movement): the volley from where the ship stands, its shields and their
        # score, for the movements after which nothing is in reach (kept from turn to turn: a pure function of the
        # penalties, the shots before moving and the base energy)
        quiet_by_base = quiets.get((pre_lv, pre_mv))
        if quiet_by_base is None:
            quiet_by_base = quiets[pre_lv, pre_mv] = [None] * (REACTOR + 1)
        rows: dict[int, Row] = {}
        hot: dict[tuple[int, int], tuple[int, ...]] = {}
        exposures: dict[int, int] = {}
        weight = level.position_weight
        noise = level.noise
        headroom = level.shield_headroom
        random = self.rng.draws()  # the stream's own draw function: no wrapper call per movement
        scoop_velocity = WELL_VELOCITIES[me.well][me.ring]
        mass = me.mass
        spare_mass = mass - 5  # a movement costing more leaves the ship low on reaction mass
        best_score = -1e9
        best: tuple[Any, ...] | None = None
        transfer_mass = state.tr.transfer_mass
        for facing in (me.facing, -me.facing):
            rotation = 0 if facing == me.facing else 1
            rail_kind = RAIL_KIND[facing]
            start, groups = movement_groups(me, facing, transfer_mass)
            for well, ring, engines, moves in groups:
                base = engines + rotation
                targets = by_well.get(well)
                hot_row = 0  # the sectors of the ring the group ends on from which some weapon reaches someone
                lone = False
                if targets is not None:
                    hot_here = hot.get((well, facing))
                    if hot_here is None:
                        hot_here = hot[(well, facing)] = hot_spots(targets, facing, has_ammo)
                    hot_row = hot_here[ring]
                    if len(targets) == 1:  # one target: its aims answer directly
                        lone = True
                        aims = targets[0][2]
                        laser_aim, missiles_aim, rail_aim = aims[0], aims[1], aims[rail_kind]
                    # the railgun after the movement recoils out of the well from this ring: compensate on a coast
                    recoil_out = not 1 <= ring + facing <= ring_count(well)
                value_at = rows.get(well * 8 + ring)
                if value_at is None:
                    if well == alone_well:
                        value_at = alone_rows[ring][alone_offset:alone_offset + SECTORS]
                    else:
                        value_at = row_of(well, ring)
                    rows[well * 8 + ring] = value_at
                quiet = quiet_by_base[base]
                if quiet is None:
                    key = (pre_lv, pre_mv, 0.0, base, False)
                    held = volleys.get(key)
                    if held is None:
                        held = volleys[key] = best_volley(pre_lv, pre_mv, 0.0, base, False, penalty)
                    quiet = quiet_by_base[base] = (*held, SHIELDS_LEFT[held[2]], 0.15 * SHIELDS_LEFT[held[2]])
                quiet_score, quiet_mask, quiet_energy, quiet_shields, quiet_bonus = quiet
                # no scoop to weigh, no headroom: the group's quiet movements score on the spot (the sectors of
                # quiet_row)
                quiet_row = 0
                if not headroom and (moves[0][0] is not COAST or quiet_energy > 2 or mass >= 6):
                    quiet_row = ~hot_row & RING_BITS
                spots = ring * SECTORS
                for step, adj, mass_cost in moves:
                    sector = (start + adj) % SECTORS
                    if quiet_row >> sector & 1:
                        score = quiet_score + weight * value_at[sector]
                        if mass_cost > spare_mass:  # low reaction mass
                            score -= (5 - (mass - mass_cost)) * 0.6
                        score += quiet_bonus
                        if noise:
                            score += random() * noise
                        if score > best_score:
                            best_score = score
                            best = (facing, step, engines, False, quiet_mask, False, NO_SHOTS, NO_SHOTS, (),
                                    quiet_shields, False)
                        continue
                    compensate = False
                    post_laser = post_missiles = rail = NO_SHOTS
                    if targets is not None:
                        spot = spots + sector
                        if lone:
                            if laser_aim[0] >> spot & 1:
                                post_laser = laser_aim[2]
                            if has_ammo and missiles_aim[0] >> spot & 1:
                                post_missiles = missiles_aim[2]
                            if rail_aim[0] >> spot & 1:
                                rail = rail_aim[2]
                        else:
                            post_laser = laser_shots(spot, targets)
                            if has_ammo:
                                post_missiles = single_shot(MISSILES_KIND, spot, targets)
                            rail = single_shot(rail_kind, spot, targets)
                        # railgun after the movement: recoil (if it stays in the well) or compensation on a coast
                        if rail[1] and recoil_out:
                            compensate = True
                            if engines or mass - mass_cost < 1:
                                rail = NO_SHOTS
                    lv = post_laser[0] if post_laser[0] > pre_lv else pre_lv
                    mv = post_missiles[0] if post_missiles[0] > pre_mv else pre_mv
                    key = (lv, mv, rail[0], base, compensate)
                    volley = volleys.get(key)
                    if volley is None:
                        volley = volleys[key] = best_volley(lv, mv, rail[0], base, compensate, penalty)
                    score, mask, energy = volley
                    end_ring = ring + facing if mask & 4 and not compensate else ring
                    if end_ring == ring:
                        score += weight * value_at[sector]
                    else:
                        if well * 8 + end_ring not in rows:
                            rows[well * 8 + end_ring] = row_of(well, end_ring)
                        score += weight * rows[well * 8 + end_ring][sector]
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
                    shields = SHIELDS_LEFT[energy]
                    if headroom:
                        # ref Weapons/Shields: an absorbed point is a point of heat, and past dissipation heat is
                        # hull damage at the next turn anyway (002 Heat Dissipation); a crit on full shields turns
                        # them all into heat. Shields beyond the heat headroom protect nothing.
                        shields = min(shields, max(0, DISSIPATION - heat))
                        # and shields are worth more where enemies can shoot next turn
                        where = (well * 8 + end_ring) * SECTORS + sector
                        seen = exposures.get(where)
                        if seen is None:
                            seen = exposures[where] = exposure(well, end_ring, sector, enemies)
                        score += 0.3 * min(shields, 3 * seen)
                    score += 0.15 * shields
                    if noise:
                        score += random() * noise
                    if score > best_score:
                        best_score = score
                        best = (facing, step, engines, scoop, mask, compensate, post_laser, post_missiles, rail[1],
                                shields, False)
            if level.rail_first and in_well:
                first = self._rail_first(me, facing, rotation, in_well, enemies, pre_lv, pre_mv, penalty, volleys,
                                         row_of, rows, exposures)
                if first is not None and first[0] > best_score:
                    best_score = first[0]
                    best = first[1]
        if best is None:
            return []
        facing, step, engines, scoop, mask, compensate, post_laser, post_missiles, rail_ids, shields, rail_before = best
        return self._build(me, facing, step, engines, scoop, mask, compensate,
                           (pre_laser, post_laser, pre_missiles, post_missiles), rail_ids, shields, rail_before)

    def _rail_first(self, me: Ship, facing: int, rotation: int, in_well: list[Target], enemies: list[Ship],
                    pre_lv: float, pre_mv: float, penalty: tuple[float, ...], volleys: VolleysByKey,
                    row_of: Any, rows: dict[int, Row],
                    exposures: dict[int, int]) -> tuple[float, tuple[Any, ...]] | None:
        """The railgun fired from where the ship stands (after any rotation), then a coast: recoiled one ring in
        the facing direction (ref Weapons/Railgun) or compensated (1 mass, engines at 1); the laser and missiles
        before the railgun or after the coast, wherever they do more. Scored as the planner scores a movement
        (the volley, the position, reaction mass, shields), without the noise draw (so the other options draw
        what they always drew). The best as (score, the plan's choices as the planner keeps them), or None.

        Why: the planner fires the railgun only after moving. Two ships left on one outer ring drift at one speed,
        so the one ahead never had its railgun's reach on the one 6 sectors behind once it had coasted, though it
        had it before: 1.7% of three-hard-bot games ran to the round limit that way (issue 22 §6)."""
        well, ring = me.well, me.ring
        rail = single_shot(RAIL_KIND[facing], ring * SECTORS + me.sector, in_well)
        if not rail[1]:
            return None
        level = self.level
        has_ammo = me.ammo > 0
        best: tuple[float, tuple[Any, ...]] | None = None
        for compensate in (False, True):
            if compensate:
                end_ring, mass_end = ring, me.mass - 1  # ref Weapons/Railgun: 1 mass, the engines' heat
                if mass_end < 0:
                    continue
            else:
                end_ring, mass_end = ring + facing, me.mass  # recoil: one ring in the facing direction
                if not 1 <= end_ring <= ring_count(well):
                    continue
            sector = (me.sector + WELL_VELOCITIES[well][end_ring]) % SECTORS  # the coast, on the ring it is on
            spot = end_ring * SECTORS + sector
            post_laser = laser_shots(spot, in_well)
            post_missiles = single_shot(MISSILES_KIND, spot, in_well) if has_ammo else NO_SHOTS
            lv = post_laser[0] if post_laser[0] > pre_lv else pre_lv
            mv = post_missiles[0] if post_missiles[0] > pre_mv else pre_mv
            key = (lv, mv, rail[0], rotation, compensate)
            volley = volleys.get(key)
            if volley is None:
                volley = volleys[key] = best_volley(lv, mv, rail[0], rotation, compensate, penalty)
            score, mask, energy = volley
            if not mask & 4:
                continue  # no railgun: a plain coast, weighed already
            value_at = rows.get(well * 8 + end_ring)
            if value_at is None:
                value_at = rows[well * 8 + end_ring] = row_of(well, end_ring)
            score += level.position_weight * value_at[sector]
            if mass_end < 5:  # low reaction mass
                score -= (5 - mass_end) * 0.6
            shields = SHIELDS_LEFT[energy]
            if level.shield_headroom:  # as the planner weighs them
                shields = min(shields, max(0, DISSIPATION - energy))
                where = (well * 8 + end_ring) * SECTORS + sector
                seen = exposures.get(where)
                if seen is None:
                    seen = exposures[where] = exposure(well, end_ring, sector, enemies)
                score += 0.3 * min(shields, 3 * seen)
            score += 0.15 * shields
            if best is None or score > best[0]:
                best = (score, (facing, COAST, 0, False, mask, compensate, post_laser, post_missiles, rail[1],
                                shields, True))
        return best

    def _build(self, me: Ship, facing: int, step: Step, engines: int, scoop: bool, mask: int,
               compensate: bool, shots: tuple[Shots, Shots, Shots, Shots], rail_targets: tuple[str, ...],
               shields: int, rail_first: bool = False) -> list[Step]:
        """The plan: energy to exactly what the turn uses, rotation, each weapon before or after the movement
        (before when it does as much there), the movement, the railgun last (``rail_first``: the railgun after
        the shots before the movement, before the movement). ``shots``: the laser's shots before and after the
        movement, then the missiles'."""
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
        for bit, weapon, before, later in ((1, "laser", shots[0], shots[1]), (2, "missiles", shots[2], shots[3])):
            if mask & bit:
                if before[0] >= later[0]:
                    plan.append(fire(weapon, before[1]))
                else:
                    after.append(fire(weapon, later[1]))
        if rail_first and mask & 4:
            plan.append(fire("railgun", rail_targets, compensate))
        plan.append(COAST_SCOOP if scoop else step)
        plan.extend(after)
        if mask & 4 and not rail_first:
            plan.append(fire("railgun", rail_targets, compensate))
        return plan
