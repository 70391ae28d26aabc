"""Interval estimates for seeded batches (``core.stats``, re-exported here for the lab and outside callers)."""

from __future__ import annotations

from gamewright.core.stats import (
    BOOTSTRAP_MAX_DISTINCT,
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    LEVEL,
    Kind,
    binomial_test_p,
    bootstrap_interval,
    chi2_sf,
    clopper_pearson,
    garwood_interval,
    interval,
    mean_interval,
    t_interval,
    t_test_p,
    wilson_interval,
)

__all__ = ["BOOTSTRAP_MAX_DISTINCT", "BOOTSTRAP_RESAMPLES", "BOOTSTRAP_SEED", "LEVEL", "Kind", "binomial_test_p",
           "bootstrap_interval", "chi2_sf", "clopper_pearson", "garwood_interval", "interval", "mean_interval",
           "t_interval", "t_test_p", "wilson_interval"]
