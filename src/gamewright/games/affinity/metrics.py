"""Affinity's metrics for the lab: the party's win rate per encounter budget, rounds, Hit Dice lost per class,
deaths and Resolve collapses.

The budget is the ``budget`` option when the game has one, else the band of the data's ``[budgets]`` (ref §4)
that the creatures' total Hit Dice fall in, scaled to the party as the encounter builder scales it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.metrics import (
    Kind,
    MetricsHook,
    Record,
    headline_rate,
    mean_of,
    per_game,
    seat_advantage,
    total_counts,
    win_rate_by,
)

PARTY = 0


@cache
def _budgets() -> tuple[tuple[str, int], ...]:
    """(name, top of the band in HD) from easiest to deadliest."""
    from gamewright.games.affinity.data_files import creature_data

    bands = sorted(creature_data().budgets.items(), key=lambda item: item[1][1])
    return tuple((name, high) for name, (_low, high) in bands)


def budget_of(fighters: Sequence[dict[str, Any]]) -> str:
    """The budget band of the creatures' total HD, scaled by the party's HD against a level-1 party
    of the same classes (ref §4 and the RULINGS row on scaling)."""
    from gamewright.games.affinity.character import max_hd

    party = [f for f in fighters if f["side"] == PARTY]
    creatures_hd = sum(int(f["hd_max"]) for f in fighters if f["side"] != PARTY)
    scale_num = sum(int(f["hd_max"]) for f in party) or 1
    try:
        scale_den = sum(max_hd(str(f["key"]), 1) for f in party) or 1
    except ConfigError:  # a party member that is not a class (a creature ally): no scaling
        scale_den = scale_num
    for name, high in _budgets():
        if creatures_hd <= high * scale_num // scale_den:
            return name
    return _budgets()[-1][0]


def record(state: Any, events: Sequence[Any]) -> Record:
    data = state.to_json()
    fighters = data["fighters"]
    side = {int(f["idx"]): int(f["side"]) for f in fighters}
    collapses: Counter[str] = Counter()
    for e in events:
        if e.kind == "resolve" and e.data.get("status") == "collapsed":
            collapses["party" if side.get(int(e.data["who"])) == PARTY else "creatures"] += 1
    hd_lost: Counter[str] = Counter()
    deaths: Counter[str] = Counter()
    for f in fighters:
        if f["side"] == PARTY:
            hd_lost[str(f["key"])] += int(f["hd_max"]) - int(f["hd"])
            deaths[str(f["key"])] += f["status"] == "dead"
    options = data.get("options", {})
    # the ``budget`` option sets the encounter only when ``count`` is 0; a given count is banded by its HD
    budget = (options.get("budget") if not options.get("count") else None) or budget_of(fighters)
    return {
        "length": int(data.get("round", 0)),
        "budget": str(budget),
        "hd_lost": dict(sorted(hd_lost.items())),
        "deaths": dict(sorted(deaths.items())),
        "collapses": dict(sorted(collapses.items())),
    }


def _budget_label(game: Record) -> Iterable[tuple[str, int]]:
    yield game["metrics"]["budget"], PARTY


def summarise(games: Sequence[Record]) -> dict[str, Any]:
    n = len(games)
    party_wins = sum(1 for g in games if PARTY in g["wins"])
    deaths = [float(sum(g["metrics"]["deaths"].values())) for g in games]
    return {
        "seat_advantage": seat_advantage(games),
        "party_win_by_budget": win_rate_by(games, _budget_label),
        "rounds": mean_of([float(g["length"]) for g in games], Kind.COUNT),
        "hd_lost_per_class": per_game(total_counts(games, "hd_lost"), n),
        "deaths_per_class": per_game(total_counts(games, "deaths"), n),
        "deaths_per_fight": mean_of(deaths, Kind.COUNT),
        "resolve_collapses_per_fight": per_game(total_counts(games, "collapses"), n),
        "headline": {"party wins": headline_rate(party_wins, n), "party deaths": mean_of(deaths, Kind.COUNT)},
    }


HOOK = MetricsHook(record=record, summarise=summarise, length_unit="rounds")
