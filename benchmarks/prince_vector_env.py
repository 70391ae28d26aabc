"""Steps per second of ``prince_vector_env(1024)`` against the single Gymnasium environment, one core, one run.

Random legal actions (uniform over the mask) in both; each configuration plays for ``--seconds``. A vector step
counts one step per sub-environment that acted (the NEXT_STEP reset steps, whose actions are ignored, are not
counted). Both wall-clock and CPU-time rates are written (the machine may be shared: CPU time is the fairer one).
Reports, never asserts.

    PYTHONPATH=src python benchmarks/prince_vector_env.py [--seconds 20] [--num-envs 1024] [--out FILE]
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):  # one core: before NumPy loads
    os.environ.setdefault(_name, "1")

import argparse  # noqa: E402
import datetime  # noqa: E402
import platform  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from gamewright.envs import gymnasium_env, prince_vector_env  # noqa: E402

OUT = Path(__file__).parent / "results" / "prince_vector_env.txt"


def single_rate(seconds: float, **options: Any) -> tuple[float, float, int]:
    """(steps per wall second, per CPU second, steps) of the single environment."""
    env = gymnasium_env("prince", **options)
    rng = np.random.default_rng(0)
    observation, _ = env.reset(seed=0)
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        observation, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
        if terminated or truncated:
            observation, _ = env.reset()
    return steps / (time.perf_counter() - wall), steps / (time.process_time() - cpu), steps


def vector_rate(seconds: float, num_envs: int, **options: Any) -> tuple[float, float, int]:
    """(sub-environment steps per wall second, per CPU second, steps) of the vector environment."""
    env = prince_vector_env(num_envs, seed=0, **options)
    rng = np.random.default_rng(0)
    observation, _ = env.reset()
    ended = np.zeros(num_envs, bool)
    steps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        mask = observation["action_mask"]
        observation, _, terminated, truncated, _ = env.step(np.argmax(rng.random(mask.shape) * mask, axis=1))
        steps += int(np.count_nonzero(~ended))
        ended = terminated | truncated
    return steps / (time.perf_counter() - wall), steps / (time.process_time() - cpu), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per configuration")
    parser.add_argument("--num-envs", type=int, default=1024)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                check=False).stdout.strip()
    except OSError:
        commit = "?"
    lines = [
        "prince_vector_env: steps per second, random legal actions, one process on one core",
        f"command: OMP_NUM_THREADS=1 PYTHONPATH=src python benchmarks/prince_vector_env.py --seconds "
        f"{args.seconds:g} --num-envs {args.num_envs}",
        f"date: {datetime.date.today().isoformat()}  commit: {commit}  python {platform.python_version()}  "
        f"numpy {np.__version__}  cpus on the machine: {os.cpu_count()}",
        "",
        "one line per configuration: its key, steps per wall-clock second, per CPU second, steps counted, what",
    ]
    rates: dict[str, tuple[float, float, int]] = {}
    n = args.num_envs
    for key, label, run in (
        ("single_dict", "gymnasium_env('prince') (obs=dict, previews: the defaults)",
         lambda: single_rate(args.seconds)),
        ("single_flat", "gymnasium_env('prince', obs='flat')", lambda: single_rate(args.seconds, obs="flat")),
        ("vector_dict", f"prince_vector_env({n}) (obs=dict, previews: the defaults)",
         lambda: vector_rate(args.seconds, n)),
        ("vector_flat", f"prince_vector_env({n}, obs='flat')", lambda: vector_rate(args.seconds, n, obs="flat")),
        ("vector_flat_no_previews", f"prince_vector_env({n}, obs='flat', previews=False)",
         lambda: vector_rate(args.seconds, n, obs="flat", previews=False)),
    ):
        rates[key] = run()
        wall, cpu, steps = rates[key]
        lines.append(f"{key} {wall:.0f} {cpu:.0f} {steps} {label}")
        print(lines[-1], flush=True)
    single, vector = rates["single_dict"], rates["vector_dict"]
    lines += ["", f"speedup_wall {vector[0] / single[0]:.0f} (num_envs={n}, default options; target 20)",
              f"speedup_cpu {vector[1] / single[1]:.0f} (num_envs={n}, default options; target 20)"]
    print("\n".join(lines[-2:]))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
