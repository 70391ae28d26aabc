"""Agents that play any game through the Game/State protocol (game-specific bots live with their game)."""

from gamewright.agents.base import AGENTS, Agent, FirstLegalAgent, RandomAgent
from gamewright.agents.search import MonteCarloAgent

__all__ = ["AGENTS", "Agent", "FirstLegalAgent", "MonteCarloAgent", "RandomAgent"]
