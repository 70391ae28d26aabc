"""The lab's side of the per-game metrics hook: finding the hook a game declares.

The hook protocol (``MetricsHook``, ``Record``) and the tallies hooks build their summaries from live in
``core.metrics``, where the games import them; they are re-exported here for the lab and outside tools.
Each game names its hook in its manifest (``metrics``); ``metrics_hook`` finds it there.
"""

from __future__ import annotations

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
    """The hook the game's manifest names (``metrics``), or the generic one (seat results only)."""
    from gamewright.core.manifest import manifest_for

    hook = manifest_for(game).load("metrics")
    return hook if isinstance(hook, MetricsHook) else GENERIC
