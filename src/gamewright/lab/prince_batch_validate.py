"""The batch engine against the scalar engine (the reference), in law: both play one configuration, the scalar
engine through the lab's runner; the win rate (Fisher's exact test), the Distance distribution (two-sample
Kolmogorov–Smirnov and Anderson–Darling k-sample) and the Prince's combustions per planet (Welch's t-test) are
compared. Used by the test suite (small samples) and ``benchmarks/prince_batch_validate.py`` (large ones)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from gamewright.games.prince.tables import PLANETS

Records = list[dict[str, Any]]


def scalar_records(ruleset: str | None, options: dict[str, Any], agent: str, runs: int, seed: int = 0) -> Records:
    """Runs ``seed`` … ``seed + runs - 1`` of the scalar engine, as the lab records them."""
    from gamewright.lab.runner import Batch, play_game

    spec = Batch("prince", ruleset, options, (agent,), seed, runs)
    return [play_game(spec, i) for i in range(runs)]


def _column(records: Records, field: str, planet: str | None = None) -> np.ndarray:
    if planet is None:
        return np.array([float(r["metrics"][field]) for r in records])
    return np.array([float(r["metrics"][field].get(planet, 0)) for r in records])


def p_values(scalar: Records, batch: Records) -> dict[str, float]:
    """Every test's p-value, by name (a small p-value: the engines differ)."""
    from scipy import stats

    won_s, won_b = _column(scalar, "won"), _column(batch, "won")
    table = [[won_s.sum(), len(won_s) - won_s.sum()], [won_b.sum(), len(won_b) - won_b.sum()]]
    dist_s, dist_b = _column(scalar, "distance"), _column(batch, "distance")
    p = {"win rate (Fisher)": float(stats.fisher_exact(table).pvalue),
         "Distance (KS)": float(stats.ks_2samp(dist_s, dist_b).pvalue)}
    with warnings.catch_warnings():  # scipy caps this p-value to [0.001, 0.25] and says so
        warnings.simplefilter("ignore", UserWarning)
        p["Distance (Anderson-Darling)"] = float(stats.anderson_ksamp([dist_s, dist_b]).pvalue)
    for planet in PLANETS:
        a, b = _column(scalar, "combusted", planet), _column(batch, "combusted", planet)
        same = a.std() == b.std() == 0 and a.mean() == b.mean()
        p[f"{planet} combustions (Welch)"] = 1.0 if same else float(stats.ttest_ind(a, b, equal_var=False).pvalue)
    return p


def summary(records: Records) -> dict[str, float]:
    """Win rate, mean Distance and combustions per run: the figures the tests compare."""
    return {"won": float(_column(records, "won").mean()), "distance": float(_column(records, "distance").mean()),
            "combustions": float(sum(_column(records, "combusted", p).mean() for p in PLANETS))}
