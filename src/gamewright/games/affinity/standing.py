"""How far ahead a side stands in an unfinished Affinity fight, in [-1, 1]: the search agents' leaf value (the
share of its Hit Dice left against the other side's)."""

from __future__ import annotations

from typing import Any


def standing(state: Any, seat: int) -> float:
    def health(side: int) -> float:
        mine = [f for f in state.fighters if f.side == side]
        return sum(f.hd for f in mine) / max(1, sum(f.hd_max for f in mine))  # type: ignore[no-any-return]

    return health(seat) - health(1 - seat)
