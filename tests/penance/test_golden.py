"""Golden playthroughs: seeded bot games with every action and event, diffed against tests/golden/.

Regenerate after a deliberate rules change with ``GAMEWRIGHT_REGOLD=1 pytest tests/penance/test_golden.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gamewright.core.game import Event
from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
CASES = {
    "penance_confessor_vs_ironclad_seed7.txt": ("confessor,ironclad", 7, ("heuristic", "heuristic")),
    "penance_pistol_vs_repair_seed3.txt": (
        "confessor:D:absolution+crusaders_vow,ironclad:C", 3, ("heuristic", "random")),
    # issue 16: a squad battle, two against two (a seat commands both its caskets)
    "penance_squad_2v2_seed5.txt": ("confessor/confessor:C:last_rites+absolution,ironclad/ironclad:D", 5,
                                    ("heuristic", "heuristic")),
}


def _event_json(e: Event) -> dict[str, object]:
    """The event's data, with the seats that may see it when it is not public."""
    data = e.to_json()
    if e.visible_to is not None:
        data["visible_to"] = sorted(e.visible_to)
    return data


def transcript(decks: str, seed: int, bots: tuple[str, str]) -> str:
    game = make_game(options={"decks": decks})
    state = game.new_initial_state(seed)
    players = [make_bot(bots[0], seed), make_bot(bots[1], seed + 1)]
    lines = [f"# penance decks={decks} seed={seed} bots={','.join(bots)}"]
    n = 0
    while not state.is_terminal():
        p = state.current_player
        action = players[p].choose(state)
        n += 1
        lines.append(f"{n:04d} P{p + 1} {action.to_text()}")
        for e in state.apply(action):
            lines.append(f"     {e.text}")
            lines.append(f"       {json.dumps(_event_json(e), sort_keys=True)}")
    lines.append(f"# result: {state.end_reason}; returns {state.returns()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    decks, seed, bots = CASES[name]
    text = transcript(decks, seed, bots)
    path = GOLDEN / name
    if os.environ.get("GAMEWRIGHT_REGOLD") == "1":
        path.write_text(text, encoding="utf-8")
    # a missing golden is a failure, never silently written (it would pass whatever the rules do)
    assert path.exists(), f"{path} is missing: write it with GAMEWRIGHT_REGOLD=1 pytest {__file__}"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        import difflib

        lines = difflib.unified_diff(expected.splitlines(True), text.splitlines(True), "golden", "now")
        diff = "".join(list(lines)[:60])
        pytest.fail(f"{name} differs from the golden playthrough:\n{diff}")


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_actions_replay_through_the_parser(name: str) -> None:
    """The recorded action texts alone, parsed and applied, give back every recorded event (no bot involved)."""
    decks, seed, _ = CASES[name]
    game = make_game(options={"decks": decks})
    state = game.new_initial_state(seed)
    recorded = (GOLDEN / name).read_text(encoding="utf-8").splitlines()[1:-1]
    replayed: list[str] = []
    for line in recorded:
        if not line.startswith(" "):
            n, seat, text = line.split(" ", 2)
            assert f"P{state.current_player + 1}" == seat, n
            replayed.append(line)
            for e in state.apply(game.parse_action(state, text)):
                replayed += [f"     {e.text}", f"       {json.dumps(_event_json(e), sort_keys=True)}"]
    assert replayed == recorded and state.is_terminal()
