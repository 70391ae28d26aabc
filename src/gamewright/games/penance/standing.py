"""How far ahead a seat stands in an unfinished Penance battle, in [-1, 1]: the search agents' leaf value.

Each side's danger is how near it stands to 004's defeats, read from the public board."""

from __future__ import annotations

from typing import Any

PENANCE_WOUNDS = 10  # 004 §5: the tenth wound kills the pilot
CHASSIS = 3  # index of the chassis among Penance's five components


def _danger(state: Any, p: int) -> float:
    """The nearest of 004's defeats: the chassis destroyed, the pilot's tenth wound, the cards run out."""
    side = state.sides[p]
    chassis = side.comp[CHASSIS] / max(1, side.cls.zones[CHASSIS].hp)
    wounds = len(side.wounds) / PENANCE_WOUNDS
    piles = side.piles
    cards = 1 - (len(piles.deck) + len(piles.discard) + len(piles.hand)) / max(1, len(piles.cards))
    parts = (chassis, wounds, cards)
    return 0.6 * max(parts) + 0.4 * sum(parts) / 3


def _side(state: Any, seat: int) -> float:
    """A side's danger: the mean over its caskets (squads, issue 16), a casket out of the battle counting 1."""
    mine = [c for c, t in enumerate(state.team) if t == seat]
    return sum(1.0 if state.sides[c].out else _danger(state, c) for c in mine) / len(mine)


def standing(state: Any, seat: int) -> float:
    return _side(state, 1 - seat) - _side(state, seat)
