"""Flat Monte Carlo search through the protocol: try each legal action, play random rollouts, keep the best.

It clones the true state, so in games with hidden information (Penance) it sees what its seat could not — a
strong, cheating baseline for measuring bots, not a fair opponent.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.game import CHANCE
from gamewright.core.rng import Rng


class MonteCarloAgent:
    """For each legal action: ``rollouts`` random playouts (at most ``depth`` actions); best mean return wins."""

    name = "montecarlo"

    def __init__(self, seed: int | str = 0, rollouts: int = 2, depth: int = 100, max_actions: int = 8) -> None:
        self.rng = Rng(seed)
        self.rollouts = rollouts
        self.depth = depth
        self.max_actions = max_actions

    def choose(self, state: Any) -> Any:
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        if len(legal) > self.max_actions:  # a sample keeps the cost per decision bounded
            candidates = [legal[int(self.rng.random() * len(legal))] for _ in range(self.max_actions)]
        else:
            candidates = legal
        player = state.current_player
        best, best_value = candidates[0], float("-inf")
        for action in candidates:
            value = sum(self._rollout(state, action, player) for _ in range(self.rollouts)) / self.rollouts
            if value > best_value:
                best, best_value = action, value
        return best

    def _rollout(self, state: Any, action: Any, player: int) -> float:
        sim = state.clone()
        sim.apply(action)
        for _ in range(self.depth):
            if sim.is_terminal():
                break
            options = sim.legal_actions()
            sim.apply(options[int(self.rng.random() * len(options))])
        if not sim.is_terminal():
            return 0.0  # unfinished within the horizon: counted as a draw
        return float(sim.returns()[player]) if player != CHANCE else 0.0
