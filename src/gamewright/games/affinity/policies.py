"""Policies that choose combat actions: a greedy policy for either side, and a random one.

The greedy policy scores every legal action in one currency, *threat*: the damage a combatant can deal per turn.
Each die a combatant still has is worth its threat divided by its dice (so finishing a weakened foe is worth
more, and a fresh one less); an attack is worth the exact expected dice it destroys (the target's traits, layers
and defence rolls included), healing and Defend the dice they keep, a Resolve check its expected cost in stages.
Ties go to the first listed action, so a seed replays the same fight.
"""

from __future__ import annotations

import math
from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat import END, FREE_MOVE, SQUARE, Act, CombatState, Fighter, dist
from gamewright.games.affinity.combat_damage import damage_terms, defence_dice
from gamewright.games.affinity.combat_fighters import creature_of
from gamewright.games.affinity.combat_legality import legal_moves, legal_uses, others, reach_of, spec_of, use_acts
from gamewright.games.affinity.combat_pools import attack_damage, far_shot, npc_plan, pool_numbers
from gamewright.games.affinity.data_files import Ability, Attack, class_data
from gamewright.games.affinity.decision_memo import per_decision
from gamewright.games.affinity.policy_values import (
    ATTACK_EFFECTS,
    NONE_SORTED,
    REACHES,
    SUPPORT_EFFECTS,
    Losses,
    dice_left,
    has_expert_action,
    layer_key,
    loss_table,
    sorted_abilities,
    valued,
)
from gamewright.games.affinity.pools import EXPERT_TIERS, TIERS, is_expert_or_higher
from gamewright.games.affinity.tactics import damage_dist, expected_damage

P_LOSE, P_GAIN = 4 / 6, 1 / 6  # 003 "Resolve Check": 1–4 lose one, 6 gains one
DEFEND_CANCELS = 0.62  # two extra d6 at 5+ against a typical 1–4 point hit (ref §1 Universal actions)


class GreedyPolicy:
    """Scores each legal action and plays the best. Works for either side."""

    name = "greedy"

    def __init__(self) -> None:
        self._threat: dict[tuple[str, int], float] = {}
        self._memo: dict[tuple[Any, ...], Any] | None = None  # valuations of the decision being scored
        self._worth: dict[int, float] | None = None  # ``die_value`` of the decision being scored, by fighter

    def choose(self, state: CombatState) -> Act:
        """The best-scoring legal action, the first listed on a tie; nothing scoring above 0: end the turn.

        It walks ``legal_actions``' parts in their order, skipping what always scores 0 (ending or holding the
        turn, Affinity dice spent or shared, abilities never weighed, a support action on a target that gains
        nothing), so the choice is the one the whole list would give. The best of each part is taken first and
        kept only if it beats the best so far, which is the same first-listed maximum."""
        best, best_score = END, 0.0
        if state.winner is not None:
            return best
        f = state.fighters[state.active]
        self._memo, self._worth = {}, {}
        unweighed, attacks = sorted_abilities(f.abilities) if f.pc else NONE_SORTED
        fighters = state.fighters
        try:
            living = others(state, f)
            moves = legal_moves(f, living)
            if moves:
                best, best_score = self._best_move(state, f, moves, best, best_score)
            strikes: _Strikes | None = None  # what every PC attack of this decision shares, built at the first
            for key, spec, targets, lo, hi in legal_uses(state, f, living, unweighed):
                attack = attacks.get(key)
                if attack is not None:  # the most weighed: each exertion straight to its score
                    if strikes is None:
                        strikes = _Strikes(self, state, f)
                    for target in targets:
                        score, exertion = strikes.best(attack, fighters[target], lo, hi)
                        if score > best_score:
                            best, best_score = use_acts(key, target, lo, hi)[exertion - lo], score
                elif f.pc and spec.tier != "none":  # a support action: its effect and roll valued once
                    assert isinstance(spec, Ability)
                    for target in targets:
                        value = self._support_value(state, f, spec, fighters[target] if target >= 0 else None)
                        if value <= 0:
                            continue  # nothing to gain, whatever the roll
                        score, exertion = self._best_support(state, f, spec, target, lo, hi, value)
                        if score > best_score:
                            best, best_score = use_acts(key, target, lo, hi)[exertion - lo], score
                elif not f.pc:  # a creature's attack or heal: one action per target, no exertion
                    assert isinstance(spec, Attack)
                    for target in targets:
                        score = self._score_npc(state, f, spec, fighters[target] if target >= 0 else None)
                        if score > best_score:
                            best, best_score = use_acts(key, target, lo, hi)[0], score
                else:  # a PC's action without a roll (Defend, Rush, Steady)
                    assert isinstance(spec, Ability)
                    for target in targets:
                        t_or_none = fighters[target] if target >= 0 else None
                        for act in use_acts(key, target, lo, hi):
                            score = self._score_pc(state, f, spec, act, t_or_none)
                            if score > best_score:
                                best, best_score = act, score
        finally:
            self._memo = self._worth = None
        return best

    def _best_move(self, state: CombatState, f: Fighter, moves: list[Act], best: Act, best_score: float
                   ) -> tuple[Act, float]:
        """``score`` of each free move in turn, kept where it beats ``best_score`` (the move branch of ``score``,
        whose conditions but the goal's own status are the same for every move)."""
        if self._any_attack_in_reach(state, f) or (f.pc and self._foes_closing(state, f)):
            return best, best_score  # every move scores 0
        fighters, fx, fy = state.fighters, f.x, f.y
        for act in moves:
            goal = fighters[act.target]
            if goal.status != rs.OK:
                continue
            score = 0.2 - 0.01 * max(abs(fx - goal.x), abs(fy - goal.y))
            if score > best_score:
                best, best_score = act, score
        return best, best_score

    def _best_support(self, state: CombatState, f: Fighter, spec: Ability, target: int, lo: int, hi: int,
                      value: float) -> tuple[float, int]:
        """The best score of support action ``spec`` on ``target`` over exertions ``lo``..``hi`` (the first on a
        tie) and its exertion, ``value`` being what success is worth (``_support_value``): that worth at the
        roll's chance of success, less the HD its exertion dice burn, the check of maximum exertion (ref §1) and a
        failed Expert+ action's check. The roll is ``combat_actions.pc_use``'s (``pool_numbers``)."""
        t = state.fighters[target] if target >= 0 else None
        nums = pool_numbers(f, spec, t, False, 0)  # no long range: that is an attack's
        check = self.check_cost(state, f)
        mine = self.die_value(state, f)
        prof = f.prof
        expert_check = check if spec.tier in EXPERT_TIERS else 0.0
        best, best_e = -math.inf, lo
        for exertion in range(lo, hi + 1):
            safe, ex = nums.dice(exertion)
            cost = check if exertion and exertion >= prof else 0.0
            _, p_ok, burn = damage_dist(safe + nums.helps, ex, nums.threshold, nums.required, 0, 0)
            score = value * p_ok - burn * mine - cost - (1 - p_ok) * expert_check
            if score > best:
                best, best_e = score, exertion
        return best, best_e

    # --- the currency ------------------------------------------------------------------------------------
    def threat(self, state: CombatState, f: Fighter) -> float:
        """Expected damage per turn with its plain attack (a Priest's healing counts for a little more)."""
        key = (f.key, f.level if f.pc else 0)
        value = self._threat.get(key)
        if value is None:
            if f.pc:
                w = class_data().weapons[f.weapon]
                ev = expected_damage(f.prof, 0, TIERS["basic"], w.required, w.base, f.prof)[0]
                value = f.actions_per_turn * ev * (1.3 if f.key == "priest" else 1.0)
            else:
                evs = [expected_damage(a.pool, 0, TIERS[a.tier], a.required, a.damage, f.prof)[0]
                       * (2 if a.area else 1) for a in creature_of(state, f).attacks if a.heal is None]
                value = f.actions_per_turn * max(evs, default=1.0)
            self._threat[key] = value = max(0.5, value)
        return value

    def die_value(self, state: CombatState, f: Fighter) -> float:
        """The worth of one of ``f``'s dice: its threat shared over its dice. The most asked valuation, kept in
        its own memo of the decision (by fighter; ``per_decision``'s, without the wrapper's call)."""
        worth = self._worth
        if worth is not None:
            value = worth.get(f.idx)
            if value is not None:
                return value
        # an unconscious combatant is no threat
        value = 0.02 if f.status != rs.OK else self.threat(state, f) / (dice_left(f) + 1)
        if worth is not None:
            worth[f.idx] = value
        return value

    @per_decision
    def stage_cost(self, state: CombatState, f: Fighter, resolve: int) -> float:
        """What falling from ``resolve`` to one less costs (003 "The Resolve Stages")."""
        if resolve <= 0 or f.mindless:
            return 0.0
        t = self.threat(state, f)
        if resolve == 1:
            return 1.5 * t  # collapse: out of the fight
        stage = 5 - (f.resolve_max - resolve) - 1  # the stage it falls to
        if stage >= 4:  # Pressured: no Expert+ actions
            expert = f.pc and has_expert_action(f.abilities)
            return (0.15 if expert else 0.02) * t
        if stage == 3:  # Shaken: one defence die less (never below 1)
            return (0.15 if f.prof > 1 else 0.06) * t
        if stage == 2:  # Weakened: Advanced+ actions need one more success
            return 0.3 * t
        return 0.7 * t  # Staggering: the next lost check collapses

    @per_decision
    def check_cost(self, state: CombatState, f: Fighter) -> float:
        """Expected cost of one Resolve check now (none if this round's check has been rolled)."""
        if f.mindless or f.checked_round == state.round:
            return 0.0
        gain = P_GAIN * self.stage_cost(state, f, f.resolve + 1) if f.resolve < f.resolve_max else 0.0
        cost = P_LOSE * self.stage_cost(state, f, f.resolve) - gain
        if f.stabilized or f.steadfast:
            return 0.0
        return max(0.0, cost) * (1 - min(0.7, 0.3 * self.attacks_on(state, f)))

    @per_decision
    def attacks_on(self, state: CombatState, f: Fighter) -> float:
        """Expected attacks ``f`` draws before its next turn: every conscious foe that can reach it shares its
        actions among the targets it can reach, the weakest drawing most."""
        total = 0.0
        mine = self.die_value(state, f) ** 2
        side, fx, fy = f.side, f.x, f.y
        fighters = state.fighters
        allies: list[tuple[Fighter, float]] | None = None  # ``f``'s conscious side with their weights, in order
        for e in fighters:
            if e.side == side or e.status != rs.OK:
                continue
            reach = self.reach(state, e) + 2
            ex, ey = e.x, e.y
            if max(abs(ex - fx), abs(ey - fy)) > reach:
                continue
            if allies is None:
                allies = [(c, self.die_value(state, c) ** 2) for c in fighters
                          if c.side == side and c.status == rs.OK]
            weights = sum(w for c, w in allies if max(abs(ex - c.x), abs(ey - c.y)) <= reach)
            total += e.actions_per_turn * mine / weights if weights else 0.0
        return total

    @staticmethod
    def reach(state: CombatState, f: Fighter) -> int:
        """The longest reach of ``f``'s attacks: fixed by a PC's weapon and abilities, a creature's kind."""
        key = (f.weapon, f.abilities) if f.pc else f.key
        value = REACHES.get(key)
        if value is None:
            if f.pc:  # a weapon, Force Bolt, Smite …
                abilities = class_data().abilities
                value = max((reach_of(f, abilities[k])[0] for k in f.abilities
                             if abilities[k].effect in ("attack", "devastate")), default=1)
            else:
                value = max((a.range // SQUARE for a in creature_of(state, f).attacks if a.heal is None), default=1)
            REACHES[key] = value
        return value

    # --- scoring -----------------------------------------------------------------------------------------
    def score(self, state: CombatState, f: Fighter, act: Act) -> float:
        fighters = state.fighters
        if act.verb == "share" or act.affinity:
            return 0.0  # Affinity dice are kept for the player's own big moments
        if act.verb == "move":
            goal = fighters[act.target]
            if goal.status != rs.OK or self._any_attack_in_reach(state, f):
                return 0.0
            if f.pc and self._foes_closing(state, f):
                return 0.0  # let them come: the party's bows and spells reach farther than their blades
            return 0.2 - 0.01 * dist(f, goal)
        t = fighters[act.target] if act.target >= 0 else None
        if f.pc:
            return self._score_pc(state, f, class_data().abilities[act.ability], act, t)
        spec = spec_of(state, f, act.ability)
        assert isinstance(spec, Attack)
        return self._score_npc(state, f, spec, t)

    @per_decision
    def _foes_closing(self, state: CombatState, f: Fighter) -> bool:
        """Some conscious foe will reach one of ``f``'s side within two of its turns."""
        side = f.side
        squares = [(a.x, a.y) for a in state.fighters if a.side == side and a.status == rs.OK]
        for e in state.fighters:
            if e.side != side and e.status == rs.OK:
                reach = self.reach(state, e) + 2 * FREE_MOVE
                ex, ey = e.x, e.y
                for x, y in squares:
                    if max(abs(ex - x), abs(ey - y)) <= reach:
                        return True
        return False

    @per_decision
    def _any_attack_in_reach(self, state: CombatState, f: Fighter) -> bool:
        reach = self.reach(state, f) + f.move_left
        return any(e.side != f.side and e.status == rs.OK and dist(f, e) <= reach for e in state.fighters)

    def hit_value(self, state: CombatState, t: Fighter, dist_: tuple[tuple[int, float], ...], dtype: str,
                  area: bool) -> float:
        """Expected dice an attack destroys on ``t``, valued at the target's worth per die."""
        if t.status == rs.DEAD:
            return 0.0
        return valued(t, dist_, self._losses(state, t, dtype, area))

    def _losses(self, state: CombatState, t: Fighter, dtype: str, area: bool) -> Losses:
        """What ``t`` defends an attack with (``combat_damage.incoming`` in parts, without the damage) and the
        worth of each of its dice; kept in the decision's memo by (target, type, area), without a wrapper's call
        (the keys ``per_decision`` makes begin with a name, so none is the same)."""
        memo = self._memo
        key = (t.idx, dtype, area)
        if memo is not None:
            known = memo.get(key)
            if known is not None:
                return known  # type: ignore[no-any-return]
        terms = damage_terms(state, t, dtype)
        capacity, bonus = defence_dice(state, t, dtype, area)
        layers = layer_key(t)
        losses = (loss_table(terms, capacity, bonus, layers), terms, capacity, bonus, layers,
                  self.die_value(state, t))
        if memo is not None:
            memo[key] = losses
        return losses

    def _score_npc(self, state: CombatState, f: Fighter, spec: Attack, t: Fighter | None) -> float:
        if spec.heal is not None:
            n, sides = spec.heal
            gain = min(f.hd_max - f.hd, n * (sides + 1) // 2)
            return gain * self.die_value(state, f)
        assert t is not None
        plan = npc_plan(state, f, spec, t)  # the pool the attack will roll
        dd, p_ok, _ = damage_dist(plan.safe, 0, plan.threshold, plan.required, spec.damage, f.prof)
        if spec.area:
            radius = spec.area // SQUARE
            value = sum(self.hit_value(state, e, dd, spec.damage_type, True) for e in state.fighters
                        if e.side != f.side and e.status != rs.DEAD and dist(t, e) <= radius)
        else:
            value = self.hit_value(state, t, dd, spec.damage_type, False)
        if spec.resolve_check and t.status == rs.OK:
            value += p_ok * P_LOSE * self.stage_cost(state, t, t.resolve) * 0.5
        if is_expert_or_higher(spec.tier):
            value -= (1 - p_ok) * self.check_cost(state, f)
        return value

    def _score_pc(self, state: CombatState, f: Fighter, spec: Ability, act: Act, t: Fighter | None) -> float:
        prof = f.prof
        effect = spec.effect
        if spec.tier == "none":
            if effect == "defend":
                if f.defend_bonus:
                    return 0.0
                return self.attacks_on(state, f) * DEFEND_CANCELS * self.die_value(state, f)
            if effect == "rush":
                if f.hd >= f.hd_max:
                    return 0.0
                gain = min(prof, f.hd_max - f.hd)
                return gain * self.threat(state, f) / (dice_left(f) + gain) - self.stage_cost(state, f, f.resolve)
            if effect == "steady":
                if f.resolve >= f.resolve_max:
                    return 0.0
                return self.stage_cost(state, f, f.resolve) - 3 * self.die_value(state, f)
            return 0.0
        if effect in ATTACK_EFFECTS:
            assert t is not None
            # ``score`` weighs no action with Affinity dice (they score 0), so this is the roll without them
            return _Strikes(self, state, f).best(spec, t, act.exertion, act.exertion)[0]
        value = self._support(state, f, act.ability, act.target)
        if value <= 0:
            return 0.0  # nothing to gain, whatever the roll
        return self._best_support(state, f, spec, act.target, act.exertion, act.exertion, value)[0]

    def _support(self, state: CombatState, f: Fighter, key: str, target: int) -> float:
        """``_support_value`` of ability ``key`` on ``target``: the same for each of its exertions."""
        return self._support_value(state, f, class_data().abilities[key],
                                   state.fighters[target] if target >= 0 else None)

    def _support_value(self, state: CombatState, f: Fighter, spec: Ability, t: Fighter | None) -> float:
        """What a successful non-attack action is worth."""
        effect = spec.effect
        if effect not in SUPPORT_EFFECTS:
            return 0.0  # Dash, Disengage: their worth is where they lead, not weighed here
        prof = f.prof
        enemy_dice = dice_left(t) if t is not None else 0
        if effect == "endure" and t is not None:
            if t.status in (rs.DYING, rs.COLLAPSED):
                return self.threat(state, t)  # back on its feet
            if t.status != rs.OK:
                return 0.0
            gain = min(prof, t.hd_max - t.hd)
            value = gain * self.threat(state, t) / (dice_left(t) + gain + 1)
            if t.resolve < t.resolve_max:
                value += self.stage_cost(state, t, t.resolve + 1)
            return value
        if effect == "stabilize" and t is not None:
            if t.checked_round == state.round or t.stabilized:
                return 0.0  # this round's one check has been rolled already
            return (P_LOSE if t.resolve == 1 else 0.1) * self.threat(state, t)
        if effect == "mark" and t is not None:
            current = state.fighters[f.mark] if 0 <= f.mark < len(state.fighters) else None
            if t.status != rs.OK or (current is not None and current.status == rs.OK):
                return 0.0
            return min(2.0, enemy_dice / 3) * self.die_value(state, t)  # ~1 die more on each later strike
        if effect == "analyze" and t is not None:
            if t.status != rs.OK or t.analysed >= 0:
                return 0.0
            return min(4.0, enemy_dice / 2) * self.die_value(state, t) + 0.2 * self.threat(state, t)
        if effect == "rally" and t is not None:
            return 0.2 * self.threat(state, t) if t.rally_dice == 0 else 0.0
        if effect == "help" and t is not None:
            if t.key == "priest" and not t.help_faces and any(  # helping a Priest matters while someone is down
                    a.side == f.side and a.status in (rs.DYING, rs.COLLAPSED) for a in state.fighters):
                return 0.3 * max(self.threat(state, a) for a in state.fighters if a.side == f.side)
            return 0.0
        mine = self.die_value(state, f)
        if effect == "ward":
            return 0.33 * mine * min(1.0, self.attacks_on(state, f)) if f.ward_bonus == 0 else 0.0
        if effect == "commune":
            return 0.0 if f.communing else 0.4 * self.threat(state, f) + 2 * mine
        if effect == "hold_line":
            near = sum(1 for a in state.fighters if a.side == f.side and a.status == rs.OK and dist(a, f) <= 2)
            return 0.0 if f.htl_rounds else near * prof * 0.33 * mine
        if effect == "purpose":
            return 0.0 if f.purpose_rounds else prof * self.threat(state, f) * 0.5 - 2 * self.stage_cost(
                state, f, f.resolve)
        if effect == "recover":
            gain = min(prof, f.hd_max - f.hd)
            return gain * mine - self.stage_cost(state, f, f.resolve)
        return 0.0


class _Strikes:
    """A PC's attacks weighed in one decision: what they all share (the attacker's worth per die, the cost of its
    Resolve check, its weapon), and for one attack on one target the score of each exertion.

    An attack's score: the exact expected dice it destroys on the target (its traits, layers and defence rolls
    included) at the target's worth per die, less a small price on walking there, the Resolve it costs, a failed
    Expert+ action's check, the HD its exertion dice burn and the check of maximum exertion (ref §1)."""

    __slots__ = ("policy", "state", "f", "mine", "check", "weapon")

    def __init__(self, policy: GreedyPolicy, state: CombatState, f: Fighter) -> None:
        self.policy, self.state, self.f = policy, state, f
        self.mine = policy.die_value(state, f)
        self.check = policy.check_cost(state, f)
        self.weapon = class_data().weapons[f.weapon]

    def best(self, spec: Ability, t: Fighter, lo: int, hi: int) -> tuple[float, int]:
        """The best score of ``spec`` on ``t`` over exertions ``lo``..``hi`` (the first on a tie) and its exertion.
        The roll is the one ``combat_actions.pc_use`` makes from where free movement toward ``t`` ends."""
        policy, state, f = self.policy, self.state, self.f
        prof = f.prof
        near, far = reach_of(f, spec)
        d = max(abs(f.x - t.x), abs(f.y - t.y))
        moved = 0  # squares free movement takes toward ``t``, stopping within the ability's reach
        if t is not f and spec.effect != "dash":
            moved = max(0, min(d - near, f.move_left))
        walk = 0.05 * moved  # prefer attacks that need no walking
        nums = pool_numbers(f, spec, t, spec.range == 0 and far_shot(near, far, d - moved), 0)
        threshold, req, helps = nums.threshold, nums.required, nums.helps
        w = self.weapon
        attack = spec.effect == "attack"
        if attack:
            dtype = spec.damage_type or w.damage_type
            base = attack_damage(f, spec, t, req, req, False)  # at exactly the successes required
            centered = (attack_damage(f, spec, t, req, req, True)
                        if spec.centered and not f.exerted_turn else base)  # unexerted: + Proficiency
        else:  # Devastating Assault: Proficiency weapon strikes from one roll
            dtype, base = w.damage_type, w.base
            centered = base
        losses = None if t.status == rs.DEAD else policy._losses(state, t, dtype, False)
        stun = spec.stun and t.status == rs.OK
        stage = policy.stage_cost(state, f, f.resolve) if spec.resolve_cost else 0.0
        expert = spec.tier in EXPERT_TIERS
        check, mine = self.check, self.mine
        best, best_e = -math.inf, lo
        for exertion in range(lo, hi + 1):
            safe, ex = nums.dice(exertion)
            dd, p_ok, burn = damage_dist(safe + helps, ex, threshold, req, base if exertion else centered, prof)
            if attack:
                value = 0.0 if losses is None else valued(t, dd, losses)
                if stun:
                    value += p_ok * 0.5 * policy.threat(state, t)
            else:
                value = prof * (0.0 if losses is None else valued(t, dd, losses)) * 0.8
            value -= walk
            if spec.resolve_cost:
                value -= p_ok * spec.resolve_cost * stage
            if expert:
                value -= (1 - p_ok) * check
            score = value - burn * mine - (check if exertion and exertion >= prof else 0.0)
            if score > best:
                best, best_e = score, exertion
        return best, best_e


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
