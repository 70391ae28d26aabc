"""Penance: heuristic-vs-heuristic 1-v-1 battles per second (and rounds per second), random protocol actions
per second. Uses only APIs present at the baseline revision (make_game, make_bot, Rng)."""

from __future__ import annotations

from _figures import cpu, figure, sized

from gamewright.core.rng import Rng
from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot


def heuristic_battles(games: int) -> None:
    game = make_game()
    rounds = 0
    start = cpu()
    for seed in range(games):
        state = game.new_initial_state(seed)
        bots = [make_bot("heuristic", seed), make_bot("heuristic", seed + 1)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        rounds += state.round
    elapsed = cpu() - start
    figure("penance_heuristic_battles", games / elapsed, "battles/s")
    figure("penance_heuristic_rounds", rounds / elapsed, "rounds/s")


def random_actions(games: int) -> None:
    game = make_game()
    actions = 0
    start = cpu()
    for seed in range(games):
        state = game.new_initial_state(seed)
        rng = Rng(seed + 1)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    figure("penance_random_actions", actions / (cpu() - start), "actions/s")


if __name__ == "__main__":
    heuristic_battles(sized(60))
    random_actions(sized(60))
