"""``preview_action(st, action)`` (``CombatState.preview``): what an action will do, exactly, before it is taken
(issue 10 §1).

Built from the very plan the resolution rolls (``combat_pools``), the same damage formulas and the same
``incoming`` defence terms; only the dice are replaced by their exact distributions. Never changes the state
or its random stream, never raises: an illegal action answers ``"legal": false`` with the refusal.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gamewright.core.dice import Dist, die, fraction_text
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat_damage import incoming
from gamewright.games.affinity.combat_fighters import SQUARE, Act, Fighter
from gamewright.games.affinity.combat_legality import act_shape_problem, reach_of, spec_of, validate
from gamewright.games.affinity.combat_pools import (
    PoolPlan,
    attack_damage,
    devastate_hits,
    npc_plan,
    path_toward,
    pc_plan,
    square_dist,
)
from gamewright.games.affinity.data_files import Ability, Attack, class_data
from gamewright.games.affinity.pools import DEFENCE_TARGET, count_successes, damage, defence_outcomes, pool_joint

if TYPE_CHECKING:
    from gamewright.games.affinity.combat import CombatState

Counts = tuple[int, ...]


def prob(value: Fraction) -> dict[str, Any]:
    """The preview contract's probability: exact text and a float."""
    return {"p": fraction_text(value), "float": float(value)}


def dist_doc(dist: dict[int, Fraction]) -> dict[str, Any]:
    return {str(k): prob(v) for k, v in sorted(dist.items())}


def _add(into: dict[Any, Fraction], key: Any, p: Fraction) -> None:
    into[key] = into.get(key, Fraction(0)) + p


def preview_action(st: CombatState, act: Any) -> dict[str, Any]:
    text = act.to_text() if isinstance(act, Act) and not act_shape_problem(act) else repr(act)[:80]
    doc: dict[str, Any] = {"action": text, "legal": False, "errors": []}
    why = validate(st, act)
    if why:
        doc["errors"] = [why]
        return doc
    doc["legal"] = True
    f = st.fighters[st.active]
    doc["actor"] = {"idx": f.idx, "name": f.name}
    if act.verb == "end":
        doc["effect"] = f"{f.name} ends the turn"
    elif act.verb == "hold":
        doc["effect"] = f"{f.name} holds {f.actions_left} action(s) for initiative count 0, Basic only"
    elif act.verb == "share":
        doc["effect"] = f"{act.affinity} Affinity dice pass to {st.fighters[act.target].name} (a free action)"
    elif act.verb == "move":
        at, moved = path_toward(f, st.fighters[act.target], 1)
        doc["move"] = _move_doc(st, at, moved)
    else:
        _preview_use(st, f, act, doc)
    return doc


def _move_doc(st: CombatState, at: tuple[int, int], moved: int) -> dict[str, Any]:
    out: dict[str, Any] = {"to": list(at), "yards": moved * SQUARE}
    if st.options.get("free_strikes"):
        out["note"] = "leaving melee draws free strikes, not included in these odds"
    return out


def _preview_use(st: CombatState, f: Fighter, act: Act, doc: dict[str, Any]) -> None:
    spec = spec_of(st, f, act.ability)
    assert spec is not None  # validated
    t = st.fighters[act.target] if act.target >= 0 else None
    at = (f.x, f.y)
    doc["ability"] = {"key": act.ability, "name": spec.name, "tier": spec.tier}
    if t is not None and t is not f and not (isinstance(spec, Ability) and spec.effect == "dash"):
        at, moved = path_toward(f, t, reach_of(f, spec)[0])
        if moved:
            doc["move"] = _move_doc(st, at, moved)
    if isinstance(spec, Attack):
        _preview_npc(st, f, spec, t, at, doc)
    elif spec.tier == "none":
        doc["effect"] = _simple_effect(f, spec)
    else:
        _preview_pc(st, f, act, spec, t, doc)


def _simple_effect(f: Fighter, spec: Ability) -> str:
    if spec.effect == "defend":
        return "+2d6 defence dice until your next turn (ref §1 Universal actions)"
    if spec.effect == "rush":
        return f"lose 1 Resolve (no check), regain {min(f.prof, f.hd_max - f.hd)} HD"
    return "lose 3 HD (not a Resolve trigger), gain 1 Resolve"


def _roll_doc(plan: PoolPlan, joint: Dist, help_succ: int, doc: dict[str, Any]) -> None:
    doc["dice"] = {"safe": plan.safe, "exertion": plan.exertion, "threshold": plan.threshold,
                   "required": plan.required,
                   "terms": [{"why": why, "dice": n} for why, n in plan.modifiers],
                   "required_terms": [{"why": why, "successes": n} for why, n in plan.required_modifiers]}
    if plan.help_faces:
        doc["dice"]["help"] = {"faces": list(plan.help_faces), "successes": help_succ}
    succ: dict[int, Fraction] = {}
    for (s, _), p in joint.items():
        _add(succ, s + help_succ, p)
    doc["successes"] = dist_doc(succ)
    doc["success"] = prob(sum((p for s, p in succ.items() if s >= plan.required), Fraction(0)))


def _preview_pc(st: CombatState, f: Fighter, act: Act, spec: Ability, t: Fighter | None, doc: dict[str, Any]) -> None:
    at = tuple(doc["move"]["to"]) if "move" in doc else (f.x, f.y)
    plan = pc_plan(f, act, spec, t, (at[0], at[1]))
    joint = pool_joint(plan.safe, plan.exertion, plan.threshold)
    help_succ = count_successes(list(plan.help_faces), plan.threshold)
    _roll_doc(plan, joint, help_succ, doc)
    hd_left = max(0, f.hd - spec.hd_cost)
    centered = spec.centered and not f.exerted_turn and act.exertion == 0
    burned: dict[int, Fraction] = {}
    triggers: dict[str, Fraction] = {}
    any_check = Fraction(0)
    hits_by: dict[tuple[int, ...], Fraction] = {}
    for (s, b), p in joint.items():
        s += help_succ
        loss = min(b, hd_left)
        _add(burned, loss, p)
        why = []
        if act.exertion and act.exertion >= f.prof:
            why.append(rs.MAX_EXERTION)
        if f.hd_lost_round + loss >= f.prof + 1:
            why.append(rs.HEAVY_LOSS)
        if hd_left - loss == 0 and not f.oath_ready:
            why.append(rs.ZERO_HD)
        ok = s >= plan.required
        if not ok and spec.tier in ("expert", "legendary", "ultimate"):
            why.append(rs.FAILED_EXPERT)
        for w in why:
            _add(triggers, w, p)
        if why:
            any_check += p
        if ok and t is not None and spec.effect == "attack":
            _add(hits_by, (attack_damage(f, spec, t, s, plan.required, centered),), p)
        elif ok and t is not None and spec.effect == "devastate":
            _add(hits_by, tuple(devastate_hits(f, s)), p)
    doc["hd_burned"] = dist_doc(burned)
    doc["resolve_check"] = _check_doc(st, f, triggers, any_check)
    if spec.hd_cost:
        doc["hd_cost"] = spec.hd_cost
    if t is not None and spec.effect in ("attack", "devastate"):
        dtype = spec.damage_type or class_data().weapons[f.weapon].damage_type
        miss = 1 - sum(hits_by.values(), Fraction(0))
        doc["targets"] = [_target_doc(st, t, hits_by, miss, dtype, False, False)]
    else:
        doc["effect"] = f"on a success: {spec.effect} ({spec.source})"


def _preview_npc(st: CombatState, f: Fighter, spec: Attack, t: Fighter | None, at: tuple[int, int],
                 doc: dict[str, Any]) -> None:
    if spec.heal is not None or t is None:
        n, sides = spec.heal or (0, 1)
        rolled = die(sides).repeat_sum(n) if st.options.get("healing", "sum") == "sum" else Dist({n: 1})
        doc["healed"] = dist_doc(dict(rolled.map(lambda v: min(v, f.hd_max - f.hd)).items()))
        return
    plan = npc_plan(st, f, spec, t)
    joint = pool_joint(plan.safe, 0, plan.threshold)
    _roll_doc(plan, joint, 0, doc)
    doc["hd_burned"] = dist_doc({0: Fraction(1)})  # ref §1 NPCs: a creature's 1s never burn
    hits_by: dict[tuple[int, ...], Fraction] = {}
    fail = Fraction(0)
    for (s, _), p in joint.items():
        if s >= plan.required:
            _add(hits_by, (damage(spec.damage, s, plan.required, f.prof),), p)
        else:
            fail += p
    expert = spec.tier in ("expert", "legendary", "ultimate")
    doc["resolve_check"] = _check_doc(st, f, {rs.FAILED_EXPERT: fail} if expert and fail else {},
                                           fail if expert else Fraction(0))
    if spec.area:
        targets = [e for e in st.fighters if e.side != f.side and e.status != rs.DEAD
                   and square_dist(at, (e.x, e.y)) <= spec.area // SQUARE]
    else:
        targets = [t]
    doc["targets"] = [_target_doc(st, e, hits_by, fail, spec.damage_type, bool(spec.area), spec.resolve_check)
                      for e in targets]


def _check_doc(st: CombatState, f: Fighter, triggers: dict[str, Fraction], any_check: Fraction) -> dict[str, Any]:
    """The Resolve check an action triggers (ref §1: one per round, after the action)."""
    rolled = not f.mindless and f.checked_round != st.round
    out: dict[str, Any] = {"p": prob(any_check if rolled else Fraction(0)),
                           "triggers": {k: prob(v) for k, v in triggers.items()}}
    if not rolled:
        out["note"] = "mindless: no Resolve checks" if f.mindless else "already checked this round (one a round)"
    elif f.stabilized or f.steadfast:
        out["outcome"] = {"lose": prob(Fraction(0)), "hold": prob(Fraction(1)), "gain": prob(Fraction(0))}
    else:  # 003 Resolve Check: 1–4 lose one, 5 hold, 6 gain one
        out["outcome"] = {"lose": prob(Fraction(4, 6)), "hold": prob(Fraction(1, 6)), "gain": prob(Fraction(1, 6))}
    return out


def _target_doc(st: CombatState, t: Fighter, hits_by: dict[tuple[int, ...], Fraction], miss: Fraction, dtype: str,
                area: bool, enemy_effect: bool) -> dict[str, Any]:
    """HD and dice the target loses through its layers, mixed over the attack's outcomes (a miss loses none)."""
    body: dict[int, Fraction] = {}
    dice: dict[int, Fraction] = {}
    checks = Fraction(0)
    dealt: dict[int, Fraction] = {}
    if miss:
        _add(body, 0, miss)
        _add(dice, 0, miss)
    for hits, p in hits_by.items():
        _add(dealt, sum(hits), p)
        for (lost_body, lost_dice), q in _hits_loss(st, t, hits, dtype, area).items():
            _add(body, lost_body, p * q)
            _add(dice, lost_dice, p * q)
            if _target_triggered(t, lost_body, enemy_effect):
                checks += p * q
    rolled = not t.mindless and t.checked_round != st.round and t.status not in (rs.DEAD, rs.COLLAPSED)
    _, capacity, bonus, notes = incoming(st, t, 1, dtype, area)  # the terms do not depend on the damage
    return {"idx": t.idx, "name": t.name, "damage_type": dtype, "capacity": capacity, "defence_bonus": bonus,
            "notes": notes, "damage": dist_doc(dealt), "hd_lost": dist_doc(body), "dice_lost": dist_doc(dice),
            "expected_hd_lost": prob(sum((k * v for k, v in body.items()), Fraction(0))),
            "resolve_check": prob(checks if rolled else Fraction(0))}


def _target_triggered(t: Fighter, lost_body: int, enemy_effect: bool) -> bool:
    """Whether a hit that took ``lost_body`` HD leaves the target owing a Resolve check (ref §1 triggers)."""
    after = t.hd - lost_body
    falls = after == 0 and not (t.hd > 0 and t.oath_ready)
    if falls and (t.mindless or t.resolve == 0):
        return False  # dead: no check
    if t.hd == 0 or falls:
        return True  # hit while at 0 HD; reduced to 0 HD
    return t.hd_lost_round + lost_body >= t.prof + 1 or (enemy_effect and not t.purpose_rounds)


def _hits_loss(st: CombatState, t: Fighter, hits: tuple[int, ...], dtype: str, area: bool) -> Dist:
    """Exact ``(body HD lost, dice lost)`` after ``hits`` in turn: each hit meets the layers the one before
    left; after the first, Parry, Ward and Hold the Line are spent (as ``_hit`` spends them)."""
    sizes = [(la.sides, la.survive) for la in t.layers] + [(t.hd_die, DEFENCE_TARGET)]
    start: Counts = tuple(la.count for la in t.layers) + (t.hd,)
    frontier: dict[Counts, Fraction] = {start: Fraction(1)}
    probe = t
    for i, dmg in enumerate(hits):
        if i == 1:
            probe = t.copy()
            probe.parried_round = probe.htl_used_round = st.round
            probe.ward_bonus = 0
        dealt, capacity, bonus, _ = incoming(st, probe, dmg, dtype, area)
        step: dict[Counts, Fraction] = {}
        for counts, p in frontier.items():
            layers = tuple((s, c, sv) for (s, sv), c in zip(sizes, counts, strict=True))
            for (left, _), q in defence_outcomes(layers, capacity, dealt, bonus).items():
                _add(step, left, p * q)
        frontier = step
    out: dict[tuple[int, int], Fraction] = {}
    for counts, p in frontier.items():
        body_after = counts[-1]
        if body_after == 0 and t.hd > 0 and t.oath_ready:
            body_after = t.prof  # ref §3 Combatant 10: Oath Absolute stands at Proficiency HD
        _add(out, (t.hd - body_after, sum(start) - sum(counts)), p)
    return Dist(out)
