"""Turn resolution for both rulesets: polarity, crit, magnitude, application, combustion, propagation, score.

Amounts are exact ``Fraction``s until they are applied (ref §2 "Arithmetic"); an applied amount is an integer,
rounded half up (``floor(x + 1/2)``) or carry-quantized (001 §9, ref §3). Random draws happen in one fixed
order (ref §2 "Crit", ref §3 "Order within a turn"): the player's crit roll, the opponent's crit roll (both
always drawn), then one draw per combustion check in the order the checks happen.

Order of checks. ``prototype`` checks each propagated target as it is hit; ``design`` (000 §13a step 6–7, ref §2)
checks the acting planets after direct application and every propagated target after propagation, in the fixed
order player Sun…Saturn, opponent Sun…Saturn. Because a planet is hit at most once per turn, a check never
changes a later step, and propagation visits targets in that same order, both give the same checks with the
same draws — one code path serves both.

The turn itself (``resolve_turn``) runs in ``turn`` on whole units of the amounts' common denominator, its
amounts computed by the pieces here; tests/prince/reference_turn.py keeps the step-by-step ``Fraction`` turn it
is checked against.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from operator import itemgetter
from typing import Any

from gamewright.games.prince.options import Config
from gamewright.games.prince.resolution_tables import (
    ASPECT_MULTIPLIER,
    CRIT_CAP,
    CRIT_FACTOR,
    CRIT_PER_LUCK,
    DETRIMENT_CAP,
    FRICTION_FACTOR,
    INCOMING,
    OUTGOING,
    SAME_SECT_FACTOR,
    THRESHOLD_PER_DURABILITY,
    polarity,
)
from gamewright.games.prince.tables import (
    ASPECT_OF_SIGNS,
    PLANETS,
    SIGN_MODALITY,
    SIGNS,
    Stats,
    dignity,
    planet_sect,
    stats_for,
)

ZERO = Fraction(0)
SIDES = ("player", "opponent")


def round_half_up(x: Fraction) -> int:
    """floor(x + 1/2), exactly (ref §2 "Rounding"; never Python's banker's ``round``)."""
    return (2 * x.numerator + x.denominator) // (2 * x.denominator)


def pair_bit(i: int, j: int) -> int:
    """Active aspects are a bitmask over ordered pairs: bit i * 7 + j, set for both orders."""
    return (1 << (i * 7 + j)) | (1 << (j * 7 + i))


ALL_ASPECTS = sum(pair_bit(i, j) for i in range(7) for j in range(i + 1, 7))


# --------------------------------------------------------------------------------------------------------
# A side's fixed data (its chart) and its mutable state
# --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Profile:
    """What resolution reads from a chart: signs, sect and everything derived from them."""

    signs: tuple[int, ...]
    sect: str
    asc_sign: int | None
    stats: tuple[Stats, ...]
    dignities: tuple[str, ...]
    teams: tuple[str, ...]  # each planet's sect team in this chart (Mercury joins the chart's sect)
    aspects: tuple[tuple[str | None, ...], ...]  # 7×7 major aspect names (None: no aspect, or i == j)

    def house(self, i: int) -> int | None:
        return None if self.asc_sign is None else (self.signs[i] - self.asc_sign) % 12 + 1

    def to_json(self) -> dict[str, Any]:
        return {
            "signs": {p: SIGNS[s] for p, s in zip(PLANETS, self.signs, strict=True)},
            "sect": self.sect,
            "asc_sign": None if self.asc_sign is None else SIGNS[self.asc_sign],
        }


_TEAMS: dict[str, tuple[str, ...]] = {sect: tuple(planet_sect(p, sect) for p in PLANETS) for sect in ("day", "night")}


# each planet's stats and dignity by sign (``stats_for``, ``dignity``), read per chart
_STATS_BY_SIGN: tuple[tuple[Stats, ...], ...] = tuple(tuple(stats_for(p, s) for s in range(12)) for p in PLANETS)
_DIGNITY_BY_SIGN: tuple[tuple[str, ...], ...] = tuple(tuple(dignity(p, s) for s in range(12)) for p in PLANETS)


@lru_cache(maxsize=16384)
def profile_for(signs: tuple[int, ...], sect: str, asc_sign: int | None = None) -> Profile:
    of_signs = itemgetter(*signs)
    rows = [of_signs(ASPECT_OF_SIGNS[s]) for s in signs]
    # a planet has no aspect with itself
    aspects = tuple(row[:i] + (None,) + row[i + 1:] for i, row in enumerate(rows))
    return Profile(
        signs,
        sect,
        asc_sign,
        tuple(map(tuple.__getitem__, _STATS_BY_SIGN, signs)),
        tuple(map(tuple.__getitem__, _DIGNITY_BY_SIGN, signs)),
        _TEAMS[sect] if sect in _TEAMS else tuple(planet_sect(p, sect) for p in PLANETS),
        aspects,
    )


def profile_from_chart(chart: Any) -> Profile:
    """A ``Profile`` from a ``chart.Chart``."""
    return profile_for(tuple(chart.planets[p].sign for p in PLANETS), chart.sect, chart.asc_sign)


def profile_from_json(data: dict[str, Any]) -> Profile:
    asc = data.get("asc_sign")
    return profile_for(
        tuple(SIGNS.index(data["signs"][p]) for p in PLANETS), data["sect"], None if asc is None else SIGNS.index(asc)
    )


def side_summary(affliction: Sequence[int], combust: Sequence[bool]) -> dict[str, Any]:
    """A side's affliction of all seven planets and its combust ones (``SideState.summary``)."""
    return {
        "affliction": dict(zip(PLANETS, affliction, strict=True)),
        "combust": [p for p, c in zip(PLANETS, combust, strict=True) if c],
    }


@dataclass(slots=True)
class SideState:
    """One side's mutable condition: affliction, combustion, spent exaltation saves, carry, active aspects."""

    affliction: list[int] = field(default_factory=lambda: [0] * 7)
    combust: list[bool] = field(default_factory=lambda: [False] * 7)
    save_used: list[bool] = field(default_factory=lambda: [False] * 7)
    carry: list[Fraction] = field(default_factory=lambda: [ZERO] * 7)
    active: int = ALL_ASPECTS

    def clone(self) -> SideState:
        return SideState(list(self.affliction), list(self.combust), list(self.save_used), list(self.carry), self.active)

    def summary(self) -> dict[str, Any]:
        """Affliction of all seven planets and every combust one (the what-if "after" shape)."""
        return side_summary(self.affliction, self.combust)

    def to_json(self) -> dict[str, Any]:
        return {
            **self.summary(),
            "exaltation_save_used": [p for p, c in zip(PLANETS, self.save_used, strict=True) if c],
            "carry": {p: str(c) for p, c in zip(PLANETS, self.carry, strict=True)},
            "active": self.active,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SideState:
        return cls(
            [int(data["affliction"][p]) for p in PLANETS],
            [p in data["combust"] for p in PLANETS],
            [p in data["exaltation_save_used"] for p in PLANETS],
            [Fraction(data["carry"][p]) for p in PLANETS],
            int(data["active"]),
        )


# --------------------------------------------------------------------------------------------------------
# Pieces of the resolution (cached: they depend only on small integers)
# --------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _degraded(value: int, affliction: int) -> Fraction:
    """stat × max(0, 1 − A/10) (000 §13a "Affliction Degrades Stats")."""
    return Fraction(value * max(0, 10 - affliction), 10)


@lru_cache(maxsize=4096)
def _crit_chance(luck: int, affliction: int, mode: str, degradation: bool) -> Fraction:
    # 000 §13a "Luck" / ref §2: effective (degraded) luck × 8%, cap 40%; 001 §7: luck × 10%, no cap.
    effective = _degraded(luck, affliction) if degradation else Fraction(luck)
    chance = effective * CRIT_PER_LUCK[mode]
    cap = CRIT_CAP[mode]
    return min(chance, cap) if cap is not None else chance


def crit_chance(cfg: Config, profile: Profile, state: SideState, i: int) -> Fraction:
    if state.combust[i]:  # 001 §4: a combust planet's stats are all 0
        return ZERO
    return _crit_chance(profile.stats[i].luck, state.affliction[i], cfg.crit, cfg.degradation)


@lru_cache(maxsize=4096)
def _fraction_text(numerator: int, denominator: int) -> str:
    return str(numerator) if denominator == 1 else f"{numerator}/{denominator}"


def fraction_text(x: Fraction) -> str:
    """``str(x)`` of an exact amount, cached on its integers (events show every amount)."""
    return _fraction_text(x.numerator, x.denominator)


@lru_cache(maxsize=1024)
def _as_float(x: Fraction) -> float:
    return float(x)


@lru_cache(maxsize=16384)
def _output(stat: int, affliction: int, pol: str, out_mod: str, in_mod: str, crit: bool, cfg_key: tuple) -> Fraction:
    degradation, modality = cfg_key
    # one numerator and one denominator multiplied through, reduced once at the end
    degraded = _degraded(stat, affliction) if degradation else None  # 000 §13a / 001 §4
    num, den = (degraded.numerator, degraded.denominator) if degraded is not None else (stat, 1)
    if pol == "friction":
        num, den = num * FRICTION_FACTOR.numerator, den * FRICTION_FACTOR.denominator  # 000 §13a, 001 §6: half
    if modality:
        out, inc = OUTGOING[out_mod], INCOMING[in_mod]  # 000 §13a "Modality": they stack
        num, den = num * out.numerator * inc.numerator, den * out.denominator * inc.denominator
    if crit:
        num, den = num * CRIT_FACTOR.numerator, den * CRIT_FACTOR.denominator  # ref §2: doubles all three
    return Fraction(num, den)


def output(
    cfg: Config, sender: Profile, s_state: SideState, si: int, receiver: Profile, ri: int, pol: str, crit: bool
) -> Fraction:
    """What ``sender``'s planet ``si`` sends to ``receiver``'s planet ``ri`` (000 §13a step 4, 001 §6)."""
    if s_state.combust[si]:  # ref §2: a combust planet deals and heals nothing
        return ZERO
    st = sender.stats[si]
    stat = st.healing if pol == "testimony" else st.damage
    return _output(
        stat,
        s_state.affliction[si],
        pol,
        SIGN_MODALITY[sender.signs[si]],
        SIGN_MODALITY[receiver.signs[ri]],
        crit,
        (cfg.degradation, cfg.modality),
    )


@lru_cache(maxsize=65536)
def _carry_step(rn: int, rd: int, cn: int, cd: int) -> tuple[int, Fraction]:
    """ref §3: eff = max(0, raw + carry); applied = floor(eff + 1/2); carry' = eff − applied."""
    eff = Fraction(rn, rd) + Fraction(cn, cd)
    if eff < 0:
        eff = ZERO
    applied = round_half_up(eff)
    return applied, eff - applied


def quantize(cfg: Config, state: SideState, i: int, raw: Fraction, testimony: bool) -> tuple[int, int, Fraction]:
    """(delta, applied, next carry) of applying ``raw`` to planet ``i``, without changing anything.

    ``delta`` is the change of affliction (negative for testimony, after clamping at 0); ``applied`` is the
    integer amount before clamping (the ``design`` propagation base).
    """
    carry = state.carry[i]
    if state.combust[i]:  # ref §2/§3: combust planets receive nothing; their carry is untouched
        return 0, 0, carry
    old = state.affliction[i]
    if cfg.carry:
        if raw <= 0:  # ref §3: raw ≤ 0 leaves the carry untouched
            return 0, 0, carry
        # cached on integer pairs: hashing a Fraction is slow in the hot loop
        applied, carry = _carry_step(raw.numerator, raw.denominator, carry.numerator, carry.denominator)
    else:
        applied = round_half_up(raw)  # ref §2: half up when applied
    if testimony:
        new = old - applied
        if new < 0:
            new = 0
            if cfg.carry:
                carry = ZERO  # 001 §9, ref §3: a clamped heal banks no carry
    else:
        new = old + applied
    return new - old, applied, carry


def apply_amount(cfg: Config, state: SideState, i: int, raw: Fraction, testimony: bool) -> tuple[int, int]:
    delta, applied, carry = quantize(cfg, state, i, raw, testimony)
    state.affliction[i] += delta
    state.carry[i] = carry
    return delta, applied


def threshold(cfg: Config, profile: Profile, i: int) -> int:
    """T = 10 × (base + buff durability), +1 durability in sect under ``sect=durability`` (000 §11, 001 §8)."""
    durability = profile.stats[i].durability
    if cfg.sect_durability and profile.teams[i] == profile.sect:
        durability += 1
    return THRESHOLD_PER_DURABILITY * durability


@lru_cache(maxsize=8192)
def combust_ratio(affliction: int, thresh: int) -> Fraction:
    return min(Fraction(1), Fraction(affliction, thresh))  # 000 §11: r = min(1, A / T)


def combust_probability_exact(dig: str, affliction: int, thresh: int) -> Fraction | None:
    """P by dignity curve (000 §11): r² domicile, r exaltation/neutral, min(½, r) detriment; None for fall (√r)."""
    r = combust_ratio(affliction, thresh)
    if dig == "domicile":
        return r * r
    if dig == "detriment":
        return min(DETRIMENT_CAP, r)
    if dig == "fall":
        return None
    return r


@lru_cache(maxsize=16384)
def _curve(dig: str, affliction: int, thresh: int) -> tuple[float, Fraction | None, Fraction]:
    exact = combust_probability_exact(dig, affliction, thresh)
    r = combust_ratio(affliction, thresh)
    return (float(exact) if exact is not None else math.sqrt(r)), exact, r


def combust_probability(dig: str, affliction: int, thresh: int) -> float:
    """P as a float, for people and reports (the decision itself is exact: ``combusts``)."""
    return _curve(dig, affliction, thresh)[0]


_MARGIN = 1e-9  # far wider than float error on P; inside it the comparison is made exactly


def below(roll: float, exact: Fraction, approx: float) -> bool:
    """roll < exact, exactly, with a float fast path away from the boundary."""
    if roll < approx - _MARGIN:
        return True
    if roll > approx + _MARGIN:
        return False
    return Fraction(roll) < exact


def combusts(dig: str, affliction: int, thresh: int, roll: float) -> bool:
    """roll < P, exactly (ref §2: strictly less). For fall, roll < √r ⇔ roll² < r."""
    return roll_hits(_curve(dig, affliction, thresh), roll)


def roll_hits(curve: tuple[float, Fraction | None, Fraction], roll: float) -> bool:
    """roll < P for a combustion curve ``(P as a float, P exactly or None for fall, r)``, exactly."""
    approx, exact, r = curve
    if roll < approx - _MARGIN:
        return True
    if roll > approx + _MARGIN:
        return False
    if exact is None:
        u = Fraction(roll)
        return u * u < r
    return Fraction(roll) < exact


@lru_cache(maxsize=8192)
def _propagated(bn: int, bd: int, aspect: str, amplified: bool) -> tuple[Fraction, bool]:
    mult = ASPECT_MULTIPLIER[aspect]
    if amplified:
        mult *= SAME_SECT_FACTOR  # 000 §4 table: same-sect ×1.25
    return abs(Fraction(bn, bd) * mult), mult < 0  # 000 §4: magnitude |base × multiplier|; negative inverts


# --------------------------------------------------------------------------------------------------------
# The turn
# --------------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Check:
    side: str
    planet: str
    affliction: int
    threshold: int
    dignity: str
    probability: float
    roll: float
    combusted: bool
    saved: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "planet": self.planet,
            "affliction": self.affliction,
            "threshold": self.threshold,
            "dignity": self.dignity,
            "probability": self.probability,
            "roll": self.roll,
            "combusted": self.combusted,
            "saved": self.saved,
        }


@dataclass(slots=True)
class Step:
    side: str
    source: str
    target: str
    aspect: str
    polarity: str
    amount: Fraction
    delta: int

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "from": self.source,
            "to": self.target,
            "aspect": self.aspect,
            "polarity": self.polarity,
            "delta": self.delta,
            "amount": fraction_text(self.amount),
        }


@dataclass(slots=True)
class Direct:
    planet: str
    polarity: str
    amount: Fraction  # exact amount received, before rounding
    applied: int  # rounded (or carry-quantized) amount, before clamping
    delta: int  # change of affliction

    def to_json(self) -> dict[str, Any]:
        return {
            "planet": self.planet,
            "delta": self.delta,
            "amount": fraction_text(self.amount),
            "applied": self.applied,
        }


@dataclass(slots=True)
class TurnResult:
    polarity: str
    chances: tuple[Fraction, Fraction]
    rolls: tuple[float, float]
    crits: tuple[bool, bool]
    direct: tuple[Direct, Direct]
    propagation: list[Step]
    checks: list[Check]

    @property
    def combusted(self) -> list[tuple[str, str]]:
        return [(c.side, c.planet) for c in self.checks if c.combusted]

    @property
    def saves(self) -> list[tuple[str, str]]:
        return [(c.side, c.planet) for c in self.checks if c.saved]

    def deltas(self) -> list[int]:
        return [self.direct[0].delta, self.direct[1].delta, *(s.delta for s in self.propagation)]

    @property
    def score(self) -> tuple[int, int]:
        """(turnAffliction, turnTestimony) of 001 §13 Distance: positive deltas, |negative| deltas."""
        affliction = testimony = 0
        for d in self.deltas():
            if d > 0:
                affliction += d
            else:
                testimony -= d
        return affliction, testimony

    def to_json(self) -> dict[str, Any]:
        affliction, testimony = self.score
        return {
            "polarity": self.polarity,
            "crits": {"player": self.crits[0], "opponent": self.crits[1]},
            "crit_chances": {"player": float(self.chances[0]), "opponent": float(self.chances[1])},
            "crit_rolls": {"player": self.rolls[0], "opponent": self.rolls[1]},
            "direct": {"player": self.direct[0].to_json(), "opponent": self.direct[1].to_json()},
            "propagation": [s.to_json() for s in self.propagation],
            "combustion_checks": [c.to_json() for c in self.checks],
            "combusted": [{"side": s, "planet": p} for s, p in self.combusted],
            "exaltation_saves": [{"side": s, "planet": p} for s, p in self.saves],
            "score": {"affliction": affliction, "testimony": testimony, "turn": affliction + testimony},
        }


def __getattr__(name: str) -> Any:
    """``resolve_turn`` lives in ``turn`` (it runs the turn on whole units and imports this module's pieces);
    it is still importable from here (PEP 562)."""
    if name == "resolve_turn":
        from gamewright.games.prince.turn import resolve_turn

        return resolve_turn
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --------------------------------------------------------------------------------------------------------
# Predictions for a person choosing a planet
# --------------------------------------------------------------------------------------------------------


def _risk_after(cfg: Config, profile: Profile, state: SideState, i: int, raw: Fraction, testimony: bool) -> float:
    """Probability the planet combusts from this direct amount alone (0 if its exaltation save is unspent)."""
    delta, _, _ = quantize(cfg, state, i, raw, testimony)
    if delta <= 0:
        return 0.0
    dig = profile.dignities[i]
    if dig == "exaltation" and not state.save_used[i]:
        return 0.0
    return combust_probability(dig, state.affliction[i] + delta, threshold(cfg, profile, i))


def predict(
    cfg: Config,
    profiles: tuple[Profile, Profile],
    states: tuple[SideState, SideState],
    acting: tuple[int, int],
) -> dict[str, Any]:
    """The matchup a person weighs before sending planet ``acting[0]`` against ``acting[1]`` (ref §4)."""
    pp, op = profiles
    ps, os_ = states
    pi, oi = acting
    pol = polarity(pp.signs[pi], op.signs[oi])
    testimony = pol == "testimony"
    mine, theirs = crit_chance(cfg, pp, ps, pi), crit_chance(cfg, op, os_, oi)
    out = [output(cfg, pp, ps, pi, op, oi, pol, c) for c in (False, True)]
    inc = [output(cfg, op, os_, oi, pp, pi, pol, c) for c in (False, True)]
    out_applied = [quantize(cfg, os_, oi, x, testimony)[1] for x in out]
    in_applied = [quantize(cfg, ps, pi, x, testimony)[1] for x in inc]
    risk = (1 - float(theirs)) * _risk_after(cfg, pp, ps, pi, inc[0], testimony) + float(theirs) * _risk_after(
        cfg, pp, ps, pi, inc[1], testimony
    )
    their_risk = (1 - float(mine)) * _risk_after(cfg, op, os_, oi, out[0], testimony) + float(mine) * _risk_after(
        cfg, op, os_, oi, out[1], testimony
    )
    return {
        "planet": PLANETS[pi],
        "opponent_planet": PLANETS[oi],
        "polarity": pol,
        "outgoing": {"amount": str(out[0]), "applied": out_applied[0], "crit_applied": out_applied[1]},
        "incoming": {"amount": str(inc[0]), "applied": in_applied[0], "crit_applied": in_applied[1]},
        "crit_chance": {"player": float(mine), "opponent": float(theirs)},
        "combustion_risk": risk,
        "opponent_combustion_risk": their_risk,
        "expected_outgoing": float((1 - mine) * out_applied[0] + mine * out_applied[1]),
        "expected_incoming": float((1 - theirs) * in_applied[0] + theirs * in_applied[1]),
    }
