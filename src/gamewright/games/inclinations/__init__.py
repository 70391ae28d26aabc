"""Dangerous Inclinations: orbital ship combat around a black hole and six planets.

The engine is imported on first use (``factory``, or one of the names below), so that the game's manifest and
its light modules load without it."""

from __future__ import annotations

from typing import Any

_ENGINE_NAMES = {"InclinationsGame": "game", "factory": "game", "InclinationsState": "state"}


def __getattr__(name: str) -> Any:
    if name in _ENGINE_NAMES:
        import importlib

        return getattr(importlib.import_module(f"gamewright.games.inclinations.{_ENGINE_NAMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["InclinationsGame", "InclinationsState", "factory"]
