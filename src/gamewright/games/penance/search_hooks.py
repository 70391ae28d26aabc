"""Penance's hooks for the search agents (issue 15 §2): the root candidates and the search settings.

Every legal action is a candidate, the heuristic bot's own choice first (the search keeps it unless a rival
proves clearly better). The bot picks on a resampled twin, so the candidates depend only on the seat's view;
the agent keeps one bot for the game, since the bot remembers its waits and attacks from turn to turn.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.penance.bots import HeuristicBot

# ismcts settings here (``ismcts`` alone): heuristic playouts to the battle's end (cut short, valued by
# ``evaluate``, they misled: 0 of 5 against the heuristic); the bot's choice stands unless a rival beats it by
# two standard errors of the paired differences
DEFAULTS: dict[str, Any] = {"iterations": 150, "depth": 3000, "z": 2.0, "rollout": "penance.heuristic"}


def guide(seed: int) -> HeuristicBot:
    return HeuristicBot(seed)


def macro_actions(state: Any, seat: int, rng: Rng, guide: Any) -> list[list[Any]] | None:
    legal = state.legal_actions()
    if len(legal) == 1:
        return [[legal[0]]]
    first = guide.choose(state.resample(seat, rng))
    head = [first] if first in legal else []  # a twin relabels unseen cards: its pick might not exist here
    return [[a] for a in (*head, *(a for a in legal if a != first))]


def turn_key(state: Any) -> Any:
    return None  # every macro is one action

