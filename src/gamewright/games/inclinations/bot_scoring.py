"""What the heuristic bot weighs, on plain numbers: its levels, the value of shots, heat penalties and position
values. Everything that holds for a whole turn (targets' firing spots and shot values, the penalties by heat, a
ring's position values) is worked out once and looked up per option."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from operator import itemgetter, or_
from typing import Any

from gamewright.games.inclinations.board import BLACKHOLE, PROGRADE, RETROGRADE, SECTORS, WELL_VELOCITIES
from gamewright.games.inclinations.bot_tables import INF, approach_table, transfer_distance, transfer_row
from gamewright.games.inclinations.ship import DISSIPATION, REACTOR, SHIELDS, Ship
from gamewright.games.inclinations.weapons import (
    DAMAGE,
    LASER_SECTORS,
    MISSILE_RINGS,
    MISSILE_SECTORS,
    RAILGUN_REACH,
)


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
    rail_first: bool = False  # also weigh firing the railgun before moving (recoiled or compensated), then coasting


LEVELS = {
    "easy": Level(heat_budget=7, heat_cost=1.5, tables=False, flee=False, noise=3.0, position_weight=0.4),
    "medium": Level(heat_budget=5, heat_cost=2.0, tables=True, flee=False, noise=1.0, position_weight=0.8,
                    trade_heat=True),
    "hard": Level(heat_budget=5, heat_cost=2.0, tables=True, flee=True, noise=0.05, position_weight=1.0,
                  trade_heat=True, shield_headroom=True, safe_deploy=True, rail_first=True),
}

Shots = tuple[float, tuple[str, ...]]  # (value, target ids)
NO_SHOTS: Shots = (0.0, ())
# how one weapon sees one target: the spots it hits it from (bit ring * SECTORS + sector set: cheap to build,
# to join and to shift down to one ring), the value of a hit, and that hit as Shots
Aim = tuple[int, float, Shots]
RING_BITS = (1 << SECTORS) - 1  # one ring's sectors, as bits
HOT_RINGS = 8  # rings 0..7: a target's ring (at most 5) and the two beyond it that missiles reach
# a target as the planner sees it: id, hull, an Aim per weapon kind (laser, missiles, railgun facing prograde,
# railgun facing retrograde), ring, sector
Target = tuple[str, int, tuple[Aim, ...], int, int]
LASER_KIND, MISSILES_KIND = 0, 1
RAIL_KIND = {PROGRADE: 2, RETROGRADE: 3}
Volley = tuple[float, int, int]  # (score, weapon mask: laser 1, missiles 2, railgun 4, energy = heat)


# --- shots -----------------------------------------------------------------------------------------------
def shot_value(weapon: str, target: Ship) -> float:
    """Hull damage, shield points at 0.4, and 6 for a kill."""
    dmg = DAMAGE[weapon]
    absorbed = min(dmg, target.energy[SHIELDS])
    hull = dmg - absorbed
    value = hull + 0.4 * absorbed
    if hull >= target.hull:
        value += 6.0  # a kill
    return value


def _arc(first: int, count: int) -> int:
    """Sectors ``first`` .. ``first + count - 1`` of one ring (round the ring), as bits by sector."""
    bits = ((1 << count) - 1) << (first % SECTORS)
    return (bits | bits >> SECTORS) & RING_BITS


@cache
def firing_spots(ring: int, sector: int) -> tuple[int, ...]:
    """Where (bit ring * SECTORS + sector, in the same well) a weapon hits a target at (ring, sector) from: the
    laser, missiles, the railgun facing prograde, facing retrograde. The reach of ``in_reach``, turned round."""
    laser_arc = _arc(sector - LASER_SECTORS, 2 * LASER_SECTORS + 1)
    laser = laser_arc << (ring - 1) * SECTORS | laser_arc << (ring + 1) * SECTORS
    missiles_arc = _arc(sector - MISSILE_SECTORS, 2 * MISSILE_SECTORS + 1)
    missiles = 0
    for r in range(max(0, ring - MISSILE_RINGS), ring + MISSILE_RINGS + 1):  # no spot below ring 0
        missiles |= missiles_arc << r * SECTORS
    # a shooter ``a`` sectors behind the target along its facing (1 <= a <= 6) on the same ring
    rail_pro = _arc(sector - RAILGUN_REACH, RAILGUN_REACH) << ring * SECTORS
    rail_retro = _arc(sector + 1, RAILGUN_REACH) << ring * SECTORS
    return laser, missiles, rail_pro, rail_retro


@cache
def hot_spots_at(ring: int, sector: int, facing: int, missiles: bool) -> tuple[int, ...]:
    """Every spot from which the laser, the railgun facing ``facing`` or (if loaded) missiles reach (ring, sector):
    by ring 0..HOT_RINGS - 1, the sectors as bits (``firing_spots`` by ring)."""
    rows = [0] * HOT_RINGS
    if missiles:
        for r in range(max(0, ring - MISSILE_RINGS), ring + MISSILE_RINGS + 1):
            rows[r] = _arc(sector - MISSILE_SECTORS, 2 * MISSILE_SECTORS + 1)
    laser = _arc(sector - LASER_SECTORS, 2 * LASER_SECTORS + 1)
    rows[ring - 1] |= laser
    rows[ring + 1] |= laser
    rows[ring] |= _arc(sector - RAILGUN_REACH, RAILGUN_REACH) if facing == PROGRADE else _arc(sector + 1, RAILGUN_REACH)
    return tuple(rows)


@cache
def _shot_values(hull: int, shields: int) -> tuple[float, float, float]:
    """``shot_value`` of the laser, missiles and railgun at a target with this hull and shields."""
    probe = Ship("", hull=hull, energy=[0] * SHIELDS + [shields])
    return shot_value("laser", probe), shot_value("missiles", probe), shot_value("railgun", probe)


def make_target(e: Ship) -> Target:
    laser, missiles, rail_pro, rail_retro = firing_spots(e.ring, e.sector)
    ids = (e.id,)
    laser_value, missiles_value, rail_value = _shot_values(e.hull, e.energy[SHIELDS])
    return (e.id, e.hull, ((laser, laser_value, (laser_value, ids)),
                           (missiles, missiles_value, (missiles_value, ids)),
                           (rail_pro, rail_value, (rail_value, ids)), (rail_retro, rail_value, (rail_value, ids))),
            e.ring, e.sector)


def laser_shots(spot: int, targets: list[Target]) -> Shots:
    """The broadside hits every target in reach at once: the sum of their values (in seat order)."""
    values = []
    ids = []
    for t in targets:
        aim = t[2][LASER_KIND]
        if aim[0] >> spot & 1:
            values.append(aim[1])
            ids.append(t[0])
    return (sum(values), tuple(ids)) if ids else NO_SHOTS


def single_shot(kind: int, spot: int, targets: list[Target]) -> Shots:
    """Missiles or railgun: the target in reach worth the most (ties: the weaker hull, then seat order)."""
    best: Aim | None = None
    best_key = (0.0, 0)
    for t in targets:
        aim = t[2][kind]
        if aim[0] >> spot & 1 and (best is None or (aim[1], -t[1]) > best_key):
            best, best_key = aim, (aim[1], -t[1])
    return NO_SHOTS if best is None else best[2]


def hot_spots(targets: list[Target], facing: int, missiles: bool) -> tuple[int, ...]:
    """Every spot from which some weapon reaches some target after the movement (by ring, as ``hot_spots_at``)."""
    spots = hot_spots_at(targets[0][3], targets[0][4], facing, missiles)
    for t in targets[1:]:
        spots = tuple(map(or_, spots, hot_spots_at(t[3], t[4], facing, missiles)))
    return spots


def best_volley(lv: float, mv: float, rail: float, base: int, compensate: bool, penalty: tuple[float, ...]) -> Volley:
    """The best set of weapons to fire given each one's value (0: nothing to hit); equal scores go to the larger
    mask. ``base``: the energy (and heat) of the rotation and movement."""
    best = (0.0 - penalty[base], 0, base)  # holding fire
    missiles = mv - 0.8  # ammunition is finite
    rail_energy = 5 if compensate else 4
    for mask in _MASKS[(lv > 0) | (mv > 0) << 1 | (rail > 0) << 2]:  # the weapons with something to hit
        value = 0.0
        energy = base
        if mask & 1:
            value += lv
            energy += 2
        if mask & 2:
            value += missiles
            energy += 2
        if mask & 4:
            value += rail
            energy += rail_energy
        if energy <= REACTOR:
            score = value - penalty[energy]
            if score >= best[0]:
                best = (score, mask, energy)
    return best


_MASKS = tuple(tuple(mask for mask in range(1, 8) if mask & armed == mask) for armed in range(8))  # in order


# --- heat --------------------------------------------------------------------------------------------------
def heat_penalty(level: Level, heat: int, hull: int) -> float:
    """Heat over dissipation is hull damage at the start of the next turn; never cook the ship."""
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


@cache
def heat_penalties(level: Level, hull: int) -> tuple[float, ...]:
    """``heat_penalty`` by heat 0..REACTOR."""
    return tuple(heat_penalty(level, heat, hull) for heat in range(REACTOR + 1))


# --- position ------------------------------------------------------------------------------------------------
def exposure(well: int, ring: int, sector: int, enemies: list[Ship]) -> int:
    """How many enemies could shoot at this position in their coming turn (before or after moving)."""
    planet = well != BLACKHOLE
    count = 0
    for e in enemies:
        if e.well == well:
            kind = 0 if e.ammo > 0 else 1
            if approach_table(planet, ring, kind)[e.ring][(e.sector - sector) % SECTORS] == 0:
                count += 1
    return count


Row = Sequence[float]  # a position's value by sector, on one ring of one well


def _near(turns: float) -> float:
    """The value of being ``turns`` from a shot (at most 40 counted)."""
    return -float(min(turns, 40))


_NEAR = tuple(_near(turns) for turns in range(INF + 1))  # by turns, as the tables hold them


@cache
def _approach_values(planet: bool, target_ring: int, kind: int) -> tuple[tuple[float, ...], ...]:
    """By ring: ``_near`` of the turns to a shot from that ring at a target on ``target_ring``, by sector offset,
    twice over (a rotation is one slice)."""
    return tuple(itemgetter(*turns)(_NEAR) * 2 for turns in approach_table(planet, target_ring, kind))


@cache
def _transfer_values(well: int, ring: int, dest: int) -> tuple[float, ...]:
    """``_near`` of the turns to a target in another well: the transfers there, then 3 more, by sector."""
    turns, more = transfer_row(well, ring, dest)
    return tuple(_near(t + more + 3) for t in turns)


@cache
def _rough_values(rings_apart: int) -> tuple[float, ...]:
    """The easy level's rough distance to a shot by sector offset: rings apart + sectors beyond 3, a third each
    (twice over, as ``_approach_values``)."""
    return tuple(_near(rings_apart + max(0, min(d, SECTORS - d) - 3) / 3) for d in range(SECTORS)) * 2


_FAR = (_near(INF),) * SECTORS  # no enemy at all


class _LazyRow(Sequence[float]):
    """A row whose values are worked out (and kept) as sectors are asked for."""

    def __init__(self, value: Callable[[int], float]) -> None:
        self._value = value
        self._known: dict[int, float] = {}

    def __getitem__(self, sector: Any) -> Any:
        found = self._known.get(sector)
        if found is None:
            found = self._known[sector] = self._value(sector)
        return found

    def __len__(self) -> int:
        return SECTORS


# a lone enemy's well, the approach values by ring in it (doubled rows) and the offset of its row: the rows of
# that well are the slices [offset:offset + SECTORS]
LoneRows = tuple[int, tuple[tuple[float, ...], ...], int]


def position_rows(level: Level, me: Ship, enemies: list[Ship],
                  fleeing: bool) -> tuple[Callable[[int, int], Row], LoneRows | None]:
    """How good it is to end the turn on a ring of a well, by sector: near the next shot (the fewest turns
    before one, at most 40: the best of the enemies' values, as ``_near`` only falls with the turns; in a
    crowd, reachable by few), or when fleeing far from the enemies. With one enemy (no crowd), also its rows as
    LoneRows (the planner slices them itself: the same rows, without a call each)."""
    if fleeing:
        return (lambda well, ring: _LazyRow(lambda sector: away(well, ring, sector, enemies))), None
    kind = 0 if me.ammo > 0 else 1
    crowd = level.tables and len(enemies) > 1
    tables = level.tables
    # per enemy: its well, its ring, and the offset of sectors that lines up with where it drifts to
    aims = [(e.well, e.ring, -(e.sector + WELL_VELOCITIES[e.well][e.ring]) % SECTORS) for e in enemies]

    alone: LoneRows | None = None
    if len(aims) == 1 and tables:
        alone = aims[0][0], _approach_values(aims[0][0] != BLACKHOLE, aims[0][1], kind), aims[0][2]

    def row(well: int, ring: int) -> Row:
        if alone is not None and alone[0] == well:  # one enemy, in this well
            return alone[1][ring][alone[2]:alone[2] + SECTORS]
        values: Sequence[float] = _FAR
        for i, (e_well, e_ring, offset) in enumerate(aims):
            if e_well != well:
                by_sector: Sequence[float] = _transfer_values(well, ring, e_well)
            elif tables:
                by_sector = _approach_values(well != BLACKHOLE, e_ring, kind)[ring][offset:offset + SECTORS]
            else:
                by_sector = _rough_values(abs(ring - e_ring))[offset:offset + SECTORS]
            values = by_sector if i == 0 else tuple(map(max, values, by_sector))
        if not crowd:
            return values
        # in a crowd, prefer being reachable by fewer guns
        return _LazyRow(lambda sector: values[sector] - 0.3 * max(0, exposure(well, ring, sector, enemies) - 1))
    return row, alone


def away(well: int, ring: int, sector: int, enemies: list[Ship]) -> float:
    """Fleeing: open the range, and head for a well with no enemy in it."""
    if not any(e.well == well for e in enemies):
        return 8.0
    if well == BLACKHOLE:
        safe = [p for p in range(1, 7) if all(e.well != p for e in enemies)]
        best = float(min((transfer_distance(well, ring, sector, p) for p in safe), default=INF))
    else:
        best = float(transfer_distance(well, ring, sector, BLACKHOLE))
    return -0.3 * min(best, 30) - 2.0 * exposure(well, ring, sector, enemies)
