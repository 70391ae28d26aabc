"""How much a compiled build of the unchanged Python buys, on the ``prince_runs`` workload, against the same code
interpreted — by either compiler the speed issue names for a build of the same source:

- ``--compiler cython``: Space Prince's turn resolution (``prince/turn.py``, more than half of a run's time)
  compiled by Cython with the C types of ``compiled_probe/turn.pxd``;
- ``--compiler mypyc``: the turn and the run's state (``prince/turn.py`` and ``prince/state.py``) compiled by
  mypyc from their own type annotations. mypyc makes their classes native, so the copy it compiles drops their
  ``__slots__`` (a native class has fixed fields of its own) and leaves ``ResolvedTurn``, a subclass of a plain
  dataclass, an ordinary class — nothing else changes.

    python benchmarks/compiled_probe.py --rounds 5                    # → benchmarks/results/compiled_probe.txt
    python benchmarks/compiled_probe.py --compiler mypyc --rounds 5   # → …/compiled_probe_mypyc.txt

Both copies are this checkout's ``src`` in a temporary directory; the compiled one first replays the seeded runs
of ``tests/prince/test_speed_identity.py`` to its recorded digest (identical results, or nothing is measured).
Needs a C compiler, and Cython (installed into the temporary directory from PyPI if this Python lacks it) or mypyc
(part of mypy, a test extra); it is a measurement for the docs, not a build option of the package.
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
STATE = Path("gamewright/games/prince/state.py")
# _Chart becomes an extension type: its attributes live in its C struct (declared in the .pxd), not in __slots__
CHART_SLOTS = '    __slots__ = ("cfg", "profile", "_thresholds", "_targets", "curves")\n'
TURN_SLOTS = '    __slots__ = ("_direct", "_steps", "_checks", "_score")\n'
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
# what each compiler compiles, and the text edits its copy needs: (file, old, new) — each ``old`` must be found
MODULES = {"cython": [TURN], "mypyc": [TURN, STATE]}
EDITS: dict[str, list[tuple[Path, str, str]]] = {
    "cython": [(TURN, CHART_SLOTS, "")],
    "mypyc": [
        (TURN, CHART_SLOTS, ""),
        (TURN, TURN_SLOTS, ""),
        (TURN, "from typing import Any\n", "from typing import Any\n\nfrom mypy_extensions import mypyc_attr\n"),
        (TURN, "class ResolvedTurn(TurnResult):", "@mypyc_attr(native_class=False)\nclass ResolvedTurn(TurnResult):"),
        (STATE, "from __future__ import annotations\n",
         "from __future__ import annotations\n\nfrom typing import ClassVar\n"),
        (STATE, "    __slots__ = (\n", "    slot_names: ClassVar[tuple[str, ...]] = (\n"),
        (STATE, "PrinceState.__slots__", "PrinceState.slot_names"),
    ],
}


def copies(tmp: Path, compiler: str) -> tuple[Path, Path]:
    pure, compiled = tmp / "pure", tmp / "compiled"
    for copy in (pure, compiled):
        shutil.copytree(ROOT / "src" / "gamewright", copy / "gamewright",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for path, old, new in EDITS[compiler]:
        source = (compiled / path).read_text()
        if old not in source:
            sys.exit(f"compiled_probe: {path} no longer has {old.strip()!r}, which the {compiler} copy edits;"
                     " update the probe")
        (compiled / path).write_text(source.replace(old, new, 1))
    if compiler == "cython":
        shutil.copy(HERE / "compiled_probe" / "turn.pxd", (compiled / TURN).with_suffix(".pxd"))
    return pure, compiled


def build(compiled: Path, tmp: Path, compiler: str) -> None:
    path = os.environ.get("PYTHONPATH", "")
    if compiler == "mypyc":
        if importlib.util.find_spec("mypyc") is None:
            sys.exit("compiled_probe: mypyc is part of mypy, a test extra: pip install -e '.[test]'")
        command = [sys.executable, "-m", "mypyc", *map(str, MODULES[compiler])]
    else:
        if importlib.util.find_spec("Cython") is None:
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target", str(tmp / "cython"), "cython"],
                           check=True)
            path = str(tmp / "cython")
        command = [sys.executable, "-c", BUILD, str(TURN)]
    subprocess.run(command, cwd=compiled, check=True, capture_output=True, env={**os.environ, "PYTHONPATH": path})
    for module in MODULES[compiler]:
        if not list((compiled / module.parent).glob(f"{module.stem}.*.so")):
            sys.exit(f"compiled_probe: {compiler} built no extension for {module}")


def run(copy: Path, script: str, scale: float) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(copy), str(HERE / "workloads"), str(ROOT)])}
    out = subprocess.run([sys.executable, script, "--scale", str(scale)], env=env, check=True, capture_output=True,
                         text=True, cwd=copy).stdout
    return {name: float(value) for name, value, _ in (line.split() for line in out.splitlines())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds, interpreted then compiled")
    ap.add_argument("--scale", type=float, default=1.0, help="workload size factor")
    ap.add_argument("--compiler", choices=sorted(MODULES), default="cython", help="what compiles the copy")
    ap.add_argument("--out", type=Path, help="results file (default: results/compiled_probe.txt for Cython,"
                    " results/compiled_probe_mypyc.txt for mypyc)")
    args = ap.parse_args()
    out = args.out or HERE / "results" / ("compiled_probe.txt" if args.compiler == "cython" else
                                          "compiled_probe_mypyc.txt")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        pure, compiled = copies(tmp, args.compiler)
        build(compiled, tmp, args.compiler)
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
    what = " and ".join(str(module.relative_to("gamewright/games")) for module in MODULES[args.compiler])
    by = "Cython" if args.compiler == "cython" else "mypyc"
    lines = [f"Space Prince runs, {what} interpreted vs compiled by {by} ({args.rounds} alternating rounds,"
             f" scale {args.scale}, CPU time; seeded runs replay to the recorded digest in both)",
             f"{'figure':<28} {'unit':>8} {'interpreted':>12} {'compiled':>12} {'ratio':>7}"]
    for key in figures["interpreted"]:
        a, b = statistics.median(figures["interpreted"][key]), statistics.median(figures["compiled"][key])
        lines.append(f"{key:<28} {'turns/s':>8} {a:>12.0f} {b:>12.0f} {b / a:>6.2f}x")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    out.write_text(text)


if __name__ == "__main__":
    main()
