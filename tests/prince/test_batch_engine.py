"""The batch engine against the scalar engine, statistically, on every rules option: each engine plays a sample of
runs (the scalar engine through the lab's runner, the reference), then the win rate (Fisher's exact test), the
Distance distribution (two-sample Kolmogorov–Smirnov and Anderson–Darling k-sample) and the Prince's combustions
per planet (Welch's t-test per planet) must not differ at a Bonferroni-corrected 0.1% level. Seeds are fixed,
so the verdicts are deterministic; the margin says that a real difference would fail them, not chance.

Also: a run depends only on its seed (not on the runs beside it, the pass size or the worker count), and the
lab's ``--engine batch`` is recorded in the request and the result and refuses what it cannot play."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from gamewright.games.prince.batch import engine as batch_engine
from gamewright.games.prince.batch import play_runs
from gamewright.games.prince.batch.lab import batch_records
from gamewright.games.prince.options import config_for
from gamewright.lab import runner
from gamewright.lab.prince_batch_validate import p_values, scalar_records
from gamewright.lab.runner import Batch

SCALAR_RUNS = 200
BATCH_RUNS = 8_000
ALPHA = 1e-3  # family-wise, per configuration

# each option away from its default, one at a time, and both rulesets (unlocks, defeat_when and
# metaprogression change nothing for the lab's veteran Prince; they are played anyway)
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("design", {}), ("prototype", {}), ("design", {"crit": "prototype"}), ("design", {"degradation": False}),
    ("design", {"modality": False}), ("design", {"rounding": "carry"}), ("design", {"sect": "durability"}),
    ("design", {"propagation_base": "raw"}), ("design", {"encounters_per_run": 1}),
    ("design", {"encounters_per_run": 6}), ("design", {"unlocks": "all"}), ("design", {"opponent_draws": "prebuilt"}),
    ("design", {"defeat_when": "all_seven"}), ("design", {"metaprogression": False}),
    ("prototype", {"opponent_draws": "weighted", "rounding": "half_up"}),
]


def differences(scalar: list[dict[str, Any]], batch: list[dict[str, Any]]) -> dict[str, float]:
    """The tests whose p-value is below the family-wise level (Bonferroni)."""
    p = p_values(scalar, batch)
    return {name: value for name, value in p.items() if value < ALPHA / len(p)}


@pytest.mark.parametrize(("ruleset", "options"), VARIANTS, ids=[f"{r}-{o}" for r, o in VARIANTS])
def test_the_batch_engine_plays_like_the_scalar_engine(ruleset: str, options: dict[str, Any]) -> None:
    scalar = scalar_records(ruleset, options, "random", SCALAR_RUNS)
    batch = batch_records(ruleset, options, ("random",), 10**6, 0, BATCH_RUNS)  # other seeds than the scalar's
    assert not differences(scalar, batch)


def test_the_batch_greedy_policy_plays_like_the_scalar_one() -> None:
    scalar = scalar_records("design", {}, "greedy", 16)
    batch = batch_records("design", {}, ("prince.greedy",), 10**6, 0, 2000)
    assert not differences(scalar, batch)
    # the greedy policy is the better player: it wins more than random does
    random_won = np.mean([r["metrics"]["won"] for r in batch_records("design", {}, ("random",), 10**6, 0, 2000)])
    assert np.mean([r["metrics"]["won"] for r in batch]) > random_won


def test_a_run_depends_only_on_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    _, cfg = config_for("prototype")
    seeds = np.arange(5000, 8000)
    whole = play_runs(cfg, seeds)
    monkeypatch.setattr(batch_engine, "PASS_ROWS", 500)
    order = np.random.default_rng(1).permutation(len(seeds))
    apart = play_runs(cfg, seeds[order[:1000]]), play_runs(cfg, seeds[order[1000:]])
    for part, picked in zip(apart, (order[:1000], order[1000:]), strict=True):
        for name in whole.FIELDS:
            assert np.array_equal(getattr(part, name), getattr(whole, name)[picked]), name


def test_lab_results_do_not_depend_on_chunks() -> None:
    spec = runner.validate(Batch("prince", "design", {}, ("greedy",), 40, 300, engine="batch"))
    [one] = runner.run_batches([spec], workers=1)
    chunks = [runner.run_chunk(runner.Chunk(0, spec, s, min(s + 7, 300))) for s in range(0, 300, 7)]
    assert [r for _, _, records in chunks for r in records] == one


def test_lab_simulate_with_the_batch_engine_records_it(cli: Any) -> None:
    code, out, err = cli("lab", "simulate", "prince", "-n", "300", "--engine", "batch", "--agents", "greedy",
                         "--workers", "1", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["engine"] == "batch" and result["games"] == 300
    assert 0.8 < result["metrics"]["runs_won"]["value"] <= 1.0
    code, out, _ = cli("lab", "runs", "--json")
    run_id = json.loads(out)["runs"][0]["id"]
    code, out, _ = cli("lab", "show", str(run_id), "--json")
    assert json.loads(out)["request"]["engine"] == "batch"
    code, out, _ = cli("lab", "rerun", str(run_id), "--json")
    assert code == 0 and json.loads(out)["identical"] is True
    code, out, _ = cli("lab", "compare", "prince", "-n", "50", "--b", "rounding=carry", "--workers", "1", "--json")
    assert code == 0 and json.loads(out)["engine"] == "scalar"


@pytest.mark.parametrize(("args", "message"), [
    (("simulate", "prince", "--agents", "montecarlo"), "random or greedy agent only"),
    (("simulate", "penance"), "penance has no batch engine"),
    (("sweep", "prince", "--param", "crit", "--values", "design,prototype", "--agents", "greedy-direct"),
     "random or greedy agent only"),
])
def test_lab_refuses_what_the_batch_engine_cannot_play(cli: Any, args: tuple[str, ...], message: str) -> None:
    code, out, err = cli("lab", *args, "-n", "10", "--engine", "batch")
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_lab_refuses_an_unknown_engine(cli: Any) -> None:
    code, _, err = cli("lab", "simulate", "prince", "-n", "10", "--engine", "turbo")
    assert code == 2 and "--engine must be one of: scalar, batch" in err


def test_batch_records_have_the_scalar_records_shape() -> None:
    def shape(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: shape(v) for k, v in value.items() if k not in ("sent", "combusted")}
        return type(value).__name__ if not isinstance(value, list) else [shape(v) for v in value[:1]]

    [scalar] = scalar_records("design", {}, "random", 1, seed=3)
    [batch] = batch_records("design", {}, ("random",), 3, 0, 1)
    assert shape(batch) == shape(scalar) and list(batch["metrics"]) == list(scalar["metrics"])
    for record in (scalar, batch):
        for field in ("sent", "combusted"):
            counts = record["metrics"][field]
            assert list(counts) == sorted(counts) and all(isinstance(n, int) and n > 0 for n in counts.values())
