"""Golden playthrough: a seeded three-seat bot game, every action and event. Regenerate with GAMEWRIGHT_REGOLD=1."""

import os
from pathlib import Path

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import EndTurn
from gamewright.games.inclinations.bots import make_bot
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.render import render_board, render_ships
from gamewright.games.inclinations.session import replay

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "inclinations_three_bots_seed11.txt"
SEATS = ["hard-bot", "medium-bot", "random-bot"]
SEED = 11


def transcript() -> tuple[str, list[str], dict]:
    state = InclinationsGame(None, {"players": 3}).new_initial_state(SEED)
    master = Rng(SEED)
    bots = [make_bot(kind, master.split(f"bot{i}")) for i, kind in enumerate(SEATS)]
    lines = [f"Dangerous Inclinations golden playthrough: seats {', '.join(SEATS)}, seed {SEED}"]
    log: list[str] = []
    while not state.is_terminal():
        bot = bots[state.current]
        actions = [bot.deploy(state)] if state.phase == "deploy" else [*bot.choose_turn(state), EndTurn()]
        for action in actions:
            lines.append(f"> {state.ships[state.current].id}: {action.to_text()}")
            log.append(action.to_text())
            for event in state.apply(action):
                lines.append(f"    {event.kind}: {event.text}")
    lines.append(render_board(state.ships))
    lines.append(render_ships(state.ships))
    lines.append(f"result: {state.result()}")
    return "\n".join(lines) + "\n", log, state.to_json()


def test_golden_playthrough():
    text, log, final_json = transcript()
    if os.environ.get("GAMEWRIGHT_REGOLD"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == text
    # the action log alone replays the same game
    assert replay({"options": {"players": 3}}, SEED, log).to_json() == final_json
