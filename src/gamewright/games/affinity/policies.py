"""Policies that choose combat actions: a greedy party policy, a creature policy, and a random one.

Both greedy policies score every legal action with exact expected values from ``pools`` (cached) and take the
best; ties go to the first listed, so a seed replays the same fight.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat import END, Act, CombatState, Fighter, dist
from gamewright.games.affinity.data_files import Ability, Attack, class_data
from gamewright.games.affinity.pools import TIERS, pool_joint


@cache
def expected_damage(safe: int, exertion: int, threshold: int, required: int, base: int, cap: int
                    ) -> tuple[float, float, float]:
    """(expected damage, chance of success, expected HD burned) for an attack pool."""
    joint = pool_joint(max(0, safe), max(0, exertion), threshold)
    ev = 0.0
    p_ok = 0.0
    burn = 0.0
    for (succ, burned), p in joint.items():
        pf = float(p)
        burn += burned * pf
        if succ >= required:
            p_ok += pf
            ev += pf * (base + min(succ - required, cap))
    return ev, p_ok, burn


class GreedyPolicy:
    """Scores each legal action and plays the best. Works for either side."""

    name = "greedy"

    def __init__(self, burn_cost: float = 0.9, check_cost: float = 1.2) -> None:
        self.burn_cost = burn_cost
        self.check_cost = check_cost

    def choose(self, state: CombatState) -> Act:
        f = state.fighters[state.active]
        best, best_score = END, 0.0
        for act in state.legal_actions():
            if act.verb in ("end", "hold"):
                continue
            score = self.score(state, f, act)
            if score > best_score:
                best, best_score = act, score
        return best

    # --- scoring -----------------------------------------------------------------------------------------
    def score(self, state: CombatState, f: Fighter, act: Act) -> float:
        fighters = state.fighters
        if act.verb == "move":
            t = fighters[act.target]
            if t.status != rs.OK or self._any_attack_in_reach(state, f):
                return 0.0
            return 0.2 - 0.01 * dist(f, t)
        spec = state._spec(f, act.ability)
        t = fighters[act.target] if act.target >= 0 else None
        if isinstance(spec, Attack):
            return self._score_npc(state, f, spec, t)
        assert isinstance(spec, Ability)
        return self._score_pc(state, f, spec, act, t)

    def _any_attack_in_reach(self, state: CombatState, f: Fighter) -> bool:
        for e in state.fighters:
            if e.side == f.side or e.status != rs.OK:
                continue
            if f.pc:
                near, _ = state._reach(f, class_data().abilities["weapon_strike"])
                if dist(f, e) - f.move_left <= near:
                    return True
            else:
                for a in state.cdef(f).attacks:
                    if a.heal is None and dist(f, e) - f.move_left <= a.range // 5:
                        return True
        return False

    def _target_value(self, t: Fighter) -> float:
        if t.status == rs.OK:
            return 1.0 + 0.5 / (1 + t.hd)  # finish the weakened first
        return 0.05  # an unconscious enemy is no threat

    def _score_npc(self, state: CombatState, f: Fighter, spec: Attack, t: Fighter | None) -> float:
        if spec.heal is not None:
            return 3.0 if 2 * f.hd <= f.hd_max else 0.0
        assert t is not None
        pool = spec.pool + state._pool_mods(f, t)
        if state.cdef(f).traits.below_half_bonus and 2 * f.hd < f.hd_max:
            pool += state.cdef(f).traits.below_half_bonus
        req = spec.required + rs.extra_required(f, spec.tier)
        ev, p_ok, _ = expected_damage(pool, 0, TIERS[spec.tier], req, spec.damage, f.prof)
        value = ev * self._target_value(t)
        if spec.area:
            hits = sum(1 for e in state.fighters if e.side != f.side and e.status == rs.OK and dist(t, e) <= 2)
            value *= max(1, hits)
        if spec.tier in ("expert", "legendary", "ultimate"):
            value -= (1 - p_ok) * self.check_cost
        return value

    def _score_pc(self, state: CombatState, f: Fighter, spec: Ability, act: Act, t: Fighter | None) -> float:
        prof = f.prof
        effect = spec.effect
        if spec.tier == "none":
            if effect == "defend":
                near = any(e.side != f.side and e.status == rs.OK and dist(f, e) <= 2 for e in state.fighters)
                return 0.35 if near and f.defend_bonus == 0 else 0.0
            if effect == "rush":
                return 2.5 if f.hd <= prof + 1 and f.resolve >= 3 and f.hd < f.hd_max else 0.0
            if effect == "steady":
                return 1.5 if f.resolve <= 2 and f.hd >= 7 else 0.0
            return 0.0
        threshold = TIERS[spec.tier]
        mod = state._pool_mods(f, t)
        safe = prof + f.rally_dice + max(0, mod)
        ex = act.exertion + (1 if spec.divine_die else 0)
        safe += min(0, mod)
        req = (spec.required or class_data().weapons[f.weapon].required) + rs.extra_required(f, spec.tier)
        cost = 0.0
        if act.exertion and act.exertion >= prof:
            cost += self.check_cost * (0.2 if f.checked_round == state.round else 1.0)
        if effect in ("attack", "devastate"):
            assert t is not None
            if effect == "attack":
                w = class_data().weapons[f.weapon]
                base = (w.base if spec.base < 0 else spec.base) + spec.base_prof * prof
                if spec.bonus_vs_mark and f.mark == t.idx:
                    base += 1
                if spec.bonus_vs_analysed and t.analysed == f.side:
                    base += 1
                if spec.centered and not f.exerted_turn and act.exertion == 0:
                    base += prof
                if f.communing:
                    base += 1 + spec.bonus_communing
            else:
                base = prof
            near, _ = state._reach(f, spec)
            gap = dist(f, t)
            if gap - f.move_left > near:
                safe -= 1
            ev, p_ok, burn = expected_damage(safe, ex, threshold, req, base, prof)
            value = ev * self._target_value(t) - self.burn_cost * burn - cost
            value -= 0.15 * max(0, min(gap - near, f.move_left))  # prefer attacks that need no walking
            if spec.resolve_cost:
                value -= 1.5 * spec.resolve_cost * (1.0 if f.resolve <= 3 else 0.5)
            if spec.tier in ("expert", "legendary", "ultimate"):
                value -= (1 - p_ok) * self.check_cost
            return value
        _, p_ok, burn = expected_damage(safe, ex, threshold, req, 0, 0)
        value = 0.0
        if effect == "endure" and t is not None:
            missing = t.hd_max - t.hd
            if t.status == rs.DYING:
                value = 6.0
            elif missing >= prof and t.status == rs.OK:
                value = 1.2 * min(prof, missing) * (1.5 if 2 * t.hd <= t.hd_max else 1.0)
        elif effect == "stabilize" and t is not None:
            value = 3.0
        elif effect == "mark" and t is not None:
            if t.status == rs.OK and not (0 <= f.mark < len(state.fighters)
                                          and state.fighters[f.mark].status == rs.OK):
                value = 1.6 * (1 + t.hd / 10)
        elif effect == "analyze" and t is not None:
            if t.status == rs.OK and t.analysed < 0:
                value = 1.8 * (1 + t.hd / 10)
        elif effect == "rally" and t is not None:
            value = 0.8 if t.rally_dice == 0 else 0.0
        elif effect == "ward":
            value = 0.5 if f.ward_bonus == 0 else 0.0
        elif effect == "commune":
            value = 2.5 if not f.communing else 0.0
        elif effect == "hold_line":
            value = 2.0 if f.htl_rounds == 0 else 0.0
        elif effect == "purpose":
            value = 3.0 if f.purpose_rounds == 0 and f.resolve >= 4 else 0.0
        elif effect == "recover":
            value = 1.0 * min(prof, f.hd_max - f.hd) if f.resolve >= 3 and 2 * f.hd <= f.hd_max else 0.0
        if value <= 0:
            return 0.0
        return value * p_ok - self.burn_cost * burn - cost


class RandomPolicy:
    """Uniformly random legal actions from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: CombatState) -> Act:
        return self.rng.choice(state.legal_actions())


def make_policy(name: str, seed: int = 0) -> Any:
    from gamewright.core.errors import ConfigError

    if name == "greedy":
        return GreedyPolicy()
    if name == "random":
        return RandomPolicy(seed)
    raise ConfigError(f"unknown policy {name!r}; choose greedy or random")


def run_fight(state: CombatState, party: Any, creatures: Any, max_actions: int = 20_000,
              on_step: Any = None) -> CombatState:
    """Play to the end with one policy per side; ``on_step(state, act, events)`` sees every step."""
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        policy = party if state.current_player == 0 else creatures
        act = policy.choose(state)
        events = state.apply(act)
        if on_step is not None:
            on_step(state, act, events)
    raise RuntimeError(f"fight did not end within {max_actions} actions")
