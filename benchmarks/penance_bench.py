"""Penance engine speed: random-legal and heuristic playouts, in actions per second (reports, never asserts)."""

from __future__ import annotations

import time

from gamewright.core.rng import Rng
from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot


def random_playouts(games: int = 200) -> tuple[int, float]:
    game = make_game()
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_initial_state(seed)
        rng = Rng(seed + 1)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - start


def bot_games(games: int = 200) -> tuple[int, float]:
    game = make_game()
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_initial_state(seed)
        bots = [make_bot("heuristic", seed), make_bot("random", seed + 1)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
            actions += 1
    return actions, time.perf_counter() - start


def previews(games: int = 20) -> tuple[int, float]:
    """``preview`` of every legal action at every decision of seeded random playouts (the menu's cost)."""
    game = make_game()
    done = 0
    spent = 0.0
    for seed in range(games):
        state = game.new_initial_state(seed)
        rng = Rng(seed + 1)
        while not state.is_terminal():
            legal = state.legal_actions()
            start = time.perf_counter()
            for a in legal:
                state.preview(a)
            spent += time.perf_counter() - start
            done += len(legal)
            state.apply(rng.choice(legal))
    return done, spent


if __name__ == "__main__":
    for label, run in (("random legal playouts (engine + legal_actions)", random_playouts),
                       ("heuristic vs random (engine + bot thinking)", bot_games),
                       ("previews of every legal action", previews)):
        n, seconds = run()
        print(f"{label}: {n} actions in {seconds:.2f}s = {n / seconds:,.0f} actions/s", flush=True)
