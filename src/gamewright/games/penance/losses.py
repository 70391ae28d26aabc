"""Damage and its consequences: lost cards, harm, Heat, component damage, wounds and defeat (004 §1-§5; ref §2, §3)."""

from __future__ import annotations

from typing import Any

from gamewright.core.game import Event
from gamewright.games.penance import heat as heat_mod
from gamewright.games.penance import pilot as pilot_mod
from gamewright.games.penance import squad as squad_mod
from gamewright.games.penance.actions import Act
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.components import CHASSIS, COMPONENTS, LEGS, apply_component_damage
from gamewright.games.penance.events import ev
from gamewright.games.penance.legality import Legality
from gamewright.games.penance.piles import DAMAGED

NEURAL_FEEDBACK_AT = 15  # 004 §5 item 4


class Losses(Legality):
    """Cards lost to damage and harm, component damage, the pilot's wounds and the end of the battle."""

    __slots__ = ()

    # --- losses, harm and cards moving ---------------------------------------------------------------------
    def _harm(self, p: int, n: int) -> None:
        """ref §2: "discard N" as harm — the owner chooses hand or deck top; cards go to the graveyard."""
        if n > 0:
            self.todo.append(["loss", p, n, "harm"])

    def _do_lose(self, p: int, a: Act, top: list[Any], events: list[Event]) -> None:
        s = self.sides[p]
        pl = s.piles
        mode = top[3]
        if a.card >= 0:
            pl.hand.remove(a.card)
            inst, where = a.card, "hand"
        else:
            got = pl.take_for_loss()
            if got is None:
                if mode == "forced" and pl.hand:
                    inst, where = pl.hand.pop(0), "hand"
                else:
                    self._deck_out(p, "deck, discard pile and hand are empty when a card must be lost", events)
                    return
            else:
                inst, where = got
        pl.grave.append(inst)
        cid = pl.cards[inst]
        top[2] -= 1
        if top[2] <= 0 and self.todo and self.todo[-1] is top:
            self.todo.pop()
        events.append(ev("lose", f"{self.label(p)} loses {card_table()[cid].name} from {where} to the graveyard",
                         player=p,
                         card=cid, source=where))
        self._check_decks(events)  # 004 §9: defeated the moment a loss empties deck and discard (RULINGS)
        if self.stopped(p):
            return
        if mode in ("attack", "forced") and self.attack is not None and self.slot(cid) == "primary" \
                and not self.is_scrap(p, cid):
            self.attack["primary_lost"] += 1  # 004 §2 step 6
        if cid == DAMAGED:  # 004 §1: a DAMAGED card discarded by damage rolls the Damage Die
            self._damage_die(p, events)

    def _move_card(self, p: int, inst: int, to: str) -> None:
        pl = self.sides[p].piles
        pl.hand.remove(inst)
        (pl.discard if to == "discard" else pl.grave).append(inst)

    def _recover_grave(self, p: int, n: int, events: list[Event], why: str) -> None:
        """ref §2 "Recover N cards" with no source: graveyard → discard pile."""
        pl = self.sides[p].piles
        back = pl.grave[-n:] if n else []
        if back:
            del pl.grave[len(pl.grave) - len(back):]
            pl.discard += back
        events.append(ev("recover", f"{self.label(p)} {why}: recovers {len(back)} card(s) from the graveyard", player=p,
                         count=len(back)))

    def _gain_heat(self, p: int, n: int, events: list[Event], why: str) -> None:
        heat_mod.gain_heat(self, p, n, events, why)

    def _damage_die(self, p: int, events: list[Event]) -> None:
        heat_mod.damage_die(self, p, events)

    def _suffer(self, p: int, events: list[Event]) -> None:
        heat_mod.suffer(self, p, events)

    # --- components and the pilot ------------------------------------------------------------------------
    def _component_damage(self, p: int, c: int, points: int, events: list[Event]) -> None:
        s = self.sides[p]
        if s.destroyed[c]:
            return
        zones = s.cls.zones[c]
        before = s.comp[c]
        after, wounds, destroyed = apply_component_damage(zones, before, points)
        s.comp[c] = after
        events.append(ev("component", f"{self.label(p)} {COMPONENTS[c]} +{points} Component Damage: {before} → {after} "
                         f"({zones.zone(after)})", player=p, component=c, before=before, after=after))
        if wounds:
            events.append(ev("exposure", f"{self.label(p)} pilot exposed: +{wounds} Wound(s)", player=p, wounds=wounds))
            self._wound(p, wounds, events)
        if destroyed and not self.stopped(p):
            self._destroy(p, c, events)
        if not self.stopped(p) and not s.neural and sum(s.comp) >= NEURAL_FEEDBACK_AT:
            s.neural = True  # 004 §5 item 4, once (ref §2)
            events.append(ev("neural", f"{self.label(p)} neural feedback: +1 Wound", player=p))
            self._wound(p, 1, events)

    def _destroy(self, p: int, c: int, events: list[Event]) -> None:
        """004 §3 "Component Destroyed"; chassis: +3 Wounds, ejection save, the casket is inert (ref §3)."""
        s = self.sides[p]
        s.destroyed[c] = True
        events.append(ev("destroyed", f"{self.label(p)}'s {COMPONENTS[c]} is DESTROYED", player=p, component=c))
        if c == CHASSIS:
            self._wound(p, 3, events)
            if self.stopped(p):
                return
            r = self.rng.die(6)
            events.append(ev("roll", f"{self.label(p)} ejection save {r}" + (": +2 Wounds" if r <= 2 else ": survives"),
                             player=p, roll=r))
            if r <= 2:
                self._wound(p, 2, events)
            self._defeat(p, "chassis is destroyed", events)
        elif c != LEGS:
            self._wound(p, 1, events)

    def _wound(self, p: int, n: int, events: list[Event]) -> None:
        pilot_mod.flip_wounds(self, p, n, events)

    def _name(self, p: int, inst: int) -> str:
        return card_table()[self.sides[p].piles.cards[inst]].name

    # --- the end of the battle ----------------------------------------------------------------------------
    def _check_decks(self, events: list[Event]) -> None:
        """ref §4 Victory, 004 §9: a casket whose deck and discard are both empty is defeated."""
        for p, s in enumerate(self.sides):
            if not s.piles.deck and not s.piles.discard and not s.out:
                self._deck_out(p, "deck and discard pile are both empty", events)
                if self.over:
                    return

    def _deck_out(self, p: int, reason: str, events: list[Event]) -> None:
        """The casket's HP deck is gone. 004 §5 item 5 (option ``deck_out_save``, set by campaign missions): the
        pilot rolls a save first, 1d6: 1-3 +2 Wounds, 4-6 survives extraction."""
        if self.rules.deck_out_save and not self.stopped(p):
            r = self.rng.die(6)
            events.append(ev("roll", f"{self.label(p)} deck-out save {r}" + (": +2 Wounds" if r <= 3 else
                             ": survives extraction"), player=p, roll=r))
            if r <= 3:
                self._wound(p, 2, events)
        self._defeat(p, reason, events)

    def _defeat(self, p: int, reason: str, events: list[Event], withdrawn: bool = False) -> None:
        """Casket ``p`` is out of the battle (``withdrawn``: its pilot retreated, it was not defeated); its side
        loses when it was the side's last (issue 16 §1)."""
        if self.stopped(p):
            return
        if self.squad:
            squad_mod.put_out(self, p, reason, events, withdrawn)
            if self.allies(p):  # its side still fights
                return
        self.over = True
        loser = self.team[p]
        self.winner = 1 - loser
        self.end_reason = f"P{2 - loser} wins: {self.label(p)}'s {reason}"  # ``reason`` completes "P1's …"
        self.todo = []
        self.attack = None
        events.append(ev("victory", self.end_reason, winner=1 - loser, loser=loser, reason=reason))
