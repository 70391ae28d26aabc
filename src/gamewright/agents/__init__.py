"""Agents that play any game through the Game/State protocol (game-specific bots live with their game)."""

from gamewright.agents.base import AGENTS, Agent, FirstLegalAgent, RandomAgent
from gamewright.agents.search import ISMCTSAgent, MonteCarloAgent

__all__ = ["AGENTS", "Agent", "FirstLegalAgent", "ISMCTSAgent", "MonteCarloAgent", "RandomAgent"]
