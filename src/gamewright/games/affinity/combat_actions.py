"""Action resolution: movement and free strikes, dice rolls, PC abilities and their effects, creature attacks.
Functions of the state (``combat.CombatState``); each carries out a validated ``use`` or ``move``, damage going
through ``combat_damage``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamewright.core.game import Event
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat_damage import body_loss, drop_to_zero, heal, hit, trigger
from gamewright.games.affinity.combat_fighters import SQUARE, Act, Fighter, creature_of, dist
from gamewright.games.affinity.combat_legality import reach_of, spec_of
from gamewright.games.affinity.combat_pools import (
    attack_damage,
    devastate_hits,
    far_shot,
    npc_plan,
    path_toward,
    pool_numbers,
)
from gamewright.games.affinity.data_files import Ability, Attack, class_data
from gamewright.games.affinity.pools import TIERS, count_successes, damage, is_expert_or_higher

if TYPE_CHECKING:
    from gamewright.games.affinity.combat import CombatState


def approach(st: CombatState, f: Fighter, t: Fighter, reach: int, events: list[Event]) -> None:
    if dist(f, t) <= reach or f.move_left <= 0:
        return
    before = [e for e in st.fighters if e.side != f.side and e.status == rs.OK and dist(f, e) <= 1]
    (f.x, f.y), moved = path_toward(f, t, reach)
    f.move_left -= moved
    events.append(Event("move", {"who": f.idx, "to": [f.x, f.y], "yards": moved * SQUARE},
                        f"{f.name} moves {moved * SQUARE} yd toward {t.name}"))
    _free_strikes(st, f, before, events)


def _free_strikes(st: CombatState, f: Fighter, before: list[Fighter], events: list[Event]) -> None:
    """Option ``free_strikes`` (ref §1 "Space"): leaving melee draws one Basic attack from each enemy left."""
    if not st.options.get("free_strikes"):
        return
    for e in before:
        if e.status == rs.OK and f.status != rs.DEAD and dist(f, e) > 1:
            events.append(Event("free_strike", {"who": e.idx, "target": f.idx},
                                f"{e.name} strikes at {f.name} as it leaves"))
            if e.pc:
                w = class_data().weapons[e.weapon]
                succ, _, faces = roll(st, e.prof, 0, [], TIERS["basic"])
                if succ >= w.required:
                    hit(st, e, f, w.base + min(succ - w.required, e.prof), w.damage_type, False, events)
            else:
                basic = next((a for a in creature_of(st, e).attacks if a.tier == "basic" and a.heal is None), None)
                if basic is None:
                    continue
                succ, _, faces = roll(st, basic.pool, 0, [], TIERS["basic"])
                if succ >= basic.required:
                    hit(st, e, f, basic.damage + min(succ - basic.required, e.prof), basic.damage_type,
                              False, events)


def roll(st: CombatState, safe: int, exertion: int, help_faces: list[int], threshold: int
         ) -> tuple[int, int, list[int]]:
    """Roll safe then exertion dice; a Help's faces join the count (ref §1 Help); only exertion 1s burn."""
    rng = st.rng
    faces = [rng.die(6) for _ in range(safe + exertion)]
    burned = sum(1 for v in faces[safe:] if v == 1)
    faces_all = faces + help_faces
    return count_successes(faces_all, threshold), burned, faces_all


def pc_use(st: CombatState, f: Fighter, act: Act, events: list[Event]) -> None:
    spec = class_data().abilities[act.ability]
    t = st.fighters[act.target] if act.target >= 0 else None
    near, far = reach_of(f, spec)
    if t is not None and t is not f and spec.effect != "dash":
        approach(st, f, t, near, events)
    # the roll from where ``f`` now stands (the numbers of ``pc_plan``: its named terms are for previews)
    plan = None if spec.tier == "none" else pool_numbers(
        f, spec, t, t is not None and far_shot(near, far, dist(f, t)), act.affinity)
    f.actions_left -= 1
    f.rally_dice = 0  # ref §3 Rally: "+1d6 safe on its next action" — rolled or not (in the plan)
    if is_expert_or_higher(spec.tier):
        f.expert_used = True
    if act.ability in f.uses:
        f.uses[act.ability] -= 1
    tname = f" on {t.name}" if t is not None and t is not f else ""
    effect = spec.effect
    if plan is None:
        _simple(f, spec, events)
    else:
        if effect in ("attack", "devastate") and t is not None:
            t.prone_bonus = False  # the prone bonus is spent by this attack (in the plan's terms)
        f.affinity -= act.affinity  # Affinity dice are safe, outside the exertion cap (in the plan)
        help_faces, f.help_faces = f.help_faces, []
        if spec.hd_cost:
            f.hd = max(0, f.hd - spec.hd_cost)  # Devastating Assault: lose 1 HD
        safe, exertion = plan.dice(act.exertion)
        succ, ones, faces = roll(st, safe, exertion, help_faces, plan.threshold)
        burned = min(ones, f.hd)  # 003 Exertion Dice: each 1 burns 1 HD, of the HD there are
        required = plan.required
        ok = succ >= required
        events.append(Event("roll", {"who": f.idx, "ability": act.ability, "faces": faces, "successes": succ,
                                     "required": required, "burned": burned, "exertion_ones": ones,
                                     "success": ok},
                            f"{f.name} uses {spec.name}{tname}: {faces} → {succ} success(es) "
                            f"vs {required} needed, {'success' if ok else 'failure'}"
                            + (f", {burned} HD burned" if burned else "")))
        if burned:
            f.hd -= burned
            body_loss(f, burned)
        if act.exertion and act.exertion >= f.prof:  # ref §1: one action with exertion = Proficiency
            trigger(f, rs.MAX_EXERTION)
        centered = spec.centered and not f.exerted_turn and act.exertion == 0
        if act.exertion:
            f.exerted_turn = True
        if not ok:
            if is_expert_or_higher(spec.tier):
                trigger(f, rs.FAILED_EXPERT)
        else:
            _effect(st, f, spec, t, succ, required, centered, events)
    if f.hd <= 0 and f.status == rs.OK:  # reduced to 0 mid-action: finishes the action, then falls
        drop_to_zero(f, events)


def _simple(f: Fighter, spec: Ability, events: list[Event]) -> None:
    e = spec.effect
    if e == "defend":
        f.defend_bonus = 2
        events.append(Event("defend", {"who": f.idx}, f"{f.name} defends: +2d6 defence dice until next turn"))
    elif e == "rush":  # lose 1 Resolve without a check, regain Proficiency HD
        rs.lose_resolve(f, 1)
        gain = heal(f, f.prof)
        events.append(Event("rush", {"who": f.idx, "healed": gain, "resolve": f.resolve},
                            f"{f.name} rushes: +{gain} HD, Resolve {f.resolve}"))
    elif e == "steady":  # lose 3 HD (not a trigger), gain 1 Resolve
        f.hd -= 3
        rs.restore_resolve(f, 1)
        events.append(Event("steady", {"who": f.idx, "resolve": f.resolve},
                            f"{f.name} steadies: −3 HD, Resolve {f.resolve}"))


def _effect(st: CombatState, f: Fighter, spec: Ability, t: Fighter | None, succ: int, required: int, centered: bool,
            events: list[Event]) -> None:
    e = spec.effect
    prof = f.prof
    if e == "attack":
        assert t is not None
        w = class_data().weapons[f.weapon]
        dmg = attack_damage(f, spec, t, succ, required, centered)
        dtype = spec.damage_type or w.damage_type
        hit(st, f, t, dmg, dtype, False, events)
        if spec.stun and t.status != rs.DEAD and not t.purpose_rounds:
            t.stunned = True
            events.append(Event("stun", {"who": t.idx}, f"{t.name} is stunned"))
        if spec.knockdown and t.status == rs.OK:
            mine, _, _ = roll(st, prof, 0, [], TIERS["basic"])
            theirs, _, _ = roll(st, t.prof, 0, [], TIERS["basic"])
            if theirs <= mine and not t.purpose_rounds:
                t.prone = t.prone_bonus = True
                events.append(Event("prone", {"who": t.idx}, f"{t.name} is knocked prone ({mine} vs {theirs})"))
    elif e == "devastate":
        assert t is not None
        w = class_data().weapons[f.weapon]
        for dmg in devastate_hits(f, succ):
            if t.status == rs.DEAD:
                break
            hit(st, f, t, dmg, w.damage_type, False, events)
    elif e == "rally":
        t_list = [t] if t is not None else []
        if "rally_many" in f.features:  # level 4: Proficiency allies
            others = sorted((a for a in st.fighters if a.side == f.side and a.status == rs.OK
                             and a is not f and a is not t and dist(f, a) <= 6), key=lambda a: dist(f, a))
            t_list += others[: prof - 1]
        for a in t_list:
            a.rally_dice += 1
        names = ", ".join(a.name for a in t_list)
        events.append(Event("rally", {"who": f.idx, "targets": [a.idx for a in t_list]},
                            f"{names} +1d6 on the next action"))
    elif e == "hold_line":
        f.htl_rounds = prof
        events.append(Event("hold_line", {"who": f.idx}, f"{f.name} holds the line for {prof} round(s)"))
    elif e == "purpose":
        rs.lose_resolve(f, spec.resolve_cost)
        f.purpose_rounds = prof
        events.append(Event("purpose", {"who": f.idx}, f"{f.name}: Undeniable Purpose for {prof} round(s)"))
    elif e == "endure":
        assert t is not None
        gain = heal(t, prof)
        if t.resolve < t.resolve_max:
            rs.restore_resolve(t, 1)
        events.append(Event("heal", {"who": t.idx, "amount": gain, "resolve": t.resolve},
                            f"{t.name} regains {gain} HD (Resolve {t.resolve})"))
    elif e == "mark":
        assert t is not None
        f.mark = t.idx
        events.append(Event("mark", {"who": f.idx, "target": t.idx}, f"{f.name} marks {t.name}"))
    elif e == "analyze":
        assert t is not None
        t.analysed = f.side
        events.append(Event("analyze", {"who": f.idx, "target": t.idx}, f"{f.name} analyses {t.name}"))
    elif e == "ward":
        f.ward_bonus += 1
        events.append(Event("ward", {"who": f.idx}, f"{f.name}: +1d6 on the next defence"))
    elif e == "commune":
        f.communing = True
        events.append(Event("commune", {"who": f.idx}, f"{f.name} communes with the elements"))
    elif e == "recover":
        gain = heal(f, prof)
        rs.lose_resolve(f, spec.resolve_cost)
        events.append(Event("heal", {"who": f.idx, "amount": gain, "resolve": f.resolve},
                            f"{f.name} recovers {gain} HD for 1 Resolve"))
    elif e == "help":
        assert t is not None
        t.help_faces = t.help_faces + _last_faces(events)
        events.append(Event("help", {"who": f.idx, "target": t.idx}, f"{f.name}'s dice join {t.name}'s next roll"))
    elif e == "stabilize":
        assert t is not None
        t.stabilized = True
        events.append(Event("stabilize", {"who": t.idx}, f"{t.name} is stabilized this round"))
    elif e == "dash":
        assert t is not None
        f.move_left += spec.move // SQUARE
        approach(st, f, t, 1, events)
    elif e == "disengage":
        step = -1 if f.side == 0 else 1
        f.x += step * (spec.move // SQUARE)
        events.append(Event("move", {"who": f.idx, "to": [f.x, f.y]}, f"{f.name} disengages"))
    if spec.resolve_cost and e not in ("purpose", "recover"):
        rs.lose_resolve(f, spec.resolve_cost)  # Smite costs the Priest 1 Resolve


def _last_faces(events: list[Event]) -> list[int]:
    for ev in reversed(events):
        if ev.kind == "roll":
            return list(ev.data["faces"])
    return []


def npc_use(st: CombatState, f: Fighter, act: Act, events: list[Event]) -> None:
    spec = spec_of(st, f, act.ability)
    assert isinstance(spec, Attack)
    creature_of(st, f)
    f.actions_left -= 1
    if spec.heal is not None:
        f.heal_used = True
        n, sides = spec.heal
        rolls = st.rng.dice(n, sides)
        amount = sum(rolls) if st.options.get("healing", "sum") == "sum" else n
        gain = heal(f, amount)
        events.append(Event("heal", {"who": f.idx, "rolls": rolls, "amount": gain},
                            f"{f.name} uses {spec.name}: {rolls} → +{gain} HD"))
        return
    t = st.fighters[act.target]
    near = spec.range // SQUARE
    approach(st, f, t, near, events)
    if is_expert_or_higher(spec.tier):
        f.expert_used = True
    plan = npc_plan(st, f, spec, t)
    t.prone_bonus = False
    required = plan.required
    succ, _, faces = roll(st, plan.safe, 0, [], plan.threshold)  # NPC 1s never burn (ref §1 NPCs)
    ok = succ >= required
    events.append(Event("roll", {"who": f.idx, "ability": act.ability, "faces": faces, "successes": succ,
                                 "required": required, "burned": 0, "exertion_ones": 0, "success": ok},
                        f"{f.name} uses {spec.name} on {t.name}: {faces} → {succ} success(es) vs {required} "
                        f"needed, {'success' if ok else 'failure'}"))
    if not ok:
        if is_expert_or_higher(spec.tier):
            trigger(f, rs.FAILED_EXPERT)
        return
    dmg = damage(spec.damage, succ, required, f.prof)
    if spec.area:
        radius = spec.area // SQUARE
        targets = [e for e in st.fighters if e.side != f.side and e.status != rs.DEAD and dist(f, e) <= radius]
    else:
        targets = [t]
    for e in targets:
        lost = hit(st, f, e, dmg, spec.damage_type, bool(spec.area), events)
        if spec.drain and lost:
            gain = heal(f, max(1, lost // 2))  # "halves" rounds down, minimum 1
            events.append(Event("heal", {"who": f.idx, "amount": gain}, f"{f.name} drains {gain} HD"))
        if spec.push and e.status != rs.DEAD:
            e.x += (e.x > f.x) - (e.x < f.x)
            e.y += (e.y > f.y) - (e.y < f.y)
            events.append(Event("push", {"who": e.idx, "to": [e.x, e.y]}, f"{e.name} is pushed 5 yd"))
        if spec.resolve_check and e.status != rs.DEAD and not e.purpose_rounds:
            trigger(e, rs.ENEMY_EFFECT)
