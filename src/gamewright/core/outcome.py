"""A finished game in words: who won, each seat's own result and the game's own summary.

A game's manifest names a ``result_summary`` hook, ``(view, returns) -> Outcome``, that reads the final public
view (what every spectator may see) and the returns; the web's result panel, and anything else that tells a
person how a game ended, builds its sentences from the ``Outcome``. A game without the hook is told from its
returns alone (``outcome_from_returns``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """How a game ended, in a player's words (no engine field names)."""

    winners: tuple[int, ...]  # the seats that won (several: a shared or team win); empty: nobody won
    draw: bool = False  # nobody won (the survivors of a draw); False with no winners: the seat(s) lost
    said: str = ""  # who won, for a spectator ("The creatures win"); empty: built from the seats' labels
    seats: tuple[str, ...] = ()  # each seat's own words ("still standing", "destroyed"); may be empty
    lines: tuple[str, ...] = ()  # the game's own summary ("Distance 177", "Encounters won: 2 of 3")

    def seat_words(self, seat: int) -> str:
        return self.seats[seat] if 0 <= seat < len(self.seats) else ""


ResultSummary = Any  # a hook: (view: Mapping[str, Any], returns: Sequence[float]) -> Outcome


def outcome_from_returns(view: Mapping[str, Any], returns: Sequence[float]) -> Outcome:
    """The plain reading of the returns: the seats with the best return won, unless every seat has the same
    (a draw between several seats; a lone seat with nothing won lost)."""
    del view
    if not returns:
        return Outcome(())
    best = max(returns)
    if len(returns) > 1 and min(returns) == best:
        return Outcome((), draw=True)
    if len(returns) == 1 and best <= 0:
        return Outcome(())
    return Outcome(tuple(i for i, r in enumerate(returns) if r == best))
