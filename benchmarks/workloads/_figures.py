"""Shared by the workload scripts: the size factor from ``--scale`` and the one-figure-per-line output."""

from __future__ import annotations

import sys
import time


def scale() -> float:
    """``--scale X`` multiplies every workload's size (the runner passes it through; default 1)."""
    args = sys.argv[1:]
    return float(args[args.index("--scale") + 1]) if "--scale" in args else 1.0


def sized(n: int) -> int:
    return max(1, round(n * scale()))


def figure(name: str, value: float, unit: str) -> None:
    """One figure per line, ``name value unit``: what ``benchmarks/compare.py`` reads."""
    print(f"{name} {value:.6g} {unit}", flush=True)


def cpu() -> float:
    """CPU seconds of this process: on a shared, loaded machine far steadier than the wall clock (which
    counts the time other processes hold the cores)."""
    return time.process_time()
