"""Golden playthroughs, one per ruleset: every choice and every event of a seeded run, diffed on replay.

Regenerate with ``GAMEWRIGHT_REGOLD=1 pytest tests/prince/test_golden.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.policies import RandomPolicy
from gamewright.games.prince.progression import Progress

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = {
    # design: a Prince with 5 encounters behind it (Moon, Mercury, Venus open; the Sun appears mid-run)
    "design": ("prince_design.txt", 2024, Progress(encounters=5)),
    "prototype": ("prince_prototype.txt", 2024, Progress()),
}


def _lines(events) -> list[str]:  # noqa: ANN001
    out = []
    for e in events:
        out.append(f"[{e.kind}] {e.text}")
        out.append("    " + json.dumps(e.to_json(), sort_keys=True))
    return out


def _transcript(ruleset: str, seed: int, progress: Progress, choices: list[str] | None) -> list[str]:
    game = PrinceGame(ruleset, progress=progress)
    state, events = game.start(seed)
    lines = [f"# Space Prince golden playthrough: ruleset {ruleset}, seed {seed}", *_lines(events)]
    policy = RandomPolicy(seed)
    step = 0
    while not state.is_terminal():
        text = policy.choose(state).to_text() if choices is None else choices[step]
        step += 1
        lines.append(f"> {text}")
        lines += _lines(state.apply(game.parse_action(state, text)))
    return lines


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_golden_playthrough(ruleset: str) -> None:
    name, seed, progress = CASES[ruleset]
    path = GOLDEN / name
    if os.environ.get("GAMEWRIGHT_REGOLD") == "1":
        path.write_text("\n".join(_transcript(ruleset, seed, progress, None)) + "\n", encoding="utf-8")
    # a missing golden is a failure, never silently written (it would pass whatever the rules do)
    assert path.exists(), f"{path} is missing: write it with GAMEWRIGHT_REGOLD=1 pytest {__file__}"
    expected = path.read_text(encoding="utf-8").splitlines()
    choices = [line[2:] for line in expected if line.startswith("> ")]
    assert choices, "the golden file lists the player's choices"
    # replayed from the seed and the recorded choices alone
    assert _transcript(ruleset, seed, progress, choices) == expected
