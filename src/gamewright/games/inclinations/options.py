"""Rule options of Dangerous Inclinations, named as the reference names them."""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.rules import Option, Rules, RulesSpec

SPEC = RulesSpec(
    game="inclinations",
    options=(
        Option("players", 2, doc="Number of seats (2-6).", source="ref Table and players", minimum=2, maximum=6),
        Option(
            "well_transfer_mass", 0, doc="Reaction mass a well transfer costs (the designer's software used 3).",
            source="002 Well Transfer; ref Movement", minimum=0, maximum=10,
        ),
        Option(
            "to_hit", "always", choices=("always", "d10"),
            doc="'always': every shot in range hits; 'd10': 1 misses, 2-9 hit, 10 hits and crits.",
            source="ref Weapons/Hits",
        ),
        Option(
            "shields_deplete", True, doc="Absorbing damage spends that much shield energy back to the reactor.",
            source="ref Weapons/Shields",
        ),
        Option(
            "missiles", "instant", choices=("instant", "flying"),
            doc="'instant': missiles hit at once. 'flying' (the designer's later model) is refused: its rules are "
                "not written down.",
            source="ref Weapons/Missiles",
        ),
        Option(
            "round_limit", 200, doc="Rounds before the game ends in a draw (0: no limit).",
            source="ref Table and players; ref Further rulings", minimum=0,
        ),
    ),
    rulesets={"standard": {}},
    default_ruleset="standard",
)


def resolve(options: dict[str, Any] | None = None, ruleset: str | None = None) -> Rules:
    """The rules for these options; refuses what the engine does not implement with a clear message."""
    rules = SPEC.resolve(ruleset, options)
    if rules.missiles == "flying":  # ref Weapons/Missiles: "not required first"; see RULINGS
        raise ConfigError("option 'missiles' = 'flying' is refused: the rules give only '3 steps per turn, 3 turns "
                          "of life', not what a step is, when a flying missile moves or how it hits; use 'instant'")
    return rules
