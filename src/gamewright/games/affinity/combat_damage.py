"""Incoming damage, layered defence and Resolve triggers for ``CombatState`` (combined into
``combat.CombatState``)."""

from __future__ import annotations

from typing import NamedTuple

from gamewright.core.game import Event
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat_base import CombatBase
from gamewright.games.affinity.combat_fighters import Fighter, dist, resolve_event
from gamewright.games.affinity.defence import Layer, resolve_defence


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


class DamageMixin(CombatBase):
    """What a hit meets and what it does: traits, parry, defence dice, falling to 0 HD, healing, Resolve checks."""

    __slots__ = ()

    def yet_to_act(self, f: Fighter) -> bool:
        """Its turn this round is still to come: only then may it react (003 Triggered Actions)."""
        return not self.held_phase and f.idx in self.order and self.order.index(f.idx) > self.turn_pos

    def incoming(self, t: Fighter, dmg: int, dtype: str, area: bool) -> tuple[int, int, int, list[str]]:
        """What an attack of ``dmg`` meets, without side effects: (damage after traits, parry and Communion,
        defence rolls, extra defence d6, notes). Parry is assumed available if it has not been used this round."""
        dmg, notes = self.damage_met(t, dmg, dtype)
        capacity, bonus = self.defence_dice(t, dtype, area)
        return dmg, capacity, bonus, notes

    def damage_met(self, t: Fighter, dmg: int, dtype: str) -> tuple[int, list[str]]:
        """The damage left after ``t``'s traits, parry and Communion, with notes saying why."""
        return self.damage_terms(t, dtype).met(dmg)

    def damage_terms(self, t: Fighter, dtype: str) -> DamageTerms:
        """What ``t``'s traits, parry and Communion do to any damage of ``dtype`` now."""
        extra, halved, parried = 0, False, False
        if not t.pc:
            tr = self.cdef(t).traits
            for kind, more in tr.damage_taken:  # ref §4 Skeletal Warrior: takes +1 from bludgeoning
                if kind == dtype:
                    extra = more
            halved = dtype in tr.halved  # ref §4 Ice Wraith
            # ref §4 Bandit Captain: Parry halves damage, before its own turn
            parried = bool(tr.parry and t.status == rs.OK and t.parried_round != self.round and self.yet_to_act(t))
        # ref §3 Shaman, Spirit Communion (Elemental): incoming damage −Proficiency HD
        return DamageTerms(dtype, extra, halved, parried, t.prof if t.communing else None)

    def _held_line(self, t: Fighter) -> bool:
        """An ally of ``t`` holding the line (ref §3 Hold the Line) stands within 2 squares."""
        for h in self.fighters:  # a plain loop: every hit and every weighed attack asks
            if h.htl_rounds > 0 and h.side == t.side and h.status == rs.OK and dist(h, t) <= 2:
                return True
        return False

    def defence_dice(self, t: Fighter, dtype: str, area: bool) -> tuple[int, int]:
        """(defence rolls, extra defence d6) ``t`` meets an attack of ``dtype`` with; the damage plays no part."""
        # ref §1 Defence: DC = Proficiency (at least 1); Resolve stages and Analyze take rolls away, never below 1
        capacity = max(1, t.prof) - rs.defence_penalty(t) - (1 if t.analysed >= 0 else 0)
        bonus = t.defend_bonus + t.ward_bonus
        if t.htl_used_round != self.round and self._held_line(t):
            bonus += 1  # ref §3 Hold the Line: +1d6 on the first defence each round
        if not t.pc:
            traits = self.cdef(t).traits
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

    def _hit(self, a: Fighter, t: Fighter, dmg: int, dtype: str, area: bool, events: list[Event]) -> int:
        """Damage ``t``: traits, parry, Communion, then layered defence. Returns dice destroyed."""
        if t.status == rs.DEAD:
            return 0
        dmg, capacity, bonus, notes = self.incoming(t, dmg, dtype, area)
        if "parried" in notes:
            t.parried_round = self.round
            t.parry_debt += 1  # a reaction uses one of its actions (ref §1 Conditions)
        t.ward_bonus = 0
        if t.htl_used_round != self.round and self._held_line(t):
            t.htl_used_round = self.round
        at_zero = t.hd == 0
        body = Layer("body", t.hd_die, t.hd)
        layers = t.layers + [body]
        before = t.hd
        res = resolve_defence(layers, capacity, dmg, self.rng.die, bonus)
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
            self._body_loss(t, lost_body)
        if at_zero:
            self._trigger(t, rs.HIT_AT_ZERO)
        if before > 0 and t.hd == 0:
            self._drop_to_zero(t, events)
        return res.lost

    def _body_loss(self, f: Fighter, lost: int) -> None:
        f.hd_lost_round += lost
        if f.hd_lost_round >= f.prof + 1:  # ref §1: body HD lost to damage and burns
            self._trigger(f, rs.HEAVY_LOSS)

    def _trigger(self, f: Fighter, reason: str) -> None:
        if not f.pending and not f.mindless and f.status != rs.DEAD:
            f.pending = reason

    def _drop_to_zero(self, f: Fighter, events: list[Event]) -> None:
        if f.oath_ready:  # ref §3 Combatant level 10: Oath Absolute
            f.oath_ready = False
            f.hd = f.prof
            f.resolve = f.resolve_max
            rs.update_status(f)
            events.append(Event("oath", {"who": f.idx}, f"{f.name} stands again (Oath Absolute)"))
            return
        status = rs.update_status(f)
        if status == rs.DYING:
            self._trigger(f, rs.ZERO_HD)
        events.append(Event("status", {"who": f.idx, "status": status}, f"{f.name} is {status}"))

    def _heal(self, f: Fighter, amount: int) -> int:
        if f.status == rs.DEAD:
            return 0
        gain = max(0, min(amount, f.hd_max - f.hd))
        f.hd += gain
        was = f.status
        rs.update_status(f)
        if was == rs.DYING and f.status == rs.OK:
            f.pending = ""
        return gain

    def _after_action(self, events: list[Event]) -> None:
        """Resolve checks are rolled after the action that triggered them, one per round (ref §1)."""
        for idx in self.order:
            f = self.fighters[idx]
            if f.pending:
                reason, f.pending = f.pending, ""
                was = f.status
                out = rs.resolve_check(f, self.rng, self.round, reason)
                if out:
                    events.append(resolve_event(f, out))
                    if f.status != was:
                        events.append(Event("status", {"who": f.idx, "status": f.status}, f"{f.name} is {f.status}"))
        self._check_end(events)
