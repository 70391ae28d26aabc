"""Penance: a mech card game where the deck is the hit points (rules/004; reference penance.md).

The engine is imported on first use (``make_game``, or one of the names below), so a light module of the package
(the odds of ``dice``, say) loads without it."""

from __future__ import annotations

from typing import Any

_ENGINE_NAMES = {"PenanceGame": "game", "Act": "state", "PenanceState": "state"}


def make_game(*args: Any, **kwargs: Any) -> Any:
    """``game.make_game``: a Penance game (the lab's and the registry's factory)."""
    from gamewright.games.penance.game import make_game as make

    return make(*args, **kwargs)


def __getattr__(name: str) -> Any:
    if name in _ENGINE_NAMES:
        import importlib

        return getattr(importlib.import_module(f"gamewright.games.penance.{_ENGINE_NAMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Act", "PenanceGame", "PenanceState", "make_game"]
