"""Space Prince's batch engine: full runs per second as turns/s (CPU time of this process), random agent under
both rulesets and the preview-greedy policy, charts from the engine's precomputed pool (built before timing;
its cost is printed apart). The scalar engine's random runs with cached charts are measured in the same process
as the anchor. A revision without the batch engine prints the anchor only."""

from __future__ import annotations

import importlib.util

from _figures import cpu, figure, sized

from gamewright.games.prince.options import config_for


def batch(ruleset: str, policy: str, runs: int) -> float:
    from gamewright.games.prince.batch import play_runs

    _, cfg = config_for(ruleset)
    start = cpu()
    result = play_runs(cfg, range(runs), policy)
    return float(result.turns.sum()) / (cpu() - start)


def scalar(runs: int) -> float:
    """The scalar anchor: ``prince_runs``' random runs, the second time (charts cached)."""
    from prince_runs import runs as scalar_runs

    scalar_runs(runs)
    return scalar_runs(runs)


if __name__ == "__main__":
    if importlib.util.find_spec("gamewright.games.prince.batch") is not None:
        from gamewright.games.prince.batch.pool import chart_pool

        start = cpu()
        chart_pool()
        figure("prince_batch_chart_pool", cpu() - start, "s")
        figure("prince_batch_random_prototype", batch("prototype", "random", sized(100_000)), "turns/s")
        figure("prince_batch_random_design", batch("design", "random", sized(100_000)), "turns/s")
        figure("prince_batch_greedy_design", batch("design", "greedy", sized(10_000)), "turns/s")
    figure("prince_batch_scalar_anchor", scalar(sized(300)), "turns/s")
