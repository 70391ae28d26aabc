"""Dangerous Inclinations speed: actions per second (reports, never asserts).

1. Protocol playouts: random choice among ``legal_actions()`` then ``apply`` (the generic-agent path).
2. Bot games: random bots planning whole turns, applied step by step (``apply`` per step, as a replay does).
3. Bot games through ``play_turn`` (the simulation fast path), counting every step and ``end`` as an action.
"""

from __future__ import annotations

import time

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import EndTurn
from gamewright.games.inclinations.bots import make_bot, play_bot_game
from gamewright.games.inclinations.game import InclinationsGame


def protocol_playouts(games: int) -> tuple[int, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = InclinationsGame(None, {"players": 3}).new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - start


def stepwise_bot_games(games: int) -> tuple[int, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = InclinationsGame(None, {"players": 2}).new_initial_state(seed)
        bots = [make_bot("random-bot", Rng(seed).split(f"bot{i}")) for i in range(2)]
        while not state.is_terminal():
            bot = bots[state.current]
            plan = [bot.deploy(state)] if state.phase == "deploy" else [*bot.choose_turn(state), EndTurn()]
            for action in plan:
                state.apply(action)
                actions += 1
    return actions, time.perf_counter() - start


def fast_bot_games(games: int, kinds: list[str]) -> tuple[int, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        _, log = play_bot_game(kinds, seed)
        actions += len(log)
    return actions, time.perf_counter() - start


def main() -> None:
    for label, (n, secs) in (
        ("protocol random playouts (legal_actions + apply), 3 seats", protocol_playouts(5)),
        ("random bots, applied step by step, 2 seats", stepwise_bot_games(20)),
        ("random bots via play_turn, 6 seats", fast_bot_games(10, ["random-bot"] * 6)),
        ("hard vs random via play_turn", fast_bot_games(100, ["hard-bot", "random-bot"])),
    ):
        print(f"{label:60} {n:>8} actions {secs:7.2f} s {n / secs:>10,.0f} actions/s")


if __name__ == "__main__":
    main()
