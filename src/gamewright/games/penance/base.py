"""The data every layer of ``PenanceState`` shares, and the values derived from it (ref §2, §3).

The state is built in layers, each a class using only what the layers below it define:
``StateBase`` (this module) → ``Legality`` → ``Losses`` → ``Combat`` → ``Flow`` → ``Preview`` → ``PenanceState``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gamewright.core.rng import Rng
from gamewright.core.rules import Rules
from gamewright.games.penance.cards import card_table, set_table
from gamewright.games.penance.casket import Casket
from gamewright.games.penance.components import CHASSIS, DESTROYED, LEFT_ARM, LEGS, RIGHT_ARM
from gamewright.games.penance.hexgrid import DIFFICULT, HexMap

HAND_SIZE = 6
LETTERS = "abc"


def casket_labels(team: list[int]) -> list[str]:
    """P1/P2 for a side of one casket; P1a, P1b, P1c for the caskets of a larger side, in deck order."""
    out = []
    for c, t in enumerate(team):
        mates = [k for k, u in enumerate(team) if u == t]
        out.append(f"P{t + 1}" + (LETTERS[mates.index(c)] if len(mates) > 1 else ""))
    return out
_SLOTS: dict[str, str] = {}


def card_slot(cid: str) -> str:
    """The equipment slot a card belongs to ("status" for DAMAGED); the card data never changes, so each
    answer is kept."""
    slot = _SLOTS.get(cid)
    if slot is None:
        c = card_table()[cid]
        slot = _SLOTS[cid] = "status" if c.set == "status" else set_table()[c.set].slot
    return slot


@cache
def _tactics(deck_spec: str) -> frozenset[str]:
    """The tactic cards named in a deck spec ("weapon:secondary:tactic+tactic")."""
    return frozenset(deck_spec.split(":")[2].split("+"))


class StateBase:
    """The battle's data (slots shared by every layer) and the values derived from it."""

    __slots__ = ("_rules", "map", "rng", "sides", "todo", "attack", "round", "turn_player", "winner", "over",
                 "temp_difficult", "zones", "end_reason", "turns", "team", "labels", "squad", "listed",
                 "die_aims", "may_withdraw")

    map: HexMap
    rng: Rng
    sides: list[Casket]
    todo: list[list[Any]]
    attack: dict[str, Any] | None
    round: int
    turn_player: int
    winner: int
    over: bool
    temp_difficult: list[int]
    zones: list[list[int]]  # Consecrated Ground: [owner, centre hex]
    end_reason: str
    turns: int
    team: list[int]  # the seat (side) of each casket: [0, 1] one-on-one, e.g. [0, 0, 1, 1] in a 2v2 squad battle
    labels: list[str]  # each casket's name in events: P1, P2 one-on-one; P1a, P1b, P2 … in squads
    squad: bool  # more than one casket on a side (a plain value: legal-action lists read it per card)
    # the legal actions last listed for this very position (None once ``apply`` changes it): ``apply`` takes one
    # of them without validating it again (``Flow.apply``). Constructors and ``clone`` set it to None, and so
    # must code that arranges a position by writing attributes after listing its actions (tests)
    listed: tuple[object, ...] | None

    die_aims: bool  # option hit_location=random: the hit-location die, not the attacker, picks the component
    may_withdraw: bool  # option withdraw (campaign missions)

    @property
    def rules(self) -> Rules:
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        """The rules, and the two options every legal-action list reads kept as plain values."""
        self._rules = rules
        self.die_aims = rules.hit_location == "random"
        self.may_withdraw = bool(rules.withdraw)

    # --- caskets and sides (squads: issue 16 §1) ---------------------------------------------------------
    def set_teams(self, team: list[int]) -> None:
        self.team = list(team)
        self.labels = casket_labels(team)
        self.squad = len(self.team) > 2

    def label(self, c: int) -> str:
        return self.labels[c]

    def stopped(self, c: int) -> bool:
        """The battle is over, or casket ``c`` is out of it (defeated: inert, its turns skipped)."""
        return self.over or bool(self.sides[c].out)

    def foes(self, c: int) -> list[int]:
        """The enemy caskets still in the battle."""
        t = self.team[c]
        return [k for k in range(len(self.team)) if self.team[k] != t and not self.sides[k].out]

    def allies(self, c: int) -> list[int]:
        """The other caskets of ``c``'s side still in the battle."""
        t = self.team[c]
        return [k for k in range(len(self.team)) if k != c and self.team[k] == t and not self.sides[k].out]

    def exposed(self, c: int) -> list[int]:
        """The cards of ``c``'s hand the enemy side has seen (Sensor Sweep). One-on-one the list is kept by the
        casket that looked; in squads by the casket whose card was seen, as a side's caskets share what they see."""
        return self.sides[c].revealed if self.squad else self.sides[1 - c].revealed

    def prune_exposed(self) -> None:
        """A seen card is only known while it stays in that hand."""
        if not any(s.revealed for s in self.sides):  # nothing seen (the common case): nothing to prune
            return
        for c, s in enumerate(self.sides):
            seen = self.exposed(c)
            if seen:
                kept = [i for i in seen if i in s.piles.hand]
                if self.squad:
                    s.revealed = kept
                else:
                    self.sides[1 - c].revealed = kept

    def foe(self, c: int) -> int:
        """The enemy ``c`` faces: one-on-one the other casket; in squads the nearest one still fighting (the
        lowest casket number among equals), or -1 once none is left."""
        if not self.squad:
            return 1 - c
        here = self.sides[c].pos
        return min(self.foes(c), key=lambda k: (self.map.dist[here][self.sides[k].pos], k), default=-1)

    def zone(self, p: int, c: int) -> str:
        s = self.sides[p]
        if s.destroyed[c]:
            return DESTROYED
        return s.cls.zones[c].zone(s.comp[c])

    def damaged_zone(self, p: int, c: int) -> int:
        """0 in AP, 1 in Structure or Pilot Exposure (penalties carry on), 2 destroyed (``zone`` as a number)."""
        s = self.sides[p]
        if s.destroyed[c]:
            return 2
        damage = s.comp[c]
        if not damage:  # undamaged (the common case): every class's AP zone starts at 0
            return 0
        zones = s.cls.zones[c]
        if damage >= zones.hp:
            return 2
        return 0 if damage <= zones.ap_max else 1

    def sp_max(self, p: int) -> int:
        s = self.sides[p]
        m = s.cls.sp
        m -= 1 if "concussion" in s.wounds else 0  # ref §2: Concussion is -1 SP maximum
        m -= 2 if "shattered_hand" in s.wounds else 0
        m -= 1 if self.damaged_zone(p, CHASSIS) == 1 else 0  # ref §3 chassis structure: -1 SP max
        return max(0, m)

    def slot(self, cid: str) -> str:
        return card_slot(cid)

    def is_scrap(self, p: int, cid: str) -> bool:
        """ref §2: a destroyed component's equipment cards are SCRAP (primary = right arm, secondary = left)."""
        s = self.sides[p]
        if not (s.destroyed[RIGHT_ARM] or s.destroyed[LEFT_ARM]):
            return False  # the common case: both arms work
        sl = card_slot(cid)
        return (sl == "primary" and s.destroyed[RIGHT_ARM]) or (sl == "secondary" and s.destroyed[LEFT_ARM])

    def card_cost(self, p: int, cid: str) -> int:
        c = card_table()[cid]
        cost = c.cost
        if c.kind == "attack" and len(self.sides[p].piles.deck) > 20 and self.has_tactic(p, "crusaders_vow"):
            cost = max(0, cost - 1)  # Crusader's Vow (passive, ref §2)
        return cost

    def has_tactic(self, p: int, cid: str) -> bool:
        return cid in _tactics(self.sides[p].deck_spec)

    def hex_cost(self, p: int, dest: int, casket: int | None = None) -> int:
        """SP surcharges for entering ``dest`` (on top of 1 SP, or of a movement card's free hex); ``casket``:
        ``casket_surcharge(p)`` when the caller has it already."""
        extra = 1 if (self.map.terrain[dest] in DIFFICULT or dest in self.temp_difficult) else 0
        return extra + (self.casket_surcharge(p) if casket is None else casket)

    def casket_surcharge(self, p: int) -> int:
        """The part of ``hex_cost`` that does not depend on the hex: legs and wounds."""
        legs = self.damaged_zone(p, LEGS)
        extra = 3 if legs == 2 else legs  # ref §2 destroyed legs +3; ref §3 structure +1
        return extra + (1 if "spinal_trauma" in self.sides[p].wounds else 0)

    def move_cost(self, p: int, dest: int, casket: int | None = None) -> int:
        """SP to step into ``dest``: 1 (nothing while a movement card's free hexes last) plus surcharges (ref §2)."""
        return self.hex_cost(p, dest, casket) + (0 if self.sides[p].free_moves > 0 else 1)

    def rotate_cost(self, p: int) -> int:
        """ref §2: one free rotation per turn, each further one 1 SP."""
        return 1 if self.sides[p].free_rot else 0

    def attack_arm(self, cid: str) -> int:
        sl = self.slot(cid)
        return RIGHT_ARM if sl == "primary" else LEFT_ARM if sl == "secondary" else -1
