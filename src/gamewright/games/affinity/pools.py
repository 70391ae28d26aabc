"""Action pools and their exact odds: d6 pools at a tier threshold, 6s worth two, 1s on exertion dice burning HD.

Everything here is exact (``Fraction``) and built on ``gamewright.core.dice``. A pool is a number of *safe* dice
(proficiency, bonus, support, Affinity, help dice: 1s cost nothing) and a number of *exertion* dice (1s burn one
body HD each). The joint distribution is over ``(successes, burned)``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from gamewright.core.dice import Dist, die
from gamewright.core.errors import ConfigError

# 003 "Action Tiers": the success threshold of each tier.
TIERS: dict[str, int] = {"basic": 2, "advanced": 3, "expert": 4, "legendary": 5, "ultimate": 6}
TIER_ORDER: tuple[str, ...] = ("trivial", "basic", "advanced", "expert", "legendary", "ultimate", "mythical")
# 003 "Exertion Minimums" (ref §1).
MIN_EXERTION: dict[str, int] = {"basic": 0, "advanced": 0, "expert": 1, "legendary": 2, "ultimate": 3}
# 003 "Defense": a defence die survives (cancels a point) on 5+, whatever its size.
DEFENCE_TARGET = 5


def tier_threshold(tier: str) -> int:
    try:
        return TIERS[tier]
    except KeyError:
        raise ConfigError(f"unknown tier {tier!r}; choose one of: {', '.join(TIERS)}") from None


EXPERT_TIERS = frozenset({"expert", "legendary", "ultimate"})  # 003: one per turn, Resolve-gated


def is_expert_or_higher(tier: str) -> bool:
    return tier in EXPERT_TIERS


def check_threshold(threshold: int) -> int:
    if not isinstance(threshold, int) or not 2 <= threshold <= 6:
        raise ConfigError(f"a threshold is a face from 2 to 6 (2+ Basic … 6 Ultimate), not {threshold!r}")
    return threshold


def face_successes(face: int, threshold: int) -> int:
    """003 "Success Rules": at or above the threshold is one success, a 6 is two (ref §1)."""
    if face == 6:
        return 2
    return 1 if face >= threshold else 0


@cache
def action_die(threshold: int, exertion: bool) -> Dist:
    """One d6 of an action pool as a joint ``(successes, burned)`` outcome."""
    check_threshold(threshold)
    return die(6).map(lambda f: (face_successes(f, threshold), 1 if exertion and f == 1 else 0))


@cache
def pool_joint(safe: int, exertion: int, threshold: int) -> Dist:
    """The exact joint distribution of ``(successes, HD burned)`` for a pool.

    Counted in integers (ways out of 6ⁿ) and divided once. ``b`` burns are ``b`` of the exertion dice showing
    1 (C(exertion, b) ways); the other dice then count successes only, so the ways of ``(s, b)`` are C(exertion,
    b) × the ``s`` coefficient of P^safe · Q^(exertion − b), where P counts a safe die's faces by successes and
    Q an exertion die's faces other than 1. Those products are kept per pool size and threshold, so a table of
    pools shares them and each distribution costs little more than its own outcomes."""
    if safe < 0 or exertion < 0:
        raise ConfigError("a pool cannot have a negative number of dice")
    check_threshold(threshold)
    rows = _success_rows(safe, threshold, exertion)
    burns = [comb(exertion, b) for b in range(exertion + 1)]
    ways = [((s, b), burns[b] * row[s]) for s in range(len(rows[exertion]))
            for b, row in enumerate(reversed(rows)) if s < len(row)]
    return Dist.from_ways(ways, 6 ** (safe + exertion), ordered=True)


def _success_rows(safe: int, threshold: int, upto: int) -> list[list[int]]:
    """Rows ``j`` = 0…``upto`` of P^safe · Q^j as coefficient lists (index = successes); grown on demand."""
    rows = _rows_of(safe, threshold)
    if not rows:
        rows.append(_safe_powers(threshold, safe)[safe])
    grow = _success_poly(threshold, True)
    while len(rows) <= upto:
        rows.append(_times(rows[-1], grow))
    return rows[: upto + 1]


@cache
def _rows_of(safe: int, threshold: int) -> list[list[int]]:
    return []  # filled by _success_rows: one growing list per (safe dice, threshold)


def _safe_powers(threshold: int, upto: int) -> list[list[int]]:
    """P^0 … P^upto for safe dice at ``threshold``; grown on demand."""
    powers = _powers_of(threshold)
    if not powers:
        powers.append([1])
    step = _success_poly(threshold, False)
    while len(powers) <= upto:
        powers.append(_times(powers[-1], step))
    return powers


@cache
def _powers_of(threshold: int) -> list[list[int]]:
    return []  # filled by _safe_powers


@cache
def _success_poly(threshold: int, exertion: bool) -> tuple[int, ...]:
    """How many faces of one d6 give 0, 1 and 2 successes (003 "Success Rules"); an exertion die's 1 is left
    out, it is counted as a burn."""
    counts = [0, 0, 0]
    for face in range(2 if exertion else 1, 7):
        counts[face_successes(face, threshold)] += 1
    return tuple(counts)


def _times(poly: list[int], step: tuple[int, ...]) -> list[int]:
    """Polynomial product of coefficient lists: one more die."""
    out = [0] * (len(poly) + len(step) - 1)
    for i, a in enumerate(poly):
        if a:
            for j, b in enumerate(step):
                out[i + j] += a * b
    return out


def successes_dist(safe: int, exertion: int, threshold: int) -> Dist:
    """Successes alone: an exertion die counts like a safe one, so the burn dimension is never built."""
    if safe < 0 or exertion < 0:
        raise ConfigError("a pool cannot have a negative number of dice")
    return pool_joint(safe + exertion, 0, threshold).marginal(0)


def burn_dist(exertion: int) -> Dist:
    return pool_joint(0, exertion, 2).marginal(1)


def prob_success(safe: int, exertion: int, threshold: int, required: int) -> Fraction:
    return successes_dist(safe, exertion, threshold).prob_at_least(required)


def expected_per_die(threshold: int) -> Fraction:
    """ref §2: 2+ 1, 3+ 5/6, 4+ 2/3, 5+ 1/2, 6 1/3."""
    return action_die(threshold, False).marginal(0).mean()


def odds(safe: int, exertion: int, threshold: int, required: int | None = None) -> dict[str, Any]:
    """Exact odds as Fractions: ``at_least`` (successes), ``expected``, ``success`` (if required), ``burn``."""
    check_threshold(threshold)
    if required is not None and required < 0:
        raise ConfigError(f"required successes cannot be negative (got {required})")
    joint = pool_joint(safe, exertion, threshold)
    succ = joint.marginal(0)
    out: dict[str, Any] = {"at_least": succ.at_least_table(), "expected": succ.mean()}
    if required is not None:
        out["success"] = succ.prob_at_least(required)
    if exertion:
        out["burn"] = dict(joint.marginal(1).items())
    return out


def damage(base: int, successes: int, required: int, proficiency: int) -> int:
    """003 "Damage Calculation": base + each success beyond the required, the bonus capped at Proficiency."""
    if successes < required:
        return 0
    return base + min(successes - required, proficiency)


def designer_grid(max_dice: int = 10, max_required: int = 5) -> list[dict[str, Any]]:
    """Every (dice, threshold, required) with safe dice only, easiest first (chance of success descending)."""
    rows: list[dict[str, Any]] = []
    for n in range(1, max_dice + 1):
        for threshold in range(2, 7):
            succ = successes_dist(n, 0, threshold)
            for required in range(1, max_required + 1):
                rows.append({"dice": n, "threshold": threshold, "required": required,
                             "success": succ.prob_at_least(required)})
    rows.sort(key=lambda r: (-r["success"], r["threshold"], r["required"], r["dice"]))
    return rows


# --- defence dice -------------------------------------------------------------------------------------------
def defence_survival(sides: int, target: int = DEFENCE_TARGET) -> Fraction:
    """Chance that one defence die of ``sides`` survives (ref §2: d4 0, d6 1/3, d8 1/2, d10 3/5, d12 2/3)."""
    if sides < 1:
        raise ConfigError(f"a die needs at least one side (got d{sides})")
    return die(sides).prob_at_least(target)


def defence_distribution(
    layers: list[tuple[int, int]], capacity: int, damage: int, target: int = DEFENCE_TARGET
) -> Dist:
    """Exact distribution of ``(dice lost, overflow)`` under the one-die-per-point rule (ref §1 "Defence").

    ``layers`` are ``(sides, count)`` outermost first.
    """
    outcomes = defence_outcomes(tuple((s, c, target) for s, c in layers), capacity, damage)
    total = sum(c for _, c in layers)
    return outcomes.map(lambda k: (total - sum(k[0]), k[1]))


def defence_outcomes(layers: tuple[tuple[int, int, int], ...], capacity: int, damage: int, bonus: int = 0
                     ) -> Dist:
    """Exact distribution of ``(dice left in each layer, overflow)`` after one attack (ref §1 "Defence").

    ``layers`` are ``(sides, count, survives on)`` outermost first. ``bonus`` extra d6 go first, each 5+
    cancelling a point. Only the ``capacity`` rolls branch (at most two new outcomes each); once they are used
    every remaining point destroys a die outright, so any damage is counted in closed form."""
    counts0 = tuple(c for _, c, _ in layers)
    keep = [Fraction(max(0, min(sides, sides - survive + 1)), sides) for sides, _, survive in layers]
    frontier: dict[tuple[tuple[int, ...], int], Fraction] = {}
    for cancelled, p in _bonus_cancels(bonus, damage).items():
        frontier[(counts0, damage - cancelled)] = p
    for _ in range(capacity):
        step: dict[tuple[tuple[int, ...], int], Fraction] = {}
        for (counts, left), p in frontier.items():
            outer = next((i for i, c in enumerate(counts) if c > 0), None)
            if left == 0 or outer is None:
                step[(counts, left)] = step.get((counts, left), Fraction(0)) + p
                continue
            q = keep[outer]
            lost = counts[:outer] + (counts[outer] - 1,) + counts[outer + 1:]
            for key, w in (((counts, left - 1), p * q), ((lost, left - 1), p * (1 - q))):
                if w:
                    step[key] = step.get(key, Fraction(0)) + w
        frontier = step
    out: dict[tuple[tuple[int, ...], int], Fraction] = {}
    for (counts, left), p in frontier.items():
        key = _strip(counts, left)
        out[key] = out.get(key, Fraction(0)) + p
    return Dist(out)


def _strip(counts: tuple[int, ...], left: int) -> tuple[tuple[int, ...], int]:
    """Unrolled points: each destroys the outermost die; what is left after every layer is overflow."""
    rest = list(counts)
    for i, c in enumerate(rest):
        take = min(c, left)
        rest[i] -= take
        left -= take
    return tuple(rest), left


def _bonus_cancels(bonus: int, damage: int) -> Dist:
    """Points cancelled by ``bonus`` extra d6 (5+ each), never more than the damage (rolling stops there)."""
    p = die(6).prob_at_least(DEFENCE_TARGET)
    return Dist({k: comb(bonus, k) * p**k * (1 - p) ** (bonus - k) for k in range(bonus + 1)}
                ).map(lambda k: min(k, damage))


# --- sampling -----------------------------------------------------------------------------------------------
def roll_pool(rng: Any, safe: int, exertion: int, threshold: int) -> tuple[int, int, list[int]]:
    """Roll a pool: ``(successes, burned, faces)`` with the safe dice first."""
    faces = [rng.die(6) for _ in range(safe + exertion)]
    burned = sum(1 for f in faces[safe:] if f == 1)
    return count_successes(faces, threshold), burned, faces


def count_successes(faces: list[int], threshold: int) -> int:
    """003 "Success Rules": a face at or above the threshold is one success, a 6 two."""
    return sum(2 if f == 6 else (1 if f >= threshold else 0) for f in faces)
