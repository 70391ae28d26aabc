"""The Pilot Wound deck (004 §5; ref §2 "Wound cards"): 5 minor injuries, 3 severe, 2 trauma.

This module names the cards, says what each does and flips them (``flip_wounds``), applying each at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamewright.core.game import Event
from gamewright.games.penance import losses as losses_mod
from gamewright.games.penance.cards import card_table, set_table
from gamewright.games.penance.events import ev
from gamewright.games.penance.values import stopped

if TYPE_CHECKING:
    from gamewright.games.penance.state import PenanceState

PILOT_DEATH = 10  # 004 §5: all 10 Wound cards face-up


@dataclass(frozen=True, slots=True)
class WoundCard:
    id: str
    name: str
    category: str
    text: str


WOUND_CARDS: tuple[WoundCard, ...] = (
    WoundCard("concussion", "Concussion", "minor", "-1 to all SP until end of mission (-1 SP maximum)"),
    WoundCard("broken_finger", "Broken Finger", "minor", "Cannot use 1 universal card (roll d10) this mission"),
    WoundCard("internal_bleeding", "Internal Bleeding", "minor", "At start of each round, discard 1 card"),
    WoundCard("dislocated_shoulder", "Dislocated Shoulder", "minor", "-2 damage to all attacks until end of mission"),
    WoundCard("cracked_rib", "Cracked Rib", "minor", "Each time you gain Heat, gain +1 additional Heat"),
    WoundCard("shattered_hand", "Shattered Hand", "severe", "-2 SP maximum (permanent)"),
    WoundCard("spinal_trauma", "Spinal Trauma", "severe", "Movement costs +1 SP per hex (permanent)"),
    WoundCard("ruptured_organ", "Ruptured Organ", "severe", "-5 Casket HP: discard 5 cards"),
    WoundCard("ptsd", "PTSD", "trauma", "Cannot attack enemies from behind (their rear side)"),
    WoundCard("dissociation", "Dissociation", "trauma", "At start of each turn roll 1d6; on 1-2 lose 1 SP this turn"),
)
WOUNDS = {w.id: w for w in WOUND_CARDS}


def new_wound_deck(rng) -> list[str]:  # type: ignore[no-untyped-def]
    """The 10 cards, shuffled face down (ref §4 "Setup")."""
    deck = [w.id for w in WOUND_CARDS]
    rng.shuffle(deck)
    return deck


def flip_wounds(st: PenanceState, p: int, n: int, events: list[Event]) -> None:
    """Flip ``n`` Wound cards and apply each at once (004 §5); the tenth kills the pilot."""
    s = st.sides[p]
    for _ in range(n):
        if stopped(st, p):
            return
        if not s.wound_deck:
            break
        w = s.wound_deck.pop()
        s.wounds.append(w)
        card_w = WOUNDS[w]
        text = f"{st.labels[p]} pilot Wound {len(s.wounds)}/10: {card_w.name} — {card_w.text}"
        if w == "broken_finger":  # ref §2: the d10 picks one of the 10 universal cards
            r = st.rng.die(10)
            banned = set_table()["universal"].cards[r - 1][0]
            s.banned = banned
            text += f" (d10 {r}: {card_table()[banned].name})"
        events.append(ev("wound", text, player=p, wound=w, count=len(s.wounds)))
        if w == "ruptured_organ":
            losses_mod.harm(st, p, 5)
        if len(s.wounds) >= PILOT_DEATH:
            losses_mod.defeat(st, p, "pilot dies (10 Wounds)", events)
            return
