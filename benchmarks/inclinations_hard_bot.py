"""Strength of the Inclinations hard bot: 200 seeded 1-v-1 games per pairing, seats alternated, Wilson intervals.

Pairings: the hard bot against the previous hard bot (the same bot without the heat-aware shields and the
arc-aware deployment, rebuilt here from a level setting) and against the random bot.

    python benchmarks/inclinations_hard_bot.py [--games 200] [--seed 0]
"""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from statsmodels.stats.proportion import proportion_confint

from gamewright.core.rng import Rng
from gamewright.games.inclinations.bots import LEVELS, HeuristicBot, RandomBot, play_bot_game


def make(kind: str, rng: Rng) -> Any:
    if kind == "random-bot":
        return RandomBot(rng)
    bot = HeuristicBot("hard", rng)
    if kind == "hard-bot-previous":
        bot.level = dataclasses.replace(LEVELS["hard"], shield_headroom=False, safe_deploy=False)
    return bot


def play(kinds: list[str], seed: int) -> int | None:
    master = Rng(seed)
    bots = [make(kind, master.split(f"bot{i}")) for i, kind in enumerate(kinds)]
    state, _ = play_bot_game(kinds, seed, bots=bots)
    return state.winner


def pairing(first: str, second: str, games: int, seed: int) -> str:
    wins = losses = draws = 0
    for g in range(games):
        kinds = [first, second] if g % 2 == 0 else [second, first]
        winner = play(kinds, seed + g)
        if winner is None:
            draws += 1
        elif kinds[winner] == first:
            wins += 1
        else:
            losses += 1
    low, high = proportion_confint(wins, games, alpha=0.05, method="wilson")
    return (f"{first} vs {second}: {wins} wins, {losses} losses, {draws} draws in {games} games; "
            f"win rate {wins / games:.1%} (95% Wilson interval {low:.1%}-{high:.1%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(pairing("hard-bot", "hard-bot-previous", args.games, args.seed))
    print(pairing("hard-bot", "random-bot", args.games, args.seed))


if __name__ == "__main__":
    main()
