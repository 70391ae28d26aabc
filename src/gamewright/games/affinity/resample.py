"""Determinization for agents (issue 15 §1): everything on the table is public, so only the dice are redrawn."""

from __future__ import annotations

from typing import Any

from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng


def resample_state(state: Any, seat: int, rng: Rng) -> Any:
    """A twin ``view_for(seat)`` cannot tell apart, with a fresh random stream: future dice are never known."""
    del seat  # every seat sees the whole table
    twin = state.clone()
    twin.rng = Rng(rng.randint(0, SEED_MAX))
    return twin
