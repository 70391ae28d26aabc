"""How much a compiled build of the unchanged Python buys: Space Prince's turn resolution (``prince/turn.py``, more
than half of a run's time) compiled by Cython with the C types of ``compiled_probe/turn.pxd``, against the same
code interpreted, on the ``prince_runs`` workload.

    python benchmarks/compiled_probe.py --rounds 5      # → benchmarks/results/compiled_probe.txt

Both copies are this checkout's ``src`` in a temporary directory; the compiled one first replays the seeded runs
of ``tests/prince/test_speed_identity.py`` to its recorded digest (identical results, or nothing is measured).
Needs a C compiler and Cython (installed into the temporary directory from PyPI if this Python lacks it); it is
a measurement for the docs, not a build option of the package.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TURN = Path("gamewright/games/prince/turn.py")
# _Chart becomes an extension type: its attributes live in its C struct (declared in the .pxd), not in __slots__
CHART_SLOTS = '    __slots__ = ("cfg", "profile", "_thresholds", "_targets", "curves")\n'
CHECK = ("from tests.prince.test_speed_identity import RUNS_DIGEST, runs_digest; import gamewright.games.prince.turn"
         " as t; print(t.__file__); assert runs_digest(6) == RUNS_DIGEST, 'the compiled build changed a result'")
BUILD = """
import sys
from Cython.Build import cythonize
from setuptools import setup
setup(ext_modules=cythonize([sys.argv[1]], language_level=3, quiet=True,
                            compiler_directives={"annotation_typing": False}),
      script_args=["build_ext", "--inplace", "-q"])
"""


def copies(tmp: Path) -> tuple[Path, Path]:
    pure, compiled = tmp / "pure", tmp / "compiled"
    for copy in (pure, compiled):
        shutil.copytree(ROOT / "src" / "gamewright", copy / "gamewright",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    turn = compiled / TURN
    source = turn.read_text()
    if CHART_SLOTS not in source:
        sys.exit("compiled_probe: turn.py's _Chart no longer declares the slots the .pxd replaces; update the probe")
    turn.write_text(source.replace(CHART_SLOTS, ""))
    shutil.copy(HERE / "compiled_probe" / "turn.pxd", turn.with_suffix(".pxd"))
    return pure, compiled


def build(compiled: Path, tmp: Path) -> None:
    path = os.environ.get("PYTHONPATH", "")
    if importlib.util.find_spec("Cython") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target", str(tmp / "cython"), "cython"],
                       check=True)
        path = str(tmp / "cython")
    subprocess.run([sys.executable, "-c", BUILD, str(TURN)], cwd=compiled, check=True, capture_output=True,
                   env={**os.environ, "PYTHONPATH": path})
    if not list((compiled / TURN.parent).glob("turn.*.so")):
        sys.exit("compiled_probe: Cython built no extension")


def run(copy: Path, script: str, scale: float) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(copy), str(HERE / "workloads"), str(ROOT)])}
    out = subprocess.run([sys.executable, script, "--scale", str(scale)], env=env, check=True, capture_output=True,
                         text=True, cwd=copy).stdout
    return {name: float(value) for name, value, _ in (line.split() for line in out.splitlines())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds, interpreted then compiled")
    ap.add_argument("--scale", type=float, default=1.0, help="workload size factor")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "compiled_probe.txt")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        pure, compiled = copies(tmp)
        build(compiled, tmp)
        for copy in (pure, compiled):  # both replay the recorded digest; the compiled one from its extension
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(copy), str(ROOT)])}
            loaded = subprocess.run([sys.executable, "-c", CHECK], env=env, check=True, capture_output=True,
                                    text=True, cwd=tmp).stdout.strip()
            if (copy is compiled) != loaded.endswith(".so"):
                sys.exit(f"compiled_probe: {copy.name} loaded {loaded}")
        script = str(HERE / "workloads" / "prince_runs.py")
        figures: dict[str, dict[str, list[float]]] = {"interpreted": {}, "compiled": {}}
        for _ in range(args.rounds):
            for label, copy in (("interpreted", pure), ("compiled", compiled)):
                for key, value in run(copy, script, args.scale).items():
                    figures[label].setdefault(key, []).append(value)
    lines = [f"Space Prince runs, prince/turn.py interpreted vs compiled by Cython ({args.rounds} alternating rounds,"
             f" scale {args.scale}, CPU time; seeded runs replay to the recorded digest in both)",
             f"{'figure':<28} {'unit':>8} {'interpreted':>12} {'compiled':>12} {'ratio':>7}"]
    for key in figures["interpreted"]:
        a, b = statistics.median(figures["interpreted"][key]), statistics.median(figures["compiled"][key])
        lines.append(f"{key:<28} {'turns/s':>8} {a:>12.0f} {b:>12.0f} {b / a:>6.2f}x")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    args.out.write_text(text)


if __name__ == "__main__":
    main()
