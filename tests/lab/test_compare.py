"""Paired A/B comparisons: common random numbers, exact zero for identical variants, a real effect detected."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

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
    assert data["b"]["options"] == {"basic_actions": 2, "healing": "count"}
    for side in ("a", "b"):
        assert data[side].keys() >= SIDE_KEYS
        assert [w["seat"] for w in data[side]["win_rates"]] == [0, 1]
        assert {"rate", "low95", "high95"} <= data[side]["win_rates"][0].keys()
        assert {"mean", "median", "p10", "p90"} <= data[side]["length"].keys()
    assert {"seat", "delta", "low95", "high95", "mcnemar_p"} <= data["difference"][0].keys()
    assert err == ""  # no progress bar under --json


def _records(wins: list[list[int]]) -> list[dict]:
    return [{"seed": i, "wins": w} for i, w in enumerate(wins)]


def test_mcnemar_is_the_exact_binomial_test_of_the_discordant_pairs() -> None:
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(10, 0) == 2 * 0.5**10
    assert mcnemar_exact(3, 3) == 1.0


def test_the_paired_interval_is_wald_on_the_per_game_differences() -> None:
    a = _records([[0], [0], [1], [1]])
    b = _records([[1], [0], [1], [0]])
    row = paired_difference(a, b, 2)[0]
    assert row["delta"] == 0.0 and row["a_only"] == 1 and row["b_only"] == 1
    # differences +1, 0, 0, -1: sample variance 2/3, half-width 1.96 * sqrt(2/3 / 4)
    assert abs(row["high95"] - 1.959963984540054 * (2 / 3 / 4) ** 0.5) < 1e-12


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
