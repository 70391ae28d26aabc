"""The lab's distributions come from ``scipy.special`` (a lighter import than ``scipy.stats``); they must give
``scipy.stats``' values — to the last bit where the lab's pinned results depend on them."""

from __future__ import annotations

import pytest
from scipy import stats

from gamewright.core.stats import (
    binomial_test_p,
    chi2_quantile,
    chi2_sf,
    clopper_pearson,
    normal_cdf,
    normal_quantiles,
    t_quantile,
    t_two_sided_p,
)
from gamewright.lab.analysis import pearson_statistic


@pytest.mark.parametrize("p", [0.5, 1 / 3, 0.25, 1 / 6])
def test_the_binomial_test_is_scipys(p: float) -> None:
    for n in [*range(1, 41), 97, 400, 1000]:
        for k in range(0, n + 1, max(1, n // 40)):
            assert binomial_test_p(k, n, p) == stats.binomtest(k, n, p).pvalue, (k, n, p)


def test_t_chi2_and_normal_are_scipys() -> None:
    for df in [1, 2, 3, 7, 29, 30, 199, 1999]:
        for q in (0.025, 0.5, 0.975):
            assert t_quantile(q, df) == float(stats.t.ppf(q, df))
            assert chi2_quantile(q, df) == float(stats.chi2.ppf(q, df))
        assert t_two_sided_p(-1.7, df) == float(2 * stats.t.sf(1.7, df))
        assert chi2_sf(3.3, df) == float(stats.chi2.sf(3.3, df))
    assert normal_quantiles([0.025, 0.3, 0.975]) == [float(z) for z in stats.norm.ppf([0.025, 0.3, 0.975])]
    assert normal_cdf(0.3) == float(stats.norm.cdf(0.3))


def test_pearson_statistic_is_scipys() -> None:
    for counts in ([66, 34], [10, 20, 31], [0, 0, 5, 7], [13, 13]):
        assert pearson_statistic(counts) == float(stats.chisquare(counts).statistic)


def test_clopper_pearson_agrees_with_scipy() -> None:
    # SciPy finds the ends by root finding, here they are beta quantiles: equal within the root finder's tolerance
    for n in (1, 10, 57, 400):
        for k in range(0, n + 1, max(1, n // 10)):
            ci = stats.binomtest(k, n, 0.5).proportion_ci(0.95, method="exact")
            low, high = clopper_pearson(k, n)
            assert low == pytest.approx(ci.low, abs=1e-10) and high == pytest.approx(ci.high, abs=1e-10)
