"""How much a compiled build of the unchanged Python buys, against the same code interpreted, by either compiler
the speed issue names for a build of the same source:

- ``--game prince --compiler cython``: Space Prince's turn resolution (``prince/turn.py``, more than half of a
  run's time) compiled by Cython with the C types of ``compiled_probe/turn.pxd``, on ``prince_runs``;
- ``--game prince --compiler mypyc``: the turn and the run's state (``prince/turn.py``, ``prince/state.py``)
  compiled by mypyc from their own type annotations, on ``prince_runs``. mypyc makes their classes native, so the
  copy it compiles drops their ``__slots__`` (a native class has fixed fields of its own) and leaves
  ``ResolvedTurn``, a subclass of a plain dataclass, an ordinary class — nothing else changes;
- ``--game inclinations --compiler mypyc``: the heuristic bot and the turn's rules (the modules in ``MODULES``),
  on ``inclinations_games``. The state, ship and legality modules stay interpreted: they make objects with
  ``__new__`` and fill them in, which native classes do not allow (compiled, the games crash).

    python benchmarks/compiled_probe.py --rounds 15                     # → benchmarks/results/compiled_probe.txt
    python benchmarks/compiled_probe.py --compiler mypyc --rounds 15    # → …/compiled_probe_mypyc.txt
    python benchmarks/compiled_probe.py --game inclinations --compiler mypyc --rounds 15
                                                      # → …/compiled_probe_inclinations_mypyc.txt

Both copies are this checkout's ``src`` in a temporary directory; the compiled one first replays the game's
seeded digests of ``tests/<game>/test_speed_identity.py`` (identical results, or nothing is measured). Needs a C
compiler, and Cython (installed into the temporary directory from PyPI if this Python lacks it) or mypyc (part of
mypy, a test extra); it is a measurement for the docs, not a build option of the package.
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
PRINCE = Path("gamewright/games/prince")
INCLINATIONS = Path("gamewright/games/inclinations")
TURN = PRINCE / "turn.py"
STATE = PRINCE / "state.py"
# _Chart becomes an extension type: its attributes live in its C struct (declared in the .pxd), not in __slots__
CHART_SLOTS = '    __slots__ = ("cfg", "profile", "_thresholds", "_targets", "curves")\n'
TURN_SLOTS = '    __slots__ = ("_direct", "_steps", "_checks", "_score")\n'
BUILD = """
import sys
from Cython.Build import cythonize
from setuptools import setup
setup(ext_modules=cythonize([sys.argv[1]], language_level=3, quiet=True,
                            compiler_directives={"annotation_typing": False}),
      script_args=["build_ext", "--inplace", "-q"])
"""
# what each (game, compiler) compiles — the first module is the one checked to load from its extension
MODULES: dict[tuple[str, str], list[Path]] = {
    ("prince", "cython"): [TURN],
    ("prince", "mypyc"): [TURN, STATE],
    ("inclinations", "mypyc"): [INCLINATIONS / f"{name}.py" for name in (
        "heuristic_bot", "bot_scoring", "bot_moves", "bot_tables", "turn", "weapons", "board", "actions", "reach")],
}
# the text edits each compiled copy needs: (file, old, new) — each ``old`` must be found
EDITS: dict[tuple[str, str], list[tuple[Path, str, str]]] = {
    ("prince", "cython"): [(TURN, CHART_SLOTS, "")],
    ("prince", "mypyc"): [
        (TURN, CHART_SLOTS, ""),
        (TURN, TURN_SLOTS, ""),
        (TURN, "from typing import Any\n", "from typing import Any\n\nfrom mypy_extensions import mypyc_attr\n"),
        (TURN, "class ResolvedTurn(TurnResult):", "@mypyc_attr(native_class=False)\nclass ResolvedTurn(TurnResult):"),
        (STATE, "from __future__ import annotations\n",
         "from __future__ import annotations\n\nfrom typing import ClassVar\n"),
        (STATE, "    __slots__ = (\n", "    slot_names: ClassVar[tuple[str, ...]] = (\n"),
        (STATE, "PrinceState.__slots__", "PrinceState.slot_names"),
    ],
    ("inclinations", "mypyc"): [],
}
WORKLOADS = {"prince": "prince_runs.py", "inclinations": "inclinations_games.py"}
# replays the game's recorded digests in a copy and prints the file the first compiled module loaded from
CHECKS = {
    "prince": ("from tests.prince.test_speed_identity import RUNS_DIGEST, runs_digest;"
               " assert runs_digest(6) == RUNS_DIGEST, 'the compiled build changed a result'"),
    "inclinations": ("from tests.inclinations.test_speed_identity import BOTS_DIGEST, PLAY_BOT_GAME_DIGEST,"
                     " PLAYOUTS_DIGEST, bot_games_digest, play_bot_game_digest, playouts_digest;"
                     " assert play_bot_game_digest() == PLAY_BOT_GAME_DIGEST, 'the compiled build changed a result';"
                     " assert bot_games_digest() == BOTS_DIGEST, 'the compiled build changed a result';"
                     " assert playouts_digest() == PLAYOUTS_DIGEST, 'the compiled build changed a result'"),
}


def copies(tmp: Path, subject: tuple[str, str]) -> tuple[Path, Path]:
    pure, compiled = tmp / "pure", tmp / "compiled"
    for copy in (pure, compiled):
        shutil.copytree(ROOT / "src" / "gamewright", copy / "gamewright",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for path, old, new in EDITS[subject]:
        source = (compiled / path).read_text()
        if old not in source:
            sys.exit(f"compiled_probe: {path} no longer has {old.strip()!r}, which the {subject[1]} copy edits;"
                     " update the probe")
        (compiled / path).write_text(source.replace(old, new, 1))
    if subject[1] == "cython":
        shutil.copy(HERE / "compiled_probe" / "turn.pxd", (compiled / TURN).with_suffix(".pxd"))
    return pure, compiled


def build(compiled: Path, tmp: Path, subject: tuple[str, str]) -> None:
    path = os.environ.get("PYTHONPATH", "")
    modules = MODULES[subject]
    if subject[1] == "mypyc":
        if importlib.util.find_spec("mypyc") is None:
            sys.exit("compiled_probe: mypyc is part of mypy, a test extra: pip install -e '.[test]'")
        command = [sys.executable, "-m", "mypyc", *map(str, modules)]
    else:
        if importlib.util.find_spec("Cython") is None:
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target", str(tmp / "cython"), "cython"],
                           check=True)
            path = str(tmp / "cython")
        command = [sys.executable, "-c", BUILD, str(modules[0])]
    subprocess.run(command, cwd=compiled, check=True, capture_output=True, env={**os.environ, "PYTHONPATH": path})
    for module in modules:
        if not list((compiled / module.parent).glob(f"{module.stem}.*.so")):
            sys.exit(f"compiled_probe: {subject[1]} built no extension for {module}")


def verify(pure: Path, compiled: Path, tmp: Path, subject: tuple[str, str]) -> None:
    """Both copies replay the game's recorded digests, the compiled one from its extension."""
    first = ".".join(MODULES[subject][0].with_suffix("").parts)
    check = f"{CHECKS[subject[0]]}; import {first} as m; print(m.__file__)"
    for copy in (pure, compiled):
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(copy), str(ROOT)])}
        loaded = subprocess.run([sys.executable, "-c", check], env=env, check=True, capture_output=True,
                                text=True, cwd=tmp).stdout.strip()
        if (copy is compiled) != loaded.endswith(".so"):
            sys.exit(f"compiled_probe: {copy.name} loaded {loaded}")


def run(copy: Path, script: str, scale: float) -> dict[str, tuple[float, str]]:
    """The workload's figures in this copy: name → (value, unit)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(copy), str(HERE / "workloads"), str(ROOT)])}
    out = subprocess.run([sys.executable, script, "--scale", str(scale)], env=env, check=True, capture_output=True,
                         text=True, cwd=copy).stdout
    return {name: (float(value), unit) for name, value, unit in (line.split() for line in out.splitlines())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=sorted(WORKLOADS), default="prince", help="whose engine is compiled")
    ap.add_argument("--compiler", choices=("cython", "mypyc"), default="cython", help="what compiles the copy")
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds, interpreted then compiled")
    ap.add_argument("--scale", type=float, default=1.0, help="workload size factor")
    ap.add_argument("--out", type=Path, help="results file (default: results/compiled_probe.txt for Space Prince"
                    " by Cython, results/compiled_probe[_GAME]_COMPILER.txt otherwise)")
    args = ap.parse_args()
    subject = (args.game, args.compiler)
    if subject not in MODULES:
        ap.error(f"no {args.compiler} build of {args.game} is set up (choose from "
                 f"{', '.join(f'--game {g} --compiler {c}' for g, c in MODULES)})")
    default = "compiled_probe" + ("" if args.game == "prince" else f"_{args.game}") + (
        "" if subject == ("prince", "cython") else f"_{args.compiler}")
    out = args.out or HERE / "results" / f"{default}.txt"
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        pure, compiled = copies(tmp, subject)
        build(compiled, tmp, subject)
        verify(pure, compiled, tmp, subject)
        script = str(HERE / "workloads" / WORKLOADS[args.game])
        figures: dict[str, dict[str, list[float]]] = {"interpreted": {}, "compiled": {}}
        units: dict[str, str] = {}
        for _ in range(args.rounds):
            for label, copy in (("interpreted", pure), ("compiled", compiled)):
                for key, (value, unit) in run(copy, script, args.scale).items():
                    figures[label].setdefault(key, []).append(value)
                    units[key] = unit
    what = ", ".join(str(module.relative_to("gamewright/games")) for module in MODULES[subject])
    by = "Cython" if args.compiler == "cython" else "mypyc"
    lines = [f"{WORKLOADS[args.game].removesuffix('.py')}: {what} interpreted vs compiled by {by} ({args.rounds}"
             f" alternating rounds, scale {args.scale}, CPU time; seeded games replay to the recorded digests in"
             " both)",
             f"{'figure':<32} {'unit':>15} {'interpreted':>12} {'compiled':>12} {'ratio':>7}"]
    for key in figures["interpreted"]:
        a, b = statistics.median(figures["interpreted"][key]), statistics.median(figures["compiled"][key])
        lines.append(f"{key:<32} {units[key]:>15} {a:>12.0f} {b:>12.0f} {b / a:>6.2f}x")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    out.write_text(text)


if __name__ == "__main__":
    main()
