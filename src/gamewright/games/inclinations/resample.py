"""Determinization for agents (issue 15 §1): the board is public; the random stream and, for a seat that is
not on turn, the pending plan of the seat that is, are redrawn."""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import RuleViolation
from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import EndTurn

PLAN_STOP = 0.5  # chance of ending the guessed plan after each step: short plans are the likelier ones
PLAN_MAX = 6


def resample_state(state: Any, seat: int, rng: Rng) -> Any:
    """A twin ``view_for(seat)`` cannot tell apart: a fresh stream, and another seat's hidden plan guessed."""
    twin = state.clone()
    twin.rng = Rng(rng.randint(0, SEED_MAX))
    if seat != state.current_player and twin.plan:
        twin.plan = []
    if seat != state.current_player and twin.phase == "play":
        _guess_plan(twin, rng)
    return twin


def _guess_plan(twin: Any, rng: Rng) -> None:
    """Legal steps drawn at random: any of them is a plan the acting seat could have begun."""
    for _ in range(PLAN_MAX):
        if rng.random() < PLAN_STOP:
            return
        steps = [a for a in twin.legal_actions() if not isinstance(a, EndTurn)]
        if not steps:
            return
        try:
            twin.apply(rng.choice(steps))
        except RuleViolation:  # a listed step the plan check still refuses: the guess stops here
            return
