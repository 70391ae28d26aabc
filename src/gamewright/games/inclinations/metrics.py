"""Dangerous Inclinations' metrics for the lab: win rate by seat count and seat, weapon shots fired and hits (both
per shot: one per target named), deaths by heat, and well transfers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from gamewright.core.metrics import (
    MetricsHook,
    Record,
    headline_rate,
    per_game,
    seat_advantage,
    total_counts,
    win_rate_by,
)


def record(state: Any, events: Sequence[Any]) -> Record:
    data = state.to_json()
    fired: Counter[str] = Counter()
    hits: Counter[str] = Counter()
    deaths: Counter[str] = Counter()
    transfers = 0
    last_harm: dict[str, str] = {}  # ship → what last hurt it: a weapon, or its own heat
    for e in events:
        if e.kind == "fire":
            # counted per shot, as hits are (issue 22 §9): a laser volley names several targets, one shot each
            # (each is a hit, a miss or a fizzle), so hits never exceed shots fired
            fired[str(e.data["weapon"])] += len(e.data["targets"])
        elif e.kind == "hit":
            hits[str(e.data["weapon"])] += 1
            last_harm[str(e.data["target"])] = str(e.data["weapon"])
        elif e.kind == "heat_damage":
            last_harm[str(e.data["ship"])] = "heat"
        elif e.kind == "transfer":
            transfers += 1
        elif e.kind == "destroyed":
            deaths[last_harm.get(str(e.data["ship"]), "other")] += 1
    return {
        "length": int(data.get("round", 0)),
        "players": int(data["options"]["players"]),
        "fired": dict(sorted(fired.items())),
        "hits": dict(sorted(hits.items())),
        "deaths": dict(sorted(deaths.items())),
        "transfers": transfers,
    }


def _seat_labels(game: Record) -> Iterable[tuple[str, int]]:
    players = game["metrics"]["players"]
    for seat in range(players):
        yield f"{players} players, P{seat + 1}", seat


def summarise(games: Sequence[Record]) -> dict[str, Any]:
    n = len(games)
    deaths = total_counts(games, "deaths")
    heat_games = sum(1 for g in games if g["metrics"]["deaths"].get("heat"))
    return {
        "seat_advantage": seat_advantage(games),
        "by_players_and_seat": win_rate_by(games, _seat_labels),
        "weapon_fired_per_game": per_game(total_counts(games, "fired"), n),
        "weapon_hits_per_game": per_game(total_counts(games, "hits"), n),
        "deaths_by_cause": deaths,
        "heat_deaths_per_game": deaths.get("heat", 0) / n if n else 0.0,
        "transfers_per_game": sum(g["metrics"]["transfers"] for g in games) / n if n else 0.0,
        "headline": {
            "draws": headline_rate(sum(1 for g in games if not g["wins"]), n),
            "games with a heat death": headline_rate(heat_games, n),
        },
    }


HOOK = MetricsHook(record=record, summarise=summarise, length_unit="rounds", paired=("transfers",))
