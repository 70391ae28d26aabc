"""One turn of every playing run at once (000 §13a steps 1–7, 001 §§5–11), the batch form of
``resolve.resolve_turn``: polarity, crits, magnitudes, application, the acting planets' checks, propagation.

The scalar engine draws its uniforms in order as checks happen; here every draw has a fixed slot of the run's
turn row (``streams``), which changes which number a check reads but not its law. A planet is hit at most once
a turn and a check never changes a later step (see ``resolve``), so the seven propagation targets of a side are
resolved together.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gamewright.games.prince.batch import streams as slot
from gamewright.games.prince.batch.arith import (
    FRICTION,
    TESTIMONY,
    UNIT,
    combust_probability,
    crit_chance,
    degradation,
    quantize,
    row_sum,
)
from gamewright.games.prince.batch.pool import EXALTATION, ChartPool
from gamewright.games.prince.options import Config
from gamewright.games.prince.resolution_tables import polarity
from gamewright.games.prince.tables import SIGN_MODALITY

# 000 §13a step 1: polarity of two signs (codes of ``arith``), and each sign's modality
POLARITY = np.array([[("testimony", "friction", "affliction").index(polarity(a, b)) for b in range(12)]
                     for a in range(12)], dtype=np.int64)
CARDINAL = np.array([m == "cardinal" for m in SIGN_MODALITY])
MUTABLE = np.array([m == "mutable" for m in SIGN_MODALITY])
PLANETS = np.arange(7)


@dataclass
class Side:
    """One side of every playing run: its chart (a pool index) and its planets' condition."""

    chart: np.ndarray  # (m,)
    affliction: np.ndarray  # (m, 7)
    combust: np.ndarray  # (m, 7) bool
    save_used: np.ndarray  # (m, 7) bool: the exaltation save is spent (000 §11)
    carry: np.ndarray  # (m, 7) in units (001 §9)

    @classmethod
    def fresh(cls, chart: np.ndarray) -> Side:
        m = len(chart)
        return cls(chart, np.zeros((m, 7), np.int32), np.zeros((m, 7), bool), np.zeros((m, 7), bool),
                   np.zeros((m, 7), np.int32))

    def reset(self, rows: np.ndarray, chart: np.ndarray) -> None:
        """A new chart with fresh planets for ``rows`` (ref §3: the opponent's condition resets each encounter)."""
        self.chart[rows] = chart
        at = ((rows * 7)[:, None] + PLANETS).reshape(-1)  # the rows' planets as flat indices: a faster write
        for planets in (self.affliction, self.combust, self.save_used, self.carry):
            flat(planets)[at] = 0

    def take(self, keep: np.ndarray) -> Side:
        return Side(self.chart[keep], self.affliction[keep], self.combust[keep], self.save_used[keep],
                    self.carry[keep])


def flat(array: np.ndarray) -> np.ndarray:
    """A (…, 7) array as one axis (a view), read with indices ``row * 7 + planet``."""
    return array.reshape(-1)


def check(rules: Rules, side: Side, rows: np.ndarray, planets: np.ndarray, roll: np.ndarray) -> np.ndarray:
    """Combustion checks (000 §11, 001 §11) of planet ``planets[k]`` of run ``rows[k]``: roll < P; an unspent
    exaltation save turns the first hit into survival. Updates the side; returns the flat indices of the planets
    that combusted."""
    return check_at(rules, side, rows * 7 + planets, side.chart.take(rows) * 7 + planets, roll)


def check_at(rules: Rules, side: Side, at: np.ndarray, of_chart: np.ndarray, roll: np.ndarray) -> np.ndarray:
    """``check`` of the planets at flat indices ``at`` of the side (``row * 7 + planet``), ``of_chart`` the same
    planets in the pool (``chart * 7 + planet``). (``take`` gathers far faster than fancy indexing.)"""
    if not len(at):
        return at
    hit = np.flatnonzero(roll < rules.tables.combust_probability(of_chart, flat(side.affliction).take(at)))
    at = at.take(hit)
    saved = rules.tables.exalted.take(of_chart.take(hit))
    saved &= ~flat(side.save_used).take(at)
    flat(side.save_used)[at[saved]] = True
    burned = at[~saved]
    flat(side.combust)[burned] = True
    return burned


DEGRADED = 11  # affliction 0…10 and above (000 §13a: from 10 on a stat is fully degraded)


@dataclass(frozen=True)
class Tables:
    """What a turn reads per pool planet (index ``chart * 7 + planet``), flat and in small integers (a turn
    gathers from them at random: small tables stay in cache), and the small tables those index, computed by the
    very operations of ``arith`` (so the same numbers)."""

    sign: np.ndarray  # (P * 7,) int16
    sign12: np.ndarray  # (P * 7,) int16, sign × 12: a sign pair is ``sign12[player] + sign[opponent]``
    # (P * 7,) int16, luck × DEGRADED: the row of ``crit`` (ref §2, 001 §7) to read at min(A, 10)
    luck: np.ndarray
    crit: np.ndarray  # (luck * DEGRADED,) float64
    # (2 * P * 7,) int16, the stat sent × DEGRADED (damage, then healing: row ``testimony * P * 7 + planet``)
    stat: np.ndarray
    sent: np.ndarray  # (stat * DEGRADED,) int32: stat × degradation at min(A, 10) (000 §13a)
    # (2 * 144,) int32 per sign pair: friction halves (×16 or ×8) × modality, sent to the opponent, then to
    # the player
    factor: np.ndarray
    burn: np.ndarray  # (5 * (T + 1) * (T + 1),) float64 ``combust_probability`` by dignity, T and A ≤ T
    burn_row: np.ndarray  # (P * 7,) int32: where a planet's row of ``burn`` starts (its dignity and threshold)
    threshold: np.ndarray  # (P * 7,) int16
    exalted: np.ndarray  # (P * 7,) bool: the planet has an exaltation save (000 §11)

    @classmethod
    def of(cls, cfg: Config, pool: ChartPool, threshold: np.ndarray) -> Tables:
        a = np.arange(DEGRADED)
        luck = np.arange(int(pool.luck.max()) + 1)
        stat = np.arange(int(pool.healing_or_damage.max()) + 1)
        # 000 §13a step 4, 001 §6: friction sends half (in sixteenths), modality ×(1 + ¼ cardinal sender) ×
        # (1 + ¼ mutable receiver) (in sixteenths) — the factors of ``arith.output``
        ps, os = np.divmod(np.arange(144), 12)
        half = 16 - 8 * (POLARITY.reshape(-1) == FRICTION)
        to_opponent = half * ((4 + CARDINAL[ps]) * (4 + MUTABLE[os]) if cfg.modality else 16)
        to_player = half * ((4 + CARDINAL[os]) * (4 + MUTABLE[ps]) if cfg.modality else 16)
        # every (dignity, T, A ≤ T) up to the pool's largest threshold; T = 0 never occurs (durability ≥ 1)
        size = int(threshold.max()) + 1
        dignity, t, affliction = np.ix_(np.arange(5), np.arange(size), np.arange(size))
        burn = combust_probability(dignity, affliction, np.maximum(t, 1))
        dignities = flat(pool.dignity)
        sign = flat(pool.sign).astype(np.int16)
        return cls(sign, sign * 12, (flat(pool.luck) * DEGRADED).astype(np.int16),
                   crit_chance(cfg, luck[:, None], a).reshape(-1),
                   (flat(pool.healing_or_damage) * DEGRADED).astype(np.int16),
                   (stat[:, None] * degradation(cfg, a)).reshape(-1).astype(np.int32),
                   np.concatenate([to_opponent, to_player]).astype(np.int32), burn.reshape(-1),
                   ((dignities * size + flat(threshold)) * size).astype(np.int32), flat(threshold).astype(np.int16),
                   dignities == EXALTATION)

    def combust_probability(self, of: np.ndarray, affliction: np.ndarray) -> np.ndarray:
        """``arith.combust_probability`` of pool planets ``of`` at ``affliction``: read from ``burn``, affliction
        past the threshold as at it (r = 1 either way)."""
        return self.burn.take(self.burn_row.take(of) + np.minimum(affliction, self.threshold.take(of)))


@dataclass
class Rules:
    """A configuration with the pool's per-chart tables it reads (some depend on the options)."""

    cfg: Config
    pool: ChartPool
    threshold: np.ndarray  # (P, 7)
    spread: np.ndarray  # (P * 7, 7): signed eighths from chart c's planet i (row c * 7 + i) to each planet
    # (2 * P * 7, 7): ``spread``, then its negation: row ``testimony * P * 7 + c * 7 + i`` is negative where the
    # change heals (testimony heals, an inverting aspect flips it), so one gather gives both without a row loop
    signed: np.ndarray
    tables: Tables

    @classmethod
    def of(cls, cfg: Config, pool: ChartPool) -> Rules:
        size = pool.aspect
        if cfg.sect_amplifies:  # 000 §4a: same-sect aspects ×1.25 under sect=propagation
            size = np.where(pool.same_team, size * 5 // 4, size)
        threshold = pool.thresholds(cfg)
        # int8: at most ±10 eighths, so a row gathered per run and turn is 7 bytes
        spread = size.reshape(-1, 7).astype(np.int8)
        return cls(cfg, pool, threshold, spread, np.concatenate([spread, -spread]), Tables.of(cfg, pool, threshold))

    def propagation(self, chart: np.ndarray, acting: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(|multiplier| in eighths, inverted) from ``acting`` to each planet (…, 7): the 000 §4 table's base
        multiplier, amplified per ``Rules.of``; 0 where there is no major aspect."""
        eighths = self.spread[chart * 7 + acting]
        return np.abs(eighths), eighths < 0


def resolve(rules: Rules, player: Side, opponent: Side, pi: np.ndarray, oi: np.ndarray,
            u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Resolve a turn in place for every run (player planet ``pi`` against ``oi``, uniforms ``u``): the turn's
    score (001 §13: every affliction change, up or down) and which of the player's planets combusted."""
    score, p_burned, _ = resolve_sparse(rules, player, opponent, pi, oi, u)
    burned = np.zeros((len(pi), 7), bool)
    flat(burned)[p_burned] = True
    return score, burned


def resolve_sparse(rules: Rules, player: Side, opponent: Side, pi: np.ndarray, oi: np.ndarray, u: np.ndarray,
                   changes: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``resolve`` with the combustions as flat indices (``row * 7 + planet``): (score, the player's, the
    opponent's). With ``changes`` ((m, 7) int32), the propagated changes' part of the score is added there per
    planet instead of to the score (summing rows is a row loop: the engine sums a run's once, when it ends).
    Gathers are ``take`` on flat arrays: far faster than fancy indexing."""
    cfg = rules.cfg
    m = len(pi)
    u = np.ascontiguousarray(u)
    u_flat = u.reshape(-1)
    rows7 = np.arange(0, 7 * m, 7)
    p_at, o_at = rows7 + pi, rows7 + oi  # flat indices of the acting planets …
    p_of, o_of = player.chart * 7 + pi, opponent.chart * 7 + oi  # … and of them in the pool
    tables = rules.tables
    pair = tables.sign12.take(p_of) + tables.sign.take(o_of)  # the two signs
    pol = flat(POLARITY).take(pair)  # step 1
    testimony = pol == TESTIMONY
    # step 2: both crits (ref §2), by the acting planets' start-of-turn affliction (tables: min(A, 10))
    p_before, o_before = flat(player.affliction).take(p_at), flat(opponent.affliction).take(o_at)
    p_degraded, o_degraded = np.minimum(p_before, DEGRADED - 1), np.minimum(o_before, DEGRADED - 1)
    p_crit = u[:, slot.CRIT_P] < tables.crit.take(tables.luck.take(p_of) + p_degraded)
    o_crit = u[:, slot.CRIT_O] < tables.crit.take(tables.luck.take(o_of) + o_degraded)
    # steps 3–4 from start-of-turn affliction; testimony sends healing, the rest damage; a crit doubles
    healing = testimony * len(tables.sign)
    to_opponent = tables.sent.take(tables.stat.take(healing + p_of) + p_degraded) * tables.factor.take(pair)
    to_opponent += to_opponent * p_crit
    to_player = tables.sent.take(tables.stat.take(healing + o_of) + o_degraded) * tables.factor.take(pair + 144)
    to_player += to_player * o_crit
    score = np.zeros(m, np.int32)
    burned = []
    for side, at, of, units, before, check_slot, spread_slot in (
        (player, p_at, p_of, to_player, p_before, slot.CHECK_P, slot.PROPAGATION_P),
        (opponent, o_at, o_of, to_opponent, o_before, slot.CHECK_O, slot.PROPAGATION_O),
    ):
        # step 5: apply; step 6: check the acting planet if its affliction rose
        carry = flat(side.carry)
        delta, applied, carry[at] = quantize(cfg, before, carry.take(at), units, testimony,
                                             ~flat(side.combust).take(at))
        flat(side.affliction)[at] = before + delta
        score += np.abs(delta)
        due = np.flatnonzero(delta > 0)
        hit = check_at(rules, side, at.take(due), of.take(due), u[:, check_slot].take(due))
        # step 7: propagation from an acting planet that is not combust (ref §2/§3 base)
        spread, hits = _propagate(rules, side, at, of, units, applied, testimony, u_flat, spread_slot, changes)
        score += spread
        burned.append(np.concatenate([hit, hits]))
    return score, burned[0], burned[1]


def _propagate(rules: Rules, side: Side, at: np.ndarray, of: np.ndarray, units: np.ndarray, applied: np.ndarray,
               testimony: np.ndarray, u_flat: np.ndarray, spread_slot: int,
               changes: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Step 7 for one side (000 §4, ref §2/§3): what the acting planet at ``at`` (``of`` in the pool) sends on to
    the planets it aspects — its ``units`` received (raw base) or ``applied`` (whole points) × the multiplier —
    and the targets' checks. Returns the score of the changes (0 if ``changes`` is given: each planet's |change|
    is added there instead) and the flat indices of the planets that combusted.

    (m,) columns are spread over the seven planets by ``np.repeat``: a broadcast ``[:, None]`` against (m, 7)
    runs a seven-long inner loop per row, several times slower."""
    cfg = rules.cfg
    m = len(at)
    base = units if cfg.raw_base else applied
    # an acting planet combust (before or by its check in step 6) sends nothing on: no base, no change
    base = base * ~flat(side.combust).take(at)
    signed = rules.signed.take(testimony * len(rules.spread) + of, axis=0)  # (m, 7), negative: heals
    size = np.abs(signed)
    reach = signed != 0  # 0 without a major aspect
    reach &= ~side.combust
    heal = signed < 0
    if cfg.carry:
        units = np.repeat(base if cfg.raw_base else base * UNIT, 7).reshape(m, 7)
        units *= size
        units >>= 3  # ">> 3" floors an eighth (000 §4 multipliers in eighths), cheaper than "// 8"
        d, _, side.carry = quantize(cfg, side.affliction, side.carry, units, heal, reach)
        side.affliction += d
        change = np.abs(d)
        due = d > 0
    else:
        if cfg.raw_base:  # ref §2: ⌊x + ½⌋ of the floored eighths
            amount = np.repeat(base, 7).reshape(m, 7) * size >> 3
            amount += UNIT // 2
            amount //= UNIT
        else:  # base = applied × UNIT, a multiple of 8 units: ⌊(applied × UNIT × size / 8 + UNIT / 2) / UNIT⌋
            amount = np.repeat(base.astype(np.int16), 7).reshape(m, 7)  # small numbers: int16
            amount *= size
            amount += 4
            amount >>= 3
        amount *= reach
        # rounded half up, a heal clamped at 0 (ref §2): affliction +gain, −loss, and |change| = gain + loss
        loss = amount * heal
        gain = amount - loss
        loss = np.minimum(loss, side.affliction)
        side.affliction += gain
        side.affliction -= loss
        change = loss
        change += gain
        due = gain > 0
    if changes is None:
        score = row_sum(change)
    else:
        changes += change
        score = np.zeros(m, np.int32)
    idx = np.flatnonzero(due)
    r = idx // 7
    j = idx - 7 * r
    hits = check_at(rules, side, idx, side.chart.take(r) * 7 + j, u_flat.take(r * slot.TURN_SLOTS + spread_slot + j))
    return score, hits
