"""From the records of seeded games to what a designer reads: win rates, lengths, paired differences.

Every figure here is a pure function of the records in seed order, so any worker count gives the same bytes.
Seats are numbered from 0 in the JSON (``seat``); text and reports name them P1, P2… (``seat_label``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from gamewright.lab.hooks import Kind, Record, distribution, metrics_hook, rate
from gamewright.lab.stats import (
    binomial_test_p,
    chi2_sf,
    clopper_pearson,
    interval,
    t_interval,
    t_test_p,
)


def seat_label(seat: int) -> str:
    """How text and reports name a seat: P1, P2… (the games' own metrics name them so)."""
    return f"P{seat + 1}"


def is_draw(game: Record, seats: int) -> bool:
    """No seat won a game of two or more seats (a solo game nobody won is a loss, not a draw)."""
    return seats > 1 and not game["wins"]


def win_rates(games: Sequence[Record], seats: int) -> list[dict[str, Any]]:
    """Per seat: the win rate with its Wilson 95% interval, and the games the seat lost (neither won nor
    drawn): ``wins + losses + draws`` is every game."""
    draws = sum(1 for g in games if is_draw(g, seats))
    rows = []
    for s in range(seats):
        row = rate(sum(1 for g in games if s in g["wins"]), len(games))
        rows.append({"seat": s, "rate": row["rate"], "low95": row["low95"], "high95": row["high95"],
                     "wins": row["wins"], "losses": len(games) - row["wins"] - draws})
    return rows


def seat_test(games: Sequence[Record], seats: int) -> dict[str, Any] | None:
    """Is any seat different? Over the games won by exactly one seat, the winners' seats against an equal
    share each: Pearson's chi-square test of the whole, and per seat an exact binomial test of its share
    against 1/seats with Holm's correction over the seats (two seats: one hypothesis, no correction). None
    for a solo game."""
    if seats < 2:
        return None
    won = Counter(g["wins"][0] for g in games if len(g["wins"]) == 1)
    decided = sum(won.values())
    counts = [won[s] for s in range(seats)]
    expected = decided / seats
    if decided:
        statistic = pearson_statistic(counts)
        p = chi2_sf(statistic, seats - 1)
    else:
        statistic, p = 0.0, 1.0
    raw = [binomial_test_p(c, decided, 1 / seats) if decided else 1.0 for c in counts]
    # two seats: "seat 1's share is 1/2" and "seat 2's share is 1/2" are one hypothesis, nothing to adjust for
    adjusted = raw if seats == 2 else holm(raw)
    return {"decided": decided, "expected": expected, "chi2": statistic, "df": seats - 1, "p": p,
            "seats": [{"seat": s, "wins": c, "share": c / decided if decided else 0.0, "p": raw[s],
                       "p_holm": a} for s, (c, a) in enumerate(zip(counts, adjusted, strict=True))]}


def pearson_statistic(counts: Sequence[int]) -> float:
    """Pearson's chi-square statistic of counts against an equal share each (as ``scipy.stats.chisquare``
    sums it, so that the same counts give the same float)."""
    import numpy as np

    observed = np.asarray(counts, dtype=float)
    expected = observed.mean()
    return float(((observed - expected) ** 2 / expected).sum())


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: each p-value made valid for the family (same order as given)."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted = [0.0] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def length_summary(games: Sequence[Record]) -> dict[str, Any]:
    lengths = [float(g["length"]) for g in games]
    stats = distribution(lengths)
    _, low, high = interval(lengths, Kind.COUNT)  # a length is a whole number of actions, rounds or turns
    counts = Counter(int(g["length"]) for g in games)
    return {"mean": stats["mean"], "median": stats["median"], "p10": stats["p10"], "p90": stats["p90"],
            "min": stats["min"], "max": stats["max"], "mean_low95": low, "mean_high95": high,
            "histogram": {str(k): counts[k] for k in sorted(counts)}}


def side_summary(game: str, games: Sequence[Record], options: dict[str, Any], ruleset: str | None) -> dict[str, Any]:
    """One configuration's results: the shape of ``a`` and ``b`` in ``lab compare --json``. ``draws``: games
    of two or more seats no seat won; ``losses``: solo games not won (a lost Space Prince run)."""
    seats = len(games[0]["returns"]) if games else 0
    hook = metrics_hook(game)
    unwon = sum(1 for g in games if not g["wins"])
    return {
        "options": dict(options),
        "ruleset": ruleset,
        "win_rates": win_rates(games, seats),
        "draws": unwon if seats > 1 else 0,
        "losses": unwon if seats == 1 else 0,
        "seat_test": seat_test(games, seats),
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
    return binomial_test_p(b_only, a_only + b_only, 0.5)


def exact_paired_interval(a_only: int, b_only: int, n: int) -> tuple[float, float, float]:
    """B − A in win rate over ``n`` paired games and its exact conditional 95% interval.

    Given the D = a_only + b_only discordant games, b_only is Binomial(D, θ) and the difference is
    (D/n)(2θ − 1); the Clopper–Pearson interval of θ, mapped so, excludes 0 exactly when the exact McNemar
    test (the binomial test of θ = 1/2) rejects at 5%, and covers at least 95% under the null for every D.
    (The Wald interval on the per-game differences does neither with few discordant games.)"""
    discordant = a_only + b_only
    if discordant == 0:
        return (0.0, 0.0, 0.0)
    low, high = clopper_pearson(b_only, discordant)
    scale = discordant / n
    return ((b_only - a_only) / n, scale * (2 * low - 1), scale * (2 * high - 1))


def paired_mean(diffs: Sequence[float]) -> dict[str, Any]:
    """The mean of per-game differences, its Student-t 95% interval and the paired t test's p ([d, d] and
    p = 1 when every difference is 0)."""
    delta, low, high = t_interval(diffs)
    return {"delta": delta, "low95": low, "high95": high, "p": t_test_p(diffs), "n": len(diffs)}


def paired_metrics(game: str, a: Sequence[Record], b: Sequence[Record]) -> dict[str, dict[str, Any]]:
    """B − A game by game for each numeric metric the game pairs (Space Prince: Distance)."""
    return {name: paired_mean([float(gb["metrics"][name]) - float(ga["metrics"][name])
                               for ga, gb in zip(a, b, strict=True)])
            for name in metrics_hook(game).paired}


def paired_length(a: Sequence[Record], b: Sequence[Record]) -> dict[str, Any]:
    """How much longer B's games are than A's, game by game (same seeds): the mean difference in the game's
    length unit, its t interval and p, and how many games B made longer, shorter or left the same."""
    diffs = [float(gb["length"]) - float(ga["length"]) for ga, gb in zip(a, b, strict=True)]
    return {**paired_mean(diffs), "longer": sum(1 for d in diffs if d > 0), "shorter": sum(1 for d in diffs if d < 0),
            "same": sum(1 for d in diffs if d == 0)}


def paired_difference(a: Sequence[Record], b: Sequence[Record], seats: int) -> list[dict[str, Any]]:
    """Per seat, B − A over paired games (same seed): the difference in win rate with its exact conditional
    95% interval (``exact_paired_interval``) and the exact McNemar p-value. With no discordant pair every
    difference is 0: delta 0, [0, 0], p = 1."""
    if [g["seed"] for g in a] != [g["seed"] for g in b]:
        raise ValueError("paired comparison needs the same seeds on both sides")
    rows = []
    for s in range(seats):
        a_only = sum(1 for ga, gb in zip(a, b, strict=True) if s in ga["wins"] and s not in gb["wins"])
        b_only = sum(1 for ga, gb in zip(a, b, strict=True) if s in gb["wins"] and s not in ga["wins"])
        delta, low, high = exact_paired_interval(a_only, b_only, len(a))
        rows.append({"seat": s, "delta": delta, "low95": low, "high95": high,
                     "mcnemar_p": mcnemar_exact(a_only, b_only), "a_only": a_only, "b_only": b_only})
    return rows


def paired_step(game: str, a: Sequence[Record], b: Sequence[Record], seats: int) -> dict[str, Any]:
    """Everything ``lab compare`` pairs between two configurations on the same seeds (a sweep's steps too)."""
    return {"difference": paired_difference(a, b, seats), "length": paired_length(a, b),
            "paired_metrics": paired_metrics(game, a, b)}
