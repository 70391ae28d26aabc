"""The lab's cost over the bare engine loop, per game: the same games (same seeds, agents, options and chance
stream) played by the lab as a run plays them — ``lab.runner.run_chunk`` over chunks of ``MIN_CHUNK`` games:
agents resolved, events kept, the game's metrics recorded, the lab's garbage-collector settings — and by a bare
loop of ``choose`` and ``apply`` under the interpreter's defaults, chunk by chunk in alternation, after an
untimed pass that fills the engines' caches. The figure is the ratio of their CPU times (1.00: the lab costs
nothing more than the loop; the issue's bound is 1.15)."""

from __future__ import annotations

from typing import Any

from _figures import cpu, figure, sized

from gamewright.agents.registry import make_agent
from gamewright.core.game import CHANCE, load_game
from gamewright.core.rng import Rng, derive_seed
from gamewright.lab.hooks import metrics_hook
from gamewright.lab.runner import MIN_CHUNK, Batch, Chunk, run_chunk, validate

CASES = {
    "prince": ((), 200),
    "inclinations": (("inclinations.medium-bot", "inclinations.medium-bot"), 100),
    "penance": (("penance.heuristic", "penance.heuristic"), 40),
    "affinity": (("affinity.greedy", "affinity.greedy"), 40),
}


def bare_game(batch: Batch, index: int, games: dict[str, Any]) -> None:
    """Game ``index`` of ``batch`` as ``play_game`` plays it, without the lab: no events kept, no record."""
    seed = batch.seed + index
    options = metrics_hook(batch.game).game_options(dict(batch.options), index)
    key = repr(sorted(options.items()))
    if key not in games:
        games[key] = load_game(batch.game, ruleset=batch.ruleset, options=options)
    state = games[key].new_initial_state(seed)
    agents = [make_agent(batch.game, name, derive_seed(seed, f"seat{i}")) for i, name in enumerate(batch.agents)]
    chance = Rng(derive_seed(seed, "chance"))
    while not state.is_terminal():
        player = state.current_player
        state.apply(chance.choice(state.legal_actions()) if player == CHANCE else agents[player].choose(state))


def overhead(game: str, agents: tuple[str, ...], count: int) -> float:
    batch = validate(Batch(game, agents=agents, games=count))
    games: dict[str, Any] = {}
    for index in range(count):  # untimed: what an engine caches across games (Space Prince's charts) is built
        bare_game(batch, index, games)  # once, before either side is timed
    lab = bare = 0.0
    for first in range(0, count, MIN_CHUNK):
        last = min(first + MIN_CHUNK, count)
        start = cpu()
        run_chunk(Chunk(0, batch, first, last))
        middle = cpu()
        for index in range(first, last):
            bare_game(batch, index, games)
        lab += middle - start
        bare += cpu() - middle
    return lab / bare


if __name__ == "__main__":
    for name, (agents, count) in CASES.items():
        figure(f"lab_over_bare_loop_{name}", overhead(name, agents, sized(count)), "ratio")
