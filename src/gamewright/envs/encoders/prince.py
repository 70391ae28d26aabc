"""Space Prince's observation: both charts, both sides' condition, the run so far, and each planet's preview.

Read from ``view_for(0)`` (what the player sees: 000 §13) and, on the player's turn, ``preview`` of each planet it
may send. Side axis: 0 the player, 1 the current opponent (all 0 between encounters). Planet axis: ``PLANETS``
order, Sun … Saturn — the action catalogue's order, so row ``i`` of ``action_preview`` is action id ``i``. Pairs
axis: the 21 planet pairs (i, j), i < j, in ``PLANETS`` order (Sun–Moon, Sun–Mercury, … Jupiter–Saturn).

| field | shape | range | what it holds |
|---|---|---|---|
| `sign` | (2, 7, 12) | 0/1 | each planet's sign, one-hot (Aries … Pisces) |
| `dignity` | (2, 7, 5) | 0/1 | its dignity, one-hot (domicile, exaltation, neutral, detriment, fall) |
| `sect` | (2, 2) | 0/1 | the chart's sect, one-hot (day, night) |
| `ascendant` | (2, 12) | 0/1 | the ascendant's sign, one-hot (all 0 where the chart has none) |
| `aspect` | (2, 21, 5) | 0/1 | each pair's major aspect, one-hot (conjunction, sextile, square, trine, opposition) |
| `affliction` | (2, 7) | [0, 1] | affliction ÷ the planet's combustion threshold: r of 000 §11, clipped at 1 |
| `combust` | (2, 7) | 0/1 | the planet is combust |
| `save_used` | (2, 7) | 0/1 | its exaltation save is spent |
| `carry` | (2, 7) | [−1, 1] | the carried fraction (ref §2 `rounding=carry`, within ±½) × 2 |
| `active_aspect` | (2, 21) | 0/1 | the pair's aspect is active (propagates this encounter) |
| `unlocked` | (7,) | 0/1 | the planet is unlocked (000 §12) |
| `deployed` | (7,) | 0/1 | the player has sent it this encounter |
| `opponent_planet` | (7,) | 0/1 | the opponent planet sent this turn, one-hot |
| `opponent_odds` | (7,) | [0, 1] | the opponent's draw weights, normalised to sum 1 (ref §2 weighted draws) |
| `encounter` | (1,) | [0, 1] | encounters finished ÷ encounters per run |
| `turn` | (1,) | [0, 1] | turns played this encounter ÷ 7 |
| `length` | (1,) | [0, 1] | this encounter's length ÷ 7 |
| `distance` | (1,) | [0, 1) | the run's Distance d as d / (d + 200) |
| `illumination` | (12,) | [0, 1) | each house's illumination count n as n / (n + 2) |
| `joys` | (7,) | 0/1 | the planet has reached its joy |
| `cumulative` | (1,) | [0, 1] | cumulative encounters ÷ 63 (Saturn's unlock, the last), clipped |
| `action_preview` | (7, 9) | [0, 1] | per action id (planet sent), from its `preview`; 0 where not legal — below |

``action_preview`` columns: 0 previewed (1 for a legal planet); 1 expected turn score ÷ 40, clipped; 2 the sent
planet's chance of combusting; 3 the player's expected combustions (sum over planets), clipped at 1; 4 spread —
the chance another of the player's planets combusts (``propagation_risk``); 5 the opponent's expected combustions,
clipped at 1; 6 the player's crit chance; 7 the opponent's crit chance; 8 the exchange is testimony (heals).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gamewright.envs.encoders import NO_PREVIEWS, Previews, TableEncoder
from gamewright.envs.encoders.fields import Field, FieldTable, Obs, one_hot, probability, saturate, signed, unit
from gamewright.games.prince.resolve import Profile, profile_from_json, threshold
from gamewright.games.prince.tables import DIGNITIES, MAJOR_ASPECTS, PLANETS

PAIRS = tuple((i, j) for i in range(7) for j in range(i + 1, 7))
ASPECTS = tuple(MAJOR_ASPECTS[k] for k in sorted(MAJOR_ASPECTS))
SECTS = ("day", "night")
SIDES = ("player", "opponent")
SCORE_SCALE = 40.0  # expected turn score: random play's previews stay below it
DISTANCE_HALF = 200.0
ILLUMINATION_HALF = 2.0
LAST_UNLOCK = 63  # 000 §12: Saturn appears after 63 cumulative encounters, the last unlock
PREVIEW_COLUMNS = ("previewed", "expected_score", "sent_combusts", "own_combustions", "spread",
                   "opponent_combustions", "player_crit", "opponent_crit", "testimony")

FIELDS = (
    Field("sign", (2, 7, 12), "each planet's sign, one-hot"),
    Field("dignity", (2, 7, 5), "each planet's dignity, one-hot"),
    Field("sect", (2, 2), "the chart's sect, one-hot"),
    Field("ascendant", (2, 12), "the ascendant's sign, one-hot"),
    Field("aspect", (2, 21, 5), "each pair's major aspect, one-hot"),
    Field("affliction", (2, 7), "affliction ÷ combustion threshold, clipped"),
    Field("combust", (2, 7), "combust"),
    Field("save_used", (2, 7), "exaltation save spent"),
    Field("carry", (2, 7), "carried fraction × 2", -1.0),
    Field("active_aspect", (2, 21), "the pair's aspect is active"),
    Field("unlocked", (7,), "unlocked"),
    Field("deployed", (7,), "sent this encounter"),
    Field("opponent_planet", (7,), "the opponent planet of this turn"),
    Field("opponent_odds", (7,), "the opponent's draw weights, normalised"),
    Field("encounter", (1,), "encounters finished ÷ encounters per run"),
    Field("turn", (1,), "turns this encounter ÷ 7"),
    Field("length", (1,), "this encounter's length ÷ 7"),
    Field("distance", (1,), "Distance d / (d + 200)"),
    Field("illumination", (12,), "illumination n / (n + 2)"),
    Field("joys", (7,), "joys reached"),
    Field("cumulative", (1,), "cumulative encounters ÷ 63"),
    Field("action_preview", (7, len(PREVIEW_COLUMNS)), "per planet: its preview"),
)


def chart_rows(profile: Profile) -> tuple[np.ndarray, ...]:
    """The chart-only rows of one side: sign, dignity, sect, ascendant, aspect."""
    sign = np.zeros((7, 12), np.float32)
    dignity = np.zeros((7, 5), np.float32)
    for i in range(7):
        sign[i, profile.signs[i]] = 1.0
        one_hot(dignity[i], DIGNITIES.index(profile.dignities[i]))
    sect = np.zeros(2, np.float32)
    one_hot(sect, SECTS.index(profile.sect) if profile.sect in SECTS else None)
    asc = np.zeros(12, np.float32)
    one_hot(asc, profile.asc_sign)
    aspect = np.zeros((21, 5), np.float32)
    for k, (i, j) in enumerate(PAIRS):
        name = profile.aspects[i][j]
        one_hot(aspect[k], ASPECTS.index(name) if name in ASPECTS else None)
    return sign, dignity, sect, asc, aspect


def _fraction(text: Any) -> float:
    """A carry as the view writes it (``str(Fraction)``: "0", "-1/3")."""
    if text in ("0", 0):
        return 0.0
    numerator, _, denominator = str(text).partition("/")
    return int(numerator) / int(denominator or 1)


class PrinceEncoder(TableEncoder):
    """Space Prince's encoder (see the module's table)."""

    def __init__(self, game: Any, texts: list[str]) -> None:
        super().__init__(FieldTable(FIELDS), texts)
        self.cfg = game.cfg
        self.encounters = int(self.cfg.encounters_per_run)
        # 000 §13: an encounter is at most 7 turns (one planet each), so a run is at most 7 × encounters legal
        # actions; the Gymnasium environment also counts refused actions, so the truncation allows four times that
        self.max_steps = 4 * 7 * self.encounters
        self._charts: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[np.ndarray, ...]]] = {}
        if self.texts != list(PLANETS):
            raise ValueError("Space Prince's catalogue is the seven planets in PLANETS order")

    def previews_wanted(self, view: dict[str, Any], legal: Any) -> list[int]:
        del view
        return list(legal)  # every planet the player may send: its preview is what the player decides on

    def _chart(self, chart: dict[str, Any]) -> tuple[tuple[int, ...], tuple[np.ndarray, ...]]:
        """Each planet's combustion threshold (000 §11) and the chart's rows, once per chart."""
        key = (tuple(chart["signs"].values()), chart.get("sect"), chart.get("asc_sign"))
        known = self._charts.get(key)
        if known is None:
            profile = profile_from_json(chart)
            known = tuple(threshold(self.cfg, profile, i) for i in range(7)), chart_rows(profile)
            if len(self._charts) > 4096:
                self._charts.clear()
            self._charts[key] = known
        return known

    def encode(self, view: dict[str, Any], previews: Previews = NO_PREVIEWS) -> Obs:
        obs = self.table.blank()
        for s, key in enumerate(SIDES):
            side = view.get(key) or {}
            chart = side.get("chart")
            if chart is not None:
                limits, rows = self._chart(chart)
                for name, row in zip(("sign", "dignity", "sect", "ascendant", "aspect"), rows, strict=True):
                    obs[name][s] = row
                affliction = side.get("affliction", {})
                for i, planet in enumerate(PLANETS):
                    obs["affliction"][s, i] = unit(affliction.get(planet, 0), limits[i])  # 000 §11: r = min(1, A/T)
            self._side(obs, s, side)
        unlocked = set(view.get("unlocked", ()))
        deployed = int(view.get("deployed", 0))
        weights = list(view.get("weights", ())) or [0] * 7
        total = sum(weights)
        for i, planet in enumerate(PLANETS):
            obs["unlocked"][i] = planet in unlocked
            obs["deployed"][i] = (deployed >> i) & 1
            obs["opponent_odds"][i] = unit(weights[i], total) if total > 0 else 0.0
        current = view.get("current")
        one_hot(obs["opponent_planet"], PLANETS.index(current) if current in PLANETS else None)
        obs["encounter"][0] = unit(view.get("encounter", 0), self.encounters)
        obs["turn"][0] = unit(view.get("turn", 0), 7)
        obs["length"][0] = unit(view.get("length", 0), 7)
        obs["distance"][0] = saturate(view.get("distance", 0), DISTANCE_HALF)
        progress = view.get("progress") or {}
        illumination = progress.get("illumination", {})
        for h in range(12):
            obs["illumination"][h] = saturate(illumination.get(str(h + 1), 0), ILLUMINATION_HALF)
        joys = set(progress.get("joys", ()))
        for i, planet in enumerate(PLANETS):
            obs["joys"][i] = planet in joys
        obs["cumulative"][0] = unit(progress.get("cumulative_encounters", 0), LAST_UNLOCK)
        for action_id, preview in previews.items():
            self._preview(obs["action_preview"], action_id, preview)
        return obs

    @staticmethod
    def _side(obs: Obs, s: int, side: dict[str, Any]) -> None:
        combust = set(side.get("combust", ()))
        saved = set(side.get("exaltation_save_used", ()))
        carry = side.get("carry", {})
        obs["combust"][s] = [planet in combust for planet in PLANETS]
        obs["save_used"][s] = [planet in saved for planet in PLANETS]
        obs["carry"][s] = [signed(_fraction(carry.get(planet, "0")) * 2, 1.0) for planet in PLANETS]
        active = int(side.get("active", 0))
        obs["active_aspect"][s] = [(active >> (i * 7 + j)) & 1 for i, j in PAIRS]  # resolve.pair_bit's low bit

    def _preview(self, table: np.ndarray, action_id: int, preview: dict[str, Any]) -> None:
        if not 0 <= action_id < table.shape[0] or not preview.get("legal"):
            return
        row = table[action_id]
        combustion = preview.get("combustion", {})
        own = combustion.get("player", {})
        theirs = combustion.get("opponent", {})
        crit = preview.get("crit_chance", {})
        row[0] = 1.0
        row[1] = unit(float(preview.get("expected_score", {}).get("float", 0.0)), SCORE_SCALE)
        row[2] = probability(own.get(preview.get("action"), 0.0))
        row[3] = unit(sum(probability(c) for c in own.values()), 1.0)
        row[4] = probability(preview.get("propagation_risk", 0.0))
        row[5] = unit(sum(probability(c) for c in theirs.values()), 1.0)
        row[6] = probability(crit.get("player", 0.0))
        row[7] = probability(crit.get("opponent", 0.0))
        row[8] = preview.get("polarity") == "testimony"
