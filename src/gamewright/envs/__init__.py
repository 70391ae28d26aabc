"""Environments for reinforcement learning: PettingZoo AEC for every game, Gymnasium for Space Prince.

Needs the ``rl`` extra (``pip install gamewright[rl]``: pettingzoo, gymnasium).
"""

from __future__ import annotations

from typing import Any


def pettingzoo_env(game: str, **options: Any) -> Any:
    """A PettingZoo AEC environment for ``game`` (``ruleset=``, ``options=``, ``obs_size=``, ``max_steps=``)."""
    from gamewright.envs.aec import GameAECEnv

    return GameAECEnv(game, **options)


def gymnasium_env(game: str = "prince", **options: Any) -> Any:
    """A single-agent Gymnasium environment; Space Prince is the single-seat game."""
    from gamewright.envs.gym import PrinceEnv

    if game != "prince":
        from gamewright.core.errors import ConfigError

        raise ConfigError(f"a single-agent Gymnasium environment exists for prince only, not {game!r}; "
                          "use pettingzoo_env for the others")
    return PrinceEnv(**options)


__all__ = ["gymnasium_env", "pettingzoo_env"]
