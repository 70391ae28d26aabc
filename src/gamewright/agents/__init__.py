"""Agents that play any game through the Game/State protocol (game-specific bots live with their game)."""

from gamewright.agents.base import AGENTS, Agent, FirstLegalAgent, RandomAgent

__all__ = ["AGENTS", "Agent", "FirstLegalAgent", "RandomAgent"]
