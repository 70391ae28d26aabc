"""The agent ladder (issue 15 §5): random < game bot < ismcts at two budgets, 1-v-1, seats alternated.

For each game and each pair of neighbouring rungs (and ismcts against the game's bot), ``games`` seeded games
with the seats swapped every other game; prints wins of the stronger-meant agent with a 95% Wilson interval
(a draw counts half) and the mean CPU seconds per decision of each side.

``python benchmarks/agents_ladder.py [games=200] [game ...]``; ``LADDER_BUDGETS=100,400`` sets the two ismcts
iteration budgets. Reports, never asserts. Space Prince has one seat and is measured by
``agents_prince_greedy.py`` instead.
"""

from __future__ import annotations

import os
import sys
import time

from gamewright.agents.registry import make_agent
from gamewright.core.game import load_game
from gamewright.core.rng import Rng, derive_seed
from gamewright.lab.stats import wilson_interval

BOTS = {"penance": "penance.heuristic", "inclinations": "inclinations.hard-bot", "affinity": "affinity.greedy"}
# Where a game lends search hooks (Penance, Inclinations) ``ismcts`` takes that game's settings (macro-actions,
# bot rollouts); only the budget changes along the ladder.
MAX_ACTIONS = 5000


def play(game_name: str, a: str, b: str, g: int,
         dice: int | None = None) -> tuple[float, list[float], list[float], list[int]]:
    """Game ``g`` of ``a`` against ``b`` (``a`` seated first in even games): ``a``'s points (win 1, draw 1/2),
    and per side the CPU seconds spent deciding, the longest decision, and the decisions made. ``dice`` redraws
    the state's random stream once the game is set up (the same deal, other dice)."""
    game = load_game(game_name)
    order = (a, b) if g % 2 == 0 else (b, a)
    agents = [make_agent(game_name, name, derive_seed(g, f"ladder{i}")) for i, name in enumerate(order)]
    state = game.new_initial_state(derive_seed(g, "ladder-game"))
    if dice is not None:
        state.rng = Rng(dice)  # type: ignore[attr-defined]
    seconds, longest, decisions = [0.0, 0.0], [0.0, 0.0], [0, 0]
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        seat = state.current_player
        start = time.process_time()  # CPU time: other work on a shared machine does not inflate it
        action = agents[seat].choose(state)
        side = 0 if (seat == 0) == (g % 2 == 0) else 1
        spent = time.process_time() - start
        seconds[side] += spent
        longest[side] = max(longest[side], spent)
        decisions[side] += 1
        state.apply(action)
    mine = 0 if g % 2 == 0 else 1
    returns = state.returns() if state.is_terminal() else [0.0, 0.0]
    points = 1.0 if returns[mine] > returns[1 - mine] else 0.5 if returns[mine] == returns[1 - mine] else 0.0
    return points, seconds, longest, decisions


def match(game_name: str, a: str, b: str, games: int) -> tuple[float, list[float]]:
    """Score of ``a`` against ``b`` over ``games`` games and the mean CPU seconds per decision of each."""
    points = 0.0
    seconds, decisions = [0.0, 0.0], [0, 0]
    for g in range(games):
        won, spent, _, made = play(game_name, a, b, g)
        points += won
        for i in range(2):
            seconds[i] += spent[i]
            decisions[i] += made[i]
    return points, [seconds[i] / max(1, decisions[i]) for i in range(2)]


def rungs(game: str, budgets: list[int]) -> list[tuple[str, str]]:
    search = [f"ismcts:iterations={n}" for n in budgets]
    bot = BOTS[game]
    return [(bot, "random"), (search[0], "random"), (search[0], bot), (search[1], bot), (search[1], search[0])]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    names = sys.argv[2:] or list(BOTS)
    budgets = [int(x) for x in os.environ.get("LADDER_BUDGETS", "100,400").split(",")]
    for game in names:
        for a, b in rungs(game, budgets):
            points, per = match(game, a, b, games)
            low, high = wilson_interval(round(points), games)
            print(f"{game:12} {a} vs {b}: {points / games:.1%} [{low:.1%}, {high:.1%}] of {games}; "
                  f"s/decision {per[0]:.3f} vs {per[1]:.3f}", flush=True)


if __name__ == "__main__":
    main()
