"""Issue 9 probes for Affinity: each listed input runs as a real CLI process; report its answer and its time.

Reports, never asserts in the test suite; exits 1 if any probe takes 5 s or more, crashes, or prints more than
one error line. Run: ``PYTHONPATH=src python benchmarks/affinity_limits.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.affinity.limit_probes import PROBES  # noqa: E402

LIMIT_SECONDS = 5.0


def main() -> int:
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GAMEWRIGHT_DATABASE_URL": f"sqlite:///{tmp}/probe.db"}
        for name, args, stdin in PROBES:
            start = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "gamewright", *args], input=stdin, capture_output=True,
                                  text=True, env=env, timeout=120)
            took = time.perf_counter() - start
            lines = proc.stderr.strip().splitlines()
            if proc.returncode == 2 and len(lines) == 1 and lines[0].startswith("error:"):
                answer = lines[0][:90]
            elif proc.returncode == 0:
                answer = "answered"
            else:
                answer = f"FAILED exit {proc.returncode}: {proc.stderr.strip()[-200:]}"
            ok = took < LIMIT_SECONDS and not answer.startswith("FAILED")
            failures += not ok
            print(f"{'ok ' if ok else 'BAD'} {took:5.2f} s  {name:<24} {answer}")
    print(f"{len(PROBES)} probes, {failures} over {LIMIT_SECONDS:.0f} s or failed")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
