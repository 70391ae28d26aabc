"""Golden playthrough: a seeded fight, every action and event, diffed against tests/golden."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamewright.games.affinity.character import conformance_party
from gamewright.games.affinity.combat import build_fight
from gamewright.games.affinity.policies import GreedyPolicy

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _playthrough(creature: str, count: int, seed: int, level: int) -> str:
    state, events = build_fight(conformance_party(level), creature, count, seed)
    lines = [f"# affinity fight: level-{level} party vs {count} {creature}, seed {seed}, greedy policies"]
    lines += [f"  {e.text}" for e in events]
    policy = GreedyPolicy()
    while not state.is_terminal():
        act = policy.choose(state)
        lines.append(f"> [{state.fighters[state.active].name}] {act.to_text()}")
        lines += [f"  {e.text}" for e in state.apply(act)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "creature", "count", "seed", "level"),
                         [("affinity_fight_wolves.txt", "pall_wolf", 4, 7, 1),
                          ("affinity_fight_captains.txt", "bandit_captain", 4, 3, 5)])
def test_golden_fight(name: str, creature: str, count: int, seed: int, level: int) -> None:
    text = _playthrough(creature, count, seed, level)
    path = GOLDEN / name
    if os.environ.get("GAMEWRIGHT_REGOLD"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
