"""Environments for reinforcement learning: PettingZoo AEC for every game, Gymnasium for every one-seat game.

Needs the ``rl`` extra (``pip install gamewright[rl]``: pettingzoo, gymnasium).
"""

from __future__ import annotations

from typing import Any


def pettingzoo_env(game: str, **options: Any) -> Any:
    """A PettingZoo AEC environment for ``game`` (``ruleset=``, ``options=``, ``obs_size=``, ``max_steps=``)."""
    from gamewright.envs.aec import GameAECEnv

    return GameAECEnv(game, **options)


def gymnasium_env(game: str = "prince", **options: Any) -> Any:
    """A single-agent Gymnasium environment for a one-seat game: the game's own (its manifest's
    ``single_agent_env``; Space Prince's takes ``reward="distance"``), else the generic one."""
    from gamewright.core.errors import ConfigError
    from gamewright.core.manifest import manifest_for

    manifest = manifest_for(game)
    own = manifest.load("single_agent_env")
    if own is not None:
        return own(**options)
    if manifest.seats[0] > 1:
        raise ConfigError(f"a single-agent Gymnasium environment needs a one-seat game; {game} takes "
                          f"{manifest.seats[0]} or more seats: use pettingzoo_env")
    from gamewright.envs.gym import SingleSeatEnv

    return SingleSeatEnv(game, **options)


def prince_vector_env(num_envs: int, **options: Any) -> Any:
    """A ``gymnasium.vector.VectorEnv`` of ``num_envs`` Space Prince runs stepped at once on the NumPy batch engine:
    the single environment's spaces, rewards and options (``ruleset=``, ``options=``, ``reward=``, ``obs=``,
    ``max_steps=`` …), plus ``seed=`` (the first reset's) and ``autoreset_mode=`` (``"next_step"``, the default,
    or ``"same_step"``). See ``envs.prince_vector``."""
    from gamewright.envs.prince_vector import PrinceVectorEnv

    return PrinceVectorEnv(num_envs, **options)


__all__ = ["gymnasium_env", "pettingzoo_env", "prince_vector_env"]
