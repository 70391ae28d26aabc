"""Whole ``gamewright lab`` commands as people run them, one worker: CPU seconds of the process (user + system,
start-up and history included), per command. The lab's history database is made by an untimed first command,
so that creating its tables is not counted (a user's database exists after the first run)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

from _figures import figure, sized

MEDIUM = "inclinations.medium-bot,inclinations.medium-bot"
COMMANDS: dict[str, list[str]] = {
    "lab_simulate_prince_5000": ["lab", "simulate", "prince", "-n", "5000"],
    "lab_simulate_inclinations_medium_3000": ["lab", "simulate", "inclinations", "--agents", MEDIUM, "-n", "3000"],
    "lab_simulate_penance_heuristic_1000": ["lab", "simulate", "penance", "--agents",
                                            "penance.heuristic,penance.heuristic", "-n", "1000"],
    "lab_compare_affinity_greedy_1000": ["lab", "compare", "affinity", "--b", "free_strikes=false", "--agents",
                                         "affinity.greedy,affinity.greedy", "-n", "1000"],
}


def scaled(args: list[str]) -> list[str]:
    """The command with its ``-n`` multiplied by ``--scale``."""
    out = list(args)
    i = out.index("-n") + 1
    out[i] = str(sized(int(out[i])))
    return out


def process_seconds(args: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "gamewright", *args, "--workers", "1", "--json"], check=True,
                   capture_output=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


if __name__ == "__main__":
    # every revision honours GAMEWRIGHT_DB; the runner's working directory is a fresh temporary one
    env = {**os.environ, "GAMEWRIGHT_DB": f"sqlite:///{Path.cwd() / 'lab-history.db'}"}
    process_seconds(["lab", "simulate", "prince", "-n", "1"], env)  # untimed: creates the history tables
    for name, args in COMMANDS.items():
        figure(name, process_seconds(scaled(args), env), "s")
