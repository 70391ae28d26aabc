"""Whole ``gamewright`` processes: CPU seconds of ``affinity odds --table`` and ``penance odds --tn 6``
(process and children), and the import time ``python -X importtime`` reports for ``gamewright --help``."""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys

from _figures import figure, sized


def process_seconds(*args: str) -> float:
    """Median over a few runs of the child's user + system CPU seconds."""
    times = []
    for _ in range(sized(3)):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-m", "gamewright", *args], check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def help_import_seconds() -> float:
    """The sum of the top-level cumulative import times ``-X importtime`` prints for ``--help``."""
    times = []
    for _ in range(sized(3)):
        err = subprocess.run([sys.executable, "-X", "importtime", "-m", "gamewright", "--help"], check=True,
                             capture_output=True, text=True).stderr
        total = 0
        for line in err.splitlines():
            parts = line.split("|")
            top_level = len(parts) == 3 and parts[1].strip().isdigit() and not parts[2].startswith("  ")
            if top_level:
                total += int(parts[1])
        times.append(total / 1e6)
    return statistics.median(times)


if __name__ == "__main__":
    figure("cli_affinity_odds_table_process", process_seconds("affinity", "odds", "--table"), "s")
    figure("cli_penance_odds_process", process_seconds("penance", "odds", "--tn", "6"), "s")
    figure("cli_help_import_time", help_import_seconds(), "s")
