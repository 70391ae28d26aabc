"""Every once-unbounded or once-crashing CLI input of issue 9 (items 2 and 3), run as a real process.

    python benchmarks/limits_check.py [--timeout 60] [--only SUBSTRING]

Each input runs in a fresh process against a scratch database, under a 500 MB address-space limit and a hang
guard. Reported per input: exit code, the first line it printed (stderr if it failed, else stdout), wall time,
and a verdict: ``ok`` when it answered (exit 0) or refused in one ``error:`` line (exit 2) within 5 s without a
traceback. A script, not a test: it reports, it asserts nothing (exit code 1 if any input is not ``ok``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

LIMIT_BYTES = 500 * 2**20
EXPECTED_SECONDS = 5.0
BIG = str(2**63)


@dataclass
class Case:
    label: str
    args: list[str | bytes]
    stdin: str | None = None  # text to send; None: empty stdin; CLOSED: stdin closed (``<&-``)


CLOSED = "\0closed"


def _scenarios(folder: Path) -> dict[str, Path]:
    def write(name: str, text: str) -> Path:
        path = folder / name
        path.write_text(text)
        return path

    turn = {"player": {"signs": {"Mars": "Aries"}}, "opponent": {"signs": {}}, "player_planet": "Mars",
            "opponent_planet": "Sun", "rolls": [0.99]}
    carry = dict(turn, player={"signs": {"Mars": "Aries"}, "carry": {"Mars": "1e100000000"}})
    return {
        "carry": write("carry.json", json.dumps(carry)),
        "digits": write("digits.json", json.dumps(turn)[:-1] + ', "seed": ' + "7" * 5000 + "}"),
        "affliction": write("affliction.json", json.dumps(turn).replace('"Aries"}', '"Aries"}, "affliction": '
                                                                         '{"Mars": ' + "9" * 4400 + "}", 1)),
        "deep": write("deep.json", "[" * 100_000 + "]" * 100_000),
    }


def cases(files: dict[str, Path]) -> list[Case]:
    party = ",".join(["combatant"] * 2000)
    group = ",".join(f"M{i}:5" for i in range(2000))
    return [
        # issue 9 item 2: small inputs, unbounded work
        Case("defend huge layer", ["affinity", "defend", "--layers", "a:100000000d6", "--capacity", "100000000",
                                   "--damage", "100000000"]),
        Case("defend huge bonus", ["affinity", "defend", "--layers", "a:2d6", "--capacity", "2", "--damage",
                                   "100000000", "--bonus", "100000000"]),
        Case("defend 300d6/300d8 odds", ["affinity", "defend", "--layers", "a:300d6,b:300d8", "--capacity", "300",
                                         "--damage", "300", "--odds"]),
        Case("task proficiency 5000", ["affinity", "task", "--threshold", "4", "--difficulty", "3",
                                       "--proficiency", "5000"]),
        Case("task difficulty/days 1e9", ["affinity", "task", "--threshold", "4", "--difficulty", "1000000000",
                                          "--days", "1000000000"]),
        Case("task group of 2000", ["affinity", "task", "--threshold", "4", "--difficulty", "3", "--group", group]),
        Case("travel bonus 2000", ["affinity", "travel", "--bonus", "2000"]),
        Case("chase 5000/5000", ["affinity", "chase", "--lead", "5000", "--chase", "5000"]),
        Case("rest heal 1e8d6", ["affinity", "rest", "Bram", "--heal", "100000000d6"]),
        Case("prince turn carry 1e100000000", ["prince", "turn", str(files["carry"]), "--json"]),
        Case("fight party of 2000", ["affinity", "fight", "--party", party, "--policy", "greedy"]),
        # issue 9 item 3: tracebacks instead of one line
        Case("scenario int > 4300 digits", ["prince", "turn", str(files["affliction"]), "--json"]),
        Case("scenario seed > 4300 digits", ["prince", "turn", str(files["digits"]), "--json"]),
        Case("prince turn 100,000-deep JSON", ["prince", "turn", str(files["deep"]), "--json"]),
        Case("inclinations turn 100,000-deep JSON", ["inclinations", "turn", str(files["deep"]), "--json"]),
        Case("prince turn - <&-", ["prince", "turn", "-"], CLOSED),
        Case("inclinations turn - <&-", ["inclinations", "turn", "-"], CLOSED),
        Case("prince play <&-", ["prince", "play", "Ada"], CLOSED),
        Case("affinity fight <&-", ["affinity", "fight"], CLOSED),
        Case("penance play <&-", ["penance", "play", "--seats", "human,bot"], CLOSED),
        Case("inclinations play <&-", ["inclinations", "play", "--seats", "human,random-bot"], CLOSED),
        Case("penance play --seed 2**63", ["penance", "play", "--seats", "bot,bot", "--seed", BIG]),
        Case("inclinations play --seed 2**63", ["inclinations", "play", "--seats", "random-bot,random-bot",
                                                "--seed", BIG]),
        Case("penance show 2**63", ["penance", "show", BIG]),
        Case("inclinations show 2**63", ["inclinations", "show", BIG]),
        Case("penance play --resume 2**63", ["penance", "play", "--resume", BIG]),
        Case("inclinations play --resume 2**63", ["inclinations", "play", "--resume", BIG]),
        Case("defend damage 3000 odds", ["affinity", "defend", "--layers", "a:10d6", "--capacity", "5", "--damage",
                                         "3000", "--odds"]),
        Case("prince chart --lon 1e308", ["prince", "chart", "--lat", "0", "--lon", "1e308", "--time",
                                          "2000-01-01T12:00:00Z"]),
        Case("prince mint name 0xff", ["prince", "mint", "--name", b"\xff", "--lat", "1", "--lon", "1", "--time",
                                       "2000-06-01T12:00:00Z"]),
        Case("affinity character name 0xff", ["affinity", "character", "new", b"A\xff", "--class", "combatant",
                                              "--way", "Way of the Sentinel"]),
        Case("penance play ²", ["penance", "play", "--seats", "human,bot", "--seed", "1"], "keep\nplay ²\n²\n"),
        Case("affinity fight input ²", ["affinity", "fight"], "²\n"),
        Case("affinity duel spec ²", ["affinity", "duel", "--a", "A:²"]),
        Case("affinity rest heal ²d6", ["affinity", "rest", "Bram", "--heal", "²d6"]),
        Case("affinity defend rolls ²", ["affinity", "defend", "--layers", "a:2d6", "--capacity", "2", "--damage",
                                         "2", "--rolls", "²"]),
        Case("lab --seed ٣", ["lab", "simulate", "prince", "--games", "1", "--seed", "٣"]),
    ]


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_BYTES, LIMIT_BYTES))


def run_case(case: Case, env: dict[str, str], timeout: float) -> tuple[int | str, str, float, str]:
    closed = case.stdin == CLOSED

    def prepare() -> None:
        _limit()
        if closed:
            os.close(0)

    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "gamewright", *case.args], capture_output=True, env=env,
                              timeout=timeout, preexec_fn=prepare,
                              input=None if closed else (case.stdin or "").encode())
    except subprocess.TimeoutExpired:
        return "timeout", f"no answer within {timeout:.0f} s", time.perf_counter() - start, "HANG"
    seconds = time.perf_counter() - start
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace")
    shown = err if done.returncode else out
    first = next((line.strip() for line in shown.splitlines() if line.strip()), "")
    if "Traceback" in err:
        last = err.strip().splitlines()[-1]
        return done.returncode, last, seconds, "TRACEBACK"
    error_lines = [line for line in err.splitlines() if line.strip()]
    if done.returncode == 2 and (len(error_lines) != 1 or not error_lines[0].startswith("error:")):
        verdict = "NOT ONE LINE"
    elif done.returncode not in (0, 2):
        verdict = f"EXIT {done.returncode}"
    elif seconds > EXPECTED_SECONDS:
        verdict = "SLOW"
    else:
        verdict = "ok"
    return done.returncode, first, seconds, verdict


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=60.0, help="hang guard per input, seconds")
    parser.add_argument("--only", default="", help="run only inputs whose label contains this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gamewright-limits-") as folder:
        env = {**os.environ, "GAMEWRIGHT_DB": f"sqlite:///{folder}/limits.db", "COLUMNS": "200"}
        for setup in (["prince", "mint", "--name", "Ada", "--lat", "51.5", "--lon", "-0.13", "--time",
                       "1990-01-01T12:00:00Z"],
                      ["affinity", "character", "new", "Bram", "--class", "combatant", "--way", "Way of the Sentinel"]):
            subprocess.run([sys.executable, "-m", "gamewright", *setup], capture_output=True, env=env, check=True)
        selected = [c for c in cases(_scenarios(Path(folder))) if args.only in c.label]
        bad = 0
        print(f"{'input':38} {'exit':>7} {'seconds':>8}  verdict      first line")
        for case in selected:
            code, first, seconds, verdict = run_case(case, env, args.timeout)
            bad += verdict != "ok"
            print(f"{case.label:38} {code!s:>7} {seconds:8.2f}  {verdict:12} {first[:110]}", flush=True)
        print(f"{len(selected) - bad} of {len(selected)} inputs answered or refused in one line within "
              f"{EXPECTED_SECONDS:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
