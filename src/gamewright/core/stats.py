"""Interval estimates for seeded batches, each chosen by what the values can be (issue 22 item 8).

A metric says its ``Kind``; the kind picks the interval, so that no interval leaves the metric's support:

- ``REAL`` (any real number, e.g. a per-game difference): Student's t on the mean;
- ``RATE`` (0 or 1 per game): Wilson's score interval;
- ``COUNT`` (non-negative integers: deaths, rounds) and ``NONNEGATIVE`` (non-negative reals: Distance): a BCa
  bootstrap of the mean — its ends are means of resamples, so never below the smallest value. The resamples
  come from a fixed seed over the sorted distinct values, so the interval depends only on the values (not on
  their order, the worker count or anything else). A count sample with no spread gives the exact Poisson
  interval of its total (Garwood); 0 deaths in 20 fights is not "certainly 0".

``mean_interval`` (normal approximation) stays for callers outside the lab's summaries. In ``core`` so that a
game's metrics hook (``core.metrics``) may use them; ``lab.stats`` re-exports them. SciPy and NumPy load on
first use, not when a game imports its hook.

The distributions come from ``scipy.special``, the functions ``scipy.stats`` itself evaluates (Student's t:
``stdtr``/``stdtrit``; chi-square: ``chdtrc``/``gammaincinv``; normal: ``ndtr``/``ndtri``; binomial: Boost's
ufuncs that ``scipy.stats.binom`` calls; beta: ``betaincinv``): importing ``scipy.stats`` costs about a second
of every lab command's start, ``scipy.special`` a third of that (issue 25).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

LEVEL = 0.95
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 22  # fixed: the same values always give the same interval
# above this many distinct values the resampling costs more than it brings (such a sample has more than this
# many games, where the t interval is sound): t, its low end held at 0 — a non-negative metric's mean is ≥ 0,
# so holding the end there drops no true value
BOOTSTRAP_MAX_DISTINCT = 256


class Kind(StrEnum):
    """What values a metric takes, which decides its interval."""

    REAL = "real"
    RATE = "rate"
    COUNT = "count"
    NONNEGATIVE = "nonnegative"


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound near 0 and 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # at 0 or n successes an end is exactly 0 or 1 (rounding would leave it a hair past the rate)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def _mean_and_variance(values: Sequence[float]) -> tuple[int, float, float]:
    """(n, mean, sample variance) — the variance 0 for fewer than two values, the mean 0 for none."""
    n = len(values)
    if n == 0:
        return (0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (1, mean, 0.0)
    return (n, mean, sum((v - mean) ** 2 for v in values) / (n - 1))


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n, mean, var = _mean_and_variance(values)
    if n < 2:
        return (mean, mean, mean)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def _special() -> Any:
    import scipy.special

    return scipy.special


def t_quantile(q: float, df: float) -> float:
    """The ``q`` quantile of Student's t with ``df`` degrees of freedom (``scipy.stats.t.ppf``)."""
    return float(_special().stdtrit(df, q))


def t_two_sided_p(statistic: float, df: float) -> float:
    """Two-sided p-value of a t statistic (``2 · scipy.stats.t.sf(|t|, df)``)."""
    return float(2 * _special().stdtr(df, -abs(statistic)))


def chi2_quantile(q: float, df: float) -> float:
    """The ``q`` quantile of chi-square with ``df`` degrees of freedom (``scipy.stats.chi2.ppf``)."""
    return float(2 * _special().gammaincinv(df / 2, q))


def chi2_sf(statistic: float, df: float) -> float:
    """The upper tail of chi-square (``scipy.stats.chi2.sf``)."""
    return float(_special().chdtrc(df, statistic))


def normal_quantiles(qs: Sequence[float]) -> list[float]:
    return [float(z) for z in _special().ndtri(qs)]


def normal_cdf(x: float) -> float:
    return float(_special().ndtr(x))


@functools.cache
def _binomial() -> tuple[Any, Any, Any]:
    """Binomial (pmf, cdf, sf) ufuncs: Boost's, the ones ``scipy.stats.binom`` evaluates, so that the tests'
    p-values equal SciPy's to the last bit; the public ``bdtr``/``bdtrc`` (equal within rounding) where a SciPy
    lacks them."""
    sc = _special()
    ufuncs: Any = getattr(sc, "_ufuncs", None)
    if all(hasattr(ufuncs, f) for f in ("_binom_pmf", "_binom_cdf", "_binom_sf")):
        return ufuncs._binom_pmf, ufuncs._binom_cdf, ufuncs._binom_sf

    def pmf(k: float, n: int, p: float) -> float:
        return float(sc.bdtr(k, n, p) - (sc.bdtr(k - 1, n, p) if k > 0 else 0.0))

    return pmf, sc.bdtr, sc.bdtrc


def _last_at_or_below(pmf: Callable[[int], float], bound: float, lo: int, hi: int, rising: bool) -> int:
    """On a side of the mode where ``pmf`` is monotone: the index where it crosses ``bound`` (bisection)."""
    sign = -1.0 if rising else 1.0  # search an ascending sequence
    target = sign * bound
    while lo < hi:
        mid = lo + (hi - lo) // 2
        value = sign * pmf(mid)
        if value < target:
            lo = mid + 1
        elif value > target:
            hi = mid - 1
        else:
            return mid
    return lo if sign * pmf(lo) <= target else lo - 1


def _binomial_cdf(k: int, n: int, p: float) -> float:
    """P(X ≤ k), 0 below the support and 1 above it (as ``scipy.stats`` gives it; the ufunc does not)."""
    return 0.0 if k < 0 else 1.0 if k >= n else float(_binomial()[1](k, n, p))


def _binomial_sf(k: int, n: int, p: float) -> float:
    """P(X > k), likewise."""
    return 1.0 if k < 0 else 0.0 if k >= n else float(_binomial()[2](k, n, p))


def binomial_test_p(k: int, n: int, p: float) -> float:
    """Exact two-sided binomial test of ``k`` successes in ``n`` trials against ``p``: the probability of every
    outcome no more likely than ``k`` (the rule ``scipy.stats.binomtest`` uses, tolerance 1e-7 included)."""
    pmf = _binomial()[0]
    if n == 0 or k == p * n:
        return 1.0
    d = float(pmf(k, n, p))
    tolerance = 1 + 1e-7
    if k < p * n:
        ix = _last_at_or_below(lambda i: float(pmf(i, n, p)), d * tolerance, math.ceil(p * n), n, rising=True)
        y = n - ix + int(d * tolerance == float(pmf(ix, n, p)))
        pval = _binomial_cdf(k, n, p) + _binomial_sf(n - y, n, p)
    else:
        ix = _last_at_or_below(lambda i: float(pmf(i, n, p)), d * tolerance, 0, math.floor(p * n), rising=False)
        y = ix + 1
        pval = _binomial_cdf(y - 1, n, p) + _binomial_sf(k - 1, n, p)
    return min(1.0, pval)


def clopper_pearson(k: int, n: int) -> tuple[float, float]:
    """The exact 95% interval of a binomial proportion (Clopper–Pearson, through the beta quantiles)."""
    sc = _special()
    alpha = (1 - LEVEL) / 2
    low = 0.0 if k == 0 else float(sc.betaincinv(k, n - k + 1, alpha))
    high = 1.0 if k == n else float(sc.betaincinv(k + 1, n - k, 1 - alpha))
    return (low, high)


def t_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its Student-t 95% interval ([mean, mean] when the sample has no spread or one value)."""
    n, mean, var = _mean_and_variance(values)
    if n < 2:
        return (mean, mean, mean)
    half = t_quantile(0.5 + LEVEL / 2, n - 1) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def t_test_p(values: Sequence[float]) -> float:
    """Two-sided p-value of the one-sample t test that the mean is 0 (1 with fewer than two values; with no
    spread: 1 when every value is 0, else 0)."""
    n, mean, var = _mean_and_variance(values)
    if n < 2:
        return 1.0
    if var == 0:
        return 1.0 if mean == 0 else 0.0
    return t_two_sided_p(mean / math.sqrt(var / n), n - 1)


def garwood_interval(total: int, n: int) -> tuple[float, float]:
    """The exact 95% Poisson interval of a mean count from ``total`` events over ``n`` games."""
    alpha = 1 - LEVEL
    low = chi2_quantile(alpha / 2, 2 * total) / 2 if total > 0 else 0.0
    high = chi2_quantile(1 - alpha / 2, 2 * total + 2) / 2
    return (low / n, high / n)


def bootstrap_interval(values: Sequence[float], integers: bool) -> tuple[float, float, float]:
    """Mean and its BCa bootstrap 95% interval, seeded (see the module's note); the values are non-negative."""
    import numpy as np

    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    distinct, counts = np.unique(np.asarray(values, dtype=float), return_counts=True)
    if len(distinct) == 1:
        if integers:
            return (mean, *garwood_interval(round(mean * n), n))
        return (mean, mean, mean)
    if len(distinct) > BOOTSTRAP_MAX_DISTINCT:
        _, low, high = t_interval(values)
        return (mean, max(0.0, low), high)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    means = rng.multinomial(n, counts / n, size=BOOTSTRAP_RESAMPLES) @ distinct / n
    centre = float(counts @ distinct / n)  # the mean as the resamples compute it, for the ties below
    # bias correction: the share of resampled means below the sample's (ties count half)
    share = float(np.count_nonzero(means < centre) + 0.5 * np.count_nonzero(means == centre)) / BOOTSTRAP_RESAMPLES
    below = min(max(share, 0.5 / BOOTSTRAP_RESAMPLES), 1 - 0.5 / BOOTSTRAP_RESAMPLES)
    z0 = normal_quantiles([below])[0]
    # acceleration: the mean's jackknife values are (n·mean − x_i)/(n − 1), which gives this closed form
    deviation = distinct - centre
    second, third = float(counts @ deviation**2), float(counts @ deviation**3)
    accel = third / (6 * second**1.5)
    levels = []
    for z in normal_quantiles([(1 - LEVEL) / 2, (1 + LEVEL) / 2]):
        shifted = z0 + z
        denominator = 1 - accel * shifted
        # a skew so strong that the correction runs past the end: the resamples' extreme on that side
        levels.append(normal_cdf(z0 + shifted / denominator) if denominator > 0 else float(z > 0))
    low, high = np.quantile(means, levels)
    # the resampled means sit in [min, max] of the sample; the sample's own mean is always kept inside
    return (mean, min(float(low), mean), max(float(high), mean))


def interval(values: Sequence[float], kind: Kind) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval, by the metric's kind."""
    if kind is Kind.RATE:
        n = len(values)
        successes = round(sum(values))
        low, high = wilson_interval(successes, n)
        return (successes / n if n else 0.0, low, high)
    if kind is Kind.REAL:
        return t_interval(values)
    if any(v < 0 for v in values):
        raise ValueError(f"a {kind} metric cannot take negative values")
    return bootstrap_interval(values, integers=kind is Kind.COUNT)
