"""The values every rule reads off the battle's data: caskets and sides, component zones, SP, card slots and
costs (ref §2, §3). Functions of the state (``PenanceState``), reading only."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from gamewright.games.penance.cards import card_table, set_table
from gamewright.games.penance.components import CHASSIS, DESTROYED, LEFT_ARM, LEGS, RIGHT_ARM
from gamewright.games.penance.hexgrid import DIFFICULT

if TYPE_CHECKING:
    from gamewright.games.penance.state import PenanceState

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


# --- caskets and sides (squads: issue 16 §1) ---------------------------------------------------------------
def stopped(st: PenanceState, c: int) -> bool:
    """The battle is over, or casket ``c`` is out of it (defeated: inert, its turns skipped)."""
    return st.over or bool(st.sides[c].out)


def foes(st: PenanceState, c: int) -> list[int]:
    """The enemy caskets still in the battle."""
    team = st.team
    t = team[c]
    return [k for k in range(len(team)) if team[k] != t and not st.sides[k].out]


def allies(st: PenanceState, c: int) -> list[int]:
    """The other caskets of ``c``'s side still in the battle."""
    team = st.team
    t = team[c]
    return [k for k in range(len(team)) if k != c and team[k] == t and not st.sides[k].out]


def exposed(st: PenanceState, c: int) -> list[int]:
    """The cards of ``c``'s hand the enemy side has seen (Sensor Sweep). One-on-one the list is kept by the
    casket that looked; in squads by the casket whose card was seen, as a side's caskets share what they see."""
    return st.sides[c].revealed if st.squad else st.sides[1 - c].revealed


def prune_exposed(st: PenanceState) -> None:
    """A seen card is only known while it stays in that hand."""
    for s in st.sides:
        if s.revealed:
            break
    else:  # nothing seen (the common case): nothing to prune
        return
    for c, s in enumerate(st.sides):
        seen = exposed(st, c)
        if seen:
            kept = [i for i in seen if i in s.piles.hand]
            if st.squad:
                s.revealed = kept
            else:
                st.sides[1 - c].revealed = kept


def foe(st: PenanceState, c: int) -> int:
    """The enemy ``c`` faces: one-on-one the other casket; in squads the nearest one still fighting (the
    lowest casket number among equals), or -1 once none is left."""
    if not st.squad:
        return 1 - c
    here = st.sides[c].pos
    return min(foes(st, c), key=lambda k: (st.map.dist[here][st.sides[k].pos], k), default=-1)


# --- components, SP, cards and movement ----------------------------------------------------------------------
def zone(st: PenanceState, p: int, c: int) -> str:
    s = st.sides[p]
    if s.destroyed[c]:
        return DESTROYED
    return s.cls.zones[c].zone(s.comp[c])


def damaged_zone(st: PenanceState, p: int, c: int) -> int:
    """0 in AP, 1 in Structure or Pilot Exposure (penalties carry on), 2 destroyed (``zone`` as a number)."""
    s = st.sides[p]
    if s.destroyed[c]:
        return 2
    damage = s.comp[c]
    if not damage:  # undamaged (the common case): every class's AP zone starts at 0
        return 0
    zones = s.cls.zones[c]
    if damage >= zones.hp:
        return 2
    return 0 if damage <= zones.ap_max else 1


def sp_max(st: PenanceState, p: int) -> int:
    s = st.sides[p]
    m = s.cls.sp
    m -= 1 if "concussion" in s.wounds else 0  # ref §2: Concussion is -1 SP maximum
    m -= 2 if "shattered_hand" in s.wounds else 0
    m -= 1 if damaged_zone(st, p, CHASSIS) == 1 else 0  # ref §3 chassis structure: -1 SP max
    return max(0, m)


def is_scrap(st: PenanceState, p: int, cid: str) -> bool:
    """ref §2: a destroyed component's equipment cards are SCRAP (primary = right arm, secondary = left)."""
    s = st.sides[p]
    if not (s.destroyed[RIGHT_ARM] or s.destroyed[LEFT_ARM]):
        return False  # the common case: both arms work
    sl = card_slot(cid)
    return (sl == "primary" and s.destroyed[RIGHT_ARM]) or (sl == "secondary" and s.destroyed[LEFT_ARM])


def card_cost(st: PenanceState, p: int, cid: str) -> int:
    c = card_table()[cid]
    cost = c.cost
    if c.kind == "attack" and len(st.sides[p].piles.deck) > 20 and has_tactic(st, p, "crusaders_vow"):
        cost = max(0, cost - 1)  # Crusader's Vow (passive, ref §2)
    return cost


def has_tactic(st: PenanceState, p: int, cid: str) -> bool:
    return cid in _tactics(st.sides[p].deck_spec)


def hex_cost(st: PenanceState, p: int, dest: int, casket: int | None = None) -> int:
    """SP surcharges for entering ``dest`` (on top of 1 SP, or of a movement card's free hex); ``casket``:
    ``casket_surcharge(st, p)`` when the caller has it already."""
    extra = 1 if (st.map.terrain[dest] in DIFFICULT or dest in st.temp_difficult) else 0
    return extra + (casket_surcharge(st, p) if casket is None else casket)


def casket_surcharge(st: PenanceState, p: int) -> int:
    """The part of ``hex_cost`` that does not depend on the hex: legs and wounds."""
    legs = damaged_zone(st, p, LEGS)
    extra = 3 if legs == 2 else legs  # ref §2 destroyed legs +3; ref §3 structure +1
    return extra + (1 if "spinal_trauma" in st.sides[p].wounds else 0)


def move_cost(st: PenanceState, p: int, dest: int, casket: int | None = None) -> int:
    """SP to step into ``dest``: 1 (nothing while a movement card's free hexes last) plus surcharges (ref §2)."""
    return hex_cost(st, p, dest, casket) + (0 if st.sides[p].free_moves > 0 else 1)


def rotate_cost(st: PenanceState, p: int) -> int:
    """ref §2: one free rotation per turn, each further one 1 SP."""
    return 1 if st.sides[p].free_rot else 0


def attack_arm(cid: str) -> int:
    """The arm an attack card is swung with (-1: neither)."""
    sl = card_slot(cid)
    return RIGHT_ARM if sl == "primary" else LEFT_ARM if sl == "secondary" else -1
