"""The game-agnostic kernel: random streams, exact dice, the Game/State protocol, rulesets, errors."""

from gamewright.core.errors import ConfigError, GamewrightError, NotFound, RuleViolation
from gamewright.core.rng import Rng, ScriptedRng, ScriptExhausted

__all__ = [
    "ConfigError",
    "GamewrightError",
    "NotFound",
    "RuleViolation",
    "Rng",
    "ScriptedRng",
    "ScriptExhausted",
]
