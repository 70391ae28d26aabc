"""What sending a planet will do, before it is sent: the exact distribution over the turn's chance outcomes.

The turn is resolved by ``resolve_turn`` itself, on copies of both sides, once per chance branch with scripted
draws: a draw of 0.0 is a hit (a crit, a combustion) whenever its chance is above 0, a draw just below 1 a miss
whenever its chance is below 1. Branch weights come from the chances the resolution reports (its crit chances and
each check's affliction, threshold and dignity), so there is no second copy of the rules.

Only four draws can change what follows (ref §2 "Crit", 000 §13a steps 6–7): the two crit rolls and the checks of
the two acting planets (a combust acting planet propagates nothing). Every later check is of a propagation
target, hit at most once a turn, and changes nothing after it (see ``resolve``); given the branch, each combusts
independently with its own chance. So a turn has at most 16 branches, and each is resolved twice: all later
checks missing, then all hitting (to learn which hits an exaltation save would absorb).

Everything read is what the player sees when choosing: both charts, both sides' condition and the opponent
planet already sent this turn (000 §13). The opponent's planets still to come, the seed and the random streams
are not read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamewright.core.dice import fraction_text
from gamewright.core.rng import ScriptedRng
from gamewright.games.prince.options import Config
from gamewright.games.prince.resolve import (
    Check,
    Profile,
    SideState,
    TurnResult,
    combust_probability_exact,
    combust_ratio,
)
from gamewright.games.prince.tables import PLANETS
from gamewright.games.prince.turn import resolve_turn

HIT = 0.0  # below every chance above 0
MISS = 1.0 - 2.0**-53  # the largest draw: below a chance only when that chance is 1
SQRT_BITS = 64  # √r of a fall planet is irrational in general: given to 2⁻⁶⁴ and marked inexact


@dataclass(frozen=True, slots=True)
class Chance:
    """A probability, exact unless a fall planet's √r entered it (then within 2⁻⁶⁴ per factor)."""

    value: Fraction
    exact: bool = True

    def __mul__(self, other: Chance) -> Chance:
        return Chance(self.value * other.value, self.exact and other.exact)

    def complement(self) -> Chance:
        return Chance(1 - self.value, self.exact)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"p": fraction_text(self.value), "float": float(self.value)}
        if not self.exact:
            data["exact"] = False
        return data


ONE = Chance(Fraction(1))
ZERO = Chance(Fraction(0))


def add(a: Chance, b: Chance) -> Chance:
    return Chance(a.value + b.value, a.exact and b.exact)


def check_chance(check: Check) -> Chance:
    """P of a combustion check by its dignity curve (000 §11); fall's √r exactly when r is a rational square."""
    exact = combust_probability_exact(check.dignity, check.affliction, check.threshold)
    if exact is not None:
        return Chance(exact)
    r = combust_ratio(check.affliction, check.threshold)
    n, d = r.numerator, r.denominator
    if math.isqrt(n) ** 2 == n and math.isqrt(d) ** 2 == d:
        return Chance(Fraction(math.isqrt(n), math.isqrt(d)))
    scale = 2**SQRT_BITS
    return Chance(Fraction(math.isqrt(n * d * scale * scale), d * scale), exact=False)


def _draw_chances(result: TurnResult) -> list[Chance]:
    """The hit chance of every draw the turn made, in draw order: the two crits, then each check."""
    return [Chance(min(Fraction(1), c)) for c in result.chances] + [check_chance(c) for c in result.checks]


def _hits(result: TurnResult) -> list[bool]:
    return [*result.crits, *(c.combusted or c.saved for c in result.checks)]


def _structural(result: TurnResult, acting: tuple[str, str]) -> int:
    """How many leading draws can change the rest of the turn: both crits and the acting planets' checks."""
    n = 2
    for c in result.checks:
        if c.planet != acting[0 if c.side == "player" else 1]:
            break
        n += 1
    return n


@dataclass(slots=True)
class Branch:
    """One branch: its chance, the resolution with later checks missing, and each later check's P(combust)."""

    chance: Chance
    result: TurnResult
    later: dict[tuple[str, str], Chance]


def branches(
    cfg: Config, profiles: tuple[Profile, Profile], states: tuple[SideState, SideState], acting: tuple[int, int]
) -> list[Branch]:
    """Every branch of the turn with a chance above 0 (the states are not changed)."""
    names = (PLANETS[acting[0]], PLANETS[acting[1]])

    def resolve(intent: list[bool], rest: float) -> TurnResult:
        rng = ScriptedRng([*(HIT if hit else MISS for hit in intent), rest], repeat_last=True)
        return resolve_turn(cfg, profiles, (states[0].clone(), states[1].clone()), acting, rng)

    out: list[Branch] = []
    pending: list[list[bool]] = [[]]
    while pending:
        intent = pending.pop()
        result = resolve(intent, MISS)
        seen = _hits(result)
        if seen[: len(intent)] != intent:
            continue  # a hit was asked for where the chance is 0: no such branch
        n = _structural(result, names)
        chances = _draw_chances(result)
        # each structural draw that missed by default could have hit (if its chance is above 0): another branch
        pending.extend(seen[:k] + [True] for k in range(len(intent), n) if not seen[k] and chances[k].value > 0)
        weight = ONE
        for hit, chance in zip(seen[:n], chances[:n], strict=True):
            weight = weight * (chance if hit else chance.complement())
        if weight.value == 0:
            continue
        later_checks = result.checks[n - 2 :]
        all_hit = resolve(seen[:n], HIT) if later_checks else result
        burns = {(c.side, c.planet): c.combusted for c in all_hit.checks[n - 2 :]}
        later = {
            (c.side, c.planet): chance if burns.get((c.side, c.planet), False) else ZERO
            for c, chance in zip(later_checks, chances[n:], strict=True)
        }
        out.append(Branch(weight, result, later))
    return out


def summarize(found: list[Branch], acting: tuple[int, int]) -> dict[str, Any]:
    """The preview's game-specific keys from the branches of one turn."""
    combustion: dict[str, dict[str, Chance]] = {"player": {}, "opponent": {}}
    changes: dict[str, dict[str, dict[int, Chance]]] = {"player": {}, "opponent": {}}
    expected = Chance(Fraction(0))
    crit = [ZERO, ZERO]
    spread = ZERO
    outcomes = []
    per_branch = [_deltas(b.result) for b in found]
    touched = {key for deltas in per_branch for key in deltas}
    for b, deltas in zip(found, per_branch, strict=True):
        r = b.result
        for side, planet in touched:
            # 000 §13a step 7: a combust acting planet propagates nothing, so in its branches the planets that
            # propagation reaches elsewhere keep their affliction (a change of 0): each planet's changes sum to 1
            d = deltas.get((side, planet), 0)
            bucket = changes[side].setdefault(planet, {})
            bucket[d] = add(bucket.get(d, ZERO), b.chance)
        certain = {(c.side, c.planet) for c in r.checks if c.combusted}
        for side, planet in {*certain, *b.later}:
            p = ONE if (side, planet) in certain else b.later[(side, planet)]
            combustion[side][planet] = add(combustion[side].get(planet, ZERO), b.chance * p)
        spread = add(spread, b.chance * _spread(b, certain, PLANETS[acting[0]]))
        score = sum(r.score)
        expected = add(expected, b.chance * Chance(Fraction(score)))
        crit = [add(crit[k], b.chance) if r.crits[k] else crit[k] for k in range(2)]
        outcomes.append(
            {
                "p": b.chance.to_json(),
                "crits": {"player": r.crits[0], "opponent": r.crits[1]},
                "combusted": [{"side": s, "planet": p} for s, p in sorted(certain)],
                "saved": [{"side": s, "planet": p} for s, p in r.saves],
                "changes": {
                    side: {p: d for (s, p), d in deltas.items() if s == side} for side in ("player", "opponent")
                },
                "later_checks": [{"side": s, "planet": p, "combusts": c.to_json()} for (s, p), c in b.later.items()],
                "score": score,
            }
        )
    return {
        "polarity": found[0].result.polarity if found else None,
        "crit_chance": {"player": crit[0].to_json(), "opponent": crit[1].to_json()},
        "outcomes": outcomes,
        "affliction_change": {
            side: {
                p: [{"delta": d, **c.to_json()} for d, c in sorted(by.items())]
                for p, by in sorted(planets.items(), key=lambda kv: PLANETS.index(kv[0]))
            }
            for side, planets in changes.items()
        },
        "combustion": {
            side: {p: c.to_json() for p, c in sorted(by.items(), key=lambda kv: PLANETS.index(kv[0]))}
            for side, by in combustion.items()
        },
        "propagation_risk": spread.to_json(),
        "expected_score": {"value": fraction_text(expected.value), "float": float(expected.value)},
    }


def _spread(b: Branch, certain: set[tuple[str, str]], sent: str) -> Chance:
    """P(at least one of your planets other than the sent one combusts) in this branch: 000 §4 propagation
    carries the exchange to them through the sent planet's active aspects; their checks are independent."""
    if any(side == "player" and planet != sent for side, planet in certain):
        return ONE
    spared = ONE
    for (side, planet), chance in b.later.items():
        if side == "player" and planet != sent:
            spared = spared * chance.complement()
    return spared.complement()


def _deltas(result: TurnResult) -> dict[tuple[str, str], int]:
    """Each planet's change of affliction in the turn (a planet is hit at most once per side a turn)."""
    out = {("player", result.direct[0].planet): result.direct[0].delta}
    out[("opponent", result.direct[1].planet)] = result.direct[1].delta
    for s in result.propagation:
        out[(s.side, s.target)] = out.get((s.side, s.target), 0) + s.delta
    return out
