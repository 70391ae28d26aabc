"""The preview-greedy policy (``policies.PreviewGreedyPolicy``) on arrays: for every selectable planet the
expected turn score less ``own_weight`` × the expected combustions of the player's planets, as ``preview``
computes them, taken over the crits and the acting planets' checks; the best planet, the first of equals.

The two sides separate: the player's side depends on the opponent's crit only, the opponent's on the player's.
Given a crit, a side scores |its acting planet's change| plus, unless that planet combusts, every propagated
change; a propagation target's check changes nothing after it (see ``resolve``), so its chance simply adds.
"""

from __future__ import annotations

import numpy as np

from gamewright.games.prince.batch.arith import (
    TESTIMONY,
    UNIT,
    combust_probability_where,
    crit_chance,
    output,
    quantize,
    row_sum,
)
from gamewright.games.prince.batch.pool import EXALTATION
from gamewright.games.prince.batch.turn import CARDINAL, MUTABLE, POLARITY, Rules, Side
from gamewright.games.prince.policies import OPPONENT_COMBUSTION_COST, OWN_COMBUSTION_COST

CRITS = np.array([False, True])
DECIMALS = 9  # values equal to 1e-9 are ties (the first planet wins), whatever the float rounding


def _side_expectation(rules: Rules, side: Side, acting: np.ndarray, units: np.ndarray, testimony: np.ndarray,
                      targets: bool) -> tuple[np.ndarray, np.ndarray]:
    """For one side, per (run, candidate, crit): (expected score, expected combustions of its planets — of the
    acting planet only unless ``targets``), where ``acting`` (m, k) is its acting planet and ``units`` (m, k, 2)
    what it receives."""
    cfg, pool = rules.cfg, rules.pool
    m = len(side.chart)
    rows = np.arange(m)[:, None]
    chart = side.chart[:, None]
    a = side.affliction[rows, acting][..., None]
    delta, applied, _ = quantize(cfg, a, side.carry[rows, acting][..., None], units, testimony[..., None],
                                 ~side.combust[rows, acting][..., None])
    dignity = pool.dignity[chart, acting][..., None]
    unsaved = ~((dignity == EXALTATION) & ~side.save_used[rows, acting][..., None])
    threshold = rules.threshold[chart, acting][..., None]
    burn = combust_probability_where((delta > 0) & unsaved, dignity, a + delta, threshold)
    base = units if cfg.raw_base else applied * UNIT
    size, inverted = rules.propagation(chart, acting)  # (m, k, 7)
    reach = (size > 0) & ~side.combust[:, None, :]
    target = (slice(None), None, None, slice(None))
    # ">> 3" is the floor of an eighth (000 §4 multipliers in eighths), cheaper than "// 8"
    d, _, _ = quantize(cfg, side.affliction[target], side.carry[target], base[..., None] * size[:, :, None, :] >> 3,
                       testimony[:, :, None, None] ^ inverted[:, :, None, :], reach[:, :, None, :])
    spread = row_sum(np.abs(d))
    score = np.abs(delta) + (1.0 - burn) * spread
    if not targets:
        return score, burn
    t_dignity = pool.dignity[side.chart][target]
    t_unsaved = ~((t_dignity == EXALTATION) & ~side.save_used[target])
    t_burn = row_sum(combust_probability_where((d > 0) & t_unsaved, t_dignity, side.affliction[target] + d,
                                               rules.threshold[side.chart][target]))
    return score, burn + (1.0 - burn) * t_burn


def greedy_values(rules: Rules, player: Side, opponent: Side, oi: np.ndarray,
                  own_weight: float = OWN_COMBUSTION_COST,
                  opponent_weight: float = OPPONENT_COMBUSTION_COST) -> np.ndarray:
    """(m, 7): each planet's value as ``PreviewGreedyPolicy.value`` of its preview."""
    cfg, pool = rules.cfg, rules.pool
    m = len(oi)
    rows = np.arange(m)[:, None]
    pc, oc = player.chart[:, None], opponent.chart[:, None]
    candidates = np.broadcast_to(np.arange(7), (m, 7))
    o_acting = np.broadcast_to(oi[:, None], (m, 7))
    p_sign, o_sign = pool.sign[pc, candidates], pool.sign[oc, o_acting]
    pol = POLARITY[p_sign, o_sign]
    testimony = pol == TESTIMONY
    p_chance = np.minimum(1.0, crit_chance(cfg, pool.luck[pc, candidates], player.affliction))
    o_chance = np.minimum(1.0, crit_chance(cfg, pool.luck[oc, o_acting], opponent.affliction[rows, o_acting]))
    p_stat = np.where(testimony, pool.healing[pc, candidates], pool.damage[pc, candidates])
    o_stat = np.where(testimony, pool.healing[oc, o_acting], pool.damage[oc, o_acting])
    expand = (Ellipsis, None)
    to_player = output(cfg, o_stat[expand], opponent.affliction[rows, o_acting][expand], pol[expand],
                       CARDINAL[o_sign][expand], MUTABLE[p_sign][expand], CRITS)
    to_opponent = output(cfg, p_stat[expand], player.affliction[expand], pol[expand], CARDINAL[p_sign][expand],
                         MUTABLE[o_sign][expand], CRITS)
    p_score, p_burn = _side_expectation(rules, player, candidates, to_player, testimony, True)
    o_score, o_burn = _side_expectation(rules, opponent, o_acting, to_opponent, testimony, opponent_weight != 0)
    p_weights = np.stack([1.0 - o_chance, o_chance], axis=-1)  # the player's side turns on the opponent's crit
    o_weights = np.stack([1.0 - p_chance, p_chance], axis=-1)
    score = (p_score * p_weights).sum(-1) + (o_score * o_weights).sum(-1)
    value = score - own_weight * (p_burn * p_weights).sum(-1)
    if opponent_weight:
        value = value - opponent_weight * (o_burn * o_weights).sum(-1)
    return np.round(value, DECIMALS)


def greedy_choice(rules: Rules, player: Side, opponent: Side, oi: np.ndarray) -> np.ndarray:
    """The chosen planet of every run: the best value among planets that are not combust (000 §11)."""
    values = np.where(player.combust, -np.inf, greedy_values(rules, player, opponent, oi))
    return np.argmax(values, axis=1)
