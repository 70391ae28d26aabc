"""Helpers shared by the Space Prince tests."""

from __future__ import annotations

from typing import Any

from gamewright.games.prince.scenario import run_scenario
from gamewright.games.prince.tables import PLANETS

I = PLANETS.index  # noqa: E741  (a planet's index by name)


def side(signs: dict[str, str] | None = None, **fields: Any) -> dict[str, Any]:
    """A scenario side: signs plus any other field (affliction, combust, sect, carry, aspects...)."""
    return {"signs": signs or {}, **fields}


def whatif(
    player: dict[str, Any],
    opponent: dict[str, Any],
    player_planet: str,
    opponent_planet: str,
    rolls: list[float] | None = None,
    ruleset: str = "design",
    **extra: Any,
) -> dict[str, Any]:
    data = {
        "ruleset": ruleset,
        "player": player,
        "opponent": opponent,
        "player_planet": player_planet,
        "opponent_planet": opponent_planet,
        "rolls": rolls if rolls is not None else [0.99],
        **extra,
    }
    return run_scenario(data)


def check(result: dict[str, Any], side_name: str, planet: str) -> dict[str, Any]:
    return next(c for c in result["combustion_checks"] if c["side"] == side_name and c["planet"] == planet)
