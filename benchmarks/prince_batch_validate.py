"""The batch Space Prince engine against the scalar engine with large samples, option by option: each line gives
the configuration, both engines' win rate, mean Distance and combustions per run, and the smallest p-value of the
tests (Fisher, KS, Anderson–Darling, Welch per planet; see ``gamewright.lab.prince_batch_validate``).

    python benchmarks/prince_batch_validate.py [--scalar-runs 3000] [--batch-runs 100000] [--agent random]
"""

from __future__ import annotations

import argparse
from typing import Any

from gamewright.games.prince.batch.lab import batch_records

try:  # the module's path since the lab took the batch validation; then the older one
    from gamewright.lab.prince_batch_validate import p_values, scalar_records, summary
except ImportError:
    from gamewright.games.prince.batch.validate import p_values, scalar_records, summary  # type: ignore[no-redef]

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("design", {}), ("prototype", {}), ("design", {"crit": "prototype"}), ("design", {"degradation": False}),
    ("design", {"modality": False}), ("design", {"rounding": "carry"}), ("design", {"sect": "durability"}),
    ("design", {"propagation_base": "raw"}), ("design", {"encounters_per_run": 1}),
    ("design", {"encounters_per_run": 6}), ("design", {"opponent_draws": "prebuilt"}),
    ("prototype", {"opponent_draws": "weighted", "rounding": "half_up"}),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scalar-runs", type=int, default=3000)
    ap.add_argument("--batch-runs", type=int, default=100_000)
    ap.add_argument("--agent", default="random")
    args = ap.parse_args()
    print(f"{'configuration':44} {'won s/b':>13} {'Distance s/b':>15} {'burns s/b':>11} {'min p':>8}  (test)")
    for ruleset, options in VARIANTS:
        scalar = scalar_records(ruleset, options, args.agent, args.scalar_runs)
        batch = batch_records(ruleset, options, (args.agent,), 10**6, 0, args.batch_runs)
        s, b = summary(scalar), summary(batch)
        p = p_values(scalar, batch)
        worst = min(p, key=p.__getitem__)
        name = ruleset + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{name:44} {s['won']:6.3f}/{b['won']:.3f} {s['distance']:7.1f}/{b['distance']:.1f} "
              f"{s['combustions']:5.2f}/{b['combustions']:.2f} {p[worst]:8.3g}  ({worst}; {len(p)} tests)",
              flush=True)


if __name__ == "__main__":
    main()
