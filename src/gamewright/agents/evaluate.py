"""Leaf values for search cut short: how far ahead ``seat`` is in a running game, in [-1, 1].

A rollout capped at ``depth`` actions ends here instead of at the game's end (random rollouts of 1,000-action
Penance games are useless). Each game's manifest names its ``standing`` (read from the public board: how near
each side stands to the game's own defeat conditions); a game without one counts an unfinished game as a draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Value = Callable[[Any, int], float]


def draw(state: Any, seat: int) -> float:
    """The value of an unfinished game where the game has no measure of it."""
    del state, seat
    return 0.0


def value_for(game: str) -> Value:
    """``game``'s leaf value: its manifest's ``standing``, kept within [-1, 1]."""
    from gamewright.core.errors import NotFound
    from gamewright.core.manifest import manifest_for

    try:
        standing = manifest_for(game).load("standing")
    except NotFound:
        return draw
    if standing is None:
        return draw

    def value(state: Any, seat: int) -> float:
        return max(-1.0, min(1.0, standing(state, seat)))  # type: ignore[no-any-return]

    return value


def evaluate(game: str, state: Any, seat: int) -> float:
    """``seat``'s standing in an unfinished game of ``game``, in [-1, 1] (0 where the game has no measure)."""
    return value_for(game)(state, seat)
