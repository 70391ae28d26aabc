"""From the records of seeded games to what a designer reads: win rates, lengths, paired differences.

Every figure here is a pure function of the records in seed order, so any worker count gives the same bytes.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from gamewright.lab.hooks import Record, distribution, mean_of, metrics_hook, rate

Z95 = 1.959963984540054  # the two-sided 95% normal quantile


def win_rates(games: Sequence[Record], seats: int) -> list[dict[str, Any]]:
    """Per seat: the win rate with its Wilson 95% interval."""
    rows = []
    for s in range(seats):
        row = rate(sum(1 for g in games if s in g["wins"]), len(games))
        rows.append({"seat": s, "rate": row["rate"], "low95": row["low95"], "high95": row["high95"],
                     "wins": row["wins"]})
    return rows


def length_summary(games: Sequence[Record]) -> dict[str, Any]:
    lengths = [float(g["length"]) for g in games]
    stats = distribution(lengths)
    mean = mean_of(lengths)
    counts = Counter(int(g["length"]) for g in games)
    return {"mean": stats["mean"], "median": stats["median"], "p10": stats["p10"], "p90": stats["p90"],
            "min": stats["min"], "max": stats["max"], "mean_low95": mean["low95"], "mean_high95": mean["high95"],
            "histogram": {str(k): counts[k] for k in sorted(counts)}}


def side_summary(game: str, games: Sequence[Record], options: dict[str, Any], ruleset: str | None) -> dict[str, Any]:
    """One configuration's results: the shape of ``a`` and ``b`` in ``lab compare --json``."""
    seats = len(games[0]["returns"]) if games else 0
    hook = metrics_hook(game)
    return {
        "options": dict(options),
        "ruleset": ruleset,
        "win_rates": win_rates(games, seats),
        "draws": sum(1 for g in games if not g["wins"]),
        "length": length_summary(games),
        "length_unit": hook.length_unit,
        "mean_actions": sum(g["actions"] for g in games) / len(games) if games else 0.0,
        "mean_returns": [sum(g["returns"][s] for g in games) / len(games) for s in range(seats)] if games else [],
        "metrics": hook.summarise(games) if games else {},
    }


def mcnemar_exact(a_only: int, b_only: int) -> float:
    """Exact McNemar test: two-sided binomial test of the discordant pairs against 1/2 (1 when there are none)."""
    if a_only + b_only == 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(b_only, a_only + b_only, 0.5).pvalue)


def wald(diffs: Sequence[float]) -> dict[str, float]:
    """The mean of per-game differences and its Wald 95% interval (sample variance; [d, d] when all agree)."""
    n = len(diffs)
    delta = sum(diffs) / n
    var = sum((d - delta) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return {"delta": delta, "low95": delta - half, "high95": delta + half}


def paired_metrics(game: str, a: Sequence[Record], b: Sequence[Record]) -> dict[str, dict[str, float]]:
    """B − A game by game for each numeric metric the game pairs (Space Prince: Distance)."""
    return {name: wald([float(gb["metrics"][name]) - float(ga["metrics"][name]) for ga, gb in zip(a, b, strict=True)])
            for name in metrics_hook(game).paired}


def paired_difference(a: Sequence[Record], b: Sequence[Record], seats: int) -> list[dict[str, Any]]:
    """Per seat, B − A over paired games (same seed): the mean per-game difference with its Wald 95% interval
    and the exact McNemar p-value. With no discordant pair every difference is 0: delta 0, [0, 0], p = 1."""
    if [g["seed"] for g in a] != [g["seed"] for g in b]:
        raise ValueError("paired comparison needs the same seeds on both sides")
    rows = []
    for s in range(seats):
        diffs = [int(s in gb["wins"]) - int(s in ga["wins"]) for ga, gb in zip(a, b, strict=True)]
        a_only, b_only = diffs.count(-1), diffs.count(1)
        rows.append({"seat": s, **wald(diffs), "mcnemar_p": mcnemar_exact(a_only, b_only),
                     "a_only": a_only, "b_only": b_only})
    return rows
