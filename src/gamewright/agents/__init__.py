"""Agents that play any game through the Game/State protocol."""
