"""The lab's per-game metrics, pinned: the same seeds give exactly the results recorded before the metrics were
made cheaper (read from the engine's own values instead of each event's JSON). A speed change must not change
what the lab reports; a rules change that does regenerates the file on purpose:

    PYTHONPATH=src python -m tests.lab.test_metrics_pinned --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from gamewright.lab.experiments import run

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "lab_metrics.json"
CASES = [("prince", ["random"]), ("prince", ["greedy"]), ("penance", ["penance.heuristic", "penance.heuristic"]),
         ("inclinations", ["inclinations.medium-bot", "inclinations.medium-bot"]), ("affinity", [])]


def results() -> dict[str, Any]:
    out = {}
    for game, agents in CASES:
        result = run({"kind": "simulate", "game": game, "games": 30, "seed": 5, "agents": agents}, workers=1)
        out[f"{game}:{','.join(agents)}"] = json.loads(json.dumps(result, sort_keys=True, default=str))
    return out


@pytest.mark.parametrize("case", [f"{g}:{','.join(a)}" for g, a in CASES])
def test_the_metrics_are_what_they_were(case: str, pinned: dict[str, Any], now: dict[str, Any]) -> None:
    assert now[case] == pinned[case]


@pytest.fixture(scope="module")
def pinned() -> dict[str, Any]:
    assert GOLDEN.exists(), f"{GOLDEN} is missing: write it with the module's --write"
    return dict(json.loads(GOLDEN.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def now() -> dict[str, Any]:
    return results()


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.write_text(json.dumps(results(), sort_keys=True, indent=1) + "\n", encoding="utf-8")
