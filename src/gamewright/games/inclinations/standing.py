"""How far ahead a seat stands in an unfinished Inclinations game, in [-1, 1]: the search agents' leaf value
(its hull against the strongest rival's)."""

from __future__ import annotations

from typing import Any


def standing(state: Any, seat: int) -> float:
    from gamewright.games.inclinations.ship import MAX_HULL

    mine = state.ships[seat].hull
    rival = max(s.hull for i, s in enumerate(state.ships) if i != seat)
    return (mine - rival) / MAX_HULL  # type: ignore[no-any-return]
