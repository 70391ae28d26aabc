"""The game-agnostic kernel: random streams, exact dice, the Game/State protocol, rulesets, errors."""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError, GamewrightError, NotFound, RuleViolation

__all__ = [
    "ConfigError",
    "GamewrightError",
    "NotFound",
    "RuleViolation",
    "Rng",
    "ScriptedRng",
    "ScriptExhausted",
]


def __getattr__(name: str) -> Any:
    """The random streams load on first use (PEP 562): ``gamewright --help`` and the errors need no hashlib."""
    if name in ("Rng", "ScriptedRng", "ScriptExhausted"):
        from gamewright.core import rng

        return getattr(rng, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
