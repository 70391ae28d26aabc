"""Random-play episode lengths (legal actions only, as the AEC environment plays them) for each game configuration
whose truncation the environments set, beside that truncation (``max_steps``): the evidence for the values chosen.

    PYTHONPATH=src python benchmarks/env_episode_lengths.py [-n GAMES] [--out FILE]
"""

from __future__ import annotations

import argparse
import datetime
import json
from pathlib import Path
from typing import Any

from gamewright.core.game import load_game
from gamewright.core.rng import Rng
from gamewright.envs import pettingzoo_env

OUT = Path(__file__).parent / "results" / "docs" / "env_episode_lengths.json"
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("prince", {}), ("affinity", {}), ("affinity", {"level": 5}), ("affinity", {"level": 10}),
    ("affinity", {"count": 8}), ("penance", {}), ("penance", {"decks": "confessor/confessor,ironclad/ironclad"}),
    ("inclinations", {"players": 2}), ("inclinations", {"players": 4}), ("inclinations", {"players": 6}),
]
CAP = 100_000  # a game still running here is counted at the cap


def lengths(game: str, options: dict[str, Any], n: int) -> list[int]:
    g = load_game(game, options=options)
    rng = Rng(f"lengths/{game}/{json.dumps(options, sort_keys=True)}")
    out = []
    for seed in range(n):
        state = g.new_initial_state(seed)
        k = 0
        while not state.is_terminal() and k < CAP:
            state.apply(rng.choice(state.legal_actions()))
            k += 1
        out.append(k)
    return sorted(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="random games per configuration")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows = []
    for game, options in CONFIGS:
        found = lengths(game, options, args.n)
        median, p99 = (found[min(len(found) - 1, int(q * len(found)))] for q in (0.5, 0.99))
        max_steps = pettingzoo_env(game, options=options, obs="hash").max_steps
        rows.append({"game": game, "options": json.dumps(options), "games": args.n, "median": median,
                     "p99": p99, "longest": found[-1], "max_steps": max_steps,
                     "truncated": sum(k >= max_steps for k in found)})
        print(rows[-1], flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"command": f"PYTHONPATH=src python benchmarks/env_episode_lengths.py -n {args.n}",
                                    "date": datetime.date.today().isoformat(), "rows": rows}, indent=1) + "\n",
                        encoding="utf-8")


if __name__ == "__main__":
    main()
