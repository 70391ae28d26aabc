"""Space Prince greedy policies on generic runs (ruleset ``design``): the preview-scored ``greedy`` against the
earlier ``greedy-direct`` (direct predictions only), on the same seeds.

Reports mean Distance with 95% intervals, the paired difference, and runs won with Wilson intervals.
``python benchmarks/agents_prince_greedy.py [runs=1000] [seed0=0]``. Reports, never asserts.
"""

from __future__ import annotations

import sys
import time

from gamewright.core.game import load_game
from gamewright.games.prince.policies import make_policy
from gamewright.lab.stats import mean_interval, wilson_interval


def play(name: str, runs: int, seed0: int) -> tuple[list[int], list[bool], float]:
    game = load_game("prince", ruleset="design")
    distances, won = [], []
    start = time.perf_counter()
    for seed in range(seed0, seed0 + runs):
        state = game.new_initial_state(seed)
        policy = make_policy(name, seed)
        while not state.is_terminal():
            state.apply(policy.choose(state))
        distances.append(state.distance)
        won.append(state.status == "won")
    return distances, won, time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    seed0 = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    results = {name: play(name, runs, seed0) for name in ("greedy-direct", "greedy")}
    for name, (distances, won, seconds) in results.items():
        mean, low, high = mean_interval(distances)
        w_low, w_high = wilson_interval(sum(won), runs)
        print(f"{name:14} Distance {mean:6.1f} [{low:.1f}, {high:.1f}] (SE {(high - low) / 3.92:.2f}); "
              f"won {sum(won) / runs:.1%} [{w_low:.1%}, {w_high:.1%}]; {seconds:.0f} s")
    diffs = [b - a for a, b in zip(results["greedy-direct"][0], results["greedy"][0], strict=True)]
    mean, low, high = mean_interval(diffs)
    print(f"paired greedy − greedy-direct: {mean:+.1f} [{low:+.1f}, {high:+.1f}] over {runs} runs")


if __name__ == "__main__":
    main()
