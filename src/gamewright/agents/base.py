"""Agents choose actions for a seat through the Game/State protocol, so they work on every game."""

from __future__ import annotations

from typing import Any, Protocol

from gamewright.core.rng import Rng


class Agent(Protocol):
    name: str

    def choose(self, state: Any) -> Any:
        """One legal action for ``state.current_player``."""
        ...


class RandomAgent:
    """Uniformly random legal actions from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: Any) -> Any:
        return self.rng.choice(state.legal_actions())


class FirstLegalAgent:
    """Always the first legal action: a deterministic baseline that needs no randomness."""

    name = "first"

    def __init__(self, seed: int | str = 0) -> None:
        del seed

    def choose(self, state: Any) -> Any:
        return state.legal_actions()[0]


def _agents() -> dict[str, type]:
    from gamewright.agents.search import ISMCTSAgent, MonteCarloAgent

    return {"random": RandomAgent, "first": FirstLegalAgent, "montecarlo": MonteCarloAgent, "ismcts": ISMCTSAgent}


AGENTS: dict[str, type] = _agents()
