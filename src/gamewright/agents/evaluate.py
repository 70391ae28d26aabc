"""Leaf values for search cut short: how far ahead ``seat`` is in a running game, in [-1, 1].

A rollout capped at ``depth`` actions ends here instead of at the game's end (random rollouts of 1,000-action
Penance games are useless). Each value reads the public board, measuring how near each side stands to the
game's own defeat conditions; a game with none listed counts an unfinished game as a draw (0).
"""

from __future__ import annotations

from typing import Any

PENANCE_WOUNDS = 10  # 004 §5: the tenth wound kills the pilot
CHASSIS = 3  # index of the chassis among Penance's five components


def _penance_danger(state: Any, p: int) -> float:
    """The nearest of 004's defeats: the chassis destroyed, the pilot's tenth wound, the cards run out."""
    side = state.sides[p]
    chassis = side.comp[CHASSIS] / max(1, side.cls.zones[CHASSIS].hp)
    wounds = len(side.wounds) / PENANCE_WOUNDS
    piles = side.piles
    cards = 1 - (len(piles.deck) + len(piles.discard) + len(piles.hand)) / max(1, len(piles.cards))
    parts = (chassis, wounds, cards)
    return 0.6 * max(parts) + 0.4 * sum(parts) / 3


def _penance_side(state: Any, seat: int) -> float:
    """A side's danger: the mean over its caskets (squads, issue 16), a casket out of the battle counting 1."""
    mine = [c for c, t in enumerate(state.team) if t == seat]
    return sum(1.0 if state.sides[c].out else _penance_danger(state, c) for c in mine) / len(mine)


def _penance(state: Any, seat: int) -> float:
    return _penance_side(state, 1 - seat) - _penance_side(state, seat)


def _inclinations(state: Any, seat: int) -> float:
    from gamewright.games.inclinations.ship import MAX_HULL

    mine = state.ships[seat].hull
    rival = max(s.hull for i, s in enumerate(state.ships) if i != seat)
    return (mine - rival) / MAX_HULL


def _affinity(state: Any, seat: int) -> float:
    def health(side: int) -> float:
        mine = [f for f in state.fighters if f.side == side]
        return sum(f.hd for f in mine) / max(1, sum(f.hd_max for f in mine))

    return health(seat) - health(1 - seat)


def evaluate(state: Any, seat: int) -> float:
    """``seat``'s standing in an unfinished game, in [-1, 1] (0 where a game has no measure here)."""
    if hasattr(state, "sides") and hasattr(state, "todo"):
        value = _penance(state, seat)
    elif hasattr(state, "ships"):
        value = _inclinations(state, seat)
    elif hasattr(state, "fighters"):
        value = _affinity(state, seat)
    else:
        return 0.0
    return max(-1.0, min(1.0, value))
