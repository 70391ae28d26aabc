"""The baseline that learns, as a benchmark: ``gamewright lab train GAME --minutes 10`` for Space Prince and
Penance, then the evaluation against the game's random agent (400 seeds or games, seats alternated in Penance).

    PYTHONPATH=src python benchmarks/train_baseline.py [prince|penance …] [--minutes 10] [--seed 0]

Writes benchmarks/results/train/<game>-eval.json (the evaluation, the training's steps, wall and CPU seconds)
and the checkpoint in benchmarks/results/train/<game>-policy/ (play it with the agent ``policy:DIR``).
Needs the train extra (pip install 'gamewright[train]'). A benchmark, not a test: minutes of CPU.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "train"


def main() -> int:
    from gamewright.cli.main import run

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["prince", "penance"])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    RESULTS.mkdir(parents=True, exist_ok=True)
    status = 0
    for game in args.games:
        out = RESULTS / f"{game}-policy"
        if out.exists():
            shutil.rmtree(out)
        code = run(["lab", "train", game, "--algo", "ppo", "--minutes", str(args.minutes), "--seed",
                    str(args.seed), "--out", str(out), "--eval-games", str(args.eval_games), "--workers",
                    str(args.workers)])
        if code:
            status = code
            continue
        evaluation = json.loads((out / "eval.json").read_text(encoding="utf-8"))
        evaluation["command"] = (f"gamewright lab train {game} --algo ppo --minutes {args.minutes:g} --seed "
                                 f"{args.seed} --out {out.relative_to(ROOT)} --eval-games "
                                 f"{args.eval_games} --workers {args.workers}")
        evaluation["policy"] = str(out.relative_to(ROOT))
        evaluation["date"] = datetime.date.today().isoformat()
        (RESULTS / f"{game}-eval.json").write_text(json.dumps(evaluation, indent=2, sort_keys=True) + "\n",
                                                   encoding="utf-8")
    return status


if __name__ == "__main__":
    sys.exit(main())
