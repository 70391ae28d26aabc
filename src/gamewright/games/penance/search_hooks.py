"""Penance's hooks for the search agents (issue 15 §2): the root candidates and the search settings.

The candidates are a handful of actions ranked by the heuristic bot (``search_guide``), its own choice first (the
search keeps it unless a rival proves clearly better). The bot picks on a resampled twin, so the candidates
depend only on the seat's view; the agent keeps one bot for the game, since the bot remembers its waits and
attacks from turn to turn, and the playouts' bot for the seat starts from that memory.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamewright.core.rng import Rng
from gamewright.games.penance.search_guide import Guide, set_memory

# ismcts settings here (``ismcts`` alone): 200 heuristic playouts to the battle's end (cut short, valued by
# ``evaluate``, they misled: 0 of 5 against the heuristic), about 0.5 s of CPU per decision; the bot's choice
# stands unless a rival beats it by a standard error of the paired differences
DEFAULTS: dict[str, Any] = {"iterations": 200, "depth": 3000, "z": 1.0, "rollout": "penance.heuristic"}


def guide(seed: int) -> Guide:
    return Guide(seed)


def macro_actions(state: Any, seat: int, rng: Rng, guide: Guide) -> list[list[Any]] | None:
    legal = state.legal_actions()
    ranked = guide.candidates(state.resample(seat, rng), legal)
    return [[a] for a in ranked] if ranked else [[legal[0]]]  # a twin relabels unseen cards: picks may not exist


def primer(guide: Guide, seat: int) -> Callable[[int, Any, list[Any]], None]:
    """Sets the playouts' bot for ``seat`` to the guide's memory after the candidate, and another seat's to what
    the board shows of its memory."""
    def prime(mover: int, bot: Any, macro: list[Any]) -> None:
        mem = guide.memory_for(macro[0]) if mover == seat else guide.rival_memory(mover)
        if mem is not None:
            set_memory(bot, mem)

    return prime


def chosen(guide: Guide, macro: list[Any]) -> None:
    guide.played(macro[0])


def turn_key(state: Any) -> Any:
    return None  # every macro is one action
