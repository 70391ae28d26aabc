"""Metaprogression per Prince (000 §12, ref §2): the plain value a run reads and advances.

Its persistence and the report ``prince show`` displays are ``app.princes``'; the report's tables,
``cli.prince_progress``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from gamewright.games.prince.resolution_tables import UNLOCK_AT
from gamewright.games.prince.resolve import ALL_ASPECTS, pair_bit
from gamewright.games.prince.tables import PLANETS


def aspect_pairs(mask: int) -> list[list[str]]:
    """The planet pairs (in PLANETS order) whose aspect bit is set."""
    return [[PLANETS[i], PLANETS[j]] for i in range(7) for j in range(i + 1, 7) if mask & pair_bit(i, j)]


def mask_of_pairs(pairs: list[list[str]]) -> int:
    mask = 0
    for a, b in pairs:
        mask |= pair_bit(PLANETS.index(a), PLANETS.index(b))
    return mask


def aspect_web(profile: Any, active: int) -> list[dict[str, Any]]:
    """Every major aspect of a chart (ref §1), each marked active (it propagates) or latent (000 §12: not yet)."""
    return [
        {"planets": [PLANETS[i], PLANETS[j]], "aspect": kind, "active": bool(active & pair_bit(i, j))}
        for i in range(7)
        for j in range(i + 1, 7)
        if (kind := profile.aspects[i][j]) is not None
    ]


_ALL_UNLOCKED = max(UNLOCK_AT.values())  # from here on every planet is unlocked


@lru_cache(maxsize=128)  # one entry per count up to ``_ALL_UNLOCKED``
def _unlocked_at(encounters: int) -> tuple[bool, ...]:
    return tuple(UNLOCK_AT[p] <= encounters for p in PLANETS)  # 000 §12 "Cumulative"


@dataclass(slots=True)
class Progress:
    """Cumulative encounters, active aspects, house illumination counts and joys achieved."""

    encounters: int = 0
    aspects: int = 0  # bitmask of active aspect pairs (resolve.pair_bit)
    illumination: list[int] = field(default_factory=lambda: [0] * 12)  # index = house − 1
    joys: list[str] = field(default_factory=list)

    @classmethod
    def veteran(cls) -> Progress:
        """Every planet unlocked and every aspect active: the generic game's default Prince."""
        return cls(encounters=UNLOCK_AT["Saturn"], aspects=ALL_ASPECTS)

    def unlocked_mask(self) -> list[bool]:
        return list(_unlocked_at(min(self.encounters, _ALL_UNLOCKED)))

    def clone(self) -> Progress:
        return Progress(self.encounters, self.aspects, list(self.illumination), list(self.joys))

    def to_json(self) -> dict[str, Any]:
        return {
            "cumulative_encounters": self.encounters,
            "active_aspects": aspect_pairs(self.aspects),
            "illumination": {str(h + 1): n for h, n in enumerate(self.illumination)},
            "joys": list(self.joys),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Progress:
        if not data:
            return cls()
        illumination = data.get("illumination", {})
        return cls(
            encounters=int(data.get("cumulative_encounters", 0)),
            aspects=mask_of_pairs(data.get("active_aspects", [])),
            illumination=[int(illumination.get(str(h), 0)) for h in range(1, 13)],
            joys=[p for p in PLANETS if p in data.get("joys", [])],
        )
