"""Bots: a random-legal bot and a heuristic bot (easy / medium / hard).

Both build a whole turn plan and check it with the engine's validation; a plan that fails (which should not
happen) falls back to a plain coast, so a bot turn is always legal. Energy is reconfigured every turn to exactly
what the turn uses (heat equals allocation), with what is left going to the shields.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import (
    Coast,
    Deploy,
    Fire,
    Rotate,
    Step,
)
from gamewright.games.inclinations.board import (
    BLACKHOLE,
    FACING_NAME,
    SECTORS,
    ring_count,
    velocity,
)
from gamewright.games.inclinations.bot_moves import deploy_choice, energy_steps, movement_options, safe_deploy
from gamewright.games.inclinations.bot_tables import INF, approach_table, transfer_distance
from gamewright.games.inclinations.ship import (
    DISSIPATION,
    ENGINES,
    LASER,
    MAX_ENERGY,
    MIN_ENERGY,
    MISSILES,
    RAILGUN,
    REACTOR,
    SCOOP,
    SHIELDS,
    THRUSTERS,
    Ship,
)
from gamewright.games.inclinations.turn import validate
from gamewright.games.inclinations.weapons import DAMAGE, out_of_reach

BOT_KINDS = ("random-bot", "easy-bot", "medium-bot", "hard-bot")


class RandomBot:
    """Random legal turns: random energy changes, maybe a rotation, a random movement, random shots."""

    kind = "random-bot"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def deploy(self, state: Any) -> Deploy:
        return deploy_choice(state, self.rng)

    def choose_turn(self, state: Any) -> list[Step]:
        """A random turn; a plan validation refuses (it should not happen) becomes a plain coast."""
        plan = self.build_turn(state)
        return [] if validate(state.ships, state.current, plan, state.tr) else plan

    def build_turn(self, state: Any) -> list[Step]:
        rng = self.rng
        me = state.ships[state.current]
        target = list(me.energy)
        for i in range(7):
            if target[i] and rng.random() < 0.3:
                target[i] = 0
        free = REACTOR - sum(target)
        order = list(range(7))
        rng.shuffle(order)
        for i in order:
            if free and rng.random() < 0.5:
                add = rng.randint(0, min(free, MAX_ENERGY[i] - target[i]))
                target[i] += add
                free -= add
        plan = energy_steps(me, target)
        work = me.clone()
        work.energy = target
        facing = me.facing
        if target[THRUSTERS] >= MIN_ENERGY[THRUSTERS] and rng.random() < 0.25:
            facing = -facing
            plan.append(Rotate(FACING_NAME[facing]))
        work.facing = facing
        options = [o for o in movement_options(work, facing, state.tr.transfer_mass) if o[4] <= target[ENGINES]]
        move = rng.choice(options)
        step = move[0]
        if type(step) is Coast and target[SCOOP] >= MIN_ENERGY[SCOOP] and rng.random() < 0.5:
            step = Coast(True)
        before = rng.random() < 0.5
        shots = self._shots(state, work, target)
        if before:
            plan.extend(shots)
            plan.append(step)
        else:
            plan.append(step)
            after = work.clone()
            after.well, after.ring, after.sector = move[1], move[2], move[3]
            plan.extend(self._shots(state, after, target))
        return plan

    def _shots(self, state: Any, pos: Ship, energy: list[int]) -> list[Step]:
        shots: list[Step] = []
        enemies = [s for s in state.ships if s.id != pos.id and s.hull > 0]
        for weapon, sub in (("laser", LASER), ("missiles", MISSILES)):
            if energy[sub] < MIN_ENERGY[sub] or (sub == MISSILES and pos.ammo <= 0) or self.rng.random() < 0.3:
                continue
            reach = [t.id for t in enemies if out_of_reach(weapon, pos, t) is None]
            if reach:
                shots.append(Fire(weapon, (self.rng.choice(reach),)))
        return shots


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


class HeuristicBot:
    """One-turn lookahead over every rotation x movement, with each weapon fired where it does the most.

    Scores: damage dealt (after shields, with a kill bonus) - heat beyond dissipation - distance to the next
    shot - low reaction mass, plus shields from the energy left over.
    """

    def __init__(self, level: str, rng: Rng) -> None:
        self.level_name = level
        self.kind = f"{level}-bot"
        self.level = LEVELS[level]
        self.rng = rng

    def deploy(self, state: Any) -> Deploy:
        if self.level.safe_deploy:
            return safe_deploy(state, self.rng)
        return deploy_choice(state, self.rng)

    # --- evaluation --------------------------------------------------------------------------------
    def _shot_value(self, weapon: str, target: Ship) -> float:
        dmg = DAMAGE[weapon]
        absorbed = min(dmg, target.energy[SHIELDS])
        hull = dmg - absorbed
        value = hull + 0.4 * absorbed
        if hull >= target.hull:
            value += 6.0  # a kill
        return value

    def _best_shots(self, weapon: str, pos: Ship, enemies: list[Ship]) -> tuple[float, tuple[str, ...]]:
        reach = [t for t in enemies if out_of_reach(weapon, pos, t) is None]
        if not reach:
            return 0.0, ()
        if weapon == "laser":  # several targets at once
            return sum(self._shot_value(weapon, t) for t in reach), tuple(t.id for t in reach)
        best = max(reach, key=lambda t: (self._shot_value(weapon, t), -t.hull))
        return self._shot_value(weapon, best), (best.id,)

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

    def _position_value(self, well: int, ring: int, sector: int, me: Ship, enemies: list[Ship],
                        fleeing: bool) -> float:
        if fleeing:  # open the range, and head for a well with no enemy in it
            if not any(e.well == well for e in enemies):
                return 8.0
            if well == BLACKHOLE:
                safe = [p for p in range(1, 7) if all(e.well != p for e in enemies)]
                best: float = min((transfer_distance(well, ring, sector, p) for p in safe), default=INF)
            else:
                best = transfer_distance(well, ring, sector, BLACKHOLE)
            return -0.3 * min(best, 30) - 2.0 * self._exposure(well, ring, sector, enemies)
        kind = 0 if me.ammo > 0 else 1
        best = INF
        for e in enemies:
            if e.well != well:
                dist: float = transfer_distance(well, ring, sector, e.well) + 3
            elif self.level.tables:
                vt = velocity(e.well, e.ring)
                dist = approach_table(well != BLACKHOLE, e.ring, kind)[ring][(sector - e.sector - vt) % SECTORS]
            else:
                vt = velocity(e.well, e.ring)
                ds = (sector - e.sector - vt) % SECTORS
                ds = min(ds, SECTORS - ds)
                dist = abs(ring - e.ring) + max(0, ds - 3) / 3
            best = min(best, dist)
        value = -float(min(best, 40))
        if self.level.tables and len(enemies) > 1:  # in a crowd, prefer being reachable by fewer guns
            value -= 0.3 * max(0, self._exposure(well, ring, sector, enemies) - 1)
        return value

    def choose_turn(self, state: Any) -> list[Step]:
        """The best plan found; a plan validation refuses (it should not happen) becomes a plain coast."""
        plan = self.build_turn(state)
        return [] if validate(state.ships, state.current, plan, state.tr) else plan

    def build_turn(self, state: Any) -> list[Step]:
        me: Ship = state.ships[state.current]
        level = self.level
        enemies = [s for s in state.ships if s is not me and s.hull > 0]
        fleeing = level.flee and me.hull <= 3 and any(
            e.well == me.well and e.hull >= me.hull + 5 for e in enemies)
        in_well = [e for e in enemies if e.well == me.well]
        has_ammo = me.ammo > 0
        pre = {w: self._best_shots(w, me, in_well) for w in ("laser", "missiles")}
        if not has_ammo:
            pre["missiles"] = (0.0, ())
        best_score = -1e9
        best_plan: list[Step] = []
        for facing in (me.facing, -me.facing):
            rotating = facing != me.facing
            work = me.clone()
            work.facing = facing
            for step, well, ring, sector, engines, mass_cost in movement_options(work, facing, state.tr.transfer_mass):
                post_pos = work.clone()
                post_pos.well, post_pos.ring, post_pos.sector = well, ring, sector
                post_enemies = in_well if well == me.well else [e for e in enemies if e.well == well]
                post = {w: self._best_shots(w, post_pos, post_enemies) for w in ("laser", "missiles", "railgun")}
                if not has_ammo:
                    post["missiles"] = (0.0, ())
                base_energy = engines + (1 if rotating else 0)
                base_heat = base_energy
                # railgun after the movement: recoil (if it stays in the well) or compensation on a coast
                rail_val, rail_targets = post["railgun"]
                recoil_ring = ring + facing
                compensate = False
                if rail_targets and not 1 <= recoil_ring <= ring_count(well):
                    compensate = True
                    if engines or me.mass - mass_cost < 1:
                        rail_val, rail_targets = 0.0, ()
                choices = []
                for mask in range(8):
                    fire_laser, fire_missiles, fire_rail = mask & 1, mask & 2, mask & 4
                    value = 0.0
                    energy = base_energy
                    heat = base_heat
                    if fire_laser:
                        lv = max(pre["laser"][0], post["laser"][0])
                        if lv <= 0:
                            continue
                        value += lv
                        energy += 2
                        heat += 2
                    if fire_missiles:
                        mv = max(pre["missiles"][0], post["missiles"][0])
                        if mv <= 0:
                            continue
                        value += mv - 0.8  # ammunition is finite
                        energy += 2
                        heat += 2
                    if fire_rail:
                        if rail_val <= 0:
                            continue
                        value += rail_val
                        energy += 4
                        heat += 4
                        if compensate:
                            energy += 1
                            heat += 1
                    if energy > REACTOR:
                        continue
                    choices.append((value - self._heat_penalty(heat, me.hull), mask, energy, heat))
                if not choices:
                    continue
                shot_score, mask, energy, heat = max(choices)
                end_ring = ring
                if mask & 4 and not compensate:
                    end_ring = recoil_ring
                score = shot_score
                score += level.position_weight * self._position_value(well, end_ring, sector, me, enemies,
                                                                      fleeing)
                mass_end = me.mass - mass_cost - (1 if mask & 4 and compensate else 0)
                scoop = False
                if type(step) is Coast and energy + 3 <= REACTOR and mass_end < 10 and heat + 3 <= 5:
                    gain = min(10, mass_end + velocity(me.well, me.ring)) - mass_end
                    if gain and mass_end < 6:
                        scoop = True
                        mass_end += gain
                        energy += 3
                        heat += 3
                score -= max(0, 5 - mass_end) * 0.6
                shields = min(MAX_ENERGY[SHIELDS], REACTOR - energy)
                if level.shield_headroom:
                    # ref Weapons/Shields: an absorbed point is a point of heat, and past dissipation heat is hull
                    # damage at the next turn anyway (002 Heat Dissipation); a crit on full shields turns them
                    # all into heat. Shields beyond the heat headroom protect nothing.
                    shields = min(shields, max(0, DISSIPATION - heat))
                    # and shields are worth more where enemies can shoot next turn
                    score += 0.3 * min(shields, 3 * self._exposure(well, end_ring, sector, enemies))
                score += 0.15 * shields
                if level.noise:
                    score += self.rng.random() * level.noise
                if score > best_score:
                    best_score = score
                    best_plan = self._build(me, facing, rotating, step, engines, scoop, mask, compensate,
                                            pre, post, rail_targets, shields)
        return best_plan

    def _build(self, me: Ship, facing: int, rotating: bool, step: Step, engines: int, scoop: bool, mask: int,
               compensate: bool, pre: dict[str, Any], post: dict[str, Any], rail_targets: tuple[str, ...],
               shields: int) -> list[Step]:
        target = [0] * 7
        target[ENGINES] = max(engines, 1 if compensate else 0)
        target[THRUSTERS] = 1 if rotating else 0
        target[SCOOP] = 3 if scoop else 0
        target[LASER] = 2 if mask & 1 else 0
        target[MISSILES] = 2 if mask & 2 else 0
        target[RAILGUN] = 4 if mask & 4 else 0
        target[SHIELDS] = shields
        plan = energy_steps(me, target)
        if rotating:
            plan.append(Rotate(FACING_NAME[facing]))
        after: list[Step] = []
        for bit, weapon in ((1, "laser"), (2, "missiles")):
            if mask & bit:
                if pre[weapon][0] >= post[weapon][0]:
                    plan.append(Fire(weapon, pre[weapon][1]))
                else:
                    after.append(Fire(weapon, post[weapon][1]))
        plan.append(Coast(True) if scoop else step)
        plan.extend(after)
        if mask & 4:
            plan.append(Fire("railgun", rail_targets, compensate))
        return plan


def make_bot(kind: str, rng: Rng) -> RandomBot | HeuristicBot:
    if kind == "random-bot":
        return RandomBot(rng)
    if kind in ("easy-bot", "medium-bot", "hard-bot"):
        return HeuristicBot(kind.removesuffix("-bot"), rng)
    raise ValueError(f"unknown bot kind {kind!r}")


def play_bot_game(kinds: Sequence[str], seed: int, options: dict[str, Any] | None = None,
                  check: Any = None, bots: Sequence[Any] | None = None) -> tuple[Any, list[str]]:
    """A whole bot game; returns the final state and the action log (texts). ``check(state)`` runs after
    every turn (used by the conformance tests). ``bots``: ready-made bot objects instead of ``kinds``' bots
    (seeded the same way when built from ``kinds``)."""
    from gamewright.games.inclinations.game import InclinationsGame

    game = InclinationsGame(None, {**(options or {}), "players": len(kinds)})
    state = game.new_initial_state(seed)
    master = Rng(seed)
    if bots is None:
        bots = [make_bot(kind, master.split(f"bot{i}")) for i, kind in enumerate(kinds)]
    log: list[str] = []
    while not state.is_terminal():
        bot = bots[state.current]
        if state.phase == "deploy":
            action = bot.deploy(state)
            state.apply(action)
            log.append(action.to_text())
            continue
        plan = bot.choose_turn(state)
        state.play_turn(plan)
        log.extend(a.to_text() for a in plan)
        log.append("end")
        if check is not None:
            check(state)
    return state, log


__all__ = ["BOT_KINDS", "HeuristicBot", "RandomBot", "make_bot", "play_bot_game"]
