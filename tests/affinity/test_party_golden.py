"""Golden playthrough of a party over two sessions: every command, and the adventure log it leaves (each entry
with every member's changes), diffed against tests/golden."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "affinity_party_two_sessions.txt"
P = "Wayfarers"
ROLES = ("--role", "navigator=Cy", "--role", "scout=Ana", "--role", "quartermaster=Bo", "--role", "guard=Di")
STORY: list[tuple[str, ...]] = [
    ("party", "new", P, "--members", "Ana,Bo,Cy,Di"),
    ("party", "session", "start", P),
    ("party", "affinity", P, "Bo", "gain"),
    ("fight", "--with-party", P, "--policy", "greedy", "--creature", "greenskin_raider", "--seed", "7"),
    ("party", "rest", P),
    ("travel", "--with-party", P, "--distance", "medium", "--hurdles", "hostile,weather", *ROLES, "--seed", "5"),
    ("task", "--with-party", P, "--threshold", "advanced", "--difficulty", "4", "--exertion", "1", "--seed", "2"),
    ("chase", "--with-party", P, "--side", "chase", "--roller", "Bo", "--lead", "1", "--affinity", "Bo=1",
     "--seed", "3"),
    ("party", "session", "end", P, "--level-up", "all"),
    ("party", "rest", P, "--kind", "recover"),
    ("party", "session", "start", P),
    ("fight", "--with-party", P, "--policy", "greedy", "--creature", "pall_wolf", "--budget", "hard", "--seed", "11"),
    ("party", "rest", P),
    ("party", "session", "end", P, "--level-up", "Ana"),
]


def _story(cli: Any) -> str:
    for name, cls in (("Ana", "combatant"), ("Bo", "priest"), ("Cy", "ranger"), ("Di", "weaver")):
        assert cli("affinity", "character", "new", name, "--class", cls)[0] == 0
    lines = []
    for args in STORY:
        code, _, err = cli("affinity", *args)
        assert code == 0, (args, err)
        lines.append("$ gamewright affinity " + " ".join(args))
    code, out, _ = cli("affinity", "party", "log", P, "--json")
    for e in json.loads(out):
        lines.append(f"#{e['seq']} session {e['session'] or '-'} day {e['day']} {e['kind']}: {e['text']}")
        changed = [m for m in e["data"].get("members", []) if m.get("changed")]
        lines += [f"    {m['name']}: {', '.join(m['changed'])}" for m in changed]
    return "\n".join(lines) + "\n"


def test_golden_party_over_two_sessions(cli: Any) -> None:
    text = _story(cli)
    if os.environ.get("GAMEWRIGHT_REGOLD"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")
