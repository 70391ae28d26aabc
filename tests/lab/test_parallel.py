"""Any worker count, and Ray, give byte-identical results: every game depends only on its seed."""

from __future__ import annotations

import json

import pytest

from gamewright.cli.common import dumps
from gamewright.lab.experiments import run
from gamewright.lab.runner import Batch, chunks_for, run_batches


def test_workers_1_and_2_print_identical_bytes(cli_process) -> None:  # type: ignore[no-untyped-def]
    args = ["lab", "compare", "penance", "--b", "shield_wall=self", "-n", "12", "--seed", "5", "--json"]
    one = cli_process(*args, "--workers", "1")
    two = cli_process(*args, "--workers", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    assert json.loads(one.stdout)["games"] == 12


def test_a_sweep_is_the_same_on_a_real_pool() -> None:
    request = {"kind": "sweep", "game": "prince", "games": 10, "seed": 3, "param": "ruleset",
               "values": ["design", "prototype"]}
    assert dumps(run(request, workers=1)) == dumps(run(request, workers=2))


def test_chunks_cover_every_seed_once_and_merge_in_seed_order() -> None:
    batches = [Batch("affinity", games=11, agents=("random", "random")), Batch("affinity", games=5, seed=7,
                                                                              agents=("random", "random"))]
    for workers in (1, 2, 3, 16):
        chunks = chunks_for(batches, workers)
        for i, batch in enumerate(batches):
            covered = sorted(j for c in chunks if c.batch == i for j in range(c.start, c.stop))
            assert covered == list(range(batch.games))
    records = run_batches(batches, workers=1)
    assert [r["seed"] for r in records[0]] == list(range(11))
    assert [r["seed"] for r in records[1]] == list(range(7, 12))


def test_ray_gives_the_same_result_as_the_local_pool() -> None:
    ray = pytest.importorskip("ray")
    request = {"kind": "compare", "game": "affinity", "games": 16, "seed": 1, "a": {"options": {}},
               "b": {"options": {"healing": "count"}}}
    local = dumps(run(request, workers=2))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = dumps(run(request, ray_address="auto"))
    finally:
        ray.shutdown()
    assert on_ray == local
