"""Incoming damage, layered defence and Resolve triggers. Functions of the state (``combat.CombatState``) and of
the fighters hit."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from gamewright.core.game import Event
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat_fighters import Fighter, creature_of, dist
from gamewright.games.affinity.defence import Layer, resolve_defence

if TYPE_CHECKING:
    from gamewright.games.affinity.combat import CombatState


class DamageTerms(NamedTuple):
    """What a target's traits, parry and Communion do to incoming damage of one type, whatever the amount."""

    dtype: str
    extra: int  # ref §4 damage_taken
    halved: bool  # ref §4 halved types
    parried: bool  # ref §4 Parry, still to be used this round
    communion: int | None  # Proficiency taken off by Spirit Communion, None without it

    def met(self, dmg: int) -> tuple[int, list[str]]:
        """The damage left of ``dmg``, with notes saying why."""
        notes = []
        if self.extra:
            dmg += self.extra
            notes.append(f"+{self.extra} {self.dtype}")
        if self.halved:  # ref §1 "halves" rounds down, minimum 1
            dmg = max(1, dmg // 2)
            notes.append(f"{self.dtype} halved")
        if self.parried:
            dmg = max(1, dmg // 2)
            notes.append("parried")
        if self.communion is not None:
            dmg = max(0, dmg - self.communion)
            notes.append("Communion")
        return dmg, notes


def yet_to_act(st: CombatState, f: Fighter) -> bool:
    """Its turn this round is still to come: only then may it react (003 Triggered Actions)."""
    return not st.held_phase and f.idx in st.order and st.order.index(f.idx) > st.turn_pos


def incoming(st: CombatState, t: Fighter, dmg: int, dtype: str, area: bool) -> tuple[int, int, int, list[str]]:
    """What an attack of ``dmg`` meets, without side effects: (damage after traits, parry and Communion,
    defence rolls, extra defence d6, notes). Parry is assumed available if it has not been used this round."""
    dmg, notes = damage_met(st, t, dmg, dtype)
    capacity, bonus = defence_dice(st, t, dtype, area)
    return dmg, capacity, bonus, notes


def damage_met(st: CombatState, t: Fighter, dmg: int, dtype: str) -> tuple[int, list[str]]:
    """The damage left after ``t``'s traits, parry and Communion, with notes saying why."""
    return damage_terms(st, t, dtype).met(dmg)


def damage_terms(st: CombatState, t: Fighter, dtype: str) -> DamageTerms:
    """What ``t``'s traits, parry and Communion do to any damage of ``dtype`` now."""
    extra, halved, parried = 0, False, False
    if not t.pc:
        tr = creature_of(st, t).traits
        for kind, more in tr.damage_taken:  # ref §4 Skeletal Warrior: takes +1 from bludgeoning
            if kind == dtype:
                extra = more
        halved = dtype in tr.halved  # ref §4 Ice Wraith
        # ref §4 Bandit Captain: Parry halves damage, before its own turn
        parried = bool(tr.parry and t.status == rs.OK and t.parried_round != st.round and yet_to_act(st, t))
    # ref §3 Shaman, Spirit Communion (Elemental): incoming damage −Proficiency HD
    return DamageTerms(dtype, extra, halved, parried, t.prof if t.communing else None)


def _held_line(st: CombatState, t: Fighter) -> bool:
    """An ally of ``t`` holding the line (ref §3 Hold the Line) stands within 2 squares."""
    for h in st.fighters:  # noqa: SIM110 - a plain loop: every hit and every weighed attack asks
        if h.htl_rounds > 0 and h.side == t.side and h.status == rs.OK and dist(h, t) <= 2:
            return True
    return False


def defence_dice(st: CombatState, t: Fighter, dtype: str, area: bool) -> tuple[int, int]:
    """(defence rolls, extra defence d6) ``t`` meets an attack of ``dtype`` with; the damage plays no part."""
    # ref §1 Defence: DC = Proficiency (at least 1); Resolve stages and Analyze take rolls away, never below 1
    capacity = max(1, t.prof) - rs.defence_penalty(t) - (1 if t.analysed >= 0 else 0)
    bonus = t.defend_bonus + t.ward_bonus
    if t.htl_used_round != st.round and _held_line(st, t):
        bonus += 1  # ref §3 Hold the Line: +1d6 on the first defence each round
    if not t.pc:
        traits = creature_of(st, t).traits
        bonus += traits.defence_bonus
        for kind, more in traits.defence_vs:  # ref §4: +Nd6 defence against a damage type
            if kind == dtype:
                bonus += more
        if traits.swarm:  # ref §4 Wolf Pack: +2d6 defence vs single targets, −2 defence dice vs area
            if area:
                capacity -= 2
            else:
                bonus += 2
    return max(1, capacity), bonus


def hit(st: CombatState, a: Fighter, t: Fighter, dmg: int, dtype: str, area: bool, events: list[Event]) -> int:
    """Damage ``t``: traits, parry, Communion, then layered defence. Returns dice destroyed."""
    if t.status == rs.DEAD:
        return 0
    dmg, capacity, bonus, notes = incoming(st, t, dmg, dtype, area)
    if "parried" in notes:
        t.parried_round = st.round
        t.parry_debt += 1  # a reaction uses one of its actions (ref §1 Conditions)
    t.ward_bonus = 0
    if t.htl_used_round != st.round and _held_line(st, t):
        t.htl_used_round = st.round
    at_zero = t.hd == 0
    body = Layer("body", t.hd_die, t.hd)
    layers = t.layers + [body]
    before = t.hd
    res = resolve_defence(layers, capacity, dmg, st.rng.die, bonus)
    t.hd = body.count
    lost_body = before - t.hd
    extra_dice = f"extra d6 {res.bonus_rolls}, " if res.bonus_rolls else ""
    text = (f"{t.name} takes {dmg} ({dtype}{', ' + ', '.join(notes) if notes else ''}): "
            f"{extra_dice}rolls {res.rolls}, {res.cancelled} cancelled, {res.lost} dice lost → "
            f"{t.dice_text()}")
    events.append(Event("damage", {"who": t.idx, "by": a.idx, "damage": dmg, "type": dtype,
                                   "cancelled": res.cancelled, "lost": res.lost, "overflow": res.overflow,
                                   "rolls": res.rolls, "bonus_rolls": res.bonus_rolls}, text))
    if lost_body:
        body_loss(t, lost_body)
    if at_zero:
        trigger(t, rs.HIT_AT_ZERO)
    if before > 0 and t.hd == 0:
        drop_to_zero(t, events)
    return res.lost


def body_loss(f: Fighter, lost: int) -> None:
    f.hd_lost_round += lost
    if f.hd_lost_round >= f.prof + 1:  # ref §1: body HD lost to damage and burns
        trigger(f, rs.HEAVY_LOSS)


def trigger(f: Fighter, reason: str) -> None:
    if not f.pending and not f.mindless and f.status != rs.DEAD:
        f.pending = reason


def drop_to_zero(f: Fighter, events: list[Event]) -> None:
    if f.oath_ready:  # ref §3 Combatant level 10: Oath Absolute
        f.oath_ready = False
        f.hd = f.prof
        f.resolve = f.resolve_max
        rs.update_status(f)
        events.append(Event("oath", {"who": f.idx}, f"{f.name} stands again (Oath Absolute)"))
        return
    status = rs.update_status(f)
    if status == rs.DYING:
        trigger(f, rs.ZERO_HD)
    events.append(Event("status", {"who": f.idx, "status": status}, f"{f.name} is {status}"))


def heal(f: Fighter, amount: int) -> int:
    if f.status == rs.DEAD:
        return 0
    gain = max(0, min(amount, f.hd_max - f.hd))
    f.hd += gain
    was = f.status
    rs.update_status(f)
    if was == rs.DYING and f.status == rs.OK:
        f.pending = ""
    return gain
