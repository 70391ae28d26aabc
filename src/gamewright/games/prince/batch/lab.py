"""The lab's records of batch runs: the same shape ``runner.play_game`` gives for a scalar run, so every summary,
comparison and report reads them unchanged."""

from __future__ import annotations

from typing import Any

import numpy as np

from gamewright.games.prince.batch.engine import play_runs, policy_for
from gamewright.games.prince.options import config_for
from gamewright.games.prince.tables import PLANETS

_BY_NAME = sorted(range(7), key=lambda i: PLANETS[i])  # the scalar record's counters are sorted by planet name
_NAMES = [PLANETS[i] for i in _BY_NAME]


def check_agents(agents: tuple[str, ...]) -> None:
    """A ``ConfigError`` unless the batch engine can play these agents (one seat: random or greedy)."""
    for agent in agents:
        policy_for(agent)


def batch_records(ruleset: str | None, options: dict[str, Any], agents: tuple[str, ...], seed: int, start: int,
                  stop: int) -> list[dict[str, Any]]:
    """Games ``start``..``stop - 1`` (seeds ``seed + i``) played by the batch engine, as lab records."""
    _, cfg = config_for(ruleset, options)
    result = play_runs(cfg, np.arange(seed + start, seed + stop, dtype=np.int64), policy_for(agents[0]))
    columns = zip(result.won.tolist(), result.turns.tolist(), result.distance.tolist(), result.encounter.tolist(),
                  result.sent[:, _BY_NAME].tolist(), result.combusted[:, _BY_NAME].tolist(), strict=True)
    records = []
    for index, (won, turns, distance, encounter, sent, burned) in enumerate(columns, start=start):
        records.append({
            "index": index, "seed": seed + index, "returns": [1.0 if won else 0.0], "wins": [0] if won else [],
            "actions": turns, "length": turns, "swapped": False,
            "metrics": {
                "distance": float(distance),
                "won": won,
                "encounter": encounter,
                "sent": {name: n for name, n in zip(_NAMES, sent, strict=True) if n},
                "combusted": {name: n for name, n in zip(_NAMES, burned, strict=True) if n},
            },
        })
    return records
