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
from gamewright.games.prince.batch.arith import TESTIMONY, UNIT, combust_probability, crit_chance, output, quantize
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


def check(side: Side, dignity: np.ndarray, threshold: np.ndarray, rows: np.ndarray, planets: np.ndarray,
          due: np.ndarray, roll: np.ndarray) -> np.ndarray:
    """Combustion checks (000 §11, 001 §11) of one planet per row where ``due``: roll < P; an unspent
    exaltation save turns the first hit into survival. Updates the side; returns which planets combusted."""
    a = side.affliction[rows, planets]
    hit = due & (roll < combust_probability(dignity, a, threshold))
    saved = hit & (dignity == EXALTATION) & ~side.save_used[rows, planets]
    side.save_used[rows, planets] |= saved
    burned = hit & ~saved
    side.combust[rows, planets] |= burned
    return burned


def check_all(side: Side, dignity: np.ndarray, threshold: np.ndarray, due: np.ndarray,
              roll: np.ndarray) -> np.ndarray:
    """``check`` of every planet (m, 7) where ``due``, evaluating the curve only where a check is due."""
    r, j = np.nonzero(due)
    d = dignity[r, j]
    hit = roll[r, j] < combust_probability(d, side.affliction[r, j], threshold[r, j])
    saved = hit & (d == EXALTATION) & ~side.save_used[r, j]
    side.save_used[r[saved], j[saved]] = True
    burn = hit & ~saved
    burned = np.zeros(due.shape, bool)
    burned[r[burn], j[burn]] = True
    side.combust |= burned
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
    rows = np.arange(len(pi))
    pc, oc = player.chart, opponent.chart
    p_sign, o_sign = pool.sign[pc, pi], pool.sign[oc, oi]
    pol = POLARITY[p_sign, o_sign]  # step 1
    testimony = pol == TESTIMONY
    # step 2: both crits (ref §2)
    p_crit = u[:, slot.CRIT_P] < crit_chance(cfg, pool.luck[pc, pi], player.affliction[rows, pi])
    o_crit = u[:, slot.CRIT_O] < crit_chance(cfg, pool.luck[oc, oi], opponent.affliction[rows, oi])
    # steps 3–4 from start-of-turn affliction; testimony sends healing, the rest damage
    p_stat = np.where(testimony, pool.healing[pc, pi], pool.damage[pc, pi])
    o_stat = np.where(testimony, pool.healing[oc, oi], pool.damage[oc, oi])
    to_player = output(cfg, o_stat, opponent.affliction[rows, oi], pol, CARDINAL[o_sign], MUTABLE[p_sign], o_crit)
    to_opponent = output(cfg, p_stat, player.affliction[rows, pi], pol, CARDINAL[p_sign], MUTABLE[o_sign], p_crit)
    score = np.zeros(len(pi), np.int32)
    burned = np.zeros((len(pi), 7), bool)
    for side, acting, units, check_slot, spread_slot, mine in (
        (player, pi, to_player, slot.CHECK_P, slot.PROPAGATION_P, True),
        (opponent, oi, to_opponent, slot.CHECK_O, slot.PROPAGATION_O, False),
    ):
        # step 5: apply; step 6: check the acting planet if its affliction rose
        chart = side.chart
        delta, applied, side.carry[rows, acting] = quantize(
            cfg, side.affliction[rows, acting], side.carry[rows, acting], units, testimony,
            ~side.combust[rows, acting])
        side.affliction[rows, acting] += delta
        score += np.abs(delta)
        hit = check(side, pool.dignity[chart, acting], rules.threshold[chart, acting], rows, acting, delta > 0,
                    u[:, check_slot])
        if mine:
            burned[rows, pi] = hit
        # step 7: propagation from an acting planet that is not combust (ref §2/§3 base)
        base = units if cfg.raw_base else applied * UNIT
        size, inverted = rules.propagation(chart, acting)
        reach = (size > 0) & ~side.combust & ~side.combust[rows, acting][:, None]
        d, _, side.carry = quantize(cfg, side.affliction, side.carry, base[:, None] * size // 8,
                                    testimony[:, None] ^ inverted, reach)
        side.affliction += d
        score += np.abs(d).sum(axis=1)
        hits = check_all(side, pool.dignity[chart], rules.threshold[chart], d > 0, u[:, spread_slot:spread_slot + 7])
        if mine:
            burned |= hits
    return score, burned
