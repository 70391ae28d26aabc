"""Attack-roll odds: exact distribution against brute-force enumeration, icepool, and sampled rolls."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from itertools import product

import icepool
import pytest

from gamewright.core.rng import Rng
from gamewright.games.penance.dice import ATTACK_DIE, DEFENSE_DIE, attack_tier, roll_attack, tier_odds

TIERS = ("hit", "strong", "critical", "execution", "catastrophic", "miss")


def _enumerate(tn: int) -> dict[str, Fraction]:
    """Independent oracle: the 36 equally likely face pairs, classified straight from ref §1."""
    out = dict.fromkeys(TIERS, Fraction(0))
    for a, b in product(range(6), repeat=2):
        if (a, b) == (5, 5):
            tier = "execution"
        elif (a, b) == (0, 0):
            tier = "catastrophic"
        elif a + b < tn:
            tier = "miss"
        else:
            tier = {9: "critical", 8: "strong", 7: "strong"}.get(a + b, "hit")
        out[tier] += Fraction(1, 36)
    return out


@pytest.mark.parametrize("tn", range(-1, 14))
def test_odds_match_enumeration(tn: int) -> None:
    exact = tier_odds(tn)
    assert exact == _enumerate(tn)
    assert sum(exact.values()) == 1


def test_dice_are_one_face_each() -> None:
    assert ATTACK_DIE.map(lambda x: x) == ATTACK_DIE and len(ATTACK_DIE) == 6 and len(DEFENSE_DIE) == 6
    two = ATTACK_DIE + ATTACK_DIE
    assert [two[s] * 36 for s in range(11)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]  # ref §1
    assert two.prob_at_least(5) == Fraction(21, 36)


def test_sum_distribution_matches_icepool() -> None:
    die = icepool.Die(range(6))
    pool = die + die
    for total in range(11):
        assert Fraction(pool.probability(total)) == (ATTACK_DIE + ATTACK_DIE)[total]


@pytest.mark.parametrize("tn", [5, 6, 8, 11])
def test_sampled_rolls_within_four_standard_errors(tn: int) -> None:
    n = 40_000
    rng = Rng(f"odds-{tn}")
    counts = dict.fromkeys(TIERS, 0)
    for _ in range(n):
        a, b = roll_attack(rng)
        counts[attack_tier(a, b, tn)] += 1
    for tier, p in tier_odds(tn).items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts[tier] / n - float(p)) <= 4 * se + 1e-12, tier


@pytest.mark.parametrize("tn", [2, 5, 6, 7, 10, 12])
def test_cli_odds_equals_exact(cli, tn: int) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("penance", "odds", "--tn", str(tn), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert list(data) == ["hit", "strong", "critical", "execution", "catastrophic", "miss"]
    exact = _enumerate(tn)
    assert data == {k: float(v) for k, v in exact.items()}
    assert abs(sum(data.values()) - 1) < 1e-12


def test_tier_boundaries() -> None:
    assert attack_tier(5, 5, 99) == "execution"
    assert attack_tier(0, 0, -5) == "catastrophic"
    assert attack_tier(1, 2, 3) == "hit"  # a lowered TN: sums of 1-6 are plain hits
    assert attack_tier(4, 4, 9) == "miss"
    assert attack_tier(4, 5, 9) == "critical"
    assert attack_tier(3, 4, 6) == "strong"
