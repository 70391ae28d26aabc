"""Natal charts for batch runs: a fixed pool of charts computed once by the scalar chart code, as arrays.

A chart costs a fraction of a millisecond (the real ephemeris), far more than a whole batch turn, so the batch
engine draws each Prince and opponent from a pool of charts of seeded birth moments, each drawn exactly as an
opponent's (ref §2 "Opponents": uniform time 1900–2099, latitude ±66°, longitude ±180°). With thousands of
charts the pool's distribution matches the scalar engine's fresh charts (the statistical test checks it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np

from gamewright.core.rng import Rng
from gamewright.games.prince.encounter import profile_of_moment, random_moment
from gamewright.games.prince.options import Config
from gamewright.games.prince.resolution_tables import THRESHOLD_PER_DURABILITY
from gamewright.games.prince.resolve import Profile
from gamewright.games.prince.tables import DIGNITIES, MAJOR_ASPECTS, sign_relationship

POOL_SIZE = 4096
POOL_SEED = "prince-batch-chart-pool"

DOMICILE, EXALTATION, NEUTRAL, DETRIMENT, FALL = (DIGNITIES.index(d) for d in
                                                  ("domicile", "exaltation", "neutral", "detriment", "fall"))

# 000 §4 table: base propagation multiplier of each major aspect, in eighths (sign: inverts polarity)
ASPECT_EIGHTHS = {"conjunction": 8, "sextile": 4, "trine": 4, "square": -4, "opposition": -8}
# ref §1: whether two signs stand in a major relationship (0, 2, 3, 4 or 6 signs apart) — the weights' N
MAJOR = np.array([[sign_relationship(a, b) in MAJOR_ASPECTS for b in range(12)] for a in range(12)],
                 dtype=np.int32)


@dataclass(frozen=True)
class ChartPool:
    """Per chart (first axis) and planet (second): what resolution reads from a ``Profile``."""

    sign: np.ndarray  # (P, 7) sign index
    damage: np.ndarray  # (P, 7)
    healing: np.ndarray  # (P, 7)
    luck: np.ndarray  # (P, 7)
    durability: np.ndarray  # (P, 7)
    dignity: np.ndarray  # (P, 7) index into DIGNITIES
    in_sect: np.ndarray  # (P, 7) bool: the planet's team is the chart's sect (001 §8)
    same_team: np.ndarray  # (P, 7, 7) bool: both planets on one sect team (000 §4a)
    aspect: np.ndarray  # (P, 7, 7) signed eighths of the major aspect between two planets, 0 for none
    sign_counts: np.ndarray  # (P, 12) how many of the chart's planets stand in each sign
    # the charts themselves, for what a run shows its player (sect, ascendant, houses: the vector env's view)
    profiles: tuple[Profile, ...] = field(default=(), compare=False, repr=False)

    def cross_weights(self, player: np.ndarray, opponent: np.ndarray) -> np.ndarray:
        """(m, 7) N of each opponent planet: its major relationships with the player's seven planets (000 §13)."""
        signs = self.sign.take(opponent, axis=0)
        signs += (player * 12)[:, None]  # flat indices into ``majors``
        return self.majors.reshape(-1).take(signs)

    @cached_property
    def majors(self) -> np.ndarray:
        """(P, 12): per chart, its planets in a major relationship with each sign (``cross_weights``' rows)."""
        return self.sign_counts @ MAJOR

    @cached_property
    def healing_or_damage(self) -> np.ndarray:
        """(2, P * 7): what a planet sends, row 0 for affliction and friction (damage), row 1 for testimony."""
        return np.stack([self.damage.reshape(-1), self.healing.reshape(-1)])

    @property
    def size(self) -> int:
        return int(self.sign.shape[0])

    def thresholds(self, cfg: Config) -> np.ndarray:
        """(P, 7) combustion thresholds T = 10 × durability, +1 durability in sect under sect=durability
        (000 §11, 001 §8)."""
        bonus = self.in_sect.astype(np.int32) if cfg.sect_durability else 0
        return THRESHOLD_PER_DURABILITY * (self.durability + bonus)


def pool_of(profiles: list[Profile]) -> ChartPool:
    """The arrays of a list of profiles (each computed by the scalar engine's chart code)."""
    def planets(f: object) -> np.ndarray:
        return np.array([[f(p, i) for i in range(7)] for p in profiles], dtype=np.int32)  # type: ignore[operator]

    signs = planets(lambda p, i: p.signs[i])
    return ChartPool(
        sign=signs,
        damage=planets(lambda p, i: p.stats[i].damage),
        healing=planets(lambda p, i: p.stats[i].healing),
        luck=planets(lambda p, i: p.stats[i].luck),
        durability=planets(lambda p, i: p.stats[i].durability),
        dignity=planets(lambda p, i: DIGNITIES.index(p.dignities[i])),
        in_sect=planets(lambda p, i: p.teams[i] == p.sect).astype(bool),
        same_team=np.array([[[p.teams[i] == p.teams[j] for j in range(7)] for i in range(7)] for p in profiles],
                           dtype=bool),
        aspect=np.array([[[ASPECT_EIGHTHS[a] if (a := p.aspects[i][j]) else 0 for j in range(7)] for i in range(7)]
                         for p in profiles], dtype=np.int32),
        sign_counts=np.array([np.bincount(p.signs, minlength=12) for p in profiles], dtype=np.int32),
        profiles=tuple(profiles),
    )


@lru_cache(maxsize=4)
def chart_pool(size: int = POOL_SIZE) -> ChartPool:
    """``size`` charts of seeded birth moments (the same ones in every process), computed once per process."""
    rng = Rng(POOL_SEED)
    return pool_of([profile_of_moment(random_moment(rng)) for _ in range(size)])
