"""Determinization for agents (issue 15 §1): the seed, both random streams and the opponent's prebuilt planet
sequences are hidden (issue 9 §6), so each is redrawn: future opponent planets and rolls are never known.

A prebuilt sequence is seven independent weighted draws (ref §3), so its unseen entries are drawn afresh from
the same weights; the entry just played (``current``) stays, and entries already passed (which no longer matter)
are redrawn too, so twins with equal views give identical states.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng
from gamewright.games.prince.encounter import prebuilt_sequence


def resample_state(state: Any, seat: int, rng: Rng) -> Any:
    """A twin ``view_for(seat)`` cannot tell apart (a run has one seat)."""
    del seat
    twin = state.clone()
    twin.seed = rng.randint(0, SEED_MAX)
    twin.rng = Rng(rng.randint(0, SEED_MAX))
    twin.orng = Rng(rng.randint(0, SEED_MAX))
    prebuilt = []
    for e, (moment, profile, sequence) in enumerate(state.prebuilt):
        drawn = prebuilt_sequence(rng, state.player, profile)[: len(sequence)]
        if e == state.encounter and state.position > 0 and state.current >= 0:
            drawn[state.position - 1] = state.current
        prebuilt.append((moment, profile, drawn))
    twin.prebuilt = prebuilt
    return twin
