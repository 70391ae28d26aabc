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
    TESTIMONY,
    UNIT,
    combust_probability,
    crit_chance,
    output,
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
        self.affliction[rows] = 0
        self.combust[rows] = False
        self.save_used[rows] = False
        self.carry[rows] = 0

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
    at = rows * 7 + planets
    of_chart = side.chart[rows] * 7 + planets
    dignity = flat(rules.pool.dignity)[of_chart]
    hit = roll < combust_probability(dignity, flat(side.affliction)[at], flat(rules.threshold)[of_chart])
    saved = hit & (dignity == EXALTATION) & ~flat(side.save_used)[at]
    flat(side.save_used)[at[saved]] = True
    burned = at[hit & ~saved]
    flat(side.combust)[burned] = True
    return burned


@dataclass
class Rules:
    """A configuration with the pool's per-chart tables it reads (some depend on the options)."""

    cfg: Config
    pool: ChartPool
    threshold: np.ndarray  # (P, 7)
    spread: np.ndarray  # (P * 7, 7): signed eighths from chart c's planet i (row c * 7 + i) to each planet

    @classmethod
    def of(cls, cfg: Config, pool: ChartPool) -> Rules:
        size = pool.aspect
        if cfg.sect_amplifies:  # 000 §4a: same-sect aspects ×1.25 under sect=propagation
            size = np.where(pool.same_team, size * 5 // 4, size)
        return cls(cfg, pool, pool.thresholds(cfg), size.reshape(-1, 7))

    def propagation(self, chart: np.ndarray, acting: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(|multiplier| in eighths, inverted) from ``acting`` to each planet (…, 7): the 000 §4 table's base
        multiplier, amplified per ``Rules.of``; 0 where there is no major aspect."""
        eighths = self.spread[chart * 7 + acting]
        return np.abs(eighths), eighths < 0


def resolve(rules: Rules, player: Side, opponent: Side, pi: np.ndarray, oi: np.ndarray,
            u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Resolve a turn in place for every run (player planet ``pi`` against ``oi``, uniforms ``u``): the turn's
    score (001 §13: every affliction change, up or down) and which of the player's planets combusted."""
    cfg, pool = rules.cfg, rules.pool
    m = len(pi)
    rows = np.arange(m)
    p_at, o_at = rows * 7 + pi, rows * 7 + oi  # flat indices of the acting planets …
    p_of, o_of = player.chart * 7 + pi, opponent.chart * 7 + oi  # … and of them in the pool
    p_sign, o_sign = flat(pool.sign)[p_of], flat(pool.sign)[o_of]
    pol = POLARITY[p_sign, o_sign]  # step 1
    testimony = pol == TESTIMONY
    # step 2: both crits (ref §2)
    p_before, o_before = flat(player.affliction)[p_at], flat(opponent.affliction)[o_at]
    p_crit = u[:, slot.CRIT_P] < crit_chance(cfg, flat(pool.luck)[p_of], p_before)
    o_crit = u[:, slot.CRIT_O] < crit_chance(cfg, flat(pool.luck)[o_of], o_before)
    # steps 3–4 from start-of-turn affliction; testimony sends healing, the rest damage
    stats = pool.healing_or_damage
    p_stat, o_stat = stats[testimony.astype(np.intp), p_of], stats[testimony.astype(np.intp), o_of]
    to_player = output(cfg, o_stat, o_before, pol, CARDINAL[o_sign], MUTABLE[p_sign], o_crit)
    to_opponent = output(cfg, p_stat, p_before, pol, CARDINAL[p_sign], MUTABLE[o_sign], p_crit)
    score = np.zeros(m, np.int32)
    burned = np.zeros((m, 7), bool)
    for side, acting, at, units, check_slot, spread_slot, mine in (
        (player, pi, p_at, to_player, slot.CHECK_P, slot.PROPAGATION_P, True),
        (opponent, oi, o_at, to_opponent, slot.CHECK_O, slot.PROPAGATION_O, False),
    ):
        # step 5: apply; step 6: check the acting planet if its affliction rose
        delta, applied, flat(side.carry)[at] = quantize(
            cfg, flat(side.affliction)[at], flat(side.carry)[at], units, testimony, ~flat(side.combust)[at])
        flat(side.affliction)[at] += delta
        score += np.abs(delta)
        due = np.flatnonzero(delta > 0)
        hit = check(rules, side, due, acting[due], u[due, check_slot])
        # step 7: propagation from an acting planet that is not combust (ref §2/§3 base)
        base = units if cfg.raw_base else applied * UNIT
        size, inverted = rules.propagation(side.chart, acting)
        reach = (size > 0) & ~side.combust & ~flat(side.combust)[at][:, None]
        # ">> 3" floors an eighth (000 §4 multipliers in eighths), cheaper than "// 8"
        d, _, side.carry = quantize(cfg, side.affliction, side.carry, base[:, None] * size >> 3,
                                    testimony[:, None] ^ inverted, reach)
        side.affliction += d
        score += row_sum(np.abs(d))
        r, j = np.nonzero(d > 0)
        hits = check(rules, side, r, j, u[r, spread_slot + j])
        if mine:
            flat(burned)[hit] = True
            flat(burned)[hits] = True
    return score, burned
