"""The lab on every core: a 400-game Penance batch with --workers 1 and --workers 2, alternated, and the speed-up.

Each configuration runs as a fresh `gamewright lab simulate` process (what a designer types), so the figure
includes starting the pool. Prints one figure per line; reports, never asserts.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

GAMES = int(os.environ.get("LAB_BENCH_GAMES", "400"))
ROUNDS = int(os.environ.get("LAB_BENCH_ROUNDS", "2"))


def timed(workers: int, database: str) -> tuple[float, str]:
    args = [sys.executable, "-m", "gamewright", "lab", "simulate", "penance", "-n", str(GAMES), "--seed", "0",
            "--workers", str(workers), "--json"]
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=True,
                          env={**os.environ, "GAMEWRIGHT_DB": f"sqlite:///{database}"})
    return time.perf_counter() - start, done.stdout


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        database = os.path.join(tmp, "bench.db")
        times: dict[int, list[float]] = {1: [], 2: []}
        outputs: set[str] = set()
        for _ in range(ROUNDS):
            for workers in (1, 2):
                seconds, out = timed(workers, database)
                times[workers].append(seconds)
                outputs.add(out)
    one, two = statistics.median(times[1]), statistics.median(times[2])
    print(f"cores available: {len(os.sched_getaffinity(0))}; load average at the end {os.getloadavg()[0]:.1f} "
          "(other work on the machine shrinks the speed-up)")
    print(f"penance {GAMES} random games, --workers 1: {one:.2f} s (median of {ROUNDS})")
    print(f"penance {GAMES} random games, --workers 2: {two:.2f} s (median of {ROUNDS})")
    print(f"speed-up 2 workers / 1 worker: {one / two:.2f}x")
    print(f"outputs byte-identical across runs and worker counts: {len(outputs) == 1}")


if __name__ == "__main__":
    main()
