"""Dangerous Inclinations: medium bot vs medium bot (2 seats) in player-turns per second, and random
protocol playouts (``legal_actions`` + ``apply``, 3 seats) in actions per second."""

from __future__ import annotations

from _figures import cpu, figure, sized

from gamewright.core.rng import Rng
from gamewright.games.inclinations.bots import play_bot_game
from gamewright.games.inclinations.game import InclinationsGame


def medium_games(games: int) -> None:
    turns = 0
    start = cpu()
    for seed in range(games):
        _, log = play_bot_game(["medium-bot", "medium-bot"], seed)
        turns += log.count("end")  # one "end" closes each player-turn
    figure("inclinations_medium_vs_medium", turns / (cpu() - start), "player-turns/s")


def random_playouts(games: int) -> None:
    actions = 0
    start = cpu()
    for seed in range(games):
        state = InclinationsGame(None, {"players": 3}).new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    figure("inclinations_random_playouts", actions / (cpu() - start), "actions/s")


if __name__ == "__main__":
    medium_games(sized(30))
    random_playouts(sized(4))
