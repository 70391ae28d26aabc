"""Penance: a mech card game where the deck is the hit points (rules/004; reference penance.md)."""

from gamewright.core.game import register_game
from gamewright.games.penance.game import PenanceGame, make_game
from gamewright.games.penance.state import Act, PenanceState

register_game("penance", make_game)

__all__ = ["Act", "PenanceGame", "PenanceState", "make_game"]
