"""Chosen seeds are open information.

A seed and the public moves rebuild every hand and deck, so a seed someone chose is shown to every seat and
spectator from the first move ("seed chosen by P1: 7"), and a game whose seats strangers may join from the lobby
(``listed``) cannot have one. A random seed stays secret until the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.manifest import manifest_for

LISTED_SEED = ("a listed game cannot have a chosen seed: whoever chose it could work out every hidden card; "
               "leave the seed empty (random) or do not list the game")


@dataclass(frozen=True)
class SeedChosen:
    seed: int
    by: int | None  # the creator's seat; None: created through the API, or by a creator holding no seat
    via: str | None  # "api" | "lobby" (None: a game stored before this was recorded)

    def to_json(self) -> dict[str, Any]:
        """The API's ``seed_chosen`` (an exact interface)."""
        return {"by": self.by, "seed": self.seed}


def check_listed(listed: bool, seed_given: bool) -> None:
    if listed and seed_given:
        raise ConfigError(LISTED_SEED)


def seed_chosen_of(row: Any) -> SeedChosen | None:
    """What a stored game (a ``WebGame`` row) says of its seed: None when the seed is random."""
    if not row.seed_given:
        return None
    return SeedChosen(int(row.seed), row.seed_by, row.created_via)


def seed_words(game: str, chosen: SeedChosen | None) -> str:
    """The seed in words for every viewer's page and the lobby ("" when the seed is random)."""
    if chosen is None:
        return ""
    if chosen.by is not None:
        who = manifest_for(game).seat_label(chosen.by)
    elif chosen.via == "api":
        who = "the API"
    elif chosen.via == "lobby":
        who = "the game's creator"
    else:
        who = "its creator"
    return f"seed chosen by {who}: {chosen.seed}"
