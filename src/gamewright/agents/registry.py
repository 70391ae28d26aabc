"""Every agent by name, per game: the generic ones and each game's own bots.

One table serves the lab (``--agents inclinations.hard-bot``), the web API (``"bot:hard-bot"``) and the CLI.
A game's bot is named here by its CLI name; ``<game>.<name>`` and the bare name both resolve for that game.
Every agent has ``choose(state) -> action`` for ``state.current_player``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.rng import Rng

AgentFactory = Callable[[int], Any]


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
            self._queue = [] if state.plan else [*self.bot.choose_turn(state)]
            self._queue.append(EndTurn())
        return self._queue.pop(0)


def _generic() -> dict[str, AgentFactory]:
    from gamewright.agents.base import AGENTS

    return {name: cls for name, cls in AGENTS.items()}


def _game_bots(game: str) -> dict[str, AgentFactory]:
    from functools import partial

    if game == "inclinations":
        from gamewright.games.inclinations.bots import BOT_KINDS

        return {kind: partial(_turn_plan_agent, kind) for kind in BOT_KINDS}
    if game == "penance":
        from gamewright.games.penance import bots as penance_bots

        return {name: partial(penance_bots.make_bot, name) for name in penance_bots.BOTS}
    if game == "prince":
        from gamewright.games.prince import policies as prince_policies

        return {name: partial(prince_policies.make_policy, name) for name in prince_policies.POLICIES}
    if game == "affinity":
        from gamewright.games.affinity import policies as affinity_policies

        return {name: partial(affinity_policies.make_policy, name) for name in ("greedy", "random")}
    return {}


def _turn_plan_agent(kind: str, seed: int) -> TurnPlanAgent:
    return TurnPlanAgent(kind, seed)


def game_bot_names(game: str) -> list[str]:
    """The game's own bots by their CLI names (what the web API takes after ``bot:``)."""
    return list(_game_bots(game))


def agent_names(game: str) -> list[str]:
    """Every agent name the lab accepts for ``game``: generic ones, then ``<game>.<bot>``."""
    return [*_generic(), *(f"{game}.{name}" for name in _game_bots(game))]


def make_agent(game: str, name: str, seed: int) -> Any:
    """An agent for ``game`` by name: ``random``, ``montecarlo``, ``inclinations.hard-bot`` or ``hard-bot``."""
    bots = _game_bots(game)
    bare = name.removeprefix(f"{game}.")
    if name.startswith(f"{game}.") and bare in bots:
        return bots[bare](seed)
    generic = _generic()
    if name in generic:
        return generic[name](seed)
    if bare in bots:
        return bots[bare](seed)
    raise ConfigError(f"unknown agent {name!r} for {game}; choose one of: {', '.join(agent_names(game))}")
