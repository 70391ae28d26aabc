"""Space Prince: random full runs (``prototype`` rules) through the Game/State protocol, in actions (turns)
per second, with a fresh chart per Prince and opponent (caches cleared) and then with the charts cached."""

from __future__ import annotations

from _figures import cpu, figure, sized

from gamewright.core.rng import Rng
from gamewright.games.prince import chart as chart_mod
from gamewright.games.prince import resolve as resolve_mod
from gamewright.games.prince.game import PrinceGame


def clear_chart_caches() -> None:
    """Every functools cache of the chart and profile modules (whichever a revision has)."""
    for module in (chart_mod, resolve_mod):
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def runs(count: int) -> float:
    game = PrinceGame("prototype")
    actions = 0
    start = cpu()
    for seed in range(count):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    return actions / (cpu() - start)


if __name__ == "__main__":
    n = sized(300)
    runs(1)  # once per process, untimed: data a revision loads lazily (its charts are then cleared)
    clear_chart_caches()
    figure("prince_runs_fresh_charts", runs(n), "turns/s")
    figure("prince_runs_cached_charts", runs(n), "turns/s")
