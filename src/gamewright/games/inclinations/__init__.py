"""Dangerous Inclinations: orbital ship combat around a black hole and six planets."""

from gamewright.core.game import register_game
from gamewright.games.inclinations.game import InclinationsGame, factory
from gamewright.games.inclinations.state import InclinationsState

register_game("inclinations", factory)

__all__ = ["InclinationsGame", "InclinationsState", "factory"]
