"""Stateful protocol fuzz at volume: N actions per game (default 150,000), failures grouped and reported.

    python benchmarks/fuzz_protocol.py [--actions N] [--games prince,penance] [--jobs 2] [--seed S]

Each game is fuzzed in the configurations of tests/protocol_fuzz.py (the budget split between them) with stale,
foreign, wrong-seat, mutated, hand-built and text actions between random legal moves; see that module for what
is checked. Prints, per game, the actions sent, refused and accepted, and each kind of failure once with a
replay (game, options, seed, the applied actions' text forms, then the action that failed). Exit code 1 if any
failure was found. Reports, never times anything against a target.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the shared harness lives with the tests

from tests.protocol_fuzz import CONFIGS, Failure, Report, failure_kind, run_fuzz  # noqa: E402


def fuzz_game(name: str, actions: int, seed: int) -> tuple[str, Report, float]:
    configs = CONFIGS.get(name, [{}])
    total = Report()
    start = time.perf_counter()
    for i, options in enumerate(configs):
        report = run_fuzz(name, options, -(-actions // len(configs)), seed=seed + i * 101)
        total.actions += report.actions
        total.refused += report.refused
        total.accepted += report.accepted
        total.games += report.games
        total.failures.extend(report.failures)
        for kind, n in report.by_probe.items():
            total.by_probe[kind] = total.by_probe.get(kind, 0) + n
    return name, total, time.perf_counter() - start


def show(name: str, report: Report, seconds: float) -> None:
    probes = ", ".join(f"{k} {v:,}" for k, v in sorted(report.by_probe.items()))
    print(f"{name}: {report.actions:,} actions in {report.games:,} games ({seconds:.0f} s): "
          f"{report.refused:,} refused, {report.accepted:,} accepted, {len(report.failures):,} failures")
    print(f"  probes: {probes}")
    groups: dict[str, list[Failure]] = defaultdict(list)
    for failure in report.failures:
        groups[failure_kind(failure.problem)].append(failure)
    for kind, failures in sorted(groups.items(), key=lambda item: -len(item[1])):
        example = min((f for f in failures if f.history or f.step == 0), key=lambda f: f.step, default=failures[0])
        print(f"  {len(failures):,} × {kind}")
        print(f"    e.g. [{example.probe}] {example.action}")
        print(f"    {example.problem}")
        replay: Any = example.history if len(example.history) <= 12 else [*example.history[:3], "…",
                                                                            *example.history[-8:]]
        print(f"    replay: options={example.options} seed={example.seed} after {example.step} actions {replay}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=150_000, help="actions per game (default 150,000)")
    parser.add_argument("--games", default="", help="comma-separated games (default: every registered game)")
    parser.add_argument("--jobs", type=int, default=1, help="games fuzzed in parallel processes")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args()
    from gamewright.core.game import registered_games

    names = [g for g in args.games.split(",") if g] or sorted(registered_games())
    failed = False
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(fuzz_game, name, args.actions, args.seed) for name in names]
        for future in futures:
            name, report, seconds = future.result()
            show(name, report, seconds)
            failed = failed or bool(report.failures)
    print("0 failures" if not failed else "failures found (see above)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
