"""The lab's side of the per-game metrics hook: finding the hook a game declares.

The hook protocol (``MetricsHook``, ``Record``) and the tallies hooks build their summaries from live in
``core.metrics``, where the games import them; they are re-exported here for the lab and outside tools.
"""

from __future__ import annotations

import importlib

from gamewright.core.metrics import (
    GENERIC,
    Kind,
    MetricsHook,
    Record,
    distribution,
    headline_rate,
    mean_of,
    per_game,
    rate,
    seat_advantage,
    total_counts,
    win_rate_by,
    winners,
)

__all__ = ["GENERIC", "Kind", "MetricsHook", "Record", "distribution", "headline_rate", "mean_of", "metrics_hook",
           "per_game", "rate", "seat_advantage", "total_counts", "win_rate_by", "winners"]


def metrics_hook(game: str) -> MetricsHook:
    """The hook ``gamewright.games.<game>.metrics`` declares, or the generic one (seat results only)."""
    try:
        module = importlib.import_module(f"gamewright.games.{game}.metrics")
    except ModuleNotFoundError as exc:
        if exc.name != f"gamewright.games.{game}.metrics":
            raise
        return GENERIC
    hook = getattr(module, "HOOK", None)
    return hook if isinstance(hook, MetricsHook) else GENERIC
