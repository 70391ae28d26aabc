"""Paired A/B comparisons: common random numbers, exact zero for identical variants, a real effect detected,
and an interval that agrees with its own exact McNemar test (issue 22 item 7)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import beta, binom

from gamewright.lab.analysis import mcnemar_exact, paired_difference
from gamewright.lab.experiments import run

COMPARE_KEYS = {"game", "games", "seed", "agents", "a", "b", "difference", "paired"}
SIDE_KEYS = {"options", "ruleset", "win_rates", "length", "metrics"}


def _compare(game: str, a: dict, b: dict, games: int, **extra) -> dict:  # type: ignore[no-untyped-def]
    request = {"kind": "compare", "game": game, "games": games, "seed": 0, "a": a, "b": b, **extra}
    return run(request, workers=1)


def test_identical_variants_differ_by_exactly_zero() -> None:
    same = {"options": {"basic_actions": 1}}
    result = _compare("affinity", same, dict(same), 30)
    assert result["paired"] is True
    for row in result["difference"]:
        assert (row["delta"], row["low95"], row["high95"], row["mcnemar_p"]) == (0.0, 0.0, 0.0, 1.0)
    length = result["paired_length"]
    assert (length["delta"], length["low95"], length["high95"], length["p"]) == (0.0, 0.0, 0.0, 1.0)
    assert length["same"] == 30
    assert result["a"]["win_rates"] == result["b"]["win_rates"]
    assert result["a"]["metrics"] == result["b"]["metrics"]


def test_a_ruleset_on_either_side_is_paired_on_the_same_seeds() -> None:
    result = _compare("prince", {"ruleset": "design", "options": {}}, {"ruleset": "prototype", "options": {}}, 8)
    assert result["a"]["ruleset"] == "design" and result["b"]["ruleset"] == "prototype"
    assert len(result["difference"]) == 1


def test_two_basic_actions_lower_the_party_win_rate() -> None:
    # Affinity's Basic creatures acting twice a turn (ref §1 NPCs: "1–2") is known to hurt the party.
    result = _compare("affinity", {"options": {}}, {"options": {"basic_actions": 2}}, 120)
    party = result["difference"][0]
    assert party["delta"] < 0 and party["high95"] < 0
    assert party["mcnemar_p"] < 0.01
    assert result["b"]["win_rates"][0]["rate"] < result["a"]["win_rates"][0]["rate"]


def test_compare_json_has_the_exact_interface(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("lab", "compare", "affinity", "--a", "basic_actions=1", "--b", "basic_actions=2",
                         "--b", "healing=count", "-n", "6", "--workers", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data.keys() >= COMPARE_KEYS
    assert data["game"] == "affinity" and data["games"] == 6 and data["seed"] == 0
    assert data["agents"] == ["random", "random"]
    assert data["a"]["ruleset"] == data["b"]["ruleset"] == "standard"  # the game's default, by name
    assert data["b"]["options"] == {"basic_actions": 2, "healing": "count"}
    for side in ("a", "b"):
        assert data[side].keys() >= SIDE_KEYS
        assert [w["seat"] for w in data[side]["win_rates"]] == [0, 1]
        assert {"rate", "low95", "high95"} <= data[side]["win_rates"][0].keys()
        assert {"mean", "median", "p10", "p90"} <= data[side]["length"].keys()
    assert {"seat", "delta", "low95", "high95", "mcnemar_p"} <= data["difference"][0].keys()
    # issue 22: added, never renamed — losses beside draws, game length paired game by game
    assert {"draws", "losses", "seat_test"} <= data["a"].keys()
    assert {"delta", "low95", "high95", "p", "n", "longer", "shorter", "same"} <= data["paired_length"].keys()
    assert data["paired_length"]["longer"] + data["paired_length"]["shorter"] + data["paired_length"]["same"] == 6
    assert err == ""  # no progress bar under --json


def _records(wins: list[list[int]]) -> list[dict]:
    return [{"seed": i, "wins": w} for i, w in enumerate(wins)]


def test_mcnemar_is_the_exact_binomial_test_of_the_discordant_pairs() -> None:
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(10, 0) == 2 * 0.5**10
    assert mcnemar_exact(3, 3) == 1.0


def _paired(n: int, a_only: int, b_only: int) -> dict:
    """Seat 0 over ``n`` paired games: ``a_only`` won only under A, ``b_only`` only under B, the rest by both."""
    a = _records([[0]] * a_only + [[]] * b_only + [[0]] * (n - a_only - b_only))
    b = _records([[]] * a_only + [[0]] * b_only + [[0]] * (n - a_only - b_only))
    return paired_difference(a, b, 1)[0]


def test_the_paired_interval_is_clopper_pearson_on_the_discordant_games() -> None:
    # theta = b/(b+c) by Clopper–Pearson from the beta quantiles, mapped to B − A as (D/n)(2 theta − 1)
    row = _paired(40, a_only=3, b_only=7)
    low, high = beta.ppf(0.025, 7, 4), beta.ppf(0.975, 8, 3)
    assert row["delta"] == 4 / 40 and row["a_only"] == 3 and row["b_only"] == 7
    assert row["low95"] == pytest.approx(10 / 40 * (2 * low - 1), abs=1e-12)
    assert row["high95"] == pytest.approx(10 / 40 * (2 * high - 1), abs=1e-12)
    # every discordant game on one side: the interval reaches that end exactly
    row = _paired(40, a_only=0, b_only=5)
    assert row["high95"] == 5 / 40 and row["low95"] == pytest.approx(5 / 40 * (2 * beta.ppf(0.025, 5, 1) - 1))


def test_the_audit_case_two_against_eight_no_longer_claims_an_effect() -> None:
    # 2 games won only under A, 8 only under B, n = 40: McNemar p = 0.11 and the Wald interval excluded 0
    row = _paired(40, a_only=2, b_only=8)
    assert row["mcnemar_p"] == pytest.approx(0.109375)
    assert row["low95"] < 0 < row["high95"]


@pytest.mark.parametrize("n", [40, 200])
def test_under_the_null_the_interval_covers_and_agrees_with_mcnemar(n: int) -> None:
    """Acceptance (issue 22): for every discordant count D = 2–30, b ~ Binomial(D, 1/2) exactly: the interval
    holds 0 with probability ≥ 94%, and excludes 0 exactly when McNemar's p < 0.05 in ≥ 99% of the (D, b)."""
    cases = agree = 0
    for discordant in range(2, 31):
        coverage = 0.0
        for b_only in range(discordant + 1):
            row = _paired(n, discordant - b_only, b_only)
            holds = row["low95"] <= 0 <= row["high95"]
            coverage += binom.pmf(b_only, discordant, 0.5) * holds
            cases += 1
            agree += (not holds) == (row["mcnemar_p"] < 0.05)
        assert coverage >= 0.94, (discordant, coverage)
    assert agree >= 0.99 * cases, (agree, cases)


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=60))
def test_swapping_a_and_b_negates_the_difference(pairs: list[tuple[bool, bool]]) -> None:
    a = _records([[0] if x else [1] for x, _ in pairs])
    b = _records([[0] if y else [1] for _, y in pairs])
    forward, backward = paired_difference(a, b, 2)[0], paired_difference(b, a, 2)[0]
    assert forward["delta"] == -backward["delta"]
    assert forward["mcnemar_p"] == backward["mcnemar_p"]
    assert forward["low95"] <= forward["delta"] <= forward["high95"]
    same = paired_difference(a, a, 2)[0]
    assert (same["delta"], same["low95"], same["high95"], same["mcnemar_p"]) == (0.0, 0.0, 0.0, 1.0)
