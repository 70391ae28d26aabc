"""Seeded batches of games between protocol agents, with summary statistics a designer can read."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.game import load_game
from gamewright.lab.runner import play_out
from gamewright.lab.stats import wilson_interval


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    returns: tuple[float, ...]
    actions: int


def play_one(game: Any, seed: int, agent_names: Sequence[str], max_actions: int = 1_000_000) -> GameResult:
    """Play one game to the end with one agent per seat (chance nodes sampled from a seeded stream)."""
    state = game.new_initial_state(seed)
    _, count = play_out(game.name, state, agent_names, seed, max_actions)
    return GameResult(seed, tuple(state.returns()), count)


def run_batch(
    game_name: str,
    games: int,
    seed: int = 0,
    agents: Sequence[str] | None = None,
    ruleset: str | None = None,
    options: dict[str, Any] | None = None,
) -> Iterator[GameResult]:
    game = load_game(game_name, ruleset=ruleset, options=options)
    names = list(agents) if agents else ["random"] * game.num_players
    if len(names) != game.num_players:
        raise ConfigError(f"{game_name} needs {game.num_players} agents, got {len(names)}")
    for i in range(games):
        yield play_one(game, seed + i, names)


@dataclass
class Summary:
    games: int = 0
    mean_actions: float = 0.0
    mean_returns: list[float] = field(default_factory=list)
    win_rates: list[dict[str, float]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "mean_actions": self.mean_actions,
            "mean_returns": self.mean_returns,
            "win_rates": self.win_rates,
        }


def summarise(results: Iterable[GameResult], seats: int, on_result: Callable[[], None] | None = None) -> Summary:
    rows = []
    for result in results:
        rows.append(result)
        if on_result:
            on_result()
    summary = Summary(games=len(rows))
    if not rows:
        return summary
    summary.mean_actions = sum(r.actions for r in rows) / len(rows)
    summary.mean_returns = [sum(r.returns[s] for r in rows) / len(rows) for s in range(seats)]
    for s in range(seats):
        wins = sum(1 for r in rows if r.returns[s] > 0 and r.returns[s] == max(r.returns))
        low, high = wilson_interval(wins, len(rows))
        summary.win_rates.append({"rate": wins / len(rows), "low95": low, "high95": high})
    return summary
