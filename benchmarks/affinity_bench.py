"""Affinity speed: random legal actions, greedy conformance fights, exact-odds tables and previews per second.

Reports, never asserts. Run: ``python benchmarks/affinity_bench.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from gamewright.core.game import load_game
from gamewright.core.rng import Rng
from gamewright.games.affinity.pools import odds

try:  # the module's path since the lab took the conformance batch; then the older one
    from gamewright.lab.affinity_conformance import checked_fight, matchups
except ImportError:
    from gamewright.games.affinity.conformance import checked_fight, matchups  # type: ignore[no-redef]


def _playouts(game: Any, label: str, seconds: float, per_state: Callable[[Any, list[Any]], int]) -> float:
    """Random legal playouts for ``seconds``; ``per_state`` counts what it does at each state. Per second."""
    rng = Rng(label)
    count = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed)
        seed += 1
        while not state.is_terminal() and time.perf_counter() - start < seconds:
            acts = state.legal_actions()
            count += per_state(state, acts)
            state.apply(rng.choice(acts))
    return count / (time.perf_counter() - start)


def random_actions(seconds: float = 3.0) -> float:
    return _playouts(load_game("affinity"), "bench", seconds, lambda state, acts: 1)


def policy_fights(count: int = 300) -> tuple[float, float]:
    pairs = matchups()
    start = time.perf_counter()
    actions = 0
    for i in range(count):
        level, key = pairs[i % len(pairs)]
        actions += checked_fight(level, key, i).actions
    elapsed = time.perf_counter() - start
    return count / elapsed, actions / elapsed


def exact_odds(count: int = 200) -> float:
    start = time.perf_counter()
    for i in range(count):
        odds(1 + i % 10, i % 4, 2 + i % 5, 2)
    return count / (time.perf_counter() - start)


def previews(seconds: float = 3.0) -> float:
    """``CombatState.preview`` of every listed action along random playouts (what the fight menu shows)."""

    def preview_all(state: Any, acts: list[Any]) -> int:
        for act in acts:
            state.preview(act)
        return len(acts)

    return _playouts(load_game("affinity", options={"level": 5}), "preview-bench", seconds, preview_all)


if __name__ == "__main__":
    print(f"random legal actions/sec: {random_actions():,.0f}")
    fights, acts = policy_fights()
    print(f"greedy conformance fights/sec: {fights:,.1f} ({acts:,.0f} actions/sec incl. policy and checks)")
    print(f"exact odds queries/sec (cached pools): {exact_odds():,.0f}")
    print(f"exact previews/sec (every listed action, level-5 party): {previews():,.0f}")
