"""Space Prince speed: random playouts per ruleset (actions per second) and bare turn resolution.

Reports, never asserts. ``python benchmarks/prince_bench.py [runs]``.

Rates are per CPU-second of this process (``time.process_time``): other work on the machine changes them
much less than it changes wall-clock rates (a busy machine still slows them somewhat).
"""

from __future__ import annotations

import sys
import time

from gamewright.core.rng import Rng
from gamewright.games.prince.chart import chart_signs, compute_chart
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.options import config_for
from gamewright.games.prince.resolve import SideState, profile_for, resolve_turn


def playouts(ruleset: str, runs: int, seed0: int) -> tuple[int, float, float]:
    game = PrinceGame(ruleset)
    actions = 0
    start = time.process_time()
    for seed in range(seed0, seed0 + runs):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    elapsed = time.process_time() - start
    return actions, elapsed, actions / elapsed


def turns(ruleset: str, n: int) -> float:
    _, cfg = config_for(ruleset)
    rng = Rng(1)
    sides = [profile_for(tuple(int(rng.random() * 12) for _ in range(7)), "day") for _ in range(64)]
    start = time.process_time()
    for k in range(n):
        ps, os_ = SideState(), SideState()
        resolve_turn(cfg, (sides[k % 64], sides[(k * 7 + 3) % 64]), (ps, os_), (k % 7, (k * 3) % 7), rng)
    return n / (time.process_time() - start)


def previews(ruleset: str, runs: int) -> tuple[int, float]:
    """Exact turn previews (``PrinceState.preview``) of every legal planet along random playouts."""
    game = PrinceGame(ruleset)
    count = 0
    spent = 0.0
    for seed in range(runs):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            start = time.process_time()
            for action in legal:
                state.preview(action)
            spent += time.process_time() - start
            count += len(legal)
            state.apply(legal[int(rng.random() * len(legal))])
    return count, count / spent


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for ruleset in ("design", "prototype"):
        for cache in (compute_chart, chart_signs, profile_for):
            cache.cache_clear()
        actions, elapsed, rate = playouts(ruleset, runs, 0)
        print(f"{ruleset:9s} {runs} runs, {actions} actions in {elapsed:.2f}s: {rate:,.0f} actions/s (fresh charts)")
        actions, elapsed, rate = playouts(ruleset, runs, 0)
        print(f"{ruleset:9s} {runs} runs, {actions} actions in {elapsed:.2f}s: {rate:,.0f} actions/s (cached charts)")
        print(f"{ruleset:9s} bare turn resolution: {turns(ruleset, 50_000):,.0f} turns/s")
        count, rate = previews(ruleset, max(1, runs // 10))
        print(f"{ruleset:9s} {count} exact turn previews: {rate:,.0f} previews/s")


if __name__ == "__main__":
    main()
