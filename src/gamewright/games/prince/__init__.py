"""Space Prince: natal charts, turn resolution, encounters, runs and metaprogression."""

from __future__ import annotations

from typing import Any

from gamewright.core.game import register_game


def _factory(ruleset: str | None = None, options: dict[str, Any] | None = None, **kwargs: Any) -> Any:
    from gamewright.games.prince.game import PrinceGame  # imported lazily: the ephemeris loads on first use

    return PrinceGame(ruleset, options, **kwargs)


register_game("prince", _factory)
