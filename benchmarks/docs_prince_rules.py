"""Which prototype rule costs the most Distance? Each Space Prince prototype rule alone on the design ruleset, and
the whole prototype ruleset, as paired compares (common random numbers) with the preview-greedy policy on the
batch engine; writes one results file the documentation's table is rendered from.

    PYTHONPATH=src python benchmarks/docs_prince_rules.py [--games N] [--out FILE]
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

from gamewright.lab.experiments import run

RULES = ["modality=false", "opponent_draws=prebuilt", "propagation_base=raw", "rounding=carry", "crit=prototype",
         "sect=durability", "degradation=false", "unlocks=all", "defeat_when=all_seven", "metaprogression=false"]
OUT = Path(__file__).parent / "results" / "docs" / "prince_rules.json"


def compare(games: int, a: dict[str, object], b: dict[str, object]) -> dict[str, object]:
    result = run({"kind": "compare", "game": "prince", "games": games, "seed": 0, "agents": ["greedy"],
                  "engine": "batch", "a": a, "b": b}, workers=1)
    paired = result["paired_metrics"]["distance"]
    return {"a_distance": result["a"]["metrics"]["distance"]["mean"],
            "b_distance": result["b"]["metrics"]["distance"]["mean"],
            "delta": paired["delta"], "low95": paired["low95"], "high95": paired["high95"], "p": paired.get("p"),
            "a_won": result["a"]["win_rates"][0]["rate"], "b_won": result["b"]["win_rates"][0]["rate"],
            "won_delta": result["difference"][0]["delta"], "won_p": result["difference"][0]["mcnemar_p"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    design: dict[str, object] = {"ruleset": "design", "options": {}}
    rows = [{"rule": "ruleset=prototype", **compare(args.games, design, {"ruleset": "prototype", "options": {}})}]
    for rule in RULES:
        name, value = rule.split("=")
        from gamewright.core.manifest import manifest_for

        parsed = manifest_for("prince").parse_options([rule])
        rows.append({"rule": rule, **compare(args.games, design, {"ruleset": "design", "options": parsed})})
        print(rule, rows[-1], file=sys.stderr, flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "command": f"PYTHONPATH=src python benchmarks/docs_prince_rules.py --games {args.games}",
        "date": datetime.date.today().isoformat(), "games": args.games, "agent": "prince.greedy (batch engine)",
        "rows": rows}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
