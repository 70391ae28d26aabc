"""The preview-greedy policy (``policies.PreviewGreedyPolicy``) on arrays: for every selectable planet the
expected turn score less ``own_weight`` × the expected combustions of the player's planets, as ``preview``
computes them, taken over the crits and the acting planets' checks; the best planet, the first of equals.

The two sides separate: the player's side depends on the opponent's crit only, the opponent's on the player's.
Given a crit, a side scores |its acting planet's change| plus, unless that planet combusts, every propagated
change; a propagation target's check changes nothing after it (see ``resolve``), so its chance simply adds.

``preview_values`` gives the same computation's other figures of ``preview`` (the sent planet's combustion chance,
the spread, both crit chances …), for the vector environment's observation (``envs.prince_vector``).
"""

from __future__ import annotations

from dataclasses import dataclass

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


def _side_outlook(rules: Rules, side: Side, acting: np.ndarray, units: np.ndarray, testimony: np.ndarray,
                  targets: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """For one side, per (run, candidate, crit): (expected score, the acting planet's chance of combusting, each
    propagation target's chance of combusting given that the acting planet does not — (…, 7), or None unless
    ``targets``), where ``acting`` (m, k) is its acting planet and ``units`` (m, k, 2) what it receives."""
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
        return score, burn, None
    t_dignity = pool.dignity[side.chart][target]
    t_unsaved = ~((t_dignity == EXALTATION) & ~side.save_used[target])
    each = combust_probability_where((d > 0) & t_unsaved, t_dignity, side.affliction[target] + d,
                                     rules.threshold[side.chart][target])
    return score, burn, each


def _expected_burns(burn: np.ndarray, each: np.ndarray | None) -> np.ndarray:
    """Expected combustions of a side's planets: the acting planet's, then (unless it combusts) its targets'."""
    return burn if each is None else burn + (1.0 - burn) * row_sum(each)


@dataclass
class Outlook:
    """Every planet's turn ahead, per (run, candidate planet[, crit]): what ``greedy_values`` and
    ``preview_values`` read. Crit axis: 0 no crit, 1 crit, of the *other* side (a side's outcome turns on the
    crit of what it receives); ``*_weights`` are those crits' chances."""

    testimony: np.ndarray  # (m, 7) bool
    p_chance: np.ndarray  # (m, 7) the player's crit chance
    o_chance: np.ndarray  # (m, 7) the opponent's
    p_score: np.ndarray  # (m, 7, 2)
    p_burn: np.ndarray  # (m, 7, 2) the sent planet combusts
    p_each: np.ndarray | None  # (m, 7, 2, 7) each player planet combusts by propagation (if the sent one does not)
    o_score: np.ndarray
    o_burn: np.ndarray
    o_each: np.ndarray | None
    p_weights: np.ndarray  # (m, 7, 2)
    o_weights: np.ndarray

    def expected_score(self) -> np.ndarray:
        return (self.p_score * self.p_weights).sum(-1) + (self.o_score * self.o_weights).sum(-1)


def outlook(rules: Rules, player: Side, opponent: Side, oi: np.ndarray, opponent_targets: bool = True) -> Outlook:
    """The turn ahead of sending each planet against opponent planet ``oi`` (``preview`` on arrays)."""
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
    p_score, p_burn, p_each = _side_outlook(rules, player, candidates, to_player, testimony, True)
    o_score, o_burn, o_each = _side_outlook(rules, opponent, o_acting, to_opponent, testimony, opponent_targets)
    p_weights = np.stack([1.0 - o_chance, o_chance], axis=-1)  # the player's side turns on the opponent's crit
    o_weights = np.stack([1.0 - p_chance, p_chance], axis=-1)
    return Outlook(testimony, p_chance, o_chance, p_score, p_burn, p_each, o_score, o_burn, o_each, p_weights,
                   o_weights)


def greedy_values(rules: Rules, player: Side, opponent: Side, oi: np.ndarray,
                  own_weight: float = OWN_COMBUSTION_COST,
                  opponent_weight: float = OPPONENT_COMBUSTION_COST) -> np.ndarray:
    """(m, 7): each planet's value as ``PreviewGreedyPolicy.value`` of its preview."""
    ahead = outlook(rules, player, opponent, oi, opponent_weight != 0)
    p_burn = _expected_burns(ahead.p_burn, ahead.p_each)
    value = ahead.expected_score() - own_weight * (p_burn * ahead.p_weights).sum(-1)
    if opponent_weight:
        o_burn = _expected_burns(ahead.o_burn, ahead.o_each)
        value = value - opponent_weight * (o_burn * ahead.o_weights).sum(-1)
    return np.round(value, DECIMALS)


@dataclass
class PreviewValues:
    """(m, 7) per planet sent, the figures of its ``preview`` (as floats) that the observation encoder reads."""

    expected_score: np.ndarray  # expected_score
    sent_combusts: np.ndarray  # combustion.player[sent planet]
    own_combustions: np.ndarray  # the sum of combustion.player
    spread: np.ndarray  # propagation_risk: another of the player's planets combusts
    opponent_combustions: np.ndarray  # the sum of combustion.opponent
    player_crit: np.ndarray  # crit_chance.player
    opponent_crit: np.ndarray  # crit_chance.opponent
    testimony: np.ndarray  # polarity == "testimony" (bool)


def preview_values(rules: Rules, player: Side, opponent: Side, oi: np.ndarray) -> PreviewValues:
    """Every planet's preview figures at once (for combust planets too: the caller masks what is not legal)."""
    ahead = outlook(rules, player, opponent, oi)
    assert ahead.p_each is not None and ahead.o_each is not None
    p_weights, o_weights = ahead.p_weights, ahead.o_weights
    # propagation_risk: the sent planet survives its check and at least one target combusts (independent checks)
    spared = np.prod(1.0 - ahead.p_each, axis=-1)
    return PreviewValues(
        expected_score=ahead.expected_score(),
        sent_combusts=(ahead.p_burn * p_weights).sum(-1),
        own_combustions=(_expected_burns(ahead.p_burn, ahead.p_each) * p_weights).sum(-1),
        spread=((1.0 - ahead.p_burn) * (1.0 - spared) * p_weights).sum(-1),
        opponent_combustions=(_expected_burns(ahead.o_burn, ahead.o_each) * o_weights).sum(-1),
        player_crit=ahead.p_chance,
        opponent_crit=ahead.o_chance,
        testimony=ahead.testimony,
    )


def greedy_choice(rules: Rules, player: Side, opponent: Side, oi: np.ndarray) -> np.ndarray:
    """The chosen planet of every run: the best value among planets that are not combust (000 §11)."""
    values = np.where(player.combust, -np.inf, greedy_values(rules, player, opponent, oi))
    return np.argmax(values, axis=1)
