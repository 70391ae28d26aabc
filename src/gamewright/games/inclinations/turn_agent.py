"""An Inclinations bot that plans a whole turn, played one action at a time (the agents' ``choose(state)``)."""

from __future__ import annotations

from functools import partial
from typing import Any

from gamewright.core.rng import Rng


class TurnPlanAgent:
    """Adapts an Inclinations bot that plans a whole turn (``choose_turn``) to one action at a time.

    At the start of its turn it plans, then hands out the steps one by one and finally ``end``; a plan that
    is already pending (someone else began the turn) is ended as it stands.
    """

    def __init__(self, kind: str, seed: int) -> None:
        from gamewright.games.inclinations.bots import make_bot

        self.name = kind
        self.bot = make_bot(kind, Rng(seed))
        self._queue: list[Any] = []
        self._for: tuple[int, int] | None = None

    def choose(self, state: Any) -> Any:
        from gamewright.games.inclinations.actions import EndTurn

        if state.phase == "deploy":
            return self.bot.deploy(state)
        key = (state.current, state.round)
        if self._for != key or not self._queue:
            self._for = key
            plan = [] if state.plan else self.bot.choose_turn(state)
            self._queue = [EndTurn(), *reversed(plan)]  # handed out from the end
        return self._queue.pop()


def bots() -> dict[str, Any]:
    """Every bot kind by its CLI name, as a ``(seed) -> agent`` factory."""
    from gamewright.games.inclinations.bots import BOT_KINDS

    return {kind: partial(TurnPlanAgent, kind) for kind in BOT_KINDS}
