"""Compare two revisions of gamewright on the workloads in ``benchmarks/workloads/``, alternately.

    python benchmarks/compare.py                          # baseline 976184e against HEAD, 3 rounds
    python benchmarks/compare.py --repeat 5 --only penance_battles --only cli_start
    python benchmarks/compare.py --base 976184e --head main --scale 0.3

Each revision is exported with ``git archive`` into its own directory and installed with pip into its own
virtual environment (kept under ``--workdir`` for the next run). The workload scripts of THIS checkout run
against each revision's installed package, rounds alternating A, B, A, B…; each script prints one figure per
line (``name value unit``) and the runner prints each figure's median per revision and the speed-up of B over
A (rates and ratios: B/A; seconds: A/B, so above 1 is always better).

By default the new environment installs only gamewright itself (``--no-deps``) and sees the third-party
libraries of the interpreter running this script (a ``.pth`` line), so only our code differs between A and B
and nothing is downloaded; ``--full-install`` installs every dependency with pip instead (PyPI or its cache).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# issue 25's targets: B's speed-up over a8385eb, per CPU-second (lab_over_bare_loop_*: the ratio itself, ≤ 1.15)
TARGETS = {
    "lab_simulate_prince_5000": 3.0,
    "lab_simulate_inclinations_medium_3000": 2.5,
    "lab_simulate_penance_heuristic_1000": 3.0,
    "lab_compare_affinity_greedy_1000": 2.0,
    "prince_runs_cached_charts": 3.0,
    "prince_runs_fresh_charts": 3.0,
    "inclinations_medium_vs_medium": 2.5,
    "penance_heuristic_battles": 3.0,
}
LABELS = {
    "lab_simulate_prince_5000": "`lab simulate prince -n 5000` (whole command, CPU s)",
    "lab_simulate_inclinations_medium_3000": "`lab simulate inclinations`, medium bots, 3,000 games",
    "lab_simulate_penance_heuristic_1000": "`lab simulate penance`, heuristic bots, 1,000 games",
    "lab_compare_affinity_greedy_1000": "`lab compare affinity`, greedy parties, 1,000 games a side",
    "prince_runs_cached_charts": "Space Prince engine, random runs (charts cached)",
    "prince_runs_fresh_charts": "Space Prince engine, random runs (fresh charts)",
    "inclinations_medium_vs_medium": "Inclinations engine, medium bot against medium bot",
    "penance_heuristic_battles": "Penance engine, heuristic bot against heuristic bot",
    "prince_batch_random_design": "Space Prince batch engine (`design`, random)",
    **{f"lab_over_bare_loop_{g}": f"Lab over the bare engine loop, {g} (ratio of CPU times)"
       for g in ("prince", "inclinations", "penance", "affinity")},
}
BOUNDS = {f"lab_over_bare_loop_{game}": 1.15 for game in ("prince", "inclinations", "penance", "affinity")}
BATCH_TARGET = ("prince_batch_random_design", 2_000_000.0)  # turns per CPU-second, on its own
ROOT = HERE.parent
WORKLOADS = HERE / "workloads"
RATE_UNITS_END = "/s"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def install(rev: str, workdir: Path, full: bool) -> Path:
    """The Python of a virtual environment holding revision ``rev`` (built once, then reused)."""
    sha = git("rev-parse", "--verify", f"{rev}^{{commit}}")
    home = workdir / sha[:12]
    python = home / "venv" / "bin" / "python"
    if (home / "ready").exists():
        return python
    src = home / "src"
    src.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile() as archive:
        subprocess.run(["git", "archive", "--format=tar", sha], cwd=ROOT, check=True, stdout=archive)
        archive.seek(0)
        with tarfile.open(fileobj=archive) as tar:
            tar.extractall(src, filter="data")
    subprocess.run([sys.executable, "-m", "venv", str(home / "venv")], check=True)
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if full:
        subprocess.run([*pip, str(src)], check=True)
    else:
        site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                   check=True, capture_output=True, text=True).stdout.strip())
        # after the environment's own site-packages, so its gamewright wins over any other
        (site / "zz_shared_libraries.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
        subprocess.run([*pip, "--no-deps", str(src)], check=True)
    (home / "ready").write_text(sha + "\n")
    return python


def run_workload(python: Path, script: Path, scale: float) -> dict[str, tuple[float, str]]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{python.parent}{os.pathsep}{env.get('PATH', '')}"
    with tempfile.TemporaryDirectory() as cwd:  # nothing imported from a checkout by accident
        env["GAMEWRIGHT_HOME"] = cwd
        done = subprocess.run([str(python), str(script), "--scale", str(scale)], cwd=cwd, env=env,
                              capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  {script.stem} failed under {python}:\n{done.stderr[-2000:]}", file=sys.stderr)
        return {}
    figures = {}
    for line in done.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3:
            figures[parts[0]] = (float(parts[1]), parts[2])
    return figures


def speedup(a: float, b: float, unit: str) -> float:
    if a == 0 or b == 0:
        return float("nan")
    higher_is_better = unit.endswith(RATE_UNITS_END) or unit == "x"
    return b / a if higher_is_better else a / b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="976184e", help="revision A (default: the issue-13 baseline 976184e)")
    ap.add_argument("--head", default="HEAD", help="revision B (default: HEAD)")
    ap.add_argument("--repeat", type=int, default=3, help="rounds; each runs every workload once per revision")
    ap.add_argument("--only", action="append", default=[], help="a workload script name (repeatable)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies every workload's size")
    ap.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "gamewright-bench")
    ap.add_argument("--full-install", action="store_true", help="pip-install every dependency per revision")
    ap.add_argument("--json", type=Path, default=None, help="also write the table as JSON to this file")
    args = ap.parse_args()
    scripts = sorted(p for p in WORKLOADS.glob("*.py") if not p.name.startswith("_"))
    if args.only:
        unknown = set(args.only) - {p.stem for p in scripts}
        if unknown:
            ap.error(f"unknown workload {', '.join(sorted(unknown))}; choose from {', '.join(p.stem for p in scripts)}")
        scripts = [p for p in scripts if p.stem in args.only]
    revs = {"A": args.base, "B": args.head}
    pythons = {k: install(rev, args.workdir, args.full_install) for k, rev in revs.items()}
    values: dict[str, dict[str, list[float]]] = {}
    units: dict[str, str] = {}
    for r in range(args.repeat):
        for script in scripts:
            for k in ("A", "B"):
                for name, (value, unit) in run_workload(pythons[k], script, args.scale).items():
                    values.setdefault(name, {"A": [], "B": []})[k].append(value)
                    units[name] = unit
        print(f"round {r + 1}/{args.repeat} done", file=sys.stderr, flush=True)
    print(f"A = {args.base}  B = {args.head}  ({args.repeat} alternating rounds, scale {args.scale}, "
          f"load average {Path('/proc/loadavg').read_text().split()[0] if Path('/proc/loadavg').exists() else '?'})")
    print(f"{'figure':40} {'unit':>14} {'median A':>12} {'median B':>12} {'B vs A':>8}  target")
    rows = []
    for name, per in values.items():
        a = statistics.median(per["A"]) if per["A"] else float("nan")
        b = statistics.median(per["B"]) if per["B"] else float("nan")
        ratio = speedup(a, b, units[name])
        row = {"figure": name, "label": LABELS.get(name, f"`{name}`"), "unit": units[name], "median_a": a,
               "median_b": b, "speedup": ratio, "a_text": shown(a, units[name]), "b_text": shown(b, units[name]),
               **target_of(name, b, ratio)}
        row["met_text"] = "—" if row["met"] is None else "yes" if row["met"] else "no"
        rows.append(row)
        verdict = "" if row["met"] is None else " (met)" if row["met"] else " (not met)"
        print(f"{name:40} {units[name]:>14} {a:12.5g} {b:12.5g} {ratio:7.2f}x  {row['target_text']}{verdict}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"base": args.base, "head": git("rev-parse", "--short", args.head),
                                         "repeat": args.repeat, "scale": args.scale, "rows": rows,
                                         "targets": [r for r in rows if r["met"] is not None]}, indent=1) + "\n")


def shown(value: float, unit: str) -> str:
    """A figure as a person reads it: 2.36M turns/s, 9.3 s, 1.12."""
    if unit == "ratio":
        return f"{value:.2f}"
    for size, suffix in ((1e6, "M"), (1e3, "k")):
        if abs(value) >= size:
            return f"{value / size:.3g}{suffix} {unit}"
    return f"{value:.3g} {unit}"


def target_of(name: str, b: float, ratio: float) -> dict[str, object]:
    """The issue's target for a figure, and whether B meets it (``met`` None where there is none)."""
    if name in TARGETS:
        return {"target_text": f"×{TARGETS[name]:g}", "met": ratio >= TARGETS[name]}
    if name in BOUNDS:
        return {"target_text": f"≤ {BOUNDS[name]:.2f}", "met": b <= BOUNDS[name]}
    if name == BATCH_TARGET[0]:
        return {"target_text": f"≥ {BATCH_TARGET[1] / 1e6:.0f}M turns/s", "met": b >= BATCH_TARGET[1]}
    return {"target_text": "", "met": None}


if __name__ == "__main__":
    main()
