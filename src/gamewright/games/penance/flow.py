"""The step machine: ``apply``, the automatic steps of rounds and turns, and the main phase (004 §7, §8; ref §4).

The flow is a stack of steps (``todo``): automatic steps (round start, turn start, defense roll, attack end,
turn end, round end) run inside ``apply``; decision steps wait for a player (mulligan, the main action phase,
the defender's reactive window, choosing where lost cards come from, a Dual Wield discard).
"""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import RuleViolation
from gamewright.core.game import Event
from gamewright.games.penance import cards as cards_mod
from gamewright.games.penance import heat as heat_mod
from gamewright.games.penance import squad as squad_mod
from gamewright.games.penance.actions import Act
from gamewright.games.penance.base import HAND_SIZE
from gamewright.games.penance.cards import CardDef, card_table
from gamewright.games.penance.combat import Combat
from gamewright.games.penance.components import HEAD
from gamewright.games.penance.events import ev, squad_events
from gamewright.games.penance.hexgrid import DIRECTIONS, WATER
from gamewright.games.penance.piles import DAMAGED

DECISIONS = frozenset(("mulligan", "main", "react", "loss", "cost", "rites"))


class Flow(Combat):
    """``apply`` and the steps it runs until the next decision."""

    __slots__ = ()

    def check_action(self, action: Act) -> None:
        """Raise ``RuleViolation`` unless ``action`` is legal now; reads only (``apply`` and ``preview``)."""
        if not isinstance(action, Act):
            raise RuleViolation(repr(action)[:120], "not a Penance action")
        self.check_shape(action)
        if self.over:
            raise RuleViolation(action.to_text(), "the battle is over", "004 §9")
        top = self.todo[-1]
        self._validate(action, top[0], top[1], top)

    def apply(self, action: Act) -> list[Event]:
        for a in self.listed or ():
            if a is action:  # the very value just listed as legal for this position: valid as it is
                break
        else:  # anything else is validated (and a copy of a listed card played as the listed one)
            self.check_action(action)
            action = self.listed_copy(action)
        self.listed = None  # the position changes now
        top = self.todo[-1]
        kind, p = top[0], top[1]
        events: list[Event] = []
        if kind == "mulligan":
            self.todo.pop()
            self._do_mulligan(p, action.kind == "mulligan", events)
        elif kind == "react":
            self.todo.pop()
            self._do_react(p, action, events)
        elif kind == "rites":
            self.todo.pop()
            squad_mod.last_rites(self, p, action, events)
        elif kind == "loss":
            self._do_lose(p, action, top, events)
        elif kind == "cost":
            self.todo.pop()
            self._move_card(p, action.card, "discard")
            events.append(ev("discard", f"{self.label(p)} discards {self._name(p, action.card)} (Dual Wield)",
                             player=p, card=self.sides[p].piles.cards[action.card]))
        else:
            self._do_main(p, action, events)
        self._advance(events)
        if not self.over:
            self._check_decks(events)
        self.prune_exposed()
        if self.squad:
            squad_events(self, events)
        return events

    # --- the step machine -------------------------------------------------------------------------------
    def _advance(self, events: list[Event]) -> None:
        while not self.over and self.todo:
            top = self.todo[-1]
            kind = top[0]
            if kind in DECISIONS:
                if not self._auto_decide(top, events):
                    return
                continue
            self.todo.pop()
            getattr(self, "_step_" + kind)(top, events)
            if not self.over:
                self._check_decks(events)

    def _auto_decide(self, top: list[Any], events: list[Event]) -> bool:
        """Resolve a decision with a single possible answer without asking (True if resolved)."""
        kind, p = top[0], top[1]
        pl = self.sides[p].piles
        if kind == "loss" and (top[3] == "forced" or not pl.hand):
            self._do_lose(p, Act("lose"), top, events)
            return True
        if kind == "cost" and not pl.hand:
            self.todo.pop()
            return True
        return False

    # --- round and turn steps --------------------------------------------------------------------------
    def _step_round_start(self, _: list[Any], events: list[Event]) -> None:
        self.round += 1
        self.temp_difficult = []
        if self.squad:
            self._squad_initiative(events)
        else:
            rolls: list[int] = [0, 0]
            while True:  # ref §4: 1d6 + class initiative, ties re-rolled
                rolls = [self.rng.die(6) + s.cls.initiative for s in self.sides]
                if rolls[0] != rolls[1]:
                    break
            first = 0 if rolls[0] > rolls[1] else 1
            events.append(ev("round", f"Round {self.round}: initiative P1 {rolls[0]}, P2 {rolls[1]} — "
                             f"P{first + 1} first", round=self.round, initiative=rolls, first=first))
            self.todo += [["round_end"], ["turn", 1 - first], ["turn", first]]
        for p, s in enumerate(self.sides):
            if "internal_bleeding" in s.wounds and not s.out:  # wound: at start of each round discard 1 card
                events.append(ev("effect", f"{self.label(p)} Internal Bleeding: discard 1 card", player=p))
                self._harm(p, 1)

    def _squad_initiative(self, events: list[Event]) -> None:
        """ref §4: every casket rolls 1d6 + its class initiative, highest first; ties between enemies are
        re-rolled (every casket rolls again), ties between allies keep deck order. ``activation=side``: the side
        with the best single roll takes all its caskets' turns first, each side in its caskets' roll order."""
        live = [c for c, s in enumerate(self.sides) if not s.out]
        while True:
            rolls = {c: self.rng.die(6) + self.sides[c].cls.initiative for c in live}
            if self.rules.activation == "side":
                best = [max((r for c, r in rolls.items() if self.team[c] == t), default=-99) for t in (0, 1)]
                if best[0] != best[1]:
                    break
            elif not any(rolls[a] == rolls[b] and self.team[a] != self.team[b] for a in live for b in live):
                break
        order = sorted(live, key=lambda c: (-rolls[c], c))
        if self.rules.activation == "side":
            lead = 0 if best[0] > best[1] else 1
            order = [c for c in order if self.team[c] == lead] + [c for c in order if self.team[c] != lead]
        names = ", ".join(f"{self.label(c)} {rolls[c]}" for c in live)
        events.append(ev("round", f"Round {self.round}: initiative {names} — order "
                         + ", ".join(self.label(c) for c in order), round=self.round,
                         initiative=[rolls.get(c) for c in range(len(self.sides))], first=order[0], order=order))
        self.todo += [["round_end"]] + [["turn", c] for c in reversed(order)]

    def _step_turn(self, item: list[Any], events: list[Event]) -> None:
        p = item[1]
        s = self.sides[p]
        if s.out:  # a casket put out of the battle earlier this round takes no turn
            return
        self.turn_player = p
        self.turns += 1
        s.moved = s.free_moves = 0
        s.free_rot = s.no_move = s.no_attack = s.acted = False
        s.feint = s.turn_dmg = 0
        s.def_turn = s.shield_wall = 0  # ref §2 Durations: "this turn/round" bonuses end now
        s.martyr = s.guard = 0  # Martyrdom Protocol and Shield Wall for allies: "this round", likewise
        s.sp = self.sp_max(p)
        events.append(ev("turn", f"{self.label(p)} turn (round {self.round}): SP {s.sp}, Heat {s.heat}", player=p,
                         sp=s.sp, heat=s.heat))
        self.todo += [["turn_end", p], ["main", p]]
        if self.map.terrain[s.pos] == WATER and s.heat:
            s.heat = max(0, s.heat - 2)  # 004 §7: water removes 2 Heat per turn
            events.append(ev("heat", f"{self.label(p)} stands in water: Heat {s.heat}", player=p, heat=s.heat))
        for owner, centre in self.zones:  # ref §2: "allies" include yourself
            if self.team[owner] == self.team[p] and self.map.dist[centre][s.pos] <= 3:
                self._recover_grave(p, 2, events, "Consecrated Ground")
        if heat_mod.heat_zone(s.heat) != "safe":  # 004 §7: the Danger Zone (5+) rolls Strain first
            self._strain(p, events)
            if self.stopped(p):
                return
        # ref §4: Refresh (SP, Strain) comes before start-of-turn effects, so a damaged head's Heat is gained
        # after the Strain check (RULINGS)
        head = self.damaged_zone(p, HEAD)
        if head:  # ref §2/§3: head structure +1 Heat per turn, destroyed +2
            self._gain_heat(p, head, events, "damaged head")
        if s.sp_loss_next:
            s.sp = max(0, s.sp - s.sp_loss_next)
            events.append(ev("effect", f"{self.label(p)} System Glitch: -{s.sp_loss_next} SP", player=p))
            s.sp_loss_next = 0
        if s.discard_next:
            events.append(ev("effect", f"{self.label(p)} Internal Bleeding (Damage Die): discard {s.discard_next}",
                             player=p))
            self._harm(p, s.discard_next)
            s.discard_next = 0
        if "dissociation" in s.wounds:
            r = self.rng.die(6)
            if r <= 2:
                s.sp = max(0, s.sp - 1)
            events.append(ev("roll", f"{self.label(p)} Dissociation roll {r}" + (": -1 SP" if r <= 2 else ""), player=p,
                             roll=r))

    def _strain(self, p: int, events: list[Event]) -> None:
        heat_mod.strain(self, p, events)

    def _step_turn_end(self, item: list[Any], events: list[Event]) -> None:
        p = item[1]
        s = self.sides[p]
        if not s.acted and s.heat > 0:  # 004 §7: passing your turn removes 1 Heat
            s.heat -= 1
            events.append(ev("heat", f"{self.label(p)} passes: Heat {s.heat}", player=p, heat=s.heat))
        s.moved_last = s.moved
        self._refill(p, events)

    def _step_round_end(self, _: list[Any], events: list[Event]) -> None:
        for p, s in enumerate(self.sides):  # ref §4: hands discarded except DAMAGED, then refill
            if s.out:
                continue
            pl = s.piles
            keep = [i for i in pl.hand if pl.cards[i] == DAMAGED]
            gone = [i for i in pl.hand if pl.cards[i] != DAMAGED]
            pl.discard += gone
            pl.hand = keep
            events.append(ev("discard", f"{self.label(p)} discards {len(gone)} cards at the end of the round", player=p,
                             count=len(gone)))
        for p in range(len(self.sides)):
            if not self.sides[p].out:
                self._refill(p, events)
            if self.over:
                return
        self.temp_difficult = []
        self.todo.append(["round_start"])

    def _refill(self, p: int, events: list[Event]) -> None:
        s = self.sides[p]
        n = HAND_SIZE - len(s.piles.hand)
        if n > 0:
            self._draw(p, n, events)

    def _draw(self, p: int, n: int, events: list[Event]) -> None:
        pl = self.sides[p].piles
        got = []
        seen = self.exposed(p)  # the cards of this hand Sensor Sweep showed (one list, changed in place)
        for _ in range(n):
            if not pl.deck and pl.discard:
                events.append(ev("reshuffle", f"{self.label(p)} reshuffles {len(pl.discard)} discards into a new deck",
                                 player=p, count=len(pl.discard)))
                if self.rules.reshuffle_damage_card:  # 004 §8's older rule (option)
                    pl.add_damaged()
            inst = pl.draw(self.rng)
            if inst is None:
                self._deck_out(p, "deck and discard pile are empty when a card must be drawn", events)
                return
            if inst in seen:  # a fresh draw: what Sensor Sweep showed of it is out of date
                seen.remove(inst)
            got.append(pl.cards[inst])
        if got:  # everyone sees how many; only the drawing seat sees which (hidden information)
            table = card_table()
            events.append(ev("draw_public", f"{self.label(p)} draws {len(got)} card(s)", player=p, count=len(got)))
            events.append(ev("draw", f"{self.label(p)} draws {', '.join([table[c].name for c in got])}",
                             frozenset((self.team[p],)),
                             player=p, count=len(got), cards=got))

    # --- mulligan --------------------------------------------------------------------------------------
    def _do_mulligan(self, p: int, redo: bool, events: list[Event]) -> None:
        pl = self.sides[p].piles
        if redo:  # 004 §8: shuffle the hand back and draw 6 new (once)
            pl.deck += pl.hand
            pl.hand = []
            self.rng.shuffle(pl.deck)
            for _ in range(HAND_SIZE):
                pl.draw(self.rng)
        events.append(ev("mulligan", f"{self.label(p)} {'mulligans' if redo else 'keeps'}", player=p, mulligan=redo))

    # --- the main phase --------------------------------------------------------------------------------
    def _do_main(self, p: int, a: Act, events: list[Event]) -> None:
        s = self.sides[p]
        if a.kind == "end":
            self.todo.pop()
            events.append(ev("end", f"{self.label(p)} ends the turn", player=p))
            return
        s.acted = True
        if a.kind == "withdraw":  # RULINGS: the pilot retreats; the casket leaves the field (004 §9 Campaign)
            events.append(ev("withdraw", f"{self.label(p)} withdraws from the field", player=p))
            self._defeat(p, "pilot withdraws from the field", events, withdrawn=True)
            return
        if a.kind == "move":
            dest = self.map.neighbors[s.pos][a.arg]
            cost = self.move_cost(p, dest)
            if s.free_moves > 0:
                s.free_moves -= 1
            s.sp -= cost
            s.pos = dest
            s.moved += 1
            events.append(ev("move",
                             f"{self.label(p)} moves {DIRECTIONS[a.arg]} to {self.map.hex_name(dest)} ({cost} SP)",
                             player=p, to=dest, cost=cost))
        elif a.kind == "rotate":
            cost = self.rotate_cost(p)
            s.free_rot = True
            s.sp -= cost
            s.facing = a.arg
            events.append(ev("rotate", f"{self.label(p)} turns to face {DIRECTIONS[a.arg]} ({cost} SP)", player=p,
                             facing=a.arg, cost=cost))
        elif a.kind in ("sacrifice", "purge"):
            self._move_card(p, a.card, "discard" if a.kind == "sacrifice" else "grave")
            events.append(ev("damaged", f"{self.label(p)} {a.kind}s a DAMAGED card", player=p, mode=a.kind))
            self._damage_die(p, events)
        elif a.kind == "extract":
            squad_mod.extract(self, p, a.target, events)
        elif a.kind == "scrap":
            name = self._name(p, a.card)
            self._move_card(p, a.card, "discard")
            events.append(ev("scrap", f"{self.label(p)} cannibalises SCRAP {name}: discard it, draw 1", player=p))
            self._draw(p, 1, events)
        else:
            self._play(p, a, events)

    def _play(self, p: int, a: Act, events: list[Event]) -> None:
        s = self.sides[p]
        pl = s.piles
        cid = pl.cards[a.card]
        c = card_table()[cid]
        cost = self.card_cost(p, cid)
        s.sp -= cost
        pl.hand.remove(a.card)
        events.append(ev("play", f"{self.label(p)} plays {c.name} ({cost} SP)", player=p, card=cid, cost=cost))
        if c.is_attack:
            pl.discard.append(a.card)
            self._attack(p, c, a.arg, events, a.target)
            return
        if a.target >= 0:  # squads: the ally the card helps (Rally Cry)
            squad_mod.ally_effect(self, p, c, a.target, events)
        else:
            self._effect(p, c, events)
        (pl.removed if c.once else pl.discard).append(a.card)

    def _effect(self, p: int, c: CardDef, events: list[Event]) -> None:
        cards_mod.play_effect(self, p, c, events)
