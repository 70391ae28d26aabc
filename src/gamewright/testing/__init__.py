"""Checks a game's author runs on their game (after ``pettingzoo.test.api_test``); no pytest needed.

``gamewright.testing.conformance.check_game("mygame")`` plays seeded random games through the Game/State
protocol and checks every optional capability the state declares (``core.capabilities``); a failure raises
``ConformanceError`` (an ``AssertionError``) that names the game, the seed and what broke.
``gamewright.testing.playthrough`` writes and replays the rules goldens.
"""

from gamewright.testing.conformance import ConformanceError, ConformanceReport, check_game

__all__ = ["ConformanceError", "ConformanceReport", "check_game"]
