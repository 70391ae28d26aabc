"""The batch engine's speed work changes no result: whole runs hash as they did before it (digests recorded with
the engine of af7b914, before the tables, flat gathers and once-per-run bookkeeping), and each table or shortcut
gives the numbers of the computation it replaces."""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pytest

from gamewright.games.prince.batch import play_runs
from gamewright.games.prince.batch.arith import combust_probability, crit_chance, output, running_total
from gamewright.games.prince.batch.engine import combust_bits, random_pick, weighted_pick, weighted_picks
from gamewright.games.prince.batch.pool import chart_pool
from gamewright.games.prince.batch.turn import CARDINAL, DEGRADED, MUTABLE, POLARITY, Rules
from gamewright.games.prince.options import config_for

# (ruleset, options, policy, the first 24 hex digits of the runs' sha256, recorded before the speed work)
PINNED: list[tuple[str, dict[str, Any], str, str]] = [
    ("design", {}, "random", "4edf844af2d1ef821b5e7179"),
    ("prototype", {}, "random", "ea2307e03c6d2e10b4fe2e83"),
    ("design", {}, "greedy", "ba51c5372f02d770a67977b9"),
    ("design", {"rounding": "carry", "propagation_base": "raw"}, "random", "d1f4748e6996ac52c6d97369"),
    ("design", {"opponent_draws": "prebuilt", "sect": "durability"}, "random", "c693314effc4e4a6c07fe24f"),
    ("prototype", {"crit": "design", "degradation": True, "modality": True}, "random", "45acbc0bdad58d9073ab6b14"),
    ("design", {"sect": "propagation", "encounters_per_run": 6}, "random", "e485c14a3747091ef3a28992"),
]


@pytest.mark.parametrize(("ruleset", "options", "policy", "digest"), PINNED,
                         ids=[f"{r}-{o}-{p}" for r, o, p, _ in PINNED])
def test_runs_are_those_before_the_speed_work(ruleset: str, options: dict[str, Any], policy: str,
                                              digest: str) -> None:
    _, cfg = config_for(ruleset, options)
    result = play_runs(cfg, np.arange(2000, 2000 + (200 if policy == "greedy" else 1500)), policy)
    h = hashlib.sha256()
    for name in result.FIELDS:
        h.update(np.ascontiguousarray(getattr(result, name), dtype="<i8").tobytes())
    assert h.hexdigest()[:24] == digest


@pytest.mark.parametrize("ruleset", ["design", "prototype"])
def test_the_turn_tables_give_the_arithmetic_they_replace(ruleset: str) -> None:
    _, cfg = config_for(ruleset)
    pool = chart_pool()
    tables = Rules.of(cfg, pool).tables
    g = np.random.default_rng(7)
    of = g.integers(0, pool.size * 7, 5000)
    affliction = g.integers(0, 90, 5000).astype(np.int32)
    degraded = np.minimum(affliction, DEGRADED - 1)
    luck, dignity = pool.luck.reshape(-1)[of], pool.dignity.reshape(-1)[of]
    threshold = Rules.of(cfg, pool).threshold.reshape(-1)[of]
    assert np.array_equal(tables.crit.take(tables.luck.take(of) + degraded), crit_chance(cfg, luck, affliction))
    assert np.array_equal(tables.combust_probability(of, affliction),
                          combust_probability(dignity, affliction, threshold))
    testimony = g.random(5000) < 0.4
    pair = g.integers(0, 144, 5000)
    polarity = POLARITY.reshape(-1)[pair]
    stat = pool.healing_or_damage[testimony.astype(np.intp), of]
    sent = tables.sent.take(tables.stat.take(testimony * len(tables.sign) + of) + degraded)
    expected = output(cfg, stat, affliction, polarity, CARDINAL[pair // 12], MUTABLE[pair % 12], np.zeros(5000, bool))
    assert np.array_equal(sent * tables.factor.take(pair), expected)
    expected = output(cfg, stat, affliction, polarity, CARDINAL[pair % 12], MUTABLE[pair // 12], np.ones(5000, bool))
    assert np.array_equal(2 * sent * tables.factor.take(pair + 144), expected)


def test_the_picks_give_the_running_totals_they_replace() -> None:
    g = np.random.default_rng(8)
    weights = g.integers(0, 8, (3000, 7))
    assert np.array_equal(running_total(weights), np.cumsum(weights, axis=-1, dtype=np.int32))
    u = g.random((3000, 7))
    many = weighted_picks(np.maximum(1, weights), u)
    broadcast = np.broadcast_to(np.maximum(1, weights)[:, None, :], (3000, 7, 7))
    assert np.array_equal(many, weighted_pick(broadcast, u))
    # the random choice: the k-th planet not combust, k = ⌊u × their count⌋, as a running count reads it
    combust = g.random((3000, 7)) < 0.4
    draw = g.random(3000).astype(np.float32)
    running = np.cumsum(~combust, axis=-1, dtype=np.int32)
    k = (draw * running[:, -1]).astype(np.int64)
    expected = np.minimum((running <= k[:, None]).sum(axis=1), 6)
    assert np.array_equal(random_pick(combust_bits(combust), draw), expected)
