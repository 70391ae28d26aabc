"""The action catalogue of each game's PettingZoo environment: how many action ids it has and what they mean, the
size of its flat observation and its default truncation; writes the results file the environments page reads.

    PYTHONPATH=src python benchmarks/docs_env_sizes.py [--out FILE]
"""

from __future__ import annotations

import argparse
import datetime
import json
from pathlib import Path

from gamewright.core.manifest import game_names
from gamewright.envs import pettingzoo_env

OUT = Path(__file__).parent / "results" / "docs" / "env_sizes.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows = []
    for game in game_names():
        env = pettingzoo_env(game, obs="flat", previews=False)
        env.reset(seed=0)
        agent = env.possible_agents[0]
        rows.append({"game": game, "agents": len(env.possible_agents),
                     "actions": int(env.action_space(agent).n), "first": env.action_text(0),
                     "last": env.action_text(int(env.action_space(agent).n) - 1),
                     "observation": int(env.observation_space(agent)["observation"].shape[0]),
                     "max_steps": int(env.max_steps)})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"command": "PYTHONPATH=src python benchmarks/docs_env_sizes.py",
                                    "date": datetime.date.today().isoformat(), "rows": rows}, indent=1) + "\n",
                        encoding="utf-8")


if __name__ == "__main__":
    main()
