"""The per-game metrics hook the lab reads, and the tallies hooks build their summaries from.

Each game declares ``HOOK = MetricsHook(...)`` in ``gamewright.games.<game>.metrics`` and names it in its
manifest (``metrics``); the lab finds it there, so no game's rules live in the lab. A hook turns one finished game
(its final state and every event ``apply`` returned) into a small JSON record, and a list of those records into
the game's metrics.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamewright.lab.stats import mean_interval, wilson_interval

Record = dict[str, Any]


def _no_record(state: Any, events: Sequence[Any]) -> Record:
    del state, events
    return {}


def _no_summary(games: Sequence[Record]) -> dict[str, Any]:
    del games
    return {}


def _same_options(options: dict[str, Any], index: int) -> dict[str, Any]:
    del index
    return options


@dataclass(frozen=True)
class MetricsHook:
    """What a game tells the lab.

    ``record(state, events)``: one finished game → a JSON dict (``length`` in ``length_unit`` when the game
    has a natural unit, else the lab counts actions). ``summarise(games)``: the lab's per-game rows
    (``returns``, ``wins``, ``length``, ``metrics`` = the record) → the game's metrics; a ``headline`` entry
    maps names to ``{"value", "low95", "high95"}`` for sweep plots. ``game_options(options, index)``: the
    options of the index-th game, e.g. Penance swaps the decks' seats every other game, so that a seat's
    advantage is measured apart from its deck's.
    """

    record: Callable[[Any, Sequence[Any]], Record] = _no_record
    summarise: Callable[[Sequence[Record]], dict[str, Any]] = _no_summary
    game_options: Callable[[dict[str, Any], int], dict[str, Any]] = _same_options
    length_unit: str = "actions"
    paired: tuple[str, ...] = ()  # numeric record fields ``lab compare`` also differences game by game
    # ``--engine batch``: games start..stop-1 of (ruleset, options, agents, seed) as records, many at once, and
    # the check that refuses agents the batch engine cannot play (None: the game has no batch engine)
    batch: Callable[[str | None, dict[str, Any], tuple[str, ...], int, int, int], list[Record]] | None = None
    batch_agents: Callable[[tuple[str, ...]], None] | None = None


GENERIC = MetricsHook()


def metrics_hook(game: str) -> MetricsHook:
    """The hook the game's manifest names (``metrics``), or the generic one (seat results only)."""
    from gamewright.core.manifest import manifest_for

    hook = manifest_for(game).load("metrics")
    return hook if isinstance(hook, MetricsHook) else GENERIC


# --- tallies a hook builds its summary from --------------------------------------------------------------
def winners(returns: Sequence[float]) -> list[int]:
    """Seats that won a game: the best positive return (none in a draw or a lost solo run)."""
    best = max(returns)
    return [s for s, r in enumerate(returns) if r > 0 and r == best]


def rate(successes: int, n: int) -> dict[str, Any]:
    """A proportion with its Wilson 95% interval."""
    low, high = wilson_interval(successes, n)
    return {"rate": successes / n if n else 0.0, "low95": low, "high95": high, "n": n, "wins": successes}


def mean_of(values: Sequence[float]) -> dict[str, Any]:
    """A mean with its normal 95% interval."""
    mean, low, high = mean_interval(list(values))
    return {"value": mean, "low95": low, "high95": high, "n": len(values)}


def headline_rate(successes: int, n: int) -> dict[str, Any]:
    row = rate(successes, n)
    return {"value": row["rate"], "low95": row["low95"], "high95": row["high95"]}


def win_rate_by(games: Sequence[Record], keys: Callable[[Record], Iterable[tuple[str, int]]]) -> dict[str, Any]:
    """Win rate per label: ``keys(game)`` gives (label, seat) pairs — the seat that label played in that game."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for game in games:
        for label, seat in keys(game):
            played[label] += 1
            won[label] += seat in game["wins"]
    return {label: rate(won[label], played[label]) for label in sorted(played)}


def total_counts(games: Sequence[Record], field: str) -> dict[str, int]:
    """Sum the ``metrics[field]`` counters of every game, sorted by label."""
    total: Counter[str] = Counter()
    for game in games:
        total.update(game["metrics"].get(field, {}))
    return dict(sorted(total.items()))


def per_game(counts: Mapping[str, int], games: int) -> dict[str, float]:
    """Counts as a mean per game."""
    return {label: count / games for label, count in counts.items()} if games else {}


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Mean, spread and quantiles of a sample (p10/p90 by linear interpolation)."""
    import numpy as np

    if not values:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0.0, "max": 0.0, "sd": 0.0}
    arr = np.asarray(values, dtype=float)
    return {
        "mean": float(arr.mean()),
        "median": float(np.median(arr)),
        "p10": float(np.percentile(arr, 10)),
        "p90": float(np.percentile(arr, 90)),
        "min": float(arr.min()),
        "max": float(arr.max()),
        "sd": float(arr.std(ddof=1)) if len(arr) > 1 else 0.0,
    }


def seat_advantage(games: Sequence[Record]) -> dict[str, Any]:
    """Win rate per seat (every game counts once per seat)."""
    seats = len(games[0]["returns"]) if games else 0
    return {str(s): rate(sum(1 for g in games if s in g["wins"]), len(games)) for s in range(seats)}
